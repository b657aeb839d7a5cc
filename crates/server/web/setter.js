// Setter mode: givens typed and constraints drawn on an empty grid (a cage or a line by
// dragging through its cells, a dot or an X or V over two neighbours, global rules as
// toggles, totals typed; irregular regions and clues outside the grid: shapes.js), with a live count of solutions ("unique", 2, …, "10+") that is
// bounded (a limit and the server's time budget) and cancelled by the next change. The
// constraints are lines of the variant text form (`game.lines`); the server reads them
// (/api/v1/read: the drawing, the share links) and counts them. Classic grids without
// constraints count offline too (solver.js). After each count the server says more
// (/api/v1/setter): for a unique puzzle, the clues that could each go (marked on the board,
// each with a button that takes it away); for one with several solutions, the cells where two
// of them differ (with their two digits) and the givens that would fix it, best first, as
// buttons that give them.

import { post } from './api.js';
import { drawConstraints, hasOutside } from './draw.js';
import { conflicts, newGame } from './game.js';
import { countSolutions } from './solver.js';
import { STANDARD, toRows } from './text.js';
import { readVariant, variantGame } from './variant.js';
import {
  CLUES, addRegion, borders, cluePlace, clueLine, complete, regionsText, removeRegions,
} from './shapes.js';

const $ = (id) => document.getElementById(id);

/** What each kind of the Draw menu takes: at least `min` cells (at most `max`), or none for
 *  a rule of the whole grid; `total` when the Total field is written into it. */
export const KINDS = {
  killer: { min: 1, total: true },
  thermo: { min: 2 },
  arrow: { min: 2 },
  arrow2: { min: 3, bulb: 2 },
  arrow3: { min: 4, bulb: 3 },
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
  region: { min: 1 },
  ...Object.fromEntries(Object.keys(CLUES).map((k) => [k, { clue: true }])),
};

const cellName = (i, n) => `r${Math.floor(i / n) + 1}c${(i % n) + 1}`;

/** The index of a cell named `r3c12` in a grid of side `n`. */
const cellIndex = (name, n) => {
  const [r, c] = name.slice(1).split('c').map(Number);
  return (r - 1) * n + c - 1;
};

/** The text form's line for `kind` over `cells` (indices, in the order drawn), or null when
 *  the cells do not fit it. */
export function lineOf(kind, cells, n, total) {
  const spec = KINDS[kind];
  if (!spec) return null;
  if (spec.global) return kind;
  if (spec.clue || kind === 'region') return null;
  if (cells.length < spec.min || (spec.max && cells.length > spec.max)) return null;
  const list = cells.map((i) => cellName(i, n)).join(' ');
  if (kind === 'x' || kind === 'v') return `xv ${kind.toUpperCase()} ${list}`;
  if (spec.bulb) return `arrow ${cells.slice(0, spec.bulb).map((i) => cellName(i, n)).join(' ')} = ${cells.slice(spec.bulb).map((i) => cellName(i, n)).join(' ')}`;
  if (kind === 'killer' && /^\d+$/.test(total || '')) return `killer ${total} ${list}`;
  return `${kind} ${list}`;
}

/** A setter's puzzle in the text form: the givens' rows, its regions when they are whole,
 *  then a constraint a line. */
export function puzzleText(game) {
  const n = game.size;
  const rows = toRows(game.givens, n).map((row) => (n <= 9
    ? row.map((v) => (v ? STANDARD[v - 1] : '.')).join('')
    : row.map((v) => (v ? String(v) : '.')).join(' ')));
  const regions = game.regions ? regionsText(game.regions, n) : [];
  return `${[...rows, ...regions, ...(game.lines || [])].join('\n')}\n`;
}

/** Whether the setter's puzzle is more than givens in boxes (the server reads and counts it). */
const isVariant = (g) => !!(g.lines?.length || g.regions);

/** What `count` and `candidates` take for the setter's puzzle. */
const bodyOf = (g) => (isVariant(g) ? { puzzle: puzzleText(g) } : { puzzle: toRows(g.givens, g.size), box: `${g.box[0]}x${g.box[1]}` });

