#!/usr/bin/env bash
# Every long command answers SIGINT and SIGTERM the same way (harness/base/interrupt.h): sent by
# `timeout -s SIG 2` to a run that would take much longer (examples, which takes
# about 1.5 s whatever its flags, after 0.5 s), the command ends within 3 s more,
# exits 130 (INT) or 143 (TERM), says "interrupted", and leaves its output files whole or absent
# (a JSON file parses, every line of a JSON Lines file parses, no temporary file is left), no
# process of its own running (pgrep: a Chromium of --format pdf, an engine of replay --engine)
# and no temporary folder (TMPDIR is the run's own); an interrupted perft or bench prints no
# figure. Every command that runs long is here (issue 36): verify, exhaustive, perft, bench,
# random, simulate (a sweep, matches, --threads 256), merge, annotate (also --format pdf),
# examples, rulebook --format pdf, replay (also --engine), serve, suite and solve; rules, show
# and apply end in milliseconds (apply's long decision: tests/cli_messages.sh). Fails if one command ignores the signal (it runs
# on, or is killed by timeout -k), exits 0 or 124, says nothing, or leaves a half-written file.
# Then one move's long decision on a worker thread (verify, simulate), stopped by SIGINT (below).
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

# run NAME SIGNAL FILES -- ARGS...: the command under `timeout -s SIGNAL $delay` (2 s but for
# examples), in its own folder DIR (@DIR@ in ARGS), with TMPDIR=DIR/tmp and standard input from
# $input (default /dev/null).
run() {
  local name=$1 sig=$2 files=$3
  shift 4
  local dir="$work/$name-$sig" log
  rm -rf "$dir" && mkdir -p "$dir/tmp"
  ln -s "$hoyito" "$dir/hoyito-engine"
  log="$dir/log"
  local args=() a
  for a in "$@"; do args+=("${a//@DIR@/$dir}"); done
  local start end code want tmp=${short_tmp:-$dir/tmp}
  start=$(date +%s.%N)
  (cd "$dir" && TMPDIR="$tmp" timeout --preserve-status -k 10 -s "$sig" "$delay" "$hoyito" "${args[@]}" <"${input:-/dev/null}") >"$log" 2>&1
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
  [ -z "$(ls -A "$tmp")" ] || fail "$name $sig: a temporary folder was left: $(ls -A "$tmp" | head -3 | tr '\n' ' ')"
  sleep 0.2  # a process killed at the end has gone by now
  local where
  for where in "$dir" "$tmp"; do
    if pgrep -f "$where" >/dev/null; then
      fail "$name $sig: processes left: $(pgrep -af "$where" | head -3 | cut -c1-120 | tr '\n' ' ')"
      pkill -KILL -f "$where"
    fi
  done
  echo "$name $sig: exit $code after $secs s; $(grep -m1 interrupted "$log")"
}

# 2,400 records of 2x12 games (replay takes about 0.1 s each), and an input held open for serve.
"$hoyito" random --holes 12 --seed 4 --games 2400 --out "$work/r2400.jsonl" || fail "could not make the records"
rm -f "$work/serve.fifo" && mkfifo "$work/serve.fifo"
exec 7<>"$work/serve.fifo"
# Whether Chromium is there: without it rulebook says "needs Chromium" at once (with it, it prints
# a book into the scratch folder; never outside it: as root, /nonexistent/x would be made).
has_chromium=$(( $("$hoyito" rulebook --format pdf --out "$work/chromium-probe" 2>&1 | grep -c "needs Chromium") == 0 ))
rm -rf "$work/chromium-probe"

