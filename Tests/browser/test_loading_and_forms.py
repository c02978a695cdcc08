"""What the scripts do while things load, when they fail, and with the forms, on the real-data site: the loading
indicator under the index while the next cells' pictures come in; one notice with one Retry for the pictures that
failed, and a Retry button on another game's moves, the names and the search data that failed to load (made to fail
by a server that answers 404 for them, then serves them again); "Show every form"; and a search that says which of a
form's own names matched."""

import fnmatch
import functools
import http.server
import re
import threading
import time
from urllib.parse import quote, unquote

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import _QuietHandler
from test_browser import _axe, by_slug, js, open_page, severe_logs, tap, wait

FORMS_KEY = "pokedex.everyForm"


# ---------- a server whose files can go missing, or come slowly ----------

class _GappyHandler(_QuietHandler):
    """Answers 404 for the paths matching one of `missing` (fnmatch patterns under the site root), as if they were
    not on disk, and serves those matching `slow` after a delay."""
    missing = None
    slow = None

    def send_head(self):
        path = unquote(self.path.split("?", 1)[0].split("#", 1)[0]).lstrip("/")
        if any(fnmatch.fnmatch(path, pattern) for pattern in self.missing):
            self.send_error(404)
            return None
        if any(fnmatch.fnmatch(path, pattern) for pattern in self.slow):
            time.sleep(0.8)
        return super().send_head()


@pytest.fixture
def gappy(output):
    """A server of its own for one test (its own origin: nothing an earlier test loaded is in the browser's
    memory cache for it): yields its base URL, the set of missing patterns and the set of slow ones."""
    missing, slow = set(), set()
    handler = type("Handler", (_GappyHandler,), {"missing": missing, "slow": slow})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(output)))
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/", missing, slow
    httpd.shutdown()
    httpd.server_close()


def focused_is(driver, element):
    return js(driver, "return document.activeElement === arguments[0]", element)


def press(driver, button):
    """Keyboard: focus, then Enter."""
    js(driver, "arguments[0].scrollIntoView({block: 'center'}); arguments[0].focus()", button)
    button.send_keys(Keys.ENTER)


def cell_ids(driver, css):
    return [int(c.get_attribute("data-id")) for c in driver.find_elements(By.CSS_SELECTOR, css)]


def looks_rows(site_data):
    rows = [p for p in site_data["every"] if p["looks"]]
    if not rows:
        pytest.skip("this build does not tell forms that only look different apart (data script form 2)")
    return rows


# ---------- the loading indicator ----------

def test_a_loading_indicator_shows_until_the_next_cells_pictures_are_in(driver, gappy, site_data):
    if site_data["pageCount"] < 3:
        pytest.skip("too few index pages")
    base, _, slow = gappy
    per_page = site_data["perPage"]
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-reduced-motion", "value": "no-preference"}]})
    open_page(driver, base + "index.html", favorites=[])
    loader = driver.find_element(By.CSS_SELECTOR, "#view-all .loader")
    assert not loader.is_displayed() and js(driver, "return document.getElementById('grid').getAttribute('aria-busy')") is None
    # Record, at every change of the indicator, whether every added picture had loaded (or failed) by then.
    js(driver, """
        window.__loader = [];
        const loader = document.querySelector('#view-all .loader'), grid = document.getElementById('grid');
        new MutationObserver(() => window.__loader.push([loader.hidden, grid.getAttribute('aria-busy'),
          Array.from(grid.querySelectorAll(':scope > .cell img')).slice(arguments[0]).every(i => i.complete)]))
          .observe(loader, {attributes: true, attributeFilter: ['hidden']});""", per_page)
    slow.add("images/*")   # the next pictures take a while
    js(driver, "window.scrollTo(0, document.body.scrollHeight)")
    wait(driver, lambda d: len(cell_ids(d, "#grid > .cell")) > per_page, message="no cells added")
    wait(driver, lambda d: loader.is_displayed(), timeout=3, message="no loading indicator while the pictures load")
    assert js(driver, "return document.getElementById('grid').getAttribute('aria-busy')") == "true"
    assert loader.text.startswith("Loading more"), loader.text
    assert js(driver, "return getComputedStyle(document.querySelector('.loader-spinner')).animationName") == "loader-spin"
    wait(driver, lambda d: not loader.is_displayed(), timeout=30, message="the indicator never went away")
    changes = js(driver, "return window.__loader")
    assert changes[0][:2] == [False, "true"], changes
    hidden = [c for c in changes if c[0]]
    assert hidden and all(c[2] and c[1] is None for c in hidden), f"hidden before the pictures were in: {changes}"
    # The added cells' pictures load at once, under the indicator (not when scrolled to).
    assert js(driver, "return Array.from(document.querySelectorAll('#grid > .cell img')).slice(arguments[0])"
                      ".every(i => i.getAttribute('loading') !== 'lazy')", per_page)
    # Said once, by the list's status, not at every picture.
    assert "more Pokémon added" in driver.find_element(By.ID, "scroll-status").get_attribute("textContent")


