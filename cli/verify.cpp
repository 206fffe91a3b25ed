// `hoyito verify`, the main job:
//   1. every hand-derived scenario of specs/ on the reference model and on the engine;
//   2. random games of every variant and size written as records, read back and replayed;
//   3. every move of sampled positions played at its Q-LIMIT boundary (harness/lap_limits.h);
//   4. random games played by model and engine in lockstep, for every configuration of the rules
//      that changes play, compared at every ply (harness/differential.h);
//   5. Hoyito III matches of several games in lockstep;
// then a table per configuration. Exit 0 only when nothing disagrees.
#include <unistd.h>

#include <csignal>
#include <cstdlib>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <thread>
#include <unordered_set>

#include <fmt/format.h>

#include "cli/commands.h"
#include "harness/configurations.h"
#include "core/record.h"
#include "engine/engine.h"
#include "harness/differential.h"
#include "harness/lap_limits.h"
#include "harness/play.h"
#include "harness/scenario.h"
#include "model/model.h"
#include "model/rule_counts.h"

namespace hoyito {

namespace {

using Clock = std::chrono::steady_clock;
namespace json = boost::json;

// The check running now, named by the crash handler: a bug in either implementation may crash
// the process rather than disagree (a planted one does: mutant 2 of engine/mutants.h), and the
// user then needs to know which check to rerun under a debugger.
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

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

std::vector<std::string> check_match(const Scenario& s) {
  std::vector<std::string> failures;
  std::vector<model::MatchGame> games;
  for (const auto& g : s.match->games) games.push_back({g});
  const model::MatchStanding got = model::match_standing(s.rules, games);
  const ScenarioMatch& want = *s.match;
  if (got.starters != want.starters || got.previous_winners != want.previous_winners || got.games_won != want.games_won ||
      got.seeds != want.seeds || got.winner != want.winner)
    failures.push_back(s.id + ": match standing differs from the expectation");
  return failures;
}

int run_scenarios(const std::string& dir) {
  const auto start = Clock::now();
  const std::vector<Scenario> scenarios = load_scenarios(dir + "/scenarios");
  int failed = 0;
  for (const Scenario& s : scenarios) {
    auto failures = s.match ? check_match(s) : check_scenario<model::Game>(s);
    for (auto& f : failures) f = "model: " + f;
    if (!s.match)
      for (const auto& f : check_scenario<engine::Game>(s)) failures.push_back("engine: " + f);
    for (const auto& f : failures) std::cout << "  FAIL " << f << "\n";
    failed += static_cast<int>(failures.size());
  }
  std::cout << fmt::format("scenarios: {} hand-derived scenarios on model and engine, {} failures ({:.1f} s)\n",
                           scenarios.size(), failed, seconds_since(start));
  return failed;
}

// Records written, read back, replayed: the record format round-trips for every variant and size.
int run_records(int games, std::uint64_t seed, const std::string& out_dir) {
  const auto start = Clock::now();
  int invalid = 0, total = 0;
  for (Variant v : {Variant::hoyito1, Variant::hoyito2, Variant::hoyito3})
    for (int n : {6, 12}) {
      Rules rules;
      rules.variant = v;
      rules.holes_per_row = n;
      const std::string path = fmt::format("{}/games-{}-2x{}.jsonl", out_dir, variant_name(v), n);
      std::vector<GameRecord> written;
      {
        std::ofstream out(path);
        if (!out) throw InputError(fmt::format("--out {}: cannot write {}", out_dir, path));
        for (int i = 0; i < (n == 6 ? games : std::max(1, games / 5)); ++i) {
          written.push_back(random_game(rules, seed, static_cast<std::uint64_t>(i)));
          out << to_json_line(written.back()) << "\n";
        }
      }
      const auto docs = read_json_documents(path);
      for (size_t i = 0; i < docs.size(); ++i) {
        try {
          const GameRecord read = game_from_json(docs[i].value, docs[i].where);
          replay_record(read, docs[i].where);
          if (i >= written.size() || !(read == written[i]))
            throw InputError(fmt::format("{}: the record read back differs from the one written", docs[i].where));
        } catch (const InputError& e) {
          std::cout << "  INVALID " << e.what() << "\n";
          invalid += 1;
        }
      }
      total += static_cast<int>(docs.size());
      invalid += static_cast<int>(written.size()) - static_cast<int>(docs.size());
    }
  std::cout << fmt::format("records: {} random games written, read back and replayed, {} invalid ({:.1f} s)\n", total,
                           invalid, seconds_since(start));
  return invalid;
}

struct ConfigStats {
  int games = 0;
  long plies = 0;
  int endless = 0, unterminated = 0, voided = 0, disagreements = 0;
  std::unordered_set<std::uint64_t> positions;
};

class Campaign {
 public:
  Campaign(const VerifyArgs& args, std::vector<Configuration> configs)
      : args_(args),
        configs_(std::move(configs)),
        stats_(configs_.size()),
        workers_(static_cast<size_t>(std::max(1, args.threads))) {}

