// Text in and out: the symbols a grid is drawn with, the reader for pasted puzzles (the
// command line's formats: compact lines, separated numbers, drawn grids) and the compact
// strings of share links. The server's /api/v1/check stays the judge of what is valid; this
// reader only turns text it accepted into rows.

export const STANDARD = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const HEX = '0123456789ABCDEF';

/** The symbol of `digit` (1…N) in a display style: `letters` (1–9, A–Z), `hex` (0–F for
 *  16×16) or `numbers` (1…N). Grids past 35 always use numbers. */
export function symbol(digit, size, style) {
  if (digit <= 0) return '';
  if (style === 'hex' && size === 16) return HEX[digit - 1];
  if (style === 'numbers' || size > STANDARD.length) return String(digit);
  return STANDARD[digit - 1];
}

/** The display styles that fit a size. */
export function styles(size) {
  if (size <= 9) return ['letters'];
  if (size > STANDARD.length) return ['numbers'];
  return size === 16 ? ['letters', 'hex', 'numbers'] : ['letters', 'numbers'];
}

/** The digit a key means for a grid of `size` in `style`, or 0. */
export function digitOfKey(key, size, style) {
  if (key.length !== 1) return 0;
  const k = key.toUpperCase();
  const alphabet = style === 'hex' && size === 16 ? HEX : STANDARD;
  const i = alphabet.indexOf(k);
  if (i < 0 || i >= size) return 0;
  if (style === 'numbers' && !/[1-9]/.test(k)) return 0;
  return i + 1;
}

const SEPARATOR = /[\s,;|\-+=\u2500-\u257F]/u;
const SOFT = /[\s,;]/u;

/** The runs of non-separators of a line. */
function tokens(line) {
  const out = [];
  let cur = '';
  for (const ch of line) {
    if (SEPARATOR.test(ch)) {
      if (cur) out.push(cur);
      cur = '';
    } else {
      cur += ch;
    }
  }
  if (cur) out.push(cur);
  return out;
}

/** The values of one line: separated numbers when soft separators part tokens that are all
 *  one character or decimal numbers, else one cell a character. Unknown symbols give NaN. */
function lineCells(line, alphabet) {
  const text = line.trimEnd();
  const toks = tokens(text);
  if (toks.length === 0) return [];
  const first = text.indexOf(toks[0]);
  const soft = SOFT.test(text.slice(first + toks[0].length));
  const simple = toks.every((t) => [...t].length === 1 || /^[0-9]+$/.test(t));
  const numbers = soft && toks.length > 1 && simple;
  const value = (ch) => {
    const i = alphabet.indexOf(ch);
    if (i >= 0) return i + 1;
    if (ch === '.' || ch === '_' || ch === '0') return 0;
    return NaN;
  };
  const cells = [];
  for (const t of toks) {
    if (numbers && t.length > 1) cells.push(parseInt(t, 10));
    else for (const ch of t) cells.push(value(ch));
  }
  return cells;
}

/** Reads one puzzle from pasted text: every cell of every line that is not a comment, in
 *  order. Returns `{size, values}` or `{error}`. */
export function readPuzzle(text, symbols) {
  const alphabet = symbols || STANDARD;
  const values = [];
  for (const raw of text.split(/\r?\n/)) {
    if (raw.trimStart().startsWith('#')) continue;
    values.push(...lineCells(raw, alphabet));
  }
  const size = Math.round(Math.sqrt(values.length));
  if (values.length === 0) return { error: 'no puzzle in the text' };
  if (size * size !== values.length) return { error: `${values.length} cells is not a square grid` };
  if (values.some((v) => !(v >= 0 && v <= size))) return { error: 'a symbol is not a digit of this grid' };
  return { size, values };
}

/** The box shape `[width, height]` for a size: as square as it allows, at least as wide as
 *  tall (the server's rule). */
export function defaultBox(size) {
  let h = 1;
  for (let k = 1; k * k <= size; k++) if (size % k === 0) h = k;
  return [size / h, h];
}

/** Reads `WxH`; null if it is not a shape of `size` (when given). */
export function parseBox(text, size) {
  const m = /^\s*(\d+)\s*[x×]\s*(\d+)\s*$/i.exec(text || '');
  if (!m) return null;
  const box = [parseInt(m[1], 10), parseInt(m[2], 10)];
  if (box[0] < 1 || box[1] < 1) return null;
  if (size !== undefined && box[0] * box[1] !== size) return null;
  return box;
}

/** A grid's values as a compact string: one character a cell up to 35×35 (`.` empty), two
 *  base-36 characters beyond. */
export function encodeValues(values, size) {
  if (size <= STANDARD.length) return values.map((v) => (v ? STANDARD[v - 1] : '.')).join('');
  return values.map((v) => v.toString(36).padStart(2, '0')).join('');
}

/** The inverse of `encodeValues`; null if the string does not fit. */
export function decodeValues(text, size) {
  const n = size * size;
  let out;
  if (size <= STANDARD.length) {
    if ([...text].length !== n) return null;
    out = [...text].map((ch) => (ch === '.' || ch === '0' ? 0 : STANDARD.indexOf(ch.toUpperCase()) + 1));
  } else {
    if (text.length !== 2 * n) return null;
    out = [];
    for (let i = 0; i < n; i++) out.push(parseInt(text.slice(2 * i, 2 * i + 2), 36));
  }
  return out.every((v) => Number.isInteger(v) && v >= 0 && v <= size) ? out : null;
}

/** Rows of a flat array. */
export function toRows(values, size) {
  const rows = [];
  for (let r = 0; r < size; r++) rows.push(values.slice(r * size, r * size + size));
  return rows;
}
