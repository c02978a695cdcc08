"""The index's filters, sort and search in every language, on the real-data site: results, the address's hash
(bookmark, reload, a crafted link), the keyboard, and the names script loaded on first use of search."""

import re

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from test_browser import _axe, _search, js, open_page, tap, wait


def by_slug(site_data, slug):
    found = [p for p in site_data["every"] if p["slug"] == slug]
    if not found:
        pytest.skip(f"{slug} is not on this site")
    return found[0]


def result_ids(driver):
    return [int(c.get_attribute("data-id")) for c in driver.find_elements(By.CSS_SELECTOR, "#view-search .cell")]


def status(driver):
    return driver.find_element(By.CSS_SELECTOR, "#view-search .search-status").text


def open_filters(driver):
    """On a phone the filters fold behind one button: unfold them (no-op where they show anyway)."""
    toggle = driver.find_element(By.ID, "filters-toggle")
    if toggle.is_displayed() and toggle.get_attribute("aria-expanded") != "true":
        tap(driver, toggle)


def choose(driver, select_id, value):
    open_filters(driver)
    Select(driver.find_element(By.ID, select_id)).select_by_value(value)


def expected_fire_flying(site_data):
    return [p["id"] for p in site_data["pokemon"] if "fire" in p["types"] and "flying" in p["types"]]


def test_fire_and_flying_shows_pokemon_having_both(driver, server, site_data):
    by_slug(site_data, "charizard")
    open_page(driver, server + "index.html")
    choose(driver, "filter-type-1", "fire")
    choose(driver, "filter-type-2", "flying")
    wait(driver, lambda d: d.find_element(By.ID, "view-search").is_displayed())
    expected = expected_fire_flying(site_data)
    wait(driver, lambda d: result_ids(d) == expected[:120], message="results are Fire ∩ Flying in number order")
    ids = result_ids(driver)
    assert by_slug(site_data, "charizard")["id"] in ids
    assert by_slug(site_data, "charmander")["id"] not in ids
    for cell in driver.find_elements(By.CSS_SELECTOR, "#view-search .cell"):
        badges = [b.get_attribute("class") for b in cell.find_elements(By.CSS_SELECTOR, ".type")]
        assert "type type-fire" in badges and "type type-flying" in badges, badges
    assert status(driver) == f"{len(expected)} Pokémon."
    live = driver.find_element(By.CSS_SELECTOR, "#view-search .search-status")
    assert live.get_attribute("role") == "status" and live.get_attribute("aria-live") == "polite"
    assert js(driver, "return location.hash") == "#type=fire,flying"
    # Cells built here keep their responsive pictures and sizes.
    img = driver.find_element(By.CSS_SELECTOR, "#view-search .cell img")
    assert img.get_attribute("width") and img.get_attribute("height")
    if site_data["pokemon"][0]["t"]:
        assert img.get_attribute("srcset") and img.get_attribute("sizes")
    # Clear: back to the paged list.
    tap(driver, driver.find_element(By.ID, "filters-reset"))
    wait(driver, lambda d: d.find_element(By.ID, "grid").is_displayed())
    assert js(driver, "return location.hash") == ""


def test_sort_by_attack_descending(driver, server, site_data):
    open_page(driver, server + "index.html")
    choose(driver, "sort-by", "attack")
    choose(driver, "sort-order", "desc")
    wait(driver, lambda d: d.find_element(By.ID, "view-search").is_displayed())
    # Ties in site order (by number, a species' default Pokémon before its forms).
    expected = sorted(site_data["pokemon"], key=lambda p: (-p["stats"]["attack"], p["index"]))
    wait(driver, lambda d: len(result_ids(d)) >= 20)
    ids = result_ids(driver)[:20]
    assert ids == [p["id"] for p in expected[:20]]
    attacks = [site_data["pokemon"][[q["id"] for q in site_data["pokemon"]].index(i)]["stats"]["attack"] for i in ids]
    assert attacks == sorted(attacks, reverse=True) and attacks[0] == max(p["stats"]["attack"] for p in site_data["pokemon"])
    assert status(driver) == f"{len(site_data['pokemon'])} Pokémon."
    assert js(driver, "return location.hash") == "#sort=attack-desc"
    # Every Pokémon is reachable: more results as the list scrolls (or by the button).
    more = driver.find_element(By.CSS_SELECTOR, "#view-search .more-results")
    if len(site_data["pokemon"]) > 120:
        assert more.is_displayed()
        js(driver, "arguments[0].focus()", more)   # the keyboard's way; scrolling to it (focus does) loads more too
        more.send_keys(Keys.ENTER)
        wait(driver, lambda d: len(result_ids(d)) > 120)
        ids = result_ids(driver)
        assert ids == [p["id"] for p in expected[:len(ids)]]


