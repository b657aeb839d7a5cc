// The page: wires the board, the controls and the dialogs to the game (game.js), the server
// (api.js) and the browser's storage (store.js). The game is data; every input becomes an
// action for `perform`, then the page is drawn again from the game and the view state below.

import { post, ApiError } from './api.js';
import { Board } from './board.js';
import { drawConstraints, hasOutside, markBroken, markRedundant, markUsed } from './draw.js';
import {
  candidates, conflicts, geometryOf, isGame, newGame, perform, redo, undo, values,
} from './game.js';
import { countSolutions } from './solver.js';
import { explainStates, stepView } from './steps.js';
import { fromHash, openText, shareLink } from './open.js';
import { Setter } from './setter.js';
import { borders } from './shapes.js';
import { loadGame, loadSettings, saveGame, saveSettings } from './store.js';
import {
  decodeValues, defaultBox, digitOfKey, parseBox, styles, symbol, toRows,
} from './text.js';
import { checkVariant, loadParam, showInfo, solveVariant, variantLinks } from './variant.js';

const $ = (id) => document.getElementById(id);
const MODES = ['normal', 'corner', 'centre', 'colour'];
const COLOURS = 9;
const LEVELS = { easy: 'Easy', medium: 'Medium', hard: 'Hard', expert: 'Expert', extreme: 'Extreme', stuck: 'Beyond logic' };

// Puzzles made by `nsudoku generate` for a first visit without the server.
const OFFLINE = [
  '.1.5.68....4.2....26.....9..2.43...8.........3...15.6..9.....15....6.7....67.8.3.',
  '6..8...4....49638..3.1..7.........67..7...2..12.........4..1.3..63754....5...3..9',
  '2...5..1..632......5..67..884.....5.5.7...4.2.9.....717..82..6......952..2..3...9',
  '12.3....4.3.7.......82....33.78....249.....858....54.15....23.......8.2.2....7.69',
];

let settings = loadSettings();
let game = null;
const ui = {
  selected: new Set([0]),
  cursor: 0,
  mode: 'normal',
  colour: 1,
  colourTarget: 'cell',
  padDigit: 0, // a digit picked on the pad while only givens are selected: highlighted
  hint: null, // {step, view}
  mistakes: new Set(),
  broken: { cells: new Set(), constraints: new Set() }, // a variant's rules broken, by Check
  explain: null, // {steps, index, states, summary}
  paused: false,
  pending: null, // the first key of a two-digit number
  busy: 0,
};

const board = new Board($('board'), {
  press(i, { add, toggle, digit }) {
    if (ui.mode === 'colour' && ui.colourTarget === 'candidate' && digit) {
      select(i, { add, toggle });
      act({ type: 'candColour', cells: [i], digit, colour: ui.colour });
      return;
    }
    select(i, { add, toggle });
  },
  drag(i) {
    if (!ui.selected.has(i)) {
      ui.selected.add(i);
      ui.cursor = i;
      draw();
    }
  },
  release() {
    // Setter mode with a rule chosen: the cells dragged through become it.
    setter.released([...ui.selected]);
  },
  double(i) {
    const v = values(game)[i];
    if (!v) return;
    ui.selected = new Set(values(game).flatMap((x, k) => (x === v ? [k] : [])));
    draw();
  },
});

// ---- drawing ---------------------------------------------------------------------------

function style() {
  const allowed = styles(game.size);
  const s = settings.symbols[game.size];
  return allowed.includes(s) ? s : allowed[0];
}

const sym = (d) => symbol(d, game.size, style());

function draw() {
  if (!game) return;
  const n = game.size;
  let vals = values(game);
  let corner = game.corner, centre = game.centre, colour = game.colour, candColour = game.candColour;
  let hint = ui.hint?.view || null;
  let givens = game.givens;
  const ex = ui.explain;
  if (ex) {
    const state = ex.states[ex.index];
    vals = state.values;
    corner = state.cands;
    centre = corner.map(() => []);
    colour = corner.map(() => 0);
    candColour = corner.map(() => null);
    hint = ex.index < ex.steps.length ? ex.views[ex.index] : null;
  }
  const cursorValue = vals[ui.cursor];
  const digit = settings.highlight && !ex ? (ui.padDigit || cursorValue || 0) : 0;
  const canGo = new Set();
  if (digit) {
    const geo = geometryOf(game);
    vals.forEach((v, i) => {
      if (v || geo.peers[i].some((p) => vals[p] === digit)) return;
      if (corner[i].length && !corner[i].includes(digit)) return;
      canGo.add(i);
    });
  }
  const peers = new Set(settings.highlight && !ex && ui.selected.size === 1 ? geometryOf(game).peers[ui.cursor] : []);
  // In setter mode: the givens and rules that can go, the cells where two solutions differ.
  const found = setter.marks();
  board.render({
    values: vals,
    givens,
    corner,
    centre,
    colour,
    candColour,
    selected: ex ? new Set() : ui.selected,
    cursor: ex ? -1 : ui.cursor,
    peers,
    digit,
    canGo,
    conflicts: new Set([...(settings.showConflicts && !ex ? conflicts(game) : []), ...(ex ? [] : ui.broken.cells)]),
    mistakes: ex ? new Set() : ui.mistakes,
    hint,
    symbol: sym,
    solved: game.solved && !ex,
    explaining: !!ex,
    redundant: found.redundant,
    differ: found.differ,
  });
  markBroken(board.variant, ex ? new Set() : ui.broken.constraints);
  markUsed(board.variant, hint?.constraints || new Set());
  markRedundant(board.variant, found.constraints);
  drawPad(vals);
  drawInfo();
  $('undo').disabled = !game.history.length || !!ex;
  $('redo').disabled = !game.future.length || !!ex;
  $('setter-bar').hidden = !game.setter;
  for (const id of ['hint', 'explain', 'check', 'reveal', 'solve', 'fill']) $(id).disabled = game.setter || !!ex;
  $('erase').disabled = !!ex;
  for (const b of $('pad').children) b.disabled = !!ex;
}

