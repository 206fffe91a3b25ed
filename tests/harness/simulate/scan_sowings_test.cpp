// `hoyito scan-sowings` (harness/simulate/scan_sowings.h): every move of every reached position
// counted once, as finite, endless or undecided; the quantiles of a hand-made count; the longest
// moves reproducible from their game's moves; undecided moves named, never dropped.
#include <gtest/gtest.h>

#include <numeric>

#include "engine/engine.h"
#include "harness/simulate/scan_sowings.h"

namespace hoyito {
namespace {

// Ten decided moves: five at lap 1, four at lap 3, one at lap 100. The median is the smallest
// lap with at least 5 of them at or below it: 1; 90% (9 moves): 3; 91% (9.1, so 10): 100.
TEST(ScanSowings, QuantilesOfAHandMadeCount) {
  ScanReport r;
  r.finite = 9, r.endless = 1;
  r.laps = {{1, 5}, {3, 4}, {100, 1}};
  EXPECT_EQ(r.quantile(0.5), 1u);
  EXPECT_EQ(r.quantile(0.9), 3u);
  EXPECT_EQ(r.quantile(0.91), 100u);
  EXPECT_EQ(r.quantile(1.0), 100u);
  EXPECT_EQ(ScanReport{}.quantile(0.5), 0u);
}

ScanSpec small_scan(LapCount lap_limit) {
  ScanSpec spec;
  spec.rules.options.lap_limit = lap_limit;
  spec.games = 40;
  spec.seed = 7;
  return spec;
}

TEST(ScanSowings, EveryMoveIsCountedOnceAndTheLongestReplay) {
  const ScanSpec spec = small_scan(kDefaultLapLimit);
  const ScanReport r = scan_sowings(spec);
  EXPECT_EQ(r.games, 40u);
  EXPECT_EQ(r.moves, r.finite + r.endless + r.undecided);
  const auto decided = std::accumulate(r.laps.begin(), r.laps.end(), std::uint64_t{0},
                                       [](std::uint64_t sum, const auto& entry) { return sum + entry.second; });
  EXPECT_EQ(decided, r.finite + r.endless);
  ASSERT_EQ(r.longest.size(), 10u);
  EXPECT_EQ(r.longest.front().length.laps, r.laps.rbegin()->first);
  for (std::size_t i = 0; i < r.longest.size(); ++i) {
    const ScannedMove& m = r.longest[i];
    if (i > 0) {
      EXPECT_LE(m.length.laps, r.longest[i - 1].length.laps);
    }
    engine::Game game(spec.rules, engine::opening_position(spec.rules));  // its moves lead to its position
    std::size_t from = 0;
    while (from < m.moves.size()) {
      const std::size_t space = std::min(m.moves.find(' ', from), m.moves.size());
      const std::string word = m.moves.substr(from, space - from);
      game.play(parse_move(word, spec.rules.holes_per_row));
      from = space + 1;
    }
    EXPECT_EQ(game.position(), m.position);
    const engine::SowingLength again = engine::sowing_length(spec.rules, m.position, m.hole);
    EXPECT_EQ(again.laps, m.length.laps);
  }
}

// Under lap_limit 30 the longer sowings of random 2x6 play are undecided: each is named (its
// position and move), and a game whose drawn move is one stops there.
TEST(ScanSowings, UndecidedMovesAreNamedNotDropped) {
  const ScanReport r = scan_sowings(small_scan(30));
  EXPECT_GT(r.undecided, 0u);
  EXPECT_EQ(r.undecided_moves.size(), r.undecided);
  for (const ScannedMove& m : r.undecided_moves) {
    EXPECT_EQ(m.length.kind, engine::SowingKind::undecided);
    EXPECT_GE(m.hole, 0);
    EXPECT_GT(m.position.board[static_cast<std::size_t>(m.hole)], 0);
  }
  EXPECT_LE(r.stopped_games, r.games);
  EXPECT_LE(r.laps.rbegin()->first, 30u);  // nothing decided past the guard
}

}  // namespace
}  // namespace hoyito
