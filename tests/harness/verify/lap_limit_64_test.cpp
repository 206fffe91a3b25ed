// Q-LIMIT is 64-bit (issue 33 item 2): model and engine, written apart, agree under guards past
// 2^31 and 2^32 on endless moves of three kinds: every lap short (the anchor decides), a cycle of
// laps of 2N seeds or more (the detectors decide), and the longest cycle met in 1,000,000 random
// 2x6 games (millions of laps). A guard of 2^32 + L - 1 cut to 32 bits would be L - 1, under which
// the move is undecided (lap_limits_test.cpp): here both must refuse it as endless at (L, M).
#include <gtest/gtest.h>

#include <string>

#include "engine/engine.h"
#include "harness/verify/lap_limits.h"
#include "io/scenario.h"
#include "model/model.h"

namespace hoyito {
namespace {

constexpr LapCount k2To31 = LapCount{1} << 31;
constexpr LapCount k2To32 = LapCount{1} << 32;

struct EndlessCase {
  const char* what;
  int seeds_per_hole;
  Position position;
  int hole;
  std::uint64_t repeat_lap;    // L; 0: the model's own measure under the default guard
  std::uint64_t repeated_lap;  // M
};

// sx-endless-void.json: a, S61 = S1, every lap short. lap_limits_test.cpp kTurningRing: a lap of
// 13 seeds each (>= 2N), S13 = S1. The longest cycle of 10^6 random games: measured by the model.
const EndlessCase kCases[] = {
    {"short laps", 4, {{2, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 1}, {16, 20}, Player::south}, 0, 61, 1},
    {"laps of 2N seeds", 7, {{13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1}, {5, 0}, Player::south}, 0, 13, 1},
    {"longest in play", 4, {{4, 1, 5, 3, 10, 1, 0, 4, 1, 0, 1, 18}, {0, 0}, Player::south}, 2, 0, 0},
};

template <typename G>
std::string refusal_of(const Rules& rules, const Position& position, int hole) {
  G game(rules, position);
  try {
    game.play(Move::at(hole));
  } catch (const RefusedPly& e) {
    return std::string(refusal_name(e.reason)) + ": " + e.what();
  }
  return "played";
}

TEST(LapLimit64, ModelAndEngineRefuseAtTheSameRepeatPast2To32) {
  for (const EndlessCase& c : kCases) {
    Rules rules;  // Hoyito II 2x6, endless_sowing = illegal (G6 default)
    rules.seeds_per_hole = c.seeds_per_hole;
    std::uint64_t repeat = c.repeat_lap, repeated = c.repeated_lap;
    if (repeat == 0) {
      Rules measure = rules;
      measure.options.endless_sowing = EndlessSowing::void_game;
      const model::MoveOutcome m = model::sow_move(measure, c.position, c.hole);
      ASSERT_TRUE(m.endless) << c.what;
      repeat = m.laps, repeated = m.repeated_lap;
    }
    const std::string expected =
        std::string("endless: ") + endless_refusal(move_text(Move::at(c.hole), 6), Player::south, repeat, repeated);
    const auto at = static_cast<LapCount>(repeat);
    for (const LapCount limit : {k2To32 + at - 1, k2To31 + at, kLargestLapLimit}) {
      rules.options.lap_limit = limit;
      EXPECT_EQ(refusal_of<model::Game>(rules, c.position, c.hole), expected) << c.what << " at " << limit;
      EXPECT_EQ(refusal_of<engine::Game>(rules, c.position, c.hole), expected) << c.what << " at " << limit;
    }
  }
}

// Detector-decided moves of the seeded search (harness/verify/lap_limits.h: a lap of 2N seeds or
// more in the cycle, so the anchor never sees it come back), Hoyito II and III 2x6 (the search
// meets none on 2x12, nor in Hoyito I): the model's (L, M) under its search's guard, then both
// implementations at 2^32 + L - 1 and at 10^13.
TEST(LapLimit64, DetectorMovesAgreePast2To32) {
  for (const Variant v : {Variant::hoyito2, Variant::hoyito3}) {
    Rules rules;
    rules.variant = v;
    const std::vector<DetectorMove> moves = find_detector_moves(rules, 2026, 6, 200000);
    ASSERT_FALSE(moves.empty()) << variant_name(v);
    for (const DetectorMove& m : moves) {
      const std::string expected =
          std::string("endless: ") +
          endless_refusal(move_text(Move::at(m.hole), 6), m.position.to_move, m.repeat_lap, m.repeated_lap);
      for (const LapCount limit : {k2To32 + static_cast<LapCount>(m.repeat_lap) - 1, kLargestLapLimit}) {
        rules.options.lap_limit = limit;
        EXPECT_EQ(refusal_of<model::Game>(rules, m.position, m.hole), expected) << variant_name(v) << " at " << limit;
        EXPECT_EQ(refusal_of<engine::Game>(rules, m.position, m.hole), expected) << variant_name(v) << " at " << limit;
      }
    }
  }
}

}  // namespace
}  // namespace hoyito
