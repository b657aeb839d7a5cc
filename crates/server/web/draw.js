// Drawing a variant puzzle's constraints as SudokuPad does, in an SVG layer between the cells'
// backgrounds and their digits. The SVG's units are cells (viewBox 0 0 N N); clues outside
// the grid are drawn in the board's margin (negative coordinates or past N). Each constraint
// is one `<g class="vc" data-k="…" data-kind="…">` (k: its index in the puzzle, as `check`
// names it and a step of `hint` or `explain` does), so that a broken one, or one a step uses,
// can be marked and tests can count what is drawn. Colours
// come from CSS variables (style.css), light and dark. Constraints come from
// `/api/v1/read`: cells are [row, column], 1-based.

const SVG = 'http://www.w3.org/2000/svg';

/** Rules of the whole grid, drawn as words beside it. */
export const GLOBALS = {
  antiknight: 'Anti-knight',
  antiking: 'Anti-king',
  nonconsecutive: 'Non-consecutive',
  disjoint: 'Disjoint groups',
  chess: 'Chess moves',
  taxicab: 'Taxicab',
  'negative-difference': 'All white dots given',
  'negative-ratio': 'All black dots given',
  'negative-xv': 'All X and V given',
};

/** Kinds drawn as a cage: a dashed outline and a number in its first cell's corner. */
const CAGES = ['killer', 'rellik', 'equality'];

/** Kinds drawn as a plain line through their cells, and the line's class. */
const LINES = ['whispers', 'renban', 'palindrome', 'regionsum', 'between', 'entropic', 'modular', 'nabner', 'zipper', 'lockout', 'doublearrow'];

function el(tag, attrs, parent) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  parent?.append(e);
  return e;
}

const centre = ([r, c]) => [c - 0.5, r - 0.5];
const key = ([r, c]) => `${r},${c}`;

function polyline(cells, cls, parent) {
  const pts = cells.map(centre).map(([x, y]) => `${x},${y}`).join(' ');
  return el('polyline', { points: pts, class: cls }, parent);
}

function text(x, y, value, cls, parent) {
  const t = el('text', { x, y, class: cls }, parent);
  t.textContent = String(value);
  return t;
}

/** The dashed outline of a cage, inset into its cells: one segment a cell side on its edge,
 *  stretched to meet its neighbours' segments at outer and inner corners. */
function cage(cells, parent) {
  const inside = new Set(cells.map(key));
  const has = (r, c) => inside.has(`${r},${c}`);
  const d = 0.09;
  const segs = [];
  for (const [r, c] of cells) {
    const x0 = c - 1, y0 = r - 1, x1 = c, y1 = r;
    // Top and bottom sides run along x; left and right along y.
    for (const [dr, y] of [[-1, y0 + d], [1, y1 - d]]) {
      if (has(r + dr, c)) continue;
      const a = has(r, c - 1) ? (has(r + dr, c - 1) ? x0 - d : x0) : x0 + d;
      const b = has(r, c + 1) ? (has(r + dr, c + 1) ? x1 + d : x1) : x1 - d;
      segs.push(`M${a},${y}H${b}`);
    }
    for (const [dc, x] of [[-1, x0 + d], [1, x1 - d]]) {
      if (has(r, c + dc)) continue;
      const a = has(r - 1, c) ? (has(r - 1, c + dc) ? y0 - d : y0) : y0 + d;
      const b = has(r + 1, c) ? (has(r + 1, c + dc) ? y1 + d : y1) : y1 - d;
      segs.push(`M${x},${a}V${b}`);
    }
  }
  el('path', { d: segs.join(''), class: 'cage' }, parent);
}

/** The total of a cage in the corner of its first cell in reading order. */
function cornerTotal(cells, value, parent) {
  const [r, c] = [...cells].sort((a, b) => a[0] - b[0] || a[1] - b[1])[0];
  const s = String(value);
  el('rect', { x: c - 1 + 0.04, y: r - 1 + 0.04, width: 0.12 + 0.13 * s.length, height: 0.27, class: 'total-bg' }, parent);
  text(c - 1 + 0.09, r - 1 + 0.25, s, 'total', parent);
}

