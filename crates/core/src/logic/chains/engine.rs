//! The chaining engine's state: potentials (`cell * N + d`, on or off), the nodes a search
//! reaches with their causes and parents, and the [`Engine`] that lists each potential's
//! direct consequences on a working copy of the board and writes a chain's step.

use std::collections::VecDeque;
use std::rc::Rc;

use super::hints::{Known, Sets, Tree};

use crate::logic::board::{Board, Geometry, bits};
use crate::logic::step::Step;
use crate::solve::variant::Scratch;

pub(super) const NONE: u32 = u32::MAX;

/// Why a potential holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Cause {
    Assumed,
    Cell,
    House(u16),
    /// A variant constraint's link: cells that must differ beyond the houses, or candidates
    /// a related pair forbids together.
    Link,
    Advanced,
}

#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    pub(super) pot: u32,
    pub(super) on: bool,
    pub(super) cause: Cause,
    pstart: u32,
    plen: u32,
    /// The nested chain that proved this potential off (an index into `Prop::nests`), or
    /// `NONE`.
    pub(super) nest: u32,
}

/// The result of following one assumption: every potential reached, with its parents.
#[derive(Clone, Debug, Default)]
pub(super) struct Prop {
    pub(super) nodes: Vec<Node>,
    pub(super) parents: Vec<u32>,
    pub(super) on: Vec<u64>,
    pub(super) off: Vec<u64>,
    /// A potential found both on and off: (on node, off node).
    pub(super) contradiction: Option<(u32, u32)>,
    /// The nested chains some nodes rest on.
    pub(super) nests: Vec<Nest>,
}

/// A nested chain an outer chain rests on.
#[derive(Clone, Debug)]
pub(super) struct Nest {
    /// Chains with the same identifier count once in a complexity.
    pub(super) id: u32,
    pub(super) complexity: u32,
    pub(super) tree: Rc<Tree>,
}

impl Prop {
    pub(super) fn has(&self, pot: u32, on: bool) -> bool {
        let set = if on { &self.on } else { &self.off };
        set[pot as usize / 64] >> (pot % 64) & 1 == 1
    }

    pub(super) fn node_of(&self, pot: u32, on: bool) -> Option<u32> {
        self.nodes
            .iter()
            .position(|nd| nd.pot == pot && nd.on == on)
            .map(|i| i as u32)
    }

    /// Adds a node (not indexed: see `Engine::index`).
    pub(super) fn add(&mut self, pot: u32, on: bool, cause: Cause, parents: &[u32]) -> u32 {
        let idx = self.nodes.len() as u32;
        self.nodes.push(Node {
            pot,
            on,
            cause,
            pstart: self.parents.len() as u32,
            plen: parents.len() as u32,
            nest: NONE,
        });
        self.parents.extend_from_slice(parents);
        idx
    }

    /// Empties the prop, keeping its buffers.
    pub(super) fn clear(&mut self) {
        for nd in &self.nodes {
            let (w, b) = (nd.pot as usize / 64, nd.pot % 64);
            self.on[w] &= !(1 << b);
            self.off[w] &= !(1 << b);
        }
        self.nodes.clear();
        self.parents.clear();
        self.nests.clear();
        self.contradiction = None;
    }

    /// The memory the prop holds, in bytes.
    pub(super) fn bytes(&self) -> usize {
        std::mem::size_of::<Prop>()
            + 8 * (self.on.capacity() + self.off.capacity())
            + std::mem::size_of::<Node>() * self.nodes.capacity()
            + 4 * self.parents.capacity()
    }

    /// Frees the room its lists keep for growth (a prop that is kept, not reused).
    pub(super) fn shrink(&mut self) {
        self.nodes.shrink_to_fit();
        self.parents.shrink_to_fit();
    }

    pub(super) fn parents(&self, node: u32) -> &[u32] {
        let nd = self.nodes[node as usize];
        &self.parents[nd.pstart as usize..(nd.pstart + nd.plen) as usize]
    }
}