function drawPad(vals) {
  const pad = $('pad');
  const colourMode = ui.mode === 'colour' && ui.colourTarget === 'cell';
  const key = `${game.size}:${colourMode}:${style()}:${ui.mode}`;
  if (pad.dataset.key !== key) {
    pad.dataset.key = key;
    pad.replaceChildren();
    const count = colourMode ? COLOURS : game.size;
    pad.style.setProperty('--cols', Math.ceil(count / Math.ceil(count / 9)));
    for (let d = 1; d <= count; d++) {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.d = d;
      if (colourMode) {
        b.className = `swatch col${d}`;
        b.setAttribute('aria-label', `Colour ${d}`);
        b.textContent = d;
      } else {
        b.innerHTML = `<span class="sym">${sym(d)}</span><span class="left"></span>`;
        const what = { normal: 'Enter', corner: 'Corner mark', centre: 'Centre mark', colour: 'Colour candidate' }[ui.mode];
        b.setAttribute('aria-label', `${what} ${sym(d)}`);
      }
      pad.append(b);
    }
  }
  const placed = new Array(game.size + 1).fill(0);
  for (const v of vals) placed[v]++;
  for (const b of pad.children) {
    const d = Number(b.dataset.d);
    if (colourMode) {
      b.setAttribute('aria-pressed', String(ui.colour === d));
      continue;
    }
    const left = game.size - placed[d];
    b.querySelector('.left').textContent = left > 0 ? left : '';
    b.classList.toggle('done', left <= 0);
    b.classList.toggle('picked', ui.padDigit === d);
  }
}

function formatTime(ms) {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const mm = h ? String(m).padStart(2, '0') : String(m);
  return `${h ? `${h}:` : ''}${mm}:${String(sec).padStart(2, '0')}`;
}

function drawInfo() {
  const boxes = game.regions ? ' irregular' : game.box[0] !== game.box[1] ? ` (${game.box[0]}×${game.box[1]})` : '';
  $('shape').textContent = `${game.size}×${game.size}${boxes}`;
  const r = game.rating;
  $('rating').textContent = r ? `ER ${r.er.toFixed(1)} · ${LEVELS[r.level] || r.level}` : game.setter ? 'setting' : game.variant ? 'variant' : 'unrated';
  $('timer').textContent = formatTime(game.elapsed);
  $('timer').classList.toggle('done', game.solved);
  $('pause').setAttribute('aria-pressed', String(ui.paused));
  $('paused').hidden = !ui.paused;
  for (const b of document.querySelectorAll('[data-mode]')) b.setAttribute('aria-pressed', String(b.dataset.mode === ui.mode));
  $('colour-target').hidden = ui.mode !== 'colour';
  for (const b of document.querySelectorAll('[data-target]')) b.setAttribute('aria-pressed', String(b.dataset.target === ui.colourTarget));
  const sel = $('set-symbols');
  const opts = styles(game.size);
  $('symbols-row').hidden = opts.length < 2;
  if (sel.dataset.size !== String(game.size)) {
    sel.dataset.size = game.size;
    sel.replaceChildren(...opts.map((s) => new Option({ letters: '1–9, A–Z', hex: '0–F (hex)', numbers: `numbers 1–${game.size}` }[s], s)));
  }
  sel.value = style();
}

function message(text, kind = '') {
  const m = $('message');
  m.textContent = text;
  m.dataset.kind = kind;
}

// ---- the game --------------------------------------------------------------------------

function save() {
  if (game) saveGame(game);
}

