/* Pokédex: what the index's and favorites' lists decide, without the page: the stats and regional Pokédexes'
   scripts decoded, a favorites file read, a query ranked, the address's state read and written, the list filtered
   and sorted. Functions of their arguments alone, on `window.PokedexSite.listModel` (node's tests call them:
   Tests/scripts/list-model.test.mjs); list.js, loaded after this file, puts them to work on the page. It builds on
   find.js (folding, ranking, the hash's parts). */
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

  site.listModel = {
    SORT_KEYS: SORT_KEYS, decodeStats: decodeStats, decodeDexes: decodeDexes, normalise: normalise,
    favoritesCatalog: favoritesCatalog, parseFavoritesFile: parseFavoritesFile,
    candidates: candidates, search: search, parseHash: parseHash, formatHash: formatHash, filtered: filtered,
    sorter: sorter
  };
})();
