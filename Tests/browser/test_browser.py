"""The site in a real headless Chromium: favorites, search, infinite scroll, themes, accessibility, offline."""

import functools
import http.server
import json
import os
import re
import shutil
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import REPO, make_driver

STORE_KEY = "pokedex.favorites"


# ---------- helpers ----------

def wait(driver, condition, timeout=10, message=""):
    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(lambda d: condition(d), message)


def js(driver, script, *args):
    return driver.execute_script(script, *args)


def open_page(driver, url, clear=False, favorites=None):
    """Loads `url` and waits until app.js ran; `clear` forgets stored favorites, `favorites` stores ids."""
    driver.get("about:blank")   # so that a URL differing only by its fragment still loads anew
    driver.get(url)
    wait(driver, lambda d: js(d, "return document.documentElement.classList.contains('js')"),
         message=f"app.js did not run on {url}")
    if clear or favorites is not None:
        if favorites is None:
            js(driver, "localStorage.removeItem(arguments[0])", STORE_KEY)
        else:
            js(driver, "localStorage.setItem(arguments[0], JSON.stringify(arguments[1]))", STORE_KEY, favorites)
        driver.refresh()
        wait(driver, lambda d: js(d, "return document.documentElement.classList.contains('js')"))


def tap(driver, element):
    """Clicks like a person would: first scrolled to the middle of the screen, clear of the sticky top bar."""
    js(driver, "arguments[0].scrollIntoView({block: 'center', inline: 'nearest'})", element)
    element.click()


def stored(driver):
    raw = js(driver, "return localStorage.getItem(arguments[0])", STORE_KEY)
    return None if raw is None else json.loads(raw)


def severe_logs(driver):
    return [entry for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]


def visible(element):
    return element.is_displayed()


def star_of(driver, scope_css, pokemon_id):
    return driver.find_element(By.CSS_SELECTOR, f"{scope_css} .star[data-id='{pokemon_id}']")


def first_ids(site_data, count):
    return [p["id"] for p in site_data["pokemon"][:count]]


def show_view(driver, which):
    """All or Favorites, by the header's link (the one control for it): on an index page the view changes in place."""
    link = driver.find_element(By.CSS_SELECTOR, f".nav a[data-view='{which}']")
    link.click()
    wait(driver, lambda d: link.get_attribute("aria-current") == "page",
         message=f"the header's {which} link is not marked current")


def by_slug(site_data, slug):
    for p in site_data["every"]:
        if p["slug"] == slug:
            return p
    pytest.skip(f"{slug} is not in this build")


# ---------- favorites ----------

def test_favorites_are_seeded_from_the_build_once(driver, server, site_data):
    open_page(driver, server + "index.html", clear=True)
    assert stored(driver) == site_data["favorites"], "first visit seeds localStorage from POKEDEX_DATA.favorites"
    js(driver, "localStorage.setItem(arguments[0], '[]')", STORE_KEY)
    driver.refresh()
    wait(driver, lambda d: js(d, "return document.documentElement.classList.contains('js')"))
    assert stored(driver) == [], "stored state wins over the build's favorites"


def test_star_toggle_persists_across_reloads_and_pages(driver, server, site_data):
    first = site_data["pokemon"][0]
    open_page(driver, server + "index.html", favorites=[])
    star = star_of(driver, "#grid", first["id"])
    assert visible(star)
    assert star.get_attribute("aria-pressed") == "false"
    assert star.get_attribute("aria-label") == f"Add {first['name']} to favorites"
    tap(driver, star)
    assert star.get_attribute("aria-pressed") == "true"
    assert star.get_attribute("aria-label") == f"Remove {first['name']} from favorites"
    fill = lambda: js(driver, "return getComputedStyle(arguments[0].querySelector('path')).fill", star)
    wait(driver, lambda d: fill() == "rgb(255, 196, 0)", message=f"a pressed star is filled yellow, got {fill()}")

    driver.refresh()
    wait(driver, lambda d: js(d, "return document.documentElement.classList.contains('js')"))
    star = star_of(driver, "#grid", first["id"])
    assert star.get_attribute("aria-pressed") == "true", "favorite survives a reload"
    assert stored(driver) == [first["id"]]

    driver.get(server + f"pokemon/{first['slug']}.html")
    detail_star = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".heading .star"))
    wait(driver, lambda d: detail_star.get_attribute("aria-pressed") == "true")
    tap(driver, detail_star)
    assert detail_star.get_attribute("aria-pressed") == "false"
    assert detail_star.get_attribute("aria-label") == f"Add {first['name']} to favorites"

    driver.get(server + "index.html")
    wait(driver, lambda d: js(d, "return document.documentElement.classList.contains('js')"))
    assert star_of(driver, "#grid", first["id"]).get_attribute("aria-pressed") == "false"


def test_favorites_view_from_the_header_shows_favorites_from_all_pages(driver, server, site_data):
    pokemon = site_data["pokemon"]
    far = pokemon[min(len(pokemon) - 1, site_data["perPage"] * 3 + 1)]   # not on page 1
    wanted = [pokemon[1]["id"], far["id"]]
    open_page(driver, server + "index.html", favorites=[far["id"], pokemon[1]["id"]])
    assert not driver.find_elements(By.CSS_SELECTOR, ".segmented, .seg"), "one control for All | Favorites: the header"
    links = driver.find_elements(By.CSS_SELECTOR, ".nav a")
    assert [a.text for a in links] == ["Pokémon", "Moves", "Abilities", "Types", "Favorites"]
    assert links[0].get_attribute("aria-current") == "page" and links[1].get_attribute("aria-current") is None
    show_view(driver, "favorites")
    assert links[0].get_attribute("aria-current") is None
    assert driver.current_url.endswith("index.html#favorites"), "the view is in the address (bookmarks)"
    assert not driver.find_element(By.ID, "grid").is_displayed()
    cells = driver.find_elements(By.CSS_SELECTOR, "#favorites .fav-grid > .cell")
    assert [int(c.get_attribute("data-id")) for c in cells] == wanted, "favorites in list order, from every page"
    assert all(c.is_displayed() for c in cells)
    assert driver.find_element(By.CSS_SELECTOR, "#favorites .fav-count").text == "2 favorites"
    # Un-starring in the Favorites view removes the cell at once.
    tap(driver, star_of(driver, "#favorites", far["id"]))
    cells = driver.find_elements(By.CSS_SELECTOR, "#favorites .fav-grid > .cell")
    assert [int(c.get_attribute("data-id")) for c in cells] == [pokemon[1]["id"]]
    show_view(driver, "all")
    assert links[1].get_attribute("aria-current") is None
    assert driver.find_element(By.ID, "grid").is_displayed()
    assert not driver.find_element(By.ID, "favorites").is_displayed()