function act(action, options) {
  if (!game || ui.explain || ui.paused) return false;
  const wasSolved = game.solved;
  const changed = perform(game, { autoRemove: settings.autoRemove, ...action }, options);
  if (changed) {
    const touched = new Set(game.history[game.history.length - 1].map((c) => c.i));
    ui.mistakes = new Set([...ui.mistakes].filter((i) => !touched.has(i)));
    ui.broken = { cells: new Set(), constraints: new Set() };
    checkRulesSoon();
    if (ui.hint) closeHint();
    if (game.setter) setterCount();
    save();
    if (game.solved && !wasSolved) message(`Solved in ${formatTime(game.elapsed)}. Well done!`, 'good');
  }
  draw();
  return changed;
}

function start(g, note = '') {
  game = g;
  ui.selected = new Set([0]);
  ui.cursor = 0;
  ui.mistakes = new Set();
  ui.broken = { cells: new Set(), constraints: new Set() };
  ui.padDigit = 0;
  ui.hint = null;
  ui.explain = null;
  ui.paused = false;
  $('hint-panel').hidden = true;
  $('explain-panel').hidden = true;
  board.build(game.size, game.box, game.setter ? borders(game.layout, game.size, game.box) : game.regions);
  const drawn = game.variant?.constraints || [];
  drawConstraints(board.variant, game.size, drawn, board.cells);
  $('board').classList.toggle('outside', hasOutside(drawn));
  // A setter's puzzle (also one resumed after a reload): its frame and its count.
  if (game.setter) { setter.frame(); setter.count(); }
  showInfo(game);
  // Each game started gets a new number: tests and tools wait on it.
  $('board').dataset.game = String(Number($('board').dataset.game || 0) + 1);
  save();
  draw();
  message(note);
}

function rowsOf(vals) {
  return toRows(vals, game.size);
}

function boxText(g = game) {
  return `${g.box[0]}x${g.box[1]}`;
}

/** The puzzle of a game as the API takes it: a variant's text as it came, else the givens
 *  and the box shape. */
function puzzleOf(g) {
  return g.variant ? { puzzle: g.variant.source } : { puzzle: rowsOf(g.givens), box: boxText(g) };
}

/** The solution, from the game, the server or (small grids, offline) the page's solver. */
async function solution() {
  if (game.solution) return game.solution;
  const g = game;
  if (g.variant) {
    const res = await solveVariant(g);
    if (res.status !== 'solved') throw new ApiError(res.status === 'multiple' ? 'This puzzle has more than one solution.' : res.status === 'no_solution' ? 'This puzzle has no solution.' : 'The solution was not found in time.');
    g.solution = res.grid.flat();
    if (g === game) save();
    return g.solution;
  }
  try {
    const res = await post('solve', { puzzle: rowsOf(g.givens), box: boxText(g), timeout: 10 });
    if (res.status === 'solved') g.solution = res.grid.flat();
    else throw new ApiError(res.status === 'multiple' ? 'This puzzle has more than one solution.' : res.status === 'no_solution' ? 'This puzzle has no solution.' : 'The solution was not found in time.');
  } catch (e) {
    if (e.code !== 'network') throw e;
    const local = countSolutions(g.size, g.box, g.givens, 2);
    if (!local?.complete) throw e;
    if (local.count !== 1) throw new ApiError(local.count ? 'This puzzle has more than one solution.' : 'This puzzle has no solution.');
    g.solution = local.solution;
  }
  if (g === game) save();
  return g.solution;
}

async function busy(label, work) {
  ui.busy++;
  document.body.classList.add('busy');
  if (label) message(label);
  try {
    return await work();
  } catch (e) {
    if (e.name !== 'AbortError') message(e.message, 'bad');
    return undefined;
  } finally {
    ui.busy--;
    if (!ui.busy) document.body.classList.remove('busy');
  }
}

function rate(g) {
  // A variant is rated by Explain all: rating every one opened would keep the server busy
  // for seconds with hard ones.
  if (g.variant) return;
  post('rate', { ...puzzleOf(g), timeout: 10 })
    .then((res) => {
      if (res.status === 'rated') {
        g.rating = { er: res.er, level: res.level };
        if (g === game) { save(); draw(); }
      }
    })
    .catch(() => {});
}

async function generate(size, difficulty, symmetry) {
  const body = { size, symmetry, timeout: 10 };
  if (difficulty) body.difficulty = difficulty;
  const before = game;
  await busy(`Generating a ${size}×${size} puzzle…`, async () => {
    let res;
    try {
      res = await post('generate', body);
    } catch (e) {
      if (game !== before) return; // another game was started meanwhile
      if (e.code === 'network' && size === 9) {
        const text = OFFLINE[Math.floor(Math.random() * OFFLINE.length)];
        start(newGame({ size: 9, box: [3, 3], givens: decodeValues(text, 9) }), 'Offline: a built-in puzzle. New puzzles need the server.');
        return;
      }
      throw e;
    }
    if (game !== before) return;
    if (res.status !== 'generated') {
      message(`No ${difficulty || ''} ${size}×${size} puzzle was found in time: try another level or size.`, 'bad');
      return;
    }
    const box = parseBox(res.box);
    history.replaceState(null, '', location.pathname);
    start(newGame({
      size: res.size,
      box,
      givens: res.puzzle.flat(),
      solution: res.solution.flat(),
      rating: res.er !== undefined ? { er: res.er, level: res.level } : null,
      seed: res.seed,
    }), `New ${res.size}×${res.size} puzzle, ${res.clues} clues.`);
  });
}

