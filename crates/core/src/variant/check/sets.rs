//! The checker's rules over sets of cells beyond killer cages: rellik cages.

use super::{Check, and_words, span};
use crate::Cell;
use crate::variant::Constraint;

impl Check<'_> {
    /// Rules over sets of cells; nothing for the others.
    pub(super) fn set_rules(&mut self, constraint: &Constraint) {
        if let Constraint::Rellik { cells, sum } = constraint {
            let what = format!("rellik cage {}", span(cells));
            self.duplicates(cells, &what);
            // Filled digits alone already make the total: no filling mends it.
            let filled: Vec<(Cell, u16)> = cells
                .iter()
                .filter_map(|&c| self.get(c).map(|v| (c, v)))
                .collect();
            if let Some(set) = making(&filled, *sum) {
                let parts: Vec<String> = set
                    .iter()
                    .map(|&i| format!("{} at {}", filled[i].1, filled[i].0))
                    .collect();
                let verb = if set.len() == 1 { "is" } else { "add up to" };
                let m = format!("{what}: {} {verb} {sum}", and_words(&parts));
                self.report(set.iter().map(|&i| filled[i].0).collect(), m);
            }
        }
    }
}

/// The places in `items` of a set of their digits (each item once) adding up to `total`, if
/// there is one.
fn making(items: &[(Cell, u16)], total: u32) -> Option<Vec<usize>> {
    let total = total as usize;
    // by[t]: the last item of a set making t, found with the items before it.
    let mut by: Vec<Option<usize>> = vec![None; total + 1];
    let mut reached = vec![false; total + 1];
    reached[0] = true;
    for (i, &(_, d)) in items.iter().enumerate() {
        let d = usize::from(d);
        for t in (d..=total).rev() {
            if !reached[t] && reached[t - d] {
                reached[t] = true;
                by[t] = Some(i);
            }
        }
    }
    if total == 0 || !reached[total] {
        return None;
    }
    let mut set = Vec::new();
    let mut t = total;
    while t > 0 {
        let i = by[t]?;
        set.push(i);
        t -= usize::from(items[i].1);
    }
    set.reverse();
    Some(set)
}
