#!/usr/bin/env bash
# A local fuzzing campaign: builds the fuzz preset (clang-14, ASan + UBSan, libFuzzer) and runs
# every fuzz target for SECONDS with libFuzzer's -fork on all cores, one target after another.
#
#   scripts/fuzz.sh SECONDS [TARGET...]      TARGET: differential, record, cli (default: all built)
#
# Each target works on a copy of its seed corpus and saved regressions (fuzz/corpus/TARGET/,
# fuzz/regressions/TARGET/) in build/fuzz/campaign/TARGET/, with its dictionary (fuzz/*.dict).
# Inputs that crash, leak or time out are copied into fuzz/regressions/TARGET/, where ctest
# replays them from then on (commit them with the fix). Transcripts of disagreements
# (fuzz-disagreement-*.json, from the differential target) stay in the campaign folder; its log
# is there too. At the end: executions, executions per second and findings per target. Exit 1
# when anything was found.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
seconds=${1:-}
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ]; then
  echo "usage: scripts/fuzz.sh SECONDS [differential|record|cli ...]" >&2
  exit 2
fi
shift
scripts/setup.sh
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz

bin=build/fuzz/fuzz
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for t in differential record cli; do [ -x "$bin/${t}_fuzzer" ] && targets+=("$t"); done
fi
jobs=$(nproc)

declare -A dict=([record]=fuzz/record.dict [cli]=fuzz/cli.dict)
declare -A max_len=([differential]=512 [record]=16384 [cli]=1024)
summary=()
found_any=0
for t in "${targets[@]}"; do
  exe=$root/$bin/${t}_fuzzer
  [ -x "$exe" ] || { echo "fuzz: no fuzz target $t (built: $(ls $bin | grep '_fuzzer$' | tr '\n' ' '))" >&2; exit 2; }
  work=$root/build/fuzz/campaign/$t
  rm -rf "$work"
  mkdir -p "$work/corpus" "$work/artifacts"
  cp -r "fuzz/corpus/$t/." "$work/corpus/" 2>/dev/null || true
  cp -r "fuzz/regressions/$t/." "$work/corpus/" 2>/dev/null || true
  rm -f "$work/corpus/.gitkeep"
  # -timeout=30: a sowing undecided after 1,000,000 laps (Q-LIMIT) takes ~15 s under ASan.
  args=(-fork="$jobs" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 -ignore_crashes=1
        -max_len="${max_len[$t]:-4096}" -artifact_prefix="$work/artifacts/" -print_final_stats=1)
  [ -n "${dict[$t]:-}" ] && args+=(-dict="$root/${dict[$t]}")
  echo "fuzz: $t for ${seconds}s on $jobs core(s): $exe ${args[*]} corpus/"
  status=0
  (cd "$work" && "$exe" "${args[@]}" corpus/ >"$work/log" 2>&1) || status=$?
  # The fork-mode status lines: "#RUNS: cov: C ft: F corp: N exec/s E oom/timeout/crash: a/b/c time: Ts ..."
  last=$(grep -E '^#[0-9]+: cov:' "$work/log" | tail -1 || true)
  runs=$(sed -nE 's/^#([0-9]+):.*/\1/p' <<<"$last")
  # The average over the whole run (the status line's exec/s is that of the last job only).
  elapsed=$(sed -nE 's/.* time: ([0-9]+)s.*/\1/p' <<<"$last")
  rate=$([ -n "$runs" ] && [ -n "$elapsed" ] && [ "$elapsed" -gt 0 ] && echo $((runs / elapsed)) || true)
  cov=$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<<"$last")
  corp=$(sed -nE 's/.* corp: ([0-9]+).*/\1/p' <<<"$last")
  saved=()
  for f in "$work"/artifacts/crash-* "$work"/artifacts/leak-* "$work"/artifacts/timeout-*; do
    [ -e "$f" ] || continue
    cp "$f" "fuzz/regressions/$t/"
    saved+=("fuzz/regressions/$t/$(basename "$f")")
  done
  transcripts=("$work"/fuzz-disagreement-*.json)
  [ -e "${transcripts[0]}" ] || transcripts=()
  if [ ${#saved[@]} -gt 0 ] || [ ${#transcripts[@]} -gt 0 ]; then found_any=1; fi
  summary+=("$(printf '%-13s %12s %10s %8s %8s %9s   %s' "$t" "${runs:-?}" "${rate:-?}" "${cov:-?}" "${corp:-?}" \
    "${#saved[@]}" "log: ${work#$root/}/log")")
  for f in "${saved[@]}"; do summary+=("    saved $f"); done
  for f in "${transcripts[@]}"; do summary+=("    transcript ${f#$root/} (hoyito replay it)"); done
  if [ "$status" -ne 0 ] && [ ${#saved[@]} -eq 0 ]; then
    summary+=("    libFuzzer exited with $status and saved nothing: see the log")
    found_any=1
  fi
done

echo
printf '%-13s %12s %10s %8s %8s %9s\n' target executions "exec/s" cov corpus findings
printf '%s\n' "${summary[@]}"
exit "$found_any"
