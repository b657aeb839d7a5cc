//! Difficulty rating on Sudoku Explainer's ER scale.
//!
//! The scale, technique by technique, is described on [`rate`].

use serde::Serialize;

use super::Outcome;
use super::board::{Board, LogicError};
use super::step::{Step, Technique};
use super::{chains, fish, intersections, single_digit, singles, subsets, uniqueness, wings};
use crate::grid::Grid;
use crate::solve::{Engine, Solutions, Stop};

/// A named band of the ER scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// ER ≤ 2.3: singles.
    Easy,
    /// ER ≤ 3.4: intersections, pairs, X-Wing.
    Medium,
    /// ER ≤ 4.8: triples, Swordfish, wings, unique rectangles.
    Hard,
    /// ER ≤ 7.2: quads, Jellyfish, BUG, short chains.
    Expert,
    /// ER > 7.2: long chains, forcing chains and nets.
    Extreme,
    /// Logic found no further step on a puzzle that has one solution (ER 20.0, as Sudoku
    /// Explainer writes for what it cannot rate).
    Stuck,
}

impl Level {
    /// The level of an ER value.
    pub fn of(er: f64) -> Level {
        match er {
            x if x <= 2.3 => Level::Easy,
            x if x <= 3.4 => Level::Medium,
            x if x <= 4.8 => Level::Hard,
            x if x <= 7.2 => Level::Expert,
            x if x < 20.0 => Level::Extreme,
            _ => Level::Stuck,
        }
    }

    /// The ER values of the level (ratings have one decimal).
    pub fn range(self) -> std::ops::RangeInclusive<f64> {
        match self {
            Level::Easy => 1.0..=2.3,
            Level::Medium => 2.4..=3.4,
            Level::Hard => 3.5..=4.8,
            Level::Expert => 4.9..=7.2,
            Level::Extreme => 7.3..=19.9,
            Level::Stuck => 20.0..=20.0,
        }
    }

    /// The level's name.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
            Level::Stuck => "stuck",
        }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A puzzle's difficulty.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rating {
    /// The hardest step's difficulty on Sudoku Explainer's ER scale; 20.0 if unsolved.
    pub er: f64,
    /// The first step's difficulty (Sudoku Explainer's ED).
    pub ed: f64,
    /// The level the ER falls in.
    pub level: Level,
    /// The technique of the hardest step.
    pub hardest: Option<Technique>,
    /// How many steps the solve took.
    pub steps: usize,
    /// Whether the solve finished: when it got stuck, the ER is 20.0; when it was
    /// interrupted, the ER is that of the steps found so far.
    pub outcome: Outcome,
    /// The hardest step found: the ER when the solve finished, and how far logic got when it
    /// did not.
    pub reached: f64,
}

/// A variant puzzle's difficulty: its steps as [`explain_variant`](super::explain_variant)
/// takes them (every technique, simplest first), the ER being the hardest step's (20.0 when
/// logic gets stuck; see `docs/variants.md` for the constraint steps' values).
pub fn rate_variant(puzzle: &crate::variant::Puzzle, stop: &Stop) -> Result<Rating, LogicError> {
    let options = super::Options {
        stop: stop.clone(),
        ..super::Options::default()
    };
    let exp = super::explain_variant(puzzle, &options)?;
    let hardest = exp
        .steps
        .iter()
        .max_by(|a, b| a.difficulty.total_cmp(&b.difficulty));
    let reached = hardest.map_or(0.0, |s| s.difficulty);
    let er = if exp.outcome == Outcome::Stuck {
        20.0
    } else {
        reached
    };
    Ok(Rating {
        er,
        ed: exp.steps.first().map_or(0.0, |s| s.difficulty),
        level: Level::of(er),
        hardest: hardest.map(|s| s.technique),
        steps: exp.steps.len(),
        outcome: exp.outcome,
        reached,
    })
}

type Finder = fn(&Board) -> Option<Step>;

/// Which explainer's technique set the rating follows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Scale {
    /// Sukaku Explainer (the Sudoku Exchange ratings, among others): Sudoku Explainer's
    /// techniques plus single-digit chains of strong links (Skyscraper 4.0, 2-String Kite
    /// 4.1, Turbot Fish 4.2, empty rectangle 4.3, three links 5.4, four 5.8, five 6.2).
    #[default]
    Sukaku,
    /// Sudoku Explainer 1.2.1 alone, where those patterns are X-chains (6.6 and up).
    Classic,
}

