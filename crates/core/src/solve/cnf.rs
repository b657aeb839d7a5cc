//! A second solver for variant puzzles, for tests: the puzzle as CNF, solved by CaDiCaL
//! (feature `sat`), its solutions enumerated by blocking each one found.
//!
//! The encoding is plain and written from the constraints' documentation, not from the
//! engine, so that the two can be compared: a variable `x(cell, digit)` for every cell and
//! digit, exactly one digit a cell, different digits in every row, column, region and group.
//! Relations of two or three cells forbid each wrong tuple of digits. Sums and rules read
//! along a row, column or line (cages, arrows, sandwiches, x-sums, skyscrapers, zippers,
//! region sum lines) are small automata run over their cells: a variable for each state the
//! reading may be in after each cell (only states reachable from the start and from which an
//! accepting end is reachable), and for each state and digit a clause to the next state, or
//! one ruling the digit out when it leads nowhere. The state after each cell is then forced by
//! the digits, so every solution of the grid is one model restricted to the `x` variables, and
//! blocking those variables alone enumerates the grids. Correctness over compactness: this is
//! meant for grids up to 9×9.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::hash::Hash;

use cadical::Solver;

use crate::Cell;
use crate::variant::{Constraint, NO_REGION, Negative, Puzzle};

/// The solutions of `puzzle`, up to `limit` of them, in the order CaDiCaL finds them.
pub fn solutions_cnf(puzzle: &Puzzle, limit: usize) -> Vec<Vec<u16>> {
    let mut cnf = Cnf::new(puzzle.size());
    cnf.encode(puzzle);
    let n = cnf.n;
    let mut found = Vec::new();
    while found.len() < limit && cnf.solver.solve() == Some(true) {
        let mut values = vec![0u16; n * n];
        let mut block = Vec::with_capacity(n * n);
        for (i, value) in values.iter_mut().enumerate() {
            let cell = Cell::new(i / n, i % n);
            for d in 1..=n as u16 {
                let x = cnf.x(cell, d);
                if cnf.solver.value(x) == Some(true) {
                    *value = d;
                    block.push(-x);
                }
            }
        }
        cnf.solver.add_clause(block);
        found.push(values);
    }
    found
}

/// The number of solutions of `puzzle` up to `limit`, and the first one found.
pub fn count_solutions_cnf(puzzle: &Puzzle, limit: usize) -> (usize, Option<Vec<u16>>) {
    let solutions = solutions_cnf(puzzle, limit);
    (solutions.len(), solutions.into_iter().next())
}

/// The solver and the numbering of its variables: `x(cell, digit)` first, then auxiliary ones.
struct Cnf {
    n: usize,
    solver: Solver,
    next: i32,
}

impl Cnf {
    fn new(n: usize) -> Cnf {
        Cnf {
            n,
            solver: Solver::new(),
            next: (n * n * n) as i32 + 1,
        }
    }

    /// "`cell` holds `d`".
    fn x(&self, cell: Cell, d: u16) -> i32 {
        ((cell.row() * self.n + cell.col()) * self.n + usize::from(d)) as i32
    }

    fn fresh(&mut self) -> i32 {
        self.next += 1;
        self.next - 1
    }

    fn clause(&mut self, lits: impl IntoIterator<Item = i32>) {
        self.solver.add_clause(lits);
    }

    /// No solution at all.
    fn contradiction(&mut self) {
        let v = self.fresh();
        self.clause([v]);
        self.clause([-v]);
    }

    fn digits(&self) -> std::ops::RangeInclusive<u16> {
        1..=self.n as u16
    }

    /// No digit twice among `cells`; every digit once when there are `N` of them.
    fn all_different(&mut self, cells: &[Cell]) {
        for d in self.digits() {
            let lits: Vec<i32> = cells.iter().map(|&c| self.x(c, d)).collect();
            for (i, &a) in lits.iter().enumerate() {
                for &b in &lits[i + 1..] {
                    self.clause([-a, -b]);
                }
            }
            if cells.len() == self.n {
                self.clause(lits);
            }
        }
    }

