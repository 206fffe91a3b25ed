// Perft against an engine behind the protocol, and the walk down a difference (as perftree does
// for chess engines): where the model's and the engine's counts differ, `divide` on both names the
// first move whose counts differ; play it on both and divide again one ply shallower, until a move
// one lists and the other does not: the first position and move where the two part.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "harness/games/remote_game.h"

namespace hoyito {

using DivideList = std::vector<std::pair<Move, std::uint64_t>>;

// The engine's perft and divide: its own commands when it offers them (feature perft, divide),
// else counted here through `legal` and `play`.
std::uint64_t engine_perft(const RemoteGame& game, int depth);
DivideList engine_divide(const RemoteGame& game, int depth);

// Where the model and the engine part, found by the walk.
struct PerftParting {
  std::vector<Move> moves;  // from the start to the position where they part
  Position position;        // that position (the model's)
  Move move;                // the move listed by one and not the other
  bool model_lists = false, engine_lists = false;
  std::string text;  // for people: the moves, the position, the move and who lists it
};

// Walks down from `start` at `depth`; nullopt when the divides agree all the way (the counts then
// agree). Throws EngineFailure.
std::optional<PerftParting> walk_perft(const RemoteGame& engine, const Rules& rules, const Position& start, int depth);

}  // namespace hoyito
