#!/usr/bin/env bash
# Render speed against peers measured in the same run, on the real snapshot (all 1,351 Pokémon) served by
# ../shared/tools/pokeapi-mirror: Hugo (Debian's `hugo`, the same pages from ../shared/peers/hugo/make_site.py)
# for rendering, curl (`--parallel --parallel-max 8`, the same URLs) for the cold fetch. Full renders are timed in
# alternation with Hugo's (Benchmarks/alternate.py), the rest with hyperfine; the table shows medians and ratios,
# on the disk (ext4 here) and on tmpfs. Figures, never pass/fail: CI prints them.
#   Benchmarks/render.sh [POKEDEX_RELEASE_BINARY] [WORK_DIR] [RUNS]
# Needs hugo, hyperfine, curl and GNU time (installed by .ci/run).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SHARED="$(cd "$ROOT/.." && pwd)/shared"
POKEDEX="$(realpath "${1:-$ROOT/.build/release/pokedex}")"
WORK="${2:-$ROOT/.ci-work}/render-bench"
RUNS="${3:-5}"
. "$ROOT/Tests/e2e/lib.sh"
trap 'stop_mirror; rm -rf "$E2E_TMP"' EXIT
[ -x "$POKEDEX" ] || { echo "no $POKEDEX: run swift build -c release first" >&2; exit 1; }
for tool in hugo hyperfine curl /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "$tool is missing (apt-get install hugo hyperfine curl time)" >&2; exit 1; }
done

# Sites are written twice: to the disk users write to (ext4 under WORK, after `rm -rf` of the last output), and
# to tmpfs (/dev/shm) beside it, which hides the per-file cost of creating files. BENCH_TMPFS=DIR chooses another.
DISK="$WORK/out"
TMPFS="${BENCH_TMPFS:-/dev/shm/pokedex-render-bench}"
[ -d "$(dirname "$TMPFS")" ] && [ -w "$(dirname "$TMPFS")" ] || TMPFS=""
rm -rf "$WORK" ${TMPFS:+"$TMPFS"}; mkdir -p "$WORK" "$DISK" ${TMPFS:+"$TMPFS"}; cd "$WORK"
echo "disk: $(df -T "$DISK" | awk 'NR==2 {print $2}') at $DISK; tmpfs: ${TMPFS:-none}"
start_mirror "$SHARED" "$WORK/port"
API_DIR="$("$SHARED/tools/pokeapi-mirror" --unpack-only)"
python3 "$SHARED/peers/hugo/make_site.py" "$API_DIR" "$WORK/hugo" >/dev/null
"$POKEDEX" theme eject "$WORK/theme" >/dev/null
# The same theme with pages that print one value each: what a full render costs besides the template engine.
cp -r "$WORK/theme" "$WORK/theme-floor"
for page in index pokemon move moves ability abilities type types search favorites 404; do echo '{{pageTitle}}' > "$WORK/theme-floor/$page.mustache"; done

P=(build --api "$API" --cache "$WORK/cache" --no-snapshot --templates "$WORK/theme")
"$POKEDEX" "${P[@]}" --output "$WORK/warmup" >/dev/null   # fills the cache: every later build is warm
# The engine alone: the bytes of HTML it wrote over the time it spent, per core (from `-v`'s render stage).
ENGINE_LINE="$("$POKEDEX" "${P[@]}" --output "$WORK/engine-out" --images remote -v 2>&1 | grep -o 'template engine: .* per core' | head -n 1)"
rm -rf "$WORK/warmup" "$WORK/engine-out"

median() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][0]["median"])' "$1"; }
peak() {  # peak LABEL command…: peak RSS in MiB of one run
  /usr/bin/time -f "%M" -o "$WORK/rss" "${@:2}" >/dev/null 2>&1 || true
  echo $(( $(tail -n 1 "$WORK/rss") / 1024 ))
}
bench() {  # bench NAME PREPARE COMMAND: median seconds into $NAME.json
  hyperfine --style none --warmup 1 --runs "$RUNS" --prepare "$2" --export-json "$WORK/$1.json" "$3" >/dev/null
}

