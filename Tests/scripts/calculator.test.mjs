// calculator.js's pure half: the chart and the abilities' rules as the calculator's page carries them, the
// multipliers they make, their groups and how they are written, and the state the address keeps.
import test from 'node:test';
import assert from 'node:assert/strict';
import { page, plain } from './harness.mjs';

// Five types of the games' chart, as the page writes it: a row per attacking type, a character per defending one.
const TYPES = 'fire water electric grass ground';
const CHART = 'hh121 2h1h2 12hh0 h21h2 212h1';

function calculator(lang = 'en') {
  const window = page({ lang, kind: 'calculator', scripts: ['calculator.js'] });
  const calc = window.PokedexCalculator;
  return { window, calc, chart: calc.readChart(TYPES, CHART) };
}

function factors(list) { return Object.fromEntries(plain(list).map((item) => [item.type, item.factor])); }

test('Water and Ground: Grass ×4, Electric ×0, the rest as their types multiply', () => {
  const { calc, chart } = calculator();
  assert.deepEqual(factors(calc.multipliers(chart, ['water', 'ground'], null)), { fire: 0.5, water: 1, electric: 0, grass: 4, ground: 1 });
  // One type alone; the same type twice counts once; a type the chart lacks is left out.
  assert.deepEqual(factors(calc.multipliers(chart, ['ground', 'ground', 'shadow'], null)), { fire: 1, water: 2, electric: 0, grass: 2, ground: 1 });
});

test('abilities change what types do: Levitate, Filter, Wonder Guard, Dry Skin', () => {
  const { calc, chart } = calculator();
  const levitate = calc.readRule('ground:0');
  assert.equal(factors(calc.multipliers(chart, ['water', 'ground'], levitate)).ground, 0);
  // Filter softens only super-effective hits.
  const filter = calc.readRule('super:0.75');
  assert.deepEqual(factors(calc.multipliers(chart, ['water', 'ground'], filter)), { fire: 0.5, water: 1, electric: 0, grass: 3, ground: 1 });
  // Wonder Guard: only super-effective hits land.
  const guard = calc.readRule('only-super');
  assert.deepEqual(factors(calc.multipliers(chart, ['water', 'ground'], guard)), { fire: 0, water: 0, electric: 0, grass: 4, ground: 0 });
  // Dry Skin on Grass: water ×0, fire a quarter more (×2.5).
  const drySkin = calc.readRule('fire:1.25 water:0');
  assert.deepEqual(factors(calc.multipliers(chart, ['grass'], drySkin)), { fire: 2.5, water: 0, electric: 0.5, grass: 0.5, ground: 0.5 });
  // A rule that does not read is no rule.
  assert.deepEqual(plain(calc.readRule('fire: :x super:nope')), { types: {}, superEffective: 1, onlySuper: false });
});

test('grouped by multiplier, highest first, and written as the language writes numbers', () => {
  const { calc, chart } = calculator('fr');
  const groups = plain(calc.groups(calc.multipliers(chart, ['water', 'ground'], calc.readRule('super:0.75'))));
  assert.deepEqual(groups, [
    { factor: 3, types: ['grass'] }, { factor: 1, types: ['water', 'ground'] },
    { factor: 0.5, types: ['fire'] }, { factor: 0, types: ['electric'] }
  ]);
  assert.deepEqual([4, 2.5, 1, 0.5, 0.25, 0].map((f) => calc.formatFactor(f, 'en')), ['×4', '×2.5', '×1', '×½', '×¼', '×0']);
  assert.equal(calc.formatFactor(1.5, 'fr'), '×1,5');
});

test('the address keeps the state; what it does not know is ignored', () => {
  const { window, calc, chart } = calculator();
  const read = (hash) => plain(calc.readState(window.PokedexSite.readHash(hash), chart.types, ['levitate', 'filter']));
  assert.deepEqual(read('#def=water,ground&ability=levitate'), { defending: ['water', 'ground'], ability: 'levitate', team: [] });
  assert.deepEqual(read('#def=water,shadow,water,grass,fire&ability=pressure'), { defending: ['water', 'grass'], ability: '', team: [] });
  assert.deepEqual(read(''), { defending: [], ability: '', team: [] });
  assert.deepEqual(plain(calc.stateParts({ defending: ['water', 'ground'], ability: '' })), [['def', 'water,ground'], ['ability', ''], ['team', ''], ['atk', ''], ['gen', '']]);
  assert.equal(window.PokedexSite.formatHash(calc.stateParts({ defending: ['water', 'ground'], ability: '' })), '#def=water,ground');
});