  int run() {
    // Tasks are (configuration, game) pairs, interleaved so that a time limit still covers
    // every configuration.
    for (int g = 0; g < args_.games; ++g)
      for (size_t c = 0; c < configs_.size(); ++c)
        if (g < configs_[c].games(args_.games) && (args_.game < 0 || g == args_.game)) tasks_.push_back({c, g});
    start_ = Clock::now();
    std::vector<std::thread> threads;
    for (int t = 0; t < std::max(1, args_.threads); ++t) threads.emplace_back([this, t] { work(static_cast<size_t>(t)); });
    std::thread progress([this] { report_progress(); });
    for (auto& t : threads) t.join();
    done_ = true;
    progress.join();
    return print_table();
  }

 private:
  struct Task {
    size_t config;
    int game;
  };

  void work(size_t worker) {
    while (true) {
      workers_[worker].task = -1;
      const size_t i = next_++;
      if (i >= tasks_.size()) return;
      if (args_.fail_fast && disagreements_ > 0) return;
      if (args_.seconds > 0 && seconds_since(start_) > args_.seconds) {
        timed_out_ = true;
        return;
      }
      const Task task = tasks_[i];
      workers_[worker].since = Clock::now().time_since_epoch().count();
      workers_[worker].task = static_cast<long>(i);
      const Configuration& config = configs_[task.config];
      SplitMix64 rng{game_seed(args_.seed ^ config.salt(), static_cast<std::uint64_t>(task.game))};
      LockstepStats s;
      const auto disagreement = lockstep_game(config.rules, start_position(config.rules), rng, s);
      if (disagreement) write_disagreement(*disagreement, config, task.game, worker);  // shrinks: not under the lock
      std::lock_guard<std::mutex> lock(mutex_);
      ConfigStats& cs = stats_[task.config];
      cs.games += 1;
      cs.plies += s.plies;
      cs.endless += s.endless_moves;
      cs.unterminated += s.status == Status::unterminated;
      cs.voided += s.status == Status::void_game;
      cs.positions.insert(s.position_hashes.begin(), s.position_hashes.end());
      finished_ += 1;
      cs.disagreements += disagreement.has_value();
    }
  }

  void write_disagreement(const Disagreement& d, const Configuration& config, int game, size_t worker) {
    const int number = ++disagreements_;
    if (number > 20) return;  // enough to go on; the table still counts them all
    const std::string command =
        fmt::format("hoyito verify --seed {} --config {} --game {}", args_.seed, config.name, game);
    const std::string path = fmt::format("{}/disagreement-{}.json", args_.out, number);
    // Written at once unshrunk (shrinking may hang with a broken engine), then again shrunk.
    std::ofstream(path) << json::serialize(disagreement_to_json(d, d, command, args_.seed)) << "\n";
    std::cout << fmt::format("DISAGREEMENT {} game {}: {} differs at ply {}, written to {}; shrinking it\n", config.name,
                             game, d.field, d.moves.size(), path)
              << std::flush;
    workers_[worker].shrinking = true;
    const Disagreement small = shrink(d);
    workers_[worker].shrinking = false;
    std::ofstream(path) << json::serialize(disagreement_to_json(d, small, command, args_.seed)) << "\n";
    std::cout << fmt::format("  shrunk (replay: hoyito replay {})\n", path) << std::flush;
  }

  void report_progress() {
    const bool terminal = isatty(STDOUT_FILENO);
    auto last_line = Clock::now();
    while (!done_) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      check_for_hung_games();
      const size_t finished = finished_.load();
      const double fraction = tasks_.empty() ? 1.0 : static_cast<double>(finished) / static_cast<double>(tasks_.size());
      if (terminal) {
        const int width = 40, filled = static_cast<int>(fraction * width);
        std::cout << fmt::format("\r  [{}{}] {:>3.0f}%  {} / {} games  {:.0f} s", std::string(static_cast<size_t>(filled), '#'),
                                 std::string(static_cast<size_t>(width - filled), '.'), 100 * fraction, finished,
                                 tasks_.size(), seconds_since(start_))
                  << std::flush;
      } else if (seconds_since(last_line) >= 10) {
        last_line = Clock::now();
        std::cout << fmt::format("  progress: {} / {} games, {:.0f} s\n", finished, tasks_.size(), seconds_since(start_))
                  << std::flush;
      }
    }
    if (terminal) std::cout << "\r" << std::string(80, ' ') << "\r";
  }

