#!/usr/bin/env bash
# Real data through pokeapi-mirror --faults: each run's exit code, requests, retries and stale counts, checked.
set -euo pipefail
SHARED="$1"; POKEDEX="$2"; WORK="$3"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
. "$(dirname "$0")/lib.sh"
trap 'stop_mirror; rm -rf "$E2E_TMP"' EXIT

DIR="$WORK/faults"; rm -rf "$DIR"; mkdir -p "$DIR"; cd "$DIR"
# Live data only: these runs are about fetching (the snapshot runs are in first-run.sh).
# Each run writes its report to report.json: the checks read it rather than the summary line.
build() { run_timed "$1" "$POKEDEX" build --api "$API" --templates "$ROOT/Templates" --no-snapshot --report report.json "${@:2}"; }

# 1. 20 % of API answers are 500/503 and at most 60 requests a second (429 + Retry-After): the first 151 still
#    build whole. A cold build asks several times faster than that, so the limit is met throughout. (All 1,351 took
#    4.5 of CI's minutes for the same paths; retries do not depend on how many Pokémon there are.)
start_mirror "$SHARED" "$DIR/port" --only 151 --faults error=0.2,ratelimit=60
build "error=0.2,ratelimit=60 (cold, 151)" --cache cache-errors --output out-errors
stats="$(mirror_stats)"; echo "$stats"
[ "$RC" = 0 ] || fail "error/ratelimit run exited $RC"
[ "$(python3 -c 'import json,sys; s=json.loads(sys.argv[1]); print(s.get("status_429", 0) > 0 and s.get("status_500", 0) > 0)' "$stats")" = True ] \
  || fail "the mirror answered no 429 or no 500: the run did not meet its faults"
expect_eq "detail pages under faults" "$(find out-errors/pokemon -name '*.html' | wc -l)" 151
[ "$(report_value report.json 'r["requests"]["retries"] > 0')" = True ] || fail "no retries reported under error=0.2"
stop_mirror

# 2. Connections reset the first time for three ids: retried, nothing missing.
start_mirror "$SHARED" "$DIR/port" --only 151 --faults once=1+4+25
build "once=1+4+25 (151)" --cache cache-once --output out-once
mirror_stats
[ "$RC" = 0 ] || fail "once run exited $RC"
expect_eq "detail pages after resets" "$(find out-once/pokemon -name '*.html' | wc -l)" 151
stop_mirror

# 3. Truncated and malformed bodies (the mirror answers conditional requests with 304 before its faults, so
#    "never replaces a good entry" is covered by swift test): never cached; reported, exit 3, after all else.
start_mirror "$SHARED" "$DIR/port" --only 151 --faults truncate=7,malformed=8
build "truncate=7,malformed=8 on a cold cache" --cache cache-cold --output out-cold
[ "$RC" = 3 ] || fail "cold run with unfetchable ids should exit 3, got $RC"
expect_eq "report of the failed run" "$(report_value report.json '(r["status"], r["exitCode"], len(r["missing"]))')" "('incomplete', 3, 2)"
grep -q 'pokemon/7/' "$ERR" && grep -q 'pokemon/8/' "$ERR" || fail "the error should name both URLs"
expect_eq "detail entries cached despite the failures" "$(ls cache-cold/v*/*/pokemon | wc -l)" 149
stop_mirror
start_mirror "$SHARED" "$DIR/port" --only 151
curl -s -X POST "http://127.0.0.1:$MIRROR_PORT/__mirror/reset" >/dev/null
build "rerun once the faults are gone" --cache cache-cold --output out-cold
[ "$RC" = 0 ] || fail "rerun exited $RC"
# The two details and where each is found (asked once its detail is in), besides what was asked before.
expect_eq "rerun fetched only what was missing (api requests)" \
  "$(mirror_stats | python3 -c 'import json,sys; print(json.load(sys.stdin).get("api_requests", 0))')" 7
stop_mirror

# 4. The origin down after a warm run: a refresh falls back to the cache, says so, and still exits 0.
start_mirror "$SHARED" "$DIR/port" --only 151 --faults down
build "down, warm cache, --refresh" --cache cache-once --output out-once --refresh
mirror_stats
[ "$RC" = 0 ] || fail "down-after-warm run exited $RC"
[ "$(report_value report.json 'r["resources"]["stale"] > 0 and r["resources"]["stale"] == len(r["stale"])')" = True ] \
  || fail "the report should count and name the stale resources"
grep -q 'Offline — showing data cached on' out-once/index.html || fail "no offline banner"
# …and with nothing cached: a clear error and a non-zero exit.
build "down, empty cache" --cache cache-empty --output out-empty
[ "$RC" != 0 ] || fail "down with an empty cache must fail"
grep -q 'hint:' "$ERR" || fail "no hint on what to do"
stop_mirror

# 5. No artwork for some ids: their pages fall back to the placeholder; all others are local copies.
start_mirror "$SHARED" "$DIR/port" --only 30 --faults noart=1+4+25
build "noart=1+4+25 (30)" --cache cache-noart --output out-noart
[ "$RC" = 0 ] || fail "noart run exited $RC"
expect_eq "local images with noart" "$(ls out-noart/images | grep -c '\.png$')" 27
expect_eq "placeholders with noart" "$(data_count out-noart 'p["image"] == "assets/placeholder.svg"')" 3
stop_mirror

# 6. Hostile names: escaped everywhere, never a path.
start_mirror "$SHARED" "$DIR/port" --only 30 --faults hostile=1+25,controls=4+7
build "hostile=1+25,controls=4+7 (30)" --cache cache-hostile --output out-hostile
[ "$RC" = 0 ] || fail "hostile run exited $RC"
# Names, genera and flavor texts holding C0 controls, DEL and a right-to-left override: no control reaches a file,
# and every bidi control is inside the isolate (FSI … PDI) that keeps it to its own text.
python3 "$ROOT/Tests/e2e/unshowable.py" out-hostile || fail "a control character or an unisolated bidi control reached the site"
grep -rq $'\u2068' out-hostile/pokemon || fail "the controlled names are not isolated (no FSI in the pages)"
if grep -rl '<script>alert' out-hostile >/dev/null; then fail "hostile markup reached the output unescaped"; fi
if find "$DIR" -name 'evil*' -o -name '*[<>"]*' | grep -q .; then fail "a hostile name became a path"; fi
if ls out-hostile/pokemon | grep -vqE '^[a-z0-9-]+\.html$'; then fail "a page name outside [a-z0-9-]"; fi
pass "hostile names escaped and kept out of paths"
stop_mirror
echo "fault runs: all passed"
