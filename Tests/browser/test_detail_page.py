"""The detail page's picture switcher, evolution chain and matchups in a real headless Chromium."""

from urllib.parse import urljoin

import pytest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import make_driver
from test_browser import by_slug, js, open_page, wait

PAGE = "pokemon/charizard.html"


def _loaded(driver, url):
    """Whether the page fetched `url` (the Resource Timing entries, kept for the page's life)."""
    return js(driver, "return performance.getEntriesByType('resource').some(e => e.name === arguments[0])", url)


def _hero(driver):
    return js(driver, """
        const img = document.querySelector('.hero img');
        return {src: img.currentSrc || img.src, attr: img.getAttribute('src'), width: img.getAttribute('width'),
                height: img.getAttribute('height'), alt: img.alt, complete: img.complete, natural: img.naturalWidth};
    """)


def test_picture_switcher_by_keyboard_loads_only_the_chosen_picture(driver, server, site_data):
    by_slug(site_data, "charizard")
    open_page(driver, server + PAGE)
    switcher = driver.find_element(By.CSS_SELECTOR, ".hero .pictures")
    assert switcher.is_displayed(), "the switcher shows once app.js ran"
    radios = driver.find_elements(By.CSS_SELECTOR, ".pictures input[name='picture']")
    values = [r.get_attribute("value") for r in radios]
    assert values[0] == "artwork" and "shiny-artwork" in values, values
    shiny = driver.find_element(By.CSS_SELECTOR, ".pictures input[value='shiny-artwork']").get_attribute("data-src")
    assert shiny.startswith("http"), shiny
    before = _hero(driver)
    assert before["attr"] == radios[0].get_attribute("data-src")
    assert not _loaded(driver, shiny), "the shiny artwork loaded before it was chosen"

    # Keyboard only: Tab into the group lands on the checked radio; the arrow keys choose.
    js(driver, "document.querySelector('.back a').focus()")
    actions = ActionChains(driver)
    for _ in range(12):
        if js(driver, "return document.activeElement && document.activeElement.name === 'picture'"):
            break
        actions.send_keys(Keys.TAB).perform()
    assert js(driver, "return document.activeElement.value") == "artwork", "Tab did not reach the switcher"
    assert js(driver, "return getComputedStyle(document.activeElement.nextElementSibling).outlineStyle") != "none", \
        "the focused choice shows no focus ring"

    # Every src the hero takes, in order: the extra pictures are remote, and when their host cannot be reached
    # (CI stops the mirror that built the site) the image fallback swaps in the placeholder right after.
    js(driver, """
        window.__heroSources = [];
        const hero = document.querySelector('.hero img');
        new MutationObserver(() => window.__heroSources.push(hero.getAttribute('src')))
            .observe(hero, {attributes: true, attributeFilter: ['src']});
    """)
    ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
    assert js(driver, "return document.querySelector('.pictures input:checked').value") == values[1]
    wait(driver, lambda d: shiny in js(d, "return window.__heroSources"),
         message="the picture did not change to the shiny artwork")
    after = _hero(driver)
    assert (after["width"], after["height"]) == ("475", "475")
    assert "shiny" in after["alt"].lower()
    wait(driver, lambda d: _hero(d)["complete"], message="the shiny artwork neither loaded nor failed")
    reachable = _hero(driver)["attr"] == shiny
    if reachable:
        assert _hero(driver)["natural"] > 0 and _loaded(driver, shiny)
    else:
        # Offline: the placeholder stands in, as for any picture that cannot load, and words say why.
        assert _hero(driver)["attr"].endswith("placeholder.svg"), _hero(driver)["attr"]
        note = driver.find_element(By.CSS_SELECTOR, ".hero .picture-note")
        wait(driver, lambda d: note.is_displayed() and "internet connection" in note.text,
             message="a picture that cannot load is not explained")
        assert note.get_attribute("role") == "status"

    if "sprite" in values:
        sprite = driver.find_element(By.CSS_SELECTOR, ".pictures input[value='sprite']").get_attribute("data-src")
        assert not _loaded(driver, sprite)
        ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
        wait(driver, lambda d: sprite in js(d, "return window.__heroSources"))
        assert (_hero(driver)["width"], _hero(driver)["height"]) == ("96", "96")
        assert "is-sprite" in driver.find_element(By.CSS_SELECTOR, ".hero img").get_attribute("class")
    # Back to the page's own picture: the note goes.
    js(driver, "document.querySelector('.pictures input[value=\"artwork\"]').click()")
    wait(driver, lambda d: _hero(d)["attr"] == before["attr"])
    wait(driver, lambda d: not d.find_element(By.CSS_SELECTOR, ".hero .picture-note").text)


