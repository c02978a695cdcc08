"""A small site in three languages (en at the root, fr/ and ja/), built by this module from the PokeAPI mirror:
the language switcher keeps the page, the Japanese copy's search finds ピカチュウ first, pictures and scripts
load from a language's folder, from file:// URLs.

Needs the pokedex binary (.build/…, or POKEDEX_BIN) and the mirror; skipped when either is missing.
"""


import pytest
from selenium.webdriver.common.by import By

from test_browser import _axe, js, open_page, wait
from test_generated_site import build_in_three_languages
from test_reference import groups, type_in
from test_static import broken_references, parse_site, script_problems

# The module builds a site of its own once: its tests stay on one pytest-xdist worker.
pytestmark = pytest.mark.xdist_group("languages")

ONLY = 30


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return build_in_three_languages(tmp_path_factory, "languages", only=ONLY)


def test_every_copy_links_and_loads_soundly(site):
    pages = parse_site(site)
    assert any(str(p).endswith("fr/pokemon/pikachu.html") for p in pages)
    assert not broken_references(site, pages)
    assert not script_problems(site, pages)


def test_the_switcher_keeps_the_page(driver, site):
    open_page(driver, (site / "fr" / "pokemon" / "pikachu.html").as_uri())
    assert js(driver, "return document.documentElement.lang") == "fr"
    assert driver.find_element(By.CSS_SELECTOR, ".genus").text == "Pokémon Souris"
    switcher = driver.find_element(By.CSS_SELECTOR, "nav.languages")
    assert switcher.find_element(By.CSS_SELECTOR, "[aria-current]").text == "Français"
    switcher.find_element(By.LINK_TEXT, "日本語").click()
    wait(driver, lambda d: d.current_url.endswith("/ja/pokemon/pikachu.html"), message="the switcher lost the page")
    wait(driver, lambda d: js(d, "return document.documentElement.classList.contains('js')"))
    assert driver.find_element(By.TAG_NAME, "h1").text == "ピカチュウ"
    driver.find_element(By.CSS_SELECTOR, "nav.languages").find_element(By.LINK_TEXT, "English").click()
    wait(driver, lambda d: d.current_url.endswith("/Output/pokemon/pikachu.html"))
    assert driver.find_element(By.TAG_NAME, "h1").text == "Pikachu"
    # The pictures of a language's copy are the site's, one folder up: the eager ones load.
    open_page(driver, (site / "ja" / "index.html").as_uri())
    eager = "Array.from(document.querySelectorAll('.cell img:not([loading=lazy])'))"
    wait(driver, lambda d: js(d, f"return {eager}.length > 0 && {eager}.every(i => i.complete)"))
    assert js(driver, f"return {eager}.filter(i => !i.naturalWidth || i.src.endsWith('placeholder.svg')).length") == 0


def test_search_from_the_japanese_site_finds_pikachu_first(driver, site):
    open_page(driver, (site / "ja" / "pokemon" / "bulbasaur.html").as_uri())
    box = driver.find_element(By.ID, "site-q")
    box.click()
    wait(driver, lambda d: js(d, "return !!window.PokedexSearch"))
    type_in(driver, box, "ピカチュウ")
    wait(driver, lambda d: groups(d, "#site-results"), message="no results panel")
    first_group = groups(driver, "#site-results")[0]
    assert first_group[2][0] == "ピカチュウ", first_group
    href = driver.find_element(By.CSS_SELECTOR, "#site-results .result-group a").get_attribute("href")
    assert href.endswith("/ja/pokemon/pikachu.html"), href


@pytest.mark.parametrize("page", ["fr/pokemon/pikachu.html", "ja/index.html"])
def test_axe_on_language_copies(driver, site, page):
    open_page(driver, (site / page).as_uri())
    violations = _axe(driver)
    assert not violations, violations
