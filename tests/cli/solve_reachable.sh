#!/usr/bin/env bash
# Only the layers a game reaches (issue 34, item 4; specs/endgame-tables.md "Only reachable
# layers"): by default `solve` builds the layers K, K-4, ..., 0 (48 seeds at the start, BRD-3;
# captures take fours, CAP-II-1, CAP-II-2, CAP-III-1). Games from the start, read by every reader
# of a reachable-only table (simulate --tables judging every ply, perfect:DIR players of both
# variants, annotate --tables on random games), never meet a missing layer; a made-up position of
# 7 seeds is refused by --probe and annotate --tables in one line naming the table and the seed
# count (exit 2); --verify passes the table and reports only its layers; a table of format
# version 2 is refused in one line. Would fail: a reader that reads past a missing layer (no
# refusal: garbage or a crash), a residue taken wrongly (a game meets the refusal), a verify that
# walks layers the file does not hold, a reader that takes the old format.
source "$(dirname "$0")/cli_lib.sh" "$1"
dir=$work
t2=$dir/h2 t3=$dir/h3
"$hoyito" solve --max-seeds 12 --out "$t2" >"$dir/solve2.out" || fail "solve K = 12 exited $?"
"$hoyito" solve --variant hoyito3 --max-seeds 8 --out "$t3" >/dev/null || fail "solve hoyito3 K = 8 exited $?"
# The layers solved: 0, 4, 8, 12 and no other.
[ "$(grep -c '^layer' "$dir/solve2.out")" -eq 4 ] || fail "not 4 layers: $(cat "$dir/solve2.out")"
for n in 0 4 8 12; do grep -q "^layer *$n:" "$dir/solve2.out" || fail "no layer $n"; done

# Games from the start: every position of at most 12 seeds judged from the table.
"$hoyito" simulate --tables "$t2" --games 400 --threads 1 --quiet >"$dir/sim.out" ||
  fail "simulate --tables on a reachable table exited $?: $(tail -1 "$dir/sim.out")"
"$hoyito" simulate --players "perfect:$t2,random" --games 40 --threads 2 --quiet >/dev/null ||
  fail "perfect:DIR (K = 12) against random exited $?"
"$hoyito" simulate --variant hoyito3 --players "perfect:$t3,perfect:$t3" --games 40 --threads 2 --quiet >/dev/null ||
  fail "Hoyito III perfect against perfect exited $?"
"$hoyito" random --games 6 --seed 7 --out "$dir/games.jsonl" || fail "random exited $?"
for k in 1 2 3 4 5 6; do
  "$hoyito" annotate "$dir/games.jsonl" --record $k --tables "$t2" --depth 0 --out "$dir/page$k" >/dev/null ||
    fail "annotate --tables of random game $k exited $?"
  grep -q "exact from the endgame tables" "$dir"/page$k/*.md || fail "game $k: no exact line (no ply read the table)"
done

# A made-up position of 7 seeds: no layer 7 in a reachable table.
seven='{"board":[1,3,0,0,1,0,2,0,0,0,0,0],"captured":[20,21],"to_move":"south"}'
want="hoyito-hoyito2-2x6-capturer-k12.tbl: no layer of 7 seeds in this table"
refused "probe of 7 seeds" "$want" -- "$hoyito" solve --probe "$t2" --position "$seven"
"$hoyito" apply --position "$seven" --moves "a" >"$dir/seven.json" || fail "apply exited $?"
refused "annotate --tables of 7 seeds" "$want" -- "$hoyito" annotate "$dir/seven.json" --tables "$t2" --out "$dir/page7"

# --verify: ok, and a line for each layer held, no other: 1 + 1,365 + 75,582 + 1,352,078 =
# 1,429,026 positions (C(n + 11, 11) for n = 0, 4, 8, 12).
"$hoyito" solve --verify "$t2" >"$dir/verify.out" || fail "verify of a reachable table exited $?"
[ "$(grep -c '^layer' "$dir/verify.out")" -eq 4 ] || fail "verify: not 4 layer lines: $(cat "$dir/verify.out")"
grep -q "0 of 1429026 positions inconsistent.*: ok$" "$dir/verify.out" || fail "verify: $(tail -1 "$dir/verify.out")"

# Format version 2 (every layer, no layers_held): byte 8 holds the version, little-endian.
mkdir -p "$dir/v2"
cp "$t3"/*.tbl "$dir/v2/t.tbl"
printf '\002' | dd of="$dir/v2/t.tbl" bs=1 seek=8 conv=notrunc 2>/dev/null
refused "a version 2 table" "format version 2, expected 3" -- "$hoyito" solve --probe "$dir/v2" --variant hoyito3 --position "$seven"
echo "solve_reachable: $failures failures"
[ "$failures" -eq 0 ]
