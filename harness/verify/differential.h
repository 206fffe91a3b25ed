// Differential verification: the reference model and the engine play the same plies in
// lockstep, and every observable is compared at every ply: the legal plies, the ply's events,
// the position after it, the game's status and result. The first difference is a Disagreement,
// which can be shrunk (shortest move prefix, then smallest start position) and written as a
// self-contained JSON transcript (io/transcript.h) that `hoyito replay` reproduces.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <boost/json.hpp>

#include "core/game.h"
#include "core/implementation.h"
#include "harness/base/distinct_counter.h"
#include "harness/base/random.h"
#include "io/transcript.h"

namespace hoyito {

// What `game` shows on playing `hole`: its legal plies first (may refuse an undecidable position,
// Q-LIMIT), then the ply or its refusal, then its result.
// What `game` shows after `ask(side)` fills the side's legal plies and ply: a refusal thrown on
// the way as the side's error and reason, then the game's result.
template <GameImplementation G, typename Ask>
Side side_by(G& game, Ask&& ask) {
  Side s;
  try {
    ask(s);
  } catch (const InputError& e) {
    s.error = e.what();
    s.refusal = refusal_of(e);
  }
  s.result = game.result();
  return s;
}

template <GameImplementation G>
Side side_of(G& game, Move move) {
  return side_by(game, [&](Side& s) {
    s.legal = game.legal_moves();
    s.ply = game.play(move);
  });
}

// Which observable differs (legal, error, refusal, player, events, after, result), or "" when
// the two sides agree.
std::string differing_field(const Side& model, const Side& other);

// Plays `moves` from `start` on both; returns the first difference, if any. A move that both
// refuse ends the comparison there without a disagreement.
std::optional<Disagreement> compare_moves(const Rules& rules, const Position& start, const std::vector<Move>& moves);

// A lockstep game: what it played, how it ended, and the first difference, if any.
struct LockstepGame {
  long plies = 0;
  int endless_moves = 0;  // legal checks that met an endless sowing, plus void games
  Result result;          // the model's, once the game stopped (playing when it parted from the engine mid-game)
  std::optional<Disagreement> disagreement;
  // Q-LIMIT: the game stopped at ply `undecided_ply` (from 1), where a move could not be decided
  // within lap_limit lap ends by either implementation; 0 when no move was undecided.
  long undecided_ply = 0;
};

// Plays one uniformly random game in lockstep and stops at the first difference. The choices
// are the engine's own sampler's (engine::Game::play_random, drawing from `rng`), and every
// ply is compared on every path of the engine's API: legal_moves()/play(), legal_mask()/
// play_fast(), play_random() (its choice legal, its game the model's), play() and play_fast()
// without asking first, and every fourth ply is_legal() of every hole, before and after the
// engine knows its legal moves, and an illegal hole refused for the same reason. compare_moves() replays the same calls
// for given moves (the sampler made to draw them). Each position reached is added to `positions`, when given.
LockstepGame lockstep_game(const Rules& rules, const Position& start, SplitMix64& rng,
                           DistinctCounter* positions = nullptr);

// Shortest move prefix, then the smallest start position (fewest seeds on the board), that
// still disagree, within about `max_seconds` (then the smallest found so far). The result
// replays on its own.
Disagreement shrink(const Disagreement& d, double max_seconds = 20);
// The same, comparing the model with another implementation through `compare` (as compare_moves:
// the first difference of `moves` played from a start, if any), e.g. an engine over the protocol.
using CompareMoves =
    std::function<std::optional<Disagreement>(const Rules&, const Position&, const std::vector<Move>&)>;
Disagreement shrink_with(const Disagreement& d, double max_seconds, const CompareMoves& compare);

// Replays a transcript on both implementations; prints both sides to `out`. Returns true when
// the disagreement is reproduced.
bool replay_disagreement(const boost::json::value& transcript, const std::string& where, std::string& out);
// The same through `compare` (the model against another implementation, e.g. an engine).
bool replay_transcript(const boost::json::value& transcript, const std::string& where, std::string& out,
                       const CompareMoves& compare);

}  // namespace hoyito
