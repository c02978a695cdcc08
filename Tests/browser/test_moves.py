"""Moves in a real headless Chromium, on the real-data site: the Pokémon page's game picker (another game's
learnset built from two scripts loaded when first picked, from file:// too), sortable tables, the moves index's
filters, search in every language and hash, and every table complete without JavaScript."""

import re
from urllib.parse import quote

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import hashed, make_driver
from test_browser import _axe, js, open_page, severe_logs, tap, wait

PIKACHU = "pokemon/pikachu.html"
INDEX = "moves/index.html"
SCARLET_VIOLET, SWORD_SHIELD = "25", "20"


def need(output, *pages):
    for page in pages:
        if not (output / page).is_file():
            pytest.skip(f"{page} is not on this site")


def group_rows(driver, kind):
    """Rows of a learn group as dicts: detail (text, data-value), name, href, type/cat classes, figures."""
    return js(driver, """
        const group = document.querySelector('.learnset .learn-' + arguments[0]);
        if (!group) return null;
        return Array.from(group.querySelectorAll('tbody tr')).map(tr => {
          const detail = tr.querySelector('td.col-detail');
          const nums = Array.from(tr.querySelectorAll('td.num')).map(td => td.textContent);
          return {detail: detail ? detail.textContent : null, value: detail ? detail.getAttribute('data-value') : null,
                  abbr: detail && detail.querySelector('abbr') ? detail.querySelector('abbr').title : null,
                  name: tr.querySelector('.col-name a').textContent, href: tr.querySelector('.col-name a').href,
                  type: tr.querySelector('.type').className, cat: tr.querySelector('.cat').className,
                  power: nums[0], accuracy: nums[1], pp: nums[2], cells: tr.cells.length};
        });
    """, kind)


def headings(driver):
    return js(driver, """
        return Array.from(document.querySelectorAll('.learnset .learn-group h3')).map(h =>
          [h.querySelector('.learn-label').textContent, Number(h.querySelector('.count').textContent),
           h.closest('section').querySelectorAll('tbody tr').length]);
    """)


def scripts_loaded(driver, part):
    return js(driver, "return Array.from(document.scripts).filter(s => s.src.includes(arguments[0])).length", part)


def pick_game(driver, game):
    picker = driver.find_element(By.ID, "game-picker")
    js(driver, "arguments[0].scrollIntoView({block: 'center'})", picker)
    Select(picker).select_by_value(game)


def by_name(rows, name):
    found = [r for r in rows if r["name"] == name]
    assert found, f"{name} is not among {[r['name'] for r in rows]}"
    return found[0]


# ---------- the game picker ----------