def test_header_and_view_never_disagree(driver, server, site_data):
    """The header's aria-current follows the view however it changes: a bookmark, a link, the hash."""
    current = lambda d: [a.get_attribute("data-view") for a in d.find_elements(By.CSS_SELECTOR, ".nav a[aria-current='page']")]
    shown = lambda d: ["all" if d.find_element(By.ID, "view-all").is_displayed() else "",
                       "favorites" if d.find_element(By.ID, "favorites").is_displayed() else ""]
    open_page(driver, server + "index.html#favorites", favorites=first_ids(site_data, 2))
    assert current(driver) == ["favorites"] and "favorites" in shown(driver)
    assert driver.title.startswith("Favorites")
    js(driver, "location.hash = ''")
    wait(driver, lambda d: current(d) == ["all"] and "all" in shown(d), message="hashchange to the list")
    js(driver, "location.hash = '#favorites'")
    wait(driver, lambda d: current(d) == ["favorites"] and "favorites" in shown(d), message="hashchange to favorites")
    # With a search among favorites, the header still says Favorites.
    driver.find_element(By.ID, "search").send_keys("a")
    wait(driver, lambda d: d.find_element(By.ID, "view-search").is_displayed())
    assert current(driver) == ["favorites"]
    assert "among favorites" in driver.find_element(By.CSS_SELECTOR, "#view-search .search-status").text
    # Other pages: plain links, the page's own marked.
    driver.get(server + "favorites.html")
    assert current(driver) == ["favorites"]
    driver.get(server + f"pokemon/{site_data['pokemon'][0]['slug']}.html")
    assert current(driver) == []