function arrowHead(from, to, size, parent) {
  const [x1, y1] = from, [x2, y2] = to;
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const ux = (x2 - x1) / len, uy = (y2 - y1) / len;
  const bx = x2 - ux * size, by = y2 - uy * size;
  el('path', { d: `M${bx - uy * size * 0.8},${by + ux * size * 0.8}L${x2},${y2}L${bx + uy * size * 0.8},${by - ux * size * 0.8}`, class: 'head' }, parent);
}

function arrow(cells, bulbCount, parent) {
  const bulb = cells.slice(0, bulbCount), shaft = cells.slice(bulbCount);
  if (bulb.length === 1) {
    const [x, y] = centre(bulb[0]);
    el('circle', { cx: x, cy: y, r: 0.38, class: 'bulb' }, parent);
  } else {
    const rows = bulb.map((b) => b[0]), cols = bulb.map((b) => b[1]);
    const x = Math.min(...cols) - 1 + 0.12, y = Math.min(...rows) - 1 + 0.12;
    el('rect', { x, y, width: Math.max(...cols) - Math.min(...cols) + 0.76, height: Math.max(...rows) - Math.min(...rows) + 0.76, rx: 0.38, class: 'bulb' }, parent);
  }
  if (!shaft.length) return;
  // The shaft leaves the bulb's cell nearest to its first cell, from the bulb's edge.
  const near = bulb.reduce((best, b) => (Math.hypot(b[0] - shaft[0][0], b[1] - shaft[0][1]) < Math.hypot(best[0] - shaft[0][0], best[1] - shaft[0][1]) ? b : best));
  const pts = [near, ...shaft].map(centre);
  const [sx, sy] = pts[0], [nx, ny] = pts[1];
  const len = Math.hypot(nx - sx, ny - sy) || 1;
  pts[0] = [sx + ((nx - sx) / len) * 0.38, sy + ((ny - sy) / len) * 0.38];
  el('polyline', { points: pts.map((p) => p.join(',')).join(' '), class: 'shaft' }, parent);
  arrowHead(pts[pts.length - 2], pts[pts.length - 1], 0.22, parent);
}

/** The middle of the side two adjacent cells share. */
function between([a, b]) {
  const [x1, y1] = centre(a), [x2, y2] = centre(b);
  return [(x1 + x2) / 2, (y1 + y2) / 2];
}

function shade(cells, cls, parent) {
  for (const [r, c] of cells) el('rect', { x: c - 1, y: r - 1, width: 1, height: 1, class: cls }, parent);
}

function ends(cells, shape, parent) {
  for (const cell of [cells[0], cells[cells.length - 1]]) {
    const [x, y] = centre(cell);
    if (shape === 'diamond') el('path', { d: `M${x},${y - 0.36}L${x + 0.36},${y}L${x},${y + 0.36}L${x - 0.36},${y}Z`, class: 'end' }, parent);
    else el('circle', { cx: x, cy: y, r: 0.36, class: 'end' }, parent);
  }
}

const STEP = { 'up-left': [-1, -1], 'up-right': [1, -1], 'down-left': [-1, 1], 'down-right': [1, 1] };

