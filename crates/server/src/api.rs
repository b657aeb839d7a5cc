//! The API's types: what each endpoint takes and gives, with their OpenAPI schemas, and the
//! conversions between them and the library's values. Field names and statuses are the
//! command line's JSON ones wherever it has them.

use nsudoku::generate::{Difficulty, Symmetry};
use nsudoku::logic::{Candidate, Step};
use nsudoku::parse::{Alphabet, Layout, ReadOptions, read_str};
use nsudoku::variant::fpuzzles::{Read as VariantRead, ReadOptions as VariantOptions};
use nsudoku::{Grid, Shape};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::ApiError;

/// A puzzle: a string in any text format the command line reads (an 81-character line, a
/// grid with line breaks, numbers for big sizes), or an array of rows of integers (0 empty);
/// or a variant puzzle (killer cages, thermometers, arrows, …): an f-puzzles JSON document or
/// a SudokuPad (SCL) JSON object as an object, or as a string an f-puzzles or SudokuPad link,
/// an f-puzzles or SudokuPad payload (`scl…`, `ctc…`, `fpuz…`), or nsudoku's variant text
/// form (a grid's rows, then a constraint a line: `killer 15 r1c1-3`, `thermo r2c1-5`).
/// Variant puzzles are solved, counted, checked, read, hinted, explained and rated; canonical
/// forms, duplicates and copies (`canon`, `dedup`, `transform`) are of classic grids only.
///
/// Its schema in the OpenAPI document, with each form's bounds, is written in `schema.rs`.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum Puzzle {
    /// Text: a classic grid in any text format, or a variant puzzle's link, payload or text
    /// form.
    Text(String),
    /// Rows of integers, 0 for an empty cell.
    Rows(Vec<Vec<u32>>),
    /// A variant puzzle: an f-puzzles JSON document (`{"size": 9, "grid": […],
    /// "killercage": […], …}`) or a SudokuPad (SCL) object.
    Object(serde_json::Map<String, serde_json::Value>),
}

impl Puzzle {
    /// Whether this is a variant puzzle: an object, or a string that is a link, a payload, a
    /// JSON document or the text form. Classic text stays classic.
    pub fn is_variant(&self) -> bool {
        match self {
            Puzzle::Object(_) => true,
            Puzzle::Text(text) => is_variant_text(text),
            Puzzle::Rows(_) => false,
        }
    }

    /// The variant puzzle's text to read, if this is one.
    fn variant_text(&self) -> Option<std::borrow::Cow<'_, str>> {
        match self {
            Puzzle::Object(object) => {
                Some(serde_json::to_string(object).unwrap_or_default().into())
            }
            Puzzle::Text(text) if is_variant_text(text) => Some(text.as_str().into()),
            _ => None,
        }
    }
}

/// Whether a puzzle's string is a variant puzzle: a JSON document, a link, a payload, or the
/// text form (a header or a constraint's keyword on some line). Classic text is none of these.
pub(crate) fn is_variant_text(text: &str) -> bool {
    let t = text.trim();
    nsudoku::variant::is_variant_line(t) || nsudoku::variant::text::looks_like_text_form(t.lines())
}

/// Reads a variant puzzle written any way the library reads; its problems are a 422.
pub(crate) fn read_variant(text: &str, ignore_unknown: bool) -> Result<VariantRead, ApiError> {
    nsudoku::variant::read(text, VariantOptions { ignore_unknown })
        .map_err(|e| ApiError::invalid_variant(&e))
}

/// A puzzle as read: a classic grid, or a variant puzzle with what the reader skipped.
#[derive(Clone, Debug)]
pub enum Read {
    /// A classic puzzle, valid.
    Classic(Grid),
    /// A variant puzzle.
    Variant(VariantRead),
}

/// Rows of integers, 0 for an empty cell.
pub type Rows = Vec<Vec<u16>>;

