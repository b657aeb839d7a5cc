//! The logical solver: human-style techniques, one step at a time, and a difficulty rating.
//!
//! A [`Board`] holds a grid with its candidates. Each technique (one file per family) looks at
//! a board and returns a [`Step`]: what it places, what it eliminates, the cells, houses and
//! digits that justify it, and a sentence (`r1c5 = 4: naked single in r1c5`). [`explain`] applies the
//! simplest step again and again until the grid is solved or no technique applies; [`rate()`]
//! does the same with Sudoku Explainer's techniques in Sudoku Explainer's order and reports the
//! hardest step's difficulty on its ER scale (see [`rate()`] for the scale).
//!
//! | family | file | shapes |
//! |---|---|---|
//! | full house, hidden and naked singles | `singles.rs` | all |
//! | pointing, claiming | `intersections.rs` | all |
//! | naked and hidden pairs, triples, quads | `subsets.rs` | all |
//! | X-Wing, Swordfish, Jellyfish, finned and sashimi | `fish.rs` | all |
//! | XY-Wing, XYZ-Wing, W-Wing | `wings.rs` | all |
//! | empty rectangle, simple colouring | `single_digit.rs` | all |
//! | ALS-XZ | `als.rs` | all |
//! | unique rectangles 1–4, BUG+1 | `uniqueness.rs` | all, unique puzzles only |
//! | X-, XY- and alternating chains and loops, forcing chains and nets | `chains/` | all |
//!
//! Every step is sound on its own: no technique guesses. The uniqueness techniques are the one
//! exception in spirit: they assume the puzzle has exactly one solution, so they run only when
//! the caller says it does ([`Options::unique`]).

mod als;
mod board;
mod chains;
mod fish;
mod intersections;
mod rate;
mod single_digit;
mod singles;
mod subsets;
mod uniqueness;
mod wings;

use std::fmt;

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

use crate::grid::{Cell, Digit, Grid, House};
pub use board::{Board, LogicError};
use board::{Geometry, bits};
pub use rate::{Level, Rating, Scale, rate, rate_with};

/// A technique: what kind of reasoning a step uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Technique {
    /// The last empty cell of a house.
    FullHouse,
    /// The only place for a digit in a house.
    HiddenSingle,
    /// Sudoku Explainer's direct pointing: a pointing that leaves a hidden single.
    DirectPointing,
    /// Sudoku Explainer's direct claiming: a claiming that leaves a hidden single.
    DirectClaiming,
    /// Sudoku Explainer's direct hidden pair: a hidden pair that leaves a hidden single.
    DirectHiddenPair,
    /// The only digit left in a cell.
    NakedSingle,
    /// Sudoku Explainer's direct hidden triple.
    DirectHiddenTriple,
    /// A digit confined to one line within a box.
    Pointing,
    /// A digit confined to one box within a line.
    Claiming,
    /// Two cells of a house holding only the same two digits.
    NakedPair,
    /// An X-Wing (a size-2 fish).
    #[serde(rename = "x_wing")]
    XWing,
    /// Two digits confined to the same two cells of a house.
    HiddenPair,
    /// Three cells, three digits.
    NakedTriple,
    /// A size-3 fish.
    Swordfish,
    /// Three digits confined to three cells.
    HiddenTriple,
    /// Two strong links of one digit whose ends share a line.
    Skyscraper,
    /// Two strong links of one digit, one in a row, one in a column, joined in a box.
    TwoStringKite,
    /// Two strong links of one digit joined by a weak link, with a link in a box.
    TurbotFish,
    /// A strong link and a box whose digit lies on one row and one column.
    EmptyRectangle,
    /// A pivot `xy` with pincers `xz` and `yz`.
    #[serde(rename = "xy_wing")]
    XYWing,
    /// A pivot `xyz` with pincers `xz` and `yz`.
    #[serde(rename = "xyz_wing")]
    XYZWing,
    /// A pivot and wings holding as many digits as cells, all but one digit locked: WXYZ-,
    /// VWXYZ- and UVWXYZ-Wings.
    BigWing,
    /// Two `xy` cells joined by a strong link on `x`.
    #[serde(rename = "w_wing")]
    WWing,
    /// A unique rectangle, type 1.
    UniqueRectangle1,
    /// A unique rectangle, type 2.
    UniqueRectangle2,
    /// A unique rectangle, type 3.
    UniqueRectangle3,
    /// A unique rectangle, type 4.
    UniqueRectangle4,
    /// Four cells, four digits.
    NakedQuad,
    /// A size-4 fish.
    Jellyfish,
    /// Four digits confined to four cells.
    HiddenQuad,
    /// A finned or sashimi X-Wing, Swordfish or Jellyfish.
    FinnedFish,
    /// Conjugate pairs of one digit coloured in two colours: a colour that sees itself is
    /// false, and a cell that sees both colours loses the digit.
    SimpleColouring,
    /// Two almost locked sets joined by a restricted common digit.
    #[serde(rename = "als_xz")]
    AlsXz,
    /// Bivalue universal grave plus one.
    #[serde(rename = "bug_plus_one")]
    BugPlusOne,
    /// A loop of strong and weak links on one digit.
    #[serde(rename = "x_cycle")]
    XCycle,
    /// A chain of strong and weak links on one digit.
    #[serde(rename = "x_chain")]
    XChain,
    /// A loop of bivalue cells.
    #[serde(rename = "xy_cycle")]
    XYCycle,
    /// A chain of bivalue cells.
    #[serde(rename = "xy_chain")]
    XYChain,
    /// A loop mixing links within cells and within houses.
    AicLoop,
    /// An alternating inference chain mixing links within cells and within houses.
    Aic,
    /// Assuming a digit, its own single-digit consequences contradict each other.
    NishioForcingChain,
    /// Every candidate of a cell forces the same conclusion.
    CellForcingChain,
    /// Every place of a digit in a house forces the same conclusion.
    RegionForcingChain,
    /// Forcing chains that follow every consequence of an assumption (forcing nets).
    DynamicForcingChain,
    /// Dynamic forcing chains that also use intersections, pairs and X-Wings on the way.
    DynamicForcingChainPlus,
    /// Dynamic forcing chains with forcing chains nested inside.
    NestedForcingChain,
}

