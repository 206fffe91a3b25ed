// harness/games/search: alpha-beta on the engine against a hand-derived position and against a plain
// minimax written here on the reference model (no pruning, no shared code).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "engine/engine.h"
#include "engine/sides.h"
#include "harness/base/random.h"
#include "harness/games/search.h"
#include "model/model.h"
#include "tests/support/moves.h"

using namespace hoyito;

namespace {

// Hoyito II 2x6, South to move: a=1, b=3, every North hole 1, captures 19-19 (10 + 38 = 48).
Position two_move_position() {
  Position p;
  p.board = {1, 3, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1};
  p.captured = {19, 19};
  p.to_move = Player::south;
  return p;
}

// Plain minimax on the model: every ply to `depth`, value for the player to move.
int model_minimax(const model::Game& game, int depth) {
  const auto& p = game.position();
  const Player me = p.to_move;
  if (depth == 0 || game.status() != Status::playing)
    return p.captured[index(me)] - p.captured[index(engine::opponent_of(me))];
  int best = -1000;
  for (Move ply : game.legal_moves()) {
    model::Game child = game;
    child.play(ply);
    const int v = model_minimax(child, depth - 1);
    best = std::max(best, child.position().to_move == me ? v : -v);
  }
  return best;
}

}  // namespace

// By hand (specs/rules.md): move a lifts 1 seed and sows it into b, which then holds 4: a casa,
// captured by South (CAP-II-1); the chain looks clockwise at a, now empty, and stops (CAP-II-2);
// six seeds stay on the board, so the game goes on (END-1) and South moves again (CAP-II-3).
// South's difference is 23 - 19 = +4. Move b sows 3 seeds into the empty c, d, e; the last seed
// falls into an empty hole and the move ends (SOW-4), nothing captured: 0.
TEST(Search, DepthOneValuesAreTheCapturesOfTheMove) {
  Rules rules;
  engine::Game game(rules, two_move_position());
  const std::vector<search::MoveValue> expected = {{Move::at(0), 4}, {Move::at(1), 0}};
  EXPECT_EQ(search::move_values(game, 1), expected);
  SplitMix64 rng{7};
  for (int i = 0; i < 20; ++i) EXPECT_EQ(search::choose_best(game, 1, rng), Move::at(0));
}

// By hand: after a, South has the extra move but no seeds on their side, so South passes
// (PASS-2); the pass changes no capture, and it is South's own ply, so a keeps +4 at depth 2. A
// search that handed the extra move to North would give -4.
TEST(Search, AnExtraMoveIsTheSamePlayerMovingAgain) {
  Rules rules;
  engine::Game game(rules, two_move_position());
  const auto values = search::move_values(game, 2);
  ASSERT_EQ(values.size(), 2u);
  EXPECT_EQ(values[0], (search::MoveValue{Move::at(0), 4}));
  engine::Game after_a = game;
  after_a.play_fast(hoyito::Move::at(0));
  EXPECT_EQ(after_a.to_move(), Player::south);
  EXPECT_EQ(after_a.legal_mask(), engine::kPassBit);
  EXPECT_EQ(search::move_values(after_a, 1), (std::vector<search::MoveValue>{{Move::pass(), 4}}));
}

TEST(Search, AgreesWithPlainMinimaxOnTheModel) {
  for (Variant variant : {Variant::hoyito1, Variant::hoyito2, Variant::hoyito3}) {
    Rules rules;
    rules.variant = variant;
    for (std::uint64_t g = 0; g < 6; ++g) {
      // Positions along a random game: the start, then every 7th ply.
      SplitMix64 rng{game_seed(99, g)};
      engine::Game game(rules, engine::opening_position(rules));
      for (int ply = 0; game.status() == Status::playing && ply < 60; ++ply) {
        if (ply % 7 == 0) {
          model::Game model_game(rules, game.position());
          for (int depth = 1; depth <= 3; ++depth) {
            const auto values = search::move_values(game, depth);
            const auto legal = model_game.legal_moves();
            ASSERT_EQ(values.size(), legal.size());
            for (std::size_t k = 0; k < legal.size(); ++k) {
              model::Game child = model_game;
              child.play(legal[k]);
              const int v = model_minimax(child, depth - 1);
              const int expected = child.position().to_move == model_game.position().to_move ? v : -v;
              ASSERT_EQ(values[k].move, legal[k]);
              ASSERT_EQ(values[k].value, expected) << variant_name(variant) << " game " << g << " ply " << ply
                                                   << " depth " << depth << " move " << legal[k];
            }
            ASSERT_EQ(search::position_value(game, depth), model_minimax(model_game, depth));
          }
        }
        const auto legal = game.legal_moves();
        game.play_fast(legal[rng.below(legal.size())]);
      }
    }
  }
}