/// Sudoku Explainer's techniques, in its order.
/// Each finder, whether it needs a unique puzzle, and whether only Sukaku Explainer has it.
const SE: &[(Finder, bool, bool)] = &[
    (singles::hidden_single, false, false),
    (
        |b| intersections::find(b, Technique::DirectPointing),
        false,
        false,
    ),
    (
        |b| intersections::find(b, Technique::DirectClaiming),
        false,
        false,
    ),
    (|b| subsets::hidden(b, 2, true), false, false),
    (singles::naked_single, false, false),
    (|b| subsets::hidden(b, 3, true), false, false),
    (
        |b| {
            intersections::find(b, Technique::Pointing)
                .or_else(|| intersections::find(b, Technique::Claiming))
        },
        false,
        false,
    ),
    (|b| subsets::naked(b, 2), false, false),
    (|b| fish::basic(b, 2), false, false),
    (|b| subsets::hidden(b, 2, false), false, false),
    (|b| subsets::naked(b, 3), false, false),
    (|b| fish::basic(b, 3), false, false),
    (|b| subsets::hidden(b, 3, false), false, false),
    (|b| chains::strong_links(b, 2, 2), false, true),
    (single_digit::empty_rectangle, false, true),
    (wings::xy_wing, false, false),
    (wings::xyz_wing, false, false),
    (unique_rectangle, true, false),
    (|b| wings::big_wing(b, 4), false, true),
    (|b| subsets::naked(b, 4), false, false),
    (|b| fish::basic(b, 4), false, false),
    (|b| subsets::hidden(b, 4, false), false, false),
    (|b| chains::strong_links(b, 3, 3), false, true),
    (uniqueness::bug_plus_one, true, false),
    (|b| chains::strong_links(b, 4, 5), false, true),
    (|b| chains::unary_all(b).map(|f| f.step), false, false),
    (chains::nishio, false, false),
    (chains::multiple, false, false),
    (|b| chains::dynamic(b, 0), false, false),
    (|b| chains::dynamic(b, 1), false, false),
    (chains::nested, false, false),
];

/// The easiest unique rectangle (Sudoku Explainer looks for all types at once).
fn unique_rectangle(board: &Board) -> Option<Step> {
    [
        Technique::UniqueRectangle1,
        Technique::UniqueRectangle2,
        Technique::UniqueRectangle4,
        Technique::UniqueRectangle3,
    ]
    .into_iter()
    .filter_map(|t| uniqueness::rectangle(board, t))
    .min_by(|a, b| a.difficulty.total_cmp(&b.difficulty))
}

/// The next step Sudoku Explainer would take.
pub(super) fn se_step(board: &Board, unique: bool, scale: Scale) -> Option<Step> {
    if board.is_broken() {
        return None;
    }
    SE.iter()
        .filter(|(_, needs_unique, sukaku)| {
            (unique || !needs_unique) && (scale == Scale::Sukaku || !sukaku)
        })
        .take_while(|_| !board.interrupted())
        .find_map(|(f, _, _)| f(board))
}

/// Rates a puzzle on Sudoku Explainer's ER scale. Uniqueness techniques are used when the
/// puzzle has exactly one solution.
///
/// The rater solves the puzzle the way Sudoku Explainer 1.2.1 does: at each step it takes the
/// first technique in the list below that applies (for chains, the easiest chain found), and
/// the rating is the hardest step's difficulty. 20.0 means no technique applies (the puzzle
/// needs more than Sudoku Explainer's deepest nesting; [`Rating::reached`] says how far logic
/// got).
///
/// | ER | technique |
/// |---|---|
/// | 1.2 / 1.5 | hidden single in a box / a row or column |
/// | 1.7 / 1.9 | direct pointing / claiming (leaves a hidden single) |
/// | 2.0 / 2.5 | direct hidden pair / triple |
/// | 2.3 | naked single |
/// | 2.6 / 2.8 | pointing / claiming |
/// | 3.0, 3.6, 5.0 | naked pair, triple, quad |
/// | 3.2, 3.8, 5.2 | X-Wing, Swordfish, Jellyfish |
/// | 3.4, 4.0, 5.4 | hidden pair, triple, quad |
/// | 4.2, 4.4 | XY-Wing, XYZ-Wing |
/// | 4.5–4.8 | unique rectangles (unique puzzles only) |
/// | 5.6 | BUG+1 |
/// | 6.5+ / 6.6+ / 7.0+ | X- or XY-loops / X-chains / chains mixing both links |
/// | 7.5+ | Nishio forcing chains |
/// | 8.0+ | cell and region forcing chains |
/// | 8.5+ | dynamic forcing chains |
/// | 9.0+ | dynamic forcing chains (+) |
/// | 9.5+ / 10.0+ / 10.5+ | nested forcing chains: unary / cell and region / dynamic chains nested |
///
/// With the `Sukaku` scale: Skyscraper 4.0, 2-String Kite 4.1, Turbot Fish 4.2, empty rectangle
/// 4.3, WXYZ-Wing 4.6–4.7, three strong links 5.4–5.6, four 5.8–6.0, five 6.2–6.4.
///
/// Chains add 0.1 each time their number of potentials, less two, passes 4, 6, 8, 12, 16,
/// 24, 32, 48 … Not modelled (yet): aligned pair and triplet exclusion (6.2, 7.5) and unique
/// loops longer than a rectangle; puzzles that need them come out a little higher.
pub fn rate(grid: &Grid) -> Result<Rating, LogicError> {
    rate_with(grid, Scale::default())
}

