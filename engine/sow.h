// One move: the lift, every lap of relay sowing, the captures, and the end of the game when a
// move that captured leaves four or fewer seeds on the board (SOW-*, CAP-*, END-1 with its
// last-four award; in Hoyito I once the whole move is over, en passant captures and all, G13).
//
// Laps are computed arithmetically on the packed board (engine/board.h): k seeds from hole h add
// k / 2N to every hole and one more to the k % 2N holes after h (with skip_origin, k / (2N-1)
// and k % (2N-1) over the other holes), each a word-wise addition of a precomputed 0/1 mask.
// Hoyito I does the same for a lap of fewer than 2N seeds when no hole it passes (all but the
// last) holds three, one word-wise test; otherwise it steps seed by seed, because a passing seed
// may make a casa en passant (CAP-I-1).
//
// Endless sowing (SOW-6) is decided exactly on lap-end states (the board after the last seed of
// a lap, and the landing hole). First by the anchor rule (specs/endless-sowing.md, Hoyito II
// and III): a lap of fewer than 2N seeds can be undone in one way only, so a sowing whose laps
// after lap a (1, or the last lap of 2N seeds or more) are all short comes back, if endless, to
// lap a's state first; while a = 1 a dedicated loop compares each lap-end state with that one
// state, with no cycle detector. Otherwise by cycle detection compared up to rotation of the ring
// (the sowing from such a state does not depend on where on the ring it is, so a repeated state
// means the move never ends; the state space is finite, so a move that never ends repeats one):
// Brent's algorithm, then for long sowings a denser set of kept checkpoints (CycleDetector in
// sow.cpp), begun at the lap that moved the anchor (Hoyito I: always). No allocation.
//
// Q-LIMIT (specs/open-questions.md, option lap_limit, at most kLargestLapLimit in core/rules.h): a
// sowing is decided when it ends by lap end lap_limit, or when by then one of its lap-end states
// repeats an earlier one (exactly, not up to rotation); any other sowing is `undecided` (the
// caller refuses the move). The anchor gives the first exact repeat directly; a cycle found up to
// rotation tells that the sowing is endless, and the lap of its first exact repeat is then worked
// out (transient + cycle length up to rotation * 2N / gcd(shift, 2N)) to apply the limit. A
// sowing whose laps since lap 1 are all short is undecided at lap lap_limit; any other neither
// ended nor found repeating by lap 2 * max(lap_limit, 3 * 2^14) (Config::give_up_laps,
// give_up_point in config.h) cannot be decided by lap end lap_limit, and is given up as
// undecided. The counts are 64-bit: any lap_limit up to kLargestLapLimit (10^13) works, without
// overflow (the give-up point is at most 2 x 10^13), in constant memory.
//
// Endless sowings are rare (about one position in 7000 of random 2x6 play has one), but their
// cycles can be long: with 4 seeds per hole on 2x12 up to billions of laps (Hoyito II from the
// start, `d C e E a H B G a F B F`, the 12th move: every lap short, lap 1's state back at lap
// 1,912,296,601; decided endless under the default guard of 2 x 10^9 lap ends, figures in
// docs/performance.md); with 7 to 10 seeds per hole on 2x6 longer (e.g. Hoyito II, South to
// move, board [28,4,18,11,0,14,6,2,14,10,4,1], move c: 2.5e9 laps up to rotation, 3.0e10
// exactly): such moves meet the default guard and are refused as undecided (a lap_limit of up
// to 10^13 decides them).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/game.h"
#include "engine/board.h"
#include "engine/config.h"
#include "engine/sides.h"  // winner_by_captures (END-2)

namespace hoyito::engine {

enum class MoveEnd : std::uint8_t {
  quiet,      // the last seed fell into an empty hole (SOW-4), no capture in the move
  captured,   // the move captured and the game goes on (SOW-4 after an en passant capture too)
  game_over,  // a move that captured left four or fewer seeds on the board: awarded, game_end emitted (END-1)
  endless,    // the relay sowing never ends (SOW-6); board and captures are then meaningless
  undecided,  // Q-LIMIT: neither an end nor a repeated lap-end state within lap_limit lap ends
};

// Plays the move from `hole` for `mover` on `board`/`captured`: `hole` must be one of the mover's
// holes holding seeds, and board plus captures must hold the game's seed total (asserted). With kRecord, appends the
// move's events (specs/game-record.md order) to *events, from `lift` to END-1's `game_end`;
// the caller adds `extra_move`. Without kRecord, `events` is not used (pass nullptr).
// An endless or undecided move leaves `board` and `captured` as they were (with kRecord, the
// events of its first laps, at most 64, are still appended: the caller drops them), so that the
// caller may sow on its own board and copy nothing.
template <bool kRecord>
MoveEnd sow_move(const Config& config, Board& board, std::array<int, 2>& captured, Player mover, int hole,
                 std::vector<Event>* events);

// sow_move<false> for the variant and size of `config`, without choosing them again: play_random
// takes it once for the game and calls it for each move it draws.
using QuietSowing = MoveEnd (*)(const Config& config, Board& board, std::array<int, 2>& captured, Player mover,
                                int hole);
QuietSowing quiet_sowing(const Config& config);

// Where an endless sowing (SOW-6) first repeats itself exactly: the lap-end state of lap
// `repeat_lap` (laps counted from 1, as lap_limit counts them) equals that of `earlier_lap`, and
// no state before it equals an earlier one; repeat_lap - earlier_lap is the exact cycle.
struct LapRepeat {
  std::uint64_t repeat_lap;
  std::uint64_t earlier_lap;
};

// The first exact repeat of the sowing of the move from `hole` on `board`, which sow_move() has
// found endless (not undecided): the sowing is walked again, without events.
LapRepeat endless_repeat(const Config& config, const Board& board, int hole);

}  // namespace hoyito::engine
