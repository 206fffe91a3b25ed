#include "harness/verify/verify.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <filesystem>
#include <new>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/rules.h"
#include "harness/base/campaign.h"
#include "harness/verify/checks.h"
#include "harness/verify/configurations.h"
#include "harness/verify/result_files.h"
#include "io/output.h"
#include "model/rule_counts.h"

namespace hoyito {

namespace {

// The check running now, named by the crash handler: a bug in either implementation may crash
// the process rather than disagree (a planted one does), and the user then needs to know which
// check to rerun under a debugger.
std::atomic<const char*> running_check{"setup"};

#if defined(__SANITIZE_ADDRESS__)
#define HOYITO_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HOYITO_SANITIZED 1
#endif
#endif

#ifndef HOYITO_SANITIZED
void write_text(int fd, const char* text) {
  std::size_t n = 0;
  while (text[n] != '\0') ++n;
  while (n > 0) {
    const ssize_t w = ::write(fd, text, n);
    if (w <= 0) return;
    text += w;
    n -= static_cast<std::size_t>(w);
  }
}

extern "C" void on_fatal_signal(int signal) {
  // Only async-signal-safe calls: write(2), then the default action (core dump, exit status).
  char number[4] = {static_cast<char>('0' + signal / 10 % 10), static_cast<char>('0' + signal % 10), '\0', '\0'};
  write_text(1, "\nfirst failure: ");
  write_text(1, running_check.load());
  write_text(1, " (the process crashed with signal ");
  write_text(1, number[0] == '0' ? number + 1 : number);
  write_text(1, ")\n");
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}
#endif

void install_crash_handler() {
#ifndef HOYITO_SANITIZED  // the sanitizers' own reports say more
  for (int s : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) std::signal(s, on_fatal_signal);
#endif
}

bool unfiltered(const VerifyOptions& o) { return o.config.empty() && o.variant.empty() && o.holes == 0; }

// Which checks a run's options select (--skip aside): the scenarios and records check the rules
// as a whole, so a run of one configuration leaves them out; limits and matches span every
// variant and size, so any filter leaves them out.
bool whole_rules(const VerifyOptions& o) { return o.config.empty(); }
bool always(const VerifyOptions&) { return true; }
bool full(const VerifyOptions& o) { return o.full; }

struct CheckEntry {
  const char* name;
  CheckResult (*run)(const VerifyOptions&, Reporter&);
  bool (*selected)(const VerifyOptions&);
};

const std::vector<CheckEntry>& check_table() {
  static const std::vector<CheckEntry> table = {
      {"scenarios", run_scenarios, whole_rules},
      {"records", run_records, whole_rules},
      {"limits", run_limits, unfiltered},
      {"lockstep", run_lockstep, always},
      {"matches", run_matches, unfiltered},
      {"exhaustive", run_exhaustive, full},
      {"perft", run_perft, full},
  };
  return table;
}

// Why a check the table does not select for these options is left out.
std::string why_not_selected(const CheckEntry& entry) {
  if (entry.selected == full) return "only with --full";
  if (entry.selected == whole_rules) return "--config: it checks the rules as a whole, not one configuration";
  return "--variant/--holes/--config: it spans every variant and size";
}

// The filters that make a run cover less than the rules, as the flags that set them.
std::vector<std::string> filters_of(const VerifyOptions& o) {
  std::vector<std::string> filters;
  if (!o.variant.empty()) filters.push_back("--variant " + o.variant);
  if (o.holes != 0) filters.push_back(fmt::format("--holes {}", o.holes));
  if (!o.config.empty()) filters.push_back("--config " + o.config);
  if (o.game >= 0) filters.push_back(fmt::format("--game {}", o.game));
  if (!o.skip.empty()) filters.push_back(fmt::format("--skip {}", fmt::join(o.skip, ",")));
  return filters;
}

// Rule coverage: how often each rule fired in the plies the model played (into `counts_out`).
// Returns the number of rules that never fired, PASS-3 aside (it applies to no known position:
// specs/rules.md).
int print_rule_coverage(Reporter& reporter, std::vector<long>& counts_out) {
  constexpr int kRulesPerLine = 4;
  const auto counts = model::rule_counts();
  counts_out.assign(counts.begin(), counts.end());
  reporter.line("\nrule coverage (times each rule fired in the model's plies):");
  std::string line;
  int never = 0;
  for (int i = 0; i < kRuleCount; ++i) {
    line += fmt::format("  {:<10}{:>11}", rule_text(static_cast<RuleId>(i)), counts[static_cast<size_t>(i)]);
    never += counts[static_cast<size_t>(i)] == 0;
    if (i % kRulesPerLine == kRulesPerLine - 1 || i + 1 == kRuleCount) {
      reporter.line(line);
      line.clear();
    }
  }
  const bool pass3_fired = counts[static_cast<size_t>(RuleId::PASS_3)] > 0;
  reporter.line(fmt::format("{} of {} rules fired{}", kRuleCount - never, kRuleCount,
                            pass3_fired ? "" : " (PASS-3 applies to no known position: specs/rules.md)"));
  return never - (pass3_fired ? 0 : 1);
}

void validate(const VerifyOptions& o, const std::vector<Configuration>& configs) {
  if (o.games < 1) throw InputError(fmt::format("--games: {} is not at least 1", o.games));
  if (o.threads < 1 || o.threads > 256) throw InputError(fmt::format("--threads: {} is not from 1 to 256", o.threads));
  if (configs.empty()) throw InputError("--variant/--holes/--config: no configuration matches");
  int most_games = 0;
  for (const Configuration& c : configs) most_games = std::max(most_games, c.games(o.games));
  if (o.game < -1 || o.game >= most_games)
    throw InputError(
        fmt::format("--game: {} is not a game of this run (0 to {}: --games {} plays {} per configuration{})", o.game,
                    most_games - 1, o.games, most_games, configs.size() > 1 ? " at most" : ""));
}

}  // namespace

std::vector<std::string> check_names() {
  std::vector<std::string> names;
  for (const CheckEntry& e : check_table()) names.emplace_back(e.name);
  return names;
}

std::string command_running_only(const std::string& name, const VerifyOptions& options) {
  std::vector<std::string> skip;
  for (const CheckEntry& e : check_table())
    if (e.name != name && e.selected != full) skip.emplace_back(e.name);
  return fmt::format("hoyito verify --seed {} --games {} --record-games {} --skip {}", options.seed, options.games,
                     options.record_games, fmt::join(skip, ","));
}

void clear_run_output(const std::string& out) {
  namespace fs = std::filesystem;
  const auto owned = [](const std::string& name) {
    const auto starts = [&](std::string_view s) { return name.rfind(s, 0) == 0; };
    const auto ends = [&](std::string_view s) {
      return name.size() >= s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0;
    };
    return (starts("disagreement-") && ends(".json")) || (starts("lap-limit-disagreement-") && ends(".json")) ||
           (starts("match-disagreement-") && ends(".json")) ||
           (starts("exhaustive-2x") && ends("-disagreement.json")) || (starts("games-") && ends(".jsonl")) ||
           (starts("class-") && ends(".json")) || name == "disagreements.jsonl";  // verify --engine's
  };
  std::error_code error;
  for (fs::directory_iterator it(out, error), end; !error && it != end; it.increment(error)) {
    const std::string name = it->path().filename().string();
    if (!owned(name) || !it->is_regular_file()) continue;
    std::error_code removing;
    if (!fs::remove(it->path(), removing) || removing)
      throw OutputError(fmt::format("--out {}: cannot remove the earlier run's {}: {}", out, name, removing.message()));
  }
  if (error) throw OutputError(fmt::format("--out {}: cannot list the folder: {}", out, error.message()));
}

namespace {

// The run's first line: the seed, the configurations, the lockstep games and the threads.
void announce_run(const VerifyOptions& options, const std::vector<Configuration>& configs, Reporter& reporter) {
  long lockstep_games = 0;
  for (const Configuration& c : configs)  // as the lockstep check counts them (harness/verify/check_lockstep.cpp)
    lockstep_games += options.game < 0 ? c.games(options.games) : options.game < c.games(options.games);
  reporter.line(
      fmt::format("hoyito verify: seed {}, {} configuration(s), {} lockstep games ({} per standard 2x6 "
                  "configuration, the others a share of it), {} thread(s)",
                  options.seed, configs.size(), lockstep_games, options.games, options.threads));
}

// What the checks run so far add up to.
struct Tally {
  int failures = 0;
  long checked = 0;
  std::vector<std::string> ran;
};

// Why `entry` is not run now, or nullopt when it is.
std::optional<std::string> why_left_out(const CheckEntry& entry, const VerifyOptions& options, const Tally& tally) {
  if (!entry.selected(options)) return why_not_selected(entry);
  if (std::count(options.skip.begin(), options.skip.end(), entry.name) > 0) return "--skip";
  if (options.fail_fast && tally.failures > 0) return "--fail-fast: an earlier check failed";
  if (interrupted()) return "interrupted before it started";  // the checks not started are listed later
  return std::nullopt;
}

// Runs one check into `outcome`: its result and time. An error that is not bad input counts as
// one failure of the check.
void run_check(const CheckEntry& entry, const VerifyOptions& options, Reporter& reporter, CheckOutcome& outcome) {
  running_check = entry.name;
  const Stopwatch check_clock;
  const auto counts_before = model::rule_counts();  // the check's workers have joined when it returns
  try {
    outcome.result = entry.run(options, reporter);
  } catch (const InputError&) {
    throw;                        // bad input (a specs file, the --out folder): exit 2, the message names it
  } catch (const Interrupted&) {  // the check stopped unfinished: the run reports the interrupt
  } catch (const std::bad_alloc&) {
    throw;                             // out of memory is not a failed check: an internal error (exit 3), named as such
  } catch (const std::exception& e) {  // not a unit's (those are named by the campaign): the check's
    reporter.line(fmt::format("  FAIL {}: {}", outcome.name, e.what()));
    outcome.result.failures += 1;
  }
  outcome.seconds = check_clock.seconds();
  const auto counts_after = model::rule_counts();
  outcome.result.rule_counts.resize(counts_after.size());
  for (std::size_t i = 0; i < counts_after.size(); ++i)
    outcome.result.rule_counts[i] = counts_after[i] - counts_before[i];
}

// A run check's state: failed, checked nothing (and why), or passed.
void settle_state(const VerifyOptions& options, CheckOutcome& outcome) {
  if (outcome.result.failures > 0) {
    outcome.state = CheckState::failed;
  } else if (outcome.result.checked == 0) {
    outcome.state = CheckState::checked_nothing;
    outcome.reason = interrupted()         ? "interrupted before it checked anything"
                     : options.seconds > 0 ? fmt::format("--seconds {} stopped it before it started", options.seconds)
                                           : "its selection was empty";
  } else {
    outcome.state = CheckState::passed;
  }
}

// Every check of the table, run or left out (with why), into run.checks.
Tally run_checks(const VerifyOptions& options, Reporter& reporter, const Stopwatch& clock, VerifyResult& run) {
  Tally tally;
  // With --fail-fast, the first check that fails ends the run and is named, with the time.
  install_crash_handler();
  for (const CheckEntry& entry : check_table()) {
    CheckOutcome& outcome = run.checks.emplace_back();
    outcome.name = entry.name;
    if (std::optional<std::string> why = why_left_out(entry, options, tally)) {
      outcome.reason = std::move(*why);
      continue;
    }
    // --seconds counts from the start of the run (options.started): the fixed checks (scenarios,
    // records) spend it too, and the checks that grow with --games (limits, lockstep, matches)
    // get what is left, each at least one unit, so that the run ends about when it was asked to.
    VerifyOptions check_options = options;
    check_options.after_fixed_checks = std::find(tally.ran.begin(), tally.ran.end(), "scenarios") != tally.ran.end() ||
                                       std::find(tally.ran.begin(), tally.ran.end(), "records") != tally.ran.end();
    run_check(entry, check_options, reporter, outcome);
    tally.failures += outcome.result.failures;
    tally.checked += outcome.result.checked;
    tally.ran.push_back(outcome.name);
    settle_state(options, outcome);
    for (const ConfigurationResult& c : outcome.result.configurations)
      if (c.games_played == 0) run.configurations_left_out.push_back(c.name);
    if (options.fail_fast && tally.failures > 0)
      reporter.line(fmt::format("first failure: {} after {:.1f} s", outcome.name, clock.seconds()));
  }
  return tally;
}

// The coverage gate: a run that claims to check the rules must have seen every rule fire. A
// filter makes a run check less than the rules, and the gate does not apply: the run says so.
// Returns the failures it adds (the rules that never fired).
int apply_coverage_gate(const std::vector<std::string>& filters, Reporter& reporter, VerifyResult& run) {
  run.rules_never_fired = print_rule_coverage(reporter, run.rule_counts);
  run.coverage_gate_applies = filters.empty();
  if (!run.coverage_gate_applies) {
    run.coverage_gate_note = fmt::format("not applied: {} checks less than the rules", fmt::join(filters, " "));
    reporter.line(fmt::format("rule-coverage gate {}", run.coverage_gate_note));
    return 0;
  }
  if (run.rules_never_fired > 0) {
    run.coverage_gate_note = fmt::format("{} rule(s) never fired", run.rules_never_fired);
    reporter.line(fmt::format("FAIL: {} rule(s) never fired in this verification", run.rules_never_fired));
    return run.rules_never_fired;
  }
  run.coverage_gate_note = "every rule fired";
  return 0;
}

// What the verdict covers: the checks left out (those of --full aside, which a plain run never
// claims) and the configurations that played no game, or fewer than asked.
struct Coverage {
  std::vector<std::string> left_out, empty, full_only;
  int cut_short = 0;
};

Coverage coverage_of(const VerifyResult& run) {
  Coverage c;
  for (const CheckOutcome& check : run.checks) {
    if (check.state == CheckState::left_out && check.reason == "only with --full") c.full_only.push_back(check.name);
    if (check.state == CheckState::left_out && check.reason != "only with --full")
      c.left_out.push_back(fmt::format("{} ({})", check.name, check.reason));
    if (check.state == CheckState::checked_nothing) c.empty.push_back(fmt::format("{} ({})", check.name, check.reason));
    for (const ConfigurationResult& r : check.result.configurations)
      c.cut_short += r.games_played > 0 && r.games_played < r.games_planned;
  }
  return c;
}

void print_coverage(const Coverage& c, const VerifyResult& run, std::size_t configurations, Reporter& reporter) {
  if (!c.left_out.empty()) reporter.line(fmt::format("checks left out: {}", fmt::join(c.left_out, ", ")));
  if (!c.empty.empty()) reporter.line(fmt::format("checks that checked nothing: {}", fmt::join(c.empty, ", ")));
  if (!run.configurations_left_out.empty()) {
    constexpr std::size_t kNamesShown = 8;  // the whole list is in the --json file
    const std::vector<std::string>& names = run.configurations_left_out;
    const std::size_t shown = std::min(names.size(), kNamesShown);
    reporter.line(fmt::format("configurations left out (no game played): {} of {}: {}{}", names.size(), configurations,
                              fmt::join(names.begin(), names.begin() + static_cast<std::ptrdiff_t>(shown), ", "),
                              names.size() > shown ? fmt::format(" and {} more", names.size() - shown) : ""));
  }
  if (c.cut_short > 0) reporter.line(fmt::format("configurations cut short (fewer games than asked): {}", c.cut_short));
}

void report_interrupted(const VerifyOptions& options, const Tally& tally, const Stopwatch& clock, Reporter& reporter,
                        VerifyResult& run) {
  // What ran is reported, never a PASS; run_cli exits 130 (SIGINT) or 143.
  const std::vector<std::string>& ran = tally.ran;
  reporter.line(
      fmt::format("\nINTERRUPTED{} after {:.1f} s: checks run (the last one cut short): {}; {} failure(s) "
                  "found, disagreement files in {}",
                  interrupt_note(), clock.seconds(), ran.empty() ? "none" : fmt::format("{}", fmt::join(ran, ", ")),
                  tally.failures, options.out));
  run.verdict = "INTERRUPTED";
  run.exit_code = tally.failures == 0 ? 0 : 1;
}

// The verdict of a run that checked something: FAIL, PASS or PASS (partial), with its line.
void give_verdict(const VerifyOptions& options, const std::vector<Configuration>& configs, const Stopwatch& clock,
                  Reporter& reporter, Tally& tally, VerifyResult& run) {
  const std::vector<std::string> filters = filters_of(options);
  tally.failures += apply_coverage_gate(filters, reporter, run);
  const Coverage covered = coverage_of(run);
  print_coverage(covered, run, configs.size(), reporter);
  if (tally.failures > 0 || !covered.empty.empty()) {
    reporter.line(fmt::format("\nFAIL in {:.1f} s (output in {})", clock.seconds(), options.out));
    return;
  }
  const bool partial =
      !covered.left_out.empty() || !run.configurations_left_out.empty() || covered.cut_short > 0 || !filters.empty();
  run.verdict = partial ? "PASS (partial)" : "PASS";
  run.exit_code = 0;
  // The checks of --full are not part of a plain run's verdict, but the line says they did not run.
  std::string not_run = covered.full_only.empty()
                            ? ""
                            : fmt::format("; not run: {} (only with --full)", fmt::join(covered.full_only, " and "));
  if (!options.skip.empty()) not_run += fmt::format("; skipped: {} (--skip)", fmt::join(options.skip, ", "));
  reporter.line(fmt::format("\n{}: no disagreement in what ran{}, {:.1f} s (output in {})", run.verdict, not_run,
                            clock.seconds(), options.out));
}

}  // namespace

VerifyResult verify(const VerifyOptions& given, Reporter& reporter) {
  const Stopwatch clock;
  VerifyOptions options = given;
  options.started = std::chrono::steady_clock::now();  // --seconds counts from here
  const std::vector<Configuration> configs = select_configurations(options.variant, options.holes, options.config);
  validate(options, configs);
  make_folder(options.out, "--out");
  clear_run_output(options.out);
  announce_run(options, configs, reporter);
  VerifyResult run;
  Tally tally = run_checks(options, reporter, clock, run);
  run.exit_code = 1;
  run.verdict = "FAIL";
  if (options.fail_fast && tally.failures > 0) {
    reporter.line("FAIL");
  } else if (interrupted()) {
    report_interrupted(options, tally, clock, reporter, run);
  } else if (tally.checked == 0) {
    reporter.line(fmt::format("\nFAIL: nothing was checked ({}) in {:.1f} s",
                              tally.ran.empty() ? "every check was left out" : "the checks run selected nothing",
                              clock.seconds()));
  } else {
    give_verdict(options, configs, clock, reporter, tally, run);
  }
  run.seconds = clock.seconds();
  return run;
}

int run_verify(const VerifyOptions& options, Reporter& reporter) {
  // Made first, so that a --json or --junit path that cannot be written fails before the run.
  std::optional<WholeFile> json_file, junit_file;
  if (!options.json.empty()) json_file.emplace(options.json);
  if (!options.junit.empty()) junit_file.emplace(options.junit);
  const VerifyResult result = verify(options, reporter);
  if (interrupted()) {
    if (json_file || junit_file) reporter.line("no --json or --junit file written (the run was interrupted)");
    return result.exit_code;  // the files not committed are removed
  }
  if (json_file) {
    json_file->write(verify_result_json(result, options) + "\n");
    json_file->commit();
  }
  if (junit_file) {
    junit_file->write(verify_result_junit(result, options));
    junit_file->commit();
  }
  return result.exit_code;
}

}  // namespace hoyito
