#!/usr/bin/env bash
# Mutation testing: builds the engine with each planted bug of engine/mutants.h in turn
# (-DHOYITO_MUTANT=K) and runs `hoyito verify --fail-fast` with a time bound, three times: with
# every check; without the hand-derived scenarios (`--skip scenarios`); and with the random
# games alone (`--skip scenarios,limits`: records, lockstep, matches), to show whether the
# generated checks find the bug on their own. Prints a table: mutant, rule, killed or not, by
# which check, seconds to the kill, for each run. A lockstep game running past 20 s is taken as
# hung (a planted bug can make the engine loop): killed by "lockstep".
# Exit 0 when every mutant is killed by the full verification.
# Usage: scripts/mutants.sh [SECONDS_PER_MUTANT (default 60)] [K ...]
set -uo pipefail
cd "$(dirname "$0")/.."
limit=${1:-60}
shift || true
mapfile -t rows < <(grep -E '^\s*\{[0-9]+, "' engine/mutants.h)
declare -a numbers
if (($#)); then numbers=("$@"); else
  for row in "${rows[@]}"; do numbers+=("$(sed -E 's/^\s*\{([0-9]+),.*/\1/' <<<"$row")"); done
fi
dir=build/mutants  # one tree: only the engine recompiles between mutants

# run_verify K TAG [verify arguments...]: sets `result`, `check` and `secs`.
run_verify() {
  local k=$1 tag=$2
  shift 2
  local log="$dir/verify-$k$tag.log"
  rm -rf "$dir/verify-out"
  local start
  start=$(date +%s.%N)
  { timeout "$((limit + 30))" "$dir/hoyito" verify --fail-fast --seconds "$limit" --game-timeout 20 --out "$dir/verify-out" "$@" >"$log" 2>&1; } 2>/dev/null
  local code=$?
  secs=$(awk -v a="$(date +%s.%N)" -v b="$start" 'BEGIN { printf "%.2f", a - b }')
  check=$(grep -oE 'first failure: [a-z]+' "$log" | awk '{print $3}' | tail -1)
  case $code in
    0) result=SURVIVED; check=-; secs=- ;;
    1) result=killed ;;
    124) result=killed; check=timeout ;;
    *) result=killed; check="${check:-?}:crash($code)" ;;  # verify's crash handler names the check
  esac
}

row_format='%-3s %-10s %-9s %-22s %7s | %-9s %-19s %7s | %-9s %-19s %7s | %s\n'
printf "$row_format" K rule result check seconds "-scen." check seconds "-scen.-lim" check seconds description
killed=0 total=0 killed_without=0 killed_random=0
for k in "${numbers[@]}"; do
  row=$(printf '%s\n' "${rows[@]}" | grep -E "^\s*\{$k, ")
  rule=$(sed -E 's/^[^"]*"([^"]*)".*/\1/' <<<"$row")
  desc=$(sed -E 's/^[^"]*"[^"]*", "(.*)"\},?\s*$/\1/' <<<"$row")
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHOYITO_TESTS=OFF -DHOYITO_MUTANT="$k" >/dev/null &&
    cmake --build "$dir" --target hoyito >/dev/null 2>"$dir.build.log" || { echo "mutant $k does not build: $dir.build.log"; continue; }
  total=$((total + 1))
  run_verify "$k" "" ; r1=$result c1=$check s1=$secs
  [ "$r1" = killed ] && killed=$((killed + 1))
  run_verify "$k" "-no-scenarios" --skip scenarios; r2=$result c2=$check s2=$secs
  [ "$r2" = killed ] && killed_without=$((killed_without + 1))
  run_verify "$k" "-random-games" --skip scenarios,limits; r3=$result c3=$check s3=$secs
  [ "$r3" = killed ] && killed_random=$((killed_random + 1))
  printf "$row_format" "$k" "$rule" "$r1" "$c1" "$s1" "$r2" "$c2" "$s2" "$r3" "$c3" "$s3" "$desc"
done
echo "$killed of $total mutants killed; without the hand-derived scenarios: $killed_without;" \
  "by the random games alone (records, lockstep, matches): $killed_random"
[ "$killed" -eq "$total" ]
