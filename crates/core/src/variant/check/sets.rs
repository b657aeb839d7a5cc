//! The checker's rules over sets of cells beyond killer cages: rellik and equality cages.

use super::{Check, and_list, and_words, span};
use crate::Cell;
use crate::variant::Constraint;

impl Check<'_> {
    /// Rules over sets of cells; nothing for the others.
    pub(super) fn set_rules(&mut self, constraint: &Constraint) {
        if let Constraint::Equality { cells } = constraint {
            self.equality(cells);
        }
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

impl Check<'_> {
    /// Different digits, as many even as odd and as many low as high, not the middle digit.
    fn equality(&mut self, cells: &[Cell]) {
        let what = format!("equality cage {}", span(cells));
        self.duplicates(cells, &what);
        let n = self.n as u16;
        let half = n / 2;
        let k = cells.len();
        let filled: Vec<(Cell, u16)> = cells
            .iter()
            .filter_map(|&c| self.get(c).map(|v| (c, v)))
            .collect();
        if n % 2 == 1 {
            for &(c, v) in &filled {
                if v == half + 1 {
                    let m = format!("{what}: {v} at {c} is the middle digit");
                    self.report(vec![c], m);
                }
            }
        }
        let kinds: [(&str, &dyn Fn(u16) -> bool); 4] = [
            ("even", &|d| d % 2 == 0),
            ("odd", &|d| d % 2 == 1),
            ("low", &|d| d <= half),
            ("high", &|d| d > n - half),
        ];
        // More than half the cage of one kind: no filling evens it out.
        for (name, is) in kinds {
            let of: Vec<Cell> = filled.iter().filter(|f| is(f.1)).map(|f| f.0).collect();
            if of.len() * 2 > k {
                let m = format!(
                    "{what}: {} {name} digits in {k} cells ({})",
                    of.len(),
                    and_list(&of)
                );
                self.report(of, m);
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
