// The players of `hoyito simulate`: each chooses one legal ply of an engine game with the
// game's own random generator, so that a game is determined by its seed and its players.
//
//   random     uniform over the legal plies (the legal mask's bits, the pass being bit 63)
//   greedy     the move that captures most seeds for the mover in this ply, random among equals
//   search:D   alpha-beta to D plies on the captured-seed difference (harness/games/search.h),
//              random among equal best
//   perfect:DIR  where a table of DIR (a folder of `hoyito solve` tables, or one file) covers the
//              position, a ply that keeps the table value (harness/games/table_play.h); elsewhere
//              (more seeds on the board than the tables hold, or rules no table was solved for)
//              search:kPerfectFallbackDepth
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "engine/engine.h"
#include "harness/base/random.h"
#include "harness/games/table_play.h"

namespace hoyito {

struct PlayerSpec {
  enum class Kind { random, greedy, search, perfect };
  PlayerSpec(Kind k = Kind::random, int d = 0) : kind(k), depth(d) {}  // {Kind, depth}, as before
  Kind kind = Kind::random;
  int depth = 0;             // search only, 1..kMaxSearchDepth
  std::string tables;        // perfect only: the folder (or file) of its tables, as given
  std::string name() const;  // "random", "greedy", "search:3", "perfect:DIR": as parsed
  // perfect only: the tables, mapped by load_player_tables() (a spec read back from a result
  // file for merging names its folder and need not load it).
  std::shared_ptr<const TableSet> table_set;
  bool operator==(const PlayerSpec&) const = default;
};

inline constexpr int kMaxSearchDepth = 12;
inline constexpr int kPerfectFallbackDepth = 4;  // perfect's search depth outside its tables

// "random", "greedy", "search:D" or "perfect:DIR"; throws InputError naming the text.
PlayerSpec parse_player_spec(std::string_view text);
// Maps a perfect player's tables (nothing for the others); throws InputError naming the folder
// or file when it holds no table or a file is not one.
void load_player_tables(PlayerSpec& player);

// The move at position `k` (from 0) among the set bits of `mask` (bit 63: the pass).
Move nth_legal_ply(std::uint64_t mask, int k);
// Uniform over the legal plies in `mask` (non-zero): one draw of the generator.
Move random_ply(std::uint64_t mask, SplitMix64& rng);
// The legal ply that captures most for the mover this ply, uniform among equals.
Move greedy_ply(const engine::Game& game, std::uint64_t mask, SplitMix64& rng);

// The player's choice in `game` (still playing), whose legal mask is `mask`.
Move choose_ply(const PlayerSpec& player, const engine::Game& game, std::uint64_t mask, SplitMix64& rng);

}  // namespace hoyito