// choose_best draws uniformly among the moves of equal best value: over 6000 draws each tied
// move comes up about equally often (chi-square, 99.9% critical value for up to 5 degrees of
// freedom is 20.5).
TEST(Search, ChoosesUniformlyAmongEqualBest) {
  Rules rules;
  engine::Game game(rules, engine::opening_position(rules));  // no first move captures: all tie at depth 1
  const auto values = search::move_values(game, 1);
  const int best =
      std::max_element(values.begin(), values.end(), [](auto& a, auto& b) { return a.value < b.value; })->value;
  std::map<Move, int> expected_holes;
  for (const auto& v : values)
    if (v.value == best) expected_holes[v.move] = 0;
  ASSERT_GE(expected_holes.size(), 2u);
  SplitMix64 rng{1};
  const int draws = 6000;
  for (int i = 0; i < draws; ++i) {
    const Move hole = search::choose_best(game, 1, rng);
    ASSERT_TRUE(expected_holes.count(hole)) << hole;
    expected_holes[hole] += 1;
  }
  const double e = static_cast<double>(draws) / static_cast<double>(expected_holes.size());
  double chi2 = 0;
  for (const auto& [hole, count] : expected_holes) chi2 += (count - e) * (count - e) / e;
  EXPECT_LT(chi2, 20.5);
}

// Q-LIMIT inside the tree (issue 33 item 5), by hand, Hoyito II 2x6 with lap_limit 1: South has
// a=1 only; North has A=2 and C=1; captures 22-22 (4 seeds on the board). South's a sows into the
// empty b and ends (SOW-4): one lap, decided. Then North's A sows into B and C, C now holds 2: not
// empty, no casa, so North lifts it and sows on (SOW-5): a second lap, past the limit of one lap
// end: undecided, and North's legal plies with it. The root is decided, so depth 2 values a at
// North's position as it stands, a leaf counted once: 22 - 22 = 0. (Before: UndecidedMove, the
// whole search thrown away.) At depth 1 the tree stops before North's plies: nothing counted.
TEST(Search, AnUndecidedPositionInsideTheTreeIsACountedLeaf) {
  Rules rules;
  rules.options.lap_limit = 1;
  Position p;
  p.board = {1, 0, 0, 0, 0, 0, 2, 0, 1, 0, 0, 0};
  p.captured = {22, 22};
  p.to_move = Player::south;
  engine::Game game(rules, p);
  const std::uint64_t before = search::undecided_leaves();
  EXPECT_EQ(search::move_values(game, 1), (std::vector<search::MoveValue>{{Move::at(0), 0}}));
  EXPECT_EQ(search::undecided_leaves(), before);
  EXPECT_EQ(search::move_values(game, 2), (std::vector<search::MoveValue>{{Move::at(0), 0}}));
  EXPECT_EQ(search::undecided_leaves(), before + 1);
  // annotate's quality line claims exact values: it asks the search to refuse instead.
  EXPECT_THROW(search::move_values(game, 2, search::Inside::refuse), UndecidedMove);
  EXPECT_EQ(search::undecided_leaves(), before + 1);
  // The game itself at North's position is undecided: there the search throws, as the engine does.
  engine::Game north = game;
  north.play_fast(Move::at(0));
  EXPECT_THROW(search::move_values(north, 1), UndecidedMove);
}
