/* Pokédex: what a Pokémon page does on request only, loaded by pokemon.js on first use (a script element: it works
   from file://). The gallery's toggled sprites (back, female, gray, transparent, still frames), made from the
   gallery's folder, each game's path and each variant's folder, so that the page carries a list of bits instead of
   64 more pictures; and the Pokémon as the game picked in the moves' game picker had it: its types, base stats
   (Generation I's single Special), the stat ranges by that game's formula, and the abilities it had (none before
   Generation III). The page carries only the older eras (data-eras); today's values are the page's own, put back
   for a newer game. API data reaches the DOM through textContent and setAttribute only. */
(function () {
  'use strict';

  /* ---------- Pure: node's tests call these ---------- */

  // "1-5:normal=Normal;6-9:…" → [{first, last, pairs: [[key, value]…]}].
  function parseEras(text) {
    return String(text || '').split(';').filter(Boolean).map(function (era) {
      var colon = era.indexOf(':');
      var range = era.slice(0, colon).split('-').map(Number);
      return {
        first: range[0], last: range[1],
        pairs: era.slice(colon + 1).split(',').filter(Boolean).map(function (pair) {
          var eq = pair.indexOf('=');
          return [pair.slice(0, eq), pair.slice(eq + 1)];
        })
      };
    }).filter(function (era) { return era.first > 0 && era.last >= era.first; });
  }
  function eraOf(list, generation) {
    return list.filter(function (e) { return generation >= e.first && generation <= e.last; })[0] || null;
  }

  // A stat's range at `level` by the formula of `generation`'s games: from Generation III a nature, IVs and EVs
  // (as the page's own ranges); before it DVs 0–15 and stat experience up to 65,535, no nature.
  function rangeInGame(stat, base, level, generation) {
    var core;
    if (generation >= 3) {
      core = function (iv, ev) { return Math.floor((2 * base + iv + Math.floor(ev / 4)) * level / 100); };
      if (stat === 'hp') return { min: core(0, 0) + level + 10, max: core(31, 252) + level + 10 };
      return { min: Math.floor((core(0, 0) + 5) * 90 / 100), max: Math.floor((core(31, 252) + 5) * 110 / 100) };
    }
    core = function (dv, bonus) { return Math.floor(((base + dv) * 2 + bonus) * level / 100); };
    var extra = stat === 'hp' ? level + 10 : 5;
    return { min: core(0, 0) + extra, max: core(15, 64) + extra };
  }

  // A toggled sprite's variant by its index, as pokedex numbers them (GameSprites.Variant): 0–15 the bits female (1),
  // shiny (2), back (4) and animated (8); 16–21 Generations I–II's gray and transparent palettes. `words`: the page's
  // "front|back|shiny|female|gray|transparent|animated|, ". → [folder, file type, name], or null.
  var PALETTES = [[0, 0, 'gray/'], [1, 0, 'back/gray/'], [0, 0, 'transparent/'], [1, 0, 'transparent/back/'],
    [0, 1, 'transparent/shiny/'], [1, 1, 'transparent/back/shiny/']];
  function variant(index, words) {
    var w = String(words || '').split('|');
    var i = Number(index);
    if (!(i >= 0 && i <= 21) || w.length < 8 || String(index) !== String(i)) return null;
    var palette = i >= 16 ? PALETTES[i - 16] : null;
    var back = palette ? palette[0] : i & 4, shiny = palette ? palette[1] : i & 2;
    var female = !palette && i & 1, animated = !palette && i & 8;
    var folder = palette ? palette[2] :
      (animated ? 'animated/' : '') + (back ? 'back/' : '') + (shiny ? 'shiny/' : '') + (female ? 'female/' : '');
    var name = [w[back ? 1 : 0]];
    if (shiny) name.push(w[2]);
    if (female) name.push(w[3]);
    if (palette) name.push(w[folder.indexOf('gray') >= 0 ? 4 : 5]);
    if (animated) name.push(w[6]);
    return [folder, animated ? 'gif' : 'png', name.join(w[7])];
  }

  var api = { parseEras: parseEras, eraOf: eraOf, rangeInGame: rangeInGame, variant: variant };
  window.PokedexGames = api;
  var site = window.PokedexSite;
  if (!site || typeof document.querySelector !== 'function') return;

  /* ---------- The gallery's toggled sprites ---------- */

  api.addSprites = function (gallery) {
    var words = gallery.getAttribute('data-words');
    var root = gallery.getAttribute('data-root');
    var stem = gallery.getAttribute('data-stem');
    Array.prototype.forEach.call(gallery.querySelectorAll('li[data-more]'), function (shelf) {
      var caption = shelf.querySelector('span');
      var first = shelf.querySelector('img');
      var name = first ? first.alt : caption.textContent;
      shelf.getAttribute('data-more').split(' ').forEach(function (index) {
        var picture = variant(index, words);
        if (!picture) return;
        var img = site.el('img', 'gallery-more');
        img.width = 96;
        img.height = 96;
        img.loading = 'lazy';
        img.alt = name + ' — ' + picture[2];
        img.title = picture[2];
        img.src = root + shelf.getAttribute('data-path') + '/' + picture[0] + stem + '.' + picture[1];
        shelf.insertBefore(img, caption);
      });
    });
  };

  /* ---------- The game picked ---------- */

  var picker = document.querySelector('#game-picker');
  var note = document.querySelector('.game-note');
  if (!picker || !note) return;
  // The ranges' note and the natures' link speak of today's formula; the first two generations had DVs, stat
  // experience and no natures.
  var rangesNote = document.querySelector('.ranges-note');
  var rangesToday = rangesNote ? rangesNote.textContent : '';
  var naturesLink = document.querySelector('.natures-link');
  var stats = document.querySelector('table.stats');
  var types = document.querySelector('.detail > ul.types');
  var typeEras = parseEras(types && types.getAttribute('data-eras'));
  var statEras = parseEras(stats && stats.getAttribute('data-eras'));
  // Today's rows and badges, kept as nodes to put back.
  var original = {
    types: types ? Array.prototype.slice.call(types.childNodes) : [],
    stats: stats ? Array.prototype.slice.call(stats.querySelector('tbody').childNodes).map(function (n) { return n.cloneNode(true); }) : [],
    total: stats ? stats.querySelector('tfoot .stat-value').textContent : ''
  };

  function showTypes(era) {
    if (!types) return;
    if (!era) { types.replaceChildren.apply(types, original.types); return; }
    types.textContent = '';
    era.pairs.forEach(function (pair) {
      var li = types.appendChild(site.el('li', 'type type-' + (/^[a-z0-9-]+$/.test(pair[0]) ? pair[0] : 'unknown')));
      var a = li.appendChild(site.el('a'));
      a.setAttribute('href', site.root + 'types/' + encodeURIComponent(pair[0]) + '.html');
      a.textContent = pair[1];
    });
  }

  function showStats(era, generation) {
    if (!stats) return;
    var body = stats.querySelector('tbody');
    body.replaceChildren.apply(body, original.stats.map(function (n) { return n.cloneNode(true); }));
    stats.querySelector('tfoot .stat-value').textContent = original.total;
    var values = {};
    if (era) {
      era.pairs.forEach(function (pair) { values[pair[0]] = Number(pair[1]); });
    } else if (generation && generation < 3) {
      // Today's base stats, by the older games' formula.
      Array.prototype.forEach.call(body.rows, function (tr) { values[tr.getAttribute('data-stat')] = Number(tr.cells[1].textContent); });
    } else {
      return;
    }
    var levels = Array.prototype.map.call(stats.querySelectorAll('thead th.stat-range'), function (th) {
      return Number((th.textContent.match(/\d+/) || ['0'])[0]);
    });
    // Generation I's Special takes Sp. Atk's row, named as the history table names it; Sp. Def's row goes.
    var total = 0;
    Array.prototype.forEach.call(body.rows, function (tr) {
      var name = tr.getAttribute('data-stat');
      if (values.special !== undefined && name === 'special-attack') {
        name = 'special';
        tr.cells[0].textContent = note.getAttribute('data-special');
      }
      if (values[name] === undefined) { tr.hidden = true; return; }
      var base = values[name];
      total += base;
      tr.cells[1].textContent = String(base);
      var meter = tr.querySelector('meter');
      if (meter) { meter.value = Math.min(100, Math.round(base / 255 * 100)); meter.textContent = meter.value + '%'; }
      var cells = tr.querySelectorAll('td.stat-range');
      levels.forEach(function (level, i) {
        var r = rangeInGame(name, base, level, generation);
        if (cells[i]) cells[i].textContent = r.min === r.max ? String(r.min) : r.min + '–' + r.max;
      });
    });
    stats.querySelector('tfoot .stat-value').textContent = String(total);
  }

  function showAbilities(generation, isToday) {
    Array.prototype.forEach.call(document.querySelectorAll('ul.abilities > li'), function (li) {
      var since = Number(li.getAttribute('data-since')) || 0;
      li.hidden = !isToday && (generation < 3 || generation < since);
    });
  }

  function pick() {
    var option = picker.options[picker.selectedIndex];
    var generation = Number(option && option.getAttribute('data-gen')) || 0;
    var typeEra = generation ? eraOf(typeEras, generation) : null;
    var statEra = generation ? eraOf(statEras, generation) : null;
    // Abilities gained after the game picked make it another game too, its types and stats alike.
    var later = Array.prototype.some.call(document.querySelectorAll('ul.abilities > li[data-since]'), function (li) {
      return generation < Number(li.getAttribute('data-since'));
    });
    var isToday = !generation || (!typeEra && !statEra && !later && generation >= 3);
    showTypes(typeEra);
    showStats(statEra, generation);
    showAbilities(generation, isToday);
    var older = generation > 0 && generation < 3;
    if (rangesNote) rangesNote.textContent = older ? note.getAttribute('data-old-ranges') : rangesToday;
    if (naturesLink) naturesLink.hidden = older;
    var words = note.getAttribute('data-as-in').split('{game}').join(option ? option.textContent : '');
    if (generation && generation < 3) words += ' ' + note.getAttribute('data-no-abilities');
    note.textContent = isToday ? '' : words;
    note.hidden = isToday;
  }
  api.pickGame = pick;
})();
