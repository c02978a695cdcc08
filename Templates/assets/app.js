/* Pokédex: progressive enhancement. Every page is complete without this file; it adds favorites (stars,
   All | Favorites, delete all, export), search, infinite scroll over http(s), image fallbacks, the offline
   indicator and the service worker. Cells built here mirror Templates/partials/cell.mustache, and API data only
   ever reaches the DOM through textContent and setAttribute. */
(function () {
  'use strict';

  var doc = document;
  var html = doc.documentElement;
  html.classList.add('js');

  var DATA = decodeData(window.POKEDEX_DATA);
  var root = html.getAttribute('data-root') || '';
  var kind = html.getAttribute('data-kind') || '';
  var isHTTP = location.protocol === 'http:' || location.protocol === 'https:';
  var STORE_KEY = 'pokedex.favorites';
  // The cell picture's rendered width, as in partials/cell.mustache: one column under 336 px, two under 498 px,
  // at most 190 px from three columns up.
  var CELL_SIZES = '(max-width: 335px) calc(100vw - 40px), (max-width: 497px) calc(50vw - 34px), 190px';
  var STAR_PATH = 'M12 2.8l2.8 5.8 6.4.9-4.6 4.5 1.1 6.3L12 17.3l-5.7 3 1.1-6.3-4.6-4.5 6.4-.9z';
  var SEARCH_LIMIT = 120;
  var EAGER = 4;

  /* ---------- Data script (version 2): positional rows → the objects the rest of this file reads ---------- */

  // A row is [id, slug, name, [type indices], generation, [hp, attack, defense, special-attack, special-defense,
  // speed], picture?]; without a picture of its own, it is images/<id>.png of the shape in `pic` ([w, h, [widths]]).
  function decodeData(raw) {
    var out = { pokemon: [], favorites: [], perPage: 10, pageCount: 1, names: '', types: [] };
    if (!raw || raw.version !== 2 || !Array.isArray(raw.pokemon)) return out;
    out.favorites = raw.favorites || [];
    out.perPage = raw.perPage || 10;
    out.pageCount = raw.pageCount || 1;
    out.names = typeof raw.names === 'string' ? raw.names : '';
    out.types = Array.isArray(raw.types) ? raw.types : [];
    var shape = Array.isArray(raw.pic) ? raw.pic : [475, 475, []];
    raw.pokemon.forEach(function (row) {
      var own = Array.isArray(row[6]) ? row[6] : null;
      var stats = Array.isArray(row[5]) ? row[5] : [];
      out.pokemon.push({
        id: row[0], slug: row[1], name: row[2], number: '#' + String(row[0]).padStart(3, '0'),
        types: (row[3] || []).map(function (i) { return out.types[i]; }).filter(Boolean),
        gen: row[4] || 0, stats: stats, total: stats.reduce(function (a, b) { return a + b; }, 0),
        image: own ? own[0] : 'images/' + row[0] + '.png', w: own ? own[1] : shape[0], h: own ? own[2] : shape[1],
        t: own ? own[3] : shape[2]
      });
    });
    return out;
  }

  var byId = new Map();
  DATA.pokemon.forEach(function (p) { byId.set(p.id, p); });

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
      (window.POKEDEX_FAVORITES || DATA.favorites || []).forEach(function (id) { favorites.add(id); });
      writeStored();
    } else {
      stored.forEach(function (id) { favorites.add(id); });
    }
  })();

  function favoriteList() {
    return DATA.pokemon.filter(function (p) { return favorites.has(p.id); });
  }

  /* ---------- Cells ---------- */

  function isAbsolute(url) { return /^(https?:|data:)/i.test(url); }
  function typeClass(type) { return /^[a-z0-9]+(-[a-z0-9]+)*$/.test(type) ? type : 'unknown'; }
  function titleCase(name) {
    return name.split('-').filter(Boolean).map(function (w) { return w.charAt(0).toUpperCase() + w.slice(1); }).join(' ');
  }

  function starButton(id, name) {
    var button = el('button', 'star');
    button.setAttribute('type', 'button');
    button.setAttribute('data-id', String(id));
    button.setAttribute('data-name', name);
    var svg = doc.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('viewBox', '0 0 24 24');
    svg.setAttribute('aria-hidden', 'true');
    svg.setAttribute('focusable', 'false');
    var path = doc.createElementNS('http://www.w3.org/2000/svg', 'path');
    path.setAttribute('d', STAR_PATH);
    svg.appendChild(path);
    button.appendChild(svg);
    paintStar(button);
    return button;
  }

  function buildCell(p, lazy) {
    var li = el('li', 'cell');
    li.setAttribute('data-id', String(p.id));
    li.setAttribute('data-slug', p.slug);
    var link = el('a', 'cell-link');
    link.setAttribute('href', root + 'pokemon/' + p.slug + '.html');
    var art = el('span', 'art');
    var img = el('img');
    var fallback = root + 'assets/placeholder.svg';
    var local = typeof p.image === 'string' && p.image && !isAbsolute(p.image);
    var src = typeof p.image === 'string' && p.image ? (local ? root + p.image : p.image) : fallback;
    // Thumbnails of images/25.png are images/25-<width>.webp; srcset before src, so only one picture loads.
    var widths = local && Array.isArray(p.t) ? p.t : [];
    if (widths.length) {
      var stem = src.replace(/\.png$/, '');
      img.setAttribute('sizes', CELL_SIZES);
      img.setAttribute('srcset', widths.map(function (w) { return stem + '-' + w + '.webp ' + w + 'w'; })
        .concat([src + ' ' + (p.w || 475) + 'w']).join(', '));
      src = stem + '-' + widths[0] + '.webp';
    }
    img.setAttribute('src', src);
    img.setAttribute('width', String(p.w || 475));
    img.setAttribute('height', String(p.h || 475));
    img.setAttribute('alt', p.name);
    img.setAttribute('decoding', 'async');
    if (lazy) img.setAttribute('loading', 'lazy');
    img.setAttribute('data-fallback', fallback);
    art.appendChild(img);
    var num = el('span', 'num');
    num.textContent = p.number;
    var name = el('span', 'name');
    name.textContent = p.name;
    var types = el('span', 'types');
    (p.types || []).forEach(function (t) {
      var badge = el('span', 'type type-' + typeClass(t));
      badge.textContent = titleCase(t);
      types.appendChild(badge);
    });
    link.appendChild(art);
    link.appendChild(num);
    link.appendChild(name);
    link.appendChild(types);
    li.appendChild(link);
    li.appendChild(starButton(p.id, p.name));
    return li;
  }

  // Re-fills a grid with `list`, reusing the cells it already has (no image reloads, no flicker).
  function fillGrid(grid, list) {
    var existing = new Map();
    $$(':scope > .cell', grid).forEach(function (cell) { existing.set(cell.getAttribute('data-id'), cell); });
    var fragment = doc.createDocumentFragment();
    list.forEach(function (p, index) {
      var cell = existing.get(String(p.id)) || buildCell(p, index >= EAGER);
      existing.delete(String(p.id));
      fragment.appendChild(cell);
    });
    existing.forEach(function (cell) { cell.remove(); });
    grid.appendChild(fragment);
    $$('.star', grid).forEach(paintStar);
  }

  /* ---------- Stars ---------- */

  function paintStar(button) {
    var on = favorites.has(Number(button.getAttribute('data-id')));
    var name = button.getAttribute('data-name') || 'this Pokémon';
    button.setAttribute('aria-pressed', on ? 'true' : 'false');
    button.setAttribute('aria-label', on ? 'Remove ' + name + ' from favorites' : 'Add ' + name + ' to favorites');
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
    var view = button.closest('.view-favorites');
    if (view && !favorites.has(id)) {
      // Un-starred in the favorites list: the cell leaves; keep keyboard focus nearby.
      var cell = button.closest('.cell');
      var neighbour = cell && (cell.nextElementSibling || cell.previousElementSibling);
      refreshFavorites();
      var target = neighbour && neighbour.isConnected ? $('.star', neighbour) : $('.empty-title', view);
      if (target && doc.activeElement === doc.body) target.focus();
    } else {
      refreshFavorites();
    }
  }

  /* ---------- Favorites views (index "Favorites" segment and favorites.html) ---------- */

  var dialog = $('#confirm-clear');
  var lastTrash = null;

  function refreshFavorites() {
    var list = favoriteList();
    $$('.view-favorites').forEach(function (view) {
      var grid = $('.fav-grid', view);
      if (grid && (!view.hidden || kind === 'favorites')) fillGrid(grid, list);
      var empty = $('.empty', view);
      if (empty) empty.hidden = list.length > 0;
      if (grid) grid.hidden = list.length === 0;
      var count = $('.fav-count', view);
      if (count) count.textContent = list.length === 1 ? '1 favorite' : list.length + ' favorites';
      $$('[data-action="clear"], [data-action="export"]', view).forEach(function (b) { b.disabled = list.length === 0; });
    });
    if (resultsActive() && view === 'favorites') runSearch();
  }

  function clearFavorites() {
    favorites.clear();
    writeStored();
    paintStars();
    refreshFavorites();
    var title = lastTrash && lastTrash.closest('.view-favorites');
    title = title ? $('.empty-title', title) : null;
    if (title) title.focus();
  }

  function askClear(button) {
    lastTrash = button;
    if (dialog && typeof dialog.showModal === 'function') {
      dialog.returnValue = '';
      dialog.showModal();
    } else if (window.confirm('Are you sure you want to delete all favorites?')) {
      clearFavorites();
    }
  }
  if (dialog) {
    dialog.addEventListener('close', function () {
      // Cancel or Escape: back to the trash button (Delete moves focus to the empty state itself).
      if (dialog.returnValue !== 'delete' && lastTrash && !lastTrash.disabled) lastTrash.focus();
    });
  }

  // The CLI reads a JSON array of API names or ids: names for clean slugs (the API name), ids otherwise.
  function exportFavorites() {
    var entries = favoriteList().map(function (p) {
      return /-\d+$/.test(p.slug) && p.slug.slice(-String(p.id).length - 1) === '-' + p.id ? p.id : p.slug;
    });
    favorites.forEach(function (id) { if (!byId.has(id)) entries.push(id); });
    var blob = new Blob([JSON.stringify(entries, null, 2) + '\n'], { type: 'application/json' });
    var link = el('a');
    link.href = URL.createObjectURL(blob);
    link.download = 'favorites.json';
    link.hidden = true;
    doc.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(link.href); }, 4000);
  }

  function replaceAddress(url) {
    try { history.replaceState(history.state, '', url); } catch (e) { /* some file:// setups refuse */ }
  }

  /* ---------- All | Favorites segmented control (index) ---------- */

  var view = 'all';
  var allScroll = 0;
  var viewAll = $('#view-all');
  var viewFavorites = kind === 'index' ? $('#favorites') : null;
  var viewSearch = $('#view-search');

  function setView(next, fromHash) {
    if (!viewAll || !viewFavorites) return;
    if (next === view && !fromHash) return;
    if (view === 'all') allScroll = window.scrollY;
    view = next;
    $$('.seg').forEach(function (b) { b.setAttribute('aria-pressed', b.getAttribute('data-view') === next ? 'true' : 'false'); });
    viewFavorites.hidden = next !== 'favorites';
    viewAll.hidden = next !== 'all';
    if (next === 'favorites') refreshFavorites();
    if (!fromHash) writeHash();
    if (resultsActive()) runSearch();
    else window.scrollTo(0, next === 'all' ? allScroll : 0);
  }

  /* ---------- Search over POKEDEX_DATA ---------- */

  var searchInput = $('#search');

  // Case, accents and width folded (NFKD: "２５" is "25", halfwidth kana are kana), and hiragana as katakana,
  // the script PokeAPI's Japanese names use: "ぴかちゅう" finds ピカチュウ.
  function fold(text) {
    return String(text).normalize('NFKD').replace(/[\u0300-\u036f\u3099\u309a]/g, '')
      .replace(/[\u3041-\u3096]/g, function (c) { return String.fromCharCode(c.charCodeAt(0) + 0x60); })
      .toLowerCase();
  }
  var folded = new Map();
  // The name, the slug's words and, once the names script has loaded, the species' names in every language.
  function foldedNames(p) {
    var f = folded.get(p.id);
    if (!f) {
      f = [fold(p.name) + ' ' + p.slug.replace(/-/g, ' ')].concat((otherNames.get(p.id) || []).map(fold));
      folded.set(p.id, f);
    }
    return f;
  }

  /* ---------- Names in every language: their own script, loaded on first use of the search box ---------- */

  var otherNames = new Map();   // Pokémon id → its species' names
  var namesState = DATA.names ? 'idle' : 'none';
  function loadNames() {
    if (namesState !== 'idle') return;
    namesState = 'loading';
    // A script element, not fetch: it works from file:// too (and the CSP allows 'self').
    var script = el('script');
    script.src = root + DATA.names;
    script.onload = function () {
      namesState = 'loaded';
      var names = window.POKEDEX_NAMES;
      if (!names || names.version !== 1 || !Array.isArray(names.species)) return;
      names.species.forEach(function (entry) {
        var list = entry.slice(1).filter(function (n) { return typeof n === 'string'; });
        (Array.isArray(entry[0]) ? entry[0] : []).forEach(function (id) { otherNames.set(id, list); });
      });
      folded.clear();
      if (searchInput && searchInput.value.trim()) runSearch();
    };
    script.onerror = function () { namesState = 'idle'; script.remove(); };
    doc.head.appendChild(script);
  }

  // "pikachu", "pika", "25", "#25", "#025": exact number first, then prefix matches, then the rest.
  function search(query, list) {
    var q = fold(query).trim().replace(/\s+/g, ' ');
    if (!q) return [];
    var numeric = /^#?\d+$/.test(q);
    var scored = [];
    list.forEach(function (p) {
      var score = -1;
      if (numeric) {
        var digits = q.replace('#', '');
        var n = parseInt(digits, 10);
        var idText = String(p.id);
        if (p.id === n) score = 0;
        else if (String(n) !== '0' && idText.indexOf(String(n)) === 0) score = 1;
      } else {
        foldedNames(p).forEach(function (name) {
          var at = name.indexOf(q);
          var s = at === 0 ? 0 : at > 0 ? (name.charAt(at - 1) === ' ' ? 1 : 2) : -1;
          if (s >= 0 && (score < 0 || s < score)) score = s;
        });
      }
      if (score >= 0) scored.push([score, p]);
    });
    scored.sort(function (a, b) { return a[0] - b[0]; });
    return scored.map(function (s) { return s[1]; });
  }

  function runSearch() {
    if (!viewSearch || !viewAll) return;
    var query = searchInput ? searchInput.value.trim() : '';
    var current = view === 'favorites' ? viewFavorites : viewAll;
    if (!resultsActive()) {
      viewSearch.hidden = true;
      current.hidden = false;
      results = [];
      return;
    }
    var pool = filtered(view === 'favorites' ? favoriteList() : DATA.pokemon);
    var found = query ? search(query, pool) : pool;
    // A search keeps its best matches first unless a sort is chosen.
    results = query && filters.sort === 'number' && filters.dir === 'asc' ? found : sorted(found);
    var grid = $('.search-grid', viewSearch);
    grid.textContent = '';
    shownResults = 0;
    showMoreResults(SEARCH_LIMIT);
    var where = view === 'favorites' ? ' among favorites' : '';
    var status;
    if (query) {
      status = results.length === 0 ? 'No Pokémon match “' + query + '”' + where + '.'
        : (results.length === 1 ? '1 Pokémon matches' : results.length + ' Pokémon match') + ' “' + query + '”' + where + '.';
    } else {
      status = results.length === 0 ? 'No Pokémon' + where + ' match these filters.'
        : results.length + ' Pokémon' + where + '.';
    }
    $('.search-status', viewSearch).textContent = status;
    viewAll.hidden = true;
    if (viewFavorites) viewFavorites.hidden = true;
    viewSearch.hidden = false;
  }

  if (searchInput) {
    searchInput.addEventListener('focus', loadNames);
    searchInput.addEventListener('input', function () {
      loadNames();
      filters.q = searchInput.value.trim();
      writeHash();
      runSearch();
    });
    searchInput.addEventListener('keydown', function (event) {
      if (event.key === 'Escape' && searchInput.value) {
        searchInput.value = '';
        filters.q = '';
        writeHash();
        runSearch();
      }
    });
  }

  /* ---------- Filters and sort, and the address's hash ---------- */

  // The hash: `&`-separated parts, any order, each optional; unknown parts are ignored.
  //   favorites                 the Favorites view (alone: `#favorites`, as before)
  //   type=fire,flying          Pokémon having every one of these types (one or two)
  //   gen=1                     of this generation
  //   sort=attack-desc          number|name|total|hp|attack|defense|special-attack|special-defense|speed, -asc|-desc
  //   q=pika                    the search box (URI-encoded)
  var SORT_KEYS = ['number', 'name', 'total', 'hp', 'attack', 'defense', 'special-attack', 'special-defense', 'speed'];
  var filters = { types: [], gen: 0, sort: 'number', dir: 'asc', q: '' };
  var results = [];
  var shownResults = 0;
  var moreButton = viewSearch ? $('.more-results', viewSearch) : null;
  var typeSelects = [$('#filter-type-1'), $('#filter-type-2')];
  var genSelect = $('#filter-gen');
  var sortSelect = $('#sort-by');
  var dirSelect = $('#sort-order');
  var resetButton = $('#filters-reset');

  function resultsActive() {
    return !!(filters.q || filters.types.length || filters.gen || filters.sort !== 'number' || filters.dir !== 'asc');
  }

  function parseHash(hash) {
    var next = { view: 'all', types: [], gen: 0, sort: 'number', dir: 'asc', q: '' };
    String(hash || '').replace(/^#/, '').split('&').forEach(function (part) {
      if (part === 'favorites') { next.view = 'favorites'; return; }
      var at = part.indexOf('=');
      if (at < 0) return;
      var key = part.slice(0, at);
      var value;
      try { value = decodeURIComponent(part.slice(at + 1)); } catch (e) { return; }
      if (key === 'type') {
        value.toLowerCase().split(',').forEach(function (t) {
          if (DATA.types.indexOf(t) >= 0 && next.types.indexOf(t) < 0 && next.types.length < 2) next.types.push(t);
        });
      } else if (key === 'gen' && /^\d+$/.test(value) && DATA.pokemon.some(function (p) { return p.gen === Number(value); })) {
        // Only a generation this site has: another is ignored like any invalid part.
        next.gen = Number(value);
      } else if (key === 'sort') {
        var m = /^([a-z-]+?)(?:-(asc|desc))?$/.exec(value.toLowerCase());
        if (m && SORT_KEYS.indexOf(m[1]) >= 0) { next.sort = m[1]; next.dir = m[2] || 'asc'; }
      } else if (key === 'q') {
        next.q = value.trim();
      }
    });
    return next;
  }

  function formatHash() {
    var parts = [];
    if (view === 'favorites') parts.push('favorites');
    if (filters.types.length) parts.push('type=' + filters.types.join(','));
    if (filters.gen) parts.push('gen=' + filters.gen);
    if (filters.sort !== 'number' || filters.dir !== 'asc') parts.push('sort=' + filters.sort + '-' + filters.dir);
    if (filters.q) parts.push('q=' + encodeURIComponent(filters.q));
    return parts.length ? '#' + parts.join('&') : '';
  }

  function writeHash() {
    if (kind !== 'index') return;
    var hash = formatHash();
    if (location.hash === hash || (!hash && !location.hash)) return;
    replaceAddress(location.pathname + location.search + hash);
  }

  // The state the hash names, into the controls and the page.
  function applyHash(hash) {
    var next = parseHash(hash);
    filters.types = next.types;
    filters.gen = next.gen;
    filters.sort = next.sort;
    filters.dir = next.dir;
    filters.q = next.q;
    paintFilters();
    if (searchInput && searchInput.value.trim() !== next.q) searchInput.value = next.q;
    if (next.q) loadNames();
    setView(next.view, true);
    runSearch();
  }

  function filtered(list) {
    return list.filter(function (p) {
      if (filters.gen && p.gen !== filters.gen) return false;
      return filters.types.every(function (t) { return p.types.indexOf(t) >= 0; });
    });
  }

  function sortValue(p) {
    var stat = SORT_KEYS.indexOf(filters.sort) - 3;
    if (filters.sort === 'name') return fold(p.name);
    if (filters.sort === 'total') return p.total;
    return stat >= 0 ? (p.stats[stat] || 0) : p.id;
  }

  function sorted(list) {
    var sign = filters.dir === 'desc' ? -1 : 1;
    // Ties by number, always ascending, so a bookmarked order is the same order.
    return list.map(function (p) { return [sortValue(p), p]; }).sort(function (a, b) {
      var c = a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
      return c * sign || a[1].id - b[1].id;
    }).map(function (pair) { return pair[1]; });
  }

  function showMoreResults(count) {
    var grid = $('.search-grid', viewSearch);
    var fragment = doc.createDocumentFragment();
    results.slice(shownResults, shownResults + count).forEach(function (p, index) {
      fragment.appendChild(buildCell(p, shownResults + index >= EAGER));
    });
    grid.appendChild(fragment);
    shownResults = Math.min(results.length, shownResults + count);
    if (moreButton) moreButton.hidden = shownResults >= results.length;
  }
  if (moreButton && 'IntersectionObserver' in window) {
    // The button stays for the keyboard; scrolling near it shows more by itself.
    new IntersectionObserver(function (entries) {
      if (entries.some(function (e) { return e.isIntersecting; }) && !moreButton.hidden && !viewSearch.hidden) {
        showMoreResults(SEARCH_LIMIT);
      }
    }, { rootMargin: '0px 0px 600px 0px' }).observe(moreButton);
  }

  function generationLabel(n) {
    var romans = ['', 'I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];
    return 'Generation ' + (romans[n] || String(n));
  }

  function fillSelects() {
    var typeNames = DATA.types.slice().sort();
    typeSelects.forEach(function (select) {
      if (!select) return;
      typeNames.forEach(function (t) {
        var option = el('option');
        option.value = t;
        option.textContent = titleCase(t);
        select.appendChild(option);
      });
    });
    if (genSelect) {
      var gens = Array.from(new Set(DATA.pokemon.map(function (p) { return p.gen; }))).filter(Boolean)
        .sort(function (a, b) { return a - b; });
      gens.forEach(function (g) {
        var option = el('option');
        option.value = String(g);
        option.textContent = generationLabel(g);
        genSelect.appendChild(option);
      });
    }
  }

  function paintFilters() {
    typeSelects.forEach(function (select, i) { if (select) select.value = filters.types[i] || ''; });
    if (genSelect) genSelect.value = filters.gen ? String(filters.gen) : '';
    if (sortSelect) sortSelect.value = filters.sort;
    if (dirSelect) dirSelect.value = filters.dir;
    paintReset();
  }
  function paintReset() {
    if (resetButton) resetButton.disabled = !(filters.types.length || filters.gen || filters.sort !== 'number' || filters.dir !== 'asc');
  }

  function readFilters() {
    filters.types = [];
    typeSelects.forEach(function (select) {
      if (select && select.value && filters.types.indexOf(select.value) < 0) filters.types.push(select.value);
    });
    filters.gen = genSelect && genSelect.value ? Number(genSelect.value) : 0;
    filters.sort = sortSelect && SORT_KEYS.indexOf(sortSelect.value) >= 0 ? sortSelect.value : 'number';
    filters.dir = dirSelect && dirSelect.value === 'desc' ? 'desc' : 'asc';
    // The selects stay as chosen (a cleared first type does not move the second one up).
    paintReset();
    writeHash();
    runSearch();
  }

  [typeSelects[0], typeSelects[1], genSelect, sortSelect, dirSelect].forEach(function (select) {
    if (select) select.addEventListener('change', readFilters);
  });
  if (resetButton) {
    resetButton.addEventListener('click', function () {
      filters.types = [];
      filters.gen = 0;
      filters.sort = 'number';
      filters.dir = 'asc';
      paintFilters();
      writeHash();
      runSearch();
      if (typeSelects[0]) typeSelects[0].focus();
    });
  }

  /* ---------- Infinite scroll (http(s) only: file:// keeps the pagination links) ---------- */

  var grid = kind === 'index' ? $('#grid') : null;
  var loader = $('#loader');
  var loadError = $('#load-error');
  var listEnd = $('#list-end');
  var startPage = grid ? Number(grid.getAttribute('data-page')) || 1 : 1;
  var nextPage = startPage + 1;
  var loading = false;
  var observer = null;
  var shownPage = startPage;
  var markers = [];   // [page, first cell of that page], in order

  function pageHref(n) { return n === 1 ? 'index.html' : 'page/' + n + '.html'; }
  var rootURL = new URL(root || './', doc.baseURI);

  function pinBase() {
    // history.replaceState may move the address to another folder (index.html → page/3.html); a <base> keeps
    // this page's relative links resolving where they were written.
    if ($('base')) return;
    var base = el('base');
    base.setAttribute('href', location.href.split('#')[0]);
    doc.head.insertBefore(base, doc.head.firstChild);
  }

  function rebase(node, fromRoot) {
    // Cells of page/N.html are written relative to "../": re-root them for this page.
    ['href', 'src', 'data-fallback'].forEach(function (attr) {
      $$('[' + attr + ']', node).forEach(function (e) {
        var value = e.getAttribute(attr);
        if (!isAbsolute(value) && value.indexOf(fromRoot) === 0) e.setAttribute(attr, root + value.slice(fromRoot.length));
      });
    });
    $$('[srcset]', node).forEach(function (e) {
      e.setAttribute('srcset', e.getAttribute('srcset').split(', ').map(function (candidate) {
        return !isAbsolute(candidate) && candidate.indexOf(fromRoot) === 0 ? root + candidate.slice(fromRoot.length) : candidate;
      }).join(', '));
    });
  }

  function loadNext() {
    if (loading || nextPage > (DATA.pageCount || 1)) return;
    loading = true;
    loader.classList.remove('idle');
    loadError.hidden = true;
    var page = nextPage;
    var url = new URL(pageHref(page), rootURL);
    fetch(url.href, { credentials: 'same-origin' }).then(function (response) {
      if (!response.ok) throw new Error('HTTP ' + response.status);
      return response.text();
    }).then(function (text) {
      var parsed = new DOMParser().parseFromString(text, 'text/html');
      var cells = $$('#grid > .cell', parsed);
      if (!cells.length) throw new Error('no cells on ' + url.href);
      var fromRoot = parsed.documentElement.getAttribute('data-root') || '';
      var fragment = doc.createDocumentFragment();
      cells.forEach(function (cell, index) {
        var adopted = doc.adoptNode(cell);
        rebase(adopted, fromRoot);
        if (index === 0) markers.push([page, adopted]);
        $$('.star', adopted).forEach(paintStar);
        fragment.appendChild(adopted);
      });
      grid.appendChild(fragment);
      nextPage = page + 1;
      loading = false;
      loader.classList.add('idle');
      if (nextPage > DATA.pageCount) finishScroll();
      else requestAnimationFrame(recheck);
    }).catch(function () {
      loading = false;
      loader.classList.add('idle');
      loadError.hidden = false;
    });
  }

  function recheck() {
    // The observer only reports changes: load again if the loader is still within reach.
    if (loading || !observer || viewAll.hidden || !loadError.hidden) return;
    var rect = loader.getBoundingClientRect();
    if (rect.top - window.innerHeight < 800) loadNext();
  }

  function finishScroll() {
    if (observer) observer.disconnect();
    observer = null;
    loader.hidden = true;
    listEnd.hidden = false;
  }

  function trackAddress() {
    // The address follows the page whose cells are at the top of the screen.
    var line = window.innerHeight * 0.35;
    var current = startPage;
    for (var i = 0; i < markers.length; i++) {
      if (markers[i][1].getBoundingClientRect().top <= line) current = markers[i][0];
      else break;
    }
    if (current === shownPage) return;
    shownPage = current;
    pinBase();
    var target = new URL(pageHref(current), rootURL);
    replaceAddress(target.pathname + target.search + location.hash);
    doc.title = current === 1 ? 'Pokédex' : 'Pokédex · Page ' + current;
  }

  function startInfiniteScroll() {
    if (!grid || !loader || !isHTTP || !('IntersectionObserver' in window) || !window.fetch || !window.DOMParser) return;
    var first = $('.cell', grid);
    if (first) markers.push([startPage, first]);
    if (startPage > 1) $$('.jump').forEach(function (j) { j.hidden = false; });
    html.classList.add('infinite');
    if (nextPage > (DATA.pageCount || 1)) { listEnd.hidden = false; return; }
    observer = new IntersectionObserver(function (entries) {
      if (entries.some(function (e) { return e.isIntersecting; }) && !viewAll.hidden) loadNext();
    }, { rootMargin: '0px 0px 800px 0px' });
    // The loader stays in the layout (invisible when idle) as the observed sentinel.
    loader.classList.add('idle');
    loader.hidden = false;
    observer.observe(loader);
    var ticking = false;
    window.addEventListener('scroll', function () {
      if (ticking || viewAll.hidden) return;
      ticking = true;
      requestAnimationFrame(function () { ticking = false; trackAddress(); });
    }, { passive: true });
  }

  /* ---------- Offline indicator and service worker ---------- */

  var offlineBanner = $('#offline-banner');
  function paintOnline() {
    if (offlineBanner) offlineBanner.hidden = navigator.onLine !== false;
    // Back online after a failed page load: try again without waiting for a tap on Retry.
    if (navigator.onLine !== false && loadError && !loadError.hidden && observer) loadNext();
  }
  window.addEventListener('online', paintOnline);
  window.addEventListener('offline', paintOnline);
  paintOnline();

  // Not under `pokedex serve`, which marks the pages it serves: a reload there must show the new build.
  if (isHTTP && 'serviceWorker' in navigator && !$('meta[name="pokedex-serve"]')) {
    window.addEventListener('load', function () {
      navigator.serviceWorker.register(new URL('sw.js', rootURL).href).catch(function () { /* optional */ });
    });
  }

  /* ---------- Events ---------- */

  doc.addEventListener('click', function (event) {
    var target = event.target;
    if (!(target instanceof Element)) return;
    var star = target.closest('.star');
    if (star) { toggle(star); return; }
    var closer = target.closest('[data-close]');
    if (closer && dialog && dialog.open) {
      var answer = closer.getAttribute('data-close');
      dialog.close(answer);
      if (answer === 'delete') clearFavorites();
      return;
    }
    var seg = target.closest('.seg');
    if (seg) { setView(seg.getAttribute('data-view')); return; }
    var action = target.closest('[data-action]');
    if (action) {
      var name = action.getAttribute('data-action');
      if (name === 'clear' && !action.disabled) askClear(action);
      else if (name === 'export' && !action.disabled) exportFavorites();
      else if (name === 'retry') loadNext();
      else if (name === 'more-results') showMoreResults(SEARCH_LIMIT);
      return;
    }
    var skip = target.closest('a.skip');
    if (skip) {
      // After the address moved (infinite scroll), a fragment link would leave the page: focus in place.
      event.preventDefault();
      var main = $('#main');
      if (main) { main.focus(); main.scrollIntoView(); }
    }
  });

  // Another tab changed the favorites.
  window.addEventListener('storage', function (event) {
    if (event.key !== STORE_KEY) return;
    var stored = readStored();
    favorites = new Set(stored || []);
    paintStars();
    refreshFavorites();
  });

  /* ---------- Start ---------- */

  paintStars();
  if (kind === 'favorites') refreshFavorites();
  if (kind === 'index') {
    fillSelects();
    applyHash(location.hash);
    if (view !== 'favorites') refreshFavorites();
    window.addEventListener('hashchange', function () { applyHash(location.hash); });
    startInfiniteScroll();
  }
  window.addEventListener('pageshow', function (event) {
    // Back/forward cache: another page may have changed the favorites meanwhile.
    if (!event.persisted) return;
    var stored = readStored();
    if (stored) favorites = new Set(stored);
    paintStars();
    refreshFavorites();
  });
})();

