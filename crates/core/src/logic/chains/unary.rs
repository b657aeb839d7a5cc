//! Unary chains and loops (X-, XY-chains and AICs, and their loops): `p on ⇒ … ⇒ p off`,
//! `p off ⇒ … ⇒ p on`, and paths back to `p on`, searched breadth first over the [`Graph`].

use super::engine::{Cause, Engine, Mode, NONE, Prop};
use super::graph::Graph;
use super::hints::{Hint, Root, Sink};
use super::rating::{Found, better, length_difficulty, round1};
use crate::logic::board::{Board, bits};
use crate::logic::step::{Step, Technique};

/// Unary chains and loops for one kind of link.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Links {
    /// Single-digit links (X).
    X,
    /// Bivalue cells (Y): loops only (Sudoku Explainer), chains through `XYChain`.
    Y,
    /// Both.
    XY,
}

/// The easiest unary chain or loop over every kind of link (Sudoku Explainer's "forcing
/// chains and cycles").
pub(in crate::logic) fn unary_all(board: &Board) -> Option<Found> {
    let mut eng = Engine::new(board);
    let mut best: Option<Found> = None;
    for links in [Links::X, Links::Y, Links::XY] {
        best = unary_links(&mut eng, links, true, best, &mut None);
    }
    best
}

/// Every unary chain and loop, reported to a sink (for the nested levels).
pub(super) fn unary_collect(board: &Board, sink: &mut Sink) {
    let mut eng = Engine::with_sets(board, Some(sink.sets.clone()));
    for links in [Links::X, Links::Y, Links::XY] {
        unary_links(&mut eng, links, true, None, &mut Some(&mut *sink));
    }
}

/// One technique of the unary family, for the explainer.
pub(in crate::logic) fn unary(board: &Board, t: Technique) -> Option<Step> {
    let links = match t {
        Technique::XChain | Technique::XCycle => Links::X,
        Technique::XYChain | Technique::XYCycle => Links::Y,
        _ => Links::XY,
    };
    unary_links(&mut Engine::new(board), links, false, None, &mut None).map(|f| f.step)
}

/// The largest number of potentials a chain rated `base` may involve and still beat `best`.
fn max_complexity(best: &Option<Found>, base: f64) -> usize {
    const CAP: usize = 4096;
    let Some(b) = best else { return CAP };
    (1..CAP)
        .take_while(|&c| (round1(base + length_difficulty(c)), c) < (b.difficulty, b.complexity))
        .last()
        .unwrap_or(0)
}

/// Updates `best` with the easiest unary chain or loop over `links` (searches stop early
/// once they cannot beat `best`).
fn unary_links(
    eng: &mut Engine,
    links: Links,
    se: bool,
    mut best: Option<Found>,
    sink: &mut Option<&mut Sink>,
) -> Option<Found> {
    let board = eng.board;
    let n = eng.n;
    let (y, x) = match links {
        Links::X => (false, true),
        Links::Y => (true, false),
        Links::XY => (true, true),
    };
    let graph = Graph::new(
        eng,
        Mode {
            y,
            x: x || links == Links::X,
            dynamic: false,
            level: 0,
            limit: 0,
        },
    );
    let (loop_base, chain_base) = match links {
        Links::XY => (7.0, 7.0),
        Links::X => (6.5, 6.6),
        Links::Y => (6.5, 7.0),
    };
    for cell in 0..n * n {
        let m = board.cands[cell];
        if m.count_ones() < 2 {
            continue;
        }
        if board.interrupted() {
            return None;
        }
        for d in bits(m) {
            let pot = eng.pot(cell, d);
            // Loops of bivalue cells start in a bivalue cell.
            let loops = links != Links::Y || m.count_ones() == 2;
            let max_c = max_complexity(&best, loop_base);
            if let Some(f) = (loops && max_c >= 4)
                .then(|| cycle(eng, &graph, pot, links, max_c, sink))
                .flatten()
            {
                if better(&best, &f) {
                    best = Some(f);
                }
            }
            // Sudoku Explainer has no Y-only forcing chains; the explainer's XY-chains are
            // forcing chains whose off → on links are all cell links.
            if links != Links::Y || !se {
                for start_on in [true, false] {
                    let max_c = max_complexity(&best, chain_base);
                    if max_c < 3 {
                        continue;
                    }
                    if let Some(f) = forcing(eng, &graph, (pot, start_on), links, max_c, sink) {
                        if better(&best, &f) {
                            best = Some(f);
                        }
                    }
                }
            }
        }
    }
    best
}

/// Sudoku Explainer's sort key of a unary chain or loop.
fn kind(links: Links) -> u8 {
    match links {
        Links::X => 2,
        Links::Y => 3,
        Links::XY => 4,
    }
}