    /// Rules out every pair of digits of `a` and `b` that `ok` rejects.
    fn pairs(&mut self, a: Cell, b: Cell, ok: impl Fn(u16, u16) -> bool) {
        for p in self.digits() {
            for q in self.digits() {
                if !ok(p, q) {
                    let clause = [-self.x(a, p), -self.x(b, q)];
                    self.clause(clause);
                }
            }
        }
    }

    /// Rules out every triple of digits of `a`, `b`, `c` that `ok` rejects.
    fn triples(&mut self, [a, b, c]: [Cell; 3], ok: impl Fn(u16, u16, u16) -> bool) {
        for p in self.digits() {
            for q in self.digits() {
                for r in self.digits() {
                    if !ok(p, q, r) {
                        let clause = [-self.x(a, p), -self.x(b, q), -self.x(c, r)];
                        self.clause(clause);
                    }
                }
            }
        }
    }

    /// The digits of `cells`, read in order from `start` by `step(position, state, digit)`
    /// (`None`: rejected), must end in a state `accept` takes.
    fn automaton<S: Copy + Eq + Hash>(
        &mut self,
        cells: &[Cell],
        start: S,
        step: impl Fn(usize, S, u16) -> Option<S>,
        accept: impl Fn(S) -> bool,
    ) {
        let k = cells.len();
        let digits: Vec<u16> = self.digits().collect();
        // States reachable after each cell.
        let mut layers: Vec<Vec<S>> = vec![vec![start]];
        for i in 0..k {
            let mut seen = HashSet::new();
            let mut next = Vec::new();
            for &s in &layers[i] {
                for &d in &digits {
                    if let Some(t) = step(i, s, d) {
                        if seen.insert(t) {
                            next.push(t);
                        }
                    }
                }
            }
            layers.push(next);
        }
        // Of those, the ones from which an accepting end can be reached.
        let mut live: Vec<HashSet<S>> = vec![HashSet::new(); k + 1];
        live[k] = layers[k].iter().copied().filter(|&s| accept(s)).collect();
        for i in (0..k).rev() {
            let ahead = &live[i + 1];
            live[i] = layers[i]
                .iter()
                .copied()
                .filter(|&s| {
                    digits
                        .iter()
                        .any(|&d| step(i, s, d).is_some_and(|t| ahead.contains(&t)))
                })
                .collect();
        }
        if !live[0].contains(&start) {
            self.contradiction();
            return;
        }
        let mut vars: Vec<HashMap<S, i32>> = Vec::with_capacity(k + 1);
        for layer in &live {
            let mut map = HashMap::new();
            for &s in layer {
                map.insert(s, self.fresh());
            }
            vars.push(map);
        }
        self.clause([vars[0][&start]]);
        for i in 0..k {
            // For each next state, the states and digits that lead to it (support clauses:
            // true of the one run the digits make, they help propagation backwards).
            let mut from: HashMap<S, (Vec<i32>, Vec<i32>)> = HashMap::new();
            for (&s, &v) in &vars[i] {
                for &d in &digits {
                    let x = self.x(cells[i], d);
                    match step(i, s, d).and_then(|t| vars[i + 1].get(&t).map(|&w| (t, w))) {
                        Some((t, w)) => {
                            self.clause([-v, -x, w]);
                            let entry = from.entry(t).or_default();
                            entry.0.push(v);
                            entry.1.push(x);
                        }
                        None => self.clause([-v, -x]),
                    }
                }
            }
            for (t, (states, xs)) in from {
                let w = vars[i + 1][&t];
                self.clause(std::iter::once(-w).chain(states.iter().copied()));
                self.clause(std::iter::once(-w).chain(xs.iter().copied()));
            }
        }
    }

    /// `Σ weight × digit` over `terms` equals `total`.
    fn linear(&mut self, terms: &[(Cell, i64)], total: i64) {
        let cells: Vec<Cell> = terms.iter().map(|t| t.0).collect();
        self.automaton(
            &cells,
            0i64,
            |i, s, d| Some(s + terms[i].1 * i64::from(d)),
            |s| s == total,
        );
    }

