#!/bin/sh
# Endgame tables keyed by their rules and checked on open (issue 34, specs/endgame-tables.md
# "File format"): a table of other rules gets its own file name and is refused by every reader
# with one line naming the table and both rules; a byte flipped anywhere (header, values,
# checksum) is refused by every reader; solve refuses G7 ply_limit and an --out it cannot write
# before any work; a simulate result names the tables it read, and merge refuses shards of
# other tables. Would fail: a file name without the option (the second solve replaces the
# first), a checksum over the values only (the header flip passes), a reader that passes over a
# table of other rules (annotate and simulate fall back to search silently), a merge that does
# not compare the tables.
set -u
hoyito=$1
dir=$2/solve-keyed
rm -rf "$dir" && mkdir -p "$dir"
fail() { echo "FAIL: $*"; exit 1; }
# $1: what; then the command: exit 2 and one line on stderr that contains $want.
refused() {
  what=$1
  shift
  "$@" >"$dir/out" 2>"$dir/err"
  rc=$?
  [ $rc -eq 2 ] || fail "$what: exit $rc, expected 2: $(cat "$dir/err")"
  [ "$(wc -l <"$dir/err")" -eq 1 ] || fail "$what: not one line: $(cat "$dir/err")"
  grep -q -- "$want" "$dir/err" || fail "$what: the line does not say '$want': $(cat "$dir/err")"
}

# Every layer (--all-layers): the game below is a made-up position of 5 seeds.
t=$dir/t
"$hoyito" solve --max-seeds 5 --all-layers --out "$t" >/dev/null || fail "solve exited $?"
default=$t/hoyito-hoyito2-2x6-capturer-k5.tbl
cp "$default" "$dir/default.copy"
"$hoyito" solve --max-seeds 5 --all-layers --option capture_sides=opponent --out "$t" >/dev/null || fail "solve G2 exited $?"
other=$t/hoyito-hoyito2-2x6-capturer-capture_sides=opponent-k5.tbl
[ -f "$other" ] || fail "no file $other: $(ls "$t")"
cmp -s "$default" "$dir/default.copy" || fail "the G2 solve replaced the default table"

# solve refuses before any work: no progress line, no file.
want="endless_game=ply_limit"
refused "solve under ply_limit" "$hoyito" solve --max-seeds 5 --option endless_game=ply_limit --out "$dir/p"
[ ! -e "$dir/p" ] || fail "solve under ply_limit made its --out"
touch "$dir/afile"
want="afile"
refused "solve --out a file" "$hoyito" solve --max-seeds 12 --out "$dir/afile"
[ ! -s "$dir/out" ] || fail "solve --out a file printed before refusing: $(cat "$dir/out")"

# A game and its record under the default rules (5 seeds: a at once is a casa, END-1).
pos='{"board":[1,3,0,0,1,0,0,0,0,0,0,0],"captured":[21,22],"to_move":"south"}'
"$hoyito" apply --position "$pos" --moves "a" >"$dir/game.json" || fail "apply exited $?"
# Every reader of a folder of tables, for the default rules.
readers() {
  refused "$1: probe" "$hoyito" solve --probe "$2" --position "$pos"
  refused "$1: annotate --tables" "$hoyito" annotate "$dir/game.json" --tables "$2" --out "$dir/page"
  refused "$1: perfect player" "$hoyito" simulate --players "perfect:$2,random" --games 2 --threads 1 --quiet
  refused "$1: simulate --tables" "$hoyito" simulate --tables "$2" --games 2 --threads 1 --quiet
}
mkdir -p "$dir/g2"
cp "$other" "$dir/g2/"
want="capturer capture_sides=opponent, not of the game's rules (hoyito2 2x6 capturer)"
readers "a table of other rules" "$dir/g2"

size=$(wc -c <"$default")
# seeds_per_hole 4 -> 5 in the header's JSON (still a table of valid rules), a name's letter, a
# value, the checksum itself.
sph=$(grep -obUa '"seeds_per_hole":4' "$default" | cut -d: -f1)
[ -n "$sph" ] || fail "no seeds_per_hole in the header"
for at in $((sph + 17)) 40 $((size - 50)) $((size - 1)); do
  mkdir -p "$dir/flip$at"
  cp "$default" "$dir/flip$at/t.tbl"
  byte=$(od -An -tu1 -j "$at" -N1 "$default" | tr -d ' ')
  printf "$(printf '\\%03o' $(((byte + 1) % 256)))" | dd of="$dir/flip$at/t.tbl" bs=1 seek="$at" conv=notrunc 2>/dev/null
  cmp -s "$default" "$dir/flip$at/t.tbl" && fail "byte $at was not flipped"
  want="checksum"
  readers "byte $at flipped" "$dir/flip$at"
  cp "$dir/flip$at/t.tbl" "$dir/flip$at/hoyito-hoyito2-2x6-capturer-k5.tbl"
  refused "byte $at flipped: solve --layer 6" "$hoyito" solve --layer 6 --block 1/1 --all-layers --out "$dir/flip$at"
  "$hoyito" solve --verify "$dir/flip$at/t.tbl" >"$dir/out" 2>&1
  rc=$?
  [ $rc -ne 0 ] || fail "byte $at flipped: solve --verify exited 0"
done

# The result names its tables; merge refuses shards of other tables (the folder's table rebuilt
# with another K between the two shards).
mkdir -p "$dir/m"
cp "$default" "$dir/m/"
"$hoyito" simulate --players "perfect:$dir/m,random" --games 4 --shard 1/2 --json "$dir/s1.json" --quiet \
  >/dev/null || fail "shard 1 exited $?"
grep -q '"table_files":\["hoyito-hoyito2-2x6-capturer-k5.tbl [0-9a-f]\{16\}"\]' "$dir/s1.json" ||
  fail "the result does not name its table"
"$hoyito" simulate --players "perfect:$dir/m,random" --games 4 --shard 2/2 --json "$dir/s2.json" --quiet \
  >/dev/null || fail "shard 2 exited $?"
"$hoyito" merge "$dir/s1.json" "$dir/s2.json" >/dev/null || fail "merge of shards of one table exited $?"
rm "$dir/m/"*.tbl
"$hoyito" solve --max-seeds 4 --all-layers --out "$dir/m" >/dev/null || fail "solve K = 4 exited $?"
"$hoyito" simulate --players "perfect:$dir/m,random" --games 4 --shard 2/2 --json "$dir/s2.json" --quiet \
  >/dev/null || fail "shard 2 (K = 4) exited $?"
want="run.table_files"
refused "merge of shards of other tables" "$hoyito" merge "$dir/s1.json" "$dir/s2.json"
echo "solve_keyed: ok"
