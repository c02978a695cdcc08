"""Every game as it was, in a real headless Chromium on the real-data site: what a Pokémon and a move were in older
games (said without JavaScript), the type chart of each era in the calculator (its address carries the generation),
and the offence view, over http and from file://."""

from selenium.webdriver.common.by import By

from test_browser import js, open_page, wait
from test_reference import calculator_groups, need


def history_lines(driver):
    return js(driver, "return Array.from(document.querySelectorAll('#history .history-lines li')).map(li => li.textContent)")


def stat_table(driver):
    """{row heading: [cell texts]} and the era headings of a Pokémon's older stats."""
    return js(driver, """
        const table = document.querySelector('#history .stats-history');
        if (!table) return null;
        const rows = {};
        table.querySelectorAll('tbody tr').forEach(tr => {
          rows[tr.querySelector('th').textContent] = Array.from(tr.querySelectorAll('td')).map(td => td.textContent);
        });
        return {eras: Array.from(table.querySelectorAll('thead th')).slice(1).map(th => th.textContent), rows: rows};
    """)


def move_history(driver):
    """[[games, type, power, accuracy, pp]] of a move's history, oldest first."""
    return js(driver, """
        return Array.from(document.querySelectorAll('#history .move-history tbody tr')).map(tr =>
          [tr.querySelector('th').textContent].concat(Array.from(tr.querySelectorAll('td')).map(td => td.textContent)));
    """)


def test_a_pokemon_and_a_move_say_what_they_were_in_older_games_without_javascript(driver, server, output):
    need(output, "pokemon/clefairy.html", "pokemon/pikachu.html", "moves/thunderbolt.html", "moves/bite.html")
    # The section is the page's own HTML: the same with scripts off as on.
    open_page(driver, server + "pokemon/clefairy.html")
    lines = history_lines(driver)
    assert "Normal type in Generations I–V" in lines, lines
    assert "Magic Guard since Generation IV" in lines, lines
    assert "Friend Guard (hidden ability) since Generation V" in lines, lines
    html = (output / "pokemon" / "clefairy.html").read_text()
    assert "Normal type in Generations I–V" in html
    # Its matchups then: the calculator with Normal, in each older era's chart.
    eras = js(driver, "return Array.from(document.querySelectorAll('a[href*=\"calculator.html#def=normal&gen=\"]'))"
                      ".map(a => [a.textContent, a.getAttribute('href')])")
    assert eras == [["Generation I", "../types/calculator.html#def=normal&gen=1"],
                    ["Generations II–V", "../types/calculator.html#def=normal&gen=2"]], eras
    # Pikachu: Defense 30 and Sp. Def 40 before Generation VI, Special 50 in Generation I.
    open_page(driver, server + "pokemon/pikachu.html")
    table = stat_table(driver)
    assert table["eras"] == ["Gen. I", "Gen. II–V", "Gen. VI–IX"], table
    assert table["rows"]["Defense"] == ["30", "30", "40"], table
    assert table["rows"]["Sp. Def"] == ["—", "40", "50"], table
    assert table["rows"]["Special"] == ["50", "—", "—"], table
    assert driver.find_elements(By.CSS_SELECTOR, "#history .stats-history td.changed")
    # Moves: Thunderbolt 95 power before X and Y, Bite Normal in Generation I, Tackle 95 accuracy before Black and White.
    open_page(driver, server + "moves/thunderbolt.html")
    rows = move_history(driver)
    assert [row[0] for row in rows] == ["Generations I–V", "Generations VI–IX"], rows
    assert [row[2] for row in rows] == ["95", "90"], rows
    open_page(driver, server + "moves/bite.html")
    rows = move_history(driver)
    assert rows[0][0] == "Generation I" and rows[0][1] == "Normal", rows
    assert rows[-1][1] == "Dark", rows
    open_page(driver, server + "moves/tackle.html")
    rows = move_history(driver)
    assert rows[0][0] == "Generations I–IV" and rows[0][2:4] == ["35", "95"], rows
    assert [row[3] for row in rows] == ["95", "100", "100"], rows
    # In French and Japanese, the same facts in the language's words.
    open_page(driver, server + "fr/pokemon/clefairy.html")
    assert any("Générations I à V" in line and "Normal" in line for line in history_lines(driver)), history_lines(driver)
    open_page(driver, server + "ja/pokemon/clefairy.html")
    assert any("第1〜5世代" in line and "ノーマル" in line for line in history_lines(driver)), history_lines(driver)


