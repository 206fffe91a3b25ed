// sowing_length (engine/engine.h): the lap at which the engine decides a move (SOW-6, Q-LIMIT),
// as `hoyito scan-sowings` counts it. Expected values derived by hand.
#include <gtest/gtest.h>

#include "engine/engine.h"

namespace hoyito {
namespace {

// Hoyito II 2x6 from the start (4 a hole), South plays c (SOW-1..5, CAP-II-1):
//   lap 1: c's 4 into d e f A; A 4 -> 5, occupied, not four: relay (SOW-5);
//   lap 2: A's 5 into B C D E F; F 4 -> 5: relay;
//   lap 3: F's 5 into a b c d e; e 5 -> 6: relay;
//   lap 4: e's 6 into f A B C D E; E 5 -> 6: relay;
//   lap 5: E's 6 into F a b c d e; e (emptied at lap 4) 0 -> 1: an empty hole, the move ends (SOW-4).
TEST(SowingLength, AFiniteMoveCountsItsLaps) {
  const Rules rules;
  const engine::SowingLength c = engine::sowing_length(rules, engine::opening_position(rules), 2);
  EXPECT_EQ(c.kind, engine::SowingKind::finite);
  EXPECT_EQ(c.laps, 5u);
  EXPECT_EQ(c.repeated_lap, 0u);
}

// specs/scenarios/sx-endless-illegal.json: move a of this board first repeats at lap 61 (S61 =
// S1); under lap_limit 60 it is undecided, and the lap said is the guard's.
TEST(SowingLength, AnEndlessMoveAtItsFirstRepeatAndUndecidedBelowIt) {
  Rules rules;
  const Position p{{2, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 1}, {16, 20}, Player::south};
  const engine::SowingLength a = engine::sowing_length(rules, p, 0);
  EXPECT_EQ(a.kind, engine::SowingKind::endless);
  EXPECT_EQ(a.laps, 61u);
  EXPECT_EQ(a.repeated_lap, 1u);
  rules.options.lap_limit = 60;
  const engine::SowingLength below = engine::sowing_length(rules, p, 0);
  EXPECT_EQ(below.kind, engine::SowingKind::undecided);
  EXPECT_EQ(below.laps, 60u);
}

}  // namespace
}  // namespace hoyito
