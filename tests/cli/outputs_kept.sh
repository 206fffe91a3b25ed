#!/usr/bin/env bash
# Nothing lost (issue 36, items 1-5): a command never deletes or writes over what it did not
# write, nor its own input, and a folder output holds no stale file of an earlier run.
# 1. suite --out . --force (and --out "$HOME", a folder with a file of the user's): refused, the
#    user's file kept; --force over an earlier suite replaces it (the marker .hoyito-output);
# 2. merge s1 s2 --out s1 (and through a hard link): refused, s1 unchanged;
# 3. annotate game.md (a record named like the page it would write): refused, the record kept;
# 4. annotate --format abstractplay / svg / md of a long game, then a short one, into one --out:
#    only the short game's files (no ply file or SVG of the long one left);
# 5. rulebook --format md into a nearly full disk (a tmpfs; root only, else skipped with a note):
#    exit 2 and nothing written; an earlier rule book there is left whole.
# Usage: outputs_kept.sh HOYITO. Exit 0 pass, 1 fail.
source "$(dirname "$0")/cli_lib.sh" "$1"

# --- 1. suite --force: only an earlier suite is replaced ---
mkdir -p "$work/x"
echo keep >"$work/x/thesis.tex"
(cd "$work/x" && refused "suite --out . --force" "never written over" -- "$hoyito" suite --out . --force --depth 1)
[ -f "$work/x/thesis.tex" ] || fail "suite --out . --force deleted the current folder's thesis.tex"
refused "suite --out (a folder with a file of the user's) --force" "not a previous output" -- \
  "$hoyito" suite --out "$work/x" --force --depth 1
[ "$(cat "$work/x/thesis.tex" 2>/dev/null)" = keep ] || fail "suite --force over a user's folder lost thesis.tex"
mkdir -p "$work/home"
HOME="$work/home" refused "suite --out \$HOME --force" "never written over" -- \
  "$hoyito" suite --out "$work/home" --force --depth 1
"$hoyito" suite --out "$work/su" --depth 1 --seed 1 >/dev/null || fail "suite into a new folder"
"$hoyito" suite --out "$work/su" --depth 1 --seed 2 --force >/dev/null || fail "suite --force over an earlier suite"
grep -q '"seed": *2' "$work/su/suite.json" || fail "suite --force: the earlier suite was not replaced"
touch "$work/su/notes.txt"
refused "suite --force over an earlier suite with a user's file" "notes.txt" -- \
  "$hoyito" suite --out "$work/su" --depth 1 --force
[ -f "$work/su/notes.txt" ] && [ -f "$work/su/suite.json" ] || fail "suite --force: the refused folder was changed"

# --- 2. merge: an output that is an input ---
"$hoyito" simulate --games 40 --shard 1/2 --quiet --json "$work/s1.json" >/dev/null || fail "shard 1"
"$hoyito" simulate --games 40 --shard 2/2 --quiet --json "$work/s2.json" >/dev/null || fail "shard 2"
cp "$work/s1.json" "$work/s1.orig"
before=$(md5sum <"$work/s1.json")
refused "merge s1 s2 --out s1" "is also an input" -- "$hoyito" merge "$work/s1.json" "$work/s2.json" --out "$work/s1.json"
cp "$work/s1.orig" "$work/s1.json"
ln "$work/s1.json" "$work/link.json"
refused "merge s1 s2 --out (a hard link to s1)" "is also an input" -- \
  "$hoyito" merge "$work/s1.json" "$work/s2.json" --out "$work/link.json"
[ "$(md5sum <"$work/s1.json")" = "$before" ] || fail "merge --out s1 (or its link): shard s1 was changed"

# --- 3. annotate: the page would be the record ---
"$hoyito" random --variant hoyito2 --holes 6 --seed 5 --out "$work/g.json" || fail "random"
mkdir -p "$work/a3" && cp "$work/g.json" "$work/a3/game.md"
(cd "$work/a3" && refused "annotate game.md" "is also an input" -- "$hoyito" annotate game.md --format md --depth 0)
cmp -s "$work/g.json" "$work/a3/game.md" || fail "annotate game.md wrote over its record"

# --- 4. one --out, a long game then a short one: the files of the short game alone ---
# (the same names as the short game annotated into a fresh folder)
"$hoyito" random --variant hoyito2 --holes 6 --seed 7 --out "$work/long.json" || fail "random long"
"$hoyito" apply --variant hoyito2 --holes 6 --moves "d A c* b F* F" >"$work/short.json" || fail "apply short"
for format in abstractplay svg md; do
  out="$work/a4-$format"
  cp "$work/long.json" "$work/game.json"
  "$hoyito" annotate "$work/game.json" --format "$format" --depth 0 --out "$out" >/dev/null || fail "annotate --format $format, long"
  long=$(find "$out" -type f | wc -l)
  cp "$work/short.json" "$work/game.json"
  "$hoyito" annotate "$work/game.json" --format "$format" --depth 0 --out "$out" >/dev/null 2>"$work/err.txt" ||
    fail "annotate --format $format, short: $(head -c 200 "$work/err.txt")"
  "$hoyito" annotate "$work/game.json" --format "$format" --depth 0 --out "$work/fresh-$format" >/dev/null ||
    fail "annotate --format $format, short, into a fresh folder"
  reused=$(cd "$out" && find . -type f | sort | tr '\n' ' ')
  fresh=$(cd "$work/fresh-$format" && find . -type f | sort | tr '\n' ' ')
  [ "$reused" = "$fresh" ] || fail "annotate --format $format, a long game then a short one: $(echo "$reused" | wc -w) files, expected the $(echo "$fresh" | wc -w) of the short game alone"
  echo "annotate --format $format into one --out: $long files of the long game, then $(echo "$reused" | wc -w) (fresh: $(echo "$fresh" | wc -w))"
done
mkdir -p "$work/a4-user/game-svg" && echo mine >"$work/a4-user/game-svg/notes.txt"
refused "annotate --format md over a -svg folder with a user's file" "notes.txt" -- \
  "$hoyito" annotate "$work/game.json" --format md --depth 0 --out "$work/a4-user"
[ -f "$work/a4-user/game-svg/notes.txt" ] || fail "annotate removed a user's file in its -svg folder"

# --- 5. rulebook --format md into a full disk ---
mkdir -p "$work/full"
if mount -t tmpfs -o size=300k tmpfs "$work/full" 2>/dev/null; then
  "$hoyito" rulebook --format md --out "$work/full/rb" >"$work/rb.out" 2>"$work/rb.err"
  code=$?
  [ "$code" -eq 2 ] || fail "rulebook --format md into a full disk: exit $code, expected 2 ($(tail -c 200 "$work/rb.err"))"
  grep -q "No space left on device" "$work/rb.err" || fail "rulebook into a full disk: no reason: $(tail -c 200 "$work/rb.err")"
  left=$(find "$work/full" -mindepth 1 | head -3 | tr '\n' ' ')
  [ -z "$(find "$work/full" -type f)" ] || fail "rulebook --format md into a full disk left: $left"
  echo "rulebook --format md into a full disk: exit $code, $(head -c 120 "$work/rb.err"), left: ${left:-nothing}"
  umount "$work/full"
else
  echo "note: no tmpfs (not root): the full-disk part is skipped"
fi

echo "outputs_kept: $failures failures"
[ "$failures" -eq 0 ]