/// How to read a puzzle: shared by every endpoint that takes one.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
pub struct ReadArgs {
    /// Box shape `WxH` (`3x2` for 6×6 grids with 3 columns and 2 rows a box; at most 512 cells
    /// a box, and its side the grid's); default square.
    #[serde(rename = "box", default)]
    #[schema(
        pattern = "^[1-9][0-9]{0,2}x[1-9][0-9]{0,2}$",
        max_length = 7,
        example = "3x3"
    )]
    pub shape: Option<String>,
    /// The symbols for 1, 2, … in compact text (`0123456789ABCDEF` for hex), each once, none a
    /// separator or an empty mark (`.`, `_`); default 1–9, A–Z.
    #[serde(default)]
    #[schema(
        min_length = 1,
        max_length = 512,
        pattern = "^[^\\s.,;|+=#_\\u2500-\\u257f-]+$",
        example = "123456789"
    )]
    pub symbols: Option<String>,
    /// For a variant puzzle: skip the constraints the reader does not know (each named in
    /// `warnings`) instead of refusing the puzzle.
    #[serde(default)]
    pub ignore_unknown: bool,
}

impl ReadArgs {
    /// The symbols for 1, 2, … (`symbols`, else the standard ones).
    pub fn alphabet(&self) -> Result<Alphabet, ApiError> {
        match &self.symbols {
            Some(s) => Alphabet::new(s).map_err(|e| ApiError::bad_request(format!("symbols: {e}"))),
            None => Ok(Alphabet::standard()),
        }
    }

    fn options(&self) -> Result<ReadOptions, ApiError> {
        let shape = match &self.shape {
            Some(s) => Some(
                s.parse::<Shape>()
                    .map_err(|e| ApiError::bad_request(format!("box: {e}")))?,
            ),
            None => None,
        };
        Ok(ReadOptions {
            alphabet: self.alphabet()?,
            shape,
            layout: Layout::Auto,
        })
    }

    /// Reads `puzzle`, classic or variant: a classic one into a valid grid (one puzzle, no
    /// problem in its text, no clashing clues), a variant one with its warnings. `box` and
    /// `symbols` read classic text; a variant puzzle carries its own size and regions.
    pub fn read(&self, puzzle: &Puzzle) -> Result<Read, ApiError> {
        self.options()?;
        match puzzle.variant_text() {
            Some(text) => read_variant(&text, self.ignore_unknown).map(Read::Variant),
            None => self.grid(puzzle).map(Read::Classic),
        }
    }

    /// Reads `puzzle` into a valid grid: one puzzle, no problem in its text, no clashing clues.
    /// A variant puzzle is refused (the endpoints that call this take classic grids only).
    pub fn grid(&self, puzzle: &Puzzle) -> Result<Grid, ApiError> {
        self.grid_named(puzzle, "puzzle")
    }

    /// [`ReadArgs::grid`] for a field other than `puzzle` (its name leads the messages).
    pub fn grid_named(&self, puzzle: &Puzzle, field: &str) -> Result<Grid, ApiError> {
        let grid = self.grid_unchecked(puzzle, field)?;
        grid.check().map_err(|e| ApiError::invalid_puzzle(&e))?;
        Ok(grid)
    }

    /// Reads one puzzle whose clues may clash (a player's grid, whose wrong entries are
    /// mistakes to show rather than bad input).
    pub fn grid_unchecked(&self, puzzle: &Puzzle, field: &str) -> Result<Grid, ApiError> {
        let options = self.options()?;
        if puzzle.is_variant() {
            return Err(if field == "puzzle" {
                ApiError::not_for_variants()
            } else {
                ApiError::unprocessable(format!(
                    "{field}: rows of numbers or a grid's text, not a variant puzzle"
                ))
            });
        }
        let grid = match puzzle {
            Puzzle::Text(text) => {
                let mut entries = read_str(text, &options);
                match entries.len() {
                    1 => entries.remove(0).result,
                    0 => {
                        return Err(ApiError::unprocessable(format!(
                            "{field}: no puzzle in the text"
                        )));
                    }
                    n => Err(vec![nsudoku::Error::PuzzleCount { found: n }]),
                }
            }
            Puzzle::Rows(rows) => from_rows(rows, options.shape),
            Puzzle::Object(_) => return Err(ApiError::not_for_variants()),
        };
        grid.map_err(|e| ApiError::invalid_puzzle(&e))
    }
}

