#!/usr/bin/env bash
# Untrusted engines, bounded, on the command line (issue 32, item 7), with tests/support/fake_engines:
# - a missing engine (not found, or exiting at once) exits 2 in verify, replay and perft, with one
#   line naming the command; an empty --engine "" is refused (exit 2), never taken for no engine;
# - bytes >= 0x80 and control bytes from an engine (fake `bytes`: in its name and a perft count)
#   are shown as \xNN, never raw;
# - a 2,000,000-line answer (fake `flood` to legal, `flood-events` to events) is one ENGINE FAILURE
#   line naming the command and costs hoyito a bounded peak (under 100 MB with the fake engine,
#   where reading it whole would take hundreds);
# - a chatty engine's standard error log stops at 10 MiB with one line saying so, and the run passes.
# Fails when any of these does not hold.
# Usage: tests/cli/engine_bounds.sh HOYITO SOURCE_DIR OUT_DIR
source "$(dirname "$0")/engine_lib.sh"

"$hoyito" random --seed 1 --out "$out/record.json" || fail "random: no record to replay"
for engine in no_such_engine_hoyito exit; do
  run "missing-verify-$engine" "$hoyito" verify --engine "$engine" --games 1 --out "$out/missing"
  expect "missing-verify-$engine" 2 "^hoyito: --engine '$engine': cannot be run: it exited with status [0-9]+"
  run "missing-replay-$engine" "$hoyito" replay "$out/record.json" --engine "$engine"
  expect "missing-replay-$engine" 2 "^hoyito: --engine '$engine': cannot be run"
  run "missing-perft-$engine" "$hoyito" perft --depth 2 --engine "$engine"
  expect "missing-perft-$engine" 2 "^hoyito: --engine '$engine': cannot be run"
done
expect missing-perft-no_such_engine_hoyito 2 'status 127 \(command not found\) before answering protocol_version$'
for command in "verify --games 1 --out $out/empty" "replay $out/record.json" "perft --depth 2"; do
  for empty in "" " "; do
    run empty "$hoyito" $command --engine "$empty"
    expect empty 2 '^hoyito: --engine: an empty command'
    [ "$(wc -l <"$out/empty.log")" = 1 ] || fail "empty ($command): more than the one line: $(head -3 "$out/empty.log")"
  done
done

raw() {  # raw NAME: the run's output holds no byte >= 0x80 and no control byte but newlines
  if LC_ALL=C grep -qP '[\x80-\xff\x00-\x08\x0b-\x1f\x7f]' "$out/$1.log"; then
    fail "$1: raw bytes from the engine in its output: $(LC_ALL=C grep -P '[\x80-\xff\x00-\x08\x0b-\x1f\x7f]' "$out/$1.log" | head -1 | cat -v)"
  fi
}
run bytes-perft "$hoyito" perft --depth 2 --engine "$fake bytes '$hoyito'"
expect bytes-perft 1 "^ENGINE FAILURE .*perft 2: '32\\\\xe9\\\\xff\\\\x1b\[31m\\\\x07' is not a whole number"
raw bytes-perft
run bytes-verify "$hoyito" verify --engine "$fake bytes '$hoyito'" --engine-timeout 30 --games 1 --skip lockstep,limits,matches --out "$out/bytes"
expect bytes-verify 0 'fake-\\xe9\\xff\\x1b\[31m\\x07-bytes'
raw bytes-verify

peak() {  # peak NAME MB: the last run's peak resident memory (hoyito or its engine) under MB
  [ -x /usr/bin/time ] || return 0
  if [ -n "${HOYITO_SANITIZED:-}" ]; then echo "    peak not bounded under the sanitizers"; return 0; fi
  local kb
  kb=$(sed -n 's/^\s*Maximum resident set size (kbytes): //p' "$out/$1.time")
  echo "    peak $((kb / 1024)) MB"
  [ "$kb" -lt $(($2 * 1024)) ] || fail "$1: peak $kb kB, bound $2 MB"
}
# /usr/bin/time (Debian package time, scripts/setup.sh) measures the peak; without it, only the lines are checked.
timed() { if [ -x /usr/bin/time ]; then echo /usr/bin/time -v -o "$out/$1.time"; fi; }
run flood $(timed flood) "$hoyito" perft --depth 1 --engine "$fake flood"
expect flood 1 "^ENGINE FAILURE .*: legal: a response longer than 1 line \(its answer is one line\)"
peak flood 40
run flood-events $(timed flood-events) "$hoyito" perft --depth 1 --engine "$fake flood-events '$hoyito'"
expect flood-events 1 "^ENGINE FAILURE .*: events: a response longer than 16777216 bytes"
peak flood-events 100

run chatty "$hoyito" verify --engine "$fake chatty '$hoyito'" --engine-timeout 30 --games 1 --skip lockstep,limits,matches --out "$out/chatty"
expect chatty 0 '^PASS'
size=$(stat -c %s "$out/chatty/engine-stderr.log")
[ "$size" -le $((10 * 1024 * 1024 + 200)) ] || fail "chatty: the log is $size bytes, over 10 MiB"
tail -1 "$out/chatty/engine-stderr.log" | grep -q "^\[hoyito: this log reached 10 MiB: the rest of the engine's standard error was read and dropped\]$" ||
  fail "chatty: the log does not end with the line saying it was cut"

exit $failed
