#!/bin/bash -eu
# Builds hoyito's fuzz targets for ClusterFuzzLite / OSS-Fuzz (run inside the Dockerfile's image,
# with $CXX, $CXXFLAGS, $LIB_FUZZING_ENGINE, $SRC, $WORK and $OUT set by the toolchain) and puts
# into $OUT, per target NAME (differential, record, cli):
#   NAME_fuzzer                 the libFuzzer binary
#   NAME_fuzzer_seed_corpus.zip fuzz/corpus/NAME/ and fuzz/regressions/NAME/
#   NAME_fuzzer.dict            the dictionary, where there is one (fuzz/record.dict, fuzz/cli.dict)
#   NAME_fuzzer.options         libFuzzer options (max_len)
#
# It runs outside Docker too, e.g. with clang-14 on Debian 12:
#   CXX=clang++-14 CXXFLAGS="-fsanitize=address,undefined -fsanitize=fuzzer-no-link" \
#   LIB_FUZZING_ENGINE=-fsanitize=fuzzer OUT=/tmp/cfl-out SRC=$PWD WORK=/tmp/cfl-work .clusterfuzzlite/build.sh

# The sources: $SRC/hoyito in the image; $SRC itself, or this script's repository, elsewhere.
repo=""
for candidate in "$SRC/hoyito" "$SRC" "$(cd "$(dirname "$0")/.." && pwd)"; do
  if [ -f "$candidate/CMakeLists.txt" ] && [ -d "$candidate/fuzz" ]; then repo=$candidate; break; fi
done
[ -n "$repo" ] || { echo "build.sh: no hoyito sources under \$SRC=$SRC" >&2; exit 1; }

# fmt and Boost.JSON come from the distribution, built against libstdc++: drop the toolchain's
# libc++ (OSS-Fuzz puts -stdlib=libc++ into CXXFLAGS). The fuzzers must run where those packages
# are not installed: Boost.JSON is linked statically, fmt is used header-only, and --as-needed
# drops the then unused shared libraries.
cxxflags="${CXXFLAGS//-stdlib=libc++/} -DFMT_HEADER_ONLY"
build=$WORK/hoyito-build
cmake -S "$repo" -B "$build" -G Ninja \
  -DCMAKE_BUILD_TYPE= \
  -DCMAKE_CXX_COMPILER="$CXX" \
  -DCMAKE_CXX_FLAGS="$cxxflags" \
  -DCMAKE_EXE_LINKER_FLAGS="-Wl,--as-needed" \
  -DBoost_USE_STATIC_LIBS=ON \
  -DHOYITO_TESTS=ON \
  -DHOYITO_FUZZ=ON \
  -DHOYITO_FUZZ_ENGINE="$LIB_FUZZING_ENGINE"
cmake --build "$build" --target hoyito_fuzzers

mkdir -p "$OUT"
declare -A max_len=([differential]=512 [record]=16384 [cli]=1024)
declare -A dict=([record]=record.dict [cli]=cli.dict)
built=0
for t in differential record cli; do
  exe=$build/fuzz/${t}_fuzzer
  [ -x "$exe" ] || { echo "build.sh: no $t fuzz target was built (see fuzz/CMakeLists.txt)"; continue; }
  cp "$exe" "$OUT/${t}_fuzzer"
  rm -f "$OUT/${t}_fuzzer_seed_corpus.zip"
  for folder in "$repo/fuzz/corpus/$t" "$repo/fuzz/regressions/$t"; do
    [ -n "$(find "$folder" -type f ! -name '.*' -print -quit 2>/dev/null)" ] || continue
    (cd "$folder" && zip -q -r "$OUT/${t}_fuzzer_seed_corpus.zip" . -x '.*')
  done
  [ -n "${dict[$t]:-}" ] && cp "$repo/fuzz/${dict[$t]}" "$OUT/${t}_fuzzer.dict"
  printf '[libfuzzer]\nmax_len = %s\n' "${max_len[$t]}" >"$OUT/${t}_fuzzer.options"
  built=$((built + 1))
  echo "build.sh: $OUT/${t}_fuzzer, needs: $(ldd "$OUT/${t}_fuzzer" 2>/dev/null | awk '/=>/ {print $1}' | tr '\n' ' ')"
done
[ "$built" -gt 0 ] || { echo "build.sh: no fuzz target built" >&2; exit 1; }
