//! Propagation: the givens set in bulk at the root; placements and eliminations on the
//! trail; naked and hidden singles by house; locked candidates once singles are exhausted.

use super::{General, Undo};
use crate::bits::Bits;

impl<const W: usize> General<W> {
    pub(super) fn start(&mut self) -> bool {
        // The givens in bulk (placing them one by one cost 3N removals a given: 96,000 × 1,200
        // on `rk-sudoku-400-1`), and off the trail: nothing below the root is ever undone.
        for cell in 0..self.givens.len() {
            if cell % Self::WATCH_STEPS == 0 && self.watch.expired() {
                return false;
            }
            let v = self.givens[cell];
            if v == 0 {
                continue;
            }
            let digit = v as usize - 1;
            if self.marks.get(cell).is_some_and(|m| !m.contains(digit)) {
                return false; // a digit its cell's candidates leave out
            }
            for h in self.houses_of[cell] {
                let placed = &mut self.placed[h as usize];
                if placed.contains(digit) {
                    return false; // twice in a house
                }
                placed.insert(digit);
            }
            self.values[cell] = v;
            self.empty -= 1;
        }
        for cell in 0..self.givens.len() {
            if self.values[cell] != 0 {
                continue;
            }
            let [r, c, b] = self.houses_of[cell].map(|h| &self.placed[h as usize]);
            let mut left = self.full.difference(&r.union(c).union(b));
            if let Some(marks) = self.marks.get(cell) {
                left = left.intersection(marks);
            }
            if left.is_empty() {
                return false;
            }
            if left.single().is_some() {
                self.singles.push(cell as u32);
            }
            self.cand[cell] = left;
        }
        for h in 0..3 * self.n {
            self.mark_dirty(h);
        }
        if let Some((cell, digit)) = self.forbidden {
            if !self.remove(cell, digit) {
                return false;
            }
        }
        let ok = self.propagate();
        self.root = self.trail.len();
        let vars: usize = (0..self.values.len())
            .filter(|&c| self.values[c] == 0)
            .map(|c| self.cand[c].len())
            .sum();
        if vars > Self::MAX_LEARNING_VARS {
            self.cdcl_after = u64::MAX; // keep memory in line with the grid
        }
        let cells = self.values.len();
        let reached = |&(side, holes): &(usize, f64)| {
            self.n >= side && self.empty as f64 >= holes * cells as f64
        };
        self.sparse = ok && self.cdcl_after != 0 && self.sparse_from.iter().any(reached);
        ok
    }

    /// Propagation steps (givens placed, queue entries) between two looks at the watch.
    const WATCH_STEPS: usize = 1 << 12;

    #[inline]
    fn mark_dirty(&mut self, h: usize) {
        if !self.dirty[h] {
            self.dirty[h] = true;
            self.dirty_list.push(h as u32);
        }
        if !self.locked_dirty[h] {
            self.locked_dirty[h] = true;
            self.locked_list.push(h as u32);
        }
    }

    /// Places `digit` in the empty `cell` and removes it from the peers.
    pub(super) fn assign(&mut self, cell: usize, digit: usize) -> bool {
        if self.values[cell] != 0 || !self.cand[cell].contains(digit) {
            return false;
        }
        self.values[cell] = digit as u16 + 1;
        self.empty -= 1;
        self.trail.push(Undo {
            cell: cell as u32,
            digit: digit as u16,
            assign: true,
        });
        let n = self.n;
        for h in self.houses_of[cell] {
            let h = h as usize;
            self.placed[h].insert(digit);
            self.mark_dirty(h);
            for i in 0..n {
                let peer = self.members[h * n + i] as usize;
                if !self.remove(peer, digit) {
                    return false;
                }
            }
        }
        true
    }

    /// Removes `digit` from an empty cell's candidates (if there); false when none is left.
    #[inline]
    fn remove(&mut self, cell: usize, digit: usize) -> bool {
        if self.values[cell] != 0 || !self.cand[cell].contains(digit) {
            return true;
        }
        self.cand[cell].remove(digit);
        self.trail.push(Undo {
            cell: cell as u32,
            digit: digit as u16,
            assign: false,
        });
        let left = &self.cand[cell];
        if left.is_empty() {
            return false;
        }
        if left.single().is_some() {
            self.singles.push(cell as u32);
        }
        for h in self.houses_of[cell] {
            self.mark_dirty(h as usize);
        }
        true
    }

