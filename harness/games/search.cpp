#include "harness/games/search.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <stdexcept>
#include "engine/sides.h"
#include "harness/base/interrupt.h"

namespace hoyito::search {

namespace {

constexpr int kInfinity = std::numeric_limits<int>::max() / 2;

thread_local std::uint64_t undecided_inside = 0;  // undecided_leaves(): this thread's count

// Q-LIMIT inside the tree: a position whose legal plies are undecided, or a ply whose sowing is
// (endless_sowing = void), is valued as the position stands, as a leaf, and counted (Inside::leaf);
// only the game itself reaching it makes its deal undecided (the caller's move_values throws
// then). Inside::refuse passes the UndecidedMove being handled on. Called from a catch block.
int undecided_leaf(const engine::Game& game, Inside inside) {
  if (inside == Inside::refuse) throw;
  ++undecided_inside;
  return capture_difference(game);
}

// Negamax with alpha-beta; the window is always from the point of view of game.to_move().
int negamax(const engine::Game& game, int depth, int alpha, int beta, Inside inside) {
  if (depth == 0 || game.status() != Status::playing) return capture_difference(game);
  // A deep search can take seconds: at an interrupt it is abandoned (a partial value is no value).
  if (depth >= 3) throw_if_interrupted("search: interrupted before the move values were complete");
  std::uint64_t mask = 0;
  try {
    mask = game.legal_mask();
  } catch (const UndecidedMove&) {
    return undecided_leaf(game, inside);
  }
  const Player mover = game.to_move();
  int best = -kInfinity;
  for (std::uint64_t rest = mask; rest != 0; rest &= rest - 1) {
    engine::Game child = game;
    int value = 0;
    try {
      child.play_fast(engine::move_of_bit(std::countr_zero(rest)));
      // An extra move (CAP-II-3, CAP-III-3) leaves the same player to move, who keeps the
      // child's value and window; otherwise the opponent moves and both change sign.
      value = child.to_move() == mover ? negamax(child, depth - 1, alpha, beta, inside)
                                       : -negamax(child, depth - 1, -beta, -alpha, inside);
    } catch (const UndecidedMove&) {  // the ply itself (void): the game as it stands
      value = undecided_leaf(game, inside);
    }
    best = std::max(best, value);
    alpha = std::max(alpha, value);
    if (alpha >= beta) break;
  }
  return best;
}

}  // namespace

std::uint64_t undecided_leaves() { return undecided_inside; }

int capture_difference(const engine::Game& game) {
  const auto captured = game.result().captured;
  const Player me = game.to_move();
  return captured[index(me)] - captured[index(engine::opponent_of(me))];
}

std::vector<MoveValue> move_values(const engine::Game& game, int depth, Inside inside) {
  std::vector<MoveValue> values;
  if (game.status() != Status::playing) return values;
  const std::uint64_t mask = game.legal_mask();
  const Player mover = game.to_move();
  for (std::uint64_t rest = mask; rest != 0; rest &= rest - 1) {
    const Move ply = engine::move_of_bit(std::countr_zero(rest));
    engine::Game child = game;
    child.play_fast(ply);
    // A full window for every root ply: each value is exact, not a bound.
    const int child_value = negamax(child, std::max(depth, 1) - 1, -kInfinity, kInfinity, inside);
    values.push_back({ply, child.to_move() == mover ? child_value : -child_value});
  }
  return values;
}

int position_value(const engine::Game& game, int depth) {
  if (depth == 0 || game.status() != Status::playing) return capture_difference(game);
  const auto values = move_values(game, depth);
  return std::max_element(values.begin(), values.end(),
                          [](const MoveValue& a, const MoveValue& b) { return a.value < b.value; })
      ->value;
}

Move choose_best(const engine::Game& game, int depth, SplitMix64& rng) {
  const auto values = move_values(game, depth);
  if (values.empty()) throw std::logic_error("search::choose_best: the game is over");
  int best = -kInfinity;
  int ties = 0;
  for (const MoveValue& v : values) {
    if (v.value > best) {
      best = v.value;
      ties = 0;
    }
    if (v.value == best) ++ties;
  }
  std::uint64_t pick = rng.below(static_cast<std::uint64_t>(ties));
  for (const MoveValue& v : values)
    if (v.value == best && pick-- == 0) return v.move;
  return values.front().move;  // not reached: `values` holds `ties` moves of value `best`
}

}  // namespace hoyito::search
