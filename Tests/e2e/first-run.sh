#!/usr/bin/env bash
# pokedex as a new user meets it, on the real data: the binary copied alone into an empty folder, `pokedex init`,
# builds seeded from the bundled data snapshot (no network at all; the mirror up with the snapshot's data hash),
# every command reading pokedex.toml, an unusable snapshot file, and `pokedex snapshot` regenerating the bundled
# copy's data.
#   Tests/e2e/first-run.sh SHARED POKEDEX_BINARY WORK_DIR
set -euo pipefail
SHARED="$1"; POKEDEX="$2"; WORK="$3"
REPO="$(cd "$(dirname "$0")/../.." && pwd)"
. "$(dirname "$0")/lib.sh"
trap 'stop_mirror; rm -rf "$E2E_TMP"' EXIT

DIR="$WORK/first-run"; rm -rf "$DIR"; mkdir -p "$DIR/bin" "$DIR/home"
cp "$POKEDEX" "$DIR/bin/pokedex"
BIN="$DIR/bin/pokedex"
cd "$DIR/home"
unset POKEAPI_URL

# The binary says what data it carries, and writes its own shell completions.
"$BIN" --version >"$OUT"
grep -q '^bundled snapshot: PokeAPI data hash [0-9a-f]\{40\}, taken 20' "$OUT" || fail "--version does not name the bundled snapshot"
for shell in bash zsh fish; do
  # Into a file first: `grep -q` stops reading at its first match, and under pipefail the writer's SIGPIPE failed
  # the check now and then.
  "$BIN" --generate-completion-script "$shell" >"$E2E_TMP/completion" || fail "no $shell completion script"
  grep -q 'snapshot' "$E2E_TMP/completion" || fail "no $shell completion script naming the subcommands"
done
pass "--version names the bundled snapshot; completion scripts for bash, zsh and fish"

"$BIN" init offline-site >"$OUT"
grep -q 'Next: cd offline-site && pokedex build' "$OUT" || fail "init does not print the next command"
cd offline-site
# No network at all, whatever this machine has: a network namespace of its own, whose loopback is down, so neither
# pokeapi.co nor GitHub's pictures resolve.
NO_NETWORK=(unshare --net --map-root-user)
run_timed "first build, no network (bundled snapshot)" "${NO_NETWORK[@]}" "$BIN" build
[ "$RC" = 0 ] || fail "the first offline build exited $RC"
expect_eq "detail pages from the snapshot" "$(find Output/pokemon -name '*.html' | wc -l)" 1351
expect_eq "place pages from the snapshot" "$(find Output/locations -name '*.html' ! -name index.html | wc -l)" 626
grep -q '<a href="../locations/viridian-forest.html">Viridian Forest</a>' Output/pokemon/pikachu.html \
  || fail "Pikachu's page from the snapshot does not say where to find it"
grep -q 'Offline — showing data from the bundled snapshot of' Output/index.html || fail "no snapshot banner"
pass "the banner names the bundled snapshot"
[ -z "$(ls -A Output/images 2>/dev/null)" ] || fail "pictures were downloaded without a network"
grep -q 'src="https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/other/official-artwork/25.png"' \
  Output/pokemon/pikachu.html || fail "Pikachu's picture is not its artwork's address"
pass "artwork that could not be downloaded is referenced by its URL"
# Said once in the summary, not a warning per picture.
grep -q 'picture(s) not downloaded' "$OUT" || fail "the summary does not say the pictures are missing"
[ "$(grep -c 'image not cached' "$ERR" || true)" = 0 ] || fail "a warning per picture"
run_timed "rebuild --offline (still no pictures cached)" "${NO_NETWORK[@]}" "$BIN" build --offline
[ "$RC" = 0 ] || fail "the offline rebuild exited $RC"
[ "$(wc -l <"$ERR")" -lt 20 ] || { head -n 5 "$ERR"; fail "$(wc -l <"$ERR") lines on stderr offline"; }
pass "pictures not downloaded are said once, in the summary"
# The same offline site in three languages (30 Pokémon: the full three are built from the live data by
# real-data.sh), its pictures referenced by their absolute URLs.
run_timed "en, fr and ja offline from the snapshot, 30 Pokémon" "$BIN" build --offline --limit 30 --output Output-languages \
  --language en --language fr --language ja
[ "$RC" = 0 ] || fail "the offline three-language build exited $RC"
grep -q 'src="https://raw.githubusercontent.com/PokeAPI/sprites/' Output-languages/ja/index.html || fail "ja/index.html does not reference its pictures by URL"
pass "en, fr and ja built offline, pictures by URL"
"$BIN" favorites add pikachu raichu-alola >/dev/null || fail "favorites add without a flag"
expect_eq "favorites list without a flag" "$("$BIN" favorites list)" "#0025 Pikachu
#0026 Alolan Raichu — raichu-alola, id 10100"
cd ..

