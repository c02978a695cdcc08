"""Shared fixtures of the browser suite: the built site, a loopback static server, headless Chromium.

The suite runs against an already-built, full-data Output folder, named by the POKEDEX_OUTPUT environment
variable (run.sh sets it). It installs nothing and reaches no network beyond 127.0.0.1.
"""

import functools
import http.server
import json
import os
import re
import shutil
import tempfile
import threading
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent

# Page weights measured by test_static, printed at the end of the run. They travel as the tests' user properties,
# so that the summary has them when the tests ran in pytest-xdist workers.
PAGE_WEIGHT = "page weight"
PAGE_WEIGHTS = []


def hashed(output: Path, logical: str) -> Path:
    """The published file of a script or stylesheet whose name carries its hash:
    assets/pokedex-data.js → assets/pokedex-data.1a2b3c4d.js (exactly one)."""
    path = Path(logical)
    found = [p for p in (output / path.parent).glob(f"{path.stem}.*{path.suffix}")
             if re.fullmatch(r"[0-9a-f]{8}", p.name[len(path.stem) + 1:-len(path.suffix)])]
    if len(found) > 1:
        # A site in several languages has a copy of each data script per language: the root's is the one its own
        # pages name.
        named = "".join(page.read_text(encoding="utf-8") for page in _root_pages(output))
        found = [p for p in found if p.relative_to(output).as_posix() in named]
    assert len(found) == 1, f"{logical}: {len(found)} hashed copies in {output / path.parent}"
    return found[0]


def _root_pages(output: Path):
    """Pages of the root language that name its data scripts: the index, the moves index, a Pokémon page."""
    pages = [output / "index.html", output / "moves" / "index.html"]
    pages += sorted((output / "pokemon").glob("*.html"))[:1]
    return [page for page in pages if page.is_file()]


def language_folders(output: Path):
    """"" for the root language, then "fr/", "ja/"… for each other language's copy of the site."""
    return [""] + sorted(f"{folder.name}/" for folder in output.iterdir()
                         if (folder / "index.html").is_file() and (folder / "favorites.html").is_file())


def output_dir() -> Path:
    value = os.environ.get("POKEDEX_OUTPUT")
    if not value:
        pytest.exit("set POKEDEX_OUTPUT to a built Output folder (or use Tests/browser/run.sh OUTPUT_DIR)", 2)
    path = Path(value).resolve()
    if not (path / "index.html").is_file():
        pytest.exit(f"{path} holds no index.html: build the site first", 2)
    return path


@pytest.fixture(scope="session")
def output() -> Path:
    return output_dir()


STAT_NAMES = ["hp", "attack", "defense", "special-attack", "special-defense", "speed"]


def read_script(path: Path, variable: str):
    """The JSON of a `window.<variable> = {...};` script."""
    text = path.read_text(encoding="utf-8")
    match = re.fullmatch(r"window\.%s = (.*);\n?" % variable, text, re.S)
    assert match, f"{path.name} is not `window.{variable} = {{...}};`"
    return json.loads(match.group(1))


def decode_data(raw, output=None):
    """POKEDEX_DATA version 4 (positional rows) as objects, the way list.js decodes it: id, slug, name, index (site
    order), num (national dex number), form (0 for a species' default Pokémon, 1 for another form), looks (a form
    that only looks different: row form 2), number ("#0025"; a form shows its species'), types, gen, image, w, h,
    t; with the site's folder `output`, also stats (by name) and total from the stats script it names.
    A row: [id, slug, name, [type indices], generation, number (0: the id), form, picture?]; a row without a
    picture of its own has the pattern of `pic` ([w, h, [widths], "images/{id}.png" or a URL with {id}]).
    "pokemon": the index's list (what its pages and infinite scroll show, filters and sorts: every row but the
    forms that only look different); "every": every row (the list with "Show every form", and what search finds)."""
    assert raw["version"] == 4, raw.get("version")
    w, h, t, pattern = raw["pic"]
    stats = {}
    if output is not None:
        for row in read_script(output / raw["stats"], "POKEDEX_STATS")["pokemon"]:
            stats[row[0]] = dict(zip(STAT_NAMES, row[1:7]))
    pokemon = []
    for index, row in enumerate(raw["pokemon"]):
        own = row[7] if len(row) > 7 else None
        number = row[5] or row[0]
        pokemon.append({
            "id": row[0], "slug": row[1], "name": row[2], "index": index, "num": number, "form": 1 if row[6] else 0,
            "looks": row[6] == 2,
            "number": "#%04d" % number, "types": [raw["types"][i] for i in row[3]], "gen": row[4],
            "stats": stats.get(row[0]), "total": sum(stats[row[0]].values()) if row[0] in stats else None,
            "image": own[0] if own else pattern.replace("{id}", str(row[0])),
            "w": own[1] if own else w, "h": own[2] if own else h, "t": own[3] if own else t})
    return {**raw, "pokemon": [p for p in pokemon if not p["looks"]], "every": pokemon}


