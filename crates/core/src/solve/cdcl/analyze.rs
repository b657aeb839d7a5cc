//! Conflict analysis: first-UIP learning, recursive minimisation, the substitution through
//! at-most-one reasons, reason-side bumping.

use super::clauses::{HEADER, USED};
use super::{Cdcl, Conflict, Lit, Reason, TRUE, UNSET, pos, var};

impl Cdcl {
    /// The variables of the clause behind a conflict.
    fn conflict_vars(&self, conflict: Conflict, out: &mut Vec<u32>) {
        out.clear();
        match conflict {
            Conflict::Amo(a, b) => out.extend([a, b]),
            Conflict::Alo(c) => out.extend(self.con(c).map(|i| self.con_vars[i])),
            Conflict::Clause(o) => {
                let o = o as usize;
                let len = self.arena[o] as usize;
                out.extend(
                    self.arena[o + HEADER..o + HEADER + len]
                        .iter()
                        .map(|&l| var(l)),
                );
            }
            Conflict::Locked(c, o, u) => {
                out.push(u);
                self.outside(c, o, out);
            }
        }
    }

    /// The other variables of the clause that implied `v`.
    fn reason_vars(&self, v: u32, out: &mut Vec<u32>) {
        out.clear();
        match self.reason[v as usize] {
            Reason::None => {}
            Reason::Amo(u) => out.push(u),
            Reason::Alo(c) => out.extend(self.con(c).map(|i| self.con_vars[i]).filter(|&u| u != v)),
            Reason::Clause(o) => {
                let o = o as usize;
                let len = self.arena[o] as usize;
                out.extend(
                    self.arena[o + HEADER + 1..o + HEADER + len]
                        .iter()
                        .map(|&l| var(l)),
                );
            }
            Reason::Locked(c, o) => self.outside(c, o, out),
        }
    }

    /// The literal of `v` that is false now.
    #[inline]
    fn false_lit(&self, v: u32) -> Lit {
        if self.value[v as usize] == TRUE {
            pos(v) | 1
        } else {
            pos(v)
        }
    }

    /// First-UIP analysis: fills `learnt` (the asserting literal first, then the literal of
    /// the highest other level) and returns the level to jump back to.
    pub(super) fn analyze(&mut self, conflict: Conflict) -> u32 {
        let level = self.decision_level();
        let mut vars = std::mem::take(&mut self.scratch);
        self.learnt.clear();
        self.learnt.push(0);
        self.conflict_vars(conflict, &mut vars);
        if let Conflict::Clause(o) = conflict {
            self.arena[o as usize + 1] |= USED;
        }
        debug_assert!(
            vars.iter().all(|&u| self.value[u as usize] != UNSET),
            "{conflict:?}"
        );
        debug_assert!(
            vars.iter().any(|&u| self.level[u as usize] == level),
            "{conflict:?} {:?}",
            vars.iter()
                .map(|&u| (self.level[u as usize], self.reason[u as usize]))
                .collect::<Vec<_>>()
        );
        let mut path = 0;
        let mut index = self.trail.len();
        loop {
            for &u in &vars {
                let ui = u as usize;
                if !self.seen[ui] && self.level[ui] > 0 {
                    self.seen[ui] = true;
                    self.bump(u);
                    if self.level[ui] == level {
                        path += 1;
                    } else {
                        let l = self.false_lit(u);
                        self.learnt.push(l);
                    }
                }
            }
            let p = loop {
                index -= 1;
                let p = self.trail[index];
                if self.seen[var(p) as usize] {
                    break p;
                }
            };
            let pv = var(p);
            self.seen[pv as usize] = false;
            path -= 1;
            if path == 0 {
                self.learnt[0] = p ^ 1;
                break;
            }
            if let Reason::Clause(o) = self.reason[pv as usize] {
                self.arena[o as usize + 1] |= USED;
            }
            self.reason_vars(pv, &mut vars);
        }
        // Drop the literals implied by the others (MiniSat's recursive minimisation).
        let mut marked = std::mem::take(&mut self.marked);
        marked.clear();
        marked.extend(self.learnt[1..].iter().map(|&l| var(l)));
        let levels = self.learnt[1..].iter().fold(0u32, |a, &l| {
            a | Self::abstract_level(self.level[var(l) as usize])
        });
        let mut keep = 1;
        for i in 1..self.learnt.len() {
            let l = self.learnt[i];
            let v = var(l);
            if self.reason[v as usize] == Reason::None || !self.redundant(v, levels, &mut marked) {
                self.learnt[keep] = l;
                keep += 1;
            }
        }
        for &v in &marked {
            self.seen[v as usize] = false;
        }
        self.marked = marked;
        self.learnt.truncate(keep);
        self.scratch = vars;
        if self.conflicts >= Self::REASON_BUMPS_AFTER {
            self.bump_reasons();
        }
        self.substitute();
        self.var_inc /= Self::VAR_DECAY;
        // The literal of the highest level after the first goes second (it is watched).
        let mut back = 0;
        for i in 1..self.learnt.len() {
            let lv = self.level[var(self.learnt[i]) as usize];
            if lv > back {
                back = lv;
                self.learnt.swap(1, i);
            }
        }
        back
    }

