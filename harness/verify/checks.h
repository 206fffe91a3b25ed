// The checks of `hoyito verify` (harness/verify/verify.h), one file each in this folder. Each prints
// its own summary line through the Reporter and returns what it found.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

#include "harness/verify/differential.h"
#include "harness/verify/verify.h"

namespace hoyito {

CheckResult run_scenarios(const VerifyOptions& options, Reporter& reporter);
CheckResult run_records(const VerifyOptions& options, Reporter& reporter);
CheckResult run_limits(const VerifyOptions& options, Reporter& reporter);
CheckResult run_lockstep(const VerifyOptions& options, Reporter& reporter);
CheckResult run_matches(const VerifyOptions& options, Reporter& reporter);
CheckResult run_exhaustive(const VerifyOptions& options, Reporter& reporter);
CheckResult run_perft(const VerifyOptions& options, Reporter& reporter);

// What is left of `share` of --seconds since the run started (VerifyOptions::started):
// 0 without a limit, else at least 1e-9 (a Campaign given that starts no unit past its first
// `at_least`). The limits check has a quarter of it, lockstep and matches what is left.
double seconds_left(const VerifyOptions& options, double share = 1);
bool past_seconds(const VerifyOptions& options, double share = 1);  // --seconds given and spent

// One exhaustive pass (`hoyito exhaustive` and the exhaustive check): every board of 2 x `holes`
// holes with at most `max_seeds` seeds; the first disagreement, shrunk, is written to `out`.
CheckResult run_exhaustive_pass(int holes, int max_seeds, int threads, const std::string& out, Reporter& reporter);

// Runs work(0), work(1), ... work(units - 1) in order on one worker of a Campaign: under the
// hung-work watch (a unit running longer than --game-timeout ends the run, naming check `check`,
// the unit by `name_of(i)` and the command that runs the check alone), and with an exception
// escaping a unit reported as "  FAIL NAME: MESSAGE". `work` returns the failures it found (and
// reports them); with --fail-fast no unit starts after one that failed, so that a planted bug
// which breaks the process further on (a crash) is named by the failure it showed first.
// `seconds` > 0: no unit after the first starts after that many seconds (seconds_left).
// Returns the failures found plus the units that threw.
// For the checks whose output follows the order of their units and that take a few seconds.
int run_one_by_one(const char* check, const char* unit, std::size_t units, const std::function<int(std::size_t)>& work,
                   const std::function<std::string(std::size_t)>& name_of, const VerifyOptions& options,
                   Reporter& reporter, double seconds = 0);

}  // namespace hoyito
