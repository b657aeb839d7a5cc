// The game as data: givens, entries, pencil marks, colours, the undo history. Every change
// goes through `perform`, which turns an action into a list of cell changes
// `{i, f, a, b}` (cell index, field, before, after); undo and redo replay them backwards or
// forwards. Drawing reads the game, never the reverse; the whole game is JSON for
// localStorage.

export const FIELDS = ['givens', 'entries', 'corner', 'centre', 'colour', 'candColour'];
const HISTORY_MAX = 2000;

/** The shape's geometry: houses and peers of each cell, built once per shape. `regions`
 *  (one number a cell, row-major; a variant's irregular regions) replaces the boxes when given:
 *  a cell of a number no other cell has, or of none (null), is in no region. */
const geometries = new Map();
export function geometry(size, box, regions = null) {
  const key = `${size}:${box[0]}x${box[1]}:${regions ? regions.join(',') : ''}`;
  let g = geometries.get(key);
  if (g) return g;
  const [w, h] = box;
  const rows = [], cols = [], boxes = [];
  for (let k = 0; k < size; k++) { rows.push([]); cols.push([]); if (!regions) boxes.push([]); }
  const numbers = regions ? [...new Set(regions.filter((x) => x !== null))] : [];
  numbers.forEach(() => boxes.push([]));
  const boxOf = regions
    ? (r, c) => numbers.indexOf(regions[r * size + c])
    : (r, c) => Math.floor(r / h) * h + Math.floor(c / w);
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      const i = r * size + c;
      rows[r].push(i); cols[c].push(i);
      if (boxOf(r, c) >= 0) boxes[boxOf(r, c)].push(i);
    }
  }
  const peers = [];
  for (let i = 0; i < size * size; i++) {
    const r = Math.floor(i / size), c = i % size;
    const set = new Set([...rows[r], ...cols[c], ...(boxes[boxOf(r, c)] || [])]);
    set.delete(i);
    peers.push([...set]);
  }
  g = { size, box, rows, cols, boxes, houses: [...rows, ...cols, ...boxes], peers, boxOf };
  geometries.set(key, g);
  return g;
}

/** The geometry of a game (its regions, when it has its own). */
export function geometryOf(game) {
  return geometry(game.size, game.box, game.regions || null);
}

/** A new game. `givens` is a flat array of N² values (0 empty); a variant puzzle also has
 *  `regions` (flat, when they are not the boxes) and `variant` (what /api/v1/read answered,
 *  with the text the puzzle came as in `source`). */
export function newGame({ size, box, givens, solution = null, rating = null, seed = null, setter = false, entries = null, regions = null, variant = null }) {
  const n = size * size;
  return {
    version: 1,
    size,
    box,
    givens: givens.slice(),
    entries: entries ? entries.map((v, i) => (givens[i] ? 0 : v)) : new Array(n).fill(0),
    corner: Array.from({ length: n }, () => []),
    centre: Array.from({ length: n }, () => []),
    colour: new Array(n).fill(0),
    candColour: new Array(n).fill(null),
    history: [],
    future: [],
    solution: solution ? solution.slice() : null,
    rating,
    seed,
    setter,
    elapsed: 0,
    solved: false,
    started: Date.now(),
    regions,
    variant,
  };
}

/** Givens and entries together. */
export function values(game) {
  return game.givens.map((g, i) => g || game.entries[i]);
}

/** Cells holding a digit that another cell of one of their houses also holds. */
export function conflicts(game) {
  const vals = values(game);
  const bad = new Set();
  for (const house of geometryOf(game).houses) {
    const seen = new Map();
    for (const i of house) {
      const v = vals[i];
      if (!v) continue;
      if (seen.has(v)) { bad.add(i); bad.add(seen.get(v)); } else seen.set(v, i);
    }
  }
  return bad;
}

