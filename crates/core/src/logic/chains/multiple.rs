//! Sudoku Explainer's multiple chains: Nishio forcing chains, cell and region forcing chains,
//! and dynamic forcing chains (nets) at each nesting level, with their contradictions and
//! double forcings.

use std::rc::Rc;

use super::engine::{Cause, Engine, Mode, Prop};
use super::hints::{Hint, Known, Root, Sink};
use super::rating::{Found, better, length_difficulty, round1};
use crate::logic::board::{Board, bits};
use crate::logic::step::{Step, Technique};

/// Nishio forcing chains: an assumption whose single-digit consequences contradict.
pub(in crate::logic) fn nishio(board: &Board) -> Option<Step> {
    let mode = Mode {
        y: false,
        ..Mode::dynamic(0)
    };
    multiple_search(board, mode, true, false, None, None).map(|f| f.step)
}

/// Cell and region forcing chains (static).
pub(in crate::logic) fn multiple(board: &Board) -> Option<Step> {
    multiple_search(board, Mode::MULTIPLE, false, true, None, None).map(|f| f.step)
}

/// Dynamic forcing chains (nets) at level 0 or 1 (the nested levels are [`nested`]).
pub(in crate::logic) fn dynamic(board: &Board, level: u8) -> Option<Step> {
    multiple_search(board, Mode::dynamic(level), false, true, None, None).map(|f| f.step)
}

/// Nested forcing chains: the first of Sudoku Explainer's levels 2, 3, then 4 with nested
/// chains of level 0, 1, 2 and 3, that finds a step. The levels share what their nested
/// rules find on each working board.
pub(in crate::logic) fn nested(board: &Board) -> Option<Step> {
    let mut known = Known::default();
    let modes = [2, 3]
        .map(Mode::dynamic)
        .into_iter()
        .chain((0..4).map(|limit| Mode {
            limit,
            ..Mode::dynamic(4)
        }));
    for mode in modes {
        if let Some(f) = multiple_search(board, mode, false, true, None, Some(&mut known)) {
            return Some(f.step);
        }
    }
    None
}

fn base_rating(mode: Mode, nishio: bool) -> (f64, Technique) {
    match (mode.level, nishio, mode.dynamic) {
        (l, _, _) if l >= 2 => (8.5 + 0.5 * l as f64, Technique::NestedForcingChain),
        (1, _, _) => (9.0, Technique::DynamicForcingChainPlus),
        (_, true, _) => (7.5, Technique::NishioForcingChain),
        (_, _, true) => (8.5, Technique::DynamicForcingChain),
        _ => (8.0, Technique::CellForcingChain),
    }
}

/// The most memory the consequences kept by one search may take: with them, memory grows with
/// the grid (a few propagations of `N³` candidates each), never past this.
const CACHE_BYTES: usize = 64 << 20;

/// Sudoku Explainer's `getMultipleChainsHintList`: the easiest step, or with a sink, every
/// chain reported to it.
pub(super) fn multiple_search(
    board: &Board,
    mode: Mode,
    nishio: bool,
    multiple: bool,
    sink: Option<&mut Sink>,
    known: Option<&mut Known>,
) -> Option<Found> {
    let mut eng = Engine::with_sets(board, sink.as_ref().map(|s| s.sets.clone()));
    if let Some(k) = known {
        eng.known = std::mem::take(k);
        let found = search(&mut eng, mode, (nishio, multiple), sink);
        *k = std::mem::take(&mut eng.known);
        found
    } else {
        search(&mut eng, mode, (nishio, multiple), sink)
    }
}

