#!/usr/bin/env bash
# The CI recipes in Examples/: both parse as YAML, and their pokedex command lines, run as written in a site made
# by `pokedex init` with the cache a CI run would restore, build and check the real site with a base URL and a
# report. Then the same lines with a broken link in the theme: the build fails, so the recipe deploys nothing.
#   Tests/e2e/publish.sh SHARED POKEDEX WORK   (after real-data.sh, whose cache it restores)
set -euo pipefail
SHARED="$1"; POKEDEX="$2"; WORK="$3"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
. "$(dirname "$0")/lib.sh"
trap 'stop_mirror; rm -rf "$E2E_TMP"' EXIT

DIR="$WORK/publish"; rm -rf "$DIR"; mkdir -p "$DIR/bin"; cd "$DIR"
[ -d "$WORK/real/.pokedex-cache" ] || fail "run real-data.sh first: its cache stands for the one CI restores"
ln -s "$POKEDEX" bin/pokedex
start_mirror "$SHARED" "$DIR/port"

# recipe_lines FILE: the recipe's shell lines that run pokedex, as written.
recipe_lines() {
  python3 - "$1" <<'PY'
import sys, yaml
doc = yaml.safe_load(open(sys.argv[1], encoding="utf-8"))
scripts = []
for job in doc.get("jobs", {}).values():                    # GitHub Actions
    scripts += [step["run"] for step in job.get("steps", []) if "run" in step]
for name, job in doc.items():                               # GitLab CI
    if isinstance(job, dict) and "script" in job:
        scripts += job.get("before_script", []) + job["script"]
lines = [line.strip() for script in scripts for line in script.splitlines()]
print("\n".join(line for line in lines if line.startswith("pokedex ")))
PY
}

for recipe in github-pages gitlab-pages; do
  lines=$(recipe_lines "$ROOT/Examples/$recipe.yml")
  [ -n "$lines" ] || fail "$recipe.yml runs no pokedex command"
  pass "$recipe.yml parses; it runs: $lines"
  site="$DIR/$recipe"
  PATH="$DIR/bin:$PATH" pokedex init "$site" >/dev/null
  printf '["pikachu", "eevee"]\n' > "$site/favorites.json"
  cp -a "$WORK/real/.pokedex-cache" "$site/.pokedex-cache"   # what actions/cache (or GitLab's cache) restores

  # The real API would be pokeapi.co; the mirror stands in for it through POKEAPI_URL.
  base="https://example.test/$recipe/"
  set +e
  (cd "$site" && PATH="$DIR/bin:$PATH" POKEAPI_URL="$API" BASE_URL="$base" bash -euo pipefail -c "$lines") \
    >"$DIR/$recipe.out" 2>"$DIR/$recipe.err"
  rc=$?
  set -e
  [ "$rc" = 0 ] || { cat "$DIR/$recipe.out" "$DIR/$recipe.err"; fail "$recipe: the recipe's build exited $rc"; }
  out="$site/Output"; [ "$recipe" = gitlab-pages ] && out="$site/public"
  python3 - "$site/build-report.json" "$out" "$base" <<'PY' || fail "$recipe: report or sitemap wrong"
import json, sys, xml.etree.ElementTree as ET
report = json.load(open(sys.argv[1]))
assert report["status"] == "ok" and report["exitCode"] == 0, report
assert report["pokemon"] == 1351 and report["baseURL"] == sys.argv[3], report
ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
locs = [e.text for e in ET.parse(sys.argv[2] + "/sitemap.xml").getroot().findall("s:url/s:loc", ns)]
# Pokémon, index pages, favorites, move pages and the moves index.
assert report["pages"]["move"] == 833, report
assert report["pages"]["ability"] == 312 and report["pages"]["type"] == 18, report
assert report["pages"]["place"] == 626 and report["pages"]["dex"] == 32 and report["pages"]["item"] == 579, report
# Pokémon, index pages, favorites, moves and their index, abilities and theirs, types, the chart and the
# calculator, places and theirs, regional Pokédexes and theirs, search, the comparison and the natures, items and
# theirs.
assert len(locs) == 1351 + 53 + 1 + 833 + 1 + 312 + 1 + 18 + 2 + 626 + 1 + 32 + 1 + 1 + 2 + 579 + 1 \
    and all(l.startswith(sys.argv[3]) for l in locs), len(locs)
assert ("Sitemap: " + sys.argv[3] + "sitemap.xml") in open(sys.argv[2] + "/robots.txt").read()
print(f"report ok: {report['requests']['total']} requests, {report['files']['written']} files written; sitemap: {len(locs)} URLs")
PY
  pass "$recipe: built, checked, reported, $(grep -c . "$DIR/$recipe.err" || true) stderr line(s)"

  # A broken link in the theme: --check fails the build, so nothing would be deployed.
  mkdir -p "$site/Templates/partials"
  sed 's#</footer>#<p><a href="{{root}}no-such-page.html">broken</a></p></footer>#' \
    "$ROOT/Templates/partials/footer.mustache" > "$site/Templates/partials/footer.mustache"
  printf 'templates = "Templates"\n' >> "$site/pokedex.toml"
  set +e
  (cd "$site" && PATH="$DIR/bin:$PATH" POKEAPI_URL="$API" BASE_URL="$base" bash -euo pipefail -c "$lines") \
    >"$DIR/$recipe-broken.out" 2>"$DIR/$recipe-broken.err"
  rc=$?
  set -e
  [ "$rc" = 1 ] || fail "$recipe: a broken link gave exit $rc, not 1"
  grep -q "no-such-page.html" "$DIR/$recipe-broken.out" || fail "$recipe: the check does not name the broken link"
  expect_eq "$recipe: the report of the broken build" \
    "$(report_value "$site/build-report.json" '(r["status"], r["exitCode"], len(r["check"]["findings"]) > 0)')" "('findings', 1, True)"
  pass "$recipe: a broken link fails the build (exit 1), naming it: $(grep -m1 no-such-page "$DIR/$recipe-broken.out")"
done
