#!/usr/bin/env bash
# The mutant catalogue cannot rot silently: every patch of mutants/ must still apply to the tree
# (`git apply --check`, the patch alone on the clean tree), and its header must be whole
# (mutants/README.md): Mutant = the number its file name starts with, a Rule that specs/rules.md
# or specs/open-questions.md defines, Target engine (touches engine/ only) or shared (touches model/ and engine/, and
# names in Killed-by a scenario of specs/scenarios/ that exists), and a Description. The engine holds no planted bug of its own (no HOYITO_MUTANT).
# Usage: mutants_catalogue.sh SOURCE_DIR. Exit 0 pass, 1 fail, 77 skip (no git program).
set -uo pipefail
cd "$1" || exit 1
if ! command -v git >/dev/null; then echo "SKIP: no git program to run git apply --check"; exit 77; fi
header() { sed -n "/^diff --git /q; s/^$1: //p" "$2"; }
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
shopt -s nullglob
patches=(mutants/*.patch)
[ ${#patches[@]} -gt 0 ] || fail "no patch in mutants/"
declare -A seen
engine=0 shared=0
for patch in "${patches[@]}"; do
  name=$(basename "$patch" .patch)
  number=$(header Mutant "$patch") rule=$(header Rule "$patch") target=$(header Target "$patch")
  [ "$number" = "${name%%-*}" ] || fail "$patch: Mutant '$number' is not the number of its file name"
  [ -z "${seen[$number]:-}" ] || fail "$patch: mutant $number twice (also ${seen[$number]})"
  seen[$number]=$patch
  [ -n "$rule" ] && grep -qE "(^|[^A-Z-])$rule([^0-9]|$)" specs/rules.md specs/open-questions.md ||
    fail "$patch: Rule '$rule' is not a rule ID of specs/rules.md or specs/open-questions.md"
  [ -n "$(header Description "$patch")" ] || fail "$patch: no Description"
  files=$(sed -n 's|^diff --git a/\([^ ]*\) .*|\1|p' "$patch")
  [ -n "$files" ] || fail "$patch: no diff"
  case $target in
    engine)
      engine=$((engine + 1))
      grep -qv '^engine/' <<<"$files" && fail "$patch: target engine but it changes $(grep -v '^engine/' <<<"$files" | head -1)"
      ;;
    shared)
      shared=$((shared + 1))
      grep -q '^engine/' <<<"$files" && grep -q '^model/' <<<"$files" || fail "$patch: target shared but it does not change both model/ and engine/"
      scenario=$(header Killed-by "$patch")
      [[ $scenario == specs/scenarios/*.json && -f $scenario ]] || fail "$patch: Killed-by '$scenario' is not a scenario of specs/scenarios/"
      ;;
    *) fail "$patch: Target '$target' is not engine or shared (core keeps no rule helper)" ;;
  esac
  # Plain patcher mode outside a checkout (GIT_CEILING_DIRECTORIES): the test works on a copy too.
  if ! errors=$(GIT_CEILING_DIRECTORIES=$(dirname "$PWD") git apply --check "$patch" 2>&1); then
    fail "$patch no longer applies to the tree: refresh it (mutants/README.md)"
    sed 's/^/  /' <<<"$errors"
  fi
done
for file in $(grep -rl HOYITO_MUTANT engine model); do fail "$file still plants a bug (HOYITO_MUTANT)"; done
echo "$engine engine mutants, $shared shared misreadings, $failures failures"
[ "$failures" -eq 0 ]
