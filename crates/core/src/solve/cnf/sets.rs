//! The CNF of rules over a set of cells that are not sums of them: rellik and equality cages.

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

    /// Different digits, as many even as odd and as many in the lower half of `1..=N` as in
    /// the upper half; on an odd side, not the middle digit.
    pub(super) fn equality(&mut self, cells: &[Cell]) {
        self.all_different(cells);
        let n = self.n as u16;
        let half = n / 2;
        if n % 2 == 1 {
            for &c in cells {
                self.clause([-self.x(c, half + 1)]);
            }
        }
        let k = cells.len() as u32;
        let kinds: [&dyn Fn(u16) -> bool; 2] = [&|d: u16| d % 2 == 0, &|d: u16| d <= half];
        for (i, is) in kinds.iter().enumerate() {
            // Counted: evens, then low digits; the others are odd, and high (the middle is out).
            let other: &dyn Fn(u16) -> bool = if i == 0 {
                &|d| d % 2 == 1
            } else {
                &|d| d > n - half
            };
            self.automaton(
                cells,
                (0u32, 0u32),
                |_, (a, b), d| {
                    if is(d) {
                        Some((a + 1, b))
                    } else if other(d) {
                        Some((a, b + 1))
                    } else {
                        None
                    }
                },
                |(a, b)| a == b && a + b == k,
            );
        }
    }
}
