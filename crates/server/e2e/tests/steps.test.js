// The boards between an explanation's steps (web/steps.js) without a browser: a variant's
// come from the candidates and peers the API gives, not from rows, columns and boxes alone.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { explainStates } from '../../web/steps.js';

const game = { size: 4, box: [2, 2], givens: new Array(16).fill(0), regions: null };
const place = (row, col, digit) => ({ placements: [{ row, col, digit }], eliminations: [] });

test('a classic board starts from the givens and loses a placed digit in its houses', () => {
  const states = explainStates(game, [place(1, 1, 1)]);
  assert.deepEqual(states[0].cands[5], [1, 2, 3, 4]);
  assert.deepEqual(states[1].cands[5], [2, 3, 4], 'r2c2 shares the box');
  assert.deepEqual(states[1].cands[6], [1, 2, 3, 4], 'r2c3 shares nothing');
});

test("a variant's board starts from the logic's candidates and its constraints' peers", () => {
  // An anti-knight-like peer: r1c1 and r2c3; r4c4 holds only 4 and 3 from the start.
  const start = Array.from({ length: 16 }, () => [1, 2, 3, 4]);
  start[15] = [3, 4];
  const peers = Array.from({ length: 16 }, () => []);
  peers[0] = [6];
  peers[6] = [0];
  const states = explainStates(game, [place(1, 1, 1)], { start, peers });
  assert.deepEqual(states[0].cands[15], [3, 4]);
  assert.deepEqual(states[1].cands[6], [2, 3, 4], 'r2c3 sees r1c1 through the constraint');
  assert.deepEqual(start[6], [1, 2, 3, 4], 'the answer is not changed');
});
