#!/usr/bin/env bash
# Every long command answers SIGINT and SIGTERM the same way (harness/base/interrupt.h): sent by
# `timeout -s SIG 3` to a run that would take much longer (examples, which takes
# about 1.5 s whatever its flags, after 0.5 s), the command ends within 3 s more,
# exits 130 (INT) or 143 (TERM), says "interrupted", and leaves its output files whole or absent
# (a JSON file parses, every line of a JSON Lines file parses, no temporary file is left); an
# interrupted perft or bench prints no figure. Fails if one command ignores the signal (it runs
# on, or is killed by timeout -k), exits 0 or 124, says nothing, or leaves a half-written file.
# Usage: interrupts.sh HOYITO [WORKDIR]. Exit 0 pass, 1 fail.
set -uo pipefail
hoyito=$(realpath "$1")
work=${2:-$(mktemp -d)}
mkdir -p "$work"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# A record with one long 2x12 game, and a FIFO nobody writes (merge waits on it: a blocked read).
"$hoyito" random --holes 12 --seed 3 --out "$work/long-game.json" || fail "could not make a record"
rm -f "$work/shard.fifo" && mkfifo "$work/shard.fifo"

json_whole() {  # FILE...: each present file parses as JSON (or, for .jsonl, each line does)
  for f in "$@"; do
    [ -e "$f" ] || continue
    case $f in
      *.jsonl) python3 -c 'import json,sys; [json.loads(l) for l in open(sys.argv[1])]' "$f" ;;
      *) python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$f" ;;
    esac || fail "$f is not whole"
  done
}

# run NAME SIGNAL FILES -- ARGS...: the command under `timeout -s SIGNAL $delay` (3 s but for examples).
run() {
  local name=$1 sig=$2 files=$3
  shift 4
  local dir="$work/$name-$sig" log
  rm -rf "$dir" && mkdir -p "$dir"
  log="$dir/log"
  local start end code want
  start=$(date +%s.%N)
  (cd "$dir" && timeout --preserve-status -k 10 -s "$sig" "$delay" "$hoyito" "$@") >"$log" 2>&1
  code=$?
  end=$(date +%s.%N)
  want=$([ "$sig" = INT ] && echo 130 || echo 143)
  local secs
  secs=$(awk -v a="$end" -v b="$start" 'BEGIN { printf "%.1f", a - b }')
  [ "$code" = "$want" ] || fail "$name $sig: exit $code, expected $want ($(tail -2 "$log" | tr '\n' ' '))"
  awk -v s="$secs" -v d="$delay" 'BEGIN { exit !(s <= d + 3) }' || fail "$name $sig: ended after $secs s ($delay s + at most 3)"
  grep -q "interrupted" "$log" || fail "$name $sig: no 'interrupted' line"
  local f
  for f in $files; do json_whole "$dir/$f"; done
  if find "$dir" -name '.*.tmp-*' | grep -q .; then fail "$name $sig: a temporary file was left"; fi
  echo "$name $sig: exit $code after $secs s; $(grep -m1 interrupted "$log")"
}

for sig in INT TERM; do
  delay=3
  run verify "$sig" "verify.json" -- verify --games 1000000 --out out --json verify.json
  run exhaustive "$sig" "disagreement.json" -- exhaustive --max-seeds 30 --force --out disagreement.json
  run perft "$sig" "perft.json" -- perft --depth 20 --json perft.json
  grep -q "^perft .*depth 20:" "$work/perft-$sig/log" && fail "perft $sig: printed a count as if complete"
  run bench "$sig" "bench.json" -- bench --games 1000000 --json bench.json
  grep -q "bench signature" "$work/bench-$sig/log" && fail "bench $sig: printed a signature as if complete"
  [ -e "$work/bench-$sig/bench.json" ] && fail "bench $sig: wrote its --json file"
  run random "$sig" "games.jsonl" -- random --games 100000000 --out games.jsonl
  run simulate "$sig" "sim.json" -- simulate --games 1000000000 --json sim.json --csv sim.csv
  run merge "$sig" "merged.json" -- merge "$work/shard.fifo" --out merged.json
  run annotate "$sig" "" -- annotate "$work/long-game.json" --depth 8 --out pages
  # examples has no flag that makes it run long (about 1.5 s here): signalled sooner.
  delay=0.5
  run examples "$sig" "" -- examples --out examples
done
rm -f "$work/shard.fifo"
echo "interrupts: $failures failures"
[ "$failures" -eq 0 ]
