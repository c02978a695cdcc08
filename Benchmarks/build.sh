#!/usr/bin/env bash
# Build benchmarks on the real snapshot, served by ../shared/tools/pokeapi-mirror: wall time, peak memory and
# requests of the four builds that matter, printed as a table. Figures, not pass/fail: timing never fails CI.
#   Benchmarks/build.sh [POKEDEX_BINARY] [WORK_DIR]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SHARED="$(cd "$ROOT/.." && pwd)/shared"
POKEDEX="${1:-$ROOT/.build/debug/pokedex}"
WORK="${2:-$ROOT/.ci-work}/bench"
. "$ROOT/Tests/e2e/lib.sh"
trap 'stop_mirror; rm -rf "$E2E_TMP"' EXIT
[ -x "$POKEDEX" ] || { echo "no $POKEDEX: run swift build first" >&2; exit 1; }

rm -rf "$WORK"; mkdir -p "$WORK"; cd "$WORK"
start_mirror "$SHARED" "$WORK/port"
ROWS=()
bench() {  # bench LABEL [build options…]: one build, one row
  local label="$1"; shift
  curl -s -X POST "http://127.0.0.1:$MIRROR_PORT/__mirror/reset" >/dev/null
  run_timed "$label" "$POKEDEX" build --api "$API" --templates "$ROOT/Templates" --no-snapshot "$@"
  [ "$RC" = 0 ] || fail "$label exited $RC"
  local stats; stats=$(mirror_stats)
  read -r secs kb < <(tail -n 1 "$E2E_TMP/time")
  ROWS+=("$(python3 -c 'import json,sys; s=json.loads(sys.argv[1]); print("| %s | %s s | %d MiB | %d | %d | %.1f MB |" % (sys.argv[2], sys.argv[3], int(sys.argv[4])//1024, s.get("api_requests",0), s.get("image_requests",0), s.get("bytes_sent",0)/1e6))' "$stats" "$label" "$secs" "$kb")")
}

bench "cold: empty cache"
bench "warm: fresh cache"
# A day later: every entry past its max-age. The /meta/ data hash is unchanged, so JSON is not revalidated.
python3 - .pokedex-cache <<'PY'
import json, os, sys
for folder, _, files in os.walk(sys.argv[1]):
    for name in files:
        if name.endswith(".json"):
            path = os.path.join(folder, name)
            entry = json.load(open(path))
            if "metadata" not in entry:
                continue  # thumbnails/index.json: derived data, not a fetched resource
            entry["metadata"]["storedAt"] -= 2 * 86400
            json.dump(entry, open(path, "w"), sort_keys=True)
PY
cp -a .pokedex-cache stale-copy
bench "stale cache, unchanged data hash"
rm -rf .pokedex-cache; mv stale-copy .pokedex-cache
bench "stale cache, --refresh (no hash shortcut)" --refresh

echo
echo "| build | wall | peak RSS | API requests | image requests | bytes received |"
echo "| --- | --- | --- | --- | --- | --- |"
printf '%s\n' "${ROWS[@]}"
