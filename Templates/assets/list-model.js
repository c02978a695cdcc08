/* Pokédex: what the index's and favorites' lists decide, without the page: the stats, regional Pokédexes' and names
   scripts decoded, a favorites file read and written, a query ranked, the results found and said, the filters
   counted and labelled, the address's state read and written, the list filtered and sorted. Functions of their
   arguments alone, on `window.PokedexSite.listModel` (node's tests call them: Tests/scripts/list-model.test.mjs);
   list-search.js and list.js, loaded after this file, put them to work on the page. It builds on find.js (folding,
   ranking, the hash's parts). */
(function () {
  'use strict';

  var site = window.PokedexSite;
  if (!site || !site.query) return;

  // The sort keys, as the address and the sort list name them; from the third on, by the stats script.
  var SORT_KEYS = ['number', 'name', 'total', 'hp', 'attack', 'defense', 'special-attack', 'special-defense', 'speed'];

  /* POKEDEX_STATS, version 1: {pokemon: [[id, hp, attack, defense, special-attack, special-defense, speed]…]} →
     id → {stats, total}. */
  function decodeStats(raw) {
    var out = new Map();
    if (!raw || raw.version !== 1 || !Array.isArray(raw.pokemon)) return out;
    raw.pokemon.forEach(function (row) {
      if (!Array.isArray(row)) return;
      var stats = row.slice(1, 7).map(function (v) { return Number(v) || 0; });
      out.set(row[0], { stats: stats, total: stats.reduce(function (a, b) { return a + b; }, 0) });
    });
    return out;
  }

  /* POKEDEX_DEXES, version 1: {dexes: [[API name, [[species number, its number there]…]]…]} → name → Map. */
  function decodeDexes(raw) {
    var out = new Map();
    if (!raw || raw.version !== 1 || !Array.isArray(raw.dexes)) return out;
    raw.dexes.forEach(function (dex) {
      if (!Array.isArray(dex) || !Array.isArray(dex[1])) return;
      out.set(dex[0], new Map(dex[1].filter(Array.isArray).map(function (pair) { return [pair[0], pair[1]]; })));
    });
    return out;
  }

  // POKEDEX_NAMES, version 2 (find.js's decodeNames): id → [{name, langs, own}].
  function decodeNames(raw) { return site.decodeNames(raw, 2); }

  // National dex number → its default Pokémon's name: what a sort by name orders species by.
  function speciesNames(pokemon) {
    var out = new Map();
    pokemon.forEach(function (p) { if (!p.form && !out.has(p.num)) out.set(p.num, p.name); });
    return out;
  }

  // A name as the favorites file may spell it, as FavoritesCatalog.normalise (Swift) reads it: any case, spaces or
  // hyphens, without dots and apostrophes, ♀/♂ as -f/-m: "Mr. Mime", "mr mime" and "mr-mime" are one.
  function normalise(text) {
    return String(text).toLowerCase().replace(/♀/g, '-f').replace(/♂/g, '-m').replace(/[.’':]/g, '')
      .replace(/é/g, 'e').split(/[ -]+/).filter(Boolean).join('-');
  }

  // The site's Pokémon by what a favorites file may call them (their API names and their names as shown,
  // normalised) and by id: what parseFavoritesFile looks entries up in.
  function favoritesCatalog(pokemon) {
    var byName = new Map(), byId = new Map();
    pokemon.forEach(function (p) {
      byId.set(p.id, p);
      [p.slug, normalise(p.slug), normalise(p.name)].forEach(function (key) { if (!byName.has(key)) byName.set(key, p); });
    });
    return { byName: byName, byId: byId };
  }

  // Reads what export writes and `pokedex build --favorites` reads, as the build reads it: a JSON array of ids, API
  // names, names as shown and numbers ("25", "#025"); a file of white space is an empty list. The whole file is
  // checked before anything changes. Ids this site does not list are kept, as export keeps them; names (and
  // numbers) it does not know are reported. `known`: favoritesCatalog's; `tr`: the page's words.
  // → {ids, unknown} or {error}. Tests/scripts/fixtures/favorites-cases.json holds the cases both readers pass.
  function parseFavoritesFile(text, known, tr) {
    var list;
    var body = String(text).replace(/^\uFEFF/, '');
    if (!body.trim()) return { ids: [], unknown: [] };
    try { list = JSON.parse(body); } catch (e) {
      return { error: tr('import_not_json', 'it is not JSON') };
    }
    if (!Array.isArray(list)) return { error: tr('import_not_list', 'it is not a list of Pokémon names or numbers') };
    var ids = [];
    var unknown = [];
    for (var i = 0; i < list.length; i++) {
      var entry = list[i];
      if (typeof entry === 'number' && Number.isInteger(entry) && entry > 0) {
        ids.push(entry);
      } else if (typeof entry === 'string' && entry.trim()) {
        var number = /^#?(\d+)$/.exec(entry.trim());
        var found = number ? known.byId.get(Number(number[1])) : known.byName.get(normalise(entry.trim()));
        if (found) ids.push(found.id); else unknown.push(entry.trim());
      } else {
        return { error: tr('import_bad_entry', 'entry {n} is neither a Pokémon name nor a number', { n: i + 1 }) };
      }
    }
    if (!ids.length && unknown.length) return { error: tr('import_none_known', 'none of its names is a Pokémon of this site') };
    return { ids: ids, unknown: unknown };
  }

  // The file export writes, for `list` (the favorites this site lists) and `ids` (all of them): what the CLI reads,
  // a JSON array of API names, or ids where the slug is not one (the build names a nameless form `<name>-<id>`);
  // the ids this site does not list are kept, as the import keeps them.
  function favoritesFile(list, ids, known) {
    var entries = list.map(function (p) {
      return /-\d+$/.test(p.slug) && p.slug.slice(-String(p.id).length - 1) === '-' + p.id ? p.id : p.slug;
    });
    ids.forEach(function (id) { if (!known.byId.has(id)) entries.push(id); });
    return JSON.stringify(entries, null, 2) + '\n';
  }

  // What an import says once done: how many it added, how many there are now, and at most five names it did not
  // know.
  function importReport(name, added, total, unknown, tr) {
    var text = added === 0 ? tr('import_nothing_new', 'Imported {name}: its favorites were all here already.', { name: name })
      : added === 1 ? tr('import_one', 'Imported {name}: 1 favorite added, {total} in all.', { name: name, total: total })
      : tr('import_many', 'Imported {name}: {n} favorites added, {total} in all.', { name: name, n: added, total: total });
    if (!unknown.length) return text;
    var names = unknown.slice(0, 5).join(', ');
    return text + ' ' + (unknown.length > 5
      ? tr('import_unknown_more', 'Not on this site: {names} and {n} more.', { names: names, n: unknown.length - 5 })
      : tr('import_unknown', 'Not on this site: {names}.', { names: names }));
  }

  // What a query is matched against, for the names script decoded as `names` (find.js's decodeNames): the display
  // name, the slug's words, then every other name (with its languages). `shown` marks the first two: a match through
  // them needs no explanation. A form's own names explain a match before those its species `lent` it
  // ("Méga-Dracaufeu X" for "dracaufeu", not "Dracaufeu"). Kept per Pokémon until the names change.
  function candidates(names) {
    var kept = new Map();
    return function (p) {
      var list = kept.get(p.id);
      if (!list) {
        var shown = site.fold(p.name);
        list = [{ f: shown, shown: true }, { f: p.slug.replace(/-/g, ' '), shown: true }];
        (names.names.get(p.id) || []).forEach(function (n) {
          var f = site.fold(n.name);
          if (f !== shown) list.push({ f: f, name: n.name, langs: n.langs, lent: !n.own });
        });
        kept.set(p.id, list);
      }
      return list;
    };
  }

  // "pikachu", "pika", "alolan raichu", "ピカチュウ"; "25", "025", "#25", "#0025": the species of that number
  // first (its default Pokémon, then its forms), then numbers starting so. Each result: [pokemon, the candidate
  // that explains the match, or null when a name shown did].
  function search(text, list, candidatesOf) {
    var query = site.query(text);
    var q = query.text;
    if (!q) return [];
    var scored = [];
    if (/^#?\d+$/.test(q)) {
      var n = parseInt(q.replace('#', ''), 10);
      var digits = String(n);
      list.forEach(function (p) {
        var score = p.num === n ? p.form : n > 0 && String(p.num).indexOf(digits) === 0 ? 2 : p.id === n ? 3 : -1;
        if (score >= 0) scored.push([score, p, null]);
      });
    } else {
      list.forEach(function (p) {
        var best = -1;
        var why = -1;
        var via = null;
        candidatesOf(p).forEach(function (c) {
          var s = query.rank(c.f);
          if (s < 0) return;
          // At an equal score the name shown wins: no "Matched:" line is needed.
          s = s * 2 + (c.shown ? 0 : 1);
          if (best < 0 || s < best) best = s;
          // Which name to explain: the shown one when it starts with the query, though another is the query itself.
          var w = Math.max(s, c.shown ? 0 : 3) + (c.lent ? 100 : 0);
          if (why < 0 || w < why) { why = w; via = c.shown ? null : c; }
        });
        if (best >= 0) scored.push([best, p, via]);
      });
    }
    scored.sort(function (a, b) { return a[0] - b[0] || a[1].index - b[1].index; });
    return scored.map(function (s) { return [s[1], s[2]]; });
  }

  // The filters on, as the Filters button counts them: each type, the generation, the Pokédex and a sort other
  // than the default. The search box is not one of them, but it too shows the results view (`filtersActive`).
  function activeFilters(filters) {
    return filters.types.length + (filters.gen ? 1 : 0) + (filters.dex ? 1 : 0) + (filters.sort !== 'number' || filters.dir !== 'asc' ? 1 : 0);
  }
  function filtersActive(filters) { return !!filters.q || activeFilters(filters) > 0; }

  // The generations the site's Pokémon are of, in order: the generation filter's options, and what the address may
  // name.
  function generations(pokemon) {
    var gens = [];
    pokemon.forEach(function (p) { if (p.gen && gens.indexOf(p.gen) < 0) gens.push(p.gen); });
    return gens.sort(function (a, b) { return a - b; });
  }

  // "Generation IV", "第4世代": the numerals the language writes generations in.
  function generationLabel(n, tr) {
    var romans = ['', 'I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];
    var roman = tr('generation_numerals', 'roman') === 'roman';
    return tr('generation', 'Generation {n}', { n: roman && romans[n] || String(n) });
  }

  // The list's state in the address: `#favorites&type=fire,flying&gen=1&dex=kanto&sort=speed-desc&q=pika&forms=all`.
  // `offered`: what this site has ({types: [API names], gens: [numbers], dexes: [API names]}); anything else, and
  // any part not understood, is left out as if absent.
  function parseHash(hash, offered) {
    var next = { view: 'all', types: [], gen: 0, dex: '', sort: 'number', dir: 'asc', q: '', forms: null };
    site.readHash(hash).forEach(function (part) {
      var key = part.key, value = part.value;
      if (key === 'favorites' && value === null) next.view = 'favorites';
      if (value === null) return;
      if (key === 'type') {
        value.toLowerCase().split(',').forEach(function (t) {
          if (offered.types.indexOf(t) >= 0 && next.types.indexOf(t) < 0 && next.types.length < 2) next.types.push(t);
        });
      } else if (key === 'gen' && /^\d+$/.test(value) && offered.gens.indexOf(Number(value)) >= 0) {
        next.gen = Number(value);
      } else if (key === 'dex' && value && offered.dexes.indexOf(value) >= 0) {
        next.dex = value;
      } else if (key === 'sort') {
        var m = /^([a-z-]+?)(?:-(asc|desc))?$/.exec(value.toLowerCase());
        if (m && SORT_KEYS.indexOf(m[1]) >= 0) { next.sort = m[1]; next.dir = m[2] || 'asc'; }
      } else if (key === 'q') {
        next.q = value.trim();
      } else if (key === 'forms' && value === 'all') {
        next.forms = true;
      }
    });
    return next;
  }

  // The state back into the address, each part only where it differs from the list as it opens.
  function formatHash(state) {
    var filters = state.filters;
    var sorted = filters.sort !== 'number' || filters.dir !== 'asc';
    return site.formatHash([
      ['favorites', state.view === 'favorites' ? null : ''], ['type', filters.types.join(',')],
      ['gen', filters.gen ? String(filters.gen) : ''], ['dex', filters.dex],
      ['sort', sorted ? filters.sort + '-' + filters.dir : ''], ['q', filters.q], ['forms', state.everyForm ? 'all' : '']
    ]);
  }

  // The Pokémon of `list` the filters keep; `dexes`: the decoded regional Pokédexes (a Pokédex not in yet, or that
  // could not be had, filters nothing).
  function filtered(list, filters, dexes) {
    return list.filter(function (p) {
      if (filters.gen && p.gen !== filters.gen) return false;
      var members = filters.dex && dexes.get(filters.dex);
      if (members && !members.has(p.num)) return false;
      return filters.types.every(function (t) { return p.types.indexOf(t) >= 0; });
    });
  }

  // Sorts results ([pokemon, match]) as the filters say. `speciesName`: national number → its default Pokémon's
  // name. Names compare word by word, punctuation aside ("Absol (Mega)" is "absol mega", before "absol mega z"),
  // split as the search splits them.
  function sorter(speciesName) {
    var collator = typeof Intl !== 'undefined' && Intl.Collator ? new Intl.Collator('en', { numeric: true, sensitivity: 'base' }) : null;
    var sortNames = new Map();
    function sortName(name) {
      var key = sortNames.get(name);
      if (key === undefined) sortNames.set(name, key = name.split(site.wordBreak).filter(Boolean).join(' '));
      return key;
    }
    function collate(a, b) {
      a = sortName(a);
      b = sortName(b);
      return collator ? collator.compare(a, b) : (a < b ? -1 : a > b ? 1 : 0);
    }
    // Pokédex order until the stats are in; by number, a regional Pokédex's own.
    function sortValue(p, filters, dexes) {
      var stat = SORT_KEYS.indexOf(filters.sort) - 3;
      var members = filters.dex && filters.sort === 'number' && dexes.get(filters.dex);
      if (members) return members.get(p.num) || p.num;
      if (!p.stats) return p.num;
      if (filters.sort === 'total') return p.total;
      return stat >= 0 ? (p.stats[stat] || 0) : p.num;
    }
    // By name, a species' forms stay right after its default Pokémon ("Absol", "Absol (Mega)", "Absol (Mega Z)"):
    // species by their name, then the default first, then the forms by theirs. Every other key: ties in list
    // order, always ascending, so that a bookmarked order is the same order.
    function compare(a, b, sign, filters, dexes) {
      if (filters.sort === 'name') {
        var c = collate(speciesName.get(a.num) || a.name, speciesName.get(b.num) || b.name) || a.num - b.num;
        if (c) return c * sign;
        return a.form - b.form || collate(a.name, b.name) || a.index - b.index;
      }
      var va = sortValue(a, filters, dexes), vb = sortValue(b, filters, dexes);
      return (va < vb ? -1 : va > vb ? 1 : 0) * sign || a.index - b.index;
    }
    return function (results, filters, dexes) {
      var sign = filters.dir === 'desc' ? -1 : 1;
      return results.slice().sort(function (a, b) { return compare(a[0], b[0], sign, filters, dexes); });
    };
  }

  // The results of `pool` for the query and the filters: a search keeps its best matches first unless a sort is
  // chosen (`sort`: a sorter's).
  function results(pool, query, filters, dexes, candidatesOf, sort) {
    var kept = filtered(pool, filters, dexes);
    var found = query ? search(query, kept, candidatesOf) : kept.map(function (p) { return [p, null]; });
    return query && filters.sort === 'number' && filters.dir === 'asc' ? found : sort(found, filters, dexes);
  }

  // What the results view says of them: a search's count (among favorites or not), or the filters' alone.
  function statusLine(query, count, among, tr) {
    var q = { n: count, query: query };
    if (query) {
      return count === 0 ? (among ? tr('search_none_favorites', 'No Pokémon match “{query}” among favorites.', q) : tr('search_none', 'No Pokémon match “{query}”.', q))
        : count === 1 ? (among ? tr('search_one_favorites', '1 Pokémon matches “{query}” among favorites.', q) : tr('search_one', '1 Pokémon matches “{query}”.', q))
        : (among ? tr('search_many_favorites', '{n} Pokémon match “{query}” among favorites.', q) : tr('search_many', '{n} Pokémon match “{query}”.', q));
    }
    return count === 0 ? (among ? tr('filter_none_favorites', 'No Pokémon among favorites match these filters.') : tr('filter_none', 'No Pokémon match these filters.'))
      : (among ? tr('filter_many_favorites', '{n} Pokémon among favorites.', q) : tr('filter_many', '{n} Pokémon.', q));
  }

  site.listModel = {
    SORT_KEYS: SORT_KEYS, decodeStats: decodeStats, decodeDexes: decodeDexes, decodeNames: decodeNames,
    speciesNames: speciesNames, normalise: normalise, favoritesCatalog: favoritesCatalog,
    parseFavoritesFile: parseFavoritesFile, favoritesFile: favoritesFile, importReport: importReport,
    candidates: candidates, search: search, results: results, statusLine: statusLine, activeFilters: activeFilters,
    filtersActive: filtersActive, generations: generations, generationLabel: generationLabel, parseHash: parseHash,
    formatHash: formatHash, filtered: filtered, sorter: sorter
  };
})();
