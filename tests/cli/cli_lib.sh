# Shared by the shell tests of issue 36 (outputs_kept.sh, runs_apart.sh, messages_named.sh):
# source it with HOYITO as $1. Sets $hoyito (absolute), $work (a scratch folder removed at the
# end, after unmounting $work/full if mounted) and $failures; fail() counts a failure;
# refused NAME EXPECTED [UNWANTED] -- COMMAND...: the command must exit 2 with one line on stderr
# that holds EXPECTED (and not UNWANTED).
set -uo pipefail
hoyito=$(realpath "$1")
work=$(mktemp -d)
cleanup() {
  mountpoint -q "$work/full" 2>/dev/null && umount "$work/full"
  rm -rf "$work"
}
trap cleanup EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
refused() {
  local name=$1 expected=$2 unwanted=""
  shift 2
  if [ "$1" != "--" ]; then
    unwanted=$1
    shift
  fi
  shift
  "$@" >"$work/out.txt" 2>"$work/err.txt"
  local code=$?
  [ "$code" -eq 2 ] || fail "$name: exit $code, expected 2 ($(head -c 200 "$work/err.txt"))"
  grep -q -- "$expected" "$work/err.txt" || fail "$name: '$expected' not said: $(head -c 300 "$work/err.txt")"
  [ -n "$unwanted" ] && grep -q -- "$unwanted" "$work/err.txt" && fail "$name: says '$unwanted'"
  [ "$(wc -l <"$work/err.txt")" -eq 1 ] || fail "$name: $(wc -l <"$work/err.txt") lines on stderr, expected one"
  echo "$name: exit $code: $(head -c 220 "$work/err.txt")"
}
