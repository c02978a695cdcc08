#!/usr/bin/env bash
# "One pass at any size" in one run, on the real snapshot served by ../shared/tools/pokeapi-mirror, the release
# build, on the disk under WORK (ext4 here), every figure beside its target. Figures, never pass/fail.
#   1. Full render, warm cache, `--images remote`: one language and en/fr/ja, each into a new folder (nothing
#      deleted in the minutes before) and over the existing site after an edit of the head partial (every page
#      changed), against Hugo rendering the same pages (../shared/peers/hugo/make_site.py) likewise; in alternation,
#      medians of RUNS rounds (Benchmarks/alternate.py), with each run's peak RSS (GNU time).
#   2. All twelve languages once, against the one-language run.
#   3. `--images local` over `--images remote`, warm, into a new folder (alternating, medians).
#   4. The rebuild with nothing changed, online and offline (hyperfine).
#   5. `pokedex serve` on the warm cache: save partials/cell.mustache EDITS times, each until Output/index.html
#      holds the new bytes.
#   6. The cold build (empty cache, the mirror) against curl fetching the same URLs with 8 at once.
#   Benchmarks/one-pass.sh [POKEDEX_RELEASE_BINARY] [WORK_DIR] [RUNS]
# Needs hugo, hyperfine, curl and GNU time (installed by .ci/run). About 25 minutes on the 2-core machine.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SHARED="$(cd "$ROOT/.." && pwd)/shared"
POKEDEX="$(realpath "${1:-$ROOT/.build/release/pokedex}")"
WORK="${2:-$ROOT/.ci-work}/one-pass-bench"
RUNS="${3:-3}"
EDITS="${EDITS:-5}"
. "$ROOT/Tests/e2e/lib.sh"
SERVE_PID=""
cleanup() {
  if [ -n "$SERVE_PID" ]; then kill -INT "$SERVE_PID" 2>/dev/null || true; wait "$SERVE_PID" 2>/dev/null || true; fi
  stop_mirror
  rm -rf "$E2E_TMP"
}
trap cleanup EXIT
[ -x "$POKEDEX" ] || { echo "no $POKEDEX: run swift build -c release first" >&2; exit 1; }
for tool in hugo hyperfine curl /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "$tool is missing (apt-get install hugo hyperfine curl time)" >&2; exit 1; }
done
# Nothing is deleted before the new-folder rounds (on ext4 without a journal, files created just after an
# `rm -rf` cost both tools seconds: languages.sh): a last run's folder is moved aside and deleted at the end.
OLD_WORK="$WORK.old.$$"
[ -e "$WORK" ] && mv "$WORK" "$OLD_WORK"
mkdir -p "$WORK/new" "$WORK/trash" "$WORK/over"; cd "$WORK"
echo "disk: $(df -T "$WORK" | awk 'NR==2 {print $2}') at $WORK; $(nproc) cores; $("$POKEDEX" --version | head -n 1)"
start_mirror "$SHARED" "$WORK/port"
API_DIR="$("$SHARED/tools/pokeapi-mirror" --unpack-only)"
SPRITES="http://127.0.0.1:$MIRROR_PORT/"
LANGS=en,fr,ja STRINGS="$ROOT/Templates/strings" SPRITES="$SPRITES" \
  python3 "$SHARED/peers/hugo/make_site.py" "$API_DIR" "$WORK/hugo-three" >/dev/null
STRINGS="$ROOT/Templates/strings" SPRITES="$SPRITES" \
  python3 "$SHARED/peers/hugo/make_site.py" "$API_DIR" "$WORK/hugo-one" >/dev/null
"$POKEDEX" theme eject "$WORK/theme" >/dev/null

P=(build --api "$API" --cache "$WORK/cache" --no-snapshot --images remote)
L=(build --api "$API" --cache "$WORK/cache" --no-snapshot --images local)
THREE=(--language en --language fr --language ja)
TWELVE=(--language en --language fr --language de --language es --language es-419 --language it --language ja
        --language ja-hrkt --language ja-roma --language ko --language zh-hans --language zh-hant)
"$POKEDEX" "${L[@]}" --output "$WORK/warmup" >/dev/null  # fills the cache, pictures too: every later build is warm
mv "$WORK/warmup" "$WORK/trash/warmup"

