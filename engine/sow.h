// One move: the lift, every lap of relay sowing, the captures, and the end of the game when a
// capture leaves four or fewer seeds in play (SOW-*, CAP-*, END-1 with its last-four award).
//
// Laps are computed arithmetically on the packed board (engine/board.h): k seeds from p add
// k / 2N to every hole and one more to the next k % 2N holes (with skip_origin, k / (2N-1) and
// k % (2N-1) over the other holes), each a word-wise addition of a precomputed 0/1 mask.
// Hoyito I does the same for a lap of fewer than 2N seeds when no hole it passes (all but the
// last) holds three, one word-wise test; otherwise it steps seed by seed, because a passing seed
// may make a casa en passant (CAP-I-1).
//
// Endless sowing (SOW-6) is detected exactly with Brent's cycle detection on lap-end states
// (the board after the last seed of a lap, and the landing hole), compared up to rotation of the
// ring: the sowing from such a state is determined by it and does not depend on where on the
// ring it is, so a repeated state means the move never ends; the state space is finite, so a
// move that never ends repeats one. No lap cap, no allocation. The cost is that of the sowing
// until the repeat is seen: about the transient plus one to three cycle lengths, in laps.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/game.h"
#include "engine/board.h"
#include "engine/config.h"

namespace hoyito::engine {

enum class MoveEnd : std::uint8_t {
  quiet,      // the last seed fell into an empty hole (SOW-4), no capture in the move
  captured,   // the move captured and the game goes on (SOW-4 after an en passant capture too)
  game_over,  // a capture left four or fewer seeds in play: awarded, game_end emitted (END-1)
  endless,    // the relay sowing never ends (SOW-6); board and captures are then meaningless
};

// Plays the move from `hole` for `mover` on `board`/`captured`. With kRecord, appends the
// move's events (specs/game-record.md order) to *events, from `lift` to END-1's `game_end`;
// the caller adds `extra_move`. Without kRecord, `events` is not used (pass nullptr).
template <bool kRecord>
MoveEnd sow_move(const Config& config, Board& board, std::array<int, 2>& captured, int mover, int hole,
                 std::vector<Event>* events);

// END-2 (G11): who captured more, or kDraw.
inline int winner_by_captures(const std::array<int, 2>& captured) {
  if (captured[kSouth] > captured[kNorth]) return kSouth;
  if (captured[kNorth] > captured[kSouth]) return kNorth;
  return kDraw;
}

}  // namespace hoyito::engine