/** The digits each empty cell can take, seen from the digits placed (filled cells: []). */
export function candidates(size, box, vals, regions = null) {
  const geo = geometry(size, box, regions);
  return vals.map((v, i) => {
    if (v) return [];
    const used = new Set(geo.peers[i].map((p) => vals[p]));
    const out = [];
    for (let d = 1; d <= size; d++) if (!used.has(d)) out.push(d);
    return out;
  });
}

/** Whether every cell holds a digit, none clashing (and the solution's, when it is known). */
export function isSolved(game) {
  const vals = values(game);
  if (vals.some((v) => !v)) return false;
  if (game.solution) return vals.every((v, i) => v === game.solution[i]);
  // A variant's rules are the server's to judge: solved once its solution is known.
  return !game.variant && conflicts(game).size === 0;
}

const sameList = (a, b) => a.length === b.length && a.every((x, k) => x === b[k]);
const equal = (a, b) => (Array.isArray(a) ? sameList(a, b) : JSON.stringify(a) === JSON.stringify(b));
const toggled = (list, d, on) => {
  const has = list.includes(d);
  if (on && !has) return [...list, d].sort((x, y) => x - y);
  if (!on && has) return list.filter((x) => x !== d);
  return list;
};

/** The changes an action makes, without making them. Actions:
 *  - `{type: 'digit', cells, digit, mode, autoRemove}`: mode `normal` enters the digit
 *    (toggles it off where every cell has it), `corner` and `centre` toggle a pencil mark,
 *    `colour` toggles colour number `digit`; in setter mode, `normal` sets givens.
 *  - `{type: 'candColour', cells, digit, colour}`: toggles a candidate's colour.
 *  - `{type: 'clear', cells}`: entries first, else marks, else colours.
 *  - `{type: 'fill', marks}`: every empty cell's corner marks become its candidates (seen
 *    from the digits placed, or `marks`: one list a cell).
 *  - `{type: 'clearMarks'}`; `{type: 'step', step, autoRemove}`: a hint's placements and
 *    eliminations; `{type: 'reveal', cells}`: the solution's digits. */