def test_cells_built_in_javascript_match_the_server_markup(driver, server, site_data):
    """Cells app.js builds are clones of the <template> the page renders from partials/cell and partials/star:
    the same markup as the server's cells, eager and lazy, with thumbnails and with the placeholder."""
    for page in ("index.html", "favorites.html"):
        driver.get(server + page)
        assert js(driver, "var t = document.getElementById('cell-template');"
                          "return t && t.content.firstElementChild.className") == "cell", page
    per_page = site_data["perPage"]
    cases = [("index.html", first_ids(site_data, 6))]
    # A placeholder or a picture too small for thumbnails, on the index page that lists it (when one does).
    at = next((i for i, p in enumerate(site_data["pokemon"]) if not p["t"]), None)
    if at is not None:
        cases.append(("page/%d.html" % (at // per_page + 1) if at >= per_page else "index.html",
                      [site_data["pokemon"][at]["id"]]))
    for page, ids in cases:
        open_page(driver, server + page, favorites=ids)
        show_view(driver, "favorites")
        # The first six sit at the same places in both grids (eager, then lazy); the other's place differs.
        compare_cells(driver, ids, ignore=[] if len(ids) > 1 else ["loading"])


def compare_cells(driver, ids, ignore):
    shape = """
        var ignored = arguments[1];
        function shape(node) {
          if (node.nodeType === 3) return node.textContent;
          var attrs = Array.from(node.attributes).filter(a => ignored.indexOf(a.name) < 0)
            .map(a => a.name + '=' + a.value).sort();
          return [node.nodeName.toLowerCase(), attrs, Array.from(node.childNodes).map(shape)];
        }
        var server = document.querySelector('#grid > .cell[data-id="' + arguments[0] + '"]');
        var built = document.querySelector('#favorites .fav-grid > .cell[data-id="' + arguments[0] + '"]');
        return [JSON.stringify(shape(server)), JSON.stringify(shape(built))];
    """
    for pokemon_id in ids:
        server_cell, built_cell = js(driver, shape, pokemon_id, ignore)
        assert server_cell == built_cell, f"cell {pokemon_id} differs:\nserver {server_cell}\nbuilt  {built_cell}"


def test_data_reaches_the_page_as_text_only(driver, server, site_data):
    """A hostile name in POKEDEX_DATA stays text in cells built by JavaScript (no innerHTML)."""
    target = site_data["pokemon"][0]
    hostile = '<img src=x id="pwned">"\'&amp;'
    driver.execute_cdp_cmd("Page.enable", {})
    script = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
        Object.defineProperty(window, 'POKEDEX_DATA', {configurable: true, set: function (v) {
          v.pokemon[0][2] = %s;   // [id, slug, name, …]
          Object.defineProperty(window, 'POKEDEX_DATA', {value: v, writable: true, configurable: true});
        }});""" % json.dumps(hostile)})
    try:
        open_page(driver, server + "index.html", favorites=[target["id"]])
        show_view(driver, "favorites")
        cell = driver.find_element(By.CSS_SELECTOR, f"#favorites .cell[data-id='{target['id']}']")
        assert cell.find_element(By.CSS_SELECTOR, ".name").get_attribute("textContent") == hostile
        assert cell.find_element(By.CSS_SELECTOR, "img").get_attribute("alt") == hostile
        assert not driver.find_elements(By.ID, "pwned")
        search = driver.find_element(By.ID, "search")
        search.send_keys(target["slug"])
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f"#view-search .cell[data-id='{target['id']}']"))
        assert not driver.find_elements(By.ID, "pwned")
    finally:
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})


def test_delete_all_favorites_asks_first(driver, server, site_data):
    ids = first_ids(site_data, 2)
    open_page(driver, server + "index.html#favorites", favorites=ids)
    view = driver.find_element(By.ID, "favorites")
    wait(driver, lambda d: view.is_displayed())
    trash = view.find_element(By.CSS_SELECTOR, "[data-action='clear']")
    assert trash.is_enabled() and trash.get_attribute("aria-label") == "Delete all favorites"
    dialog = driver.find_element(By.ID, "confirm-clear")

    tap(driver, trash)
    wait(driver, lambda d: "Are you sure you want to delete all favorites?" in dialog.text,
         message="the confirmation does not show its question")
    buttons = dialog.find_elements(By.CSS_SELECTOR, "button")
    wait(driver, lambda d: [b.text for b in buttons] == ["Cancel", "Delete"])
    tap(driver, buttons[0])
    wait(driver, lambda d: dialog.get_attribute("open") is None)
    assert len(view.find_elements(By.CSS_SELECTOR, ".fav-grid > .cell")) == 2, "Cancel keeps the favorites"
    assert stored(driver) == ids

    tap(driver, trash)
    wait(driver, lambda d: dialog.get_attribute("open") is not None)
    delete = dialog.find_element(By.CSS_SELECTOR, ".btn-danger")
    wait(driver, lambda d: delete.is_displayed() and delete.text == "Delete")
    color = js(driver, "return getComputedStyle(arguments[0]).color", delete)
    assert re.match(r"rgb\((\d+), (\d+), (\d+)\)", color) and int(color[4:].split(",")[0]) > 150, \
        f"Delete is styled destructive (red), got {color}"
    tap(driver, delete)
    wait(driver, lambda d: dialog.get_attribute("open") is None)
    assert stored(driver) == []
    assert not view.find_elements(By.CSS_SELECTOR, ".fav-grid > .cell")
    empty = view.find_element(By.CSS_SELECTOR, ".empty")
    assert empty.is_displayed()
    assert "No Favorites Yet" in empty.text and "Tap the star icon to add favorites" in empty.text
    assert empty.find_element(By.CSS_SELECTOR, "svg.empty-icon .slash")
    assert not trash.is_enabled(), "the trash is disabled with no favorites"
    # The other pages agree.
    driver.get(server + "favorites.html")
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".empty").is_displayed())
    assert not driver.find_elements(By.CSS_SELECTOR, ".fav-grid > .cell")


def test_favorites_page_follows_the_stored_favorites(driver, server, site_data):
    ids = first_ids(site_data, 3)
    open_page(driver, server + "favorites.html", favorites=ids)
    cells = driver.find_elements(By.CSS_SELECTOR, ".fav-grid > .cell")
    assert [int(c.get_attribute("data-id")) for c in cells] == ids
    assert not driver.find_element(By.CSS_SELECTOR, ".empty").is_displayed()


def _pokedex_binary():
    for candidate in (os.environ.get("POKEDEX_BIN"), REPO / ".build" / "release" / "pokedex",
                      REPO / ".build" / "debug" / "pokedex", shutil.which("pokedex")):
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    return None


def test_export_downloads_a_favorites_file_the_cli_accepts(driver, server, site_data, downloads, tmp_path):
    pokemon = site_data["pokemon"]
    chosen = [pokemon[i] for i in sorted({0, min(5, len(pokemon) - 1), len(pokemon) - 1})]
    open_page(driver, server + "favorites.html", favorites=[p["id"] for p in reversed(chosen)])
    for old in downloads.glob("favorites*.json"):
        old.unlink()
    tap(driver, driver.find_element(By.CSS_SELECTOR, "[data-action='export']"))
    target = downloads / "favorites.json"
    wait(driver, lambda d: target.is_file() and not list(downloads.glob("*.crdownload")), timeout=15,
         message="favorites.json was not downloaded")
    time.sleep(0.2)
    exported = json.loads(target.read_text(encoding="utf-8"))
    assert isinstance(exported, list)
    assert all(isinstance(e, (str, int)) and not isinstance(e, bool) for e in exported)
    slugs = {p["slug"]: p for p in pokemon}
    ids = {p["id"]: p for p in pokemon}
    resolved = [slugs[e]["id"] if isinstance(e, str) else ids[e]["id"] for e in exported]
    assert resolved == [p["id"] for p in chosen], "exported in list order, every entry a known name or id"

    binary = _pokedex_binary()
    if not binary:
        return
    help_run = subprocess.run([binary, "favorites", "list", "--help"], capture_output=True, text=True, timeout=60)
    if help_run.returncode != 0:
        return  # `pokedex favorites list` does not exist in this build: the JSON checks above stand.
    copy = tmp_path / "favorites.json"
    copy.write_text(target.read_text(encoding="utf-8"), encoding="utf-8")
    command = [binary, "favorites", "list", "--favorites", str(copy)]
    cache = os.environ.get("POKEDEX_CACHE") if os.environ.get("POKEAPI_URL") else None
    if cache:
        # The cache and API the site was built from: then every entry must resolve to a Pokémon.
        command += ["--cache", str(Path(cache).resolve()), "--api", os.environ["POKEAPI_URL"]]
    run = subprocess.run(command, capture_output=True, text=True, timeout=120, cwd=tmp_path,
                         env={**os.environ, "NO_COLOR": "1"})
    assert run.returncode == 0, f"pokedex favorites list rejected the export:\n{run.stdout}\n{run.stderr}"
    lines = run.stdout.strip().splitlines()
    assert len(lines) == len(exported), run.stdout
    if cache:
        # The CLI's zero padding is its own ("#025" or "#0025"): compared without it.
        unpad = lambda line: re.sub(r"#0*(\d)", r"#\1", line)
        assert [unpad(l) for l in lines] == [unpad(f"{p['number']} {p['name']}") for p in chosen], run.stdout + run.stderr
    normalised = subprocess.run(command + ["--json"], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    if normalised.returncode == 0 and normalised.stdout.strip().startswith("["):
        assert json.loads(normalised.stdout) == exported


def _export(driver, downloads):
    for old in downloads.glob("favorites*.json"):
        old.unlink()
    tap(driver, driver.find_element(By.CSS_SELECTOR, ".view-favorites [data-action='export']"))
    target = downloads / "favorites.json"
    wait(driver, lambda d: target.is_file() and not list(downloads.glob("*.crdownload")), timeout=15,
         message="favorites.json was not downloaded")
    time.sleep(0.2)
    return target


def _import(driver, path):
    note = driver.find_element(By.CSS_SELECTOR, ".view-favorites .import-note")
    js(driver, "arguments[0].textContent = ''", note)
    button = driver.find_element(By.CSS_SELECTOR, ".view-favorites [data-action='import']")
    assert button.is_displayed() and button.is_enabled()
    assert "Import" in button.text
    driver.find_element(By.CSS_SELECTOR, ".view-favorites .import-file").send_keys(str(path))
    wait(driver, lambda d: note.text, message="import said nothing")
    assert note.get_attribute("role") in ("status", "alert")
    assert note.is_displayed()
    return note.text


def test_favorites_import_round_trips_the_export(driver, server, site_data, downloads, tmp_path):
    pokemon = site_data["pokemon"]
    chosen = [pokemon[i] for i in sorted({0, min(30, len(pokemon) - 1), len(pokemon) - 1})]
    ids = [p["id"] for p in chosen]
    open_page(driver, server + "favorites.html", favorites=ids)
    exported = _export(driver, downloads)
    copy = tmp_path / "favorites.json"
    copy.write_bytes(exported.read_bytes())
    # Delete all, then import what was exported: the same favorites come back.
    tap(driver, driver.find_element(By.CSS_SELECTOR, "[data-action='clear']"))
    dialog = driver.find_element(By.ID, "confirm-clear")
    wait(driver, lambda d: dialog.get_attribute("open") is not None)
    delete = dialog.find_element(By.CSS_SELECTOR, ".btn-danger")
    wait(driver, lambda d: delete.is_displayed())
    tap(driver, delete)
    wait(driver, lambda d: stored(d) == [])
    text = _import(driver, copy)
    assert "Imported" in text and str(len(ids)) in text, text
    assert sorted(stored(driver)) == sorted(ids)
    assert _cell_ids(driver, ".fav-grid > .cell") == ids
    assert all(s.get_attribute("aria-pressed") == "true" for s in driver.find_elements(By.CSS_SELECTOR, ".fav-grid .star"))
    # Into other favorites (the index's Favorites view): merged, nothing lost.
    other = pokemon[1]["id"]
    open_page(driver, server + "index.html#favorites", favorites=[other])
    text = _import(driver, copy)
    assert sorted(stored(driver)) == sorted(set(ids + [other])), "import adds to the favorites there were"
    assert _cell_ids(driver, "#favorites .fav-grid > .cell") == [p["id"] for p in pokemon if p["id"] in set(ids + [other])]
    # Again: nothing changes, and it says so.
    assert "already" in _import(driver, copy)
    assert sorted(stored(driver)) == sorted(set(ids + [other]))
    show_view(driver, "all")
    assert star_of(driver, "#grid", pokemon[0]["id"]).get_attribute("aria-pressed") == "true", "stars follow"


@pytest.mark.parametrize("content", ["not json at all", '{"favorites": ["pikachu"]}', '["pikachu", null]',
                                     '["no-such-pokemon-at-all"]', '[1.5]', '"pikachu"'],
                         ids=["text", "object", "null-entry", "unknown-names", "fraction", "string"])
def test_favorites_import_refuses_an_invalid_file(driver, server, site_data, tmp_path, content):
    ids = first_ids(site_data, 2)
    open_page(driver, server + "favorites.html", favorites=ids)
    bad = tmp_path / "bad.json"
    bad.write_text(content, encoding="utf-8")
    text = _import(driver, bad)
    assert "Not imported" in text and "bad.json" in text, text
    note = driver.find_element(By.CSS_SELECTOR, ".import-note")
    assert "is-error" in note.get_attribute("class")
    assert stored(driver) == ids, "a refused file changes nothing"
    assert _cell_ids(driver, ".fav-grid > .cell") == ids


# ---------- index: infinite scroll and search ----------

def _cell_ids(driver, css="#grid > .cell"):
    return [int(c.get_attribute("data-id")) for c in driver.find_elements(By.CSS_SELECTOR, css)]


def _scroll_adds_the_next_page(driver, base, site_data):
    """Scrolls index.html to its end: the next page's cells, built from the data script, follow in site order."""
    per_page = site_data["perPage"]
    page2 = site_data["pokemon"][per_page:per_page * 2]
    assert js(driver, "return document.documentElement.classList.contains('infinite')")
    assert not driver.find_element(By.CSS_SELECTOR, ".pagination").is_displayed(), "links give way to scrolling"
    before = len(_cell_ids(driver))
    assert before % per_page == 0 or before == len(site_data["pokemon"]), f"{before} cells: whole pages only"
    assert before <= per_page * 2, f"{before} cells before any scroll"
    js(driver, "window.scrollTo(0, document.body.scrollHeight)")
    wait(driver, lambda d: len(_cell_ids(d)) > before, timeout=10, message="scrolling to the end appended nothing")
    time.sleep(0.5)
    ids = _cell_ids(driver)
    assert len(ids) <= before + per_page * 2, \
        f"{len(ids)} cells after one scroll from {before}: pages are added on demand, not all at once"
    assert ids == [p["id"] for p in site_data["pokemon"][:len(ids)]], "cells in site order, none twice"
    assert ids[per_page:per_page + len(page2)] == [p["id"] for p in page2]
    # Nothing was fetched: the cells come from the data script.
    fetched = js(driver, "return performance.getEntriesByType('resource').map(e => e.name).filter(n => /\\/page\\/\\d+\\.html/.test(n))")
    assert not fetched, fetched
    return driver.find_elements(By.CSS_SELECTOR, "#grid > .cell")


def test_infinite_scroll_appends_the_next_page(driver, server, site_data):
    if site_data["pageCount"] < 2:
        pytest.skip("a single index page")
    per_page = site_data["perPage"]
    page2 = site_data["pokemon"][per_page:per_page * 2]
    open_page(driver, server + "index.html", favorites=[page2[0]["id"]])
    cells = _scroll_adds_the_next_page(driver, server, site_data)
    appended = cells[per_page]
    assert appended.find_element(By.CSS_SELECTOR, ".star").get_attribute("aria-pressed") == "true", \
        "appended cells show the stored favorites"
    assert appended.find_element(By.CSS_SELECTOR, ".num").text == page2[0]["number"]
    status = driver.find_element(By.ID, "scroll-status")
    assert status.get_attribute("role") == "status" and page2[0]["name"] in status.get_attribute("textContent")
    # Scroll page 2 to the top: the address follows with history.replaceState.
    js(driver, "arguments[0].scrollIntoView({block: 'start'}); window.scrollBy(0, -60)", appended)
    if site_data["pageCount"] >= 3:   # else the page may be too short to scroll page 2 to the top
        wait(driver, lambda d: d.current_url.endswith("/page/2.html"), message="the address did not follow")
    # Links keep resolving where they were written, old and new alike.
    hrefs = js(driver, "return [arguments[0].querySelector('a').href, arguments[1].querySelector('a').href,"
                       " arguments[1].querySelector('img').src]", cells[0], appended)
    assert hrefs[0] == server + f"pokemon/{site_data['pokemon'][0]['slug']}.html"
    assert hrefs[1] == server + f"pokemon/{page2[0]['slug']}.html"
    assert hrefs[2].startswith(server) or hrefs[2].startswith("http")
    assert not severe_logs(driver)


def test_infinite_scroll_from_file_urls(driver, output, site_data):
    """From file:// too: the data script has every Pokémon, so no page is fetched."""
    if site_data["pageCount"] < 2:
        pytest.skip("a single index page")
    open_page(driver, (output / "index.html").as_uri(), favorites=[])
    cells = _scroll_adds_the_next_page(driver, None, site_data)
    appended = cells[site_data["perPage"]]
    assert js(driver, "return arguments[0].querySelector('a').href", appended) \
        == (output / "pokemon" / f"{site_data['pokemon'][site_data['perPage']]['slug']}.html").as_uri()
    assert not [e for e in severe_logs(driver) if "placeholder" not in e["message"] and "/images/" not in e["message"]]


def test_show_more_by_keyboard(driver, server, site_data):
    """The button the scrolling watches is a button too: Enter adds a page and moves focus to its first cell."""
    if site_data["pageCount"] < 2:
        pytest.skip("a single index page")
    per_page = site_data["perPage"]
    open_page(driver, server + "index.html")
    more = driver.find_element(By.CSS_SELECTOR, "#more-all button")
    count = len(_cell_ids(driver))
    js(driver, "arguments[0].focus({preventScroll: true})", more)
    js(driver, "arguments[0].click()", more)   # as Enter does, without scrolling the page
    wait(driver, lambda d: len(_cell_ids(d)) >= count + per_page)
    focused = js(driver, "return document.activeElement.closest('.cell') && document.activeElement.closest('.cell').dataset.id")
    assert focused == str(site_data["pokemon"][count]["id"]), "focus moves to the first added cell"


def test_keyboard_only(driver, server, site_data):
    first = site_data["pokemon"][0]
    open_page(driver, server + "index.html#favorites", favorites=[first["id"]])
    trash = driver.find_element(By.CSS_SELECTOR, "#favorites [data-action='clear']")
    js(driver, "arguments[0].focus()", trash)
    trash.send_keys(Keys.ENTER)
    dialog = driver.find_element(By.ID, "confirm-clear")
    wait(driver, lambda d: dialog.get_attribute("open") is not None)
    assert js(driver, "return document.activeElement.textContent") == "Cancel", "focus starts on Cancel"
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait(driver, lambda d: dialog.get_attribute("open") is None)
    assert stored(driver) == [first["id"]], "Escape cancels"
    wait(driver, lambda d: js(d, "return document.activeElement === arguments[0]", trash), message="focus returns")
    show_view(driver, "all")
    star = star_of(driver, "#grid", first["id"])
    js(driver, "arguments[0].focus()", star)
    star.send_keys(Keys.SPACE)
    wait(driver, lambda d: star.get_attribute("aria-pressed") == "false")
    outline = js(driver, "return getComputedStyle(arguments[0]).outlineStyle", star)
    assert outline != "none", "keyboard focus is visible"


def test_infinite_scroll_stops_at_the_last_page(driver, server, site_data):
    last = site_data["pageCount"]
    if last < 2:
        pytest.skip("a single index page")
    open_page(driver, server + (f"page/{last - 1}.html" if last > 2 else "index.html"))
    assert (last > 2) == driver.find_element(By.CSS_SELECTOR, ".jump").is_displayed(), "a way back to the start"
    js(driver, "window.scrollTo(0, document.body.scrollHeight)")
    end = driver.find_element(By.ID, "list-end")
    wait(driver, lambda d: end.is_displayed(), timeout=15, message="no end-of-list message")
    ids = _cell_ids(driver)
    first = (last - 2 if last > 2 else 0) * site_data["perPage"]
    assert ids == [p["id"] for p in site_data["pokemon"][first:]]
    assert not driver.find_element(By.ID, "more-all").is_displayed()


def _search(driver, text):
    box = driver.find_element(By.ID, "search")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.BACKSPACE)
    box.send_keys(text)
    wait(driver, lambda d: d.find_element(By.ID, "view-search").is_displayed())
    return [c.get_attribute("data-slug") for c in driver.find_elements(By.CSS_SELECTOR, "#view-search .cell")]


