// The "who is who" helpers of the rules, written three times apart: the engine's (engine/sides.h),
// the model's (model/model.h) and core's, which only the harness uses (core/game.h
// start_position, core/rules.h owner, opponent, Rules::total_seeds). Expected values derived by
// hand from specs/rules.md; then the three agree on every hole, player, board size and count.
// Only core, the model and the engine: a planted bug in a core header is tested by rebuilding
// these few (mutants/README.md).
#include <array>
#include <tuple>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "core/game.h"
#include "engine/sides.h"
#include "model/model.h"

namespace hoyito {
namespace {

// BRD-4: on 2xN South owns 0..N-1 and North N..2N-1. TURN-1: the other player.
// BRD-3: 2N holes of seeds_per_hole, nothing captured. END-2: more captures win, equal draw.

TEST(Sides, HoleOwnerOfEachImplementationIsBrd4) {
  // 2x6: holes 0..5 South's (a..f), 6..11 North's (A..F). 2x12: 0..11 South's, 12..23 North's.
  for (const auto& [hole, n, want] : std::vector<std::tuple<int, int, Player>>{
           {0, 6, Player::south}, {5, 6, Player::south}, {6, 6, Player::north}, {11, 6, Player::north},
           {0, 12, Player::south}, {11, 12, Player::south}, {12, 12, Player::north}, {23, 12, Player::north}}) {
    EXPECT_EQ(engine::hole_owner(hole, n), want) << "engine, hole " << hole << " of 2x" << n;
    EXPECT_EQ(model::hole_owner(hole, n), want) << "model, hole " << hole << " of 2x" << n;
  }
}

TEST(Sides, OpponentOfEachImplementationIsTurn1) {
  EXPECT_EQ(engine::opponent_of(Player::south), Player::north);
  EXPECT_EQ(engine::opponent_of(Player::north), Player::south);
  EXPECT_EQ(model::opponent_of(Player::south), Player::north);
  EXPECT_EQ(model::opponent_of(Player::north), Player::south);
}

TEST(Sides, OpeningPositionOfEachImplementationIsBrd3) {
  // 2x6 with four a hole: 12 holes of 4 (48 seeds); 2x12 with three a hole (an experiment's
  // count): 24 holes of 3 (72 seeds); nothing captured; the side asked for to move.
  Rules r;
  Position want{std::vector<int>(12, 4), {0, 0}, Player::north};
  EXPECT_EQ(engine::opening_position(r, Player::north), want);
  EXPECT_EQ(model::opening_position(r, Player::north), want);
  EXPECT_EQ(engine::seed_total(r), 48);
  r.holes_per_row = 12;
  r.seeds_per_hole = 3;
  want = Position{std::vector<int>(24, 3), {0, 0}, Player::south};
  EXPECT_EQ(engine::opening_position(r), want);
  EXPECT_EQ(model::opening_position(r), want);
  EXPECT_EQ(engine::seed_total(r), 72);
}

TEST(Sides, WinnerByCapturesOfEachImplementationIsEnd2) {
  // 25 > 23: South; 23 < 25: North; 24 = 24: a draw (G11); 0 = 0 too.
  for (const auto& [captured, want] : std::vector<std::pair<std::array<int, 2>, Winner>>{
           {{25, 23}, Winner::south}, {{23, 25}, Winner::north}, {{24, 24}, Winner::draw}, {{0, 0}, Winner::draw}}) {
    EXPECT_EQ(engine::winner_by_captures(captured), want);
    EXPECT_EQ(model::winner_by_captures(captured), want);
  }
}

// Core's helpers, kept for the harness until it calls the model's or the engine's, by hand:
// 2x6 with four a hole is 12 holes of 4 and 48 seeds (BRD-3), hole 5 (f) South's and hole 6 (A)
// North's (BRD-4), and the opponent of South is North (TURN-1).
TEST(Sides, CoreHelpersForTheHarnessByHand) {
  Rules r;
  EXPECT_EQ(start_position(r, Player::north), (Position{std::vector<int>(12, 4), {0, 0}, Player::north}));
  EXPECT_EQ(r.total_seeds(), 48);
  EXPECT_EQ(owner(5, 6), Player::south);
  EXPECT_EQ(owner(6, 6), Player::north);
  EXPECT_EQ(opponent(Player::south), Player::north);
  EXPECT_EQ(opponent(Player::north), Player::south);
}

// ... and they agree with the model's and the engine's everywhere they are defined.
TEST(Sides, CoreModelAndEngineAgreeEverywhere) {
  for (const int n : {6, 12}) {
    for (int hole = 0; hole < 2 * n; ++hole) {
      EXPECT_EQ(owner(hole, n), model::hole_owner(hole, n)) << "hole " << hole << " of 2x" << n;
      EXPECT_EQ(owner(hole, n), engine::hole_owner(hole, n)) << "hole " << hole << " of 2x" << n;
    }
    for (int seeds = 1; seeds <= 10; ++seeds)
      for (const Player p : kPlayers) {
        Rules r;
        r.holes_per_row = n;
        r.seeds_per_hole = seeds;
        EXPECT_EQ(start_position(r, p), model::opening_position(r, p)) << "2x" << n << ", " << seeds << " a hole";
        EXPECT_EQ(start_position(r, p), engine::opening_position(r, p)) << "2x" << n << ", " << seeds << " a hole";
        EXPECT_EQ(r.total_seeds(), engine::seed_total(r));
      }
  }
  for (const Player p : kPlayers) {
    EXPECT_EQ(opponent(p), model::opponent_of(p));
    EXPECT_EQ(opponent(p), engine::opponent_of(p));
  }
}

}  // namespace
}  // namespace hoyito