/// A grid from rows of integers: as many rows as cells in each, values from 0 to the side.
fn from_rows(rows: &[Vec<u32>], shape: Option<Shape>) -> Result<Grid, Vec<nsudoku::Error>> {
    let n = rows.len();
    if n > nsudoku::MAX_SIDE {
        return Err(vec![nsudoku::Error::TooManyCells { found: n * n }]);
    }
    let mut errors = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        if row.len() != n && errors.len() < nsudoku::error::MAX_ERRORS {
            errors.push(nsudoku::Error::RowLength {
                line: r + 1,
                found: row.len(),
                expected: n,
            });
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let shape = Shape::for_cell_count(n * n, shape).map_err(|e| vec![e])?;
    let values: Vec<u16> = rows
        .iter()
        .flatten()
        .map(|&v| u16::try_from(v).unwrap_or(u16::MAX))
        .collect();
    Grid::from_values(shape, &values).map_err(|e| vec![e])
}

/// A grid as rows of integers.
pub fn rows(grid: &Grid) -> Rows {
    grid.rows().map(<[u16]>::to_vec).collect()
}

/// `POST /api/v1/solve`.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// How to read it.
    #[serde(flatten)]
    pub read: ReadArgs,
    /// Seconds to give the search (capped by the server's limit).
    #[serde(default)]
    #[schema(minimum = 0)]
    pub timeout: Option<f64>,
    /// Take the first solution found, without checking it is the only one.
    #[serde(default)]
    pub first: bool,
}

/// The outcome of a search for one solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SolveStatus {
    /// `grid` is the solution (the only one, unless `first` was asked).
    Solved,
    /// No solution.
    NoSolution,
    /// More than one solution.
    Multiple,
    /// The time ran out first.
    Timeout,
}

impl SolveStatus {
    /// The outcome of a search that found a solution or not, and another one or not, unless
    /// it was interrupted.
    pub fn of(found: bool, another: bool, interrupted: bool) -> SolveStatus {
        match (found, another) {
            _ if interrupted => SolveStatus::Timeout,
            (false, _) => SolveStatus::NoSolution,
            (true, true) => SolveStatus::Multiple,
            (true, false) => SolveStatus::Solved,
        }
    }
}

/// The answer of `POST /api/v1/solve`.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct SolveResponse {
    /// The outcome.
    pub status: SolveStatus,
    /// `N`.
    pub size: usize,
    /// The box shape, `WxH`; absent for a variant puzzle whose regions are not boxes.
    #[serde(rename = "box", skip_serializing_if = "Option::is_none")]
    pub shape: Option<String>,
    /// The solution, when `status` is `solved`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grid: Option<Rows>,
    /// Branching decisions the search took.
    pub guesses: u64,
    /// For a variant puzzle: how many constraints it has beyond rows, columns and regions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub constraints: Option<usize>,
    /// For a variant puzzle: what the reader skipped (constraints it does not know, with
    /// `ignore_unknown`; drawings that are not rules).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
}

/// `POST /api/v1/count`.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CountRequest {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// How to read it.
    #[serde(flatten)]
    pub read: ReadArgs,
    /// Stop counting at this many solutions (default 1000).
    #[serde(default)]
    #[schema(minimum = 1)]
    pub limit: Option<usize>,
    /// Seconds to give the search (capped by the server's limit).
    #[serde(default)]
    #[schema(minimum = 0)]
    pub timeout: Option<f64>,
    /// Past the limit, estimate the number of solutions (random probes for at most a second,
    /// within the time budget; grids up to 64×64).
    #[serde(default)]
    pub estimate: bool,
}