def test_without_javascript_the_artwork_shows_and_the_switcher_is_hidden(server, site_data):
    by_slug(site_data, "charizard")
    driver = make_driver(javascript=False)
    try:
        driver.get(server + PAGE)
        assert not driver.find_element(By.CSS_SELECTOR, ".pictures").is_displayed()
        img = driver.find_element(By.CSS_SELECTOR, ".hero img")
        first = driver.find_element(By.CSS_SELECTOR, ".pictures input[value='artwork']")
        assert img.get_attribute("src") == urljoin(driver.current_url, first.get_attribute("data-src"))
        # The chain and matchups are in the page itself.
        assert "Charmander" in driver.find_element(By.CSS_SELECTOR, ".evolution").text
        assert "×4" in driver.find_element(By.CSS_SELECTOR, ".matchups").text
    finally:
        driver.quit()


def test_evolution_links_lead_to_the_stages_pages(driver, server, site_data):
    by_slug(site_data, "charmander")
    open_page(driver, server + PAGE)
    current = driver.find_element(By.CSS_SELECTOR, ".evolution [aria-current='page']")
    assert "Charizard" in current.text or current.find_element(By.TAG_NAME, "img").get_attribute("alt") == "Charizard"
    link = driver.find_element(By.CSS_SELECTOR, ".evolution a.stage-link[href='charmander.html']")
    js(driver, "arguments[0].click()", link)
    wait(driver, lambda d: d.current_url.endswith("/pokemon/charmander.html"))
    assert driver.find_element(By.CSS_SELECTOR, ".evolution [aria-current='page'] img").get_attribute("alt") == "Charmander"


def test_an_extra_picture_offline_says_it_needs_the_network(driver, server, site_data):
    """Offline (emulated), a chosen picture from the internet fails: the page says so in words."""
    by_slug(site_data, "charizard")
    open_page(driver, server + PAGE)
    # A picture no other test chose (a loaded one may come from the browser's memory, network or not).
    choices = driver.find_elements(By.CSS_SELECTOR, ".pictures input[value='shiny-sprite']") \
        or driver.find_elements(By.CSS_SELECTOR, ".pictures input[value='shiny-artwork']")
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                           {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    try:
        js(driver, "arguments[0].click()", choices[0])
        note = driver.find_element(By.CSS_SELECTOR, ".hero .picture-note")
        wait(driver, lambda d: "internet connection" in note.text, message="no words for a picture that cannot load")
        assert note.is_displayed() and "offline" in note.text
    finally:
        driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                               {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})


def _rect(driver, element):
    return js(driver, "const r = arguments[0].getBoundingClientRect();"
                      " return {top: r.top, left: r.left, bottom: r.bottom, right: r.right};", element)


