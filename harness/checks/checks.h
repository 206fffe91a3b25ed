// The checks of `hoyito verify` (harness/verify.h), one file each in this folder. Each prints
// its own summary line through the Reporter and returns what it found.
#pragma once

#include <string>

#include "harness/differential.h"
#include "harness/verify.h"

namespace hoyito {

CheckResult run_scenarios(const VerifyOptions& options, Reporter& reporter);
CheckResult run_records(const VerifyOptions& options, Reporter& reporter);
CheckResult run_limits(const VerifyOptions& options, Reporter& reporter);
CheckResult run_lockstep(const VerifyOptions& options, Reporter& reporter);
CheckResult run_matches(const VerifyOptions& options, Reporter& reporter);
CheckResult run_exhaustive(const VerifyOptions& options, Reporter& reporter);
CheckResult run_perft(const VerifyOptions& options, Reporter& reporter);

// One exhaustive pass (`hoyito exhaustive` and the exhaustive check): every board of 2 x `holes`
// holes with at most `max_seeds` seeds; the first disagreement, shrunk, is written to `out`.
CheckResult run_exhaustive_pass(int holes, int max_seeds, int threads, const std::string& out, Reporter& reporter);

}  // namespace hoyito