test('the team: rows from the data script, a name in any language, what each type does to each member', () => {
  const { window, calc, chart } = calculator();
  const rows = calc.teamRows({
    version: 4, types: ['fire', 'water', 'electric', 'grass', 'ground'],
    pokemon: [[25, 'pikachu', 'Pikachu', [2]], [6, 'charizard', 'Charizard', [0]], [423, 'gastrodon', 'Gastrodon', [1, 4]],
      [10, 'not-a-row'], 'junk']
  });
  assert.deepEqual(plain(rows.map((r) => [r.slug, r.types])), [['pikachu', ['electric']], ['charizard', ['fire']], ['gastrodon', ['water', 'ground']], ['not-a-row', []]]);
  const fold = window.PokedexSite.fold;
  const names = new Map([[25, [{ name: 'ピカチュウ' }]], [6, [{ name: 'Dracaufeu' }]]]);
  assert.equal(calc.findPokemon('pikachu', rows, null, fold).slug, 'pikachu');
  // Another language's name, folded as the search folds it (hiragana finds katakana).
  assert.equal(calc.findPokemon('ぴかちゅう', rows, names, fold).slug, 'pikachu');
  assert.equal(calc.findPokemon('DRACAUFEU', rows, names, fold).slug, 'charizard');
  // A start that names one Pokémon alone; none that names several, or nothing.
  assert.equal(calc.findPokemon('gastro', rows, null, fold).slug, 'gastrodon');
  assert.equal(calc.findPokemon('zzz', rows, names, fold), null);
  assert.equal(calc.findPokemon('  ', rows, names, fold), null);
  // Why nothing was found: a start several names share, or no name at all.
  const two = rows.concat([{ id: 26, slug: 'pikablu', name: 'Pikablu', types: [] }]);
  assert.equal(calc.missKey('pika', two, fold), 'ambiguous');
  assert.equal(calc.missKey('zzz', rows, fold), 'not-found');

  const team = calc.teamTable(chart, rows.slice(0, 3));
  const grass = plain(team.rows.find((r) => r.type === 'grass'));
  // Grass: ×1 on Pikachu, ×½ on Charizard, ×4 on Gastrodon (Water and Ground).
  assert.deepEqual(grass, { type: 'grass', factors: [1, 0.5, 4], weak: 1, resist: 1 });
  const ground = plain(team.rows.find((r) => r.type === 'ground'));
  assert.deepEqual(ground, { type: 'ground', factors: [2, 2, 1], weak: 2, resist: 0 });
  // Nobody resists Water (Gastrodon takes it at ×1) nor Ground; the others someone does.
  assert.deepEqual(plain(team.gaps), ['water', 'ground']);
});

test('the address keeps the team by slug, six at most, each once', () => {
  const { window, calc, chart } = calculator();
  const read = (hash) => plain(calc.readState(window.PokedexSite.readHash(hash), chart.types, []).team);
  assert.deepEqual(read('#team=pikachu,charizard,pikachu,<b>,a,b,c,d,e'), ['pikachu', 'charizard', 'a', 'b', 'c', 'd']);
  assert.equal(window.PokedexSite.formatHash(calc.stateParts({ defending: ['fire'], ability: '', team: ['pikachu', 'charizard'] })),
    '#def=fire&team=pikachu,charizard');
});

// The older charts as the page writes them, over the types each era had (PokeAPI's past damage relations).
// Generation I: no Dark or Steel; Ghost does nothing to Psychic. Generations II–V: Steel resists Ghost and Dark.
const ERA_TYPES = 'normal fighting psychic ghost dark steel';
// A row per attacking type in that order; today Steel no longer resists Ghost and Dark.
const TODAY = ['11101h', '21h022', '12h10h', '0122h1', '1h22h1', '11111h'].join(' ');
const GEN5 = ['11101h', '21h022', '12h10h', '0122hh', '1h22hh', '11111h'].join(' ');
const GEN1_TYPES = 'normal fighting psychic ghost';
const GEN1 = ['1110', '21h0', '12h1', '0102'].join(' ');

