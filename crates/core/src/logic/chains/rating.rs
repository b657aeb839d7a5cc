//! How chains compare: a step with its sort key (rating, then potentials involved), and Sudoku
//! Explainer's rating increment for a chain's length.

use crate::logic::step::Step;

/// A chain step with its sort key (rating, potentials involved).
pub(in crate::logic) struct Found {
    pub(super) difficulty: f64,
    pub(super) complexity: usize,
    /// Sudoku Explainer's sort key among equals (the multiple searches; 0 elsewhere).
    pub(super) kind: u8,
    pub(in crate::logic) step: Step,
}

pub(super) fn better(a: &Option<Found>, b: &Found) -> bool {
    match a {
        None => true,
        Some(a) => (b.difficulty, b.complexity, b.kind) < (a.difficulty, a.complexity, a.kind),
    }
}

/// Sudoku Explainer's rating increment for a chain of `complexity` potentials.
pub(super) fn length_difficulty(complexity: usize) -> f64 {
    let length = complexity as i64 - 2;
    let (mut added, mut ceil, mut odd) = (0.0, 4i64, false);
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

pub(super) fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_increments_follow_sudoku_explainer() {
        // +0.1 once the chain has more than 4, 6, 8, 12, 16, 24 … potentials beyond two.
        assert_eq!(length_difficulty(6), 0.0);
        assert_eq!(round1(length_difficulty(7)), 0.1);
        assert_eq!(round1(length_difficulty(9)), 0.2);
        assert_eq!(round1(length_difficulty(11)), 0.3);
        assert_eq!(round1(length_difficulty(15)), 0.4);
        assert_eq!(round1(length_difficulty(19)), 0.5);
    }
}