# The render figures, once per place: NAME-disk.json and NAME-tmpfs.json.
render_figures() {  # render_figures TAG OUT
  local tag="$1" out="$2"
  # 1. Full render from the warm cache into an empty folder, pictures by URL, against Hugo into an empty folder;
  # 1b. the same pages through one-value templates (the share of the template engine, for comparison);
  # 2. the same with local pictures (copied from the cache); 2b. the site of 1 copied with `cp -r` into an emptied
  # folder: no render at all, only the files created (the disk's floor under any generator). In alternation, round
  # after round (see alternate.py).
  python3 "$ROOT/Benchmarks/alternate.py" "$RUNS" "$WORK" \
    "hugo-$tag" "rm -rf $out/hugo" "hugo --quiet -s $WORK/hugo -d $out/hugo" \
    "remote-$tag" "rm -rf $out/out-remote" "$POKEDEX ${P[*]} --output $out/out-remote --images remote" \
    "floor-$tag" "rm -rf $out/out-floor" \
    "$POKEDEX build --api $API --cache $WORK/cache --no-snapshot --templates $WORK/theme-floor --output $out/out-floor --images remote" \
    "local-$tag" "rm -rf $out/out-local" "$POKEDEX ${P[*]} --output $out/out-local" \
    "copy-$tag" "rm -rf $out/out-copy" "cp -r $out/out-remote $out/out-copy"
  rm -rf "$out/out-copy"
  # 3. Rebuild with nothing changed (out-local holds the last build).
  bench "noop-$tag" "true" "$POKEDEX ${P[*]} --output $out/out-local"
  # 4. Rebuild after editing partials/cell.mustache (a new comment before every run).
  bench "partial-$tag" "echo \"<!-- edit \$RANDOM\$RANDOM -->\" >> $WORK/theme/partials/cell.mustache" \
    "$POKEDEX ${P[*]} --output $out/out-local"
}
render_figures disk "$DISK"
# 5. The same pages in three languages (en at the root, fr/ and ja/), one model for the three: against three
# times one language (remote-disk).
bench languages "rm -rf $DISK/out-languages" \
  "$POKEDEX ${P[*]} --output $DISK/out-languages --images remote --language en --language fr --language ja"
LANGUAGES_LINE="$("$POKEDEX" "${P[@]}" --output "$DISK/out-languages-line" --images remote --language en --language fr --language ja 2>&1 | tail -n 1)"
rm -rf "$DISK/out-languages" "$DISK/out-languages-line"
NOOP_LINE="$("$POKEDEX" "${P[@]}" --output "$DISK/out-local" 2>&1 | tail -n 1)"
PARTIAL_LINE="$(echo "<!-- last edit -->" >> "$WORK/theme/partials/cell.mustache"; "$POKEDEX" "${P[@]}" --output "$DISK/out-local" 2>&1 | tail -n 1)"
if [ -n "$TMPFS" ]; then render_figures tmpfs "$TMPFS"; rm -rf "$TMPFS"/*; fi
OUT="$DISK"

# 6. Thumbnails of every artwork (libpng and libwebp on every core) from a warm cache that has none, and how many
#    pictures the next, warm build decodes.
bench thumbnails "rm -rf $WORK/cache/v*/*/thumbnails" "$POKEDEX ${P[*]} --output $OUT/out-local"
THUMBNAILS_MADE="$(ls "$WORK"/cache/v*/*/thumbnails | grep -c '\.webp$')"
rm -rf "$WORK/cache/memos"   # a build in full, not one answered from the last build's memo
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
# The last run's cache and site are moved aside, not deleted: curl writes nothing, and on ext4 without a journal the
# 11,000 files an `rm -rf` frees just before would cost pokedex alone seconds of the kernel's time (languages.sh).
mkdir -p "$WORK/cold-trash"
bench cold "for old in $WORK/cold-cache $OUT/cold-out; do if [ -e \$old ]; then mv \$old $WORK/cold-trash/\$(date +%s%N); fi; done" \
  "$POKEDEX build --api $API --cache $WORK/cold-cache --output $OUT/cold-out --no-snapshot --templates $WORK/theme"
rm -rf "$WORK/cold-trash"

# Peak memory, one run each.
rm -rf "$OUT/rss-out"; RSS_REMOTE=$(peak remote "$POKEDEX" "${P[@]}" --output "$OUT/rss-out" --images remote)
rm -rf "$OUT/rss-out"; RSS_LOCAL=$(peak local "$POKEDEX" "${P[@]}" --output "$OUT/rss-out")
RSS_NOOP=$(peak noop "$POKEDEX" "${P[@]}" --output "$OUT/rss-out")
rm -rf "$WORK/cold-cache" "$OUT/cold-out"
RSS_COLD=$(peak cold "$POKEDEX" build --api "$API" --cache "$WORK/cold-cache" --output "$OUT/cold-out" --no-snapshot --templates "$WORK/theme")
RSS_HUGO=$(rm -rf "$OUT/hugo"; peak hugo hugo --quiet -s "$WORK/hugo" -d "$OUT/hugo")