def decode_names(raw):
    """POKEDEX_NAMES version 2 as {id: [(spelling, [language labels], [BCP 47 tags])]}: every name of every entry
    the id is in (its species' and, for a form, its own). An entry: [[ids], name, mask, name, mask…], bit i of a
    mask meaning languages[i] ([code, label, tag]) spells the name so."""
    assert raw["version"] == 2, raw.get("version")
    out = {}
    languages = raw["languages"]
    for entry in raw["entries"]:
        for i in range(1, len(entry) - 1, 2):
            name, mask = entry[i], entry[i + 1]
            langs = [l for bit, l in enumerate(languages) if mask & (1 << bit)]
            for pid in entry[0]:
                out.setdefault(pid, []).append((name, [l[1] for l in langs], [l[2] for l in langs]))
    return out


@pytest.fixture(scope="session")
def site_data(output):
    """window.POKEDEX_DATA, decoded the way app.js decodes it."""
    return decode_data(read_script(hashed(output, "assets/pokedex-data.js"), "POKEDEX_DATA"), output)


@pytest.fixture(scope="session")
def site_names(output):
    """window.POKEDEX_NAMES, by Pokémon id (decode_names)."""
    return decode_names(read_script(hashed(output, "assets/pokedex-names.js"), "POKEDEX_NAMES"))


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def end_headers(self):
        # Every test starts from what is on disk.
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


@pytest.fixture(scope="session")
def server(output):
    """A static server for Output on a random free loopback port; yields its base URL ("http://127.0.0.1:N/")."""
    handler = functools.partial(_QuietHandler, directory=str(output))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


def _chromium_paths():
    browser = os.environ.get("CHROMIUM_BIN") or shutil.which("chromium") or shutil.which("chromium-browser") \
        or shutil.which("google-chrome")
    driver = os.environ.get("CHROMEDRIVER_BIN") or shutil.which("chromedriver")
    if not driver and Path("/usr/lib/chromium/chromedriver").exists():
        driver = "/usr/lib/chromium/chromedriver"
    return browser, driver


def make_driver(download_dir=None, javascript=True, width=390, height=844):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    browser, driver = _chromium_paths()
    if not browser or not driver:
        pytest.exit("chromium and chromedriver are needed (Debian: apt-get install chromium chromium-driver)", 2)
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--allow-file-access-from-files", f"--window-size={width},{height}", "--lang=en-US"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    prefs = {}
    if download_dir:
        prefs.update({"download.default_directory": str(download_dir), "download.prompt_for_download": False,
                      "download.directory_upgrade": True, "safebrowsing.enabled": False})
    if not javascript:
        prefs["profile.managed_default_content_settings.javascript"] = 2
    if prefs:
        options.add_experimental_option("prefs", prefs)
    os.environ.setdefault("SE_OFFLINE", "true")
    web = webdriver.Chrome(options=options, service=Service(executable_path=driver))
    web.set_page_load_timeout(30)
    web.set_script_timeout(30)
    if download_dir:
        web.execute_cdp_cmd("Browser.setDownloadBehavior",
                            {"behavior": "allow", "downloadPath": str(download_dir), "eventsEnabled": True})
    return web


@pytest.fixture(scope="session")
def downloads():
    path = Path(tempfile.mkdtemp(prefix="pokedex-downloads-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="session")
def browser(downloads):
    web = make_driver(download_dir=downloads)
    yield web
    web.quit()


@pytest.fixture
def driver(browser):
    """The shared browser, reset to light mode and the phone viewport, its log drained."""
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": "light"}, {"name": "prefers-reduced-motion", "value": "reduce"}]})
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    browser.set_window_size(390, 844)
    browser.get_log("browser")
    yield browser
    browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})


@pytest.fixture
def page_weight(request):
    """Records one line for the page-weight summary."""
    return lambda line: request.node.user_properties.append((PAGE_WEIGHT, line))


def pytest_runtest_logreport(report):
    if report.when == "call":
        PAGE_WEIGHTS.extend(line for key, line in report.user_properties if key == PAGE_WEIGHT)


def pytest_terminal_summary(terminalreporter):
    if PAGE_WEIGHTS:
        terminalreporter.section("page weight (HTML + CSS + JS, no images)")
        for line in PAGE_WEIGHTS:
            terminalreporter.write_line(line)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """With POKEDEX_BROWSER_STRICT set (CI sets it: the real site in three languages, the binary and the mirror are
    all there), a test that skips fails instead: a precondition gone missing must not pass in silence. Without it,
    a small site's skips ("a single index page") stay skips."""
    outcome = yield
    report = outcome.get_result()
    if os.environ.get("POKEDEX_BROWSER_STRICT") and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        report.longrepr = f"skipped, which a strict run (POKEDEX_BROWSER_STRICT) does not allow: {report.longrepr}"
