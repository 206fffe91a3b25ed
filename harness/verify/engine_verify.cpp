#include "harness/verify/engine_verify.h"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "harness/base/campaign.h"
#include "harness/verify/configurations.h"
#include "harness/verify/engine_under_test.h"
#include "harness/verify/engine_verify_run.h"
#include "harness/verify/scenario_check.h"
#include "harness/verify/verify.h"
#include "io/output.h"

namespace hoyito {

namespace {

constexpr int kMostTranscripts = 20;  // disagreement files written; the summary counts them all
constexpr int kMostShrunk = 3;        // of which shrunk (each through the engine: up to kShrinkSeconds)
constexpr double kShrinkSeconds = 20;

EngineOptions engine_options(const EngineVerifyOptions& o) {
  EngineOptions e;
  e.command = o.command;
  e.timeout = std::chrono::milliseconds(static_cast<long long>(o.timeout * 1000));
  e.startup = std::max(e.timeout, std::chrono::milliseconds(10'000));
  e.stderr_log = o.out + "/engine-stderr.log";
  return e;
}

}  // namespace

EngineRun::EngineRun(const EngineVerifyOptions& options, Reporter& reporter) : o(options), r(reporter) {
  for (int i = 0; i < std::max(1, options.threads); ++i)
    sessions.push_back(std::make_shared<EngineSession>(engine_options(options)));
}

bool EngineRun::runs(const char* name) {
  if (std::find(o.skip.begin(), o.skip.end(), name) == o.skip.end()) return true;
  r.line(fmt::format("{}: left out (--skip)", name));
  return false;
}

const protocol::Capabilities& EngineRun::caps() const { return sessions.front()->info().capabilities; }

void EngineRun::engine_failed(const std::string& what, const std::exception& e) {
  r.line(fmt::format("ENGINE FAILURE {}: {}", what, e.what()));
  if (++engine_failures == kMostEngineFailures)
    r.line(fmt::format("the engine failed {} times: no more work is started", kMostEngineFailures));
}

bool EngineRun::refused_before(const std::string& config) {
  const std::lock_guard<std::mutex> lock(refused_mutex);
  if (!refused_configs.count(config)) return false;
  skipped += 1;
  return true;
}

void EngineRun::refused(const std::string& config, const std::string& why) {
  {
    const std::lock_guard<std::mutex> lock(refused_mutex);
    if (!refused_configs.insert(config).second) {
      skipped += 1;
      return;
    }
  }
  skip("lockstep", config, why + " (its other games are skipped too)");
}

void EngineRun::skip(const std::string& check, const std::string& what, const std::string& why) {
  r.line(fmt::format("  SKIP {} {}: not supported by the engine: {}", check, what, why));  // never a pass or a failure
  skipped += 1;
}

void EngineRun::disagreement(const Disagreement& d, const std::string& what, EngineSession& session) {
  const int number = ++disagreements;
  const std::string field = d.field, name = session.info().name + " " + session.info().version;
  if (number > kMostTranscripts) {
    r.line(fmt::format("DISAGREEMENT {} ({}): {} differs at ply {} (not written: {} files at most)", what, name, field,
                       d.moves.size(), kMostTranscripts));
    return;
  }
  const std::string path = fmt::format("{}/disagreement-{}.json", o.out, number);
  const std::string replay = fmt::format("hoyito replay {} --engine '{}'", path, o.command);
  write_engine_transcript(path, d, d, replay, o.seed, session);  // at once, unshrunk: shrinking may fail
  r.line(fmt::format("DISAGREEMENT {} ({}): {} differs at ply {}, written to {}; shrinking it", what, name, field,
                     d.moves.size(), path));
  Disagreement small = d;
  if (number > kMostShrunk) {
    r.line(fmt::format("  not shrunk (the first {} are)", kMostShrunk));
    return;
  }
  try {
    small = shrink_with(d, kShrinkSeconds, compare_with_engine);
  } catch (const std::exception& e) {  // the engine failed while shrinking: the unshrunk case stays
    r.line(fmt::format("  shrinking stopped: {}", e.what()));
  }
  write_engine_transcript(path, d, small, replay, o.seed, session);
  r.line(fmt::format(
      "  shrunk to {} move(s) from a start of {} seeds on the board (replay: {})", small.moves.size(),
      [&] {
        int s = 0;
        for (int c : small.start.board) s += c;
        return s;
      }(),
      replay));
}

namespace {

// The scenario as an engine can be held to it: events only when the engine offers them (the
// wording of a refusal is not compared either: scenario_check.h).
Scenario for_engine(Scenario s, bool events) {
  if (!events)
    for (ScenarioStep& step : s.steps) step.events.reset();
  return s;
}

// One scenario on the engine; returns whether it was checked.
bool check_one_scenario(EngineRun& run, const Scenario& s) {
  try {
    const std::vector<std::string> failures = check_scenario<RemoteGame>(for_engine(s, run.caps().has("events")));
    for (const std::string& f : failures) run.r.line("  FAIL scenario " + f);
    run.failures += static_cast<int>(failures.size());
    return true;
  } catch (const EngineRefusal& e) {
    if (e.reason == protocol::Reason::unsupported) {
      run.skip("scenario", s.id, e.what());
      return false;
    }
    run.r.line(fmt::format("  FAIL scenario {}: the engine refused its rules or start: {}", s.id, e.what()));
    run.failures += 1;
  } catch (const EngineFailure& e) {
    run.engine_failed("scenario " + s.id, e);
  }
  return false;
}

void engine_scenarios(EngineRun& run) {
  const Stopwatch clock;
  if (!run.runs("scenarios")) return;
  const EngineScope scope(run.sessions.front());
  int checked = 0, skipped = 0, matches = 0;
  const int failures_before = run.failures;
  for (const Scenario& s : load_scenarios(run.o.specs + "/scenarios")) {
    if (run.gave_up() || interrupted()) break;
    if (s.match) {  // a match standing is no command of the protocol: the matches check plays matches
      matches += 1;
      continue;
    }
    if (const std::string why = run.caps().unsupported(s.rules); !why.empty()) {
      run.skip("scenario", s.id, why);
      skipped += 1;
      continue;
    }
    checked += check_one_scenario(run, s);
  }
  run.checked += checked;
  const std::string match_note =
      matches == 0
          ? ""
          : fmt::format("; the {} match scenarios do not apply: a match standing is no protocol command", matches);
  run.r.line(
      fmt::format("scenarios: {} hand-derived scenarios checked on the engine, {} skipped, {} failures ({:.1f} s{})",
                  checked, skipped, run.failures - failures_before, clock.seconds(), match_note));
}

}  // namespace

int verify_engine(const EngineVerifyOptions& options, Reporter& reporter) {
  const Stopwatch clock;
  make_folder(options.out, "--out");
  clear_run_output(options.out);
  std::error_code ignored;  // the log holds this run's standard error alone (the engines append to it)
  std::filesystem::remove(options.out + "/engine-stderr.log", ignored);
  std::unique_ptr<EngineRun> run;
  try {
    run = std::make_unique<EngineRun>(options, reporter);
  } catch (const EngineFailure& e) {
    reporter.line(fmt::format("FAIL: {}", e.what()));
    return 1;
  }
  const EngineInfo& info = run->sessions.front()->info();
  reporter.line(
      fmt::format("hoyito verify --engine {}: {} {}, protocol {}; seed {}, --games {}, {} engine process(es); "
                  "its standard error goes to {}/engine-stderr.log",
                  options.command, info.name, info.version, protocol::kVersion, options.seed, options.games,
                  run->sessions.size(), options.out));
  reporter.line(fmt::format("supports: {}", fmt::join(protocol::format_capabilities(info.capabilities), "; ")));
  engine_hard_positions(*run);
  engine_scenarios(*run);
  engine_lockstep(*run);
  engine_limits(*run);
  engine_matches(*run);
  return engine_verdict(*run, clock.seconds());
}

int engine_verdict(EngineRun& run, double seconds) {
  const EngineInfo& info = run.sessions.front()->info();
  const int failures = run.failures + run.disagreements + run.engine_failures;
  run.r.line(
      fmt::format("\nengine {} {}: {} things checked, {} skipped (not supported), {} disagreement(s), {} other "
                  "failure(s), {} engine failure(s)",
                  info.name, info.version, run.checked.load(), run.skipped.load(), run.disagreements.load(),
                  run.failures.load(), run.engine_failures.load()));
  if (interrupted()) {
    run.r.line(fmt::format("INTERRUPTED{} after {:.1f} s", interrupt_note(), seconds));
    return failures > 0 ? 1 : 0;
  }
  if (failures > 0 || run.checked == 0) {
    run.r.line(fmt::format("FAIL{} in {:.1f} s (output in {})", run.checked == 0 ? ": nothing was checked" : "",
                           seconds, run.o.out));
    return 1;
  }
  run.r.line(fmt::format("{}: no disagreement in what ran, {:.1f} s (output in {})",
                         run.skipped > 0 ? "PASS (partial: what the engine does not support was skipped)" : "PASS",
                         seconds, run.o.out));
  return 0;
}

}  // namespace hoyito
