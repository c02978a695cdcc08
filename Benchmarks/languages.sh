#!/usr/bin/env bash
# One pass at any size: the full render in one language and in three (en, fr, ja), against Hugo rendering the same
# pages from ../shared/peers/hugo/make_site.py (LANGS, STRINGS and SPRITES as its header says), in alternation
# (Benchmarks/alternate.py: medians), and all twelve languages once; with each run's peak RSS (GNU time). Release
# build, warm cache, `--images remote`, an empty folder on the disk (ext4 here) before every run. Figures, never
# pass/fail. One language and three are each timed twice: into a folder just emptied with `rm -rf`, as the issue
# asked, and into a new folder with nothing deleted in the minutes before (each run's output is moved aside,
# deleted at the end). On ext4 without a journal (this machine's) the kernel skips recently deleted inodes one by
# one at every file it creates (fs/ext4/ialloc.c, `recently_deleted`), which costs both tools seconds after an
# `rm -rf`; with a journal (mkfs.ext4's default) it does not, and the new folder is what such a disk gives.
#   Benchmarks/languages.sh [POKEDEX_RELEASE_BINARY] [WORK_DIR] [RUNS]
# Needs hugo and GNU time (installed by .ci/run).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SHARED="$(cd "$ROOT/.." && pwd)/shared"
POKEDEX="$(realpath "${1:-$ROOT/.build/release/pokedex}")"
WORK="${2:-$ROOT/.ci-work}/languages-bench"
RUNS="${3:-3}"
. "$ROOT/Tests/e2e/lib.sh"
trap 'stop_mirror; rm -rf "$E2E_TMP"' EXIT
[ -x "$POKEDEX" ] || { echo "no $POKEDEX: run swift build -c release first" >&2; exit 1; }
for tool in hugo /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "$tool is missing (apt-get install hugo time)" >&2; exit 1; }
done
# Nothing is deleted before the new-folder rounds: a last run's folder is moved aside and deleted at the end.
OLD_WORK="$WORK.old.$$"
[ -e "$WORK" ] && mv "$WORK" "$OLD_WORK"
mkdir -p "$WORK/out" "$WORK/new" "$WORK/trash"; cd "$WORK"
echo "disk: $(df -T "$WORK/out" | awk 'NR==2 {print $2}') at $WORK/out"
start_mirror "$SHARED" "$WORK/port"
API_DIR="$("$SHARED/tools/pokeapi-mirror" --unpack-only)"
SPRITES="http://127.0.0.1:$MIRROR_PORT/"
LANGS=en,fr,ja STRINGS="$ROOT/Templates/strings" SPRITES="$SPRITES" \
  python3 "$SHARED/peers/hugo/make_site.py" "$API_DIR" "$WORK/hugo-three" >/dev/null
STRINGS="$ROOT/Templates/strings" SPRITES="$SPRITES" \
  python3 "$SHARED/peers/hugo/make_site.py" "$API_DIR" "$WORK/hugo-one" >/dev/null

P=(build --api "$API" --cache "$WORK/cache" --no-snapshot --images remote)
THREE=(--language en --language fr --language ja)
TWELVE=(--language en --language fr --language de --language es --language es-419 --language it --language ja
        --language ja-hrkt --language ja-roma --language ko --language zh-hans --language zh-hant)
"$POKEDEX" "${P[@]}" --output "$WORK/warmup" >/dev/null   # fills the cache: every later build is warm
mv "$WORK/warmup" "$WORK/trash/warmup"

# Each timed command is wrapped in GNU time, so a round gives its wall time (alternate.py) and its peak RSS.
rss() { echo "/usr/bin/time -f %M -a -o $WORK/$1.rss"; }
# One language into a new folder each time: the last run's output is moved aside (a rename frees no inode).
aside() { echo "if [ -e $1 ]; then mv $1 $WORK/trash/\$(date +%s%N); fi"; }
python3 "$ROOT/Benchmarks/alternate.py" "$RUNS" "$WORK" \
  hugo-one-new "$(aside "$WORK/new/hugo")" "$(rss hugo-one-new) hugo --quiet -s $WORK/hugo-one -d $WORK/new/hugo" \
  pokedex-one-new "$(aside "$WORK/new/site")" "$(rss pokedex-one-new) $POKEDEX ${P[*]} --output $WORK/new/site" \
  hugo-three-new "$(aside "$WORK/new/hugo")" "$(rss hugo-three-new) hugo --quiet -s $WORK/hugo-three -d $WORK/new/hugo" \
  pokedex-three-new "$(aside "$WORK/new/site")" "$(rss pokedex-three-new) $POKEDEX ${P[*]} ${THREE[*]} --output $WORK/new/site"