def test_filters_round_trip_through_the_address(driver, server, site_data):
    charizard = by_slug(site_data, "charizard")
    open_page(driver, server + "index.html")
    choose(driver, "filter-type-1", "fire")
    choose(driver, "filter-type-2", "flying")
    choose(driver, "filter-gen", str(charizard["gen"]))
    choose(driver, "sort-by", "speed")
    choose(driver, "sort-order", "desc")
    wait(driver, lambda d: js(d, "return location.hash") == f"#type=fire,flying&gen={charizard['gen']}&sort=speed-desc")
    before = result_ids(driver)
    assert charizard["id"] in before
    expected = sorted((p for p in site_data["pokemon"] if "fire" in p["types"] and "flying" in p["types"]
                       and p["gen"] == charizard["gen"]), key=lambda p: (-p["stats"]["speed"], p["index"]))
    assert before == [p["id"] for p in expected]
    driver.refresh()
    wait(driver, lambda d: js(d, "return document.documentElement.classList.contains('js')"))
    wait(driver, lambda d: d.find_element(By.ID, "view-search").is_displayed())
    assert result_ids(driver) == before
    assert Select(driver.find_element(By.ID, "filter-type-1")).first_selected_option.get_attribute("value") == "fire"
    assert Select(driver.find_element(By.ID, "filter-type-2")).first_selected_option.get_attribute("value") == "flying"
    assert Select(driver.find_element(By.ID, "sort-by")).first_selected_option.get_attribute("value") == "speed"
    assert Select(driver.find_element(By.ID, "sort-order")).first_selected_option.get_attribute("value") == "desc"

    # A crafted link, opened directly: favorites view, one type, a search and a sort, in any order.
    open_page(driver, server + "index.html#sort=name-asc&type=FLYING&q=char", favorites=[charizard["id"]])
    wait(driver, lambda d: d.find_element(By.ID, "view-search").is_displayed())
    flying = sorted((p for p in site_data["pokemon"] if "flying" in p["types"]), key=lambda p: (p["name"], p["id"]))
    wait(driver, lambda d: charizard["id"] in result_ids(d))
    # A search finds every form, also those the list leaves out.
    assert all("flying" in site_data["every"][[q["id"] for q in site_data["every"]].index(i)]["types"]
               for i in result_ids(driver))
    assert driver.find_element(By.ID, "search").get_attribute("value") == "char"
    assert flying
    open_page(driver, server + "index.html#favorites&type=fire")
    wait(driver, lambda d: d.find_element(By.ID, "view-search").is_displayed())
    wait(driver, lambda d: result_ids(d) == [charizard["id"]], message="only favorites, filtered")
    assert "among favorites" in status(driver)
    # Nonsense in the hash is ignored.
    open_page(driver, server + "index.html#type=nope&gen=x&sort=weight-up&zzz")
    assert driver.find_element(By.ID, "grid").is_displayed()
    assert not driver.find_element(By.ID, "view-search").is_displayed()


def test_filters_work_from_file_urls(driver, output, site_data):
    charizard = by_slug(site_data, "charizard")
    open_page(driver, (output / "index.html").as_uri() + "#type=fire,flying")
    wait(driver, lambda d: d.find_element(By.ID, "view-search").is_displayed())
    assert result_ids(driver)[:120] == expected_fire_flying(site_data)[:120]
    _search(driver, "ピカチュウ")
    pikachu = by_slug(site_data, "pikachu")
    choose(driver, "filter-type-1", "")
    choose(driver, "filter-type-2", "")
    wait(driver, lambda d: pikachu["id"] in result_ids(d), message="names script loads from file://")
    assert charizard["id"] not in result_ids(driver)


