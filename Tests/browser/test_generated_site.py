"""A small site this module builds itself, from the PokeAPI mirror with faults: hostile API names, missing
artwork, unknown favorites, then a rebuild with the server gone (the stale-data banner).

Needs the pokedex binary (.build/…, or POKEDEX_BIN) and the mirror (../shared/tools/pokeapi-mirror beside the
repository, or POKEAPI_MIRROR); skipped when either is missing. Everything stays on 127.0.0.1.
"""

import json
import os
import re
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from conftest import REPO, decode_data, hashed, read_script
from test_browser import _axe, _pokedex_binary, js, open_page, show_view, tap, wait
from test_static import broken_references, parse_site, script_problems

# The module builds a site of its own once: its tests stay on one pytest-xdist worker.
pytestmark = pytest.mark.xdist_group("generated_site")

ONLY = 24
HOSTILE = [1, 4]
NO_ART = [2]
FAVORITES = [1, "ivysaur", "venusaurr"]


def _mirror():
    for candidate in (os.environ.get("POKEAPI_MIRROR"), REPO.parent / "shared" / "tools" / "pokeapi-mirror",
                      Path("/work/shared/tools/pokeapi-mirror")):
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    return None


def _start_mirror(mirror, workdir, only=ONLY, faults=True):
    """The mirror serving the first `only` Pokémon on a free loopback port, with this module's faults (hostile names,
    missing artwork) unless `faults` is False: (process, port), or a skip."""
    port_file = workdir / "port"
    if port_file.exists():
        port_file.unlink()
    arguments = [mirror, "--host", "127.0.0.1", "--port", "0", "--port-file", str(port_file), "--only", str(only)]
    if faults:
        arguments += ["--faults", "hostile=" + "+".join(map(str, HOSTILE)) + ",noart=" + "+".join(map(str, NO_ART))]
    process = subprocess.Popen(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if port_file.exists() and port_file.read_text().strip():
            return process, int(port_file.read_text().strip())
        if process.poll() is not None:
            break
        time.sleep(0.1)
    process.kill()
    pytest.skip("the PokeAPI mirror did not start")


def _stop(process):
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def build_in_three_languages(tmp_path_factory, name, only=30):
    """A small site in English, French and Japanese (the root, fr/ and ja/) built from the mirror (its first `only`
    Pokémon, live data) with the pokedex binary and this tree's theme: its Output folder, or a skip without them."""
    binary, mirror = _pokedex_binary(), _mirror()
    if not binary or not mirror:
        pytest.skip("needs the pokedex binary and the PokeAPI mirror")
    workdir = tmp_path_factory.mktemp(name)
    process, port = _start_mirror(mirror, workdir, only=only, faults=False)
    command = [binary, "build", "--api", f"http://127.0.0.1:{port}/api/v2", "--no-snapshot", "--output", "Output",
               "--cache", "cache", "--templates", str(REPO / "Templates"),
               "--language", "en", "--language", "fr", "--language", "ja"]
    try:
        built = subprocess.run(command, cwd=workdir, capture_output=True, text=True, timeout=300)
    finally:
        _stop(process)
    assert built.returncode == 0, built.stdout + built.stderr
    return workdir / "Output"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    binary, mirror = _pokedex_binary(), _mirror()
    if not binary or not mirror:
        pytest.skip("needs the pokedex binary and the PokeAPI mirror")
    workdir = tmp_path_factory.mktemp("generated")
    (workdir / "favorites.json").write_text(json.dumps(FAVORITES), encoding="utf-8")
    process, port = _start_mirror(mirror, workdir)
    api = f"http://127.0.0.1:{port}/api/v2"
    # Live data only: the mirror's faults change names and artwork but not its data hash, which the bundled
    # snapshot would take as "nothing changed".
    command = [binary, "build", "--api", api, "--templates", str(REPO / "Templates"), "--output", "Output",
               "--cache", "cache", "--favorites", "favorites.json", "--no-snapshot"]
    try:
        first = subprocess.run(command, cwd=workdir, capture_output=True, text=True, timeout=300)
    finally:
        _stop(process)
    assert first.returncode == 0, first.stdout + first.stderr
    fresh = workdir / "fresh"
    shutil.copytree(workdir / "Output", fresh)
    # The server is gone now: a refreshing rebuild falls back to the cache and says so on every page.
    second = subprocess.run(command + ["--refresh"], cwd=workdir, capture_output=True, text=True, timeout=300)
    assert second.returncode == 0, second.stdout + second.stderr
    return {"fresh": fresh, "stale": workdir / "Output", "api": api, "cache": workdir / "cache", "workdir": workdir}


def _data(output):
    return decode_data(read_script(hashed(output, "assets/pokedex-data.js"), "POKEDEX_DATA"), output)


def test_generated_site_links_and_scripts_are_sound(built):
    for output in (built["fresh"], built["stale"]):
        pages = parse_site(output)
        assert not broken_references(output, pages)
        assert not script_problems(output, pages)
        for path in pages:
            text = path.read_text(encoding="utf-8")
            assert "<script>" not in text and "onerror=" not in text, path


def test_hostile_names_stay_text(built, driver):
    data = _data(built["fresh"])
    hostile = [p for p in data["pokemon"] if p["id"] in HOSTILE]
    assert hostile and all(p["slug"].endswith(f"-{p['id']}") for p in hostile), [p["slug"] for p in hostile]
    open_page(driver, (built["fresh"] / "index.html").as_uri(), favorites=[p["id"] for p in hostile])
    show_view(driver, "favorites")
    cells = driver.find_elements(By.CSS_SELECTOR, "#favorites .fav-grid > .cell")
    assert [int(c.get_attribute("data-id")) for c in cells] == [p["id"] for p in hostile]
    for cell, p in zip(cells, hostile):
        assert cell.find_element(By.CSS_SELECTOR, ".name").get_attribute("textContent") == p["name"]
        assert cell.find_element(By.CSS_SELECTOR, "a").get_attribute("href").endswith(f"/pokemon/{p['slug']}.html")
    assert not js(driver, "return document.querySelectorAll('script:not([src]), img:not([data-fallback])').length")


def test_missing_artwork_shows_the_placeholder(built, driver):
    open_page(driver, (built["fresh"] / "index.html").as_uri())
    for pokemon_id in NO_ART:
        img = driver.find_element(By.CSS_SELECTOR, f"#grid > .cell[data-id='{pokemon_id}'] img")
        assert img.get_attribute("src").endswith("assets/placeholder.svg")
        wait(driver, lambda d: js(d, "return arguments[0].complete && arguments[0].naturalWidth > 0", img))


def test_unknown_favorites_are_listed_with_suggestions(built, driver):
    open_page(driver, (built["fresh"] / "favorites.html").as_uri(), clear=True)
    notice = driver.find_element(By.CSS_SELECTOR, ".notice")
    assert notice.is_displayed()
    assert "venusaurr" in notice.text and "did you mean venusaur?" in notice.text
    seeded = sorted(int(c.get_attribute("data-id")) for c in driver.find_elements(By.CSS_SELECTOR, ".fav-grid > .cell"))
    assert seeded == [1, 2], "the build's favorites seed a first visit"


def test_export_round_trips_through_the_cli(built, driver, downloads, tmp_path):
    open_page(driver, (built["fresh"] / "favorites.html").as_uri(), favorites=[2, 1])
    for old in downloads.glob("favorites*.json"):
        old.unlink()
    tap(driver, driver.find_element(By.CSS_SELECTOR, "[data-action='export']"))
    target = downloads / "favorites.json"
    wait(driver, lambda d: target.is_file() and not list(downloads.glob("*.crdownload")), timeout=15)
    time.sleep(0.2)
    exported = json.loads(target.read_text(encoding="utf-8"))
    assert exported == [1, "ivysaur"], "sanitised slugs are exported as ids, clean ones as API names"
    copy = tmp_path / "favorites.json"
    copy.write_text(json.dumps(exported), encoding="utf-8")
    run = subprocess.run([_pokedex_binary(), "favorites", "list", "--favorites", str(copy), "--cache",
                          str(built["cache"]), "--api", built["api"]], capture_output=True, text=True, timeout=60)
    if run.returncode != 0 and "favorites list" not in run.stderr and "Unexpected argument" in run.stderr:
        pytest.skip("this pokedex has no `favorites list`")
    assert run.returncode == 0, run.stdout + run.stderr
    # The CLI's zero padding is its own ("#001" or "#0001").
    assert [re.sub(r"#0*(\d)", r"#\1", line) for line in run.stdout.strip().splitlines()] \
        == ["#1 Bulbasaur", "#2 Ivysaur"], run.stdout + run.stderr


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_stale_banner_is_shown_and_accessible(built, driver, scheme):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    for page in ("index.html", "favorites.html", f"pokemon/{_data(built['stale'])['pokemon'][2]['slug']}.html"):
        open_page(driver, (built["stale"] / page).as_uri(), clear=True)
        banner = driver.find_element(By.CSS_SELECTOR, ".banner-stale")
        assert banner.is_displayed()
        assert banner.text.startswith("Offline — showing data cached on"), banner.text
        found = _axe(driver, scheme)
        assert not found, [(v["engine"], v["id"], [n["target"] for n in v["nodes"][:3]]) for v in found]
    assert not (built["fresh"] / "index.html").read_text(encoding="utf-8").count("banner-stale")