def test_search_by_name_and_number(driver, server, site_data):
    pikachu = by_slug(site_data, "pikachu")
    open_page(driver, server + "index.html")
    assert _search(driver, "pikachu")[0] == "pikachu"
    assert "pikachu" in _search(driver, "PIKA")
    for query in ("25", "#25", "#025", str(pikachu["id"])):
        found = _search(driver, query)
        assert found and found[0] == "pikachu", f"{query!r} -> {found[:5]}"
    status = driver.find_element(By.CSS_SELECTOR, "#view-search .search-status").text
    assert "match" in status
    cell = driver.find_element(By.CSS_SELECTOR, "#view-search .cell[data-slug='pikachu']")
    assert cell.find_element(By.CSS_SELECTOR, ".num").text == pikachu["number"]
    assert cell.find_element(By.CSS_SELECTOR, "a").get_attribute("href") == server + "pokemon/pikachu.html"
    assert not _search(driver, "zzzzqqq")
    assert "No Pokémon match" in driver.find_element(By.CSS_SELECTOR, "#view-search .search-status").text
    box = driver.find_element(By.ID, "search")
    box.send_keys(Keys.ESCAPE)
    wait(driver, lambda d: d.find_element(By.ID, "grid").is_displayed())
    assert not driver.find_element(By.ID, "view-search").is_displayed()