/// Rates a puzzle on the given explainer's scale.
pub fn rate_with(grid: &Grid, scale: Scale) -> Result<Rating, LogicError> {
    rate_within(grid, scale, &Stop::default())
}

/// Rates a puzzle on the given explainer's scale, giving up at the stop's deadline or flag:
/// then the rating is that of the steps found so far, with the outcome
/// [`Outcome::Interrupted`].
pub fn rate_within(grid: &Grid, scale: Scale, stop: &Stop) -> Result<Rating, LogicError> {
    let mut rating = Rating {
        er: 0.0,
        ed: 0.0,
        level: Level::Easy,
        hardest: None,
        steps: 0,
        outcome: Outcome::Solved,
        reached: 0.0,
    };
    let mut solutions = Solutions::new(grid, Engine::Auto).with_stop(stop.clone());
    let unique = solutions.count_up_to(2).count == 1;
    let mut board = Board::new(grid)?.with_stop(stop);
    if solutions.interrupted() {
        rating.outcome = Outcome::Interrupted;
        return Ok(rating);
    }
    while !board.is_solved() {
        let Some(step) = se_step(&board, unique, scale) else {
            rating.outcome = Outcome::of(&board);
            if rating.outcome == Outcome::Stuck {
                rating.er = 20.0;
                rating.level = Level::Stuck;
            } else {
                rating.level = Level::of(rating.er);
            }
            return Ok(rating);
        };
        if rating.steps == 0 {
            rating.ed = step.difficulty;
        }
        if step.difficulty > rating.er {
            rating.er = step.difficulty;
            rating.reached = step.difficulty;
            rating.hardest = Some(step.technique);
        }
        rating.steps += 1;
        board.apply(&step);
    }
    rating.level = Level::of(rating.er);
    Ok(rating)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{ReadOptions, read_line};
    use crate::solve::Uniqueness;

    /// The community's hardest puzzles with their published ER, if `../shared` is here.
    fn hardest(limit: usize) -> Vec<(Grid, f64)> {
        let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../../shared/data/puzzles/rated/hardest_dev.txt");
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("skipped: {} is not here", path.display());
            return Vec::new();
        };
        text.lines()
            .filter_map(|line| {
                let (puzzle, er) = line.split_once(' ')?;
                let grid = read_line(puzzle, &ReadOptions::default()).ok()?;
                Some((grid, er.trim().parse().ok()?))
            })
            .take(limit)
            .collect()
    }

    /// Follows Sudoku Explainer's path through `grid`, checking every placement and
    /// elimination against the solution; returns the ER.
    fn replay(grid: &Grid) -> (f64, Vec<Step>) {
        let Uniqueness::Unique(solution) = grid.uniqueness() else {
            panic!("not unique: {grid:?}")
        };
        let mut board = Board::new(grid).unwrap();
        let mut er = 0.0f64;
        let mut steps = Vec::new();
        while !board.is_solved() {
            let step = se_step(&board, true, Scale::Sukaku)
                .unwrap_or_else(|| panic!("stuck: {:?}", board.grid()));
            for p in &step.placements {
                assert_eq!(solution.get(p.cell), Some(p.digit), "{step}");
            }
            for e in &step.eliminations {
                assert_ne!(solution.get(e.cell), Some(e.digit), "{step}");
            }
            er = er.max(step.difficulty);
            board.apply(&step);
            steps.push(step);
        }
        (er, steps)
    }

    #[test]
    fn nested_chains_are_sound_on_a_hardest_puzzle() {
        // ER 10.3: dynamic chains nesting unary and multiple forcing chains.
        for (grid, er) in hardest(1) {
            let (rated, steps) = replay(&grid);
            assert_eq!(rated, er);
            // The nested chains are shown under the step, one an indented line.
            assert!(
                steps
                    .iter()
                    .any(|s| s.reason.contains("\n    ") && s.reason.contains("by a nested chain")),
                "{}",
                steps[1]
            );
        }
    }

    /// `cargo test --release -p nsudoku --lib hardest_ten -- --ignored`.
    #[test]
    #[ignore = "a minute or two; reads ../shared"]
    fn hardest_ten_are_sound() {
        for (grid, _) in hardest(10) {
            replay(&grid);
        }
    }

    #[test]
    fn levels_and_their_ranges_agree() {
        for er in (10..=200).map(|x| x as f64 / 10.0) {
            let level = Level::of(er);
            assert!(level.range().contains(&er), "{er} {level}");
        }
    }
}
