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


def gallery(driver):
    """[[caption, [img alt…], [img loaded…]]] of the gallery's games, and its generations' headings."""
    return js(driver, """
        const section = document.getElementById('sprites');
        if (!section) return null;
        return {
          generations: Array.from(section.querySelectorAll('h3')).map(h => h.textContent),
          games: Array.from(section.querySelectorAll('.gallery-games > li')).map(li => [
            li.querySelector('span').textContent,
            Array.from(li.querySelectorAll('img')).filter(i => !i.hidden && getComputedStyle(i).display !== 'none')
              .map(i => i.alt)])
        };
    """)


def loaded_pictures(driver):
    """How many of the gallery's shown pictures have loaded, and how many have not (scrolled into view first)."""
    js(driver, "document.getElementById('sprites').scrollIntoView()")
    return js(driver, """
        const shown = Array.from(document.querySelectorAll('#sprites img'))
          .filter(i => getComputedStyle(i).display !== 'none');
        shown.forEach(i => { i.loading = 'eager'; });
        return [shown.filter(i => i.complete && i.naturalWidth > 0).length, shown.length];
    """)


def test_a_pokemons_page_has_a_sprite_of_every_game_named_by_its_game(driver, server, output):
    need(output, "pokemon/pikachu.html", "fr/pokemon/pikachu.html", "ja/pokemon/pikachu.html")
    local = (output / "images" / "games").is_dir()
    for base in (server, output.as_uri() + "/"):
        open_page(driver, base + "pokemon/pikachu.html")
        shown = gallery(driver)
        assert shown["generations"][0] == "Generation I" and shown["generations"][-1] == "Generation IX", shown
        captions = [game[0] for game in shown["games"]]
        assert captions[:2] == ["Red & Blue", "Yellow"], captions
        assert "Omega Ruby & Alpha Sapphire" in captions and "Black & White" in captions, captions
        red_blue = shown["games"][0][1]
        assert red_blue == ["Pikachu in Red & Blue"], red_blue
        black_white = next(game for game in shown["games"] if game[0] == "Black & White")[1]
        assert black_white == ["Pikachu in Black & White", "Shiny Pikachu in Black & White"], black_white
        # Animated where the game was.
        srcs = js(driver, "return Array.from(document.querySelectorAll('#sprites img')).map(i => i.getAttribute('src'))")
        assert any(src.endswith("black-white/animated/25.gif") for src in srcs), srcs
        if local:
            assert all(src.startswith("../images/games/") for src in srcs), srcs
            wait(driver, lambda d: loaded_pictures(d)[0] == loaded_pictures(d)[1], message=f"pictures not loaded from {base}")
        # Back, gray and transparent sprites a toggle away, named by their game and what they show.
        before = len(srcs)
        button = driver.find_element(By.CSS_SELECTOR, ".gallery-toggle button")
        assert button.get_attribute("aria-expanded") == "false"
        button.click()
        assert button.get_attribute("aria-expanded") == "true"
        alts = js(driver, "return Array.from(document.querySelectorAll('#sprites img.gallery-more')).map(i => i.alt)")
        # Pikachu has 94 sprites of games (the menu icons aside): 30 shown, the rest here.
        assert len(alts) > 50 and before + len(alts) >= 94, (before, len(alts))
        assert "Pikachu in Red & Blue — back, gray" in alts, alts[:12]
        if local:
            wait(driver, lambda d: loaded_pictures(d)[0] == loaded_pictures(d)[1], message=f"toggled pictures not loaded from {base}")
        button.click()
        assert not driver.find_element(By.CSS_SELECTOR, "#sprites img.gallery-more").is_displayed()
    # In French and Japanese, the game's and the page's words.
    open_page(driver, server + "fr/pokemon/pikachu.html")
    assert gallery(driver)["games"][0][1] == ["Pikachu dans Rouge et Bleu"], gallery(driver)["games"][0]
    open_page(driver, server + "ja/pokemon/pikachu.html")
    assert gallery(driver)["generations"][0] == "第1世代", gallery(driver)["generations"]


