//! The canonical form the slow way, for the tests: every geometric transform, each string
//! relabelled in order of first appearance and compared cell by cell (a comparison stops at
//! the first larger cell, but no transform is skipped).

use crate::grid::Grid;

/// Every permutation of `groups · size` items that keeps each group of `size` together.
pub(super) fn grouped_permutations(groups: usize, size: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for order in permutations(groups) {
        let mut partial = vec![Vec::new()];
        for &g in &order {
            let mut longer = Vec::new();
            for p in &partial {
                for inner in permutations(size) {
                    let mut q = p.clone();
                    q.extend(inner.iter().map(|i| g * size + i));
                    longer.push(q);
                }
            }
            partial = longer;
        }
        out.extend(partial);
    }
    out
}

/// Every permutation of `0..n`.
pub(super) fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for i in 0..=p.len() {
            let mut q = p.clone();
            q.insert(i, n - 1);
            out.push(q);
        }
    }
    out
}

/// The smallest relabelled string over every transform.
pub(super) fn canonical(grid: &Grid) -> Vec<u16> {
    let shape = grid.shape();
    let (w, h, n) = (shape.width(), shape.height(), shape.side());
    let rows = grouped_permutations(w, h);
    let cols = grouped_permutations(h, w);
    let v = grid.values();
    let mut sources = vec![v.to_vec()];
    if w == h {
        sources.push((0..n * n).map(|i| v[(i % n) * n + i / n]).collect());
    }
    let mut best = vec![u16::MAX; n * n];
    let mut cand = vec![0u16; n * n];
    for src in &sources {
        for rp in &rows {
            'cols: for cp in &cols {
                let mut label = vec![0u16; n + 1];
                let mut next = 1;
                let mut less = false;
                for i in 0..n * n {
                    let d = usize::from(src[rp[i / n] * n + cp[i % n]]);
                    let l = if d == 0 {
                        0
                    } else {
                        if label[d] == 0 {
                            label[d] = next;
                            next += 1;
                        }
                        label[d]
                    };
                    if !less {
                        if l > best[i] {
                            continue 'cols;
                        }
                        less = l < best[i];
                    }
                    cand[i] = l;
                }
                if less {
                    best.copy_from_slice(&cand);
                }
            }
        }
    }
    best
}
