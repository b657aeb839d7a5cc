// Setter mode: givens typed and constraints drawn on an empty grid (a cage or a line by
// dragging through its cells, a dot or an X or V over two neighbours, global rules as
// toggles, totals typed), with a live count of solutions ("unique", 2, …, "10+") that is
// bounded (a limit and the server's time budget) and cancelled by the next change. The
// constraints are lines of the variant text form (`game.lines`); the server reads them
// (/api/v1/read: the drawing, the share links) and counts them. Classic grids without
// constraints count offline too (solver.js).

import { post } from './api.js';
import { drawConstraints, hasOutside } from './draw.js';
import { conflicts, newGame } from './game.js';
import { countSolutions } from './solver.js';
import { STANDARD, toRows } from './text.js';
import { readVariant, variantGame } from './variant.js';

const $ = (id) => document.getElementById(id);

/** What each kind of the Draw menu takes: at least `min` cells (at most `max`), or none for
 *  a rule of the whole grid; `total` when the Total field is written into it. */
export const KINDS = {
  killer: { min: 1, total: true },
  thermo: { min: 2 },
  arrow: { min: 2 },
  whispers: { min: 2 },
  renban: { min: 2 },
  palindrome: { min: 2 },
  between: { min: 3 },
  regionsum: { min: 2 },
  difference: { min: 2, max: 2 },
  ratio: { min: 2, max: 2 },
  x: { min: 2, max: 2 },
  v: { min: 2, max: 2 },
  even: { min: 1 },
  odd: { min: 1 },
  antiknight: { global: true },
  antiking: { global: true },
  'diagonal+': { global: true },
  'diagonal-': { global: true },
  nonconsecutive: { global: true },
};

const cellName = (i, n) => `r${Math.floor(i / n) + 1}c${(i % n) + 1}`;

/** The text form's line for `kind` over `cells` (indices, in the order drawn), or null when
 *  the cells do not fit it. */
export function lineOf(kind, cells, n, total) {
  const spec = KINDS[kind];
  if (!spec) return null;
  if (spec.global) return kind;
  if (cells.length < spec.min || (spec.max && cells.length > spec.max)) return null;
  const list = cells.map((i) => cellName(i, n)).join(' ');
  if (kind === 'x' || kind === 'v') return `xv ${kind.toUpperCase()} ${list}`;
  if (kind === 'killer' && /^\d+$/.test(total || '')) return `killer ${total} ${list}`;
  return `${kind} ${list}`;
}

/** A setter's puzzle in the text form: the givens' rows, then a constraint a line. */
export function puzzleText(game) {
  const n = game.size;
  const rows = toRows(game.givens, n).map((row) => (n <= 9
    ? row.map((v) => (v ? STANDARD[v - 1] : '.')).join('')
    : row.map((v) => (v ? String(v) : '.')).join(' ')));
  return `${[...rows, ...(game.lines || [])].join('\n')}\n`;
}

export class Setter {
  /** `app`: `game()` (the game on screen), `board`, `start(game, note)`, `rate(game)`,
   *  `solution()`, `busy(label, work)`, `message(text, kind)`, `draw()`. */
  constructor(app) {
    this.app = app;
    this.timer = 0;
    this.abort = null;
    this.run = 0;
  }

  /** The kind chosen in the Draw menu ('' for givens). */
  kind() {
    return $('setter-kind').value;
  }

  /** Adds the chosen kind over `cells` (a global rule: toggles it); false when they do not
   *  fit it. The server reads the puzzle again: a line it refuses is taken back. */
  async add(cells) {
    const g = this.app.game();
    if (!g?.setter) return false;
    const line = lineOf(this.kind(), cells, g.size, $('setter-total').value.trim());
    if (!line) return false;
    g.lines = g.lines || [];
    const at = g.lines.indexOf(line);
    if (KINDS[this.kind()].global && at >= 0) g.lines.splice(at, 1);
    else g.lines.push(line);
    if (!(await this.refresh(g)) && g.lines[g.lines.length - 1] === line) {
      g.lines.pop();
      await this.refresh(g, true);
    }
    this.count();
    return true;
  }

  /** Takes back the last constraint. */
  async removeLast() {
    const g = this.app.game();
    if (!g?.lines?.length) return;
    g.lines.pop();
    await this.refresh(g);
    this.count();
  }

  /** Takes back the rules drawn over any of `cells`; whether there was one. */
  async removeAt(cells) {
    const g = this.app.game();
    const drawn = g?.variant?.constraints || [];
    // The server reads one constraint a line, in order.
    if (!g?.lines?.length || drawn.length !== g.lines.length) return false;
    const picked = new Set(cells);
    const n = g.size;
    const over = (con) => [...con.cells, ...(con.copies || [])].some(([r, c]) => picked.has((r - 1) * n + c - 1));
    const keep = g.lines.filter((_, k) => !over(drawn[k]));
    if (keep.length === g.lines.length) return false;
    g.lines = keep;
    await this.refresh(g);
    this.count();
    return true;
  }

