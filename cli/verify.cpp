// `hoyito verify`, the main job: every hand-derived scenario of specs/ against the reference
// model, then random games of every variant and board size written as records, read back and
// replayed, with a summary table. Exit 0 only when everything holds.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "cli/commands.h"
#include "core/record.h"
#include "harness/play.h"
#include "harness/scenario.h"
#include "model/model.h"

namespace hoyito {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

std::vector<std::string> check_match(const Scenario& s) {
  std::vector<std::string> failures;
  std::vector<model::MatchGame> games;
  for (const auto& g : s.match->games) games.push_back({g});
  const model::MatchStanding got = model::match_standing(s.rules, games);
  const ScenarioMatch& want = *s.match;
  if (got.starters != want.starters) failures.push_back(s.id + ": starters differ");
  if (got.previous_winners != want.previous_winners) failures.push_back(s.id + ": previous_winners differ");
  if (got.games_won != want.games_won) failures.push_back(s.id + ": games_won differ");
  if (got.seeds != want.seeds) failures.push_back(s.id + ": seeds differ");
  if (got.winner != want.winner)
    failures.push_back(fmt::format("{}: winner {}, expected {}", s.id, outcome_name(got.winner), outcome_name(want.winner)));
  return failures;
}

// Scenarios: returns the number of failures.
int run_scenarios(const std::string& dir) {
  const auto start = Clock::now();
  const std::vector<Scenario> scenarios = load_scenarios(dir + "/scenarios");
  int failed = 0;
  for (const Scenario& s : scenarios) {
    const auto failures = s.match ? check_match(s) : check_scenario<model::Game>(s);
    for (const auto& f : failures) std::cout << "  FAIL " << f << "\n";
    failed += failures.empty() ? 0 : 1;
  }
  std::cout << fmt::format("scenarios: {} checked on the model, {} failed ({:.1f} s)\n", scenarios.size(), failed,
                           seconds_since(start));
  return failed;
}

struct ConfigSummary {
  std::string name;
  int games = 0;
  long plies = 0;
  int finished = 0, unterminated = 0, voided = 0, invalid = 0;
  double seconds = 0;
};

ConfigSummary run_random(const Rules& rules, int games, std::uint64_t seed, const std::string& out_dir) {
  ConfigSummary s;
  s.name = fmt::format("{} 2x{}", variant_name(rules.variant), rules.holes_per_row);
  const auto start = Clock::now();
  const std::string path = fmt::format("{}/{}-2x{}.jsonl", out_dir, variant_name(rules.variant), rules.holes_per_row);
  std::vector<GameRecord> written;
  {
    std::ofstream out(path);
    if (!out) throw InputError(fmt::format("--out {}: cannot write {}", out_dir, path));
    for (int i = 0; i < games; ++i) {
      written.push_back(random_game(rules, seed, static_cast<std::uint64_t>(i)));
      out << to_json_line(written.back()) << "\n";
    }
  }
  // Read back: every record must parse, replay, and equal what was written.
  const auto docs = read_json_documents(path);
  for (size_t i = 0; i < docs.size(); ++i) {
    try {
      const GameRecord read = game_from_json(docs[i].value, docs[i].where);
      replay_record(read, docs[i].where);
      if (i >= written.size() || !(read == written[i]))
        throw InputError(fmt::format("{}: record read back differs from the one written", docs[i].where));
      s.plies += static_cast<long>(read.plies.size());
      s.finished += read.result.status == Status::finished;
      s.unterminated += read.result.status == Status::unterminated;
      s.voided += read.result.status == Status::void_game;
    } catch (const InputError& e) {
      std::cout << "  INVALID " << e.what() << "\n";
      s.invalid += 1;
    }
  }
  s.games = static_cast<int>(docs.size());
  if (s.games != games) s.invalid += games - s.games;
  s.seconds = seconds_since(start);
  return s;
}

}  // namespace

int command_verify(const VerifyArgs& args) {
  if (args.games < 1) throw InputError(fmt::format("--games: {} is not at least 1", args.games));
  const auto start = Clock::now();
  std::filesystem::create_directories(args.out);
  int failures = run_scenarios(args.specs);

  std::vector<ConfigSummary> rows;
  for (Variant v : {Variant::hoyito1, Variant::hoyito2, Variant::hoyito3})
    for (int n : {6, 12}) {
      Rules rules;
      rules.variant = v;
      rules.holes_per_row = n;
      const int games = n == 6 ? args.games : std::max(1, args.games / 10);
      rows.push_back(run_random(rules, games, args.seed, args.out));
      std::cout << fmt::format("  {}: {} games ({:.1f} s)\n", rows.back().name, games, rows.back().seconds) << std::flush;
    }
  std::cout << fmt::format("\n{:<14} {:>7} {:>10} {:>9} {:>13} {:>6} {:>8} {:>8}\n", "configuration", "games",
                           "plies", "finished", "unterminated", "void", "invalid", "seconds");
  for (const auto& r : rows) {
    std::cout << fmt::format("{:<14} {:>7} {:>10} {:>9} {:>13} {:>6} {:>8} {:>8.1f}\n", r.name, r.games, r.plies,
                             r.finished, r.unterminated, r.voided, r.invalid, r.seconds);
    failures += r.invalid;
  }
  std::cout << fmt::format("\nrecords in {}; {} in {:.1f} s\n", args.out, failures == 0 ? "PASS" : "FAIL",
                           seconds_since(start));
  return failures == 0 ? 0 : 1;
}

}  // namespace hoyito