  // A game that runs for longer than --game-timeout is taken as hung (a loop in either
  // implementation: no real game comes near it). A thread cannot be stopped from outside, so
  // the run ends here, naming the game to replay.
  void check_for_hung_games() {
    for (const Worker& w : workers_) {
      const long task = w.task;
      if (task < 0) continue;
      const auto since = Clock::time_point(Clock::duration(w.since.load()));
      const double seconds = std::chrono::duration<double>(Clock::now() - since).count();
      if (w.task != task || seconds < args_.game_timeout) continue;
      const Task& t = tasks_[static_cast<size_t>(task)];
      const Configuration& config = configs_[t.config];
      std::cout << fmt::format("\nHUNG: {} game {} has run for {:.0f} s{} (--game-timeout {}); replay it with "
                               "hoyito verify --seed {} --config {} --game {}\n",
                               config.name, t.game, seconds, w.shrinking ? ", shrinking its disagreement" : "",
                               args_.game_timeout, args_.seed, config.name, t.game);
      std::cout << fmt::format("first failure: lockstep (a hung game) after {:.1f} s\nFAIL\n", seconds_since(start_))
                << std::flush;
      std::_Exit(1);
    }
  }

  int print_table() {
    std::cout << fmt::format("\n{:<44} {:>6} {:>9} {:>10} {:>8} {:>6} {:>5} {:>6}\n", "configuration", "games", "plies",
                             "positions", "endless", "unterm", "void", "disagr");
    ConfigStats total;
    for (size_t c = 0; c < configs_.size(); ++c) {
      const ConfigStats& s = stats_[c];
      if (s.games == 0) continue;
      std::cout << fmt::format("{:<44} {:>6} {:>9} {:>10} {:>8} {:>6} {:>5} {:>6}\n", configs_[c].name, s.games, s.plies,
                               s.positions.size(), s.endless, s.unterminated, s.voided, s.disagreements);
      total.games += s.games;
      total.plies += s.plies;
      total.endless += s.endless;
      total.unterminated += s.unterminated;
      total.voided += s.voided;
      total.disagreements += s.disagreements;
      positions_ += static_cast<long>(s.positions.size());
    }
    std::cout << fmt::format("{:<44} {:>6} {:>9} {:>10} {:>8} {:>6} {:>5} {:>6}\n", "total", total.games, total.plies,
                             positions_, total.endless, total.unterminated, total.voided, total.disagreements);
    std::cout << fmt::format("lockstep: {} games, {} plies compared in {:.1f} s on {} thread(s){}\n", total.games,
                             total.plies, seconds_since(start_), args_.threads,
                             timed_out_ ? fmt::format(" (stopped by --seconds {})", args_.seconds) : "");
    return total.disagreements;
  }