fn unary_technique(links: Links, is_loop: bool) -> Technique {
    match (links, is_loop) {
        (Links::X, false) => Technique::XChain,
        (Links::X, true) => Technique::XCycle,
        (Links::Y, false) => Technique::XYChain,
        (Links::Y, true) => Technique::XYCycle,
        (Links::XY, false) => Technique::Aic,
        (Links::XY, true) => Technique::AicLoop,
    }
}

/// `p on ⇒ … ⇒ p off` or `p off ⇒ … ⇒ p on` (Sudoku Explainer's `doForcingChains`): layer
/// by layer, each potential once.
fn forcing(
    eng: &mut Engine,
    graph: &Graph,
    (pot, start_on): (u32, bool),
    links: Links,
    max_complexity: usize,
    sink: &mut Option<&mut Sink>,
) -> Option<Found> {
    let mut prop = eng.take_prop();
    let root = prop.add(pot, start_on, Cause::Assumed, &[]);
    eng.mark(&prop, root);
    // Reused work lists: the potentials of the next two half-layers, and the one being read.
    let (mut pending_on, mut pending_off, mut layer) = std::mem::take(&mut eng.layers);
    pending_on.clear();
    pending_off.clear();
    if start_on {
        pending_on.push(root);
    } else {
        pending_off.push(root);
    }
    let mut target = None;
    // Nodes made in half-layer `h` involve `h + 1` potentials.
    let mut half = 0;
    'outer: while !pending_on.is_empty() || !pending_off.is_empty() {
        half += 1;
        if half + 1 > max_complexity {
            break;
        }
        layer.clear();
        std::mem::swap(&mut layer, &mut pending_on);
        for &p in &layer {
            for &(q, cause) in graph.offs(prop.nodes[p as usize].pot) {
                if start_on && q == pot {
                    target = Some(prop.add(q, false, cause, &[p]));
                    break 'outer;
                }
                if eng.off_at[q as usize] == NONE {
                    let node = prop.add(q, false, cause, &[p]);
                    eng.mark(&prop, node);
                    pending_off.push(node);
                }
            }
        }
        half += 1;
        if half + 1 > max_complexity {
            break;
        }
        layer.clear();
        std::mem::swap(&mut layer, &mut pending_off);
        for &p in &layer {
            for &(q, cause) in graph.ons(prop.nodes[p as usize].pot) {
                if links == Links::Y && cause != Cause::Cell {
                    continue;
                }
                if !start_on && q == pot {
                    target = Some(prop.add(q, true, cause, &[p]));
                    break 'outer;
                }
                if eng.on_at[q as usize] == NONE {
                    let node = prop.add(q, true, cause, &[p]);
                    eng.mark(&prop, node);
                    pending_on.push(node);
                }
            }
        }
    }
    eng.reset(&prop);
    eng.layers = (pending_on, pending_off, layer);
    if let (Some(target), Some(sink)) = (target, sink.as_deref_mut()) {
        if eng.can_conclude(pot, !start_on) {
            let cx = eng.ancestors(&prop, &[target]);
            let base = if links == Links::X { 6.6 } else { 7.0 };
            let mut parents = Vec::new();
            eng.rule_parents(sink.src, &prop, &[target], Root::None, &mut parents);
            sink.hints.push(Hint {
                elims: eng.removals(pot, !start_on),
                key: (round1(base + length_difficulty(cx)), cx, kind(links)),
                parents,
                chain: Some(eng.tree(&prop, target)),
            });
        }
        eng.spare = Some(prop);
        return None;
    }
    let found = target.and_then(|target| {
        let mut step = Step::new(unary_technique(links, false), 0.0);
        if !eng.conclude(&mut step, pot, !start_on) {
            return None;
        }
        let complexity = eng.ancestors(&prop, &[target]);
        let base = if links == Links::X { 6.6 } else { 7.0 };
        step.difficulty = round1(base + length_difficulty(complexity));
        step.reason = format!("{}: {}", step.technique.name(), eng.path(&prop, target));
        eng.name_links(&prop, target, &mut step);
        Some(Found {
            difficulty: step.difficulty,
            complexity,
            kind: 0,
            step,
        })
    });
    eng.spare = Some(prop);
    found
}