// ---- selection and keys ----------------------------------------------------------------

function select(i, { add = false, toggle = false } = {}) {
  if (toggle) {
    if (ui.selected.has(i) && ui.selected.size > 1) ui.selected.delete(i); else ui.selected.add(i);
  } else if (add) {
    ui.selected.add(i);
  } else {
    ui.selected = new Set([i]);
  }
  ui.cursor = i;
  ui.padDigit = 0;
  ui.pending = null;
  draw();
}

function move(dr, dc, extend) {
  const n = game.size;
  const r = (Math.floor(ui.cursor / n) + dr + n) % n;
  const c = ((ui.cursor % n) + dc + n) % n;
  select(r * n + c, { add: extend });
}

/** Enters `digit` in `mode` in the selected cells; the second key of a two-digit number
 *  (grids of 10 or more in numbers) replaces the first. */
function enter(digit, mode = ui.mode, { typed = false } = {}) {
  const cells = [...ui.selected];
  const numbers = style() === 'numbers' && game.size >= 10;
  const now = Date.now();
  const p = ui.pending;
  if (typed && numbers && p && now - p.time < 1500 && p.mode === mode && p.cursor === ui.cursor) {
    const combined = p.digit * 10 + digit;
    ui.pending = null;
    if (combined <= game.size) {
      if (p.changed) undo(game);
      apply(combined, mode, cells);
      return;
    }
  }
  const changed = apply(digit, mode, cells);
  ui.pending = typed && numbers && digit * 10 <= game.size ? { digit, time: now, mode, cursor: ui.cursor, changed } : null;
}

function apply(digit, mode, cells) {
  if (mode === 'colour' && ui.colourTarget === 'candidate') {
    return act({ type: 'candColour', cells, digit, colour: ui.colour });
  }
  if (mode === 'colour') ui.colour = digit;
  return act({ type: 'digit', cells, digit, mode });
}

function setMode(mode) {
  ui.mode = mode;
  ui.pending = null;
  draw();
}

function onKey(e) {
  if (!game) return;
  const t = e.target;
  if (t.closest?.('input, textarea, select, dialog')) return;
  if (document.querySelector('dialog[open]')) return;
  const ctrl = e.ctrlKey || e.metaKey;
  const k = e.key;
  if (ctrl && (k === 'z' || k === 'Z')) { e.preventDefault(); if (e.shiftKey) doRedo(); else doUndo(); return; }
  if (ctrl && (k === 'y' || k === 'Y')) { e.preventDefault(); doRedo(); return; }
  if (ctrl && (k === 'a' || k === 'A')) {
    e.preventDefault();
    ui.selected = new Set(game.givens.map((_, i) => i));
    draw();
    return;
  }
  if (ui.explain && ['ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', 'Home', 'End'].includes(k)) {
    e.preventDefault();
    const ex = ui.explain;
    stepTo({ ArrowLeft: ex.index - 1, PageUp: ex.index - 1, ArrowRight: ex.index + 1, PageDown: ex.index + 1, Home: 0, End: ex.steps.length }[k]);
    return;
  }
  const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (arrows[k]) {
    e.preventDefault();
    move(...arrows[k], e.shiftKey || ctrl);
    return;
  }
  if (k === 'Escape') {
    if (ui.explain) closeExplain();
    else if (ui.hint) closeHint();
    else { ui.selected = new Set([ui.cursor]); ui.padDigit = 0; draw(); }
    return;
  }
  if (t.closest?.('button') && (k === ' ' || k === 'Enter')) return; // the button's own click
  if (k === ' ') {
    e.preventDefault();
    const i = MODES.indexOf(ui.mode);
    setMode(MODES[(i + (e.shiftKey ? MODES.length - 1 : 1)) % MODES.length]);
    return;
  }
  if (k === 'Delete' || k === 'Backspace') { e.preventDefault(); act({ type: 'clear', cells: [...ui.selected] }); return; }
  if (k === '?') { e.preventDefault(); askHint(); return; }
  // Digits: Shift + digit is a corner mark, Ctrl or Alt + digit a centre mark (by key code,
  // since Shift changes the character).
  const numbers = style() === 'numbers' && game.size >= 10;
  const code = /^(?:Digit|Numpad)(\d)$/.exec(e.code || '');
  if (code && (e.shiftKey || ctrl || e.altKey)) {
    const mode = e.shiftKey ? 'corner' : 'centre';
    const d = digitOfKey(code[1], game.size, style());
    if (d) { e.preventDefault(); enter(d, mode, { typed: true }); }
    else if (code[1] === '0' && numbers && ui.pending) { e.preventDefault(); enterZero(mode); }
    return;
  }
  if (ctrl || e.altKey) return;
  if (k === '0' && numbers && ui.pending) { e.preventDefault(); enterZero(ui.mode); return; }
  const d = digitOfKey(k, game.size, style());
  if (d) {
    e.preventDefault();
    if (ui.mode === 'colour' && ui.colourTarget === 'cell' && d > COLOURS) return;
    enter(d, ui.mode, { typed: true });
    return;
  }
  if (game.size <= 9 && /^[zxcv]$/i.test(k)) {
    setMode({ z: 'normal', x: 'corner', c: 'centre', v: 'colour' }[k.toLowerCase()]);
    return;
  }
  if (k === '0' || k === '.') act({ type: 'clear', cells: [...ui.selected] });
}