impl Technique {
    /// The technique's name as players write it.
    pub fn name(self) -> &'static str {
        use Technique::*;
        match self {
            FullHouse => "full house",
            HiddenSingle => "hidden single",
            DirectPointing => "direct pointing",
            DirectClaiming => "direct claiming",
            DirectHiddenPair => "direct hidden pair",
            NakedSingle => "naked single",
            DirectHiddenTriple => "direct hidden triple",
            Pointing => "pointing",
            Claiming => "claiming",
            NakedPair => "naked pair",
            XWing => "X-Wing",
            HiddenPair => "hidden pair",
            NakedTriple => "naked triple",
            Swordfish => "Swordfish",
            HiddenTriple => "hidden triple",
            Skyscraper => "Skyscraper",
            TwoStringKite => "2-String Kite",
            TurbotFish => "Turbot Fish",
            EmptyRectangle => "empty rectangle",
            XYWing => "XY-Wing",
            XYZWing => "XYZ-Wing",
            WWing => "W-Wing",
            BigWing => "big wing",
            UniqueRectangle1 => "unique rectangle type 1",
            UniqueRectangle2 => "unique rectangle type 2",
            UniqueRectangle3 => "unique rectangle type 3",
            UniqueRectangle4 => "unique rectangle type 4",
            NakedQuad => "naked quad",
            Jellyfish => "Jellyfish",
            HiddenQuad => "hidden quad",
            FinnedFish => "finned fish",
            SimpleColouring => "simple colouring",
            AlsXz => "ALS-XZ",
            BugPlusOne => "BUG+1",
            XCycle => "X-cycle",
            XChain => "X-chain",
            XYCycle => "XY-cycle",
            XYChain => "XY-chain",
            AicLoop => "AIC loop",
            Aic => "AIC",
            NishioForcingChain => "Nishio forcing chain",
            CellForcingChain => "cell forcing chain",
            RegionForcingChain => "region forcing chain",
            DynamicForcingChain => "dynamic forcing chain",
            DynamicForcingChainPlus => "dynamic forcing chain (+)",
            NestedForcingChain => "nested forcing chain",
        }
    }

    /// Every technique, simplest first: the order [`explain`] tries them in.
    pub const ALL: &'static [Technique] = &[
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::XWing,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::TurbotFish,
        Technique::EmptyRectangle,
        Technique::XYWing,
        Technique::XYZWing,
        Technique::WWing,
        Technique::Swordfish,
        Technique::BigWing,
        Technique::UniqueRectangle1,
        Technique::UniqueRectangle2,
        Technique::UniqueRectangle3,
        Technique::UniqueRectangle4,
        Technique::NakedQuad,
        Technique::HiddenQuad,
        Technique::Jellyfish,
        Technique::FinnedFish,
        Technique::SimpleColouring,
        Technique::BugPlusOne,
        Technique::XChain,
        Technique::XYChain,
        Technique::AlsXz,
        Technique::Aic,
        Technique::NishioForcingChain,
        Technique::CellForcingChain,
        Technique::DynamicForcingChain,
        Technique::DynamicForcingChainPlus,
        Technique::NestedForcingChain,
    ];

    /// Whether the technique assumes the puzzle has a single solution.
    pub fn needs_uniqueness(self) -> bool {
        use Technique::*;
        matches!(
            self,
            UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4 | BugPlusOne
        )
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A digit in a cell: a placement or an elimination.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Candidate {
    /// The cell.
    pub cell: Cell,
    /// The digit.
    pub digit: Digit,
}

impl Serialize for Candidate {
    /// `{"row": 3, "col": 2, "digit": 7}`, 1-based.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Candidate", 3)?;
        st.serialize_field("row", &(self.cell.row() + 1))?;
        st.serialize_field("col", &(self.cell.col() + 1))?;
        st.serialize_field("digit", &self.digit)?;
        st.end()
    }
}