def test_the_loading_indicator_stands_still_with_reduced_motion(driver, server, site_data):
    if site_data["pageCount"] < 2:
        pytest.skip("a single index page")
    open_page(driver, server + "index.html", favorites=[])   # the driver fixture asks for reduced motion
    js(driver, "document.querySelector('#view-all .loader').hidden = false")
    assert js(driver, "return getComputedStyle(document.querySelector('.loader-spinner')).animationName") == "none"
    assert js(driver, "return getComputedStyle(document.querySelector('#view-all .loader')).animationName") == "none"


# ---------- Retry ----------

def _open_with_files_missing(driver, gappy, output, page, *gone):
    """Opens `page` from the server that answers 404 for the files matching `gone` (until the test clears them);
    skips on a site without the page. Returns the server's base URL and its set of missing files."""
    base, missing, _ = gappy
    if not (output / page).is_file():
        pytest.skip(f"{page} is not on this site")
    missing.update(gone)
    open_page(driver, base + page)
    return base, missing


def test_retry_another_games_moves(driver, gappy, output):
    _, missing = _open_with_files_missing(driver, gappy, output, "pokemon/pikachu.html", "learnsets/pikachu.*.js")
    picker = driver.find_element(By.ID, "game-picker")
    shown = picker.get_attribute("value")
    other = next(o.get_attribute("value") for o in Select(picker).options if o.get_attribute("value") != shown)
    Select(picker).select_by_value(other)
    status = driver.find_element(By.CSS_SELECTOR, ".moves-panel .moves-status")
    wait(driver, lambda d: "could not be loaded" in status.text, message="no failure said")
    retry = driver.find_element(By.CSS_SELECTOR, ".moves-panel .retry-moves")
    assert retry.is_displayed() and retry.text == "Retry"
    assert picker.get_attribute("value") == shown, "the picker says the game still shown"
    # Still missing: Retry fails again, says so again, and keeps focus.
    press(driver, retry)
    wait(driver, lambda d: retry.text == "Retry" and "could not be loaded" in status.text)
    assert focused_is(driver, retry)
    missing.clear()
    press(driver, retry)
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".learnset").get_attribute("data-game") == other,
         message="Retry did not load the game")
    assert status.text.startswith("Showing") and not retry.is_displayed()
    assert picker.get_attribute("value") == other
    assert focused_is(driver, picker), "focus goes from the vanished Retry button to the picker"
    assert driver.find_elements(By.CSS_SELECTOR, ".learnset tbody tr")


def _without_pikachus_picture(driver, gappy, site_data, page):
    """Opens `page` from the server that refuses Pikachu's picture (until the test clears its missing files);
    skips on a site whose pictures are not its own. Returns Pikachu's entry and the set of missing files."""
    base, missing, _ = gappy
    pikachu = by_slug(site_data, "pikachu")
    if not pikachu["image"].startswith("images/"):
        pytest.skip("Pikachu's picture is not on this site")
    missing.update({f"images/{pikachu['id']}.png", f"images/{pikachu['id']}-*"})
    open_page(driver, base + page)
    return pikachu, missing


