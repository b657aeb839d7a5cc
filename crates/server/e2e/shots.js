// The README's screenshots of variant puzzles: a killer, a thermometer and arrow puzzle and a
// whispers and renban one, each at desktop width in light and at phone width in dark, with
// their first rows played. Not a test: run it by hand against a server when the page's look
// changes, `NSUDOKU_URL=http://127.0.0.1:8080 node shots.js` (from this folder), and commit
// the pictures it writes to docs/.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, open } from './tests/helpers.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const DOCS = path.resolve(here, '../../../docs');
const DEV = fs.readFileSync(path.resolve(here, '../../core/tests/data/variants/dev.jsonl'), 'utf8')
  .trim().split('\n').map((line) => JSON.parse(line));

const PUZZLES = [
  ['killer', 'October 10, 2023: Killer'],
  ['thermo-arrow', 'The Octagon'],
  ['whispers-renban', "Sept. 5, '23: Renban Whispers"],
];
const VIEWS = [
  { name: 'desktop-light', width: 1280, height: 760, colorScheme: 'light' },
  { name: 'phone-dark', width: 390, height: 844, colorScheme: 'dark' },
];

const browser = await launch();
for (const [file, name] of PUZZLES) {
  const dev = DEV.find((d) => d.name === name);
  for (const view of VIEWS) {
    const { context, page } = await open(browser, { ...view, url: `/?load=${encodeURIComponent(dev.fpuzzles)}` });
    await page.waitForSelector('#board svg.variant g.vc', { state: 'attached' });
    // The first two rows played from the solution.
    for (let i = 0; i < 18; i++) {
      const cell = page.locator('#board .cell').nth(i);
      if (await cell.locator('.v').count()) continue;
      await cell.click();
      await page.keyboard.press(dev.solution[i]);
    }
    await page.locator('#board .cell').nth(40).click();
    await page.screenshot({ path: path.join(DOCS, `variant-${file}-${view.name}.png`) });
    await context.close();
  }
}
await browser.close();