rss() { echo "/usr/bin/time -f %M -a -o $WORK/$1.rss"; }
aside() { echo "if [ -e $1 ]; then mv $1 $WORK/trash/\$(date +%s%N); fi"; }
# 1. New folders.
python3 "$ROOT/Benchmarks/alternate.py" "$RUNS" "$WORK" \
  hugo-one-new "$(aside "$WORK/new/hugo")" "$(rss hugo-one-new) hugo --quiet -s $WORK/hugo-one -d $WORK/new/hugo" \
  pokedex-one-new "$(aside "$WORK/new/site")" "$(rss pokedex-one-new) $POKEDEX ${P[*]} --output $WORK/new/site" \
  hugo-three-new "$(aside "$WORK/new/hugo")" "$(rss hugo-three-new) hugo --quiet -s $WORK/hugo-three -d $WORK/new/hugo" \
  pokedex-three-new "$(aside "$WORK/new/site")" "$(rss pokedex-three-new) $POKEDEX ${P[*]} ${THREE[*]} --output $WORK/new/site"
# 1. Over the existing site: each tool's last output stays, and its head partial gains a comment before each run, so
# that every page changes (pokedex renders with the ejected theme, whose head is partials/head.mustache).
"$POKEDEX" "${P[@]}" --templates "$WORK/theme" --output "$WORK/over/one" >/dev/null
"$POKEDEX" "${P[@]}" --templates "$WORK/theme" "${THREE[@]}" --output "$WORK/over/three" >/dev/null
hugo --quiet -s "$WORK/hugo-one" -d "$WORK/over/hugo-one"; hugo --quiet -s "$WORK/hugo-three" -d "$WORK/over/hugo-three"
edit() { echo "echo \"<!-- edit \$(date +%s%N) -->\" >> $1"; }
HEAD="$WORK/theme/partials/head.mustache"
python3 "$ROOT/Benchmarks/alternate.py" "$RUNS" "$WORK" \
  hugo-one-over "$(edit "$WORK/hugo-one/layouts/partials/head.html")" \
  "$(rss hugo-one-over) hugo --quiet -s $WORK/hugo-one -d $WORK/over/hugo-one" \
  pokedex-one-over "$(edit "$HEAD")" "$(rss pokedex-one-over) $POKEDEX ${P[*]} --templates $WORK/theme --output $WORK/over/one" \
  hugo-three-over "$(edit "$WORK/hugo-three/layouts/partials/head.html")" \
  "$(rss hugo-three-over) hugo --quiet -s $WORK/hugo-three -d $WORK/over/hugo-three" \
  pokedex-three-over "$(edit "$HEAD")" \
  "$(rss pokedex-three-over) $POKEDEX ${P[*]} --templates $WORK/theme ${THREE[*]} --output $WORK/over/three"
# 2. Twelve languages once, into a new folder, nothing of the runs before left to write out (as alternate.py does).
sync
started=$(date +%s.%N)
/usr/bin/time -f %M -o "$WORK/pokedex-twelve.rss" "$POKEDEX" "${P[@]}" "${TWELVE[@]}" --output "$WORK/new/twelve" >/dev/null 2>&1
python3 -c 'import json, sys; t = float(sys.argv[2]) - float(sys.argv[1]); json.dump({"results": [{"median": t, "times": [t]}]}, open(sys.argv[3], "w"))' \
  "$started" "$(date +%s.%N)" "$WORK/pokedex-twelve.json"
TWELVE_PAGES=$(find "$WORK/new/twelve" -name '*.html' | wc -l)
TWELVE_BYTES=$(du -sb "$WORK/new/twelve" | cut -f1)
# 3. Local pictures against pictures by URL, new folders.
python3 "$ROOT/Benchmarks/alternate.py" "$RUNS" "$WORK" \
  remote-new "$(aside "$WORK/new/remote")" "$POKEDEX ${P[*]} --output $WORK/new/remote" \
  local-new "$(aside "$WORK/new/local")" "$POKEDEX ${L[*]} --output $WORK/new/local"
# 4. Nothing changed since the last build (new/local, new/remote hold one): online, then offline.
hyperfine -N --style none --warmup 2 --runs 10 --export-json "$WORK/noop-online.json" \
  "$POKEDEX ${P[*]} --output $WORK/new/remote" >/dev/null
hyperfine -N --style none --warmup 2 --runs 10 --export-json "$WORK/noop-offline.json" \
  "$POKEDEX ${P[*]} --offline --output $WORK/new/remote" >/dev/null
