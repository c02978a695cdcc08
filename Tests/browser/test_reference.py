"""Abilities, types and the site-wide search in a real headless Chromium, on the real-data site: one search box
for Pokémon, moves, abilities and types in every language (results grouped by kind, loaded on first use, also
from file://), search.html, the type chart as an accessible table, and the new pages under axe."""

import time
from urllib.parse import quote

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from test_browser import _axe, js, open_page, severe_logs, wait

PIKACHU = "pokemon/pikachu.html"
CHART = "types/index.html"


def need(output, *pages):
    for page in pages:
        if not (output / page).is_file():
            pytest.skip(f"{page} is not on this site")


def scripts_loaded(driver, part):
    return js(driver, "return Array.from(document.scripts).filter(s => s.src.includes(arguments[0])).length", part)


def groups(driver, scope):
    """[(kind heading, count, [link texts])] of the result groups under `scope` (a cell's: its name)."""
    return js(driver, """
        return Array.from(document.querySelectorAll(arguments[0] + ' .result-group')).map(g =>
          [g.querySelector('h2').firstChild.textContent.trim(), Number(g.querySelector('.count').textContent),
           Array.from(g.querySelectorAll('a')).map(a => (a.querySelector('.name') || a).textContent)]);
    """, scope)


def type_in(driver, box, text):
    box.clear()
    box.send_keys(text)


def test_search_loads_on_first_use_and_groups_results_by_kind(driver, server, output):
    need(output, PIKACHU)
    open_page(driver, server + PIKACHU)
    # Nothing of the search loads on arrival.
    assert scripts_loaded(driver, "pokedex-search.") == 0 and scripts_loaded(driver, "/search.") == 0
    box = driver.find_element(By.ID, "site-q")
    box.click()
    wait(driver, lambda d: js(d, "return !!window.PokedexSearch"), message="search.js did not load on focus")
    type_in(driver, box, "thunder")
    wait(driver, lambda d: groups(d, "#site-results"), message="no results panel")
    found = {kind: (count, names) for kind, count, names in groups(driver, "#site-results")}
    # Zapdos is "Thunder" in romaji; the move Thunder is the query itself, so first; more moves than the five shown.
    assert "Pokémon" in found and "Zapdos" in found["Pokémon"][1], found
    assert "Moves" in found and found["Moves"][1][0] == "Thunder" and found["Moves"][0] > 5, found
    assert driver.find_element(By.ID, "site-results").is_displayed()
    status = js(driver, "return document.querySelector('.site-search [role=status]').textContent")
    assert status.endswith("results") and int(status.split()[0]) >= sum(c for c, _ in found.values())
    # Types and abilities by name, in another language: "Spectre" is Ghost in French.
    type_in(driver, box, "spectre")
    wait(driver, lambda d: any(g[0] == "Types" for g in groups(d, "#site-results")), message="no type found")
    assert "Ghost" in dict((k, n) for k, _, n in groups(driver, "#site-results"))["Types"]
    type_in(driver, box, "statik")     # Static in German
    wait(driver, lambda d: any(g[0] == "Abilities" for g in groups(d, "#site-results")))
    abilities = dict((k, n) for k, _, n in groups(driver, "#site-results"))["Abilities"]
    assert "Static" in abilities, abilities
    # Escape closes the panel, focus stays in the box.
    box.send_keys(Keys.ESCAPE)
    wait(driver, lambda d: not d.find_element(By.ID, "site-results").is_displayed())
    assert driver.switch_to.active_element == box
    # The link to every result.
    type_in(driver, box, "pikachu")
    everything = driver.find_element(By.CSS_SELECTOR, ".site-results-all")
    wait(driver, lambda d: everything.get_attribute("href").endswith("search.html?q=pikachu"),
         message="the link to every result does not follow the box")
    assert not severe_logs(driver)


