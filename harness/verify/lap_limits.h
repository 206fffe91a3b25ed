// The Q-LIMIT boundary (specs/open-questions.md): a move whose sowing takes L laps (it ends at
// lap L, or the lap-end state of lap L is the first to repeat an earlier one) is decided under
// lap_limit = L and refused as undecided under lap_limit = L - 1, by the model and the engine
// alike. Random play almost never meets the default limit (10^6 laps), so this check plays
// sampled moves at their own boundary instead: an off-by-one in either implementation's limit
// (on an ending lap, an en passant end, or a repeat) shows as a disagreement.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "core/game.h"
#include "harness/base/random.h"
#include "harness/verify/differential.h"

namespace hoyito {

struct LapLimitCounts {
  long positions = 0;
  long moves = 0;               // moves played at both sides of their boundary
  long endless = 0;             // of which endless (the boundary is the first repeat)
  long too_long = 0;            // moves skipped: longer than kMeasureLaps
  long model_inconsistent = 0;  // the model decided at L - 1 or refused at L (counted, not expected)
};

// Moves longer than this are not put on their boundary (the model would walk them twice).
inline constexpr int kMeasureLaps = 5000;

// Every move of the side to move in `position`, under `rules` with endless_sowing = void (so an
// endless move is played, voiding the game) and lap_limit = L, then L - 1. Returns the first
// disagreement between model and engine (or the implementation `compare` plays against the model).
std::optional<Disagreement> check_lap_limits(const Rules& rules, const Position& position, LapLimitCounts& counts,
                                             const CompareMoves& compare = compare_moves);

// A made-up position: each hole holds a uniformly chosen count from 0 to `most`, the rest of the
// game's seeds are captured (split at random), a random side to move. Endless sowings need
// boards of many small counts with few empty holes (a cycle of short laps is a permutation of the
// ring, which two adjacent empty holes would break): random play rarely reaches them, these
// boards often hold them.
Position small_counts_position(const Rules& rules, int most, SplitMix64& rng);

// A move whose endless sowing only a cycle detector decides (specs/endless-sowing.md, "Where it
// does not hold"): its cycle, laps M+1 .. L, holds a lap of 2N seeds or more, so the anchor moves
// at every turn of the cycle and never sees it come back; model (Brent) and engine (CycleDetector,
// then the first exact repeat worked out from the cycle up to rotation) each find (M, L) their own
// way. Such moves almost never occur on the small-count boards above.
struct DetectorMove {
  Position position;
  int hole = -1;
  std::uint64_t repeat_lap = 0;    // L: the first lap whose lap-end state repeats an earlier one (the model's)
  std::uint64_t repeated_lap = 0;  // M: that earlier lap
};

// Moves longer than this are not searched (the model measures every move of every board).
inline constexpr int kDetectorSearchLaps = 3000;

// The model's verdict on the move from `hole`: a DetectorMove when it is endless within
// kDetectorSearchLaps and a lap of its cycle lifts 2N seeds or more (model::lap_seeds).
std::optional<DetectorMove> detector_move(const Rules& rules, const Position& position, int hole);

// The search for such moves, seeded: made-up boards of `rules`' size holding 2N to the game's
// total seeds (the rest captured), the count drawn per board, few empty holes; every move of the
// side to move measured by the model. Stops after `most` moves or `boards` boards, whichever
// comes first: the same moves for the same seed, in a bounded time.
std::vector<DetectorMove> find_detector_moves(const Rules& rules, std::uint64_t seed, int most, long boards);

// How an implementation answers one move played at once (Game::play, no legal_moves first):
// the ply or the refusal (its reason and its text: an endless refusal names L and M, worded as
// io/scenario.h endless_refusal(), by the model and the engine alike).
using PlayOnce = std::function<Side(const Rules&, const Position&, Move)>;
Side engine_plays(const Rules& rules, const Position& position, Move move);

struct DetectorCounts {
  long moves = 0;               // detector moves played at lap_limit = L and L - 1
  long model_inconsistent = 0;  // the model's own Game refused them otherwise than its measure says
};

// `move` at lap_limit = L and L - 1: played at once under endless_sowing = illegal, the model
// refuses it as endless naming (L, M) at L and as undecided at L - 1, and the other implementation
// (`other`: the engine) must refuse it alike, with the same reason and the same (L, M); then, under
// endless_sowing = void, on every path of the engine's API (compare_moves). Returns the first
// disagreement; a model answering otherwise than its own measure is counted.
std::optional<Disagreement> check_at_repeat_lap(const Rules& rules, const DetectorMove& move, DetectorCounts& counts,
                                                const PlayOnce& other = engine_plays);

}  // namespace hoyito
