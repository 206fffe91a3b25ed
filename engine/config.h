// The rules configuration flattened into what the engine's inner loops test: board size, the
// capture style of the variant, the rule IDs its events cite, and who takes the last four.
#pragma once

#include <algorithm>
#include <cstdint>

#include "core/game.h"
#include "core/rules.h"
#include "engine/board.h"
#include "engine/sides.h"

namespace hoyito::engine {

// Who takes the seeds left when a capture ends the game (END-1).
enum class Award : std::uint8_t {
  capturer,  // END-I-1, END-II-1, END-III-2, END-III-3 (G15 capturer), END-III-4 (capturer)
  south,     // END-III-3, previous game won by South
  north,     // END-III-3, previous game won by North
  split,     // END-III-4 (split): two and two
};

// The cycle detector of sow.cpp (CycleDetector) keeps one checkpoint, Brent's, for the first
// kBrentLaps laps of a sowing, then the last eight of denser ones.
inline constexpr std::uint64_t kBrentLaps = std::uint64_t{1} << 14;

// Q-LIMIT: the lap after which a sowing that has neither ended nor been found repeating is given
// up as undecided. The detector finds a cycle of L laps up to rotation, entered at lap M, by lap
// max(kBrentLaps, 1.5 * max(M, L / 15, kBrentLaps) + L) (sow.cpp); a sowing decided by lap end
// `lap_limit` has M + L <= lap_limit (its first exact repeat comes no sooner), so it is found
// out by lap max(1.5 * lap_limit, 1.5 * kBrentLaps + lap_limit): never after
// 2 * max(lap_limit, 3 * kBrentLaps), the give-up point. A detector begun later, at the lap t
// of the first lap of 2N seeds or more (the anchor rule, sow.cpp; t <= lap_limit, as a sowing
// whose laps are all short is decided by lap_limit), takes its first checkpoint at t and doubles
// from there, as Brent's from 1: a cycle entered at M >= t is found as above, one entered before
// t (every checkpoint from t on is on the cycle) by about t + 1.5 L (the dense checkpoints keep
// a span of ten times), within the same point as t + L <= 2 * lap_limit. It is 2 x 10^13 for
// the largest lap_limit (kLargestLapLimit, core/rules.h), far below 2^64: no overflow.
constexpr std::uint64_t give_up_point(std::uint64_t lap_limit) { return 2 * std::max(lap_limit, 3 * kBrentLaps); }

struct Config {
  Variant variant = Variant::hoyito2;
  int n = 6;                       // holes per row
  int holes = 12;                  // 2N
  int total = 48;                  // seeds of the whole game (board + captures)
  bool skip_origin = false;        // G1
  bool opponent_row_only = false;  // G2 capture_sides = opponent: a casa on the mover's own row is not taken
  bool round_ends = false;         // G14 no_seeds = round_ends: END-4 instead of PASS-1/PASS-2
  bool endless_void = false;       // G6: endless_sowing = void
  bool third_repetition = false;   // G7
  int ply_limit = 5000;            // G7
  std::uint64_t lap_limit = kDefaultLapLimit;  // Q-LIMIT: a move decides by this lap end or is undecided
  std::uint64_t give_up_laps = give_up_point(kDefaultLapLimit);  // no end or cycle by then: undecided
  bool chain = false;                                            // CAP-II-2 (Hoyito II)
  bool extra_move = false;                                       // CAP-II-3 / CAP-III-3 (not Hoyito I, CAP-I-3)
  RuleId capture_rule = RuleId::CAP_II_1;                        // a capture by the last seed of a lap
  RuleId extra_rule = RuleId::CAP_II_3;
  Award award = Award::capturer;
  RuleId award_rule = RuleId::END_II_1;
  const BoardShape* shape = nullptr;  // masks of this board size
};

Config make_config(const Rules& rules);

}  // namespace hoyito::engine
