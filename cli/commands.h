// The commands of the `hoyito` program, one function each; main.cpp parses the command line.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/game.h"

namespace hoyito {

struct RulesArgs {
  std::string variant = "hoyito2";
  int holes = 6;
  int seeds_per_hole = 4;
  int round = 1;
  std::string previous_winner;
  std::vector<std::string> options;  // NAME=VALUE
};
Rules make_rules(const RulesArgs& args);  // throws InputError

struct RandomArgs {
  int games = 1;
  std::uint64_t seed = 1;
  std::string out;
};

struct ApplyArgs {
  std::string position;
  std::string moves;
};

struct VerifyArgs {
  int games = 400;           // lockstep games per 2x6 configuration (2x12: a quarter)
  int record_games = 40;     // random games per variant written, read back, replayed (2x12: a fifth)
  std::uint64_t seed = 2026;
  double seconds = 0;        // stop starting new games after this long (0: no limit)
  int threads = 2;
  std::string variant;       // only this variant ("" for all)
  int holes = 0;             // only this size (0 for both)
  std::string config;        // only this configuration (its name)
  int game = -1;             // only this game number (with --config: reproduce one game)
  bool full = false;         // add the exhaustive and perft checks
  bool fail_fast = false;    // stop at the first failure and say which check found it, and when
  std::vector<std::string> skip;  // checks left out: scenarios, records, limits, lockstep, matches
  double game_timeout = 300;  // a lockstep game running longer is reported as hung (exit 1)
  int exhaustive_seeds_2x6 = 16, exhaustive_seeds_2x12 = 8;
  int perft_depth_2x6 = 8, perft_depth_2x12 = 5;
  std::string out = "build/verify";
  std::string specs = HOYITO_SOURCE_DIR "/specs";
};

struct ExhaustiveArgs {
  int holes = 6;
  int max_seeds = 16;
  int threads = 2;
  std::string out;  // where the first disagreement goes
};

struct PerftArgs {
  int depth = 1;
  bool divide = false;
  std::string impl = "both";  // model, engine or both
};

struct BenchArgs {
  int games = 200;  // per variant and size (harness/bench.h kBenchGames)
};

int command_rules(bool json);
int command_exhaustive(const ExhaustiveArgs& args);
int command_perft(const RulesArgs& rules, const PerftArgs& args);
int command_bench(const BenchArgs& args);
int command_random(const RulesArgs& rules, const RandomArgs& args);
int command_apply(const RulesArgs& rules, const ApplyArgs& args);
int command_replay(const std::string& file);
int command_show(const std::string& file, int ply, int record);
int command_verify(const VerifyArgs& args);
int run_full_checks(const VerifyArgs& args);  // verify --full: exhaustive and perft

// The board as text: North on top (seen from South, so F..A), South below (a..f).
std::string board_text(const Position& position, int holes_per_row);

}  // namespace hoyito
