#!/usr/bin/env bash
# Whole outputs or none (issue 24, item 3), each part able to fail:
# - annotate --out and simulate --charts into a full disk (a 200 kB tmpfs; root only, else that
#   part is skipped with a note): no page, no SVG folder, no chart folder, no temporary is left
#   (before: a page linking 61 SVGs of which a few existed; charts cut short by gnuplot, exit 0);
# - simulate --charts whose gnuplot fails: the folder it made is removed;
# - merge of a shard whose counts contradict themselves (South's wins raised, length.max above the
#   ply limit, moves of 10^17, a margin, repeating or forced count no game can give) or with an
#   unknown top-level field: exit 2 naming it (before: merged);
# - stale temporaries: one named for a process that has ended is swept by the next run into that
#   folder, one of a live process is not.
# Usage: whole_outputs.sh HOYITO. Exit 0 pass, 1 fail.
set -uo pipefail
hoyito=$(realpath "$1")
work=$(mktemp -d)
cleanup() {
  mountpoint -q "$work/full" 2>/dev/null && umount "$work/full"
  rm -rf "$work"
}
trap cleanup EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
no_temporaries() {  # DIR NAME
  if find "$1" -name '.*.tmp-*' 2>/dev/null | grep -q .; then fail "$2: a temporary was left: $(find "$1" -name '.*.tmp-*' | head -2)"; fi
}

"$hoyito" random --variant hoyito2 --holes 12 --seed 3 --out "$work/long.json" || fail "could not make a record"

# --- a full disk ---
mkdir -p "$work/full"
if mount -t tmpfs -o size=200k tmpfs "$work/full" 2>/dev/null; then
  # 60 plies: a page of 60 kB that fits, and 1.1 MB of SVGs that do not
  "$hoyito" annotate "$work/long.json" --plies 1..60 --depth 0 --out "$work/full" >"$work/annotate.out" 2>"$work/annotate.err"
  code=$?
  [ "$code" -eq 2 ] || fail "annotate into a full disk: exit $code, expected 2 ($(tail -c 200 "$work/annotate.err"))"
  grep -q "No space left on device" "$work/annotate.err" || fail "annotate into a full disk: no reason given: $(tail -c 200 "$work/annotate.err")"
  [ -z "$(ls -A "$work/full")" ] || fail "annotate into a full disk left: $(ls -A "$work/full" | head -3 | tr '\n' ' ')"
  echo "annotate into a full disk: exit $code, $(head -c 150 "$work/annotate.err"), folder empty: $([ -z "$(ls -A "$work/full")" ] && echo yes || echo no)"
  # the charts of a sweep (four charts, about 40 kB each, and their data) into 60 kB left
  rm -rf "${work:?}/full/"* "$work/full/".[!.]*
  head -c 140000 /dev/zero >"$work/full/filler"
  "$hoyito" simulate --games 200 --quiet --sweep ply_limit=100,200,300 --charts "$work/full/charts" >/dev/null 2>"$work/charts.err"
  code=$?
  [ "$code" -eq 2 ] || fail "simulate --charts into a full disk: exit $code, expected 2 ($(tail -c 200 "$work/charts.err"))"
  [ -e "$work/full/charts" ] && fail "simulate --charts into a full disk left the folder: $(ls "$work/full/charts" | tr '\n' ' ')"
  no_temporaries "$work/full" "simulate --charts into a full disk"
  echo "simulate --charts into a full disk: exit $code, $(head -c 150 "$work/charts.err")"
  umount "$work/full"
else
  echo "note: no tmpfs (not root): the full-disk parts are skipped"
fi

# --- gnuplot that fails: the --charts folder made for the run is removed ---
mkdir -p "$work/bin"
printf '#!/bin/sh\necho "gnuplot: failing on purpose" >&2\nexit 1\n' >"$work/bin/gnuplot"
chmod +x "$work/bin/gnuplot"
PATH="$work/bin:$PATH" "$hoyito" simulate --games 50 --quiet --charts "$work/charts-new" >/dev/null 2>"$work/gnuplot.err"
code=$?
[ "$code" -eq 2 ] || fail "simulate --charts with a failing gnuplot: exit $code, expected 2"
[ -e "$work/charts-new" ] && fail "simulate --charts with a failing gnuplot left its folder: $(ls -A "$work/charts-new" | tr '\n' ' ')"
no_temporaries "$work" "simulate --charts with a failing gnuplot"
echo "simulate --charts, gnuplot failing: exit $code, folder left: $([ -e "$work/charts-new" ] && echo yes || echo no)"

