#!/usr/bin/env bash
# Messages of issue 36 ("Messages"), each one line that names what is wrong in words:
# - a record's numbers 1E30, 1e999 (Infinity) and 5E3 where a whole number belongs: said what
#   they are (before: "got 1E30", "got Infinity", "got 5E3");
# - apply --position '[4,4,...]': a board alone is not a position (before: taken as a file name);
# - hoyito rules: no line wider than 100 columns (before: the options table, 238);
# - simulate --players random,random,random: "3 players, expected two" (before: CLI11's "At Most
#   2 required but received 3");
# - rulebook --format docx: the rule book's own formats (before: annotate's, svg and abstractplay);
# - serve: an empty board is game over (END-1), status finished, the winner by the captures, in
#   both implementations (before: status=playing, passes to the ply limit).
# Usage: messages_named.sh HOYITO. Exit 0 pass, 1 fail.
source "$(dirname "$0")/cli_lib.sh" "$1"

# --- record numbers ---
"$hoyito" random --variant hoyito2 --holes 6 --seed 5 --out "$work/g.json" || fail "random"
for pair in "1E30:beyond any count" "1e999:reads as infinity" "5E3:5000 written with an exponent"; do
  number=${pair%%:*} words=${pair#*:}
  sed -E "0,/\"captured\": *\[[0-9]+/s//\"captured\": [$number/" "$work/g.json" >"$work/bad.json"
  grep -q "$number" "$work/bad.json" || fail "the record with $number was not made"
  refused "replay, captured $number" "$words" -- "$hoyito" replay "$work/bad.json"
done

# --- apply --position with a board alone ---
refused "apply --position [4,4,...]" "a board alone is not a position" "cannot open" -- \
  "$hoyito" apply --position '[4,4,4,4,4,4,4,4,4,4,4,4]' --moves a

# --- rules: every line within 100 columns ---
"$hoyito" rules >"$work/rules.txt" || fail "hoyito rules"
widest=$(python3 -c 'import sys; print(max(len(l.rstrip("\n")) for l in open(sys.argv[1], encoding="utf-8")))' "$work/rules.txt")
[ "$widest" -le 100 ] || fail "hoyito rules: a line of $widest columns (at most 100)"
grep -q "lap_limit" "$work/rules.txt" || fail "hoyito rules: the options table is gone"
echo "hoyito rules: widest line $widest columns"

# --- simulate --players with three players ---
refused "simulate --players random,random,random" "3 players, expected two" "At Most" -- \
  "$hoyito" simulate --games 10 --players random,random,random

# --- rulebook --format docx ---
refused "rulebook --format docx" "the rule book is html, md or pdf" "abstractplay" -- \
  "$hoyito" rulebook --format docx --out "$work/rb"

# --- serve: an empty board is game over, in both implementations ---
for impl in engine model; do
  printf 'position board=0,0,0,0,0,0,0,0,0,0,0,0 captured=30,18 to_move=south\nstate\nlegal\nplay pass\n' |
    "$hoyito" serve --impl "$impl" >"$work/serve.txt" 2>&1
  grep -q "status=finished" "$work/serve.txt" || fail "serve --impl $impl: an empty board is not finished: $(tr '\n' ' ' <"$work/serve.txt")"
  grep -q "winner=south" "$work/serve.txt" || fail "serve --impl $impl: the winner by captures (30 to 18) is not south"
  grep -q "? game_over" "$work/serve.txt" || fail "serve --impl $impl: a pass after the end is not refused as game_over"
  echo "serve --impl $impl, an empty board: $(grep status= "$work/serve.txt" | head -1)"
done

echo "messages_named: $failures failures"
[ "$failures" -eq 0 ]
