// Variant puzzles in the page: dev puzzles of many kinds opened by `/?load=<payload>` are
// drawn with one SVG group per constraint the server reads (/api/v1/read), each with the
// shapes of its kind; a move that breaks a killer cage is marked by Check; Import takes a
// SudokuPad link, a link an `scl…` payload and a dropped file; Share offers the f-puzzles and
// SudokuPad links and the text form; a killer set in setter mode until it is unique reads
// back through the command line. The puzzles are the core's test data
// (crates/core/tests/data/variants/: dev.jsonl, CC BY 4.0; sudokupad.jsonl, MIT; sources
// there).

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { api, clickCell, launch, open, screenshotDir } from './helpers.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const DEV = fs.readFileSync(path.resolve(here, '../../../core/tests/data/variants/dev.jsonl'), 'utf8')
  .trim().split('\n').map((line) => JSON.parse(line));
const byName = (name) => DEV.find((d) => d.name === name);

// Ten kinds: cages, thermometers, arrows, lines of every colour, dots, XV, clues outside the
// grid (little killers, x-sums, skyscrapers on a 6×6), quadruples, parity, irregular regions.
const PICKS = [
  'October 10, 2023: Killer',
  'The Initials',
  'November 13, 2023: Arrow',
  "Sept. 5, '23: Renban Whispers",
  'August 3: XV / Kropki Pairs',
  'Aug 12, 2022: Lockout Lines',
  'Modular Nabner DA Coverage',
  'April 1, 2022: Skyscrapers',
  'July 4, 2023: X-Sums Sudoku',
  'Aug 9, 2022: Irregular Sudoku',
  'Exclusive Singularity',
];

// What each kind draws inside its group, at least.
const SHAPES = {
  killer: 'path.cage',
  thermo: 'circle.bulb',
  arrow: '.bulb',
  difference: 'circle.dot.white',
  ratio: 'circle.dot.black',
  xv: 'text',
  littlekiller: 'text.clue',
  // Clues beside the grid told apart: an X-sum in a circle, a skyscraper in a square, a
  // sandwich plain (below).
  xsum: 'circle.frame',
  skyscraper: 'rect.frame',
  quadruple: 'circle.quad',
  even: 'rect.parity',
  odd: 'circle.parity',
  lockout: 'path.end',
  between: 'circle.end',
};
const GLOBAL = new Set(['antiknight', 'antiking', 'nonconsecutive', 'disjoint', 'chess', 'taxicab', 'negative-difference', 'negative-ratio', 'negative-xv']);

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Opens `payload` by link and waits until its constraints are drawn. */
async function load(page, payload, count) {
  await page.goto(new URL(`/?load=${encodeURIComponent(payload)}`, process.env.NSUDOKU_URL).href);
  await page.waitForFunction(([p, n]) => window.nsudoku?.game?.variant?.source === p
    && document.querySelectorAll('#board svg.variant g.vc').length === n, [payload, count]);
}

