// Playing a 9×9 in the page: a new puzzle from the dialog, digits and pencil marks by keyboard
// and mouse, conflicts, undo and redo, highlights, hints, progress across reloads, solving.

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  api, assertValidSolution, clickCell, drawn, launch, link, open, screenshotDir, waitForPuzzle, withClass,
} from './helpers.js';

// The README's medium puzzle (ER 2.6): its first step is a hidden single.
const CLASSIC = '000801000000456000008020600100080003090000010700203005013000420050000090000302000';
const classicRows = () => Array.from({ length: 9 }, (_, r) => [...CLASSIC.slice(9 * r, 9 * r + 9)].map(Number));

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('a new 9×9 takes digits, pencil marks, undo and redo, and keeps them across a reload', async () => {
  const { context, page, errors } = await open(browser);
  await waitForPuzzle(page, 9); // a first visit generates a puzzle

  // A new puzzle from the dialog.
  const first = await page.getAttribute('#board', 'data-game');
  await page.click('#new');
  await page.selectOption('#new-size', '9');
  await page.selectOption('#new-difficulty', 'easy');
  await page.selectOption('#new-symmetry', 'none');
  await page.click('#new-generate');
  await page.waitForFunction((n) => document.querySelector('#board').dataset.game !== n, first);
  assert.match(await page.textContent('#message'), /New 9×9 puzzle, \d+ clues/);
  assert.equal(await page.locator('#board .cell').count(), 81);
  assert.equal(await page.locator('#board .cell.br').count(), 18, 'two thick right borders a row');
  assert.equal(await page.locator('#board .cell.bb').count(), 18, 'two thick bottom borders a column');
  assert.match(await page.textContent('#rating'), /ER \d\.\d · Easy/);

  const givens = (await drawn(page)).map((t) => Number(t || 0));
  const rows = Array.from({ length: 9 }, (_, r) => givens.slice(9 * r, 9 * r + 9));
  const { grid } = await api('solve', { puzzle: rows });
  const solution = grid.flat();
  const empty = givens.flatMap((v, i) => (v ? [] : [i]));

  // A right digit, typed into the first empty cell after a click.
  const a = empty[0];
  await clickCell(page, a);
  await page.keyboard.press(String(solution[a]));
  const cellA = page.locator('#board .cell').nth(a);
  assert.match(await cellA.getAttribute('class'), /\bentry\b/);
  assert.equal(await cellA.locator('.v').textContent(), String(solution[a]));
  assert.match(await cellA.getAttribute('aria-label'), new RegExp(`: ${solution[a]}$`));

  // Every copy of the selected digit and the places it can still go are highlighted.
  const same = await withClass(page, 'same');
  const copies = (await drawn(page)).flatMap((t, i) => (t === String(solution[a]) ? [i] : []));
  assert.deepEqual(same, copies);
  const canGo = await withClass(page, 'cango');
  assert.ok(canGo.length > 0, 'places for the digit are shown');
  for (const i of canGo) {
    for (const j of copies) {
      assert.notEqual(Math.floor(i / 9), Math.floor(j / 9), `r${i} shares a row with a ${solution[a]}`);
      assert.notEqual(i % 9, j % 9, `c${i} shares a column with a ${solution[a]}`);
    }
  }

  // A clashing digit is shown as a conflict, with the clue it clashes with.
  const b = empty.find((i) => i !== a && givens.slice(Math.floor(i / 9) * 9, Math.floor(i / 9) * 9 + 9).some((v) => v));
  const rowStart = Math.floor(b / 9) * 9;
  const clash = givens.slice(rowStart, rowStart + 9).find((v) => v);
  await clickCell(page, b);
  await page.keyboard.press(String(clash));
  const conflicts = await withClass(page, 'conflict');
  assert.ok(conflicts.includes(b), 'the entry is a conflict');
  assert.ok(conflicts.includes(rowStart + givens.slice(rowStart, rowStart + 9).indexOf(clash)), 'so is the clue');
  await page.keyboard.press('Backspace');
  assert.deepEqual(await withClass(page, 'conflict'), []);

  // Pencil marks: Shift + digit is a corner mark; X then a digit too; the Centre button and a digit.
  const cellB = page.locator('#board .cell').nth(b);
  await page.keyboard.press('Shift+Digit3');
  await page.keyboard.press('x');
  assert.equal(await page.getAttribute('[data-mode="corner"]', 'aria-pressed'), 'true');
  await page.keyboard.press('5');
  assert.deepEqual(await cellB.locator('.marks .m').allTextContents(), ['3', '5']);
  await page.click('[data-mode="centre"]');
  await page.keyboard.press('7');
  assert.equal(await cellB.locator('.centre').textContent(), '7');
  await page.keyboard.press('z');

  // Undo takes back the centre mark, then the corner mark 5; redo brings the 5 back.
  await page.keyboard.press('Control+z');
  assert.equal(await cellB.locator('.centre').count(), 0);
  await page.click('#undo');
  assert.deepEqual(await cellB.locator('.marks .m').allTextContents(), ['3']);
  await page.keyboard.press('Control+y');
  assert.deepEqual(await cellB.locator('.marks .m').allTextContents(), ['3', '5']);

  // Arrows move the selection, which ARIA names.
  await clickCell(page, 0);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.getAttribute('#board', 'aria-activedescendant'), 'cell-2-2');

  // A reload keeps the puzzle, the entry, the marks and the clock.
  await page.waitForFunction(() => document.querySelector('#timer').textContent !== '0:00');
  const before = await drawn(page);
  await page.reload();
  await waitForPuzzle(page, 9);
  assert.deepEqual(await drawn(page), before);
  assert.equal(await page.locator('#board .cell').nth(a).locator('.v').textContent(), String(solution[a]));
  assert.deepEqual(await page.locator('#board .cell').nth(b).locator('.marks .m').allTextContents(), ['3', '5']);
  assert.notEqual(await page.textContent('#timer'), '0:00');
  // …and the undo history: the marks go back one at a time.
  await page.click('#undo');
  assert.deepEqual(await page.locator('#board .cell').nth(b).locator('.marks .m').allTextContents(), ['3']);

  assert.deepEqual(errors, []);
  await context.close();
});

