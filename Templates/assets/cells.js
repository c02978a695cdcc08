/* Pokédex: the cells of the Pokémon lists, built from the index's data script (so from file:// too): the index and
   favorites pages (list.js: views, search, filters, infinite scroll) and search.html's results (search.js) load it.
   It builds on app.js (`window.PokedexSite`: stars, names that wrap). Cells built here mirror
   Templates/partials/cell.mustache, and API data only ever reaches the DOM through textContent and setAttribute. */
(function () {
  'use strict';

  var site = window.PokedexSite;
  if (!site) return;
  var doc = document;
  var DATA = decodeData(window.POKEDEX_DATA);
  var root = site.root, siteRoot = site.siteRoot, tr = site.tr;
  var $ = site.$, $$ = site.$$, el = site.el, paintStar = site.paintStar;
  var EAGER = 4;   // the first cells of a list load their pictures at once, the others when scrolled near

  /* ---------- Data script: positional rows → the objects the rest of this file reads ---------- */

  // Version 4, a row: [id, slug, name, [type indices], generation, number, form, picture?]: `number` the national
  // dex number where it is not the id (a form has its species'), else 0; `form` 0 for a species' default Pokémon, 1
  // for a form that plays differently, 2 for one that only looks different, in site order. `typeLabels` (not in
  // English): `types` in the page's language. Without a picture of its own, a row's is the pattern in `pic` ([w,
  // h, [widths], "images/{id}.png" or PokeAPI's URL with {id}]) of that shape. `pageCount` and `perPage` describe
  // the static pages' list: rows of form 0 and 1. The base stats are in their own script (`stats`): `stats` and
  // `total` stay null until a sort by them loads it (decodeStats). The regional Pokédexes' members are in theirs
  // (`dexes`, absent without one), loaded when the index is filtered by one.
  function decodeData(raw) {
    var out = { pokemon: [], favorites: [], perPage: 24, pageCount: 1, names: '', stats: '', dexes: '', types: [], typeLabels: null };
    if (!raw || raw.version !== 4 || !Array.isArray(raw.pokemon)) return out;
    out.favorites = raw.favorites || [];
    out.perPage = raw.perPage || 24;
    out.pageCount = raw.pageCount || 1;
    out.names = typeof raw.names === 'string' ? raw.names : '';
    out.stats = typeof raw.stats === 'string' ? raw.stats : '';
    out.dexes = typeof raw.dexes === 'string' ? raw.dexes : '';
    out.types = Array.isArray(raw.types) ? raw.types : [];
    out.typeLabels = Array.isArray(raw.typeLabels) ? raw.typeLabels : null;
    var shape = Array.isArray(raw.pic) ? raw.pic : [475, 475, []];
    var pattern = typeof shape[3] === 'string' ? shape[3] : 'images/{id}.png';
    raw.pokemon.forEach(function (row, index) {
      var own = Array.isArray(row[7]) ? row[7] : null;
      var number = row[5] || row[0];
      out.pokemon.push({
        id: row[0], slug: row[1], name: row[2], index: index, num: number, form: row[6] ? 1 : 0, looks: row[6] === 2,
        number: '#' + String(number).padStart(4, '0'),
        types: (row[3] || []).map(function (i) { return out.types[i]; }).filter(Boolean),
        gen: row[4] || 0, stats: null, total: null,
        image: own ? own[0] : pattern.replace('{id}', String(row[0])), w: own ? own[1] : shape[0],
        h: own ? own[2] : shape[1], t: own ? own[3] : shape[2]
      });
    });
    return out;
  }

  // A type's name in the page's language when the data script has it (English: its API name made readable).
  function typeLabel(data, name) {
    var index = data.types.indexOf(name);
    return data.typeLabels && index >= 0 && data.typeLabels[index] ? data.typeLabels[index] : titleCase(name);
  }
  function titleCase(name) {
    return name.split('-').filter(Boolean).map(function (w) { return w.charAt(0).toUpperCase() + w.slice(1); }).join(' ');
  }

  /* ---------- Cells ---------- */

  // Clones of the <template id="cell-template"> the page renders from partials/cell and partials/star, so that a
  // theme edits the cell's markup in one place; the same markup made here on a page without one.
  var SVG = 'http://www.w3.org/2000/svg';
  function blankCell() {
    var template = $('#cell-template');
    if (template) return template.content.firstElementChild.cloneNode(true);
    var li = el('li', 'cell');
    var link = li.appendChild(el('a', 'cell-link'));
    var img = link.appendChild(el('span', 'art')).appendChild(el('img'));
    img.setAttribute('sizes', '(max-width: 313px) calc(100vw - 40px), (max-width: 463px) calc(50vw - 33px), 190px');
    img.setAttribute('decoding', 'async');
    img.setAttribute('loading', 'lazy');
    link.appendChild(el('span', 'num'));
    link.appendChild(el('span', 'name'));
    link.appendChild(el('span', 'types')).appendChild(el('span', 'type'));
    var star = li.appendChild(el('button', 'star'));
    star.type = 'button';
    var icon = star.appendChild(doc.createElementNS(SVG, 'svg'));
    icon.setAttribute('viewBox', '0 0 24 24');
    icon.setAttribute('aria-hidden', 'true');
    icon.setAttribute('focusable', 'false');
    icon.appendChild(doc.createElementNS(SVG, 'path')).setAttribute('d', 'M12 2.8l2.8 5.8 6.4.9-4.6 4.5 1.1 6.3L12 17.3l-5.7 3 1.1-6.3-4.6-4.5 6.4-.9z');
    return li;
  }

  function isAbsolute(url) { return /^(https?:|data:)/i.test(url); }
  function typeClass(type) { return /^[a-z0-9]+(-[a-z0-9]+)*$/.test(type) ? type : 'unknown'; }

  // `p` as decodeData makes it; `label(type)`: a type's name in the page's language (default: this page's data's).
  function buildCell(p, lazy, label) {
    var li = blankCell();
    li.setAttribute('data-id', String(p.id));
    li.setAttribute('data-slug', p.slug);
    $('.cell-link', li).setAttribute('href', root + 'pokemon/' + p.slug + '.html');
    var img = $('img', li);
    var fallback = siteRoot + 'assets/placeholder.svg';
    var local = typeof p.image === 'string' && p.image && !isAbsolute(p.image);
    var src = typeof p.image === 'string' && p.image ? (local ? siteRoot + p.image : p.image) : fallback;
    // Thumbnails of images/25.png are images/25-<width>.webp; srcset before src, so only one picture loads.
    var widths = local && Array.isArray(p.t) ? p.t : [];
    if (widths.length) {
      var stem = src.replace(/\.png$/, '');
      img.setAttribute('srcset', widths.map(function (w) { return stem + '-' + w + '.webp ' + w + 'w'; })
        .concat([src + ' ' + (p.w || 475) + 'w']).join(', '));
      src = stem + '-' + widths[0] + '.webp';
    } else {
      img.removeAttribute('srcset');
      img.removeAttribute('sizes');
    }
    img.setAttribute('src', src);
    img.setAttribute('width', String(p.w || 475));
    img.setAttribute('height', String(p.h || 475));
    img.setAttribute('alt', p.name);
    if (!lazy) img.removeAttribute('loading');
    img.setAttribute('data-fallback', fallback);
    $('.num', li).textContent = p.number;
    // In Japanese, Chinese and Korean with a <wbr> where it may wrap (app.js); the picture's alt keeps it whole.
    site.putName($('.name', li), p.name);
    var types = $('.types', li);
    var blank = $('.type', types);
    (p.types || []).forEach(function (t) {
      var badge = blank.cloneNode(false);
      badge.setAttribute('class', 'type type-' + typeClass(t));
      badge.textContent = label ? label(t) : typeLabel(DATA, t);
      types.appendChild(badge);
    });
    blank.remove();
    var star = $('.star', li);
    star.setAttribute('data-id', String(p.id));
    star.setAttribute('data-name', p.name);
    paintStar(star);
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


  /* ---------- Loading indicator: while added cells' pictures come in ---------- */

  // Under a list, from the moment more cells are asked for until every picture of theirs has loaded or failed (no
  // delay of its own). The list is aria-busy meanwhile; what was added is said once, by the list's status.
  function makeLoader(list, before) {
    if (!list || !before) return null;
    var loader = el('p', 'loader');
    loader.hidden = true;
    var spinner = el('span', 'loader-spinner');
    spinner.setAttribute('aria-hidden', 'true');
    var text = el('span', 'loader-text');
    text.textContent = tr('loading_more', 'Loading more Pokémon…');
    loader.appendChild(spinner);
    loader.appendChild(text);
    before.parentNode.insertBefore(loader, before);
    var waiting = new Set();
    function done() {
      loader.hidden = true;
      list.removeAttribute('aria-busy');
    }
    function settle(event) {
      var img = event.target;
      img.removeEventListener('load', settle);
      img.removeEventListener('error', settle);
      if (waiting.delete(img) && !waiting.size) done();
    }
    return {
      reset: function () {
        waiting.forEach(function (img) {
          img.removeEventListener('load', settle);
          img.removeEventListener('error', settle);
        });
        waiting.clear();
        done();
      },
      watch: function (cells) {
        cells.forEach(function (cell) {
          var img = $('img', cell);
          if (!img || img.complete) return;
          waiting.add(img);
          img.addEventListener('load', settle);
          img.addEventListener('error', settle);
        });
        if (waiting.size) {
          loader.hidden = false;
          list.setAttribute('aria-busy', 'true');
        } else {
          done();
        }
      }
    };
  }

  // For list.js and search.js, and node's test runner (Tests/scripts): the page's data, decoded, and its cells.
  site.cells = {
    data: DATA, eager: EAGER, decodeData: decodeData, typeLabel: typeLabel, buildCell: buildCell, fillGrid: fillGrid,
    makeLoader: makeLoader
  };
})();
