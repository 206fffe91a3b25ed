#!/usr/bin/env bash
# Mutation testing: builds the engine with each planted bug of engine/mutants.h in turn
# (-DHOYITO_MUTANT=K), runs `hoyito verify --fail-fast` with a time bound, and prints a table:
# mutant, rule, description, killed or not, by which check, seconds to the kill.
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
printf '%-3s %-10s %-9s %-10s %7s  %s\n' K rule result check seconds description
killed=0 total=0
for k in "${numbers[@]}"; do
  row=$(printf '%s\n' "${rows[@]}" | grep -E "^\s*\{$k, ")
  rule=$(sed -E 's/^[^"]*"([^"]*)".*/\1/' <<<"$row")
  desc=$(sed -E 's/^[^"]*"[^"]*", "(.*)"\},?\s*$/\1/' <<<"$row")
  dir=build/mutants  # one tree: only the engine recompiles between mutants
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHOYITO_TESTS=OFF -DHOYITO_MUTANT="$k" >/dev/null &&
    cmake --build "$dir" --target hoyito >/dev/null 2>"$dir.build.log" || { echo "mutant $k does not build: $dir.build.log"; continue; }
  rm -rf "$dir/verify-out"
  start=$(date +%s.%N)
  timeout "$((limit + 30))" "$dir/hoyito" verify --fail-fast --seconds "$limit" --out "$dir/verify-out" >"$dir/verify-$k.log" 2>&1
  code=$?
  secs=$(awk -v a="$(date +%s.%N)" -v b="$start" 'BEGIN { print a - b }')
  total=$((total + 1))
  if [ "$code" -eq 1 ]; then
    check=$(grep -oE 'first failure: [a-z]+' "$dir/verify-$k.log" | awk '{print $3}')
    killed=$((killed + 1)); result=killed
  elif [ "$code" -eq 0 ]; then check=-; result=SURVIVED
  elif [ "$code" -eq 124 ]; then check=timeout; result=killed; killed=$((killed + 1))
  else  # a crash: verify's handler names the check that was running
    check="$(grep -oE 'first failure: [a-z]+' "$dir/verify-$k.log" | awk '{print $3}' | tail -1)"
    check="${check:-?}:crash($code)"; result=killed; killed=$((killed + 1))
  fi
  printf '%-3s %-10s %-9s %-10s %7.2f  %s\n' "$k" "$rule" "$result" "$check" "$secs" "$desc"
done
echo "$killed of $total mutants killed"
[ "$killed" -eq "$total" ]
