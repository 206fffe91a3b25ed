// The scenarios check: every hand-derived scenario of specs/scenarios/ on the reference model
// and on the engine (match scenarios, MATCH-1..3, on the model's match and on the engine's).
#include <fmt/format.h>

#include "engine/engine.h"
#include "engine/match.h"
#include "harness/verify/checks.h"
#include "io/scenario_check.h"
#include "model/model.h"

namespace hoyito {

namespace {

// `standing_of` is model::match_standing or engine::match_standing.
template <class StandingOf>
std::vector<std::string> check_match(const Scenario& s, StandingOf standing_of) {
  std::vector<std::string> failures;
  std::vector<MatchGame> games;
  for (const auto& g : s.match->games) games.push_back({g});
  const MatchStanding got = standing_of(s.rules, games);
  const ScenarioMatch& want = *s.match;
  if (got.starters != want.starters || got.previous_winners != want.previous_winners ||
      got.games_won != want.games_won || got.seeds != want.seeds || got.winner != want.winner)
    failures.push_back(s.id + ": match standing differs from the expectation");
  return failures;
}

// Each failure, prefixed with the implementation that failed.
std::vector<std::string> check_on_both(const Scenario& s) {
  auto failures = s.match ? check_match(s, model::match_standing) : check_scenario<model::Game>(s);
  for (auto& f : failures) f = "model: " + f;
  for (const auto& f : s.match ? check_match(s, engine::match_standing) : check_scenario<engine::Game>(s))
    failures.push_back("engine: " + f);
  return failures;
}

}  // namespace

CheckResult run_scenarios(const VerifyOptions& options, Reporter& reporter) {
  const Stopwatch clock;
  const std::vector<Scenario> scenarios = load_scenarios(options.specs + "/scenarios");
  CheckResult result;
  // One by one: the failures print in the order of the files.
  result.failures += run_one_by_one(
      "scenarios", "scenarios", scenarios.size(),
      [&](std::size_t i) {
        const std::vector<std::string> failures = check_on_both(scenarios[i]);
        for (const auto& f : failures) reporter.line("  FAIL " + f);
        result.checked += 1;
        return static_cast<int>(failures.size());
      },
      [&](std::size_t i) { return fmt::format("scenario {} ({})", scenarios[i].id, scenarios[i].file); }, options,
      reporter);
  reporter.line(fmt::format("scenarios: {} hand-derived scenarios on model and engine, {} failures ({:.1f} s)",
                            scenarios.size(), result.failures, clock.seconds()));
  return result;
}

}  // namespace hoyito
