// How the page looks and where it works: screenshots at desktop and phone widths in light and
// dark (written to target/e2e-screenshots/ to be looked at), nothing wider than the screen, a
// 25×25 drawn, and play offline once the service worker has the page.

import assert from 'node:assert/strict';
import path from 'node:path';
import fs from 'node:fs';
import { after, before, test } from 'node:test';
import { BASE, clickCell, launch, link, open, screenshotDir, waitForPuzzle, withClass } from './helpers.js';

const CLASSIC = '000801000000456000008020600100080003090000010700203005013000420050000090000302000';
const rows = Array.from({ length: 9 }, (_, r) => [...CLASSIC.slice(9 * r, 9 * r + 9)].map(Number));

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const VIEWS = [
  { name: 'desktop-light', width: 1280, height: 800, colorScheme: 'light' },
  { name: 'desktop-dark', width: 1280, height: 800, colorScheme: 'dark' },
  { name: 'phone-light', width: 390, height: 844, colorScheme: 'light' },
  { name: 'phone-dark', width: 390, height: 844, colorScheme: 'dark' },
];

for (const view of VIEWS) {
  test(`screenshot ${view.name}: the grid fits, a hint is drawn`, async () => {
    const { context, page, errors } = await open(browser, { ...view, url: link(rows, '3x3') });
    await waitForPuzzle(page, 9);
    // A game in progress: entries, marks, a colour, then a hint.
    await clickCell(page, 0);
    await page.keyboard.press('6');
    await page.click('#fill');
    await clickCell(page, 2);
    await page.click('[data-mode="colour"]');
    await page.keyboard.press('4');
    assert.match(await page.locator('#board .cell').nth(2).getAttribute('class'), /\bcol4\b/);
    // A candidate coloured by a click on it, in candidate colouring.
    await page.click('[data-target="candidate"]');
    const mark = page.locator('#board .cell').nth(1).locator('.m').first();
    await mark.click();
    assert.match(await mark.getAttribute('class'), /\bcc4\b/);
    await page.click('[data-target="cell"]');
    await page.click('[data-mode="normal"]');
    await clickCell(page, 13);
    await page.click('#hint');
    await page.waitForSelector('#hint-panel:not([hidden])');
    assert.ok((await withClass(page, 'hint-target')).length > 0);

    const size = await page.evaluate(() => {
      const board = document.querySelector('#board').getBoundingClientRect();
      return {
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
        board: [board.left, board.right, board.top, board.bottom],
        cell: document.querySelector('#board .cell').getBoundingClientRect().width,
      };
    });
    assert.ok(size.scrollWidth <= size.innerWidth, `nothing wider than the screen (${size.scrollWidth} > ${size.innerWidth})`);
    assert.ok(size.board[0] >= 0 && size.board[1] <= size.innerWidth, 'the board fits the width');
    assert.ok(size.cell >= 36, `cells are large enough to touch (${size.cell}px)`);
    if (view.width >= 1000) assert.ok(size.board[3] <= view.height, 'the whole board shows on a desktop screen');

    const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const lum = dark.match(/\d+/g).slice(0, 3).reduce((a, b) => a + Number(b), 0) / 3;
    assert.ok(view.colorScheme === 'dark' ? lum < 60 : lum > 200, `background ${dark} for ${view.colorScheme}`);

    const file = path.join(screenshotDir(), `${view.name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    assert.ok(fs.statSync(file).size > 10_000);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a 25×25 is drawn legibly on a desktop screen', async () => {
  const { context, page, errors } = await open(browser, { url: link(rows, '3x3') });
  await waitForPuzzle(page, 9);
  await page.click('#new');
  await page.selectOption('#new-size', '25');
  await page.selectOption('#new-difficulty', '');
  await page.click('#new-generate');
  await waitForPuzzle(page, 25);
  assert.equal(await page.locator('#board .cell').count(), 625);
  assert.equal(await page.locator('#board .cell.br').count(), 25 * 4);
  const font = await page.$eval('#board .cell.given .v', (el) => parseFloat(getComputedStyle(el).fontSize));
  assert.ok(font >= 12, `digits of ${font}px`);
  // Letters for 10 and more: P is 25.
  const symbols = new Set(await page.$$eval('#board .cell.given .v', (els) => els.map((e) => e.textContent)));
  assert.ok(symbols.has('P') && symbols.has('9'));
  await page.screenshot({ path: path.join(screenshotDir(), 'desktop-25x25.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('once visited, the page and the game load offline', async () => {
  const { context, page, errors } = await open(browser, { url: link(rows, '3x3'), serviceWorkers: 'allow' });
  await waitForPuzzle(page, 9);
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  // The worker controls the page after a reload.
  await page.reload();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  await clickCell(page, 0);
  await page.keyboard.press('6');

  await context.setOffline(true);
  await page.goto(new URL('/', BASE).href);
  await waitForPuzzle(page, 9);
  const first = await page.locator('#board .cell').nth(0).locator('.v').textContent();
  assert.equal(first, '6', 'the game in progress is there');
  // Hints need the server: the page says so.
  await page.click('#hint');
  await page.waitForFunction(() => /needs the server/.test(document.querySelector('#message').textContent));
  // Checking works offline with the page's own solver.
  await page.click('#check');
  await page.waitForFunction(() => /wrong entr|No mistakes/.test(document.querySelector('#message').textContent));
  await context.setOffline(false);
  assert.deepEqual(errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(e)), []);
  await context.close();
});

test('the page is installable: a manifest whose icons load, a service worker', async () => {
  const { context, page, errors } = await open(browser, { url: link(rows, '3x3'), serviceWorkers: 'allow' });
  const manifest = await page.evaluate(async () => {
    const href = document.querySelector('link[rel="manifest"]').href;
    const m = await (await fetch(href)).json();
    const icons = await Promise.all(m.icons.map(async (i) => [i.sizes, (await fetch(i.src)).status]));
    return { ...m, loaded: icons };
  });
  assert.equal(manifest.start_url, '/');
  assert.equal(manifest.display, 'standalone');
  assert.deepEqual(manifest.loaded, [['any', 200], ['192x192', 200], ['512x512', 200]]);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  assert.equal(scope, new URL('/', BASE).href);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the theme button switches to light and dark, and is remembered', async () => {
  const { context, page, errors } = await open(browser, { url: link(rows, '3x3'), colorScheme: 'light' });
  await waitForPuzzle(page, 9);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();
  await page.click('#theme'); // automatic → light
  assert.equal(await page.getAttribute('html', 'data-theme'), 'light');
  await page.click('#theme'); // light → dark
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  assert.equal(await page.getAttribute('#theme', 'aria-label'), 'Theme: dark');
  const dark = await background();
  assert.notEqual(dark, light);
  await page.reload();
  await waitForPuzzle(page, 9);
  assert.equal(await background(), dark);
  assert.deepEqual(errors, []);
  await context.close();
});
