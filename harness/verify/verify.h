// `hoyito verify`, the main job, as named checks run one after the other:
//   scenarios  every hand-derived scenario of specs/ on the reference model and on the engine
//   records    random games written as records, read back and replayed
//   limits     every move of sampled positions played at its Q-LIMIT boundary (harness/verify/lap_limits.h)
//   lockstep   random games played by model and engine in lockstep, for every configuration of the
//              rules that changes play, compared at every ply (harness/verify/differential.h)
//   matches    Hoyito III matches of four games in lockstep
//   exhaustive every small board, every move (--full only; harness/verify/exhaustive.h)
//   perft      perft of every variant and size on both implementations (--full only)
// then the rule coverage of the model's plies. Each check lives in harness/checks/.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "core/rules.h"
#include "harness/base/reporter.h"

namespace hoyito {

struct VerifyOptions {
  int games = 400;        // lockstep games per standard 2x6 configuration (the others: a share)
  int record_games = 40;  // random games per variant written, read back, replayed (2x12: a fifth)
  std::uint64_t seed = 2026;
  // No game of the checks that grow with --games (limits, lockstep, matches) starts this long
  // after `started`, the start of the run (0: no limit): the fixed checks (scenarios, records)
  // spend it too; limits has up to a quarter of it (one position group at least), lockstep what is
  // left, matches one match at least (checks.h).
  double seconds = 0;
  std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
  // Set by the run once a fixed check has run: lockstep then plays one game at least, however
  // little of --seconds the fixed checks left (a run without them, e.g. --config, may check
  // nothing and fail saying so).
  bool after_fixed_checks = false;
  int threads = 2;
  std::string variant;            // only this variant ("" for all)
  int holes = 0;                  // only this size (0 for both)
  std::string config;             // only this configuration (its name)
  int game = -1;                  // only this game number (with --config: reproduce one game)
  bool full = false;              // add the exhaustive and perft checks
  bool fail_fast = false;         // stop at the first failure and say which check found it, and when
  std::vector<std::string> skip;  // checks left out, by name
  double game_timeout = 300;      // a unit of work (a game, a scenario) running longer is hung (exit 1)
  int exhaustive_seeds_2x6 = 16, exhaustive_seeds_2x12 = 8;
  int perft_depth_2x6 = 8, perft_depth_2x12 = 5;
  std::string out = "build/verify";  // each run first clears what it owns here (clear_run_output)
  std::string specs;                 // the specs folder
  std::string json;                  // write the run's result as JSON here (specs/verify-result.schema.json)
  std::string junit;                 // write it as JUnit XML here (a test case per check and configuration)
  std::string version = "unknown", commit = "unknown";  // the program's, recorded in --json and --junit
};

// What a check found. `checked` counts what it looked at (scenarios, records, moves, games),
// so that a run that looked at nothing is not taken for a pass.
struct ConfigurationResult {
  std::string name;
  int games_planned = 0;  // what --games (and --game) ask of it
  int games_played = 0;   // fewer when --seconds (or an interrupt) stopped the check first
  long plies = 0;
  int disagreements = 0;
  std::vector<std::string> files;  // the disagreement files written for it
  Rules rules;                     // the configuration's (harness/verify/configurations.h)
};
struct CheckResult {
  int failures = 0;
  long checked = 0;
  std::vector<std::string> files;                   // disagreement files written
  std::vector<ConfigurationResult> configurations;  // the lockstep check: one per configuration selected
  // Rule coverage of this check alone: times each rule fired in the model's plies while it ran,
  // in RuleId order (set by verify(); empty for a check not run).
  std::vector<std::uint64_t> rule_counts;
};

// What a whole run did, for its summary and for --json and --junit (harness/verify/result_files.h).
enum class CheckState { passed, failed, checked_nothing, left_out };
struct CheckOutcome {
  std::string name;
  CheckState state = CheckState::left_out;
  std::string reason;  // why it was left out, or why it checked nothing
  double seconds = 0;
  CheckResult result;
};
struct VerifyResult {
  std::vector<CheckOutcome> checks;  // every check, those left out too, in the order verify runs them
  std::vector<long> rule_counts;     // times each rule fired, in RuleId order (empty: nothing checked)
  bool coverage_gate_applies = false;
  std::string coverage_gate_note;                    // why it does not apply (a filter), or what it found
  int rules_never_fired = 0;                         // PASS-3 aside
  std::vector<std::string> configurations_left_out;  // lockstep configurations that played no game
  std::string verdict;                               // "PASS", "PASS (partial)", "FAIL" or "INTERRUPTED"
  int exit_code = 0;  // 0 or 1 (an interrupt: run_cli exits 130 or 143 whatever this says)
  double seconds = 0;
};

// The names of the checks (those --skip takes), in the order verify runs them.
std::vector<std::string> check_names();

// The command that runs check `name` alone with these options' seed and sizes (for the
// hung-work watch's report).
std::string command_running_only(const std::string& name, const VerifyOptions& options);

// Runs every check the options select and prints the summary. The verdict is PASS only when every
// check selected checked something and found nothing, and says "(partial)" when a filter, --skip
// or --seconds left checks or configurations out (they are listed); a selected check that
// checked nothing, or nothing checked at all, is a FAIL (exit 1). An interrupt stops starting
// checks: INTERRUPTED, never a PASS. Throws InputError on bad options.
VerifyResult verify(const VerifyOptions& options, Reporter& reporter);

// verify(), then the --json and --junit files (not after an interrupt: a partial run must not
// read like a whole one); returns the exit code (0 pass, 1 a failure).
int run_verify(const VerifyOptions& options, Reporter& reporter);

// The files a verify run writes into `out` (disagreement-*.json, lap-limit-disagreement-*.json,
// exhaustive-2x*-disagreement.json, games-*.jsonl), removed before a run starts so that a PASS
// is never left beside an earlier run's disagreements. Other files stay.
void clear_run_output(const std::string& out);

}  // namespace hoyito