    fn encode(&mut self, puzzle: &Puzzle) {
        let n = self.n;
        for i in 0..n * n {
            let cell = Cell::new(i / n, i % n);
            let lits: Vec<i32> = self.digits().map(|d| self.x(cell, d)).collect();
            for (k, &a) in lits.iter().enumerate() {
                for &b in &lits[k + 1..] {
                    self.clause([-a, -b]);
                }
            }
            self.clause(lits);
            let given = puzzle.givens()[i];
            if given != 0 {
                self.clause([self.x(cell, given)]);
            }
            if let Some(candidates) = puzzle.candidates() {
                for d in self.digits() {
                    if candidates[i] >> (d - 1) & 1 == 0 {
                        self.clause([-self.x(cell, d)]);
                    }
                }
            }
        }
        for r in 0..n {
            let row: Vec<Cell> = (0..n).map(|c| Cell::new(r, c)).collect();
            self.all_different(&row);
            let column: Vec<Cell> = (0..n).map(|c| Cell::new(c, r)).collect();
            self.all_different(&column);
        }
        for cells in regions(puzzle).values() {
            self.all_different(cells);
        }
        for constraint in puzzle.constraints() {
            self.constraint(puzzle, constraint);
        }
    }

    fn constraint(&mut self, puzzle: &Puzzle, constraint: &Constraint) {
        let n = self.n;
        let top = n as u16;
        match constraint {
            Constraint::Diagonal(which) => {
                let cells = which.cells(n);
                self.all_different(&cells);
            }
            Constraint::AntiKnight => self.apart(&[(1, 2)]),
            Constraint::AntiKing => self.apart(&[(1, 1), (0, 1)]),
            Constraint::Chess { offsets } => {
                let moves: Vec<(isize, isize)> = offsets
                    .iter()
                    .map(|&(a, b)| (a as isize, b as isize))
                    .collect();
                self.apart(&moves);
            }
            Constraint::Taxicab { distance } => {
                let d = *distance as isize;
                let moves: Vec<(isize, isize)> = (0..=d).map(|a| (a, d - a)).collect();
                self.apart(&moves);
            }
            Constraint::NonConsecutive => {
                self.unmarked(puzzle, Negative::Difference, |p, q| p.abs_diff(q) != 1);
            }
            Constraint::Negative(Negative::Difference) => {
                let ds = puzzle.negative_values(Negative::Difference);
                self.unmarked(puzzle, Negative::Difference, |p, q| {
                    !ds.contains(&p.abs_diff(q))
                });
            }
            Constraint::Negative(Negative::Ratio) => {
                let rs = puzzle.negative_values(Negative::Ratio);
                self.unmarked(puzzle, Negative::Ratio, |p, q| {
                    rs.iter().all(|&r| p != r * q && q != r * p)
                });
            }
            Constraint::Negative(Negative::Xv) => {
                let sums = puzzle.negative_values(Negative::Xv);
                self.unmarked(puzzle, Negative::Xv, |p, q| !sums.contains(&(p + q)));
            }
            Constraint::DisjointGroups => {
                let mut groups: BTreeMap<usize, Vec<Cell>> = BTreeMap::new();
                for cells in regions(puzzle).values() {
                    for (place, &cell) in cells.iter().enumerate() {
                        groups.entry(place).or_default().push(cell);
                    }
                }
                for cells in groups.values() {
                    self.all_different(cells);
                }
            }
            Constraint::ExtraRegion { cells } => self.all_different(cells),
            Constraint::Even { cell } => {
                for d in self.digits().filter(|d| d % 2 == 1) {
                    self.clause([-self.x(*cell, d)]);
                }
            }
            Constraint::Odd { cell } => {
                for d in self.digits().filter(|d| d % 2 == 0) {
                    self.clause([-self.x(*cell, d)]);
                }
            }
            Constraint::Minimum { cell } | Constraint::Maximum { cell } => {
                let min = matches!(constraint, Constraint::Minimum { .. });
                for other in puzzle.extremum_neighbours(*cell, min) {
                    self.pairs(*cell, other, |p, q| if min { p < q } else { p > q });
                }
            }
            Constraint::Quadruple { cells, digits } => {
                let mut need: BTreeMap<u16, usize> = BTreeMap::new();
                for &d in digits {
                    *need.entry(d).or_default() += 1;
                }
                for (&d, &m) in &need {
                    // At least m of the k cells hold d: every k - m + 1 of them include one.
                    let k = cells.len();
                    if m > k {
                        self.contradiction();
                        continue;
                    }
                    for subset in subsets(k, k - m + 1) {
                        let lits: Vec<i32> = subset.iter().map(|&i| self.x(cells[i], d)).collect();
                        self.clause(lits);
                    }
                }
            }
            Constraint::Clone { cells, copies } => {
                for (&a, &b) in cells.iter().zip(copies) {
                    self.pairs(a, b, |p, q| p == q);
                }
            }
            Constraint::RowIndexer { cells } | Constraint::ColumnIndexer { cells } => {
                let rows = matches!(constraint, Constraint::RowIndexer { .. });
                for &cell in cells {
                    for v in self.digits() {
                        let k = usize::from(v) - 1;
                        let (target, wanted) = if rows {
                            (Cell::new(k, cell.col()), cell.row() + 1)
                        } else {
                            (Cell::new(cell.row(), k), cell.col() + 1)
                        };
                        let clause = [-self.x(cell, v), self.x(target, wanted as u16)];
                        self.clause(clause);
                    }
                }
            }
            Constraint::BoxIndexer { cells } => {
                let regions = regions(puzzle);
                for &cell in cells {
                    let region = puzzle.regions()[cell.row() * n + cell.col()];
                    let Some(members) = regions.get(&region) else {
                        continue;
                    };
                    let Some(place) = members.iter().position(|&c| c == cell) else {
                        continue;
                    };
                    for v in self.digits() {
                        match members.get(usize::from(v) - 1) {
                            Some(&target) => {
                                let clause = [-self.x(cell, v), self.x(target, place as u16 + 1)];
                                self.clause(clause);
                            }
                            None => self.clause([-self.x(cell, v)]),
                        }
                    }
                }
            }
            _ => self.sums(puzzle, constraint, top),
        }
    }