/// One deduction: what it places or eliminates, and why.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// Its difficulty on Sudoku Explainer's ER scale (see [`rate()`]).
    pub difficulty: f64,
    /// Digits placed.
    pub placements: Vec<Candidate>,
    /// Candidates removed.
    pub eliminations: Vec<Candidate>,
    /// The cells of the pattern that justifies the step.
    pub cells: Vec<Cell>,
    /// The houses it uses.
    pub houses: Vec<House>,
    /// The digits it is about.
    pub digits: Vec<Digit>,
    /// The reasoning in words, without the changes (`naked pair 3,7 in row 2`).
    pub reason: String,
}

impl Step {
    fn new(technique: Technique, difficulty: f64) -> Step {
        Step {
            technique,
            difficulty,
            placements: Vec::new(),
            eliminations: Vec::new(),
            cells: Vec::new(),
            houses: Vec::new(),
            digits: Vec::new(),
            reason: String::new(),
        }
    }

    /// Whether the step changes the board at all.
    pub fn is_progress(&self) -> bool {
        !self.placements.is_empty() || !self.eliminations.is_empty()
    }

    /// The changes alone: `r1c5 = 4` or `r3c1,r3c7 ≠ 5`.
    pub fn changes(&self) -> String {
        let mut parts: Vec<String> = self
            .placements
            .iter()
            .map(|p| format!("{} = {}", p.cell, p.digit))
            .collect();
        let mut elims = self.eliminations.clone();
        elims.sort_by_key(|e| (e.digit, e.cell));
        for group in elims.chunk_by(|a, b| a.digit == b.digit) {
            let cells: Vec<String> = group.iter().map(|e| e.cell.to_string()).collect();
            parts.push(format!("{} ≠ {}", cells.join(","), group[0].digit));
        }
        parts.join("; ")
    }
}

impl fmt::Display for Step {
    /// `r1c5 = 4: naked single in r1c5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.changes(), self.reason)
    }
}

/// Which techniques a logical solve may use.
#[derive(Clone, Debug)]
pub struct Options {
    /// The techniques, tried in this order; the first that applies gives the step.
    pub techniques: Vec<Technique>,
    /// Whether the puzzle is known to have exactly one solution (enables the uniqueness
    /// techniques).
    pub unique: bool,
}

impl Default for Options {
    /// Every technique, simplest first, uniqueness techniques off.
    fn default() -> Self {
        Options {
            techniques: Technique::ALL.to_vec(),
            unique: false,
        }
    }
}

/// A logical solve: the steps taken and where they led.
#[derive(Clone, Debug)]
pub struct Explanation {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The board after the last step.
    pub board: Board,
}

impl Explanation {
    /// Whether the steps solved the grid.
    pub fn solved(&self) -> bool {
        self.board.is_solved()
    }
}

/// The simplest step on `board` with the given techniques, if any applies.
pub fn next_step(board: &Board, options: &Options) -> Option<Step> {
    if board.is_broken() {
        return None;
    }
    options
        .techniques
        .iter()
        .filter(|t| options.unique || !t.needs_uniqueness())
        .find_map(|&t| find(board, t))
}

/// Solves `grid` step by step with the given techniques, as far as they go.
pub fn explain_with(grid: &Grid, options: &Options) -> Result<Explanation, LogicError> {
    let mut board = Board::new(grid)?;
    let mut steps = Vec::new();
    while !board.is_solved() {
        let Some(step) = next_step(&board, options) else {
            break;
        };
        board.apply(&step);
        steps.push(step);
    }
    Ok(Explanation { steps, board })
}

/// Solves `grid` step by step with every technique; the uniqueness techniques are used when
/// the grid has exactly one solution.
pub fn explain(grid: &Grid) -> Result<Explanation, LogicError> {
    let options = Options {
        unique: grid.count_solutions(2).count == 1,
        ..Options::default()
    };
    explain_with(grid, &options)
}