  /** Reads the setter's puzzle through the server and draws it (`quiet`: no message on a
   *  problem); whether it was read. */
  async refresh(g, quiet = false) {
    const { board } = this.app;
    if (!g.lines?.length) {
      g.variant = null;
      if (g === this.app.game()) drawConstraints(board.variant, g.size, [], board.cells);
      return true;
    }
    const source = puzzleText(g);
    try {
      const read = await readVariant(source);
      // A later change has its own reading: this one is stale.
      if (puzzleText(g) !== source) return true;
      g.variant = { ...variantGame(read, source).variant };
    } catch (e) {
      if (puzzleText(g) !== source) return true;
      if (!quiet) this.app.message(`Not added: ${[e.message, ...(e.errors || []).map((x) => x.message)].join(' ')}`, 'bad');
      return false;
    }
    if (g === this.app.game()) {
      drawConstraints(board.variant, g.size, g.variant.constraints, board.cells);
      board.el.classList.toggle('outside', hasOutside(g.variant.constraints));
      this.app.draw();
    }
    return true;
  }

  /** Counts again soon (after the keys of a burst). */
  count() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.runCount(), 250);
  }

  async runCount() {
    const g = this.app.game();
    if (!g?.setter) return;
    // Each run counts the puzzle as it was when it began; a later change starts a later run,
    // which alone may show its count.
    const run = ++this.run;
    const current = () => g === this.app.game() && run === this.run;
    const out = $('setter-count');
    const clues = g.givens.filter((v) => v).length;
    const what = `${clues} clue${clues === 1 ? '' : 's'}${g.lines?.length ? `, ${g.lines.length} rule${g.lines.length === 1 ? '' : 's'}` : ''}`;
    if (conflicts(g).size) { out.textContent = `${what}: clashing givens`; out.dataset.count = 'conflict'; return; }
    const body = g.lines?.length ? { puzzle: puzzleText(g) } : { puzzle: toRows(g.givens, g.size), box: `${g.box[0]}x${g.box[1]}` };
    const fits = !g.lines?.length || (await this.refresh(g, true));
    if (!current()) return;
    if (!fits) { out.textContent = `${what}: a rule does not fit`; out.dataset.count = 'conflict'; return; }
    this.abort?.abort();
    this.abort = new AbortController();
    const limit = 10;
    let count, exact;
    try {
      const res = await post('count', { ...body, limit, timeout: 5 }, { signal: this.abort.signal });
      ({ count, exact } = res);
      if (res.status === 'timeout') exact = false;
    } catch (e) {
      if (e.name === 'AbortError') return;
      const local = g.lines?.length ? null : countSolutions(g.size, g.box, g.givens, limit, 50000);
      if (!local) { out.textContent = 'counting needs the server'; return; }
      count = local.count;
      exact = local.complete && count < limit;
    }
    if (!current()) return;
    out.dataset.count = count === 1 && exact ? 'unique' : exact ? String(count) : `${count}+`;
    out.textContent = `${what}: ${count === 0 && exact ? 'no solution' : count === 1 && exact ? 'unique' : `${count}${exact ? '' : '+'} solutions`}`;
  }

  /** Each cell's true candidates (the digits it holds in some solution), from the server:
   *  `{marks, status}`, marks one list a cell. */
  async candidates() {
    const g = this.app.game();
    const body = g.lines?.length ? { puzzle: puzzleText(g) } : { puzzle: toRows(g.givens, g.size), box: `${g.box[0]}x${g.box[1]}` };
    const res = await post('candidates', { ...body, timeout: 10 });
    return { marks: res.candidates.flat(), status: res.status };
  }

  /** Plays the puzzle set, if it has exactly one solution. */
  async finish() {
    const g = this.app.game();
    const variant = !!g.lines?.length;
    await this.app.busy('', async () => {
      let res;
      try {
        const body = variant ? { puzzle: puzzleText(g) } : { puzzle: toRows(g.givens, g.size), box: `${g.box[0]}x${g.box[1]}` };
        res = await post('count', { ...body, limit: 2, timeout: 10 });
      } catch (e) {
        if (e.code !== 'network' || variant) throw e;
        const local = countSolutions(g.size, g.box, g.givens, 2);
        res = { count: local?.count ?? 2, exact: !!local?.complete };
      }
      if (!(res.count === 1 && res.exact)) {
        this.app.message(res.count === 0 ? 'This grid has no solution.' : 'This grid does not have exactly one solution yet.', 'bad');
        return;
      }
      if (variant) {
        const source = puzzleText(g);
        this.app.start(variantGame(await readVariant(source), source), 'Your puzzle: play it.');
      } else {
        this.app.start(newGame({ size: g.size, box: g.box, givens: g.givens }), 'Your puzzle: play it.');
        this.app.rate(this.app.game());
      }
      this.app.solution().catch(() => {});
    });
  }
}
