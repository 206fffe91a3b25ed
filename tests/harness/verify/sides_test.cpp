// The "who is who" helpers of the rules, written twice apart: the engine's (engine/sides.h) and
// the model's (model/model.h); core has none (Independence.CoreDefinesNoRuleHelper). Expected
// values derived by hand from specs/rules.md; then the two agree on every hole, player, board
// size and count.
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
  for (const auto& [hole, n, want] : std::vector<std::tuple<int, int, Player>>{{0, 6, Player::south},
                                                                               {5, 6, Player::south},
                                                                               {6, 6, Player::north},
                                                                               {11, 6, Player::north},
                                                                               {0, 12, Player::south},
                                                                               {11, 12, Player::south},
                                                                               {12, 12, Player::north},
                                                                               {23, 12, Player::north}}) {
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

// The model's and the engine's agree everywhere they are defined: every hole and board size,
// every count a hole from 1 to 10, both players. Fails if either copy slips on one case the
// hand-derived tests above do not name.
TEST(Sides, ModelAndEngineAgreeEverywhere) {
  for (const int n : {6, 12}) {
    for (int hole = 0; hole < 2 * n; ++hole)
      EXPECT_EQ(engine::hole_owner(hole, n), model::hole_owner(hole, n)) << "hole " << hole << " of 2x" << n;
    for (int seeds = 1; seeds <= 10; ++seeds)
      for (const Player p : kPlayers) {
        Rules r;
        r.holes_per_row = n;
        r.seeds_per_hole = seeds;
        const Position model_start = model::opening_position(r, p);
        EXPECT_EQ(engine::opening_position(r, p), model_start) << "2x" << n << ", " << seeds << " a hole";
        int on_board = 0;
        for (const int c : model_start.board) on_board += c;
        EXPECT_EQ(engine::seed_total(r), on_board) << "2x" << n << ", " << seeds << " a hole";
      }
  }
  for (const Player p : kPlayers) EXPECT_EQ(engine::opponent_of(p), model::opponent_of(p));
}

}  // namespace
}  // namespace hoyito