/* ---------- Picture switcher (detail pages) ----------
   Radio buttons under the hero picture (keyboard: Tab to the group, arrow keys to choose). Hidden without this
   script, which is when only the page's own picture shows. The other pictures keep their URL in data-src and
   load only once chosen; the image fallback is armed again for each. */
(function () {
  'use strict';
  var switcher = document.querySelector('.pictures');
  var img = document.querySelector('.hero img');
  if (!switcher || !img) return;
  var fallback = switcher.getAttribute('data-fallback');
  function show(input) {
    var src = input.getAttribute('data-src');
    if (!src) return;
    img.classList.remove('is-fallback');
    img.classList.toggle('is-sprite', input.hasAttribute('data-sprite'));
    if (fallback) img.setAttribute('data-fallback', fallback);
    img.setAttribute('width', input.getAttribute('data-width'));
    img.setAttribute('height', input.getAttribute('data-height'));
    img.setAttribute('alt', input.getAttribute('data-alt') || img.getAttribute('alt') || '');
    if (img.getAttribute('src') !== src) img.setAttribute('src', src);
  }
  switcher.addEventListener('change', function (event) {
    var input = event.target;
    if (input && input.name === 'picture' && input.checked) show(input);
  });
  // A browser restoring the form's state after a reload may have checked another picture already.
  var checked = switcher.querySelector('input[name="picture"]:checked');
  if (checked && !checked.defaultChecked) show(checked);
  else if (checked) img.classList.toggle('is-sprite', checked.hasAttribute('data-sprite'));
  switcher.hidden = false;
})();