def test_search_finds_japanese_names_with_kana_folding(driver, server, output):
    need(output, PIKACHU)
    open_page(driver, server + "moves/index.html")
    box = driver.find_element(By.ID, "site-q")
    box.click()
    wait(driver, lambda d: js(d, "return !!window.PokedexSearch"))
    # Hiragana finds the katakana ピカチュウ.
    type_in(driver, box, "ぴかちゅう")
    wait(driver, lambda d: groups(d, "#site-results"))
    found = dict((k, n) for k, _, n in groups(driver, "#site-results"))
    assert found["Pokémon"][0] == "Pikachu", found
    # １０まんボルト (full-width digits) is Thunderbolt, found with ordinary digits.
    type_in(driver, box, "10まんボルト")
    wait(driver, lambda d: any(g[0] == "Moves" for g in groups(d, "#site-results")))
    assert "Thunderbolt" in dict((k, n) for k, _, n in groups(driver, "#site-results"))["Moves"]


def test_the_search_page_shows_every_result_from_its_address_and_from_file_urls(driver, server, output):
    need(output, "search.html")
    for base in (server, output.as_uri() + "/"):
        open_page(driver, base + "search.html?q=" + quote("eevee"))
        wait(driver, lambda d: groups(d, ".search-page-results"), message=f"no results from {base}")
        found = dict((k, n) for k, _, n in groups(driver, ".search-page-results"))
        assert "Eevee" in found["Pokémon"], found
        assert driver.find_element(By.ID, "site-q").get_attribute("value") == "eevee"
        assert "result" in driver.find_element(By.CSS_SELECTOR, ".search-page-status").text
    # Typing on the page updates the results and the address.
    box = driver.find_element(By.ID, "site-q")
    type_in(driver, box, "levitate")
    wait(driver, lambda d: "Abilities" in dict((k, n) for k, _, n in groups(d, ".search-page-results")))
    assert "q=levitate" in driver.current_url


def test_where_to_find_it_leads_to_the_place_and_back_over_http_and_from_file_urls(driver, server, output):
    need(output, PIKACHU, "locations/viridian-forest.html", "fr/pokemon/pikachu.html")
    for base in (server, output.as_uri() + "/"):
        open_page(driver, base + PIKACHU)
        where = driver.find_element(By.ID, "where")
        # The newest games are open, the older ones folded: Red and Blue's Viridian Forest is behind "Older games".
        older = where.find_element(By.CSS_SELECTOR, "details.more-entries")
        assert older.get_attribute("open") is None
        older.find_element(By.TAG_NAME, "summary").click()
        line = next(li for li in where.find_elements(By.CSS_SELECTOR, ".encounter-lines li")
                    if li.text.startswith("Viridian Forest:") and "Lv. 3–5 · 5%" in li.text)
        assert "Light Ball: 5%" in where.text
        line.find_element(By.LINK_TEXT, "Viridian Forest").click()
        wait(driver, lambda d: d.current_url.endswith("locations/viridian-forest.html"), message=f"not at the place from {base}")
        names = [a.text.split("\n")[0] for a in driver.find_elements(By.CSS_SELECTOR, ".visitors a")]
        assert "Pikachu" in names and "Caterpie" in names, names
        driver.find_element(By.CSS_SELECTOR, ".visitors a[href='../pokemon/pikachu.html']").click()
        wait(driver, lambda d: d.current_url.endswith(PIKACHU))
    # The French copy says the place as French fans know it, and the search finds it by that name.
    open_page(driver, server + "fr/" + PIKACHU)
    assert "Forêt de Jade" in driver.find_element(By.ID, "where").get_attribute("textContent")
    box = driver.find_element(By.ID, "site-q")
    box.click()
    type_in(driver, box, "foret de jade")
    wait(driver, lambda d: any(g[0] == "Lieux" for g in groups(d, "#site-results")), message="no place found")
    found = dict((k, n) for k, _, n in groups(driver, "#site-results"))
    assert "Forêt de Jade" in found["Lieux"], found


def calculator_groups(driver):
    """{multiplier as written: [type API names]} of the calculator's result."""
    return js(driver, """
        const out = {};
        document.querySelectorAll('#calc-groups dt').forEach(dt => {
          out[dt.textContent] = Array.from(dt.nextElementSibling.querySelectorAll('.type'))
            .map(li => li.className.replace(/^type type-/, ''));
        });
        return out;
    """)


