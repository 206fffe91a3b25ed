#!/bin/bash
# The program's messages as a new user reads them (issue 24, item 5): long values quoted cut,
# counts in words ("1 seed"), no "null" or "to move" after a game's end, flags named as the
# command line spells them, hints where a command is missing. Usage: cli_messages.sh HOYITO
# Each check fails on the build before issue 24's fixes (the message it looks for was absent,
# or the one it refuses was printed).
set -u
hoyito=$(readlink -f "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# expect_error CODE FRAGMENT -- command...: the exit code, one stderr line, the fragment in it.
expect_error() {
  local code=$1 fragment=$2
  shift 3
  "$@" >"$work/out" 2>"$work/err"
  local got=$?
  [ "$got" -eq "$code" ] || fail "$(echo "$*" | head -c 200) exited $got, expected $code: $(head -c 300 "$work/err")"
  [ "$(wc -l <"$work/err")" -eq 1 ] || fail "$(echo "$*" | head -c 200): expected one stderr line, got: $(head -c 300 "$work/err")"
  grep -qF -- "$fragment" "$work/err" || fail "$(echo "$*" | head -c 200): no '$fragment' in: $(head -c 300 "$work/err")"
}
# short_error: the last command's stderr is at most 400 bytes (a long value quoted cut).
short_error() { [ "$(wc -c <"$work/err")" -le 400 ] || fail "$1: a $(wc -c <"$work/err")-byte error line"; }

# --- Command-line values quoted cut, as record values are ---------------------------------------
long=$(head -c 100000 /dev/zero | tr '\0' x)
expect_error 2 "characters)" -- "$hoyito" apply --moves c --option "$long=1"; short_error "--option LONG"
expect_error 2 "unknown variant" -- "$hoyito" apply --moves c --variant "$long"; short_error "--variant LONG"
expect_error 2 "characters)" -- "$hoyito" apply --moves c "--$long"; short_error "an unknown flag"
expect_error 2 "unknown command" -- "$hoyito" "$long"; short_error "an unknown command"
expect_error 2 "move 2" -- "$hoyito" apply --moves "c,$long"; short_error "a long --moves token"

# --- Whole numbers: named as such, not "not in range" -------------------------------------------
expect_error 2 "'1e3' is not a whole number from 1 to" -- "$hoyito" simulate --games 1e3
expect_error 2 "'1e1' is not a whole number from 0 to 20" -- "$hoyito" perft --depth 1e1
expect_error 2 "is not a whole number from 1 to 64" -- "$hoyito" simulate --variant hoyito3 --match 1e1
expect_error 2 "is not a whole number from 0 to" -- "$hoyito" simulate --detail-every 1.5

# --- Hoyito III flags in the command line's words (no "null", which no flag takes) --------------
expect_error 2 "leave --previous-winner out" -- "$hoyito" random --previous-winner south
expect_error 2 "add --previous-winner south, north or draw" -- "$hoyito" random --variant hoyito3 --round 3
expect_error 2 "--round 3: only hoyito3 has rounds" -- "$hoyito" random --round 3
grep -q null "$work/err" && fail "--round 3 message suggests null: $(cat "$work/err")"
expect_error 2 "--match plays rounds 1 to ROUNDS itself" -- "$hoyito" simulate --variant hoyito3 --match 4 --round 3 --games 2

# --- hoyito alone: a hint of --help --------------------------------------------------------------
expect_error 2 "hoyito --help" -- "$hoyito"

# --- Counts in words; no "null", no side to move after the end ----------------------------------
# Hoyito II 2x6, South's f (1 seed here? no: 4) -- a game of one seed a hole: every lift is 1 seed.
"$hoyito" apply --seeds-per-hole 1 --moves f >"$work/one.json" || fail "apply --seeds-per-hole 1 --moves f"
"$hoyito" show "$work/one.json" --ply 1 >"$work/show" || fail "show --ply 1"
grep -q "lift 1 seed from f" "$work/show" || fail "show: no 'lift 1 seed from f' in: $(cat "$work/show")"
grep -q "1 seeds" "$work/show" && fail "show: '1 seeds' in: $(cat "$work/show")"
# A game cut by the ply limit: unterminated, no winner, nobody to move.
"$hoyito" apply --option ply_limit=1 --moves c >"$work/cut.json" || fail "apply --option ply_limit=1"
"$hoyito" show "$work/cut.json" >"$work/show" || fail "show of an unterminated game"
grep -q "no winner" "$work/show" || fail "show: no 'no winner' in: $(cat "$work/show")"
grep -q "null" "$work/show" && fail "show: 'null' in: $(cat "$work/show")"
grep -q "to move" "$work/show" && fail "show: a side to move under a finished game: $(cat "$work/show")"
"$hoyito" replay "$work/cut.json" >"$work/replay" || fail "replay of an unterminated game"
grep -q "null" "$work/replay" && fail "replay: 'null' in: $(cat "$work/replay")"
"$hoyito" exhaustive --max-seeds 1 --out "$work/d.json" >"$work/exh" 2>&1 || fail "exhaustive --max-seeds 1"
grep -q "1 seeds" "$work/exh" && fail "exhaustive: '1 seeds' in: $(cat "$work/exh")"

# --- Input named as what it is: a BOM, UTF-16, two JSON values on a line, a position file -------
"$hoyito" random --games 1 --seed 5 >"$work/g.jsonl" || fail "random --games 1"
printf '\xef\xbb\xbf' | cat - "$work/g.jsonl" >"$work/bom.jsonl"
expect_error 2 "byte-order mark (bytes EF BB BF)" -- "$hoyito" replay "$work/bom.jsonl"
iconv -f UTF-8 -t UTF-16 "$work/g.jsonl" >"$work/u16.jsonl"
expect_error 2 "UTF-16" -- "$hoyito" replay "$work/u16.jsonl"
(tr -d '\n' <"$work/g.jsonl"; printf ' '; cat "$work/g.jsonl") >"$work/two.jsonl"
expect_error 2 "a second JSON value at line 1, column" -- "$hoyito" replay "$work/two.jsonl"
mkdir "$work/folder"
expect_error 2 "is a folder, not a position file" -- "$hoyito" apply --moves c --position "$work/folder"

# merge takes its own shards past a record's 12 MB (here one padded with 13 MB of blanks).
"$hoyito" simulate --games 4 --shard 1/2 --json "$work/s1.json" --quiet >/dev/null || fail "simulate --shard 1/2"
"$hoyito" simulate --games 4 --shard 2/2 --json "$work/s2.json" --quiet >/dev/null || fail "simulate --shard 2/2"
python3 -c 'import sys; open(sys.argv[2], "w").write(open(sys.argv[1]).read() + " " * (13 << 20) + "\n")' "$work/s1.json" "$work/big.json"
"$hoyito" merge "$work/big.json" "$work/s2.json" >"$work/merged" 2>"$work/err" || fail "merge of a 13 MB shard: $(cat "$work/err")"

# --- verify: the filters limit every check; names given as they are -----------------------------
expect_error 2 "left out by --variant hoyito1" -- "$hoyito" verify --variant hoyito1 --config hoyito2-2x12-noskip-illegal-plylimit --out "$work/v"
"$hoyito" verify --list-configs --variant hoyito3 --holes 12 >"$work/list" || fail "verify --list-configs"
grep -q "^hoyito3-2x12-noskip-illegal-plylimit " "$work/list" || fail "verify --list-configs: no hoyito3-2x12 in: $(head -5 "$work/list")"
grep -q "hoyito2 2x" "$work/list" && fail "verify --list-configs --variant hoyito3: lists hoyito2"
"$hoyito" verify --variant hoyito1 --holes 6 --games 2 --record-games 2 --skip scenarios,lockstep --out "$work/v" >"$work/verify" 2>&1 ||
  fail "verify --variant hoyito1 --holes 6: $(tail -3 "$work/verify")"
[ "$(ls "$work/v" | grep -c '^games-')" -eq 1 ] || fail "verify --variant hoyito1 --holes 6 wrote record sets: $(ls "$work/v")"
grep -q "skipped: scenarios, lockstep (--skip)" "$work/verify" || fail "verify: the verdict forgets --skip: $(tail -2 "$work/verify")"

# --- Checks of a run's ends before the run -------------------------------------------------------
expect_error 2 "give --force" -- "$hoyito" exhaustive --holes 12 --max-seeds 40
grep -q "years" "$work/err" || fail "exhaustive --max-seeds 40: no estimate in years: $(cat "$work/err")"
"$hoyito" exhaustive --max-seeds 2 --out "$work/d.json" >"$work/exh" || fail "exhaustive --max-seeds 2"
grep -q "^estimate: about" "$work/exh" || fail "exhaustive: no estimate line: $(head -3 "$work/exh")"
touch "$work/file"
SECONDS=0
expect_error 2 "--out $work/file/examples: cannot make the folder" -- "$hoyito" examples --out "$work/file/examples"
[ "$SECONDS" -le 2 ] || fail "examples --out: the bad folder was found after $SECONDS s"
mkdir "$work/bin" && ln -s "$hoyito" "$work/bin/hoyito"
expect_error 2 "gnuplot is not on PATH" -- env PATH="$work/bin" hoyito simulate --games 2 --charts "$work/charts"
[ -e "$work/charts" ] && fail "simulate --charts without gnuplot made the folder"

# --- Undecided moves (Q-LIMIT, a small lap_limit makes them cheap): counted, named, reproduced ---
"$hoyito" simulate --games 40 --option lap_limit=30 --threads 1 --quiet >"$work/sim" 2>&1 || fail "simulate --option lap_limit=30"
again=$(sed -n 's/^undecided (Q-LIMIT): 2 games stopped .* within 30 laps, .*, alone: hoyito //p' "$work/sim")
[ -n "$again" ] || fail "simulate: no undecided line with the laps and a command: $(tail -3 "$work/sim")"
# shellcheck disable=SC2086
"$hoyito" $again --threads 1 --quiet >"$work/again" 2>&1 || fail "the undecided deal's command: $again"
grep -q "^undecided, skipped (Q-LIMIT)  1 " "$work/again" || fail "'$again' does not play the undecided deal: $(head -5 "$work/again")"
# random names each game it skips with the command that makes it alone (as simulate names its deal):
# that command meets the same undecided move, at the same ply, and writes no record. Before: the
# seed and index only, no command, no ply.
"$hoyito" random --variant hoyito2 --holes 6 --games 40 --option lap_limit=30 >"$work/r40.jsonl" 2>"$work/r40.err" ||
  fail "random --games 40 --option lap_limit=30"
skip_line=$(grep -m1 "^hoyito: random: seed 1 index [0-9]* skipped: ply [0-9]*: move .*(Q-LIMIT); alone: hoyito random " "$work/r40.err")
[ -n "$skip_line" ] || fail "random: a skipped game without its ply and command: $(head -3 "$work/r40.err")"
alone=${skip_line##*; alone: hoyito }
# shellcheck disable=SC2086
"$hoyito" $alone >"$work/alone.jsonl" 2>"$work/alone.err" || fail "the skipped game's command: $alone"
[ -s "$work/alone.jsonl" ] && fail "'$alone' wrote a record of the skipped game"
grep -qF "${skip_line%%; alone:*}" "$work/alone.err" || fail "'$alone' does not meet the same move: $(cat "$work/alone.err")"
"$hoyito" random --games 1 --option lap_limit=30 --seed 3 >"$work/r30.jsonl" || fail "random --option lap_limit=30"
"$hoyito" annotate "$work/r30.jsonl" --depth 4 --out "$work/pages" >/dev/null 2>"$work/err" || fail "annotate of a lap_limit=30 game"
grep -q "^annotate: ply 4: no move-quality line: move c is undecided: .* within 30 lap ends (Q-LIMIT); \`hoyito annotate" "$work/err" ||
  fail "annotate: the undecided quality line not named: $(cat "$work/err")"
grep -q "^annotate: 4 plies without a move-quality line" "$work/err" || fail "annotate: undecided plies not counted: $(cat "$work/err")"
grep -q "cannot decide (move c is undecided" "$work/pages/r30.md" || fail "annotate: the page does not say the quality line is undecided"

# A long decision (issue 24's 2x12 move, a first repeat at lap 1,912,296,601): progress on
# stderr after a few seconds, and one SIGINT stops it at once (before: the loop ran to its end).
# The signal is sent once the progress line is there (up to 120 s: the moves before the long one
# take seconds under a sanitizer on a loaded machine).
"$hoyito" apply --variant hoyito2 --holes 12 --moves "d C e E a H B G a F B F" >/dev/null 2>"$work/long.err" &
pid=$!
for _ in $(seq 240); do
  grep -q "^hoyito: deciding one move" "$work/long.err" && break
  sleep 0.5
done
kill -INT "$pid"
SECONDS=0
wait "$pid"
code=$?
[ "$code" -eq 130 ] || fail "apply of the long 2x12 move, SIGINT after its progress line: exit $code, expected 130: $(cat "$work/long.err")"
[ "$SECONDS" -le 3 ] || fail "apply of the long 2x12 move: $SECONDS s from SIGINT to its end"
grep -q "^hoyito: deciding one move (Q-LIMIT): walk 1 of its sowing, lap [0-9]* of it (lap_limit 2000000000), [0-9]* s" "$work/long.err" ||
  fail "apply of the long 2x12 move: no progress line: $(cat "$work/long.err")"
grep -qE "^interrupted.*: a move's decision stopped in walk [0-9]+ of its sowing, after [0-9]+ laps of it" "$work/long.err" ||
  fail "apply of the long 2x12 move: the interrupt does not say what stopped: $(cat "$work/long.err")"

# verify's plain progress (standard output not a terminal) goes to standard error, every 10 s: its
# standard output holds the report only. Fails if a progress line reaches standard output, or none
# is written within the run's 12 s.
"$hoyito" verify --games 100000 --seconds 12 --skip scenarios,records --threads 2 --out "$work/vp" >"$work/vp.out" 2>"$work/vp.err" ||
  fail "verify --seconds 12: $(tail -3 "$work/vp.out")"
grep -q "^  progress: [0-9]* / [0-9]* " "$work/vp.err" || fail "verify: no plain progress line on stderr: $(head -c 300 "$work/vp.err")"
grep -q "progress:" "$work/vp.out" && fail "verify: a progress line on stdout: $(grep -m1 progress: "$work/vp.out")"
grep -q "^hoyito verify: seed" "$work/vp.out" || fail "verify: stdout lacks the report's first line: $(head -2 "$work/vp.out")"

# --- perft --divide with both implementations: a line says whether the lists agree --------------
"$hoyito" perft --depth 2 --divide >"$work/perft" || fail "perft --depth 2 --divide"
grep -q "^model and engine agree: the same 6 first plies" "$work/perft" || fail "perft --divide: no agreement line: $(cat "$work/perft")"

if [ "$failures" -ne 0 ]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "cli messages: all checks passed"
