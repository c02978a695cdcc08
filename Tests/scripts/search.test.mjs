// search.js's decoder against search data scripts (versions 1 and 2) in English, French and Japanese: labels and
// headings in the page's language, which name matched when it is not the label (and in which language, said in
// the page's language), and search.html's cells with their pictures and types.
import test from 'node:test';
import assert from 'node:assert/strict';
import { page, plain } from './harness.mjs';

const LABEL = { en: 'Pikachu', fr: 'Pikachu', ja: 'ピカチュウ' };
const TADBULB = { en: 'Tadbulb', fr: 'Têtampoule', ja: 'ズピカ' };
const MOVES = { en: 'Moves', fr: 'Capacités', ja: 'わざ' };
const ELECTRIC = { en: 'Electric', fr: 'Électrik', ja: 'でんき' };

function searchPage(lang, version) {
  const window = page({ lang, kind: 'search', data: [`pokedex-search.v${version}.${lang}.js`], scripts: ['search.js'] });
  return { window, search: window.PokedexSearch };
}
const labels = (found, kind) => found.find((g) => g.kind === kind).items.map((r) => r.item.label);
const matched = (found, kind, label) => found.find((g) => g.kind === kind).items.find((r) => r.item.label === label).via;

for (const lang of ['en', 'fr', 'ja']) {
  for (const version of [1, 2]) {
    test(`search data v${version} in ${lang}: results in the page's language, the match explained`, () => {
      const { search } = searchPage(lang, version);
      const found = search.find('pika');
      assert.equal(found[0].kind, 'pokemon');
      assert.equal(labels(found, 'pokemon')[0], LABEL[lang]);
      // Found by its own name; on the Japanese page, ピカチュウ is found through "Pikachu", and says so.
      if (lang === 'ja') assert.equal(matched(found, 'pokemon', LABEL[lang]).name, 'Pikachu');
      else assert.equal(matched(found, 'pokemon', LABEL[lang]), null);
      // Tadbulb is "Zupika" in romaji: found through it, and says so.
      const via = matched(found, 'pokemon', TADBULB[lang]);
      assert.equal(via.name, 'Zupika');
      assert.deepEqual(plain(via.languages.map((l) => l[0])), ['ja-roma']);
      // Zippy Zap is "Pika-Sprint" in French and "Pikaturbo" in Spanish; on the French page its label matched.
      assert.equal(found.find((g) => g.kind === 'move').heading, MOVES[lang]);
      const zap = found.find((g) => g.kind === 'move').items.find((r) => r.item.href === 'moves/zippy-zap.html');
      if (lang === 'fr') assert.equal(zap.via, null);
      else assert.equal(zap.via.name, 'Pika-Sprint');
      // A form is found by its own names: "Méga-Dracaufeu X", not its species' "Dracaufeu".
      const mega = search.find('dracaufeu').find((g) => g.kind === 'pokemon').items
        .find((r) => r.item.href === 'pokemon/charizard-mega-x.html');
      if (lang === 'fr') assert.equal(mega.via, null);
      else assert.equal(mega.via.name, 'Méga-Dracaufeu X');
    });
  }

  test(`search data v2 in ${lang}: search.html's cells have their number, types and picture`, () => {
    const { search } = searchPage(lang, 2);
    const items = search.decode(searchPage(lang, 2).window.POKEDEX_SEARCH, lang).groups[0].items;
    const raichu = items.find((i) => i.href === 'pokemon/raichu-alola.html').cell;
    assert.equal(raichu.id, 10100);
    assert.equal(raichu.number, '#0026');
    assert.equal(raichu.slug, 'raichu-alola');
    assert.deepEqual(plain(raichu.types), ['electric', 'psychic']);
    assert.equal(raichu.typeLabels ? raichu.typeLabels[0] : null, lang === 'en' ? null : ELECTRIC[lang]);
    assert.deepEqual(plain([raichu.image, raichu.w, raichu.h, raichu.t]), ['images/10100.png', 475, 475, [256, 384]]);
    const cap = items.find((i) => i.href === 'pokemon/pikachu-original-cap.html').cell;
    assert.deepEqual(plain([cap.image, cap.w, cap.h, cap.t]), ['https://example.invalid/pikachu-original-cap.png', 96, 96, []]);
    // Moves have no cells.
    assert.ok(search.decode(searchPage(lang, 2).window.POKEDEX_SEARCH, lang).groups[1].items.every((i) => i.cell === null));
    // Version 1 has none either: search.html shows text links.
    assert.ok(searchPage(lang, 1).search.decode(searchPage(lang, 1).window.POKEDEX_SEARCH, lang).groups[0].items.every((i) => i.cell === null));
  });
}

test('the languages of a matched name are said in the page\'s language', () => {
  const matchedText = (lang, languages) => {
    const { window } = searchPage(lang, 1);
    return window.PokedexSite.matchedLine('Zupika', languages).textContent;
  };
  const romaji = [['ja-roma', 'Japanese (romaji)', 'ja-Latn']];
  assert.equal(matchedText('en', romaji), 'Matched: Zupika (Japanese, romaji)');
  assert.match(matchedText('fr', romaji), /^Correspondance : Zupika \(japonais/);
  // In Japanese, with the language's own brackets and separators: "一致：Zupika（日本語・ラテン文字）".
  assert.match(matchedText('ja', romaji), /^一致：Zupika（日本語・[^（）,;]+）$/);
  assert.equal(matchedText('ja', [['fr', 'French', 'fr'], ['de', 'German', 'de'], ['it', 'Italian', 'it']]),
    '一致：Zupika（フランス語／ドイツ語、ほか1件）');
  // A language the data names only by its code is named by the browser, in English too.
  assert.equal(matchedText('en', [['cs', 'cs', 'cs']]), 'Matched: Zupika (Czech)');
  // Several: the first two, then how many more.
  const many = [['fr', 'French', 'fr'], ['de', 'German', 'de'], ['it', 'Italian', 'it']];
  assert.equal(matchedText('en', many), 'Matched: Zupika (French; German and 1 more)');
});

test('an unknown version of the search data is not read', () => {
  const { search } = searchPage('en', 1);
  assert.equal(search.decode({ version: 3, groups: [] }, 'en'), null);
});

test('folding keeps the voicing of kana: "ぴか" finds ピカチュウ, not ひかりのかべ', () => {
  const { window } = searchPage('ja', 2);
  const fold = window.PokedexSite.fold;
  assert.equal(fold('ぴかちゅう'), fold('ピカチュウ'));
  assert.equal(fold('ﾋﾟｶﾁｭｳ'), fold('ピカチュウ'));          // halfwidth kana
  assert.notEqual(fold('ぴか'), fold('ひか'));
  assert.notEqual(fold('ぴか'), fold('びか'));
  assert.equal(fold('Éclair'), 'eclair');                  // accents are still folded
});