export class Setter {
  /** `app`: `game()` (the game on screen), `board`, `start(game, note)`, `rate(game)`,
   *  `solution()`, `busy(label, work)`, `message(text, kind)`, `draw()`, `act(action)`. */
  constructor(app) {
    this.app = app;
    this.timer = 0;
    this.abort = null;
    this.run = 0;
    // What the server said of the puzzle as last counted (/api/v1/setter), with its game.
    this.report = null;
    // A click in the board's margin, with a clue outside the grid chosen, places the clue.
    app.board.el.parentElement.addEventListener('pointerdown', (e) => {
      if (!CLUES[this.kind()] || !this.app.game()?.setter || app.board.cellAt(e.target) >= 0) return;
      const place = this.placeAt(e.clientX, e.clientY);
      if (place) { e.preventDefault(); this.addClue(place); }
    });
    $('setter-kind').addEventListener('change', () => this.frame());
    // Enter in the Total field adds the rule over the selected cells.
    $('setter-total').addEventListener('keydown', (e) => {
      if (e.key === 'Enter') { e.preventDefault(); $('setter-add').click(); }
    });
  }

  /** The place outside the grid (row or column 0 or N + 1) under a point, or null. */
  placeAt(x, y) {
    const g = this.app.game();
    const el = this.app.board.el;
    const n = g.size;
    const rect = el.getBoundingClientRect();
    const c = Math.floor(((x - rect.left - el.clientLeft) * n) / el.clientWidth) + 1;
    const r = Math.floor(((y - rect.top - el.clientTop) * n) / el.clientHeight) + 1;
    const on = (v) => v >= 0 && v <= n + 1;
    const inside = (v) => v >= 1 && v <= n;
    return on(r) && on(c) && !(inside(r) && inside(c)) ? [r, c] : null;
  }

  /** The board's frame: a margin for clues outside the grid (when there are some, or one is
   *  chosen to be placed) and, while regions are drawn, a label that says how many. */
  frame() {
    const g = this.app.game();
    if (!g) return;
    const drawn = g.variant?.constraints || [];
    const { el } = this.app.board;
    el.classList.toggle('outside', hasOutside(drawn) || (!!g.setter && !!CLUES[this.kind()]));
    const regions = new Set((g.layout || []).filter((v) => v)).size;
    if (g.setter && regions && !g.regions) {
      el.setAttribute('aria-label', `Sudoku grid, ${g.size} by ${g.size}, boxes ${g.box[0]} wide and ${g.box[1]} tall; ${regions} of ${g.size} regions drawn`);
    }
  }

  /** The end of a drag through `cells`: they become the rule chosen (a line, a cage, a
   *  region, …; not a global rule or a clue outside the grid). */
  released(cells) {
    const kind = this.kind();
    const spec = KINDS[kind];
    if (!this.app.game()?.setter || !spec || spec.global || spec.clue) return;
    if (cells.length > 1 || kind === 'even' || kind === 'odd') this.add(cells);
  }

  /** The kind chosen in the Draw menu ('' for givens). */
  kind() {
    return $('setter-kind').value;
  }

  /** Adds the chosen kind over `cells` (a global rule: toggles it; a region: draws it; a clue
   *  outside the grid: beside the cells at the grid's edge); false when they do not fit it
   *  (true, with a message, when the reason is more than that). The server reads the puzzle
   *  again: a line it refuses is taken back. */
  async add(cells) {
    const g = this.app.game();
    if (!g?.setter) return false;
    const kind = this.kind();
    if (kind === 'region') return this.region(g, cells);
    if (CLUES[kind]) {
      const at = cluePlace(kind, cells, g.size);
      if (at.error) { this.app.message(at.error, 'bad'); return true; }
      return this.addClue(at.place);
    }
    const line = lineOf(kind, cells, g.size, $('setter-total').value.trim());
    if (!line) return false;
    return this.addLine(g, line);
  }

  /** Adds the clue chosen at `place`, outside the grid, with the total typed. A clue of its
   *  kind there already is replaced by it, or taken back when no total is typed. */
  async addClue(place) {
    const g = this.app.game();
    const total = $('setter-total').value.trim();
    const { keyword } = CLUES[this.kind()];
    const drawn = g.variant?.constraints || [];
    // The server reads one constraint a line, in order.
    const at = drawn.length === (g.lines || []).length
      ? drawn.findIndex((c) => c.kind === keyword && c.clue?.[0] === place[0] && c.clue?.[1] === place[1]) : -1;
    if (at >= 0 && !total) {
      g.lines.splice(at, 1);
      await this.refresh(g);
      this.count();
      return true;
    }
    const made = clueLine(this.kind(), place, g.size, total);
    if (made.error) { this.app.message(made.error, 'bad'); return true; }
    if (at >= 0) g.lines.splice(at, 1);
    return this.addLine(g, made.line);
  }

