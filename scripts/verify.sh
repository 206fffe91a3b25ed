#!/usr/bin/env bash
# The main job: set up, build the release preset, run `hoyito verify` (extra arguments pass on).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release
exec build/release/hoyito verify "$@"
