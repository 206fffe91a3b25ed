// docs/solve.md's results table against the solver's own layer reports (moved from
// simulate_skill_test.cpp: a simulate test may not link the solver).
//
// Would fail: a solver whose positions or shares change while the page is not updated.
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "harness/solve/solver.h"

namespace hoyito {
namespace {

namespace fs = std::filesystem;

// Hoyito II 2x6, every position of at most 8 seeds (about 15 s to build): the layers' reports.
std::vector<solve::LayerReport> solved_layers() {
  const fs::path dir = fs::temp_directory_path() / fmt::format("hoyito-solve-docs-{}", ::getpid());
  solve::SolveOptions options;
  options.rules = Rules{};
  options.max_seeds = 8;
  options.out_dir = dir.string();
  options.all_layers = true;  // docs/solve.md's results table has a row for every seed count
  std::vector<solve::LayerReport> reports;
  solve::solve_tables(options, [&](const solve::LayerReport& r) { reports.push_back(r); });
  fs::remove_all(dir);
  return reports;
}

// The cells of a Markdown table row "| a | b |", trimmed; nothing for another line. (Split by hand:
// std::regex draws false -Wmaybe-uninitialized warnings from GCC 12 in the sanitizer build.)
std::vector<std::string> table_row(const std::string& line) {
  std::vector<std::string> cells;
  if (line.size() < 2 || line.front() != '|' || line.back() != '|') return cells;
  std::size_t from = 1;
  for (std::size_t bar = line.find('|', from); bar != std::string::npos; bar = line.find('|', from)) {
    std::string cell = line.substr(from, bar - from);
    cell.erase(0, cell.find_first_not_of(' '));
    cell.erase(cell.find_last_not_of(' ') + 1);
    cells.push_back(cell);
    from = bar + 1;
  }
  return cells;
}

// Whether `text` is digits (and the characters of `also`), at least one.
bool digits(const std::string& text, const std::string& also) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [&](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) || also.find(c) != std::string::npos;
  });
}

// docs/solve.md's results table by seed count ("Measured"): for every layer this build has
// (n = 0..8), the positions and the shares exact / won / drawn / lost (to 0.1%) are what the
// solver reports now. Fails when the solver's values change and the page is not updated.
TEST(SolveDocs, ResultsTableIsWhatTheSolverGives) {
  const std::vector<solve::LayerReport> reports = solved_layers();
  std::ifstream page(std::string(HOYITO_SOURCE_DIR) + "/docs/solve.md");
  const auto percent = [](std::uint64_t k, std::uint64_t n) { return fmt::format("{:.1f}", 100.0 * k / n); };
  int checked = 0;
  for (std::string line; std::getline(page, line);) {
    const std::vector<std::string> cells = table_row(line);  // n, positions, 3 cells, 4 shares
    if (cells.size() != 9 || !digits(cells[0], "") || !digits(cells[1], ",")) continue;
    const auto n = static_cast<std::size_t>(std::stoi(cells[0]));
    if (n >= reports.size()) continue;  // layers above this build's K
    const solve::LayerReport& r = reports[n];
    ASSERT_EQ(r.seeds, static_cast<int>(n));
    std::string positions = cells[1];
    positions.erase(std::remove(positions.begin(), positions.end(), ','), positions.end());
    EXPECT_EQ(positions, fmt::to_string(r.positions)) << line;
    EXPECT_EQ(cells[5], percent(r.exact, r.positions) + "%") << line;
    EXPECT_EQ(cells[6], percent(r.won, r.positions) + "%") << line;
    EXPECT_EQ(cells[7], percent(r.drawn, r.positions) + "%") << line;
    EXPECT_EQ(cells[8], percent(r.lost, r.positions) + "%") << line;
    ++checked;
  }
  EXPECT_EQ(checked, 9);  // layers 0..8
}

}  // namespace
}  // namespace hoyito
