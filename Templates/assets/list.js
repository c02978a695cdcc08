/* Pokédex: the index and favorites pages. Every page is complete without this file; it adds the Favorites view,
   delete all, export, import, search, filters and infinite scroll (built from the data script, so from file://
   too). It builds on app.js (`window.PokedexSite`: favorites, stars, scripts loaded on demand), find.js (folding,
   ranking, the names scripts, the hash) and cells.js (the data script, decoded, and its cells). API data only ever reaches the DOM through textContent
   and setAttribute. */
(function () {
  'use strict';

  var site = window.PokedexSite;
  if (!site || !site.cells || !site.listModel) return;
  var model = site.listModel;
  var doc = document;
  var html = doc.documentElement;
  var cells = site.cells;
  var DATA = cells.data;
  var buildCell = cells.buildCell, fillGrid = cells.fillGrid, makeLoader = cells.makeLoader, EAGER = cells.eager;
  var typeLabel = cells.typeLabel;
  var root = site.root, siteRoot = site.siteRoot, tr = site.tr;
  var kind = site.kind;
  var $ = site.$, $$ = site.$$, el = site.el, fold = site.fold, replaceAddress = site.replaceAddress;
  var favorites = site.favorites, writeStored = site.writeStored;
  var paintStars = site.paintStars;
  var SEARCH_LIMIT = 120;
  var MORE_RESULTS = 48;   // a batch of results added by "Show more" or by scrolling

  // The Pokémon by what a favorites file may call them, and by id.
  var favoritesCatalog = model.favoritesCatalog(DATA.pokemon);
  var byId = favoritesCatalog.byId;

  function favoriteList() {
    return DATA.pokemon.filter(function (p) { return favorites.has(p.id); });
  }
  // The static index pages' list, which infinite scroll continues: no form that only looks different ("Show every
  // form" brings them back; a search finds them).
  var listedRows = DATA.pokemon.filter(function (p) { return !p.looks; });

  // A star changed: the favorites views follow. Un-starred among favorites, the cell leaves, and with a search or
  // filters on, every result is redrawn: keyboard focus stays nearby, by id (redrawn cells are new elements): the
  // same cell if it is still listed, else the next one's, the previous one's, else the view's empty state.
  site.onFavoritesChange(function (button) {
    var from = button || doc.activeElement;   // no button: another tab changed them
    var cell = from && from.closest ? from.closest('.cell') : null;
    var scope = cell && cell.closest('.view');
    var part = from && from.classList && from.classList.contains('cell-link') ? '.cell-link' : '.star';
    var ids = cell ? [cell, cell.nextElementSibling, cell.previousElementSibling].map(function (c) {
      return c && c.getAttribute('data-id');
    }) : [];
    refreshFavorites(true);
    if (!scope || from.isConnected || (doc.activeElement && doc.activeElement !== doc.body)) return;
    var target = null;
    ids.some(function (id) { return id && (target = $('.cell[data-id="' + id + '"] ' + part, scope)); });
    if (!target) {
      target = $('.empty:not([hidden]) .empty-title', scope) || $('.page-title', scope);
      if (target && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    }
    if (target) target.focus();
  });

  /* ---------- Favorites views (index "#favorites" and favorites.html): delete all, export, import ---------- */

  var dialog = $('#confirm-clear');
  var lastTrash = null;

  // `keep`: a star changed, not the query: as many results stay shown (the focused one's neighbours among them).
  function refreshFavorites(keep) {
    var list = favoriteList();
    $$('.view-favorites').forEach(function (view) {
      var grid = $('.fav-grid', view);
      if (grid && (!view.hidden || kind === 'favorites')) fillGrid(grid, list);
      var empty = $('.empty', view);
      if (empty) empty.hidden = list.length > 0;
      if (grid) grid.hidden = list.length === 0;
      var count = $('.fav-count', view);
      if (count) count.textContent = list.length === 1 ? tr('favorites_one', '1 favorite') : tr('favorites_many', '{n} favorites', { n: list.length });
      $$('[data-action="clear"], [data-action="export"]', view).forEach(function (b) { b.disabled = favorites.size === 0; });
    });
    if (resultsActive() && view === 'favorites') runSearch(keep);
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
    } else if (window.confirm(tr('confirm_clear', 'Are you sure you want to delete all favorites?'))) {
      clearFavorites();
    }
  }
  if (dialog) {
    dialog.addEventListener('close', function () {
      // Cancel or Escape: back to the trash button (Delete moves focus to the empty state itself).
      if (dialog.returnValue !== 'delete' && lastTrash && !lastTrash.disabled) lastTrash.focus();
    });
  }

  // The file `pokedex build --favorites` reads (list-model.js's favoritesFile), downloaded.
  function exportFavorites() {
    var blob = new Blob([model.favoritesFile(favoriteList(), favorites, favoritesCatalog)], { type: 'application/json' });
    var link = el('a');
    link.href = URL.createObjectURL(blob);
    link.download = 'favorites.json';
    link.hidden = true;
    doc.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(link.href); }, 4000);
  }

  function importNote(view, text, isError) {
    var note = view ? $('.import-note', view) : null;
    if (!note) return;
    note.classList.toggle('is-error', !!isError);
    note.textContent = text;
  }

  function importFavorites(input) {
    var file = input.files && input.files[0];
    var view = input.closest('.view-favorites');
    if (!file) return;
    var name = file.name || tr('import_the_file', 'the file');
    var refuse = function (why) {
      importNote(view, tr('import_refused', 'Not imported: {name} is not a favorites file ({why}). Your favorites are unchanged.', { name: name, why: why }), true);
    };
    if (file.size > 1024 * 1024) { refuse(tr('import_too_large', 'it is larger than 1 MB')); input.value = ''; return; }
    var reader = new FileReader();
    reader.onload = function () {
      input.value = '';
      var parsed = model.parseFavoritesFile(reader.result, favoritesCatalog, tr);
      if (parsed.error) { refuse(parsed.error); return; }
      var added = 0;
      parsed.ids.forEach(function (id) { if (!favorites.has(id)) { favorites.add(id); added++; } });
      writeStored();
      paintStars();
      refreshFavorites();
      importNote(view, model.importReport(name, added, favorites.size, parsed.unknown, tr), false);
    };
    reader.onerror = function () { input.value = ''; refuse(tr('import_unreadable', 'it could not be read')); };
    reader.readAsText(file);
  }


  /* ---------- All | Favorites: the header's links are the one control ---------- */

  // On an index page the header's "Favorites" link shows the Favorites view in place (index.html#favorites, as
  // bookmarked) and "All" the list; aria-current follows. Elsewhere they are plain links.
  var view = 'all';
  var allScroll = 0;
  var viewAll = $('#view-all');
  var viewFavorites = kind === 'index' ? $('#favorites') : null;
  var viewSearch = $('#view-search');
  var navLinks = $$('.nav a[data-view]');
  var baseTitle = doc.title;

  function paintNav() {
    if (kind !== 'index') return;
    navLinks.forEach(function (a) {
      if (a.getAttribute('data-view') === view) a.setAttribute('aria-current', 'page');
      else a.removeAttribute('aria-current');
    });
    doc.title = view === 'favorites' ? tr('title_favorites', 'Favorites · Pokédex') : baseTitle;
  }

  function setView(next, fromHash) {
    if (!viewAll || !viewFavorites) return;
    if (next === view && !fromHash) return;
    if (view === 'all') allScroll = window.scrollY;
    view = next;
    paintNav();
    viewFavorites.hidden = next !== 'favorites';
    viewAll.hidden = next !== 'all';
    if (next === 'favorites') refreshFavorites();
    if (!fromHash) writeHash();
    if (resultsActive()) runSearch();
    else window.scrollTo(0, next === 'all' ? allScroll : 0);
  }

  /* ---------- Search over POKEDEX_DATA and the names script ---------- */

  var searchInput = $('#search');

  // A live region filled as it appears is not read out, and `.search-status` appears with the results view: the
  // count is said by a visually hidden region in the page from the start (the theme's #search-announce, else one
  // made here), empty until then. While the view shows, a live `.search-status` is heard by itself.
  var announcer = viewSearch ? $('#search-announce') : null;
  var announceTimer = 0;
  if (viewSearch && !announcer) {
    announcer = el('p', 'vh');
    announcer.id = 'search-announce';
    announcer.setAttribute('role', 'status');
    viewSearch.parentNode.insertBefore(announcer, viewSearch);
  }
  function speaks(node) {
    var live = node.getAttribute('aria-live');
    return live ? live !== 'off' : /^(status|alert|log)$/.test(node.getAttribute('role') || '');
  }
  function announce(text) {
    clearTimeout(announceTimer);
    if (!announcer) return;
    announcer.textContent = '';
    // Emptied now, filled a moment later: a change screen readers hear, even of the same words as last time.
    if (text) announceTimer = setTimeout(function () { announcer.textContent = text; }, 100);
  }


  // Loaded when a sort by a stat (or their total) is first chosen (app.js's onDemand: a script element, file:// too):
  // until then such a sort keeps Pokédex order, and the list is sorted again once they are in. Failing, said with
  // a Retry.
  function sortsByStats() { return SORT_KEYS.indexOf(filters.sort) >= 2; }
  function placeNote(note) {
    var status = viewSearch && $('.search-status', viewSearch);
    if (status) status.parentNode.insertBefore(note, status.nextSibling);
  }
  var statsScript = site.onDemand({
    urls: function () { return [DATA.stats ? siteRoot + DATA.stats : '']; },
    loaded: function () {
      var decoded = model.decodeStats(window.POKEDEX_STATS);
      // A stats script of another version reads as none: said so, with a Retry, not sorted silently by number.
      if (!decoded.size) return false;
      decoded.forEach(function (values, id) {
        var p = byId.get(id);
        if (p) { p.stats = values.stats; p.total = values.total; }
      });
      if (resultsActive()) runSearch(true);
    },
    message: function () { return tr('stats_failed', 'The base stats could not be loaded: the list stays in Pokédex order.'); },
    place: placeNote
  });
  var loadStats = statsScript.load;

  var DEXES = new Map();
  var dexesScript = site.onDemand({
    urls: function () { return [DATA.dexes ? siteRoot + DATA.dexes : '']; },
    loaded: function () {
      var decoded = model.decodeDexes(window.POKEDEX_DEXES);
      if (!decoded.size) return false;
      DEXES = decoded;
      if (resultsActive()) runSearch(true);
    },
    message: function () { return tr('dexes_failed', 'The regional Pokédexes could not be loaded: the list is not filtered by one.'); },
    place: placeNote
  });
  var loadDexes = dexesScript.load;

  // Loaded on first use of the search box. Failing, said with a Retry; the names shown are searched meanwhile.
  var NAMES = model.decodeNames(null);
  var namesScript = site.onDemand({
    urls: function () { return [DATA.names ? siteRoot + DATA.names : '']; },
    loaded: function () {
      NAMES = model.decodeNames(window.POKEDEX_NAMES);
      candidatesOf = model.candidates(NAMES);
      if (resultsActive() && filters.q) runSearch();
    },
    message: function () { return tr('names_failed', 'Names in other languages could not be loaded: only the names shown here are searched.'); },
    place: placeNote,
    refocus: function () { return searchInput; }
  });
  var loadNames = namesScript.load;

  // What a query is matched against (list-model.js's candidates), kept until the names change.
  var candidatesOf = model.candidates(NAMES);

  function matchedLine(via) {
    return site.matchedLine(via.name, via.langs.map(function (i) { return NAMES.languages[i]; }).filter(Boolean));
  }

  // `keep`: as many results shown as before (at least a screenful's worth), not the first ones only.
  function runSearch(keep) {
    if (!viewSearch || !viewAll) return;
    var query = searchInput ? searchInput.value.trim() : '';
    var current = view === 'favorites' ? viewFavorites : viewAll;
    if (!resultsActive()) {
      viewSearch.hidden = true;
      current.hidden = false;
      results = [];
      announce('');
      return;
    }
    if (sortsByStats()) loadStats();
    var pool = view === 'favorites' ? favoriteList() : query || everyForm ? DATA.pokemon : listedRows;
    results = model.results(pool, query, filters, DEXES, candidatesOf, sortResults);
    var grid = $('.search-grid', viewSearch);
    grid.textContent = '';
    if (resultsLoader) resultsLoader.reset();
    var before = shownResults;
    shownResults = 0;
    showMoreResults(keep ? Math.max(SEARCH_LIMIT, before) : SEARCH_LIMIT);
    var status = model.statusLine(query, results.length, view === 'favorites', tr);
    var shown = $('.search-status', viewSearch);
    shown.textContent = status;
    // Every form and nothing else: titled as the whole list.
    var title = $('.page-title', viewSearch);
    var allTitle = $('#all-title');
    if (title && allTitle) {
      if (!resultsTitle) resultsTitle = title.textContent;
      title.textContent = model.filtersActive(filters) ? resultsTitle : allTitle.firstChild.textContent.trim();
    }
    var appearing = viewSearch.hidden;
    viewAll.hidden = true;
    if (viewFavorites) viewFavorites.hidden = true;
    viewSearch.hidden = false;
    announce(appearing || !speaks(shown) ? status : '');
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
  //   dex=kanto                 in this regional Pokédex (in its order, sorted by number)
  //   sort=attack-desc          number|name|total|hp|attack|defense|special-attack|special-defense|speed, -asc|-desc
  //   q=pika                    the search box (URI-encoded)
  //   forms=all                 "Show every form" on (without it: as last chosen on this device)
  var SORT_KEYS = model.SORT_KEYS;
  var filters = { types: [], gen: 0, dex: '', sort: 'number', dir: 'asc', q: '' };
  var results = [];   // [pokemon, matched name or null]
  var shownResults = 0;
  var moreButton = viewSearch ? $('.more-results', viewSearch) : null;
  var resultsLoader = moreButton ? makeLoader($('.search-grid', viewSearch), moreButton.parentNode) : null;
  var controls = $('.controls');
  var filtersToggle = $('#filters-toggle');
  var typeSelects = [$('#filter-type-1'), $('#filter-type-2')];
  var genSelect = $('#filter-gen');
  var dexSelect = $('#filter-dex');
  var sortSelect = $('#sort-by');
  var dirSelect = $('#sort-order');
  var resetButton = $('#filters-reset');
  var everyForm = false;
  var formsSwitch = null;
  var resultsTitle = '';

  // The list in the "All" view with every form is the results view's: the static pages' cells are the default list.
  function resultsActive() {
    return model.filtersActive(filters) || (everyForm && view === 'all');
  }

  // What the address may name: this site's types, generations and the regional Pokédexes the filter offers.
  var GENS = model.generations(DATA.pokemon);
  function offered() {
    var dexes = dexSelect ? Array.from(dexSelect.options).map(function (o) { return o.value; }).filter(Boolean) : [];
    return { types: DATA.types, gens: GENS, dexes: dexes };
  }

  function writeHash() {
    if (kind === 'index') site.showHash(model.formatHash({ view: view, filters: filters, everyForm: everyForm }));
  }

  // The state the hash names, into the controls and the page.
  function applyHash(hash) {
    var next = model.parseHash(hash, offered());
    filters.types = next.types;
    filters.gen = next.gen;
    filters.dex = next.dex;
    if (filters.dex) loadDexes();
    filters.sort = next.sort;
    filters.dir = next.dir;
    filters.q = next.q;
    everyForm = !!formsSwitch && (next.forms === null ? storedEveryForm() : next.forms);
    paintFilters();
    if (searchInput && searchInput.value.trim() !== next.q) searchInput.value = next.q;
    if (next.q) loadNames();
    setView(next.view, true);
    runSearch();
  }

  // Results in the order the filters say (list-model.js's sorter), species' names for sorting by name.
  var sortResults = model.sorter(model.speciesNames(DATA.pokemon));

  function showMoreResults(count, more) {
    var grid = $('.search-grid', viewSearch);
    var fragment = doc.createDocumentFragment();
    var cells = [];
    results.slice(shownResults, shownResults + count).forEach(function (r, index) {
      var cell = buildCell(r[0], !more && shownResults + index >= EAGER);
      if (r[1]) {
        var link = $('.cell-link', cell);
        link.insertBefore(matchedLine(r[1]), $('.types', link));
      }
      cells.push(cell);
      fragment.appendChild(cell);
    });
    grid.appendChild(fragment);
    if (more && resultsLoader) resultsLoader.watch(cells);
    shownResults = Math.min(results.length, shownResults + count);
    if (moreButton) moreButton.hidden = shownResults >= results.length;
  }
  if (moreButton && 'IntersectionObserver' in window) {
    // The button stays for the keyboard; scrolling near it shows more by itself.
    new IntersectionObserver(function (entries) {
      if (entries.some(function (e) { return e.isIntersecting; }) && !moreButton.hidden && !viewSearch.hidden) {
        showMoreResults(MORE_RESULTS, true);
      }
    }, { rootMargin: '0px 0px 600px 0px' }).observe(moreButton);
  }

  function fillSelects() {
    // The data script lists the types in the games' order.
    var typeNames = DATA.types;
    typeSelects.forEach(function (select) {
      if (!select) return;
      typeNames.forEach(function (t) {
        var option = el('option');
        option.value = t;
        option.textContent = typeLabel(DATA, t);
        select.appendChild(option);
      });
    });
    if (genSelect) {
      GENS.forEach(function (g) {
        var option = el('option');
        option.value = String(g);
        option.textContent = model.generationLabel(g, tr);
        genSelect.appendChild(option);
      });
    }
  }

  function paintFilters() {
    if (formsSwitch) {
      formsSwitch.checked = everyForm;
      // For assistive technology that reads a switch's state only so.
      formsSwitch.setAttribute('aria-checked', everyForm ? 'true' : 'false');
    }
    typeSelects.forEach(function (select, i) { if (select) select.value = filters.types[i] || ''; });
    if (genSelect) genSelect.value = filters.gen ? String(filters.gen) : '';
    if (dexSelect) dexSelect.value = filters.dex;
    if (sortSelect) sortSelect.value = filters.sort;
    if (dirSelect) dirSelect.value = filters.dir;
    paintReset();
  }
  // Clear filters, and the Filters button's count: each type, the generation and a sort other than the default.
  function paintReset() {
    var active = model.activeFilters(filters);
    if (resetButton) resetButton.disabled = active === 0;
    var count = filtersToggle ? $('.filters-count', filtersToggle) : null;
    if (count) {
      count.hidden = active === 0;
      $('.filters-n', count).textContent = String(active);
    }
  }

  function foldFilters(open) {
    if (!controls || !filtersToggle) return;
    controls.classList.toggle('filters-open', open);
    filtersToggle.setAttribute('aria-expanded', open ? 'true' : 'false');
  }
  if (filtersToggle) {
    filtersToggle.addEventListener('click', function () {
      var open = filtersToggle.getAttribute('aria-expanded') !== 'true';
      foldFilters(open);
      if (open && typeSelects[0]) typeSelects[0].focus();
    });
  }

  function readFilters() {
    filters.types = [];
    typeSelects.forEach(function (select) {
      if (select && select.value && filters.types.indexOf(select.value) < 0) filters.types.push(select.value);
    });
    filters.gen = genSelect && genSelect.value ? Number(genSelect.value) : 0;
    filters.dex = dexSelect ? dexSelect.value : '';
    if (filters.dex) loadDexes();
    filters.sort = sortSelect && SORT_KEYS.indexOf(sortSelect.value) >= 0 ? sortSelect.value : 'number';
    filters.dir = dirSelect && dirSelect.value === 'desc' ? 'desc' : 'asc';
    // The selects stay as chosen (a cleared first type does not move the second one up).
    paintReset();
    writeHash();
    runSearch();
  }

  [typeSelects[0], typeSelects[1], genSelect, dexSelect, sortSelect, dirSelect].forEach(function (select) {
    if (select) select.addEventListener('change', readFilters);
  });
  if (resetButton) {
    resetButton.addEventListener('click', function () {
      filters.types = [];
      filters.gen = 0;
      filters.dex = '';
      filters.sort = 'number';
      filters.dir = 'asc';
      paintFilters();
      writeHash();
      runSearch();
      if (typeSelects[0]) typeSelects[0].focus();
    });
  }

  /* ---------- "Show every form": the forms that only look different, in the index's list too ---------- */

  // Where the data tells them apart. Remembered on this device, said in the address (forms=all); not a filter
  // ("Clear filters" leaves it), so not folded with them.
  var FORMS_KEY = 'pokedex.everyForm';
  function storedEveryForm() {
    try { return window.localStorage.getItem(FORMS_KEY) === '1'; } catch (e) { return false; }
  }
  if (kind === 'index' && controls && viewSearch && DATA.pokemon.some(function (p) { return p.looks; })) {
    var formsLabel = el('label', 'every-form');
    formsSwitch = el('input');
    formsSwitch.type = 'checkbox';
    formsSwitch.id = 'every-form';
    formsSwitch.setAttribute('role', 'switch');
    var formsText = el('span', 'every-form-text');
    formsText.textContent = tr('every_form', 'Show every form');
    formsLabel.appendChild(formsSwitch);
    formsLabel.appendChild(formsText);
    controls.appendChild(formsLabel);
    formsSwitch.addEventListener('change', function () {
      everyForm = formsSwitch.checked;
      formsSwitch.setAttribute('aria-checked', everyForm ? 'true' : 'false');
      try {
        if (everyForm) window.localStorage.setItem(FORMS_KEY, '1'); else window.localStorage.removeItem(FORMS_KEY);
      } catch (e) { /* full or denied: the address still says it */ }
      writeHash();
      runSearch();
    });
  }

  /* ---------- Infinite scroll, built from the data script (http(s) and file:// alike) ---------- */

  // DATA lists every Pokémon in site order; the static pages' list (listedRows) is perPage a page: the next page's
  // cells are built here, never fetched.
  // The pagination links stay for a browser without JavaScript; "Show more Pokémon" for the keyboard.
  var grid = kind === 'index' ? $('#grid') : null;
  var moreAll = $('#more-all');
  var listEnd = $('#list-end');
  var scrollStatus = $('#scroll-status');
  var startPage = grid ? Number(grid.getAttribute('data-page')) || 1 : 1;
  var nextPage = startPage + 1;
  var observer = null;
  var shownPage = startPage;
  var addressMoves = true;
  var markers = [];   // [page, first cell of that page], in order
  var gridLoader = grid && moreAll ? makeLoader(grid, moreAll) : null;

  function pageHref(n) { return n === 1 ? 'index.html' : 'page/' + n + '.html'; }
  var rootURL = new URL(root || './', doc.baseURI);
  function pageRows(n) { return listedRows.slice((n - 1) * DATA.perPage, n * DATA.perPage); }

  function pinBase() {
    // history.replaceState may move the address to another folder (index.html → page/3.html); a <base> keeps
    // this page's relative links resolving where they were written.
    if ($('base')) return;
    var base = el('base');
    base.setAttribute('href', location.href.split('#')[0]);
    doc.head.insertBefore(base, doc.head.firstChild);
  }

  function appendPage(focus) {
    if (nextPage > DATA.pageCount) return;
    var page = nextPage;
    var rows = pageRows(page);
    nextPage = page + 1;
    if (rows.length) {
      var fragment = doc.createDocumentFragment();
      var cells = [];
      rows.forEach(function (p, index) {
        // Not lazy: asked for as it comes into reach, its pictures under the loading indicator.
        var cell = buildCell(p, false);
        if (index === 0) markers.push([page, cell]);
        cells.push(cell);
        fragment.appendChild(cell);
      });
      var first = fragment.firstChild;
      grid.appendChild(fragment);
      if (gridLoader) gridLoader.watch(cells);
      if (scrollStatus) {
        scrollStatus.textContent = tr('more_added', '{n} more Pokémon added, {first} to {last}.', { n: rows.length, first: rows[0].name, last: rows[rows.length - 1].name });
      }
      if (focus && first) $('.cell-link', first).focus();
    }
    if (nextPage > DATA.pageCount) finishScroll(first);
    else requestAnimationFrame(recheck);
  }

  function recheck() {
    // The observer only reports changes: add again while the button is still within reach.
    if (!observer || viewAll.hidden) return;
    if (moreAll.getBoundingClientRect().top - window.innerHeight < 800) appendPage(false);
  }

  // `first`: the last page's first cell. The button may hide while it has keyboard focus (Tab scrolled it into
  // reach, so the page came in by itself): focus goes on to that cell, or to the end's message, not to <body>.
  function finishScroll(first) {
    if (observer) observer.disconnect();
    observer = null;
    var focused = moreAll.contains(doc.activeElement);
    moreAll.hidden = true;
    listEnd.hidden = false;
    if (!focused) return;
    var link = first && $('.cell-link', first);
    if (!link) {
      listEnd.setAttribute('tabindex', '-1');
      link = listEnd;
    }
    link.focus();
  }

  function trackAddress() {
    // The address follows the page whose cells are at the top of the screen (where history allows it).
    if (!addressMoves) return;
    var line = window.innerHeight * 0.35;
    var current = startPage;
    for (var i = 0; i < markers.length; i++) {
      if (markers[i][1].getBoundingClientRect().top <= line) current = markers[i][0];
      else break;
    }
    if (current === shownPage) return;
    pinBase();
    var target = new URL(pageHref(current), rootURL);
    if (!replaceAddress(target.pathname + target.search + location.hash)) { addressMoves = false; return; }
    shownPage = current;
    baseTitle = current === 1 ? tr('title_index', 'Pokédex') : tr('title_index_page', 'Pokédex · Page {page}', { page: current });
    if (view === 'all') doc.title = baseTitle;
  }

  function startInfiniteScroll() {
    if (!grid || !moreAll || !listEnd) return;
    // Only when the page's own cells are the data script's page (the same build).
    var first = $('.cell', grid);
    var rows = pageRows(startPage);
    if (!first || !rows.length || first.getAttribute('data-id') !== String(rows[0].id)) return;
    markers.push([startPage, first]);
    if (startPage > 1) $$('.jump').forEach(function (j) { j.hidden = false; });
    html.classList.add('infinite');
    if (nextPage > DATA.pageCount) { listEnd.hidden = false; return; }
    moreAll.hidden = false;
    if ('IntersectionObserver' in window) {
      observer = new IntersectionObserver(function (entries) {
        if (entries.some(function (e) { return e.isIntersecting; }) && !viewAll.hidden) appendPage(false);
      }, { rootMargin: '0px 0px 800px 0px' });
      observer.observe(moreAll);
    }
    var ticking = false;
    window.addEventListener('scroll', function () {
      if (ticking || viewAll.hidden) return;
      ticking = true;
      requestAnimationFrame(function () { ticking = false; trackAddress(); });
    }, { passive: true });
  }

  /* ---------- Events ---------- */

  doc.addEventListener('click', function (event) {
    var target = event.target;
    if (!(target instanceof Element)) return;
    var closer = target.closest('[data-close]');
    if (closer && dialog && dialog.open) {
      var answer = closer.getAttribute('data-close');
      dialog.close(answer);
      if (answer === 'delete') clearFavorites();
      return;
    }
    var nav = target.closest('.nav a[data-view]');
    if (nav && kind === 'index' && viewFavorites && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey
        && event.button === 0) {
      var wanted = nav.getAttribute('data-view');
      // "All" while the list shows is the link itself (back to its start); otherwise the view changes in place.
      if (wanted === 'favorites' || view !== 'all') {
        event.preventDefault();
        setView(wanted);
        var title = $(wanted === 'favorites' ? '#fav-title' : '#all-title');
        if (title && !resultsActive()) { title.setAttribute('tabindex', '-1'); title.focus({ preventScroll: true }); }
      }
      return;
    }
    var action = target.closest('[data-action]');
    if (action) {
      var name = action.getAttribute('data-action');
      if (name === 'clear' && !action.disabled) askClear(action);
      else if (name === 'export' && !action.disabled) exportFavorites();
      else if (name === 'import') {
        var input = $('.import-file', action.closest('.toolbar') || doc);
        if (input) input.click();
      } else if (name === 'more-all') appendPage(true);
      else if (name === 'more-results') showMoreResults(MORE_RESULTS, true);
      return;
    }
  });

  doc.addEventListener('change', function (event) {
    var input = event.target;
    if (input instanceof Element && input.classList.contains('import-file')) importFavorites(input);
  });


  /* ---------- Start ---------- */

  if (kind === 'favorites') refreshFavorites();
  if (kind === 'index') {
    fillSelects();
    applyHash(location.hash);
    // Remembered on: the address says so too.
    if (everyForm) writeHash();
    paintNav();
    if (view !== 'favorites') refreshFavorites();
    window.addEventListener('hashchange', function () { applyHash(location.hash); });
    startInfiniteScroll();
  }
})();
