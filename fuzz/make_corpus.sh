#!/usr/bin/env bash
# Remakes the seed corpora of fuzz/corpus/ from specs/scenarios/*.json and a few random games.
#
#   fuzz/make_corpus.sh [HOYITO]     HOYITO: a built `hoyito` (default build/release/hoyito)
#
# Needs jq. What it writes (kept small: a few hundred KB in all, no file above ~16 KB):
#   corpus/record/        every scenario with moves as a game record (`hoyito apply`), and
#                         random games (`hoyito random --games 5` per variant and size; a long
#                         one is cut to its first plies, again through `hoyito apply`)
#   corpus/differential/  every scenario encoded as the differential target's input (the layout
#                         is described at the top of differential_fuzzer.cpp), and a few inputs
#                         that play long games from the start position
#   corpus/cli/           argument lists, one per line (see cli_fuzzer.cpp for the files named)
set -euo pipefail
cd "$(dirname "$0")/.."
hoyito=${1:-build/release/hoyito}
command -v jq >/dev/null || { echo "make_corpus: needs jq (apt-get install jq)" >&2; exit 2; }
[ -x "$hoyito" ] || { echo "make_corpus: no program at $hoyito (build the release preset)" >&2; exit 2; }

out=fuzz/corpus
rm -rf "$out/record" "$out/differential" "$out/cli"
mkdir -p "$out/record" "$out/differential" "$out/cli"

