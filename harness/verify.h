// `hoyito verify`, the main job, as named checks run one after the other:
//   scenarios  every hand-derived scenario of specs/ on the reference model and on the engine
//   records    random games written as records, read back and replayed
//   limits     every move of sampled positions played at its Q-LIMIT boundary (harness/lap_limits.h)
//   lockstep   random games played by model and engine in lockstep, for every configuration of the
//              rules that changes play, compared at every ply (harness/differential.h)
//   matches    Hoyito III matches of four games in lockstep
//   exhaustive every small board, every move (--full only; harness/exhaustive.h)
//   perft      perft of every variant and size on both implementations (--full only)
// then the rule coverage of the model's plies. Each check lives in harness/checks/.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "harness/reporter.h"

namespace hoyito {

struct VerifyOptions {
  int games = 400;           // lockstep games per standard 2x6 configuration (the others: a share)
  int record_games = 40;     // random games per variant written, read back, replayed (2x12: a fifth)
  std::uint64_t seed = 2026;
  double seconds = 0;        // stop starting new lockstep games after this long (0: no limit)
  int threads = 2;
  std::string variant;       // only this variant ("" for all)
  int holes = 0;             // only this size (0 for both)
  std::string config;        // only this configuration (its name)
  int game = -1;             // only this game number (with --config: reproduce one game)
  bool full = false;         // add the exhaustive and perft checks
  bool fail_fast = false;    // stop at the first failure and say which check found it, and when
  std::vector<std::string> skip;  // checks left out, by name
  double game_timeout = 300;  // a unit of work (a game, a scenario) running longer is hung (exit 1)
  int exhaustive_seeds_2x6 = 16, exhaustive_seeds_2x12 = 8;
  int perft_depth_2x6 = 8, perft_depth_2x12 = 5;
  std::string out = "build/verify";
  std::string specs;         // the specs folder
};

// What a check found. `checked` counts what it looked at (scenarios, records, moves, games),
// so that a run that looked at nothing is not taken for a pass.
struct CheckResult {
  int failures = 0;
  long checked = 0;
};

// The names of the checks (those --skip takes), in the order verify runs them.
std::vector<std::string> check_names();

// The command that runs check `name` alone with these options' seed and sizes (for the
// hung-work watch's report).
std::string command_running_only(const std::string& name, const VerifyOptions& options);

// Runs every check the options select; prints the summary; returns the exit code (0: every
// check passed and something was checked; 1: a failure). Throws InputError on bad options.
int run_verify(const VerifyOptions& options, Reporter& reporter);

}  // namespace hoyito
