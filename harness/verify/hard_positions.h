// Hard positions: test vectors for the rules engines get wrong, found by a seeded search (never
// made by hand) and measured by the reference model (model/model.h) for every variant, board size
// and rules reading an engine may support (specs/open-questions.md G2, G14):
//   finite      a move whose relay sowing ends after many laps (SOW-5): the nearest found at or
//               above 76, 100, 120, 216, 1,000 and 100,000 laps (a cap at 75 laps refuses the first)
//   endless     a move whose relay sowing never ends (SOW-6): cycles from a few laps to millions
//   last-seeds  a capture that leaves 0 to 5 seeds on the board (END-1 and the award at 0..4)
//   pass        a move after which the player to move has no seeds (PASS-1, or END-4 under G14
//               round_ends), with the pass that follows
//   extra-move  a capture earning an extra move that leaves the mover's row empty (PASS-2, END-4)
//   captures    the move capturing the most holes at once, preferring one across the row ends
//               (CAP-II-2 chains through hole a or A, CAP-I-1 en passant): where seeds go missing
// Long finite sowings are rare (76 laps or more: about one 2x12 game in 7,000 of random play), so
// the search takes a minute: it is run by `hoyito suite --search-hard FILE`, its result is the
// committed file specs/hard-positions.json (tests/docs/hard_positions_fresh.sh regenerates and compares
// it), and `hoyito suite` (hard.json) and `verify --engine` (its first check, "hard") read that.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/game.h"

namespace hoyito {

// The finite-sowing targets, in laps: the nearest sowing found at or above each.
inline constexpr std::int64_t kFiniteTargets[] = {76, 100, 120, 216, 1000, 100000};
// The endless targets, in laps of the cycle: the shortest found, then the nearest at or above each.
inline constexpr std::int64_t kEndlessTargets[] = {1, 100, 1000, 10000, 100000, 1000000};
// The lap caps the suite says the effect of, beside each vector's own length.
inline constexpr std::int64_t kSuiteCaps[] = {75, 100, 1000, 65535, 1000000};

struct HardPosition {
  std::string kind;     // finite, endless, last-seeds, pass, extra-move, captures
  std::string reading;  // defaults, opponent-roundends
  Rules rules;
  Position position;              // a fresh game (no ply played), the game's seed total
  std::vector<Move> moves;        // the move, and for pass / extra-move the ply after it
  std::int64_t laps = 0;          // the move's laps (finite: the lap it ends at; endless: L, the first repeat)
  std::int64_t repeated_lap = 0;  // endless: M, the lap whose state lap L repeats
  std::int64_t target = 0;        // finite and endless: the target it answers
  int left = -1;                  // last-seeds: seeds on the board after the capture, before the award
  int captured_holes = 0;         // captures: holes captured by the move
  bool across_ends = false;       // captures: the captured holes include both sides of a row end

  std::int64_t cycle_length() const { return laps - repeated_lap; }
  // For messages: "hoyito2 2x6 defaults: finite sowing of 83 laps (target 76)".
  std::string name() const;
};

// What an engine that stops sowing after `cap` laps does with the vector's move, in words: "a
// 75-lap cap refuses this finite move (it ends at lap 83)"; empty for kinds without laps.
std::string cap_effect(const HardPosition& vector, std::int64_t cap);

// What the search met for one configuration: said by the suite and by verify --engine.
struct HardSearchSummary {
  std::string reading;
  Rules rules;
  long positions = 0;               // positions whose moves were walked
  std::int64_t longest_finite = 0;  // laps of the longest finite sowing met
  std::int64_t longest_cycle = 0;   // laps of the longest cycle met (walked up to kHardWalkLaps)
};

struct HardPositions {
  std::vector<HardPosition> vectors;
  std::vector<HardSearchSummary> searches;
};

// Sowings are walked up to this many laps in the search (longer ones are not met).
inline constexpr std::int64_t kHardWalkLaps = 4'000'000;
inline constexpr std::uint64_t kHardSeed = 2026;                          // the seed of specs/hard-positions.json
inline constexpr const char* kHardPositionsFile = "hard-positions.json";  // in the specs folder

// The search: the same vectors for the same seed, on any machine. Throws std::logic_error when
// the model does not confirm what the search found (a bug in one of them).
HardPositions find_hard_positions(std::uint64_t seed);

// The file of a search (format hoyito-hard-positions/1, one vector a line).
std::string hard_positions_text(const HardPositions& found, std::uint64_t seed);
// Reads the file; every vector of at most `measure_laps` laps is measured again by the model, and
// one it does not confirm (a stale file) is an InputError naming the file and the vector, as is
// anything malformed.
HardPositions load_hard_positions(const std::string& path, std::int64_t measure_laps);

// The rules readings searched: name and rules (variant and size set by the caller).
std::vector<std::pair<std::string, Rules>> hard_readings(Variant variant, int holes_per_row);

}  // namespace hoyito
