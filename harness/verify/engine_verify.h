// `hoyito verify --engine CMD`: the checks of verify that apply to an engine behind the engine
// protocol (specs/engine-protocol.md), each against the reference model:
//   hard       the hard positions (harness/verify/hard_positions.h): long finite and endless
//              sowings, the last seeds, passes and extra moves at the edge, chains across row ends
//   scenarios  the hand-derived scenarios, from their start positions
//   lockstep   random games in lockstep over every configuration of harness/verify/configurations.h
//              the engine supports (standard and made-up starts, other seed counts, small ply limits)
//   limits     moves at their Q-LIMIT boundary (harness/verify/lap_limits.h), where it plays lap_limit
//   matches    Hoyito III matches of four games, where it plays rounds (feature rounds)
// What the engine does not support (its `supports`) is skipped and said so, never counted. An
// engine failure (hang, crash, garbage) is reported with the command and position and the run goes
// on with a fresh process; after kMostEngineFailures the run stops. Disagreements are written to
// OUT/disagreement-N.json, naming the engine, shrunk; the engine's standard error to OUT/engine-stderr.log.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "harness/base/reporter.h"

namespace hoyito {

// The default --games with --engine: a run against `hoyito serve` took 147 s on
// 2 busy cores (load 20; docs/verify.md).
inline constexpr int kEngineVerifyGames = 200;
inline constexpr int kMostEngineFailures = 3;

struct EngineVerifyOptions {
  std::string command;             // run by /bin/sh -c
  double timeout = 10;             // seconds a command may take (perft and divide: 10 times)
  int games = kEngineVerifyGames;  // lockstep games per standard 2x6 configuration (the others a share)
  std::uint64_t seed = 2026;
  int threads = 2;                // engine processes played at once
  std::vector<std::string> skip;  // checks left out: hard, scenarios, lockstep, limits, matches
  bool fail_fast = false;         // no work started after the first failure (for mutation testing)
  std::string out;                // disagreements and the engine's standard error
  std::string specs;              // the specs folder (scenarios)
};

// Runs the checks and prints the summary; returns the exit code (0: no disagreement and no
// engine failure in what ran, 1: otherwise, or nothing checked).
int verify_engine(const EngineVerifyOptions& options, Reporter& reporter);

}  // namespace hoyito
