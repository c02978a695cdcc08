// cells.js's and list-model.js's decoders against data scripts in English, French and Japanese: the index's cells, filters and search
// name types in the page's language, and the forms are told apart as the forms build writes them.
import test from 'node:test';
import assert from 'node:assert/strict';
import { page, load, plain } from './harness.mjs';

const TYPES = {
  en: { electric: 'Electric', psychic: 'Psychic', fire: 'Fire', flying: 'Flying' },
  fr: { electric: 'Électrik', psychic: 'Psy', fire: 'Feu', flying: 'Vol' },
  ja: { electric: 'でんき', psychic: 'エスパー', fire: 'ほのお', flying: 'ひこう' }
};
const RAICHU = { en: 'Alolan Raichu', fr: 'Raichu d’Alola', ja: 'ライチュウ (アローラのすがた)' };

function indexPage(lang) {
  const window = page({ lang, data: [`pokedex-data.${lang}.js`], scripts: ['cells.js', 'list-model.js', 'list-search.js', 'list.js'] });
  const list = { ...window.PokedexSite.cells, ...window.PokedexSite.listModel };
  return { window, list, data: list.decodeData(window.POKEDEX_DATA) };
}

for (const lang of ['en', 'fr', 'ja']) {
  test(`data script in ${lang}: types are named in the page's language`, () => {
    const { list, data } = indexPage(lang);
    for (const [type, label] of Object.entries(TYPES[lang])) assert.equal(list.typeLabel(data, type), label);
    // Every type the script lists has its label (the type filter's options).
    assert.equal(data.types.length, data.types.map((t) => list.typeLabel(data, t)).filter(Boolean).length);
    if (lang === 'en') assert.equal(data.typeLabels, null);
    else assert.equal(data.typeLabels.length, data.types.length);
  });

  test(`data script in ${lang}: a cell built from it names its types in ${lang}`, () => {
    const { list, data } = indexPage(lang);
    const raichu = data.pokemon.find((p) => p.slug === 'raichu-alola');
    assert.equal(raichu.name, RAICHU[lang]);
    const cell = list.buildCell(raichu, false);
    assert.deepEqual(plain(cell.querySelectorAll('.type').map((b) => b.textContent)), [TYPES[lang].electric, TYPES[lang].psychic]);
    assert.deepEqual(plain(cell.querySelectorAll('.type').map((b) => b.className)), ['type type-electric', 'type type-psychic']);
    // Japanese names wrap only where a <wbr> says: before the bracket and after の, never inside a word; the text
    // is the name itself.
    const name = cell.querySelector('.name');
    assert.equal(name.textContent, RAICHU[lang]);
    const pieces = name.childNodes.map((n) => (n.nodeType === 3 ? n.data : '<' + n.tagName.toLowerCase() + '>')).join('');
    if (lang === 'ja') assert.equal(pieces, 'ライチュウ <wbr>(アローラの<wbr>すがた)');
    else assert.equal(pieces, RAICHU[lang]);
    assert.equal(cell.querySelector('.num').textContent, '#0026');
    assert.equal(cell.querySelector('.cell-link').getAttribute('href'), 'pokemon/raichu-alola.html');
    // Its picture: images/<id>.png of the usual shape, with its thumbnails.
    const img = cell.querySelector('img');
    assert.equal(img.getAttribute('src'), 'images/10100-256.webp');
    assert.match(img.getAttribute('srcset'), /^images\/10100-256\.webp 256w, images\/10100-384\.webp 384w, images\/10100\.png 475w$/);
    assert.equal(img.getAttribute('alt'), RAICHU[lang]);
  });

  test(`data script in ${lang}: species, forms that play differently and forms that only look different`, () => {
    const { data } = indexPage(lang);
    const by = Object.fromEntries(data.pokemon.map((p) => [p.slug, p]));
    assert.deepEqual([by.pikachu.form, by.pikachu.looks], [0, false]);
    assert.deepEqual([by['raichu-alola'].form, by['raichu-alola'].looks, by['raichu-alola'].num], [1, false, 26]);
    assert.deepEqual([by['pikachu-original-cap'].form, by['pikachu-original-cap'].looks], [1, true]);
    assert.equal(by['raichu-alola'].number, '#0026');
    // A species' number is its id (the script writes 0 for it).
    assert.equal(by.charizard.number, '#0006');
    // The stats are not in the data script: a sort by them loads them.
    assert.equal(by.charizard.stats, null);
    assert.equal(data.stats, 'assets/pokedex-stats.js');
  });
}

