#!/bin/bash
# The program's input and output under real machines' conditions (issue 12), run end to end:
# failed writes (/dev/full, a full disk, a closed pipe), interrupts (SIGINT, SIGTERM), input that
# is not a record file or is too long, odd --out and --specs paths, and records that regenerate
# their game. Usage: cli_io.sh HOYITO_PROGRAM
set -u
hoyito=$(readlink -f "$1")
work=$(mktemp -d)
trap 'umount "$work/small" 2>/dev/null; rm -rf "$work"' EXIT
failures=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# expect_exit CODE STDERR_FRAGMENT -- command...: the exit code, and one stderr line holding the fragment.
expect_error() {
  local code=$1 fragment=$2
  shift 3
  "$@" >"$work/out" 2>"$work/err"
  local got=$?
  [ "$got" -eq "$code" ] || fail "$* exited $got, expected $code: $(head -c 300 "$work/err")"
  [ "$(wc -l <"$work/err")" -eq 1 ] || fail "$*: expected one stderr line, got: $(head -c 300 "$work/err")"
  grep -qF -- "$fragment" "$work/err" || fail "$*: no '$fragment' in: $(head -c 300 "$work/err")"
}
# Every line of a file is a whole JSON value, and the file ends with a newline.
whole_json_lines() {
  python3 -c 'import json,sys
data = open(sys.argv[1]).read()
assert data.endswith("\n"), "no newline at the end"
for line in data.splitlines(): json.loads(line)' "$1"
}

"$hoyito" random --games 2 --seed 3 >"$work/two.jsonl" || fail "random --games 2"

# --- Every write checked: standard output on a full device -------------------------------------
for args in "random --games 3" "apply --moves c" "rules" "replay $work/two.jsonl" "show $work/two.jsonl"; do
  # shellcheck disable=SC2086
  "$hoyito" $args >/dev/full 2>"$work/err"
  got=$?
  [ $got -eq 2 ] || fail "$args > /dev/full exited $got, expected 2"
  grep -q "standard output: cannot write: No space left on device" "$work/err" || fail "$args > /dev/full: $(cat "$work/err")"
done
expect_error 2 "/dev/full: cannot write: No space left on device" -- "$hoyito" random --games 3 --out /dev/full

# --- A full disk: a small tmpfs (or, without the right to mount, a file size limit) -----------
mkdir -p "$work/small"
if mount -t tmpfs -o size=64k tmpfs "$work/small" 2>/dev/null; then
  expect_error 2 "$work/small/games.jsonl: cannot write: No space left on device" -- \
    "$hoyito" random --games 200 --out "$work/small/games.jsonl"
else
  (trap '' XFSZ; ulimit -f 64; "$hoyito" random --games 200 --out "$work/small/games.jsonl" 2>"$work/err")
  [ $? -eq 2 ] || fail "random --out on a full disk (ulimit -f) did not exit 2"
fi
[ -z "$(ls -A "$work/small")" ] || fail "a failed random --out left files behind: $(ls -A "$work/small")"
expect_error 2 "/nonexistent/x.jsonl: cannot create a file in its folder: No such file or directory" -- \
  "$hoyito" random --out /nonexistent/x.jsonl
expect_error 2 "--out /nonexistent/x.json: cannot write" -- "$hoyito" exhaustive --max-seeds 2 --out /nonexistent/x.json

# random --out: whole records, each ending with a newline.
"$hoyito" random --games 20 --out "$work/twenty.jsonl" || fail "random --out"
whole_json_lines "$work/twenty.jsonl" || fail "random --out: not whole JSON Lines"

# A closed pipe with SIGPIPE ignored: the first failed write ends the run (not 10^6 games later).
status=$( (trap '' PIPE; timeout 60 "$hoyito" random --games 1000000 2>"$work/err" | head -c 100 >/dev/null
           echo "${PIPESTATUS[0]}") )
[ "$status" = 2 ] || fail "random | head -c 100 with SIGPIPE ignored: exit $status (124: it ran on)"
grep -q "standard output: cannot write: Broken pipe" "$work/err" || fail "random | head: $(cat "$work/err")"