/// Runs one technique on a board.
fn find(board: &Board, t: Technique) -> Option<Step> {
    use Technique::*;
    match t {
        FullHouse => singles::full_house(board),
        HiddenSingle => singles::hidden_single(board),
        NakedSingle => singles::naked_single(board),
        Pointing | Claiming | DirectPointing | DirectClaiming => intersections::find(board, t),
        NakedPair => subsets::naked(board, 2),
        NakedTriple => subsets::naked(board, 3),
        NakedQuad => subsets::naked(board, 4),
        HiddenPair => subsets::hidden(board, 2, false),
        HiddenTriple => subsets::hidden(board, 3, false),
        HiddenQuad => subsets::hidden(board, 4, false),
        DirectHiddenPair => subsets::hidden(board, 2, true),
        DirectHiddenTriple => subsets::hidden(board, 3, true),
        XWing => fish::basic(board, 2),
        Swordfish => fish::basic(board, 3),
        Jellyfish => fish::basic(board, 4),
        FinnedFish => fish::finned(board),
        SimpleColouring => single_digit::colouring(board),
        AlsXz => als::als_xz(board),
        Skyscraper | TwoStringKite | TurbotFish => {
            chains::strong_links(board, 2, 2).filter(|s| s.technique == t)
        }
        EmptyRectangle => single_digit::empty_rectangle(board),
        XYWing => wings::xy_wing(board),
        XYZWing => wings::xyz_wing(board),
        WWing => wings::w_wing(board),
        BigWing => (4..=6).find_map(|k| wings::big_wing(board, k)),
        UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4 => {
            uniqueness::rectangle(board, t)
        }
        BugPlusOne => uniqueness::bug_plus_one(board),
        XCycle | XChain | XYCycle | XYChain | AicLoop | Aic => chains::unary(board, t),
        NishioForcingChain => chains::nishio(board),
        CellForcingChain | RegionForcingChain => chains::multiple(board),
        DynamicForcingChain => chains::dynamic(board, 0),
        DynamicForcingChainPlus => chains::dynamic(board, 1),
        NestedForcingChain => chains::dynamic(board, 2),
    }
}

/// Helpers the technique files share to build steps from internal indices.
impl Step {
    fn place(&mut self, geo: &Geometry, idx: usize, d: usize) {
        self.placements.push(candidate(geo, idx, d));
    }

    fn eliminate(&mut self, geo: &Geometry, idx: usize, d: usize) {
        self.eliminations.push(candidate(geo, idx, d));
    }

    fn cell(&mut self, geo: &Geometry, idx: usize) {
        let c = geo.cell(idx);
        if !self.cells.contains(&c) {
            self.cells.push(c);
        }
    }

    fn house(&mut self, geo: &Geometry, h: usize) {
        let house = geo.house(h);
        if !self.houses.contains(&house) {
            self.houses.push(house);
        }
    }

    fn digit(&mut self, d: usize) {
        let digit = Digit::new(d + 1).expect("digit index in range");
        if !self.digits.contains(&digit) {
            self.digits.push(digit);
        }
    }
}

fn candidate(geo: &Geometry, idx: usize, d: usize) -> Candidate {
    Candidate {
        cell: geo.cell(idx),
        digit: Digit::new(d + 1).expect("digit index in range"),
    }
}

/// Calls `f` with each choice of `k` of the `items` (`(id, mask)`, taken in order) whose masks
/// together with `init` have at most `max_bits` bits, until `f` returns `Some`. Subsets, fish,
/// unique rectangles and wings all search such sets.
fn combinations<T>(
    items: &[(usize, u64)],
    k: usize,
    init: u64,
    max_bits: u32,
    f: &mut impl FnMut(&[usize], u64) -> Option<T>,
) -> Option<T> {
    fn go<T>(
        items: &[(usize, u64)],
        k: usize,
        start: usize,
        chosen: &mut Vec<usize>,
        union: u64,
        max_bits: u32,
        f: &mut impl FnMut(&[usize], u64) -> Option<T>,
    ) -> Option<T> {
        if chosen.len() == k {
            return f(chosen, union);
        }
        for i in start..items.len() {
            if items.len() - i < k - chosen.len() {
                break;
            }
            let u = union | items[i].1;
            if u.count_ones() > max_bits {
                continue;
            }
            chosen.push(items[i].0);
            let r = go(items, k, i + 1, chosen, u, max_bits, f);
            chosen.pop();
            if r.is_some() {
                return r;
            }
        }
        None
    }
    go(items, k, 0, &mut Vec::with_capacity(k), init, max_bits, f)
}

/// `3,7` from a digit mask.
fn digit_list(mask: u64) -> String {
    let v: Vec<String> = bits(mask).map(|d| (d + 1).to_string()).collect();
    v.join(",")
}

/// `r1c2,r1c5` from cell indices.
fn cell_list(geo: &Geometry, cells: impl IntoIterator<Item = usize>) -> String {
    let v: Vec<String> = cells.into_iter().map(|c| geo.cell(c).to_string()).collect();
    v.join(",")
}
