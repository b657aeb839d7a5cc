// What a setter's drawing becomes, apart from the page: irregular regions drawn one at a time
// (each N connected cells; the layout replaces the boxes once all N are drawn), and clues
// outside the grid (little killer, sandwich, x-sum, skyscraper) placed beside a row or column,
// from a click in the board's margin or from the cells selected at the grid's edge. Places
// outside the grid are [row, column] with a 0 or N + 1, as /api/v1/read gives them.

/** Kinds of clue outside the grid: the text form's keyword, and a little killer's direction
 *  as [row step, column step]. */
export const CLUES = {
  'littlekiller-dl': { keyword: 'littlekiller', direction: 'downleft', step: [1, -1] },
  'littlekiller-dr': { keyword: 'littlekiller', direction: 'downright', step: [1, 1] },
  'littlekiller-ul': { keyword: 'littlekiller', direction: 'upleft', step: [-1, -1] },
  'littlekiller-ur': { keyword: 'littlekiller', direction: 'upright', step: [-1, 1] },
  sandwich: { keyword: 'sandwich', label: 'A sandwich' },
  xsum: { keyword: 'xsum', label: 'An X-sum' },
  skyscraper: { keyword: 'skyscraper', label: 'A skyscraper' },
};

const name = (i, n) => `r${Math.floor(i / n) + 1}c${(i % n) + 1}`;
const inside = (x, n) => x >= 1 && x <= n;

/** The text form's line of a clue of `kind` at `place` (outside the grid) with `total`:
 *  `{line}`, or `{error}` in words. */
export function clueLine(kind, [r, c], n, total) {
  const spec = CLUES[kind];
  if (!/^\d+$/.test(total || '')) return { error: 'Type the clue’s total first.' };
  const outside = !inside(r, n) || !inside(c, n);
  if (!outside || r < 0 || c < 0 || r > n + 1 || c > n + 1) return { error: 'A clue stands beside the grid.' };
  if (spec.step) {
    const [dr, dc] = spec.step;
    if (!inside(r + dr, n) || !inside(c + dc, n)) return { error: 'This little killer’s diagonal misses the grid: place it where its arrow points into the grid.' };
    return { line: `littlekiller ${total} r${r}c${c} ${spec.direction}` };
  }
  if (inside(r, n)) return { line: `${spec.keyword} ${total} r${r} ${c === 0 ? 'left' : 'right'}` };
  if (inside(c, n)) return { line: `${spec.keyword} ${total} c${c} ${r === 0 ? 'top' : 'bottom'}` };
  return { error: `${spec.label} clue stands beside a row or a column, not at a corner.` };
}

/** The place outside the grid of a clue of `kind` for the `cells` selected (indices): a little
 *  killer where the diagonal through the one cell selected enters the grid; another clue beside
 *  the row or column of the cells, at the grid's edge they touch (one cell: its row first).
 *  `{place}` or `{error}`. */
export function cluePlace(kind, cells, n) {
  const spec = CLUES[kind];
  const rc = cells.map((i) => [Math.floor(i / n) + 1, (i % n) + 1]);
  if (spec.step) {
    if (rc.length !== 1) return { error: 'Select the one cell the little killer’s diagonal goes through.' };
    let [r, c] = rc[0];
    const [dr, dc] = spec.step;
    while (inside(r, n) && inside(c, n)) { r -= dr; c -= dc; }
    return { place: [r, c] };
  }
  const rows = new Set(rc.map(([r]) => r)), cols = new Set(rc.map(([, c]) => c));
  const edge = 'Select a cell at the grid’s edge (or drag along a row or column to its edge): the clue goes beside it.';
  if (!rc.length) return { error: edge };
  if (rows.size === 1 && (cols.size > 1 || cols.has(1) || cols.has(n))) {
    const [r] = rows;
    if (cols.has(1)) return { place: [r, 0] };
    if (cols.has(n)) return { place: [r, n + 1] };
  }
  if (cols.size === 1) {
    const [c] = cols;
    if (rows.has(1)) return { place: [0, c] };
    if (rows.has(n)) return { place: [n + 1, c] };
  }
  return { error: edge };
}

/** Whether `cells` (indices) are orthogonally connected. */
function connected(cells, n) {
  const set = new Set(cells);
  const seen = new Set([cells[0]]);
  const todo = [cells[0]];
  while (todo.length) {
    const i = todo.pop();
    const r = Math.floor(i / n), c = i % n;
    for (const [j, ok] of [[i - n, r > 0], [i + n, r < n - 1], [i - 1, c > 0], [i + 1, c < n - 1]]) {
      if (ok && set.has(j) && !seen.has(j)) { seen.add(j); todo.push(j); }
    }
  }
  return seen.size === set.size;
}

/** Draws a region over `cells` into `layout` (one number a cell, 0 for none yet): the new
 *  layout, or `{error}` in words. When the cells left are exactly one more region, they become
 *  it. */
export function addRegion(layout, cells, n) {
  const taken = cells.filter((i) => layout[i]);
  if (taken.length) return { error: `${taken.map((i) => name(i, n)).join(' ')} ${taken.length === 1 ? 'is' : 'are'} in a region already: take it back first (Remove here).` };
  if (cells.length !== n) return { error: `A region has ${n} cells: these are ${cells.length}.` };
  if (!connected(cells, n)) return { error: 'A region’s cells must be connected (side by side).' };
  const next = layout.slice();
  const number = Math.max(0, ...layout) + 1;
  for (const i of cells) next[i] = number;
  const left = next.flatMap((v, i) => (v ? [] : [i]));
  if (left.length === n && connected(left, n)) for (const i of left) next[i] = number + 1;
  return { layout: next };
}

/** Whether a layout is whole: every cell in one of N regions of N connected cells. */
export function complete(layout, n) {
  if (layout.some((v) => !v)) return false;
  const groups = new Map();
  layout.forEach((v, i) => groups.set(v, [...(groups.get(v) || []), i]));
  return groups.size === n && [...groups.values()].every((g) => g.length === n && connected(g, n));
}

/** Takes back the regions holding any of `cells`; the new layout (unchanged: the same array). */
export function removeRegions(layout, cells) {
  const gone = new Set(cells.map((i) => layout[i]).filter((v) => v));
  return gone.size ? layout.map((v) => (gone.has(v) ? 0 : v)) : layout;
}

/** What the board outlines while regions are drawn: the regions, and the boxes among the cells
 *  in none yet (`box` W×H); null when no region is drawn. */
export function borders(layout, n, [w, h]) {
  if (!layout?.some((v) => v)) return null;
  return layout.map((v, i) => (v ? `r${v}` : `b${Math.floor(Math.floor(i / n) / h)},${Math.floor((i % n) / w)}`));
}

/** The text form's `regions:` block of a whole layout. */
export function regionsText(layout, n) {
  // Numbered 1 to N in reading order, whatever numbers the drawing gave them.
  const number = new Map();
  for (const v of layout) if (!number.has(v)) number.set(v, number.size + 1);
  const rows = [];
  for (let r = 0; r < n; r++) {
    const row = layout.slice(r * n, r * n + n).map((v) => number.get(v));
    rows.push(n <= 9 ? row.join('') : row.join(' '));
  }
  return ['regions:', ...rows];
}
