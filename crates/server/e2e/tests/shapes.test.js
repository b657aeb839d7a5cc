// The setter's shapes (web/shapes.js) without a browser: region layouts checked and completed,
// clues placed beside the grid and written in the text form.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  addRegion, borders, cluePlace, clueLine, complete, regionsText, removeRegions,
} from '../../web/shapes.js';

const empty = (n) => new Array(n * n).fill(0);

test('a region is N connected cells in no region yet; the last one completes itself', () => {
  assert.match(addRegion(empty(4), [0, 1, 2], 4).error, /A region has 4 cells: these are 3/);
  assert.match(addRegion(empty(4), [0, 5, 10, 15], 4).error, /connected/);
  let layout = addRegion(empty(4), [0, 1, 4, 8], 4).layout;
  assert.match(addRegion(layout, [1, 2, 3, 7], 4).error, /^r1c2 is in a region already/);
  assert.equal(complete(layout, 4), false);
  layout = addRegion(layout, [2, 3, 7, 11], 4).layout;
  layout = addRegion(layout, [5, 6, 9, 10], 4).layout;
  assert.deepEqual(layout, [1, 1, 2, 2, 1, 3, 3, 2, 1, 3, 3, 2, 4, 4, 4, 4]);
  assert.equal(complete(layout, 4), true);
  // The cells left are not completed when they are not connected.
  let split = addRegion(empty(4), [0, 1, 2, 6], 4).layout;
  split = addRegion(split, [4, 5, 8, 9], 4).layout;
  split = addRegion(split, [7, 10, 11, 15], 4).layout;
  assert.deepEqual(split.flatMap((v, i) => (v ? [] : [i])), [3, 12, 13, 14]);
  assert.equal(complete(split, 4), false);
});

test('regions are taken back, outlined among the boxes and written numbered in reading order', () => {
  const layout = [5, 5, 2, 2, 5, 3, 3, 2, 5, 3, 3, 2, 4, 4, 4, 4];
  assert.deepEqual(regionsText(layout, 4), ['regions:', '1122', '1332', '1332', '4444']);
  const partial = removeRegions(layout, [6, 12]);
  assert.deepEqual(partial, [5, 5, 2, 2, 5, 0, 0, 2, 5, 0, 0, 2, 0, 0, 0, 0]);
  assert.equal(removeRegions(partial, [5]), partial, 'no region there: unchanged');
  const seen = borders(partial, 4, [2, 2]);
  assert.notEqual(seen[5], seen[9], 'the boxes part the cells in no region');
  assert.equal(seen[10], seen[15]);
  assert.equal(borders(empty(4), 4, [2, 2]), null);
});

test('clues beside the grid: placed from a click or the cells at the edge, written in the text form', () => {
  assert.deepEqual(clueLine('sandwich', [2, 0], 4, '3'), { line: 'sandwich 3 r2 left' });
  assert.deepEqual(clueLine('xsum', [0, 4], 4, '7'), { line: 'xsum 7 c4 top' });
  assert.deepEqual(clueLine('skyscraper', [3, 5], 4, '2'), { line: 'skyscraper 2 r3 right' });
  assert.deepEqual(clueLine('skyscraper', [5, 1], 4, '2'), { line: 'skyscraper 2 c1 bottom' });
  assert.match(clueLine('sandwich', [0, 0], 4, '3').error, /not at a corner/);
  assert.match(clueLine('sandwich', [2, 2], 4, '3').error, /beside the grid/);
  assert.match(clueLine('sandwich', [2, 0], 4, '').error, /total/);
  assert.deepEqual(clueLine('littlekiller-dr', [0, 0], 4, '10'), { line: 'littlekiller 10 r0c0 downright' });
  assert.match(clueLine('littlekiller-ul', [0, 2], 4, '5').error, /misses the grid/);

  assert.deepEqual(cluePlace('littlekiller-dl', [6], 4), { place: [0, 5] });
  assert.deepEqual(cluePlace('littlekiller-ur', [12], 4), { place: [5, 0] });
  assert.match(cluePlace('littlekiller-ur', [12, 13], 4).error, /one cell/);
  assert.deepEqual(cluePlace('sandwich', [4], 4), { place: [2, 0] });
  assert.deepEqual(cluePlace('sandwich', [0], 4), { place: [1, 0] }, 'a corner cell: its row');
  assert.deepEqual(cluePlace('xsum', [1], 4), { place: [0, 2] });
  assert.deepEqual(cluePlace('xsum', [9, 10, 11], 4), { place: [3, 5] });
  assert.deepEqual(cluePlace('xsum', [7, 11, 15], 4), { place: [5, 4] });
  assert.match(cluePlace('xsum', [5], 4).error, /edge/);
});
