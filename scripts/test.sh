#!/usr/bin/env bash
# Every test: set up, build the release and asan presets, run ctest on both.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
for preset in release asan; do
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset"
  # The planted-bug test builds its own release tree: once is enough.
  if [ "$preset" = asan ]; then ctest --preset asan -LE mutants; else ctest --preset "$preset"; fi
done
