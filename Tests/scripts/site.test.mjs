// The helpers of app.js and find.js (window.PokedexSite), which list.js, moves.js and search.js build on: the
// address's hash, the one ranking of every search, the names scripts' decoder against golden data scripts, and the
// loader of scripts a page needs on first use (loading once, failing with one note and its Retry, succeeding after).
import test from 'node:test';
import assert from 'node:assert/strict';
import { page, plain, serveScripts } from './harness.mjs';

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

test('the hash reads its parts in any order, flags and values, and drops what does not decode', () => {
  const site = page().PokedexSite;
  const parts = plain(site.readHash('#q=mr.%20mime&favorites&&type=fire,flying&bad=%E0%A4%A&sort=name-desc'));
  assert.deepEqual(parts, [
    { key: 'q', value: 'mr. mime' }, { key: 'favorites', value: null }, { key: 'type', value: 'fire,flying' },
    { key: 'sort', value: 'name-desc' }
  ]);
  assert.deepEqual(plain(site.readHash('')), []);
  assert.deepEqual(plain(site.readHash('#')), []);
});

test('the hash is written in the order given, flags alone, empty values left out, commas readable', () => {
  const site = page().PokedexSite;
  assert.equal(site.formatHash([['favorites', null], ['type', 'fire,flying'], ['gen', ''], ['q', 'ピカ & co']]),
    '#favorites&type=fire,flying&q=%E3%83%94%E3%82%AB%20%26%20co');
  assert.equal(site.formatHash([['type', ''], ['q', '']]), '');
  // What it writes, it reads back.
  const written = site.formatHash([['q', 'a=b&c,d'], ['sort', 'attack-desc']]);
  assert.deepEqual(plain(site.readHash(written)), [{ key: 'q', value: 'a=b&c,d' }, { key: 'sort', value: 'attack-desc' }]);
});

test('the hash is shown by replacing the address, not by a new history entry; where history refuses, that is said', () => {
  const window = page();
  const site = window.PokedexSite;
  const replaced = [];
  window.history.replaceState = (state, title, url) => { replaced.push(url); };
  site.showHash('#q=pika');
  assert.deepEqual(replaced, ['/site/index.html#q=pika']);
  // Shown already: the address is left alone.
  window.location.hash = '#q=pika';
  site.showHash('#q=pika');
  assert.equal(replaced.length, 1);
  assert.equal(site.replaceAddress('page/2.html'), true);
  // Some file:// setups refuse: infinite scroll then stops moving the address.
  window.history.replaceState = () => { throw new Error('SecurityError'); };
  assert.equal(site.replaceAddress('page/3.html'), false);
});

test('the favorites: seeded once from the build\'s file, then what this device stored; stored junk reads as none', () => {
  const store = new Map();
  const localStorage = {
    getItem: (key) => (store.has(key) ? store.get(key) : null), setItem: (key, value) => store.set(key, String(value))
  };
  const favorites = (globals) => [...page({ globals: { localStorage, ...globals } }).PokedexSite.favorites];
  assert.deepEqual(favorites({ POKEDEX_FAVORITES: [25, 6] }), [25, 6]);
  assert.equal(store.get('pokedex.favorites'), '[25,6]');
  // Stored once, the build's file no longer counts: every star taken off stays off.
  store.set('pokedex.favorites', '[]');
  assert.deepEqual(favorites({ POKEDEX_FAVORITES: [25, 6] }), []);
  store.set('pokedex.favorites', '[150, "x", -1, 2.5, 151]');
  assert.deepEqual(favorites({}), [150, 151]);
  store.set('pokedex.favorites', '{not json');
  assert.deepEqual(favorites({ POKEDEX_FAVORITES: [25] }), []);
  // Storage denied (some privacy modes): the build's file, for the page's life.
  const denied = { getItem() { throw new Error('SecurityError'); }, setItem() { throw new Error('SecurityError'); } };
  assert.deepEqual([...page({ globals: { localStorage: denied, POKEDEX_FAVORITES: [25] } }).PokedexSite.favorites], [25]);
});