/** `0` as the second key of 10, 20: only a two-digit number's end. */
function enterZero(mode) {
  const p = ui.pending;
  const combined = p.digit * 10;
  ui.pending = null;
  if (combined > game.size) return;
  if (p.changed) undo(game);
  apply(combined, mode, [...ui.selected]);
}

/** With "check the rules as I play", a variant's broken rules are marked after each move. */
let rulesTimer = 0;
function checkRulesSoon() {
  clearTimeout(rulesTimer);
  if (!game?.variant || !settings.checkRules) return;
  const g = game, moves = g.history.length;
  rulesTimer = setTimeout(() => checkVariant(g).then((res) => {
    if (g === game && g.history.length === moves) { ui.broken = res; draw(); }
  }).catch(() => {}), 250);
}

function doUndo() {
  if (ui.explain || !game || !undo(game)) return;
  ui.broken = { cells: new Set(), constraints: new Set() };
  checkRulesSoon();
  if (ui.hint) closeHint();
  if (game.setter) setterCount();
  save();
  draw();
}

function doRedo() {
  if (ui.explain || !game || !redo(game)) return;
  if (game.setter) setterCount();
  save();
  draw();
}

// ---- hints, explanations, checks -------------------------------------------------------

function playerMarks() {
  const vals = values(game);
  const any = game.corner.some((m, i) => !vals[i] && m.length);
  return any ? game.corner.map((m, i) => (vals[i] ? [] : m)) : null;
}

async function askHint() {
  if (!game || game.setter || ui.explain) return;
  const g = game;
  await busy('Looking for the next step…', async () => {
    const body = { ...puzzleOf(g), grid: rowsOf(values(g)), timeout: 10 };
    const marks = playerMarks();
    if (marks) body.marks = marks;
    const res = await post('hint', body);
    if (g !== game) return;
    ui.mistakes = new Set();
    switch (res.status) {
      case 'hint': {
        const cands = candidates(g.size, g.box, values(g), g.regions);
        const view = stepView(g, res.step, (i) => (g.corner[i].length ? g.corner[i] : cands[i]));
        ui.hint = { step: res.step, view };
        $('hint-title').textContent = `${res.step.name[0].toUpperCase()}${res.step.name.slice(1)} (ER ${res.step.er.toFixed(1)})`;
        $('hint-text').textContent = res.step.text;
        $('hint-panel').hidden = false;
        message('');
        break;
      }
      case 'wrong_entries':
        ui.mistakes = new Set(res.mistakes.map((m) => (m.cell[0] - 1) * g.size + m.cell[1] - 1));
        message(`Fix these first: ${res.mistakes.map((m) => m.message).join('; ')}.`, 'bad');
        break;
      case 'solved': message('The grid is solved.', 'good'); break;
      case 'stuck': message('No technique the engine knows applies here.', 'bad'); break;
      case 'no_unique_solution': message('This puzzle does not have exactly one solution: there is no logical next step.', 'bad'); break;
      default: message('No step was found in time.', 'bad');
    }
    draw();
  });
}

function closeHint() {
  ui.hint = null;
  $('hint-panel').hidden = true;
  draw();
}

function applyHint() {
  const h = ui.hint;
  if (!h) return;
  const marks = playerMarks();
  // Eliminations apply to the corner marks: without any, fill them first so they show.
  if (!marks && h.step.eliminations.length) act({ type: 'fill' });
  act({ type: 'step', step: h.step });
  closeHint();
}