def test_the_type_calculator_reads_the_address_and_an_ability_over_http_and_from_file_urls(driver, server, output):
    need(output, "types/calculator.html", "fr/types/calculator.html")
    for base in (server, output.as_uri() + "/"):
        open_page(driver, base + "types/calculator.html#def=water,ground")
        wait(driver, lambda d: calculator_groups(d).get("×4") == ["grass"], message=f"no Grass ×4 from {base}")
        found = calculator_groups(driver)
        assert found["×0"] == ["electric"], found
        assert "ground" in found["×1"], found
        # Levitate: Ground does nothing; the address keeps the ability.
        js(driver, "const s = document.getElementById('calc-ability'); s.value = 'levitate';"
                   "s.dispatchEvent(new Event('change', {bubbles: true}));")
        wait(driver, lambda d: "ground" in calculator_groups(d).get("×0", []), message="Levitate changed nothing")
        assert driver.current_url.endswith("#def=water,ground&ability=levitate"), driver.current_url
        # Each type links its page.
        link = driver.find_element(By.CSS_SELECTOR, "#calc-groups .type-grass a")
        assert link.get_attribute("href").endswith("types/grass.html")
    # Pikachu's matchups open the calculator with its type, and with Lightning Rod: Electric then does nothing.
    open_page(driver, server + PIKACHU)
    driver.find_element(By.CSS_SELECTOR, "a[href$='calculator.html#def=electric&ability=lightning-rod']").click()
    wait(driver, lambda d: "electric" in calculator_groups(d).get("×0", []), message="Lightning Rod from Pikachu's page")
    assert calculator_groups(driver)["×2"] == ["ground"]
    # In French: the types' French names, the numbers as French writes them (Filter on Bug/Steel: Fire ×3).
    open_page(driver, server + "fr/types/calculator.html#def=bug,steel&ability=filter")
    wait(driver, lambda d: calculator_groups(d).get("×3") == ["fire"], message="Filter did not soften Fire ×4 to ×3")
    assert driver.find_element(By.CSS_SELECTOR, "#calc-groups .type-fire").text == "Feu"
    assert driver.find_element(By.ID, "calc-type1").get_attribute("value") == "bug"


def test_the_calculators_team_takes_names_in_any_language_and_keeps_them_in_the_address(driver, server, output):
    need(output, "types/calculator.html", "ja/types/calculator.html")
    for base in (server, output.as_uri() + "/"):
        open_page(driver, base + "types/calculator.html#team=pikachu")
        wait(driver, lambda d: [a.text for a in d.find_elements(By.CSS_SELECTOR, "#calc-team-table thead a")] == ["Pikachu"],
             message=f"the address's team did not come from {base}")
        box = driver.find_element(By.ID, "calc-team-name")
        # Charizard by its French name, then Pikachu again by its Japanese one: already there.
        for name in ("Dracaufeu", "ピカチュウ"):
            box.clear()
            box.send_keys(name)
            driver.find_element(By.CSS_SELECTOR, "#calc-team-form button[type=submit]").click()
            time.sleep(0.3)
        wait(driver, lambda d: "already" in d.find_element(By.ID, "calc-team-status").text, message="no word on a repeat")
        # A start that several names share asks for one of them.
        box.clear()
        box.send_keys("pika")
        driver.find_element(By.CSS_SELECTOR, "#calc-team-form button[type=submit]").click()
        wait(driver, lambda d: "Several Pokémon start with “pika”" in d.find_element(By.ID, "calc-team-status").text,
             message="no word on an ambiguous start")
        assert driver.current_url.endswith("#team=pikachu,charizard"), driver.current_url
        members = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "#calc-team-table thead a")]
        assert members == ["Pikachu", "Charizard"], members
        # Rock: ×1 on Pikachu, ×4 on Charizard; Ground ×2 on Pikachu and nothing on Charizard (Flying).
        cells = js(driver, """
            const out = {};
            document.querySelectorAll('#calc-team-table tbody tr').forEach(tr => {
              out[tr.querySelector('.type').className.replace('type type-', '')] =
                Array.from(tr.querySelectorAll('td')).map(td => td.textContent);
            });
            return out;""")
        assert cells["ground"][:2] == ["×2", "×0"], cells["ground"]
        assert cells["rock"][1] == "×4", cells["rock"]
        assert "Nobody on the team resists" in driver.find_element(By.ID, "calc-team-gaps").text
        # Removing a member: the address follows.
        driver.find_element(By.CSS_SELECTOR, "#calc-team-table .calc-remove").click()
        wait(driver, lambda d: d.current_url.endswith("#team=charizard"), message="removing did not change the address")
    # In Japanese, by a Japanese name.
    open_page(driver, server + "ja/types/calculator.html")
    box = driver.find_element(By.ID, "calc-team-name")
    box.send_keys("リザードン")
    driver.find_element(By.CSS_SELECTOR, "#calc-team-form button[type=submit]").click()
    wait(driver, lambda d: [a.text for a in d.find_elements(By.CSS_SELECTOR, "#calc-team-table thead a")] == ["リザードン"],
         message="no リザードン in the Japanese team")


