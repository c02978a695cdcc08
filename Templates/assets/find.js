/* Pokédex: finding things by name, shared by the scripts that search (list.js, moves.js, search.js): the folding
   of a query, the one ranking of every search, the names scripts' decoder, the line that says which name matched
   and in what language, and the address: its hash that keeps a list's search and filters, replaced in place. The
   index, favorites and moves index load it after app.js; elsewhere app.js loads it with search.js, on first use of
   the search box. It adds to `window.PokedexSite`. API data only ever reaches the DOM through textContent and
   setAttribute. */
(function () {
  'use strict';

  var site = window.PokedexSite;
  if (!site || site.query) return;   // already here: the page loaded it, then the search loader asked again
  var doc = document;
  var html = doc.documentElement;
  var tr = site.tr, el = site.el;

  /* ---------- Search folding, shared by list.js and moves.js ---------- */

  // Case, accents and width folded (NFKD: "２５" is "25", halfwidth kana are kana), hiragana as katakana (the
  // script PokeAPI's Japanese names use: "ぴかちゅう" finds ピカチュウ), and typographic apostrophes as "'". Kana keep
  // their voicing marks (recomposed by NFC): "ぴか" is not "ひか", as "é" is "e".
  function fold(text) {
    return String(text).normalize('NFKD').replace(/[\u0300-\u036f]/g, '').normalize('NFC')
      .replace(/[\u3041-\u3096]/g, function (c) { return String.fromCharCode(c.charCodeAt(0) + 0x60); })
      .replace(/[\u2018\u2019\u02bc`\u00b4]/g, "'")
      .toLowerCase().trim().replace(/\s+/g, ' ');
  }

  // One ranking for every search (the index's, the moves index's, the site-wide one), of names already folded:
  //   0 the name is the query, 1 it starts with it, 2 a word of it does, 3 the query is inside it,
  //   4 every word of the query starts a word of the name, in any order ("charizard mega": "Mega Charizard X"),
  //  -1 no match. Words are split at anything but letters and digits ("mr. mime", "porygon-z", "ニャース・ガラル").
  var WORD = /[^\p{L}\p{N}]+/u;
  function query(text) {
    var q = fold(text);
    var words = q.split(WORD).filter(Boolean);
    return {
      text: q,
      rank: function (name) {
        if (!q) return -1;
        var at = name.indexOf(q);
        if (at === 0) return name.length === q.length ? 0 : 1;
        if (at > 0) return WORD.test(name.charAt(at - 1)) ? 2 : 3;
        if (words.length > 1) {
          var parts = name.split(WORD);
          if (words.every(function (w) { return parts.some(function (part) { return part.indexOf(w) === 0; }); })) return 4;
        }
        return -1;
      }
    };
  }

  /* ---------- The names data scripts: one shape, three payloads ---------- */

  // POKEDEX_NAMES (version 2), POKEDEX_MOVE_NAMES (version 1): {languages: [[code, label, bcp47]…], entries: [[[ids],
  // name, mask, name, mask…]…]}, bit i of a mask meaning languages[i] spells the name so; a species' entry lists its
  // default Pokémon first, then its forms (lent its names). The search data's items are the same pairs after their
  // href and label (`from`: 2). → each pair's {name, mask}.
  function namePairs(entry, from) {
    var pairs = [];
    for (var i = from; i < entry.length; i += 2) {
      if (typeof entry[i] === 'string') pairs.push({ name: entry[i], mask: Number(entry[i + 1]) || 0 });
    }
    return pairs;
  }
  // The languages (their indices) a mask names.
  function maskBits(mask, count) {
    var bits = [];
    for (var bit = 0; bit < count; bit++) if (mask & Math.pow(2, bit)) bits.push(bit);
    return bits;
  }
  // A names script → {languages, names: id → [{name, langs: [language indices], own: the entry is the id's own}]};
  // empty for another version than `version`.
  function decodeNames(raw, version) {
    var out = { languages: [], names: new Map() };
    if (!raw || raw.version !== version || !Array.isArray(raw.entries)) return out;
    out.languages = Array.isArray(raw.languages) ? raw.languages : [];
    raw.entries.forEach(function (entry) {
      if (!Array.isArray(entry)) return;
      var ids = Array.isArray(entry[0]) ? entry[0] : [];
      namePairs(entry, 1).forEach(function (pair) {
        var langs = maskBits(pair.mask, out.languages.length);
        ids.forEach(function (id, at) {
          var list = out.names.get(id);
          if (!list) out.names.set(id, list = []);
          list.push({ name: pair.name, langs: langs, own: at === 0 });
        });
      });
    });
    return out;
  }

  /* ---------- Which name a search matched, and in what language (list.js, search.js) ---------- */

  // The names script, which every copy shares, names languages in English (`label`); the search data (version 2)
  // in the page's language (`localized`). English labels on another page's language, or a language named only by
  // its code, are said by the browser (Intl.DisplayNames) from its BCP 47 tag.
  var displayNames = null;
  try { displayNames = new Intl.DisplayNames([html.getAttribute('lang') || 'en'], { type: 'language' }); } catch (e) { /* older browser */ }
  var englishPage = /^en(-|$)/i.test(html.getAttribute('lang') || 'en');
  function languageName(tag, label, localized) {
    if (localized && label && label !== tag) return label;
    if (displayNames && tag && (!englishPage || !label || label === tag)) {
      try {
        var name = displayNames.of(tag);
        if (name && name.toLowerCase() !== String(tag).toLowerCase()) return name;
      } catch (e) { /* not a tag the browser reads */ }
    }
    return label || tag || '';
  }

  // `languages`: [[code, label, tag]…]. "Japanese (romaji)" goes in parentheses as "Japanese, romaji".
  function languagesLabel(languages, localized) {
    // Inside a sentence, French, Spanish and Italian write language names in lower case ("japonais").
    var lower = tr('lowercase_languages', 'false') === 'true';
    var labels = languages.map(function (l) {
      if (!Array.isArray(l)) return '';
      var name = languageName(l[2], l[1], localized);
      if (lower) name = name.charAt(0).toLowerCase() + name.slice(1);
      // "Japanese (romaji)" inside the line's own brackets: "Japanese, romaji", "日本語・ローマ字".
      var parts = /^(.*?) ?[(（](.*)[)）]$/.exec(name);
      return parts ? tr('language_variant', '{language}, {variant}', { language: parts[1], variant: parts[2] }) : name;
    }).filter(Boolean);
    var separator = tr('languages_separator', '; ');
    if (labels.length > 2) return tr('and_more', '{list} and {n} more', { list: labels.slice(0, 2).join(separator), n: labels.length - 2 });
    return labels.join(separator);
  }
  // "Matched: Zupika (Japanese, romaji)": found through another name than the one shown.
  function matchedLine(name, languages, localized) {
    var line = el('span', 'matched');
    line.appendChild(doc.createTextNode(tr('matched', 'Matched: ')));
    var spelled = el('span', 'matched-name');
    spelled.textContent = name;
    if (languages.length === 1 && languages[0] && languages[0][2]) spelled.setAttribute('lang', languages[0][2]);
    line.appendChild(spelled);
    var label = languagesLabel(languages, localized);
    if (label) line.appendChild(doc.createTextNode(tr('matched_languages', ' ({languages})', { languages: label })));
    return line;
  }


  /* ---------- The address's hash: the state of a page's controls (list.js, moves.js) ---------- */

  // `&`-separated parts in any order: `key=value` (the value URI-encoded) or a lone flag (`favorites`). A part whose
  // value does not decode is dropped, as an unknown key is by its reader. → [{key, value (null for a flag)}].
  function readHash(hash) {
    var parts = [];
    String(hash || '').replace(/^#/, '').split('&').forEach(function (part) {
      if (!part) return;
      var at = part.indexOf('=');
      if (at < 0) { parts.push({ key: part, value: null }); return; }
      try { parts.push({ key: part.slice(0, at), value: decodeURIComponent(part.slice(at + 1)) }); } catch (e) { /* dropped */ }
    });
    return parts;
  }
  // [[key, value]…] (value null: a flag; empty: left out) → "#key=value&…", or "" for none. Commas stay readable
  // ("type=fire,flying").
  function formatHash(parts) {
    var out = [];
    parts.forEach(function (part) {
      if (part[1] === null) out.push(part[0]);
      else if (part[1] !== '' && part[1] !== undefined) out.push(part[0] + '=' + encodeURIComponent(part[1]).replace(/%2C/gi, ','));
    });
    return out.length ? '#' + out.join('&') : '';
  }
  // The address replaced in place: the hash here, the index's page as it scrolls (list.js), search.html's query
  // (search.js). False where history refuses (some file:// setups).
  function replaceAddress(url) {
    try { history.replaceState(history.state, '', url); return true; } catch (e) { return false; }
  }
  // The address shows `hash` (replaced, not a new history entry: the Back button leaves the page).
  function showHash(hash) {
    if (location.hash === hash || (!hash && !location.hash)) return;
    replaceAddress(location.pathname + location.search + hash);
  }

  site.fold = fold;
  site.query = query;
  site.wordBreak = WORD;
  site.namePairs = namePairs;
  site.maskBits = maskBits;
  site.decodeNames = decodeNames;
  site.languageName = languageName;
  site.matchedLine = matchedLine;
  site.readHash = readHash;
  site.formatHash = formatHash;
  site.showHash = showHash;
  site.replaceAddress = replaceAddress;
})();
