// list-model.js: what the index's and favorites' lists decide without the page. A favorites file read as the build
// reads it (the cases shared with FavoritesFileCasesTests.swift), a query ranked, the address's state read and
// written, the list filtered and sorted.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { page, load, plain } from './harness.mjs';

const CASES = JSON.parse(readFileSync(new URL('./fixtures/favorites-cases.json', import.meta.url), 'utf8'));

function listPage(lang = 'en') {
  const window = page({ lang, data: [`pokedex-data.${lang}.js`], scripts: ['cells.js', 'list-model.js'] });
  const site = window.PokedexSite;
  return { window, site, model: site.listModel, data: site.cells.data };
}

const english = (key, text, values) => text.replace(/\{(\w+)\}/g, (_, name) => String(values[name]));

test('a favorites file means to the import what it means to the build (the shared cases)', () => {
  const { model } = listPage();
  const catalog = model.favoritesCatalog(CASES.catalog.map((p) => ({ id: p.id, slug: p.name, name: p.displayName })));
  for (const c of CASES.cases) {
    const read = plain(model.parseFavoritesFile(c.file, catalog, english));
    if (c.error) {
      assert.ok(read.error, `${JSON.stringify(c.file)} was read: ${JSON.stringify(read)}`);
      const said = { 'not JSON': 'it is not JSON', 'not a list': 'it is not a list of Pokémon names or numbers' }[c.error]
        || `entry ${c.error.split(' ')[1]} is neither a Pokémon name nor a number`;
      assert.equal(read.error, said, JSON.stringify(c.file));
    } else {
      assert.deepEqual(read, { ids: c.ids, unknown: c.unknown }, JSON.stringify(c.file));
    }
  }
  assert.ok(CASES.cases.length >= 15);
});

test('the import keeps ids the site does not list and refuses a file that names nothing it knows', () => {
  const { model, data } = listPage();
  const catalog = model.favoritesCatalog(data.pokemon);
  assert.deepEqual(plain(model.parseFavoritesFile('[99999, "pikachu"]', catalog, english)), { ids: [99999, 25], unknown: [] });
  assert.equal(model.parseFavoritesFile('["nothing", "#99999"]', catalog, english).error, 'none of its names is a Pokémon of this site');
});

test('the stats and regional Pokédexes scripts decode; another version decodes to nothing', () => {
  const { window, model } = listPage();
  load(window, 'pokedex-stats.js');
  assert.equal(model.decodeStats(window.POKEDEX_STATS).get(25).total, 320);
  const dexes = model.decodeDexes({ version: 1, dexes: [['kanto', [[25, 25], [6, 6]]], ['paldea', [[25, 74]]], 'bad'] });
  assert.equal(dexes.get('paldea').get(25), 74);
  assert.equal(dexes.size, 2);
  assert.equal(model.decodeDexes({ version: 2, dexes: [['kanto', [[25, 25]]]] }).size, 0);
});

test('a query ranks the name shown first, then numbers; another language\'s name says which it matched', () => {
  const { window, site, model, data } = listPage('fr');
  load(window, 'pokedex-names.js');
  const candidates = model.candidates(site.decodeNames(window.POKEDEX_NAMES, 2));
  const found = (text) => model.search(text, data.pokemon, candidates).map(([p, via]) => [p.slug, via ? via.name : null]);
  // "pika": Pikachu and its cap, by the names shown; the rest not at all.
  assert.deepEqual(plain(found('pika')).map(([slug]) => slug), ['pikachu', 'pikachu-original-cap']);
  // By the German name: the match is explained by it.
  assert.deepEqual(plain(found('glurak')[0]), ['charizard', 'Glurak']);
  // A form's own name explains its match before the one its species lent it.
  assert.deepEqual(plain(found('Méga-Dracaufeu')[0]), ['charizard-mega-x', null]);
  // Numbers: the species of that number (its default first), then numbers starting so.
  assert.deepEqual(plain(found('#25')).map(([slug]) => slug), ['pikachu', 'pikachu-original-cap']);
  assert.deepEqual(plain(found('2')).map(([slug]) => slug).slice(0, 3), ['pikachu', 'pikachu-original-cap', 'raichu']);
  assert.deepEqual(plain(found('   ')), []);
  // At an equal score the Pokémon whose name shown matched comes first, whatever the list's order.
  const abra = { id: 63, num: 63, slug: 'abra', name: 'Abra', index: 1, form: 0 };
  const other = { id: 999, num: 999, slug: 'other', name: 'Other', index: 0, form: 0 };
  const named = model.candidates({ names: new Map([[999, [{ name: 'Abra', langs: [0], own: true }]]]) });
  assert.deepEqual(plain(model.search('abra', [other, abra], named).map(([p, via]) => [p.slug, via ? via.name : null])),
    [['abra', null], ['other', 'Abra']]);
});

