// Unit tests of the reference model on hand-derived positions: the exact decision of SOW-6 (a
// cycle reached after a tail of laps), the message of a move refused as endless, the lap_limit
// guard (Q-LIMIT) on both sides of a move's length, and the end of a Hoyito I game (G13).
#include <gtest/gtest.h>

#include "model/model.h"
#include "tests/support/moves.h"

namespace hoyito {
namespace {

Rules hoyito1(EndlessSowing endless_sowing = EndlessSowing::illegal) {
  Rules r;
  r.variant = Variant::hoyito1;
  r.options.endless_sowing = endless_sowing;
  return r;
}

// Hoyito I, South to move, 16 seeds on the board. South's move e (hole 4, 2 seeds), lap by lap;
// S_k is the lap-end state (board, landing hole) of lap k:
//   lap 1: 5: 0->1, 6: 4->5, the last: occupied, not four: relay (SOW-5).
//          S1 = [1,0,2,1,0,1, 5,0,3,1,0,2], landing 6; 16 seeds on the board.
//   lap 2: 5 seeds from 6: 7: 0->1; 8: 3->4 with 3 still in hand: captured at once (CAP-I-1), 8 -> 0;
//          9: 1->2; 10: 0->1; 11: 2->3, the last: relay.
//          S2 = [1,0,2,1,0,1, 0,1,0,2,1,3], landing 11; 12 seeds on the board.
//   From S2 on each lap sows 2 or 3 seeds into holes holding 0..2 before its last seed (no en
//   passant), landing on a 2 or a 3 (relay):
//          S3 = [2,1,3,1,0,1, 0,1,0,2,1,0], landing 2   (3 from 11 into 0, 1, 2)
//          S4 = [2,1,0,2,1,2, 0,1,0,2,1,0], landing 5   (3 from 2 into 3, 4, 5)
//          S5 = [2,1,0,2,1,0, 1,2,0,2,1,0], landing 7   (2 from 5 into 6, 7)
//          S6 = [2,1,0,2,1,0, 1,0,1,3,1,0], landing 9   (2 from 7 into 8, 9)
//          S7 = [3,1,0,2,1,0, 1,0,1,0,2,1], landing 0   (3 from 9 into 10, 11, 0)
//   S7 is S2 turned one hole on (S7[h+1] = S2[h], landing 11+1 = 0 mod 12). A relay never looks
//   at who owns a hole, so S_{2+5k} is S2 turned k holes on, and S62 = S2 after 12 turns.
//   No earlier repeat: read from its landing hole, S2 .. S6 give five different rings
//   (S2 3 1 0 2 1 0 1 0 1 0 2 1, S3 3 1 0 1 0 1 0 2 1 0 2 1, S4 2 0 1 0 2 1 0 2 1 0 2 1,
//   S5 2 0 2 1 0 2 1 0 2 1 0 1, S6 3 1 0 2 1 0 2 1 0 1 0 1), and a turn of 1..11 holes moves the
//   landing hole, so S2 .. S61 are 60 different states; S1, with 16 seeds on the board against
//   12, never comes back. So the first repeat is lap L = 62, of lap M = 2: a tail of one lap and
//   a cycle of 60.
// The other moves end: a (1 seed: 1: 0->1, empty, SOW-4); c (2 seeds: 3: 1->2, 4: 2->3, relay 3
// from 4: 5: 0->1, 6: 4->5, 7: 0->1, empty); d (1 seed: 4: 2->3, relay 3 from 4, as in c). b and f
// are empty.
const Position kTailThenCycle{{1, 0, 2, 1, 2, 0, 4, 0, 3, 1, 0, 2}, {16, 16}, Player::south};
constexpr int kMoveE = 4;

TEST(ModelSow6, EndlessAfterATailFindsTheFirstRepeatAndTheLapItRepeats) {
  const model::MoveOutcome e = model::sow_move(hoyito1(EndlessSowing::void_game), kTailThenCycle, kMoveE);
  EXPECT_TRUE(e.endless);
  EXPECT_EQ(e.laps, 62u);
  EXPECT_EQ(e.repeated_lap, 2u);
  EXPECT_EQ(e.after, kTailThenCycle);  // SOW-6: nothing is sown
  ASSERT_EQ(e.events.size(), 1u);
  EXPECT_EQ(e.events[0].kind, EventKind::endless_sowing);
  EXPECT_EQ(e.events[0].hole, kMoveE);
}

TEST(ModelSow6, EndlessMoveIsNotLegal) {
  model::Game game(hoyito1(), kTailThenCycle);
  EXPECT_EQ(game.legal_moves(), (hoyito::testing::holes({0, 2, 3})));  // a c d
}

TEST(ModelSow6, RefusalSaysTheSowingNeverEndsAndWhereItRepeats) {
  model::Game game(hoyito1(), kTailThenCycle);
  try {
    game.play(Move::at(kMoveE));
    FAIL() << "the endless move e was played";
  } catch (const InputError& error) {
    EXPECT_STREQ(error.what(),
                 "move e: not legal for south: its relay sowing never ends (SOW-6): the state at the end of lap 62 "
                 "repeats that of lap 2");
  }
  EXPECT_EQ(game.position(), kTailThenCycle);  // nothing was played
  EXPECT_EQ(game.plies_played(), 0);
}

TEST(ModelSow6, OtherIllegalMovesKeepTheirMessage) {
  model::Game game(hoyito1(), kTailThenCycle);
  try {
    game.play(hoyito::Move::at(1));  // b is empty
    FAIL() << "the empty hole b was played";
  } catch (const InputError& error) {
    EXPECT_STREQ(error.what(), "move b: not legal for south here (legal: a c d)");
  }
}

TEST(ModelSow6, NorthsEndlessMoveNamesNorth) {
  // The same position turned six holes on, North to move: North's e (hole 10) is the same
  // sowing turned, so it repeats the same way (a relay never looks at the owner).
  const Position north{{4, 0, 3, 1, 0, 2, 1, 0, 2, 1, 2, 0}, {16, 16}, Player::north};
  model::Game game(hoyito1(), north);
  try {
    game.play(hoyito::Move::at(10));
    FAIL() << "the endless move E was played";
  } catch (const InputError& error) {
    EXPECT_STREQ(error.what(),
                 "move E: not legal for north: its relay sowing never ends (SOW-6): the state at the end of lap 62 "
                 "repeats that of lap 2");
  }
}

// Q-LIMIT: an endless move is decided when its first repeat comes by lap lap_limit, and refused as
// undecided one lap earlier.
TEST(ModelLapLimit, EndlessMoveDecidedAtItsFirstRepeatUndecidedOneLapEarlier) {
  Rules rules = hoyito1(EndlessSowing::void_game);
  rules.options.lap_limit = 62;
  EXPECT_TRUE(model::sow_move(rules, kTailThenCycle, kMoveE).endless);
  rules.options.lap_limit = 61;
  EXPECT_THROW(model::sow_move(rules, kTailThenCycle, kMoveE), UndecidedMove);
  rules.options.lap_limit = 2;  // the hare gets 2 laps ahead of the tortoise at lap 2: the walk stops
  EXPECT_THROW(model::sow_move(rules, kTailThenCycle, kMoveE), UndecidedMove);
}

// Q-LIMIT is 64-bit (issue 33): a guard of 2^32 + 61 laps decides move e (first repeat at lap
// 62, above); cut to 32 bits it would be 61, and the move undecided (the test above). 10^13, the
// largest guard, decides it too (Brent's walk is bounded by 3 x lap_limit: no overflow).
TEST(ModelLapLimit, AGuardPast2To32IsNotCutTo32Bits) {
  Rules rules = hoyito1(EndlessSowing::void_game);
  for (const LapCount limit : {LapCount{4'294'967'357}, LapCount{2'147'483'710}, kLargestLapLimit}) {
    rules.options.lap_limit = limit;
    const model::MoveOutcome e = model::sow_move(rules, kTailThenCycle, kMoveE);
    EXPECT_TRUE(e.endless) << limit;
    EXPECT_EQ(e.laps, 62u) << limit;
    EXPECT_EQ(e.repeated_lap, 2u) << limit;
  }
}

// G13 (END-1, END-I-1, CAP-I-1), Hoyito I, South to move, 7 seeds on the board:
//   South plays a (3 seeds). 1: 3->4 with 2 still in hand: captured at once (CAP-I-1), South
//   20 -> 24. In play now: 1 seed on the board (d) and 2 in hand, 3 in all, four or fewer; before
//   G13 the move stopped here. It is sown on to its end:
//   2: 0->1; 3: 1->2, the last of the lap: occupied, not four: relay 2 from 3 (SOW-5):
//   4: 0->1; 5: 0->1, the last: empty hole (SOW-4): the move ends.
//   It captured, and the board holds 3 seeds (c, e, f): four or fewer: South takes them (END-I-1),
//   24 -> 27, and the game ends (END-1): South 27, North 21, South wins (END-2).
const Position kEnPassantThenRelay{{3, 3, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0}, {20, 21}, Player::south};

// One expected event: its kind and rule, and the fields it uses (game-record.md "Events").
Event event(EventKind kind, RuleId rule, int hole = -1, int seeds = -1, std::optional<Player> player = std::nullopt) {
  Event e;
  e.kind = kind;
  e.rule = rule;
  e.hole = hole;
  e.seeds = seeds;
  e.player = player;
  return e;
}

Event lap(int from, int to, int seeds) {
  Event e = event(EventKind::lap, RuleId::SOW_2, -1, seeds);
  e.from = from;
  e.to = to;
  return e;
}

TEST(ModelG13, HoyitoIMoveIsSownToItsEndBeforeTheGameEnds) {
  model::Game game(hoyito1(), kEnPassantThenRelay);
  const Ply ply = game.play(hoyito::Move::at(0));

  Event end = event(EventKind::game_end, RuleId::END_1);
  end.status = Status::finished;
  end.winner = Winner::south;
  const std::vector<Event> expected{
      event(EventKind::lift, RuleId::SOW_1, 0, 3),
      event(EventKind::capture, RuleId::CAP_I_1, 1, 4, Player::south),
      lap(0, 3, 3),
      event(EventKind::relay, RuleId::SOW_5, 3, 2),
      lap(3, 5, 2),
      event(EventKind::sow_end, RuleId::SOW_4, 5),
      event(EventKind::last_four_award, RuleId::END_I_1, -1, 3, Player::south),
      end,
  };
  EXPECT_EQ(ply.events, expected);
  EXPECT_EQ(ply.after, (Position{{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, {27, 21}, Player::north}));
  EXPECT_EQ(game.status(), Status::finished);
  EXPECT_EQ(game.result().winner, Winner::south);
}

TEST(ModelG13, FiniteMoveDecidedAtItsLastLapUndecidedOneLapEarlier) {
  // The move above ends at lap 2 (Q-LIMIT counts the laps of the whole move, after G13).
  Rules rules = hoyito1();
  rules.options.lap_limit = 2;
  EXPECT_EQ(model::sow_move(rules, kEnPassantThenRelay, 0).laps, 2u);
  rules.options.lap_limit = 1;
  EXPECT_THROW(model::sow_move(rules, kEnPassantThenRelay, 0), UndecidedMove);
}

}  // namespace
}  // namespace hoyito
