// The contract between the two implementations of the rules and everything that drives them.
//
// model::Game (model/model.h) and engine::Game (engine/game.h) are written apart and share no
// rules code, yet the harness drives both the same way: the scenario checks, perft and the
// differential harness are templates on this concept, and each class is checked against it
// with a static_assert beside its definition, so a change of either interface shows at once.
//
//   G game(rules, start);       // start must be valid for rules (core validate())
//   game.legal_moves();         // Moves: ascending holes, or the pass alone; {} once the game is over;
//                               // throws UndecidedMove when a move cannot be decided (Q-LIMIT)
//   Ply ply = game.play(move);  // a Move (core/game.h); events as in specs/game-record.md;
//                               // throws RefusedPly (core/refusal.h) when the ply is refused,
//                               // with its reason (illegal, endless, undecided, game_over)
//   game.position(); game.status(); game.result(); game.plies_played();
//
// A game is a value: copying it copies the whole state (perft and the shrinker rely on that).
// The engine offers more (legal_mask, play_fast, is_legal, hash: engine/game.h): FastGame.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <vector>

#include "core/game.h"

namespace hoyito {

// legal_moves()'s postcondition, for the implementations' asserts: ascending holes of the board,
// or the pass alone, while the game is playing; nothing once it is over.
inline bool well_formed_moves(const std::vector<Move>& moves, int holes, Status status) {
  if (status != Status::playing) return moves.empty();
  if (moves == std::vector<Move>{Move::pass()}) return true;
  return !moves.empty() && std::is_sorted(moves.begin(), moves.end()) &&
         std::adjacent_find(moves.begin(), moves.end()) == moves.end() && !moves.front().is_pass() &&
         moves.back().hole() < holes;
}

template <typename G>
concept GameImplementation = std::copyable<G> && std::constructible_from<G, const Rules&, const Position&> &&
    requires(G& game, const G& view, Move move) {
  { view.legal_moves() } -> std::same_as<std::vector<Move>>;
  { game.play(move) } -> std::same_as<Ply>;
  { view.position() } -> std::convertible_to<Position>;
  { view.status() } -> std::same_as<Status>;
  { view.result() } -> std::same_as<Result>;
  { view.plies_played() } -> std::convertible_to<int>;
};

// The engine's fast path for simulation: the legal plies as a mask (bit h for hole h, bit 63 for
// the pass), and a ply played without recording its events.
template <typename G>
concept FastGame = GameImplementation<G> && requires(G& game, const G& view, Move move) {
  { view.legal_mask() } -> std::same_as<std::uint64_t>;
  {game.play_fast(move)};
};

}  // namespace hoyito