@pytest.mark.parametrize("width", [1366, 390])
def test_eevee_branches_are_siblings(driver, server, site_data, width):
    """Eevee's eight evolutions are laid out as eight siblings: one column or one row, none nested in another."""
    by_slug(site_data, "eevee")
    driver.set_window_size(width, 900)
    try:
        open_page(driver, server + "pokemon/eevee.html")
        children = driver.find_elements(By.CSS_SELECTOR, ".evolution > .stage > .stage-next > .stage")
        assert len(children) == 8, len(children)
        rects = [_rect(driver, c) for c in children]
        same_left = max(r["left"] for r in rects) - min(r["left"] for r in rects) <= 1
        same_top = max(r["top"] for r in rects) - min(r["top"] for r in rects) <= 1
        assert same_left or same_top, f"at {width}px the branches neither share a column nor a row: {rects}"
        # In order, each after the one before, none inside another (a chain would read Vaporeon → Jolteon).
        key = "top" if same_left else "left"
        end = "bottom" if same_left else "right"
        for a, b in zip(rects, rects[1:]):
            assert b[key] >= a[end] - 0.5, f"a branch laid over or under the previous one: {a} {b}"
        # Each condition sits beside its own card (desktop) or on a line of its own above it (phone), and the
        # parent is beside (desktop) or above (phone) them.
        for child in children:
            how = _rect(driver, child.find_element(By.CSS_SELECTOR, ":scope > .stage-how"))
            card = _rect(driver, child.find_element(By.CSS_SELECTOR, ":scope > .stage-card"))
            if width >= 720:
                assert how["right"] <= card["left"] + 0.5 and how["bottom"] > card["top"] and how["top"] < card["bottom"], \
                    (how, card)
            else:
                assert how["bottom"] <= card["top"] + 0.5 and abs(how["left"] - card["left"]) <= 1, (how, card)
        parent = _rect(driver, driver.find_element(By.CSS_SELECTOR, ".evolution > .stage > .stage-card"))
        first = rects[0]
        assert parent["right"] <= first["left"] + 0.5 or parent["bottom"] <= first["top"] + 0.5, (parent, first)
        overflow = js(driver, "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0
    finally:
        driver.set_window_size(390, 844)


@pytest.mark.parametrize("slug", ["pikachu", "charizard-mega-x", "eevee", "charmeleon"])
def test_the_evolution_tree_fits_a_desktop_page(driver, server, site_data, slug):
    """A tree of four stages (Pichu to Mega Raichu X) is laid out as on phones rather than cut at the panel's edge;
    the page's own box is always in sight."""
    by_slug(site_data, slug)
    driver.set_window_size(1366, 900)
    try:
        open_page(driver, server + f"pokemon/{slug}.html")
        tree = driver.find_element(By.CSS_SELECTOR, ".evolution")
        sizes = js(driver, "const t = arguments[0]; return [t.scrollWidth, t.clientWidth]", tree)
        assert sizes[0] <= sizes[1] + 1, f"the tree is wider than its panel: {sizes}"
        box = _rect(driver, tree)
        current = _rect(driver, driver.find_element(By.CSS_SELECTOR, ".evolution [aria-current]"))
        assert box["left"] <= current["left"] and current["right"] <= box["right"] + 0.5, (box, current)
    finally:
        driver.set_window_size(390, 844)


def test_forms_show_as_cards_with_thumbnails(driver, server, site_data):
    raichu = by_slug(site_data, "raichu")
    alola = by_slug(site_data, "raichu-alola")
    open_page(driver, server + "pokemon/raichu.html")
    cards = driver.find_elements(By.CSS_SELECTOR, ".forms .form-card")
    assert cards
    link = driver.find_element(By.CSS_SELECTOR, ".forms a.form-card[href='raichu-alola.html']")
    img = link.find_element(By.TAG_NAME, "img")
    assert img.get_attribute("width") and img.get_attribute("height") and img.get_attribute("alt")
    assert js(driver, "return arguments[0].getBoundingClientRect().width", img) <= 80, "a thumbnail, not the artwork"
    assert link.find_element(By.CSS_SELECTOR, ".form-num").text == "#%04d" % raichu["num"] == alola["number"]
    assert alola["name"] in link.text
    # And back: the form's page lists Raichu.
    open_page(driver, server + "pokemon/raichu-alola.html")
    assert driver.find_element(By.CSS_SELECTOR, ".forms a.form-card[href='raichu.html'] img")
    assert driver.find_element(By.CSS_SELECTOR, ".heading .num").text == "#%04d" % raichu["num"]


def test_names_table_groups_a_languages_spellings(driver, server, site_data):
    by_slug(site_data, "pikachu")
    open_page(driver, server + "pokemon/pikachu.html")
    rows = js(driver, """return Array.from(document.querySelectorAll('.names dt')).map(dt => {
        const dd = dt.nextElementSibling;
        return [dt.textContent, dd.getAttribute('lang'),
                Array.from(dd.children).map(s => [s.tagName, s.getAttribute('lang'), s.textContent])];});""")
    assert rows[0][0] == "English", "English first"
    labels = [r[0] for r in rows]
    assert len(labels) == len(set(labels)), f"one row per language: {labels}"
    japanese = [r for r in rows if r[0].startswith("Japanese")]
    assert len(japanese) == 1, f"kana, kanji and romaji in one row: {[r[0] for r in japanese]}"
    spellings = japanese[0][2]
    assert len(spellings) >= 2 and all(tag == "SPAN" and lang for tag, lang, _ in spellings), spellings
    assert "ピカチュウ" in [s[2] for s in spellings] and "ja-Latn" in [s[1] for s in spellings], spellings
    for _, lang, spans in rows:
        assert spans and all(s[0] == "SPAN" for s in spans)
    # The spellings are visibly apart (a separator between them), not run together.
    dd = driver.find_element(By.XPATH, "//dl[@class='names']/dt[starts-with(., 'Japanese')]/following-sibling::dd[1]")
    spans = dd.find_elements(By.TAG_NAME, "span")
    text_rect = """const r = document.createRange(); r.selectNodeContents(arguments[0].lastChild);
        const b = r.getBoundingClientRect(); return {left: b.left, right: b.right, top: b.top, bottom: b.bottom};"""
    first, second = js(driver, text_rect, spans[0]), js(driver, text_rect, spans[1])
    assert second["left"] >= first["right"] + 6 or second["top"] >= first["bottom"] - 0.5, (first, second)
    assert js(driver, "return getComputedStyle(arguments[0], '::before').content", spans[1]) not in ("none", "normal", "")
