// The optimised Hoyito engine: a second, independent implementation of specs/rules.md.
//
// It shares only core/ (the rules configuration, value types, the record format) with the
// reference model in model/, never any sowing, capture, game-end or match code, nor core's
// rule helpers (start_position, owner, opponent: engine/sides.h has its own): differential testing
// of two implementations proves something only when they were written apart.
//
// Its contract with the harness is the concept GameImplementation of core/implementation.h
// (and FastGame, for legal_mask and play_fast), checked at the end of this file.
#pragma once

#include <cstdint>
#include <vector>

#include "core/game.h"
#include "core/implementation.h"

namespace hoyito::engine {

class Game;  // defined in engine/game.h (the implementation's own layout)

// SOW-6: the first exact repeat lap of every endless move of `p`: the mover's non-empty holes
// outside `legal` (a legal_mask(); endless_sowing = illegal), or every endless one (void: all are
// legal). For simulate's statistics, which see the engine through this header alone.
std::vector<std::uint64_t> endless_repeat_laps(const Rules& rules, const Position& p, std::uint64_t legal);

// How the move from `hole` (a non-empty hole of the mover) of `p` is decided, and at which lap
// (SOW-6, Q-LIMIT): finite, at the lap it ends; endless, at L, its first exact repeat (the lap
// that repeats M); undecided within the rules' lap_limit (laps: lap_limit). For `hoyito
// scan-sowings` (harness/simulate/scan_sowings.h), which sees the engine through this header.
enum class SowingKind : std::uint8_t { finite, endless, undecided };
struct SowingLength {
  SowingKind kind = SowingKind::finite;
  std::uint64_t laps = 0;
  std::uint64_t repeated_lap = 0;  // M of an endless move, else 0
};
SowingLength sowing_length(const Rules& rules, const Position& p, int hole);

}  // namespace hoyito::engine

#include "engine/game.h"
#include "engine/match.h"  // MATCH-1..3
#include "engine/sides.h"  // BRD-3, BRD-4, TURN-1, END-2

static_assert(hoyito::FastGame<hoyito::engine::Game>);  // core/implementation.h
