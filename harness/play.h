// Games played and checked with the reference model: records from moves, uniformly random
// games, and replay of a record (every ply legal, every recorded field equal to the replay's).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace hoyito {

// Plays `moves` (hole letters or "pass") from `start`; throws InputError naming `where` and the
// move ("--moves: move 3 ('c'): ...").
GameRecord play_moves(const Rules& rules, const Position& start, const std::vector<std::string>& moves,
                      std::string_view where = "--moves");

// A uniformly random game to its end (or its ply limit). The same (seed, index) gives the same game.
GameRecord random_game(const Rules& rules, std::uint64_t seed, std::uint64_t index);

// A small, portable random generator (splitmix64): the same numbers on every platform.
struct SplitMix64 {
  std::uint64_t state;
  // Inline: one draw a ply in the random player's loop (a call cost a tenth of a ply, callgrind).
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // n is at most 25: bias is negligible. (A division; an exact multiply-only remainder, Lemire's
  // fastmod with 128-bit constants, was no faster on these machines: measured, README.)
  std::uint64_t below(std::uint64_t n) { return next() % n; }
};
std::uint64_t game_seed(std::uint64_t seed, std::uint64_t index);

// Replays a record with the model; throws InputError "WHERE: plies[K].FIELD: recorded X, replayed Y".
void replay_record(const GameRecord& record, const std::string& where);

}  // namespace hoyito
