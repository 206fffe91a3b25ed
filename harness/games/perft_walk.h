// Perft against an engine behind the protocol, and the walk down a difference (as perftree does
// for chess engines), by state: at each position of the walk the model's and the engine's legal
// lists are compared, then the state each reaches after each legal ply (board, captures, side to
// move, status, winner); when all agree, `divide` on both names the first ply whose counts differ,
// and the walk plays it on both and goes one ply deeper. It stops AT the first ply whose resulting
// state differs, or at the first position whose legal lists differ, and shows both sides.
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
  std::vector<Move> moves;   // from the start to the position where they part
  Position position;         // that position (the model's and the engine's: they agree on it)
  std::optional<Move> move;  // the ply whose resulting states differ; none: the legal lists differ
  std::string text;          // for people: where, what differs, then one line for each side
};

// Walks down from `start` at `depth`; nullopt when every state and list on the way agrees and
// the divides do too (the counts then agree). Throws EngineFailure.
std::optional<PerftParting> walk_perft(const RemoteGame& engine, const Rules& rules, const Position& start, int depth);

}  // namespace hoyito
