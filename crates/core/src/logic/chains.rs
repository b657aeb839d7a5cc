//! Chains, loops and forcing chains, after Sudoku Explainer's chaining engine.
//!
//! A *potential* is a candidate assumed true (on) or false (off). Implications:
//! - on → off: the cell's other candidates (a *cell* link, used by Y- and XY-chains), and the
//!   digit in the cell's peers (a *house* link);
//! - off → on: the cell's last other candidate when it held two (*cell*), the digit's last
//!   other place in a house where it had two (*house*, used by X-chains).
//!
//! From each candidate the engine follows these implications breadth first:
//! - *unary* chains: `p on ⇒ … ⇒ p off` removes `p`, `p off ⇒ … ⇒ p on` places it (X-, XY-
//!   chains and AICs), and a path back to `p on` is a loop, whose weak links' outsiders go;
//! - *Nishio*: assuming `p` (single-digit links only) reaches a contradiction;
//! - *multiple* chains: every candidate of a cell, or every place of a digit in a house, leads
//!   to the same potential (cell and region forcing chains);
//! - *dynamic* chains (forcing nets): each implication is applied to a copy of the board, so
//!   later ones see the candidates earlier ones removed; `level 1` also runs intersections,
//!   pairs and X-Wings on that copy when the links run dry, `level 2` nests unary chains.
//!
//! Ratings follow Sudoku Explainer: a base (loops 6.5, X-chains 6.6, chains with both kinds of
//! link 7.0, Nishio 7.5, multiple 8.0, dynamic 8.5, dynamic + 9.0, nested 9.5) plus 0.1 each
//! time the number of potentials involved, less two, passes 4, 6, 8, 12, 16, 24, … The engine
//! returns the easiest step it finds (lowest rating, then fewest potentials).

use std::collections::VecDeque;
use std::rc::Rc;

use super::board::{Geometry, bits, positions};
use super::{Board, Step, Technique};

const NONE: u32 = u32::MAX;

/// Why a potential holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cause {
    Assumed,
    Cell,
    House(u16),
    Advanced,
}

#[derive(Clone, Copy, Debug)]
struct Node {
    pot: u32,
    on: bool,
    cause: Cause,
    pstart: u32,
    plen: u32,
}

/// The result of following one assumption: every potential reached, with its parents.
#[derive(Clone, Debug, Default)]
struct Prop {
    nodes: Vec<Node>,
    parents: Vec<u32>,
    on: Vec<u64>,
    off: Vec<u64>,
    /// A potential found both on and off: (on node, off node).
    contradiction: Option<(u32, u32)>,
}

impl Prop {
    fn has(&self, pot: u32, on: bool) -> bool {
        let set = if on { &self.on } else { &self.off };
        set[pot as usize / 64] >> (pot % 64) & 1 == 1
    }

    fn node_of(&self, pot: u32, on: bool) -> Option<u32> {
        self.nodes
            .iter()
            .position(|nd| nd.pot == pot && nd.on == on)
            .map(|i| i as u32)
    }

    /// Adds a node (not indexed: see `Engine::index`).
    fn add(&mut self, pot: u32, on: bool, cause: Cause, parents: &[u32]) -> u32 {
        let idx = self.nodes.len() as u32;
        self.nodes.push(Node {
            pot,
            on,
            cause,
            pstart: self.parents.len() as u32,
            plen: parents.len() as u32,
        });
        self.parents.extend_from_slice(parents);
        idx
    }

    /// Empties the prop, keeping its buffers.
    fn clear(&mut self) {
        for nd in &self.nodes {
            let (w, b) = (nd.pot as usize / 64, nd.pot % 64);
            self.on[w] &= !(1 << b);
            self.off[w] &= !(1 << b);
        }
        self.nodes.clear();
        self.parents.clear();
        self.contradiction = None;
    }

    fn parents(&self, node: u32) -> &[u32] {
        let nd = self.nodes[node as usize];
        &self.parents[nd.pstart as usize..(nd.pstart + nd.plen) as usize]
    }
}

