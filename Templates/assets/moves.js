/* Moves tables: sortable columns, the Pokémon page's game picker and the moves index's filters and search. Every
   page is complete without this file (its default game's tables, every move listed). Another game's learnset is
   built from two data scripts loaded when that game is first picked (script elements: they work from file://),
   as clones of the page's <template id="learn-group-template">, so the markup stays in partials/learn-group and
   partials/move-row. API data only ever reaches the DOM through textContent and setAttribute. */
(function () {
  'use strict';

  // app.js (loaded first on every page) shares its helpers; find.js (the moves index loads it) the search's folding,
  // ranking and names, and the hash: used on the moves index only, so read from `site` there.
  var site = window.PokedexSite;
  if (!site) return;
  var doc = document;
  var root = site.root, tr = site.tr;
  var $ = site.$, $$ = site.$$;
  var collator = window.Intl && Intl.Collator ? new Intl.Collator('en', { numeric: true }) : null;
  function compareText(a, b) { return collator ? collator.compare(a, b) : a.localeCompare(b); }
  function text(node) { return node ? node.textContent.trim() : ''; }

  /* ---------- Sortable tables ---------- */

  // Each th[data-sort] header's content goes into a button (keyboard, screen readers: "Power, button, sorted
  // descending"). A table remembers its rows' first order, the tie-break of every sort.
  function enhance(table) {
    if (table.hasAttribute('data-enhanced')) return;
    table.setAttribute('data-enhanced', '');
    $$('th[data-sort]', table).forEach(function (th) {
      var button = doc.createElement('button');
      button.type = 'button';
      while (th.firstChild) button.appendChild(th.firstChild);
      th.appendChild(button);
    });
    $$('tbody > tr', table).forEach(function (tr, i) { tr.setAttribute('data-order', String(i)); });
  }

  // A number from data-value, else the cell's text; "—" (no value) is NaN, last in both directions.
  function numberOf(cell) {
    if (!cell) return NaN;
    var raw = cell.hasAttribute('data-value') ? cell.getAttribute('data-value') : text(cell);
    return raw === '' ? NaN : Number(raw);
  }

  function sortTable(table, th, dir) {
    var column = th.cellIndex;
    var numeric = th.getAttribute('data-sort') === 'number';
    var sign = dir === 'descending' ? -1 : 1;
    var body = table.tBodies[0];
    var rows = Array.prototype.map.call(body.rows, function (tr) {
      var cell = tr.cells[column];
      return { tr: tr, key: numeric ? numberOf(cell) : text(cell), order: Number(tr.getAttribute('data-order')) || 0 };
    });
    rows.sort(function (a, b) {
      var c;
      if (numeric) {
        var na = isNaN(a.key), nb = isNaN(b.key);
        c = na || nb ? na - nb : (a.key - b.key) * sign;
      } else {
        c = compareText(a.key, b.key) * sign;
      }
      return c || a.order - b.order;
    });
    var fragment = doc.createDocumentFragment();
    rows.forEach(function (r) { fragment.appendChild(r.tr); });
    body.appendChild(fragment);
    $$('th[aria-sort]', table).forEach(function (h) { h.removeAttribute('aria-sort'); });
    th.setAttribute('aria-sort', dir);
  }

  doc.addEventListener('click', function (event) {
    var button = event.target instanceof Element ? event.target.closest('th[data-sort] > button') : null;
    var table = button && button.closest('table.sortable');
    if (!table) return;
    var th = button.parentNode;
    // Ascending first, then each click turns it round.
    sortTable(table, th, th.getAttribute('aria-sort') === 'ascending' ? 'descending' : 'ascending');
    if (table === movesTable && indexControls) writeHash();
  });

  /* ---------- Pokémon page: the game picker ---------- */

  var picker = $('#game-picker');
  var learnset = $('.learnset');
  var groupTemplate = $('#learn-group-template');
  var movesStatus = $('.moves-panel .moves-status');
  var gameName = $('.moves-panel .game-name');
  var KIND_ORDER = ['level-up', 'machine', 'egg', 'tutor'];
  var MACHINE_ORDER = ['TM', 'HM', 'TR'];

  // The first column's words as the page's own tables say them (the server's), else the scripts' words for them.
  function pageWord(selector, fallback, title) {
    var node = learnset && $(selector, learnset);
    var said = node && (title ? node.getAttribute('title') : text(node));
    return said || fallback;
  }

  // Both scripts load once (app.js's loadScript), when another game is first picked, never on arrival.
  var loadScript = site.loadScript;

  function distinctMoves(scope) {
    var seen = new Set();
    $$('.col-name a', scope).forEach(function (a) { seen.add(a.getAttribute('href')); });
    return seen.size;
  }

  // "1:1=45.1,84.1;4=5,6 2:…" → the picked game's [[methodId, [[moveId, level]…]]…], or null.
  function parseGame(raw, game) {
    var found = null;
    String(raw).split(' ').forEach(function (part) {
      var at = part.indexOf(':');
      if (at < 0 || part.slice(0, at) !== game) return;
      found = part.slice(at + 1).split(';').map(function (group) {
        var eq = group.indexOf('=');
        var list = group.slice(eq + 1).split(',').filter(Boolean).map(function (item) {
          var dot = item.indexOf('.');
          return dot < 0 ? [item, 0] : [item.slice(0, dot), Number(item.slice(dot + 1)) || 0];
        });
        return [group.slice(0, eq), list];
      });
    });
    return found;
  }

  // "TM24", "CT24", "わざマシン24" → TMs before HMs before TRs (as the moves script names them), then by number;
  // no machine last.
  function machineKey(label, kinds) {
    var m = /^(.*?)\s*(\d+)$/.exec(label || '');
    if (!m) return 1e7;
    var rank = (kinds || MACHINE_ORDER).indexOf(m[1]);
    return (rank < 0 ? 3 : rank) * 1e6 + Number(m[2]);
  }

  // A move's row as `game` had it: the era listing the game ([[game…], type, power, accuracy, pp]), else today's.
  function asInGame(row, eras, game) {
    var era = (eras || []).filter(function (e) {
      return Array.isArray(e) && Array.isArray(e[0]) && e[0].map(String).indexOf(String(game)) >= 0;
    })[0];
    if (!era) return row;
    return [row[0], row[1], era[1], row[3], era[2], era[3], era[4]];
  }

  /* The moves data (POKEDEX_MOVES, version 1, in the page's language) and a Pokémon's learnset (POKEDEX_LEARNSET)
     → the picked game's groups, in the page's order: [{kind, method, label, moves: [{slug, name, level, machine,
     type: [API name, label, page?], category: [API name, label], numbers: [power, accuracy, pp]}]}], or null when
     the learnset has no such game. A move row: [slug, name, type index, category index, power, accuracy, pp]; a
     method: [kind, label]; `machines`: move id → {game: machine}; `machineLabels`: game → the machines' heading. */
  function decodeGame(data, raw, game) {
    var groups = parseGame(raw, game);
    if (!groups) return null;
    var decoded = groups.map(function (g) {
      var methodId = g[0];
      var method = (data.methods || {})[methodId] || ['other', tr('other', 'Other')];
      var kind = KIND_ORDER.indexOf(method[0]) >= 0 ? method[0] : 'other';
      // The group's heading in the very words of the page's own headings: the moves script's, which pokedex writes
      // with the same words ("Level up", "Egg moves" in English; PokeAPI's names of the methods in the others), and
      // for machines the game's ("TM / HM", "TM / TR").
      var label = kind === 'machine' ? (data.machineLabels || {})[game] || method[1] : method[1];
      var moves = [];
      g[1].forEach(function (item) {
        var row = (data.moves || {})[item[0]];
        if (!Array.isArray(row)) return;   // a move the moves script does not know: left out, not guessed
        row = asInGame(row, (data.eras || {})[item[0]], game);
        moves.push({
          slug: row[0], name: row[1], level: item[1], machine: ((data.machines || {})[item[0]] || {})[game],
          type: (data.types || [])[row[2]] || null, category: (data.categories || [])[row[3]] || null,
          numbers: [row[4], row[5], row[6]]
        });
      });
      if (!moves.length) return null;
      moves.sort(function (a, b) {
        var c = kind === 'level-up' ? a.level - b.level : kind === 'machine' ? machineKey(a.machine, data.machineKinds) - machineKey(b.machine, data.machineKinds) : 0;
        return c || compareText(a.name, b.name);
      });
      return { kind: kind, method: Number(methodId) || 0, label: label || tr('other', 'Other'), moves: moves };
    }).filter(Boolean);
    decoded.sort(function (a, b) {
      var ka = KIND_ORDER.indexOf(a.kind), kb = KIND_ORDER.indexOf(b.kind);
      return (ka < 0 ? 9 : ka) - (kb < 0 ? 9 : kb) || a.method - b.method;
    });
    return decoded;
  }

  function fillRow(row, move, kind, detail) {
    var cell = $('.col-detail', row);
    if (kind === 'level-up' || kind === 'machine') {
      var abbr = $('abbr', cell);
      if (kind === 'level-up' && !move.level) {
        cell.setAttribute('data-value', '0');
        abbr.setAttribute('title', pageWord('.col-detail abbr', tr('on_evolution', 'On evolution'), true));
        abbr.textContent = pageWord('.col-detail abbr', tr('evo', 'Evo.'));
      } else {
        cell.setAttribute('data-value', String(kind === 'level-up' ? move.level : detail));
        cell.textContent = kind === 'level-up' ? String(move.level) : move.machine || '—';
      }
    } else if (cell) {
      cell.remove();
    }
    var link = $('.col-name a', row);
    link.setAttribute('href', root + 'moves/' + move.slug + '.html');
    link.textContent = move.name;
    var type = move.type;
    var badge = $('.type', row);
    badge.setAttribute('class', 'type type-' + (type && /^[a-z0-9-]+$/.test(type[0]) ? type[0] : 'unknown'));
    // The badge links the type's page when it has one.
    var typeLink = document.createElement('a');
    typeLink.textContent = type ? type[1] : tr('unknown', 'Unknown');
    if (type && type[2]) typeLink.setAttribute('href', root + type[2]);
    badge.replaceChildren(type && type[2] ? typeLink : typeLink.textContent);
    var category = move.category;
    var cat = $('.cat', row);
    cat.setAttribute('class', 'cat cat-' + (category && /^[a-z-]+$/.test(category[0]) ? category[0] : 'unknown'));
    cat.textContent = category ? category[1] : '—';
    $$('td.num', row).forEach(function (td, i) {
      var value = move.numbers[i];
      td.textContent = value === null || value === undefined ? '—' : String(value);
    });
  }

  function buildGroup(group) {
    var kind = group.kind;
    var section = groupTemplate.content.firstElementChild.cloneNode(true);
    var id = 'learn-' + kind + '-' + group.method;
    section.setAttribute('class', 'learn-group learn-' + kind);
    section.setAttribute('aria-labelledby', id);
    var heading = $('h3', section);
    heading.setAttribute('id', id);
    $('.learn-label', heading).textContent = group.label;
    $('.count', heading).textContent = String(group.moves.length);
    var detailHead = $('th.col-detail', section);
    if (kind === 'level-up' || kind === 'machine') {
      detailHead.textContent = kind === 'level-up' ? pageWord('.learn-level-up th.col-detail', tr('level', 'Lv.')) : pageWord('.learn-machine th.col-detail', tr('machine', 'Machine'));
      $$('th[aria-sort]', section).forEach(function (h) { h.removeAttribute('aria-sort'); });
      detailHead.setAttribute('aria-sort', 'ascending');
    } else {
      detailHead.remove();
    }
    var body = $('tbody', section);
    var blank = $('tr', body);
    var fragment = doc.createDocumentFragment();
    group.moves.forEach(function (move, i) {
      var row = blank.cloneNode(true);
      fillRow(row, move, kind, i + 1);
      fragment.appendChild(row);
    });
    body.textContent = '';
    body.appendChild(fragment);
    enhance($('table', section));
    return section;
  }

  if (picker && learnset && groupTemplate) {
    var defaultGame = picker.getAttribute('data-default') || picker.value;
    var games = {};   // game id → its built sections, kept to show again; the default's are the page's own
    var shown = defaultGame;
    games[defaultGame] = Array.prototype.slice.call(learnset.children);
    picker.value = defaultGame;   // a restored form state is not what the page shows

    var labelOf = function (game) {
      var option = $$('option', picker).filter(function (o) { return o.value === game; })[0];
      return option ? text(option) : game;
    };
    var say = function (message) { if (movesStatus) movesStatus.textContent = message; };
    // After a game's moves failed to load: Retry picks that game again (its scripts inserted anew).
    var failedGame = null;
    var retry = site.retryButton(function () { if (failedGame) pick(failedGame); });
    retry.classList.add('retry-moves');
    retry.hidden = true;
    var statusLine = movesStatus || picker.closest('.game-pick');
    statusLine.parentNode.insertBefore(retry, statusLine.nextSibling);
    var show = function (game) {
      learnset.textContent = '';
      games[game].forEach(function (section) { learnset.appendChild(section); });
      learnset.setAttribute('data-game', game);
      learnset.removeAttribute('aria-busy');
      if (gameName) gameName.textContent = labelOf(game);
      shown = game;
      var count = distinctMoves(learnset);
      say(count === 1 ? tr('showing_one', 'Showing 1 move learned in {game}.', { game: labelOf(game) })
        : count ? tr('showing_many', 'Showing {n} moves learned in {game}.', { n: count, game: labelOf(game) })
        : tr('no_moves', '{game}: no moves known.', { game: labelOf(game) }));
      if (retry.hidden) return;
      // Keyboard focus on Retry goes to the picker, which now names the game shown.
      var focused = doc.activeElement === retry;
      retry.hidden = true;
      failedGame = null;
      if (focused) picker.focus();
    };

    var pick = function (game) {
      picker.value = game;
      if (games[game]) { show(game); return; }
      say(tr('loading', 'Loading the moves of {game}…', { game: labelOf(game) }));
      learnset.setAttribute('aria-busy', 'true');
      var page = doc.querySelector('.detail[data-id]');
      var urls = [picker.getAttribute('data-moves'), picker.getAttribute('data-learnset')];
      Promise.all(urls.map(loadScript))
        .then(function () {
          var data = window.POKEDEX_MOVES;
          var own = window.POKEDEX_LEARNSET;
          if (!data || data.version !== 1 || !data.moves || !own || own.version !== 1 ||
              (page && String(own.id) !== page.getAttribute('data-id'))) {
            // Loaded, but not what this page needs: Retry asks for both again.
            urls.forEach(site.forgetScript);
            throw new Error('unexpected data');
          }
          if (!games[game]) games[game] = (decodeGame(data, own.learnset, game) || []).map(buildGroup);
          // Only the latest pick is shown (the scripts may answer after the next one).
          if (picker.value === game) show(game);
        })
        .catch(function () {
          learnset.removeAttribute('aria-busy');
          if (picker.value !== game) return;
          picker.value = shown;
          say(navigator.onLine === false
            ? tr('load_failed_offline', 'The moves of {game} could not be loaded (this device is offline). Still showing {shown}.', { game: labelOf(game), shown: labelOf(shown) })
            : tr('load_failed', 'The moves of {game} could not be loaded. Still showing {shown}.', { game: labelOf(game), shown: labelOf(shown) }));
          failedGame = game;
          retry.setAttribute('aria-label', tr('retry_moves', 'Retry loading the moves of {game}', { game: labelOf(game) }));
          retry.hidden = false;
          site.retryReady(retry);
        });
    };
    picker.addEventListener('change', function () { pick(picker.value); });
    picker.closest('.game-pick').hidden = false;
  }

  /* ---------- Moves index: type and category filters, search in every language, the hash ---------- */

  var movesTable = $('#moves-table');
  var search = $('#move-search');
  var typeSelect = $('#move-type');
  var catSelect = $('#move-cat');
  var resetButton = $('#moves-reset');
  var indexStatus = $('#moves-status');
  var otherNames = new Map();   // move id → its names in every language, folded

  function optionValues(select) { return select ? $$('option', select).map(function (o) { return o.value; }) : []; }
  function sortedBy() {
    var th = movesTable ? $('th[aria-sort]', movesTable) : null;
    return th ? { key: th.getAttribute('data-key'), dir: th.getAttribute('aria-sort') } : { key: 'name', dir: 'ascending' };
  }

  // `type=electric&cat=special&sort=power-desc&q=thunder`: any order, each optional, unknown parts ignored.
  function parseHash(hash) {
    var next = { type: '', cat: '', key: 'name', dir: 'ascending', q: '' };
    site.readHash(hash).forEach(function (part) {
      var key = part.key, value = part.value;
      if (value === null) return;
      if (key === 'type' && value && optionValues(typeSelect).indexOf(value) >= 0) next.type = value;
      else if (key === 'cat' && value && optionValues(catSelect).indexOf(value) >= 0) next.cat = value;
      else if (key === 'q') next.q = value.trim();
      else if (key === 'sort') {
        var m = /^([a-z]+)-(asc|desc)$/.exec(value);
        if (m && $('th[data-key="' + m[1] + '"]', movesTable)) {
          next.key = m[1];
          next.dir = m[2] === 'desc' ? 'descending' : 'ascending';
        }
      }
    });
    return next;
  }

  function writeHash() {
    var sort = sortedBy();
    var sorted = sort.key !== 'name' || sort.dir !== 'ascending';
    site.showHash(site.formatHash([
      ['type', typeSelect.value], ['cat', catSelect.value],
      ['sort', sorted ? sort.key + (sort.dir === 'descending' ? '-desc' : '-asc') : ''], ['q', search.value.trim()]
    ]));
    paintReset();
  }

  function paintReset() {
    var sort = sortedBy();
    resetButton.disabled = !(typeSelect.value || catSelect.value || search.value.trim() ||
      sort.key !== 'name' || sort.dir !== 'ascending');
  }

  function filterRows() {
    var type = typeSelect.value;
    var cat = catSelect.value;
    var query = site.query(search.value);
    var rows = movesTable.tBodies[0].rows;
    var count = 0;
    Array.prototype.forEach.call(rows, function (tr) {
      var show = (!type || tr.getAttribute('data-type') === type) && (!cat || tr.getAttribute('data-cat') === cat);
      if (show && query.text) {
        // The name shown always counts; the others once their script is here.
        show = query.rank(site.fold(text($('.col-name', tr)))) >= 0 ||
          (otherNames.get(tr.getAttribute('data-id')) || []).some(function (n) { return query.rank(n) >= 0; });
      }
      tr.hidden = !show;
      if (show) count++;
    });
    indexStatus.textContent = count === rows.length ? tr('moves_count', '{n} moves', { n: rows.length })
      : count === 0 ? tr('moves_none', 'No moves match: 0 of {total} moves.', { total: rows.length })
      : tr('moves_some', '{n} of {total} moves', { n: count, total: rows.length });
  }

  // POKEDEX_MOVE_NAMES, version 1 (find.js's decodeNames), loaded on first use of the search box, like the Pokémon
  // names. → move id (a string, as rows' data-id) → its names in every language, folded.
  function decodeMoveNames(raw) {
    var out = new Map();
    site.decodeNames(raw, 1).names.forEach(function (names, id) {
      out.set(String(id), (out.get(String(id)) || []).concat(names.map(function (n) { return site.fold(n.name); })));
    });
    return out;
  }

  // Failing (offline), the table says so above it, with a Retry button; the names shown are searched meanwhile.
  var moveNames = site.onDemand({
    urls: function () { return [search.getAttribute('data-names')]; },
    loaded: function () {
      otherNames = decodeMoveNames(window.POKEDEX_MOVE_NAMES);
      if (search.value.trim()) filterRows();
    },
    message: function () { return tr('move_names_failed', 'Move names in other languages could not be loaded: only the names shown here are searched.'); },
    place: function (note) { indexStatus.parentNode.insertBefore(note, indexStatus.nextSibling); },
    refocus: function () { return search; }
  });
  function loadNames() { if (indexControls) moveNames.load(); }

  function applyHash(hash) {
    var next = parseHash(hash);
    typeSelect.value = next.type;
    catSelect.value = next.cat;
    if (search.value.trim() !== next.q) search.value = next.q;
    if (next.q) loadNames();
    var now = sortedBy();
    if (now.key !== next.key || now.dir !== next.dir) sortTable(movesTable, $('th[data-key="' + next.key + '"]', movesTable), next.dir);
    filterRows();
    paintReset();
  }

  // A theme's moves index without these controls keeps a sortable table and no address.
  var indexControls = !!(movesTable && search && typeSelect && catSelect && resetButton && indexStatus);
  if (indexControls) {
    enhance(movesTable);
    [typeSelect, catSelect].forEach(function (select) {
      select.addEventListener('change', function () { filterRows(); writeHash(); });
    });
    search.addEventListener('focus', loadNames);
    search.addEventListener('input', function () { loadNames(); filterRows(); writeHash(); });
    search.addEventListener('keydown', function (event) {
      if (event.key === 'Escape' && search.value) { search.value = ''; filterRows(); writeHash(); }
    });
    resetButton.addEventListener('click', function () {
      applyHash('');
      writeHash();
      typeSelect.focus();   // the button it was on is disabled now
    });
    window.addEventListener('hashchange', function () { applyHash(location.hash); });
    applyHash(location.hash);
    $('.moves-controls').hidden = false;
  }

  $$('table.sortable').forEach(enhance);

  // For node's test runner (Tests/scripts): the decoders, without a page.
  site.moves = { decodeGame: decodeGame, decodeMoveNames: decodeMoveNames };
})();
