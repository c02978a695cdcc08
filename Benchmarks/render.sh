#!/usr/bin/env bash
# Render speed against peers measured in the same run, on the real snapshot (all 1,351 Pokémon) served by
# ../shared/tools/pokeapi-mirror: Hugo (Debian's `hugo`, the same pages from ../shared/peers/hugo/make_site.py)
# for rendering, curl (`--parallel --parallel-max 8`, the same URLs) for the cold fetch. hyperfine runs each
# command several times; the table shows medians and ratios. Figures, never pass/fail: CI prints them.
#   Benchmarks/render.sh [POKEDEX_RELEASE_BINARY] [WORK_DIR] [RUNS]
# Needs hugo, hyperfine, curl and GNU time (installed by .ci/run).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SHARED="$(cd "$ROOT/.." && pwd)/shared"
POKEDEX="$(realpath "${1:-$ROOT/.build/release/pokedex}")"
WORK="${2:-$ROOT/.ci-work}/render-bench"
RUNS="${3:-5}"
. "$ROOT/Tests/e2e/lib.sh"
trap stop_mirror EXIT
[ -x "$POKEDEX" ] || { echo "no $POKEDEX: run swift build -c release first" >&2; exit 1; }
for tool in hugo hyperfine curl /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "$tool is missing (apt-get install hugo hyperfine curl time)" >&2; exit 1; }
done

# Both tools write their sites into OUT: /dev/shm (tmpfs) when there is one, so that the figures measure the
# renderers rather than ext4's inode allocator, which after the previous run's `rm -rf` varied 2× between runs
# on the CI disk. BENCH_OUT=DIR chooses another place.
OUT="${BENCH_OUT:-}"
if [ -z "$OUT" ]; then
  if [ -d /dev/shm ] && [ -w /dev/shm ]; then OUT=/dev/shm/pokedex-render-bench; else OUT="$WORK/out"; fi
fi
rm -rf "$WORK" "$OUT"; mkdir -p "$WORK" "$OUT"; cd "$WORK"
start_mirror "$SHARED" "$WORK/port"
API_DIR="$("$SHARED/tools/pokeapi-mirror" --unpack-only)"
python3 "$SHARED/peers/hugo/make_site.py" "$API_DIR" "$WORK/hugo" >/dev/null
"$POKEDEX" theme eject "$WORK/theme" >/dev/null
# The same theme with pages that print one value each: what a full render costs besides swift-mustache's work.
cp -r "$WORK/theme" "$WORK/theme-floor"
for page in index pokemon favorites 404; do echo '{{pageTitle}}' > "$WORK/theme-floor/$page.mustache"; done

P=(build --api "$API" --cache "$WORK/cache" --no-snapshot --templates "$WORK/theme")
"$POKEDEX" "${P[@]}" --output "$WORK/warmup" >/dev/null   # fills the cache: every later build is warm
rm -rf "$WORK/warmup"

median() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][0]["median"])' "$1"; }
peak() {  # peak LABEL command…: peak RSS in MiB of one run
  /usr/bin/time -f "%M" -o "$WORK/rss" "${@:2}" >/dev/null 2>&1 || true
  echo $(( $(tail -n 1 "$WORK/rss") / 1024 ))
}
bench() {  # bench NAME PREPARE COMMAND: median seconds into $NAME.json
  hyperfine --style none --warmup 1 --runs "$RUNS" --prepare "$2" --export-json "$WORK/$1.json" "$3" >/dev/null
}

# 1. Full render from the warm cache into an empty folder, pictures by URL, against Hugo into an empty folder.
bench hugo "rm -rf $OUT/hugo" "hugo --quiet -s $WORK/hugo -d $OUT/hugo"
bench remote "rm -rf $OUT/out-remote" "$POKEDEX ${P[*]} --output $OUT/out-remote --images remote"
# 1b. The same pages through one-value templates (the share of the template engine, for comparison).
bench floor "rm -rf $OUT/out-floor" \
  "$POKEDEX build --api $API --cache $WORK/cache --no-snapshot --templates $WORK/theme-floor --output $OUT/out-floor --images remote"
# 2. The same with local pictures (copied from the cache).
bench local "rm -rf $OUT/out-local" "$POKEDEX ${P[*]} --output $OUT/out-local"
# 3. Rebuild with nothing changed (out-local holds the last build).
bench noop "true" "$POKEDEX ${P[*]} --output $OUT/out-local"
NOOP_LINE="$("$POKEDEX" "${P[@]}" --output "$OUT/out-local" 2>&1 | tail -n 1)"
# 4. Rebuild after editing partials/cell.mustache (a new comment before every run).
bench partial "echo \"<!-- edit \$RANDOM\$RANDOM -->\" >> $WORK/theme/partials/cell.mustache" "$POKEDEX ${P[*]} --output $OUT/out-local"
PARTIAL_LINE="$(echo "<!-- last edit -->" >> "$WORK/theme/partials/cell.mustache"; "$POKEDEX" "${P[@]}" --output "$OUT/out-local" 2>&1 | tail -n 1)"