/// The answer of `POST /api/v1/count`.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CountResponse {
    /// `counted`, or `timeout` when the time ran out.
    pub status: &'static str,
    /// Solutions found.
    pub count: usize,
    /// True when `count` is the number of solutions: neither the limit nor the time stopped
    /// the search (the command line's `exact`).
    pub exact: bool,
    /// The same as `exact`.
    pub complete: bool,
    /// With `estimate`, past the limit: about how many solutions (`count`, null past 1.8e308;
    /// `log10`; `relative_error`, the standard error over the estimate; `probes`; `exact`;
    /// `method`), or null when no probe ended in time.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub estimate: Option<serde_json::Value>,
    /// For a variant puzzle: what the reader skipped.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
}

impl CountResponse {
    /// The answer for `count`, classic or variant: a search's count, whether its time ran
    /// out, and what the reader skipped.
    pub fn of(count: nsudoku::Count, interrupted: bool, warnings: Vec<String>) -> CountResponse {
        CountResponse {
            status: if interrupted { "timeout" } else { "counted" },
            count: count.count,
            exact: count.exact,
            complete: count.exact,
            estimate: None,
            warnings,
        }
    }
}

/// `POST /api/v1/check`.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckRequest {
    /// The puzzle (its givens).
    pub puzzle: Puzzle,
    /// A player's grid to check against the puzzle's rules (the givens and the player's
    /// entries, 0 or `.` for an empty cell): rows of integers or a grid's text. Grids up to
    /// 64×64.
    #[serde(default)]
    pub grid: Option<Puzzle>,
    /// How to read them.
    #[serde(flatten)]
    pub read: ReadArgs,
}

/// A rule that a grid breaks.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct BrokenOut {
    /// The index of the constraint in the puzzle's constraints (in the order the reader
    /// met them); null for a row, column, region, given or candidate.
    pub constraint: Option<usize>,
    /// The constraint's name (`killer`, `thermo`, `arrow`, …); null when `constraint` is.
    pub name: Option<&'static str>,
    /// The cells that break it: `r1c1`, …
    pub cells: Vec<String>,
    /// What is wrong, in words.
    pub message: String,
}

/// The answer of `POST /api/v1/check`: 200 whether the puzzle is valid or not.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CheckResponse {
    /// `valid`; `invalid` (the puzzle cannot be read, see `errors`, or its givens break a
    /// rule, see `broken`); with a `grid`: `broken` (the grid breaks a rule, see `broken`), or
    /// `solved` (the grid is full and breaks no rule). A grid that is `valid` breaks nothing
    /// yet (it may still lead nowhere).
    pub status: &'static str,
    /// Every problem (at most 100, then a count), each with `kind`, `message` and its place
    /// (`at` for a variant puzzle: a JSON path such as `killercage[2].cells[0]`, or `line 4`);
    /// empty when the puzzle is valid.
    #[schema(value_type = Vec<Object>)]
    pub errors: Vec<serde_json::Value>,
    /// Every rule broken: by the givens when `status` is `invalid`, by the grid when it is
    /// `broken`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub broken: Vec<BrokenOut>,
    /// `N`, when the puzzle could be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<usize>,
    /// The box shape, when the puzzle could be read (and, for a variant puzzle, when its
    /// regions are boxes).
    #[serde(rename = "box", skip_serializing_if = "Option::is_none")]
    pub shape: Option<String>,
    /// Cells holding a digit, when the puzzle could be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clues: Option<usize>,
    /// The grid as read (a variant puzzle's givens), when it is valid.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grid: Option<Rows>,
    /// For a variant puzzle: how many constraints it has.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub constraints: Option<usize>,
    /// For a variant puzzle: what the reader skipped.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
}

/// Pencil marks: the command line's text (one token a cell, `.` for none), or one list of
/// digits a cell in reading order (empty: not marked). Its schema: `schema.rs`.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum Marks {
    /// `1 24 3 …`.
    Text(String),
    /// `[[1], [2, 4], [], …]`.
    Lists(Vec<Vec<u32>>),
}