    /// Cells one of `moves` apart (any orientation) hold different digits.
    fn apart(&mut self, moves: &[(isize, isize)]) {
        let n = self.n as isize;
        let mut done = HashSet::new();
        for r in 0..n {
            for c in 0..n {
                for &(a, b) in moves {
                    for (dr, dc) in [
                        (a, b),
                        (b, a),
                        (-a, b),
                        (-b, a),
                        (a, -b),
                        (b, -a),
                        (-a, -b),
                        (-b, -a),
                    ] {
                        let (r2, c2) = (r + dr, c + dc);
                        if (dr, dc) == (0, 0) || r2 < 0 || r2 >= n || c2 < 0 || c2 >= n {
                            continue;
                        }
                        let a = Cell::new(r as usize, c as usize);
                        let b = Cell::new(r2 as usize, c2 as usize);
                        if done.insert((a.min(b), a.max(b))) {
                            self.pairs(a, b, |p, q| p != q);
                        }
                    }
                }
            }
        }
    }

    /// The pairs a negative rule of `kind` speaks of (no mark of its kind between them): only
    /// digits `ok` accepts.
    fn unmarked(&mut self, puzzle: &Puzzle, kind: Negative, ok: impl Fn(u16, u16) -> bool) {
        for (a, b) in puzzle.unmarked_pairs(kind) {
            self.pairs(a, b, &ok);
        }
    }
}

/// Each region's cells in reading order.
fn regions(puzzle: &Puzzle) -> BTreeMap<u16, Vec<Cell>> {
    let n = puzzle.size();
    let mut out: BTreeMap<u16, Vec<Cell>> = BTreeMap::new();
    for (i, &r) in puzzle.regions().iter().enumerate() {
        if r != NO_REGION {
            out.entry(r).or_default().push(Cell::new(i / n, i % n));
        }
    }
    out
}

/// Every subset of `size` of `0..k`.
fn subsets(k: usize, size: usize) -> Vec<Vec<usize>> {
    (0u32..1 << k)
        .filter(|m| m.count_ones() as usize == size)
        .map(|m| (0..k).filter(|i| m >> i & 1 != 0).collect())
        .collect()
}

mod sets;
mod sums;
#[cfg(test)]
mod tests;
