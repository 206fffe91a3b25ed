#!/usr/bin/env bash
# Formats the C++ sources (*.h, *.cpp) of the project's source folders by .clang-format.
#   scripts/format.sh           rewrite the files in place
#   scripts/format.sh --check   change nothing; list the files that would change, exit 1 if any
# Uses clang-format-14 (Debian 12: package clang-format-14, or clang-format, which is 14).
set -euo pipefail
cd "$(dirname "$0")/.."
check=0
case "${1:-}" in
  --check) check=1 ;;
  "") ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac
formatter=""
for candidate in clang-format-14 clang-format; do
  if command -v "$candidate" >/dev/null; then formatter=$candidate; break; fi
done
if [ -z "$formatter" ]; then
  echo "format: clang-format-14 not found (scripts/setup.sh installs it)" >&2
  exit 2
fi
folders=()
for d in core io model engine harness cli adapters tests fuzz bench; do
  [ -d "$d" ] && folders+=("$d")
done
mapfile -t files < <(find "${folders[@]}" -type f \( -name '*.h' -o -name '*.cpp' \) | sort)
if ((check)); then
  changed=0
  for f in "${files[@]}"; do
    if ! "$formatter" --style=file "$f" | cmp -s - "$f"; then
      echo "$f"
      changed=$((changed + 1))
    fi
  done
  echo "format: ${changed} of ${#files[@]} file(s) would change" >&2
  ((changed == 0))
else
  "$formatter" --style=file -i "${files[@]}"
  echo "format: ${#files[@]} file(s) formatted" >&2
fi
