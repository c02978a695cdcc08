#!/usr/bin/env bash
# A full disk mid-build, for real: the output folder, then the cache, on a small tmpfs (needs root, as .ci/run
# is). The build must fail with an error naming a path, leave every file whole (no temporary file, every cache
# entry parseable, the manifest readable), and a rerun after the tmpfs is grown must complete.
#   Tests/e2e/full-disk.sh SHARED POKEDEX_BINARY WORK_DIR
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
SHARED="$1"; POKEDEX="$2"; WORK="$3/full-disk"
. "$ROOT/Tests/e2e/lib.sh"
cleanup() { stop_mirror; umount "$WORK/disk" 2>/dev/null || true; rm -rf "$E2E_TMP"; }
trap cleanup EXIT

rm -rf "$WORK"; mkdir -p "$WORK/disk"; cd "$WORK"
if ! mount -t tmpfs -o size=6m tmpfs "$WORK/disk" 2>/dev/null; then
  # CI runs as root (POKEDEX_E2E_STRICT=1): there a skip would pass without having tested anything.
  [ "${POKEDEX_E2E_STRICT:-}" = 1 ] && fail "cannot mount a tmpfs (not root, or no CAP_SYS_ADMIN): the full disk is untested"
  echo "skip - cannot mount a tmpfs here (not root, or no CAP_SYS_ADMIN): the injected-failure test in swift test stands in"
  exit 0
fi
# The first 151 Pokémon: their pictures (about 12 MB, and about 200 MB of the games' sprites and cries through the
# mirror) and JSON fill 6 MB as surely as all 1,351 do; the reruns get room for all of it.
start_mirror "$SHARED" "$WORK/port" --only 151

whole() {  # whole FOLDER: no temporary file, every JSON file parses
  python3 - "$1" <<'PY' || fail "torn files in $1"
import json, os, sys
bad = []
for folder, _, files in os.walk(sys.argv[1]):
    for name in files:
        path = os.path.join(folder, name)
        if ".pokedex-tmp-" in name:
            bad.append(path)
        elif name.endswith(".json"):
            try:
                json.load(open(path))
            except Exception as error:
                bad.append(f"{path}: {error}")
print("\n".join(bad[:5]))
sys.exit(1 if bad else 0)
PY
}

# 1. The output folder fills up: a clear error, the site whole.
run_timed "output on a full disk" "$POKEDEX" build --api "$API" --cache "$WORK/cache" --output "$WORK/disk/site" --no-snapshot
[ "$RC" = 1 ] || fail "a build onto a full disk exited $RC, not 1 (the site could not be written)"
grep -q "No space left on device" "$ERR" || fail "the error does not say the disk is full"
grep -q "$WORK/disk/site/" "$ERR" || fail "the error does not name the file"
pass "full output disk: exit $RC, the error names the file and the cause"
whole "$WORK/disk/site"; whole "$WORK/cache"
pass "site and cache whole after the failure"
mount -o remount,size=768m "$WORK/disk"
run_timed "output rerun after freeing space" "$POKEDEX" build --api "$API" --cache "$WORK/cache" --output "$WORK/disk/site" --no-snapshot
expect_eq "rerun exit" "$RC" 0
expect_eq "detail pages after the rerun" "$(find "$WORK/disk/site/pokemon" -name '*.html' | wc -l)" 151
rm -rf "$WORK/disk/site"

# 2. The cache fills up during a cold fetch: exit 3 naming what could not be stored, every entry whole.
mount -o remount,size=6m "$WORK/disk"
run_timed "cache on a full disk" "$POKEDEX" build --api "$API" --cache "$WORK/disk/cache" --output "$WORK/site" --no-snapshot
[ "$RC" = 3 ] || fail "a cold build with a full cache disk exited $RC, not 3 (data missing)"
grep -q "No space left on device" "$ERR" || fail "the error does not say the disk is full"
pass "full cache disk: exit $RC, says so"
whole "$WORK/disk/cache"
pass "cache whole after the failure"
[ ! -e "$WORK/site/index.html" ] || fail "a failed build wrote a site"
mount -o remount,size=768m "$WORK/disk"
run_timed "cache rerun after freeing space" "$POKEDEX" build --api "$API" --cache "$WORK/disk/cache" --output "$WORK/site" --no-snapshot
expect_eq "rerun exit" "$RC" 0
expect_eq "detail pages after the rerun" "$(find "$WORK/site/pokemon" -name '*.html' | wc -l)" 151
