//! The CNF of rules over a set of cells that are not sums of them: rellik cages.

use super::Cnf;
use crate::Cell;

impl Cnf {
    /// A variable a digit of `1..=N` (index `d − 1`) true exactly when one of `cells` holds it.
    fn present(&mut self, cells: &[Cell]) -> Vec<i32> {
        let digits: Vec<u16> = self.digits().collect();
        let mut out = Vec::with_capacity(digits.len());
        for d in digits {
            let p = self.fresh();
            let xs: Vec<i32> = cells.iter().map(|&c| self.x(c, d)).collect();
            for &x in &xs {
                self.clause([-x, p]);
            }
            self.clause(std::iter::once(-p).chain(xs));
            out.push(p);
        }
        out
    }

    /// No set of the digits present in `cells` (one or more) adds up to `total`: `made(d, t)`,
    /// "some set of the present digits up to `d` makes `t`", is forced true by the digits
    /// present and must be false for `total` with every digit.
    pub(super) fn no_set_makes(&mut self, cells: &[Cell], total: u32) {
        let n = self.n;
        let total = total as usize;
        if total > n * (n + 1) / 2 {
            // No set of different digits makes it.
            return;
        }
        let present = self.present(cells);
        // made[t] after digits 1..=d, for t in 1..=total (the empty set makes 0).
        let mut made: Vec<Option<i32>> = vec![None; total + 1];
        for (i, &p) in present.iter().enumerate() {
            let d = i + 1;
            let mut next = vec![None; total + 1];
            for t in 1..=total {
                let v = self.fresh();
                if let Some(before) = made[t] {
                    self.clause([-before, v]);
                }
                if t == d {
                    self.clause([-p, v]);
                } else if t > d {
                    if let Some(rest) = made[t - d] {
                        self.clause([-p, -rest, v]);
                    }
                }
                next[t] = Some(v);
            }
            made = next;
        }
        if let Some(Some(v)) = made.get(total) {
            self.clause([-*v]);
        }
    }
}
