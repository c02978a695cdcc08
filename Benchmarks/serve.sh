#!/usr/bin/env bash
# `pokedex serve` on the real snapshot, served by ../shared/tools/pokeapi-mirror: requests per second under wrk
# (200 connections, 10 s, loopback) for the index and a detail page, and the time from saving a template to the
# `reload` event on the events stream, which open pages reload on, and the time from saving partials/cell.mustache
# to its bytes in Output/index.html (EDITS saves). Figures, not pass/fail (errors under load fail).
#   Benchmarks/serve.sh [POKEDEX_BINARY] [WORK_DIR]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SHARED="$(cd "$ROOT/.." && pwd)/shared"
POKEDEX="${1:-$ROOT/.build/release/pokedex}"
WORK="${2:-$ROOT/.ci-work}/bench-serve"
SAVES="${SAVES:-10}"
. "$ROOT/Tests/e2e/lib.sh"
SERVE_PID=""
cleanup() {
  if [ -n "$SERVE_PID" ]; then kill -INT "$SERVE_PID" 2>/dev/null || true; wait "$SERVE_PID" 2>/dev/null || true; fi
  stop_mirror
  rm -rf "$E2E_TMP"
}
trap cleanup EXIT
[ -x "$POKEDEX" ] || { echo "no $POKEDEX: run swift build -c release first" >&2; exit 1; }
command -v wrk >/dev/null || { echo "wrk is needed: apt-get install -y wrk" >&2; exit 1; }

rm -rf "$WORK"; mkdir -p "$WORK"; cd "$WORK"
start_mirror "$SHARED" "$WORK/port"
"$POKEDEX" theme eject theme >/dev/null
start_serve "$POKEDEX" serve --api "$API" --no-snapshot --templates theme --port 0
URL="$SERVE_URL"
head -n 1 serve.out

load() {  # load PATH: wrk against one file, its req/s; any error fails
  local out; out=$(wrk -c 200 -t 2 -d 10s "${URL%/}$1")
  if grep -qE 'Socket errors|Non-2xx' <<<"$out"; then echo "$out" >&2; fail "errors under load on $1"; fi
  printf '| %s | %s | %s |\n' "$1" "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" "$(awk '/Latency/ {print $2; exit}' <<<"$out")"
}
echo
echo "| path (200 connections, 10 s) | req/s | mean latency |"
echo "| --- | --- | --- |"
load /index.html
load /pokemon/pikachu.html

# Save a template SAVES times, one save per rebuild; time each save to its `reload` event. The footer is on every
# page (1488 pages rendered again); index.mustache only on the index pages.
python3 - "$URL" "$SAVES" theme/partials/footer.mustache theme/index.mustache <<'PY'
import http.client, statistics, sys, time, urllib.parse
url, saves, templates = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
parts = urllib.parse.urlsplit(url)
connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=120)
connection.request("GET", "/__pokedex/events")
stream = connection.getresponse()
assert stream.status == 200, stream.status

def next_event():
    name = None
    while True:
        line = stream.readline().decode().rstrip("\n")
        if line.startswith("event: "):
            name = line[7:]
        elif line == "" and name:
            return name

assert next_event() == "build"
print()
for template in templates:
    original = open(template).read()
    times = []
    try:
        for i in range(saves):
            with open(template, "w") as f:
                f.write(original + "<!-- save %d -->\n" % i)
            start = time.monotonic()
            while next_event() != "reload":
                pass
            times.append(time.monotonic() - start)
            time.sleep(0.5)
    finally:
        open(template, "w").write(original)
        while next_event() != "reload":  # the rebuild of the restored file
            pass
    ms = sorted(t * 1000 for t in times)
    print("save %s to reload event, %d saves: min %.0f ms, median %.0f ms, max %.0f ms"
          % (template, len(ms), ms[0], statistics.median(ms), ms[-1]))
PY

# Issue 60's figure: save partials/cell.mustache EDITS times (5 by default), each time until Output/index.html on
# disk holds the new bytes (what a theme author's browser gets on reload), median against the 0.30 s target. The
# saves come after the rebuilds above, so serve already keeps its model, as it does after its first build.
python3 "$ROOT/Benchmarks/save_to_disk.py" theme/partials/cell.mustache Output/index.html "${EDITS:-5}"
echo
tail -n 2 serve.out | sed 's/^/last rebuild: /' | tail -n 1
kill -INT "$SERVE_PID"; RC=0; wait "$SERVE_PID" || RC=$?; SERVE_PID=""
expect_eq "serve's exit status after SIGINT" "$RC" 0
