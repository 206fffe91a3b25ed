#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks to build and test hoyito (Debian packages only).
set -euo pipefail
packages=(
  g++ cmake ninja-build        # compiler and build
  libfmt-dev                   # text formatting
  libboost-json1.81-dev        # game records (JSON)
  libcli11-dev                 # command-line parsing
  libgtest-dev                 # unit and scenario tests
  librapidcheck-dev            # property and stateful tests
  libbenchmark-dev             # speed benchmarks
  gcovr                        # coverage reports
  clang-14 libclang-rt-14-dev  # libFuzzer targets
  chromium chromium-driver python3-selenium  # the browser test of the annotated HTML page
  poppler-utils                # the browser test: pdftotext reads the printed page (PDF)
  wamerican wspanish           # tests/docs/spanish_outputs.py: English and Spanish word lists
  gnuplot-nox                  # hoyito simulate --charts: SVG charts
  parallel                     # scripts/simulate-parallel.sh: shards on every core or over ssh
  slurm-wlm munge              # scripts/slurm/: job arrays (tested on a single-node Slurm on localhost)
  python3-jsonschema           # tests: simulate's and verify's JSON, and the game records, against specs/*.schema.json
  time                         # tests: peak memory by /usr/bin/time -v (memory_bound.sh, cli_io.sh)
  ccache                       # faster rebuilds (optional; the build uses it when present)
  clang-format-14              # scripts/format.sh: the source format of .clang-format
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