# ---------- themes, errors, accessibility ----------

def _background(driver):
    return js(driver, "return getComputedStyle(document.body).backgroundColor")


def test_dark_theme_follows_the_system(driver, server):
    open_page(driver, server + "index.html")
    light = _background(driver)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    dark = _background(driver)
    assert light != dark
    channels = [int(x) for x in re.findall(r"\d+", dark)[:3]]
    assert sum(channels) < 100, f"dark background is dark: {dark}"
    text = js(driver, "return getComputedStyle(document.body).color")
    assert sum(int(x) for x in re.findall(r"\d+", text)[:3]) > 600, f"dark theme text is light: {text}"


def _pages(site_data):
    detail = "pokemon/pikachu.html" if any(p["slug"] == "pikachu" for p in site_data["pokemon"]) \
        else f"pokemon/{site_data['pokemon'][0]['slug']}.html"
    return ["index.html", detail, "favorites.html"]


@pytest.mark.parametrize("which", [0, 1, 2], ids=["index", "detail", "favorites"])
def test_no_console_errors(driver, server, site_data, which):
    page = _pages(site_data)[which]
    open_page(driver, server + page, favorites=first_ids(site_data, 2))
    driver.get_log("browser")
    driver.refresh()
    wait(driver, lambda d: js(d, "return document.readyState === 'complete' && "
                                 "document.documentElement.classList.contains('js')"))
    if page == "index.html":
        show_view(driver, "favorites")
        show_view(driver, "all")
    js(driver, "window.scrollTo(0, document.body.scrollHeight)")
    time.sleep(0.8)
    errors = severe_logs(driver)
    assert not errors, json.dumps(errors, indent=1)