async function explainAll() {
  if (!game || game.setter) return;
  const g = game;
  await busy('Explaining every step…', async () => {
    const res = await post('explain', { ...puzzleOf(g), timeout: 10 });
    if (g !== game) return;
    if (!res.steps.length) {
      message({ multiple: 'This puzzle has more than one solution: it cannot be explained.', no_solution: 'This puzzle has no solution.', timeout: 'The explanation took too long.' }[res.status] || `No steps (${res.status}).`, 'bad');
      return;
    }
    if (ui.hint) closeHint();
    const states = explainStates(game, res.steps, res);
    const views = res.steps.map((s, k) => stepView(game, s, (i) => states[k].cands[i]));
    const tail = { solved: '', stuck: ' Logic gets stuck after these steps.', timeout: ' The time ran out after these steps.' }[res.status] ?? '';
    const er = res.er !== undefined ? `ER ${res.er.toFixed(1)}` : `hardest step ${res.hardest.toFixed(1)}`;
    ui.explain = { steps: res.steps, index: 0, states, views, summary: `${res.steps.length} steps, ${er}.${tail}` };
    if (res.er !== undefined && !g.rating) {
      const level = res.er <= 2.3 ? 'easy' : res.er <= 3.4 ? 'medium' : res.er <= 4.8 ? 'hard' : res.er <= 7.2 ? 'expert' : res.er < 20 ? 'extreme' : 'stuck';
      g.rating = { er: res.er, level };
      save();
    }
    $('explain-panel').hidden = false;
    message('');
    showStep();
  });
}

function showStep() {
  const ex = ui.explain;
  const total = ex.steps.length;
  $('explain-summary').textContent = ex.summary;
  if (ex.index < total) {
    const s = ex.steps[ex.index];
    $('explain-step').textContent = `Step ${ex.index + 1} of ${total}: ${s.text} [${s.name}, ${s.er.toFixed(1)}]`;
  } else {
    $('explain-step').textContent = `After step ${total}: ${ex.states[total].values.every((v) => v) ? 'solved.' : 'no further step.'}`;
  }
  $('explain-first').disabled = $('explain-prev').disabled = ex.index === 0;
  $('explain-next').disabled = $('explain-last').disabled = ex.index === total;
  draw();
}

function stepTo(k) {
  const ex = ui.explain;
  if (!ex) return;
  ex.index = Math.max(0, Math.min(ex.steps.length, k));
  showStep();
}

function closeExplain() {
  ui.explain = null;
  $('explain-panel').hidden = true;
  draw();
}

async function check() {
  if (!game) return;
  await busy('', async () => {
    if (game.variant) {
      const g = game;
      const res = await checkVariant(g);
      if (g !== game) return;
      ui.broken = res;
      if (res.status === 'broken') {
        message(`Broken: ${res.message}. Marked.`, 'bad');
        draw();
        return;
      }
      if (res.status === 'solved') {
        g.solved = true;
        save();
        message(`Solved in ${formatTime(g.elapsed)}. Well done!`, 'good');
        draw();
        return;
      }
    }
    const sol = await solution();
    ui.mistakes = new Set(game.entries.flatMap((v, i) => (v && v !== sol[i] ? [i] : [])));
    const wrong = ui.mistakes.size;
    const left = values(game).filter((v) => !v).length;
    message(wrong ? `${wrong} wrong ${wrong === 1 ? 'entry' : 'entries'}, marked.` : left ? `No mistakes so far; ${left} cells to go.` : 'Solved!', wrong ? 'bad' : 'good');
    draw();
  });
}

async function reveal(all) {
  if (!game) return;
  await busy('', async () => {
    await solution();
    const cells = all ? game.givens.map((_, i) => i) : [...ui.selected];
    act({ type: 'reveal', cells });
    ui.mistakes = new Set();
    message(all ? 'The solution.' : '');
    draw();
  });
}

// ---- setter mode -----------------------------------------------------------------------

const setter = new Setter({
  game: () => game, board, start, rate, solution, busy, message, draw, act,
});
function setterCount() {
  setter.count();
}

// ---- import, share ---------------------------------------------------------------------

async function importPuzzle(text = $('import-text').value) {
  const boxIn = $('import-box').value.trim();
  let symbols = $('import-symbols').value;
  if (symbols === 'custom') symbols = $('import-custom').value.trim();
  $('import-errors').replaceChildren();
  const opened = await openText(text, boxIn, symbols);
  if (opened.errors) {
    $('import-errors').replaceChildren(...opened.errors.map((l) => Object.assign(document.createElement('li'), { textContent: l })));
    return false;
  }
  const g = opened.game;
  if (symbols === '0123456789ABCDEF' && g.size === 16) {
    settings.symbols[16] = 'hex';
    saveSettings(settings);
  }
  history.replaceState(null, '', location.pathname);
  start(g, opened.note);
  rate(g);
  solution().catch(() => {});
  return true;
}

/** Opens a variant puzzle from a link's `load` (resumed if it is the game kept); else why
 *  not, in words. */
async function openLoad(source) {
  const saved = loadGame();
  history.replaceState(null, '', location.pathname);
  if (saved?.variant?.source === source) { start(saved, 'Welcome back.'); return ''; }
  const opened = await busy('Opening the puzzle…', () => openText(source, '', ''));
  if (!opened || opened.errors) return `The link's puzzle cannot be opened: ${opened?.errors?.join(' ') ?? ''}`;
  start(opened.game, opened.note);
  solution().catch(() => {});
  return '';
}

