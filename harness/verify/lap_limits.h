// The Q-LIMIT boundary (specs/open-questions.md): a move whose sowing takes L laps (it ends at
// lap L, or the lap-end state of lap L is the first to repeat an earlier one) is decided under
// lap_limit = L and refused as undecided under lap_limit = L - 1, by the model and the engine
// alike. Random play almost never meets the default limit (10^6 laps), so this check plays
// sampled moves at their own boundary instead: an off-by-one in either implementation's limit
// (on an ending lap, an en passant end, or a repeat) shows as a disagreement.
#pragma once

#include <optional>

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

}  // namespace hoyito
