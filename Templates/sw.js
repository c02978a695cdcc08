/* Pokédex service worker (registered over http(s) only). Caches the shell on install and every page and picture
   it serves; pages, styles, scripts and data go network-first (a rebuilt site shows at once) with the cache as
   the offline fallback; pictures come from the cache first. */
'use strict';

var CACHE = 'pokedex-v1';
var SHELL = [
  'index.html',
  'favorites.html',
  'assets/style.css',
  'assets/app.js',
  'assets/pokedex-data.js',
  'assets/pokedex-favorites.js',
  'assets/placeholder.svg',
  'assets/icon.svg'
];

self.addEventListener('install', function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    // One missing file must not stop the others from being cached.
    return Promise.all(SHELL.map(function (path) {
      return cache.add(new URL(path, self.registration.scope).href).catch(function () {});
    }));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener('activate', function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (key) {
      return key.indexOf('pokedex-') === 0 && key !== CACHE;
    }).map(function (key) { return caches.delete(key); }));
  }).then(function () { return self.clients.claim(); }));
});

function offlinePage() {
  var body = '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline · Pokédex</title>' +
    '<link rel="stylesheet" href="' + new URL('assets/style.css', self.registration.scope).href + '"></head>' +
    '<body><main class="wrap"><div class="empty"><h1 class="empty-title">You’re offline</h1>' +
    '<p class="empty-text">This page has not been saved for offline use yet.</p>' +
    '<p><a href="' + new URL('index.html', self.registration.scope).href + '">Open the Pokédex</a></p>' +
    '</div></main></body></html>';
  return new Response(body, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

function networkFirst(request) {
  return caches.open(CACHE).then(function (cache) {
    return fetch(request).then(function (response) {
      if (response.ok && response.type === 'basic') cache.put(request, response.clone());
      return response;
    }).catch(function (error) {
      return cache.match(request, { ignoreSearch: true }).then(function (hit) {
        if (hit) return hit;
        if (request.mode === 'navigate') return offlinePage();
        throw error;
      });
    });
  });
}

function cacheFirst(request) {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(request).then(function (hit) {
      if (hit) return hit;
      return fetch(request).then(function (response) {
        if (response.ok && response.type === 'basic') cache.put(request, response.clone());
        return response;
      });
    });
  });
}

self.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.method !== 'GET') return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' || /(\.html|\.js|\.css|\/)$/.test(url.pathname)) {
    event.respondWith(networkFirst(request));
  } else {
    event.respondWith(cacheFirst(request));
  }
});
