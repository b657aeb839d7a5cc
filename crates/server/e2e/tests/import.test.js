// Importing puzzles by pasting text: a 16×16 in hex, a 6×6 with 3×2 boxes written as a drawn
// grid, and a puzzle with errors, which are listed with their places.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api, drawn, launch, open, waitForPuzzle } from './helpers.js';

const HEX = '0123456789ABCDEF';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function importText(page, text, { box = '', symbols = '' } = {}) {
  await page.click('#import');
  await page.fill('#import-text', text);
  await page.fill('#import-box', box);
  await page.selectOption('#import-symbols', symbols);
  await page.click('#import-go');
}

test('a 16×16 pasted in hex is drawn with 4×4 boxes and hex symbols', async () => {
  const generated = await api('generate', { size: 16, seed: 5 });
  const rows = generated.puzzle;
  const text = rows.map((row) => row.map((v) => (v ? HEX[v - 1] : '.')).join('')).join('\n');
  const { context, page, errors } = await open(browser);
  await waitForPuzzle(page, 9);
  await importText(page, text, { symbols: HEX });
  await page.waitForSelector('#import-dialog', { state: 'hidden' });
  await waitForPuzzle(page, 16);

  assert.equal(await page.locator('#board .cell').count(), 256);
  assert.equal(await page.getAttribute('#board', 'data-box'), '4x4');
  assert.equal(await page.locator('#board .cell.br').count(), 16 * 3, 'three thick right borders a row');
  assert.equal(await page.locator('#board .cell.bb').count(), 16 * 3, 'three thick bottom borders a column');
  assert.equal(await page.locator('#board .cell.given').count(), generated.clues);
  assert.equal(await page.textContent('#shape'), '16×16');
  const expected = rows.flat().map((v) => (v ? HEX[v - 1] : ''));
  assert.deepEqual(await drawn(page), expected);

  // The same grid in numbers: 16 is written 16.
  await page.click('.settings summary');
  await page.selectOption('#set-symbols', 'numbers');
  assert.deepEqual(await drawn(page), rows.flat().map((v) => (v ? String(v) : '')));

  // Two keys make 12 in numbers.
  const empty = rows.flat().findIndex((v) => !v);
  await page.locator('#board .cell').nth(empty).click();
  await page.keyboard.press('1');
  await page.keyboard.press('2');
  assert.equal(await page.locator('#board .cell').nth(empty).locator('.v').textContent(), '12');
  await page.click('#undo');
  assert.equal(await page.locator('#board .cell').nth(empty).locator('.v').count(), 0, 'one undo takes back both keys');

  assert.deepEqual(errors, []);
  await context.close();
});

test('a 6×6 pasted as a drawn grid with 3×2 boxes is drawn with its box borders', async () => {
  const generated = await api('generate', { size: 6, seed: 3 });
  assert.equal(generated.box, '3x2');
  const rows = generated.puzzle;
  const rule = '------+-------';
  const lines = [];
  rows.forEach((row, r) => {
    if (r && r % 2 === 0) lines.push(rule);
    const cells = row.map((v) => (v ? String(v) : '.'));
    lines.push(`${cells.slice(0, 3).join(' ')} | ${cells.slice(3).join(' ')}`);
  });
  const { context, page, errors } = await open(browser);
  await waitForPuzzle(page, 9);
  await importText(page, lines.join('\n'), { box: '3x2' });
  await page.waitForSelector('#import-dialog', { state: 'hidden' });
  await waitForPuzzle(page, 6);

  assert.equal(await page.locator('#board .cell').count(), 36);
  assert.equal(await page.getAttribute('#board', 'data-box'), '3x2');
  // A thick line after column 3 in every row, and after rows 2 and 4.
  const right = await page.$$eval('#board .cell.br', (cells) => cells.map((c) => Number(c.dataset.col)));
  assert.deepEqual([...new Set(right)], [3]);
  assert.equal(right.length, 6);
  const bottom = await page.$$eval('#board .cell.bb', (cells) => cells.map((c) => Number(c.dataset.row)));
  assert.deepEqual([...new Set(bottom)].sort(), [2, 4]);
  assert.equal(bottom.length, 12);
  assert.deepEqual(await drawn(page), rows.flat().map((v) => (v ? String(v) : '')));
  assert.match(await page.textContent('#shape'), /6×6 \(3×2\)/);

  // Candidates are laid out like a box: three columns, two rows.
  await page.click('#fill');
  const empty = rows.flat().findIndex((v) => !v);
  const marks = page.locator('#board .cell').nth(empty).locator('.marks');
  const columns = await marks.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
  const tracks = await marks.evaluate((el) => getComputedStyle(el).gridTemplateRows.split(' ').length);
  assert.deepEqual([columns, tracks], [3, 2]);
  assert.ok((await marks.locator('.m').count()) >= 1);

  // The page's rating arrives from the server.
  await page.waitForFunction(() => /ER \d/.test(document.querySelector('#rating').textContent));

  assert.deepEqual(errors, []);
  await context.close();
});

test('an invalid puzzle is not imported; its errors are listed with their places', async () => {
  const { context, page, errors } = await open(browser);
  await waitForPuzzle(page, 9);
  const before = await drawn(page);
  await importText(page, '55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79');
  await page.waitForSelector('#import-errors li');
  const listed = await page.locator('#import-errors li').allTextContents();
  assert.ok(listed.includes('duplicate 5 in row 1: r1c1 and r1c2'), listed.join('; '));
  assert.equal(await page.isVisible('#import-dialog'), true);

  await page.fill('#import-text', '12x4');
  await page.click('#import-go');
  await page.waitForFunction(() => /bad symbol 'x'/.test(document.querySelector('#import-errors').textContent));
  await page.click('#import-dialog button[value="cancel"]');
  assert.deepEqual(await drawn(page), before);

  assert.deepEqual(errors, []);
  await context.close();
});
