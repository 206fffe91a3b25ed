// What the checks of `verify --engine` share (harness/verify/engine_verify.h): the options, the
// engine sessions (one per thread), the counts, and how a skip, a disagreement and an engine
// failure are reported. Internal to harness/verify.
#pragma once

#include <atomic>
#include <exception>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "harness/games/engine_session.h"
#include "harness/verify/engine_verify.h"
#include "io/transcript.h"

namespace hoyito {

struct EngineRun {
  EngineRun(const EngineVerifyOptions& options, Reporter& reporter);  // starts the engines: EngineFailure

  const EngineVerifyOptions& o;
  Reporter& r;
  std::vector<std::shared_ptr<EngineSession>> sessions;
  std::atomic<int> failures{0}, disagreements{0}, engine_failures{0}, skipped{0};
  std::atomic<long> checked{0};
  std::mutex refused_mutex;
  std::set<std::string> refused_configs;

  const protocol::Capabilities& caps() const;
  // No more work: the engine keeps failing, or --fail-fast and something failed.
  bool gave_up() const {
    return engine_failures >= kMostEngineFailures || (o.fail_fast && failures + disagreements + engine_failures > 0);
  }
  // Whether check `name` runs (it says so when --skip leaves it out).
  bool runs(const char* name);
  // One line naming what failed; the session has restarted the engine.
  void engine_failed(const std::string& what, const std::exception& e);
  // One line: `what` of `check` skipped, and why (counted, never as a failure).
  void skip(const std::string& check, const std::string& what, const std::string& why);
  // A configuration whose rules the engine refused as unsupported although its `supports` did
  // not say so: said once, then every game of it skipped without a line (counted).
  bool refused_before(const std::string& config);
  void refused(const std::string& config, const std::string& why);
  // Written to OUT/disagreement-N.json naming the engine, then shrunk and written again.
  void disagreement(const Disagreement& d, const std::string& what, EngineSession& session);
};

// The engine failed or refused its rules; returns false when the work is to be counted as not done.
template <typename Work>
bool guarded(EngineRun& run, const std::string& what, Work&& work) {
  try {
    work();
    return true;
  } catch (const EngineRefusal& e) {
    if (e.reason == protocol::Reason::unsupported) {  // it listed them, then refused them
      run.skip("", what, e.what());
    } else {
      run.r.line(fmt::format("  FAIL {}: the engine refused its rules or start: {}", what, e.what()));
      run.failures += 1;
    }
  } catch (const EngineFailure& e) {
    run.engine_failed(what, e);
  }
  return false;
}

void engine_hard_positions(EngineRun& run);  // engine_hard.cpp
void engine_lockstep(EngineRun& run);
void engine_limits(EngineRun& run);
void engine_matches(EngineRun& run);
int engine_verdict(EngineRun& run, double seconds);

}  // namespace hoyito