# 6. Thumbnails of every artwork (libpng and libwebp on every core) from a warm cache that has none, and how many
#    pictures the next, warm build decodes.
bench thumbnails "rm -rf $WORK/cache/v3/*/thumbnails" "$POKEDEX ${P[*]} --output $OUT/out-local"
THUMBNAILS_MADE="$(ls "$WORK"/cache/v3/*/thumbnails | grep -c '\.webp$')"
WARM_DECODED="$("$POKEDEX" "${P[@]}" --output "$OUT/out-local" -v 2>&1 | sed -n 's/.*images and thumbnails (\([0-9]*\) pictures decoded).*/\1/p')"

# 5. Cold fetch and build from the mirror against curl fetching the same URLs (every URL the cache holds).
python3 - "$WORK/cache" > "$WORK/curl.conf" <<'PY'
import json, os, sys
urls = set()
for folder, _, files in os.walk(sys.argv[1]):
    for name in files:
        if name.endswith(".json"):
            entry = json.load(open(os.path.join(folder, name)))
            meta = entry.get("metadata", {})
            if meta.get("url") and not name.endswith(".absent.json"):
                urls.add(meta["url"])
for url in sorted(urls):
    print(f'url = "{url}"\noutput = "/dev/null"')
PY
URLS=$(grep -c '^url' "$WORK/curl.conf")
bench curl "true" "curl --silent --fail --compressed --parallel --parallel-max 8 --config $WORK/curl.conf"
bench cold "rm -rf $WORK/cold-cache $OUT/cold-out" \
  "$POKEDEX build --api $API --cache $WORK/cold-cache --output $OUT/cold-out --no-snapshot --templates $WORK/theme"

# Peak memory, one run each.
rm -rf "$OUT/rss-out"; RSS_REMOTE=$(peak remote "$POKEDEX" "${P[@]}" --output "$OUT/rss-out" --images remote)
rm -rf "$OUT/rss-out"; RSS_LOCAL=$(peak local "$POKEDEX" "${P[@]}" --output "$OUT/rss-out")
RSS_NOOP=$(peak noop "$POKEDEX" "${P[@]}" --output "$OUT/rss-out")
rm -rf "$WORK/cold-cache" "$OUT/cold-out"
RSS_COLD=$(peak cold "$POKEDEX" build --api "$API" --cache "$WORK/cold-cache" --output "$OUT/cold-out" --no-snapshot --templates "$WORK/theme")
RSS_HUGO=$(rm -rf "$OUT/hugo"; peak hugo hugo --quiet -s "$WORK/hugo" -d "$OUT/hugo")

python3 - "$WORK" "$RUNS" "$URLS" "$OUT" "$RSS_REMOTE" "$RSS_LOCAL" "$RSS_NOOP" "$RSS_COLD" "$RSS_HUGO" \
  "$THUMBNAILS_MADE" "$WARM_DECODED" <<'PY'
import json, sys
work, runs, urls = sys.argv[1], sys.argv[2], sys.argv[3]
out = sys.argv[4]
rss_remote, rss_local, rss_noop, rss_cold, rss_hugo = sys.argv[5:10]
thumbnails_made, warm_decoded = sys.argv[10:12]
m = {k: json.load(open(f"{work}/{k}.json"))["results"][0]["median"]
     for k in ("hugo", "remote", "floor", "local", "noop", "partial", "curl", "cold", "thumbnails")}
print(f"\nMedians of {runs} runs (hyperfine), release build, real snapshot through the mirror, sites written to {out}:\n")
print("| figure | pokedex | peer | ratio | target |")
print("| --- | --- | --- | --- | --- |")
print(f"| full render, warm cache, empty folder, `--images remote` | {m['remote']:.2f} s | Hugo {m['hugo']:.2f} s | {m['remote']/m['hugo']:.2f}× Hugo | ≤ 0.5× |")
print(f"| the same pages through one-value templates (all but the template engine's work) | {m['floor']:.2f} s | Hugo {m['hugo']:.2f} s | {m['floor']/m['hugo']:.2f}× Hugo | (for comparison) |")
print(f"| the same with local images | {m['local']:.2f} s | remote images {m['remote']:.2f} s | +{m['local']-m['remote']:.2f} s | ≤ +0.5 s |")
print(f"| rebuild, nothing changed | {m['noop']:.2f} s | Hugo full {m['hugo']:.2f} s | {m['noop']/m['hugo']:.2f}× Hugo | ≤ 0.3 s, 0 files written |")
print(f"| rebuild after editing `partials/cell.mustache` | {m['partial']:.2f} s | Hugo full {m['hugo']:.2f} s | {m['partial']/m['hugo']:.2f}× Hugo | ≤ 0.5 s |")
print(f"| cold fetch and build from the mirror | {m['cold']:.2f} s | curl, {urls} URLs, 8 parallel: {m['curl']:.2f} s | {m['cold']/m['curl']:.2f}× curl | ≤ 1.2× |")
print(f"| every thumbnail from a cache without any ({thumbnails_made} files), whole build | {m['thumbnails']:.2f} s | | | ≤ 10 s; then a warm build decodes {warm_decoded} pictures (target 0) |")
print(f"| peak RSS (remote / local / no-op / cold) | {rss_remote} / {rss_local} / {rss_noop} / {rss_cold} MiB | Hugo {rss_hugo} MiB | | ≤ 100 MiB |")
PY
echo
echo "no-op rebuild:    $NOOP_LINE"
echo "partial rebuild:  $PARTIAL_LINE"
rm -rf "$OUT"
