#!/usr/bin/env bash
# Plants one mutant: brings the scratch copy SCRATCH/src of this source tree up to date (the
# files whose content differs are copied, with a new time, so that only they rebuild), applies
# PATCH to it, and builds `hoyito` in SCRATCH/build (Release, no tests; a link to
# SCRATCH/src/build/release). Prints nothing on success; the build log is SCRATCH/build.log. The
# patch is never applied to the tree itself.
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
# Files the tree no longer has (a file split or renamed) go too: the build globs its folders.
(cd "$src" && find . -path ./build -prune -o -type f -print0) |
  while IFS= read -r -d '' file; do
    [ -e "$root/$file" ] || rm -f "$src/$file"
  done
# A plain patcher, not the repository that holds build/: paths are relative to $src.
(cd "$src" && GIT_CEILING_DIRECTORIES=$scratch git apply "$patch") ||
  { echo "$1 does not apply to the tree: see mutants/README.md (refreshing a patch)" >&2; exit 2; }
# Built in SRC/build/release, where the tree's own release build is in the tree (SCRATCH/build
# links to it): with ccache's base_dir the tree's root (as scripts/test.sh sets it), each compile
# command reads the same relative to its folder, so the files the patch leaves alone are cache
# hits, not a whole rebuild. (Not / : system headers would then read differently from each depth.)
build=$src/build/release
if [ -d "$scratch/build" ] && [ ! -L "$scratch/build" ]; then rm -rf "$scratch/build"; fi
ln -sfn "$build" "$scratch/build"
export CCACHE_BASEDIR=$root
if ! { cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHOYITO_TESTS=OFF &&
       cmake --build "$build" --target hoyito; } >"$scratch/build.log" 2>&1; then
  echo "$1 does not build: $scratch/build.log" >&2
  exit 3
fi
