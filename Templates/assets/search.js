/* Pokédex site-wide search: Pokémon, moves, abilities and types by name in every language PokeAPI has, with the
   folding of the Pokémon search (case, accents, width, kana). app.js loads it, after window.POKEDEX_SEARCH, the
   first time a search box is used. Results are grouped by kind: under the top bar's box as you type, on
   search.html in full, and on the index (whose grid shows the Pokémon) as the other kinds below the grid. Names
   only ever reach the DOM through textContent and setAttribute. */
(function () {
  'use strict';
  var site = window.PokedexSite;
  var data = window.POKEDEX_SEARCH;
  if (!site || !data || data.version !== 1) return;
  var $ = site.$, el = site.el, fold = site.fold, root = site.root, tr = site.tr;
  var PREVIEW = 5;      // per kind, under the top bar's box
  var PAGE = Infinity;  // per kind, on search.html: every result

  // The page's language among the names' (its bit in each name's mask): its matches rank first.
  // A language's other scripts count as its own (a Japanese page: kana and kanji names alike).
  var pageLang = (document.documentElement.getAttribute('lang') || '').toLowerCase().split('-')[0];
  var pageBit = 0;
  (data.languages || []).forEach(function (language, i) {
    if (String(language[2] || language[0]).toLowerCase().split('-')[0] === pageLang) pageBit |= 1 << i;
  });

  // Each item once: {href, label, names: its folded names, masks: each name's languages}.
  var groups = data.groups.map(function (group) {
    return {
      kind: group[0], heading: group[1],
      items: group[2].map(function (item) {
        var names = [], masks = [];
        for (var i = 2; i < item.length; i += 2) {
          var f = fold(item[i]);
          var at = names.indexOf(f);
          if (at < 0) { names.push(f); masks.push(item[i + 1] || 0); } else masks[at] |= item[i + 1] || 0;
        }
        var label = fold(item[1]);
        if (names.indexOf(label) < 0) { names.push(label); masks.push(pageBit); }
        return { href: item[0], label: item[1], names: names, masks: masks };
      })
    };
  });

  /* Matches by kind: a name that is the query first, then one that starts with it, then one with a word that
     does, then any other that contains it; ties in the site's order (Pikachu before its forms, moves and abilities
     by name). */
  function find(query) {
    var q = fold(query);
    if (!q) return [];
    return groups.map(function (group) {
      var found = [];
      group.items.forEach(function (item, order) {
        // Ranks 0–3 for a name in the page's language, 4–7 in another: the page's language first.
        var rank = 8;
        for (var i = 0; i < item.names.length && rank > 0; i++) {
          var name = item.names[i];
          var other = pageBit && (item.masks[i] & pageBit) ? 0 : 4;
          var at = name.indexOf(q);
          var own = at === 0 ? (name.length === q.length ? 0 : 1)
            : at > 0 && /[\s\-.'(]/.test(name.charAt(at - 1)) ? 2 : at > 0 ? 3 : -1;
          if (own >= 0) rank = Math.min(rank, own + (pageBit ? other : 0));
        }
        if (rank < 8) found.push({ item: item, rank: rank, order: order });
      });
      found.sort(function (a, b) { return a.rank - b.rank || a.order - b.order; });
      return { kind: group.kind, heading: group.heading, items: found.map(function (f) { return f.item; }) };
    }).filter(function (group) { return group.items.length; });
  }

  function count(found) {
    return found.reduce(function (n, group) { return n + group.items.length; }, 0);
  }

  function said(n) {
    return n === 0 ? tr('no_results', 'No results') : n === 1 ? tr('one_result', '1 result') : tr('results', '{n} results', { n: n });
  }

  // One section per kind: a heading with its count, then links.
  function render(into, found, limit, headingTag, idPrefix) {
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
      var list = el('ul', 'result-list');
      group.items.slice(0, limit).forEach(function (item) {
        var li = el('li');
        var a = el('a');
        a.setAttribute('href', root + item.href);
        a.textContent = item.label;
        li.appendChild(a);
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
      var found = find(query);
      var n = count(found);
      render(list, found, PREVIEW, 'h2', 'site-results-');
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
      var found = find(query);
      render(results, found, PAGE, 'h2', 'results-');
      if (status) status.textContent = fold(query) ? said(count(found)) + ' for “' + query + '”' : '';
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
      var found = fold(box.value) ? find(box.value).filter(function (group) { return group.kind !== 'pokemon'; }) : [];
      render(elsewhere, found, PREVIEW * 2, 'h2', 'elsewhere-');
    }
    box.addEventListener('input', debounce(update));
    update();
  }

  window.PokedexSearch = {
    find: find,
    start: function () {
      var bar = $('#site-q');
      if (site.kind === 'search') attachPage(bar);
      else if (bar) attachBar(bar);
      var index = $('#search');
      if (index && site.kind === 'index') attachIndex(index);
    }
  };
})();
