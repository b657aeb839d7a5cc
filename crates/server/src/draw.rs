//! `POST /api/v1/read`: a puzzle in any form the API takes (classic text or rows, an
//! f-puzzles or SudokuPad link, payload or JSON, the variant text form), answered as the page
//! draws it: the side, each cell's region, the givens, title, author and rules, every
//! constraint with its kind, its cells in order and its values (totals, clue places outside
//! the grid, directions), and the same puzzle as an f-puzzles link, a SudokuPad link and the
//! text form (to share it).
//!
//! Cells are `[row, column]`, 1-based, as in `hint`; a clue outside the grid is at row or
//! column 0 or `N + 1`. Constraints come in the puzzle's order, so that `check`'s
//! `broken[].constraint` indexes this list.

use axum::Json;
use nsudoku::variant::{self, Clue, Constraint, Diagonal, Direction, NO_REGION, Side, fpuzzles};
use nsudoku::{Cell, Stop};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::api::{Puzzle as PuzzleIn, Read, ReadArgs, Rows};
use crate::error::ApiError;
use crate::state::AppState;

/// `POST /api/v1/read`.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReadRequest {
    /// The puzzle, classic or variant.
    pub puzzle: PuzzleIn,
    /// How to read it.
    #[serde(flatten)]
    pub read: ReadArgs,
}

/// A cell, `[row, column]`, 1-based.
pub type CellOut = [usize; 2];

/// One constraint as the page draws it. Fields that do not apply to the kind are left out.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct DrawnConstraint {
    /// The rule's name, as `check` names it: `killer`, `thermo`, `arrow`, `whispers`,
    /// `difference` (a white kropki dot), `ratio` (a black one), `xv`, `littlekiller`,
    /// `sandwich`, `diagonal+`, `antiknight`, `negative-ratio`, …
    pub kind: &'static str,
    /// Its cells in order (a line from its start, a thermometer from its bulb, an arrow's bulb
    /// then its shaft, a diagonal's from its top); empty for a global rule and for clues of a
    /// whole row or column.
    #[schema(value_type = Vec<Vec<usize>>)]
    pub cells: Vec<CellOut>,
    /// Its number: a cage's or little killer's total, a sandwich or x-sum total, the
    /// skyscrapers seen, a dot's difference or ratio, an XV sum (10 is X, 5 is V), the least
    /// difference of whispers or lockout, a taxicab distance.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<u32>,
    /// An arrow: how many of `cells` are its bulb (the rest is its shaft).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bulb: Option<usize>,
    /// A clone: the cells that copy `cells`, in the same order.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<Vec<usize>>>)]
    pub copies: Option<Vec<CellOut>>,
    /// A clue outside the grid: its place, `[row, column]` with a 0 or `N + 1`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<i32>>)]
    pub clue: Option<[i32; 2]>,
    /// A sandwich, x-sum or skyscraper clue: the side it stands on (`top`, `bottom`, `left`,
    /// `right`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<&'static str>,
    /// A little killer: the way its diagonal runs from the clue (`up-left`, `up-right`,
    /// `down-left`, `down-right`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub direction: Option<&'static str>,
    /// A quadruple's digits.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub digits: Option<Vec<u16>>,
    /// A chess rule's (row, column) offsets.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<Vec<u16>>>)]
    pub offsets: Option<Vec<[u16; 2]>>,
}

/// The answer of `POST /api/v1/read`.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ReadResponse {
    /// `N`.
    pub size: usize,
    /// The box shape `WxH`, when the regions are boxes.
    #[serde(rename = "box", skip_serializing_if = "Option::is_none")]
    pub shape: Option<String>,
    /// Each cell's region number, rows of `N` (null: a cell in no region).
    pub regions: Vec<Vec<Option<u16>>>,
    /// The givens, rows of `N` (0 empty).
    pub givens: Rows,
    /// Digits a player entered beyond the givens, when the puzzle carries some.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entered: Option<Rows>,
    /// Each cell's allowed digits, rows of lists, when the puzzle limits some cells.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub candidates: Option<Vec<Vec<Vec<u16>>>>,
    /// The title.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The author.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    /// The rules in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// Every constraint beyond rows, columns and regions, in the puzzle's order.
    pub constraints: Vec<DrawnConstraint>,
    /// What the reader skipped.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    /// A link that opens the puzzle in f-puzzles (null when f-puzzles cannot carry it: see
    /// `unshareable`).
    pub fpuzzles: Option<String>,
    /// A link that opens the puzzle in SudokuPad (null as `fpuzzles`).
    pub sudokupad: Option<String>,
    /// Why there are no links: the first constraint f-puzzles cannot carry.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unshareable: Option<String>,
    /// The puzzle in nsudoku's variant text form.
    pub text: String,
}

/// The answer of `work` on a request's puzzle, classic or variant (read as a variant one), on
/// the solving threads within `timeout` seconds: what `read` and `candidates` do.
pub(crate) async fn with_puzzle<T: Send + 'static>(
    state: &AppState,
    timeout: Option<f64>,
    args: ReadArgs,
    puzzle: PuzzleIn,
    work: impl FnOnce(fpuzzles::Read, Stop) -> T + Send + 'static,
) -> Result<Json<T>, ApiError> {
    state
        .answer(timeout, move |stop| {
            let read = match args.read(&puzzle)? {
                Read::Classic(grid) => crate::variant::of_classic(&grid)?,
                Read::Variant(read) => read,
            };
            Ok(work(read, stop))
        })
        .await
}