def test_game_picker_builds_another_game_from_file_urls(driver, output):
    need(output, PIKACHU)
    open_page(driver, (output / PIKACHU).as_uri())
    picker = driver.find_element(By.ID, "game-picker")
    assert picker.is_displayed(), "the picker shows once moves.js ran"
    assert picker.get_attribute("value") == SCARLET_VIOLET
    assert scripts_loaded(driver, "learnsets/") == 0, "the learnset script loaded on arrival"
    assert scripts_loaded(driver, "pokedex-moves.") == 0, "the moves script loaded on arrival"
    assert driver.find_element(By.CSS_SELECTOR, ".moves-panel .game-name").text == "Scarlet & Violet"
    # The page's own game: Thunderbolt at level 36 and by TM.
    assert by_name(group_rows(driver, "level-up"), "Thunderbolt")["detail"] == "36"
    assert re.fullmatch(r"TM\d+", by_name(group_rows(driver, "machine"), "Thunderbolt")["detail"])
    js(driver, "window.__defaultGroup = document.querySelector('.learnset .learn-level-up')")

    pick_game(driver, SWORD_SHIELD)
    wait(driver, lambda d: js(d, "return document.querySelector('.learnset').getAttribute('data-game')") == SWORD_SHIELD,
         message="Sword & Shield's moves were not built from file://")
    assert scripts_loaded(driver, "learnsets/pikachu.") == 1 and scripts_loaded(driver, "pokedex-moves.") == 1
    assert driver.find_element(By.CSS_SELECTOR, ".moves-panel .game-name").text == "Sword & Shield"
    groups = headings(driver)
    assert [g[0] for g in groups] == ["Level up", "TM / TR", "Tutor"], groups
    assert all(count == rows and rows > 0 for _, count, rows in groups), groups

    level = group_rows(driver, "level-up")
    bolt = by_name(level, "Thunderbolt")
    assert (bolt["detail"], bolt["value"]) == ("36", "36")
    assert bolt["href"].endswith("/moves/thunderbolt.html") and bolt["href"].startswith("file:")
    assert (bolt["type"], bolt["cat"]) == ("type type-electric", "cat cat-special")
    assert (bolt["power"], bolt["accuracy"], bolt["pp"]) == ("90", "100", "15")
    assert by_name(level, "Agility")["power"] == "—" and by_name(level, "Agility")["accuracy"] == "—"
    levels = [int(r["value"]) for r in level]
    assert levels == sorted(levels), "level-up rows are in level order"

    machine = group_rows(driver, "machine")
    assert by_name(machine, "Thunderbolt")["detail"] == "TR08"
    assert [r["value"] for r in machine] == [str(i) for i in range(1, len(machine) + 1)]
    kinds = [r["detail"][:2] for r in machine]
    assert kinds == sorted(kinds, key=["TM", "HM", "TR"].index), "TMs come before TRs"
    assert machine[0]["detail"] == "TM00"

    tutor = group_rows(driver, "tutor")
    assert [r["name"] for r in tutor] == ["Rising Voltage"]
    assert tutor[0]["detail"] is None and tutor[0]["cells"] == 6, "no detail column for tutor moves"
    assert not driver.find_elements(By.CSS_SELECTOR, ".learn-tutor th.col-detail")
    assert js(driver, "return document.querySelector('.learn-level-up th.col-detail').getAttribute('aria-sort')") == "ascending"
    assert len(driver.find_elements(By.CSS_SELECTOR, ".learnset th[aria-sort]")) == 3
    # Built tables sort like the page's own.
    assert len(driver.find_elements(By.CSS_SELECTOR, ".learnset th[data-sort] > button")) == 7 + 7 + 6

    status = driver.find_element(By.CSS_SELECTOR, ".moves-panel .moves-status")
    distinct = len({r["href"] for r in level + machine + tutor})
    assert status.text == f"Showing {distinct} moves learned in Sword & Shield.", status.text
    assert status.get_attribute("role") == "status"
    # Ids stay unique: only one game's groups are in the page.
    assert js(driver, "return new Set(Array.from(document.querySelectorAll('[id]')).map(e => e.id)).size "
                      "=== document.querySelectorAll('[id]').length")

    # Back to the default game: the page's own tables, not rebuilt.
    pick_game(driver, SCARLET_VIOLET)
    wait(driver, lambda d: js(d, "return document.querySelector('.learnset').getAttribute('data-game')") == SCARLET_VIOLET)
    assert js(driver, "return document.querySelector('.learnset .learn-level-up') === window.__defaultGroup")
    assert driver.find_element(By.CSS_SELECTOR, ".moves-panel .game-name").text == "Scarlet & Violet"
    assert scripts_loaded(driver, "learnsets/") == 1, "a script loaded twice"
    assert not severe_logs(driver)


def test_a_move_learned_on_evolution_says_so(driver, server, output):
    need(output, "pokemon/charizard.html")
    open_page(driver, server + "pokemon/charizard.html")
    pick_game(driver, SWORD_SHIELD)
    wait(driver, lambda d: js(d, "return document.querySelector('.learnset').getAttribute('data-game')") == SWORD_SHIELD)
    level = group_rows(driver, "level-up")
    slash = by_name(level, "Air Slash")
    assert (slash["detail"], slash["value"], slash["abbr"]) == ("Evo.", "0", "On evolution")
    assert level[0]["value"] == "0", "moves learned on evolution come first"


