// RapidCheck generators shared by the property tests: rules configurations, arbitrary valid
// positions, and reachable positions (random plies from a start, played by the implementation
// the test names). Only core here: a model test and an engine test both use them, and neither
// may see the other implementation (tests/README.md).
#pragma once

#include <rapidcheck.h>

#include "core/game.h"
#include "core/implementation.h"

namespace hoyito::testing {

// Any variant, both sizes, every option value that changes play.
inline Rules gen_rules() {
  Rules r;
  r.variant = *rc::gen::element(Variant::hoyito1, Variant::hoyito2, Variant::hoyito3);
  r.holes_per_row = *rc::gen::element(6, 12);
  r.options.skip_origin = *rc::gen::arbitrary<bool>();
  r.options.endless_sowing = *rc::gen::element(EndlessSowing::illegal, EndlessSowing::void_game);
  r.options.endless_game = *rc::gen::element(EndlessGame::ply_limit, EndlessGame::third_repetition);
  r.options.drawn_previous_last_four = *rc::gen::element(DrawnPreviousLastFour::capturer, DrawnPreviousLastFour::split);
  if (r.variant == Variant::hoyito3) {
    r.round = *rc::gen::inRange(1, 5);
    if (r.round >= 2) r.previous_winner = *rc::gen::element(Winner::south, Winner::north, Winner::draw);
  }
  return r;
}

// Any valid position: the seeds not on the board are captured (in fours, as in play).
inline Position gen_position(const Rules& rules) {
  Position p;
  p.board.assign(static_cast<size_t>(rules.holes()), 0);
  const int total = 2 * rules.holes_per_row * rules.seeds_per_hole;  // BRD-3: two rows of N holes
  const int captured_fours = *rc::gen::inRange(0, total / 4 + 1);
  int on_board = total - 4 * captured_fours;
  const int south_fours = *rc::gen::inRange(0, captured_fours + 1);
  p.captured = {4 * south_fours, 4 * (captured_fours - south_fours)};
  // Seeds go to a few favoured holes or anywhere, so that both sparse and full boards come up.
  const int spread = *rc::gen::inRange(1, rules.holes() + 1);
  const int offset = *rc::gen::inRange(0, rules.holes());
  while (on_board-- > 0) p.board[static_cast<size_t>((offset + *rc::gen::inRange(0, spread)) % rules.holes())] += 1;
  p.to_move = *rc::gen::element(Player::south, Player::north);
  return p;
}

// A position reached from `start` by up to `max_plies` uniformly random legal plies of G.
template <GameImplementation G>
Position gen_reachable(const Rules& rules, const Position& start, int max_plies) {
  G game(rules, start);
  const int plies = *rc::gen::inRange(0, max_plies + 1);
  for (int i = 0; i < plies && game.status() == Status::playing; ++i) {
    const auto legal = game.legal_moves();
    game.play(legal[static_cast<size_t>(*rc::gen::inRange<size_t>(0, legal.size()))]);
  }
  return game.position();
}

}  // namespace hoyito::testing
