// What every test of the page shares: the server's address (scripts/test-web starts the
// server and sets NSUDOKU_URL), Chromium as this machine runs it, and readers of the grid.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const BASE = process.env.NSUDOKU_URL;
if (!BASE) throw new Error('NSUDOKU_URL is not set: run scripts/test-web, which starts `nsudoku serve`');

const here = path.dirname(fileURLToPath(import.meta.url));
export const SHOTS = path.resolve(here, '../../../../target/e2e-screenshots');

// Headless Chromium on a closed network: without these flags it stalls on connections.
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Chromium with a fresh profile (Playwright makes a new empty user data dir each launch). */
export function launch() {
  return chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: FLAGS });
}

/** A new context and page (empty localStorage), collecting the page's errors. */
export async function open(browser, { url = '/', width = 1280, height = 800, colorScheme = 'light', serviceWorkers = 'block' } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, colorScheme, serviceWorkers });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(new URL(url, BASE).href);
  await page.waitForSelector('#board .cell');
  return { context, page, errors };
}

/** POSTs to the API from the test itself. */
export async function api(endpoint, body) {
  const response = await fetch(`${BASE}/api/v1/${endpoint}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(response.status, 200, `${endpoint}: ${await response.clone().text()}`);
  return response.json();
}

/** The text drawn in each cell's digit (empty string for none), in reading order. */
export function drawn(page) {
  return page.$$eval('#board .cell', (cells) => cells.map((c) => c.querySelector('.v')?.textContent ?? ''));
}

/** The indices of the cells with a class. */
export function withClass(page, cls) {
  return page.$$eval('#board .cell', (cells, cls) => cells.flatMap((c, i) => (c.classList.contains(cls) ? [i] : [])), cls);
}

/** A link that opens `puzzle` (rows) in the page. */
export function link(rows, box) {
  const STANDARD = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const p = rows.flat().map((v) => (v ? STANDARD[v - 1] : '.')).join('');
  return `/#b=${box}&p=${p}`;
}

/** Waits until the grid shows a puzzle of `size`×`size` with givens. */
export async function waitForPuzzle(page, size) {
  await page.waitForFunction((n) => document.querySelectorAll('#board .cell').length === n * n
    && document.querySelectorAll('#board .cell.given').length > 0, size);
}

/** Clicks the cell at 0-based index `i`. */
export function clickCell(page, i) {
  return page.locator('#board .cell').nth(i).click();
}

export function screenshotDir() {
  fs.mkdirSync(SHOTS, { recursive: true });
  return SHOTS;
}

/** Every row, column and box of a filled grid holds each digit once. */
export function assertValidSolution(digits, size, [w, h]) {
  assert.equal(digits.length, size * size);
  assert.ok(digits.every((d) => d >= 1 && d <= size), 'every cell holds a digit of the grid');
  const houses = [];
  for (let k = 0; k < size; k++) {
    houses.push(Array.from({ length: size }, (_, j) => k * size + j));
    houses.push(Array.from({ length: size }, (_, j) => j * size + k));
    const r0 = Math.floor(k / h) * h, c0 = (k % h) * w;
    houses.push(Array.from({ length: size }, (_, j) => (r0 + Math.floor(j / w)) * size + c0 + (j % w)));
  }
  for (const house of houses) assert.equal(new Set(house.map((i) => digits[i])).size, size, `house ${house}`);
}
