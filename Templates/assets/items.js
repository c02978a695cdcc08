/* Pokédex: the items index's search and category filter (items/index.html alone loads it, after app.js and
   find.js). The names shown are searched with find.js's folding and ranking, as the moves index's are; a category
   hides the others; the address keeps both (`#cat=evolution&q=stone`), so a filtered list can be shared. Without
   JavaScript the page is the whole list by category. Names reach the DOM through textContent alone. */
(function () {
  'use strict';

  /* ---------- Pure: node's tests call these ---------- */

  // Which of `rows` ({name, category}, names already folded) to show for `query` (find.js's query) and `category`
  // ('' for any): an array of booleans, in the rows' order.
  function visible(rows, query, category) {
    return rows.map(function (row) {
      if (category && row.category !== category) return false;
      return !query.text || query.rank(row.name) >= 0;
    });
  }

  // "{n} of {total} items" with its numbers.
  function fill(template, values) {
    return String(template || '').replace(/\{(\w+)\}/g, function (all, key) {
      return Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : all;
    });
  }

  window.PokedexItems = { visible: visible, fill: fill };

  /* ---------- The page ---------- */

  var site = window.PokedexSite;
  var doc = document;
  var search = doc.querySelector('#item-search');
  var select = doc.querySelector('#item-category');
  var status = doc.querySelector('#items-status');
  if (!site || !site.query || !search || !select || !status) return;

  var sections = Array.prototype.slice.call(doc.querySelectorAll('section.item-category'));
  var rows = [];
  sections.forEach(function (section) {
    Array.prototype.forEach.call(section.querySelectorAll('li[data-id]'), function (li) {
      var name = li.querySelector('.item-name');
      rows.push({
        li: li, section: section,
        name: site.fold(name ? name.textContent : ''),
        category: section.getAttribute('data-category')
      });
    });
  });
  var categories = Array.prototype.map.call(select.options, function (o) { return o.value; });

  function apply() {
    var shown = visible(rows, site.query(search.value), select.value);
    var count = 0;
    var perSection = new Map();
    rows.forEach(function (row, index) {
      row.li.hidden = !shown[index];
      if (shown[index]) {
        count++;
        perSection.set(row.section, (perSection.get(row.section) || 0) + 1);
      }
    });
    sections.forEach(function (section) { section.hidden = !perSection.get(section); });
    var key = count === rows.length ? 'data-all' : count === 0 ? 'data-none' : 'data-some';
    status.textContent = fill(status.getAttribute(key), { n: count, total: rows.length });
  }

  function writeHash() {
    site.showHash(site.formatHash([['cat', select.value], ['q', search.value.trim()]]));
  }

  function applyHash(hash) {
    var cat = '', q = '';
    site.readHash(hash).forEach(function (part) {
      if (part.value === null) return;
      if (part.key === 'cat' && categories.indexOf(part.value) >= 0) cat = part.value;
      else if (part.key === 'q') q = part.value.trim();
    });
    select.value = cat;
    if (search.value.trim() !== q) search.value = q;
    apply();
  }

  select.addEventListener('change', function () { apply(); writeHash(); });
  search.addEventListener('input', function () { apply(); writeHash(); });
  search.addEventListener('keydown', function (event) {
    if (event.key === 'Escape' && search.value) { search.value = ''; apply(); writeHash(); }
  });
  window.addEventListener('hashchange', function () { applyHash(location.hash); });
  doc.querySelector('.items-controls').hidden = false;
  applyHash(location.hash);
})();
