// `hoyito verify --engine CMD`: the checks of verify that apply to an engine behind the engine
// protocol (specs/engine-protocol.md), each against the reference model:
//   scenarios  the hand-derived scenarios, from their start positions
//   lockstep   random games in lockstep over every configuration of harness/verify/configurations.h
//              the engine supports (standard and made-up starts, other seed counts, small ply limits)
//   limits     moves at their Q-LIMIT boundary (harness/verify/lap_limits.h), where it plays lap_limit
//   matches    Hoyito III matches of four games, where it plays rounds (feature rounds)
// What the engine does not support (its `supports`) is skipped and said so, never counted. An
// engine failure (hang, crash, garbage) is reported with the command and position and the run goes
// on with a fresh process; after kMostEngineFailures the run stops.
//
// Disagreements are diagnosed (harness/verify/diagnosis.h) and grouped into classes
// (disagreement_classes.h): the report names each class once, with its rules, what differs and its
// smallest example (shrunk), written to OUT/class-N.json for `hoyito replay`; every disagreement is
// counted in OUT/disagreements.jsonl with the first examples of each class. An expect file
// (engine_expect.h) names the classes that are known differences. The engine's standard error goes
// to OUT/engine-stderr.log.
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
  std::string out;                // the classes, their examples and the engine's standard error
  std::string specs;              // the specs folder (scenarios)
  // Narrowing, as verify without --engine: only this variant, board size, configuration (lockstep
  // alone then), game number; no game started after `seconds` (0: no limit).
  std::string variant, config;
  int holes = 0, game = -1;
  double seconds = 0;
  std::string json, junit;   // the result as JSON (specs/engine-verify-result.schema.json), JUnit XML
  std::string expect;        // known differences: classes accepted, each with a reason
  std::string write_expect;  // the classes of this run written as an expect file
  bool fail_stale = false;   // with expect: an accepted class that no longer occurs fails
  std::string only_class;    // replay the stored examples of this class (OUT/disagreements.jsonl) only
};

// Runs the checks and prints the summary; returns the exit code (0: no disagreement and no
// engine failure in what ran, 1: otherwise, or nothing checked).
int verify_engine(const EngineVerifyOptions& options, Reporter& reporter);

}  // namespace hoyito
