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
//! | constraint logic, innies and outies, the law of leftovers | `constraints.rs` | variants |
//! | combined cages (the killer cages inside a house split its digits) | `cages.rs` | variants |
//! | constraint contradictions and pointing (what one constraint cannot live with) | `contradictions.rs` | variants |
//!
//! A variant puzzle's board ([`Board::from_puzzle`], `variant.rs`) folds its regions, extra
//! groups, peers and candidate links into what every technique reads, and its constraints'
//! own reasoning comes as steps of its own ([`explain_variant`], [`hint_variant`]).
//!
//! Every step is sound on its own: no technique guesses. The uniqueness techniques are the one
//! exception in spirit: they assume the puzzle has exactly one solution, so they run only when
//! the caller says it does ([`Options::unique`]).

mod als;
mod board;
mod cages;
mod chains;
mod constraints;
mod contradictions;
mod extras;
mod fish;
mod hint;
mod intersections;
mod rate;
mod single_digit;
mod singles;
mod step;
mod subsets;
mod uniqueness;
mod variant;
mod wings;

use serde::Serialize;

use crate::grid::Grid;
use crate::solve::Stop;
use crate::variant::Puzzle;
pub use board::{Board, LogicError};
pub use hint::{Hint, Mistake, hint, hint_variant, hint_variant_with};
pub use rate::{Level, Rating, Scale, rate, rate_variant, rate_with, rate_within};
pub use step::{Candidate, Step, Technique};

/// Which techniques a logical solve may use, and when it gives up.
#[derive(Clone, Debug)]
pub struct Options {
    /// The techniques, tried in this order; the first that applies gives the step.
    pub techniques: Vec<Technique>,
    /// Whether the puzzle is known to have exactly one solution (enables the uniqueness
    /// techniques).
    pub unique: bool,
    /// When [`explain_with`] gives up (its deadline and flag; see [`Board::with_stop`]).
    pub stop: Stop,
}

impl Default for Options {
    /// Every technique, simplest first, uniqueness techniques off, no time limit.
    fn default() -> Self {
        Options {
            techniques: Technique::ALL.to_vec(),
            unique: false,
            stop: Stop::default(),
        }
    }
}

/// How a logical solve ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Every cell is filled.
    Solved,
    /// No technique applies any more.
    Stuck,
    /// The time ran out (or the caller's flag went up) before the grid was solved.
    Interrupted,
}

impl Outcome {
    /// How a solve that found no further step on `board` ended.
    pub fn of(board: &Board) -> Outcome {
        if board.is_solved() {
            Outcome::Solved
        } else if board.interrupted() {
            Outcome::Interrupted
        } else {
            Outcome::Stuck
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
    /// Why the steps end.
    pub outcome: Outcome,
}

impl Explanation {
    /// Whether the steps solved the grid.
    pub fn solved(&self) -> bool {
        self.outcome == Outcome::Solved
    }
}

/// The simplest step on `board` with the given techniques, if any applies. `None` also when
/// the board's stop has fired ([`Board::interrupted`]).
pub fn next_step(board: &Board, options: &Options) -> Option<Step> {
    if board.is_broken() {
        return None;
    }
    options
        .techniques
        .iter()
        .filter(|t| (options.unique && !board.is_variant()) || !t.needs_uniqueness())
        .take_while(|_| !board.interrupted())
        .find_map(|&t| find(board, t))
}

/// Solves `grid` step by step with the given techniques, as far as they go (or until
/// `options.stop`).
pub fn explain_with(grid: &Grid, options: &Options) -> Result<Explanation, LogicError> {
    Ok(solve_board(Board::new(grid)?, options))
}

/// Solves a variant puzzle step by step with the given techniques (the uniqueness ones are
/// never used on variants), as far as they go (or until `options.stop`).
pub fn explain_variant(puzzle: &Puzzle, options: &Options) -> Result<Explanation, LogicError> {
    Ok(solve_board(Board::from_puzzle(puzzle)?, options))
}

/// Applies the simplest step again and again.
fn solve_board(board: Board, options: &Options) -> Explanation {
    let mut board = board.with_stop(&options.stop);
    let mut steps = Vec::new();
    while !board.is_solved() {
        let Some(step) = next_step(&board, options) else {
            break;
        };
        board.apply(&step);
        steps.push(step);
    }
    let outcome = Outcome::of(&board);
    Explanation {
        steps,
        board,
        outcome,
    }
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
        Pointing | DirectPointing | DirectClaiming => intersections::find(board, t),
        Claiming => intersections::find(board, t).or_else(|| intersections::locked(board)),
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
        NestedForcingChain => chains::nested(board),
        ConstraintLogic | InniesOuties | LawOfLeftovers => constraints::find(board, t),
        CombinedCages => cages::combined(board),
        ConstraintContradiction => contradictions::contradiction(board),
        ConstraintPointing => contradictions::pointing(board),
    }
}