test('the address picks an era by any of its generations; the chart of that era answers', () => {
  const { window, calc } = calculator();
  const parts = (hash) => window.PokedexSite.readHash(hash);
  assert.equal(calc.readGeneration(parts('#def=psychic&gen=1'), 9), 1);
  assert.equal(calc.readGeneration(parts('#gen=5'), 9), 5);
  assert.equal(calc.readGeneration(parts('#gen=10'), 9), 0);
  assert.equal(calc.readGeneration(parts('#gen=x'), 9), 0);
  assert.equal(calc.readGeneration(parts('#def=water'), 9), 0);
  const eras = [
    { first: 2, last: 5, chart: calc.readChart(ERA_TYPES, GEN5) },
    { first: 1, last: 1, chart: calc.readChart(GEN1_TYPES, GEN1) }
  ];
  assert.equal(calc.eraOf(eras, 1).first, 1);
  assert.equal(calc.eraOf(eras, 3).first, 2);
  assert.equal(calc.eraOf(eras, 5).first, 2);
  assert.equal(calc.eraOf(eras, 6), null);
  assert.equal(calc.eraOf(eras, 0), null);
  // #def=psychic&gen=1: Ghost ×0, Generation I's famous gap (today's chart: ×2).
  const first = factors(calc.multipliers(calc.eraOf(eras, 1).chart, ['psychic'], null));
  assert.equal(first.ghost, 0);
  assert.equal(factors(calc.multipliers(calc.readChart(ERA_TYPES, TODAY), ['psychic'], null)).ghost, 2);
  // #def=steel&gen=5: Ghost and Dark ×½; today's chart unchanged: ×1.
  const fifth = factors(calc.multipliers(calc.eraOf(eras, 5).chart, ['steel'], null));
  assert.equal(fifth.ghost, 0.5);
  assert.equal(fifth.dark, 0.5);
  const today = factors(calc.multipliers(calc.readChart(ERA_TYPES, TODAY), ['steel'], null));
  assert.equal(today.ghost, 1);
  assert.equal(today.dark, 1);
  // A type of a later era is not one of Generation I's: Steel cannot defend there.
  assert.deepEqual(plain(calc.readState(parts('#def=steel,psychic&gen=1'), calc.eraOf(eras, 1).chart.types, [])).defending, ['psychic']);
  assert.equal(window.PokedexSite.formatHash(calc.stateParts({ defending: ['psychic'], ability: '', generation: 1 })), '#def=psychic&gen=1');
});

test('the offence view: what up to four attacking types hit, type by type and pair by pair', () => {
  const { window, calc } = calculator();
  const chart = calc.readChart(ERA_TYPES, TODAY);
  assert.deepEqual(plain(calc.readAttacking(window.PokedexSite.readHash('#atk=fighting,ghost,fighting,shadow,dark,normal,steel'), chart.types)),
    ['fighting', 'ghost', 'dark', 'normal']);
  assert.deepEqual(plain(calc.coverage(chart, [])), []);
  const hits = Object.fromEntries(plain(calc.coverage(chart, ['normal', 'fighting'])).map((item) => [item.types.join('/'), item.factor]));
  // Six types and fifteen pairs.
  assert.equal(Object.keys(hits).length, 21);
  // Normal and Fighting: nothing touches Ghost; Fighting hits Steel and Dark hard, Normal/Dark ×4.
  assert.equal(hits.ghost, 0);
  assert.equal(hits.steel, 2);
  assert.equal(hits['normal/dark'], 4);
  assert.equal(hits['psychic/ghost'], 0);
  // The best of the moveset counts: adding Ghost hits Psychic/Ghost ×4.
  const more = Object.fromEntries(plain(calc.coverage(chart, ['normal', 'fighting', 'ghost'])).map((item) => [item.types.join('/'), item.factor]));
  assert.equal(more['psychic/ghost'], 4);
  assert.equal(more.ghost, 2);
});
