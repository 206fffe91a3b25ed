# Shared by the shell tests of engines behind the protocol (engine_verify.sh, engine_bounds.sh),
# sourced with their arguments HOYITO SOURCE_DIR OUT_DIR: the paths, `fail`, `run` and `expect`.
set -uo pipefail
hoyito=$(realpath "$1")
src=$(realpath "$2")
out=$3
fake="python3 $src/tests/support/fake_engines/fake_engine.py"
mkdir -p "$out"
failed=0
fail() { echo "FAIL: $*"; failed=1; }

# expect NAME CODE PATTERN...: the last run's exit code is CODE and its output holds each PATTERN.
expect() {
  local name=$1 code=$2
  shift 2
  [ "$last_code" = "$code" ] || fail "$name: exit $last_code, expected $code (output: $out/$name.log)"
  for pattern in "$@"; do
    grep -qE -- "$pattern" "$out/$name.log" || fail "$name: no line matching '$pattern' (output: $out/$name.log)"
  done
}

run() {  # run NAME COMMAND...: output (standard output and error) to OUT/NAME.log, exit code to last_code
  local name=$1
  shift
  timeout 600 "$@" >"$out/$name.log" 2>&1
  last_code=$?
  echo "--- $name: exit $last_code, $(tail -1 "$out/$name.log")"
}