# --- Interrupts -----------------------------------------------------------------------------
timeout --preserve-status -k 60 -s INT 3 "$hoyito" verify --games 100000 --record-games 1 --out "$work/verify-int" >"$work/out" 2>&1
got=$?
[ $got -eq 130 ] || fail "verify interrupted by SIGINT exited $got, expected 130"
grep -q "INTERRUPTED (interrupted by SIGINT)" "$work/out" || fail "verify SIGINT: no summary: $(tail -3 "$work/out")"
grep -q "PASS" "$work/out" && fail "verify interrupted said PASS"
timeout --preserve-status -k 60 -s TERM 3 "$hoyito" verify --games 100000 --record-games 1 --out "$work/verify-term" >"$work/out" 2>&1
got=$?
[ $got -eq 143 ] || fail "verify interrupted by SIGTERM exited $got, expected 143"
timeout --preserve-status -k 60 -s INT 2 "$hoyito" exhaustive --max-seeds 16 --out "$work/ex.json" >"$work/out" 2>&1
got=$?
[ $got -eq 130 ] || fail "exhaustive interrupted exited $got, expected 130"
grep -q "interrupted by SIGINT" "$work/out" || fail "exhaustive SIGINT: no summary: $(tail -2 "$work/out")"
timeout --preserve-status -k 60 -s INT 2 "$hoyito" random --games 100000000 --out "$work/many.jsonl" 2>"$work/err"
got=$?
[ $got -eq 130 ] || fail "random interrupted exited $got, expected 130"
grep -q "game(s) written (interrupted by SIGINT)" "$work/err" || fail "random SIGINT: $(cat "$work/err")"
whole_json_lines "$work/many.jsonl" || fail "random interrupted: the file is not whole JSON Lines"
# simulate: an interrupt stops starting deals, prints the table of what was played, and writes
# none of its files (a partial run must not read like a whole one).
timeout --preserve-status -k 60 -s INT 2 "$hoyito" simulate --games 100000000 --quiet --json "$work/sim.json" \
  --csv "$work/sim.csv" --per-game --charts "$work/simcharts" >"$work/out" 2>&1
got=$?
[ $got -eq 130 ] || fail "simulate interrupted exited $got, expected 130"
grep -q "INTERRUPTED (interrupted by SIGINT)" "$work/out" || fail "simulate SIGINT: no summary: $(tail -2 "$work/out")"
[ ! -e "$work/sim.json" ] && [ ! -e "$work/sim.csv" ] || fail "simulate interrupted left a result file"
[ ! -e "$work/simcharts" ] || fail "simulate interrupted left the --charts folder it made"
# simulate: an output path that cannot be written is refused before any game is played.
expect_error 2 "/nonexistent/s.json: cannot create a file in its folder" -- "$hoyito" simulate --games 100000000 --json /nonexistent/s.json
[ -z "$(find "$work" -name '.*.tmp-*')" ] || fail "a temporary file was left behind"

# --- Bounded input --------------------------------------------------------------------------
expect_error 2 "/dev/zero: not a regular file or a pipe" -- "$hoyito" replay /dev/zero
expect_error 2 "$work: is a folder, not a record file" -- "$hoyito" replay "$work"
expect_error 2 "$work/none.jsonl: cannot open file: No such file or directory" -- "$hoyito" show "$work/none.jsonl"
head -c $((13 * 1024 * 1024)) /dev/zero | tr '\0' ' ' >"$work/long.jsonl"
expect_error 2 "$work/long.jsonl:1: a record longer than 12 MB" -- "$hoyito" replay "$work/long.jsonl"
# Control characters in a record's string are quoted back escaped: the message stays one line.
python3 - "$work/two.jsonl" "$work/ctrl.jsonl" <<'PY'
import json, sys
record = json.loads(open(sys.argv[1]).readline())
record["start"]["to_move"] = "south\u0000\u001b[31m\nx"
open(sys.argv[2], "w").write(json.dumps(record) + "\n")
PY
expect_error 2 "'south\\u0000\\u001b[31m\\nx' is not a player" -- "$hoyito" replay "$work/ctrl.jsonl"
# A pipe is a stream: read.
"$hoyito" replay <(cat "$work/two.jsonl") >/dev/null || fail "replay of a pipe"

