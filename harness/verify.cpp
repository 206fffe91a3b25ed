#include "harness/verify.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <filesystem>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/rules.h"
#include "harness/campaign.h"
#include "harness/checks/checks.h"
#include "harness/configurations.h"
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
      {"scenarios", run_scenarios, whole_rules}, {"records", run_records, whole_rules},
      {"limits", run_limits, unfiltered},        {"lockstep", run_lockstep, always},
      {"matches", run_matches, unfiltered},      {"exhaustive", run_exhaustive, full},
      {"perft", run_perft, full},
  };
  return table;
}

// Rule coverage: how often each rule fired in the plies the model played. Returns the number of
// rules that never fired, PASS-3 aside (it applies to no known position: specs/rules.md).
int print_rule_coverage(Reporter& reporter) {
  constexpr int kRulesPerLine = 4;
  const auto counts = model::rule_counts();
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
    throw InputError(fmt::format("--game: {} is not a game of this run (0 to {}: --games {} plays {} per configuration{})",
                                 o.game, most_games - 1, o.games, most_games, configs.size() > 1 ? " at most" : ""));
}

void make_output_folder(const std::string& out) {
  std::error_code error;
  std::filesystem::create_directories(out, error);
  if (error || !std::filesystem::is_directory(out))
    throw InputError(fmt::format("--out {}: cannot make the folder: {}", out, error ? error.message() : "not a folder"));
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

int run_verify(const VerifyOptions& options, Reporter& reporter) {
  const Stopwatch clock;
  const std::vector<Configuration> configs = select_configurations(options.variant, options.holes, options.config);
  validate(options, configs);
  make_output_folder(options.out);
  long lockstep_games = 0;
  for (const Configuration& c : configs)  // as the lockstep check counts them (harness/checks/lockstep.cpp)
    lockstep_games += options.game < 0 ? c.games(options.games) : options.game < c.games(options.games);
  reporter.line(fmt::format("hoyito verify: seed {}, {} configuration(s), {} lockstep games ({} per standard 2x6 "
                            "configuration, the others a share of it), {} thread(s)",
                            options.seed, configs.size(), lockstep_games, options.games, options.threads));

  int failures = 0;
  long checked = 0;
  std::vector<std::string> ran;
  // With --fail-fast, the first check that fails ends the run and is named, with the time.
  install_crash_handler();
  for (const CheckEntry& entry : check_table()) {
    const std::string name = entry.name;
    if (options.fail_fast && failures > 0) break;
    if (interrupted()) break;  // the checks not started are listed below
    if (!entry.selected(options) || std::count(options.skip.begin(), options.skip.end(), name) > 0) continue;
    running_check = entry.name;
    CheckResult result;
    try {
      result = entry.run(options, reporter);
    } catch (const InputError&) {
      throw;  // bad input (a specs file, the --out folder): exit 2, the message names it
    } catch (const std::exception& e) {  // not a unit's (those are named by the campaign): the check's
      reporter.line(fmt::format("  FAIL {}: {}", name, e.what()));
      result.failures += 1;
    }
    failures += result.failures;
    checked += result.checked;
    ran.push_back(name);
    if (options.fail_fast && failures > 0)
      reporter.line(fmt::format("first failure: {} after {:.1f} s", name, clock.seconds()));
  }
  if (options.fail_fast && failures > 0) {
    reporter.line("FAIL");
    return 1;
  }
  if (interrupted()) {  // what ran is reported, never a PASS; run_cli exits 130 (SIGINT) or 143
    reporter.line(fmt::format("\nINTERRUPTED{} after {:.1f} s: checks run (the last one cut short): {}; {} failure(s) "
                              "found, disagreement files in {}",
                              interrupt_note(), clock.seconds(), ran.empty() ? "none" : fmt::format("{}", fmt::join(ran, ", ")),
                              failures, options.out));
    return failures == 0 ? 0 : 1;
  }
  if (checked == 0) {
    reporter.line(fmt::format("\nFAIL: nothing was checked ({}) in {:.1f} s",
                              ran.empty() ? "every check was skipped" : "the checks run selected nothing", clock.seconds()));
    return 1;
  }
  const int rules_never_fired = print_rule_coverage(reporter);
  const bool whole_campaign = unfiltered(options) && options.game < 0 && options.skip.empty();
  if (whole_campaign && rules_never_fired > 0) {
    reporter.line(fmt::format("FAIL: {} rule(s) never fired in this verification", rules_never_fired));
    failures += rules_never_fired;
  }
  reporter.line(fmt::format("\n{} in {:.1f} s (output in {})", failures == 0 ? "PASS: no disagreement" : "FAIL",
                            clock.seconds(), options.out));
  return failures == 0 ? 0 : 1;
}

}  // namespace hoyito