  /** Adds a line of the text form (a global rule already there: takes it back). */
  async addLine(g, line) {
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

  /** Draws a region over `cells` (N connected cells in no region yet); true (a message says
   *  what was drawn or why not). */
  async region(g, cells) {
    const n = g.size;
    const made = addRegion(g.layout || new Array(n * n).fill(0), cells, n);
    if (made.error) { this.app.message(made.error, 'bad'); return true; }
    await this.setLayout(g, made.layout);
    return true;
  }

  /** Sets the regions drawn; whole, they are the puzzle's regions (else the boxes are). */
  async setLayout(g, layout) {
    const n = g.size;
    g.layout = layout;
    g.regions = complete(layout, n) ? layout : null;
    const drawn = new Set(layout.filter((v) => v)).size;
    const { board } = this.app;
    board.build(n, g.box, borders(layout, n, g.box));
    // The rules stay drawn while the server reads the puzzle again.
    drawConstraints(board.variant, n, g.variant?.constraints || [], board.cells);
    this.app.message(g.regions ? 'The regions are whole: they replace the boxes.'
      : drawn ? `${drawn} of ${n} regions drawn: the boxes stay until all are.` : '');
    await this.refresh(g);
    this.app.draw();
    this.count();
  }

  /** Takes back the last constraint (none left: the last region drawn). */
  async removeLast() {
    const g = this.app.game();
    if (!g?.setter) return;
    if (g.lines?.length) {
      g.lines.pop();
      await this.refresh(g);
      this.count();
    } else if (g.layout?.some((v) => v)) {
      const last = Math.max(...g.layout);
      await this.setLayout(g, g.layout.map((v) => (v === last ? 0 : v)));
    }
  }

  /** Takes back the rules drawn over any of `cells`; whether there was one. */
  async removeAt(cells) {
    const g = this.app.game();
    if (!g?.setter) return false;
    const layout = g.layout && removeRegions(g.layout, cells);
    const regions = !!layout && layout !== g.layout;
    if (regions) await this.setLayout(g, layout);
    const drawn = g?.variant?.constraints || [];
    // The server reads one constraint a line, in order.
    if (!g.lines?.length || drawn.length !== g.lines.length) return regions;
    const picked = new Set(cells);
    const n = g.size;
    const over = (con) => [...con.cells, ...(con.copies || [])].some(([r, c]) => picked.has((r - 1) * n + c - 1));
    const keep = g.lines.filter((_, k) => !over(drawn[k]));
    if (keep.length === g.lines.length) return regions;
    g.lines = keep;
    await this.refresh(g);
    this.count();
    return true;
  }

  /** Reads the setter's puzzle through the server and draws it (`quiet`: no message on a
   *  problem); whether it was read. */
  async refresh(g, quiet = false) {
    const { board } = this.app;
    if (!isVariant(g)) {
      g.variant = null;
      if (g === this.app.game()) { drawConstraints(board.variant, g.size, [], board.cells); this.frame(); }
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
      this.frame();
      this.app.draw();
    }
    return true;
  }

  /** Counts again soon (after the keys of a burst). What was said of the puzzle before the
   *  change goes at once. */
  count() {
    clearTimeout(this.timer);
    this.run++;
    this.abort?.abort();
    if (this.report) {
      this.report = null;
      this.showReport();
      this.app.draw();
    }
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
    const what = `${clues} clue${clues === 1 ? '' : 's'}${g.lines?.length ? `, ${g.lines.length} rule${g.lines.length === 1 ? '' : 's'}` : ''}${g.regions ? ', irregular regions' : ''}`;
    if (conflicts(g).size) { out.textContent = `${what}: clashing givens`; out.dataset.count = 'conflict'; return; }
    const body = bodyOf(g);
    const fits = !isVariant(g) || (await this.refresh(g, true));
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
      const local = isVariant(g) ? null : countSolutions(g.size, g.box, g.givens, limit, 50000);
      if (!local) { out.textContent = 'counting needs the server'; return; }
      count = local.count;
      exact = local.complete && count < limit;
    }
    if (!current()) return;
    out.dataset.count = count === 1 && exact ? 'unique' : exact ? String(count) : `${count}+`;
    out.textContent = `${what}: ${count === 0 && exact ? 'no solution' : count === 1 && exact ? 'unique' : `${count}${exact ? '' : '+'} solutions`}`;
    if (count > 0 && (count > 1 || exact)) this.analyse(g, run, body, this.abort);
  }

  /** Asks the server what more it says of the puzzle counted by `run`: the clues that can
   *  go, or the givens that fix it (none offline, or when a change came first). */
  async analyse(g, run, body, abort) {
    let res;
    try {
      res = await post('setter', { ...body, fixes: 6, timeout: 5 }, { signal: abort.signal });
    } catch {
      return;
    }
    if (g !== this.app.game() || run !== this.run || !['unique', 'multiple'].includes(res.status)) return;
    this.report = res;
    this.showReport();
    this.app.draw();
  }