def compared(driver):
    """{row: [cell texts]} of the comparison's table, its header row as "pokemon"."""
    return js(driver, r"""
        const t = document.querySelector('#cmp-table');
        const out = {pokemon: Array.from(t.querySelectorAll('thead .cmp-name')).map(a => a.textContent)};
        t.querySelectorAll('tbody tr[data-row]').forEach(tr => {
          const key = tr.dataset.row + (tr.dataset.level ? '-' + tr.dataset.level : '') + (tr.dataset.stat ? '-' + tr.dataset.stat : '');
          out[key] = Array.from(tr.querySelectorAll('td')).map(td => td.innerText.replace(/\s+/g, ' ').trim());
        });
        return out;""")


def test_the_comparison_reads_the_address_and_names_in_any_language_over_http_and_from_file_urls(driver, server, output):
    need(output, "compare.html", "fr/compare.html")
    for base in (server, output.as_uri() + "/"):
        open_page(driver, base + "compare.html#pikachu,raichu")
        wait(driver, lambda d: [t.split(" ")[0] for t in compared(d).get("total", [])] == ["320", "485"],
             message=f"no totals 320 and 485 from {base}")
        table = compared(driver)
        assert table["pokemon"] == ["Pikachu", "Raichu"], table["pokemon"]
        # Raichu's total is the higher; the ranges at 100 are the Pokémon page's.
        assert table["total"][1].endswith("(highest)") and table["total"][0] == "320", table["total"]
        assert table["range-100-hp"][0] == "180–274" and table["range-100-speed"][0] == "166–306", table
        assert table["types"] == ["Electric", "Electric"] and table["weak"] == ["Ground", "Ground"], table
        assert "Lightning Rod" in table["abilities"][0] and "hidden" in table["abilities"][0], table["abilities"]
        # Gengar by its French name; the address follows; Raichu removed, the address follows again.
        box = driver.find_element(By.ID, "cmp-name")
        box.send_keys("Ectoplasma")
        driver.find_element(By.CSS_SELECTOR, "#cmp-form button[type=submit]").click()
        wait(driver, lambda d: d.current_url.endswith("#pikachu,raichu,gengar"), message="Ectoplasma was not added")
        assert compared(driver)["immune"][2] == "Normal Fighting", compared(driver)["immune"]
        driver.find_element(By.CSS_SELECTOR, "#cmp-table thead th:nth-child(3) .calc-remove").click()
        wait(driver, lambda d: d.current_url.endswith("#pikachu,gengar"), message="removing did not change the address")
        # Focus stays in the table, on the next member's Remove.
        assert js(driver, "return document.activeElement.classList.contains('calc-remove')")
    # Each Pokémon page leads there with itself in it.
    open_page(driver, server + PIKACHU)
    driver.find_element(By.CSS_SELECTOR, "a.action-link[href='../compare.html#pikachu']").click()
    wait(driver, lambda d: compared(d)["pokemon"] == ["Pikachu"], message="the Compare link did not bring Pikachu")
    assert driver.find_element(By.ID, "cmp-empty").is_displayed()
    # In French: the types and the numbers in French, Raichu by its Japanese name.
    open_page(driver, server + "fr/compare.html#pikachu")
    box = driver.find_element(By.ID, "cmp-name")
    box.send_keys("ライチュウ")
    driver.find_element(By.CSS_SELECTOR, "#cmp-form button[type=submit]").click()
    wait(driver, lambda d: [t.split(" ")[0] for t in compared(d).get("total", [])] == ["320", "485"],
         message="no ライチュウ in the French comparison")
    table = compared(driver)
    assert table["pokemon"] == ["Pikachu", "Raichu"] and table["types"] == ["Électrik", "Électrik"], table
    assert table["total"][1].endswith("(la plus haute)"), table["total"]