test('the address\'s state: read as far as it is understood, written back the same', () => {
  const { model } = listPage();
  const offered = { types: ['fire', 'flying', 'electric'], gens: [1, 7], dexes: ['kanto'] };
  const state = model.parseHash('#favorites&type=Fire,flying,shadow,electric&gen=1&dex=kanto&sort=speed-desc&q=%20pika%20&forms=all', offered);
  assert.deepEqual(plain(state), { view: 'favorites', types: ['fire', 'flying'], gen: 1, dex: 'kanto', sort: 'speed', dir: 'desc', q: 'pika', forms: true });
  // What this site lacks is left out as if absent: a generation, a Pokédex, a sort key.
  assert.deepEqual(plain(model.parseHash('#gen=9&dex=galar&sort=weight', offered)),
    { view: 'all', types: [], gen: 0, dex: '', sort: 'number', dir: 'asc', q: '', forms: null });
  const written = model.formatHash({ view: state.view, filters: state, everyForm: true });
  assert.deepEqual(plain(model.parseHash(written, offered)), plain(state));
  // The list as it opens writes nothing.
  assert.equal(model.formatHash({ view: 'all', filters: { types: [], gen: 0, dex: '', sort: 'number', dir: 'asc', q: '' }, everyForm: false }), '');
});

test('filters keep what each asks; sorts keep a species\' forms after it and ties in list order', () => {
  const { model, data } = listPage();
  const none = new Map();
  const slugs = (list) => list.map((p) => (Array.isArray(p) ? p[0] : p).slug);
  const filters = (more) => ({ types: [], gen: 0, dex: '', sort: 'number', dir: 'asc', q: '', ...more });
  assert.deepEqual(plain(slugs(model.filtered(data.pokemon, filters({ types: ['electric', 'psychic'] }), none))), ['raichu-alola']);
  assert.deepEqual(plain(slugs(model.filtered(data.pokemon, filters({ gen: 9 }), none))), ['wiglett']);
  // A regional Pokédex filters once its members are in, and numbers by its own order.
  const dexes = new Map([['kanto', new Map([[26, 1], [6, 2]])]]);
  const kanto = model.filtered(data.pokemon, filters({ dex: 'kanto' }), dexes);
  assert.deepEqual(plain(slugs(kanto)), ['charizard', 'charizard-mega-x', 'raichu', 'raichu-alola']);
  const sort = model.sorter(new Map(data.pokemon.filter((p) => !p.form).map((p) => [p.num, p.name])));
  const pairs = (list) => list.map((p) => [p, null]);
  assert.deepEqual(plain(slugs(sort(pairs(kanto), filters({ dex: 'kanto' }), dexes))), ['raichu', 'raichu-alola', 'charizard', 'charizard-mega-x']);
  // By name: species by theirs, each followed by its forms; descending turns species, not a species' forms.
  assert.deepEqual(plain(slugs(sort(pairs(data.pokemon), filters({ sort: 'name', dir: 'desc' }), none))),
    ['wiglett', 'raichu', 'raichu-alola', 'pikachu', 'pikachu-original-cap', 'charizard', 'charizard-mega-x']);
  // By a stat before the stats are in: Pokédex order.
  assert.deepEqual(plain(slugs(sort(pairs(data.pokemon), filters({ sort: 'speed' }), none))), plain(slugs(data.pokemon)));
});

test('export writes API names, ids for nameless forms and the ids the site does not list; the import reads it back', () => {
  const { model, data } = listPage();
  const catalog = model.favoritesCatalog(data.pokemon);
  const by = Object.fromEntries(data.pokemon.map((p) => [p.slug, p]));
  const text = model.favoritesFile([by.pikachu, by['raichu-alola']], new Set([25, 10100, 99999]), catalog);
  assert.equal(text, '[\n  "pikachu",\n  "raichu-alola",\n  99999\n]\n');
  assert.deepEqual(plain(model.parseFavoritesFile(text, catalog, english)), { ids: [25, 10100, 99999], unknown: [] });
  // A slug that is a name and its own id (the build's for a form without a name of its own) is written as the id;
  // digits that are not its id leave it a name.
  const nameless = { id: 10080, slug: 'pikachu-10080', name: 'Pikachu' };
  const numbered = { id: 10181, slug: 'zygarde-10', name: 'Zygarde 10%' };
  const both = model.favoritesCatalog([nameless, numbered]);
  const written = model.favoritesFile([nameless, numbered], [10080, 10181], both);
  assert.deepEqual(JSON.parse(written), [10080, 'zygarde-10']);
  assert.deepEqual(plain(model.parseFavoritesFile(written, both, english)), { ids: [10080, 10181], unknown: [] });
});

test('the import says what it added, the total, and at most five names it did not know, in the page\'s language', () => {
  const { model } = listPage();
  assert.equal(model.importReport('a.json', 0, 3, [], english), 'Imported a.json: its favorites were all here already.');
  assert.equal(model.importReport('a.json', 1, 4, ['x'], english), 'Imported a.json: 1 favorite added, 4 in all. Not on this site: x.');
  const seven = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
  assert.equal(model.importReport('a.json', 2, 9, seven, english),
    'Imported a.json: 2 favorites added, 9 in all. Not on this site: a, b, c, d, e and 2 more.');
  const fr = listPage('fr');
  assert.equal(fr.model.importReport('a.json', 1, 4, seven, fr.site.tr),
    'a.json importé : 1 favori ajouté, 4 au total. Absents de ce site : a, b, c, d, e et 2 autres.');
});

