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
#include "harness/verify/diagnosis.h"
#include "harness/verify/engine_expect.h"
#include "harness/verify/engine_under_test.h"
#include "harness/verify/engine_verify_run.h"
#include "harness/verify/verify.h"
#include "io/output.h"
#include "io/scenario_check.h"

namespace hoyito {

namespace {

constexpr int kMostShrunk = 12;        // classes whose first case is shrunk (each up to kShrinkSeconds)
constexpr double kShrinkSeconds = 15;  // through the engine

// The shell's quoting of `text` as one word: what a printed command needs to be pasted.
std::string shell_word(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

// Shrinking within a class: a smaller case counts only when it is a case of the same bug.
CompareMoves within_class(const std::string& class_id) {
  return [class_id](const Rules& rules, const Position& start, const std::vector<Move>& moves) {
    std::optional<Disagreement> d;
    try {
      d = compare_with_engine(rules, start, moves);
    } catch (const EngineRefusal&) {  // a smaller start the engine will not take: no smaller case
      return d;
    }
    if (d && diagnose(*d).class_id != class_id) d.reset();
    return d;
  };
}

}  // namespace

EngineOptions session_options(const EngineVerifyOptions& o) {
  EngineOptions e;
  e.command = o.command;
  e.timeout = std::chrono::milliseconds(static_cast<long long>(o.timeout * 1000));
  e.startup = std::max(e.timeout, std::chrono::milliseconds(10'000));
  e.stderr_log = o.out + "/engine-stderr.log";
  return e;
}

EngineRun::EngineRun(const EngineVerifyOptions& options, Reporter& reporter) : o(options), r(reporter) {
  if (options.seconds > 0)
    deadline = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                      std::chrono::duration<double>(options.seconds));
  for (int i = 0; i < std::max(1, options.threads); ++i)
    sessions.push_back(std::make_shared<EngineSession>(session_options(options)));
}

bool EngineRun::runs(const char* name) {
  if (std::find(o.skip.begin(), o.skip.end(), name) != o.skip.end()) {
    r.line(fmt::format("{}: left out (--skip)", name));
    return false;
  }
  if ((!o.config.empty() || o.game >= 0) && std::string(name) != "lockstep") {
    r.line(fmt::format("{}: left out (--config and --game name lockstep games)", name));
    return false;
  }
  return true;
}

bool EngineRun::out_of_time() const { return interrupted() || (o.seconds > 0 && clock.seconds() >= o.seconds); }

bool EngineRun::selected(const Rules& rules) const {
  return (o.variant.empty() || variant_name(rules.variant) == o.variant) &&
         (o.holes == 0 || rules.holes_per_row == o.holes);
}

void EngineRun::summary(CheckSummary s) {
  const std::lock_guard<std::mutex> lock(summaries_mutex);
  for (const auto& [why, what] : skips[s.name]) {
    const std::string some =
        fmt::format("{}", fmt::join(what.begin(), what.begin() + std::min<std::ptrdiff_t>(3, std::ssize(what)), ", "));
    r.line(fmt::format("  SKIP {} {}: not supported by the engine: {} ({}{})", s.name, what.size(), why, some,
                       what.size() > 3 ? ", ..." : ""));
  }
  s.skipped = 0;
  for (const auto& [why, what] : skips[s.name]) s.skipped += static_cast<int>(what.size());
  r.line(s.line);
  summaries.push_back(std::move(s));
}

std::string EngineRun::replay_command(const std::string& file) const {
  return fmt::format("hoyito replay {} --engine {}", file, shell_word(o.command));
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
  skip("lockstep", config, why + " (every game of the configuration)");
}

void EngineRun::skip(const std::string& check, const std::string& what, const std::string& why) {
  const std::lock_guard<std::mutex> lock(summaries_mutex);
  skips[check][why].push_back(what);  // never a pass or a failure
  skipped += 1;
}

int EngineRun::disagreement(const Disagreement& d, const std::string& what, EngineSession& session) {
  (void)session;  // the thread's engine (EngineScope) is the one that shrinks
  disagreements += 1;
  const Diagnosis x = diagnose(d);
  const ClassBook::Added added = book.add(d, x, what);
  if (!added.is_new) return added.number;
  if (known.count(x.class_id)) {
    r.line(fmt::format("known class {}: {} ({}, ply {})", added.number, x.class_id, what, d.moves.size()));
  } else {
    r.line(fmt::format("NEW class {}: {} ({}, ply {}): {}", added.number, x.class_id, what, d.moves.size(), x.words));
    for (const std::string& line : x.differences) r.line("    " + line);
  }
  if (added.number > kMostShrunk || x.class_id == "unexplained" || out_of_time()) return added.number;
  try {
    const Disagreement small = shrink_with(d, kShrinkSeconds, within_class(x.class_id));
    book.offer(added.number, ClassExample{d, small, diagnose(small), what}, true);
  } catch (const std::exception& e) {  // the engine failed while shrinking: the unshrunk case stays
    r.line(fmt::format("    shrinking stopped: {}", e.what()));
  }
  return added.number;
}

namespace {

// The scenario as an engine can be held to it: events only when the engine offers them (the
// wording of a refusal is not compared either: scenario_check.h).
Scenario for_engine(Scenario s, bool events) {
  if (!events)
    for (ScenarioStep& step : s.steps) step.events.reset();
  return s;
}

// A failed scenario compared with the model on its moves: a disagreement, diagnosed and classed
// like the others, when the model parts from the engine there. Returns its class, or 0.
int classify_scenario(EngineRun& run, const Scenario& s) {
  std::vector<Move> moves;
  for (const ScenarioStep& step : s.steps) moves.push_back(parse_move(step.move, s.rules.holes_per_row));
  const std::optional<Disagreement> d = compare_with_engine(s.rules, s.start, moves);
  return d ? run.disagreement(*d, "scenario " + s.id, *run.sessions.front()) : 0;
}

// One scenario on the engine; returns whether it was checked.
bool check_one_scenario(EngineRun& run, const Scenario& s) {
  try {
    const std::vector<std::string> failures = check_scenario<RemoteGame>(for_engine(s, run.caps().has("events")));
    if (failures.empty()) return true;
    const int number = classify_scenario(run, s);  // its class said first, if new
    if (number > 0) {
      run.r.line(fmt::format("  FAIL scenario {}: class {}; reproduce: {}", s.id, number, run.replay_command(s.file)));
      return true;
    }
    for (const std::string& f : failures) run.r.line("  FAIL scenario " + f);  // the model agrees with the engine
    run.r.line("    reproduce: " + run.replay_command(s.file));
    run.failures += static_cast<int>(failures.size());
    return true;
  } catch (const EngineRefusal& e) {
    if (e.reason == protocol::Reason::unsupported) {
      run.skip("scenarios", s.id, e.what());
      return false;
    }
    run.r.line(fmt::format("  FAIL scenario {}: the engine refused its rules or start: {}", s.id, e.what()));
    run.failures += 1;
  } catch (const EngineFailure& e) {
    run.engine_failed("scenario " + s.id, e);
  }
  return false;
}

}  // namespace

void engine_scenarios(EngineRun& run) {
  const Stopwatch clock;
  if (!run.runs("scenarios")) return;
  const EngineScope scope(run.sessions.front());
  int checked = 0, skipped = 0, matches = 0;
  const int failures_before = run.failures, disagreements_before = run.disagreements;
  for (const Scenario& s : load_scenarios(run.o.specs + "/scenarios")) {
    if (run.gave_up() || run.out_of_time()) break;
    if (!run.selected(s.rules)) continue;
    if (s.match) {  // a match standing is no command of the protocol: the matches check plays matches
      matches += 1;
      continue;
    }
    if (const std::string why = run.caps().unsupported(s.rules); !why.empty()) {
      run.skip("scenarios", s.id, why);
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
  const int failed = run.failures - failures_before, differed = run.disagreements - disagreements_before;
  run.summary({"scenarios", checked, skipped, differed, failed, clock.seconds(),
               fmt::format("scenarios: {} hand-derived scenarios checked on the engine, {} skipped, {} failures, {} "
                           "disagreement(s) ({:.1f} s{})",
                           checked, skipped, failed, differed, clock.seconds(), match_note)});
}

namespace {

// The engine's first session, started: the run's first lines say what it is and supports.
void announce(const EngineRun& run) {
  const EngineInfo& info = run.sessions.front()->info();
  const EngineVerifyOptions& o = run.o;
  run.r.line(
      fmt::format("hoyito verify --engine {}: {} {}, protocol {}; seed {}, --games {}, {} engine process(es); "
                  "its standard error goes to {}/engine-stderr.log",
                  o.command, info.name, info.version, protocol::kVersion, o.seed, o.games, run.sessions.size(), o.out));
  run.r.line(fmt::format("supports: {}", fmt::join(protocol::format_capabilities(info.capabilities), "; ")));
  if (!o.expect.empty()) run.r.line(fmt::format("known differences: {} class(es) of {}", run.known.size(), o.expect));
}

}  // namespace

int verify_engine(const EngineVerifyOptions& options, Reporter& reporter) {
  if (!options.only_class.empty()) return engine_replay_class(options, reporter);
  std::map<std::string, std::string> known;
  if (!options.expect.empty()) known = read_expect_file(options.expect);  // bad input: before anything is written
  make_folder(options.out, "--out");
  const FolderLock lock(options.out, "--out");  // two runs into one folder would mix their classes
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
  run->known = std::move(known);
  announce(*run);
  reset_sowings_played_alike();
  engine_hard_positions(*run);
  engine_scenarios(*run);
  engine_lockstep(*run);
  engine_limits(*run);
  engine_matches(*run);
  return engine_verdict(*run);
}

}  // namespace hoyito