/// Which links and rules a search uses.
#[derive(Clone, Copy, Debug)]
pub(super) struct Mode {
    /// Cell links (off → on in bivalue cells; on → off within a cell).
    pub(super) y: bool,
    /// House links for off → on.
    pub(super) x: bool,
    pub(super) dynamic: bool,
    /// 0: links only; 1: plus intersections, pairs, X-Wings; 2: plus unary chains; 3: plus
    /// cell and region forcing chains; 4: plus dynamic forcing chains (see `nested.rs`).
    pub(super) level: u8,
    /// At level 4, the level of the nested dynamic forcing chains.
    pub(super) limit: u8,
}

impl Mode {
    /// Cell and region forcing chains (static).
    pub(super) const MULTIPLE: Mode = Mode {
        y: true,
        x: true,
        dynamic: false,
        level: 0,
        limit: 0,
    };

    /// Dynamic forcing chains at a nesting level.
    pub(super) fn dynamic(level: u8) -> Mode {
        Mode {
            y: true,
            x: true,
            dynamic: true,
            level,
            limit: 0,
        }
    }
}

/// Work lists of one propagation, kept between propagations.
#[derive(Default)]
pub(super) struct Buffers {
    pub(super) pending_on: VecDeque<u32>,
    pub(super) pending_off: VecDeque<u32>,
    pub(super) offs: Vec<(u32, Cause)>,
    pub(super) ons: Vec<(u32, Cause, u32, u32)>,
    pub(super) parents: Vec<u32>,
}

pub(super) struct Engine<'a> {
    pub(super) board: &'a Board,
    pub(super) geo: &'a Geometry,
    pub(super) n: usize,
    pub(super) work: Vec<u64>,
    /// Positions of each digit in each house (`h * N + d`), on the real and working boards.
    pub(super) pos_src: Vec<u64>,
    pub(super) pos_work: Vec<u64>,
    /// Each cell's index within its row, column and box.
    pub(super) slot: Vec<[u8; 3]>,
    /// Hidden parents of the last `off_to_on` results, indexed by their ranges.
    pub(super) hidden: Vec<u32>,
    /// A prop to reuse.
    pub(super) spare: Option<Prop>,
    /// Buffers `propagate` reuses.
    pub(super) bufs: Buffers,
    pub(super) on_at: Vec<u32>,
    pub(super) off_at: Vec<u32>,
    pub(super) seen: Vec<u32>,
    pub(super) seen_stamp: u32,
    /// Work lists of the unary searches, kept between searches.
    pub(super) layers: (Vec<u32>, Vec<u32>, Vec<u32>),
    /// What the nested rules found on the working boards met (see `nested.rs`).
    pub(super) known: Known,
    /// A variant's groups where digits must appear beyond rows, columns and regions: houses
    /// `3N + i` of the chains.
    pub(super) sets: Rc<Sets>,
    /// Work of the constraints' rules on the working board (`propagate.rs`).
    pub(super) rules: Rules,
}

/// What the constraints' rules on a working board keep between their runs: the cells the
/// chain changed since they last ran (only the units of those cells can say something new),
/// and buffers.
#[derive(Default)]
pub(super) struct Rules {
    pub(super) dirty: Vec<u32>,
    /// Units already listed in this run: `seen[u] == stamp`.
    pub(super) seen: Vec<u32>,
    pub(super) stamp: u32,
    pub(super) units: Vec<u32>,
    pub(super) now: Vec<u64>,
    pub(super) narrowed: Vec<u64>,
    pub(super) scratch: Scratch,
}

