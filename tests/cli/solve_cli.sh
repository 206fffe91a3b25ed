#!/bin/sh
# hoyito solve on the command line: a small table is built (seconds) and passes --verify
# (exit 0); a flipped value byte fails it (exit 1); a truncated file is one line on stderr and
# exit 2; an interrupted solve leaves no table file. --probe marks an interval value, annotate
# --tables writes the exact line, simulate plays perfect:DIR (and refuses a folder without tables).
# Would fail: a verify that trusts a flipped byte, a reader that maps a short file, a message
# over several lines, a partial file left behind, an unmarked interval, a page without the exact
# line; no estimate before the work, a run past the memory it may have started, an abort when memory
# runs out.
set -u
hoyito=$1
dir=$2/solve-cli
rm -rf "$dir" && mkdir -p "$dir"
fail() { echo "FAIL: $*"; exit 1; }

# Every layer (--all-layers): the probes below are made-up positions of 2 and 6 seeds.
"$hoyito" solve --variant hoyito3 --max-seeds 6 --all-layers --out "$dir" >"$dir/solve.out" || fail "solve exited $?"
table=$dir/hoyito-hoyito3-2x6-capturer-k6.tbl
[ -f "$table" ] || fail "no table file $table"
grep -q "^layer  6: " "$dir/solve.out" || fail "no progress line for layer 6"
"$hoyito" solve --verify "$dir" >"$dir/verify.out" || fail "verify of a whole table exited $?"

grep -q "third_repetition only (lo < hi), [0-9]* decided by captures: ok" "$dir/verify.out" ||
  fail "verify does not count the interval values and the decided ones"

# --probe: a 2-seed position (no capture below four seeds: END-3's shares only) is an interval,
# marked; a position beyond the table is one line and exit 2.
two='{"board":[0,1,0,0,0,0,0,0,1,0,0,0],"captured":[23,23],"to_move":"south"}'
"$hoyito" solve --probe "$dir" --variant hoyito3 --position "$two" >"$dir/probe.out" || fail "probe exited $?"
grep -q "value \[.*third_repetition only" "$dir/probe.out" || fail "the probe's interval is not marked: $(cat "$dir/probe.out")"
"$hoyito" solve --probe "$dir" --variant hoyito3 >/dev/null 2>"$dir/probe.err"
[ $? -eq 2 ] && [ "$(wc -l <"$dir/probe.err")" -eq 1 ] || fail "--probe without --position: not one line and exit 2"

# annotate --tables: every ply of a 6-seed endgame gets the exact line.
six='{"board":[1,3,0,0,0,0,2,0,0,0,0,0],"captured":[21,21],"to_move":"south"}'
"$hoyito" apply --variant hoyito3 --position "$six" --moves "a*" >"$dir/six.json" || fail "apply exited $?"
"$hoyito" annotate "$dir/six.json" --tables "$dir" --out "$dir/page" >/dev/null || fail "annotate --tables exited $?"
grep -q "^Move quality, exact from the endgame tables: .*a +6 win (best, played)" "$dir/page/six.md" ||
  fail "no exact line on the page: $(grep "Move quality" "$dir/page/six.md")"

# simulate --players perfect:DIR: runs (search:4 above the table); a folder without tables is one line, exit 2.
"$hoyito" simulate --variant hoyito3 --players "perfect:$dir,random" --games 4 --threads 1 --quiet \
  >"$dir/perfect.out" || fail "simulate with perfect exited $?"
grep -q "perfect:$dir (South) against random" "$dir/perfect.out" || fail "the perfect player is not named"
mkdir -p "$dir/none"
"$hoyito" simulate --players "perfect:$dir/none,random" --games 1 >/dev/null 2>"$dir/none.err"
[ $? -eq 2 ] && [ "$(wc -l <"$dir/none.err")" -eq 1 ] || fail "perfect without tables: not one line and exit 2"

mkdir -p "$dir/flipped" "$dir/cut"
cp "$table" "$dir/flipped/t.tbl"
size=$(wc -c <"$table")
printf '\177' | dd of="$dir/flipped/t.tbl" bs=1 seek=$((size - 50)) conv=notrunc 2>/dev/null
"$hoyito" solve --verify "$dir/flipped" >"$dir/flipped.out"
[ $? -eq 1 ] || fail "verify of a flipped table did not exit 1"
grep -q "checksum WRONG" "$dir/flipped.out" || fail "the flipped byte was not reported"

