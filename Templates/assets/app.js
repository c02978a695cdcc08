/* Pokédex: progressive enhancement for every page. Every page is complete without it; it adds image fallbacks,
   the favorites stars (kept in localStorage), the offline indicator, the service worker and the site-wide search's
   loader. What only some pages do is in the scripts they alone load, which build on `window.PokedexSite`, set here:
   the index and favorites pages' list.js (with list-model.js and list-search.js), the moves tables' moves.js, the
   Pokémon pages' pokemon.js. API data only ever reaches the DOM through textContent and setAttribute. */
(function () {
  'use strict';

  var doc = document;
  var html = doc.documentElement;
  html.classList.add('js');

  var root = html.getAttribute('data-root') || '';
  // The site root, where assets and pictures are: a language's copy (fr/) is a folder below it.
  var siteRoot = html.hasAttribute('data-site-root') ? html.getAttribute('data-site-root') : root;
  var kind = html.getAttribute('data-kind') || '';
  var isHTTP = location.protocol === 'http:' || location.protocol === 'https:';

  // The theme's words for scripts (the [js] table of strings/<code>.toml): a page in another language than
  // English loads this file's before this file (POKEDEX_STRINGS), and where it runs list.js, moves.js, search.js or
  // pokemon.js those scripts' too (POKEDEX_MORE_STRINGS: before them, or before search.js when it is first loaded);
  // English is each call's own.
  function tr(key, english, values) {
    var own = window.POKEDEX_STRINGS || {}, more = window.POKEDEX_MORE_STRINGS || {};
    var has = Object.prototype.hasOwnProperty;
    var text = has.call(own, key) ? String(own[key]) : has.call(more, key) ? String(more[key]) : english;
    // In one pass: a name holding a {…} of its own is left as it is.
    return values ? text.replace(/\{(\w+)\}/g, function (all, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : all;
    }) : text;
  }
  var STORE_KEY = 'pokedex.favorites';

  function $(sel, from) { return (from || doc).querySelector(sel); }
  function $$(sel, from) { return Array.prototype.slice.call((from || doc).querySelectorAll(sel)); }
  function el(tag, cls) {
    var e = doc.createElement(tag);
    if (cls) e.className = cls;
    return e;
  }

  /* ---------- Names that wrap between their words ---------- */

  // Japanese, Chinese and Korean names wrap only at spaces and punctuation (style.css), so one longer than its box
  // ("オドリドリ（ふらふらスタイル）" in a learner's cell) needs to be told where it may: a <wbr> there, never inside
  // a word (copied, the name has no hidden characters). Japanese: before an opening bracket, after の and ・, where
  // a run of hiragana gives way to katakana or kanji, or kanji to katakana ("ぬし|ラッタ（アローラの|すがた）"), and
  // before the words forms' names end in ("オリジナル|キャップ", "キョダイ|マックス"); the browser's word segmenter
  // cuts katakana words it does not know ("アロー|ラ"). Chinese and Korean: the segmenter's words.
  var lang = html.getAttribute('lang') || '';
  var japanese = null;
  // A browser without lookbehind (Safari before 16.4) keeps the names whole: built here, it cannot stop the script.
  try { if (/^ja\b/i.test(lang)) japanese = new RegExp('(?=[（(［「])|(?<=[の・])(?=[^）)・、])|(?<=[ぁ-ゟ])(?=[゠-ヿｦ-ﾟ一-鿿])|(?<=[一-鿿])(?=[゠-ヿｦ-ﾟ])|(?<=[゠-ヿ])(?=キャップ|フォルム|フェザー|スタイル|モード|マックス)'); } catch (e) { /* kept whole */ }
  var segmenter = /^(zh|ko)\b/i.test(lang) && window.Intl && Intl.Segmenter ? new Intl.Segmenter(lang, { granularity: 'word' }) : null;
  function namePieces(name) {
    if (segmenter) return Array.from(segmenter.segment(name), function (s) { return s.segment; });
    return japanese ? name.split(japanese).filter(Boolean) : [name];
  }
  // `element`'s text: the name, with a <wbr> where it may wrap.
  function putName(element, name) {
    var pieces = namePieces(name);
    element.textContent = pieces[0] || '';
    for (var i = 1; i < pieces.length; i++) {
      element.appendChild(doc.createElement('wbr'));
      element.appendChild(doc.createTextNode(pieces[i]));
    }
  }
  if (japanese || segmenter) {
    $$('.mini-grid a > span, .cell .name, .stage-name, .form-name, .heading h1, .prevnext .who').forEach(function (name) {
      if (!name.children.length) putName(name, name.textContent);
    });
  }

  /* ---------- Images: swap to the placeholder instead of a broken-image icon ---------- */

  // What a picture was before its placeholder: Retry puts the same URLs back.
  var lost = new WeakMap();
  // A picture's placeholder: its own data-fallback, or its list's (a move page's 800 learners name it once); none
  // once it shows it.
  function fallbackOf(img) {
    if (img.classList.contains('is-fallback')) return null;
    var list = img.getAttribute('data-fallback') ? img : img.closest('[data-fallback]');
    return list ? list.getAttribute('data-fallback') : null;
  }
  function useFallback(img) {
    var fallback = fallbackOf(img);
    if (!fallback) return;
    lost.set(img, { src: img.getAttribute('src'), srcset: img.getAttribute('srcset'), sizes: img.getAttribute('sizes'), fallback: fallback });
    img.removeAttribute('data-fallback');
    img.classList.add('is-fallback');
    // srcset wins over src: drop it, or the broken candidate stays.
    img.removeAttribute('srcset');
    img.removeAttribute('sizes');
    img.setAttribute('src', fallback);
    offerPictureRetry(img);
  }
  doc.addEventListener('error', function (event) {
    var target = event.target;
    if (target && target.tagName === 'IMG') useFallback(target);
  }, true);
  function checkImages(scope) {
    // Images that failed before this script ran fire no further error event.
    $$('img[data-fallback], [data-fallback] img', scope).forEach(function (img) {
      if (img.complete && img.naturalWidth === 0) useFallback(img);
    });
  }

  /* ---------- Retry, on whatever failed to load ---------- */

  // While its attempt runs it says "Loading…", aria-disabled (disabled would drop keyboard focus), until retryReady.
  function retryButton(attempt) {
    var button = el('button', 'retry');
    button.type = 'button';
    button.textContent = tr('retry', 'Retry');
    button.addEventListener('click', function () {
      if (button.getAttribute('aria-disabled') === 'true') return;
      button.setAttribute('aria-disabled', 'true');
      button.textContent = tr('retrying', 'Loading…');
      attempt(button);
    });
    return button;
  }
  function retryReady(button) {
    button.removeAttribute('aria-disabled');
    button.textContent = tr('retry', 'Retry');
  }

  // What failed, said where nothing else says it (search data, names), with its Retry; the caller removes it once
  // loaded. Its words come a moment after it is in the page: a live region filled as it appears is not read out.
  function failureNote(message, attempt) {
    var note = el('div', 'load-failed');
    var text = el('p', 'load-failed-text');
    text.setAttribute('role', 'status');
    note.appendChild(text);
    var button = retryButton(function () { attempt(button); });
    note.appendChild(button);
    note.say = function (words) {
      text.textContent = '';
      setTimeout(function () { text.textContent = words; retryReady(button); }, 100);
    };
    note.say(message);
    return note;
  }

  /* ---------- Scripts loaded on demand: one loader for every page ---------- */

  // Script elements, not fetch: they work from file:// too. One promise an address, so a script loads once however
  // many ask; a failure forgets it (offline now, perhaps not later), so the next call tries again.
  var scripts = new Map();
  function loadScript(url) {
    var promise = scripts.get(url);
    if (!promise) {
      promise = new Promise(function (resolve, reject) {
        var script = el('script');
        script.src = url;
        script.onload = function () { resolve(url); };
        script.onerror = function () {
          forgetScript(url);
          reject(new Error(url));
        };
        doc.head.appendChild(script);
      });
      scripts.set(url, promise);
    }
    return promise;
  }
  // Loaded but unusable (a data script of another version): the next load asks for it again.
  function forgetScript(url) {
    scripts.delete(url);
    $$('script').forEach(function (script) { if (script.getAttribute('src') === url) script.remove(); });
  }
  // In order (a script may need the one before it).
  function loadScripts(urls) {
    return urls.reduce(function (before, url) {
      return before.then(function () { return loadScript(url); });
    }, Promise.resolve());
  }

  /* What a page loads on first use (names, stats, the search): idle, loading, loaded, or failed. Failed, it says so
     in one note with a Retry, and waits for it: using the box again does not ask again (and say it again) at every
     keystroke, until Retry, or until the device is back online. Once loaded, the note goes, and keyboard focus on
     its Retry to `options.refocus()`.
       urls()       the scripts, in order (none: nothing to load, it stays idle)
       loaded()     they are in: false if their data is unusable, which counts as a failure
       message()    what the note says on failure
       place(note)  where the note goes, the first time */
  function onDemand(options) {
    var state = 'idle';
    var note = null;
    function failed() {
      state = 'failed';
      var message = options.message();
      if (note) { note.say(message); return; }
      note = failureNote(message, retry);
      options.place(note);
    }
    function succeeded() {
      state = 'loaded';
      if (!note) return;
      var refocus = note.contains(doc.activeElement);
      note.remove();
      note = null;
      var target = refocus && options.refocus ? options.refocus() : null;
      if (target) target.focus();
    }
    function load() {
      var urls = options.urls().filter(Boolean);
      if (state !== 'idle' || !urls.length) return;
      state = 'loading';
      loadScripts(urls).then(function () {
        var usable;
        try {
          usable = options.loaded();
        } catch (error) {
          // The data is in; what went wrong is the page's own script: said in the console, not as a load failure.
          succeeded();
          setTimeout(function () { throw error; }, 0);
          return;
        }
        if (usable === false) {
          urls.forEach(forgetScript);
          failed();
          return;
        }
        succeeded();
      }, failed);
    }
    function retry() {
      if (state === 'failed') state = 'idle';
      load();
    }
    window.addEventListener('online', function () { if (state === 'failed') state = 'idle'; });
    return { load: load, retry: retry, state: function () { return state; } };
  }

  /* The pictures that failed (not a Pokémon page's own: pokemon.js says it beside it): one notice at the top of the
     page, with one Retry for them all. Offline, the offline banner says it; back online, they try again by themselves. */
  var picturesNote = null, retrying = null, painting = 0, watching = 0;
  function lostPictures() {
    return $$('img.is-fallback').filter(function (img) { return lost.has(img) && !img.closest('.hero'); });
  }
  function picturesFailed() { return tr('pictures_failed', 'Some pictures could not be loaded.'); }
  function paintPictures() {
    // Once for a burst of failures (a page of cells).
    if (!painting) painting = setTimeout(function () {
      painting = 0;
      var main = $('#main') || doc.body;
      if (retrying) return;
      if (!lostPictures().length) {
        // Keyboard focus on its Retry goes to the page's content.
        if (picturesNote && picturesNote.contains(doc.activeElement)) main.focus();
        if (picturesNote) picturesNote.remove();
        picturesNote = null;
      } else if (!picturesNote) {
        picturesNote = failureNote(picturesFailed(), retryPictures);
        picturesNote.classList.add('pictures-failed');
        main.insertBefore(picturesNote, main.firstChild);
      }
      if (picturesNote) picturesNote.hidden = navigator.onLine === false;
    }, 50);
  }
  function offerPictureRetry(img) {
    if (!settled(img)) paintPictures();
  }
  function retryPictures() {
    retrying = new Set();
    lostPictures().forEach(function (img) {
      // Tried once already: now, wherever it is on the page.
      img.removeAttribute('loading');
      if (retryPicture(img)) retrying.add(img);
    });
    if (!retrying.size) endRetry();
    // Pictures a redrawn list took off the page answer no more: checked each second until the retry ends.
    else watching = setInterval(function () { settled(null); }, 1000);
  }
  // Each has loaded or failed again (or left the page): the notice goes, or says it again.
  function settled(img) {
    if (!retrying || (img && !retrying.delete(img))) return false;
    retrying.forEach(function (other) { if (!doc.contains(other)) retrying.delete(other); });
    if (!retrying.size) endRetry();
    return !!img;
  }
  function endRetry() {
    clearInterval(watching);
    retrying = null;
    if (picturesNote && lostPictures().length) picturesNote.say(picturesFailed());
    paintPictures();
  }
  function retryPicture(img) {
    var was = lost.get(img);
    if (!was) return false;
    lost.delete(img);
    img.classList.remove('is-fallback');
    img.setAttribute('data-fallback', was.fallback);
    if (was.sizes) img.setAttribute('sizes', was.sizes);
    if (was.srcset) img.setAttribute('srcset', was.srcset);
    img.setAttribute('src', was.src);
    return true;
  }
  doc.addEventListener('load', function (event) {
    var img = event.target;
    if (img && img.tagName === 'IMG' && !img.classList.contains('is-fallback')) settled(img);
  }, true);
  // Back online, every failed picture tries again (a Pokémon page's own: pokemon.js).
  window.addEventListener('online', function () { if (!retrying && lostPictures().length) retryPictures(); });

  checkImages(doc);

  /* ---------- Favorites state: localStorage, seeded from the build's favorites file ---------- */

  var storage = null;
  try { storage = window.localStorage; storage.getItem(STORE_KEY); } catch (e) { storage = null; }

  function readStored() {
    if (!storage) return null;
    var raw;
    try { raw = storage.getItem(STORE_KEY); } catch (e) { return null; }
    if (raw === null) return null;
    var list;
    try { list = JSON.parse(raw); } catch (e) { return []; }
    return Array.isArray(list) ? list.filter(function (id) { return Number.isInteger(id) && id > 0; }) : [];
  }
  function writeStored() {
    if (!storage) return;
    try { storage.setItem(STORE_KEY, JSON.stringify(Array.from(favorites))); } catch (e) { /* full or denied */ }
  }

  // Seeded once from the favorites file the site was built with (a small script every page loads).
  var stored = readStored();
  var favorites = new Set(stored || window.POKEDEX_FAVORITES || (window.POKEDEX_DATA && window.POKEDEX_DATA.favorites) || []);
  if (!stored) writeStored();

  /* ---------- Stars ---------- */

  // What a star changes beyond itself (list.js: the favorites views), told after every change of the favorites.
  var listeners = [];
  function changed(button) { listeners.forEach(function (listener) { listener(button); }); }

  function paintStar(button) {
    var on = favorites.has(Number(button.getAttribute('data-id')));
    var name = button.getAttribute('data-name') || tr('this_pokemon', 'this Pokémon');
    button.setAttribute('aria-pressed', on ? 'true' : 'false');
    button.setAttribute('aria-label', on ? tr('star_remove', 'Remove {name} from favorites', { name: name }) : tr('star_add', 'Add {name} to favorites', { name: name }));
  }
  function paintStars() { $$('.star').forEach(paintStar); }

  function toggle(button) {
    var id = Number(button.getAttribute('data-id'));
    if (!Number.isInteger(id)) return;
    if (favorites.has(id)) favorites.delete(id); else favorites.add(id);
    writeStored();
    button.classList.remove('pop');
    void button.offsetWidth;
    button.classList.add('pop');
    paintStars();
    changed(button);
  }

  // Another tab or page changed them: the same Set, refilled, so that list.js's reference stays good. `cleared`:
  // the stored list itself was removed (storage cleared): no favorites, not the page's old ones.
  function reload(cleared) {
    var stored = readStored();
    if (!stored && !cleared) return;
    favorites.clear();
    (stored || []).forEach(function (id) { favorites.add(id); });
    paintStars();
    changed(null);
  }

  /* ---------- Offline indicator and service worker ---------- */

  // One banner at a time: offline, the build's own (old data) gives way to this one, which holds its words.
  var offlineBanner = $('#offline-banner');
  var staleBanner = $('.banner-stale');
  function paintOnline() {
    var offline = navigator.onLine === false;
    if (offlineBanner) offlineBanner.hidden = !offline;
    if (staleBanner && offlineBanner) staleBanner.hidden = offline;
    if (picturesNote) picturesNote.hidden = offline;
  }
  window.addEventListener('online', paintOnline);
  window.addEventListener('offline', paintOnline);
  paintOnline();

  // Not under `pokedex serve`, which marks the pages it serves: a reload there must show the new build.
  if (isHTTP && 'serviceWorker' in navigator && !$('meta[name="pokedex-serve"]')) {
    window.addEventListener('load', function () {
      navigator.serviceWorker.register(new URL('sw.js', new URL(siteRoot || './', doc.baseURI)).href).catch(function () { /* optional */ });
    });
  }

  /* ---------- The top bar's menus (<details>: they work without this) ---------- */

  // Closed by a click elsewhere (another menu's button too), when keyboard focus leaves it, and by Escape.
  var menus = $$('.topbar details.menu');
  function closeMenus(except) {
    menus.forEach(function (menu) { if (menu !== except) menu.open = false; });
  }
  menus.forEach(function (menu) {
    menu.addEventListener('focusout', function (event) {
      if (event.relatedTarget && !menu.contains(event.relatedTarget)) menu.open = false;
    });
  });
  doc.addEventListener('keydown', function (event) {
    var open = event.key === 'Escape' && menus.filter(function (menu) { return menu.open; })[0];
    if (!open) return;
    open.open = false;
    if (open.contains(doc.activeElement)) $('summary', open).focus();
  });

  /* ---------- Events ---------- */

  doc.addEventListener('click', function (event) {
    var target = event.target;
    if (!(target instanceof Element)) return;
    closeMenus(target.closest('.topbar details.menu'));
    var star = target.closest('.star');
    if (star) { toggle(star); return; }
    var skip = target.closest('a.skip');
    if (skip) {
      // After the address moved (infinite scroll), a fragment link would leave the page: focus in place.
      event.preventDefault();
      var main = $('#main');
      if (main) { main.focus(); main.scrollIntoView(); }
    }
  });
  window.addEventListener('storage', function (event) {
    if (event.key === STORE_KEY || event.key === null) reload(true);
  });
  window.addEventListener('pageshow', function (event) {
    // Back/forward cache: another page may have changed the favorites meanwhile.
    if (event.persisted) reload();
  });

  paintStars();

  window.PokedexSite = {
    root: root, siteRoot: siteRoot, kind: kind, tr: tr, $: $, $$: $$, el: el, putName: putName, namePieces: namePieces,
    loadScript: loadScript, loadScripts: loadScripts, forgetScript: forgetScript, onDemand: onDemand,
    retryButton: retryButton, retryReady: retryReady, failureNote: failureNote, retryPicture: retryPicture,
    lostPicture: function (img) { return lost.get(img) || null; },
    favorites: favorites, writeStored: writeStored, paintStar: paintStar,
    paintStars: paintStars, onFavoritesChange: function (listener) { listeners.push(listener); }
  };
})();

