//! Single-digit chains of strong links rated as Sukaku Explainer rates them (Skyscraper,
//! 2-String Kite, Turbot Fish, X-chains of three to five links).

use super::engine::{Cause, Engine, Mode, NONE};
use super::graph::Graph;
use super::rating::{Found, better, round1};
use crate::logic::board::{Board, bits};
use crate::logic::step::{Step, Technique};

/// Sukaku Explainer's base ratings for single-digit chains of `k` strong links (k = 2 …).
const STRONG_LINK_BASE: [f64; 8] = [0.0, 4.0, 5.4, 5.8, 6.2, 6.6, 7.0, 7.4];

/// The easiest single-digit chain of at most `max` strong links whose two ends both see a
/// candidate (X-chains, rated as Sukaku Explainer rates its "strong links": 2 links 4.0 for
/// a Skyscraper, 4.1 for a 2-String Kite or a link in a box, 4.2 with all three kinds; 3 links
/// 5.4 and up; 4 links 5.8; 5 links 6.2).
pub(in crate::logic) fn strong_links(board: &Board, min: usize, max: usize) -> Option<Step> {
    let mut eng = Engine::new(board);
    let n = eng.n;
    let mode = Mode {
        y: false,
        x: true,
        dynamic: false,
        level: 0,
        limit: 0,
    };
    let graph = Graph::new(&mut eng, mode);
    let mut best: Option<Found> = None;
    let mut prop = eng.take_prop();
    for cell in 0..n * n {
        if board.cands[cell] != 0 && board.interrupted() {
            return None;
        }
        for d in bits(board.cands[cell]) {
            let pot = eng.pot(cell, d);
            prop.clear();
            let root = prop.add(pot, true, Cause::Assumed, &[]);
            eng.mark(&prop, root);
            let mut layer = vec![root];
            let mut target = None;
            'search: for _links in 0..=max {
                let mut offs_layer = Vec::new();
                for &p in &layer {
                    for &(q, cause) in graph.offs(prop.nodes[p as usize].pot) {
                        if q == pot {
                            continue;
                        }
                        if eng.off_at[q as usize] == NONE {
                            let node = prop.add(q, false, cause, &[p]);
                            eng.mark(&prop, node);
                            offs_layer.push(node);
                        }
                    }
                }
                // Reaching the start's peers from an on potential other than the root closes
                // the chain: the root sees the chain's last on.
                if prop.nodes.len() > 1 && layer.iter().any(|&p| p != root) {
                    for &p in &layer {
                        if p != root && eng.geo.sees(cell, eng.split(prop.nodes[p as usize].pot).0)
                        {
                            target = Some(p);
                            break 'search;
                        }
                    }
                }
                let mut next = Vec::new();
                for &p in &offs_layer {
                    for &(q, cause) in graph.ons(prop.nodes[p as usize].pot) {
                        if eng.on_at[q as usize] == NONE && q != pot {
                            let node = prop.add(q, true, cause, &[p]);
                            eng.mark(&prop, node);
                            next.push(node);
                        }
                    }
                }
                layer = next;
                if layer.is_empty() {
                    break;
                }
            }
            eng.reset(&prop);
            let Some(last_on) = target else { continue };
            // The chain: root on → off → on (strong) → … → last on; count strong links and
            // their kinds.
            let mut kinds = [false; 3];
            let mut links = 0;
            let mut x = last_on;
            let mut cells = vec![];
            while let Some(&p) = prop.parents(x).first() {
                let nd = prop.nodes[x as usize];
                if nd.on {
                    let (a, b) = (eng.split(nd.pot).0, eng.split(prop.nodes[p as usize].pot).0);
                    let hs = (eng.geo.cell_houses[a], eng.geo.cell_houses[b]);
                    let k = if hs.0[0] == hs.1[0] {
                        0
                    } else if hs.0[1] == hs.1[1] {
                        1
                    } else {
                        2
                    };
                    kinds[k] = true;
                    links += 1;
                    cells.push(a);
                    cells.push(b);
                }
                x = p;
            }
            if links < min || links > max {
                continue;
            }
            let mut step = Step::new(Technique::XChain, 0.0);
            step.eliminate(eng.geo, cell, d);
            let lines = kinds[0] && kinds[1];
            let extra = match (kinds[2], lines) {
                (false, false) => 0.0,
                (true, true) => 0.2,
                _ => 0.1,
            };
            step.technique = match links {
                2 if !kinds[2] && !lines => Technique::Skyscraper,
                2 if !kinds[2] => Technique::TwoStringKite,
                2 => Technique::TurbotFish,
                _ => Technique::XChain,
            };
            step.difficulty = round1(STRONG_LINK_BASE[(links - 1).min(7)] + extra);
            for &c in &cells {
                step.cell(eng.geo, c);
            }
            step.digit(d);
            step.reason = format!(
                "{} of {} strong links on {}: {}",
                step.technique.name(),
                links,
                d + 1,
                eng.path(&prop, last_on)
            );
            eng.name_links(&prop, last_on, &mut step);
            let complexity = prop.nodes.len();
            let f = Found {
                difficulty: step.difficulty,
                complexity,
                kind: 0,
                step,
            };
            if better(&best, &f) {
                best = Some(f);
            }
        }
    }
    best.map(|f| f.step)
}
