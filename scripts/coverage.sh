#!/usr/bin/env bash
# Code coverage: builds the coverage preset, runs the tests (not the planted-bug build), and
# writes a gcovr report: HTML at build/coverage/html/index.html, and a summary line per folder.
# Branch coverage leaves out the branches that exceptions and unreachable code add
# (--exclude-throw-branches, --exclude-unreachable-branches): they are the compiler's, not ours.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake --preset coverage >/dev/null
cmake --build --preset coverage
find build/coverage -name '*.gcda' -delete
ctest --preset coverage -LE mutants || true
mkdir -p build/coverage/html
common=(--root . --object-directory build/coverage --exclude-throw-branches --exclude-unreachable-branches)
gcovr "${common[@]}" --filter 'model/' --filter 'engine/' --filter 'core/' --filter 'io/' --filter 'harness/' --filter 'cli/' \
      --html-details build/coverage/html/index.html >/dev/null
printf '%-10s %8s %8s\n' folder lines branches
for folder in model engine core io harness cli; do
  gcovr "${common[@]}" --filter "$folder/" --json-summary build/coverage/$folder.json >/dev/null
  python3 - "$folder" build/coverage/$folder.json <<'PY'
import json, sys
s = json.load(open(sys.argv[2]))
print(f"{sys.argv[1]:<10} {s['line_percent']:7.1f}% {s['branch_percent']:7.1f}%")
PY
done
echo "HTML report: build/coverage/html/index.html"