/// Which links and rules a search uses.
#[derive(Clone, Copy, Debug)]
struct Mode {
    /// Cell links (off → on in bivalue cells; on → off within a cell).
    y: bool,
    /// House links for off → on.
    x: bool,
    dynamic: bool,
    /// 0: links only; 1: plus intersections, pairs, X-Wings; 2: plus unary chains.
    level: u8,
}

/// Work lists of one propagation, kept between propagations.
#[derive(Default)]
struct Buffers {
    pending_on: VecDeque<u32>,
    pending_off: VecDeque<u32>,
    offs: Vec<(u32, Cause)>,
    ons: Vec<(u32, Cause, u32, u32)>,
    parents: Vec<u32>,
}

struct Engine<'a> {
    board: &'a Board,
    geo: &'a Geometry,
    n: usize,
    work: Vec<u64>,
    /// Positions of each digit in each house (`h * N + d`), on the real and working boards.
    pos_src: Vec<u64>,
    pos_work: Vec<u64>,
    /// Each cell's index within its row, column and box.
    slot: Vec<[u8; 3]>,
    /// Hidden parents of the last `off_to_on` results, indexed by their ranges.
    hidden: Vec<u32>,
    /// A prop to reuse.
    spare: Option<Prop>,
    /// Buffers `propagate` reuses.
    bufs: Buffers,
    on_at: Vec<u32>,
    off_at: Vec<u32>,
    seen: Vec<u32>,
    seen_stamp: u32,
}

/// A chain step with its sort key (rating, potentials involved).
pub(super) struct Found {
    difficulty: f64,
    complexity: usize,
    pub(super) step: Step,
}

fn better(a: &Option<Found>, b: &Found) -> bool {
    match a {
        None => true,
        Some(a) => (b.difficulty, b.complexity) < (a.difficulty, a.complexity),
    }
}

