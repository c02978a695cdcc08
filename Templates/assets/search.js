/* Pokédex site-wide search: Pokémon, moves, abilities and types by name in every language PokeAPI has, with the
   folding of the Pokémon search (case, accents, width, kana). app.js loads it, after window.POKEDEX_SEARCH, the
   first time a search box is used. Results are grouped by kind: under the top bar's box as you type, on
   search.html in full (the Pokémon as the index's cells), and on the index (whose grid shows the Pokémon) as the
   other kinds below the grid. A result found through another name than its own says which, and in which language.
   Names only ever reach the DOM through textContent and setAttribute. */
(function () {
  'use strict';
  var site = window.PokedexSite;
  if (!site) return;
  var $ = site.$, el = site.el, fold = site.fold, root = site.root, tr = site.tr;
  var PREVIEW = 5;      // per kind, under the top bar's box
  var PAGE = Infinity;  // per kind, on search.html: every result

  /* The data script, version 1: {languages: [[code, label, bcp47]…], groups: [[kind, heading, [[href, label,
     name, mask, name, mask…]…]]…]}, in the page's language (headings, labels), bit i of a mask meaning
     languages[i] spells the name so. Version 2 adds `pokemon`, what search.html's cells show of the Pokémon group
     (the first, kind "pokemon"), parallel to its items: {types: [API names], typeLabels: [names in the page's
     language; absent in English], pic: [w, h, [thumbnail widths], pattern], cells: [[id, number, [type indices],
     picture?]…]}, `picture` ([image, w, h, [widths]]) only when it is not the pattern ("images/{id}.png", or
     PokeAPI's URL with {id}) of the shape `pic`.
     `pageLang`: the page's language (its names rank first; a language's other scripts count as its own).
     → {languages, groups: [{kind, heading, items: [{href, label, names: folded, spellings, masks, own: the
     index of the label among names, cell: null or what buildCell reads}]}]}, or null for an unknown version. */
  function decode(data, pageLang) {
    if (!data || (data.version !== 1 && data.version !== 2) || !Array.isArray(data.groups)) return null;
    var languages = Array.isArray(data.languages) ? data.languages : [];
    var lang = String(pageLang || '').toLowerCase().split('-')[0];
    var pageBit = 0;
    languages.forEach(function (language, i) {
      if (String(language[2] || language[0]).toLowerCase().split('-')[0] === lang) pageBit |= 1 << i;
    });
    var pokemon = data.version === 2 && data.pokemon && Array.isArray(data.pokemon.cells) ? data.pokemon : null;
    var groups = data.groups.map(function (group, g) {
      var cells = g === 0 && group[0] === 'pokemon' && pokemon ? pokemon.cells : null;
      return {
        kind: group[0], heading: group[1],
        items: group[2].map(function (item, n) {
          var names = [], spellings = [], masks = [];
          site.namePairs(item, 2).forEach(function (pair) {
            var f = fold(pair.name);
            var at = names.indexOf(f);
            if (at < 0) { names.push(f); spellings.push(pair.name); masks.push(pair.mask); } else masks[at] |= pair.mask;
          });
          var label = fold(item[1]);
          var own = names.indexOf(label);
          if (own < 0) { own = names.length; names.push(label); spellings.push(item[1]); masks.push(pageBit); }
          return {
            href: item[0], label: item[1], names: names, spellings: spellings, masks: masks, own: own,
            cell: cells && Array.isArray(cells[n]) ? cellOf(item, cells[n], pokemon) : null
          };
        })
      };
    });
    // Version 2 names the languages in the page's language.
    return { languages: languages, pageBit: pageBit, groups: groups, localized: data.version >= 2 };
  }

  function cellOf(item, cell, pokemon) {
    var types = Array.isArray(pokemon.types) ? pokemon.types : [];
    var labels = Array.isArray(pokemon.typeLabels) ? pokemon.typeLabels : null;
    var shape = Array.isArray(pokemon.pic) ? pokemon.pic : [475, 475, []];
    var pattern = typeof shape[3] === 'string' ? shape[3] : 'images/{id}.png';
    var picture = Array.isArray(cell[3]) ? cell[3] : null;
    return {
      id: cell[0], slug: String(item[0]).replace(/^.*\//, '').replace(/\.html$/, ''), name: item[1],
      number: '#' + String(cell[1]).padStart(4, '0'),
      types: (cell[2] || []).map(function (i) { return types[i]; }).filter(Boolean),
      typeLabels: labels ? (cell[2] || []).map(function (i) { return labels[i]; }) : null,
      image: picture ? picture[0] : pattern.replace('{id}', String(cell[0])), w: picture ? picture[1] : shape[0],
      h: picture ? picture[2] : shape[1], t: picture ? picture[3] : shape[2]
    };
  }

  /* Matches by kind, ranked as every search ranks (find.js's query): the name that is the query first, then one that
     starts with it, then one with a word that does, one that contains it, one with every word of it; the page's
     language first; ties in the site's order (Pikachu before its forms, moves and abilities by name). Each result:
     {item, via}: `via` the name that matched when it is not the label ({name, languages: [[code, label, bcp47]…]}),
     else null. */
  var RANKS = 5;
  function find(decoded, text) {
    var query = site.query(text);
    if (!query.text || !decoded) return [];
    var pageBit = decoded.pageBit;
    return decoded.groups.map(function (group) {
      var found = [];
      group.items.forEach(function (item, order) {
        // A name in the page's language before one in another; at a rank, the label before the others.
        var rank = 2 * RANKS;
        var best = -1;
        for (var i = 0; i < item.names.length; i++) {
          var r = query.rank(item.names[i]);
          if (r < 0) continue;
          if (pageBit && !(item.masks[i] & pageBit)) r += RANKS;
          if (r < rank || (r === rank && i === item.own)) { rank = r; best = i; }
        }
        if (best >= 0) found.push({ item: item, rank: rank, order: order, via: best === item.own ? null : viaOf(decoded, item, best) });
      });
      found.sort(function (a, b) { return a.rank - b.rank || a.order - b.order; });
      return { kind: group.kind, heading: group.heading, items: found.map(function (f) { return { item: f.item, via: f.via }; }) };
    }).filter(function (group) { return group.items.length; });
  }

  function viaOf(decoded, item, i) {
    var languages = site.maskBits(item.masks[i], decoded.languages.length).map(function (bit) { return decoded.languages[bit]; });
    return { name: item.spellings[i], languages: languages };
  }

  // For node's test runner (Tests/scripts), and for start(): a page without the data has nothing to start.
  var api = { decode: decode, find: function (query) { return find(current, query); }, findIn: find, start: start };
  window.PokedexSearch = api;
  var current = decode(window.POKEDEX_SEARCH, document.documentElement.getAttribute('lang'));

  function count(found) {
    return found.reduce(function (n, group) { return n + group.items.length; }, 0);
  }

  function said(n) {
    return n === 0 ? tr('no_results', 'No results') : n === 1 ? tr('one_result', '1 result') : tr('results', '{n} results', { n: n });
  }

  // A Pokémon result as the index shows one (cells.js's cells: search.html loads it), the matched name above its
  // types.
  function resultCell(result, lazy) {
    var cell = result.item.cell;
    var li = site.cells.buildCell(cell, lazy, function (t) {
      var i = cell.types.indexOf(t);
      return cell.typeLabels && cell.typeLabels[i] ? cell.typeLabels[i] : t.charAt(0).toUpperCase() + t.slice(1);
    });
    if (result.via) {
      var link = $('.cell-link', li);
      link.insertBefore(site.matchedLine(result.via.name, result.via.languages, current.localized), $('.types', link));
    }
    return li;
  }

  // One section per kind: a heading with its count, then links (on search.html, the Pokémon as cells when the
  // data script has them).
  function render(into, found, limit, headingTag, idPrefix, cells) {
    into.replaceChildren();
    found.forEach(function (group) {
      var section = el('section', 'result-group result-' + group.kind);
      var id = idPrefix + group.kind;
      section.setAttribute('aria-labelledby', id);
      var heading = el(headingTag);
      heading.id = id;
      heading.textContent = group.heading + ' ';
      var n = el('span', 'count');
      n.textContent = String(group.items.length);
      heading.appendChild(n);
      section.appendChild(heading);
      var shown = group.items.slice(0, limit);
      var asCells = cells && site.cells && shown.every(function (r) { return r.item.cell; });
      var list = el('ul', asCells ? 'grid result-cells' : 'result-list');
      shown.forEach(function (result, index) {
        if (asCells) { list.appendChild(resultCell(result, index >= 4)); return; }
        var li = el('li');
        var a = el('a');
        a.setAttribute('href', root + result.item.href);
        a.textContent = result.item.label;
        li.appendChild(a);
        if (result.via) li.appendChild(site.matchedLine(result.via.name, result.via.languages, current.localized));
        list.appendChild(li);
      });
      section.appendChild(list);
      if (group.items.length > limit) {
        var more = el('p', 'result-more');
        more.textContent = tr('and_n_more', 'and {n} more', { n: group.items.length - limit });
        section.appendChild(more);
      }
      into.appendChild(section);
    });
  }

  function debounce(fn) {
    var timer = 0;
    return function () { clearTimeout(timer); timer = setTimeout(fn, 80); };
  }

  /* ---------- The top bar's box: a panel of the first results of each kind ---------- */

  function attachBar(box) {
    var form = box.form;
    var panel = el('div', 'site-results');
    panel.id = 'site-results';
    panel.hidden = true;
    var status = el('p', 'vh');
    status.setAttribute('role', 'status');
    var list = el('div', 'site-results-list');
    var all = el('a', 'site-results-all');
    panel.appendChild(list);
    panel.appendChild(all);
    form.appendChild(panel);
    form.appendChild(status);
    box.setAttribute('aria-controls', panel.id);

    function close() { panel.hidden = true; }
    function update() {
      var query = box.value;
      if (!fold(query)) { close(); status.textContent = ''; return; }
      var found = api.find(query);
      var n = count(found);
      render(list, found, PREVIEW, 'h2', 'site-results-', false);
      all.setAttribute('href', root + 'search.html?q=' + encodeURIComponent(query));
      all.textContent = n === 1 ? tr('all_one', 'All 1 result') : n ? tr('all_results', 'All {n} results', { n: n }) : tr('no_results_browse', 'No results: browse the indexes');
      panel.hidden = false;
      status.textContent = said(n);
    }
    box.addEventListener('input', debounce(update));
    box.addEventListener('focus', function () { if (fold(box.value)) update(); });
    form.addEventListener('keydown', function (event) {
      if (event.key === 'Escape' && !panel.hidden) {
        close();
        box.focus();
      }
    });
    document.addEventListener('click', function (event) {
      if (!form.contains(event.target)) close();
    });
    form.addEventListener('focusout', function (event) {
      if (event.relatedTarget && !form.contains(event.relatedTarget)) close();
    });
    if (document.activeElement === box && fold(box.value)) update();
    return update;
  }

  /* ---------- search.html: every result, from ?q= ---------- */

  function attachPage(box) {
    var results = $('.search-page-results');
    var status = $('.search-page-status');
    if (!results) return;
    function show(query) {
      var found = api.find(query);
      var n = count(found);
      render(results, found, PAGE, 'h2', 'results-', true);
      if (status) {
        status.textContent = !fold(query) ? ''
          : n === 0 ? tr('search_page_none', 'No results for “{query}”', { query: query })
          : n === 1 ? tr('search_page_one', '1 result for “{query}”', { query: query })
          : tr('search_page_many', '{n} results for “{query}”', { n: n, query: query });
      }
    }
    var query = new URLSearchParams(location.search).get('q') || '';
    if (box && !box.value) box.value = query;
    show(query);
    if (box) {
      box.addEventListener('input', debounce(function () {
        show(box.value);
        site.replaceAddress('?q=' + encodeURIComponent(box.value));
      }));
    }
  }

  /* ---------- The index: its grid shows the Pokémon; the other kinds below it ---------- */

  function attachIndex(box) {
    var view = $('#view-search');
    if (!view) return;
    var elsewhere = el('div', 'site-elsewhere');
    view.appendChild(elsewhere);
    function update() {
      var found = fold(box.value) ? api.find(box.value).filter(function (group) { return group.kind !== 'pokemon'; }) : [];
      render(elsewhere, found, PREVIEW * 2, 'h2', 'elsewhere-', false);
    }
    box.addEventListener('input', debounce(update));
    update();
  }

  function start() {
    if (!current) return;
    var bar = $('#site-q');
    if (site.kind === 'search') attachPage(bar);
    else if (bar) attachBar(bar);
    var index = $('#search');
    if (index && site.kind === 'index') attachIndex(index);
  }
})();
