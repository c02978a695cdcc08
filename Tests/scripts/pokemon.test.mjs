// pokemon-games.js's readers for the moves' game picker: the older eras a Pokémon page carries (types and base stats by
// generation) and the stat ranges by the formula of the game picked (Generations I–II: DVs and stat experience).
import test from 'node:test';
import assert from 'node:assert/strict';
import { page, plain } from './harness.mjs';

function eras() {
  return page({ scripts: ['pokemon.js', 'pokemon-games.js'] }).PokedexGames;
}

test('the eras a page carries: runs of generations with their values, malformed runs dropped', () => {
  const { parseEras, eraOf } = eras();
  // Clefairy: Normal in Generations I–V. Pikachu: Generation I's Special, then II–V's lower defences.
  const types = parseEras('1-5:normal=Normal');
  assert.deepEqual(plain(types), [{ first: 1, last: 5, pairs: [['normal', 'Normal']] }]);
  const stats = parseEras('1-1:hp=35,attack=55,defense=30,speed=90,special=50;2-5:hp=35,attack=55,defense=30,special-attack=50,special-defense=40,speed=90');
  assert.equal(eraOf(stats, 1).pairs.find((p) => p[0] === 'special')[1], '50');
  assert.equal(eraOf(stats, 4).pairs.find((p) => p[0] === 'special-defense')[1], '40');
  // Today's values are the page's own: no era for Generation VI.
  assert.equal(eraOf(stats, 6), null);
  assert.deepEqual(plain(parseEras('')), []);
  assert.deepEqual(plain(parseEras('x:normal=Normal;5-2:fire=Fire')), []);
});

test('stat ranges follow the formula of the game picked', () => {
  const { rangeInGame } = eras();
  // Red and Blue: Pikachu's HP 35 at level 100 is 180–274 (DVs 0–15, no to full stat experience), its Special 50
  // at level 50 is 55–102.
  assert.deepEqual(plain(rangeInGame('hp', 35, 100, 1)), { min: 180, max: 274 });
  assert.deepEqual(plain(rangeInGame('special', 50, 50, 1)), { min: 55, max: 102 });
  // From Generation III, the page's own formula (natures, IVs, EVs): Pikachu's HP 35 at level 50 is 95–142.
  assert.deepEqual(plain(rangeInGame('hp', 35, 50, 3)), { min: 95, max: 142 });
  assert.deepEqual(plain(rangeInGame('defense', 30, 100, 5)), { min: 58, max: 174 });
});

test("the gallery's toggled variants: folder, file type and name by index, as GameSprites numbers them", () => {
  const { variant } = eras();
  const words = 'front|back|shiny|female|gray|transparent|animated|, ';
  // GameSpritesTests pins the same folders on the Swift side.
  assert.deepEqual(plain(variant('0', words)), ['', 'png', 'front']);
  assert.deepEqual(plain(variant('4', words)), ['back/', 'png', 'back']);
  assert.deepEqual(plain(variant('7', words)), ['back/shiny/female/', 'png', 'back, shiny, female']);
  assert.deepEqual(plain(variant('12', words)), ['animated/back/', 'gif', 'back, animated']);
  assert.deepEqual(plain(variant('17', words)), ['back/gray/', 'png', 'back, gray']);
  assert.deepEqual(plain(variant('21', words)), ['transparent/back/shiny/', 'png', 'back, shiny, transparent']);
  assert.equal(variant('22', words), null);
  assert.equal(variant('x', words), null);
  assert.equal(variant('4', 'front|back'), null);
});