    /// Bumps the variables that imply the learned clause's literals after the first (the
    /// "reason side", which CaDiCaL bumps by default), not in the clause, up to
    /// [`Cdcl::REASON_BUMPS`] times the clause's length in all: what the clause rests on is
    /// what the next conflicts are likely to hinge on. On the minimal 25×25 puzzles (nine
    /// seeds each) it took 0.91× the capped time (`docs/research/clause-learning.md`).
    fn bump_reasons(&mut self) {
        let mut marked = std::mem::take(&mut self.marked);
        let mut rvars = std::mem::take(&mut self.rvars);
        marked.clear();
        for &l in &self.learnt {
            self.seen[var(l) as usize] = true;
        }
        let budget = Self::REASON_BUMPS * self.learnt.len();
        'clause: for i in 1..self.learnt.len() {
            self.reason_vars(var(self.learnt[i]), &mut rvars);
            for &u in &rvars {
                let ui = u as usize;
                if self.seen[ui] || self.level[ui] == 0 {
                    continue;
                }
                if marked.len() == budget {
                    break 'clause;
                }
                self.seen[ui] = true;
                marked.push(u);
                self.bump(u);
            }
        }
        for &l in &self.learnt {
            self.seen[var(l) as usize] = false;
        }
        for &u in &marked {
            self.seen[u as usize] = false;
        }
        self.marked = marked;
        self.rvars = rvars;
    }

    /// Shortens the learned clause through the at-most-one reasons: the literals `x_u` that
    /// are false because the same variable `v` is true (`¬x_u ∨ ¬x_v`) give way to the one
    /// literal `¬x_v` (resolution on each `u`), when two or more share it or `¬x_v` is in the
    /// clause already. The cells and house-digits a placement rules out become the placement
    /// itself: on the minimal 25×25 puzzles, learned clauses shrink from 41 literals to 26 on
    /// average and the puzzles take fewer conflicts (`docs/research/clause-learning.md`).
    /// `v`'s level is at most `u`'s, so the clause still asserts its first literal and jumps
    /// as far back.
    fn substitute(&mut self) {
        let learnt = std::mem::take(&mut self.learnt);
        for &l in &learnt[1..] {
            let u = var(l) as usize;
            if let Reason::Amo(v) = self.reason[u] {
                self.shared[v as usize] += 1;
            }
            if self.value[u] == TRUE {
                self.shared[u] += 2;
            }
        }
        let mut out = std::mem::take(&mut self.scratch);
        out.clear();
        out.push(learnt[0]);
        for &l in &learnt[1..] {
            let u = var(l);
            let w = match self.reason[u as usize] {
                Reason::Amo(v) if self.shared[v as usize] >= 2 => v,
                _ => u,
            };
            if !self.seen[w as usize] {
                self.seen[w as usize] = true;
                out.push(if w == u { l } else { pos(w) | 1 });
            }
        }
        for &l in &out[1..] {
            self.seen[var(l) as usize] = false;
        }
        for &l in &learnt[1..] {
            let u = var(l) as usize;
            if let Reason::Amo(v) = self.reason[u] {
                self.shared[v as usize] = 0;
            }
            self.shared[u] = 0;
        }
        self.scratch = learnt;
        self.learnt = out;
    }

    #[inline]
    fn abstract_level(level: u32) -> u32 {
        1 << (level & 31)
    }

    /// Whether `v` (in the learned clause, implied) follows from the clause's other literals:
    /// every path back from its reason ends in a marked variable. Marks what it proves.
    fn redundant(&mut self, v: u32, levels: u32, marked: &mut Vec<u32>) -> bool {
        let top = marked.len();
        let mut stack = std::mem::take(&mut self.stack);
        let mut rvars = std::mem::take(&mut self.rvars);
        stack.clear();
        stack.push(v);
        let mut ok = true;
        'search: while let Some(x) = stack.pop() {
            self.reason_vars(x, &mut rvars);
            for &u in &rvars {
                let ui = u as usize;
                if self.seen[ui] || self.level[ui] == 0 {
                    continue;
                }
                if self.reason[ui] != Reason::None
                    && Self::abstract_level(self.level[ui]) & levels != 0
                {
                    self.seen[ui] = true;
                    stack.push(u);
                    marked.push(u);
                } else {
                    for &w in &marked[top..] {
                        self.seen[w as usize] = false;
                    }
                    marked.truncate(top);
                    ok = false;
                    break 'search;
                }
            }
        }
        self.stack = stack;
        self.rvars = rvars;
        ok
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::search;
    use super::*;
    use crate::grid::{Grid, Shape};
    use crate::solve::Watch;

    /// Every learned clause holds in the solution (each is implied by the constraints): the
    /// analysis, its minimisation and the substitution through at-most-one reasons are sound.
    #[test]
    fn learned_clauses_hold_in_the_solution() {
        for text in [
            "800000000003600000070090200050007000000045700000100030001000068008500010090000400",
            "100000002090400050006000700050903000000070000000850040700000600030009080002000001",
            "000000039000001005003050800008090006070002000100400000009080050020000600400700000",
            "000000012000000003002300400001800005060070800000009000008500000900040500470006000",
        ] {
            let g: Grid = text.parse().unwrap();
            let mut s = search(&g, &[]);
            let mut watch = Watch::default();
            let solution = s.next_solution(&mut watch, 0).unwrap().to_vec();
            let holds = |l: Lit| {
                let v = var(l) as usize;
                let placed = solution[s.cell[v] as usize] == s.digit[v] + 1;
                placed == (l & 1 == 0)
            };
            assert!(s.conflicts > 0, "{text}");
            assert!(!s.learnts.is_empty(), "{text}");
            for &o in &s.learnts {
                let (o, len) = (o as usize, s.arena[o as usize] as usize);
                let lits = &s.arena[o + HEADER..o + HEADER + len];
                assert!(lits.iter().any(|&l| holds(l)), "{text}: {lits:?}");
            }
        }
    }

    /// Reason-side bumping raises exactly the variables that imply the learned clause's
    /// literals (after the first), in order, none of the clause's own nor the root's, up to
    /// [`Cdcl::REASON_BUMPS`] times the clause's length; and it leaves no marks behind.
    #[test]
    fn reason_side_bumps_stay_within_the_reasons_and_the_budget() {
        let empty = Grid::empty(Shape::new(4, 4).unwrap());
        let solution = search(&empty, &[])
            .next_solution(&mut Watch::default(), 0)
            .unwrap()
            .to_vec();
        let mut s = search(&empty, &[]);
        assert!(s.propagate().is_none());
        // Decide the solution's placements, in reading order: no conflict, many implications.
        for v in 0..s.cell.len() as u32 {
            let placed = solution[s.cell[v as usize] as usize] == s.digit[v as usize] + 1;
            if placed && s.value[v as usize] == UNSET && s.decision_level() < 40 {
                s.trail_lim.push(s.trail.len() as u32);
                s.assign(pos(v), Reason::None);
                assert!(s.propagate().is_none());
            }
        }
        let eligible = |s: &Cdcl, lits: &[Lit]| -> Vec<u32> {
            let mut out: Vec<u32> = Vec::new();
            let mut rvars = Vec::new();
            for &l in &lits[1..] {
                s.reason_vars(var(l), &mut rvars);
                for &u in &rvars {
                    let fresh = !out.contains(&u) && !lits.iter().any(|&k| var(k) == u);
                    if fresh && s.level[u as usize] > 0 {
                        out.push(u);
                    }
                }
            }
            out
        };
        // Implied variables, those whose reasons are widest first.
        let mut implied: Vec<u32> = s.trail.iter().map(|&l| var(l)).collect();
        implied.retain(|&v| s.reason[v as usize] != Reason::None);
        // (The first literal of a clause is skipped: a clause of `v` alone is `[l, l]`.)
        implied.sort_by_key(|&v| {
            let l = s.false_lit(v);
            std::cmp::Reverse(eligible(&s, &[l, l]).len())
        });
        let (mut capped, mut uncapped) = (false, false);
        // Short clauses of wide reasons (the budget binds), a long one of narrow reasons.
        for (len, widest) in [(2, true), (3, true), (8, false)] {
            let chosen = if widest {
                &implied[..len]
            } else {
                &implied[implied.len() - len..]
            };
            let lits: Vec<Lit> = chosen.iter().map(|&v| s.false_lit(v)).collect();
            let expected = eligible(&s, &lits);
            let budget = Cdcl::REASON_BUMPS * len;
            let before = s.activity.clone();
            s.learnt = lits.clone();
            s.bump_reasons();
            let raised: Vec<u32> = (0..before.len() as u32)
                .filter(|&v| s.activity[v as usize] != before[v as usize])
                .collect();
            let mut want = expected[..expected.len().min(budget)].to_vec();
            want.sort_unstable();
            assert_eq!(raised, want, "clause of {len}");
            assert!(s.seen.iter().all(|&b| !b));
            capped |= expected.len() > budget;
            uncapped |= !expected.is_empty() && expected.len() <= budget;
        }
        assert!(capped && uncapped, "both cases are exercised");
    }
}