fn search(
    eng: &mut Engine,
    mode: Mode,
    (nishio, multiple): (bool, bool),
    mut sink: Option<&mut Sink>,
) -> Option<Found> {
    let board = eng.board;
    let n = eng.n;
    let (base, tech) = base_rating(mode, nishio);
    // On a variant board, chains as easy as the easiest join its step (`Best`).
    let mut best = Best {
        found: None,
        ties: Vec::new(),
        merge: board.is_variant() && sink.is_none(),
    };
    // The consequences of each candidate set on, kept while they fit in `CACHE_BYTES` (on a
    // 36×36 grid, every one of 46,656 candidates would take gigabytes), computed again after.
    let mut cache: Vec<Option<Rc<Prop>>> = vec![None; n * n * n];
    let mut cached = 0;
    let mut on_prop = |eng: &mut Engine, pot: u32| -> Rc<Prop> {
        if let Some(prop) = &cache[pot as usize] {
            return prop.clone();
        }
        let mut prop = eng.propagate(pot, true, mode);
        if cached + prop.bytes() > CACHE_BYTES {
            return Rc::new(prop);
        }
        prop.shrink();
        cached += prop.bytes();
        cache[pot as usize].insert(Rc::new(prop)).clone()
    };
    let contradictions = mode.dynamic || nishio;
    for cell in 0..n * n {
        let m = board.cands[cell];
        let card = m.count_ones();
        if !(card > 2 || (card > 1 && mode.dynamic)) {
            continue;
        }
        let mut value_props: Vec<(u32, Rc<Prop>)> = Vec::new();
        for d in bits(m) {
            if board.interrupted() {
                return None;
            }
            let pot = eng.pot(cell, d);
            let on = on_prop(eng, pot);
            if contradictions {
                contradiction(eng, &mut best, &mut sink, (&on, pot, true), (base, tech));
            }
            let off = eng.propagate(pot, false, mode);
            if contradictions {
                contradiction(eng, &mut best, &mut sink, (&off, pot, false), (base, tech));
            }
            if card >= 3 && mode.dynamic && !nishio {
                // Double forcing: p on and p off both force q.
                for (i, nd) in on.nodes.iter().enumerate() {
                    if nd.cause == Cause::Assumed
                        || !off.has(nd.pot, nd.on)
                        || !eng.can_conclude(nd.pot, nd.on)
                    {
                        continue;
                    }
                    let j = off.node_of(nd.pot, nd.on).unwrap_or(0);
                    let cx = eng.complexity(&on, &[i as u32]) + eng.complexity(&off, &[j]);
                    if let Some(sink) = sink.as_deref_mut() {
                        let mut parents = Vec::new();
                        eng.rule_parents(sink.src, &on, &[i as u32], Root::None, &mut parents);
                        eng.rule_parents(sink.src, &off, &[j], Root::None, &mut parents);
                        report(
                            eng,
                            sink,
                            (nd.pot, nd.on),
                            (base, cx, 1),
                            parents,
                            (&on, i as u32),
                        );
                        continue;
                    }
                    if !best.admits(base, cx, 1) {
                        continue;
                    }
                    let mut step = Step::new(tech, 0.0);
                    eng.conclude(&mut step, nd.pot, nd.on);
                    step.reason = format!(
                        "{} (double): {} true or false both give {}: {} and {}",
                        tech.name(),
                        eng.describe(pot, true),
                        eng.describe(nd.pot, nd.on),
                        eng.path(&on, i as u32),
                        eng.path(&off, j)
                    );
                    step.reason += &eng.nested_text(&[(&on, i as u32), (&off, j)]);
                    eng.name_links(&on, i as u32, &mut step);
                    eng.name_links(&off, j, &mut step);
                    offer(&mut best, step, base, (cx, 1));
                }
            }
            if !nishio {
                // Region forcing chains: every place of d in a house or set of this cell
                // (where it is the first place).
                let sets = eng.sets.clone();
                let houses = [2, 0, 1]
                    .map(|k| eng.geo.cell_houses[cell][k] as usize)
                    .into_iter()
                    .chain(
                        sets.of
                            .get(cell)
                            .into_iter()
                            .flatten()
                            .filter(|&&s| sets.digits[s as usize] >> d & 1 == 1)
                            .map(|&s| eng.geo.houses.len() + s as usize),
                    );
                for h in houses {
                    let places: Vec<usize> = eng
                        .house_cells(h)
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| board.cands[c] >> d & 1 == 1)
                        .collect();
                    let count = places.len();
                    if !(count == 2 || (multiple && count > 2)) || places[0] != cell {
                        continue;
                    }
                    let mut props: Vec<(u32, Rc<Prop>)> = vec![(pot, on.clone())];
                    for &c2 in &places[1..] {
                        let p2 = eng.pot(c2, d);
                        props.push((p2, on_prop(eng, p2)));
                    }
                    let t = if mode.dynamic {
                        tech
                    } else {
                        Technique::RegionForcingChain
                    };
                    let how = (base, t, Root::House(h));
                    common(eng, &mut best, &mut sink, &props, how, &|eng: &Engine| {
                        format!("each place of {} in {}", d + 1, eng.house_name(h).0)
                    });
                }
            }
            value_props.push((pot, on));
            eng.spare = Some(off);
        }
        if !nishio && (card == 2 || (multiple && card > 2)) {
            let t = if mode.dynamic {
                tech
            } else {
                Technique::CellForcingChain
            };
            common(
                eng,
                &mut best,
                &mut sink,
                &value_props,
                (base, t, Root::Cell),
                &|eng: &Engine| format!("each candidate of {}", eng.geo.cell(cell)),
            );
        }
    }
    best.finish()
}

/// The easiest chain found so far and, on a variant board, the others as easy (their rating
/// rounded alike), whose conclusions join its step: each is proved on the same board, and
/// the step is rated as each of them, so the explanation takes one step where it would take
/// one a chain (each a search of every start again).
struct Best {
    found: Option<Found>,
    ties: Vec<Found>,
    merge: bool,
}