start_mirror "$SHARED" "$DIR/port"
"$BIN" init mirror-site >/dev/null
cd mirror-site
sed -i "s|^# api = .*|api = \"$API\"|" pokedex.toml
run_timed "first build, mirror up, empty cache" "$BIN" build
[ "$RC" = 0 ] || fail "the first build against the mirror exited $RC"
mirror_stats
expect_eq "JSON requests of a first build (the /meta/ hash matches the snapshot's)" \
  "$(mirror_stats | python3 -c 'import json,sys; print(json.load(sys.stdin).get("api_requests", 0))')" 1
grep -q 'Offline — showing' Output/index.html && fail "a banner although the server confirmed the data"
pass "no banner: the server confirmed the snapshot's data"
curl -s -X POST "http://127.0.0.1:$MIRROR_PORT/__mirror/reset" >/dev/null
run_timed "second build" "$BIN" build
[ "$RC" = 0 ] || fail "the second build exited $RC"
expect_eq "JSON requests of the second build" \
  "$(mirror_stats | python3 -c 'import json,sys; print(json.load(sys.stdin).get("api_requests", 0))')" 0
"$BIN" favorites add 'Mr. Mime' 25 >/dev/null
expect_eq "favorites list" "$("$BIN" favorites list)" "#0122 Mr. Mime
#0025 Pikachu"
cd ..

# An unusable snapshot file: a clear message, and with a network the build goes on without it.
"$BIN" init bad-snapshot >/dev/null
cd bad-snapshot
head -c 50000 /dev/urandom > truncated.snapshot
sed -i "s|^# api = .*|api = \"$API\"|; s|^# snapshot = .*|snapshot = \"truncated.snapshot\"|; s|^# per-page = .*|per-page = 100|" pokedex.toml
run_timed "build with a corrupt snapshot file, mirror up" "$BIN" build --limit 100
[ "$RC" = 0 ] || fail "a corrupt snapshot stopped a build that had the network"
grep -q 'truncated or corrupt snapshot' "$ERR" || fail "no message about the corrupt snapshot"
pass "a corrupt snapshot is reported and the build fetches instead"
cd ..

# The bundled copy's data, regenerated by its own command from the mirror (sprite URLs left as PokeAPI's).
stop_mirror
start_mirror "$SHARED" "$DIR/port" --keep-sprite-urls
run_timed "pokedex snapshot" "$BIN" snapshot --api "$API" --output "$DIR/fresh.snapshot" --cache "$DIR/snapshot-cache"
[ "$RC" = 0 ] || fail "pokedex snapshot exited $RC"
grep -q '^1351 Pokémon, 1025 species, 541 evolution chains, 18 types, 326 forms, 833 moves, 2044 machines, 312 abilities, 927 Pokémon found somewhere, 1426 areas in 626 places, 35 Pokédexes, 25 natures, 579 items in 17 categories, 545 named resources, data hash ' "$OUT" || fail "unexpected snapshot summary"
echo "snapshot file: $(stat -c %s "$DIR/fresh.snapshot") bytes"
# The file the repository compiles in is exactly what the command makes from this data, but for its date and
# the server it names.
python3 - "$DIR/fresh.snapshot" "$REPO/Snapshot/bundled.pokedex-snapshot" <<'PY' || fail "Snapshot/bundled.pokedex-snapshot is not what pokedex snapshot makes from the mirror: regenerate it"
import gzip, json, sys
fresh, bundled = (json.loads(gzip.open(path).read()) for path in sys.argv[1:3])
for snapshot in (fresh, bundled):
    snapshot.pop("createdAt"); snapshot.pop("source")
sys.exit(0 if fresh == bundled else 1)
PY
pass "the bundled snapshot file is what pokedex snapshot makes from the mirror"
stop_mirror
"$BIN" init from-file >/dev/null
cd from-file
run_timed "build from the fresh snapshot file, no network" "${NO_NETWORK[@]}" "$BIN" build --snapshot "$DIR/fresh.snapshot"
[ "$RC" = 0 ] || fail "build from the regenerated snapshot exited $RC"
grep -q 'Offline — showing data from the snapshot of' Output/index.html || fail "no banner for a snapshot file"
expect_eq "detail pages from the regenerated snapshot" "$(find Output/pokemon -name '*.html' | wc -l)" 1351
expect_eq "move pages from the regenerated snapshot" "$(find Output/moves -name '*.html' ! -name index.html | wc -l)" 833
# The same pages but for the banner's wording and date (and the star of the favorite added in offline-site).
for page in pokemon/bulbasaur pokemon/eevee pokemon/charizard-mega-x moves/thunderbolt moves/index; do
  diff <(grep -v 'snapshot of' "Output/$page.html") <(grep -v 'snapshot of' "../offline-site/Output/$page.html") >/dev/null \
    || fail "the regenerated snapshot renders $page differently from the bundled one"
done
pass "the regenerated snapshot renders as the bundled one"
