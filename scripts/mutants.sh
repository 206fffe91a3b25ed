#!/usr/bin/env bash
# Mutation testing: plants each mutant of mutants/ in turn (one patch applied to a scratch copy
# of the tree under build/mutants/ and built: mutants/plant.sh) and runs `hoyito verify
# --fail-fast` with a time bound, three times: with every check; without the hand-derived
# scenarios (`--skip scenarios`); and with the random games alone (`--skip scenarios,limits`:
# records, lockstep, matches), to show whether the generated checks find the bug on their own.
# Prints a table: mutant, rule, killed or not, by which check, seconds to the kill, for each run.
# A lockstep game running past 20 s is taken as hung (a planted bug can make the engine loop):
# killed by "lockstep".
#
# Two sections: the engine mutants (mutants/NN-*.patch, target engine), which differential
# testing should find; and the shared misreadings (mutants/SN-*.patch, target shared: one
# misreading put into model and engine at once), which only the hand-derived scenarios can
# find: for those the table also says whether the scenario the patch names (Killed-by) failed.
# The list, rules and descriptions come from the patch headers (mutants/README.md).
# (For a shared misreading the scenarios are also run alone without --fail-fast.)
# Exit 0 when every mutant is killed by the full verification (a shared one: by its scenario).
# Usage: scripts/mutants.sh [SECONDS_PER_MUTANT (default 60)] [K ...]   (K: 1, 01, S1, ...)
set -uo pipefail
cd "$(dirname "$0")/.."
limit=${1:-60}
shift || true
dir=build/mutants  # one scratch tree: only what a patch touches recompiles between mutants

# header FIELD PATCH: the value of "FIELD: value" in the patch's header (before its diff).
header() { sed -n "/^diff --git /q; s/^$1: //p" "$2"; }

declare -a patches
if (($#)); then
  for k in "$@"; do
    [[ $k =~ ^[0-9]$ ]] && k=0$k
    match=(mutants/"$k"-*.patch)
    [ -f "${match[0]}" ] || { echo "no mutant $k in mutants/" >&2; exit 2; }
    patches+=("${match[0]}")
  done
else
  patches=(mutants/[0-9][0-9]-*.patch mutants/S[0-9]*-*.patch)
fi

# run_verify PATCH TAG [verify arguments...]: sets `result`, `check` and `secs`.
run_verify() {
  local name=$1 tag=$2
  shift 2
  local log="$dir/verify-$name$tag.log"
  rm -rf "$dir/verify-out"
  local start
  start=$(date +%s.%N)
  { timeout "$((limit + 30))" "$dir/build/hoyito" verify --fail-fast --seconds "$limit" --game-timeout 20 \
      --out "$dir/verify-out" "$@" >"$log" 2>&1; } 2>/dev/null
  local code=$?
  secs=$(awk -v a="$(date +%s.%N)" -v b="$start" 'BEGIN { printf "%.2f", a - b }')
  check=$(grep -oE 'first failure: [a-z]+' "$log" | awk '{print $3}' | tail -1)
  case $code in
    0) result=SURVIVED; check=-; secs=- ;;
    1) result=killed ;;
    124) result=killed; check=timeout ;;  # taken as hung (a shared misreading: see below)
    *) result=killed; check="${check:-?}:crash($code)" ;;  # verify's crash handler names the check
  esac
}

row_format='%-3s %-10s %-9s %-22s %7s | %-9s %-19s %7s | %-9s %-19s %7s | %s\n'
declare -A total killed killed_without killed_random
section=
for patch in "${patches[@]}"; do
  name=$(basename "$patch" .patch)
  number=$(header Mutant "$patch")
  rule=$(header Rule "$patch")
  target=$(header Target "$patch")
  desc=$(header Description "$patch")
  if [ "$target" != "$section" ]; then
    section=$target
    echo
    if [ "$target" = shared ]; then
      echo "Shared misreadings (model and engine together: only the hand-derived scenarios can see them)"
    else
      echo "Engine mutants (differential testing against the model)"
    fi
    printf "$row_format" K rule result check seconds "-scen." check seconds "-scen.-lim" check seconds description
  fi
  if ! mutants/plant.sh "$patch" "$dir"; then continue; fi
  total[$target]=$((${total[$target]:-0} + 1))
  run_verify "$name" ""; r1=$result c1=$check s1=$secs
  if [ "$target" = shared ]; then
    # Killed only when the scenario the patch names fails (on model or engine). --fail-fast
    # stops the scenarios at the first that fails, which may be another one: the scenarios are
    # run again alone, all of them, to see the named one.
    scenario=$(basename "$(header Killed-by "$patch")" .json)
    rm -rf "$dir/verify-out"
    "$dir/build/hoyito" verify --skip records,limits,lockstep,matches --out "$dir/verify-out" \
      >"$dir/verify-$name-scenarios.log" 2>&1
    if grep -qE "^ *FAIL (model|engine): $scenario " "$dir/verify-$name-scenarios.log"; then
      desc="$desc [$scenario: fails]"
    else
      desc="$desc [$scenario: PASSES]"
      r1=SURVIVED
    fi
  fi
  [ "$r1" = killed ] && killed[$target]=$((${killed[$target]:-0} + 1))
  run_verify "$name" "-no-scenarios" --skip scenarios; r2=$result c2=$check s2=$secs
  # Model and engine agree on a shared misreading: a run cut by the time bound found nothing.
  [ "$target" = shared ] && [ "$c2" = timeout ] && r2=SURVIVED
  [ "$r2" = killed ] && killed_without[$target]=$((${killed_without[$target]:-0} + 1))
  run_verify "$name" "-random-games" --skip scenarios,limits; r3=$result c3=$check s3=$secs
  [ "$target" = shared ] && [ "$c3" = timeout ] && r3=SURVIVED
  [ "$r3" = killed ] && killed_random[$target]=$((${killed_random[$target]:-0} + 1))
  printf "$row_format" "$number" "$rule" "$r1" "$c1" "$s1" "$r2" "$c2" "$s2" "$r3" "$c3" "$s3" "$desc"
done
echo
status=0
for target in engine shared; do
  [ -n "${total[$target]:-}" ] || continue
  echo "$target: ${killed[$target]:-0} of ${total[$target]} mutants killed; without the hand-derived" \
    "scenarios: ${killed_without[$target]:-0}; by the random games alone (records, lockstep, matches):" \
    "${killed_random[$target]:-0}"
  [ "${killed[$target]:-0}" -eq "${total[$target]}" ] || status=1
done
exit $status