  const VerifyArgs& args_;
  std::vector<Configuration> configs_;
  std::vector<ConfigStats> stats_;
  std::vector<Task> tasks_;
  std::atomic<size_t> next_{0}, finished_{0};
  std::atomic<bool> done_{false}, timed_out_{false};
  std::atomic<int> disagreements_{0};
  // What each worker thread is doing, for the hung-game watch.
  struct Worker {
    std::atomic<long> task{-1};         // the task it plays, or -1
    std::atomic<Clock::rep> since{0};   // since when
    std::atomic<bool> shrinking{false};  // whether it is shrinking that game's disagreement
  };
  std::vector<Worker> workers_;
  std::mutex mutex_;
  Clock::time_point start_;
  long positions_ = 0;
};

// Hoyito III matches (MATCH-1..3, END-III-2..4, G8, G9): each game of a match is played in
// lockstep with the round, previous winner and starter the model's match rules give.
int run_matches(const VerifyArgs& args) {
  const auto start = Clock::now();
  int games = 0, matches = 0, disagreements = 0;
  long plies = 0;
  for (int n : {6, 12})
    for (MatchStarter starter : {MatchStarter::alternate, MatchStarter::loser})
      for (DrawnPreviousLastFour drawn : {DrawnPreviousLastFour::capturer, DrawnPreviousLastFour::split}) {
        Rules base;
        base.variant = Variant::hoyito3;
        base.holes_per_row = n;
        base.options.match_starter = starter;
        base.options.drawn_previous_last_four = drawn;
        const int count = std::max(1, (n == 6 ? args.games : Configuration::games_2x12(args.games)) / 10);
        for (int m = 0; m < count; ++m, ++matches) {
          std::vector<model::MatchGame> played;
          for (int round = 1; round <= 4; ++round) {
            const model::MatchStanding standing = model::match_standing(base, played);
            const Rules rules = model::rules_for_round(base, round, standing.previous_winners.back());
            SplitMix64 rng{game_seed(args.seed ^ 0x6d61746368ULL, static_cast<std::uint64_t>(matches * 8 + round))};
            LockstepStats stats;
            const auto d = lockstep_game(rules, start_position(rules, standing.starters.back()), rng, stats);
            games += 1;
            plies += stats.plies;
            if (d) {
              disagreements += 1;
              std::cout << fmt::format("DISAGREEMENT in a hoyito3 2x{} match, round {}: {} at ply {}\n", n, round, d->field,
                                       d->moves.size());
              break;
            }
            if (stats.status != Status::finished) break;  // no winner: the match cannot go on
            model::Game replay(rules, start_position(rules, standing.starters.back()));
            played.push_back({{0, 0}});
            SplitMix64 again{game_seed(args.seed ^ 0x6d61746368ULL, static_cast<std::uint64_t>(matches * 8 + round))};
            while (replay.status() == Status::playing) {
              const auto legal = replay.legal_plies();
              replay.play(legal[again.below(legal.size())]);
            }
            played.back().captured = replay.result().captured;
          }
          model::match_standing(base, played);
        }
      }
  std::cout << fmt::format("matches: {} hoyito3 matches, {} games, {} plies in lockstep, {} disagreements ({:.1f} s)\n",
                           matches, games, plies, disagreements, seconds_since(start));
  return disagreements;
}

// Q-LIMIT boundaries (harness/lap_limits.h): every move of sampled positions played with
// lap_limit at its own length and one lap less, on model and engine. The positions: every
// position of the hand-derived scenarios (among them the endless sowings of specs/), positions
// of random games of each variant, size and G1 value, and made-up boards of small counts, where
// endless sowings are less rare than in play.
int run_lap_limits(const VerifyArgs& args) {
  const auto start = Clock::now();
  LapLimitCounts counts;
  int disagreements = 0;
  auto check = [&](const Rules& rules, const Position& p, const std::string& where) {
    const auto d = check_lap_limits(rules, p, counts);
    if (!d) return true;
    disagreements += 1;
    const std::string path = fmt::format("{}/lap-limit-disagreement-{}.json", args.out, disagreements);
    std::ofstream(path) << json::serialize(disagreement_to_json(*d, shrink(*d), "hoyito replay " + path, args.seed)) << "\n";
    std::cout << fmt::format("DISAGREEMENT at the lap limit ({}, lap_limit={}): {} differs (written to {})\n", where,
                             d->rules.options.lap_limit, d->field, path);
    return false;
  };
  for (const Scenario& s : load_scenarios(args.specs + "/scenarios")) {
    if (s.match) continue;
    std::vector<Position> positions{s.start};
    for (const ScenarioStep& step : s.steps)
      if (step.after) positions.push_back(*step.after);
    for (const Position& p : positions)
      if (!check(s.rules, p, "scenario " + s.id) && args.fail_fast) return disagreements;
  }
  const int games = std::max(1, args.games / 200);
  const int made_up = std::max(1, args.games * 5);
  for (Variant v : {Variant::hoyito1, Variant::hoyito2, Variant::hoyito3})
    for (int n : {6, 12})
      for (bool skip : {false, true}) {
        Rules rules;
        rules.variant = v;
        rules.holes_per_row = n;
        rules.options.skip_origin = skip;
        const std::string name = fmt::format("{}-2x{}-{}", variant_name(v), n, skip ? "skip" : "noskip");
        const std::uint64_t salt = Configuration{name, rules}.salt();
        std::vector<Position> positions;
        for (int g = 0; g < games; ++g) {
          const GameRecord record = random_game(rules, args.seed ^ salt, static_cast<std::uint64_t>(g));
          positions.push_back(record.start);
          for (const Ply& ply : record.plies) positions.push_back(ply.after);
        }
        SplitMix64 rng{game_seed(args.seed ^ salt, 0x6c696d6974ULL)};
        for (int i = 0; i < made_up; ++i) positions.push_back(small_counts_position(rules, 1 + i % 3, rng));
        for (const Position& p : positions)
          if (!check(rules, p, name)) {
            if (args.fail_fast) return disagreements;
            break;
          }
      }
  std::cout << fmt::format("limits: {} positions, {} moves played at lap_limit = their length and one less ({} endless; "
                           "{} longer than {} laps skipped), {} disagreements ({:.1f} s)\n",
                           counts.positions, counts.moves, counts.endless, counts.too_long, kMeasureLaps, disagreements,
                           seconds_since(start));
  if (counts.model_inconsistent > 0)
    std::cout << fmt::format("  FAIL the model decided {} move(s) against its own lap count\n", counts.model_inconsistent);
  return disagreements + static_cast<int>(counts.model_inconsistent);
}

// Rule coverage: how often each rule fired in the plies the model played. Returns the number of
// rules that never fired, PASS-3 aside (it applies to no known position: specs/rules.md).
int print_rule_coverage() {
  const auto counts = model::rule_counts();
  std::cout << "\nrule coverage (times each rule fired in the model's plies):\n";
  std::string line;
  int never = 0;
  for (int i = 0; i < kRuleCount; ++i) {
    line += fmt::format("  {:<10}{:>11}", rule_text(static_cast<RuleId>(i)), counts[static_cast<size_t>(i)]);
    never += counts[static_cast<size_t>(i)] == 0;
    if (i % 4 == 3 || i + 1 == kRuleCount) {
      std::cout << line << "\n";
      line.clear();
    }
  }
  const bool pass3_fired = counts[static_cast<size_t>(RuleId::PASS_3)] > 0;
  std::cout << fmt::format("{} of {} rules fired{}\n", kRuleCount - never, kRuleCount,
                           pass3_fired ? "" : " (PASS-3 applies to no known position: specs/rules.md)");
  return never - (pass3_fired ? 0 : 1);
}

}  // namespace

