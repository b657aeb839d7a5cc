//! What a technique returns: the [`Technique`] names, a [`Step`] with its [`Candidate`]s, and
//! the helpers the technique files share to build steps from internal indices and to write
//! their reasons. Applying a step to a [`Board`] is here too, so that `board.rs` needs no step:
//! `board` ← `step` ← the technique files ← `mod.rs`.

use std::fmt;

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

use super::board::{Board, Geometry, bits};
use crate::grid::{Cell, Digit, House};

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
    /// A variant constraint's own rule (a cage's total, a thermometer's order, a dot's
    /// relation) removes candidates.
    ConstraintLogic,
    /// Innies and outies: the houses' totals less the cages' fix a sum of a few cells.
    InniesOuties,
    /// The law of leftovers: the cells left out of a set of houses hold the same digits as
    /// those that stick out.
    LawOfLeftovers,
    /// The killer cages inside a house and its other cells split the house's digits: each
    /// cage a combination of its total, the rest the digits left.
    CombinedCages,
    /// A candidate that one constraint cannot live with: placed, it leaves the constraint
    /// no way to be met, two cells that see each other the same digit, or a house without a
    /// place for a digit.
    ConstraintContradiction,
    /// A digit a constraint must hold (without it the constraint cannot be met) leaves every
    /// cell that sees all its places.
    ConstraintPointing,
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
            ConstraintLogic => "constraint logic",
            InniesOuties => "innies and outies",
            LawOfLeftovers => "law of leftovers",
            CombinedCages => "combined cages",
            ConstraintContradiction => "constraint contradiction",
            ConstraintPointing => "constraint pointing",
        }
    }

    /// Every technique, simplest first: the order [`explain`](super::explain) tries them in.
    pub const ALL: &'static [Technique] = &[
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::ConstraintLogic,
        Technique::Pointing,
        Technique::Claiming,
        Technique::ConstraintPointing,
        Technique::ConstraintContradiction,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::InniesOuties,
        Technique::CombinedCages,
        Technique::LawOfLeftovers,
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
    /// Its difficulty on Sudoku Explainer's ER scale (see [`rate()`](super::rate())).
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
    /// The variant constraints it uses, as players name them (`killer cage 15 r1c1,r1c2`,
    /// `anti-knight`); none on a classic board.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub constraints: Vec<String>,
    /// For each of `constraints`, its index in the puzzle's constraints
    /// ([`Puzzle::constraints`](crate::variant::Puzzle::constraints)) when one constraint
    /// gives it; none for a rule several make (innies and outies, the law of leftovers).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub constraint_indices: Vec<Option<usize>>,
    /// The reasoning in words, without the changes (`naked pair 3,7 in row 2`).
    pub reason: String,
}

impl Step {
    pub(super) fn new(technique: Technique, difficulty: f64) -> Step {
        Step {
            technique,
            difficulty,
            placements: Vec::new(),
            eliminations: Vec::new(),
            cells: Vec::new(),
            houses: Vec::new(),
            digits: Vec::new(),
            constraints: Vec::new(),
            constraint_indices: Vec::new(),
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

/// Helpers the technique files share to build steps from internal indices.
impl Step {
    pub(super) fn place(&mut self, geo: &Geometry, idx: usize, d: usize) {
        self.placements.push(candidate(geo, idx, d));
    }

    pub(super) fn eliminate(&mut self, geo: &Geometry, idx: usize, d: usize) {
        self.eliminations.push(candidate(geo, idx, d));
    }

    pub(super) fn cell(&mut self, geo: &Geometry, idx: usize) {
        let c = geo.cell(idx);
        if !self.cells.contains(&c) {
            self.cells.push(c);
        }
    }

    pub(super) fn house(&mut self, geo: &Geometry, h: usize) {
        if h >= geo.houses.len() {
            return self.constraint(geo.name(h), geo.constraint_of(h));
        }
        let house = geo.house(h);
        if !self.houses.contains(&house) {
            self.houses.push(house);
        }
    }

    /// A constraint the step uses: its name and, when one constraint gives it, its index.
    pub(super) fn constraint(&mut self, name: String, index: Option<usize>) {
        if !self.constraints.contains(&name) {
            self.constraints.push(name);
            self.constraint_indices.push(index);
        }
    }

    pub(super) fn digit(&mut self, d: usize) {
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

/// `3,7` from a digit mask.
pub(super) fn digit_list(mask: u64) -> String {
    let v: Vec<String> = bits(mask).map(|d| (d + 1).to_string()).collect();
    v.join(",")
}

/// `r1c2,r1c5` from cell indices.
pub(super) fn cell_list(geo: &Geometry, cells: impl IntoIterator<Item = usize>) -> String {
    let v: Vec<String> = cells.into_iter().map(|c| geo.cell(c).to_string()).collect();
    v.join(",")
}

// Here rather than in `board.rs`, which does not know steps.
impl Board {
    /// Applies a step's placements and eliminations.
    pub fn apply(&mut self, step: &Step) {
        let n = self.geo.n;
        for e in &step.eliminations {
            self.cands[e.cell.row() * n + e.cell.col()] &= !(1u64 << e.digit.index());
        }
        for p in &step.placements {
            let idx = p.cell.row() * n + p.cell.col();
            if self.values[idx] == 0 {
                self.place(idx, p.digit.index());
            }
        }
    }
}