def test_retry_the_pictures_that_failed(driver, gappy, site_data):
    """Pictures that fail are said once, at the top of the page, with one Retry for them all (not a button on each
    cell, over its star); Retry brings them back, the notice goes, and keyboard focus to the page's content."""
    pikachu, missing = _without_pikachus_picture(driver, gappy, site_data, "index.html#q=pikachu")
    cell = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, f"#view-search .cell[data-id='{pikachu['id']}']"))
    img = cell.find_element(By.CSS_SELECTOR, "img")
    wait(driver, lambda d: "is-fallback" in img.get_attribute("class"), message="the picture did not fail")
    note = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "main .pictures-failed"), message="no notice")
    wait(driver, lambda d: note.text.startswith("Some pictures could not be loaded."))
    assert len(driver.find_elements(By.CSS_SELECTOR, "main .pictures-failed")) == 1
    assert not driver.find_elements(By.CSS_SELECTOR, ".cell .retry, .cell > .retry"), "no Retry on a cell"
    retry = note.find_element(By.CSS_SELECTOR, ".retry")
    assert retry.text == "Retry" and len(driver.find_elements(By.CSS_SELECTOR, "main .retry")) == 1
    # Still missing: Retry fails again, says so again, and keeps focus.
    press(driver, retry)
    wait(driver, lambda d: retry.text == "Retry" and "could not be loaded" in note.text, message="not said again")
    assert focused_is(driver, retry) and "is-fallback" in img.get_attribute("class")
    missing.clear()
    press(driver, retry)
    wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, "main .pictures-failed"), message="Retry did not load it")
    assert "is-fallback" not in img.get_attribute("class")
    assert js(driver, "return arguments[0].naturalWidth > 0 && !arguments[0].currentSrc.endsWith('placeholder.svg')", img)
    assert focused_is(driver, driver.find_element(By.ID, "main")), "focus moves to the page's content"


def test_failed_pictures_come_back_by_themselves_online(driver, gappy, site_data):
    """Offline, the offline banner says it (not the notice); back online, the pictures come back by themselves and
    the notice goes."""
    pikachu, missing = _without_pikachus_picture(driver, gappy, site_data, "index.html#q=pikachu")
    img = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, f"#view-search .cell[data-id='{pikachu['id']}'] img"))
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "main .pictures-failed"), message="no notice")
    driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                           {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    try:
        wait(driver, lambda d: d.find_element(By.ID, "offline-banner").is_displayed())
        assert not driver.find_element(By.CSS_SELECTOR, "main .pictures-failed").is_displayed()
        missing.clear()
    finally:
        driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                               {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, "main .pictures-failed"), message="still said")
    assert js(driver, "return arguments[0].naturalWidth > 0 && !arguments[0].classList.contains('is-fallback')", img)


def test_retry_the_detail_pages_picture(driver, gappy, site_data):
    _, missing = _without_pikachus_picture(driver, gappy, site_data, "pokemon/pikachu.html")
    note = driver.find_element(By.CSS_SELECTOR, ".picture-note")
    wait(driver, lambda d: "could not be loaded" in note.text, message="the failed picture is not said")
    retry = driver.find_element(By.CSS_SELECTOR, ".hero .retry-hero")
    assert retry.is_displayed()
    missing.clear()
    press(driver, retry)
    img = driver.find_element(By.CSS_SELECTOR, ".hero img")
    wait(driver, lambda d: not retry.is_displayed() and note.text == "", message="Retry did not load the picture")
    assert js(driver, "return arguments[0].naturalWidth > 0 && !arguments[0].classList.contains('is-fallback')", img)
    assert js(driver, "return document.activeElement !== document.body"), "focus is not dropped"


def test_retry_the_names_of_the_index_search(driver, gappy, site_data):
    base, missing, _ = gappy
    pikachu = by_slug(site_data, "pikachu")
    missing.update({"assets/pokedex-names.*.js"})
    open_page(driver, base + "index.html")
    box = driver.find_element(By.ID, "search")
    box.click()
    box.send_keys("ピカチュウ")
    note = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#view-search .load-failed"),
                message="the names' failure is not said")
    wait(driver, lambda d: "could not be loaded" in note.text)
    assert pikachu["id"] not in cell_ids(driver, "#view-search .cell")
    missing.clear()
    press(driver, note.find_element(By.CSS_SELECTOR, ".retry"))
    wait(driver, lambda d: pikachu["id"] in cell_ids(d, "#view-search .cell"), message="Retry did not load the names")
    assert not driver.find_elements(By.CSS_SELECTOR, "#view-search .load-failed")
    assert focused_is(driver, box), "focus goes back to the search box"