export function changesOf(game, action) {
  const out = [];
  const set = (i, f, b) => {
    const a = game[f][i];
    if (!equal(a, b)) out.push({ i, f, a, b });
  };
  const geo = geometryOf(game);
  const vals = values(game);
  const removeFromPeers = (i, d) => {
    for (const p of geo.peers[i]) {
      if (game.corner[p].includes(d)) set(p, 'corner', toggled(game.corner[p], d, false));
      if (game.centre[p].includes(d)) set(p, 'centre', toggled(game.centre[p], d, false));
    }
  };
  const cells = action.cells || [];
  switch (action.type) {
    case 'digit': {
      const { digit: d, mode } = action;
      if (mode === 'normal' && game.setter) {
        const all = cells.every((i) => game.givens[i] === d);
        for (const i of cells) set(i, 'givens', all ? 0 : d);
        for (const i of cells) set(i, 'entries', 0);
      } else if (mode === 'normal') {
        const open = cells.filter((i) => !game.givens[i]);
        const all = open.length > 0 && open.every((i) => game.entries[i] === d);
        for (const i of open) {
          set(i, 'entries', all ? 0 : d);
          if (!all && action.autoRemove) removeFromPeers(i, d);
        }
      } else if (mode === 'corner' || mode === 'centre') {
        const open = cells.filter((i) => !vals[i]);
        const on = !open.every((i) => game[mode][i].includes(d));
        for (const i of open) set(i, mode, toggled(game[mode][i], d, on));
      } else if (mode === 'colour') {
        const all = cells.every((i) => game.colour[i] === d);
        for (const i of cells) set(i, 'colour', all ? 0 : d);
      }
      break;
    }
    case 'candColour': {
      const { digit: d, colour } = action;
      const all = cells.every((i) => game.candColour[i]?.[d] === colour);
      for (const i of cells) {
        const next = { ...(game.candColour[i] || {}) };
        if (all) delete next[d]; else next[d] = colour;
        set(i, 'candColour', Object.keys(next).length ? next : null);
      }
      break;
    }
    case 'clear': {
      const field = game.setter ? 'givens' : 'entries';
      const layers = [
        [field, (i) => game[field][i] !== 0, 0],
        ['corner', (i) => game.corner[i].length > 0, []],
        ['centre', (i) => game.centre[i].length > 0, []],
        ['colour', (i) => game.colour[i] !== 0, 0],
        ['candColour', (i) => game.candColour[i] !== null, null],
      ];
      for (const [f, has, empty] of layers) {
        const hits = cells.filter(has);
        if (hits.length) {
          for (const i of hits) set(i, f, empty);
          break;
        }
      }
      break;
    }
    case 'fill': {
      const cands = action.marks || candidates(game.size, game.box, vals, game.regions);
      cands.forEach((list, i) => { if (!vals[i]) set(i, 'corner', list); });
      break;
    }
    case 'clearMarks':
      for (let i = 0; i < vals.length; i++) { set(i, 'corner', []); set(i, 'centre', []); }
      break;
    case 'step': {
      const { step } = action;
      for (const p of step.placements) {
        const i = (p.row - 1) * game.size + (p.col - 1);
        if (game.givens[i]) continue;
        set(i, 'entries', p.digit);
        if (action.autoRemove) removeFromPeers(i, p.digit);
      }
      for (const e of step.eliminations) {
        const i = (e.row - 1) * game.size + (e.col - 1);
        const now = out.filter((c) => c.i === i && c.f === 'corner').pop()?.b ?? game.corner[i];
        if (now.includes(e.digit)) set(i, 'corner', toggled(now, e.digit, false));
      }
      break;
    }
    case 'reveal':
      if (game.solution) for (const i of cells) if (!game.givens[i]) set(i, 'entries', game.solution[i]);
      break;
    default:
      throw new Error(`unknown action ${action.type}`);
  }
  // Later changes of one cell's field supersede earlier ones; keep the first `a`, last `b`.
  const merged = new Map();
  for (const ch of out) {
    const key = `${ch.i}:${ch.f}`;
    const prev = merged.get(key);
    merged.set(key, prev ? { ...prev, b: ch.b } : ch);
  }
  return [...merged.values()].filter((ch) => !equal(ch.a, ch.b));
}

function replay(game, changes, forward) {
  const list = forward ? changes : [...changes].reverse();
  for (const ch of list) game[ch.f][ch.i] = forward ? ch.b : ch.a;
}

/** Performs an action; returns whether anything changed. `merge` joins it to the previous
 *  undo step (the second key of a two-digit number). */
export function perform(game, action, { merge = false } = {}) {
  const changes = changesOf(game, action);
  if (changes.length === 0) return false;
  replay(game, changes, true);
  if (merge && game.history.length) game.history[game.history.length - 1].push(...changes);
  else game.history.push(changes);
  if (game.history.length > HISTORY_MAX) game.history.shift();
  game.future = [];
  game.solved = isSolved(game);
  return true;
}

export function undo(game) {
  const changes = game.history.pop();
  if (!changes) return false;
  replay(game, changes, false);
  game.future.push(changes);
  game.solved = isSolved(game);
  return true;
}

export function redo(game) {
  const changes = game.future.pop();
  if (!changes) return false;
  replay(game, changes, true);
  game.history.push(changes);
  game.solved = isSolved(game);
  return true;
}

/** Whether a parsed object is a game this page can resume. */
export function isGame(g) {
  if (!g || g.version !== 1 || !Number.isInteger(g.size) || !Array.isArray(g.box)) return false;
  const n = g.size * g.size;
  return FIELDS.every((f) => Array.isArray(g[f]) && g[f].length === n)
    && Array.isArray(g.history) && Array.isArray(g.future);
}