int command_verify(const VerifyArgs& args) {
  if (args.games < 1) throw InputError(fmt::format("--games: {} is not at least 1", args.games));
  if (args.threads < 1 || args.threads > 256) throw InputError(fmt::format("--threads: {} is not from 1 to 256", args.threads));
  const auto start = Clock::now();
  std::filesystem::create_directories(args.out);
  const std::vector<Configuration> configs = select_configurations(args.variant, args.holes, args.config);
  if (configs.empty()) throw InputError("--variant/--holes/--config: no configuration matches");
  std::cout << fmt::format("hoyito verify: seed {}, {} configuration(s), up to {} games each (2x12: {}), {} thread(s)\n",
                           args.seed, configs.size(), args.games, Configuration::games_2x12(args.games), args.threads);

  int failures = 0;
  // With --fail-fast, the first check that fails ends the run and is named, with the time.
  install_crash_handler();
  auto check = [&](const char* name, auto&& run) {
    if (args.fail_fast && failures > 0) return;
    if (std::find(args.skip.begin(), args.skip.end(), name) != args.skip.end()) return;
    running_check = name;
    std::cout.flush();
    failures += run();
    if (args.fail_fast && failures > 0)
      std::cout << fmt::format("first failure: {} after {:.1f} s\n", name, seconds_since(start));
  };
  if (args.config.empty()) {
    check("scenarios", [&] { return run_scenarios(args.specs); });
    check("records", [&] { return run_records(args.record_games, args.seed, args.out); });
  }
  if (args.config.empty() && args.variant.empty() && args.holes == 0) check("limits", [&] { return run_lap_limits(args); });
  check("lockstep", [&] { return Campaign(args, configs).run(); });
  if (args.config.empty() && args.variant.empty() && args.holes == 0) check("matches", [&] { return run_matches(args); });
  if (args.full) check("full", [&] { return run_full_checks(args); });
  if (args.fail_fast && failures > 0) {
    std::cout << "FAIL\n";
    return 1;
  }
  const int rules_never_fired = print_rule_coverage();
  const bool whole_campaign =
      args.config.empty() && args.variant.empty() && args.holes == 0 && args.game < 0 && args.skip.empty();
  if (whole_campaign && rules_never_fired > 0) {
    std::cout << fmt::format("FAIL: {} rule(s) never fired in this verification\n", rules_never_fired);
    failures += rules_never_fired;
  }
  std::cout << fmt::format("\n{} in {:.1f} s (output in {})\n", failures == 0 ? "PASS: no disagreement" : "FAIL",
                           seconds_since(start), args.out);
  return failures == 0 ? 0 : 1;
}

}  // namespace hoyito
