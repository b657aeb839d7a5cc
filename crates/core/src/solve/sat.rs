//! A reference engine on CaDiCaL (feature `sat`): the grid as CNF, solved by a CDCL solver.
//!
//! The encoding keeps only the candidates left by the givens (Kwon and Jain's reduced
//! encoding): a variable for each (empty cell, candidate digit); for each empty cell, "at least
//! one" and pairwise "at most one" of its candidates; for each house and missing digit, the same
//! over the cells of the house that may take it. Each solution found is blocked by a clause, so
//! the next call finds another: the engine enumerates like the others. The CNF is written on
//! the first call, under the same watch as the search.

use cadical::{Callbacks, Solver};

use crate::grid::Grid;

/// Asks the solver to stop when the engine's [`super::Watch`] fires.
#[derive(Debug)]
struct Halt {
    watch: super::Watch,
    ticks: u64,
}

impl Callbacks for Halt {
    fn terminate(&mut self) -> bool {
        self.ticks += super::Watch::EVERY;
        self.watch.due(self.ticks)
    }
}

pub(crate) struct Sat {
    givens: Grid,
    values: Vec<u16>,
    /// Variable `v` (1-based) is cell `vars[v - 1].0` holding digit value `vars[v - 1].1`.
    vars: Vec<(u32, u16)>,
    solver: Option<Solver<Halt>>,
    unsat: bool,
    pub(crate) watch: super::Watch,
    guesses: u64,
}

impl std::fmt::Debug for Sat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sat")
            .field("vars", &self.vars.len())
            .finish()
    }
}

impl Clone for Sat {
    /// A clone starts the search over (a SAT solver's state cannot be copied); it encodes the
    /// grid again on its first call.
    fn clone(&self) -> Sat {
        let mut sat = Sat::new(&self.givens);
        sat.watch = self.watch.clone();
        sat
    }
}

impl Sat {
    pub(crate) fn new(grid: &Grid) -> Sat {
        Sat {
            givens: grid.clone(),
            values: grid.values().to_vec(),
            vars: Vec::new(),
            solver: None,
            unsat: !grid.conflicts().is_empty(),
            watch: super::Watch::default(),
            guesses: 0,
        }
    }

    /// The CNF of the givens, or `None` when the watch fired while it was being written: on a
    /// large sparse grid the pairwise clauses alone run to tens of millions (an empty 81×81
    /// grid: about 85 million), so the encoding, not only the search, must be bounded.
    fn encode(&mut self) -> Option<Solver<Halt>> {
        let grid = &self.givens;
        let shape = grid.shape();
        let n = shape.side();
        let mut solver: Solver<Halt> = Solver::new();
        // var[cell * n + d] for the candidates of empty cells, 0 otherwise.
        let mut var = vec![0i32; n * n * n];
        for index in 0..n * n {
            if self.values[index] != 0 {
                continue;
            }
            let cell = shape.cell(index);
            let lits: Vec<i32> = grid
                .candidates(cell)
                .iter()
                .map(|d| {
                    self.vars.push((index as u32, d.get() as u16));
                    let v = self.vars.len() as i32;
                    var[index * n + d.index()] = v;
                    v
                })
                .collect();
            if self.watch.expired() {
                return None;
            }
            exactly_one(&mut solver, &lits);
        }
        for house in shape.houses() {
            let cells: Vec<usize> = shape.cells_of(house).map(|c| shape.index(c)).collect();
            if self.watch.expired() {
                return None;
            }
            for d in 0..n {
                if cells.iter().any(|&c| self.values[c] as usize == d + 1) {
                    continue;
                }
                let lits: Vec<i32> = cells
                    .iter()
                    .map(|&c| var[c * n + d])
                    .filter(|&v| v != 0)
                    .collect();
                exactly_one(&mut solver, &lits);
            }
        }
        Some(solver)
    }

    pub(crate) fn guesses(&self) -> u64 {
        self.guesses
    }

    pub(crate) fn next_solution(&mut self) -> Option<&[u16]> {
        if self.unsat {
            return None;
        }
        if self.solver.is_none() {
            self.vars.clear();
            self.solver = Some(self.encode()?);
        }
        let solver = self.solver.as_mut()?;
        solver.set_callbacks(Some(Halt {
            watch: self.watch.clone(),
            ticks: 0,
        }));
        let result = solver.solve();
        if let Some(halt) = solver.get_callbacks() {
            self.watch.fired |= halt.watch.fired;
        }
        if result != Some(true) {
            self.unsat = true;
            return None;
        }
        let mut block = Vec::new();
        for (i, &(cell, value)) in self.vars.iter().enumerate() {
            let v = i as i32 + 1;
            if solver.value(v) == Some(true) {
                self.values[cell as usize] = value;
                block.push(-v);
            }
        }
        solver.add_clause(block);
        Some(&self.values)
    }
}

/// At least one of `lits`, and no two (pairwise). An empty list is a contradiction.
fn exactly_one(solver: &mut Solver<Halt>, lits: &[i32]) {
    solver.add_clause(lits.iter().copied());
    for (i, &a) in lits.iter().enumerate() {
        for &b in &lits[i + 1..] {
            solver.add_clause([-a, -b]);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use super::Sat;
    use crate::grid::{Grid, Shape};
    use crate::solve::{Stop, Watch};

    #[test]
    fn a_passed_deadline_stops_the_encoding_itself() {
        let empty = Grid::empty(Shape::new(5, 5).unwrap());
        let mut sat = Sat::new(&empty);
        sat.watch = Watch {
            stop: Stop {
                deadline: Some(Instant::now()),
                ..Stop::default()
            },
            ..Watch::default()
        };
        assert!(sat.next_solution().is_none());
        assert!(sat.watch.fired);
        assert!(sat.solver.is_none());
        // Stopped at the first cell: one cell's variables, not the 15,625 of the grid.
        assert_eq!(sat.vars.len(), 25);
        // Without a deadline the same grid is encoded and solved.
        let mut free = Sat::new(&empty);
        let values = free.next_solution().unwrap().to_vec();
        let solution = Grid::from_values(empty.shape(), &values).unwrap();
        assert!(solution.is_solution_of(&empty));
        assert_eq!(free.vars.len(), 25 * 25 * 25);
    }
}