/** One constraint into its group; false for a rule of the whole grid (nothing to draw). */
function drawOne(con, size, g) {
  const { kind, cells } = con;
  switch (kind) {
    case 'killer':
      cage(cells, g);
      if (con.value !== undefined) cornerTotal(cells, con.value, g);
      return true;
    case 'rellik':
      // A rellik cage: no set of its digits makes the total, written ≠ as ISS does.
      cage(cells, g);
      cornerTotal(cells, `≠${con.value}`, g);
      return true;
    case 'equality':
      // As many even digits as odd and low as high: an = in the corner.
      cage(cells, g);
      cornerTotal(cells, '=', g);
      return true;
    case 'thermo':
    case 'slowthermo': {
      const [x, y] = centre(cells[0]);
      el('circle', { cx: x, cy: y, r: 0.38, class: 'bulb' }, g);
      if (cells.length > 1) polyline(cells, 'line', g);
      if (kind === 'slowthermo' && cells.length > 1) polyline(cells, 'slow', g);
      return true;
    }
    case 'arrow':
      arrow(cells, con.bulb || 1, g);
      return true;
    case 'difference':
    case 'ratio': {
      const [x, y] = between(cells);
      el('circle', { cx: x, cy: y, r: 0.13, class: kind === 'ratio' ? 'dot black' : 'dot white' }, g);
      if (con.value !== (kind === 'ratio' ? 2 : 1)) text(x, y + 0.06, con.value, 'dot-value', g);
      return true;
    }
    case 'xv': {
      const [x, y] = between(cells);
      text(x, y + 0.11, { 10: 'X', 5: 'V' }[con.value] || con.value, 'xv', g);
      return true;
    }
    case 'littlekiller': {
      const [x, y] = centre(con.clue);
      const [dx, dy] = STEP[con.direction];
      text(x - dx * 0.08, y - dy * 0.08 + 0.1, con.value, 'clue', g);
      const from = [x + dx * 0.22, y + dy * 0.22], to = [x + dx * 0.46, y + dy * 0.46];
      el('line', { x1: from[0], y1: from[1], x2: to[0], y2: to[1], class: 'shaft' }, g);
      arrowHead(from, to, 0.1, g);
      return true;
    }
    case 'sandwich':
    case 'xsum':
    case 'skyscraper': {
      // Three kinds of number beside a row or column, told apart at a glance: a sandwich
      // total stands plain, an X-sum sits in a small circle, a skyscraper in a small square.
      const [x, y] = centre(con.clue);
      if (kind === 'xsum') el('circle', { cx: x, cy: y, r: 0.32, class: 'frame' }, g);
      if (kind === 'skyscraper') el('rect', { x: x - 0.29, y: y - 0.29, width: 0.58, height: 0.58, class: 'frame' }, g);
      text(x, y + (kind === 'sandwich' ? 0.17 : 0.13), con.value, `clue ${kind}`, g);
      return true;
    }
    case 'numberedroom': {
      // A numbered room's digit in a small diamond, apart from the other clues of a row.
      const [x, y] = centre(con.clue);
      el('path', { d: `M${x},${y - 0.34}L${x + 0.34},${y}L${x},${y + 0.34}L${x - 0.34},${y}Z`, class: 'frame' }, g);
      text(x, y + 0.13, con.value, 'clue numberedroom', g);
      return true;
    }
    case 'diagonal+':
    case 'diagonal-':
      el('line', { x1: kind === 'diagonal-' ? 0 : size, y1: 0, x2: kind === 'diagonal-' ? size : 0, y2: size, class: 'diag' }, g);
      return true;
    case 'even': {
      const [x, y] = centre(cells[0]);
      el('rect', { x: x - 0.3, y: y - 0.3, width: 0.6, height: 0.6, class: 'parity' }, g);
      return true;
    }
    case 'odd': {
      const [x, y] = centre(cells[0]);
      el('circle', { cx: x, cy: y, r: 0.32, class: 'parity' }, g);
      return true;
    }
    case 'minimum':
    case 'maximum': {
      const [x, y] = centre(cells[0]);
      shade(cells, 'fortress', g);
      const out = kind === 'maximum' ? 1 : -1;
      for (const [ux, uy] of [[0, -1], [1, 0], [0, 1], [-1, 0]]) {
        const tip = 0.42 - (out < 0 ? 0.12 : 0), base = 0.42 - (out < 0 ? 0 : 0.12);
        const bx = x + ux * base, by = y + uy * base;
        el('path', { d: `M${bx - uy * 0.1},${by + ux * 0.1}L${x + ux * tip},${y + uy * tip}L${bx + uy * 0.1},${by - ux * 0.1}Z`, class: 'chevron' }, g);
      }
      return true;
    }
    case 'quadruple': {
      const xs = cells.map(centre);
      const x = xs.reduce((s, p) => s + p[0], 0) / xs.length, y = xs.reduce((s, p) => s + p[1], 0) / xs.length;
      el('circle', { cx: x, cy: y, r: 0.27, class: 'quad' }, g);
      const digits = con.digits || [];
      const lines = digits.length > 2 ? [digits.slice(0, 2), digits.slice(2)] : [digits];
      lines.forEach((ds, k) => text(x, y + 0.07 + (lines.length > 1 ? (k ? 0.1 : -0.1) : 0), ds.join(''), 'quad-digits', g));
      return true;
    }
    case 'extraregion':
      shade(cells, 'extra', g);
      return true;
    case 'clone':
      shade(cells, 'clone', g);
      shade(con.copies || [], 'clone', g);
      return true;
    case 'rowindexer':
    case 'columnindexer':
    case 'boxindexer':
      shade(cells, kind, g);
      return true;
    default:
      if (LINES.includes(kind)) {
        polyline(cells, 'line', g);
        if (kind === 'between' || kind === 'doublearrow') ends(cells, 'circle', g);
        if (kind === 'lockout') ends(cells, 'diamond', g);
        return true;
      }
      return false;
  }
}

