// A logical step as the page shows it: the cells, candidates, houses, chains and (for a
// variant puzzle) constraints a step of the API (`/api/v1/hint`, `/api/v1/explain`) names,
// placed on a game's grid, and the boards between the steps of a whole explanation. Pure
// functions of the game and the steps.

import { candidates, geometryOf } from './game.js';

/** Cells of a house named as the API names it (`row 3`, `column 4`, `box 5`). */
function houseCells(game, name) {
  const m = /^(row|column|box) (\d+)$/.exec(name);
  if (!m) return [];
  const geo = geometryOf(game);
  const k = Number(m[2]) - 1;
  return ({ row: geo.rows, column: geo.cols, box: geo.boxes })[m[1]][k] || [];
}

/** The chains written in a step's text (`r1c2≠5 → r1c7=5 → …`), as lists of candidates. */
export function chainsOf(text, size) {
  const chains = [];
  const re = /r(\d+)c(\d+)\s*([=≠])\s*(\d+)((?:\s*→\s*r\d+c\d+\s*[=≠]\s*\d+)+)/g;
  for (const m of text.matchAll(re)) {
    const nodes = [...m[0].matchAll(/r(\d+)c(\d+)\s*([=≠])\s*(\d+)/g)].map((n) => ({
      i: (Number(n[1]) - 1) * size + Number(n[2]) - 1,
      d: Number(n[4]),
      on: n[3] === '=',
    }));
    if (nodes.length > 1 && nodes.every((n) => n.i < size * size && n.d >= 1 && n.d <= size)) chains.push(nodes);
  }
  return chains;
}

/** What a step shows on the game's grid, over the candidates `marksOf(i)`. */
export function stepView(game, step, marksOf) {
  const n = game.size;
  const idx = ([r, c]) => (r - 1) * n + (c - 1);
  const cells = new Set(step.cells.map(idx));
  const place = new Map(), elim = new Map();
  const addTo = (map, c) => {
    const i = (c.row - 1) * n + (c.col - 1);
    if (!map.has(i)) map.set(i, new Set());
    map.get(i).add(c.digit);
  };
  step.placements.forEach((c) => addTo(place, c));
  step.eliminations.forEach((c) => addTo(elim, c));
  const targets = new Set([...place.keys(), ...elim.keys()]);
  const houses = new Set(step.houses.flatMap((name) => houseCells(game, name)));
  const chains = chainsOf(step.text, n);
  const marks = new Map();
  for (const i of new Set([...cells, ...targets, ...chains.flat().map((c) => c.i)])) {
    const list = new Set(marksOf(i));
    for (const d of elim.get(i) || []) list.add(d);
    for (const c of chains.flat()) if (c.i === i) list.add(c.d);
    marks.set(i, [...list].sort((a, b) => a - b));
  }
  // A variant's constraints the step uses, by their index (draw.js's `data-k`).
  const constraints = new Set((step.constraints || []).map((c) => c.index).filter((k) => k !== null && k !== undefined));
  return { cells, targets, place, elim, houseCells: houses, digits: new Set(step.digits), chains, marks, constraints };
}

/** The boards before each step, from the game's givens: digits placed and candidates left.
 *  For a variant puzzle, `board` is the explanation's `start` (each cell's candidates before
 *  the first step, as the variant logic has them) and `peers` (the cells a placed digit leaves
 *  beyond its row, column and region); without them, the classic candidates. */
export function explainStates(game, steps, board = {}) {
  const n = game.size;
  const geo = geometryOf(game);
  const extra = board.peers || [];
  let vals = game.givens.slice();
  let cands = board.start ? board.start.map((c) => c.slice()) : candidates(n, game.box, vals, game.regions);
  const states = [{ values: vals, cands }];
  for (const step of steps) {
    vals = vals.slice();
    cands = cands.map((c) => c.slice());
    for (const p of step.placements) {
      const i = (p.row - 1) * n + p.col - 1;
      vals[i] = p.digit;
      cands[i] = [];
      for (const q of [...geo.peers[i], ...(extra[i] || [])]) cands[q] = cands[q].filter((d) => d !== p.digit);
    }
    for (const e of step.eliminations) {
      const i = (e.row - 1) * n + e.col - 1;
      cands[i] = cands[i].filter((d) => d !== e.digit);
    }
    states.push({ values: vals, cands });
  }
  return states;
}