for sig in INT TERM; do
  delay=2
  run verify "$sig" "verify.json" -- verify --games 1000000 --out out --json verify.json
  run exhaustive "$sig" "disagreement.json" -- exhaustive --max-seeds 30 --force --out disagreement.json
  run perft "$sig" "perft.json" -- perft --depth 20 --json perft.json
  grep -q "^perft .*depth 20:" "$work/perft-$sig/log" && fail "perft $sig: printed a count as if complete"
  run bench "$sig" "bench.json" -- bench --games 1000000 --json bench.json
  grep -q "bench signature" "$work/bench-$sig/log" && fail "bench $sig: printed a signature as if complete"
  [ -e "$work/bench-$sig/bench.json" ] && fail "bench $sig: wrote its --json file"
  grep -q "^bench: .* measuring " "$work/bench-$sig/log" || fail "bench $sig: no progress on stderr in 2 s"
  run random "$sig" "games.jsonl" -- random --games 100000000 --out games.jsonl
  run simulate "$sig" "sim.json" -- simulate --games 1000000000 --json sim.json --csv sim.csv
  run merge "$sig" "merged.json" -- merge "$work/shard.fifo" --out merged.json
  run annotate "$sig" "" -- annotate "$work/long-game.json" --depth 8 --out pages
  run replay "$sig" "replay.json" -- replay "$work/r2400.jsonl" --json replay.json
  [ -e "$work/replay-$sig/replay.json" ] && fail "replay $sig: wrote its --json file"
  run replay-engine "$sig" "" -- replay "$work/r2400.jsonl" --engine "@DIR@/hoyito-engine serve"
  run sweep "$sig" "sim.json" -- simulate --holes 12 --games 512 --sweep "ply_limit=$(seq -s, 4901 5000)" --threads 256 --json sim.json
  run match "$sig" "sim.json" -- simulate --variant hoyito3 --holes 12 --games 100000 --match 64 --threads 256 --json sim.json
  input="$work/serve.fifo" run serve "$sig" "" -- serve
  run suite "$sig" "" -- suite --out su --depth 6
  [ -e "$work/suite-$sig/su" ] && fail "suite $sig: wrote its folder"
  run solve "$sig" "" -- solve --max-seeds 16 --out tables
  if [ "$has_chromium" -eq 1 ]; then
    # A short TMPDIR of their own (pdf.cpp puts Chromium's temporaries under /tmp when TMPDIR is
    # over 40 bytes, as the scratch folder's is: its socket's address would not fit).
    short_tmp=$(mktemp -d /tmp/hoyito-int.XXXXXX)
    run annotate-pdf "$sig" "" -- annotate "$work/long-game.json" --format pdf --out pdf
    run rulebook-pdf "$sig" "" -- rulebook --format pdf --out pdf
    rmdir "$short_tmp"
    short_tmp=
  else
    echo "note: no Chromium: annotate and rulebook --format pdf are not interrupted here"
  fi
  # examples has no flag that makes it run long (about 1.5 s here): signalled sooner.
  delay=0.5
  run examples "$sig" "" -- examples --out examples
done
rm -f "$work/shard.fifo"
exec 7>&-
rm -f "$work/serve.fifo"

# One move's long decision on a worker thread (issue 24): SIGINT stops it within 2 s, as on the
# main thread (apply: tests/cli/cli_messages.sh); the run exits 130 with its "interrupted" summary and
# leaves no half-written file. Before, a worker finished its move first: verify's scenario check
# (the model's walk of the move of issue 24, minutes) ran on after the signal, and simulate's
# search players (the engine's cycle-detector walk, which had no watch: no progress line either)
# ran on to the move's end.
# wait_for PID FILE PATTERN SECONDS: until a line of FILE matches (0), or PID ends or time is up (1).
wait_for() {
  local i
  for ((i = 0; i < $4 * 10; i++)); do
    grep -q "$3" "$2" 2>/dev/null && return 0
    kill -0 "$1" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}
