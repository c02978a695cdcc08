#!/usr/bin/env bash
# The cache's compact store (CompactCoder) against Foundation's binary property list (PropertyListEncoder, .binary)
# on every entry of a real cache's pack: decode time of the whole data set, encode time, bytes, and each decoding
# process's peak RSS (GNU time). ROUNDS rounds, each running the four measurements in alternation; medians and
# ranges. CPU seconds are the steadier figure on a shared machine (each run is one thread); wall is printed too.
#   Benchmarks/CacheFormat/run.sh PACK [ROUNDS] [WORK_DIR]
# PACK: a warm cache's pack, `<cache>/v9/<api folder>.pack` (it is copied, never written). Needs GNU time.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
PACK="$(realpath "${1:?usage: run.sh PACK [ROUNDS] [WORK_DIR]}")"
ROUNDS="${2:-7}"
WORK="${3:-$HERE/.work}"
command -v /usr/bin/time >/dev/null || { echo "GNU time is missing (apt-get install time)" >&2; exit 1; }
(cd "$HERE" && swift build -c release >/dev/null)
BENCH="$HERE/.build/release/cache-format"
rm -rf "$WORK"; mkdir -p "$WORK"
cp "$PACK" "$WORK/compact.pack"
echo "disk: $(df -T "$WORK" | awk 'NR==2 {print $2}') at $WORK; load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
# Each body as a property list, checked to decode to a value equal to the compact one.
"$BENCH" convert "$WORK/compact.pack" "$WORK/plist.pack" | tee "$WORK/convert.txt"
for round in $(seq "$ROUNDS"); do
  for format in compact plist; do
    /usr/bin/time -f "rss=%M" -a -o "$WORK/decode-$format.txt" "$BENCH" decode "$format" "$WORK/$format.pack" \
      >>"$WORK/decode-$format.txt"
    "$BENCH" encode "$format" "$WORK/compact.pack" >>"$WORK/encode-$format.txt"
  done
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$WORK" "$ROUNDS" <<'PY'
import re, statistics, sys
work, rounds = sys.argv[1], sys.argv[2]
def figures(name):
    text = open(f"{work}/{name}.txt").read()
    return {key: [float(v) for v in re.findall(rf"\b{key}=([0-9.]+)", text)] for key in ("wall", "cpu", "rss", "bytes")}
def spread(values, unit, scale=1.0, digits=0):
    values = [v * scale for v in values]
    return f"{statistics.median(values):.{digits}f} {unit} ({min(values):.{digits}f}–{max(values):.{digits}f})"
convert = dict(re.findall(r"([a-z-]+)=([0-9]+)", open(f"{work}/convert.txt").read()))
d = {f: figures(f"decode-{f}") for f in ("compact", "plist")}
e = {f: figures(f"encode-{f}") for f in ("compact", "plist")}
print(f"\n{convert['entries']} entries; medians of {rounds} rounds in alternation (ranges in parentheses); one thread\n")
print("| | CompactCoder | binary property list | plist / compact |")
print("| --- | --- | --- | --- |")
for label, data, key, unit, scale, digits in [
    ("decode every entry, CPU", d, "cpu", "ms", 1000, 0), ("decode every entry, wall", d, "wall", "ms", 1000, 0),
    ("encode every entry, CPU", e, "cpu", "ms", 1000, 0), ("encode every entry, wall", e, "wall", "ms", 1000, 0),
    ("peak RSS of the decoding process", d, "rss", "MiB", 1 / 1024, 1)]:
    c, p = data["compact"][key], data["plist"][key]
    print(f"| {label} | {spread(c, unit, scale, digits)} | {spread(p, unit, scale, digits)}"
          f" | {statistics.median(p) / statistics.median(c):.2f}× |")
c, p = int(convert["compact-bodies"]), int(convert["plist-bodies"])
print(f"| the entries' bodies | {c / 1e6:.1f} MB | {p / 1e6:.1f} MB | {p / c:.2f}× |")
PY
rm -rf "$WORK"
