//! What the nested levels of the dynamic chains use when their links run dry (Sudoku
//! Explainer's `getAdvancedPotentials`): the rules below run on the working board, and every
//! elimination of the first rule that has any, with the removed candidates it relies on as
//! parents, joins the chain.
//!
//! | level | rules, tried in this order |
//! |---|---|
//! | 1 (9.0) | pointing and claiming, hidden pairs, naked pairs, X-Wings |
//! | 2 (9.5) | those, then unary chains and loops (forcing X- and XY-chains, cycles) |
//! | 3 (10.0) | those, then cell and region forcing chains (static) |
//! | 4 (10.5) | level 1's, then dynamic forcing chains nested at their own level 0–3 |
//!
//! Every instance of a rule counts, not only the easiest; an elimination found by several
//! keeps the easiest instance (rating, potentials, kind). A nested chain's parents are, for
//! each potential its chains set on, the candidates the outer chain removed that made it a
//! single (in its cell, or its digit's last place in a house); its complexity adds to the
//! outer chain's once.

use std::rc::Rc;

use super::engine::{Cause, Engine, Mode, NONE, Nest, Prop};
use super::hints::{Found, Hint, Root, Rule, Sink};
use super::multiple::multiple_search;
use super::unary::unary_collect;
use crate::logic::board::{Board, bits};

/// How many working boards' instances are kept.
const KNOWN: usize = 1 << 13;

/// An elimination a nested rule found: the potential, its parents (nodes), and the nested
/// chain behind it, if any.
pub(super) type Advanced = (u32, Vec<u32>, Option<Nest>);