/* ---------- Site-wide search: loaded on first use ----------
   The top bar's box (and the index's own) finds Pokémon, moves, abilities and types in every language. Its names
   (a few hundred KB) and search.js load only when a box is first focused or typed in, or on search.html; failing,
   they say so where the results would be, with a Retry button. */
(function () {
  'use strict';
  var site = window.PokedexSite;
  var tr = site.tr;
  var bar = document.querySelector('.topbar');
  var boxes = Array.prototype.slice.call(document.querySelectorAll('#site-q, #search'));
  if (!bar || !boxes.length || !bar.getAttribute('data-search')) return;
  // search.js's words first, where the page has not loaded them.
  var words = window.POKEDEX_MORE_STRINGS ? null : bar.getAttribute('data-search-words');
  var index = document.querySelector('#view-search .search-status');
  var search = site.onDemand({
    // find.js too, unless the page has it (the index, favorites, the moves index).
    urls: function () {
      return [words, site.query ? null : bar.getAttribute('data-search-find'), bar.getAttribute('data-search-data'), bar.getAttribute('data-search')];
    },
    loaded: function () {
      if (!window.PokedexSearch) return false;
      window.PokedexSearch.start();
    },
    // The index finds its Pokémon without it: what it lacks there is the other kinds.
    message: function () {
      return index ? tr('search_failed_kinds', 'Moves, abilities and types could not be searched: their names could not be loaded.')
        : navigator.onLine === false ? tr('search_failed_offline', 'The search could not be loaded: this device is offline.')
        : tr('search_failed', 'The search could not be loaded.');
    },
    // Where the results would be: search.html's, the index's results view, else under the top bar's box.
    place: function (note) {
      var results = document.querySelector('.search-page-results');
      if (results) results.parentNode.insertBefore(note, results);
      else if (index) index.parentNode.insertBefore(note, index.nextSibling);
      else boxes[0].form.appendChild(note);
    },
    refocus: function () { return boxes[0]; }
  });
  var load = search.load;
  boxes.forEach(function (box) {
    box.addEventListener('focus', load);
    box.addEventListener('input', load);
  });
  if (document.documentElement.getAttribute('data-kind') === 'search') load();
})();