def test_game_picker_keeps_the_table_when_a_script_cannot_load(driver, server, output):
    need(output, PIKACHU)
    open_page(driver, server + PIKACHU)
    before = headings(driver)
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*learnsets/*"]})
    pick_game(driver, SWORD_SHIELD)
    status = driver.find_element(By.CSS_SELECTOR, ".moves-panel .moves-status")
    wait(driver, lambda d: "could not be loaded" in status.text, message="a failed load is not said")
    assert "Sword & Shield" in status.text and "Still showing Scarlet & Violet" in status.text, status.text
    assert driver.find_element(By.ID, "game-picker").get_attribute("value") == SCARLET_VIOLET
    assert js(driver, "return document.querySelector('.learnset').getAttribute('data-game')") == SCARLET_VIOLET
    assert headings(driver) == before
    assert driver.find_element(By.CSS_SELECTOR, ".moves-panel .game-name").text == "Scarlet & Violet"
    # Reachable again: the next pick tries again.
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    pick_game(driver, SWORD_SHIELD)
    wait(driver, lambda d: js(d, "return document.querySelector('.learnset').getAttribute('data-game')") == SWORD_SHIELD,
         message="a second try after a failure did not load")


# ---------- sortable tables ----------

def column(driver, table_css, index):
    return js(driver, """
        return Array.from(document.querySelector(arguments[0]).tBodies[0].rows).filter(r => !r.hidden)
          .map(r => r.cells[arguments[1]].textContent.trim());
    """, table_css, index)


def sorted_headers(driver, table_css):
    return js(driver, """
        return Array.from(document.querySelectorAll(arguments[0] + ' th[aria-sort]'))
          .map(th => [th.textContent.trim(), th.getAttribute('aria-sort')]);
    """, table_css)


def numbers_descending(values):
    figures = [v for v in values if v != "—"]
    dashes = values[len(figures):]
    return [int(v) for v in figures] == sorted((int(v) for v in figures), reverse=True) and all(d == "—" for d in dashes)


def test_sorting_by_power_by_click_and_keyboard(driver, server, output):
    need(output, PIKACHU)
    open_page(driver, server + PIKACHU)
    table = ".learn-level-up table"
    headers = driver.find_elements(By.CSS_SELECTOR, f"{table} th")
    labels = [h.text for h in headers]
    power_at = labels.index("Power")
    power = driver.find_element(By.CSS_SELECTOR, f"{table} th:nth-child({power_at + 1}) > button")
    assert power.get_attribute("type") == "button"
    tap(driver, power)
    values = column(driver, table, power_at)
    figures = [v for v in values if v != "—"]
    assert [int(v) for v in figures] == sorted(int(v) for v in figures) and values[len(figures):] == ["—"] * (len(values) - len(figures)), \
        f"ascending, no value last: {values}"
    assert sorted_headers(driver, table) == [["Power", "ascending"]]
    tap(driver, power)
    values = column(driver, table, power_at)
    assert numbers_descending(values) and values[0] == "110", values
    assert sorted_headers(driver, table) == [["Power", "descending"]], "aria-sort is on the sorted header only"
    assert sorted_headers(driver, ".learn-machine table") == [["Machine", "ascending"]], "another table changed"

    # Keyboard: the header is a button; Enter sorts by the move's name.
    name = driver.find_element(By.CSS_SELECTOR, f"{table} th.col-name > button")
    js(driver, "arguments[0].focus()", name)
    name.send_keys(Keys.ENTER)
    names = column(driver, table, labels.index("Move"))
    assert names == sorted(names, key=str.casefold), names
    assert sorted_headers(driver, table) == [["Move", "ascending"]]
    name.send_keys(Keys.SPACE)
    assert sorted_headers(driver, table) == [["Move", "descending"]]
    assert js(driver, "return document.activeElement === arguments[0]", name), "focus stays on the header"


# ---------- the moves index ----------

def index_rows(driver):
    """Visible rows of the moves index: (id, type, cat, name, power)."""
    return js(driver, """
        return Array.from(document.querySelectorAll('#moves-table tbody tr')).filter(r => !r.hidden && r.offsetParent)
          .map(r => [r.dataset.id, r.dataset.type, r.dataset.cat, r.cells[0].textContent, r.cells[3].textContent]);
    """)


def index_hash(driver):
    return js(driver, "return location.hash")


@pytest.fixture(scope="module")
def index_html(output):
    need(output, INDEX)
    html = (output / INDEX).read_text(encoding="utf-8")
    return re.findall(r'<tr data-id="(\d+)" data-type="([a-z-]+)" data-cat="([a-z-]+)"><td class="col-name"><a [^>]*>([^<]*)</a>', html)


def test_moves_index_filters_by_type_and_category(driver, server, index_html):
    open_page(driver, server + INDEX)
    controls = driver.find_element(By.CSS_SELECTOR, ".moves-controls")
    assert controls.is_displayed()
    total = len(index_html)
    status = driver.find_element(By.ID, "moves-status")
    assert len(index_rows(driver)) == total and status.text == f"{total} moves"
    assert driver.find_element(By.ID, "moves-reset").get_attribute("disabled") is not None

    Select(driver.find_element(By.ID, "move-type")).select_by_value("electric")
    Select(driver.find_element(By.ID, "move-cat")).select_by_value("special")
    expected = [row[0] for row in index_html if row[1] == "electric" and row[2] == "special"]
    rows = index_rows(driver)
    assert [r[0] for r in rows] == expected and "85" in expected, "Thunderbolt is an Electric special move"
    assert all(r[1] == "electric" and r[2] == "special" for r in rows)
    assert index_hash(driver) == "#type=electric&cat=special"
    assert status.text == f"{len(expected)} of {total} moves"
    assert driver.find_element(By.ID, "moves-reset").get_attribute("disabled") is None

    # A header sorts the filtered rows too, and the hash keeps it.
    power = driver.find_element(By.CSS_SELECTOR, "#moves-table th[data-key='power'] > button")
    tap(driver, power)
    tap(driver, power)
    assert index_hash(driver) == "#type=electric&cat=special&sort=power-desc"
    assert numbers_descending([r[4] for r in index_rows(driver)])


def test_moves_index_applies_a_bookmarked_hash_and_clears_it(driver, server, index_html):
    open_page(driver, server + INDEX + "#type=fire&cat=physical&sort=power-desc&unknown=1")
    assert Select(driver.find_element(By.ID, "move-type")).first_selected_option.get_attribute("value") == "fire"
    assert Select(driver.find_element(By.ID, "move-cat")).first_selected_option.get_attribute("value") == "physical"
    rows = index_rows(driver)
    expected = {row[0] for row in index_html if row[1] == "fire" and row[2] == "physical"}
    assert {r[0] for r in rows} == expected and all(r[1:3] == ["fire", "physical"] for r in rows)
    assert numbers_descending([r[4] for r in rows]), [r[4] for r in rows]
    assert sorted_headers(driver, "#moves-table") == [["Power", "descending"]]

    # A hash typed into the address bar applies too.
    js(driver, "location.hash = '#cat=status'")
    wait(driver, lambda d: Select(d.find_element(By.ID, "move-cat")).first_selected_option.get_attribute("value") == "status")
    assert Select(driver.find_element(By.ID, "move-type")).first_selected_option.get_attribute("value") == ""
    assert all(r[2] == "status" for r in index_rows(driver))
    assert sorted_headers(driver, "#moves-table") == [["Move", "ascending"]]

    reset = driver.find_element(By.ID, "moves-reset")
    tap(driver, reset)
    assert len(index_rows(driver)) == len(index_html)
    assert index_hash(driver) == ""
    assert reset.get_attribute("disabled") is not None
    assert js(driver, "return document.activeElement.id") == "move-type", "focus moves off the disabled button"
    assert [r[3] for r in index_rows(driver)][:5] == [row[3] for row in index_html][:5], "back to the name order"


def test_moves_index_searches_every_language(driver, server, output, index_html):
    names_script = hashed(output, "assets/pokedex-move-names.js").name
    open_page(driver, server + INDEX)
    assert scripts_loaded(driver, names_script) == 0, "the names script loaded before the search box was used"
    search = driver.find_element(By.ID, "move-search")
    search.send_keys("thunder")
    assert "Thunderbolt" in [r[3] for r in index_rows(driver)]
    assert all("thunder" in r[3].lower() for r in index_rows(driver)), "English names match before the names load"
    wait(driver, lambda d: scripts_loaded(d, names_script) == 1)
    search.clear()
    search.send_keys("10まんボルト")   # Thunderbolt in Japanese (the data spells it with full-width digits)
    wait(driver, lambda d: [r[3] for r in index_rows(d)] == ["Thunderbolt"], message="10まんボルト did not find Thunderbolt")
    assert index_hash(driver) == "#q=" + quote("10まんボルト", safe="")
    assert driver.find_element(By.ID, "moves-status").text == f"1 of {len(index_html)} moves"

    # The hash round-trips: a reload finds it again (the names load by themselves).
    driver.refresh()
    wait(driver, lambda d: js(d, "return document.getElementById('move-search').value") == "10まんボルト")
    wait(driver, lambda d: [r[3] for r in index_rows(d)] == ["Thunderbolt"], message="the bookmarked search was lost")
    search = driver.find_element(By.ID, "move-search")
    search.send_keys(Keys.ESCAPE)
    assert search.get_attribute("value") == "" and len(index_rows(driver)) == len(index_html)
    assert index_hash(driver) == ""


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("page", [INDEX + "#type=electric&sort=power-desc", "moves/thunderbolt.html", PIKACHU])
def test_axe_on_moves_pages(driver, server, output, page, scheme):
    need(output, page.split("#")[0])
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": scheme}, {"name": "prefers-reduced-motion", "value": "reduce"}]})
    open_page(driver, server + page)
    if page == PIKACHU:
        pick_game(driver, SWORD_SHIELD)
        wait(driver, lambda d: js(d, "return document.querySelector('.learnset').getAttribute('data-game')") == SWORD_SHIELD)
    found = _axe(driver, scheme)
    assert not found, [(v["engine"], v["id"], [n["target"] for n in v["nodes"][:3]]) for v in found]
    assert not severe_logs(driver)


@pytest.mark.parametrize("width", [360, 390])
def test_a_phone_sees_move_type_and_power_without_scrolling(driver, server, output, width):
    need(output, PIKACHU)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": True})
    try:
        open_page(driver, server + PIKACHU)
        assert js(driver, "return document.documentElement.scrollWidth <= document.documentElement.clientWidth"), \
            "the page scrolls sideways (a table must scroll inside its box)"
        cut = js(driver, """
            return Array.from(document.querySelectorAll('.learnset table')).map(t => {
              const box = t.closest('.table-scroll').getBoundingClientRect();
              const power = Array.from(t.tHead.rows[0].cells).find(c => c.textContent.trim() === 'Power');
              return [t.closest('section').className, power.getBoundingClientRect().right - box.right];
            }).filter(r => r[1] > 0.5);
        """)
        assert not cut, f"the Power column is cut off at {width}px: {cut}"
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


# ---------- without JavaScript ----------

def test_moves_tables_are_complete_without_javascript(output, index_html):
    need(output, PIKACHU)
    web = make_driver(javascript=False)
    try:
        web.get((output / PIKACHU).as_uri())
        assert not web.find_element(By.CSS_SELECTOR, ".game-pick").is_displayed(), "the picker needs JavaScript"
        groups = headings(web)
        assert [g[0] for g in groups] == ["Level up", "TM"], groups
        assert all(count == rows and rows > 0 for _, count, rows in groups), groups
        assert by_name(group_rows(web, "level-up"), "Thunderbolt")["detail"] == "36"
        assert not web.find_elements(By.CSS_SELECTOR, "th > button"), "buttons are made by moves.js"
        assert not web.find_element(By.ID, "learn-group-template").is_displayed()

        web.get((output / INDEX).as_uri())
        assert not web.find_element(By.CSS_SELECTOR, ".moves-controls").is_displayed()
        assert len(index_rows(web)) == len(index_html) > 800

        web.get((output / "moves/thunderbolt.html").as_uri())
        learners = [a.text for a in web.find_elements(By.CSS_SELECTOR, ".mini-grid a > span")]
        assert "Pikachu" in learners
    finally:
        web.quit()