def _axe_scripts():
    """axe-core from axe-selenium-python (required), plus the newer axe-core that axe-playwright-python ships
    when it is installed (only its axe.min.js is used: no Playwright needed)."""
    import importlib.util
    import axe_selenium_python.axe as selenium_axe
    scripts = [selenium_axe._DEFAULT_SCRIPT]
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec and spec.submodule_search_locations:
        newer = Path(list(spec.submodule_search_locations)[0]) / "axe.min.js"
        if newer.is_file():
            scripts.append(str(newer))
    return scripts


# What a colour scheme changes: the pages' markup and layout are the same in light and dark (the dark scheme's CSS sets
# colours, borders and shadows only), so in dark only the rules that read colours can find anything new.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


def _axe(driver, scheme="light"):
    """axe's serious and critical violations on the page as it is; in the dark scheme, those of COLOUR_RULES."""
    from axe_selenium_python import Axe
    found = []
    options = json.dumps({"runOnly": {"type": "rule", "values": COLOUR_RULES}}) if scheme == "dark" else None
    for script in _axe_scripts():
        axe = Axe(driver, script_url=script)
        axe.inject()
        results = axe.run(options=options)
        version = (results.get("testEngine") or {}).get("version", "?")
        found += [dict(v, engine=version) for v in results["violations"] if v.get("impact") in ("serious", "critical")]
    return found


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("which", [0, 1, 2], ids=["index", "detail", "favorites"])
def test_axe_finds_no_serious_violations(driver, server, site_data, which, scheme):
    page = _pages(site_data)[which]
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": scheme},
                                         {"name": "prefers-reduced-motion", "value": "reduce"}]})
    open_page(driver, server + page, favorites=first_ids(site_data, 3))
    found = _axe(driver, scheme)
    if page == "index.html":
        # The Favorites view and the empty state too.
        show_view(driver, "favorites")
        found += _axe(driver, scheme)
    summary = [f"axe {v['engine']}: {v['id']} ({v['impact']}): {v['help']} — " + "; ".join(n["target"][0] for n in v["nodes"][:5])
               for v in found]
    assert not found, "\n".join(summary)


def test_axe_on_the_empty_state_and_dialog(driver, server):
    open_page(driver, server + "index.html#favorites", favorites=[])
    assert driver.find_element(By.CSS_SELECTOR, "#favorites .empty").is_displayed()
    found = _axe(driver)
    assert not found, [(v["engine"], v["id"], [n["target"] for n in v["nodes"][:3]]) for v in found]


# ---------- without http, without JavaScript, broken images, offline ----------

def test_file_url_index_works(driver, output, site_data):
    url = (output / "index.html").as_uri()
    open_page(driver, url, favorites=[])
    # JavaScript works from file:// too: stars, the Favorites view, search, scrolling (see above).
    star = driver.find_element(By.CSS_SELECTOR, "#grid .star")
    assert star.is_displayed()
    tap(driver, star)
    show_view(driver, "favorites")
    assert driver.current_url.endswith("index.html#favorites")
    assert driver.find_elements(By.CSS_SELECTOR, "#favorites .fav-grid > .cell")
    show_view(driver, "all")
    if any(p["slug"] == "pikachu" for p in site_data["pokemon"]):
        assert _search(driver, "#25")[0] == "pikachu"
    assert not [e for e in severe_logs(driver) if "/images/" not in e["message"]]
    if site_data["pageCount"] > 1:
        # The pagination links stay in the page for a browser without JavaScript, and work from file://.
        driver.find_element(By.ID, "search").send_keys(Keys.ESCAPE)
        next_link = driver.find_element(By.CSS_SELECTOR, ".pagination a[rel='next']")
        driver.get(next_link.get_attribute("href"))
        wait(driver, lambda d: d.current_url.endswith("/page/2.html"))
        assert len(driver.find_elements(By.CSS_SELECTOR, "#grid > .cell")) == site_data["perPage"] \
            or site_data["pageCount"] == 2


def test_pages_are_complete_without_javascript(server, site_data):
    driver = make_driver(javascript=False)
    try:
        driver.get(server + "index.html")
        cells = driver.find_elements(By.CSS_SELECTOR, "#grid > .cell")
        assert len(cells) == min(site_data["perPage"], len(site_data["pokemon"]))
        first = site_data["pokemon"][0]
        assert cells[0].find_element(By.CSS_SELECTOR, ".name").text == first["name"]
        assert cells[0].find_element(By.CSS_SELECTOR, ".num").text == first["number"]
        assert cells[0].find_element(By.CSS_SELECTOR, ".type").is_displayed()
        assert not cells[0].find_element(By.CSS_SELECTOR, ".star").is_displayed(), "stars need JavaScript"
        assert not driver.find_element(By.CSS_SELECTOR, ".controls").is_displayed()
        if site_data["pageCount"] > 1:
            assert driver.find_element(By.CSS_SELECTOR, ".pagination").is_displayed()
        tap(driver, driver.find_element(By.CSS_SELECTOR, "#grid > .cell a"))
        wait(driver, lambda d: d.current_url.endswith(f"/pokemon/{first['slug']}.html"))
        assert driver.find_element(By.TAG_NAME, "h1").text == first["name"]
        for label in ("Height", "Weight"):
            assert label in driver.find_element(By.CSS_SELECTOR, ".facts").text
        assert driver.find_elements(By.CSS_SELECTOR, ".stats meter")
        # Training, Breeding and the Pokédex entries (older ones folded in <details>) need no script either.
        main = driver.find_element(By.TAG_NAME, "main").text
        for label in ("Base experience", "EV yield", "Catch rate", "Egg groups", "Pokédex entries"):
            assert label in main, label
        driver.get(server + "favorites.html")
        assert driver.find_element(By.TAG_NAME, "h1").text == "Favorites"
    finally:
        driver.quit()


