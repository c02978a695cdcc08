#!/usr/bin/env bash
# The warm build end to end with each form of the cache's compact store: pokedex as it is (CompactCoder) against
# pokedex with `plist-pack.patch` applied (the pack's bodies as binary property lists, nothing else changed), on
# copies of the same warm cache, offline, `--images remote`, one language. In alternation (Benchmarks/alternate.py),
# ROUNDS rounds, medians: a full build into a new folder (no memo for it: every entry is decoded),
# and a rebuild after editing `partials/cell.mustache` (every entry decoded, 55 pages rendered); with each run's
# peak RSS (GNU time) and `-v`'s "source and cache: JSON" stage, where the entries are read and decoded.
#   Benchmarks/CacheFormat/warm-build.sh COMPACT_BINARY PLIST_BINARY CACHE API [ROUNDS] [WORK_DIR]
# CACHE: a warm cache folder (`--cache`), copied, never written; API: the `--api` it was filled from. The second
# binary is made with `git apply Benchmarks/CacheFormat/plist-pack.patch`, `swift build -c release`, a copy of
# .build/release/pokedex, and `git apply -R` of the same patch.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
COMPACT="$(realpath "${1:?usage: warm-build.sh COMPACT_BINARY PLIST_BINARY CACHE API [ROUNDS] [WORK_DIR]}")"
PLIST="$(realpath "$2")"
CACHE="$(realpath "$3")"
API="$4"
ROUNDS="${5:-5}"
WORK="${6:-$HERE/.work-build}"
rm -rf "$WORK"; mkdir -p "$WORK/trash"
echo "disk: $(df -T "$WORK" | awk 'NR==2 {print $2}') at $WORK; load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
ARGS=()
for format in compact plist; do
  binary=$COMPACT; [ "$format" = plist ] && binary=$PLIST
  # A copy has new inodes, so its pack vouches for nothing: the first build reads every entry as JSON and writes the
  # pack in its own form; the second checks that the pack serves every entry.
  cp -a "$CACHE" "$WORK/cache-$format"
  "$binary" theme eject "$WORK/theme-$format" >/dev/null
  P="build --api $API --cache $WORK/cache-$format --no-snapshot --offline --images remote --templates $WORK/theme-$format"
  $binary $P --output "$WORK/out-$format" >/dev/null 2>&1
  rm -rf "$WORK/cache-$format/memos"
  $binary $P --output "$WORK/trash/check-$format" -v 2>&1 | grep -o 'compact store: .*' | sed "s/^/$format: /"
  # A new folder each time (no memo for it, nothing deleted just before: see languages.sh on ext4 without a journal).
  ARGS+=("full-$format" "true" "/usr/bin/time -f %M -a -o $WORK/full-$format.rss $binary $P"\
" --output $WORK/new-$format/\$(date +%s%N) -v 2>>$WORK/full-$format.log")
  ARGS+=("edit-$format" "echo \"<!-- edit \$RANDOM\$RANDOM -->\" >> $WORK/theme-$format/partials/cell.mustache"
    "/usr/bin/time -f %M -a -o $WORK/edit-$format.rss $binary $P --output $WORK/out-$format -v 2>>$WORK/edit-$format.log")
done
python3 "$HERE/../alternate.py" "$ROUNDS" "$WORK" "${ARGS[@]}"
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$WORK" "$ROUNDS" <<'PY'
import json, re, statistics, sys
work, rounds = sys.argv[1], int(sys.argv[2])
def spread(values, fmt):
    return f"{fmt(statistics.median(values))} ({fmt(min(values))}–{fmt(max(values))})"
def times(name):
    return json.load(open(f"{work}/{name}.json"))["results"][0]["times"]
def tail(values):  # alternate.py's warm-up round is untimed: drop what it left in the logs
    return values[-rounds:]
def rss(name):
    return tail([int(line) / 1024 for line in open(f"{work}/{name}.rss") if line.strip().isdigit()])
def json_stage(name):
    return tail([int(ms) for ms in re.findall(r"stage source and cache: JSON: (\d+) ms", open(f"{work}/{name}.log").read())])
print(f"\nMedians of {rounds} rounds in alternation (ranges in parentheses)\n")
print("| | CompactCoder | binary property list | plist / compact |")
print("| --- | --- | --- | --- |")
for label, key in [("full build, new folder", "full"), ("rebuild after editing `partials/cell.mustache`", "edit")]:
    rows = [
        (f"{label}: wall", lambda f: times(f"{key}-{f}"), lambda v: f"{v:.2f} s"),
        (f"{label}: JSON stage (`-v`)", lambda f: json_stage(f"{key}-{f}"), lambda v: f"{v:.0f} ms"),
        (f"{label}: peak RSS", lambda f: rss(f"{key}-{f}"), lambda v: f"{v:.0f} MiB"),
    ]
    for row, values, fmt in rows:
        c, p = values("compact"), values("plist")
        print(f"| {row} | {spread(c, fmt)} | {spread(p, fmt)} | {statistics.median(p) / statistics.median(c):.2f}× |")
PY
rm -rf "$WORK"
