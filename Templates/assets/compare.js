/* Pokédex: the comparison (compare.html alone loads it, after app.js, find.js, cells.js and calculator.js, whose
   readers it uses). Two to four Pokémon side by side, picked by name in any language: pictures, types, base stats
   with bars and totals, abilities, what each attacking type does to them, and their stats at levels 50 and 100.
   The index's data script comes with the page; the stats and abilities scripts load on arrival; every name in every
   language on the first name the page's own do not know. The state is the address's fragment:
   `compare.html#pikachu,raichu`. Names reach the DOM through textContent alone. */
(function () {
  'use strict';

  var MAX = 4;
  var STATS = ['hp', 'attack', 'defense', 'special-attack', 'special-defense', 'speed'];

  /* ---------- Pure: node's tests call these ---------- */

  // "#pikachu,raichu" → ["pikachu", "raichu"]: clean slugs, each once, four at most.
  function readSlugs(hash) {
    var text = String(hash || '').replace(/^#/, '');
    try { text = decodeURIComponent(text); } catch (e) { return []; }
    return text.split(',').filter(function (slug, index, all) {
      return /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug) && all.indexOf(slug) === index;
    }).slice(0, MAX);
  }
  function formatSlugs(slugs) { return slugs.length ? '#' + slugs.join(',') : ''; }

  // The stats script (version 1: rows [id, hp, attack, defense, sp. atk, sp. def, speed]) → Map id → [6 values].
  function decodeStats(raw) {
    var out = new Map();
    if (!raw || raw.version !== 1 || !Array.isArray(raw.pokemon)) return out;
    raw.pokemon.forEach(function (row) { if (Array.isArray(row)) out.set(row[0], row.slice(1, 7)); });
    return out;
  }

  // The abilities script (version 1) → Map id → [{name, label, page, lang, hidden}], hidden ones last.
  function decodeAbilities(raw) {
    var out = new Map();
    if (!raw || raw.version !== 1 || !Array.isArray(raw.abilities) || !Array.isArray(raw.pokemon)) return out;
    function ability(hidden) {
      return function (index) {
        var a = raw.abilities[index] || [];
        return { name: String(a[0] || ''), label: String(a[1] || a[0] || ''), page: String(a[2] || ''), lang: String(a[3] || ''), hidden: hidden };
      };
    }
    raw.pokemon.forEach(function (row) {
      if (!Array.isArray(row)) return;
      out.set(row[0], (row[1] || []).map(ability(false)).concat((row[2] || []).map(ability(true))));
    });
    return out;
  }

  // The games' formulas (Generation III on), as the Pokémon pages' ranges: the lowest with no IVs or EVs and a
  // hindering nature, the highest with 31 IVs, 252 EVs and a helping one. Shedinja's HP is 1 at any level.
  function statRange(stat, base, level, slug) {
    function core(iv, ev) { return Math.floor((2 * base + iv + Math.floor(ev / 4)) * level / 100); }
    if (stat === 'hp') {
      if (slug === 'shedinja') return { min: 1, max: 1 };
      return { min: core(0, 0) + level + 10, max: core(31, 252) + level + 10 };
    }
    return { min: Math.floor((core(0, 0) + 5) * 90 / 100), max: Math.floor((core(31, 252) + 5) * 110 / 100) };
  }

  // What the attacking types do to `types` (calculator.js's chart), by group: weak (above ×1, highest first),
  // resist (below ×1 but above 0, lowest first), immune (×0); each [{type, factor}] in the chart's order.
  function matchups(calc, chart, types) {
    var list = calc.multipliers(chart, types, null);
    return {
      weak: list.filter(function (m) { return m.factor > 1; }).sort(function (a, b) { return b.factor - a.factor; }),
      resist: list.filter(function (m) { return m.factor > 0 && m.factor < 1; }).sort(function (a, b) { return a.factor - b.factor; }),
      immune: list.filter(function (m) { return m.factor === 0; })
    };
  }

  // The columns holding a row's highest value (none when every column has it, or there is one column).
  function highest(values) {
    var top = Math.max.apply(null, values);
    var at = [];
    values.forEach(function (v, i) { if (v === top) at.push(i); });
    return values.length > 1 && at.length < values.length ? at : [];
  }

  var api = {
    readSlugs: readSlugs, formatSlugs: formatSlugs, decodeStats: decodeStats, decodeAbilities: decodeAbilities,
    statRange: statRange, matchups: matchups, highest: highest
  };
  window.PokedexCompare = api;

  /* ---------- The page ---------- */

  var site = window.PokedexSite;
  var calc = window.PokedexCalculator;
  var doc = document;
  var section = doc.querySelector('#cmp');
  if (!site || !site.cells || !calc || !section) return;
  var lang = doc.documentElement.getAttribute('lang') || 'en';
  var data = site.cells.data;
  var rows = data.pokemon;
  var chart = calc.readChart(section.getAttribute('data-types'), section.getAttribute('data-chart'));
  var form = doc.querySelector('#cmp-form');
  var input = doc.querySelector('#cmp-name');
  var status = doc.querySelector('#cmp-status');
  var empty = doc.querySelector('#cmp-empty');
  var wrap = doc.querySelector('#cmp-wrap');
  var table = doc.querySelector('#cmp-table');
  var typeItems = {};
  Array.prototype.forEach.call(doc.querySelectorAll('#cmp-type-names li'), function (li) {
    typeItems[li.getAttribute('data-type')] = li;
  });
  var stats = null;      // id → base stats, once loaded
  var abilities = null;  // id → abilities, once loaded
  var names = null;      // every name in every language, once loaded
  var shown = [];        // the rows compared, in order

  function words(key, values) {
    var text = section.getAttribute('data-' + key) || '';
    Object.keys(values || {}).forEach(function (k) { text = text.split('{' + k + '}').join(values[k]); });
    return text;
  }
  function say(text) { status.textContent = text; }
  function grouped(n) {
    try { return new Intl.NumberFormat(lang).format(n); } catch (e) { return String(n); }
  }

  // A type's badge, linking its page when it has one; `factor` above ×2 or a quarter is written beside it.
  function badge(type, factor) {
    var li = site.el('li', 'type type-' + (/^[a-z0-9-]+$/.test(type) ? type : 'unknown'));
    var item = typeItems[type];
    var label = item ? item.textContent : type;
    if (factor !== undefined && factor !== 2 && factor !== 0.5 && factor !== 0) label += ' ' + calc.formatFactor(factor, lang);
    var href = item && item.getAttribute('data-href');
    if (href) {
      var link = li.appendChild(site.el('a'));
      link.setAttribute('href', site.root + href);
      link.textContent = label;
    } else {
      li.textContent = label;
    }
    return li;
  }
  function badges(list) {
    if (!list.length) {
      var none = site.el('span', 'cmp-none');
      none.textContent = words('none');
      return none;
    }
    var ul = site.el('ul', 'types');
    list.forEach(function (m) { ul.appendChild(typeof m === 'string' ? badge(m) : badge(m.type, m.factor)); });
    return ul;
  }

  function pictureOf(p) {
    var figure = site.el('span', 'cmp-art');
    var img = figure.appendChild(site.el('img'));
    var local = p.image && !/^(https?:|data:)/i.test(p.image);
    var src = p.image ? (local ? site.siteRoot + p.image : p.image) : site.siteRoot + 'assets/placeholder.svg';
    var widths = local && Array.isArray(p.t) ? p.t : [];
    if (widths.length) src = src.replace(/\.png$/, '') + '-' + widths[0] + '.webp';
    img.setAttribute('src', src);
    img.setAttribute('width', String(p.w || 475));
    img.setAttribute('height', String(p.h || 475));
    img.setAttribute('alt', '');
    img.setAttribute('decoding', 'async');
    img.setAttribute('data-fallback', site.siteRoot + 'assets/placeholder.svg');
    return figure;
  }

  function head(p) {
    var th = site.el('th', 'cmp-member');
    th.setAttribute('scope', 'col');
    th.appendChild(pictureOf(p));
    var num = th.appendChild(site.el('span', 'cmp-num'));
    num.textContent = p.number;
    var link = th.appendChild(site.el('a', 'cmp-name'));
    link.setAttribute('href', site.root + 'pokemon/' + p.slug + '.html');
    site.putName(link, p.name);
    var cry = cryButton(p);
    if (cry) th.appendChild(cry);
    var remove = th.appendChild(site.el('button', 'calc-remove'));
    remove.type = 'button';
    remove.textContent = '×';
    remove.setAttribute('aria-label', words('remove', { name: p.name }));
    remove.addEventListener('click', function () {
      var at = shown.indexOf(p);
      shown = shown.filter(function (row) { return row !== p; });
      draw();
      writeHash();
      say(words('removed', { name: p.name }));
      // Focus stays in the table: on the Remove now in the removed one's place (the last one's when it was last),
      // else, with none left, on the name box.
      var buttons = wrap.hidden ? [] : table.querySelectorAll('thead .calc-remove');
      (buttons[Math.min(at, buttons.length - 1)] || input).focus();
    });
    return th;
  }

  // Its cry, from the page's pattern (the site's copy with --images local, else PokeAPI's): one plays at a time, and
  // a cry that cannot play takes its button away.
  var playing = null;
  function cryButton(p) {
    var pattern = section.getAttribute('data-cry');
    if (!pattern || typeof window.Audio !== 'function' || !/^[0-9]+$/.test(String(p.id))) return null;
    if ((' ' + (section.getAttribute('data-cry-none') || '') + ' ').indexOf(' ' + p.id + ' ') >= 0) return null;
    // Retry's pill (style.css): the pages' shared stylesheet needs no rule of its own for it.
    var button = site.el('button', 'retry cmp-cry');
    button.type = 'button';
    var mark = button.appendChild(site.el('span'));
    mark.setAttribute('aria-hidden', 'true');
    mark.textContent = '▶ ';
    button.appendChild(document.createTextNode(words('cry-text')));
    button.setAttribute('aria-label', words('play-cry', { name: p.name }));
    var src = pattern.split('{id}').join(String(p.id));
    if (!/^(https?:)/i.test(src)) src = site.siteRoot + src;
    button.addEventListener('click', function () {
      if (playing) playing.pause();
      var audio = new window.Audio(src);
      playing = audio;
      audio.addEventListener('error', function () { button.hidden = true; });
      var started = audio.play();
      if (started && typeof started.catch === 'function') started.catch(function () { /* the error event says it */ });
    });
    return button;
  }

  function abilityList(list) {
    var ul = site.el('ul', 'cmp-abilities');
    (list || []).forEach(function (a) {
      var li = ul.appendChild(site.el('li'));
      var target = li;
      if (a.page) {
        target = li.appendChild(site.el('a'));
        target.setAttribute('href', site.root + a.page);
      }
      target.textContent = a.label;
      if (a.lang) target.setAttribute('lang', a.lang);
      if (a.hidden) {
        li.appendChild(doc.createTextNode(' '));
        li.appendChild(site.el('span', 'tag')).textContent = words('hidden');
      }
    });
    return ul;
  }

  // One row's cells: `cells[i]` a node or text for member i; `best`: the members marked as highest.
  function fill(tr, cells, best) {
    while (tr.children.length > 1) tr.lastElementChild.remove();
    cells.forEach(function (cell, index) {
      var td = tr.appendChild(site.el('td'));
      if (typeof cell === 'string') td.textContent = cell; else td.appendChild(cell);
      if (best && best.indexOf(index) >= 0) {
        td.classList.add('cmp-best');
        td.appendChild(site.el('span', 'vh')).textContent = ' (' + words('highest') + ')';
      }
    });
  }

  function statCell(value) {
    var frag = doc.createDocumentFragment();
    frag.appendChild(site.el('span', 'cmp-value')).textContent = grouped(value);
    var bar = frag.appendChild(site.el('span', 'cmp-bar'));
    bar.setAttribute('aria-hidden', 'true');
    bar.appendChild(site.el('span')).style.width = Math.min(100, Math.round(value / 255 * 100)) + '%';
    return frag;
  }

  function draw() {
    var any = shown.length > 0;
    wrap.hidden = !any;
    empty.hidden = shown.length >= 2;
    if (!any) return;
    table.style.minWidth = (6 + 7.5 * shown.length) + 'em';
    Array.prototype.forEach.call(table.querySelectorAll('.cmp-group th'), function (th) {
      th.setAttribute('colspan', String(shown.length + 1));
    });
    var headRow = table.querySelector('thead tr');
    while (headRow.children.length > 1) headRow.lastElementChild.remove();
    shown.forEach(function (p) { headRow.appendChild(head(p)).style.width = (100 / shown.length) + '%'; });
    fill(table.querySelector('[data-row="types"]'), shown.map(function (p) { return badges(p.types); }));
    var values = shown.map(function (p) { return (stats && stats.get(p.id)) || null; });
    Array.prototype.forEach.call(table.querySelectorAll('[data-row="stat"]'), function (tr) {
      var at = STATS.indexOf(tr.getAttribute('data-stat'));
      var row = values.map(function (v) { return v ? v[at] : null; });
      var known = row.every(function (v) { return v !== null; });
      fill(tr, row.map(function (v) { return v === null ? '…' : statCell(v); }), known ? highest(row) : []);
    });
    var totals = values.map(function (v) { return v ? v.reduce(function (a, b) { return a + b; }, 0) : null; });
    var totalsKnown = totals.every(function (v) { return v !== null; });
    fill(table.querySelector('[data-row="total"]'), totals.map(function (v) {
      if (v === null) return '…';
      var value = site.el('span', 'cmp-value');
      value.textContent = grouped(v);
      return value;
    }),
      totalsKnown ? highest(totals) : []);
    fill(table.querySelector('[data-row="abilities"]'), shown.map(function (p) {
      return abilities ? abilityList(abilities.get(p.id)) : '…';
    }));
    var groupsOf = shown.map(function (p) { return matchups(calc, chart, p.types); });
    fill(table.querySelector('[data-row="weak"]'), groupsOf.map(function (g) { return badges(g.weak); }));
    fill(table.querySelector('[data-row="resist"]'), groupsOf.map(function (g) { return badges(g.resist); }));
    fill(table.querySelector('[data-row="immune"]'), groupsOf.map(function (g) { return badges(g.immune); }));
    Array.prototype.forEach.call(table.querySelectorAll('[data-row="range"]'), function (tr) {
      var stat = tr.getAttribute('data-stat');
      var level = Number(tr.getAttribute('data-level'));
      var at = STATS.indexOf(stat);
      fill(tr, shown.map(function (p, i) {
        if (!values[i]) return '…';
        var range = statRange(stat, values[i][at], level, p.slug);
        return range.min === range.max ? grouped(range.min) : grouped(range.min) + '–' + grouped(range.max);
      }));
    });
  }

  function writeHash() { site.showHash(formatSlugs(shown.map(function (p) { return p.slug; }))); }

  function add(p) {
    if (shown.indexOf(p) >= 0) { say(words('already', { name: p.name })); return false; }
    if (shown.length >= MAX) { say(words('full')); return false; }
    shown.push(p);
    return true;
  }

  var details = site.onDemand({
    urls: function () { return [data.stats ? site.siteRoot + data.stats : '', section.getAttribute('data-abilities')]; },
    loaded: function () {
      stats = decodeStats(window.POKEDEX_STATS);
      abilities = decodeAbilities(window.POKEDEX_ABILITIES);
      if (!stats.size || !abilities.size) { stats = abilities = null; return false; }
      draw();
      return true;
    },
    message: function () { return words('load-failed'); },
    place: function (note) { form.appendChild(note); },
    refocus: function () { return input; }
  });
  var other = site.onDemand({
    urls: function () { return [data.names ? site.siteRoot + data.names : '']; },
    loaded: function () {
      names = site.decodeNames(window.POKEDEX_NAMES, 2).names;
      return names.size > 0;
    },
    message: function () { return words('load-failed'); },
    place: function (note) { form.appendChild(note); },
    refocus: function () { return input; }
  });

  // One wait at a time for every name to come in, the latest Add's: a second Add meanwhile does not add twice.
  var waiting = null;
  // `everyName`: the names of every language were asked for (in, or failed).
  function pick(everyName) {
    var text = input.value;
    if (!text.trim()) return;
    var found = calc.findPokemon(text, rows, names, site.fold);
    if (!found && !names && everyName !== true) {
      other.load();
      if (waiting) clearInterval(waiting);
      waiting = setInterval(function () {
        if (other.state() === 'loading') return;
        clearInterval(waiting);
        waiting = null;
        pick(true);
      }, 50);
      return;
    }
    if (!found) {
      say(words(calc.missKey(text, rows, site.fold), { name: text.trim() }));
      return;
    }
    if (add(found)) {
      input.value = '';
      say(words('added', { name: found.name }));
      draw();
      writeHash();
    }
  }

  function restore() {
    var slugs = readSlugs(location.hash);
    if (slugs.join(',') !== shown.map(function (p) { return p.slug; }).join(',')) {
      shown = [];
      slugs.forEach(function (slug) {
        var row = rows.filter(function (r) { return r.slug === slug; })[0];
        if (row) add(row);
      });
      draw();
    }
    // What the address names beyond them (a fifth, a slug of no Pokémon, "Pikachu") leaves it.
    writeHash();
  }

  section.hidden = false;
  var list = doc.querySelector('#cmp-names');
  var options = doc.createDocumentFragment();
  rows.forEach(function (row) { if (!row.looks) options.appendChild(site.el('option')).value = row.name; });
  list.replaceChildren(options);
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    pick();
  });
  window.addEventListener('hashchange', restore);
  restore();
  details.load();
})();