impl Best {
    /// Whether a step rated `base` with `complexity` potentials, of Sudoku Explainer's
    /// `kind`, would beat the best (or, merging, be as easy).
    fn admits(&self, base: f64, complexity: usize, kind: u8) -> bool {
        let d = round1(base + length_difficulty(complexity));
        self.found.as_ref().is_none_or(|b| {
            (d, complexity, kind) < (b.difficulty, b.complexity, b.kind)
                || (self.merge && d <= b.difficulty)
        })
    }

    /// The best step, with the ties' conclusions and reasons joined to it.
    fn finish(self) -> Option<Found> {
        let mut found = self.found?;
        let mut ties = self.ties;
        ties.sort_by_key(|t| (t.complexity, t.kind));
        for t in ties {
            let step = &mut found.step;
            let new = t
                .step
                .placements
                .iter()
                .any(|p| !step.placements.contains(p))
                || t.step
                    .eliminations
                    .iter()
                    .any(|e| !step.eliminations.contains(e));
            if !new {
                continue;
            }
            for p in &t.step.placements {
                if !step.placements.contains(p) {
                    step.placements.push(*p);
                }
            }
            for e in &t.step.eliminations {
                if !step.eliminations.contains(e) {
                    step.eliminations.push(*e);
                }
            }
            for c in &t.step.cells {
                if !step.cells.contains(c) {
                    step.cells.push(*c);
                }
            }
            for d in &t.step.digits {
                if !step.digits.contains(d) {
                    step.digits.push(*d);
                }
            }
            for (name, index) in t.step.constraints.iter().zip(&t.step.constraint_indices) {
                step.constraint(name.clone(), *index);
            }
            step.reason += &format!("\nand {}: {}", t.step.changes(), t.step.reason);
        }
        Some(found)
    }
}

/// Reports a chain that makes `pot` on or off to a sink.
fn report(
    eng: &Engine,
    sink: &mut Sink,
    (pot, on): (u32, bool),
    (base, cx, kind): (f64, usize, u8),
    parents: Vec<u32>,
    (prop, end): (&Prop, u32),
) {
    sink.hints.push(Hint {
        elims: eng.removals(pot, on),
        key: (round1(base + length_difficulty(cx)), cx, kind),
        parents,
        chain: Some(eng.tree(prop, end)),
    });
}

/// An assumption that led to a contradiction: its opposite holds.
fn contradiction(
    eng: &mut Engine,
    best: &mut Best,
    sink: &mut Option<&mut Sink>,
    (prop, pot, assumed_on): (&Prop, u32, bool),
    (base, tech): (f64, Technique),
) {
    let Some((a, b)) = prop.contradiction else {
        return;
    };
    if !eng.can_conclude(pot, !assumed_on) {
        return;
    }
    let cx = eng.complexity(prop, &[a, b]);
    if let Some(sink) = sink.as_deref_mut() {
        let mut parents = Vec::new();
        eng.rule_parents(sink.src, prop, &[a, b], Root::None, &mut parents);
        report(
            eng,
            sink,
            (pot, !assumed_on),
            (base, cx, 7),
            parents,
            (prop, a),
        );
        return;
    }
    if !best.admits(base, cx, 7) {
        return;
    }
    let mut step = Step::new(tech, 0.0);
    eng.conclude(&mut step, pot, !assumed_on);
    step.reason = format!(
        "{} (contradiction): assuming {} makes {} both true and false: {} and {}",
        tech.name(),
        eng.describe(pot, assumed_on),
        eng.describe(prop.nodes[a as usize].pot, true),
        eng.path(prop, a),
        eng.path(prop, b)
    );
    step.reason += &eng.nested_text(&[(prop, a), (prop, b)]);
    eng.name_links(prop, a, &mut step);
    eng.name_links(prop, b, &mut step);
    offer(best, step, base, (cx, 7));
}

/// Keeps the step if it beats `best`: lower rating, then fewer potentials, then Sudoku
/// Explainer's kind (double forcing 1, cell 5, region 6, contradiction 7), then found first;
/// merging, a step as easy is kept as a tie.
fn offer(best: &mut Best, mut step: Step, base: f64, (complexity, kind): (usize, u8)) {
    step.difficulty = round1(base + length_difficulty(complexity));
    let f = Found {
        difficulty: step.difficulty,
        complexity,
        kind,
        step,
    };
    let easier = best
        .found
        .as_ref()
        .is_some_and(|b| f.difficulty < b.difficulty);
    if easier {
        best.ties.clear();
    }
    if better(&best.found, &f) {
        if let Some(old) = best.found.replace(f)
            && best.merge
            && !easier
        {
            best.ties.push(old);
        }
    } else if best.merge {
        best.ties.push(f);
    }
}

