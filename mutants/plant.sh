#!/usr/bin/env bash
# Plants one mutant: brings the scratch copy SCRATCH/src of this source tree up to date (the
# files whose content differs are copied, with a new time, so that only they rebuild), applies
# PATCH to it, and builds `hoyito` in SCRATCH/build (Release, no tests). Prints nothing on
# success; the build log is SCRATCH/build.log. The patch is never applied to the tree itself.
# Usage: mutants/plant.sh PATCH SCRATCH   (SCRATCH is made if missing, e.g. build/mutants)
set -euo pipefail
patch=$(realpath "$1")
mkdir -p "$2"
scratch=$(realpath "$2")
root=$(cd "$(dirname "$0")/.." && pwd)
src=$scratch/src
mkdir -p "$src"
(cd "$root" && find . \( -path ./build -o -path ./.git \) -prune -o -type f -print0) |
  while IFS= read -r -d '' file; do
    if ! cmp -s "$root/$file" "$src/$file"; then
      mkdir -p "$(dirname "$src/$file")"
      cp "$root/$file" "$src/$file"
    fi
  done
# A plain patcher, not the repository that holds build/: paths are relative to $src.
(cd "$src" && GIT_CEILING_DIRECTORIES=$scratch git apply "$patch") ||
  { echo "$1 does not apply to the tree: see mutants/README.md (refreshing a patch)" >&2; exit 2; }
if ! { cmake -S "$src" -B "$scratch/build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHOYITO_TESTS=OFF &&
       cmake --build "$scratch/build" --target hoyito; } >"$scratch/build.log" 2>&1; then
  echo "$1 does not build: $scratch/build.log" >&2
  exit 3
fi
