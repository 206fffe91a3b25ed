#!/usr/bin/env bash
# verify --engine, perft --engine and replay --engine through the engine protocol:
# - `hoyito serve --impl engine` and `--impl model` pass verify --engine (exit 0, PASS);
# - each fake engine of tests/fake_engines/ gets its documented report: hang, slow (with a short
#   --engine-timeout): "ENGINE FAILURE ... within ... ms: killed" naming the command and position;
#   crash: "... (the engine exited with status 3)"; garbage and endless: "ENGINE FAILURE" naming
#   `legal`; each exits 1 and leaves no process behind;
# - liar (a pass told as no legal move): a disagreement in 'legal' written to a transcript naming
#   the engine; perft --engine walks down to the move; replay --engine of the transcript reproduces.
# Fails when any of these does not hold (e.g. an engine failure counted as a pass, a process left
# behind, a transcript without the engine's name, a walk that does not reach a move).
# Usage: tests/engine_verify.sh HOYITO SOURCE_DIR OUT_DIR
source "$(dirname "$0")/engine_lib.sh"

no_process_left() {  # no process of the fake engine MODE is running any more
  sleep 0.5
  if ps -eo args | grep -v grep | grep -q "fake_engine.py $1"; then fail "$1: a fake engine process was left behind"; fi
}

for impl in engine model; do
  run "serve-$impl" "$hoyito" verify --engine "'$hoyito' serve --impl $impl" --games 10 --out "$out/serve-$impl"
  expect "serve-$impl" 0 '^PASS: no disagreement' 'lockstep: [0-9]+ games' 'scenarios: [0-9]+ hand-derived'
done

for mode in hang crash garbage endless; do
  run "fake-$mode" "$hoyito" verify --engine "$fake $mode" --engine-timeout 1 --games 2 --out "$out/fake-$mode"
  expect "fake-$mode" 1 "^ENGINE FAILURE .*engine '$fake $mode': legal" '^FAIL'
  no_process_left "$mode"
done
expect fake-hang 1 'within 1000 ms: killed' '\(at rules hoyito2 6 4' 'failed 3 times: no more work is started'
expect fake-crash 1 'exited with status 3'
run fake-slow "$hoyito" verify --engine "$fake slow" --engine-timeout 0.1 --games 2 --out "$out/fake-slow"
expect fake-slow 1 "^ENGINE FAILURE .*engine '$fake slow'" 'within 100 ms: killed'
no_process_left slow

run liar "$hoyito" verify --engine "$fake liar '$hoyito'" --games 4 --fail-fast --out "$out/liar"
expect liar 1 'FAIL scenario .*legal plies' '^FAIL'
run liar-lockstep "$hoyito" verify --engine "$fake liar '$hoyito'" --games 2 --skip scenarios,limits,matches --fail-fast --out "$out/liar-lockstep"
expect liar-lockstep 1 '^DISAGREEMENT lockstep .*\(hoyito-engine .*\): legal differs at ply [0-9]+' 'shrunk to'
transcript=$out/liar-lockstep/disagreement-1.json
grep -q '"engine_program":{"name":"hoyito-engine","version":"[^"]*","command":"python3 [^"]*fake_engine.py liar' "$transcript" 2>/dev/null || fail "liar: $transcript does not name the engine"
no_process_left liar

run liar-replay "$hoyito" replay "$transcript" --engine "$fake liar '$hoyito'"
expect liar-replay 1 "they differ at ply [0-9]+ in 'legal'" '^disagree'
run serve-replay "$hoyito" replay "$transcript" --engine "'$hoyito' serve"
expect serve-replay 0 'not reproduced' '^agree'

run liar-perft "$hoyito" perft --engine "$fake liar '$hoyito'" --seeds-per-hole 2 --depth 5
expect liar-perft 1 'DISAGREE' '^first difference: after moves \[e B C e\] at board=0,0,0,0,0,0,2,1,1,3,0,5 captured=8,4 to_move=south: the legal moves differ: move pass is listed by the model only$' '^  model:  pass$' '^  engine: \(none\)$'
run serve-perft "$hoyito" perft --engine "'$hoyito' serve" --depth 4 --divide
expect serve-perft 0 'model and engine agree' '^a: [0-9]+'

exit $failed