def test_retry_the_search_data(driver, gappy, output):
    base, missing = _open_with_files_missing(driver, gappy, output, "pokemon/pikachu.html", "assets/pokedex-search.*.js")
    box = driver.find_element(By.ID, "site-q")
    box.click()
    box.send_keys("thunder")
    note = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".site-search .load-failed"), message="no note")
    wait(driver, lambda d: note.text.startswith("The search could not be loaded"))
    assert note.is_displayed()
    missing.clear()
    press(driver, note.find_element(By.CSS_SELECTOR, ".retry"))
    wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, ".site-search .load-failed"), message="still failing")
    assert focused_is(driver, box)
    box.send_keys("bolt")
    panel = driver.find_element(By.ID, "site-results")
    wait(driver, lambda d: panel.is_displayed() and "Thunderbolt" in panel.text, message="no results after Retry")
    # search.html: said where the results go.
    missing.update({"assets/pokedex-search.*.js"})
    open_page(driver, base + "search.html?q=pikachu")
    note = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "main .load-failed"))
    wait(driver, lambda d: "could not be loaded" in note.text)
    missing.clear()
    press(driver, note.find_element(By.CSS_SELECTOR, ".retry"))
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".search-page-results .result-group"))
    assert driver.find_element(By.CSS_SELECTOR, ".search-page-status").text.endswith("for “pikachu”")


def test_retry_the_move_names_of_the_moves_index(driver, gappy, output):
    _, missing = _open_with_files_missing(driver, gappy, output, "moves/index.html", "assets/pokedex-move-names.*.js")
    search = driver.find_element(By.ID, "move-search")
    search.send_keys("tonnerre")   # Thunderbolt in French
    note = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".load-failed"), message="the failure is not said")
    wait(driver, lambda d: "could not be loaded" in note.text)
    assert driver.find_element(By.ID, "moves-status").text.startswith("No moves match")
    missing.clear()
    press(driver, note.find_element(By.CSS_SELECTOR, ".retry"))
    wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, ".load-failed"), message="Retry did not load the names")
    assert focused_is(driver, search)
    wait(driver, lambda d: "Thunderbolt" in [a.text for a in d.find_elements(By.CSS_SELECTOR, "#moves-table tbody tr:not([hidden]) .col-name a")])


def test_axe_on_the_failure_notes(driver, gappy, output):
    base, missing, _ = gappy
    missing.update({"assets/pokedex-search.*.js", "assets/pokedex-names.*.js", "images/*"})
    open_page(driver, base + "index.html#q=pika")
    driver.find_element(By.ID, "search").click()   # the site-wide search loads on first use of the box
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#view-search .load-failed")) == 2)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "main .pictures-failed .retry"))
    violations = _axe(driver)
    assert not violations, violations


# ---------- "Show every form" ----------

