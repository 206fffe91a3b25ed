// Differential verification: the reference model and the engine play the same plies in
// lockstep, and every observable is compared at every ply: the legal plies, the ply's events,
// the position after it, the game's status and result. The first difference is a Disagreement,
// which can be shrunk (shortest move prefix, then smallest start position) and written as a
// self-contained JSON transcript that `hoyito replay` reproduces.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <boost/json.hpp>

#include "core/game.h"
#include "harness/distinct_counter.h"
#include "harness/play.h"

namespace hoyito {

// What one implementation showed at the ply where the two parted.
struct Side {
  std::vector<int> legal;
  std::optional<Ply> ply;   // absent when the ply was refused
  std::string error;        // the refusal, if any
  Result result;
};

struct Disagreement {
  Rules rules;
  Position start;
  std::vector<int> moves;   // from `start`, up to and including the first differing ply
  std::string field;        // legal, events, after, result, error
  Side model, engine;
};

// Plays `moves` from `start` on both; returns the first difference, if any. A move that both
// refuse ends the comparison there without a disagreement.
std::optional<Disagreement> compare_moves(const Rules& rules, const Position& start, const std::vector<int>& moves);

// A lockstep game: what it played, how it ended, and the first difference, if any.
struct LockstepGame {
  long plies = 0;
  int endless_moves = 0;  // legal checks that met an endless sowing, plus void games
  Result result;          // the model's, once the game stopped (playing when it parted from the engine mid-game)
  std::optional<Disagreement> disagreement;
};

// Plays one uniformly random game in lockstep and stops at the first difference. The choices
// are the engine's own sampler's (engine::Game::play_random, drawing from `rng`), and every
// ply is compared on every path of the engine's API: legal_plies()/play(), legal_mask()/
// play_fast(), play_random() (its choice legal, its game the model's), play() and play_fast()
// without asking first, and every fourth ply is_legal() of every hole, before and after the
// engine knows its legal moves, and an illegal hole refused for the same reason. compare_moves() replays the same calls for given moves (the
// sampler made to draw them). Each position reached is added to `positions`, when given.
LockstepGame lockstep_game(const Rules& rules, const Position& start, SplitMix64& rng,
                           DistinctCounter* positions = nullptr);

// Shortest move prefix, then the smallest start position (fewest seeds on the board), that
// still disagree, within about `max_seconds` (then the smallest found so far). The result
// replays on its own.
Disagreement shrink(const Disagreement& d, double max_seconds = 20);

// JSON transcript (format "hoyito-disagreement/1") and back.
boost::json::object disagreement_to_json(const Disagreement& original, const Disagreement& shrunk,
                                         const std::string& command, std::uint64_t seed);
// Writes the transcript to `path`, whole or not at all (a temporary name, then renamed); throws
// InputError naming the file and the reason when it cannot.
void write_transcript(const std::string& path, const Disagreement& original, const Disagreement& shrunk,
                      const std::string& command, std::uint64_t seed);
// One game of a transcript, as read back: the original (where "FILE:1") or its shrunk form
// (where "FILE:1.shrunk"). The sides' plies are not read: replaying the moves remakes them.
struct TranscriptCase {
  std::string where;
  Rules rules;
  Position start;
  std::vector<int> moves;
  std::string field;  // the field written as differing ("?" when absent)
};
// True when `value` is a transcript (an object whose "format" is "hoyito-disagreement/1").
bool is_transcript(const boost::json::value& value);
// Reads a transcript: the original case, then the shrunk one when the file has it. Throws
// InputError naming `where` and the field ("d.json:1.shrunk.moves[2]: ...").
std::vector<TranscriptCase> read_transcript(const boost::json::value& transcript, const std::string& where);
// Replays a transcript on both implementations; prints both sides to `out`. Returns true when
// the disagreement is reproduced.
bool replay_disagreement(const boost::json::value& transcript, const std::string& where, std::string& out);

}  // namespace hoyito
