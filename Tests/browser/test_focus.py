"""Keyboard focus and screen-reader announcements of the index and favorites lists, on the real-data site: focus is
never dropped to <body> when the control holding it goes away ("Show more Pokémon" at the end of the list, a star
un-pressed among filtered favorites), and the results' count is said the first time results appear."""

import pytest
from selenium.common.exceptions import ElementNotInteractableException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from test_browser import js, open_page, wait

FOCUSED = """
    var a = document.activeElement;
    if (!a || a === document.body || a === document.documentElement) return null;
    var cell = a.closest('.cell');
    return {id: a.id, cls: a.className, cell: cell && Number(cell.dataset.id),
            inGrid: !!a.closest('#grid'), inSearch: !!a.closest('#view-search'), inEnd: !!a.closest('#list-end'),
            shown: a.getClientRects().length > 0};"""


def focused(driver):
    """What has keyboard focus: None for <body> (focus lost), else a summary of the element."""
    return js(driver, FOCUSED)


def cell_ids(driver, css):
    return [int(c.get_attribute("data-id")) for c in driver.find_elements(By.CSS_SELECTOR, css)]


# ---------- "Show more Pokémon" hides at the end of the list ----------

def test_focus_follows_when_the_list_loads_its_last_page_by_itself(driver, server, site_data):
    """Tab to "Show more Pokémon" scrolls it into reach, so the last page is added without a press and the button
    hides: focus moves to that page's first cell instead of falling to <body>."""
    last = site_data["pageCount"]
    if last < 3:
        pytest.skip("too few index pages")
    per_page = site_data["perPage"]
    open_page(driver, server + f"page/{last - 1}.html")
    more = driver.find_element(By.CSS_SELECTOR, "#more-all button")
    wait(driver, lambda d: more.is_displayed(), message="no Show more button on the last page but one")
    assert not driver.find_element(By.ID, "list-end").is_displayed(), "the last page was added before any scrolling"
    js(driver, "arguments[0].focus()", more)   # what Tab does: the button is scrolled into view
    wait(driver, lambda d: d.find_element(By.ID, "list-end").is_displayed(), message="the last page was not added")
    assert not more.is_displayed()
    now = wait(driver, lambda d: focused(d), message="focus fell to <body> when the button hid")
    first = site_data["pokemon"][(last - 1) * per_page]
    assert now["inGrid"] and "cell-link" in now["cls"] and now["cell"] == first["id"], \
        f"focus should be on the last page's first cell ({first['id']}), is on {now}"


def test_show_more_by_keyboard_until_the_end_keeps_focus(driver, server, site_data):
    """Enter on "Show more Pokémon", again and again, until the list ends: focus is always somewhere visible in the
    list (a new cell's link) or on the end message, never on <body>."""
    last = site_data["pageCount"]
    if last < 2:
        pytest.skip("a single index page")
    open_page(driver, server + (f"page/{last - 2}.html" if last > 3 else "index.html"))
    more = driver.find_element(By.CSS_SELECTOR, "#more-all button")
    end = driver.find_element(By.ID, "list-end")
    for _ in range(6):
        if not more.is_displayed():
            break
        before = len(cell_ids(driver, "#grid > .cell"))
        try:
            js(driver, "arguments[0].focus()", more)
            more.send_keys(Keys.ENTER)   # refused once the button hid (the page came in by scrolling)
        except (ElementNotInteractableException, StaleElementReferenceException):
            pass
        wait(driver, lambda d: end.is_displayed() or len(cell_ids(d, "#grid > .cell")) > before,
             message="Show more added nothing")
        now = wait(driver, lambda d: focused(d), message="focus fell to <body>")
        assert (now["inGrid"] and "cell-link" in now["cls"]) or now["inEnd"] or now["cls"] == "btn", now
    assert end.is_displayed() and not more.is_displayed()
    now = focused(driver)
    assert now and now["shown"] and ((now["inGrid"] and "cell-link" in now["cls"]) or now["inEnd"]), \
        f"after the last page, focus is in the list or on its end message: {now}"
    assert cell_ids(driver, "#grid > .cell")[-1] == site_data["pokemon"][-1]["id"]


# ---------- a star un-pressed among filtered favorites ----------

def _same_type_favorites(site_data, count=3):
    """`count` Pokémon of one type (for a filter they all pass) and one of no such type (filtered out)."""
    for kind in ("grass", "fire", "water", "normal", "bug"):
        chosen = [p for p in site_data["pokemon"] if kind in p["types"]][:count]
        other = next((p for p in site_data["pokemon"] if kind not in p["types"]), None)
        if len(chosen) == count and other:
            return kind, chosen, other
    pytest.skip("no type has enough Pokémon on this site")


def _press_star(driver, pokemon_id):
    star = driver.find_element(By.CSS_SELECTOR, f"#view-search .star[data-id='{pokemon_id}']")
    js(driver, "arguments[0].focus()", star)
    star.send_keys(Keys.SPACE)