@pytest.mark.parametrize("query, slug", [("ピカチュウ", "pikachu"), ("pikachu", "pikachu"), ("PIKACHU", "pikachu"),
                                          ("Flabebe", "flabebe"), ("#25", "pikachu"), ("25", "pikachu"),
                                          ("Dracaufeu", "charizard"), ("리자몽", "charizard"),
                                          # Hiragana and fullwidth digits, as a Japanese keyboard types them.
                                          ("ぴかちゅう", "pikachu"), ("＃２５", "pikachu")])
def test_search_in_every_language(driver, server, site_data, query, slug):
    target = by_slug(site_data, slug)
    open_page(driver, server + "index.html")
    assert not js(driver, "return !!window.POKEDEX_NAMES"), "the names load on first use of search, not before"
    _search(driver, query)
    wait(driver, lambda d: target["id"] in result_ids(d), message=f"{query!r} finds {slug}")
    assert result_ids(driver)[0] == target["id"], (query, result_ids(driver)[:5])
    assert js(driver, "return location.hash").startswith("#q=")


def test_search_combines_with_filters(driver, server, site_data):
    charizard = by_slug(site_data, "charizard")
    open_page(driver, server + "index.html#type=flying")
    _search(driver, "リザ")   # Charmander, Charmeleon, Charizard in Japanese: only Charizard flies
    wait(driver, lambda d: charizard["id"] in result_ids(d))
    ids = result_ids(driver)
    assert by_slug(site_data, "charmander")["id"] not in ids
    assert js(driver, "return location.hash") == "#type=flying&q=" + js(driver, "return encodeURIComponent('リザ')")