python3 - "$WORK" "$RUNS" "$URLS" "$RSS_REMOTE" "$RSS_LOCAL" "$RSS_NOOP" "$RSS_COLD" "$RSS_HUGO" \
  "$THUMBNAILS_MADE" "$WARM_DECODED" "${TMPFS:+yes}" <<'PY'
import json, os, sys
work, runs, urls = sys.argv[1], sys.argv[2], sys.argv[3]
rss_remote, rss_local, rss_noop, rss_cold, rss_hugo = sys.argv[4:9]
thumbnails_made, warm_decoded, has_tmpfs = sys.argv[9], sys.argv[10], sys.argv[11] == "yes"
def median(name):
    return json.load(open(f"{work}/{name}.json"))["results"][0]["median"]
m = {k: median(k) for k in ("curl", "cold", "thumbnails")}
places = ["disk"] + (["tmpfs"] if has_tmpfs else [])
for place in places:
    for k in ("hugo", "remote", "floor", "local", "copy", "noop", "partial"):
        m[f"{k}-{place}"] = median(f"{k}-{place}")
print(f"\nMedians of {runs} runs (full renders alternating with Hugo's, the rest hyperfine), release build, real snapshot through the mirror; 'disk' is ext4 under {work}:\n")
print("| figure | where | pokedex | peer | ratio | target |")
print("| --- | --- | --- | --- | --- | --- |")
for place in places:
    h = m[f"hugo-{place}"]
    r, f, l, c, n, p = (m[f"{k}-{place}"] for k in ("remote", "floor", "local", "copy", "noop", "partial"))
    print(f"| full render, warm cache, empty folder, `--images remote` | {place} | {r:.2f} s | Hugo {h:.2f} s | {r/h:.2f}× Hugo | ≤ 0.3× |")
    print(f"| the same pages through one-value templates (all but the engine's work) | {place} | {f:.2f} s | Hugo {h:.2f} s | {f/h:.2f}× Hugo | (the floor) |")
    print(f"| that site copied into an emptied folder (`cp -r`: no render, only the files made) | {place} | {c:.2f} s | Hugo {h:.2f} s | {c/h:.2f}× Hugo | (the disk's floor) |")
    print(f"| the same with local images | {place} | {l:.2f} s | remote images {r:.2f} s | +{l-r:.2f} s | ≤ +0.5 s |")
    print(f"| rebuild, nothing changed | {place} | {n:.2f} s | Hugo full {h:.2f} s | {n/h:.2f}× Hugo | ≤ 0.15 s, 0 files written |")
    print(f"| rebuild after editing `partials/cell.mustache` | {place} | {p:.2f} s | Hugo full {h:.2f} s | {p/h:.2f}× Hugo | ≤ 0.3 s |")
print(f"| cold fetch and build from the mirror | disk | {m['cold']:.2f} s | curl, {urls} URLs, 8 parallel: {m['curl']:.2f} s | {m['cold']/m['curl']:.2f}× curl | ≤ 1.2× |")
print(f"| every thumbnail from a cache without any ({thumbnails_made} files), whole build | disk | {m['thumbnails']:.2f} s | | | ≤ 10 s; then a warm build decodes {warm_decoded} pictures (target 0) |")
g = median("languages")
print(f"| full render in three languages (en, fr, ja: 7,719 pages), `--images remote` | disk | {g:.2f} s | 3 × one language {3*m['remote-disk']:.2f} s | {g/m['remote-disk']:.2f}× one language | < 3× (one model) |")
print(f"| peak RSS (remote / local / no-op / cold) | disk | {rss_remote} / {rss_local} / {rss_noop} / {rss_cold} MiB | Hugo {rss_hugo} MiB | | ≤ 100 MiB |")
PY
echo
echo "engine:           $ENGINE_LINE"
echo "no-op rebuild:    $NOOP_LINE"
echo "partial rebuild:  $PARTIAL_LINE"
echo "three languages:  $LANGUAGES_LINE"
rm -rf "$DISK"
