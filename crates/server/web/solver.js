// A small backtracking solver for when the server cannot be reached: counts solutions up to a
// limit and keeps the first, within a budget of search steps so that the page never freezes.
// The server's engines are far faster; this one only keeps offline play (check, reveal,
// setter counts on small grids) working.

import { geometry } from './game.js';

/** `{count, solution, complete}`: solutions found up to `limit`, the first, and whether the
 *  search finished (false when the budget ran out). Null for grids past 30×30. */
export function countSolutions(size, box, vals, limit = 2, budget = 200000) {
  if (size > 30) return null;
  const geo = geometry(size, box);
  const full = (1 << size) - 1;
  const rowUsed = new Array(size).fill(0);
  const colUsed = new Array(size).fill(0);
  const boxUsed = new Array(size).fill(0);
  const grid = vals.slice();
  const rc = (i) => [Math.floor(i / size), i % size];
  for (let i = 0; i < grid.length; i++) {
    const v = grid[i];
    if (!v) continue;
    const [r, c] = rc(i);
    const b = geo.boxOf(r, c);
    const bit = 1 << (v - 1);
    if ((rowUsed[r] | colUsed[c] | boxUsed[b]) & bit) return { count: 0, solution: null, complete: true };
    rowUsed[r] |= bit; colUsed[c] |= bit; boxUsed[b] |= bit;
  }
  const empty = [];
  for (let i = 0; i < grid.length; i++) if (!grid[i]) empty.push(i);
  let count = 0, solution = null, steps = 0, stopped = false;
  const popcount = (x) => { let n = 0; while (x) { x &= x - 1; n++; } return n; };

  function search(depth) {
    if (depth === empty.length) {
      count++;
      if (!solution) solution = grid.slice();
      return count >= limit;
    }
    if (++steps > budget) { stopped = true; return true; }
    // The most constrained cell next.
    let best = -1, bestMask = 0, bestCount = size + 1;
    for (let k = depth; k < empty.length; k++) {
      const i = empty[k];
      const [r, c] = rc(i);
      const mask = full & ~(rowUsed[r] | colUsed[c] | boxUsed[geo.boxOf(r, c)]);
      const n = popcount(mask);
      if (n < bestCount) { best = k; bestMask = mask; bestCount = n; if (n <= 1) break; }
    }
    if (bestCount === 0) return false;
    [empty[depth], empty[best]] = [empty[best], empty[depth]];
    const i = empty[depth];
    const [r, c] = rc(i);
    const b = geo.boxOf(r, c);
    let mask = bestMask;
    while (mask) {
      const bit = mask & -mask;
      mask ^= bit;
      grid[i] = 31 - Math.clz32(bit) + 1;
      rowUsed[r] |= bit; colUsed[c] |= bit; boxUsed[b] |= bit;
      const done = search(depth + 1);
      rowUsed[r] &= ~bit; colUsed[c] &= ~bit; boxUsed[b] &= ~bit;
      grid[i] = 0;
      if (done) return true;
    }
    return false;
  }
  search(0);
  return { count, solution, complete: !stopped };
}