def test_filters_by_keyboard(driver, server, site_data):
    open_page(driver, server + "index.html")
    search = driver.find_element(By.ID, "search")
    js(driver, "arguments[0].focus()", search)
    search.send_keys(Keys.TAB)
    active = driver.switch_to.active_element
    # On a phone the filters are folded: Tab reaches the Filters button, Enter unfolds them and moves focus in.
    assert active.get_attribute("id") == "filters-toggle", "Tab from search reaches the Filters button"
    active.send_keys(Keys.ENTER)
    active = driver.switch_to.active_element
    assert active.get_attribute("id") == "filter-type-1", "the first filter has focus once unfolded"
    assert driver.find_element(By.ID, "filters-toggle").get_attribute("aria-expanded") == "true"
    outline = js(driver, "return getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none", "keyboard focus is visible"
    # Keyboard selection in a closed <select>: the arrow keys change the value and fire change.
    active.send_keys(Keys.ARROW_DOWN)
    wait(driver, lambda d: d.find_element(By.ID, "view-search").is_displayed())
    chosen = Select(active).first_selected_option.get_attribute("value")
    assert chosen and js(driver, "return location.hash") == f"#type={chosen}"
    assert all(chosen in site_data["pokemon"][[q["id"] for q in site_data["pokemon"]].index(i)]["types"]
               for i in result_ids(driver))
    dex = ("filter-dex",) if driver.find_elements(By.ID, "filter-dex") else ()
    for expected in ("filter-type-2", "filter-gen", *dex, "sort-by", "sort-order", "filters-reset"):
        driver.switch_to.active_element.send_keys(Keys.TAB)
        assert driver.switch_to.active_element.get_attribute("id") == expected
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    wait(driver, lambda d: d.find_element(By.ID, "grid").is_displayed())


def test_axe_with_filters_and_results(driver, server, site_data):
    open_page(driver, server + "index.html#type=fire&sort=total-desc")
    wait(driver, lambda d: d.find_element(By.ID, "view-search").is_displayed())
    found = _axe(driver)
    assert not found, [(v["id"], [n["target"] for n in v["nodes"][:3]]) for v in found]


def test_without_javascript_the_controls_are_absent(server):
    from conftest import make_driver
    web = make_driver(javascript=False)
    try:
        web.get(server + "index.html#type=fire")
        assert not web.find_element(By.ID, "filter-type-1").is_displayed()
        assert web.find_element(By.ID, "grid").is_displayed()
        assert web.find_elements(By.CSS_SELECTOR, "#grid > .cell")
    finally:
        web.quit()


def matched(driver, pokemon_id):
    found = driver.find_elements(By.CSS_SELECTOR, f"#view-search .cell[data-id='{pokemon_id}'] .matched")
    return found[0].text if found else ""


@pytest.mark.parametrize("query, slug", [("alolan raichu", "raichu-alola"), ("Raichu d’Alola", "raichu-alola"),
                                          ("raichu d'alola", "raichu-alola"), ("mega charizard", "charizard-mega-x")])
def test_search_finds_forms_by_their_names(driver, server, site_data, query, slug):
    target = by_slug(site_data, slug)
    open_page(driver, server + "index.html")
    _search(driver, query)
    wait(driver, lambda d: target["id"] in result_ids(d), message=f"{query!r} finds {slug}")
    assert result_ids(driver)[0] == target["id"], (query, result_ids(driver)[:5])
    if slug == "charizard-mega-x":
        assert by_slug(site_data, "charizard-mega-y")["id"] in result_ids(driver)[:2]
    # Matched through a name other than the one shown, the cell says which, and in what language.
    line = matched(driver, target["id"])
    fold = lambda s: s.lower().replace("’", "'")
    if all(word in fold(target["name"]) for word in fold(query).split()):
        assert line == "", f"{query!r} matched the name shown, {target['name']!r}: {line!r}"
    else:
        assert line.startswith("Matched: "), line
        assert "(" in line and ")" in line, f"no language in {line!r}"
    cell = driver.find_element(By.CSS_SELECTOR, f"#view-search .cell[data-id='{target['id']}']")
    assert cell.find_element(By.CSS_SELECTOR, ".num").text == "#%04d" % target["num"]


def test_number_search_puts_the_species_first(driver, server, site_data):
    pikachu = by_slug(site_data, "pikachu")
    # A search finds every form, also those the list leaves out (they only look different).
    forms = [p["id"] for p in site_data["every"] if p["num"] == pikachu["num"] and p["form"]]
    open_page(driver, server + "index.html")
    for query in ("25", "025", "#25", "#0025"):
        _search(driver, query)
        wait(driver, lambda d: result_ids(d)[:1] == [pikachu["id"]], message=f"{query!r}: Pikachu first")
        ids = result_ids(driver)
        assert ids[1:1 + len(forms)] == forms, "then its forms, in site order"
        rest = [site_data["every"][[q["id"] for q in site_data["every"]].index(i)] for i in ids[1 + len(forms):]]
        assert all(str(p["num"]).startswith("25") for p in rest), "then numbers starting so"
    alola = by_slug(site_data, "raichu-alola")
    _search(driver, "26")
    wait(driver, lambda d: alola["id"] in result_ids(d)[:len(forms) + 2], message="a form has its species' number")


def test_search_says_which_name_matched(driver, server, site_data, site_names):
    """"pika" lists Pokémon whose name shown does not contain it (their romaji name does): the cell says so."""
    shown = {p["id"]: p for p in site_data["every"]}
    romaji = [(pid, name) for pid, names in site_names.items() if pid in shown
              and "pika" not in shown[pid]["name"].lower() and "pika" not in shown[pid]["slug"]
              for name, labels, _ in names if "pika" in name.lower() and any("romaji" in l for l in labels)]
    if not romaji:
        pytest.skip("no Pokémon here matches “pika” by its romaji name only")
    pid, name = romaji[0]
    open_page(driver, server + "index.html")
    _search(driver, "pika")
    wait(driver, lambda d: pid in result_ids(d), message=f"“pika” finds {shown[pid]['name']} ({name})")
    line = matched(driver, pid)
    assert line.startswith(f"Matched: {name} (") and "romaji" in line, line
    span = driver.find_element(By.CSS_SELECTOR, f"#view-search .cell[data-id='{pid}'] .matched [lang]")
    assert span.get_attribute("lang") == "ja-Latn" and span.text == name
    # Pikachu itself matched by the name shown: no such line.
    pikachu = by_slug(site_data, "pikachu")
    assert result_ids(driver)[0] == pikachu["id"] and matched(driver, pikachu["id"]) == ""


def test_sort_by_name_keeps_a_species_forms_after_it(driver, server, site_data):
    absol = by_slug(site_data, "absol")
    family = [p for p in site_data["every"] if p["num"] == absol["num"]]
    if len(family) < 2:
        pytest.skip("Absol has no forms here")
    open_page(driver, server + "index.html#sort=name-asc&q=absol")
    wait(driver, lambda d: len(result_ids(d)) >= len(family))
    names = [c.find_element(By.CSS_SELECTOR, ".name").text for c in driver.find_elements(By.CSS_SELECTOR, "#view-search .cell")]
    assert names[0] == "Absol", names
    assert names[:len(family)] == ["Absol"] + sorted((p["name"] for p in family if p["form"]),
                                                     key=lambda n: re.sub(r"[^\w]+", " ", n).strip().lower()), names
    # The whole list: alphabetical by species, each species' default Pokémon first.
    open_page(driver, server + "index.html#sort=name-asc")
    wait(driver, lambda d: len(result_ids(d)) >= 40)
    ids = result_ids(driver)[:40]
    rows = {p["id"]: p for p in site_data["pokemon"]}
    species = [rows[i]["num"] for i in ids]
    for a, b in zip(ids, ids[1:]):
        if rows[a]["num"] == rows[b]["num"]:
            assert rows[a]["form"] <= rows[b]["form"], (rows[a]["name"], rows[b]["name"])
    assert len(set(species)) == len([k for k, g in __import__("itertools").groupby(species)]), "a species' forms together"


def scripts_named(driver, part):
    return js(driver, "return Array.from(document.scripts).some(s => s.src.includes(arguments[0]))", part)


def test_a_regional_pokedex_filters_the_list_in_its_own_order_and_stays_in_the_address(driver, server, output, site_data):
    """Paldea's Pokédex: its species in its order (Sprigatito first, Pikachu the 74th), as chosen and from a link,
    over http and from file://; its members load on demand."""
    pikachu = by_slug(site_data, "pikachu")
    sprigatito = by_slug(site_data, "sprigatito")
    open_page(driver, server + "index.html")
    assert not scripts_named(driver, "pokedex-dexes.")
    choose(driver, "filter-dex", "paldea")
    wait(driver, lambda d: scripts_named(d, "pokedex-dexes.") and status(d) != f"{len(site_data['pokemon'])} Pokémon.",
         message="Paldea's Pokédex did not load")
    # Its 400 species (with the forms of theirs the list shows: Paldean Wooper, Megas…), in its order.
    numbers = {p["id"]: p["num"] for p in site_data["every"]}
    count = int(status(driver).split()[0])
    species = [numbers[i] for i in result_ids(driver)]
    order = list(dict.fromkeys(species))
    assert order[0] == sprigatito["num"] and order[73] == pikachu["num"], order[:5]
    # A species' forms follow it: each species one run of rows.
    runs = 1 + sum(1 for a, b in zip(species, species[1:]) if a != b)
    assert count >= 400 and runs == len(order), (count, runs, len(order))
    assert "dex=paldea" in driver.current_url
    assert driver.find_element(By.CSS_SELECTOR, "#filters-toggle .filters-n").get_attribute("textContent") == "1"
    for base in (server, output.as_uri() + "/"):
        open_page(driver, base + "index.html#dex=kanto&type=electric")
        wait(driver, lambda d: status(d).endswith("Pokémon.") and pikachu["id"] in result_ids(d),
             message=f"Kanto's Electric Pokémon from a link ({base})")
        numbers = {p["id"]: p["num"] for p in site_data["every"]}
        assert all(numbers[i] <= 151 for i in result_ids(driver)), result_ids(driver)
        assert Select(driver.find_element(By.ID, "filter-dex")).first_selected_option.get_attribute("value") == "kanto"
    # An unknown Pokédex in the address is ignored, like any invalid part.
    open_page(driver, server + "index.html#dex=nowhere")
    assert Select(driver.find_element(By.ID, "filter-dex")).first_selected_option.get_attribute("value") == ""
