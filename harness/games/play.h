// Games played and checked with the reference model: records from moves (on the engine too, on
// request), uniformly random games, and replay of a record (every ply legal, every recorded
// field equal to the replay's).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace hoyito {

// Which implementation plays a record's moves: the reference model, or the engine (the same
// records, differential testing checks it; the engine decides a long endless sowing, SOW-6, some
// ten times sooner: specs/endless-sowing.md).
enum class PlayedBy { model, engine };

// Plays `moves` (hole letters or "pass") from `start`; throws InputError naming `where` and the
// move ("--moves: move 3 ('c'): ...").
GameRecord play_moves(const Rules& rules, const Position& start, const std::vector<std::string>& moves,
                      std::string_view where = "--moves", PlayedBy by = PlayedBy::model);

// A uniformly random game to its end (or its ply limit). The same (seed, index) gives the same game.
GameRecord random_game(const Rules& rules, std::uint64_t seed, std::uint64_t index);

// Replays a record with the model; throws InputError "WHERE: plies[K].FIELD: recorded X, replayed Y".
void replay_record(const GameRecord& record, const std::string& where);

}  // namespace hoyito