def test_the_calculator_takes_a_generation_from_its_address_over_http_and_from_file_urls(driver, server, output):
    need(output, "types/calculator.html")
    for base in (server, output.as_uri() + "/"):
        # Generation I's famous gap: Ghost does nothing to Psychic.
        open_page(driver, base + "types/calculator.html#def=psychic&gen=1")
        wait(driver, lambda d: "ghost" in calculator_groups(d).get("×0", []), message=f"no Ghost ×0 in Gen. I from {base}")
        assert driver.find_element(By.ID, "calc-gen").get_attribute("value") == "1"
        # Nor Dark, Steel or Fairy to pick there.
        offered = js(driver, "return Array.from(document.querySelectorAll('#calc-type1 option')).filter(o => !o.hidden).map(o => o.value)")
        assert "steel" not in offered and "fairy" not in offered and "dark" not in offered, offered
        # Generations II–V: Steel resists Ghost and Dark.
        open_page(driver, base + "types/calculator.html#def=steel&gen=5")
        wait(driver, lambda d: {"ghost", "dark"} <= set(calculator_groups(d).get("×½", [])), message="Steel in Gen. V")
        # Today's chart unchanged: Ghost ×2 on Psychic, Ghost and Dark ×1 on Steel.
        open_page(driver, base + "types/calculator.html#def=steel")
        wait(driver, lambda d: "ghost" in calculator_groups(d).get("×1", []), message="today's Steel")
        assert "dark" in calculator_groups(driver)["×1"]
        open_page(driver, base + "types/calculator.html#def=psychic")
        wait(driver, lambda d: "ghost" in calculator_groups(d).get("×2", []), message="today's Psychic")
        # Picking an era writes it to the address.
        js(driver, "const s = document.getElementById('calc-gen'); s.value = '1';"
                   "s.dispatchEvent(new Event('change', {bubbles: true}));")
        wait(driver, lambda d: "gen=1" in d.current_url, message="the era is not in the address")
        assert "ghost" in calculator_groups(driver).get("×0", [])


def offence_groups(driver):
    return js(driver, """
        const out = {};
        document.querySelectorAll('#calc-offence-groups dt').forEach(dt => {
          out[dt.firstChild.textContent.trim()] = Array.from(dt.nextElementSibling.querySelectorAll('.calc-pair'))
            .map(li => Array.from(li.querySelectorAll('.type')).map(t => t.className.replace(/^type type-/, '')).join('/'));
        });
        return out;
    """)


def test_the_offence_view_works_from_its_address(driver, server, output):
    need(output, "types/calculator.html")
    for base in (server, output.as_uri() + "/"):
        open_page(driver, base + "types/calculator.html#atk=normal,fighting")
        wait(driver, lambda d: offence_groups(d).get("×0"), message=f"no offence view from {base}")
        found = offence_groups(driver)
        # Normal and Fighting touch no Ghost; Fighting hits Steel hard, Normal/Dark ×4 not being a pair of…
        assert "ghost" in found["×0"], found
        assert "steel" in found["×2"], found
        assert "dark/steel" in found["×4"], found
        assert driver.find_element(By.ID, "calc-atk1").get_attribute("value") == "normal"
        # Adding Ghost: Ghost is hit hard now; the address follows.
        js(driver, "const s = document.getElementById('calc-atk3'); s.value = 'ghost';"
                   "s.dispatchEvent(new Event('change', {bubbles: true}));")
        wait(driver, lambda d: "ghost" in offence_groups(d).get("×2", []), message="Ghost added nothing")
        assert "atk=normal,fighting,ghost" in driver.current_url, driver.current_url
    # In an older era the offence view uses its chart: Gen. I has no Steel.
    open_page(driver, server + "types/calculator.html#atk=fighting&gen=1")
    wait(driver, lambda d: offence_groups(d), message="no offence view in Gen. I")
    assert not any("steel" in item for items in offence_groups(driver).values() for item in items)


def test_the_cries_buttons_are_named_and_one_that_cannot_play_goes(driver, server, output):
    need(output, "pokemon/pikachu.html", "ja/pokemon/pikachu.html")
    for base in (server, output.as_uri() + "/"):
        open_page(driver, base + "pokemon/pikachu.html")
        wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".cries").is_displayed(), message=f"no cries from {base}")
        buttons = driver.find_elements(By.CSS_SELECTOR, ".cries .cry")
        # Today's cry and the older games' one, each a button a screen reader names.
        assert [b.get_attribute("aria-label") for b in buttons] == [
            "Play Pikachu’s cry", "Play Pikachu’s cry from the older games"], [b.get_attribute("aria-label") for b in buttons]
        assert all(b.tag_name == "button" for b in buttons)
        # A cry that cannot be had hides its button; with none left, the row goes.
        js(driver, "document.querySelectorAll('.cry').forEach(b => b.setAttribute('data-src', 'missing-cry.ogg'))")
        for button in buttons:
            button.click()
            wait(driver, lambda d: not button.is_displayed(), message="a cry that cannot play kept its button")
        assert not driver.find_element(By.CSS_SELECTOR, ".cries").is_displayed()
    # In Japanese, the words are the language's.
    open_page(driver, server + "ja/pokemon/pikachu.html")
    assert driver.find_element(By.CSS_SELECTOR, ".cries .cry").get_attribute("aria-label") == "ピカチュウの鳴き声を再生"
