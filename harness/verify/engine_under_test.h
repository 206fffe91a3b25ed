// An engine hoyito did not write, as the implementation under test: the reference model and an
// engine behind the engine protocol (harness/games/remote_game.h) play the same plies, and every
// observable is compared at every ply (legal plies, the ply or its refusal, the position after
// it, status and result, and the ply's events when the engine offers `events`). The engine is the
// one of the thread's EngineScope.
//
// The engine's failures (a hang, a crash, garbage) are thrown as EngineFailure: the session has
// restarted the process, and the caller reports the failure and goes on.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "harness/base/random.h"
#include "harness/games/remote_game.h"
#include "harness/verify/differential.h"
#include "io/scenario.h"

namespace hoyito {

// The first difference of `moves` played from `start` by the model and the engine, if any; a move
// both refuse alike ends the comparison. Throws EngineRefusal when the engine refuses the rules or
// the start, EngineFailure when it fails. A CompareMoves (harness/verify/differential.h): shrinking
// works through it.
std::optional<Disagreement> compare_with_engine(const Rules& rules, const Position& start,
                                                const std::vector<Move>& moves);

// One uniformly random game (choices from `rng` among the model's legal plies), played by the model
// and the engine in lockstep, stopped at the first difference, or cut short (nothing found, and
// not whole) at `deadline` or an interrupt: a slow engine's game is not played on past either.
struct EngineGame {
  long plies = 0;
  Result result;  // the model's
  std::optional<Disagreement> disagreement;
  bool cut_short = false;
};
EngineGame engine_lockstep_game(
    const Rules& rules, const Position& start, SplitMix64& rng,
    std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max());

// The longest sowing (in laps) of a ply the model and the engine played alike since the last
// reset, over every thread: what a report beside a class of missing long sowings gives, so that a
// cap on laps shows as the gap between the two.
long longest_sowing_played_alike();
void reset_sowings_played_alike();

// Writes the transcript of a disagreement with the engine (format hoyito-disagreement/1, as verify
// writes them) naming the engine's name, version and command under "engine_program"; whole or not at all.
void write_engine_transcript(const std::string& path, const Disagreement& original, const Disagreement& shrunk,
                             const std::string& replay, std::uint64_t seed, const EngineSession& session);

// The transcript's cases replayed on the model and the engine: what each case gives, for people
// (the class of the difference and both sides' values), into `out`. Returns true when a
// disagreement is reproduced. Throws EngineFailure.
bool replay_with_engine(const boost::json::value& transcript, const std::string& where, std::string& out);
// A record's moves replayed likewise; true when they differ.
bool record_with_engine(const std::vector<Move>& moves, const Rules& rules, const Position& start,
                        const std::string& where, std::string& out);
// A hand-derived scenario on the engine: its expectations (as verify --engine holds an engine to
// them), then the engine against the model on its moves; true when either fails.
bool scenario_with_engine(const Scenario& s, std::string& out);

}  // namespace hoyito