impl Engine<'_> {
    /// Sudoku Explainer's `collectRuleParents`: for each potential set on along the chains
    /// ending at `ends`, the candidates of `src` the board lacks that made it a single.
    pub(super) fn rule_parents(
        &mut self,
        src: &[u64],
        prop: &Prop,
        ends: &[u32],
        root: Root,
        out: &mut Vec<u32>,
    ) {
        let board = self.board;
        let (geo, n) = (self.geo, self.n);
        let sets = self.sets.clone();
        let cur = &board.cands;
        self.walk(prop, ends, |nd| {
            if !nd.on && !matches!(root, Root::Cycle) {
                return;
            }
            let (cell, d) = (nd.pot as usize / n, nd.pot as usize % n);
            let house = match (nd.cause, root) {
                (Cause::Cell, _) | (Cause::Assumed, Root::Cell) => None,
                (Cause::House(h), _) => Some(h as usize),
                (Cause::Assumed, Root::House(h)) => Some(h),
                _ => return,
            };
            match house {
                None => {
                    for v in bits(src[cell] & !cur[cell]) {
                        push_new(out, (cell * n + v) as u32);
                    }
                }
                Some(h) => {
                    let cells = match geo.houses.get(h) {
                        Some(cells) => cells,
                        None => &sets.cells[h - geo.houses.len()],
                    };
                    for &c in cells {
                        let c = c as usize;
                        if (src[c] & !cur[c]) >> d & 1 == 1 {
                            push_new(out, (c * n + d) as u32);
                        }
                    }
                }
            }
        });
    }

    /// The candidates a potential set on removes from the board: its cell's others; or the
    /// candidate itself when it is off.
    pub(super) fn removals(&self, pot: u32, on: bool) -> Vec<u32> {
        let (cell, d) = self.split(pot);
        if on {
            bits(self.board.cands[cell] & !(1 << d))
                .map(|v| self.pot(cell, v))
                .collect()
        } else {
            vec![pot]
        }
    }

    /// The eliminations the nested rules find on the working board, with their parents
    /// (nodes of `prop`) and, for nested chains, the chain's complexity.
    pub(super) fn advanced(&mut self, mode: Mode) -> Vec<Advanced> {
        let mut hints = Rc::new((0, self.basic_rules()));
        if hints.1.is_empty() && mode.level >= 2 {
            let rules: &[Rule] = match mode.level {
                2 => &[Rule::Unary],
                3 => &[Rule::Unary, Rule::Multiple],
                _ => &[Rule::Dynamic(mode.limit)],
            };
            for &rule in rules {
                hints = self.nested_hints(rule);
                if !hints.1.is_empty() {
                    break;
                }
            }
        }
        let mut out = Vec::new();
        for (i, h) in hints.1.iter().enumerate() {
            let parents: Vec<u32> = h
                .parents
                .iter()
                .map(|&p| self.off_at[p as usize])
                .filter(|&x| x != NONE)
                .collect();
            if parents.is_empty() {
                continue;
            }
            let nest = h.chain.as_ref().map(|tree| Nest {
                id: hints.0 + i as u32,
                complexity: h.key.1 as u32,
                tree: tree.clone(),
            });
            for &e in &h.elims {
                out.push((e, parents.clone(), nest.clone()));
            }
        }
        out
    }

    /// The instances of a nested chaining rule on the working board that rest on the outer
    /// chain's removals, easiest first, with the identifier of the first.
    fn nested_hints(&mut self, rule: Rule) -> Rc<Found> {
        // The same working boards come back: a candidate off and its cell's other candidate
        // on run dry alike, and level 3 meets every board of level 2 again.
        let key = (rule, self.work.clone());
        if let Some(hints) = self.known.hints.get(&key) {
            return hints.clone();
        }
        let board = self.board;
        let temp = Board {
            geo: board.geo.clone(),
            values: board.values.clone(),
            cands: self.work.clone(),
            budget: board.budget.clone(),
        };
        let mut sink = Sink {
            src: &board.cands,
            hints: Vec::new(),
            sets: self.sets.clone(),
        };
        match rule {
            Rule::Unary => unary_collect(&temp, &mut sink),
            Rule::Multiple => {
                multiple_search(&temp, Mode::MULTIPLE, false, true, Some(&mut sink), None);
            }
            Rule::Dynamic(level) => {
                let mode = Mode::dynamic(level);
                multiple_search(&temp, mode, false, true, Some(&mut sink), None);
            }
        }
        let mut found = sink.hints;
        found.retain(|h| !h.parents.is_empty());
        found.sort_by(|a, b| {
            a.key
                .0
                .total_cmp(&b.key.0)
                .then(a.key.1.cmp(&b.key.1))
                .then(a.key.2.cmp(&b.key.2))
        });
        // Each instance's identifier is `base + index`: a nested chain met again (say, by
        // both halves of a double forcing) counts once.
        let base = self.known.ids;
        self.known.ids += found.len() as u32;
        let hints = Rc::new((base, found));
        if self.known.hints.len() < KNOWN {
            self.known.hints.insert(key, hints.clone());
        }
        hints
    }

    /// Pointing and claiming, hidden pairs, naked pairs and X-Wings on the working board:
    /// the first of these rules with an instance that rests on the outer chain's removals
    /// gives all such instances.
    fn basic_rules(&self) -> Vec<Hint> {
        let mut hints = Vec::new();
        for rule in 0..4 {
            match rule {
                0 => self.locking(&mut hints),
                1 => self.hidden_pairs(&mut hints),
                2 => self.naked_pairs(&mut hints),
                _ => self.x_wings(&mut hints),
            }
            hints.retain(|h| !h.parents.is_empty() && !h.elims.is_empty());
            if !hints.is_empty() {
                break;
            }
        }
        hints
    }

    /// Places of digit `d` in house `h` on the real board, lost on the working one.
    fn lost(&self, h: usize, d: usize) -> u64 {
        let i = h * self.n + d;
        self.pos_src[i] & !self.pos_work[i]
    }

    fn house_pots(&self, h: usize, d: usize, m: u64) -> impl Iterator<Item = u32> + '_ {
        bits(m).map(move |i| self.pot(self.geo.houses[h][i] as usize, d))
    }

    /// Pointing (a box's places on one line) and claiming (a line's places in one box), in
    /// Sudoku Explainer's order: box then column, box then row, column then box, row then box.
    fn locking(&self, out: &mut Vec<Hint>) {
        let n = self.n;
        for (kind1, kind2) in [(2, 1), (2, 0), (1, 2), (0, 2)] {
            for d in 0..n {
                for i1 in 0..n {
                    let h1 = kind1 * n + i1;
                    let pos = self.pos_work[h1 * n + d];
                    if pos.count_ones() < 2 {
                        continue;
                    }
                    let first = self.geo.houses[h1][pos.trailing_zeros() as usize] as usize;
                    let h2 = self.geo.cell_houses[first][kind2] as usize;
                    let inside = bits(pos).all(|i| {
                        self.geo.cell_houses[self.geo.houses[h1][i] as usize][kind2] as usize == h2
                    });
                    if !inside {
                        continue;
                    }
                    let mut elims = Vec::new();
                    for i in bits(self.pos_work[h2 * n + d]) {
                        let c = self.geo.houses[h2][i] as usize;
                        if self.geo.cell_houses[c][kind1] as usize != h1 {
                            elims.push(self.pot(c, d));
                        }
                    }
                    let parents = bits(self.lost(h1, d))
                        .map(|i| self.geo.houses[h1][i] as usize)
                        .filter(|&c| self.geo.cell_houses[c][kind2] as usize != h2)
                        .map(|c| self.pot(c, d))
                        .collect();
                    out.push(Hint {
                        elims,
                        key: (2.6, 0, 0),
                        parents,
                        chain: None,
                    });
                }
            }
        }
    }

    /// Two digits confined to the same two cells of a house: the cells' other candidates go.
    fn hidden_pairs(&self, out: &mut Vec<Hint>) {
        let n = self.n;
        for h in house_order(n) {
            for a in 0..n {
                let pa = self.pos_work[h * n + a];
                if pa.count_ones() != 2 {
                    continue;
                }
                for b in a + 1..n {
                    if self.pos_work[h * n + b] != pa {
                        continue;
                    }
                    let mut elims = Vec::new();
                    for i in bits(pa) {
                        let c = self.geo.houses[h][i] as usize;
                        for v in bits(self.work[c] & !(1 << a | 1 << b)) {
                            elims.push(self.pot(c, v));
                        }
                    }
                    let mut parents: Vec<u32> = self.house_pots(h, a, self.lost(h, a)).collect();
                    parents.extend(self.house_pots(h, b, self.lost(h, b)));
                    out.push(Hint {
                        elims,
                        key: (3.4, 0, 0),
                        parents,
                        chain: None,
                    });
                }
            }
        }
    }

    /// Two cells of a house holding the same two digits: the digits go from the house's
    /// other cells.
    fn naked_pairs(&self, out: &mut Vec<Hint>) {
        let n = self.n;
        for h in house_order(n) {
            let cells = &self.geo.houses[h];
            for (i, &a) in cells.iter().enumerate() {
                let ma = self.work[a as usize];
                if ma.count_ones() != 2 {
                    continue;
                }
                for &b in &cells[i + 1..] {
                    if self.work[b as usize] != ma {
                        continue;
                    }
                    let mut elims = Vec::new();
                    for &c in cells {
                        if c != a && c != b {
                            for v in bits(self.work[c as usize] & ma) {
                                elims.push(self.pot(c as usize, v));
                            }
                        }
                    }
                    let mut parents = Vec::new();
                    for c in [a as usize, b as usize] {
                        for v in bits(self.board.cands[c] & !ma) {
                            parents.push(self.pot(c, v));
                        }
                    }
                    out.push(Hint {
                        elims,
                        key: (3.0, 0, 0),
                        parents,
                        chain: None,
                    });
                }
            }
        }
    }

    /// A digit confined to the same two places in two columns (then rows): it goes from the
    /// rest of those rows (columns).
    fn x_wings(&self, out: &mut Vec<Hint>) {
        let n = self.n;
        let placed: Vec<usize> = (0..n)
            .map(|d| {
                self.board
                    .values
                    .iter()
                    .filter(|&&v| v as usize == d + 1)
                    .count()
            })
            .collect();
        for (base, cover) in [(1, 0), (0, 1)] {
            for i in 0..n {
                for j in i + 1..n {
                    for (d, &placed) in placed.iter().enumerate() {
                        if placed + 4 > n {
                            continue;
                        }
                        let (hi, hj) = (base * n + i, base * n + j);
                        let (pi, pj) = (self.pos_work[hi * n + d], self.pos_work[hj * n + d]);
                        if pi == 0 || pj == 0 || (pi | pj).count_ones() != 2 {
                            continue;
                        }
                        let lines = pi | pj;
                        let mut elims = Vec::new();
                        for k in bits(lines) {
                            let hc = cover * n + k;
                            for x in bits(self.pos_work[hc * n + d]) {
                                if x != i && x != j {
                                    elims.push(self.pot(self.geo.houses[hc][x] as usize, d));
                                }
                            }
                        }
                        let mut parents = Vec::new();
                        for hb in [hi, hj] {
                            parents.extend(self.house_pots(hb, d, self.lost(hb, d) & !lines));
                        }
                        out.push(Hint {
                            elims,
                            key: (3.2, 0, 0),
                            parents,
                            chain: None,
                        });
                    }
                }
            }
        }
    }
}

/// Boxes, rows, then columns: the order Sudoku Explainer looks at houses in.
fn house_order(n: usize) -> impl Iterator<Item = usize> {
    (2 * n..3 * n).chain(0..2 * n)
}

fn push_new(v: &mut Vec<u32>, x: u32) {
    if !v.contains(&x) {
        v.push(x);
    }
}
