#!/bin/sh
# hoyito solve on the command line: a small table is built (seconds) and passes --verify
# (exit 0); a flipped value byte fails it (exit 1); a truncated file is one line on stderr and
# exit 2; an interrupted solve leaves no table file.
# Would fail: a verify that trusts a flipped byte, a reader that maps a short file, a message
# over several lines, a partial file left behind.
set -u
hoyito=$1
dir=$2/solve-cli
rm -rf "$dir" && mkdir -p "$dir"
fail() { echo "FAIL: $*"; exit 1; }

"$hoyito" solve --variant hoyito3 --max-seeds 6 --out "$dir" >"$dir/solve.out" || fail "solve exited $?"
table=$dir/hoyito-hoyito3-2x6-capturer-k6.tbl
[ -f "$table" ] || fail "no table file $table"
grep -q "^layer  6: " "$dir/solve.out" || fail "no progress line for layer 6"
"$hoyito" solve --verify "$dir" >"$dir/verify.out" || fail "verify of a whole table exited $?"

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
"$hoyito" solve --variant hoyito2 --max-seeds 12 --out "$dir/int" >/dev/null 2>&1 &
pid=$!
sleep 2
kill -INT $pid
wait $pid
[ $? -eq 130 ] || fail "an interrupted solve did not exit 130"
[ -z "$(ls -A "$dir/int")" ] || fail "an interrupted solve left files: $(ls "$dir/int")"
echo "solve_cli: ok"
