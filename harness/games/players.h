// The players of `hoyito simulate`: each chooses one legal ply of an engine game with the
// game's own random generator, so that a game is determined by its seed and its players.
//
//   random     uniform over the legal plies (the legal mask's bits, the pass being bit 63)
//   greedy     the move that captures most seeds for the mover in this ply, random among equals
//   search:D   alpha-beta to D plies on the captured-seed difference (harness/games/search.h),
//              random among equal best
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "engine/engine.h"
#include "harness/base/random.h"

namespace hoyito {

struct PlayerSpec {
  enum class Kind { random, greedy, search };
  Kind kind = Kind::random;
  int depth = 0;             // search only, 1..kMaxSearchDepth
  std::string name() const;  // "random", "greedy", "search:3": as parsed
  bool operator==(const PlayerSpec&) const = default;
};

inline constexpr int kMaxSearchDepth = 12;

// "random", "greedy" or "search:D"; throws InputError naming the text.
PlayerSpec parse_player_spec(std::string_view text);

// The ply at position `k` (from 0) among the set bits of `mask`, as a hole or kPass.
int nth_legal_ply(std::uint64_t mask, int k);
// Uniform over the legal plies in `mask` (non-zero): one draw of the generator.
int random_ply(std::uint64_t mask, SplitMix64& rng);
// The legal ply that captures most for the mover this ply, uniform among equals.
int greedy_ply(const engine::Game& game, std::uint64_t mask, SplitMix64& rng);

// The player's choice in `game` (still playing), whose legal mask is `mask`.
int choose_ply(const PlayerSpec& player, const engine::Game& game, std::uint64_t mask, SplitMix64& rng);

}  // namespace hoyito
