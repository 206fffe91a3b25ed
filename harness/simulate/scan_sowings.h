// `hoyito scan-sowings` (issue 33 item 2): how many laps the moves of reachable positions take to
// be decided (SOW-6, Q-LIMIT), to choose the lap_limit guard by measurement.
//
// Games are played from the start by the engine's random sampler (engine::Game::play_random,
// game i drawn from game_seed(seed, i), as `hoyito simulate` deals them). At every position
// reached, every move of the player to move (each non-empty hole, SOW-1) is decided by the
// engine and its decision lap counted: a finite move its last lap, an endless one L, the lap of
// its first exact repeat (where the cycle is found exactly), an undecided one nothing (it is
// named instead). Then the sampler plays on; a game whose drawn move is undecided stops there
// (counted). Every move kept in the report is reproducible: its game, ply and the moves before it.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/game.h"
#include "engine/engine.h"

namespace hoyito {

struct ScanSpec {
  Rules rules;
  std::uint64_t seed = 1;
  std::uint64_t first_game = 0;  // games first_game .. first_game + games - 1 (runs may be split)
  std::uint64_t games = 1000;
  std::size_t longest_kept = 10;
};

struct ScannedMove {
  std::uint64_t game = 0;  // its index: game_seed(seed, game) drew the plies before it
  int ply = 0;             // plies played before its position
  std::string moves;       // those plies, in the compact notation ("d C e E ..."), for `apply --moves`
  Position position;
  int hole = -1;
  engine::SowingLength length;
  double seconds = 0;  // the engine's time to decide it: the verdict, then the lap of its end or repeat
};

struct ScanReport {
  std::uint64_t games = 0, positions = 0, moves = 0;
  std::uint64_t finite = 0, endless = 0, undecided = 0;
  std::uint64_t stopped_games = 0;              // a drawn move was undecided (Q-LIMIT): the game stops
  std::map<std::uint64_t, std::uint64_t> laps;  // decision lap -> decided moves
  std::vector<ScannedMove> longest;             // the longest decided moves, longest first
  std::vector<ScannedMove> undecided_moves;     // every undecided move met
  double seconds = 0;                           // wall clock of the whole scan
  bool interrupted = false;                     // stopped by Ctrl-C: the games before it are counted
  // The decision lap at quantile q (0..1) of the decided moves: the smallest lap with at least
  // q of them at or below it; 0 when none.
  std::uint64_t quantile(double q) const;
};

ScanReport scan_sowings(const ScanSpec& spec);

// The report as text lines: counts, quantiles, the counts at or past each power of ten, the
// longest moves and every undecided one, each with the `hoyito apply` command that plays it
// (`rules_flags`: the rules flags of the run, as cli/commands.h rules_flags writes them).
std::vector<std::string> scan_lines(const ScanReport& report, const ScanSpec& spec, const std::string& rules_flags);

}  // namespace hoyito