test('one ranking: the name itself, then its start, a word of it, inside it, every word in any order', () => {
  const site = page().PokedexSite;
  const rank = (query, name) => site.query(query).rank(site.fold(name));
  assert.equal(rank('mew', 'Mew'), 0);
  assert.equal(rank('mew', 'Mewtwo'), 1);
  assert.equal(rank('mime', 'Mr. Mime'), 2);
  assert.equal(rank('z', 'Porygon-Z'), 2);
  assert.equal(rank('ガラル', 'ニャース・ガラル'), 2);
  assert.equal(rank('kachu', 'Pikachu'), 3);
  assert.equal(rank('charizard mega', 'Mega Charizard X'), 4);
  assert.equal(rank('charizard giga', 'Mega Charizard X'), -1);
  assert.equal(rank('', 'Pikachu'), -1);
  // Folded as the search folds: accents, case, width, hiragana as katakana.
  assert.equal(rank('ＰＩＫＡ', 'Pikachu'), 1);
  assert.equal(rank('ぴかちゅう', 'ピカチュウ'), 0);
  assert.equal(rank('flabebe', 'Flabébé'), 0);
});

test('the Pokémon names script decodes to every id its entry names, its own first, with the languages', () => {
  const window = page({ data: ['pokedex-names.js'] });
  const decoded = window.PokedexSite.decodeNames(window.POKEDEX_NAMES, 2);
  const code = (bits) => bits.map((bit) => decoded.languages[bit][0]);
  const charizard = decoded.names.get(6);
  assert.equal(charizard[0].name, 'リザードン');
  assert.deepEqual(plain(code(charizard[0].langs)), ['ja-hrkt', 'ja']);
  assert.equal(charizard.find((n) => n.name === 'Dracaufeu').own, true);
  // Mega Charizard X is lent its species' names, then has its own.
  const mega = decoded.names.get(10034);
  assert.equal(mega.find((n) => n.name === 'Dracaufeu').own, false);
  assert.equal(mega.find((n) => n.name === 'Méga-Dracaufeu X').own, true);
  assert.deepEqual(plain(code(mega.find((n) => n.name === 'Méga-Dracaufeu X').langs)), ['fr']);
  // Another version reads as none.
  assert.equal(window.PokedexSite.decodeNames(window.POKEDEX_NAMES, 1).names.size, 0);
  assert.equal(window.PokedexSite.decodeNames(null, 2).names.size, 0);
});

test('the move names script decodes with the same decoder, its names folded for the moves index', () => {
  const window = page({ kind: 'moves', data: ['pokedex-move-names.js'], scripts: ['moves.js'] });
  const names = window.PokedexSite.moves.decodeMoveNames(window.POKEDEX_MOVE_NAMES);
  assert.ok(names.get('86').includes('cage eclair'));
  assert.ok(names.get('86').includes('デンジハ'));
  assert.equal(window.PokedexSite.moves.decodeMoveNames({ version: 2, entries: [] }).size, 0);
});

test('the search data pairs its names and masks with the same reader', () => {
  const site = page().PokedexSite;
  assert.deepEqual(plain(site.namePairs(['pokemon/pikachu.html', 'Pikachu', 'ピカチュウ', 513, 'Pikachu', 2546], 2)),
    [{ name: 'ピカチュウ', mask: 513 }, { name: 'Pikachu', mask: 2546 }]);
  assert.deepEqual(plain(site.maskBits(513, 12)), [0, 9]);
});

// A page with a box whose first use loads a names script, as list.js and moves.js use onDemand.
function onDemandPage(answer) {
  const window = page({ lang: 'fr' });
  const asked = serveScripts(window, answer);
  const site = window.PokedexSite;
  const place = window.document.body.appendChild(window.document.createElement('div'));
  const box = window.document.body.appendChild(window.document.createElement('input'));
  let focused = null;
  box.focus = () => { focused = box; };
  const seen = [];
  const names = site.onDemand({
    urls: () => ['assets/pokedex-names.js'],
    loaded: () => { seen.push(window.POKEDEX_NAMES); return window.POKEDEX_NAMES && window.POKEDEX_NAMES.version === 2 ? undefined : false; },
    message: () => 'Les noms ne sont pas chargés.',
    place: (note) => place.appendChild(note),
    refocus: () => box
  });
  return { window, asked, names, place, seen, focused: () => focused };
}

