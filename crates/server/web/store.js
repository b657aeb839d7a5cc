// What survives a reload: the game in progress and the player's settings, in localStorage.
// A full or forbidden storage only loses persistence, never the game on screen.

import { isGame } from './game.js';

const GAME = 'nsudoku.game';
const SETTINGS = 'nsudoku.settings';

export const DEFAULT_SETTINGS = {
  theme: 'auto', // auto | light | dark
  autoRemove: true, // placing a digit removes it from the marks of its peers
  showConflicts: true,
  checkRules: false, // a variant's broken rules marked after each move, not only on Check
  highlight: true, // the selected digit's copies and places
  symbols: {}, // display style by size: letters | hex | numbers
  size: 9,
  difficulty: 'easy',
  symmetry: 'rot180',
};

function read(key) {
  try {
    const text = localStorage.getItem(key);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function loadGame() {
  const g = read(GAME);
  return isGame(g) ? g : null;
}

/** Saves the game; when it is too large for the storage, saves it without its history. */
export function saveGame(game) {
  if (write(GAME, game)) return;
  write(GAME, { ...game, history: game.history.slice(-50), future: [] });
}

export function loadSettings() {
  return { ...DEFAULT_SETTINGS, ...(read(SETTINGS) || {}) };
}

export function saveSettings(settings) {
  write(SETTINGS, settings);
}
