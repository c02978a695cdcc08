/* Pokédex: the index's results view: its search box, filters and sort, "Show every form", and the address's hash
   that keeps them. Index pages load it between list-model.js, which decides what it shows, and list.js, which
   starts it once its views are set up (`PokedexSite.listSearch(list)`): which view shows is list.js's, whether
   results show instead is this file's, and each asks the other. It builds on app.js (scripts loaded on demand),
   find.js (the names scripts, the hash) and cells.js (the data script, decoded, and its cells). API data only ever
   reaches the DOM through textContent and setAttribute. */
(function () {
  'use strict';

  var site = window.PokedexSite;
  if (!site || !site.cells || !site.listModel) return;
  var model = site.listModel;
  var doc = document;
  var cells = site.cells;
  var DATA = cells.data;
  var buildCell = cells.buildCell, makeLoader = cells.makeLoader, EAGER = cells.eager;
  var typeLabel = cells.typeLabel;
  var siteRoot = site.siteRoot, tr = site.tr;
  var kind = site.kind;
  var $ = site.$, el = site.el;
  var SEARCH_LIMIT = 120;
  var MORE_RESULTS = 48;   // a batch of results added by "Show more" or by scrolling

  /* What list.js shares: view() ('all' or 'favorites'), setView(next, fromHash), favoriteList(), listedRows (the
     static pages' list), byId, and its views viewAll and viewFavorites. Returns what it asks of the results view:
     active(), run(keep), writeHash() and start(). */
  site.listSearch = function (list) {
    var viewAll = list.viewAll, viewFavorites = list.viewFavorites;
    var viewSearch = $('#view-search');

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
          var p = list.byId.get(id);
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
      var current = list.view() === 'favorites' ? viewFavorites : viewAll;
      if (!resultsActive()) {
        viewSearch.hidden = true;
        current.hidden = false;
        results = [];
        announce('');
        return;
      }
      if (sortsByStats()) loadStats();
      var pool = list.view() === 'favorites' ? list.favoriteList() : query || everyForm ? DATA.pokemon : list.listedRows;
      results = model.results(pool, query, filters, DEXES, candidatesOf, sortResults);
      var grid = $('.search-grid', viewSearch);
      grid.textContent = '';
      if (resultsLoader) resultsLoader.reset();
      var before = shownResults;
      shownResults = 0;
      showMoreResults(keep ? Math.max(SEARCH_LIMIT, before) : SEARCH_LIMIT);
      var status = model.statusLine(query, results.length, list.view() === 'favorites', tr);
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
      return model.filtersActive(filters) || (everyForm && list.view() === 'all');
    }

    // What the address may name: this site's types, generations and the regional Pokédexes the filter offers.
    var GENS = model.generations(DATA.pokemon);
    function offered() {
      var dexes = dexSelect ? Array.from(dexSelect.options).map(function (o) { return o.value; }).filter(Boolean) : [];
      return { types: DATA.types, gens: GENS, dexes: dexes };
    }

    function writeHash() {
      if (kind === 'index') site.showHash(model.formatHash({ view: list.view(), filters: filters, everyForm: everyForm }));
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
      list.setView(next.view, true);
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
    if (moreButton) moreButton.addEventListener('click', function () { showMoreResults(MORE_RESULTS, true); });
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

    /* ---------- Start ---------- */

    // On arrival, the filters' options, then the state the address names; afterwards, as it changes.
    function start() {
      fillSelects();
      applyHash(location.hash);
      // Remembered on: the address says so too.
      if (everyForm) writeHash();
      window.addEventListener('hashchange', function () { applyHash(location.hash); });
    }

    return { active: resultsActive, run: runSearch, writeHash: writeHash, start: start };
  };
})();