test('a script needed on first use loads once, however often it is asked for', async () => {
  const { asked, names, seen } = onDemandPage(() => 'pokedex-names.js');
  names.load();
  names.load();
  assert.equal(names.state(), 'loading');
  await settle();
  names.load();
  assert.equal(names.state(), 'loaded');
  assert.deepEqual(asked, ['assets/pokedex-names.js']);
  assert.equal(seen.length, 1);
});

test('failing, it says so once, with a Retry in the page\'s language; the Retry loads it and the note goes', async () => {
  let online = false;
  const { window, asked, names, place, focused } = onDemandPage(() => (online ? 'pokedex-names.js' : null));
  names.load();
  await settle();
  assert.equal(names.state(), 'failed');
  const note = place.querySelector('.load-failed');
  assert.equal(note.querySelector('.load-failed-text').textContent, 'Les noms ne sont pas chargés.');
  const retry = note.querySelector('button.retry');
  assert.equal(retry.textContent, 'Réessayer');
  assert.equal(window.document.head.querySelectorAll('script').length, 0, 'the failed script element is gone');
  // Typing on: nothing is asked again, nothing said again; the note waits for its Retry.
  names.load();
  await settle();
  assert.deepEqual(asked, ['assets/pokedex-names.js']);
  // Retry, still offline: asked again, said in the same note.
  names.retry();
  await settle();
  assert.equal(names.state(), 'failed');
  assert.equal(place.querySelectorAll('.load-failed').length, 1);
  // Back online, Retry (keyboard focus on it) loads it: the note goes, focus back to the box.
  online = true;
  window.document.activeElement = retry;
  names.retry();
  await settle();
  assert.equal(names.state(), 'loaded');
  assert.equal(place.querySelectorAll('.load-failed').length, 0);
  assert.equal(focused() !== null, true);
  assert.deepEqual(asked, ['assets/pokedex-names.js', 'assets/pokedex-names.js', 'assets/pokedex-names.js']);
});

test('a script that loads but is unusable counts as failed, and is asked for again on Retry', async () => {
  let file = 'pokedex-move-names.js';   // sets another global: POKEDEX_NAMES stays unset
  const { asked, names, place } = onDemandPage(() => file);
  names.load();
  await settle();
  assert.equal(names.state(), 'failed');
  assert.equal(place.querySelectorAll('.load-failed').length, 1);
  file = 'pokedex-names.js';
  names.retry();
  await settle();
  assert.equal(names.state(), 'loaded');
  assert.equal(asked.length, 2);
});

test('a page script that throws once the data is in does not leave the loader stuck, nor say the load failed', async () => {
  const window = page();
  serveScripts(window, () => 'pokedex-names.js');
  const errors = [];
  window.setTimeout = (f, ms) => setTimeout(() => { try { f(); } catch (e) { errors.push(e.message); } }, ms);
  const place = window.document.body.appendChild(window.document.createElement('div'));
  const names = window.PokedexSite.onDemand({
    urls: () => ['assets/pokedex-names.js'],
    loaded: () => { throw new Error('the page broke'); },
    message: () => 'not loaded',
    place: (note) => place.appendChild(note)
  });
  names.load();
  await settle();
  assert.equal(names.state(), 'loaded');
  assert.equal(place.querySelectorAll('.load-failed').length, 0);
  assert.deepEqual(errors, ['the page broke']);
});

test('scripts in order: a later one is asked for only once the one before it is in', async () => {
  const window = page();
  const asked = serveScripts(window, (src) => (src === 'b.js' ? null : 'pokedex-names.js'));
  await assert.rejects(window.PokedexSite.loadScripts(['a.js', 'b.js', 'c.js']));
  assert.deepEqual(asked, ['a.js', 'b.js']);
  // a.js stays loaded: the next attempt asks for b.js only, then c.js.
  await assert.rejects(window.PokedexSite.loadScripts(['a.js', 'b.js', 'c.js']));
  assert.deepEqual(asked, ['a.js', 'b.js', 'b.js']);
});