def natures(driver):
    """{nature's row id: [its cells' texts]} in the table's order."""
    return js(driver, """
        return Array.from(document.querySelectorAll('.natures-table tbody tr')).map(tr =>
          [tr.id, Array.from(tr.cells).map(c => c.textContent.trim())]);""")


def test_the_natures_table_sorts_and_speaks_each_language_over_http_and_from_file_urls(driver, server, output):
    need(output, "natures.html", "fr/natures.html", "ja/natures.html")
    for base in (server, output.as_uri() + "/"):
        open_page(driver, base + "natures.html")
        rows = dict(natures(driver))
        assert len(rows) == 25, rows.keys()
        assert rows["adamant"] == ["Adamant", "Attack", "Special Attack", "Spicy", "Dry"], rows["adamant"]
        assert sum(1 for cells in rows.values() if cells[1] == "None (neutral)") == 5
        # Sorted by what it lowers, a click on the heading; again, the other way.
        button = driver.find_element(By.XPATH, "//table[contains(@class,'natures-table')]//th[3]/button")
        button.click()
        wait(driver, lambda d: js(d, "return document.querySelectorAll('.natures-table th')[2].getAttribute('aria-sort')")
             == "ascending", message=f"no sort by Lowers from {base}")
        lowered = [cells[2] for _, cells in natures(driver)]
        assert lowered == sorted(lowered) and lowered[0] == "Attack", lowered
        button.click()
        wait(driver, lambda d: js(d, "return document.querySelectorAll('.natures-table th')[2].getAttribute('aria-sort')")
             == "descending", message="no second sort")
    open_page(driver, server + "fr/natures.html")
    assert dict(natures(driver))["adamant"][:3] == ["Rigide", "Attaque", "Attaque Spéciale"], dict(natures(driver))["adamant"]
    open_page(driver, server + "ja/natures.html")
    assert dict(natures(driver))["adamant"][0] == "いじっぱり"


def shown_items(driver):
    """The names of the items index's rows that are shown, in order."""
    return js(driver, """
        return Array.from(document.querySelectorAll('.item-list li')).filter(li => li.offsetParent !== null)
          .map(li => li.querySelector('.item-name').textContent);""")