/** The order of layers: shading first, then lines, then outlines, dots and words. */
const LAYER = (kind) => (['extraregion', 'clone', 'rowindexer', 'columnindexer', 'boxindexer', 'minimum', 'maximum', 'even', 'odd'].includes(kind) ? 0
  : ['diagonal+', 'diagonal-'].includes(kind) ? 1
    : ['thermo', 'slowthermo', 'arrow', ...LINES].includes(kind) ? 2
      : CAGES.includes(kind) ? 3 : 4);

/** Whether any clue stands outside the grid (the board then keeps a margin for it). */
export function hasOutside(constraints) {
  return constraints.some((c) => c.clue);
}

/** Draws every constraint into `svg` (its children are replaced), and marks the `cells`
 *  (the board's elements) inside a cage (`data-cage`) and holding its total (`data-total`),
 *  so that their pencil marks keep clear of the outline and the total. */
export function drawConstraints(svg, size, constraints, cells = []) {
  for (const cell of cells) { delete cell.dataset.cage; delete cell.dataset.total; }
  for (const con of constraints) {
    if (!CAGES.includes(con.kind)) continue;
    const index = ([r, c]) => (r - 1) * size + c - 1;
    for (const cell of con.cells) if (cells[index(cell)]) cells[index(cell)].dataset.cage = '';
    const first = [...con.cells].sort((a, b) => a[0] - b[0] || a[1] - b[1])[0];
    if (con.value !== undefined && cells[index(first)]) cells[index(first)].dataset.total = '';
  }
  svg.replaceChildren();
  svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
  const layers = [0, 1, 2, 3, 4].map(() => el('g', {}, svg));
  constraints.forEach((con, k) => {
    const g = el('g', { class: `vc ${con.kind}`, 'data-k': k, 'data-kind': con.kind });
    try {
      if (drawOne(con, size, g)) layers[LAYER(con.kind)].append(g);
    } catch {
      // A constraint the page cannot draw is still solved and checked by the server.
    }
  });
}

/** Marks the constraints of `indices` as broken (and unmarks the others). */
export function markBroken(svg, indices) {
  mark(svg, 'broken', indices);
}

/** Marks the constraints of `indices` as used by the hint or explained step shown (and
 *  unmarks the others). */
export function markUsed(svg, indices) {
  mark(svg, 'used', indices);
}

/** Marks the constraints of `indices` as ones the setter's puzzle could do without. */
export function markRedundant(svg, indices) {
  mark(svg, 'redundant', indices);
}

function mark(svg, cls, indices) {
  for (const g of svg.querySelectorAll('g.vc')) g.classList.toggle(cls, indices.has(Number(g.dataset.k)));
}