/// Sudoku Explainer's rating increment for a chain of `complexity` potentials.
fn length_difficulty(complexity: usize) -> f64 {
    let length = complexity as i64 - 2;
    let (mut added, mut ceil, mut odd) = (0.0, 4i64, false);
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

impl<'a> Engine<'a> {
    fn new(board: &'a Board) -> Engine<'a> {
        let geo = &*board.geo;
        let n = geo.n;
        let pots = n * n * n;
        let mut pos_src = vec![0u64; 3 * n * n];
        let mut slot = vec![[0u8; 3]; n * n];
        for (h, cells) in geo.houses.iter().enumerate() {
            for (i, &c) in cells.iter().enumerate() {
                let c = c as usize;
                slot[c][h / n] = i as u8;
                for d in bits(board.cands[c]) {
                    pos_src[h * n + d] |= 1 << i;
                }
            }
        }
        Engine {
            board,
            geo,
            n,
            work: board.cands.clone(),
            pos_work: pos_src.clone(),
            pos_src,
            slot,
            hidden: Vec::new(),
            spare: None,
            bufs: Buffers::default(),
            on_at: vec![NONE; pots],
            off_at: vec![NONE; pots],
            seen: vec![0; 2 * pots],
            seen_stamp: 0,
        }
    }

    fn pot(&self, cell: usize, d: usize) -> u32 {
        (cell * self.n + d) as u32
    }

    fn split(&self, pot: u32) -> (usize, usize) {
        (pot as usize / self.n, pot as usize % self.n)
    }

    /// Potentials made off by `pot` on, on the working board.
    fn on_to_off(&self, pot: u32, y: bool, out: &mut Vec<(u32, Cause)>) {
        let (cell, d) = self.split(pot);
        out.clear();
        if y {
            for v in bits(self.work[cell] & !(1 << d)) {
                out.push((self.pot(cell, v), Cause::Cell));
            }
        }
        let box_h = self.geo.cell_houses[cell][2];
        for &q in &self.geo.peers[cell] {
            let q = q as usize;
            if self.work[q] >> d & 1 == 1 {
                let hs = self.geo.cell_houses[q];
                let h = if hs[2] == box_h {
                    box_h
                } else if hs[0] == self.geo.cell_houses[cell][0] {
                    hs[0]
                } else {
                    hs[1]
                };
                out.push((self.pot(q, d), Cause::House(h)));
            }
        }
    }

    /// Potentials made on by `pot` off, with their hidden parents (candidates the working
    /// board lost relative to the real one, which the inference relies on) as a range of
    /// `self.hidden`.
    fn off_to_on(&mut self, pot: u32, mode: Mode, out: &mut Vec<(u32, Cause, u32, u32)>) {
        let (cell, d) = self.split(pot);
        out.clear();
        self.hidden.clear();
        let src = &self.board.cands;
        let n = self.n;
        if mode.y && self.work[cell].count_ones() == 2 {
            let v = (self.work[cell] & !(1 << d)).trailing_zeros() as usize;
            let start = self.hidden.len() as u32;
            for w in bits(src[cell] & !self.work[cell]) {
                self.hidden.push((cell * n + w) as u32);
            }
            out.push((
                self.pot(cell, v),
                Cause::Cell,
                start,
                self.hidden.len() as u32 - start,
            ));
        }
        if mode.x {
            for k in [2, 0, 1] {
                let h = self.geo.cell_houses[cell][k] as usize;
                let pos = self.pos_work[h * n + d];
                if pos.count_ones() == 2 {
                    let me = 1u64 << self.slot[cell][k];
                    let other = self.geo.houses[h][(pos & !me).trailing_zeros() as usize] as usize;
                    let start = self.hidden.len() as u32;
                    for i in bits(self.pos_src[h * n + d] & !pos) {
                        self.hidden
                            .push((self.geo.houses[h][i] as usize * n + d) as u32);
                    }
                    out.push((
                        self.pot(other, d),
                        Cause::House(h as u16),
                        start,
                        self.hidden.len() as u32 - start,
                    ));
                }
            }
        }
    }

    /// Removes a candidate from the working board.
    fn knock_out(&mut self, cell: usize, d: usize) {
        self.work[cell] &= !(1 << d);
        let n = self.n;
        for k in 0..3 {
            let h = self.geo.cell_houses[cell][k] as usize;
            self.pos_work[h * n + d] &= !(1u64 << self.slot[cell][k]);
        }
    }

    /// Restores the working board to the real one.
    fn restore(&mut self) {
        self.work.copy_from_slice(&self.board.cands);
        self.pos_work.copy_from_slice(&self.pos_src);
    }

    fn index(&mut self, prop: &mut Prop, node: u32) {
        let nd = prop.nodes[node as usize];
        let (set, at) = if nd.on {
            (&mut prop.on, &mut self.on_at)
        } else {
            (&mut prop.off, &mut self.off_at)
        };
        set[nd.pot as usize / 64] |= 1 << (nd.pot % 64);
        at[nd.pot as usize] = node;
    }

    /// Records a node for the duplicate checks only (searches whose props are not kept).
    fn mark(&mut self, prop: &Prop, node: u32) {
        let nd = prop.nodes[node as usize];
        if nd.on {
            self.on_at[nd.pot as usize] = node;
        } else {
            self.off_at[nd.pot as usize] = node;
        }
    }

    fn reset(&mut self, prop: &Prop) {
        for nd in &prop.nodes {
            self.on_at[nd.pot as usize] = NONE;
            self.off_at[nd.pot as usize] = NONE;
        }
    }

    /// A cleared prop for a search whose result is not kept.
    fn take_prop(&mut self) -> Prop {
        match self.spare.take() {
            Some(mut p) => {
                p.clear();
                p
            }
            None => self.new_prop(),
        }
    }

    fn new_prop(&self) -> Prop {
        let words = (self.n * self.n * self.n).div_ceil(64);
        Prop {
            on: vec![0; words],
            off: vec![0; words],
            nodes: Vec::with_capacity(4 * self.n * self.n),
            parents: Vec::with_capacity(4 * self.n * self.n),
            contradiction: None,
        }
    }

    /// Follows every consequence of one assumption (Sudoku Explainer's `doChaining`): on
    /// potentials first, then one off at a time; stops at the first contradiction.
    fn propagate(&mut self, start: u32, start_on: bool, mode: Mode) -> Prop {
        let mut prop = self.take_prop();
        let mut bufs = std::mem::take(&mut self.bufs);
        self.restore();
        self.follow(&mut prop, &mut bufs, start, start_on, mode);
        self.reset(&prop);
        self.bufs = bufs;
        prop
    }

    fn follow(&mut self, prop: &mut Prop, b: &mut Buffers, start: u32, start_on: bool, mode: Mode) {
        let root = prop.add(start, start_on, Cause::Assumed, &[]);
        self.index(prop, root);
        b.pending_on.clear();
        b.pending_off.clear();
        if start_on {
            b.pending_on.push_back(root);
        } else {
            b.pending_off.push_back(root);
        }
        loop {
            if let Some(p) = b.pending_on.pop_front() {
                self.on_to_off(prop.nodes[p as usize].pot, mode.y, &mut b.offs);
                for &(q, cause) in &b.offs {
                    if self.on_at[q as usize] != NONE {
                        let off = prop.add(q, false, cause, &[p]);
                        prop.contradiction = Some((self.on_at[q as usize], off));
                        return;
                    }
                    if self.off_at[q as usize] == NONE {
                        let node = prop.add(q, false, cause, &[p]);
                        self.index(prop, node);
                        b.pending_off.push_back(node);
                    }
                }
            } else if let Some(p) = b.pending_off.pop_front() {
                let pot = prop.nodes[p as usize].pot;
                self.off_to_on(pot, mode, &mut b.ons);
                if mode.dynamic {
                    let (cell, d) = self.split(pot);
                    self.knock_out(cell, d);
                }
                for &(q, cause, hs, hl) in &b.ons {
                    b.parents.clear();
                    b.parents.push(p);
                    b.parents.extend(
                        self.hidden[hs as usize..(hs + hl) as usize]
                            .iter()
                            .map(|&h| self.off_at[h as usize])
                            .filter(|&x| x != NONE),
                    );
                    if self.off_at[q as usize] != NONE {
                        let on = prop.add(q, true, cause, &b.parents);
                        prop.contradiction = Some((on, self.off_at[q as usize]));
                        return;
                    }
                    if self.on_at[q as usize] == NONE {
                        let node = prop.add(q, true, cause, &b.parents);
                        self.index(prop, node);
                        b.pending_on.push_back(node);
                    }
                }
            } else if mode.level > 0 {
                let adv = self.advanced(prop, mode.level);
                for (q, parents) in adv {
                    if self.off_at[q as usize] == NONE {
                        let node = prop.add(q, false, Cause::Advanced, &parents);
                        self.index(prop, node);
                        b.pending_off.push_back(node);
                    }
                }
                if b.pending_off.is_empty() {
                    return;
                }
            } else {
                return;
            }
        }
    }

    /// Eliminations simpler techniques find on the working board, with the removed candidates
    /// they rely on as parents.
    fn advanced(&mut self, prop: &Prop, level: u8) -> Vec<(u32, Vec<u32>)> {
        let temp = Board {
            geo: self.board.geo.clone(),
            values: self.board.values.clone(),
            cands: self.work.clone(),
        };
        let mut finders: Vec<fn(&Board) -> Option<Step>> = vec![
            |b| super::intersections::find(b, Technique::Pointing),
            |b| super::intersections::find(b, Technique::Claiming),
            |b| super::subsets::hidden(b, 2, false),
            |b| super::subsets::naked(b, 2),
            |b| super::fish::basic(b, 2),
        ];
        if level >= 2 {
            finders.push(|b| unary_all(b).map(|f| f.step));
        }
        for f in finders {
            let Some(step) = f(&temp) else { continue };
            let mut parents = Vec::new();
            for h in 0..3 * self.n {
                if !step.houses.contains(&self.geo.house(h)) {
                    continue;
                }
                for dg in &step.digits {
                    let d = dg.index();
                    let lost = positions(self.geo, &self.board.cands, h, d)
                        & !positions(self.geo, &self.work, h, d);
                    for i in bits(lost) {
                        let pot = self.pot(self.geo.houses[h][i] as usize, d);
                        if let Some(node) = prop.node_of(pot, false) {
                            if !parents.contains(&node) {
                                parents.push(node);
                            }
                        }
                    }
                }
            }
            if parents.is_empty() {
                continue;
            }
            return step
                .eliminations
                .iter()
                .map(|e| {
                    let cell = e.cell.row() * self.n + e.cell.col();
                    (self.pot(cell, e.digit.index()), parents.clone())
                })
                .collect();
        }
        Vec::new()
    }

    /// Distinct potentials among `nodes` and their ancestors.
    fn ancestors(&mut self, prop: &Prop, nodes: &[u32]) -> usize {
        self.seen_stamp += 1;
        let stamp = self.seen_stamp;
        let mut count = 0;
        let mut todo: Vec<u32> = nodes.to_vec();
        while let Some(x) = todo.pop() {
            let nd = prop.nodes[x as usize];
            let key = nd.pot as usize * 2 + nd.on as usize;
            if self.seen[key] == stamp {
                continue;
            }
            self.seen[key] = stamp;
            count += 1;
            todo.extend_from_slice(prop.parents(x));
        }
        count
    }

    /// `r1c2=5 → r1c7≠5 → …`, following first parents from the root to `node`.
    fn path(&self, prop: &Prop, node: u32) -> String {
        let mut chain = vec![node];
        let mut x = node;
        while let Some(&p) = prop.parents(x).first() {
            chain.push(p);
            x = p;
            if chain.len() > prop.nodes.len() {
                break;
            }
        }
        chain.reverse();
        let parts: Vec<String> = chain
            .iter()
            .map(|&i| {
                let nd = prop.nodes[i as usize];
                let (cell, d) = self.split(nd.pot);
                format!(
                    "{}{}{}",
                    self.geo.cell(cell),
                    if nd.on { "=" } else { "≠" },
                    d + 1
                )
            })
            .collect();
        parts.join(" → ")
    }

    fn describe(&self, pot: u32, on: bool) -> String {
        let (cell, d) = self.split(pot);
        format!(
            "{}{}{}",
            self.geo.cell(cell),
            if on { "=" } else { "≠" },
            d + 1
        )
    }

    /// Whether making `pot` on or off would change the board.
    fn can_conclude(&self, pot: u32, on: bool) -> bool {
        let (cell, d) = self.split(pot);
        let m = self.board.cands[cell];
        m >> d & 1 == 1 && (!on || m.count_ones() >= 2)
    }

    /// The step that makes `pot` on (place it) or off (remove it).
    fn conclude(&self, step: &mut Step, pot: u32, on: bool) -> bool {
        let (cell, d) = self.split(pot);
        let board = self.board;
        if board.cands[cell] >> d & 1 == 0 {
            return false;
        }
        if on {
            if board.cands[cell].count_ones() < 2 {
                return false;
            }
            step.place(self.geo, cell, d);
        } else {
            step.eliminate(self.geo, cell, d);
        }
        step.cell(self.geo, cell);
        step.digit(d);
        true
    }
}

/// The static implication graph of a board for one kind of links: every potential's direct
/// consequences, computed once and shared by the searches from every start.
struct Graph {
    on_idx: Vec<u32>,
    on_e: Vec<(u32, Cause)>,
    off_idx: Vec<u32>,
    off_e: Vec<(u32, Cause)>,
}

impl Graph {
    fn new(eng: &mut Engine, mode: Mode) -> Graph {
        eng.restore();
        let pots = eng.n * eng.n * eng.n;
        let mut g = Graph {
            on_idx: Vec::with_capacity(pots + 1),
            on_e: Vec::new(),
            off_idx: Vec::with_capacity(pots + 1),
            off_e: Vec::new(),
        };
        let (mut offs, mut ons) = (Vec::new(), Vec::new());
        for pot in 0..pots as u32 {
            g.on_idx.push(g.on_e.len() as u32);
            g.off_idx.push(g.off_e.len() as u32);
            let (cell, d) = eng.split(pot);
            if eng.board.cands[cell] >> d & 1 == 0 {
                continue;
            }
            eng.on_to_off(pot, mode.y, &mut offs);
            g.on_e.extend_from_slice(&offs);
            eng.off_to_on(pot, mode, &mut ons);
            g.off_e.extend(ons.iter().map(|&(q, c, _, _)| (q, c)));
        }
        g.on_idx.push(g.on_e.len() as u32);
        g.off_idx.push(g.off_e.len() as u32);
        g
    }

    /// What `pot` on makes off.
    fn offs(&self, pot: u32) -> &[(u32, Cause)] {
        &self.on_e[self.on_idx[pot as usize] as usize..self.on_idx[pot as usize + 1] as usize]
    }

    /// What `pot` off makes on.
    fn ons(&self, pot: u32) -> &[(u32, Cause)] {
        &self.off_e[self.off_idx[pot as usize] as usize..self.off_idx[pot as usize + 1] as usize]
    }
}

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
pub(super) fn unary_all(board: &Board) -> Option<Found> {
    let mut best: Option<Found> = None;
    for links in [Links::X, Links::Y, Links::XY] {
        best = unary_links(board, links, true, best);
    }
    best
}

/// One technique of the unary family, for the explainer.
pub(super) fn unary(board: &Board, t: Technique) -> Option<Step> {
    let links = match t {
        Technique::XChain | Technique::XCycle => Links::X,
        Technique::XYChain | Technique::XYCycle => Links::Y,
        _ => Links::XY,
    };
    unary_links(board, links, false, None).map(|f| f.step)
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
fn unary_links(board: &Board, links: Links, se: bool, mut best: Option<Found>) -> Option<Found> {
    let mut eng = Engine::new(board);
    let n = eng.n;
    let (y, x) = match links {
        Links::X => (false, true),
        Links::Y => (true, false),
        Links::XY => (true, true),
    };
    let graph = Graph::new(
        &mut eng,
        Mode {
            y,
            x: x || links == Links::X,
            dynamic: false,
            level: 0,
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
        for d in bits(m) {
            let pot = eng.pot(cell, d);
            // Loops of bivalue cells start in a bivalue cell.
            let loops = links != Links::Y || m.count_ones() == 2;
            let max_c = max_complexity(&best, loop_base);
            if let Some(f) = (loops && max_c >= 4)
                .then(|| cycle(&mut eng, &graph, pot, links, max_c))
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
                    if let Some(f) = forcing(&mut eng, &graph, pot, start_on, links, max_c) {
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
    pot: u32,
    start_on: bool,
    links: Links,
    max_complexity: usize,
) -> Option<Found> {
    let mut prop = eng.take_prop();
    eng.restore();
    let root = prop.add(pot, start_on, Cause::Assumed, &[]);
    eng.mark(&prop, root);
    let mut pending_on: Vec<u32> = Vec::new();
    let mut pending_off: Vec<u32> = Vec::new();
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
        for p in std::mem::take(&mut pending_on) {
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
        for p in std::mem::take(&mut pending_off) {
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
    let found = target.and_then(|target| {
        let mut step = Step::new(unary_technique(links, false), 0.0);
        if !eng.conclude(&mut step, pot, !start_on) {
            return None;
        }
        let complexity = eng.ancestors(&prop, &[target]);
        let base = if links == Links::X { 6.6 } else { 7.0 };
        step.difficulty = round1(base + length_difficulty(complexity));
        step.reason = format!("{}: {}", step.technique.name(), eng.path(&prop, target));
        Some(Found {
            difficulty: step.difficulty,
            complexity,
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
                        if better(&best, &f) {
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
    Some(Found {
        difficulty: step.difficulty,
        complexity,
        step,
    })
}

/// Nishio forcing chains: an assumption whose single-digit consequences contradict.
pub(super) fn nishio(board: &Board) -> Option<Step> {
    let mode = Mode {
        y: false,
        x: true,
        dynamic: true,
        level: 0,
    };
    multiple_search(board, mode, true, false).map(|f| f.step)
}

/// Cell and region forcing chains (static).
pub(super) fn multiple(board: &Board) -> Option<Step> {
    let mode = Mode {
        y: true,
        x: true,
        dynamic: false,
        level: 0,
    };
    multiple_search(board, mode, false, true).map(|f| f.step)
}

/// Dynamic forcing chains (nets) at a nesting level.
pub(super) fn dynamic(board: &Board, level: u8) -> Option<Step> {
    let mode = Mode {
        y: true,
        x: true,
        dynamic: true,
        level,
    };
    multiple_search(board, mode, false, true).map(|f| f.step)
}

fn base_rating(mode: Mode, nishio: bool) -> (f64, Technique) {
    match (mode.level, nishio, mode.dynamic) {
        (l, _, _) if l >= 2 => (9.5 + 0.5 * (l - 2) as f64, Technique::NestedForcingChain),
        (1, _, _) => (9.0, Technique::DynamicForcingChainPlus),
        (_, true, _) => (7.5, Technique::NishioForcingChain),
        (_, _, true) => (8.5, Technique::DynamicForcingChain),
        _ => (8.0, Technique::CellForcingChain),
    }
}

/// Sudoku Explainer's `getMultipleChainsHintList`.
fn multiple_search(board: &Board, mode: Mode, nishio: bool, multiple: bool) -> Option<Found> {
    let mut eng = Engine::new(board);
    let n = eng.n;
    let (base, tech) = base_rating(mode, nishio);
    let mut best: Option<Found> = None;
    let mut cache: Vec<Option<Rc<Prop>>> = vec![None; n * n * n];
    let mut on_prop = |eng: &mut Engine, pot: u32| -> Rc<Prop> {
        cache[pot as usize]
            .get_or_insert_with(|| Rc::new(eng.propagate(pot, true, mode)))
            .clone()
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
            let pot = eng.pot(cell, d);
            let on = on_prop(&mut eng, pot);
            if contradictions {
                contradiction(&mut eng, &mut best, &on, pot, true, base, tech);
            }
            let off = eng.propagate(pot, false, mode);
            if contradictions {
                contradiction(&mut eng, &mut best, &off, pot, false, base, tech);
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
                    let cx = eng.ancestors(&on, &[i as u32]) + eng.ancestors(&off, &[j]);
                    if !beats(&best, base, cx) {
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
                    offer(&mut best, step, base, cx);
                }
            }
            if !nishio {
                // Region forcing chains: every place of d in a house of this cell.
                for k in [2, 0, 1] {
                    let h = eng.geo.cell_houses[cell][k] as usize;
                    let pos = board.positions(h, d);
                    let count = pos.count_ones();
                    if !(count == 2 || (multiple && count > 2)) {
                        continue;
                    }
                    if eng.geo.houses[h][pos.trailing_zeros() as usize] as usize != cell {
                        continue;
                    }
                    let mut props: Vec<(u32, Rc<Prop>)> = vec![(pot, on.clone())];
                    for i in bits(pos) {
                        let c2 = eng.geo.houses[h][i] as usize;
                        if c2 != cell {
                            let p2 = eng.pot(c2, d);
                            props.push((p2, on_prop(&mut eng, p2)));
                        }
                    }
                    let t = if mode.dynamic {
                        tech
                    } else {
                        Technique::RegionForcingChain
                    };
                    common(&mut eng, &mut best, &props, base, t, &|eng: &Engine| {
                        format!("each place of {} in {}", d + 1, eng.geo.house(h))
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
                &mut eng,
                &mut best,
                &value_props,
                base,
                t,
                &|eng: &Engine| format!("each candidate of {}", eng.geo.cell(cell)),
            );
        }
    }
    best
}

/// Whether a step rated `base` with `complexity` potentials would beat `best`.
fn beats(best: &Option<Found>, base: f64, complexity: usize) -> bool {
    let d = round1(base + length_difficulty(complexity));
    best.as_ref()
        .is_none_or(|b| (d, complexity) < (b.difficulty, b.complexity))
}

/// An assumption that led to a contradiction: its opposite holds.
fn contradiction(
    eng: &mut Engine,
    best: &mut Option<Found>,
    prop: &Prop,
    pot: u32,
    assumed_on: bool,
    base: f64,
    tech: Technique,
) {
    let Some((a, b)) = prop.contradiction else {
        return;
    };
    if !eng.can_conclude(pot, !assumed_on) {
        return;
    }
    let cx = eng.ancestors(prop, &[a]) + eng.ancestors(prop, &[b]);
    if !beats(best, base, cx) {
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
    offer(best, step, base, cx);
}

fn offer(best: &mut Option<Found>, mut step: Step, base: f64, complexity: usize) {
    step.difficulty = round1(base + length_difficulty(complexity));
    let f = Found {
        difficulty: step.difficulty,
        complexity,
        step,
    };
    if better(best, &f) {
        *best = Some(f);
    }
}

/// Potentials every branch reaches: cell or region forcing chains.
fn common(
    eng: &mut Engine,
    best: &mut Option<Found>,
    props: &[(u32, Rc<Prop>)],
    base: f64,
    t: Technique,
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
            .map(|((_, p), &j)| eng.ancestors(p, &[j]))
            .sum();
        if !beats(best, base, cx) {
            continue;
        }
        let mut step = Step::new(t, 0.0);
        eng.conclude(&mut step, nd.pot, nd.on);
        let paths: Vec<String> = props
            .iter()
            .zip(&ends)
            .map(|((_, p), &j)| eng.path(p, j))
            .collect();
        step.reason = format!(
            "{}: {} gives {}: {}",
            t.name(),
            what(eng),
            eng.describe(nd.pot, nd.on),
            paths.join("; ")
        );
        offer(best, step, base, cx);
    }
}

/// Sukaku Explainer's base ratings for single-digit chains of `k` strong links (k = 2 …).
const STRONG_LINK_BASE: [f64; 8] = [0.0, 4.0, 5.4, 5.8, 6.2, 6.6, 7.0, 7.4];

/// The easiest single-digit chain of at most `max` strong links whose two ends both see a
/// candidate (X-chains, rated as Sukaku Explainer rates its "strong links": 2 links 4.0 for
/// a Skyscraper, 4.1 for a 2-String Kite or a link in a box, 4.2 with all three kinds; 3 links
/// 5.4 and up; 4 links 5.8; 5 links 6.2).
pub(super) fn strong_links(board: &Board, min: usize, max: usize) -> Option<Step> {
    let mut eng = Engine::new(board);
    let n = eng.n;
    let mode = Mode {
        y: false,
        x: true,
        dynamic: false,
        level: 0,
    };
    let graph = Graph::new(&mut eng, mode);
    let mut best: Option<Found> = None;
    let mut prop = eng.take_prop();
    for cell in 0..n * n {
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
            let complexity = prop.nodes.len();
            let f = Found {
                difficulty: step.difficulty,
                complexity,
                step,
            };
            if better(&best, &f) {
                best = Some(f);
            }
        }
    }
    best.map(|f| f.step)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_increments_follow_sudoku_explainer() {
        // +0.1 once the chain has more than 4, 6, 8, 12, 16, 24 … potentials beyond two.
        assert_eq!(length_difficulty(6), 0.0);
        assert_eq!(round1(length_difficulty(7)), 0.1);
        assert_eq!(round1(length_difficulty(9)), 0.2);
        assert_eq!(round1(length_difficulty(11)), 0.3);
        assert_eq!(round1(length_difficulty(15)), 0.4);
        assert_eq!(round1(length_difficulty(19)), 0.5);
    }
}