head -c $((size - 7)) "$table" >"$dir/cut/t.tbl"
"$hoyito" solve --verify "$dir/cut/t.tbl" >/dev/null 2>"$dir/cut.err"
[ $? -eq 2 ] || fail "a truncated table did not exit 2"
[ "$(wc -l <"$dir/cut.err")" -eq 1 ] || fail "the truncated table's message is not one line: $(cat "$dir/cut.err")"

# Interrupted: no table file, no temporary left.
mkdir -p "$dir/int"
"$hoyito" solve --variant hoyito2 --max-seeds 12 --all-layers --out "$dir/int" >/dev/null 2>&1 &
pid=$!
sleep 2
kill -INT $pid
wait $pid
[ $? -eq 130 ] || fail "an interrupted solve did not exit 130"
[ -z "$(ls -A "$dir/int")" ] || fail "an interrupted solve left files: $(ls "$dir/int")"
# The estimate before the work (issue 34, item 4), on stderr: K = 6 on 2x6 with every layer holds
# sum over n = 0..6 of C(n + 11, 11) boards = C(18, 12) = 18,564 positions (stars and bars, then
# the hockey-stick identity; one table side for the capturer award). Only the layers a game
# reaches (48 seeds at the start, captures take fours): n = 0 and 4, 1 + C(15, 11) = 1 + 1,365 =
# 1,366 positions.
"$hoyito" solve --max-seeds 6 --all-layers --out "$dir/est" 2>"$dir/est.err" >/dev/null ||
  fail "solve --max-seeds 6 --all-layers exited $?"
grep -q "^solve: K = 6, 7 layers (all): 18564 positions, table .*, peak memory about .*(an estimate)$" "$dir/est.err" ||
  fail "no estimate line before the work: $(cat "$dir/est.err")"
"$hoyito" solve --max-seeds 6 --out "$dir/est4" 2>"$dir/est4.err" >/dev/null || fail "solve --max-seeds 6 exited $?"
grep -q "^solve: K = 6, 2 layers (those a game reaches): 1366 positions, table .*(an estimate)$" "$dir/est4.err" ||
  fail "the estimate counts layers not solved: $(cat "$dir/est4.err")"
# A run past the memory it may have is refused before any work (one line, exit 2, no folder):
# K = 20 peaks at about 4 GB (docs/solve.md), here under `ulimit -v` 1 GB. Not under the
# sanitizers, which reserve terabytes of address space for their shadow memory.
if [ -z "${HOYITO_SANITIZED:-}" ]; then
  (ulimit -v 1000000 && exec "$hoyito" solve --max-seeds 20 --out "$dir/big") >/dev/null 2>"$dir/big.err"
  [ $? -eq 2 ] || fail "solve past its memory: not exit 2"
  [ "$(grep -c . "$dir/big.err")" -eq 1 ] && grep -q "^hoyito: solve: --max-seeds 20: needs about .* of memory, this run may have 1024.0 MB; --force runs it anyway$" "$dir/big.err" ||
    fail "solve past its memory: not one refusal line: $(cat "$dir/big.err")"
  [ -e "$dir/big" ] && fail "solve past its memory made its --out folder"
  # --force runs it, and running out of memory is one line and exit 2, never an abort.
  (ulimit -v 300000 && exec "$hoyito" solve --max-seeds 14 --all-layers --force --out "$dir/forced") >/dev/null 2>"$dir/forced.err"
  [ $? -eq 2 ] || fail "solve --force out of memory: not exit 2: $(tail -1 "$dir/forced.err")"
  grep -q "^hoyito: out of memory" "$dir/forced.err" || fail "solve --force out of memory: $(tail -1 "$dir/forced.err")"
  [ -z "$(ls -A "$dir/forced" 2>/dev/null)" ] || fail "solve --force out of memory left files: $(ls "$dir/forced")"
fi
echo "solve_cli: ok"
