#!/bin/sh
# Issue 24 item 1: the 12th move of `d C e E a H B G a F B F` (Hoyito II 2x12 from the start) is
# endless with an exact cycle of 1,912,296,600 laps, the state of lap 1 on it
# (specs/endless-sowing.md). The cycle is measured by tests/cli/endless_cycle_2x12.cpp, a plain loop
# that links neither the model nor the engine, and compared with the issue's figure; then
# `hoyito apply` (on the engine, then on the model) must refuse the move as endless (SOW-6, default endless_sowing = illegal) with
# that repeat, under the default lap_limit. Fails if the standalone loop finds another cycle, or
# if apply reports the move undecided (Q-LIMIT), legal, or with another repeat lap.
# Usage: endless_2x12.sh CYCLE_PROGRAM HOYITO
set -u
cycle_program=$1
hoyito=$2
moves="d C e E a H B G a F B F"
cycle=$("$cycle_program" "$moves") || { echo "FAIL: the standalone loop: exit $?"; exit 1; }
if [ "$cycle" != 1912296600 ]; then
  echo "FAIL: the standalone loop measures a cycle of $cycle laps, not 1912296600"
  exit 1
fi
echo "standalone cycle: $cycle laps"
# apply plays on the engine by default and on the reference model with --impl model: both must
# decide the move alike (the model takes some ten times longer).
for impl in engine model; do
  out=$("$hoyito" apply --impl "$impl" --variant hoyito2 --holes 12 --moves "$moves" 2>&1)
  status=$?
  expected="its relay sowing never ends (SOW-6): the state at the end of lap 1912296601 repeats that of lap 1"
  case "$out" in
    *"$expected"*) ;;
    *) echo "FAIL: apply --impl $impl (exit $status) did not refuse move 12 as endless at lap 1912296601:"; echo "$out"; exit 1 ;;
  esac
  if [ "$status" -ne 2 ]; then
    echo "FAIL: apply --impl $impl exit $status, not 2"
    exit 1
  fi
  echo "apply --impl $impl: $(printf '%s\n' "$out" | tail -1)"
done