def test_item_pages_their_index_and_the_links_to_them_over_http_and_from_file_urls(driver, server, output):
    need(output, "items/index.html", "items/light-ball.html", "fr/items/index.html", "ja/items/light-ball.html")
    pages = {p.name for p in (output / "items").glob("*.html") if p.name != "index.html"}
    for base in (server, output.as_uri() + "/"):
        open_page(driver, base + "items/light-ball.html")
        # Its picture is the site's own copy, and shows.
        wait(driver, lambda d: js(d, "var i = document.querySelector('.item-sprite');"
                                     "return !!i && i.complete && i.naturalWidth > 0"), message=f"no picture from {base}")
        assert "/images/items/" in js(driver, "return document.querySelector('.item-sprite').src")
        assert driver.find_element(By.TAG_NAME, "h1").text == "Light Ball"
        assert "Pikachu" in driver.find_element(By.CSS_SELECTOR, ".effect").text
        facts = js(driver, "return Array.from(document.querySelectorAll('.facts dt')).map(dt => [dt.textContent, dt.nextElementSibling.textContent])")
        assert ["Category", "Species-specific"] in facts and ["Fling power", "30"] in facts, facts
        holders = [a.text for a in driver.find_elements(By.CSS_SELECTOR, ".item-holders a")]
        assert holders[0] == "Pikachu" and len(holders) == 14, holders
        # Pikachu's "Use a Thunder Stone" leads to the stone's page, which names who evolves with it.
        open_page(driver, base + PIKACHU)
        driver.find_element(By.XPATH, "//span[@class='how-text']/a[text()='Thunder Stone']").click()
        wait(driver, lambda d: d.current_url.endswith("items/thunder-stone.html"), message="the stone's link")
        evolvers = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "[aria-labelledby='evolvers-title'] .mini-grid span")]
        assert "Raichu" in evolvers and "Jolteon" in evolvers, evolvers
        # The index links every item page once; a search and a category narrow it, and the address keeps them.
        open_page(driver, base + "items/index.html")
        linked = js(driver, "return Array.from(document.querySelectorAll('.item-list a')).map(a => a.getAttribute('href'))")
        assert len(linked) == len(set(linked)) and set(linked) == pages
        status = driver.find_element(By.ID, "items-status")
        assert status.text == f"{len(pages)} items"
        type_in(driver, driver.find_element(By.ID, "item-search"), "thunder stone")
        wait(driver, lambda d: shown_items(d) == ["Thunder Stone"], message=f"search from {base}: {shown_items(driver)}")
        assert status.text == f"1 of {len(pages)} items"
        assert driver.current_url.endswith("#q=thunder%20stone"), driver.current_url
        driver.find_element(By.ID, "item-search").clear()
        driver.find_element(By.ID, "item-search").send_keys(Keys.ESCAPE)
        js(driver, "var s = document.getElementById('item-category'); s.value = 'evolution';"
                   "s.dispatchEvent(new Event('change'))")
        wait(driver, lambda d: "Thunder Stone" in shown_items(d) and "Light Ball" not in shown_items(d))
        assert js(driver, "return Array.from(document.querySelectorAll('section.item-category'))"
                          ".filter(s => !s.hidden).map(s => s.id)") == ["evolution"]
        assert driver.current_url.endswith("#cat=evolution"), driver.current_url
    # In French and Japanese: their names, searched without accents or in hiragana.
    open_page(driver, server + "fr/items/index.html#q=pierre%20foudre")
    wait(driver, lambda d: "Pierre Foudre" in shown_items(d), message=str(shown_items(driver)))
    open_page(driver, server + "ja/items/index.html#q=" + quote("かみなりのいし"))
    wait(driver, lambda d: shown_items(d) == ["かみなりのいし"], message=str(shown_items(driver)))
    open_page(driver, server + "ja/items/light-ball.html")
    assert driver.find_element(By.TAG_NAME, "h1").text == "でんきだま"
    assert "特定ポケモン専用" in driver.find_element(By.CSS_SELECTOR, ".facts").text


def test_the_index_search_shows_the_other_kinds_below_the_grid(driver, server, output):
    open_page(driver, server + "index.html")
    box = driver.find_element(By.ID, "search")
    box.click()
    box.send_keys("surf")
    wait(driver, lambda d: groups(d, ".site-elsewhere"), message="no moves or abilities under the grid")
    found = dict((k, n) for k, _, n in groups(driver, ".site-elsewhere"))
    assert "Moves" in found and "Surf" in found["Moves"], found
    assert "Pokémon" not in found       # the grid shows them
    assert "Surge Surfer" in found.get("Abilities", []), found


def test_without_javascript_the_search_leads_to_the_indexes(output):
    need(output, "search.html")
    html = (output / "search.html").read_text(encoding="utf-8")
    for index in ('href="index.html"', 'href="moves/index.html"', 'href="abilities/index.html"', 'href="types/index.html"'):
        assert index in html
    page = (output / PIKACHU).read_text(encoding="utf-8")
    assert '<form class="site-search" role="search" action="../search.html">' in page