// ---- start-up and wiring ---------------------------------------------------------------

function applyTheme() {
  const t = settings.theme;
  if (t === 'auto') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = t;
  $('theme').setAttribute('aria-label', `Theme: ${{ auto: 'automatic', light: 'light', dark: 'dark' }[t]}`);
  $('theme').textContent = { auto: '◐', light: '☀', dark: '☾' }[t];
}

function openDialog(id) {
  const d = $(id);
  if (!d.open) d.showModal();
}

function wire() {
  window.addEventListener('keydown', onKey);
  $('pad').addEventListener('click', (e) => {
    const b = e.target.closest('button');
    if (!b) return;
    const d = Number(b.dataset.d);
    if (ui.mode === 'colour' && ui.colourTarget === 'cell') {
      ui.colour = d;
      act({ type: 'digit', cells: [...ui.selected], digit: d, mode: 'colour' });
      return;
    }
    // On givens alone there is nothing to enter: the digit is highlighted instead.
    if ([...ui.selected].every((i) => game.givens[i]) && !game.setter) {
      ui.padDigit = ui.padDigit === d ? 0 : d;
      draw();
      return;
    }
    enter(d);
  });
  for (const b of document.querySelectorAll('[data-mode]')) b.addEventListener('click', () => setMode(b.dataset.mode));
  for (const b of document.querySelectorAll('[data-target]')) {
    b.addEventListener('click', () => { ui.colourTarget = b.dataset.target; draw(); });
  }
  $('undo').addEventListener('click', doUndo);
  $('redo').addEventListener('click', doRedo);
  $('erase').addEventListener('click', () => act({ type: 'clear', cells: [...ui.selected] }));
  $('fill').addEventListener('click', () => { act({ type: 'fill' }); message('Candidates filled in the corner marks.'); });
  $('hint').addEventListener('click', askHint);
  $('hint-apply').addEventListener('click', applyHint);
  $('hint-close').addEventListener('click', closeHint);
  $('explain').addEventListener('click', explainAll);
  $('explain-first').addEventListener('click', () => stepTo(0));
  $('explain-prev').addEventListener('click', () => stepTo(ui.explain.index - 1));
  $('explain-next').addEventListener('click', () => stepTo(ui.explain.index + 1));
  $('explain-last').addEventListener('click', () => stepTo(ui.explain.steps.length));
  $('explain-close').addEventListener('click', closeExplain);
  $('check').addEventListener('click', check);
  $('reveal').addEventListener('click', () => reveal(false));
  $('solve').addEventListener('click', () => reveal(true));
  $('setter-done').addEventListener('click', () => setter.finish());
  $('setter-add').addEventListener('click', async () => {
    if (!(await setter.add([...ui.selected]))) message('Select the cells of the rule first (a dot, X or V: two neighbours).', 'bad');
  });
  $('setter-undo').addEventListener('click', () => setter.removeLast());
  $('setter-remove').addEventListener('click', async () => {
    if (!(await setter.removeAt([...ui.selected]))) message('No rule is drawn over the selected cells.', 'bad');
  });
  $('setter-candidates').addEventListener('click', () => busy('Finding the true candidates…', async () => {
    const g = game;
    const { marks, status } = await setter.candidates();
    if (g !== game) return;
    act({ type: 'fill', marks });
    message({ done: 'The true candidates: the digits each cell holds in some solution.', no_solution: 'No solution: no candidates.', timeout: 'Out of time: these digits are possible, others may be too.' }[status], status === 'done' ? 'good' : 'bad');
  }));
  const pause = (on) => { ui.paused = on; draw(); if (!on) $('board').focus(); };
  $('pause').addEventListener('click', () => pause(!ui.paused));
  $('resume').addEventListener('click', () => pause(false));
  $('theme').addEventListener('click', () => {
    settings.theme = { auto: 'light', light: 'dark', dark: 'auto' }[settings.theme] || 'auto';
    saveSettings(settings);
    applyTheme();
  });
  $('help').addEventListener('click', () => openDialog('help-dialog'));

  // New puzzle.
  $('new').addEventListener('click', () => {
    $('new-size').value = String(settings.size);
    $('new-difficulty').value = settings.difficulty;
    $('new-symmetry').value = settings.symmetry;
    openDialog('new-dialog');
  });
  $('new-dialog').addEventListener('close', () => {
    const how = $('new-dialog').returnValue;
    const size = Number($('new-size').value);
    if (how !== 'generate' && how !== 'setter') return;
    settings.size = size;
    settings.difficulty = $('new-difficulty').value;
    settings.symmetry = $('new-symmetry').value;
    saveSettings(settings);
    if (how === 'generate') generate(size, settings.difficulty, settings.symmetry);
    else {
      history.replaceState(null, '', location.pathname);
      start(newGame({ size, box: defaultBox(size), givens: new Array(size * size).fill(0), setter: true }), 'Type the givens; the count of solutions follows.');
      setterCount();
    }
  });

  // Import: the dialog stays open while the text has errors.
  $('import').addEventListener('click', () => { $('import-errors').replaceChildren(); openDialog('import-dialog'); });
  $('import-symbols').addEventListener('change', () => { $('import-custom').hidden = $('import-symbols').value !== 'custom'; });
  $('import-form').addEventListener('submit', async (e) => {
    if (e.submitter?.value !== 'import') return;
    e.preventDefault();
    $('import-go').disabled = true;
    try {
      if (await importPuzzle()) $('import-dialog').close();
    } finally {
      $('import-go').disabled = false;
    }
  });

  // A dropped file or text: imported as if pasted (its problems shown in the Import dialog).
  document.addEventListener('dragover', (e) => e.preventDefault());
  document.addEventListener('drop', async (e) => {
    const file = e.dataTransfer?.files?.[0];
    const text = file ? await file.text() : e.dataTransfer?.getData('text/plain');
    e.preventDefault();
    if (!text) return;
    $('import-text').value = text;
    if (!(await importPuzzle(text))) openDialog('import-dialog');
  });

  // Share.
  const updateLink = () => {
    const base = `${location.origin}${location.pathname}`;
    const links = game.variant ? variantLinks(game, base) : null;
    $('share-link').value = links ? links.page : shareLink(game, base, $('share-position').checked);
    $('share-position-row').hidden = !!links;
    $('share-variant').hidden = !links;
    if (links) {
      $('share-fpuzzles').href = links.fpuzzles || '';
      $('share-sudokupad').href = links.sudokupad || '';
      $('share-fpuzzles').parentElement.hidden = $('share-sudokupad').parentElement.hidden = !links.fpuzzles;
      $('share-iss').href = links.iss || '';
      $('share-iss-row').hidden = !links.iss;
      $('share-unshareable').hidden = !!links.fpuzzles;
      $('share-text').value = game.variant.text || '';
    }
  };
  $('share').addEventListener('click', () => { updateLink(); openDialog('share-dialog'); $('share-link').select(); });
  $('share-position').addEventListener('change', updateLink);
  $('share-copy').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText($('share-link').value);
      $('share-copy').textContent = 'Copied';
    } catch {
      $('share-link').select();
      document.execCommand?.('copy');
    }
    setTimeout(() => { $('share-copy').textContent = 'Copy link'; }, 1500);
  });

  // Settings.
  const toggles = { 'set-autoremove': 'autoRemove', 'set-conflicts': 'showConflicts', 'set-highlight': 'highlight', 'set-rules': 'checkRules' };
  for (const [id, key] of Object.entries(toggles)) {
    $(id).checked = settings[key];
    $(id).addEventListener('change', () => { settings[key] = $(id).checked; saveSettings(settings); checkRulesSoon(); draw(); });
  }
  $('set-symbols').addEventListener('change', () => {
    settings.symbols[game.size] = $('set-symbols').value;
    saveSettings(settings);
    draw();
  });

  // The timer runs while the page is seen and the game is being played.
  let last = Date.now();
  setInterval(() => {
    const now = Date.now();
    const dt = now - last;
    last = now;
    if (!game || game.solved || game.setter || ui.paused || document.hidden || ui.explain) return;
    game.elapsed += dt;
    $('timer').textContent = formatTime(game.elapsed);
    if (Math.floor(game.elapsed / 5000) !== Math.floor((game.elapsed - dt) / 5000)) save();
  }, 1000);
  document.addEventListener('visibilitychange', () => { last = Date.now(); save(); });
  window.addEventListener('pagehide', save);
  window.addEventListener('hashchange', () => {
    const g = fromHash(location.hash);
    if (!g) return;
    start(g, 'Puzzle from the link.');
    rate(g);
    history.replaceState(null, '', location.pathname);
  });
}

async function main() {
  applyTheme();
  wire();
  const load = loadParam(location.search);
  const linked = fromHash(location.hash);
  const saved = loadGame();
  const failed = load ? await openLoad(load) : '';
  if (load && !failed) {
    // A variant puzzle from `?load=`: opened.
  } else if (linked) {
    const same = saved && saved.size === linked.size && saved.givens.every((v, i) => v === linked.givens[i]);
    if (same && !linked.entries.some((v) => v)) start(saved, 'Welcome back.');
    else start(linked, 'Puzzle from the link.');
    if (!game.rating) rate(game);
    // From now on the game is kept in the browser: a reload resumes it, not the link.
    history.replaceState(null, '', location.pathname);
  } else if (saved) {
    start(saved, '');
  } else {
    await generate(9, 'easy', 'rot180');
  }
  if (failed) message(failed, 'bad');
  $('board').focus({ preventScroll: true });
  if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js').catch(() => {});
}

// For the tests and the curious: the game in progress.
window.nsudoku = { get game() { return game; }, isGame };

main();