# show streams to the record asked for: a first record, then 70 MB of lines after it. (Its
# memory bound is asserted by tests/cli/memory_bound.sh, the one memory test, on release builds.)
{ head -n 1 "$work/two.jsonl"; yes "$(sed -n 2p "$work/two.jsonl")" | head -c $((70 * 1024 * 1024)); echo; } >"$work/big.jsonl"
"$hoyito" show "$work/big.jsonl" --record 1 >"$work/shown" || fail "show big.jsonl --record 1"
[ -s "$work/shown" ] || fail "show big.jsonl --record 1 printed nothing"

# random records carry their seed and index, and --index makes that game again.
"$hoyito" random --seed 7 --games 5 | sed -n 4p >"$work/fourth"
"$hoyito" random --seed 7 --index 3 >"$work/again"
cmp -s "$work/fourth" "$work/again" || fail "random --seed 7 --index 3 is not game 3 of --seed 7"
grep -q '"origin":{"command":"random","seed":7,"index":3}' "$work/again" || fail "no origin in the record"

# A game meeting a move the lap_limit guard cannot decide (Q-LIMIT) is named by seed and index
# on stderr and left out; the run goes on, and its file is whole.
"$hoyito" random --option lap_limit=30 --games 40 --seed 1 --out "$work/guard.jsonl" 2>"$work/err" || fail "random lap_limit=30"
whole_json_lines "$work/guard.jsonl" || fail "random with skipped games: not whole JSON Lines"
skipped=$(grep -c "^hoyito: random: seed 1 index [0-9]* skipped: .*(Q-LIMIT)" "$work/err")
[ "$skipped" -gt 0 ] || fail "random lap_limit=30: no game named as skipped: $(cat "$work/err")"
[ $((skipped + $(wc -l <"$work/guard.jsonl"))) -eq 40 ] || fail "random lap_limit=30: written + skipped is not 40"
first_skipped=$(grep -o "index [0-9]* skipped" "$work/err" | head -1 | cut -d' ' -f2)
"$hoyito" random --option lap_limit=30 --seed 1 --index "$first_skipped" 2>&1 >/dev/null | grep -q "index $first_skipped skipped" ||
  fail "random --index $first_skipped does not meet the same undecided move"

# Q-LIMIT is 64-bit (issue 33): lap_limit = 10^13 goes through a record (random, replay) and a
# simulate result and its merge as the same whole number, not cut to 32 bits nor made a double.
"$hoyito" random --option lap_limit=10000000000000 --games 1 --out "$work/big.jsonl" || fail "random lap_limit=10^13"
"$hoyito" replay "$work/big.jsonl" >/dev/null || fail "replay of a lap_limit=10^13 record"
grep -q '"lap_limit":10000000000000[,}]' "$work/big.jsonl" || fail "the record does not hold lap_limit 10^13"
for k in 1 2; do
  "$hoyito" simulate --games 6 --option lap_limit=10000000000000 --shard $k/2 --json "$work/big$k.json" --quiet >/dev/null ||
    fail "simulate --shard $k/2 lap_limit=10^13"
done
"$hoyito" merge "$work/big1.json" "$work/big2.json" >"$work/bigmerged.json" || fail "merge of lap_limit=10^13 shards"
grep -q '"lap_limit":10000000000000[,}]' "$work/bigmerged.json" || fail "the merged result lost lap_limit 10^13"

# --- Odd environments -----------------------------------------------------------------------
touch "$work/afile"
expect_error 2 "--out $work/afile: cannot make the folder: a file of that name exists" -- \
  "$hoyito" verify --games 1 --out "$work/afile"
expect_error 2 '--out: an empty path' -- "$hoyito" verify --games 1 --out ""
for command in "simulate --games 1 --json" "simulate --games 1 --csv" "random --out" "replay $work/two.jsonl --json" \
  "perft --depth 1 --json" "verify --games 1 --junit" "apply --moves c --position"; do
  # shellcheck disable=SC2086
  expect_error 2 ': an empty path' -- "$hoyito" $command ""
