"""What the scripts build, in the language of the page: on fr/ and ja/, cells added by infinite scroll and by the
filters name their types as the games do in that language, and so do the type filter's options; search.html's
Pokémon are cells with French or Japanese type badges, and a result found through another language's name says
which name, and names that language in the page's language.

Runs on the Output folder when it holds fr/ and ja/ copies (a real-data build in en, fr and ja); otherwise builds a
small one from the PokeAPI mirror with the pokedex binary and the theme in this tree (skipped without them)."""

import re

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import read_script
from test_browser import js, open_page, severe_logs, wait
from test_generated_site import build_in_three_languages

ONLY = 30
WORDS = {
    "fr": {"electric": "Électrik", "grass": "Plante", "poison": "Poison", "fire": "Feu", "flying": "Vol",
           "japanese": "japonais", "french": None, "matched": "Correspondance : "},
    "ja": {"electric": "でんき", "grass": "くさ", "poison": "どく", "fire": "ほのお", "flying": "ひこう",
           "japanese": None, "french": "フランス語", "matched": "一致："},
}
ENGLISH = {"Electric", "Grass", "Poison", "Fire", "Flying", "Water", "Normal", "Bug", "Psychic", "Dark", "Steel",
           "Fairy", "Fighting", "Ground", "Rock", "Ghost", "Ice", "Dragon"}


@pytest.fixture(scope="module")
def site(output, tmp_path_factory):
    if (output / "fr" / "index.html").is_file() and (output / "ja" / "index.html").is_file():
        return output
    return build_in_three_languages(tmp_path_factory, "scripts-i18n", only=ONLY)


def page_data(site, lang, page="index.html"):
    """The data script a language's page loads (the languages' copies share the site's assets folder)."""
    html = (site / lang / page).read_text(encoding="utf-8")
    src = re.search(r'<script src="\.\./(assets/pokedex-data\.[0-9a-f]{8}\.js)"', html).group(1)
    return read_script(site / src, "POKEDEX_DATA")


def badges(driver, css):
    """{pokemon id: [type badge texts]} of the cells under `css`."""
    return {int(k): v for k, v in js(driver, """
        const out = {};
        document.querySelectorAll(arguments[0] + ' .cell').forEach(c =>
          out[c.dataset.id] = Array.from(c.querySelectorAll('.type')).map(b => b.textContent));
        return out;""", css).items()}


def label_of(raw, api_name):
    return raw["typeLabels"][raw["types"].index(api_name)]


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_cells_added_by_scrolling_name_types_in_the_pages_language(driver, site, lang):
    raw = page_data(site, lang)
    if raw["pageCount"] < 2:
        pytest.skip("a single index page")
    open_page(driver, (site / lang / "index.html").as_uri(), favorites=[])
    static = len(driver.find_elements(By.CSS_SELECTOR, "#grid > .cell"))
    js(driver, "window.scrollTo(0, document.body.scrollHeight)")
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#grid > .cell")) > static,
         message="scrolling to the end added no cells")
    added = js(driver, "return Array.from(document.querySelectorAll('#grid > .cell')).slice(arguments[0]).map(c =>"
                       " Array.from(c.querySelectorAll('.type')).map(b => [b.className, b.textContent]))", static)
    assert added and all(added)
    for cell in added:
        for cls, text in cell:
            api_name = cls.split("type-", 1)[1]
            assert text == label_of(raw, api_name), (cls, text)
            assert text not in ENGLISH or text == label_of(raw, api_name)
    # The page's own cells (rendered by the build) say the same words as those the script built.
    static_words = js(driver, "return Array.from(document.querySelectorAll('#grid > .cell')).slice(0, arguments[0])"
                              ".flatMap(c => Array.from(c.querySelectorAll('.type')).map(b => [b.className, b.textContent]))", static)
    for cls, text in static_words:
        assert text == label_of(raw, cls.split("type-", 1)[1]), (cls, text)
    assert not severe_logs(driver)


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_filters_name_types_in_the_pages_language(driver, site, lang):
    raw = page_data(site, lang)
    open_page(driver, (site / lang / "index.html").as_uri(), favorites=[])
    options = js(driver, "return Array.from(document.querySelectorAll('#filter-type-1 option')).filter(o => o.value)"
                         ".map(o => [o.value, o.textContent])")
    assert sorted(v for v, _ in options) == sorted(raw["types"])
    assert all(text == label_of(raw, value) for value, text in options), options
    assert WORDS[lang]["electric"] in [t for _, t in options] and "Electric" not in [t for _, t in options]
    # Electric, by the filter: every result's badges in the page's language.
    driver.find_element(By.ID, "filters-toggle").click()
    Select(driver.find_element(By.ID, "filter-type-1")).select_by_value("electric")
    wait(driver, lambda d: d.find_element(By.ID, "view-search").is_displayed())
    found = badges(driver, "#view-search")
    assert found and all(WORDS[lang]["electric"] in words for words in found.values()), found
    assert not any(word in ENGLISH for words in found.values() for word in words
                   if word not in raw["typeLabels"]), found
    # Grass and poison, as Bulbasaur is.
    open_page(driver, (site / lang / "index.html").as_uri() + "#type=grass,poison")
    wait(driver, lambda d: d.find_element(By.ID, "view-search").is_displayed())
    found = badges(driver, "#view-search")
    assert found and all(words[:2] == [WORDS[lang]["grass"], WORDS[lang]["poison"]] for words in found.values()
                         if len(words) == 2), found


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_search_page_cells_and_matched_names_in_the_pages_language(driver, site, lang):
    # Bulbasaur is "Fushigidane" in romaji and "Bulbizarre" in French: searched so on the other language's page.
    query = "fushigidane" if lang == "fr" else "bulbizarre"
    open_page(driver, (site / lang / "search.html").as_uri() + "?q=" + query)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".search-page-results .result-pokemon li"),
         message=f"no Pokémon found for {query!r}")
    status = driver.find_element(By.CSS_SELECTOR, ".search-page-status").text
    assert query in status and "results for" not in status and "result for" not in status, status
    first = driver.find_element(By.CSS_SELECTOR, ".search-page-results .result-pokemon li")
    line = first.find_element(By.CSS_SELECTOR, ".matched").text
    assert line.startswith(WORDS[lang]["matched"]), line
    if lang == "fr":
        assert "Fushigidane" in line and WORDS["fr"]["japanese"] in line, line
    else:
        assert "Bulbizarre" in line and WORDS["ja"]["french"] in line, line
    # With the search data's cells (version 2), the result is a cell: picture, number, types in the language.
    if "cell" in first.get_attribute("class").split():
        assert first.find_element(By.CSS_SELECTOR, ".num").text == "#0001"
        assert [b.text for b in first.find_elements(By.CSS_SELECTOR, ".type")] == [WORDS[lang]["grass"], WORDS[lang]["poison"]]
        assert first.find_element(By.CSS_SELECTOR, "img").get_attribute("src")
    assert not severe_logs(driver)
