"""The detail page's picture switcher, evolution chain and matchups in a real headless Chromium."""

from urllib.parse import urljoin

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
        # Offline: the placeholder stands in, as for any picture that cannot load.
        assert _hero(driver)["attr"].endswith("placeholder.svg"), _hero(driver)["attr"]

    if "sprite" in values:
        sprite = driver.find_element(By.CSS_SELECTOR, ".pictures input[value='sprite']").get_attribute("data-src")
        assert not _loaded(driver, sprite)
        ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
        wait(driver, lambda d: sprite in js(d, "return window.__heroSources"))
        assert (_hero(driver)["width"], _hero(driver)["height"]) == ("96", "96")
        assert "is-sprite" in driver.find_element(By.CSS_SELECTOR, ".hero img").get_attribute("class")
    # Back to the page's own picture.
    js(driver, "document.querySelector('.pictures input[value=\"artwork\"]').click()")
    wait(driver, lambda d: _hero(d)["attr"] == before["attr"])


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