# 5. serve, its first build from the warm cache, then the saves.
mkdir -p "$WORK/serve"; cd "$WORK/serve"; cp -r "$WORK/theme" theme
start_serve "$POKEDEX" serve --api "$API" --cache "$WORK/cache" --no-snapshot --images remote --templates theme --port 0
python3 "$ROOT/Benchmarks/save_to_disk.py" theme/partials/cell.mustache Output/index.html "$EDITS" "$WORK/serve-edit.json"
kill -INT "$SERVE_PID"; wait "$SERVE_PID" || true; SERVE_PID=""; cd "$WORK"
# 6. Cold against curl over the URLs the warm cache holds.
python3 - "$WORK/cache" > "$WORK/curl.conf" <<'PY'
import json, os, sys
urls = set()
for folder, _, files in os.walk(sys.argv[1]):
    for name in files:
        if name.endswith(".json"):
            try:
                entry = json.load(open(os.path.join(folder, name)))
            except ValueError:
                continue
            meta = entry.get("metadata", {}) if isinstance(entry, dict) else {}
            if meta.get("url") and not name.endswith(".absent.json"):
                urls.add(meta["url"])
for url in sorted(urls):
    print(f'url = "{url}"\noutput = "/dev/null"')
PY
URLS=$(grep -c '^url' "$WORK/curl.conf")
mkdir -p "$WORK/cold"
python3 "$ROOT/Benchmarks/alternate.py" "$RUNS" "$WORK" \
  curl "curl -s -X POST http://127.0.0.1:$MIRROR_PORT/__mirror/reset >/dev/null" \
  "curl --silent --fail --compressed --parallel --parallel-max 8 --config $WORK/curl.conf" \
  cold "$(aside "$WORK/cold/cache"); $(aside "$WORK/cold/out")" \
  "$POKEDEX build --api $API --cache $WORK/cold/cache --output $WORK/cold/out --no-snapshot"
rm -rf "$WORK/new" "$WORK/trash" "$WORK/over" "$WORK/cold" "$OLD_WORK"

python3 - "$WORK" "$RUNS" "$TWELVE_PAGES" "$TWELVE_BYTES" "$URLS" <<'PY'
import json, statistics, sys
work, runs, pages, size, urls = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
def median(name):
    return json.load(open(f"{work}/{name}.json"))["results"][0]["median"]
def peak(name):
    # The first line is the untimed warm-up round's; KiB to MiB.
    values = [int(line) for line in open(f"{work}/{name}.rss") if line.strip().isdigit()]
    return statistics.median(values[1:] or values) / 1024
print(f"\nRelease build, real snapshot through the mirror, warm cache unless said; medians of {runs} rounds in"
      " alternation (full renders with Hugo rendering the same pages)\n")
print("| | pokedex | peak RSS | peer | peer peak RSS | ratio | goal |")
print("| --- | --- | --- | --- | --- | --- | --- |")
for label, key, goal in [
    ("one language, new folder", "one-new", "≤ 0.30×, ≤ 100 MiB"),
    ("one language, over the existing site (head edited)", "one-over", "≤ 0.30×"),
    ("en/fr/ja, new folder", "three-new", "≤ 0.30×"),
    ("en/fr/ja, over the existing site (head edited)", "three-over", "≤ 0.30×"),
]:
    p, h = median(f"pokedex-{key}"), median(f"hugo-{key}")
    print(f"| {label} | {p:.2f} s | {peak(f'pokedex-{key}'):.0f} MiB | Hugo {h:.2f} s | {peak(f'hugo-{key}'):.0f} MiB"
          f" | {p / h:.2f}× | {goal} |")
twelve, one = median("pokedex-twelve"), median("pokedex-one-new")
print(f"| twelve languages, new folder, once ({pages:,} pages, {size / 1e9:.2f} GB) | {twelve:.2f} s |"
      f" {peak('pokedex-twelve'):.0f} MiB | one language {one:.2f} s | | {twelve / one:.1f}× | ≤ 6×, ≤ 150 MiB |")
local, remote = median("local-new"), median("remote-new")
print(f"| `--images local`, new folder | {local:.2f} s | | `--images remote` {remote:.2f} s | | +{local - remote:.2f} s | ≤ +0.5 s |")
for mode in ("online", "offline"):
    print(f"| rebuild, nothing changed, {mode} | {median(f'noop-{mode}') * 1000:.0f} ms | | | | | < 100 ms |")
edit = json.load(open(f"{work}/serve-edit.json"))["results"][0]
times = ", ".join(f"{t:.3f}" for t in edit["times"])
print(f"| `serve`: save partials/cell.mustache → new bytes in Output/index.html ({times} s) | {edit['median']:.3f} s"
      f" | | | | | ≤ 0.30 s |")
cold, curl = median("cold"), median("curl")
print(f"| cold build, empty cache | {cold:.1f} s | | curl -P8, {urls:,} URLs {curl:.1f} s | | {cold / curl:.2f}× | ≤ 1.2× |")
PY