def test_the_index_leaves_out_forms_that_only_look_different(driver, server, site_data):
    looks = looks_rows(site_data)
    listed = site_data["pokemon"]
    assert site_data["pageCount"] == -(-len(listed) // site_data["perPage"])
    raichu, alola = by_slug(site_data, "raichu"), by_slug(site_data, "raichu-alola")
    assert not alola["looks"]
    open_page(driver, server + "index.html", favorites=[])
    switch = driver.find_element(By.ID, "every-form")
    assert switch.is_displayed() and not switch.is_selected() and switch.get_attribute("role") == "switch"
    # Scroll until Alolan Raichu is in: right after Raichu, and no form that only looks different in between.
    for _ in range(10):
        if alola["id"] in cell_ids(driver, "#grid > .cell"):
            break
        js(driver, "window.scrollTo(0, document.body.scrollHeight)")
        wait(driver, lambda d: len(cell_ids(d, "#grid > .cell")) % site_data["perPage"] == 0 or
             alola["id"] in cell_ids(d, "#grid > .cell"))
    ids = cell_ids(driver, "#grid > .cell")
    assert ids == [p["id"] for p in listed[:len(ids)]]
    assert ids[ids.index(alola["id"]) - 1] == raichu["id"], "Alolan Raichu is right after Raichu"
    assert not set(ids) & {p["id"] for p in looks}
    # Filters leave them out too; the search finds them ("Pikachu Libre").
    libre = next((p for p in looks if p["slug"] == "pikachu-libre"), looks[0])
    open_page(driver, server + "index.html#type=" + libre["types"][0])
    wait(driver, lambda d: d.find_element(By.ID, "view-search").is_displayed())
    status = driver.find_element(By.CSS_SELECTOR, "#view-search .search-status").text
    expected = [p for p in listed if libre["types"][0] in p["types"]]
    assert status.startswith(f"{len(expected)} Pokémon"), status
    open_page(driver, server + "index.html#q=" + quote(libre["name"]))
    wait(driver, lambda d: libre["id"] in cell_ids(d, "#view-search .cell"), message=f"{libre['name']} not found")
    assert cell_ids(driver, "#view-search .cell")[0] == libre["id"]


def test_show_every_form_is_kept_in_the_address_and_remembered(driver, server, site_data):
    looks = looks_rows(site_data)
    pikachu = by_slug(site_data, "pikachu")
    caps = [p["id"] for p in site_data["every"] if p["num"] == pikachu["num"] and p["looks"]]
    open_page(driver, server + "index.html", favorites=[])
    js(driver, "localStorage.removeItem(arguments[0])", FORMS_KEY)
    open_page(driver, server + "index.html")
    switch = driver.find_element(By.ID, "every-form")
    tap(driver, switch)
    wait(driver, lambda d: d.current_url.endswith("#forms=all"), message="the address does not say it")
    wait(driver, lambda d: d.find_element(By.ID, "view-search").is_displayed())
    status = driver.find_element(By.CSS_SELECTOR, "#view-search .search-status").text
    assert status.startswith(f"{len(site_data['every'])} Pokémon"), status
    assert driver.find_element(By.ID, "search-title").text == \
        js(driver, "return document.getElementById('all-title').firstChild.textContent.trim()"), "titled as the whole list"
    # In site order: Pikachu, then its forms, caps included.
    open_page(driver, server + "index.html#forms=all&q=" + quote(pikachu["name"]))
    found = cell_ids(driver, "#view-search .cell")
    assert caps and set(caps) <= set(found), "Pikachu's caps are back"
    # A reload keeps it; so does the index without the address's part (remembered on this device).
    driver.refresh()
    wait(driver, lambda d: d.find_element(By.ID, "every-form").is_selected())
    open_page(driver, server + "index.html")
    assert driver.find_element(By.ID, "every-form").is_selected()
    wait(driver, lambda d: d.current_url.endswith("#forms=all"), message="remembered, not said in the address")
    assert js(driver, "return localStorage.getItem(arguments[0])", FORMS_KEY) == "1"
    # The grid with every form: the first page of every row.
    wait(driver, lambda d: len(cell_ids(d, "#view-search .cell")) >= 40)
    assert cell_ids(driver, "#view-search .cell")[:40] == [p["id"] for p in site_data["every"][:40]]
    # Off again: forgotten, out of the address, the default list back.
    tap(driver, driver.find_element(By.ID, "every-form"))
    wait(driver, lambda d: "forms=all" not in d.current_url)
    assert js(driver, "return localStorage.getItem(arguments[0])", FORMS_KEY) is None
    assert driver.find_element(By.ID, "view-all").is_displayed()
    assert not set(cell_ids(driver, "#grid > .cell")) & {p["id"] for p in looks}


def test_favorites_show_every_favorite_whatever_the_switch(driver, server, site_data):
    looks = looks_rows(site_data)
    chosen = [looks[0]["id"], site_data["pokemon"][0]["id"]]
    open_page(driver, server + "index.html#favorites", favorites=chosen)
    js(driver, "localStorage.removeItem(arguments[0])", FORMS_KEY)
    open_page(driver, server + "index.html#favorites")
    wait(driver, lambda d: set(cell_ids(d, "#favorites .fav-grid > .cell")) == set(chosen))
    open_page(driver, server + "favorites.html")
    wait(driver, lambda d: set(cell_ids(d, ".fav-grid > .cell")) == set(chosen))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_with_the_switch_on(driver, server, site_data, scheme):
    looks_rows(site_data)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    open_page(driver, server + "index.html#forms=all", favorites=[])
    wait(driver, lambda d: d.find_element(By.ID, "view-search").is_displayed())
    violations = _axe(driver, scheme)
    assert not violations, violations


# ---------- search: which name matched ----------

def test_a_forms_own_name_is_the_one_said_to_match(driver, server, site_data):
    mega = by_slug(site_data, "charizard-mega-x")
    open_page(driver, server + "index.html")
    box = driver.find_element(By.ID, "search")
    box.send_keys("dracaufeu")
    wait(driver, lambda d: mega["id"] in cell_ids(d, "#view-search .cell"))
    line = driver.find_element(By.CSS_SELECTOR, f"#view-search .cell[data-id='{mega['id']}'] .matched").text
    assert line == "Matched: Méga-Dracaufeu X (French)", line
    charizard = by_slug(site_data, "charizard")
    line = driver.find_element(By.CSS_SELECTOR, f"#view-search .cell[data-id='{charizard['id']}'] .matched").text
    assert line == "Matched: Dracaufeu (French)", line
    # search.html too, as cells with picture, number and types when the search data has them.
    open_page(driver, server + "search.html?q=dracaufeu")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".search-page-results .result-pokemon li"))
    items = driver.find_elements(By.CSS_SELECTOR, ".search-page-results .result-pokemon li")
    def name(item):
        return (item.find_elements(By.CSS_SELECTOR, ".name") or item.find_elements(By.CSS_SELECTOR, "a"))[0].text
    said = {name(i): i.find_element(By.CSS_SELECTOR, ".matched").text for i in items if i.find_elements(By.CSS_SELECTOR, ".matched")}
    assert said.get(mega["name"]) == "Matched: Méga-Dracaufeu X (French)", said
    first = items[0]
    if "cell" in (first.get_attribute("class") or "").split():
        assert first.find_element(By.CSS_SELECTOR, ".num").text == "#0006"
        assert [b.text for b in first.find_elements(By.CSS_SELECTOR, ".type")] == ["Fire", "Flying"]
        assert first.find_element(By.CSS_SELECTOR, ".cell-link").get_attribute("href").endswith("pokemon/charizard.html")
    assert driver.find_element(By.CSS_SELECTOR, ".search-page-status").text.endswith("results for “dracaufeu”")
    assert not severe_logs(driver)