/// `POST /api/v1/hint`.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct HintRequest {
    /// The puzzle's clues (the givens): a classic grid or a variant puzzle.
    pub puzzle: Puzzle,
    /// The player's grid: the clues and the player's entries (default: the puzzle). For a
    /// variant puzzle, rows of integers or a grid's text of its size, over its givens.
    #[serde(default)]
    pub grid: Option<Puzzle>,
    /// The player's pencil marks (a cell's marks narrow its candidates; marks without the
    /// cell's right digit are a mistake).
    #[serde(default)]
    pub marks: Option<Marks>,
    /// How to read the puzzle and the grid.
    #[serde(flatten)]
    pub read: ReadArgs,
    /// Seconds to give the search for a step (capped by the server's limit).
    #[serde(default)]
    #[schema(minimum = 0)]
    pub timeout: Option<f64>,
}

/// A digit in a cell, 1-based.
#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
pub struct CandidateOut {
    /// Row, from 1.
    pub row: usize,
    /// Column, from 1.
    pub col: usize,
    /// The digit.
    pub digit: usize,
}

impl From<&Candidate> for CandidateOut {
    fn from(c: &Candidate) -> CandidateOut {
        CandidateOut {
            row: c.cell.row() + 1,
            col: c.cell.col() + 1,
            digit: c.digit.get(),
        }
    }
}

/// A variant constraint a step uses.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct StepConstraint {
    /// The constraint as players name it, with its cells: `killer cage 15 r1c1,r1c2`,
    /// `anti-knight`, `innies and outies r1c1,r2c1`.
    pub name: String,
    /// Its index in the puzzle's constraints (as `POST /api/v1/read` lists them, and `check`'s
    /// `broken[].constraint`); null for a rule that several constraints make (innies and
    /// outies, the law of leftovers, cells that hold the same digit).
    pub index: Option<usize>,
    /// Its kind, as `read` and `check` name it (`killer`, `thermo`, `antiknight`, …); null
    /// when `index` is.
    pub kind: Option<&'static str>,
}

/// One logical step.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct StepOut {
    /// The technique's stable name (`hidden_single`, `x_wing`, `aic`, …).
    pub technique: String,
    /// The technique as players write it (`hidden single`, `X-Wing`).
    pub name: String,
    /// Its difficulty on Sudoku Explainer's ER scale.
    pub er: f64,
    /// The step in words: `r1c5 = 4: naked single in r1c5`.
    pub text: String,
    /// The cells of the pattern, 1-based `[row, column]`.
    pub cells: Vec<[usize; 2]>,
    /// Digits placed.
    pub placements: Vec<CandidateOut>,
    /// Candidates removed.
    pub eliminations: Vec<CandidateOut>,
    /// The houses it uses (`row 3`, `box 5`).
    pub houses: Vec<String>,
    /// The digits it is about.
    pub digits: Vec<usize>,
    /// For a variant puzzle: the constraints it uses (a cage whose total it reads, a group
    /// whose digits differ, the rule that makes cells see each other); absent when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub constraints: Vec<StepConstraint>,
}

impl StepOut {
    /// A step on a variant puzzle: its constraints with their kinds.
    pub fn variant(step: &Step, puzzle: &nsudoku::variant::Puzzle) -> StepOut {
        let mut out = StepOut::from(step);
        for c in &mut out.constraints {
            c.kind = c
                .index
                .and_then(|i| puzzle.constraints().get(i))
                .map(nsudoku::variant::Constraint::name);
        }
        out
    }
}

impl From<&Step> for StepOut {
    fn from(s: &Step) -> StepOut {
        StepOut {
            technique: serde_json::to_value(s.technique)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default(),
            name: s.technique.name().to_owned(),
            er: s.difficulty,
            text: s.to_string(),
            cells: s.cells.iter().map(|c| [c.row() + 1, c.col() + 1]).collect(),
            placements: s.placements.iter().map(CandidateOut::from).collect(),
            eliminations: s.eliminations.iter().map(CandidateOut::from).collect(),
            houses: s.houses.iter().map(ToString::to_string).collect(),
            digits: s.digits.iter().map(|d| d.get()).collect(),
            constraints: s
                .constraints
                .iter()
                .enumerate()
                .map(|(k, name)| StepConstraint {
                    name: name.clone(),
                    index: s.constraint_indices.get(k).copied().flatten(),
                    kind: None,
                })
                .collect(),
        }
    }
}

