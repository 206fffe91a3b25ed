#!/bin/sh
# The conformance suite end to end: `hoyito suite` writes it; tests/cli/suite_reader.py (Python, no
# hoyito code) replays it through the engine protocol against `hoyito serve --impl engine` and
# `--impl model` (both must pass), and against the liar fake engine (it must fail: it answers
# `legal` with nothing where the real engine says `pass`). Also: a non-empty --out is refused
# without --force. Not run here: engines other than the in-tree ones.
set -u
HOYITO=$1
SOURCE=$2
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$HOYITO" suite --out "$WORK/suite" --depth 3 || fail "hoyito suite exited $?"
for file in README.md suite.json perft.json playthroughs.json scenarios.json endless.json; do
  [ -s "$WORK/suite/$file" ] || fail "suite/$file missing"
done
"$HOYITO" suite --out "$WORK/suite" --depth 1 2>"$WORK/err" && fail "a non-empty --out was replaced without --force"
grep -q "not empty" "$WORK/err" || fail "no clear refusal: $(cat "$WORK/err")"

for impl in engine model; do
  python3 "$SOURCE/tests/cli/suite_reader.py" "$WORK/suite" -- "$HOYITO" serve --impl $impl >"$WORK/$impl.txt" ||
    { cat "$WORK/$impl.txt"; fail "the reader failed against serve --impl $impl"; }
  echo "serve --impl $impl: $(tail -1 "$WORK/$impl.txt")"
done

python3 "$SOURCE/tests/cli/suite_reader.py" "$WORK/suite" -- python3 "$SOURCE/tests/support/fake_engines/fake_engine.py" liar "$HOYITO" \
  >"$WORK/liar.txt" && { cat "$WORK/liar.txt"; fail "the liar passed"; }
tail -1 "$WORK/liar.txt" | grep -Eq "[1-9][0-9]* failed" || { cat "$WORK/liar.txt"; fail "the liar: no failures counted"; }
echo "liar: $(tail -1 "$WORK/liar.txt")"
echo "PASS (not run: engines other than hoyito serve and the liar)"