  /** What the board marks of the last report: the givens (`redundant`) and constraints that
   *  can go; the cells where two solutions differ, with their two digits (`differ`). */
  marks() {
    const out = { redundant: new Set(), differ: new Map(), constraints: new Set() };
    const r = this.report;
    const g = this.app.game();
    if (!r || !g?.setter) return out;
    const n = g.size;
    if (r.status === 'unique') {
      for (const c of r.clues) {
        if (!c.redundant) continue;
        if (c.kind === 'given') out.redundant.add(cellIndex(c.cell, n));
        else if (c.kind === 'constraint') out.constraints.add(c.index);
      }
    } else {
      const [a, b] = r.solutions.map((rows) => rows.flat());
      for (const name of r.differ) {
        const i = cellIndex(name, n);
        out.differ.set(i, [a[i], b[i]]);
      }
    }
    return out;
  }

  /** The report in the bar: the clues that can go, each a button that takes it away; or the
   *  givens that fix the puzzle, each a button that gives it. */
  showReport() {
    const box = $('setter-report');
    box.replaceChildren();
    const r = this.report;
    if (!r) return;
    const note = (text) => box.append(Object.assign(document.createElement('span'), { textContent: text }));
    const button = (text, label, cls, onClick) => {
      const b = Object.assign(document.createElement('button'), { type: 'button', textContent: text, className: cls });
      b.setAttribute('aria-label', label);
      b.addEventListener('click', onClick);
      box.append(b);
    };
    if (r.status === 'unique') {
      const gone = r.clues.filter((c) => c.redundant);
      // A cage that can go takes its total with it: the total is not offered again.
      const cages = new Set(gone.filter((c) => c.kind === 'constraint').map((c) => c.index));
      const offered = gone.filter((c) => !(c.kind === 'total' && cages.has(c.index)));
      const late = r.complete ? '' : ' (not all checked in time)';
      if (!offered.length) { note(`Every clue is needed${late}.`); return; }
      note(`Can go, each alone${late}:`);
      for (const c of offered) button(`${c.text} ✕`, `Remove ${c.text}`, 'clue', () => this.removeClue(c));
      return;
    }
    const many = `${r.count}${r.exact ? '' : '+'} solutions`;
    note(`${many}: two of them differ in the marked cells.${r.fixes.length ? ' A given that fixes it:' : ''}`);
    for (const f of r.fixes) {
      const left = f.count === 1 ? 'unique' : `${f.exact ? '' : 'about '}${f.count} left`;
      button(`${f.cell} = ${f.digit} (${left})`, `Give ${f.digit} in ${f.cell}: ${left}`, f.count === 1 ? 'fix unique' : 'fix', () => this.give(f));
    }
  }

  /** Takes away a clue the report says can go: a given, a rule, or a cage's total. */
  async removeClue(c) {
    const g = this.app.game();
    if (!g?.setter) return;
    if (c.kind === 'given') {
      this.app.act({ type: 'clear', cells: [cellIndex(c.cell, g.size)] });
      return;
    }
    // The server reads one constraint a line, in order.
    const drawn = g.variant?.constraints || [];
    if (!g.lines || drawn.length !== g.lines.length || !g.lines[c.index]) {
      this.app.message('Remove that rule with "Remove here" over its cells.', 'bad');
      return;
    }
    if (c.kind === 'total') g.lines[c.index] = g.lines[c.index].replace(/^killer \d+ /, 'killer ');
    else g.lines.splice(c.index, 1);
    await this.refresh(g);
    this.count();
  }

  /** Gives the digit a fix offers. */
  give(f) {
    const g = this.app.game();
    if (!g?.setter) return;
    this.app.act({ type: 'digit', cells: [cellIndex(f.cell, g.size)], digit: f.digit, mode: 'normal' });
  }

  /** Each cell's true candidates (the digits it holds in some solution), from the server:
   *  `{marks, status}`, marks one list a cell. */
  async candidates() {
    const g = this.app.game();
    const res = await post('candidates', { ...bodyOf(g), timeout: 10 });
    return { marks: res.candidates.flat(), status: res.status };
  }

  /** Plays the puzzle set, if it has exactly one solution. */
  async finish() {
    const g = this.app.game();
    const variant = isVariant(g);
    await this.app.busy('', async () => {
      let res;
      try {
        res = await post('count', { ...bodyOf(g), limit: 2, timeout: 10 });
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
