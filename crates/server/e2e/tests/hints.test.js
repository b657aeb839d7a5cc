// Hints and explanations of a variant puzzle in the page: a 4×4 killer solved to the end by
// pressing Hint and applying each hint, the cages the hints read marked in the drawing (the
// constraint's SVG group, by the index the step gives), the grid reached checked by the
// server; the explain-all stepper marks each step's constraints too.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api, drawn, launch, open } from './helpers.js';

// `nsudoku generate --variant killer --size 4 --seed 1 --to text`: cages alone, one solution,
// solved by logic in 21 steps (hardest 2.0: the cages' totals). A 6×6 (seed 1: 50 steps) takes
// twice as long for nothing more.
const KILLER = `....
....
....
....
killer 4 r1-2c1
killer 2 r1c2
killer 7 r1c3-4 r2c3
killer 9 r2c2-r3c1 r3c2
killer 7 r2-3c4
killer 6 r3-4c3 r4c4
killer 5 r4c1-2
`;

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Opens the killer by its link and waits for its cages to be drawn. */
async function openKiller() {
  const read = await api('read', { puzzle: KILLER });
  const payload = read.fpuzzles.slice(read.fpuzzles.indexOf('load=') + 5);
  const opened = await open(browser, { url: `/?load=${encodeURIComponent(decodeURIComponent(payload))}` });
  await opened.page.waitForFunction((n) => document.querySelectorAll('#board svg.variant g.vc').length === n, read.constraints.length);
  return { ...opened, read };
}

test('a killer is solved to the end by hints, each cage a hint reads marked', async () => {
  const { context, page, errors, read } = await openKiller();
  const n = read.size;
  let cages = 0;
  let hints = 0;
  // What the page shows: the cells left empty, the kinds of the constraints marked as used.
  const shown = () => page.evaluate(() => ({
    empty: [...document.querySelectorAll('#board .cell')].filter((c) => !c.querySelector('.v')?.textContent).length,
    used: [...document.querySelectorAll('#board svg.variant g.vc.used')].map((g) => g.dataset.kind),
    text: document.querySelector('#hint-text').textContent,
  }));
  for (let now = await shown(); now.empty > 0 && hints < 40; now = await shown()) {
    assert.deepEqual(now.used, [], 'nothing marked between hints');
    await page.click('#hint');
    await page.waitForSelector('#hint-panel:not([hidden])', { timeout: 5000 })
      .catch(async () => assert.fail(`hint ${hints + 1}: ${await page.textContent('#message')}`));
    hints++;
    const open = await shown();
    if (open.used.includes('killer')) {
      cages++;
      assert.match(open.text, /killer cage/);
    }
    await page.click('#hint-apply');
  }
  const digits = (await drawn(page)).map(Number);
  const rows = Array.from({ length: n }, (_, r) => digits.slice(r * n, r * n + n));
  const checked = await api('check', { puzzle: KILLER, grid: rows });
  assert.equal(checked.status, 'solved', `after ${hints} hints: ${JSON.stringify(checked.broken)}`);
  assert.ok(cages > 0, 'some hint read a cage');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the explain-all stepper marks the cage a step uses', async () => {
  const { context, page, errors, read } = await openKiller();
  await page.click('#explain');
  await page.waitForSelector('#explain-panel:not([hidden])');
  assert.match(await page.textContent('#explain-step'), /^Step 1 of \d+: .*killer cage/);
  const used = await page.$$eval('#board svg.variant g.vc.used', (gs) => gs.map((g) => Number(g.dataset.k)));
  assert.equal(used.length, 1);
  assert.equal(read.constraints[used[0]].kind, 'killer');
  await page.click('#explain-last');
  assert.match(await page.textContent('#explain-step'), /solved/);
  assert.equal(await page.locator('#board svg.variant g.vc.used').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});