/// A mistake of the player's.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct MistakeOut {
    /// The cell, 1-based `[row, column]`.
    pub cell: [usize; 2],
    /// The digit the player wrote (a wrong entry); absent when the pencil marks are wrong.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entered: Option<usize>,
    /// In words.
    pub message: String,
}

/// The answer of `POST /api/v1/hint`.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct HintResponse {
    /// `hint` (with `step`), `wrong_entries` (with `mistakes`), `solved`, `stuck`,
    /// `no_unique_solution` or `timeout`.
    pub status: &'static str,
    /// The next step, for `hint`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<StepOut>,
    /// The player's mistakes, for `wrong_entries`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub mistakes: Vec<MistakeOut>,
    /// For a variant puzzle: what the reader skipped.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
}

/// `POST /api/v1/explain` and `POST /api/v1/rate`.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LogicRequest {
    /// The puzzle, classic or variant.
    pub puzzle: Puzzle,
    /// How to read it.
    #[serde(flatten)]
    pub read: ReadArgs,
    /// Seconds to give the reasoning (capped by the server's limit).
    #[serde(default)]
    #[schema(minimum = 0)]
    pub timeout: Option<f64>,
}

/// The answer of `POST /api/v1/explain`.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ExplainResponse {
    /// `solved`, `stuck` (no technique applies), `timeout`, `no_solution` or `multiple`
    /// (then no steps: the puzzle needs one solution to be explained).
    pub status: &'static str,
    /// The steps, in order.
    pub steps: Vec<StepOut>,
    /// The hardest of these steps' ER.
    pub hardest: f64,
    /// The puzzle's ER, as `POST /api/v1/rate` gives it (Sudoku Explainer's order of
    /// techniques, which may take other steps than the simplest-first ones shown; for a
    /// variant puzzle the hardest of these steps, 20.0 when stuck); absent when the time ran
    /// out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub er: Option<f64>,
    /// The level of that ER (`easy` … `extreme`, `stuck`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    /// For a variant puzzle: what the reader skipped.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    /// For a variant puzzle: each cell's candidates (row by row) before the first step, as
    /// the variant logic has them: the givens' digits gone from every cell they rule out
    /// (through the constraints too), the puzzle's pencil marks kept; empty for a given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<Vec<Vec<u16>>>,
    /// For a variant puzzle: for each cell (row by row), the cells (`row × N + column`,
    /// from 0) a digit placed there leaves beyond its row, column and region (a knight's
    /// move away, the rest of its cages, …): with `start`, every board between the steps.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peers: Option<Vec<Vec<u32>>>,
}

/// The answer of `POST /api/v1/rate`. A variant puzzle is rated by its steps as `explain`
/// takes them (simplest first): the ER is the hardest step's (see `docs/variants.md`).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct RateResponse {
    /// `rated`, `timeout` (the ER of the steps so far), `no_solution` or `multiple`.
    pub status: &'static str,
    /// The hardest step's difficulty on the ER scale (20.0 when logic gets stuck).
    pub er: f64,
    /// The first step's difficulty.
    pub ed: f64,
    /// `easy`, `medium`, `hard`, `expert`, `extreme` or `stuck` (logic found no further step:
    /// ER 20.0).
    pub level: String,
    /// The hardest step's technique.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hardest: Option<String>,
    /// Steps taken.
    pub steps: usize,
    /// For a variant puzzle: what the reader skipped.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
}