# The `hoyito` rules arguments of a scenario's or record's "rules" object.
rules_args() {
  jq -r '.rules as $r
    | ["--variant", $r.variant, "--holes", ($r.holes_per_row|tostring)]
      + (if $r.seeds_per_hole then ["--seeds-per-hole", ($r.seeds_per_hole|tostring)] else [] end)
      + (if $r.round then ["--round", ($r.round|tostring)] else [] end)
      + (if $r.previous_winner then ["--previous-winner", $r.previous_winner] else [] end)
      + ([($r.options // {}) | to_entries[] | ["--option", "\(.key)=\(.value|tostring)"]] | add // [])
    | .[]' "$1"
}

# ---- record: scenarios as records ------------------------------------------------------------
for f in specs/scenarios/*.json; do
  id=$(basename "$f" .json)
  jq -e '.steps and (.steps|length) > 0' "$f" >/dev/null || continue  # match scenarios: no moves
  mapfile -t args < <(rules_args "$f")
  moves=$(jq -r '[.steps[] | select(.error|not) | .move] | join(" ")' "$f")
  position=()
  jq -e '.start' "$f" >/dev/null && position=(--position "$(jq -c .start "$f")")
  if ! "$hoyito" apply "${args[@]}" "${position[@]}" --moves "$moves" >"$out/record/scenario-$id.json" 2>/tmp/make_corpus.err; then
    echo "make_corpus: $id: $(cat /tmp/make_corpus.err)" >&2
    rm -f "$out/record/scenario-$id.json"
  fi
done

# ---- record: random games ---------------------------------------------------------------------
cut_record() {  # FILE PLIES: the record replayed up to its first PLIES plies
  local file=$1 plies=$2 args moves
  mapfile -t args < <(rules_args "$file")
  moves=$(jq -r "[.plies[:$plies][] | .move] | join(\" \")" "$file")
  "$hoyito" apply "${args[@]}" --position "$(jq -c .start "$file")" --moves "$moves"
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
random_games() {  # NAME PLIES-IF-LONG hoyito-random-arguments...
  local name=$1 keep=$2 i=0
  shift 2
  "$hoyito" random --games 5 "$@" >"$tmp/games.jsonl"
  while IFS= read -r line; do
    i=$((i + 1))
    printf '%s\n' "$line" >"$tmp/game.json"
    if [ "${#line}" -le 16384 ]; then
      cp "$tmp/game.json" "$out/record/random-$name-$i.json"
    else
      cut_record "$tmp/game.json" "$keep" >"$out/record/random-$name-$i-first$keep.json"
    fi
  done <"$tmp/games.jsonl"
}
for v in hoyito1 hoyito2 hoyito3; do
  random_games "$v-2x6" 16 --variant "$v" --holes 6 --seed 7
  random_games "$v-2x12" 6 --variant "$v" --holes 12 --seed 7
done
random_games hoyito2-2x6-options 16 --variant hoyito2 --seed 11 --option skip_origin=true \
  --option endless_sowing=void --option endless_game=third_repetition --option ply_limit=60
random_games hoyito3-round3 16 --variant hoyito3 --seed 13 --round 3 --previous-winner draw \
  --option drawn_previous_last_four=split --option match_starter=loser --seeds-per-hole 3
random_games hoyito1-2x6-seeds2 16 --variant hoyito1 --seed 17 --seeds-per-hole 2 --option ply_limit=40

# ---- differential: scenarios encoded as inputs ------------------------------------------------
# The bytes in the order the target reads them; the file holds them reversed (FuzzedDataProvider
# takes integers from the end of the input).
write_reversed() {  # FILE BYTE...
  local file=$1 hexes="" i
  shift
  for ((i = $#; i >= 1; i--)); do hexes+=$(printf '\\x%02x' "${!i}"); done
  printf "$hexes" >"$file"
}
encode_scenario() {  # FILE WITH-ERROR-STEP(0/1)
  jq -r --argjson upto_error "$2" '
    .rules as $r | ($r.options // {}) as $o | ($r.holes_per_row) as $n
    | (if $r.variant == "hoyito2" then 0 elif $r.variant == "hoyito1" then 1 else 2 end) as $variant
    | ($r.seeds_per_hole // 4) as $k
    | ($o.ply_limit // 5000) as $limit
    | ($r.round // 1) as $round
    | [.steps[] | if $upto_error == 1 then . else select(.error|not) end] as $steps
    | (if $upto_error == 1 then ($steps | map(.error != null) | index(true)) as $e | $steps[:($e + 1)] else $steps end) as $steps
    | [$variant, (if $n == 12 then 1 else 0 end), (4 - $k),
       (if $o.skip_origin == true then 1 else 0 end),
       (if $o.endless_sowing == "void" then 1 else 0 end),
       (if $o.endless_game == "third_repetition" then 1 else 0 end),
       (if $limit >= 64 then 0 else 64 - $limit end),
       (if $o.drawn_previous_last_four == "split" then 1 else 0 end),
       (if $o.match_starter == "loser" then 1 else 0 end)]
      + (if $variant == 2 then
           [([$round, 5] | min) - 1,
            (if $round >= 3 then {"south": 0, "north": 1, "draw": 2}[$r.previous_winner]
             else {"south": 1, "north": 2, "draw": 3}[$r.previous_winner // "none"] // 0 end)]
         else [] end)
      + (if .start == null then [0, 0]
         else [(if .start.to_move == "north" then 1 else 0 end), 1]
              + [.start.board[] | if . < 16 then . else 128 + . end]
              + [.start.captured[0]] end)
      + [($steps | length)]
      + [$steps[] | .move as $m | 240,
         (if $m == "pass" then 0
          elif ($m | test("^[a-z]$")) then ($m | explode[0]) - 97 + 1
          else ($m | explode[0]) - 65 + $n + 1 end)]
    | map(tostring) | join(" ")' "$1"
}
for f in specs/scenarios/*.json; do
  id=$(basename "$f" .json)
  jq -e '.steps and (.steps|length) > 0' "$f" >/dev/null || continue
  jq -e '[.start.board[]?] | all(. < 128)' "$f" >/dev/null || continue
  jq -e '(.rules.seeds_per_hole // 4) <= 4' "$f" >/dev/null || continue  # kMaxSeedsPerHole
  read -ra bytes <<<"$(encode_scenario "$f" 0)"
  write_reversed "$out/differential/scenario-$id" "${bytes[@]}"
  if jq -e '[.steps[] | select(.error)] | length > 0' "$f" >/dev/null; then
    read -ra bytes <<<"$(encode_scenario "$f" 1)"
    write_reversed "$out/differential/scenario-$id-refused" "${bytes[@]}"
  fi
done
# Long games from the start: every variant and size, 64 plies chosen by a fixed byte sequence.
RANDOM=2026
for variant in 0 1 2; do
  for twelve in 0 1; do
    for endless in 0 1; do
      bytes=("$variant" "$twelve" 0 0 "$endless" 0 0 0 0)
      [ "$variant" = 2 ] && bytes+=(2 0)
      bytes+=(0 0 64)
      for ((i = 0; i < 64; i++)); do bytes+=($((RANDOM % 240))); done
      write_reversed "$out/differential/start-v$variant-t$twelve-e$endless" "${bytes[@]}"
    done
  done
done

# ---- cli: argument lists ----------------------------------------------------------------------
cli() {  # NAME ARG...
  local name=$1
  shift
  printf '%s\n' "$@" >"$out/cli/$name"
}
start6='{"board":[4,4,4,4,4,4,4,4,4,4,4,4],"captured":[0,0],"to_move":"south"}'
small6='{"board":[0,0,0,1,0,2,2,13,3,0,0,0],"captured":[23,4],"to_move":"north"}'
cli rules rules
cli rules-json rules --json
cli help --help
cli help-all --help-all
cli apply-help apply --help
cli unknown-command play --moves a
: >"$out/cli/no-command"  # no arguments at all
cli apply apply --moves "a A c"
cli apply-hoyito1 apply --variant hoyito1 --moves "c A pass b"
cli apply-hoyito3-2x12 apply --variant hoyito3 --holes 12 --round 2 --moves "a L"
cli apply-position-json apply --position "$small6" --moves B
cli apply-position-file apply --position position.json --moves "a A"
cli apply-start apply --position "$start6" --option skip_origin=true --moves "f"
cli apply-illegal apply --moves "a a"
cli apply-bad-hole apply --holes 12 --moves "m"
cli apply-bad-option apply --option endless_sowing=maybe --moves a
cli apply-unknown-option apply --option colour=red --moves a
cli apply-round3 apply --variant hoyito3 --round 3 --previous-winner draw --option drawn_previous_last_four=split --moves a
cli apply-bad-round apply --variant hoyito2 --round 2 --moves a
cli apply-seeds apply --seeds-per-hole 0 --moves a
cli apply-seeds-3 apply --seeds-per-hole 3 --holes 12 --moves "a B c"
cli apply-bad-json apply --position '{"board":[1,2' --moves a
cli replay-game replay game.json
cli replay-games replay games.jsonl
cli replay-invalid replay invalid.json
cli replay-broken replay broken.json
cli replay-empty replay empty.json
cli replay-transcript replay disagreement.json
cli replay-missing replay missing.json
cli show show game.json
cli show-ply show game.json --ply 1
cli show-record show games.jsonl --record 2 --ply 0
cli show-bad-ply show game.json --ply 9
cli perft perft --depth 2 --divide
cli perft-hoyito1 perft --variant hoyito1 --depth 3 --impl model
cli perft-2x12 perft --holes 12 --depth 1 --impl engine
cli perft-endless perft --depth 2 --option endless_sowing=void --impl both
cli random random --games 2 --option ply_limit=30
cli random-hoyito3 random --variant hoyito3 --round 3 --previous-winner north --games 1 --seed 5 --option ply_limit=50
cli random-options random --games 1 --option skip_origin=true --option endless_game=third_repetition --option ply_limit=99

echo "make_corpus: $(ls "$out/record" | wc -l) record, $(ls "$out/differential" | wc -l) differential, $(ls "$out/cli" | wc -l) cli inputs; $(du -sh --apparent-size "$out" | cut -f1) in all"