/// The drawing of a puzzle read.
pub fn answer(read: &fpuzzles::Read) -> ReadResponse {
    let puzzle = &read.puzzle;
    let n = puzzle.size();
    let rows = |values: &[u16]| values.chunks(n.max(1)).map(<[u16]>::to_vec).collect();
    let regions = puzzle
        .regions()
        .chunks(n.max(1))
        .map(|row| row.iter().map(|&r| (r != NO_REGION).then_some(r)).collect())
        .collect();
    let candidates = puzzle.candidates().map(|sets| {
        sets.chunks(n.max(1))
            .map(|row| {
                row.iter()
                    .map(|&m| (1..=n as u16).filter(|d| m >> (d - 1) & 1 != 0).collect())
                    .collect()
            })
            .collect()
    });
    let (fpuzzles, sudokupad, unshareable) = match (
        fpuzzles::to_link(puzzle),
        fpuzzles::to_sudokupad_link(puzzle),
    ) {
        (Ok(f), Ok(s)) => (Some(f), Some(s), None),
        (Err(e), _) | (_, Err(e)) => (None, None, Some(e.to_string())),
    };
    ReadResponse {
        size: n,
        shape: puzzle.box_shape().map(|s| s.to_string()),
        regions,
        givens: rows(puzzle.givens()),
        entered: read.entered.as_deref().map(rows),
        candidates,
        title: puzzle.info.title.clone(),
        author: puzzle.info.author.clone(),
        rules: puzzle.info.rules.clone(),
        constraints: puzzle.constraints().iter().map(|c| drawn(c, n)).collect(),
        warnings: read.warnings.clone(),
        fpuzzles,
        sudokupad,
        unshareable,
        text: variant::text::to_text(puzzle),
    }
}

fn cell(c: Cell) -> CellOut {
    [c.row() + 1, c.col() + 1]
}

fn cells(list: &[Cell]) -> Vec<CellOut> {
    list.iter().copied().map(cell).collect()
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Top => "top",
        Side::Bottom => "bottom",
        Side::Left => "left",
        Side::Right => "right",
    }
}

/// Where a row's or column's clue stands, 1-based with 0 or `N + 1` outside.
fn clue_place(clue: Clue, n: usize) -> [i32; 2] {
    let i = i32::from(clue.index) + 1;
    let far = n as i32 + 1;
    match clue.side {
        Side::Top => [0, i],
        Side::Bottom => [far, i],
        Side::Left => [i, 0],
        Side::Right => [i, far],
    }
}

fn direction_name(direction: Direction) -> &'static str {
    match direction {
        Direction::UpLeft => "up-left",
        Direction::UpRight => "up-right",
        Direction::DownLeft => "down-left",
        Direction::DownRight => "down-right",
    }
}

/// One constraint as the page draws it.
pub fn drawn(constraint: &Constraint, n: usize) -> DrawnConstraint {
    let mut out = DrawnConstraint {
        kind: constraint.name(),
        cells: cells(&constraint.cells()),
        value: None,
        bulb: None,
        copies: None,
        clue: None,
        side: None,
        direction: None,
        digits: None,
        offsets: None,
    };
    let line_clue = |out: &mut DrawnConstraint, clue: Clue, value: u32| {
        out.clue = Some(clue_place(clue, n));
        out.side = Some(side_name(clue.side));
        out.value = Some(value);
    };
    match constraint {
        Constraint::Diagonal(d) => {
            out.cells = (0..n)
                .map(|k| match d {
                    Diagonal::Negative => [k + 1, k + 1],
                    Diagonal::Positive => [k + 1, n - k],
                })
                .collect();
        }
        Constraint::Chess { offsets } => {
            out.offsets = Some(offsets.iter().map(|&(r, c)| [r, c]).collect());
        }
        Constraint::Taxicab { distance } => out.value = Some(u32::from(*distance)),
        Constraint::Quadruple { digits, .. } => out.digits = Some(digits.clone()),
        Constraint::Clone {
            cells: shape,
            copies,
        } => {
            out.cells = cells(shape);
            out.copies = Some(cells(copies));
        }
        Constraint::Killer { sum, .. } => out.value = *sum,
        Constraint::Rellik { sum, .. } => out.value = Some(*sum),
        Constraint::LittleKiller {
            clue,
            direction,
            sum,
            ..
        } => {
            out.clue = Some([i32::from(clue.0) + 1, i32::from(clue.1) + 1]);
            out.direction = Some(direction_name(*direction));
            out.value = Some(*sum);
        }
        Constraint::Sandwich { clue, sum } | Constraint::XSum { clue, sum } => {
            line_clue(&mut out, *clue, *sum);
        }
        Constraint::Skyscraper { clue, count } => line_clue(&mut out, *clue, *count),
        Constraint::NumberedRoom { clue, digit } => line_clue(&mut out, *clue, u32::from(*digit)),
        Constraint::Arrow { bulb, .. } => out.bulb = Some(bulb.len()),
        Constraint::Xv { sum, .. } => out.value = Some(*sum),
        Constraint::Whispers { difference, .. }
        | Constraint::Lockout { difference, .. }
        | Constraint::Difference { difference, .. } => out.value = Some(u32::from(*difference)),
        Constraint::Ratio { ratio, .. } => out.value = Some(u32::from(*ratio)),
        _ => {}
    }
    out
}