/// A loop back to `p on` (Sudoku Explainer's `doCycles`): candidates that see an on and an
/// off instance of their digit on the loop go.
fn cycle(
    eng: &mut Engine,
    graph: &Graph,
    pot: u32,
    links: Links,
    max_complexity: usize,
    sink: &mut Option<&mut Sink>,
) -> Option<Found> {
    let mut prop = eng.take_prop();
    let root = prop.add(pot, true, Cause::Assumed, &[]);
    eng.mark(&prop, root);
    let mut pending_on = vec![root];
    let mut pending_off: Vec<u32> = Vec::new();
    let mut best: Option<Found> = None;
    let mut length = 0;
    while !pending_on.is_empty() || !pending_off.is_empty() {
        length += 1;
        if length + 1 > max_complexity {
            break;
        }
        for p in std::mem::take(&mut pending_on) {
            // Mark the off potentials on p's path, so that the loop does not turn back.
            eng.seen_stamp += 1;
            let stamp = eng.seen_stamp;
            let mut x = p;
            loop {
                let nd = prop.nodes[x as usize];
                if !nd.on {
                    eng.seen[nd.pot as usize] = stamp;
                }
                match prop.parents(x).first() {
                    Some(&up) => x = up,
                    None => break,
                }
            }
            for &(q, cause) in graph.offs(prop.nodes[p as usize].pot) {
                if eng.seen[q as usize] == stamp {
                    continue;
                }
                let node = prop.add(q, false, cause, &[p]);
                pending_off.push(node);
            }
        }
        length += 1;
        for p in std::mem::take(&mut pending_off) {
            for &(q, cause) in graph.ons(prop.nodes[p as usize].pot) {
                if length >= 4 && q == pot {
                    let closing = prop.add(q, true, cause, &[p]);
                    if let Some(f) = loop_step(eng, &prop, closing, links) {
                        if let Some(sink) = sink.as_deref_mut() {
                            let mut parents = Vec::new();
                            eng.rule_parents(
                                sink.src,
                                &prop,
                                &[closing],
                                Root::Cycle,
                                &mut parents,
                            );
                            let n = eng.n;
                            sink.hints.push(Hint {
                                elims: f
                                    .step
                                    .eliminations
                                    .iter()
                                    .map(|e| {
                                        ((e.cell.row() * n + e.cell.col()) * n + e.digit.index())
                                            as u32
                                    })
                                    .collect(),
                                key: (f.difficulty, f.complexity, kind(links)),
                                parents,
                                chain: Some(eng.tree(&prop, closing)),
                            });
                        } else if better(&best, &f) {
                            best = Some(f);
                        }
                    }
                }
                if eng.on_at[q as usize] == NONE {
                    let node = prop.add(q, true, cause, &[p]);
                    eng.mark(&prop, node);
                    pending_on.push(node);
                }
            }
        }
        if prop.nodes.len() > 20_000 {
            break;
        }
    }
    eng.reset(&prop);
    eng.spare = Some(prop);
    best
}

fn loop_step(eng: &mut Engine, prop: &Prop, closing: u32, links: Links) -> Option<Found> {
    let geo = eng.geo;
    let board = eng.board;
    let mut chain = Vec::new();
    let mut x = closing;
    while let Some(&p) = prop.parents(x).first() {
        chain.push(x);
        x = p;
    }
    let cells: Vec<usize> = chain
        .iter()
        .map(|&i| eng.split(prop.nodes[i as usize].pot).0)
        .collect();
    let words = (eng.n * eng.n * eng.n).div_ceil(64);
    let (mut fwd, mut back) = (vec![0u64; words], vec![0u64; words]);
    for &i in &chain {
        let nd = prop.nodes[i as usize];
        let (cell, d) = eng.split(nd.pot);
        for &q in &geo.peers[cell] {
            let q = q as usize;
            if !cells.contains(&q) && board.cands[q] >> d & 1 == 1 {
                let p = eng.pot(q, d) as usize;
                let set = if nd.on { &mut fwd } else { &mut back };
                set[p / 64] |= 1 << (p % 64);
            }
        }
    }
    let mut step = Step::new(unary_technique(links, true), 0.0);
    for (w, (a, b)) in fwd.iter().zip(&back).enumerate() {
        for bit in bits(a & b) {
            let (cell, d) = eng.split((w * 64 + bit) as u32);
            step.eliminate(geo, cell, d);
        }
    }
    if step.eliminations.is_empty() {
        return None;
    }
    for &c in &cells {
        step.cell(geo, c);
    }
    let complexity = eng.ancestors(prop, &[closing]);
    let base = if links == Links::XY { 7.0 } else { 6.5 };
    step.difficulty = round1(base + length_difficulty(complexity));
    step.reason = format!("{}: {}", step.technique.name(), eng.path(prop, closing));
    eng.name_links(prop, closing, &mut step);
    Some(Found {
        difficulty: step.difficulty,
        complexity,
        kind: 0,
        step,
    })
}
