// items.js's pure half: which rows the items index shows for a search and a category, and its status line.
import test from 'node:test';
import assert from 'node:assert/strict';
import { page, plain } from './harness.mjs';

function itemsPage() {
  const window = page({ kind: 'items', scripts: ['items.js'] });
  return { items: window.PokedexItems, site: window.PokedexSite };
}

test('a search and a category narrow the rows, with find.js’s folding and ranking', () => {
  const { items, site } = itemsPage();
  const rows = ['Thunder Stone', 'Light Ball', 'Pierre Foudre', 'かみなりのいし', 'TM24'].map((name, i) => ({
    name: site.fold(name), category: i < 2 ? 'evolution' : 'other'
  }));
  const shown = (q, cat = '') => plain(items.visible(rows, site.query(q), cat));
  assert.deepEqual(shown(''), [true, true, true, true, true]);
  assert.deepEqual(shown('stone'), [true, false, false, false, false]);
  // Accents, case and kana folded: "pierre foudre" and hiragana find what the page shows.
  assert.deepEqual(shown('PIERRE foudré'), [false, false, true, false, false]);
  assert.deepEqual(shown('カミナリ'), [false, false, false, true, false]);
  assert.deepEqual(shown('ball light'), [false, true, false, false, false]);
  assert.deepEqual(shown('', 'evolution'), [true, true, false, false, false]);
  assert.deepEqual(shown('tm', 'evolution'), [false, false, false, false, false]);
});

test('the status line fills in its numbers and leaves unknown ones', () => {
  const { items } = itemsPage();
  assert.equal(items.fill('{n} of {total} items', { n: 3, total: 579 }), '3 of 579 items');
  assert.equal(items.fill('{total}個中{n}個', { n: 0, total: 14 }), '14個中0個');
  assert.equal(items.fill('{n} {other}', { n: 1 }), '1 {other}');
  assert.equal(items.fill(null, { n: 1 }), '');
});