/// `POST /api/v1/generate`.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct GenerateRequest {
    /// `N` (default 9; boxes as square as N allows, wider than tall).
    #[serde(default)]
    #[schema(minimum = 1, maximum = 64)]
    pub size: Option<usize>,
    /// The box shape `WxH`, instead of `size` (at most 64 cells a box).
    #[serde(rename = "box", default)]
    #[schema(pattern = "^[1-9][0-9]?x[1-9][0-9]?$", max_length = 5, example = "3x2")]
    pub shape: Option<String>,
    /// The puzzle's level (by its ER; a variant puzzle's by the variant logic).
    #[serde(default)]
    pub difficulty: Option<Difficulty>,
    /// The puzzle's ER range `[low, high]`, instead of `difficulty` (e.g. `[2.0, 4.5]`;
    /// ratings run from 1.0 to 20.0).
    #[serde(default)]
    #[schema(min_items = 2, max_items = 2)]
    pub rating: Option<Vec<f64>>,
    /// The symmetry of the clues.
    #[serde(default)]
    pub symmetry: Option<Symmetry>,
    /// The same seed and options give the same puzzle.
    #[serde(default)]
    pub seed: Option<u64>,
    /// Seconds to give the generator (capped by the server's limit).
    #[serde(default)]
    #[schema(minimum = 0)]
    pub timeout: Option<f64>,
    /// Variant kinds, combined (`killer`, `jigsaw`, `killer,diagonal`, …): a variant puzzle,
    /// 4×4 to 16×16, unique and minimal; `difficulty` and `rating` rate it by the variant logic.
    #[serde(default)]
    pub variant: Option<String>,
    /// Killer puzzles (`variant` with `killer`): take off every cage total the puzzle can do
    /// without, keeping it unique (by default every cage shows its total).
    #[serde(default)]
    pub hide_totals: bool,
    /// Killer puzzles (`variant` with `killer`): exactly this many givens, placed at random
    /// first, the cages made around them (none is taken away, so some may not be needed).
    #[serde(default)]
    #[schema(minimum = 0, maximum = 256)]
    pub givens: Option<usize>,
}

impl GenerateRequest {
    /// The ER band asked for, by `difficulty` or `rating` (checked).
    pub fn band(&self) -> Result<Option<std::ops::RangeInclusive<f64>>, ApiError> {
        match (self.difficulty, self.rating.as_deref()) {
            (Some(_), Some(_)) => Err(ApiError::bad_request(
                "rating: give difficulty or rating, not both",
            )),
            (Some(d), None) => Ok(Some(d.range())),
            // Ratings run from 1.0 (a full house) to 20.0 (logic gets stuck): a band outside
            // them would be searched for in vain.
            (None, Some(&[low, high])) if low <= high && high >= 1.0 && low <= 20.0 => {
                Ok(Some(low..=high))
            }
            (None, Some(r)) => Err(ApiError::bad_request(format!(
                "rating: {r:?} is not [low, high] with low ≤ high, meeting 1.0 to 20.0"
            ))),
            (None, None) => Ok(None),
        }
    }
}

/// The answer of `POST /api/v1/generate`.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct GenerateResponse {
    /// `generated`, or `timeout` when no puzzle was found in time (then no puzzle).
    pub status: &'static str,
    /// The puzzle (one solution).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<Rows>,
    /// Its solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<Rows>,
    /// Its ER (a classic puzzle's when the grid is at most 64×64 and rated in time; a
    /// variant puzzle's, by the variant logic, when `difficulty` or `rating` was asked for).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub er: Option<f64>,
    /// Its level.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    /// `N`.
    pub size: usize,
    /// The box shape.
    #[serde(rename = "box")]
    pub shape: String,
    /// Cells holding a digit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clues: Option<usize>,
    /// The seed that makes this puzzle again.
    pub seed: u64,
    /// A variant puzzle's f-puzzles payload (what `solve` and `count` take).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fpuzzles: Option<String>,
    /// A variant puzzle's text form.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

impl GenerateResponse {
    /// The answer when no puzzle was found in time: the grid asked for, its seed, no puzzle.
    pub fn timeout(size: usize, shape: String, seed: u64) -> GenerateResponse {
        GenerateResponse {
            status: "timeout",
            puzzle: None,
            solution: None,
            er: None,
            level: None,
            size,
            shape,
            clues: None,
            seed,
            fpuzzles: None,
            text: None,
        }
    }
}

/// The answer of `GET /healthz`.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Health {
    /// `ok`.
    pub status: &'static str,
    /// The server's version.
    pub version: &'static str,
}
