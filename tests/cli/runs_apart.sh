#!/usr/bin/env bash
# Nothing mixed (issue 36, items 6 and 8):
# 6. two runs into one output folder: the second is refused with one line (the folder's
#    .hoyito-lock held with flock(2) for the run), for verify (the default folder and --out),
#    annotate, rulebook --format md and --format pdf; two verify runs started at once: one passes,
#    the other is refused, no record is left corrupt (before: both FAILed with "malformed JSON ...
#    incomplete JSON");
# 8. suite --seed -1 and --seed 18446744073709551616: refused as every other command refuses them
#    (before: exit 0, the seed clamped to 2^64 - 1).
# Usage: runs_apart.sh HOYITO. Exit 0 pass, 1 fail.
source "$(dirname "$0")/cli_lib.sh" "$1"

# --- 6. a folder held by another run ---
mkdir -p "$work/held"
flock -o "$work/held/.hoyito-lock" sleep 20 &  # -o: the lock is flock's own, not sleep's
holder=$!
sleep 0.5
refused "verify --out (a folder another run holds)" "another hoyito run" -- \
  "$hoyito" verify --games 1 --skip records,matches,limits --out "$work/held"
"$hoyito" random --variant hoyito2 --holes 6 --seed 5 --out "$work/g.json" || fail "random"
refused "annotate --out (a folder another run holds)" "another hoyito run" -- \
  "$hoyito" annotate "$work/g.json" --depth 0 --out "$work/held"
refused "rulebook --format md --out (a folder another run holds)" "another hoyito run" -- \
  "$hoyito" rulebook --format md --out "$work/held"
if command -v chromium >/dev/null; then  # --format pdf: the folder is locked for the PDF's write too
  refused "rulebook --format pdf --out (a folder another run holds)" "another hoyito run" -- \
    "$hoyito" rulebook --format pdf --out "$work/held"
  [ -e "$work/held/rulebook.pdf" ] && fail "rulebook --format pdf wrote into a folder another run holds"
else
  echo "note: no Chromium: rulebook --format pdf into a held folder not tried"
fi
kill "$holder"
wait "$holder" 2>/dev/null
"$hoyito" annotate "$work/g.json" --depth 0 --out "$work/held" >/dev/null || fail "annotate once the folder is free"
[ -e "$work/held/.hoyito-lock" ] && fail "the lock file was left in the folder after the run"

# two verify runs at once into one folder (and into the default one, $XDG_CACHE_HOME/hoyito/verify)
export XDG_CACHE_HOME="$work/cache"
for place in "--out $work/vc" ""; do
  mkdir -p "$work/cwd"
  (cd "$work/cwd" && "$hoyito" verify --games 5 --seed 1 $place >"$work/v1.out" 2>"$work/v1.err") &
  first=$!
  (cd "$work/cwd" && "$hoyito" verify --games 5 --seed 2 $place >"$work/v2.out" 2>"$work/v2.err") &
  second=$!
  wait "$first"
  c1=$?
  wait "$second"
  c2=$?
  codes=$(printf '%s\n' "$c1" "$c2" | sort | tr '\n' ' ')
  [ "$codes" = "0 2 " ] || fail "two verify runs at once (${place:-default folder}): exits $c1 and $c2, expected one 0 and one 2 ($(cat "$work/v1.err" "$work/v2.err" | head -c 300))"
  grep -qh "another hoyito run" "$work/v1.err" "$work/v2.err" || fail "two verify runs at once: the refusal not said"
  grep -qh "malformed JSON" "$work/v1.out" "$work/v2.out" && fail "two verify runs at once: a record was read half-written"
  echo "two verify runs at once (${place:-default folder}): exits $c1 and $c2: $(cat "$work/v1.err" "$work/v2.err" | head -c 200)"
done

# --- 8. suite --seed out of range ---
for seed in -1 18446744073709551616; do
  refused "suite --seed $seed" "is not a seed" -- "$hoyito" suite --out "$work/su" --seed "$seed" --depth 1
  [ -e "$work/su" ] && fail "suite --seed $seed wrote $work/su"
done

echo "runs_apart: $failures failures"
[ "$failures" -eq 0 ]