def test_unstarring_a_filtered_favorite_keeps_focus_nearby(driver, server, site_data):
    """Favorites with a filter on (index.html#favorites&type=…, the favorites view's results): an un-pressed star's
    cell leaves the results. Focus goes to the next cell's star, the previous one's at the end, then to the
    results' heading or message once none is left."""
    kind, chosen, other = _same_type_favorites(site_data)
    ids = [p["id"] for p in chosen]
    open_page(driver, server + f"index.html#favorites&type={kind}", favorites=ids + [other["id"]])
    wait(driver, lambda d: cell_ids(d, "#view-search .cell") == ids, message="the filtered favorites do not show")

    _press_star(driver, ids[1])   # the middle one: the next cell's star
    wait(driver, lambda d: cell_ids(d, "#view-search .cell") == [ids[0], ids[2]])
    now = wait(driver, lambda d: focused(d), message="focus fell to <body> (middle cell)")
    assert now["inSearch"] and "star" in now["cls"] and now["cell"] == ids[2], now

    _press_star(driver, ids[2])   # the last one: the previous cell's star
    wait(driver, lambda d: cell_ids(d, "#view-search .cell") == [ids[0]])
    now = wait(driver, lambda d: focused(d), message="focus fell to <body> (last cell)")
    assert now["inSearch"] and "star" in now["cls"] and now["cell"] == ids[0], now

    _press_star(driver, ids[0])   # none left: the results' heading or their message
    wait(driver, lambda d: cell_ids(d, "#view-search .cell") == [])
    now = wait(driver, lambda d: focused(d), message="focus fell to <body> (no cell left)")
    assert now["inSearch"] and now["shown"] and not now["cell"], now
    assert js(driver, "return JSON.parse(localStorage.getItem('pokedex.favorites'))") == [other["id"]]


def test_unstarring_on_the_favorites_page_keeps_focus_nearby(driver, server, site_data):
    """favorites.html (no filters there): the same, in its own grid, down to the empty state's heading."""
    ids = [p["id"] for p in site_data["pokemon"][:2]]
    open_page(driver, server + "favorites.html", favorites=ids)
    wait(driver, lambda d: cell_ids(d, ".fav-grid > .cell") == ids)
    star = driver.find_element(By.CSS_SELECTOR, f".fav-grid .star[data-id='{ids[0]}']")
    js(driver, "arguments[0].focus()", star)
    star.send_keys(Keys.SPACE)
    wait(driver, lambda d: cell_ids(d, ".fav-grid > .cell") == ids[1:])
    now = wait(driver, lambda d: focused(d), message="focus fell to <body>")
    assert "star" in now["cls"] and now["cell"] == ids[1], now
    driver.switch_to.active_element.send_keys(Keys.SPACE)
    wait(driver, lambda d: cell_ids(d, ".fav-grid > .cell") == [])
    now = wait(driver, lambda d: focused(d), message="focus fell to <body> (no favorite left)")
    assert "empty-title" in now["cls"] and now["shown"], now


# ---------- the results' count, said the first time ----------

LIVE_REGIONS = """
    // Live regions a screen reader follows now: in the page and rendered (visually hidden is fine, `hidden` not).
    return Array.from(document.querySelectorAll('[role=status], [role=alert], [role=log], [aria-live]'))
      .filter(function (e) {
        return e.getAttribute('aria-live') !== 'off' && !e.closest('[hidden]') && e.getClientRects().length > 0;
      });"""


def test_results_count_goes_to_a_live_region_present_from_the_start(driver, server, site_data):
    """A live region filled as it appears is not read out: the one that says the results' count is in the page,
    rendered and empty before the first search, and gets the count after it."""
    open_page(driver, server + "index.html")
    assert not driver.find_element(By.ID, "view-search").is_displayed()
    regions = js(driver, LIVE_REGIONS)
    assert regions, "no rendered live region at load"
    before = {r.id or r.get_attribute("class"): r.get_attribute("textContent") for r in regions}
    open_filters = driver.find_element(By.ID, "filters-toggle")
    if open_filters.get_attribute("aria-expanded") != "true" and open_filters.is_displayed():
        js(driver, "arguments[0].click()", open_filters)
    kind = site_data["pokemon"][0]["types"][0]
    js(driver, "var s = document.getElementById('filter-type-1'); s.value = arguments[0];"
               "s.dispatchEvent(new Event('change', {bubbles: true}))", kind)
    wait(driver, lambda d: d.find_element(By.ID, "view-search").is_displayed())
    count = len([p for p in site_data["pokemon"] if kind in p["types"]])
    expected = f"{count} Pokémon."
    status = driver.find_element(By.CSS_SELECTOR, "#view-search .search-status")
    assert status.text == expected, "the visible count"
    said = wait(driver, lambda d: [r for r in regions if r.get_attribute("textContent") == expected],
                message="no live region present at load got the count")
    for region in said:
        assert before[region.id or region.get_attribute("class")] == "", "the region was empty at load"
