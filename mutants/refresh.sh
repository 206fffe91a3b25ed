#!/usr/bin/env bash
# Refreshes a patch of mutants/ that no longer applies (the code it plants into has changed):
# applies it with a three-way merge (`git apply -3`, which finds the code the patch was made
# against through the blob ids of its `index` lines) to a scratch clone of the tree, with the
# tree's uncommitted changes, under build/mutants/refresh; then rewrites the patch, header kept,
# as the diff from the tree. On a conflict it stops and names the files: resolve them in
# build/mutants/refresh (keep the tree's code and re-plant the bug), then run it again with
# --finish. Needs a git checkout. See mutants/README.md.
# Usage: mutants/refresh.sh PATCH | mutants/refresh.sh --finish PATCH
set -euo pipefail
finish=0
if [ "${1:-}" = --finish ]; then finish=1; shift; fi
[ $# -eq 1 ] || { echo "usage: mutants/refresh.sh [--finish] PATCH" >&2; exit 2; }
patch=$(realpath "$1")
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=$root/build/mutants/refresh
git_scratch() { git -C "$scratch" -c user.name=refresh -c user.email=refresh@localhost "$@"; }

if [ "$finish" -eq 0 ]; then
  rm -rf "$scratch"
  mkdir -p "$(dirname "$scratch")"
  git clone -q --shared --no-checkout "$root" "$scratch"
  git_scratch checkout -q --detach "$(git -C "$root" rev-parse HEAD)"
  git -C "$root" diff --binary HEAD | git_scratch apply --index --allow-empty
  git_scratch write-tree >"$scratch/.git/refresh-base"
  if ! git_scratch apply -3 "$patch"; then
    echo "conflicts: resolve them in $scratch (files with <<<<<<<), then: mutants/refresh.sh --finish $1" >&2
    exit 1
  fi
fi
[ -f "$scratch/.git/refresh-base" ] || { echo "nothing to finish: run mutants/refresh.sh $1 first" >&2; exit 2; }
if git_scratch grep -qn '^<<<<<<< ' -- . ; then
  echo "conflict markers left in $scratch:" >&2
  git_scratch grep -n '^<<<<<<< ' -- . >&2
  exit 1
fi
git_scratch add -A
new=$(mktemp)
{ sed -n '/^diff --git /q; p' "$patch"; git_scratch diff --cached "$(cat "$scratch/.git/refresh-base")"; } >"$new"
mv "$new" "$patch"
rm -f "$scratch/.git/refresh-base"
echo "refreshed $1; check it with tests/cli/mutants_catalogue.sh $root and scripts/mutants.sh 60 $(basename "$1" | cut -d- -f1)"
