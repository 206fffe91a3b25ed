// The contract between the two implementations of the rules and everything that drives them.
//
// model::Game (model/model.h) and engine::Game (engine/game.h) are written apart and share no
// rules code, yet the harness drives both the same way: the scenario checks, perft and the
// differential harness are templates on this concept, and each class is checked against it
// with a static_assert beside its definition, so a change of either interface shows at once.
//
//   G game(rules, start);       // start must be valid for rules (core validate())
//   game.legal_plies();         // ascending hole indices, or {kPass}; {} once the game is over;
//                               // throws UndecidedMove when a move cannot be decided (Q-LIMIT)
//   Ply ply = game.play(hole);  // a hole or kPass; events as in specs/game-record.md;
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

// legal_plies()'s postcondition, for the implementations' asserts: ascending holes of the board,
// or {kPass}, while the game is playing; nothing once it is over.
inline bool well_formed_plies(const std::vector<int>& plies, int holes, Status status) {
  if (status != Status::playing) return plies.empty();
  if (plies == std::vector<int>{kPass}) return true;
  return !plies.empty() && std::is_sorted(plies.begin(), plies.end()) &&
         std::adjacent_find(plies.begin(), plies.end()) == plies.end() && plies.front() >= 0 && plies.back() < holes;
}

template <typename G>
concept GameImplementation = std::copyable<G> && std::constructible_from<G, const Rules&, const Position&> &&
    requires(G& game, const G& view, int ply) {
  { view.legal_plies() } -> std::same_as<std::vector<int>>;
  { game.play(ply) } -> std::same_as<Ply>;
  { view.position() } -> std::convertible_to<Position>;
  { view.status() } -> std::same_as<Status>;
  { view.result() } -> std::same_as<Result>;
  { view.plies_played() } -> std::convertible_to<int>;
};

// The engine's fast path for simulation: the legal plies as a mask (bit h for hole h, bit 63 for
// the pass), and a ply played without recording its events.
template <typename G>
concept FastGame = GameImplementation<G> && requires(G& game, const G& view, int ply) {
  { view.legal_mask() } -> std::same_as<std::uint64_t>;
  {game.play_fast(ply)};
};

}  // namespace hoyito