def test_the_search_page_says_why_pika_finds_tadbulb_and_zippy_zap(driver, server, site_data, output):
    if not any(p["slug"] == "tadbulb" for p in site_data["every"]) or not (output / "moves" / "zippy-zap.html").is_file():
        pytest.skip("no Tadbulb or Zippy Zap here")
    open_page(driver, server + "search.html?q=pika")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".search-page-results .result-move li"))
    def line(kind, href):
        for item in driver.find_elements(By.CSS_SELECTOR, f".search-page-results .result-{kind} li"):
            if item.find_element(By.CSS_SELECTOR, "a").get_attribute("href").endswith(href):
                return item.find_element(By.CSS_SELECTOR, ".matched").text
    assert line("pokemon", "pokemon/tadbulb.html") == "Matched: Zupika (Japanese, romaji)"
    assert re.fullmatch(r"Matched: Pika-Sprint \(French\)", line("move", "moves/zippy-zap.html"))
    # The top bar's panel says so too.
    open_page(driver, server + "pokemon/pikachu.html")
    box = driver.find_element(By.ID, "site-q")
    box.click()
    box.send_keys("pika")
    wait(driver, lambda d: d.find_elements(By.ID, "site-results") and d.find_element(By.ID, "site-results").is_displayed()
         and "Zippy Zap" in d.find_element(By.ID, "site-results").text, message="no results panel")
    panel = driver.find_element(By.ID, "site-results")
    assert "Matched: Pika-Sprint (French)" in panel.text