    /// Locked candidates through house `h`: a digit whose cells in `h` all lie in one
    /// intersection with another house leaves the rest of that house (pointing from boxes,
    /// claiming from rows and columns). The intersections of `h` are its segments: the rows or
    /// columns of a box, the boxes along a row or column.
    fn locked(&mut self, h: usize) -> bool {
        let (n, w, bh) = (self.n, self.width, self.height);
        if w == 1 || bh == 1 || w == n || bh == n {
            return true; // a box is a row or a column: nothing to lock
        }
        let needed = self.full.difference(&self.placed[h]);
        // (segments, cells a segment, stride): with stride 1 a segment is a run of consecutive
        // members; otherwise its j-th cell is member `j * stride + k` of segment k.
        let plans: &[(usize, usize, usize)] = match h / n {
            0 => &[(bh, w, 1)],             // row: bh boxes of w cells
            1 => &[(w, bh, 1)],             // column: w boxes of bh cells
            _ => &[(bh, w, 1), (w, bh, w)], // box: bh rows of w cells; w columns of bh cells
        };
        for (plan, &(segments, len, stride)) in plans.iter().enumerate() {
            let mut segs = std::mem::take(&mut self.segs);
            segs.clear();
            let (mut once, mut twice) = (Bits::<W>::empty(), Bits::<W>::empty());
            for k in 0..segments {
                let mut seg = Bits::<W>::empty();
                for j in 0..len {
                    // Rows and row-segments run along the member order; a box's columns step
                    // by the box width.
                    let i = if stride == 1 {
                        k * len + j
                    } else {
                        j * stride + k
                    };
                    let cell = self.members[h * n + i] as usize;
                    if self.values[cell] == 0 {
                        seg = seg.union(&self.cand[cell]);
                    }
                }
                twice = twice.union(&once.intersection(&seg));
                once = once.union(&seg);
                segs.push(seg);
            }
            let alone = once.difference(&twice).intersection(&needed);
            let mut ok = true;
            if !alone.is_empty() {
                for (k, seg) in segs.iter().enumerate() {
                    let digits = seg.intersection(&alone);
                    if digits.is_empty() {
                        continue;
                    }
                    // The other house through segment k, and a test for the segment's cells.
                    let first =
                        self.members[h * n + if stride == 1 { k * len } else { k }] as usize;
                    let (r0, c0) = (first / n, first % n);
                    let other = match (h / n, plan) {
                        (0, _) | (1, _) => self.houses_of[first][2] as usize,
                        (_, 0) => r0,
                        _ => n + c0,
                    };
                    for i in 0..n {
                        let cell = self.members[other * n + i] as usize;
                        if self.houses_of[cell].contains(&(h as u32)) {
                            continue;
                        }
                        for d in digits.iter() {
                            if !self.remove(cell, d) {
                                ok = false;
                                break;
                            }
                        }
                        if !ok {
                            break;
                        }
                    }
                    if !ok {
                        break;
                    }
                }
            }
            self.segs = segs;
            if !ok {
                return false;
            }
        }
        true
    }

    /// Places naked and hidden singles until none is left (true) or a contradiction (false).
    pub(super) fn propagate(&mut self) -> bool {
        let mut steps = 0;
        loop {
            // A big grid's propagation can run for seconds without a guess: it looks at the
            // watch too, and stops as on a contradiction (the caller then sees `fired`).
            steps += 1;
            if steps % Self::WATCH_STEPS == 0 && self.watch.expired() {
                return false;
            }
            if let Some(cell) = self.singles.pop() {
                let cell = cell as usize;
                if self.values[cell] != 0 {
                    continue;
                }
                match self.cand[cell].single() {
                    Some(digit) if self.assign(cell, digit) => continue,
                    Some(_) => return false,
                    None if self.cand[cell].is_empty() => return false,
                    None => continue,
                }
            }
            if let Some(h) = self.dirty_list.pop() {
                self.dirty[h as usize] = false;
                if !self.scan_house(h as usize) {
                    return false;
                }
                continue;
            }
            // Singles are exhausted: the costlier locked candidates, one house at a time.
            let Some(h) = self.locked_list.pop() else {
                return true;
            };
            self.locked_dirty[h as usize] = false;
            if !self.locked(h as usize) {
                return false;
            }
        }
    }

    /// Hidden singles and missing digits of one house.
    fn scan_house(&mut self, h: usize) -> bool {
        let n = self.n;
        let mut once = Bits::<W>::empty();
        let mut twice = Bits::<W>::empty();
        for i in 0..n {
            let cell = self.members[h * n + i] as usize;
            if self.values[cell] == 0 {
                let c = self.cand[cell];
                twice = twice.union(&once.intersection(&c));
                once = once.union(&c);
            }
        }
        let needed = self.full.difference(&self.placed[h]);
        if !needed.difference(&once).is_empty() {
            return false;
        }
        let hidden = needed.difference(&twice);
        for digit in hidden.iter() {
            let place = (0..n)
                .map(|i| self.members[h * n + i] as usize)
                .find(|&c| self.values[c] == 0 && self.cand[c].contains(digit));
            match place {
                Some(cell) if self.assign(cell, digit) => {}
                _ => return false,
            }
        }
        true
    }
}
