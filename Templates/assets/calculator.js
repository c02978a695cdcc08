/* Pokédex: the type calculator (types/calculator.html alone loads it, after app.js and find.js, whose
   `window.PokedexSite` it builds on). One or two defending types and an ability: what each attacking type does to
   them, grouped by multiplier. The page carries the chart ("data-chart": a row per attacking type, a character per
   defending type) and each ability's rule ("data-rule" on its option), so it works from file:// and offline. The
   state is in the address: `#def=water,ground&ability=levitate`. Names reach the DOM through textContent alone. */
(function () {
  'use strict';

  /* ---------- Reading the page's data (pure: node's tests call these) ---------- */

  var FACTORS = { '0': 0, 'h': 0.5, '1': 1, '2': 2 };

  // "normal fire …" and "1111…h0 …" → {types, factor(attacker, defender)}; an unknown pair is ×1.
  function readChart(typeNames, rows) {
    var types = String(typeNames || '').split(' ').filter(Boolean);
    var lines = String(rows || '').split(' ');
    return {
      types: types,
      factor: function (attacker, defender) {
        var row = lines[types.indexOf(attacker)];
        var code = row ? row.charAt(types.indexOf(defender)) : '';
        return Object.prototype.hasOwnProperty.call(FACTORS, code) ? FACTORS[code] : 1;
      }
    };
  }

  // "fire:0.5 ice:0.5", "super:0.75", "only-super" → {types: {fire: 0.5…}, superEffective, onlySuper}.
  function readRule(text) {
    var rule = { types: {}, superEffective: 1, onlySuper: false };
    String(text || '').split(' ').filter(Boolean).forEach(function (part) {
      if (part === 'only-super') { rule.onlySuper = true; return; }
      var at = part.indexOf(':');
      var raw = part.slice(at + 1);
      var value = Number(raw);
      if (at < 1 || raw === '' || !isFinite(value)) return;
      if (part.slice(0, at) === 'super') rule.superEffective = value;
      else rule.types[part.slice(0, at)] = value;
    });
    return rule;
  }

  // Each attacking type's multiplier against `defending` (one or two types the chart knows), as `rule` (or none)
  // changes it, in the chart's order.
  function multipliers(chart, defending, rule) {
    var defenders = defending.filter(function (type, index) {
      return chart.types.indexOf(type) >= 0 && defending.indexOf(type) === index;
    });
    return chart.types.map(function (attacker) {
      var factor = defenders.reduce(function (product, defender) { return product * chart.factor(attacker, defender); }, 1);
      var plainFactor = factor;
      if (rule) {
        if (Object.prototype.hasOwnProperty.call(rule.types, attacker)) factor *= rule.types[attacker];
        if (plainFactor > 1) factor *= rule.superEffective;
        if (rule.onlySuper && plainFactor <= 1) factor = 0;
      }
      return { type: attacker, factor: factor };
    });
  }

  // The multipliers by factor, highest first: [{factor, types: [type…]}…], each list in the chart's order.
  function groups(list) {
    var byFactor = [];
    list.forEach(function (item) {
      var group = byFactor.filter(function (g) { return g.factor === item.factor; })[0];
      if (!group) byFactor.push(group = { factor: item.factor, types: [] });
      group.types.push(item.type);
    });
    return byFactor.sort(function (a, b) { return b.factor - a.factor; });
  }

  // "×4", "×½", "×¼", "×0", "×1.5" (in the page's language: "×1,5" in French).
  function formatFactor(factor, lang) {
    if (factor === 0.5) return '×½';
    if (factor === 0.25) return '×¼';
    var text = String(factor);
    try { text = new Intl.NumberFormat(lang || 'en', { maximumFractionDigits: 4 }).format(factor); } catch (e) { /* older browser */ }
    return '×' + text;
  }

  // The address's parts ([{key, value}], find.js's readHash) → {defending: [type…] (at most two the chart has),
  // ability: a name `abilities` has, or ""}. Anything else is ignored, as the index ignores an unknown filter.
  function readState(parts, types, abilities) {
    var state = { defending: [], ability: '', team: [] };
    parts.forEach(function (part) {
      if (part.key === 'def' && part.value) {
        state.defending = part.value.split(',').filter(function (type, index, all) {
          return types.indexOf(type) >= 0 && all.indexOf(type) === index;
        }).slice(0, 2);
      } else if (part.key === 'ability' && abilities.indexOf(part.value) >= 0) {
        state.ability = part.value;
      } else if (part.key === 'team' && part.value) {
        // Slugs, checked against the data once it is in; six at most, each once.
        state.team = part.value.split(',').filter(function (slug, index, all) {
          return /^[a-z0-9-]+$/.test(slug) && all.indexOf(slug) === index;
        }).slice(0, 6);
      }
    });
    return state;
  }

  // → [[key, value]…] for find.js's formatHash.
  function stateParts(state) {
    return [
      ['def', state.defending.join(',')], ['ability', state.ability], ['team', (state.team || []).join(',')],
      ['atk', (state.attacking || []).join(',')], ['gen', state.generation ? String(state.generation) : '']
    ];
  }

  /* ---------- Eras and the offence view (pure too) ---------- */

  // The address's generation: a whole number from 1 to `latest`, else 0 (today's chart).
  function readGeneration(parts, latest) {
    var asked = parts.filter(function (part) { return part.key === 'gen'; }).map(function (part) { return part.value; })[0];
    var number = /^[0-9]{1,2}$/.test(asked || '') ? Number(asked) : 0;
    return number >= 1 && number <= latest ? number : 0;
  }

  // The older eras the page offers ([{first, last, types, chart}], each chart as readChart reads it): the one that
  // holds `generation`, else null (today's chart).
  function eraOf(eras, generation) {
    return eras.filter(function (era) { return generation >= era.first && generation <= era.last; })[0] || null;
  }

  // The address's attacking types: up to four the chart has, each once.
  function readAttacking(parts, types) {
    var asked = parts.filter(function (part) { return part.key === 'atk'; }).map(function (part) { return part.value; })[0];
    return String(asked || '').split(',').filter(function (type, index, all) {
      return types.indexOf(type) >= 0 && all.indexOf(type) === index;
    }).slice(0, 4);
  }

  // What `attacking` (a moveset's types) does to every type and every pair of types of the chart: for each, the
  // best multiplier any of them has, as [{types: [one or two], factor}] in the chart's order. Empty without any.
  function coverage(chart, attacking) {
    var attackers = attacking.filter(function (type) { return chart.types.indexOf(type) >= 0; });
    if (!attackers.length) return [];
    var combinations = [];
    chart.types.forEach(function (first, index) {
      combinations.push([first]);
      chart.types.slice(index + 1).forEach(function (second) { combinations.push([first, second]); });
    });
    return combinations.map(function (defending) {
      var best = attackers.reduce(function (most, attacker) {
        var factor = defending.reduce(function (product, defender) { return product * chart.factor(attacker, defender); }, 1);
        return Math.max(most, factor);
      }, 0);
      return { types: defending, factor: best };
    });
  }

  /* ---------- The team (pure too) ---------- */

  // The index's data script (version 4: rows [id, slug, name, [type indices]…], `types`) → [{id, slug, name, types}].
  function teamRows(raw) {
    if (!raw || raw.version !== 4 || !Array.isArray(raw.pokemon)) return [];
    var types = Array.isArray(raw.types) ? raw.types : [];
    return raw.pokemon.filter(Array.isArray).map(function (row) {
      return {
        id: row[0], slug: String(row[1]), name: String(row[2]),
        types: (row[3] || []).map(function (i) { return types[i]; }).filter(Boolean)
      };
    });
  }

  // The Pokémon a fan typed, by its name in the page's language first, then by any name of it in any language
  // (`names`: find.js's decodeNames(…).names, id → [{name}]), then by the one page name it starts; else null.
  function findPokemon(text, rows, names, fold) {
    var q = fold(text);
    if (!q) return null;
    var exact = rows.filter(function (row) { return fold(row.name) === q; })[0];
    if (exact) return exact;
    if (names) {
      var other = rows.filter(function (row) {
        return (names.get(row.id) || []).some(function (n) { return fold(n.name) === q; });
      })[0];
      if (other) return other;
    }
    var starting = rows.filter(function (row) { return fold(row.name).indexOf(q) === 0; });
    return starting.length === 1 ? starting[0] : null;
  }

  // Why `text` found no Pokémon, as the words' key: several names start with it, or none is called so.
  function missKey(text, rows, fold) {
    var q = fold(text);
    var starting = rows.filter(function (row) { return fold(row.name).indexOf(q) === 0; }).length;
    return starting > 1 ? 'ambiguous' : 'not-found';
  }

  // For each attacking type: each member's multiplier, how many are weak (above ×1) and how many resist (below);
  // `gaps`: the types nobody resists.
  function teamTable(chart, members) {
    var rows = chart.types.map(function (attacker) {
      var factors = members.map(function (member) {
        return multipliers(chart, member.types, null).filter(function (m) { return m.type === attacker; })[0].factor;
      });
      return {
        type: attacker, factors: factors,
        weak: factors.filter(function (f) { return f > 1; }).length,
        resist: factors.filter(function (f) { return f < 1; }).length
      };
    });
    return { rows: rows, gaps: rows.filter(function (row) { return row.resist === 0; }).map(function (row) { return row.type; }) };
  }

  var api = {
    readChart: readChart, readRule: readRule, multipliers: multipliers, groups: groups,
    formatFactor: formatFactor, readState: readState, stateParts: stateParts,
    teamRows: teamRows, findPokemon: findPokemon, missKey: missKey, teamTable: teamTable,
    readGeneration: readGeneration, eraOf: eraOf, readAttacking: readAttacking, coverage: coverage
  };
  window.PokedexCalculator = api;

  /* ---------- The page ---------- */

  var site = window.PokedexSite;
  var doc = document;
  var form = doc.querySelector('#calc');
  var out = doc.querySelector('#calc-groups');
  if (!site || !site.readHash || !form || !out) return;
  var lang = doc.documentElement.getAttribute('lang') || 'en';
  var todayChart = readChart(form.getAttribute('data-types'), form.getAttribute('data-chart'));
  var chart = todayChart;
  // The older eras' charts, each on its option of the generation picker.
  var era = doc.querySelector('#calc-gen');
  var latest = Number(form.getAttribute('data-latest')) || 0;
  var eras = era ? Array.prototype.filter.call(era.options, function (option) { return option.value; }).map(function (option) {
    return {
      first: Number(option.getAttribute('data-first')), last: Number(option.getAttribute('data-last')), option: option,
      chart: readChart(option.getAttribute('data-types'), option.getAttribute('data-chart'))
    };
  }) : [];
  var generation = 0;  // the address's (0: today's chart)
  var attacking = [];  // the offence view's types
  var attackers = Array.prototype.slice.call(doc.querySelectorAll('.calc-attacker'));
  var offence = doc.querySelector('#calc-offence-groups');
  var first = doc.querySelector('#calc-type1');
  var second = doc.querySelector('#calc-type2');
  var ability = doc.querySelector('#calc-ability');
  var options = {};
  Array.prototype.forEach.call(first.options, function (option) { options[option.value] = option; });
  var abilityNames = Array.prototype.map.call(ability.options, function (option) { return option.value; }).filter(Boolean);

  // A type's badge (an <li>, or `tag`), linking its page.
  function badge(type, tag) {
    var li = site.el(tag || 'li', 'type type-' + type);
    var option = options[type];
    var label = option ? option.textContent : type;
    var href = option && option.getAttribute('data-href');
    if (href) {
      var link = li.appendChild(site.el('a'));
      link.setAttribute('href', href);
      link.textContent = label;
    } else {
      li.textContent = label;
    }
    return li;
  }

  // The address keeps what the user chose (arriving leaves it as it was).
  var defChosen = false;   // the address or the user chose the defending types: the address keeps them
  var team = [];   // the team's rows, in the order they were added
  var wanted = []; // the address's team, until the data is in
  function writeHash() {
    site.showHash(site.formatHash(stateParts({
      defending: defChosen ? [first.value, second.value].filter(Boolean) : [], ability: ability.value,
      team: team.length ? team.map(function (row) { return row.slug; }) : wanted,
      attacking: attacking, generation: generation
    })));
  }

  // The chart of `generation`'s era (today's for 0): the picker says it, and the type lists offer only the types
  // it had (Fairy came in Generation VI; Dark and Steel in II).
  function useGeneration(number) {
    var chosen = eraOf(eras, number);
    generation = chosen ? number : 0;
    chart = chosen ? chosen.chart : todayChart;
    if (era) era.value = chosen ? chosen.option.value : '';
    [first, second].concat(attackers).forEach(function (select) {
      Array.prototype.forEach.call(select.options, function (option) {
        var absent = option.value !== '' && chart.types.indexOf(option.value) < 0;
        option.hidden = absent;
        option.disabled = absent;
      });
      if (select.value && chart.types.indexOf(select.value) < 0) select.value = select === first ? chart.types[0] : '';
    });
  }

  // What the offence view's types hit: each multiplier's types and pairs, highest first.
  function showOffence() {
    if (!offence) return;
    var list = doc.createDocumentFragment();
    var byFactor = [];
    coverage(chart, attacking).forEach(function (item) {
      var group = byFactor.filter(function (g) { return g.factor === item.factor; })[0];
      if (!group) byFactor.push(group = { factor: item.factor, items: [] });
      group.items.push(item.types);
    });
    byFactor.sort(function (a, b) { return b.factor - a.factor; }).forEach(function (group) {
      var dt = list.appendChild(site.el('dt', 'calc-factor'));
      dt.textContent = formatFactor(group.factor, lang) + ' ';
      dt.appendChild(site.el('span', 'count')).textContent = String(group.items.length);
      var dd = list.appendChild(site.el('dd'));
      var ul = dd.appendChild(site.el('ul', 'types calc-pairs'));
      group.items.forEach(function (types) {
        var li = ul.appendChild(site.el('li', 'calc-pair'));
        types.forEach(function (type) { li.appendChild(badge(type, 'span')); });
      });
    });
    offence.replaceChildren(list);
  }

  function show(write) {
    var defending = [first.value, second.value].filter(Boolean);
    var chosen = ability.value ? ability.options[ability.selectedIndex] : null;
    var rule = chosen ? readRule(chosen.getAttribute('data-rule')) : null;
    var list = doc.createDocumentFragment();
    groups(multipliers(chart, defending, rule)).forEach(function (group) {
      var dt = list.appendChild(site.el('dt', 'calc-factor'));
      dt.textContent = formatFactor(group.factor, lang);
      var dd = list.appendChild(site.el('dd'));
      var ul = dd.appendChild(site.el('ul', 'types'));
      group.types.forEach(function (type) { ul.appendChild(badge(type)); });
    });
    out.replaceChildren(list);
    if (write === true) writeHash();
  }

  /* ---------- The team: up to six Pokémon by name in any language, what each type does to each ---------- */

  var section = doc.querySelector('#calc-team');
  var teamForm = doc.querySelector('#calc-team-form');
  var input = doc.querySelector('#calc-team-name');
  var status = doc.querySelector('#calc-team-status');
  var table = doc.querySelector('#calc-team-table');
  var gapsLine = doc.querySelector('#calc-team-gaps');
  var rows = null;    // the data script's Pokémon, once loaded
  var names = null;   // every name in every language, once loaded
  function words(key, values) {
    var text = section ? section.getAttribute('data-' + key) || '' : '';
    Object.keys(values || {}).forEach(function (k) { text = text.split('{' + k + '}').join(values[k]); });
    return text;
  }
  function say(text) { if (status) status.textContent = text; }

  function factorCell(factor) {
    var td = site.el('td', 'calc-x' + String(factor).replace('.', ''));
    td.textContent = factor === 1 ? '' : formatFactor(factor, lang);
    if (factor === 1) td.appendChild(site.el('span', 'vh')).textContent = formatFactor(1, lang);
    return td;
  }

  function drawTeam() {
    if (!table) return;
    table.closest('.calc-team-wrap').hidden = team.length === 0;
    gapsLine.hidden = team.length === 0;
    if (!team.length) return;
    var computed = teamTable(chart, team);
    var head = doc.createDocumentFragment();
    var tr = head.appendChild(site.el('tr'));
    tr.appendChild(site.el('th')).textContent = words('attacking');
    tr.firstChild.setAttribute('scope', 'col');
    team.forEach(function (member) {
      var th = tr.appendChild(site.el('th', 'calc-member'));
      th.setAttribute('scope', 'col');
      var link = th.appendChild(site.el('a'));
      link.setAttribute('href', '../pokemon/' + member.slug + '.html');
      link.textContent = member.name;
      var remove = th.appendChild(site.el('button', 'calc-remove'));
      remove.type = 'button';
      remove.textContent = '×';
      remove.setAttribute('aria-label', words('remove', { name: member.name }));
      remove.addEventListener('click', function () {
        team = team.filter(function (row) { return row !== member; });
        drawTeam();
        writeHash();
        if (input) input.focus();
      });
    });
    ['weak', 'resist'].forEach(function (key) {
      var th = tr.appendChild(site.el('th', 'calc-count'));
      th.setAttribute('scope', 'col');
      th.textContent = words(key);
    });
    var body = doc.createDocumentFragment();
    computed.rows.forEach(function (row) {
      var line = body.appendChild(site.el('tr'));
      var th = line.appendChild(site.el('th'));
      th.setAttribute('scope', 'row');
      th.appendChild(badge(row.type, 'span'));
      row.factors.forEach(function (factor) { line.appendChild(factorCell(factor)); });
      line.appendChild(site.el('td', 'calc-count')).textContent = String(row.weak);
      line.appendChild(site.el('td', 'calc-count')).textContent = String(row.resist);
    });
    table.querySelector('thead').replaceChildren(head);
    table.querySelector('tbody').replaceChildren(body);
    gapsLine.replaceChildren();
    if (computed.gaps.length) {
      gapsLine.appendChild(doc.createTextNode(words('gaps') + ' '));
      var ul = gapsLine.appendChild(site.el('ul', 'types'));
      computed.gaps.forEach(function (type) { ul.appendChild(badge(type)); });
    } else {
      gapsLine.textContent = words('no-gaps');
    }
  }

  function add(row) {
    if (team.some(function (member) { return member.slug === row.slug; })) { say(words('already', { name: row.name })); return false; }
    if (team.length >= 6) { say(words('full')); return false; }
    team.push(row);
    say('');
    return true;
  }

  var data = section && site.onDemand({
    urls: function () { return [section.getAttribute('data-data')]; },
    loaded: function () {
      var decoded = teamRows(window.POKEDEX_DATA);
      if (!decoded.length) return false;
      rows = decoded;
      var list = doc.querySelector('#calc-team-names');
      if (list) {
        var options = doc.createDocumentFragment();
        rows.forEach(function (row) { options.appendChild(site.el('option')).value = row.name; });
        list.replaceChildren(options);
      }
      // The address's team, now that its slugs can be read.
      reload();
      return true;
    },
    message: function () { return words('load-failed'); },
    place: function (note) { teamForm.appendChild(note); },
    refocus: function () { return input; }
  });
  // Every name in every language, on the first name the page's own names do not know.
  var other = section && site.onDemand({
    urls: function () {
      var raw = window.POKEDEX_DATA;
      return [raw && typeof raw.names === 'string' ? site.siteRoot + raw.names : ''];
    },
    loaded: function () {
      names = site.decodeNames(window.POKEDEX_NAMES, 2).names;
      return names.size > 0;
    },
    message: function () { return words('load-failed'); },
    place: function (note) { teamForm.appendChild(note); },
    refocus: function () { return input; }
  });

  // `everyName`: the names of every language were asked for (in, or failed).
  function pick(everyName) {
    var text = input.value;
    if (!rows || !text.trim()) return;
    var found = findPokemon(text, rows, names, site.fold);
    if (!found && !names && everyName !== true) {
      // Another language's name, perhaps: look again once every name is in.
      other.load();
      whenLoaded(other, function () { pick(true); });
      return;
    }
    if (!found) {
      say(words(missKey(text, rows, site.fold), { name: text.trim() }));
      return;
    }
    if (add(found)) {
      input.value = '';
      say(words('added', { name: found.name }));
      drawTeam();
      writeHash();
    }
  }

  if (section && teamForm && input) {
    section.hidden = false;
    input.addEventListener('focus', function () { data.load(); });
    teamForm.addEventListener('submit', function (event) {
      event.preventDefault();
      if (!input.value.trim()) return;
      if (!rows) { data.load(); whenLoaded(data, pick); return; }
      pick();
    });
  }
  // `then()` once `demand` is no longer loading, in or failed (which its note says); one wait at a time, the
  // latest asked for (a second Add while the data comes does not add twice).
  var waiting = null;
  function whenLoaded(demand, then) {
    if (waiting) clearInterval(waiting);
    waiting = setInterval(function () {
      if (demand.state() === 'loading') return;
      clearInterval(waiting);
      waiting = null;
      then();
    }, 50);
  }

  function restore() {
    var parts = site.readHash(location.hash);
    useGeneration(readGeneration(parts, latest));
    attacking = readAttacking(parts, chart.types);
    attackers.forEach(function (select, index) { select.value = attacking[index] || ''; });
    var state = readState(parts, chart.types, abilityNames);
    defChosen = state.defending.length > 0;
    first.value = defChosen ? state.defending[0] : first.options[0].value;
    second.value = state.defending[1] || '';
    ability.value = state.ability;
    // The team shown, or the one still waiting for the data.
    var slugs = (team.length ? team.map(function (row) { return row.slug; }) : wanted).join(',');
    if (state.team.join(',') !== slugs) {
      team = [];
      wanted = state.team;
      if (wanted.length && rows) reload();
      else if (wanted.length && data) data.load();
      else drawTeam();
    }
  }
  // The address's team from data already in (a hashchange after the first load).
  function reload() {
    var asked = wanted.length;
    wanted.forEach(function (slug) {
      var row = rows.filter(function (r) { return r.slug === slug; })[0];
      if (row) add(row);
    });
    wanted = [];
    drawTeam();
    // Slugs of no Pokémon leave the address too.
    if (team.length !== asked) writeHash();
  }

  restore();
  form.addEventListener('change', function (event) {
    if (event.target === era) {
      useGeneration(Number(era.value) || 0);
      drawTeam();
      showOffence();
    } else {
      defChosen = true;
    }
    show(true);
  });
  form.addEventListener('submit', function (event) { event.preventDefault(); });
  var offenceForm = doc.querySelector('#calc-offence-form');
  if (offenceForm) {
    offenceForm.hidden = false;
    offenceForm.addEventListener('change', function () {
      attacking = attackers.map(function (select) { return select.value; }).filter(function (type, index, all) {
        return type && all.indexOf(type) === index;
      });
      showOffence();
      writeHash();
    });
    offenceForm.addEventListener('submit', function (event) { event.preventDefault(); });
  }
  window.addEventListener('hashchange', function () { restore(); show(); showOffence(); });
  show();
  showOffence();
})();