def test_with_local_pictures_the_cry_plays_from_file_urls_and_the_comparison_plays_it_too(driver, server, output):
    need(output, "pokemon/pikachu.html", "compare.html")
    if not (output / "sounds" / "cries").is_dir():
        import pytest
        pytest.skip("the site was built without --images local: its cries are PokeAPI's")
    for base in (server, output.as_uri() + "/"):
        open_page(driver, base + "pokemon/pikachu.html")
        src = driver.find_element(By.CSS_SELECTOR, ".cries .cry").get_attribute("data-src")
        assert src == "../sounds/cries/latest/25.ogg", src
        # The copy decodes: Chromium reads its length, as it would before playing it.
        duration = driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            const audio = new Audio(document.querySelector('.cries .cry').getAttribute('data-src'));
            audio.addEventListener('loadedmetadata', () => done(audio.duration));
            audio.addEventListener('error', () => done(-1));
            audio.load();
        """)
        assert duration > 0, f"the cry does not load from {base}"
        # The comparison: a cry button per Pokémon, named for screen readers, playing the same copy.
        open_page(driver, base + "compare.html#pikachu,raichu")
        wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".cmp-cry")) == 2, message=f"no cries on the comparison from {base}")
        labels = [b.get_attribute("aria-label") for b in driver.find_elements(By.CSS_SELECTOR, ".cmp-cry")]
        assert labels == ["Play Pikachu’s cry", "Play Raichu’s cry"], labels


def test_picking_an_older_game_shows_its_types_stats_and_abilities(driver, server, output):
    need(output, "pokemon/pikachu.html", "pokemon/clefairy.html")
    for base in (server, output.as_uri() + "/"):
        open_page(driver, base + "pokemon/clefairy.html")

        def pick(label):
            js(driver, """
                const picker = document.getElementById('game-picker');
                const option = Array.from(picker.options).find(o => o.textContent === arguments[0]);
                picker.value = option.value;
                picker.dispatchEvent(new Event('change', {bubbles: true}));
            """, label)

        def types():
            return js(driver, "return Array.from(document.querySelectorAll('.detail > ul.types li')).map(li => li.textContent)")

        def abilities():
            return js(driver, "return Array.from(document.querySelectorAll('ul.abilities > li')).filter(li => !li.hidden)"
                              ".map(li => li.querySelector('.ability-name').textContent)")

        assert types() == ["Fairy"]
        pick("Diamond & Pearl")
        wait(driver, lambda d: types() == ["Normal"], message=f"Clefairy is not Normal in Diamond & Pearl from {base}")
        # Magic Guard since Generation IV, Friend Guard since V.
        names = abilities()
        assert any("Magic Guard" in name for name in names) and not any("Friend Guard" in name for name in names), names
        note = driver.find_element(By.CSS_SELECTOR, ".game-note")
        assert note.is_displayed() and "Diamond & Pearl" in note.text, note.text
        pick("Scarlet & Violet")
        wait(driver, lambda d: types() == ["Fairy"], message="today's types are not back")
        assert not driver.find_element(By.CSS_SELECTOR, ".game-note").is_displayed()
        # Pikachu in Red & Blue: Special 50, Defense 30, no abilities, and that game's ranges.
        open_page(driver, base + "pokemon/pikachu.html")
        pick("Red & Blue")
        rows = lambda: js(driver, "return Array.from(document.querySelectorAll('table.stats tbody tr')).filter(tr => !tr.hidden)"
                                  ".map(tr => [tr.cells[0].textContent, tr.cells[1].textContent, tr.cells[3].textContent])")
        wait(driver, lambda d: any(row[0] == "Special" for row in rows()), message="no Special in Red & Blue")
        shown = {row[0]: row[1:] for row in rows()}
        assert shown["Special"][0] == "50" and shown["Defense"][0] == "30", shown
        assert shown["HP"][1] == "95–142", shown
        assert abilities() == [], abilities()
        assert "Generation III" in driver.find_element(By.CSS_SELECTOR, ".game-note").text
        # That game's ranges are explained by its own formula, with no natures to link to; today's come back.
        ranges_note = lambda: driver.find_element(By.CSS_SELECTOR, ".ranges-note").text
        assert "DVs of 15" in ranges_note() and "31 IVs" not in ranges_note(), ranges_note()
        assert not driver.find_element(By.CSS_SELECTOR, ".natures-link").is_displayed()
        pick("Scarlet & Violet")
        wait(driver, lambda d: "31 IVs" in ranges_note(), message="today's ranges note is not back")
        assert driver.find_element(By.CSS_SELECTOR, ".natures-link").is_displayed()
        # Gengar's types and stats never changed, but Cursed Body came in Generation VII: not in Black & White.
        open_page(driver, base + "pokemon/gengar.html")
        assert any("Cursed Body" in name for name in abilities())
        pick("Black & White")
        wait(driver, lambda d: not any("Cursed Body" in name for name in abilities()), message="Cursed Body in Black & White")
        assert driver.find_element(By.CSS_SELECTOR, ".game-note").is_displayed()
