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
    var state = { defending: [], ability: '' };
    parts.forEach(function (part) {
      if (part.key === 'def' && part.value) {
        state.defending = part.value.split(',').filter(function (type, index, all) {
          return types.indexOf(type) >= 0 && all.indexOf(type) === index;
        }).slice(0, 2);
      } else if (part.key === 'ability' && abilities.indexOf(part.value) >= 0) {
        state.ability = part.value;
      }
    });
    return state;
  }

  // → [[key, value]…] for find.js's formatHash.
  function stateParts(state) {
    return [['def', state.defending.join(',')], ['ability', state.ability]];
  }

  var api = {
    readChart: readChart, readRule: readRule, multipliers: multipliers, groups: groups,
    formatFactor: formatFactor, readState: readState, stateParts: stateParts
  };
  window.PokedexCalculator = api;

  /* ---------- The page ---------- */

  var site = window.PokedexSite;
  var doc = document;
  var form = doc.querySelector('#calc');
  var out = doc.querySelector('#calc-groups');
  if (!site || !site.readHash || !form || !out) return;
  var lang = doc.documentElement.getAttribute('lang') || 'en';
  var chart = readChart(form.getAttribute('data-types'), form.getAttribute('data-chart'));
  var first = doc.querySelector('#calc-type1');
  var second = doc.querySelector('#calc-type2');
  var ability = doc.querySelector('#calc-ability');
  var options = {};
  Array.prototype.forEach.call(first.options, function (option) { options[option.value] = option; });
  var abilityNames = Array.prototype.map.call(ability.options, function (option) { return option.value; }).filter(Boolean);

  function badge(type) {
    var li = site.el('li', 'type type-' + type);
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

  // `write`: the user changed something, which the address then keeps (arriving leaves it as it was).
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
    if (write === true) site.showHash(site.formatHash(stateParts({ defending: defending, ability: ability.value })));
  }

  function restore() {
    var state = readState(site.readHash(location.hash), chart.types, abilityNames);
    if (state.defending.length) {
      first.value = state.defending[0];
      second.value = state.defending[1] || '';
    }
    ability.value = state.ability;
  }

  restore();
  form.addEventListener('change', function () { show(true); });
  form.addEventListener('submit', function (event) { event.preventDefault(); });
  window.addEventListener('hashchange', function () { restore(); show(); });
  show();
})();
