// Variant puzzles in the page: opening one (an f-puzzles or SudokuPad link, payload or JSON,
// our text form; from Import, a dropped file or `/?load=<payload>`), the game it becomes,
// its title, author and rules beside the grid, checking a player's grid against its rules, and
// the links that share it. The server reads and judges (/api/v1/read, check, solve); the page
// keeps the text the puzzle came as (`game.variant.source`) and sends it back with each ask.

import { post } from './api.js';
import { GLOBALS } from './draw.js';
import { newGame, values } from './game.js';
import { defaultBox, parseBox, toRows } from './text.js';

const $ = (id) => document.getElementById(id);

/** The `load` parameter of a query string as written: a payload's `+` stays a `+` (a form
 *  decoder would make it a space). */
export function loadParam(search) {
  for (const part of search.replace(/^\?/, '').split('&')) {
    if (!part.startsWith('load=')) continue;
    const raw = part.slice(5);
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** Reads a puzzle through the server: the drawing of it (/api/v1/read). */
export function readVariant(source) {
  return post('read', { puzzle: source });
}

/** The game of a puzzle read. */
export function variantGame(read, source) {
  const size = read.size;
  const flat = (rows) => rows.flat();
  const box = parseBox(read.box || '', size) || defaultBox(size);
  const game = newGame({
    size,
    box,
    givens: flat(read.givens),
    entries: read.entered ? flat(read.entered) : null,
    regions: read.box ? null : flat(read.regions),
    variant: {
      source,
      title: read.title || '',
      author: read.author || '',
      rules: read.rules || '',
      constraints: read.constraints,
      fpuzzles: read.fpuzzles,
      sudokupad: read.sudokupad,
      iss: read.iss,
      text: read.text,
      warnings: read.warnings || [],
    },
  });
  // Cells the puzzle limits to some digits start with them as corner marks.
  if (read.candidates) {
    game.corner = read.candidates.flat().map((list, i) => (game.givens[i] || list.length === size ? [] : list));
  }
  return game;
}

/** Shows the title, author, rules and global rules of the game's puzzle (hidden for none). */
export function showInfo(game) {
  const v = game?.variant;
  $('puzzle-info').hidden = !v || !(v.title || v.author || v.rules || v.constraints.some((c) => GLOBALS[c.kind]));
  if (!v) return;
  $('puzzle-title').textContent = v.title || 'Variant puzzle';
  $('puzzle-author').textContent = v.author ? `by ${v.author}` : '';
  $('puzzle-rules').textContent = v.rules || '';
  const globals = v.constraints.filter((c) => GLOBALS[c.kind]).map((c) => GLOBALS[c.kind]);
  $('puzzle-globals').textContent = globals.join(' · ');
}

/** The rules a player's grid breaks: `{status, cells, constraints, message}` with the cells
 *  (indices) and constraint indices to mark. */
export async function checkVariant(game) {
  const n = game.size;
  const res = await post('check', { puzzle: game.variant.source, grid: toRows(values(game), n) });
  const cells = new Set();
  const constraints = new Set();
  for (const b of res.broken || []) {
    if (b.constraint !== null && b.constraint !== undefined) constraints.add(b.constraint);
    for (const name of b.cells) {
      const m = /^r(\d+)c(\d+)$/i.exec(name);
      if (m) cells.add((Number(m[1]) - 1) * n + Number(m[2]) - 1);
    }
  }
  const names = [...new Set((res.broken || []).map((b) => b.name || 'a row, column or region'))];
  return { status: res.status, cells, constraints, message: names.join(', ') };
}

/** The server's answer to solving the game's puzzle. */
export function solveVariant(game) {
  return post('solve', { puzzle: game.variant.source, timeout: 10 });
}

/** Links to the puzzle: this page (`/?load=`), f-puzzles, SudokuPad and ISS. */
export function variantLinks(game, base) {
  const v = game.variant;
  const payload = v.fpuzzles ? v.fpuzzles.slice(v.fpuzzles.indexOf('load=') + 5) : encodeURIComponent(v.source);
  return { page: `${base}?load=${payload}`, fpuzzles: v.fpuzzles, sudokupad: v.sudokupad, iss: v.iss };
}