done
expect_error 2 "--out /proc/x: cannot make the folder" -- "$hoyito" verify --games 1 --out /proc/x
expect_error 2 "--specs $work/nospecs: not a folder: No such file or directory" -- \
  "$hoyito" verify --games 1 --specs "$work/nospecs" --out "$work/v"
mkdir -p "$work/emptyspecs"
expect_error 2 "--specs $work/emptyspecs: not a specs folder: it has no scenarios/ folder" -- \
  "$hoyito" verify --games 1 --specs "$work/emptyspecs" --out "$work/v"
# An output file named by an existing folder is refused before the run, not at its end.
mkdir -p "$work/adir"
expect_error 2 "$work/adir: cannot write: is a folder" -- "$hoyito" simulate --games 100000000 --json "$work/adir"
expect_error 2 "$work/adir: cannot write: is a folder" -- "$hoyito" simulate --games 100000000 --csv "$work/adir"
expect_error 2 "$work/adir: cannot write: is a folder" -- "$hoyito" random --games 100000000 --out "$work/adir"
expect_error 2 "$work/adir: cannot write: is a folder" -- "$hoyito" verify --games 1 --json "$work/adir" --out "$work/v"
expect_error 2 "$work/adir: cannot write: is a folder" -- "$hoyito" perft --depth 12 --json "$work/adir"
[ -z "$(ls -A "$work/adir")" ] || fail "a refused output left files in the folder: $(ls -A "$work/adir")"
expect_error 2 "--csv $work/same.json: the same file as --json" -- \
  "$hoyito" simulate --games 10 --json "$work/same.json" --csv "$work/same.json"
expect_error 2 "--junit $work/./same.json: the same file as --json" -- \
  "$hoyito" verify --games 1 --json "$work/same.json" --junit "$work/./same.json" --out "$work/v"
[ ! -e "$work/same.json" ] || fail "a refused run wrote $work/same.json"
"$hoyito" --help >/dev/full 2>"$work/err"
got=$?
[ $got -eq 2 ] && grep -q "standard output: cannot write" "$work/err" || fail "--help > /dev/full exited $got: $(cat "$work/err")"
"$hoyito" --version | grep -Eq '^hoyito [0-9]+\.[0-9]+\.[0-9]+ \(commit [0-9a-z-]+\)$' || fail "--version: $("$hoyito" --version)"
"$hoyito" --help | grep -q "130" || fail "--help does not give the exit codes"

# --- `hoyito rules NAME`: a rule, an open question or its option's name, a further reading ----
# The expected words are those of specs/open-questions.md (G1's row and the Q-END bullet).
"$hoyito" rules G1 | grep -q "^G1 skip_origin: false, true" || fail "rules G1: $("$hoyito" rules G1 2>&1)"
"$hoyito" rules skip_origin | grep -q "^G1 skip_origin" || fail "rules skip_origin: $("$hoyito" rules skip_origin 2>&1)"
"$hoyito" rules Q-END | grep -q "Four or fewer (END-1)" || fail "rules Q-END: $("$hoyito" rules Q-END 2>&1)"
"$hoyito" rules Q-LIMIT | grep -q "^Q-LIMIT lap_limit" || fail "rules Q-LIMIT: $("$hoyito" rules Q-LIMIT 2>&1)"
expect_error 2 "not a rule ID, open question" -- "$hoyito" rules NOPE
long=$(printf 'x%.0s' $(seq 1 5000))
expect_error 2 "xxx..." -- "$hoyito" rules "$long"
[ "$(wc -c <"$work/err")" -lt 300 ] || fail "rules LONG: the error line echoes the whole name"
# Lines are wrapped by characters, not bytes: BRD-1's Cyrillic citation fills its line (<= 100).
"$hoyito" rules | python3 -c 'import sys
lines = sys.stdin.read().split("\n")
long = [l for l in lines if len(l) > 100 and not l.startswith("  G") and not l.startswith("  Q")]
assert not long, long
brd1 = lines[1:4]
assert len(brd1[1]) > 90, brd1' || fail "rules: lines wrapped by bytes"

if [ $failures -eq 0 ]; then echo "cli_io: every case passed"; fi
exit $((failures > 0))
