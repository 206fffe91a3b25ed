// What the checks of `verify --engine` share (harness/verify/engine_verify.h): the options, the
// engine sessions (one per thread), the counts, and how a skip, a disagreement and an engine
// failure are reported. Internal to harness/verify.
#pragma once

#include <atomic>
#include <chrono>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "harness/games/engine_session.h"
#include "harness/verify/disagreement_classes.h"
#include "harness/verify/engine_verify.h"
#include "io/transcript.h"

namespace hoyito {

// The engine process's options for a run: its command, timeouts and standard error log.
EngineOptions session_options(const EngineVerifyOptions& options);

// What one check did, for the summary, the JSON result and JUnit.
struct CheckSummary {
  std::string name;  // hard, scenarios, lockstep, limits, matches
  long checked = 0;
  int skipped = 0, disagreements = 0, failures = 0;
  double seconds = 0;
  std::string line;  // its summary line, as printed
};

struct EngineRun {
  EngineRun(const EngineVerifyOptions& options, Reporter& reporter);  // starts the engines: EngineFailure

  const EngineVerifyOptions& o;
  Reporter& r;
  std::vector<std::shared_ptr<EngineSession>> sessions;
  std::atomic<int> failures{0}, disagreements{0}, engine_failures{0}, skipped{0};
  std::atomic<long> checked{0};
  std::mutex refused_mutex;
  std::set<std::string> refused_configs;
  ClassBook book;                            // the disagreements, by class
  std::map<std::string, std::string> known;  // --expect: class id -> reason
  std::mutex summaries_mutex;
  std::vector<CheckSummary> summaries;
  std::map<std::string, std::map<std::string, std::vector<std::string>>> skips;  // check -> why -> what
  Stopwatch clock;  // from the start of the run (--seconds)
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();  // --seconds

  const protocol::Capabilities& caps() const;
  // No more work: the engine keeps failing, or --fail-fast and something failed.
  bool gave_up() const {
    return engine_failures >= kMostEngineFailures || (o.fail_fast && failures + disagreements + engine_failures > 0);
  }
  // Whether check `name` runs (it says so when --skip or a narrowing flag leaves it out).
  bool runs(const char* name);
  // No game started any more: --seconds spent, or interrupted.
  bool out_of_time() const;
  // Whether the rules are among those --variant and --holes narrow the run to.
  bool selected(const Rules& rules) const;
  // The check's summary line, printed and kept for the result files.
  void summary(CheckSummary s);
  // `hoyito replay FILE --engine '...'`: the command that reproduces a case of FILE.
  std::string replay_command(const std::string& file) const;
  // One line naming what failed; the session has restarted the engine.
  void engine_failed(const std::string& what, const std::exception& e);
  // `what` of `check` skipped, and why (counted, never as a failure); said once per check and
  // reason, before the check's summary line, with how many and which.
  void skip(const std::string& check, const std::string& what, const std::string& why);
  // A configuration whose rules the engine refused as unsupported although its `supports` did
  // not say so: said once, then every game of it skipped without a line (counted).
  bool refused_before(const std::string& config);
  void refused(const std::string& config, const std::string& why);
  // Diagnosed and added to its class (harness/verify/disagreement_classes.h); the first of a
  // class is said at once and shrunk (within the class) on the thread's engine session.
  // Returns the class's number.
  int disagreement(const Disagreement& d, const std::string& what, EngineSession& session);
};

void engine_scenarios(EngineRun& run);
void engine_lockstep(EngineRun& run);
void engine_limits(EngineRun& run);
void engine_matches(EngineRun& run);
int engine_verdict(EngineRun& run);
// --class: the stored examples of one class (OUT/disagreements.jsonl) replayed on the engine.
int engine_replay_class(const EngineVerifyOptions& options, Reporter& reporter);

}  // namespace hoyito