test('a hint shows its step on the grid, and applying it places the digit', async () => {
  const { context, page, errors } = await open(browser, { url: link(classicRows(), '3x3') });
  await waitForPuzzle(page, 9);
  const expected = await api('hint', { puzzle: CLASSIC });
  assert.equal(expected.status, 'hint');
  const [place] = expected.step.placements;
  const target = (place.row - 1) * 9 + place.col - 1;

  await page.click('#hint');
  await page.waitForSelector('#hint-panel:not([hidden])');
  assert.equal((await page.textContent('#hint-title')).toLowerCase().startsWith(expected.step.name.toLowerCase()), true);
  assert.equal(await page.textContent('#hint-text'), expected.step.text);
  assert.ok((await withClass(page, 'hint-target')).includes(target), 'the placement is marked');
  assert.ok((await withClass(page, 'hint-house')).length >= 9, 'the house of the step is shaded');
  const cell = page.locator('#board .cell').nth(target);
  assert.match(await cell.getAttribute('aria-label'), /hint/);
  assert.equal(await cell.locator('.m.place').textContent(), String(place.digit));

  await page.click('#hint-apply');
  assert.equal(await cell.locator('.v').textContent(), String(place.digit));
  assert.equal(await page.isHidden('#hint-panel'), true);

  // A wrong entry is pointed out before any step.
  const solution = (await api('solve', { puzzle: CLASSIC })).grid.flat();
  const wrongAt = [...CLASSIC].findIndex((ch, i) => ch === '0' && i !== target);
  const wrong = solution[wrongAt] === 1 ? 2 : 1;
  await clickCell(page, wrongAt);
  await page.keyboard.press(String(wrong));
  await page.keyboard.press('?');
  await page.waitForFunction(() => /Fix these first/.test(document.querySelector('#message').textContent));
  assert.ok((await withClass(page, 'mistake')).includes(wrongAt));

  assert.deepEqual(errors, []);
  await context.close();
});

test('check marks a wrong entry, and solve fills a valid grid', async () => {
  const { context, page, errors } = await open(browser, { url: link(classicRows(), '3x3') });
  await waitForPuzzle(page, 9);
  const solution = (await api('solve', { puzzle: CLASSIC })).grid.flat();
  const at = [...CLASSIC].findIndex((ch) => ch === '0');
  await clickCell(page, at);
  await page.keyboard.press(String(solution[at] % 9 + 1));
  await page.click('#check');
  await page.waitForFunction(() => /1 wrong entry/.test(document.querySelector('#message').textContent));
  assert.deepEqual(await withClass(page, 'mistake'), [at]);

  await page.click('#solve');
  await page.waitForSelector('#board.solved');
  const digits = (await drawn(page)).map(Number);
  assertValidSolution(digits, 9, [3, 3]);
  assert.deepEqual(digits, solution);
  assert.match(await page.getAttribute('#timer', 'class'), /\bdone\b/);

  assert.deepEqual(errors, []);
  await context.close();
});

