/* Pokédex: what the Pokémon pages alone do (they load it after app.js, whose `window.PokedexSite` it builds on).
   Every page is complete without it. */
/* ---------- Picture switcher (detail pages) ----------
   Radio buttons under the hero picture (keyboard: Tab to the group, arrow keys to choose). Hidden without this
   script, which is when only the page's own picture shows. The other pictures keep their URL in data-src and
   load only once chosen; the image fallback is armed again for each, and a picture that cannot load (offline:
   the extra pictures are on the internet) is said so in words beside it, with a Retry button. */
(function () {
  'use strict';
  var site = window.PokedexSite;
  var tr = site.tr;
  var switcher = document.querySelector('.pictures');
  var img = document.querySelector('.hero img');
  var note = document.querySelector('.picture-note');
  if (!img) return;
  var fallback = switcher ? switcher.getAttribute('data-fallback') : null;
  var chosen = null;
  var retry = null;
  if (note) {
    retry = site.retryButton(function () { if (!site.retryPicture(img)) { retry.hidden = true; } });
    retry.classList.add('retry-hero');
    retry.hidden = true;
    note.parentNode.insertBefore(retry, note.nextSibling);
  }

  function say(text) { if (note) note.textContent = text; }
  function failed() {
    var was = site.lostPicture(img);
    var src = chosen ? chosen.getAttribute('data-src') : was ? was.src : '';
    var remote = /^https?:/i.test(src || '');
    var label = chosen && chosen.parentNode ? chosen.parentNode.textContent.trim() : img.getAttribute('alt') || tr('this_picture', 'This picture');
    say(remote
      ? (navigator.onLine === false ? tr('picture_offline', '{label}: this picture needs an internet connection, and this device is offline.', { label: label })
        : tr('picture_remote_failed', '{label}: this picture could not be loaded. It needs an internet connection.', { label: label }))
      : tr('picture_failed', '{label}: this picture could not be loaded.', { label: label }));
    if (retry && was) {
      retry.hidden = false;
      site.retryReady(retry);
    }
  }
  // The document's capture listener (first script) has swapped in the placeholder by then.
  img.addEventListener('error', failed);
  // Back online, it tries again by itself, as app.js has the page's other pictures do.
  window.addEventListener('online', function () { if (img.classList.contains('is-fallback')) site.retryPicture(img); });
  img.addEventListener('load', function () {
    if (img.classList.contains('is-fallback')) return;
    say('');
    if (!retry || retry.hidden) return;
    // It came: keyboard focus on Retry goes to the picture's choice (else the page's title), not to <body>.
    var focused = document.activeElement === retry;
    retry.hidden = true;
    if (!focused) return;
    var back = (switcher && !switcher.hidden && switcher.querySelector('input[name="picture"]:checked')) || document.querySelector('h1');
    if (back && back.tagName === 'H1' && !back.hasAttribute('tabindex')) back.setAttribute('tabindex', '-1');
    if (back) back.focus();
  });

  function show(input) {
    var src = input.getAttribute('data-src');
    if (!src) return;
    chosen = input;
    say('');
    if (retry) retry.hidden = true;
    img.classList.remove('is-fallback');
    img.classList.toggle('is-sprite', input.hasAttribute('data-sprite'));
    if (fallback) img.setAttribute('data-fallback', fallback);
    img.setAttribute('width', input.getAttribute('data-width'));
    img.setAttribute('height', input.getAttribute('data-height'));
    img.setAttribute('alt', input.getAttribute('data-alt') || img.getAttribute('alt') || '');
    if (img.getAttribute('src') !== src) img.setAttribute('src', src);
    else if (img.complete && img.naturalWidth === 0) failed();
  }
  var checked = switcher ? switcher.querySelector('input[name="picture"]:checked') : null;
  if (switcher) {
    switcher.addEventListener('change', function (event) {
      var input = event.target;
      if (input && input.name === 'picture' && input.checked) show(input);
    });
    switcher.hidden = false;
  }
  // A browser restoring the form's state after a reload may have checked another picture already.
  if (checked && !checked.defaultChecked) show(checked);
  else {
    chosen = checked;
    if (checked) img.classList.toggle('is-sprite', checked.hasAttribute('data-sprite'));
    // The page's own picture failed before this script ran (by URL, offline).
    if (img.classList.contains('is-fallback')) failed();
  }
})();

/* ---------- Cries ----------
   A button per cry (today's, and the older games' where PokeAPI has one), hidden without this script. A cry plays
   from its file (copied beside the pages, or by its URL); one that cannot play hides its button, and the row goes
   when none is left. */
(function () {
  'use strict';
  var row = document.querySelector('.cries');
  if (!row || typeof window.Audio !== 'function') return;
  var playing = null;
  Array.prototype.forEach.call(row.querySelectorAll('.cry'), function (button) {
    button.addEventListener('click', function () {
      if (playing) playing.pause();
      var audio = new window.Audio(button.getAttribute('data-src'));
      playing = audio;
      button.setAttribute('aria-pressed', 'true');
      function done() { button.removeAttribute('aria-pressed'); }
      audio.addEventListener('ended', done);
      audio.addEventListener('pause', done);
      audio.addEventListener('error', function () {
        done();
        button.hidden = true;
        if (!row.querySelector('.cry:not([hidden])')) row.hidden = true;
      });
      var started = audio.play();
      if (started && typeof started.catch === 'function') started.catch(function () { /* the error event says it */ });
    });
  });
  row.hidden = false;
})();

/* ---------- The gallery's button and the game picked: pokemon-games.js, loaded on first use (data-games) ---------- */
(function () {
  'use strict';
  var site = window.PokedexSite;
  var article = document.querySelector('article.detail');
  if (!site || !article) return;
  function games(then, failed) {
    site.loadScript(article.getAttribute('data-games')).then(function () {
      if (window.PokedexGames) then(window.PokedexGames);
    }, function () { if (failed) failed(); });  // offline and never loaded: the page stays as it is
  }
  var gallery = document.querySelector('#sprites');
  if (gallery) {
    // A picture that cannot load (by URL, offline) is hidden.
    gallery.addEventListener('error', function (event) {
      if (event.target && event.target.tagName === 'IMG') event.target.hidden = true;
    }, true);
    var toggle = gallery.querySelector('.gallery-toggle');
    var button = toggle && toggle.querySelector('button');
    if (button) {
      var made = false;
      button.addEventListener('click', function () {
        var open = button.getAttribute('aria-expanded') !== 'true';
        button.setAttribute('aria-expanded', String(open));
        gallery.classList.toggle('gallery-open', open);
        if (open && !made) {
          made = true;
          games(function (api) { api.addSprites(gallery); }, function () {
            // Not loaded: closed again, and the next press asks once more.
            made = false;
            button.setAttribute('aria-expanded', 'false');
            gallery.classList.remove('gallery-open');
          });
        }
      });
      toggle.hidden = false;
    }
  }
  var picker = document.querySelector('#game-picker');
  if (picker && document.querySelector('.game-note')) {
    picker.addEventListener('change', function () { games(function (api) { if (api.pickGame) api.pickGame(); }); });
  }
})();
