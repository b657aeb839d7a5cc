// Opening what a player brings: pasted text (a classic grid in any format the command line
// reads, or a variant puzzle: an f-puzzles or SudokuPad link, payload or JSON, our text form)
// and the page's own share links (`#b=3x3&p=…&e=…`). The server judges pasted text
// (/api/v1/check tells a variant by its `constraints`); offline, classic text is read here.

import { post } from './api.js';
import { conflicts, newGame } from './game.js';
import { decodeValues, defaultBox, encodeValues, parseBox, readPuzzle, toRows } from './text.js';
import { readVariant, variantGame } from './variant.js';

/** Reads pasted text into a game: `{game, note}` or `{errors}` (sentences to list). `boxIn`
 *  and `symbols` read classic text. */
export async function openText(text, boxIn, symbols) {
  const fail = (errors) => ({ errors });
  if (!text.trim()) return fail(['Paste a puzzle first.']);
  if (boxIn && !parseBox(boxIn)) return fail([`Boxes: “${boxIn}” is not WxH, such as 3x2.`]);
  const body = { puzzle: text };
  if (boxIn) body.box = boxIn.replace('×', 'x');
  if (symbols) body.symbols = symbols;
  let checked = null;
  try {
    checked = await post('check', body);
  } catch (e) {
    if (e.code !== 'network') return fail([e.message, ...e.errors.map((x) => x.message)]);
  }
  if (checked && checked.status !== 'valid') {
    return fail([...checked.errors.map((x) => x.message), ...(checked.broken || []).map((b) => `${b.cells.join(' ')}: ${b.message}`)]);
  }
  if (checked && checked.constraints !== undefined) {
    let read;
    try {
      read = await readVariant(text);
    } catch (e) {
      return fail([e.message, ...e.errors.map((x) => x.message)]);
    }
    const title = read.title ? `“${read.title}”` : `a ${read.size}×${read.size} variant puzzle`;
    const warnings = read.warnings?.length ? ` Skipped: ${read.warnings.join('; ')}.` : '';
    return { game: variantGame(read, text), note: `Opened ${title}.${warnings}` };
  }
  const read = readPuzzle(text, symbols);
  if (read.error) return fail([read.error]);
  if (checked && (read.size !== checked.size || read.values.filter((v) => v).length !== checked.clues)) {
    return fail(['This layout is read by the server but not by the page: paste it as one line or as rows.']);
  }
  const box = checked ? parseBox(checked.box) : boxIn ? parseBox(boxIn, read.size) : defaultBox(read.size);
  if (!box || box[0] * box[1] !== read.size) return fail([`A ${read.size}×${read.size} grid needs its boxes named (Boxes: WxH).`]);
  const game = newGame({ size: read.size, box, givens: read.values });
  if (!checked && conflicts(game).size) return fail(['Some givens clash.']);
  let note = `Imported a ${read.size}×${read.size} puzzle.`;
  try {
    const res = await post('count', { puzzle: toRows(read.values, read.size), box: `${box[0]}x${box[1]}`, limit: 2, timeout: 10 });
    if (res.count === 0 && res.exact) return fail(['This puzzle has no solution.']);
    if (res.count > 1) note += ' It has more than one solution: hints and explanations need one.';
  } catch {
    note += ' (Not checked for uniqueness: offline.)';
  }
  return { game, note };
}

/** The page's link to a classic game (with the entries so far, when `withPosition`). */
export function shareLink(game, base, withPosition) {
  const params = new URLSearchParams();
  params.set('b', `${game.box[0]}x${game.box[1]}`);
  params.set('p', encodeValues(game.givens, game.size));
  if (withPosition && game.entries.some((v) => v)) params.set('e', encodeValues(game.entries, game.size));
  return `${base}#${params.toString()}`;
}

/** The game a share link carries, or null. */
export function fromHash(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const p = params.get('p');
  if (!p) return null;
  const box = parseBox(params.get('b') || '');
  const size = box ? box[0] * box[1] : Math.round(Math.sqrt(p.length));
  const givens = decodeValues(p, size);
  if (!givens) return null;
  const b = box || defaultBox(size);
  const e = params.get('e');
  const entries = e ? decodeValues(e, size) : null;
  return newGame({ size, box: b, givens, entries });
}