test('explain all steps through the solution and draws chains', async () => {
  // An expert puzzle whose explanation has alternating inference chains.
  const expert = '..2.9.6...14....73...4......8..3..64.9127...............6..218..4.7163.....3.....';
  const rows = Array.from({ length: 9 }, (_, r) => [...expert.slice(9 * r, 9 * r + 9)].map((c) => (c === '.' ? 0 : Number(c))));
  const { context, page, errors } = await open(browser, { url: link(rows, '3x3') });
  await waitForPuzzle(page, 9);
  await page.click('#explain');
  await page.waitForSelector('#explain-panel:not([hidden])');
  const first = await page.textContent('#explain-step');
  const total = Number(/Step 1 of (\d+)/.exec(first)?.[1]);
  assert.ok(total > 30, first);
  assert.match(await page.textContent('#explain-summary'), /ER \d+\.\d/);
  assert.ok((await withClass(page, 'hint-target')).length > 0);
  await page.click('#explain-next');
  assert.match(await page.textContent('#explain-step'), /^Step 2 of/);
  await page.keyboard.press('ArrowLeft');
  assert.match(await page.textContent('#explain-step'), /^Step 1 of/);
  await page.keyboard.press('ArrowRight');
  assert.match(await page.textContent('#explain-step'), /^Step 2 of/);

  let k = 2;
  while ((await page.locator('#board svg.chains line.link').count()) === 0 && k < total) {
    await page.click('#explain-next');
    k++;
  }
  assert.ok(k < total, 'a step with a chain was reached');
  assert.match(await page.textContent('#explain-step'), /→/);
  assert.ok((await page.locator('#board svg.chains circle.node').count()) >= 4);
  assert.ok((await page.locator('#board .m.elim').count()) >= 1, 'the elimination is drawn');
  await page.click('#explain-next'); // the second chain: the README's picture
  await page.waitForSelector('#board svg.chains line.link');
  await page.screenshot({ path: path.join(screenshotDir(), 'desktop-explain-chain.png') });

  await page.click('#explain-last');
  assert.match(await page.textContent('#explain-step'), /solved/);
  assert.equal((await drawn(page)).filter((t) => t).length, 81, 'the last board is full');
  await page.keyboard.press('Escape');
  assert.equal(await page.isHidden('#explain-panel'), true);
  assert.ok((await drawn(page)).filter((t) => t === '').length > 40, 'the game is as it was');

  assert.deepEqual(errors, []);
  await context.close();
});

test('setter mode counts solutions as givens are typed', async () => {
  const { context, page, errors } = await open(browser, { url: link(classicRows(), '3x3') });
  await waitForPuzzle(page, 9);
  await page.click('#new');
  await page.selectOption('#new-size', '4');
  await page.click('#new-setter');
  await page.waitForSelector('#setter-bar:not([hidden])');
  assert.equal(await page.locator('#board .cell').count(), 16);
  await page.waitForFunction(() => /10\+ solutions/.test(document.querySelector('#setter-count').textContent));

  // ....42....41....: unique.
  for (const [i, d] of [[4, 4], [5, 2], [10, 4], [11, 1]]) {
    await clickCell(page, i);
    await page.keyboard.press(String(d));
  }
  await page.waitForFunction(() => document.querySelector('#setter-count').dataset.count === 'unique');
  assert.match(await page.textContent('#setter-count'), /4 clues: unique/);
  await page.click('#setter-done');
  await page.waitForSelector('#setter-bar', { state: 'hidden' });
  assert.equal(await page.locator('#board .cell.given').count(), 4);

  assert.deepEqual(errors, []);
  await context.close();
});

test('a share link carries the puzzle and, if asked, the position', async () => {
  const { context, page, errors } = await open(browser, { url: link(classicRows(), '3x3') });
  await waitForPuzzle(page, 9);
  const at = [...CLASSIC].findIndex((ch) => ch === '0');
  await clickCell(page, at);
  await page.keyboard.press('7');
  await page.click('#share');
  const plain = await page.inputValue('#share-link');
  await page.check('#share-position');
  const withPosition = await page.inputValue('#share-link');
  assert.notEqual(plain, withPosition);
  await page.click('#share-dialog button[value="close"]');

  const other = await open(browser, { url: withPosition });
  await waitForPuzzle(other.page, 9);
  const seen = await drawn(other.page);
  assert.equal(seen[at], '7');
  assert.deepEqual(seen.map((t, i) => (i === at ? '0' : t || '0')).join(''), CLASSIC);
  // Once opened, the game is kept in the browser: a reload resumes it rather than the link.
  assert.equal(new URL(other.page.url()).hash, '');
  const next = [...CLASSIC].findIndex((ch, i) => ch === '0' && i !== at);
  await clickCell(other.page, next);
  await other.page.keyboard.press('3');
  await other.page.reload();
  await waitForPuzzle(other.page, 9);
  assert.deepEqual([(await drawn(other.page))[at], (await drawn(other.page))[next]], ['7', '3']);
  const fresh = await open(browser, { url: plain });
  await waitForPuzzle(fresh.page, 9);
  assert.equal((await drawn(fresh.page))[at], '');

  assert.deepEqual([...errors, ...other.errors, ...fresh.errors], []);
  await Promise.all([context.close(), other.context.close(), fresh.context.close()]);
});