test('the stats script: each Pokémon\'s six base stats and their total', () => {
  const { window, list } = indexPage('en');
  load(window, 'pokedex-stats.js');
  const stats = list.decodeStats(window.POKEDEX_STATS);
  assert.deepEqual(plain(stats.get(6).stats), [78, 84, 78, 109, 85, 100]);
  assert.equal(stats.get(6).total, 534);
  assert.equal(stats.get(10100).total, 485);
  assert.equal(list.decodeStats({ version: 2, pokemon: [[6, 1, 1, 1, 1, 1, 1]] }).size, 0);
});

test('a picture follows the data script\'s pattern: local, or PokeAPI\'s URL with the id', () => {
  const { list } = indexPage('en');
  const remote = list.decodeData({
    version: 4, pic: [475, 475, [], 'https://example.org/official-artwork/{id}.png'], types: ['electric'],
    pokemon: [[25, 'pikachu', 'Pikachu', [0], 1, 0, 0], [10080, 'pikachu-rock-star', 'Pikachu Rock Star', [0], 6, 25, 2,
      ['assets/placeholder.svg', 475, 475, []]]]
  });
  assert.equal(remote.pokemon[0].image, 'https://example.org/official-artwork/25.png');
  assert.equal(remote.pokemon[1].image, 'assets/placeholder.svg');
  assert.equal(remote.pokemon[1].number, '#0025');
});

test('the names script: every language of a name, and whose names they are', () => {
  const { window, list } = indexPage('fr');
  load(window, 'pokedex-names.js');
  const names = list.decodeNames(window.POKEDEX_NAMES);
  const code = (i) => names.languages[i][0];
  // Mega Charizard X answers to its species' names (lent) and to its own.
  const mega = names.names.get(10034);
  const lent = mega.filter((n) => !n.own).map((n) => n.name);
  const own = mega.filter((n) => n.own).map((n) => n.name);
  assert.ok(lent.includes('Dracaufeu') && lent.includes('Lizardon'), lent);
  assert.ok(own.includes('Méga-Dracaufeu X') && own.includes('Mega Charizard X'), own);
  assert.deepEqual(plain(mega.find((n) => n.name === 'Méga-Dracaufeu X').langs.map(code)), ['fr']);
  assert.deepEqual(plain(mega.find((n) => n.name === 'Lizardon').langs.map(code)), ['ja-roma']);
  // Charizard's own names are its species' entry.
  assert.ok(names.names.get(6).every((n) => n.own));
  // A spelling several languages share names them all.
  assert.deepEqual(plain(names.names.get(6).find((n) => n.name === 'Charizard').langs.map(code)), ['es', 'it', 'en', 'es-419']);
});

test('an unknown version of a data script decodes to nothing rather than to wrong cells', () => {
  const { list } = indexPage('en');
  assert.equal(list.decodeData({ version: 3, pokemon: [[1, 'bulbasaur']] }).pokemon.length, 0);
  assert.equal(list.decodeNames({ version: 1, entries: [[[1], 'x', 1]] }).names.size, 0);
});

test('Japanese names wrap between their words only: where a <wbr> is put', () => {
  const { window } = indexPage('ja');
  const pieces = (name) => plain(window.PokedexSite.namePieces(name));
  assert.deepEqual(pieces('オドリドリ（ふらふらスタイル）'), ['オドリドリ', '（ふらふら', 'スタイル）']);
  assert.deepEqual(pieces('ぬしラッタ（アローラのすがた）'), ['ぬし', 'ラッタ', '（アローラの', 'すがた）']);
  assert.deepEqual(pieces('ピカチュウ（ホウエンキャップ）'), ['ピカチュウ', '（ホウエン', 'キャップ）']);
  assert.deepEqual(pieces('イーブイ（キョダイマックスのすがた）'), ['イーブイ', '（キョダイ', 'マックスの', 'すがた）']);
  assert.deepEqual(pieces('メガニウム'), ['メガニウム']);
  assert.deepEqual(pieces('アイドル・ピカチュウ'), ['アイドル・', 'ピカチュウ']);
  assert.deepEqual(pieces('相棒ピカチュウ'), ['相棒', 'ピカチュウ']);
  assert.deepEqual(pieces('ピカチュウ'), ['ピカチュウ']);
  // Other languages as they are: their names wrap at spaces.
  assert.deepEqual(plain(indexPage('fr').window.PokedexSite.namePieces('Raichu d’Alola')), ['Raichu d’Alola']);
});