# long_decision NAME FILES -- ARGS...: hoyito ARGS in its own folder; SIGINT once it says it is
# deciding one move, then the exit code, the time to the end, the summary and the files.
long_decision() {
  local name=$1 files=$2
  shift 3
  local dir="$work/long-$name"
  rm -rf "$dir" && mkdir -p "$dir"
  (cd "$dir" && exec "$hoyito" "$@") >"$dir/out" 2>"$dir/err" &
  local pid=$!
  if ! wait_for "$pid" "$dir/err" "^hoyito: deciding one move (Q-LIMIT)" 150; then
    fail "$name: no progress line of a long decision: $(tail -c 300 "$dir/err")"
    kill -KILL "$pid" 2>/dev/null
    wait "$pid"
    return
  fi
  kill -INT "$pid"
  local start end code secs
  start=$(date +%s.%N)
  wait "$pid"
  code=$?
  end=$(date +%s.%N)
  secs=$(awk -v a="$end" -v b="$start" 'BEGIN { printf "%.1f", a - b }')
  [ "$code" = 130 ] || fail "$name: exit $code after SIGINT, expected 130 ($(tail -2 "$dir/err" | tr '\n' ' '))"
  awk -v s="$secs" 'BEGIN { exit !(s <= 2) }' || fail "$name: ended $secs s after SIGINT (at most 2)"
  grep -qi "interrupted" "$dir/out" || fail "$name: no interrupted summary on stdout: $(tail -2 "$dir/out")"
  local f
  for f in $files; do json_whole "$dir/$f"; done
  if find "$dir" -name '.*.tmp-*' | grep -q .; then fail "$name: a temporary file was left"; fi
  echo "long decision, $name: exit $code $secs s after SIGINT; $(grep -m1 -i interrupted "$dir/out")"
}
# verify: the specs with one more scenario, the move of issue 24 (North's F after d C e E a H B G
# a F B, Hoyito II 2x12), whose legal plies the scenario check decides on its worker thread.
specs=$(dirname "$(readlink -f "$0")")/../../specs
rm -rf "$work/specs" && cp -r "$specs" "$work/specs"
cat >"$work/specs/scenarios/zz-long-decision.json" <<'EOF'
{"id": "zz-long-decision", "title": "a test fixture of tests/cli/interrupts.sh: the endless move of issue 24, decided for minutes",
 "exercises": ["SOW-6"], "rules": {"variant": "hoyito2", "holes_per_row": 12},
 "start": {"board": [0,2,1,3,4,3,0,10,6,2,4,0, 2,1,8,16,1,2,3,2,4,3,2,1], "captured": [0,16], "to_move": "north"},
 "steps": [{"move": "F", "error": "illegal"}],
 "result": {"status": "playing", "captured": [0,16], "winner": null},
 "derivation": ["Not derived: the run is interrupted while the move is decided."]}
EOF
long_decision verify "verify.json" -- verify --specs "$work/specs" --skip records,limits,lockstep,matches --threads 2 --json verify.json
# simulate: search players on 2x12 meet a move whose decision walks the engine's cycle detector.
long_decision simulate "sim.json" -- simulate --variant hoyito2 --holes 12 --players search:12,search:12 --games 1 --threads 2 --json sim.json
[ -e "$work/long-simulate/sim.json" ] && fail "simulate, interrupted in a long decision, wrote its --json file"
# solve inside one layer's passes (issue 36, item 10: it ended 20 s after the signal): SIGINT a
# second into layer 13, which takes seconds (layer 12 says it is done first), ends the run within 2 s.
dir="$work/solve-in-layer"
rm -rf "$dir" && mkdir -p "$dir"
(cd "$dir" && exec "$hoyito" solve --max-seeds 14 --all-layers --threads 1 --out tables) >"$dir/out" 2>"$dir/err" &
pid=$!
if wait_for "$pid" "$dir/out" "^layer 12:" 300; then
  sleep 1
  kill -INT "$pid"
  start=$(date +%s.%N)
  wait "$pid"
  code=$?
  secs=$(awk -v a="$(date +%s.%N)" -v b="$start" 'BEGIN { printf "%.1f", a - b }')
  [ "$code" = 130 ] || fail "solve in a layer: exit $code after SIGINT, expected 130"
  awk -v s="$secs" 'BEGIN { exit !(s <= 2) }' || fail "solve in a layer: ended $secs s after SIGINT (at most 2)"
  grep -q "solve: stopped in layer 13, nothing written" "$dir/out" "$dir/err" ||
    fail "solve in a layer: not stopped in layer 13: $(tail -1 "$dir/err")"
  [ -e "$dir/tables" ] && [ -n "$(ls -A "$dir/tables")" ] && fail "solve in a layer: wrote into its folder"
  echo "solve in layer 13: exit $code $secs s after SIGINT"
else
  fail "solve in a layer: no line for layer 12: $(tail -c 300 "$dir/err")"
  kill -KILL "$pid" 2>/dev/null
  wait "$pid"
fi
echo "interrupts: $failures failures"
[ "$failures" -eq 0 ]
