// The page's service worker: keeps the page's files so that a game plays offline. Files are
// fetched from the network first (a new version shows at once) and from the cache when the
// server cannot be reached; the API is never cached (hints need the server).

const CACHE = 'nsudoku-v4';
const FILES = [
  '/',
  '/style.css',
  '/app.js',
  '/api.js',
  '/board.js',
  '/draw.js',
  '/game.js',
  '/open.js',
  '/setter.js',
  '/shapes.js',
  '/solver.js',
  '/steps.js',
  '/store.js',
  '/text.js',
  '/variant.js',
  '/manifest.webmanifest',
  '/icon.svg',
  '/icon-192.png',
  '/icon-512.png',
];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  const key = url.pathname === '/index.html' ? '/' : url.pathname;
  event.respondWith(
    fetch(event.request)
      .then((response) => {
        if (response.ok && FILES.includes(key)) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(key, copy));
        }
        return response;
      })
      .catch(() => caches.match(key).then((hit) => hit || Response.error())),
  );
});
