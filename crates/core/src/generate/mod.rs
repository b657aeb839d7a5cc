//! Puzzle generation, classic and variant: puzzles with exactly one solution, each made from
//! its own random stream (the generator's seed and the puzzle's index), so that a run is
//! reproducible and the `i`-th puzzle does not depend on how many threads made the others.
//!
//! - [`Generator`]: classic puzzles of any shape, with a symmetric clue pattern, optionally
//!   minimal, optionally within a difficulty range (the steps below).
//! - [`variant::Generator`]: killer, jigsaw, thermometer, kropki and other variant puzzles,
//!   and combinations of them.
//!
//! Both dig by the orbits of a [`Symmetry`], make candidates until one fits the options and
//! keep a puzzle only when its rating falls in the band asked for ([`Difficulty`]). Generation
//! stands above the engines (`solve`, which checks uniqueness) and the logic (which rates).
//!
//! # Classic puzzles
//!
//! 1. A random solution: up to 64×64, the boxes on the diagonal (which share no row or column)
//!    get random permutations and the solver completes the grid; beyond, where that completion
//!    is a search too long, random switches mix the pattern grid (`switched`). Then a random
//!    relabelling, band and row permutation (and transposition for square boxes) mixes the
//!    result.
//! 2. Digging: the cells are grouped in *orbits* of the symmetry (a cell and its images), and
//!    the orbits are emptied in random order, each kept empty only if the puzzle stays unique
//!    (a count of solutions up to 2; for a single cell beyond 9×9, a search for a solution
//!    with another digit there), each check within a budget of guesses (`check_budget`).
//! 3. With `minimal`, every remaining clue is tried alone; if one can go, the puzzle is not
//!    minimal and another is made (with no symmetry, digging one cell at a time already gives
//!    minimal puzzles).
//! 4. With a rating range, the puzzle is rated ([`crate::logic::rate`]) and another is made
//!    until one falls in the range.

mod attempts;
mod classic;
mod symmetry;
pub mod variant;

pub use attempts::Difficulty;
pub use classic::{Generated, Generator, Options, is_minimal};
pub use symmetry::Symmetry;

#[cfg(test)]
pub(crate) use classic::{holed_pattern, pattern};

#[cfg(test)]
mod tests {
    use super::*;

    /// One name a symmetry and a difficulty, the same in text, in JSON (serde) and back: the
    /// command line, the HTTP API and the Python package all spell them so.
    #[test]
    fn names_are_the_wire_names() {
        let names: Vec<&str> = Symmetry::ALL.iter().map(|s| s.name()).collect();
        assert_eq!(
            names,
            [
                "none",
                "rot180",
                "rot90",
                "mirror",
                "flip",
                "diagonal",
                "antidiagonal",
                "dihedral",
                "full"
            ]
        );
        for s in Symmetry::ALL {
            assert_eq!(Symmetry::from_name(s.name()), Some(s));
            assert_eq!(s.to_string(), s.name());
            let json = serde_json::to_string(&s).unwrap();
            assert_eq!(json, format!("\"{}\"", s.name()));
            assert_eq!(serde_json::from_str::<Symmetry>(&json).unwrap(), s);
        }
        let names: Vec<&str> = Difficulty::ALL.iter().map(|d| d.name()).collect();
        assert_eq!(names, ["easy", "medium", "hard", "expert", "extreme"]);
        for d in Difficulty::ALL {
            assert_eq!(Difficulty::from_name(d.name()), Some(d));
            assert_eq!(d.range(), d.level().range());
            let json = serde_json::to_string(&d).unwrap();
            assert_eq!(json, format!("\"{}\"", d.name()));
            assert_eq!(serde_json::from_str::<Difficulty>(&json).unwrap(), d);
        }
        assert_eq!(Symmetry::from_name("anti-diagonal"), None);
        assert_eq!(Difficulty::from_name("stuck"), None);
        assert!(serde_json::from_str::<Difficulty>("\"Easy\"").is_err());
    }
}