# --- merge: every identity of the counts, and the schema ---
"$hoyito" simulate --games 400 --shard 1/2 --quiet --json "$work/s1.json" >/dev/null || fail "shard 1"
"$hoyito" simulate --games 400 --shard 2/2 --quiet --json "$work/s2.json" >/dev/null || fail "shard 2"
"$hoyito" merge "$work/s1.json" "$work/s2.json" --out "$work/merged.json" || fail "merge of two whole shards"
# damage NAME PYTHON EXPECTED: shard 2 changed by PYTHON (d: its document, c: its counts)
damage() {
  local name=$1 change=$2 expected=$3
  python3 - "$work/s2.json" "$work/bad-$name.json" "$change" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
c = d["results"][0]["statistics"]["counts"]
exec(sys.argv[3])
json.dump(d, open(sys.argv[2], "w"))
EOF
  "$hoyito" merge "$work/s1.json" "$work/bad-$name.json" >"$work/merge-$name.out" 2>"$work/merge-$name.err"
  local code=$?
  [ "$code" -eq 2 ] || fail "merge with $name: exit $code, expected 2 (merged: $(head -c 100 "$work/merge-$name.out"))"
  grep -q -- "$expected" "$work/merge-$name.err" || fail "merge with $name: '$expected' not said: $(head -c 300 "$work/merge-$name.err")"
  echo "merge with $name: exit $code: $(head -c 200 "$work/merge-$name.err")"
}
damage south-wins 'c["outcomes"][0][0][0] += 5' "outcomes sum to"
damage length-max 'c["length"]["max"] = 1000000' "length: max"
# one game moved from its bin to a length of 1,000,000 (the overflow): whole as a histogram, but
# above the ply limit of 5000 (END-3)
damage ply-limit '
h = c["length"]; k = next(i for i, b in enumerate(h["bins"]) if b[1] > 1)
h["bins"][k][1] -= 1; h["overflow"] += 1; h["max"] = 1000000; h["sum"] += 1000000 - h["bins"][k][0]' "above the ply limit"
damage moves 'c["moves"] = 10**17' "moves"
damage unknown-field 'd["extra"] = 1' 'unknown top-level field "extra"'
damage histogram 'c["length"]["total"] += 1' "length"
# the per-game figures (issue 24 item 4): a margin for a game that did not finish, a repeating
# unterminated game that is not unterminated, forced plies of no choice ply
damage margin '
h = c["margin"]; h["bins"][0][1] += 1; h["total"] += 1; h["sum"] += h["bins"][0][0]' "margin counts"
damage repeating 'c["unterminated_repeating"] = 7' "unterminated_repeating"
damage forced-by-game 'c["forced_by_game"]["k"] = 3' "forced_by_game"

# --- stale temporaries: a dead process's swept, a live one's kept ---
sleep 0 & dead=$!
wait "$dead"
mkdir -p "$work/out"
touch "$work/out/.r.jsonl.tmp-$dead-AbCdEf" "$work/out/.r.jsonl.tmp-$$-GhIjKl"
mkdir "$work/out/.long-svg.tmp-$dead-MnOpQr"
"$hoyito" random --games 3 --out "$work/out/r.jsonl" || fail "random --out"
[ -e "$work/out/.r.jsonl.tmp-$dead-AbCdEf" ] && fail "the temporary of an ended process (pid $dead) was not swept"
[ -e "$work/out/.r.jsonl.tmp-$$-GhIjKl" ] || fail "the temporary of a live process (pid $$) was swept"
"$hoyito" annotate "$work/long.json" --plies 1..3 --depth 0 --out "$work/out" >/dev/null || fail "annotate --out"
[ -e "$work/out/.long-svg.tmp-$dead-MnOpQr" ] && fail "the temporary folder of an ended process was not swept"
[ -f "$work/out/long.md" ] && [ -f "$work/out/long-svg/ply-3.svg" ] || fail "annotate --out: no page or no SVG"
echo "stale temporaries: $(ls -A "$work/out" | tr '\n' ' ')"

echo "whole_outputs: $failures failures"
[ "$failures" -eq 0 ]
