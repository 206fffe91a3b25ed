#!/usr/bin/env bash
# perft --engine walks down by state (issue 32, item 6): with each rules bug planted in
# tests/support/fake_engines/buggy_hoyito2.py, from a position where the bug shows, the walk stops AT the
# ply the bug is in (not one ply after) and prints both sides' states or legal lists.
# The positions and what each side must show are derived by hand from specs/rules.md:
# - P1 = board 8,5,3,3,6,2 / 4,3,2,3,2,1, captured 3,3, South to move. The laps of South's moves
#   (SOW-2, SOW-5: relay until the last seed lands in an empty hole or makes a four) are a 4,
#   b 3, c 9, d 88, e 6, f 1 (counted by adapters/python/example_hoyito2.py, written apart
#   from hoyito): d is the one finite sowing longer than 75 laps. cap75 does not list d; cap75-ends
#   plays it and ends the game (status finished) where the model plays on.
# - P2 = board 0,0,0,0,0,2 / 3,3,2,2,2,2, captured 16,16, South to move: f is South's only move;
#   its 2 seeds make A and B fours, the last landing in B: B is captured (CAP-II-1) and A behind
#   it (CAP-II-2), 8 seeds, South 24; 8 seeds stay (more than 4, END-II-1) and South moves again
#   (CAP-II-3). no-chain takes B alone (A keeps 4, South 20); no-extra gives the turn to North.
# - P3 = board 0,0,0,0,0,2 / 3,3,1,1,1,1, captured 12,24: f captures 8 and the 4 left (END-II-1),
#   24-24, a draw (END-2, G11); tie-south says South wins. No count can show a winner (a finished
#   game counts nothing below it), so perft agrees there: verify --engine is the check for it.
# Fails when the walk stops elsewhere, shows one side only, or perft finds no difference.
# Usage: tests/cli/perft_walk.sh HOYITO SOURCE_DIR OUT_DIR
set -uo pipefail
hoyito=$(realpath "$1")
src=$(realpath "$2")
out=$3
mkdir -p "$out"
failed=0
fail() { echo "FAIL: $*"; failed=1; }

# walk NAME BUG POSITION DEPTH CODE PATTERN...: perft --engine of the buggy engine exits CODE and
# its output holds each PATTERN (extended regular expressions, each line of the output).
walk() {
  local name=$1 bug=$2 position=$3 depth=$4 code=$5
  shift 5
  timeout 300 "$hoyito" perft --engine "python3 $src/tests/support/fake_engines/buggy_hoyito2.py $bug" \
    --position "$position" --depth "$depth" >"$out/$name.log" 2>&1
  local got=$?
  echo "--- $name: exit $got"
  [ "$got" = "$code" ] || fail "$name: exit $got, expected $code (output: $out/$name.log)"
  for pattern in "$@"; do
    grep -qE -- "$pattern" "$out/$name.log" || fail "$name: no line matching '$pattern' (output: $out/$name.log)"
  done
}

p1='{"board":[8,5,3,3,6,2,4,3,2,3,2,1],"captured":[3,3],"to_move":"south"}'
p1_text='after moves \[\] at board=8,5,3,3,6,2,4,3,2,3,2,1 captured=3,3 to_move=south'
walk cap75 cap75 "$p1" 2 1 "^first difference: $p1_text: the legal moves differ: move d is listed by the model only$" \
  '^  model:  a b c d e f$' '^  engine: a b c e f$'
walk cap75-ends cap75-ends "$p1" 2 1 "^first difference: $p1_text: move d: the states after it differ in .*status" \
  '^  model:  board=.* status=playing winner=null$' '^  engine: board=.* status=finished winner=[a-z]+$'

p2='{"board":[0,0,0,0,0,2,3,3,2,2,2,2],"captured":[16,16],"to_move":"south"}'
p2_text='after moves \[\] at board=0,0,0,0,0,2,3,3,2,2,2,2 captured=16,16 to_move=south'
walk no-chain no-chain "$p2" 3 1 \
  "^first difference: $p2_text: move f: the states after it differ in board \(model/engine: A 0/4\), captured$" \
  '^  model:  board=0,0,0,0,0,0,0,0,2,2,2,2 captured=24,16 to_move=south status=playing winner=null$' \
  '^  engine: board=0,0,0,0,0,0,4,0,2,2,2,2 captured=20,16 to_move=south status=playing winner=null$'
walk no-extra no-extra "$p2" 2 1 "^first difference: $p2_text: move f: the states after it differ in to_move$" \
  '^  model:  board=0,0,0,0,0,0,0,0,2,2,2,2 captured=24,16 to_move=south status=playing winner=null$' \
  '^  engine: board=0,0,0,0,0,0,0,0,2,2,2,2 captured=24,16 to_move=north status=playing winner=null$'

p3='{"board":[0,0,0,0,0,2,3,3,1,1,1,1],"captured":[12,24],"to_move":"south"}'
walk tie-south tie-south "$p3" 2 0 '^model and engine agree$'

exit $failed