test('ten kinds of dev puzzles opened by link draw every constraint the server reads', async () => {
  const { context, page, errors } = await open(browser);
  for (const name of PICKS) {
    const dev = byName(name);
    assert.ok(dev, name);
    const read = await api('read', { puzzle: dev.fpuzzles });
    const drawnKinds = read.constraints.filter((c) => !GLOBAL.has(c.kind));
    await load(page, dev.fpuzzles, drawnKinds.length);

    // One group a constraint, of its kind, in the server's order.
    const groups = await page.$$eval('#board svg.variant g.vc', (gs) => gs.map((g) => ({ k: Number(g.dataset.k), kind: g.dataset.kind })));
    for (const g of groups) assert.equal(g.kind, read.constraints[g.k].kind, `${name}: constraint ${g.k}`);
    assert.equal(new Set(groups.map((g) => g.k)).size, drawnKinds.length, name);
    // Each group holds the shapes of its kind; lines go through every cell; totals are written.
    const details = await page.$$eval('#board svg.variant g.vc', (gs, shapes) => gs.map((g) => ({
      k: Number(g.dataset.k),
      shape: shapes[g.dataset.kind] ? g.querySelectorAll(shapes[g.dataset.kind]).length : 1,
      points: g.querySelector('polyline.line')?.getAttribute('points').trim().split(/\s+/).length ?? null,
      text: [...g.querySelectorAll('text')].map((t) => t.textContent).join(' '),
    })), SHAPES);
    for (const d of details) {
      const c = read.constraints[d.k];
      assert.ok(d.shape >= 1, `${name}: ${c.kind} ${d.k} drawn without its shape`);
      if (d.points !== null) assert.equal(d.points, c.cells.length, `${name}: ${c.kind} ${d.k} through each cell`);
      if (['killer', 'littlekiller', 'xsum', 'skyscraper', 'sandwich'].includes(c.kind) && c.value !== undefined) {
        assert.equal(d.text, String(c.value), `${name}: ${c.kind} ${d.k}`);
      }
    }
    // Irregular regions: a thick border wherever two neighbours are in different regions.
    const regions = read.regions.flat();
    const n = read.size;
    let right = 0;
    for (let i = 0; i < n * n; i++) if (i % n < n - 1 && regions[i] !== regions[i + 1]) right++;
    assert.equal(await page.locator('#board .cell.br').count(), right, `${name}: region borders`);
    if (read.title) assert.equal(await page.textContent('#puzzle-title'), read.title);
    if (name === 'The Initials') {
      await page.locator('.board-wrap').screenshot({ path: path.join(screenshotDir(), 'variant-initials.png') });
    }
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('a digit that breaks a killer cage is marked by Check (or as one plays), and cleared by undo', async () => {
  const dev = byName('October 10, 2023: Killer');
  const read = await api('read', { puzzle: dev.fpuzzles });
  const { context, page, errors } = await open(browser, { width: 390, height: 844, colorScheme: 'dark', url: `/?load=${encodeURIComponent(dev.fpuzzles)}` });
  await page.waitForFunction((n) => document.querySelectorAll('#board svg.variant g.vc').length === n, read.constraints.length);
  // The cage with the smallest total takes a 9: over its total.
  const k = read.constraints.reduce((best, c, i) => (c.kind === 'killer' && c.value < read.constraints[best].value ? i : best), 0);
  const [r, c] = read.constraints[k].cells[0];
  await clickCell(page, (r - 1) * read.size + c - 1);
  await page.keyboard.press('9');
  await page.click('#check');
  await page.waitForSelector('#board svg.variant g.vc.broken', { state: 'attached', timeout: 5000 }).catch(async () => assert.fail(await page.textContent('#message')));
  const broken = await page.$$eval('#board svg.variant g.vc.broken', (gs) => gs.map((g) => Number(g.dataset.k)));
  assert.ok(broken.includes(k), `cage ${k} marked, not ${broken}`);
  assert.ok(await page.locator('#board .cell.conflict').count() >= 1, 'its cells are marked');
  assert.match(await page.textContent('#message'), /killer/);
  await page.screenshot({ path: path.join(screenshotDir(), 'variant-killer-broken-phone-dark.png') });
  await page.click('#undo');
  assert.equal(await page.locator('#board svg.variant g.vc.broken').count(), 0);
  // Hints and explanations take variant puzzles too (tests/hints.test.js).
  assert.ok(await page.isEnabled('#hint'));

  // Checking as one plays marks it without Check.
  await page.click('.settings summary');
  await page.check('#set-rules');
  await clickCell(page, (r - 1) * read.size + c - 1);
  await page.keyboard.press('9');
  await page.waitForSelector(`#board svg.variant g.vc.broken[data-k="${k}"]`, { state: 'attached' });

  // A reload resumes the game, drawn.
  await page.reload();
  await page.waitForFunction((n) => document.querySelectorAll('#board svg.variant g.vc').length === n, read.constraints.length);
  assert.equal(await page.locator('#board .cell.entry').count(), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Import takes a SudokuPad link, Share offers the puzzle in f-puzzles, SudokuPad, ISS and text, an scl payload opens by link, a dropped file opens', async () => {
  const dev = byName('November 13, 2023: Arrow');
  const read = await api('read', { puzzle: dev.fpuzzles });
  const { context, page, errors } = await open(browser, { url: '/#b=3x3&p=' + '.'.repeat(80) + '1' });
  await page.click('#import');
  await page.fill('#import-text', read.sudokupad);
  await page.click('#import-go');
  await page.waitForSelector('#import-dialog', { state: 'hidden' });
  await page.waitForFunction((n) => document.querySelectorAll('#board svg.variant g.vc[data-kind="arrow"]').length === n, read.constraints.length);
  assert.equal(await page.textContent('#puzzle-title'), read.title);
  await page.click('#share');
  assert.equal(await page.getAttribute('#share-fpuzzles', 'href'), read.fpuzzles);
  assert.equal(await page.getAttribute('#share-sudokupad', 'href'), read.sudokupad);
  assert.equal(await page.getAttribute('#share-iss', 'href'), read.iss);
  assert.match(read.iss, /^https:\/\/sigh\.github\.io\/Interactive-Sudoku-Solver\/\?q=\./);
  // The page's own link opens the same puzzle.
  const link = await page.inputValue('#share-link');
  assert.match(link, /\?load=/);
  const again = await api('read', { puzzle: decodeURIComponent(link.slice(link.indexOf('load=') + 5)) });
  assert.deepEqual(again.constraints, read.constraints);
  assert.equal(await page.inputValue('#share-text'), read.text);
  await page.click('#share-dialog button[value="close"]');

  // The ISS link opens the same puzzle here too, and so does a killer line of the forums.
  await load(page, read.iss, read.constraints.filter((c) => !GLOBAL.has(c.kind)).length);
  const killer = 'G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^';
  await load(page, killer, 24);
  // Import takes an ISS string over several lines, as ISS's files hold one, and names the ISS
  // constraint nsudoku lacks.
  await page.click('#import');
  await page.fill('#import-text', '.Shape~4x4\n.Thermo~R1C1~R1C2~R1C3~R1C4\n.Lunchbox~5~R3C1~R3C2\n');
  await page.click('#import-go');
  await page.waitForFunction(() => document.querySelector('#import-errors').textContent.includes('Lunchbox'));
  await page.fill('#import-text', '.Shape~4x4\n.Thermo~R1C1~R1C2~R1C3~R1C4\n.Cage~5~R3C1~R3C2\n');
  await page.click('#import-go');
  await page.waitForSelector('#import-dialog', { state: 'hidden' });
  await page.waitForFunction(() => window.nsudoku.game?.size === 4
    && document.querySelectorAll('#board svg.variant g.vc').length === 2);

  // A SudokuPad `scl…` payload opens by link too; what its reader skips is said.
  const fish = fs.readFileSync(path.resolve(here, '../../../core/tests/data/variants/sudokupad.jsonl'), 'utf8')
    .trim().split('\n').map((line) => JSON.parse(line)).find((d) => d.name === 'Parity Fish');
  const fishRead = await api('read', { puzzle: fish.payload });
  await load(page, fish.payload, fishRead.constraints.filter((c) => !GLOBAL.has(c.kind)).length);
  assert.equal(await page.textContent('#puzzle-title'), 'Parity Fish');
  assert.match(await page.textContent('#message'), /Skipped: .*background image/);

  // A file dropped on the page opens as if pasted: here the text form, whose cells limited to
  // some digits start with them as corner marks.
  const dropped = '....\n....\n....\n....\ncandidates 1 2 r1c1-2\nthermo r4c1-4\n';
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.items.add(new File([text], 'puzzle.txt', { type: 'text/plain' }));
    document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, dropped);
  await page.waitForFunction((p) => window.nsudoku.game?.variant?.source === p, dropped);
  assert.equal(await page.locator('#board svg.variant g.vc[data-kind="thermo"]').count(), 1);
  assert.deepEqual(await page.evaluate(() => window.nsudoku.game.corner.slice(0, 3)), [[1, 2], [1, 2], []]);

  // A link whose puzzle cannot be read says so.
  await page.goto(new URL('/?load=not-a-puzzle', process.env.NSUDOKU_URL).href);
  await page.waitForFunction(() => /cannot be opened/.test(document.querySelector('#message').textContent));
  assert.deepEqual(errors, []);
  await context.close();
});

/** Drags the pointer through cells (0-based indices), centre to centre. */
async function drag(page, cells) {
  const centre = async (i) => {
    const box = await page.locator('#board .cell').nth(i).boundingBox();
    return [box.x + box.width / 2, box.y + box.height / 2];
  };
  const [x, y] = await centre(cells[0]);
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (const i of cells.slice(1)) {
    const [cx, cy] = await centre(i);
    await page.mouse.move(cx, cy, { steps: 3 });
  }
  await page.mouse.up();
}

test('a small killer set from an empty grid until the count says unique (true candidates on the way) reads back through the command line', async () => {
  const { context, page, errors } = await open(browser, { url: `/#b=2x2&p=${'.'.repeat(15)}1` });
  await page.click('#new');
  await page.selectOption('#new-size', '4');
  await page.click('#new-setter');
  await page.waitForSelector('#setter-bar:not([hidden])');
  // Four cages, each dragged with its total typed first: two solutions are left.
  const cages = [['3', [0, 1]], ['5', [4, 8]], ['5', [5, 6]], ['4', [11, 15]]];
  await page.selectOption('#setter-kind', 'killer');
  for (const [k, [total, cells]] of cages.entries()) {
    await page.fill('#setter-total', total);
    await drag(page, cells);
    await page.waitForFunction((n) => document.querySelectorAll('#board svg.variant g.vc[data-kind="killer"]').length === n, k + 1);
  }
  await page.waitForSelector('#setter-count[data-count="2"]');
  // A thermometer drawn, then taken back by selecting one of its cells.
  await page.selectOption('#setter-kind', 'thermo');
  await drag(page, [9, 10]);
  await page.waitForSelector('#board svg.variant g.vc[data-kind="thermo"]', { state: 'attached' });
  await clickCell(page, 10);
  await page.click('#setter-remove');
  await page.waitForFunction(() => !document.querySelector('#board svg.variant g.vc[data-kind="thermo"]'));
  assert.equal(await page.locator('#board svg.variant g.vc[data-kind="killer"]').count(), 4, 'the cages stay');
  await page.waitForSelector('#setter-count[data-count="2"]');
  // The true candidates on request: the server's, as corner marks.
  await page.click('#setter-candidates');
  await page.waitForFunction(() => window.nsudoku.game.corner.some((m) => m.length > 1));
  const truth = await api('candidates', { puzzle: await page.evaluate(() => window.nsudoku.game.variant.text) });
  assert.equal(truth.status, 'done');
  assert.deepEqual(await page.evaluate(() => window.nsudoku.game.corner), truth.candidates.flat());
  // A given makes it unique.
  await page.selectOption('#setter-kind', '');
  await clickCell(page, 9);
  await page.keyboard.press('1');
  await page.waitForSelector('#setter-count[data-count="unique"]');
  await page.screenshot({ path: path.join(screenshotDir(), 'variant-setter.png') });
  const text = await page.evaluate(() => window.nsudoku.game.variant.text);
  const counted = await api('count', { puzzle: text, limit: 2 });
  assert.equal(counted.count, 1, `the server counts one solution of ${text}`);

  // Exported as an f-puzzles link, the command line reads the same puzzle back.
  await page.click('#share');
  const link = await page.getAttribute('#share-fpuzzles', 'href');
  assert.match(link, /^https:\/\/f-puzzles\.com\/\?load=/);
  const bin = process.env.NSUDOKU_BIN || path.resolve(here, '../../../../target/debug/nsudoku');
  const back = execFileSync(bin, ['convert', '--to', 'text'], { input: `${link}\n` }).toString();
  assert.equal(back.trim(), text.trim());
  const solved = execFileSync(bin, ['solve'], { input: `${link}\n` }).toString();
  assert.equal(solved.trim().length, 16);
  await page.click('#share-dialog button[value="close"]');

  // Played: the cages are drawn, the setter's bar is gone.
  await page.click('#setter-done');
  await page.waitForSelector('#setter-bar', { state: 'hidden' });
  assert.equal(await page.locator('#board svg.variant g.vc[data-kind="killer"]').count(), 4);
  assert.deepEqual(errors, []);
  await context.close();
});

/** Clicks the board's margin beside cell `i` (0-based), on `side`. */
async function clickBeside(page, i, side) {
  const box = await page.locator('#board .cell').nth(i).boundingBox();
  const off = box.width * 0.5 + 4;
  const [x, y] = { top: [0, -1], bottom: [0, 1], left: [-1, 0], right: [1, 0] }[side];
  await page.mouse.click(box.x + box.width / 2 + x * (box.width / 2 + off), box.y + box.height / 2 + y * (box.height / 2 + off));
}

test('irregular regions and clues outside the grid set in the page read back through the command line', async () => {
  // Tall enough that the whole board, with its margin for clues, is on screen under the bar.
  const { context, page, errors } = await open(browser, { url: `/#b=2x2&p=${'.'.repeat(15)}1`, height: 1100 });
  await page.click('#new');
  await page.selectOption('#new-size', '4');
  await page.click('#new-setter');
  await page.waitForSelector('#setter-bar:not([hidden])');
  // Regions by dragging (once the count is shown: the bar's height is then settled): a wrong
  // one is refused and said why; the fourth completes itself.
  await page.waitForSelector('#setter-count[data-count]');
  await page.selectOption('#setter-kind', 'region');
  await drag(page, [12, 13, 14]);
  await page.waitForFunction(() => /A region has 4 cells: these are 3/.test(document.querySelector('#message').textContent));
  await drag(page, [0, 1, 4, 8]);
  await page.waitForFunction(() => /1 of 4 regions drawn/.test(document.querySelector('#board').getAttribute('aria-label')));
  for (const cells of [[2, 3, 7, 11], [5, 6, 10, 9]]) await drag(page, cells);
  await page.waitForFunction(() => window.nsudoku.game.regions && /regions are whole/.test(document.querySelector('#message').textContent));
  assert.deepEqual(await page.evaluate(() => window.nsudoku.game.regions), [1, 1, 2, 2, 1, 3, 3, 2, 1, 3, 3, 2, 4, 4, 4, 4]);
  assert.equal(await page.getAttribute('#cell-2-1', 'data-edges'), 'br', 'the region borders are drawn');
  // A little killer and a skyscraper by a click beside the grid, a sandwich from the keyboard
  // (the cell at the edge selected, the total typed, Enter).
  await page.selectOption('#setter-kind', 'littlekiller-dl');
  await page.fill('#setter-total', '6');
  await clickBeside(page, 2, 'top');
  await page.waitForSelector('#board svg.variant g.vc[data-kind="littlekiller"]', { state: 'attached' });
  await page.selectOption('#setter-kind', 'skyscraper');
  await page.fill('#setter-total', '3');
  await clickBeside(page, 12, 'left');
  await page.waitForSelector('#board svg.variant g.vc[data-kind="skyscraper"]', { state: 'attached' });
  // A click on a clue with another total replaces it; with none, takes it back.
  await page.fill('#setter-total', '');
  await clickBeside(page, 12, 'left');
  await page.waitForFunction(() => !document.querySelector('#board svg.variant g.vc[data-kind="skyscraper"]'));
  await page.fill('#setter-total', '2');
  await clickBeside(page, 12, 'left');
  await page.waitForFunction(() => window.nsudoku.game.lines.join() === 'littlekiller 6 r0c3 downleft,skyscraper 2 r4 left');
  await page.selectOption('#setter-kind', 'sandwich');
  await clickCell(page, 4);
  await page.fill('#setter-total', '3');
  await page.press('#setter-total', 'Enter');
  await page.waitForSelector('#board svg.variant g.vc[data-kind="sandwich"]', { state: 'attached' });
  assert.ok(await page.locator('#board.outside').count(), 'the board keeps a margin for the clues');
  assert.equal(await page.locator('#board svg.variant g.vc[data-kind="sandwich"] .frame').count(), 0, 'a sandwich clue stands plain');
  assert.equal(await page.locator('#board svg.variant g.vc[data-kind="skyscraper"] rect.frame').count(), 1, 'a skyscraper in its square');
  await page.waitForSelector('#setter-count[data-count="unique"]');
  await page.screenshot({ path: path.join(screenshotDir(), 'variant-setter-regions.png') });
  const read = await page.evaluate(() => window.nsudoku.game.variant);
  assert.deepEqual(read.constraints.map((c) => [c.kind, c.value, c.clue, c.direction ?? c.side ?? null]), [
    ['littlekiller', 6, [0, 3], 'down-left'], ['skyscraper', 2, [4, 0], 'left'], ['sandwich', 3, [2, 0], 'left'],
  ]);

  // Both links read back through the command line to the same puzzle, with one solution.
  await page.click('#share');
  const bin = process.env.NSUDOKU_BIN || path.resolve(here, '../../../../target/debug/nsudoku');
  for (const id of ['#share-fpuzzles', '#share-sudokupad']) {
    const link = await page.getAttribute(id, 'href');
    const back = execFileSync(bin, ['convert', '--to', 'text'], { input: `${link}\n` }).toString();
    assert.equal(back.trim(), read.text.trim(), id);
    assert.match(back, /^regions:\n1122\n1332\n1332\n4444$/m, id);
    assert.equal(execFileSync(bin, ['count'], { input: `${link}\n` }).toString().trim(), '1', id);
  }
  await page.click('#share-dialog button[value="close"]');

  // A reload resumes the setting: the regions, the clues and the count.
  await page.reload();
  await page.waitForSelector('#setter-count[data-count="unique"]');
  assert.deepEqual(await page.evaluate(() => window.nsudoku.game.regions), [1, 1, 2, 2, 1, 3, 3, 2, 1, 3, 3, 2, 4, 4, 4, 4]);
  assert.equal(await page.locator('#board svg.variant g.vc').count(), 3);
  // Played: in its regions, with its clues.
  await page.click('#setter-done');
  await page.waitForSelector('#setter-bar', { state: 'hidden' });
  assert.equal(await page.textContent('#shape'), '4×4 irregular');
  assert.equal(await page.getAttribute('#cell-2-1', 'data-edges'), 'br');
  assert.equal(await page.locator('#board svg.variant g.vc').count(), 3);
  assert.deepEqual(errors, []);
  await context.close();
});
