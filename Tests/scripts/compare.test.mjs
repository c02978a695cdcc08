// compare.js's pure half: the address, the stats and abilities scripts, the games' stat formulas, the matchups
// each column shows, and which column a row marks as the highest.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { page, plain } from './harness.mjs';

function compare() {
  const window = page({ kind: 'compare', scripts: ['calculator.js', 'compare.js'] });
  return { cmp: window.PokedexCompare, calc: window.PokedexCalculator };
}

test('the address names the Pokémon compared: clean slugs, each once, four at most', () => {
  const { cmp } = compare();
  assert.deepEqual(plain(cmp.readSlugs('#pikachu,raichu')), ['pikachu', 'raichu']);
  assert.deepEqual(plain(cmp.readSlugs('pikachu,,pikachu,Raichu,mr-mime-galar,<b>')), ['pikachu', 'mr-mime-galar']);
  assert.deepEqual(plain(cmp.readSlugs('#a,b,c,d,e')), ['a', 'b', 'c', 'd']);
  assert.deepEqual(plain(cmp.readSlugs('#%E0%A4%A')), []);
  assert.equal(cmp.formatSlugs(['pikachu', 'raichu']), '#pikachu,raichu');
  assert.equal(cmp.formatSlugs([]), '');
});

test('stat ranges by the games’ formulas: the cases the build\'s StatRange passes too', () => {
  const { cmp } = compare();
  const { cases } = JSON.parse(readFileSync(new URL('./fixtures/stat-range-cases.json', import.meta.url), 'utf8'));
  assert.ok(cases.length >= 10);
  for (const c of cases) {
    assert.deepEqual(plain(cmp.statRange(c.stat, c.base, c.level, c.pokemon)), { min: c.min, max: c.max }, c.why);
  }
});

test('the stats and abilities scripts are read, and another version is refused', () => {
  const { cmp } = compare();
  const stats = cmp.decodeStats({ version: 1, pokemon: [[25, 35, 55, 40, 50, 50, 90], [26, 60, 90, 55, 90, 80, 110]] });
  const total = (id) => stats.get(id).reduce((a, b) => a + b, 0);
  assert.equal(total(25), 320);
  assert.equal(total(26), 485);
  assert.equal(cmp.decodeStats({ version: 2, pokemon: [[25, 1, 1, 1, 1, 1, 1]] }).size, 0);
  const abilities = cmp.decodeAbilities({
    version: 1,
    abilities: [['static', 'Statik', 'abilities/static.html', ''], ['lightning-rod', 'Lightning Rod', '', 'en']],
    pokemon: [[25, [0], [1]]]
  });
  assert.deepEqual(plain(abilities.get(25)), [
    { name: 'static', label: 'Statik', page: 'abilities/static.html', lang: '', hidden: false },
    { name: 'lightning-rod', label: 'Lightning Rod', page: '', lang: 'en', hidden: true }
  ]);
  assert.equal(cmp.decodeAbilities({ version: 1, pokemon: [] }).size, 0);
});

test('each column’s matchups: weak from the highest, resistances from the lowest, immunities', () => {
  const { cmp, calc } = compare();
  const chart = calc.readChart('fire water electric grass ground', 'hh121 2h1h2 12hh0 h21h2 212h1');
  const groups = plain(cmp.matchups(calc, chart, ['water', 'ground']));
  assert.deepEqual(groups.weak, [{ type: 'grass', factor: 4 }]);
  assert.deepEqual(groups.resist, [{ type: 'fire', factor: 0.5 }]);
  assert.deepEqual(groups.immune, [{ type: 'electric', factor: 0 }]);
});

test('the highest value of a row is marked, unless every column has it', () => {
  const { cmp } = compare();
  assert.deepEqual(plain(cmp.highest([320, 485])), [1]);
  assert.deepEqual(plain(cmp.highest([90, 110, 110])), [1, 2]);
  assert.deepEqual(plain(cmp.highest([50, 50])), []);
  assert.deepEqual(plain(cmp.highest([35])), []);
});
