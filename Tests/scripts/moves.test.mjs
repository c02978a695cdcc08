// moves.js's decoders against the moves data script, a learnset and the move names script, in English, French and
// Japanese: another game's tables, built on a Pokémon page, say types, categories, methods and machines in the
// page's language, in the page's order.
import test from 'node:test';
import assert from 'node:assert/strict';
import { page, load, plain } from './harness.mjs';

// The groups' headings are the moves script's methods' words, which pokedex also writes into the page's own headings
// (so that a game picked says "Level up" as the page did, not the scripts' words for it).
const WORDS = {
  en: { electric: 'Electric', special: 'Special', status: 'Status', thunderShock: 'Thunder Shock' },
  fr: { electric: 'Électrik', special: 'Spéciale', status: 'Statut', thunderShock: 'Éclair' },
  ja: { electric: 'でんき', special: 'とくしゅ', status: 'へんか', thunderShock: 'でんきショック' }
};
const MACHINES = { en: ['TM', 'HM', 'TR'], fr: ['CT', 'CS', 'DT'], ja: ['わざマシン', 'ひでんマシン', 'わざレコード'] };

function pokemonPage(lang) {
  const window = page({ lang, data: [`pokedex-moves.${lang}.js`, 'learnset.pikachu.js'], scripts: ['moves.js'] });
  return { window, moves: window.PokedexSite.moves };
}

for (const lang of ['en', 'fr', 'ja']) {
  test(`moves data in ${lang}: another game's groups are in the page's language and order`, () => {
    const { window, moves } = pokemonPage(lang);
    const groups = moves.decodeGame(window.POKEDEX_MOVES, window.POKEDEX_LEARNSET.learnset, '20');
    assert.deepEqual(plain(groups.map((g) => g.kind)), ['level-up', 'machine', 'tutor']);
    assert.equal(groups[0].label, window.POKEDEX_MOVES.methods['1'][1]);
    assert.equal(groups[1].label, window.POKEDEX_MOVES.machineLabels['20']);
    assert.equal(groups[2].label, window.POKEDEX_MOVES.methods['3'][1]);
    // Level-up moves by level; Thunder Shock (level 1) with its type and category named as the page's language does.
    assert.deepEqual(plain(groups[0].moves.map((m) => m.level)), [1, 1, 1, 28]);
    const shock = groups[0].moves.find((m) => m.slug === 'thunder-shock');
    assert.equal(shock.name, WORDS[lang].thunderShock);
    assert.deepEqual(plain(shock.type), ['electric', WORDS[lang].electric, 'types/electric.html']);
    assert.deepEqual(plain(shock.category), ['special', WORDS[lang].special]);
    assert.deepEqual(plain(shock.numbers), [40, 100, 30]);
    const growl = groups[0].moves.find((m) => m.slug === 'growl');
    assert.deepEqual(plain(growl.category), ['status', WORDS[lang].status]);
    assert.equal(growl.numbers[0], null);
  });

  test(`moves data in ${lang}: machines in TM, HM, TR order as the language names them, then by number`, () => {
    const { window, moves } = pokemonPage(lang);
    const [tm, hm, tr] = MACHINES[lang];
    const machines = (raw, game) => plain(moves.decodeGame(window.POKEDEX_MOVES, raw, game)
      .find((g) => g.kind === 'machine').moves.map((m) => m.machine));
    assert.deepEqual(machines(window.POKEDEX_LEARNSET.learnset, '1'), [`${tm}01`, `${tm}05`, `${tm}08`, `${tm}16`]);
    assert.deepEqual(machines('1:4=57,25,5', '1'), [`${tm}01`, `${tm}05`, `${hm}03`]);
    assert.deepEqual(machines('20:4=87,34,6', '20'), [`${tm}02`, `${tr}01`, `${tr}09`]);
    // Yellow's Surf is a Stadium-only method's move: an "other" group, after the others, under its method's label.
    const yellow = moves.decodeGame(window.POKEDEX_MOVES, window.POKEDEX_LEARNSET.learnset, '1');
    const other = yellow[yellow.length - 1];
    assert.equal(other.kind, 'other');
    assert.equal(other.moves[0].slug, 'surf');
    assert.equal(other.label, window.POKEDEX_MOVES.methods['5'][1]);
  });
}

test('a game the learnset does not have decodes to null', () => {
  const { window, moves } = pokemonPage('fr');
  assert.equal(moves.decodeGame(window.POKEDEX_MOVES, window.POKEDEX_LEARNSET.learnset, '99'), null);
});

test('the move names script: every language of a move, folded for search', () => {
  const { window, moves } = pokemonPage('ja');
  load(window, 'pokedex-move-names.js');
  const names = moves.decodeMoveNames(window.POKEDEX_MOVE_NAMES);
  const thunderbolt = plain(names.get('85') || names.get('87'));
  assert.ok(thunderbolt.length > 5, thunderbolt);
  const shock = plain(names.get('84'));
  assert.ok(shock.includes('eclair'), shock);               // accents folded: "Éclair"
  assert.ok(shock.includes('thunder shock'), shock);
  assert.ok(shock.includes('デンキショック'), shock);        // kana folded: でんきショック as katakana, its voicing kept
  assert.equal(moves.decodeMoveNames({ version: 2, entries: [] }).size, 0);
});

test("an older game's learnset shows each move as that game had it", () => {
  const { window, moves } = pokemonPage('en');
  const data = window.POKEDEX_MOVES;
  // As pokedex writes a changed move's older eras: [[version group ids], type index, power, accuracy, pp]. Say
  // Thunder Shock was Normal with 35 power, 95 accuracy and 35 PP in Red, Blue and Yellow (version group 1).
  const normal = data.types.findIndex((t) => t[0] === 'normal');
  data.eras = { 84: [[[1, 2], normal, 35, 95, 35]] };
  const shockIn = (game) => moves.decodeGame(data, window.POKEDEX_LEARNSET.learnset, game)
    .flatMap((g) => g.moves).find((m) => m.slug === 'thunder-shock');
  const yellow = shockIn('1');
  assert.deepEqual(plain(yellow.numbers), [35, 95, 35]);
  assert.equal(yellow.type[0], 'normal');
  // Today's game keeps today's values.
  const today = shockIn('20');
  assert.deepEqual(plain(today.numbers), [40, 100, 30]);
  assert.equal(today.type[0], 'electric');
  // Malformed eras are ignored, not guessed from.
  data.eras = { 84: [['1', normal, 1, 1, 1], null] };
  assert.deepEqual(plain(shockIn('1').numbers), [40, 100, 30]);
});