test('the results view\'s line: a search\'s count, among favorites or not, or the filters\' alone', () => {
  const { model } = listPage();
  assert.equal(model.statusLine('pika', 0, false, english), 'No Pokémon match “pika”.');
  assert.equal(model.statusLine('pika', 1, true, english), '1 Pokémon matches “pika” among favorites.');
  assert.equal(model.statusLine('pika', 12, false, english), '12 Pokémon match “pika”.');
  assert.equal(model.statusLine('', 0, true, english), 'No Pokémon among favorites match these filters.');
  assert.equal(model.statusLine('', 1, false, english), '1 Pokémon.');
  const ja = listPage('ja');
  assert.equal(ja.model.statusLine('ピカ', 3, true, ja.site.tr), 'お気に入りに「ピカ」に一致するポケモンが3匹います。');
  assert.equal(ja.model.statusLine('', 3, false, ja.site.tr), 'ポケモン3匹。');
});

test('the filters counted (the search box aside) and the generations offered, in the language\'s numerals', () => {
  const { model, data } = listPage();
  const filters = (more) => ({ types: [], gen: 0, dex: '', sort: 'number', dir: 'asc', q: '', ...more });
  assert.equal(model.activeFilters(filters()), 0);
  assert.equal(model.filtersActive(filters()), false);
  // Each type, the generation, the Pokédex, and the sort (key or order: one).
  assert.equal(model.activeFilters(filters({ types: ['fire', 'flying'], gen: 1, dex: 'kanto', sort: 'speed', dir: 'desc' })), 5);
  assert.equal(model.activeFilters(filters({ dir: 'desc' })), 1);
  // A search is no filter, but shows the results view.
  assert.equal(model.activeFilters(filters({ q: 'pika' })), 0);
  assert.equal(model.filtersActive(filters({ q: 'pika' })), true);
  assert.deepEqual(plain(model.generations(data.pokemon)), [1, 6, 7, 9]);
  assert.equal(model.generationLabel(4, english), 'Generation IV');
  const fr = listPage('fr');
  assert.equal(fr.model.generationLabel(9, fr.site.tr), 'Génération IX');
  const ja = listPage('ja');
  assert.equal(ja.model.generationLabel(4, ja.site.tr), '第4世代');
});

test('results: a search keeps its ranking unless a sort is chosen; without one, the filters\' in the sort\'s order', () => {
  const { window, site, model, data } = listPage();
  load(window, 'pokedex-names.js');
  const candidates = model.candidates(model.decodeNames(window.POKEDEX_NAMES));
  const names = model.speciesNames(data.pokemon);
  // Each species by its default Pokémon's name: Alolan Raichu's is Raichu.
  assert.deepEqual([names.get(26), names.get(6), names.size], ['Raichu', 'Charizard', 4]);
  const sort = model.sorter(names);
  const filters = (more) => ({ types: [], gen: 0, dex: '', sort: 'number', dir: 'asc', q: '', ...more });
  const slugs = (list) => plain(list.map(([p]) => p.slug));
  const none = new Map();
  // "raichu": Raichu is it, Alolan Raichu has a word that is; "chu" is inside both, and inside Pikachu's names.
  assert.deepEqual(slugs(model.results(data.pokemon, 'raichu', filters(), none, candidates, sort)), ['raichu', 'raichu-alola']);
  assert.deepEqual(slugs(model.results(data.pokemon, 'chu', filters(), none, candidates, sort)),
    ['pikachu', 'pikachu-original-cap', 'raichu', 'raichu-alola']);
  // A sort chosen: its order, not the ranking's (a species' forms after it, ties in list order).
  assert.deepEqual(slugs(model.results(data.pokemon, 'chu', filters({ dir: 'desc' }), none, candidates, sort)),
    ['raichu', 'raichu-alola', 'pikachu', 'pikachu-original-cap']);
  // The filters first: Alolan Raichu alone is of generation 7.
  assert.deepEqual(slugs(model.results(data.pokemon, 'rai', filters({ gen: 7 }), none, candidates, sort)), ['raichu-alola']);
  // No query: every Pokémon of the pool the filters keep, sorted.
  const pool = data.pokemon.filter((p) => !p.looks);
  assert.deepEqual(slugs(model.results(pool, '', filters({ types: ['fire'], sort: 'name' }), none, candidates, sort)), ['charizard', 'charizard-mega-x']);
  // Which name matched travels with each result.
  const [[, via]] = model.results(data.pokemon, 'glurak', filters(), none, candidates, sort);
  assert.equal(via.name, 'Glurak');
  assert.equal(site.listModel, model);
});
