/* Pokédex: progressive enhancement for every page. Every page is complete without it; it adds image fallbacks,
   the favorites stars (kept in localStorage), the offline indicator, the service worker and the detail page's
   picture switcher. The index and favorites pages' views, search, filters and infinite scroll are list.js, and the
   moves tables moves.js: both build on `window.PokedexSite`, which this file sets. API data only ever reaches the
   DOM through textContent and setAttribute. */
(function () {
  'use strict';

  var doc = document;
  var html = doc.documentElement;
  html.classList.add('js');

  var root = html.getAttribute('data-root') || '';
  // The site root, where assets and pictures are: a language's copy (fr/) is a folder below it.
  var siteRoot = html.hasAttribute('data-site-root') ? html.getAttribute('data-site-root') : root;
  var kind = html.getAttribute('data-kind') || '';
  var isHTTP = location.protocol === 'http:' || location.protocol === 'https:';

  // The theme's words for scripts (the [js] table of strings/<code>.toml): a page in another language than
  // English loads them before this file; English is each call's own.
  var WORDS = window.POKEDEX_STRINGS || {};
  function tr(key, english, values) {
    var text = Object.prototype.hasOwnProperty.call(WORDS, key) ? String(WORDS[key]) : english;
    // In one pass: a name holding a {…} of its own is left as it is.
    return values ? text.replace(/\{(\w+)\}/g, function (all, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : all;
    }) : text;
  }
  var STORE_KEY = 'pokedex.favorites';

  function $(sel, from) { return (from || doc).querySelector(sel); }
  function $$(sel, from) { return Array.prototype.slice.call((from || doc).querySelectorAll(sel)); }
  function el(tag, cls) {
    var e = doc.createElement(tag);
    if (cls) e.className = cls;
    return e;
  }

  /* ---------- Images: swap to the placeholder instead of a broken-image icon ---------- */

  function useFallback(img) {
    var fallback = img.getAttribute('data-fallback');
    if (!fallback) return;
    img.removeAttribute('data-fallback');
    img.classList.add('is-fallback');
    // srcset wins over src: drop it, or the broken candidate stays.
    img.removeAttribute('srcset');
    img.removeAttribute('sizes');
    img.setAttribute('src', fallback);
  }
  doc.addEventListener('error', function (event) {
    var target = event.target;
    if (target && target.tagName === 'IMG') useFallback(target);
  }, true);
  function checkImages(scope) {
    // Images that failed before this script ran fire no further error event.
    $$('img[data-fallback]', scope).forEach(function (img) {
      if (img.complete && img.naturalWidth === 0) useFallback(img);
    });
  }
  checkImages(doc);

  /* ---------- Favorites state: localStorage, seeded from the build's favorites file ---------- */

  var storage = null;
  try {
    storage = window.localStorage;
    storage.getItem(STORE_KEY);
  } catch (e) {
    storage = null;
  }

  function readStored() {
    if (!storage) return null;
    var raw;
    try { raw = storage.getItem(STORE_KEY); } catch (e) { return null; }
    if (raw === null) return null;
    try {
      var list = JSON.parse(raw);
      return Array.isArray(list) ? list.filter(function (id) { return Number.isInteger(id) && id > 0; }) : [];
    } catch (e) {
      return [];
    }
  }
  function writeStored() {
    if (!storage) return;
    try { storage.setItem(STORE_KEY, JSON.stringify(Array.from(favorites))); } catch (e) { /* full or denied */ }
  }

  var favorites = new Set();
  (function load() {
    var stored = readStored();
    if (stored === null) {
      // Seeded once from the favorites file the site was built with (a small script every page loads).
      (window.POKEDEX_FAVORITES || (window.POKEDEX_DATA && window.POKEDEX_DATA.favorites) || []).forEach(function (id) { favorites.add(id); });
      writeStored();
    } else {
      stored.forEach(function (id) { favorites.add(id); });
    }
  })();

  /* ---------- Stars ---------- */

  // What a star changes beyond itself (list.js: the favorites views), told after every change of the favorites.
  var listeners = [];
  function changed(button) { listeners.forEach(function (listener) { listener(button); }); }

  function paintStar(button) {
    var on = favorites.has(Number(button.getAttribute('data-id')));
    var name = button.getAttribute('data-name') || tr('this_pokemon', 'this Pokémon');
    button.setAttribute('aria-pressed', on ? 'true' : 'false');
    button.setAttribute('aria-label', on ? tr('star_remove', 'Remove {name} from favorites', { name: name }) : tr('star_add', 'Add {name} to favorites', { name: name }));
  }
  function paintStars() { $$('.star').forEach(paintStar); }

  function toggle(button) {
    var id = Number(button.getAttribute('data-id'));
    if (!Number.isInteger(id)) return;
    if (favorites.has(id)) favorites.delete(id); else favorites.add(id);
    writeStored();
    button.classList.remove('pop');
    void button.offsetWidth;
    button.classList.add('pop');
    paintStars();
    changed(button);
  }

  // Another tab or page changed them: the same Set, refilled, so that list.js's reference stays good. `cleared`:
  // the stored list itself was removed (storage cleared): no favorites, not the page's old ones.
  function reload(cleared) {
    var stored = readStored();
    if (!stored && !cleared) return;
    favorites.clear();
    stored = stored || [];
    stored.forEach(function (id) { favorites.add(id); });
    paintStars();
    changed(null);
  }

  /* ---------- Search folding, shared by list.js and moves.js ---------- */

  // Case, accents and width folded (NFKD: "２５" is "25", halfwidth kana are kana), hiragana as katakana (the
  // script PokeAPI's Japanese names use: "ぴかちゅう" finds ピカチュウ), and typographic apostrophes as "'".
  function fold(text) {
    return String(text).normalize('NFKD').replace(/[\u0300-\u036f\u3099\u309a]/g, '')
      .replace(/[\u3041-\u3096]/g, function (c) { return String.fromCharCode(c.charCodeAt(0) + 0x60); })
      .replace(/[\u2018\u2019\u02bc`\u00b4]/g, "'")
      .toLowerCase().trim().replace(/\s+/g, ' ');
  }

  function replaceAddress(url) {
    try { history.replaceState(history.state, '', url); return true; } catch (e) { return false; }   // some file:// setups refuse
  }

  /* ---------- Offline indicator and service worker ---------- */

  var offlineBanner = $('#offline-banner');
  function paintOnline() {
    if (offlineBanner) offlineBanner.hidden = navigator.onLine !== false;
  }
  window.addEventListener('online', paintOnline);
  window.addEventListener('offline', paintOnline);
  paintOnline();

  // Not under `pokedex serve`, which marks the pages it serves: a reload there must show the new build.
  if (isHTTP && 'serviceWorker' in navigator && !$('meta[name="pokedex-serve"]')) {
    window.addEventListener('load', function () {
      navigator.serviceWorker.register(new URL('sw.js', new URL(siteRoot || './', doc.baseURI)).href).catch(function () { /* optional */ });
    });
  }


  /* ---------- Events ---------- */

  doc.addEventListener('click', function (event) {
    var target = event.target;
    if (!(target instanceof Element)) return;
    var star = target.closest('.star');
    if (star) { toggle(star); return; }
    var skip = target.closest('a.skip');
    if (skip) {
      // After the address moved (infinite scroll), a fragment link would leave the page: focus in place.
      event.preventDefault();
      var main = $('#main');
      if (main) { main.focus(); main.scrollIntoView(); }
    }
  });
  window.addEventListener('storage', function (event) {
    if (event.key === STORE_KEY || event.key === null) reload(true);
  });
  window.addEventListener('pageshow', function (event) {
    // Back/forward cache: another page may have changed the favorites meanwhile.
    if (event.persisted) reload();
  });

  paintStars();

  window.PokedexSite = {
    root: root, siteRoot: siteRoot, kind: kind, tr: tr, $: $, $$: $$, el: el, fold: fold, replaceAddress: replaceAddress,
    favorites: favorites, writeStored: writeStored, paintStar: paintStar,
    paintStars: paintStars, onFavoritesChange: function (listener) { listeners.push(listener); }
  };
})();

/* ---------- Site-wide search: loaded on first use ----------
   The top bar's box (and the index's own) finds Pokémon, moves, abilities and types in every language. Its names
   (a few hundred KB) and search.js load only when a box is first focused or typed in, or on search.html. */
(function () {
  'use strict';
  var bar = document.querySelector('.topbar');
  var boxes = Array.prototype.slice.call(document.querySelectorAll('#site-q, #search'));
  if (!bar || !boxes.length || !bar.getAttribute('data-search')) return;
  var state = 0;   // 0 not loaded, 1 loading, 2 ready, 3 failed
  function add(src, done) {
    var script = document.createElement('script');
    script.src = src;
    script.onload = done;
    script.onerror = function () { state = 3; };
    document.head.appendChild(script);
  }
  function load() {
    if (state !== 0) return;
    state = 1;
    add(bar.getAttribute('data-search-data'), function () {
      add(bar.getAttribute('data-search'), function () {
        state = 2;
        if (window.PokedexSearch) window.PokedexSearch.start();
      });
    });
  }
  boxes.forEach(function (box) {
    box.addEventListener('focus', load);
    box.addEventListener('input', load);
  });
  if (document.documentElement.getAttribute('data-kind') === 'search') load();
})();

/* ---------- Picture switcher (detail pages) ----------
   Radio buttons under the hero picture (keyboard: Tab to the group, arrow keys to choose). Hidden without this
   script, which is when only the page's own picture shows. The other pictures keep their URL in data-src and
   load only once chosen; the image fallback is armed again for each, and a picture that cannot load (offline:
   the extra pictures are on the internet) is said so in words beside it. */
(function () {
  'use strict';
  var tr = window.PokedexSite.tr;
  var switcher = document.querySelector('.pictures');
  var img = document.querySelector('.hero img');
  var note = document.querySelector('.picture-note');
  if (!switcher || !img) return;
  var fallback = switcher.getAttribute('data-fallback');
  var chosen = null;

  function say(text) { if (note) note.textContent = text; }
  function failed() {
    if (!chosen) return;
    var remote = /^https?:/i.test(chosen.getAttribute('data-src') || '');
    var label = chosen.parentNode ? chosen.parentNode.textContent.trim() : tr('this_picture', 'This picture');
    say(remote
      ? (navigator.onLine === false ? tr('picture_offline', '{label}: this picture needs an internet connection, and this device is offline.', { label: label })
        : tr('picture_remote_failed', '{label}: this picture could not be loaded. It needs an internet connection.', { label: label }))
      : tr('picture_failed', '{label}: this picture could not be loaded.', { label: label }));
  }
  // The document's capture listener (first script) has swapped in the placeholder by then.
  img.addEventListener('error', failed);
  img.addEventListener('load', function () {
    if (!img.classList.contains('is-fallback')) say('');
  });

  function show(input) {
    var src = input.getAttribute('data-src');
    if (!src) return;
    chosen = input;
    say('');
    img.classList.remove('is-fallback');
    img.classList.toggle('is-sprite', input.hasAttribute('data-sprite'));
    if (fallback) img.setAttribute('data-fallback', fallback);
    img.setAttribute('width', input.getAttribute('data-width'));
    img.setAttribute('height', input.getAttribute('data-height'));
    img.setAttribute('alt', input.getAttribute('data-alt') || img.getAttribute('alt') || '');
    if (img.getAttribute('src') !== src) img.setAttribute('src', src);
    else if (img.complete && img.naturalWidth === 0) failed();
  }
  switcher.addEventListener('change', function (event) {
    var input = event.target;
    if (input && input.name === 'picture' && input.checked) show(input);
  });
  // A browser restoring the form's state after a reload may have checked another picture already.
  var checked = switcher.querySelector('input[name="picture"]:checked');
  if (checked && !checked.defaultChecked) show(checked);
  else if (checked) {
    chosen = checked;
    img.classList.toggle('is-sprite', checked.hasAttribute('data-sprite'));
    // The page's own picture failed before this script ran (by URL, offline).
    if (img.classList.contains('is-fallback')) failed();
  }
  switcher.hidden = false;
})();
