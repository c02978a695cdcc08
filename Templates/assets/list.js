/* Pokédex: the index and favorites pages. Every page is complete without this file; it adds the Favorites view,
   delete all, export, import and infinite scroll (built from the data script, so from file:// too), and starts the
   index's results view (list-search.js: search, filters, sort). It builds on app.js (`window.PokedexSite`:
   favorites, stars, scripts loaded on demand), find.js (the address), cells.js (the data script, decoded, and its
   cells) and list-model.js. API data only ever reaches the DOM through textContent and setAttribute. */
(function () {
  'use strict';

  var site = window.PokedexSite;
  if (!site || !site.cells || !site.listModel) return;
  var model = site.listModel;
  var doc = document;
  var html = doc.documentElement;
  var cells = site.cells;
  var DATA = cells.data;
  var buildCell = cells.buildCell, fillGrid = cells.fillGrid, makeLoader = cells.makeLoader;
  var root = site.root, tr = site.tr;
  var kind = site.kind;
  var $ = site.$, $$ = site.$$, el = site.el, replaceAddress = site.replaceAddress;
  var favorites = site.favorites, writeStored = site.writeStored;
  var paintStars = site.paintStars;

  // The Pokémon by what a favorites file may call them, and by id.
  var favoritesCatalog = model.favoritesCatalog(DATA.pokemon);

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
    if (results.active() && view === 'favorites') results.run(keep);
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
    if (!fromHash) results.writeHash();
    if (results.active()) results.run();
    else window.scrollTo(0, next === 'all' ? allScroll : 0);
  }

  // The results view (list-search.js: search, filters, sort and the address), on index pages; none on the favorites
  // page.
  var results = kind === 'index' && site.listSearch ? site.listSearch({
    view: function () { return view; }, setView: setView, favoriteList: favoriteList, listedRows: listedRows,
    byId: favoritesCatalog.byId, viewAll: viewAll, viewFavorites: viewFavorites
  }) : { active: function () { return false; }, run: function () {}, writeHash: function () {}, start: function () {} };

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
        if (title && !results.active()) { title.setAttribute('tabindex', '-1'); title.focus({ preventScroll: true }); }
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
    results.start();
    paintNav();
    if (view !== 'favorites') refreshFavorites();
    startInfiniteScroll();
  }
})();
