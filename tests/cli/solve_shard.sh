#!/usr/bin/env bash
# hoyito solve --layer L --block B/NB and --merge-layer L (docs/solve.md, "Sharding a layer"):
# every layer built in 3 blocks by separate processes, then merged, gives the table that
# `solve --max-seeds K` writes whole, byte for byte (Hoyito II K = 6 and Hoyito III round 3 after
# a win, the two-sided previous_winner table, K = 5, every layer; Hoyito II K = 12, only the
# layers a game reaches: 4, 8, 12, each reading the table of K = L - 4); a missing block or lower
# table, and a layer no game reaches without --all-layers, are one line and exit 2. Would fail: a
# block built over the wrong entries, parts joined out of order, the lower layers read from the
# wrong table, a header unlike a whole build's.
set -euo pipefail
hoyito=$1 work=$2/solve-shard
rm -rf "$work"
trap 'rm -rf "$work"' EXIT

sharded_equals_whole() {  # K, the step between layers (1: --all-layers among the flags; 4), then the rules flags
  local k=$1 step=$2
  shift 2
  mkdir -p "$work/whole" "$work/sharded"
  "$hoyito" solve "$@" --max-seeds "$k" --out "$work/whole" >/dev/null
  for ((layer = step; layer <= k; layer += step)); do
    for block in 3 1 2; do  # any order: each block stands alone
      "$hoyito" solve "$@" --layer "$layer" --block "$block/3" --out "$work/sharded" >/dev/null
    done
    "$hoyito" solve "$@" --merge-layer "$layer" --out "$work/sharded" >/dev/null
  done
  local table
  table=$(basename "$work"/whole/*.tbl)
  cmp "$work/whole/$table" "$work/sharded/$table"
  echo "sharded = whole: $table"
}

one_line_exit_2() {  # what, then the command
  local what=$1
  shift
  local rc=0
  "$@" >/dev/null 2>"$work/err" || rc=$?
  if [[ $rc -ne 2 || $(wc -l <"$work/err") -ne 1 ]]; then
    echo "FAILED: $what: exit $rc, stderr:"
    cat "$work/err"
    exit 1
  fi
  echo "$what: exit 2, $(cat "$work/err")"
}

sharded_equals_whole 6 1 --variant hoyito2 --all-layers
rm -f "$work"/sharded/*k6-block2of3.part
one_line_exit_2 "a missing block" "$hoyito" solve --merge-layer 6 --all-layers --out "$work/sharded"
one_line_exit_2 "a missing lower table" "$hoyito" solve --layer 9 --block 1/2 --all-layers --out "$work/sharded"
one_line_exit_2 "a layer no game reaches" "$hoyito" solve --layer 6 --block 1/2 --out "$work/sharded"
rm -rf "$work/whole" "$work/sharded"
sharded_equals_whole 5 1 --variant hoyito3 --round 3 --previous-winner south --all-layers
rm -rf "$work/whole" "$work/sharded"
sharded_equals_whole 12 4 --variant hoyito2
