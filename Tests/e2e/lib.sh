# Shared by the end-to-end scripts: start and stop pokeapi-mirror on a free loopback port, and assertions.
MIRROR_PID=""
MIRROR_PORT=""

# This script's own scratch files: CI runs two scripts at once (one per line), and a shared /tmp name would let one
# script's checks read the other's output.
E2E_TMP="$(mktemp -d "${TMPDIR:-/tmp}/pokedex-e2e.XXXXXX")"
OUT="$E2E_TMP/out"
ERR="$E2E_TMP/err"

start_mirror() {  # start_mirror SHARED PORTFILE [mirror args…]
  local shared="$1" portfile="$2"; shift 2
  rm -f "$portfile"
  "$shared/tools/pokeapi-mirror" --port "${MIRROR_PORT:-0}" --port-file "$portfile" "$@" >"$portfile.log" 2>&1 &
  MIRROR_PID=$!
  for _ in $(seq 1 600); do
    [ -s "$portfile" ] && break
    kill -0 "$MIRROR_PID" 2>/dev/null || { cat "$portfile.log"; fail "mirror did not start"; }
    sleep 0.2
  done
  MIRROR_PORT=$(cat "$portfile")
  API="http://127.0.0.1:$MIRROR_PORT/api/v2"
}

stop_mirror() {
  if [ -n "$MIRROR_PID" ]; then kill "$MIRROR_PID" 2>/dev/null || true; wait "$MIRROR_PID" 2>/dev/null || true; fi
  MIRROR_PID=""
}

fail() { echo "FAIL: $*" >&2; stop_mirror; exit 1; }
pass() { echo "ok - $*"; }

expect_eq() {  # expect_eq WHAT GOT WANT
  [ "$2" = "$3" ] || fail "$1: got '$2', want '$3'"
  pass "$1 = $3"
}

# report_value FILE EXPR: the Python expression EXPR over the build report r (from --report FILE).
report_value() {
  python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print(eval(sys.argv[2], {}, {"r": r}))' "$1" "$2"
}

# start_serve command…: runs that `pokedex serve` in the background (its output in serve.out and serve.err, in
# the current folder) until it says where it listens; sets SERVE_PID and SERVE_URL.
start_serve() {
  "$@" >serve.out 2>serve.err &
  SERVE_PID=$!
  for _ in $(seq 1 3000); do
    grep -q '^Serving ' serve.out && break
    kill -0 "$SERVE_PID" 2>/dev/null || { cat serve.err; fail "serve exited before listening"; }
    sleep 0.1
  done
  SERVE_URL=$(sed -n 's/^Serving .* at \(http[^ ]*\) .*/\1/p' serve.out)
  [ -n "$SERVE_URL" ] || { kill "$SERVE_PID"; fail "serve did not say where it listens"; }
}

mirror_stats() { curl -s "http://127.0.0.1:$MIRROR_PORT/__mirror/stats"; echo; }

# run_timed LABEL command…: runs it, prints wall time and peak memory, keeps its exit code in RC.
run_timed() {
  local label="$1"; shift
  set +e
  /usr/bin/time -f "%e %M" -o "$E2E_TMP/time" "$@" >"$OUT" 2>"$ERR"
  RC=$?
  set -e
  read -r secs kb < <(tail -n 1 "$E2E_TMP/time") || true
  echo "[$label] exit $RC, wall ${secs}s, peak RSS $((kb / 1024)) MiB"
  sed 's/^/    /' "$OUT"
  grep -v '^\s*$' "$ERR" | head -n 8 | sed 's/^/    stderr: /' || true
}

# data_count OUTPUT EXPR: how many Pokémon p of OUTPUT's data script (version 4 rows, read back as
# {id, slug, name, image, t}: see Templates/README.md, "What each template gets") satisfy the Python expression EXPR.
data_count() {
  python3 - "$1" "$2" <<'PY'
import json, sys
import glob
text = open(glob.glob(sys.argv[1] + "/assets/pokedex-data.*.js")[0], encoding="utf-8").read()
data = json.loads(text[text.index("=") + 1:].strip().rstrip(";"))
assert data["version"] == 4, data["version"]
def pokemon(row):
    w, h, t, pattern = data["pic"]
    picture = row[7] if len(row) > 7 else [pattern.replace("{id}", str(row[0])), w, h, t]
    return {"id": row[0], "slug": row[1], "name": row[2], "image": picture[0], "t": picture[3]}
print(sum(1 for row in data["pokemon"] if eval(sys.argv[2], {}, {"p": pokemon(row)})))
PY
}