def test_broken_images_fall_back_to_the_placeholder(driver, server, site_data):
    first = site_data["pokemon"][0]
    if first["image"].startswith("assets/placeholder"):
        pytest.skip("the first Pokémon has no picture anyway")
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/images/*"]})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    try:
        open_page(driver, server + "index.html")
        img = driver.find_element(By.CSS_SELECTOR, f"#grid > .cell[data-id='{first['id']}'] img")
        wait(driver, lambda d: (img.get_attribute("src") or "").endswith("assets/placeholder.svg"),
             message="an image that failed before app.js ran kept its broken src")
        wait(driver, lambda d: js(d, "return arguments[0].complete && arguments[0].naturalWidth > 0", img))
        js(driver, "window.scrollTo(0, document.body.scrollHeight)")
        lazy = driver.find_elements(By.CSS_SELECTOR, "#grid > .cell img[loading='lazy']")
        if lazy:
            wait(driver, lambda d: all((i.get_attribute("src") or "").endswith("placeholder.svg") for i in lazy[:4]))
    finally:
        driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
        driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})


def test_every_image_has_size_alt_and_fallback(driver, server, site_data):
    for page in _pages(site_data):
        open_page(driver, server + page, favorites=first_ids(site_data, 2))
        problems = js(driver, """
            // A game's sprite in the gallery is lazy and, when it cannot load, hidden rather than swapped for the
            // placeholder (thirty placeholders would say nothing): sized and named all the same.
            return Array.from(document.images).filter(i => !(i.getAttribute('width') && i.getAttribute('height')
              && i.alt && (i.closest('#sprites') ? i.getAttribute('loading') === 'lazy'
                : i.getAttribute('decoding') === 'async' && i.getAttribute('data-fallback')))).map(i => i.outerHTML);
        """)
        assert not problems, problems[:3]


def test_offline_indicator(driver, server):
    open_page(driver, server + "index.html")
    banner = driver.find_element(By.ID, "offline-banner")
    assert not banner.is_displayed()
    driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                           {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    try:
        wait(driver, lambda d: banner.is_displayed(), message="no offline indicator")
        assert "Offline" in banner.text
    finally:
        driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                               {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    wait(driver, lambda d: not banner.is_displayed())


class _Handler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def setup(self):
        super().setup()
        self.server.connections.add(self.connection)


class _StoppableServer(http.server.ThreadingHTTPServer):
    """Stops for real: closes the connections Chrome opened ahead of time too (a pre-connected idle socket
    would otherwise still be answered after shutdown)."""
    daemon_threads = True

    def __init__(self, *args, **kwargs):
        self.connections = set()
        super().__init__(*args, **kwargs)

    def stop(self):
        self.shutdown()
        self.server_close()
        for connection in list(self.connections):
            try:
                connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            connection.close()


def test_service_worker_serves_visited_pages_offline(output, site_data):
    """A second server, stopped mid-test: the pages seen before come from the service worker's cache."""
    httpd = _StoppableServer(("127.0.0.1", 0), functools.partial(_Handler, directory=str(output)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}/"
    detail = _pages(site_data)[1]
    driver = make_driver()
    stopped = False
    try:
        open_page(driver, base + "index.html")
        driver.execute_async_script("var done = arguments[arguments.length - 1];"
                                    "navigator.serviceWorker.ready.then(function () { done(true); });")
        driver.refresh()
        wait(driver, lambda d: js(d, "return !!navigator.serviceWorker.controller"), timeout=20,
             message="the service worker did not take control")
        driver.get(base + detail)
        wait(driver, lambda d: js(d, "return document.documentElement.classList.contains('js')"))
        name = driver.find_element(By.TAG_NAME, "h1").text
        httpd.stop()
        stopped = True
        driver.get(base + "index.html")
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#grid > .cell"))
        assert driver.find_element(By.CSS_SELECTOR, "link[rel='stylesheet']")
        assert js(driver, "return getComputedStyle(document.body).display") == "flex", "CSS came from the cache"
        driver.get(base + detail)
        wait(driver, lambda d: d.find_elements(By.TAG_NAME, "h1"))
        assert driver.find_element(By.TAG_NAME, "h1").text == name
        driver.get(base + "pokemon/never-visited-page.html")
        assert "offline" in driver.find_element(By.TAG_NAME, "body").text.lower()
    finally:
        driver.quit()
        if not stopped:
            httpd.stop()


# ---------- layout ----------

@pytest.mark.parametrize("width", [360, 430, 1280, 1366])
def test_layout_fits_and_targets_are_large_enough(driver, server, site_data, width):
    driver.set_window_size(width, 900)
    open_page(driver, server + "index.html", favorites=[])
    overflow = js(driver, "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"horizontal overflow of {overflow}px at {width}px"
    columns = js(driver, "return getComputedStyle(document.getElementById('grid')).gridTemplateColumns.split(' ').length")
    assert columns >= (2 if width < 600 else 6 if width >= 1280 else 4), f"{columns} column(s) at {width}px"
    small = js(driver, """
        return Array.from(document.querySelectorAll('.star, .tool, .btn, .pagination a, .nav a, #search, .filter select'))
          .filter(e => e.offsetParent !== null)
          .map(e => [e.className || e.tagName, e.getBoundingClientRect().width, e.getBoundingClientRect().height])
          .filter(r => r[1] < 43.5 || r[2] < 43.5);
    """)
    assert not small, f"touch targets under 44px: {small[:5]}"


# ---------- pictures ----------

def test_a_phone_loads_the_small_thumbnails(driver, server, site_data):
    local = [p for p in site_data["pokemon"][:10] if p.get("t")]
    if not local:
        pytest.skip("no thumbnails in this site (--images remote or no local pictures)")
    driver.set_window_size(390, 844)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    try:
        open_page(driver, server + "index.html", favorites=[])
        wait(driver, lambda d: js(d, """
            return Array.from(document.querySelectorAll('#grid img')).slice(0, 4).every(i => i.complete && i.currentSrc)"""),
             message="the first cells' pictures did not load")
        shown = js(driver, """
            return Array.from(document.querySelectorAll('#grid > .cell img')).filter(i => i.currentSrc)
              .map(i => [i.closest('.cell').dataset.id, i.currentSrc, i.getBoundingClientRect().width]);""")
        with_thumbnails = {str(p["id"]) for p in local}
        checked = [(pid, src, width) for pid, src, width in shown if pid in with_thumbnails]
        assert checked, shown
        for pid, src, width in checked:
            # About 160 CSS px at 1×: the 256-px candidate, never the full artwork.
            assert width < 256, (pid, width)
            assert src.endswith("-256.webp"), f"cell {pid} loaded {src}"
        # And nothing but thumbnails was fetched from images/ for the cells.
        fetched = js(driver, """return performance.getEntriesByType('resource')
            .filter(e => e.initiatorType === 'img' && e.name.indexOf('/images/') >= 0).map(e => e.name)""")
        assert fetched and all(name.endswith(".webp") for name in fetched), fetched
        # Cells appended by infinite scroll come from page/N.html: their candidates are re-rooted too.
        cells = len(driver.find_elements(By.CSS_SELECTOR, "#grid > .cell"))
        js(driver, "window.scrollTo(0, document.body.scrollHeight)")
        wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#grid > .cell")) > cells,
             message="scrolling appended no cells")
        unrooted = js(driver, """return Array.from(document.querySelectorAll('#grid img[srcset]'))
            .map(i => i.getAttribute('srcset')).filter(s => s.indexOf('../') >= 0)""")
        assert not unrooted, unrooted[:2]
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_phone_folds_the_filters_and_shows_the_first_row(driver, server, site_data):
    """390 × 844: search and one "Filters" button, then the cells: the first row is on the first screen."""
    driver.set_window_size(390, 844)
    open_page(driver, server + "index.html", favorites=[])
    height = js(driver, "return window.innerHeight")
    toggle = driver.find_element(By.ID, "filters-toggle")
    assert toggle.is_displayed() and toggle.get_attribute("aria-expanded") == "false"
    assert toggle.get_attribute("aria-controls") == "filters"
    assert not driver.find_element(By.ID, "filters").is_displayed()
    assert not driver.find_element(By.CSS_SELECTOR, "#filters-toggle .filters-count").is_displayed()
    first = driver.find_elements(By.CSS_SELECTOR, "#grid > .cell")[:2]
    bottoms = [js(driver, "return arguments[0].getBoundingClientRect().bottom", c) for c in first]
    assert max(bottoms) <= height, f"the first row ends at {bottoms} px, below the {height} px screen"
    tap(driver, toggle)
    assert toggle.get_attribute("aria-expanded") == "true"
    assert driver.find_element(By.ID, "filter-type-1").is_displayed()
    assert js(driver, "return document.activeElement.id") == "filter-type-1", "opening moves focus to the first filter"
    tap(driver, toggle)
    assert not driver.find_element(By.ID, "filters").is_displayed()
    # Active filters are counted on the button, also when they come from the address.
    gen = site_data["pokemon"][0]["gen"]
    open_page(driver, server + f"index.html#type=grass&gen={gen}&sort=name-desc")
    toggle = driver.find_element(By.ID, "filters-toggle")
    count = toggle.find_element(By.CSS_SELECTOR, ".filters-count")
    assert count.is_displayed() and count.text.split()[0] == "3", count.text
    assert "3 active" in toggle.get_attribute("textContent").replace("\n", " ")
    # Desktop: the filters show as they are, no button.
    driver.set_window_size(1366, 900)
    assert not toggle.is_displayed()
    assert driver.find_element(By.ID, "filter-type-1").is_displayed()
    driver.set_window_size(390, 844)


def _rgba(value):
    parts = [float(x) for x in re.findall(r"[\d.]+", value)]
    return parts + [1.0] * (4 - len(parts))


def _backdrop(driver, element):
    """The first non-transparent background of the element or its ancestors."""
    return js(driver, """
        for (let e = arguments[0]; e; e = e.parentElement) {
          const c = getComputedStyle(e).backgroundColor;
          if (c && c !== 'transparent' && !/rgba\\(\\d+, \\d+, \\d+, 0\\)/.test(c)) return c;
        }
        return getComputedStyle(document.body).backgroundColor;""", element)


def _stands_out(driver, element):
    """Whether the element has a visible background or border of its own against what it sits on."""
    style = js(driver, """const s = getComputedStyle(arguments[0]);
        return [s.backgroundColor, s.borderTopWidth, s.borderTopStyle, s.borderTopColor, s.boxShadow];""", element)
    behind = _backdrop(driver, js(driver, "return arguments[0].parentElement", element))
    own, border_width, border_style, border_color, shadow = style
    differs = lambda a, b: sum(abs(x - y) for x, y in zip(_rgba(a)[:3], _rgba(b)[:3])) > 12 and _rgba(a)[3] > 0.2
    has_border = float(border_width[:-2] or 0) >= 1 and border_style != "none" and differs(border_color, behind)
    has_ring = shadow not in ("none", "") and "inset" in shadow
    return differs(own, behind) or has_border or has_ring


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_buttons_and_cards_keep_their_background(driver, server, site_data, scheme):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    pages = [(s, sel) for s, sel in (("charizard", ".forms .form-card"), ("charizard", ".stage-card"),
                                     ("eevee", ".stage-card")) if any(p["slug"] == s for p in site_data["pokemon"])]
    if not pages:
        pytest.skip("no Charizard or Eevee on this site")
    for slug, selector in pages:
        open_page(driver, server + f"pokemon/{slug}.html")
        elements = driver.find_elements(By.CSS_SELECTOR, selector)
        assert elements, f"{slug}: no {selector}"
        flat = [e.text for e in elements if not _stands_out(driver, e)]
        assert not flat, f"{slug} ({scheme}): {selector} without a visible background or border: {flat}"
    open_page(driver, server + "index.html#favorites", favorites=first_ids(site_data, 2))
    for button in driver.find_elements(By.CSS_SELECTOR, "#favorites .toolbar .tool"):
        assert button.is_displayed()
    reset = driver.find_element(By.ID, "filters-reset")
    driver.set_window_size(1366, 900)
    try:
        assert not reset.is_enabled()
        style = js(driver, """const s = getComputedStyle(arguments[0]);
            return [s.cursor, s.color, getComputedStyle(document.querySelector('.nav a')).color, s.opacity]""", reset)
        assert style[0] == "default", f"a disabled button keeps the pointer: {style[0]}"
        link_color = js(driver, "const a = document.createElement('a'); a.href = '#'; document.body.appendChild(a);"
                                " const c = getComputedStyle(a).color; a.remove(); return c")
        assert style[1] != link_color, "a disabled button is not link-coloured"
        enabled = driver.find_element(By.CSS_SELECTOR, "#favorites [data-action='export']")
        assert _stands_out(driver, driver.find_element(By.ID, "search"))
        assert enabled.is_enabled()
    finally:
        driver.set_window_size(390, 844)
