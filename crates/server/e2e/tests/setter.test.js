// Setter mode's tools: after each count the page shows what the server says of the puzzle. A
// setter takes away a given the page marks as redundant (the puzzle stays unique), then makes
// a puzzle with two solutions, sees where they differ and gives the digit the page offers.

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { api, clickCell, launch, open, screenshotDir, waitForPuzzle, withClass } from './helpers.js';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** The setter's 4×4 givens, row-major. */
const givensOf = (page) => page.$$eval('#board .cell', (cells) => cells.map((c) => (c.classList.contains('given') ? Number(c.querySelector('.v').textContent) : 0)));

/** Waits for the count and the report of the puzzle as it now is. */
async function settled(page, count) {
  await page.waitForFunction((c) => document.querySelector('#setter-count').dataset.count === c, count);
  await page.waitForSelector('#setter-report:not(:empty)');
}

test('a setter takes away a redundant given and fixes a puzzle with two solutions', async () => {
  const { context, page, errors } = await open(browser);
  await waitForPuzzle(page, 9);
  await page.click('#new');
  await page.selectOption('#new-size', '4');
  await page.click('#new-setter');
  await page.waitForSelector('#setter-bar:not([hidden])');

  // 3...42....41....: unique, and r1c1 follows from the other four.
  for (const [i, d] of [[0, 3], [4, 4], [5, 2], [10, 4], [11, 1]]) {
    await clickCell(page, i);
    await page.keyboard.press(String(d));
  }
  await settled(page, 'unique');
  assert.match(await page.textContent('#setter-report'), /Can go, each alone/);
  assert.deepEqual(await withClass(page, 'redundant'), [0], 'r1c1 is marked');
  // The page's verdict, checked by the API: without r1c1 the puzzle is still unique.
  const before = await givensOf(page);
  const { count } = await api('count', { puzzle: [0, ...before.slice(1)].map(String).join(''), limit: 2 });
  assert.equal(count, 1);
  await page.screenshot({ path: path.join(screenshotDir(), 'setter-redundant.png') });
  await page.click('#setter-report button[aria-label="Remove r1c1 = 3"]');
  await settled(page, 'unique');
  assert.deepEqual(await givensOf(page), [0, ...before.slice(1)]);
  assert.match(await page.textContent('#setter-count'), /4 clues: unique/);
  assert.match(await page.textContent('#setter-report'), /Every clue is needed/);

  // r1c1 = 3 again and r2c1 away: 3....2....41...., two solutions.
  await clickCell(page, 0);
  await page.keyboard.press('3');
  await clickCell(page, 4);
  await page.keyboard.press('Delete');
  await settled(page, '2');
  const differ = await withClass(page, 'differ');
  assert.ok(differ.length >= 2, `the cells where the two solutions differ: ${differ}`);
  const alternatives = await page.$$eval('#board .cell.differ .alt', (spans) => spans.map((s) => s.textContent));
  assert.equal(alternatives.length, differ.length);
  assert.ok(alternatives.every((t) => /^\d \| \d$/.test(t)), alternatives.join(', '));
  await page.screenshot({ path: path.join(screenshotDir(), 'setter-fixes.png') });
  // The first digit offered makes the puzzle unique; it is given in a cell marked as differing
  // or elsewhere, and the count says so.
  const fix = page.locator('#setter-report button.fix').first();
  const label = await fix.getAttribute('aria-label');
  const found = label.match(/^Give (\d) in (r\dc\d): unique$/);
  assert.ok(found, label);
  const [, digit, cell] = found;
  await fix.click();
  await settled(page, 'unique');
  const [r, c] = cell.slice(1).split('c').map(Number);
  assert.equal((await givensOf(page))[(r - 1) * 4 + c - 1], Number(digit));
  assert.equal(await page.locator('#board .cell.differ').count(), 0, 'no cell differs any more');

  assert.deepEqual(errors, []);
  await context.close();
});