impl<'a> Engine<'a> {
    pub(super) fn new(board: &'a Board) -> Engine<'a> {
        Engine::with_sets(board, None)
    }

    /// The engine on `board`, with the sets of a board it was derived from (a working board
    /// of a nested level: what held there holds here), else its own.
    pub(super) fn with_sets(board: &'a Board, sets: Option<Rc<Sets>>) -> Engine<'a> {
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
            layers: Default::default(),
            known: Known::default(),
            sets: sets.unwrap_or_else(|| Rc::new(Sets::of(board))),
            rules: Rules::default(),
        }
    }

    /// The cells of house `h`: a row, column or region, or beyond `3N` a set.
    pub(super) fn house_cells(&self, h: usize) -> &[u16] {
        match self.geo.houses.get(h) {
            Some(cells) => cells,
            None => &self.sets.cells[h - self.geo.houses.len()],
        }
    }

    /// The name of house `h` (`row 3`, `killer cage 17 r1c1,r1c2`) and, for a set, the index
    /// of its constraint when one constraint gives it.
    pub(super) fn house_name(&self, h: usize) -> (String, Option<usize>) {
        match h.checked_sub(self.geo.houses.len()) {
            Some(i) => self.sets.names[i].clone(),
            None => (self.geo.name(h), None),
        }
    }

    pub(super) fn pot(&self, cell: usize, d: usize) -> u32 {
        (cell * self.n + d) as u32
    }

    pub(super) fn split(&self, pot: u32) -> (usize, usize) {
        (pot as usize / self.n, pot as usize % self.n)
    }

    /// Potentials made off by `pot` on, on the working board.
    pub(super) fn on_to_off(&self, pot: u32, y: bool, out: &mut Vec<(u32, Cause)>) {
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
                } else if hs[1] == self.geo.cell_houses[cell][1] {
                    hs[1]
                } else {
                    out.push((self.pot(q, d), Cause::Link));
                    continue;
                };
                out.push((self.pot(q, d), Cause::House(h)));
            }
        }
        if let Some(x) = &self.geo.extras {
            // Related pairs: the same digit always, other digits with the cell links.
            for &(p, _) in x.links(pot as usize) {
                let (q, v) = self.split(p);
                if (y || v == d) && self.work[q] >> v & 1 == 1 {
                    out.push((p, Cause::Link));
                }
            }
        }
    }

    /// Potentials made on by `pot` off, with their hidden parents (candidates the working
    /// board lost relative to the real one, which the inference relies on) as a range of
    /// `self.hidden`.
    pub(super) fn off_to_on(
        &mut self,
        pot: u32,
        mode: Mode,
        out: &mut Vec<(u32, Cause, u32, u32)>,
    ) {
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
            if !self.sets.cells.is_empty() && self.work[cell] >> d & 1 == 1 {
                self.set_links(cell, d, out);
            }
        }
    }

    /// [`Engine::off_to_on`] in the sets of `cell` that need digit `d`.
    fn set_links(&mut self, cell: usize, d: usize, out: &mut Vec<(u32, Cause, u32, u32)>) {
        let sets = self.sets.clone();
        let n = self.n;
        for &s in &sets.of[cell] {
            let s = s as usize;
            if sets.digits[s] >> d & 1 == 0 {
                continue;
            }
            let mut places = 0;
            let mut other = cell;
            for &c in &sets.cells[s] {
                let c = c as usize;
                if self.work[c] >> d & 1 == 1 {
                    places += 1;
                    if c != cell {
                        other = c;
                    }
                }
            }
            if places != 2 {
                continue;
            }
            let start = self.hidden.len() as u32;
            for &c in &sets.cells[s] {
                let c = c as usize;
                if (self.board.cands[c] & !self.work[c]) >> d & 1 == 1 {
                    self.hidden.push((c * n + d) as u32);
                }
            }
            out.push((
                self.pot(other, d),
                Cause::House((self.geo.houses.len() + s) as u16),
                start,
                self.hidden.len() as u32 - start,
            ));
        }
    }

    /// Removes a candidate from the working board.
    pub(super) fn knock_out(&mut self, cell: usize, d: usize) {
        self.work[cell] &= !(1 << d);
        self.rules.dirty.push(cell as u32);
        let n = self.n;
        for k in 0..3 {
            let h = self.geo.cell_houses[cell][k] as usize;
            self.pos_work[h * n + d] &= !(1u64 << self.slot[cell][k]);
        }
    }

    /// Restores the working board to the real one.
    pub(super) fn restore(&mut self) {
        self.rules.dirty.clear();
        self.work.copy_from_slice(&self.board.cands);
        self.pos_work.copy_from_slice(&self.pos_src);
    }

    pub(super) fn index(&mut self, prop: &mut Prop, node: u32) {
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
    pub(super) fn mark(&mut self, prop: &Prop, node: u32) {
        let nd = prop.nodes[node as usize];
        if nd.on {
            self.on_at[nd.pot as usize] = node;
        } else {
            self.off_at[nd.pot as usize] = node;
        }
    }

    pub(super) fn reset(&mut self, prop: &Prop) {
        for nd in &prop.nodes {
            self.on_at[nd.pot as usize] = NONE;
            self.off_at[nd.pot as usize] = NONE;
        }
    }

    /// A cleared prop for a search whose result is not kept.
    pub(super) fn take_prop(&mut self) -> Prop {
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
            nests: Vec::new(),
        }
    }

    /// Visits each distinct potential among `nodes` and their ancestors once.
    pub(super) fn walk(&mut self, prop: &Prop, nodes: &[u32], mut visit: impl FnMut(&Node)) {
        self.seen_stamp += 1;
        let stamp = self.seen_stamp;
        let mut todo: Vec<u32> = nodes.to_vec();
        while let Some(x) = todo.pop() {
            let nd = prop.nodes[x as usize];
            let key = nd.pot as usize * 2 + nd.on as usize;
            if self.seen[key] == stamp {
                continue;
            }
            self.seen[key] = stamp;
            visit(&nd);
            todo.extend_from_slice(prop.parents(x));
        }
    }

    /// Distinct potentials among `nodes` and their ancestors.
    pub(super) fn ancestors(&mut self, prop: &Prop, nodes: &[u32]) -> usize {
        let mut count = 0;
        self.walk(prop, nodes, |_| count += 1);
        count
    }

    /// The complexity of the distinct nested chains among the ancestors of `nodes` (Sudoku
    /// Explainer's nested complexity, added once to a chain's potentials).
    pub(super) fn nested_complexity(&mut self, prop: &Prop, nodes: &[u32]) -> usize {
        if prop.nests.is_empty() {
            return 0;
        }
        let mut ids: Vec<u32> = Vec::new();
        let mut total = 0;
        self.walk(prop, nodes, |nd| {
            if nd.nest != NONE {
                let nest = &prop.nests[nd.nest as usize];
                if !ids.contains(&nest.id) {
                    ids.push(nest.id);
                    total += nest.complexity as usize;
                }
            }
        });
        total
    }

    /// A chain's complexity: the potentials behind each of its ends, plus its nested chains.
    pub(super) fn complexity(&mut self, prop: &Prop, ends: &[u32]) -> usize {
        let flat: usize = ends.iter().map(|&e| self.ancestors(prop, &[e])).sum();
        flat + self.nested_complexity(prop, ends)
    }

    /// The chain to `node`, following first parents from the assumption.
    pub(super) fn tree(&self, prop: &Prop, node: u32) -> Rc<Tree> {
        let mut steps = Vec::new();
        let mut x = node;
        loop {
            let nd = prop.nodes[x as usize];
            let nest = (nd.nest != NONE).then(|| prop.nests[nd.nest as usize].tree.clone());
            steps.push((nd.pot * 2 + nd.on as u32, nest));
            match prop.parents(x).first() {
                Some(&p) if steps.len() <= prop.nodes.len() => x = p,
                _ => break,
            }
        }
        steps.reverse();
        Rc::new(Tree { steps })
    }

    /// `r1c2=5 → r1c7≠5 → …`, following first parents from the root to `node`.
    pub(super) fn path(&self, prop: &Prop, node: u32) -> String {
        self.line(&self.tree(prop, node))
    }

    fn line(&self, tree: &Tree) -> String {
        let mut prev = None;
        let parts: Vec<String> = tree
            .steps
            .iter()
            .map(|&(key, _)| {
                let text = self.describe(key / 2, key % 2 == 1);
                let why = prev.and_then(|p| self.link_reason(p, key));
                prev = Some(key);
                match why {
                    Some(why) => format!("{text} ({why})"),
                    None => text,
                }
            })
            .collect();
        parts.join(" → ")
    }

    /// On a variant board, the constraint behind the link from node `from` on to node `to`
    /// off (keys `pot × 2 + on`) when no row, column or region gives it.
    fn link_reason(&self, from: u32, to: u32) -> Option<String> {
        self.link_reason_at(from, to).map(|(name, _)| name)
    }

    /// Names in `step` the constraints behind the links of the chain to `node` (on a variant
    /// board; none on a classic one), each with its index in the puzzle's constraints.
    pub(super) fn name_links(&self, prop: &Prop, node: u32, step: &mut Step) {
        if self.geo.extras.is_none() {
            return;
        }
        let tree = self.tree(prop, node);
        for pair in tree.steps.windows(2) {
            if let Some((name, index)) = self.link_reason_at(pair[0].0, pair[1].0) {
                step.constraint(name, index);
            }
        }
    }

    /// [`Engine::link_reason`] with the constraint's index, when one constraint gives it.
    fn link_reason_at(&self, from: u32, to: u32) -> Option<(String, Option<usize>)> {
        let x = self.geo.extras.as_ref()?;
        if from % 2 == 0 || to % 2 == 1 {
            return None;
        }
        let ((a, d), (b, e)) = (self.split(from / 2), self.split(to / 2));
        if a == b {
            return None;
        }
        if d == e
            && let Some(why) = self.geo.why_at(a, b)
        {
            return Some(why);
        }
        let &(_, k) = x.links(from as usize / 2).iter().find(|l| l.0 == to / 2)?;
        Some((
            crate::logic::constraints::name(&x.puzzle.constraints()[k as usize], self.n),
            Some(k as usize),
        ))
    }

    /// The nested chains behind the chains to `ends`, one a line, each indented under the
    /// chain it serves: `r1c5≠1 by a nested chain: …` (empty when there are none).
    pub(super) fn nested_text(&self, ends: &[(&Prop, u32)]) -> String {
        let mut out = String::new();
        let mut done: Vec<*const Tree> = Vec::new();
        for &(prop, node) in ends {
            if !prop.nests.is_empty() {
                self.nested_lines(&self.tree(prop, node), 1, &mut done, &mut out);
            }
        }
        out
    }

    fn nested_lines(
        &self,
        tree: &Tree,
        depth: usize,
        done: &mut Vec<*const Tree>,
        out: &mut String,
    ) {
        for (key, nest) in &tree.steps {
            let Some(nest) = nest else { continue };
            if done.contains(&Rc::as_ptr(nest)) {
                continue;
            }
            done.push(Rc::as_ptr(nest));
            out.push('\n');
            out.push_str(&"    ".repeat(depth));
            out.push_str(&format!(
                "{} by a nested chain: {}",
                self.describe(key / 2, false),
                self.line(nest)
            ));
            self.nested_lines(nest, depth + 1, done, out);
        }
    }

    pub(super) fn describe(&self, pot: u32, on: bool) -> String {
        let (cell, d) = self.split(pot);
        format!(
            "{}{}{}",
            self.geo.cell(cell),
            if on { "=" } else { "≠" },
            d + 1
        )
    }

    /// Whether making `pot` on or off would change the board.
    pub(super) fn can_conclude(&self, pot: u32, on: bool) -> bool {
        let (cell, d) = self.split(pot);
        let m = self.board.cands[cell];
        m >> d & 1 == 1 && (!on || m.count_ones() >= 2)
    }

    /// The step that makes `pot` on (place it) or off (remove it).
    pub(super) fn conclude(&self, step: &mut Step, pot: u32, on: bool) -> bool {
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