python3 "$ROOT/Benchmarks/alternate.py" "$RUNS" "$WORK" \
  hugo-one "rm -rf $WORK/out/*" "$(rss hugo-one) hugo --quiet -s $WORK/hugo-one -d $WORK/out/hugo" \
  pokedex-one "rm -rf $WORK/out/*" "$(rss pokedex-one) $POKEDEX ${P[*]} --output $WORK/out/site" \
  hugo-three "rm -rf $WORK/out/*" "$(rss hugo-three) hugo --quiet -s $WORK/hugo-three -d $WORK/out/hugo" \
  pokedex-three "rm -rf $WORK/out/*" "$(rss pokedex-three) $POKEDEX ${P[*]} ${THREE[*]} --output $WORK/out/site"
# Twelve languages once, without alternate.py's warm-up round (it would cost CI another 45 s).
rm -rf "$WORK/out"/*
started=$(date +%s.%N)
/usr/bin/time -f %M -o "$WORK/pokedex-twelve.rss" "$POKEDEX" "${P[@]}" "${TWELVE[@]}" --output "$WORK/out/site" >/dev/null 2>&1
python3 -c 'import json, sys; t = float(sys.argv[2]) - float(sys.argv[1]); json.dump({"results": [{"median": t, "times": [t]}]}, open(sys.argv[3], "w"))' \
  "$started" "$(date +%s.%N)" "$WORK/pokedex-twelve.json"
# The twelve-language site the timed run left: its pages and bytes.
TWELVE_PAGES=$(find "$WORK/out/site" -name '*.html' | wc -l)
TWELVE_BYTES=$(du -sb "$WORK/out/site" | cut -f1)
rm -rf "$WORK/out" "$WORK/cache" "$WORK/new" "$WORK/trash" "$OLD_WORK"

python3 - "$WORK" "$RUNS" "$TWELVE_PAGES" "$TWELVE_BYTES" <<'PY'
import json, statistics, sys
work, runs, pages, size = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
def median(name):
    return json.load(open(f"{work}/{name}.json"))["results"][0]["median"]
def peak(name):
    # The first line is the untimed warm-up round's (none for the twelve languages, timed once); KiB to MiB.
    values = [int(line) for line in open(f"{work}/{name}.rss") if line.strip().isdigit()]
    return statistics.median(values[1:] or values) / 1024
rows = [("one language (en)", "one"), ("one language, new folder (nothing deleted before)", "one-new"),
        ("en, fr, ja", "three"), ("en, fr, ja, new folder (nothing deleted before)", "three-new")]
print(f"\nFull render, warm cache, `--images remote`, empty folder, release build: medians of {runs} rounds in"
      " alternation with Hugo rendering the same pages (peak RSS: medians too)\n")
print("| | pokedex | peak RSS | Hugo, same pages | Hugo peak RSS | ratio | target |")
print("| --- | --- | --- | --- | --- | --- | --- |")
for label, key in rows:
    p, h = median(f"pokedex-{key}"), median(f"hugo-{key}")
    target = "≤ 0.3×, ≤ 100 MiB" if key.startswith("one") else "≤ 0.3×"
    print(f"| {label} | {p:.2f} s | {peak(f'pokedex-{key}'):.0f} MiB | {h:.2f} s | {peak(f'hugo-{key}'):.0f} MiB"
          f" | {p / h:.2f}× Hugo | {target} |")
twelve, one = median("pokedex-twelve"), median("pokedex-one")
print(f"| all twelve languages, once ({pages:,} pages, {size / 1e9:.2f} GB) | {twelve:.2f} s | {peak('pokedex-twelve'):.0f} MiB"
      f" | | | {twelve / one:.1f}× one language | ≤ 6×, ≤ 150 MiB |")
PY