def test_the_type_chart_is_an_accessible_table(driver, server, output):
    need(output, CHART)
    open_page(driver, server + CHART)
    shape = js(driver, """
        const t = document.querySelector('table.type-chart');
        const head = Array.from(t.tHead.querySelectorAll('th[scope=col]')).map(th => th.textContent.trim());
        const rows = Array.from(t.tBodies[0].rows).map(r => [r.querySelector('th[scope=row]').textContent,
          Array.from(r.querySelectorAll('td')).map(td => [td.textContent, td.title])]);
        return {caption: t.caption && t.caption.textContent, head: head, rows: rows};
    """)
    assert len(shape["head"]) == 18 and len(shape["rows"]) == 18
    assert shape["caption"]
    names = shape["head"]
    row = dict(shape["rows"])
    normal, ghost = row["Normal"], row["Ghost"]
    # Normal does nothing to Ghost; Ghost nothing to Normal; the text and the title both say so.
    assert normal[names.index("Ghost")] == ["0", "Normal → Ghost: no effect (×0)"]
    assert ghost[names.index("Normal")][0] == "0"
    assert row["Fire"][names.index("Grass")] == ["2", "Fire → Grass: super effective (×2)"]
    assert row["Fire"][names.index("Water")][0] == "½"
    # Normal damage: a hidden "1" for screen readers, the title for pointers; never colour alone.
    text, title = normal[names.index("Normal")]
    assert text == "1" and title.endswith("normal damage (×1)")
    # Every header links the type's page.
    links = js(driver, "return Array.from(document.querySelectorAll('.type-chart th a')).map(a => a.getAttribute('href'))")
    assert len(links) == 36 and "../types/ghost.html" in links


def test_a_type_page_and_an_ability_page_say_what_fans_check(driver, server, output):
    need(output, "types/ghost.html", "abilities/static.html")
    open_page(driver, server + "types/ghost.html")
    text = driver.find_element(By.TAG_NAME, "main").text
    assert "Immune to ×0\nNormal\nFighting" in text or ("Immune to" in text and "Fighting" in text)
    assert driver.find_elements(By.CSS_SELECTOR, ".mini-grid a[href='../pokemon/gengar.html']")
    assert driver.find_elements(By.CSS_SELECTOR, ".moves-table a[href='../moves/shadow-ball.html']")
    open_page(driver, server + "abilities/static.html")
    assert driver.find_elements(By.CSS_SELECTOR, ".holders-normal a[href='../pokemon/pikachu.html']")
    assert driver.find_element(By.CSS_SELECTOR, '.nav a[aria-current="true"]').text == "Abilities"


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("page", ["types/index.html", "types/ghost.html", "abilities/static.html",
                                  "abilities/index.html", "locations/index.html", "locations/viridian-forest.html", "pokedexes/index.html",
                                  "types/calculator.html#def=water,ground&ability=levitate&team=pikachu,charizard",
                                  "fr/types/calculator.html#def=fire&team=dragonite",
                                  "compare.html#pikachu,raichu", "ja/compare.html#pikachu,raichu,charizard,gengar",
                                  "natures.html", "fr/natures.html", "items/index.html", "items/light-ball.html",
                                  "fr/items/index.html#q=pierre", "ja/items/thunder-stone.html", "items/tm24.html",
                                  "search.html?q=pika", PIKACHU])
def test_axe_on_reference_pages(driver, server, output, page, scheme):
    need(output, page.split("?")[0].split("#")[0])
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    try:
        open_page(driver, server + page)
        if "?q=" in page:
            wait(driver, lambda d: groups(d, ".search-page-results"))
        if "team=" in page:
            wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#calc-team-table thead a"))
        if "compare.html" in page:
            wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#cmp-table .cmp-abilities"))
        found = _axe(driver, scheme)
        assert not found, [(v["engine"], v["id"], [n["target"] for n in v["nodes"][:3]]) for v in found]
        assert not severe_logs(driver)
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