/// Potentials every branch reaches: cell or region forcing chains.
fn common(
    eng: &mut Engine,
    best: &mut Best,
    sink: &mut Option<&mut Sink>,
    props: &[(u32, Rc<Prop>)],
    (base, t, root): (f64, Technique, Root),
    what: &dyn Fn(&Engine) -> String,
) {
    let Some((_, first)) = props.first() else {
        return;
    };
    for nd in &first.nodes {
        if nd.cause == Cause::Assumed
            || !props.iter().all(|(_, p)| p.has(nd.pot, nd.on))
            || !eng.can_conclude(nd.pot, nd.on)
        {
            continue;
        }
        let ends: Vec<u32> = props
            .iter()
            .map(|(_, p)| p.node_of(nd.pot, nd.on).unwrap_or(0))
            .collect();
        let cx: usize = props
            .iter()
            .zip(&ends)
            .map(|((_, p), &j)| eng.complexity(p, &[j]))
            .sum();
        let kind = if matches!(root, Root::Cell) { 5 } else { 6 };
        if let Some(sink) = sink.as_deref_mut() {
            let mut parents = Vec::new();
            for ((_, p), &j) in props.iter().zip(&ends) {
                eng.rule_parents(sink.src, p, &[j], root, &mut parents);
            }
            report(
                eng,
                sink,
                (nd.pot, nd.on),
                (base, cx, kind),
                parents,
                (&props[0].1, ends[0]),
            );
            continue;
        }
        if !best.admits(base, cx, kind) {
            continue;
        }
        let mut step = Step::new(t, 0.0);
        eng.conclude(&mut step, nd.pot, nd.on);
        let paths: Vec<String> = props
            .iter()
            .zip(&ends)
            .map(|((_, p), &j)| eng.path(p, j))
            .collect();
        for ((_, p), &j) in props.iter().zip(&ends) {
            eng.name_links(p, j, &mut step);
        }
        if let Root::House(h) = root
            && h >= eng.geo.houses.len()
        {
            let (name, index) = eng.house_name(h);
            step.constraint(name, index);
        }
        step.reason = format!(
            "{}: {} gives {}: {}",
            t.name(),
            what(eng),
            eng.describe(nd.pot, nd.on),
            paths.join("; ")
        );
        let ends: Vec<(&Prop, u32)> = props
            .iter()
            .zip(&ends)
            .map(|((_, p), &j)| (&**p, j))
            .collect();
        step.reason += &eng.nested_text(&ends);
        offer(best, step, base, (cx, kind));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Cell, Digit};
    use crate::logic::step::Candidate;

    fn step(cell: usize, digit: usize) -> Step {
        let mut step = Step::new(Technique::DynamicForcingChain, 0.0);
        step.eliminations.push(Candidate {
            cell: Cell::new(0, cell),
            digit: Digit::new(digit).unwrap(),
        });
        step.reason = format!("chain {cell}");
        step
    }

    #[test]
    fn chains_as_easy_as_the_easiest_join_its_step_on_a_variant() {
        let mut best = Best {
            found: None,
            ties: Vec::new(),
            merge: true,
        };
        // 8.5 + 0.1 (8 potentials), then 8.5 + 0.0 (4): the easier clears the first.
        offer(&mut best, step(0, 1), 8.5, (8, 7));
        offer(&mut best, step(1, 1), 8.5, (4, 7));
        assert!(best.ties.is_empty());
        // As easy (5 and 6 potentials round to 8.5 too): both join, in order of potentials.
        assert!(best.admits(8.5, 6, 7) && !best.admits(8.5, 8, 7));
        offer(&mut best, step(2, 1), 8.5, (6, 7));
        offer(&mut best, step(3, 1), 8.5, (3, 7));
        offer(&mut best, step(3, 1), 8.5, (5, 7));
        let f = best.finish().unwrap();
        assert_eq!(f.step.difficulty, 8.5);
        assert_eq!(f.step.changes(), "r1c2,r1c3,r1c4 ≠ 1");
        assert_eq!(
            f.step.reason, "chain 3\nand r1c2 ≠ 1: chain 1\nand r1c3 ≠ 1: chain 2",
            "the easiest first; a tie with nothing new is left out"
        );
    }

    #[test]
    fn classic_boards_keep_one_chain_a_step() {
        let mut best = Best {
            found: None,
            ties: Vec::new(),
            merge: false,
        };
        offer(&mut best, step(1, 1), 8.5, (4, 7));
        assert!(!best.admits(8.5, 4, 7));
        offer(&mut best, step(2, 1), 8.5, (4, 7));
        let f = best.finish().unwrap();
        assert_eq!(f.step.changes(), "r1c2 ≠ 1");
    }
}
