// The endgame tables the tests of harness/simulate and harness/annotate play with: Hoyito II 2x6,
// every position of at most 8 seeds (--all-layers), built once per test run by `hoyito solve` in the ctest
// fixture `solve_tables_k8` (tests/CMakeLists.txt). Those jobs may not include harness/solve,
// so their tests read the table from its folder, as `simulate --tables` and `annotate --tables` do.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

namespace hoyito::testing {

// The fixture's folder; throws (the test fails with this line) when it was not built.
inline std::string k8_tables_folder() {
  const std::string folder = HOYITO_BINARY_DIR "/tables-k8";
  if (!std::filesystem::is_directory(folder))
    throw std::runtime_error(folder +
                             " is missing: run the test through ctest (fixture solve_tables_k8) or build it "
                             "with `hoyito solve --max-seeds 8 --all-layers --out " +
                             folder + "`");
  return folder;
}

}  // namespace hoyito::testing
