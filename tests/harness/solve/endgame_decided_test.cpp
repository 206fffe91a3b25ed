// Decided by captures (specs/endgame-tables.md, "Decided by captures"): the finite-play bounds of
// harness/solve/ EndBounds, what each side forces when an endless game counts as losing every
// seed on the board, against a position derived by hand, a layer derived by hand, and the
// sandwich the spec proves (bounds around every table entry).
//
// Would fail: bounds that let an endless game pay more than the worst (layers 1-3 would not be
// [-n, n]); exits into the lower layers read from the table's values instead of their own bounds
// or with the wrong sign (the casa position, or the sandwich); an exact value counted decided
// whose bounds differ; a table value outside its bounds.
#include <gtest/gtest.h>

#include <filesystem>

#include <unistd.h>

#include "harness/games/endgame_table.h"
#include "harness/solve/solver.h"

namespace hoyito {
namespace {

namespace fs = std::filesystem;

struct SolvedTable {
  explicit SolvedTable(const Rules& rules, int max_seeds)
      : dir(fs::temp_directory_path() / ("hoyito-decided-test-" + std::to_string(::getpid()))),
        table(solve_into(rules, max_seeds, dir.string())) {}
  ~SolvedTable() { fs::remove_all(dir); }
  static std::string solve_into(const Rules& rules, int max_seeds, const std::string& dir) {
    solve::SolveOptions options;
    options.rules = rules;
    options.max_seeds = max_seeds;
    options.out_dir = dir;
    options.all_layers = true;  // layers 1-3 are checked by hand
    return solve::solve_tables(options, [](const solve::LayerReport&) {});
  }
  fs::path dir;
  EndgameTable table;
};

solve::EndBounds bounds_of(const EndgameTable& table) {
  solve::EndBounds ends(table.header().rules, table.header().max_seeds, table.header().layer_set);
  ends.add_layers_to(table.header().max_seeds, 2);
  return ends;
}

Rules rules_of(Variant variant, int round = 1, Winner previous = Winner::none) {
  Rules rules;
  rules.variant = variant;
  rules.round = round;
  rules.previous_winner = previous;
  return rules;
}

// Derived by hand (specs/rules.md; the same position as tests/harness/annotate/table_play_test.cpp), South to
// move, 8 seeds: a=1 b=3 e=1, A=3. South plays a: one seed into b (3 -> 4), a casa: 4 captured
// (CAP-II-1), the chain stops at a, now empty (CAP-II-2); 4 seeds are left, so the game ends and
// South takes them (END-1, END-II-1): +8 by captures, at once. No result is above the 8 seeds on
// the board, so the opponent holds South to +8 too: both bounds are 8, decided.
TEST(DecidedByCaptures, TheHandDerivedCasaIsDecided) {
  const SolvedTable solved(Rules{}, 8);
  Position p;
  p.board = {1, 3, 0, 0, 1, 0, 3, 0, 0, 0, 0, 0};
  p.captured = {20, 20};
  p.to_move = Player::south;
  const TableKey key = solved.table.key(p, Rules{});
  ASSERT_EQ(key.seeds, 8);
  const solve::EndBounds ends = bounds_of(solved.table);
  EXPECT_EQ(ends(8, key.entry).lo, 8);
  EXPECT_EQ(ends(8, key.entry).hi, 8);
  EXPECT_TRUE(solve::decided_by_captures(solved.table, p, Rules{}, 1));
}

// Derived by hand: with fewer than four seeds on the board no hole can hold four, so no lap
// makes a casa (CAP-II-1, CAP-III-1) and, as END-1 follows a capture, no game ends: every play is
// endless, and the bounds are the worst each side can be given, [-n, n], at every entry.
TEST(DecidedByCaptures, BelowFourSeedsEveryPlayIsEndless) {
  for (const Variant variant : {Variant::hoyito2, Variant::hoyito3}) {
    const SolvedTable solved(rules_of(variant), 3);
    const solve::EndBounds ends = bounds_of(solved.table);
    for (int n = 1; n <= 3; ++n)
      for (std::uint64_t e = 0; e < solved.table.header().layers[static_cast<std::size_t>(n)].positions; ++e) {
        ASSERT_EQ(ends(n, e).lo, -n) << variant_name(variant) << " layer " << n << " entry " << e;
        ASSERT_EQ(ends(n, e).hi, n) << variant_name(variant) << " layer " << n << " entry " << e;
      }
  }
}

// The spec's sandwich: an END-3 share lies between the worst results, so end.lo <= lo <= hi <=
// end.hi at every entry; where the bounds meet, the table's value is exact and the same.
void expect_sandwich(const Rules& rules, int max_seeds) {
  const SolvedTable solved(rules, max_seeds);
  const solve::EndBounds ends = bounds_of(solved.table);
  std::uint64_t decided = 0, exact = 0;
  for (int n = 0; n <= max_seeds; ++n)
    for (std::uint64_t e = 0; e < solved.table.header().layers[static_cast<std::size_t>(n)].positions; ++e) {
      const TableValue v = solved.table.entry(n, e), end = ends(n, e);
      ASSERT_LE(end.lo, v.lo) << "layer " << n << " entry " << e;
      ASSERT_LE(v.hi, end.hi) << "layer " << n << " entry " << e;
      if (end.exact()) {
        ASSERT_EQ(v.lo, end.lo) << "layer " << n << " entry " << e;
      }
      decided += end.exact();
      exact += v.exact();
    }
  std::cout << solved.table.path() << ": " << decided << " decided by captures of " << exact << " exact" << std::endl;
  EXPECT_GT(decided, 0U);
  EXPECT_LE(decided, exact);
}

TEST(DecidedByCaptures, BoundsHoldEveryEntryHoyito2) { expect_sandwich(rules_of(Variant::hoyito2), 8); }
TEST(DecidedByCaptures, BoundsHoldEveryEntryHoyito3) { expect_sandwich(rules_of(Variant::hoyito3), 8); }
TEST(DecidedByCaptures, BoundsHoldEveryEntryPreviousWinner) {
  expect_sandwich(rules_of(Variant::hoyito3, 3, Winner::south), 6);
}

}  // namespace
}  // namespace hoyito
