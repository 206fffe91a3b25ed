// The lockstep, limits and matches checks of `verify --engine` (harness/verify/engine_verify.h).
#include <map>
#include <mutex>
#include <set>

#include <fmt/format.h>

#include "harness/base/campaign.h"
#include "harness/verify/configurations.h"
#include "harness/verify/engine_under_test.h"
#include "harness/verify/engine_verify_run.h"
#include "harness/verify/lap_limits.h"
#include "io/scenario.h"
#include "model/model.h"

namespace hoyito {

namespace {

constexpr std::uint64_t kLimitSalt = 0x656c696d6974ULL;  // "elimit": the made-up boards of the limits check
constexpr std::uint64_t kMatchSalt = 0x656d61746368ULL;  // "ematch": the games of the matches check
constexpr int kLimitBoards = 12;                         // made-up boards per variant and size in the limits check
constexpr int kMatchRounds = 4;                          // games in a match (MATCH-1)

struct LockstepTask {
  const Configuration* config;
  int game;
};

// The supported configurations' games, interleaved (every configuration's game 0, then game 1,
// ...) as verify's lockstep check plays them; the unsupported configurations are said, grouped by why.
std::vector<LockstepTask> lockstep_tasks(EngineRun& run, const std::vector<Configuration>& configs) {
  std::map<std::string, int> unsupported;
  std::vector<const Configuration*> played;
  for (const Configuration& c : configs) {
    const std::string why = run.caps().unsupported(c.rules);
    if (why.empty())
      played.push_back(&c);
    else
      unsupported[why] += 1;
  }
  for (const auto& [why, count] : unsupported) {
    run.r.line(fmt::format("  SKIP lockstep: {} configuration(s): not supported by the engine: {}", count, why));
    run.skipped += count;
  }
  std::vector<LockstepTask> tasks;
  for (int g = 0; g < run.o.games; ++g)
    for (const Configuration* c : played)
      if (g < c->games(run.o.games)) tasks.push_back({c, g});
  return tasks;
}

std::size_t configurations_of(const std::vector<LockstepTask>& tasks) {
  std::set<const Configuration*> seen;
  for (const LockstepTask& t : tasks) seen.insert(t.config);
  return seen.size();
}

struct LockstepTotals {
  std::mutex mutex;
  long games = 0, plies = 0;
};

void play_lockstep_task(EngineRun& run, const LockstepTask& t, std::size_t worker, LockstepTotals& totals) {
  const std::string what = fmt::format("lockstep {} game {}", t.config->name, t.game);
  EngineSession& session = *run.sessions[worker];
  const EngineScope scope(run.sessions[worker]);
  if (run.refused_before(t.config->name)) return;
  guarded(run, what, [&] {
    SplitMix64 rng{Campaign::seed_of(run.o.seed ^ t.config->salt(), static_cast<std::uint64_t>(t.game))};
    const Position start = t.config->start(rng);
    EngineGame game;
    try {
      game = engine_lockstep_game(t.config->rules, start, rng);
    } catch (const EngineRefusal& e) {
      if (e.reason != protocol::Reason::unsupported) throw;
      return run.refused(t.config->name, e.what());
    }
    {
      const std::lock_guard<std::mutex> lock(totals.mutex);
      totals.games += 1;
      totals.plies += game.plies;
    }
    run.checked += 1;
    if (game.disagreement) run.disagreement(*game.disagreement, what, session);
  });
}

}  // namespace

void engine_lockstep(EngineRun& run) {
  if (!run.runs("lockstep") || run.gave_up()) return;
  const std::vector<Configuration> configs = lockstep_configurations();
  const std::vector<LockstepTask> tasks = lockstep_tasks(run, configs);
  Campaign campaign({"lockstep", "games", static_cast<int>(run.sessions.size()), 0, 3600}, run.r);
  LockstepTotals totals;
  const int before = run.disagreements;
  const CampaignSummary summary = campaign.run(
      tasks.size(),
      [&](std::size_t i, std::size_t worker) {
        if (run.gave_up()) return campaign.stop();  // the engine keeps failing: say so once, stop
        play_lockstep_task(run, tasks[i], worker, totals);
      },
      [&](std::size_t i) {
        return WorkName{fmt::format("{} game {}", tasks[i].config->name, tasks[i].game), "hoyito verify --engine ..."};
      });
  for (const WorkFailure& f : summary.failures) {
    run.r.line(fmt::format("  FAIL {}: {}", f.name.what, f.error));
    run.failures += 1;
  }
  run.r.line(
      fmt::format("lockstep: {} games, {} plies compared in {:.1f} s over {} supported configuration(s) of {}, "
                  "{} disagreement(s)",
                  totals.games, totals.plies, summary.seconds, configurations_of(tasks), configs.size(),
                  run.disagreements - before));
}

namespace {

Rules lap_limit_probe(Rules rules) {  // as check_lap_limits plays them: G6 void, a small lap_limit
  rules.options.endless_sowing = EndlessSowing::void_game;
  rules.options.lap_limit = 1;
  return rules;
}

// The positions of the limits check: every position of the hand-derived scenarios the engine
// plays, and made-up boards of small counts of each variant and size it plays.
std::vector<std::pair<Rules, Position>> limit_positions(EngineRun& run) {
  std::vector<std::pair<Rules, Position>> out;
  for (const Scenario& s : load_scenarios(run.o.specs + "/scenarios")) {
    if (s.match || !run.caps().unsupported(lap_limit_probe(s.rules)).empty()) continue;
    out.emplace_back(s.rules, s.start);
    for (const ScenarioStep& step : s.steps)
      if (step.after) out.emplace_back(s.rules, *step.after);
  }
  SplitMix64 rng{Campaign::seed_of(run.o.seed ^ kLimitSalt, 0)};
  for (Variant v : {Variant::hoyito1, Variant::hoyito2, Variant::hoyito3})
    for (int n : {6, 12}) {
      Rules rules;
      rules.variant = v;
      rules.holes_per_row = n;
      if (!run.caps().unsupported(lap_limit_probe(rules)).empty()) continue;
      for (int i = 0; i < kLimitBoards; ++i) out.emplace_back(rules, small_counts_position(rules, 1 + i % 3, rng));
    }
  return out;
}

}  // namespace

void engine_limits(EngineRun& run) {
  const Stopwatch clock;
  if (!run.runs("limits") || run.gave_up()) return;
  Rules probe = lap_limit_probe(Rules{});
  if (const std::string why = run.caps().unsupported(probe); !why.empty())
    return run.skip("limits", "(the Q-LIMIT boundary)", why);
  const EngineScope scope(run.sessions.front());
  LapLimitCounts counts;
  const int before = run.disagreements;
  for (const auto& [rules, position] : limit_positions(run)) {
    if (run.gave_up() || interrupted()) break;
    const std::string what = fmt::format("limits {} 2x{} {}", variant_name(rules.variant), rules.holes_per_row,
                                         protocol::format_position(position));
    guarded(run, what, [&] {
      if (auto d = check_lap_limits(rules, position, counts, compare_with_engine))
        run.disagreement(*d, what, *run.sessions.front());
    });
  }
  run.checked += counts.moves;
  run.r.line(
      fmt::format("limits: {} moves of {} positions played at their lap_limit boundary (and one lap less), {} "
                  "endless, {} disagreement(s) ({:.1f} s)",
                  counts.moves, counts.positions, counts.endless, run.disagreements - before, clock.seconds()));
}

namespace {

// One Hoyito III match: each game in lockstep with the round, previous winner and starter the
// model's match rules give (MATCH-1..3); it ends at a disagreement or a game with no winner.
void play_engine_match(EngineRun& run, const Rules& base, int index, long& games) {
  std::vector<model::MatchGame> played;
  for (int round = 1; round <= kMatchRounds; ++round) {
    const model::MatchStanding standing = model::match_standing(base, played);
    const Rules rules = model::rules_for_round(base, round, standing.previous_winners.back());
    SplitMix64 rng{Campaign::seed_of(run.o.seed ^ kMatchSalt, static_cast<std::uint64_t>(index * 8 + round))};
    const EngineGame game = engine_lockstep_game(rules, model::opening_position(rules, standing.starters.back()), rng);
    games += 1;
    if (game.disagreement) {
      run.disagreement(*game.disagreement, fmt::format("match {} 2x{} round {}", index, base.holes_per_row, round),
                       *run.sessions.front());
      return;
    }
    if (game.result.status != Status::finished) return;
    played.push_back({game.result.captured});
  }
}

std::vector<Rules> match_bases(EngineRun& run) {
  std::vector<Rules> out;
  for (const Rules& base : match_rules()) {
    Rules later = base;  // round 3 after a draw: what the engine must play for a whole match
    later.round = 3;
    later.previous_winner = Winner::draw;
    if (const std::string why = run.caps().unsupported(later); !why.empty())
      run.skip("matches",
               fmt::format("hoyito3 2x{} {} {}", base.holes_per_row, option_value(base, "match_starter"),
                           option_value(base, "drawn_previous_last_four")),
               why);
    else
      out.push_back(base);
  }
  return out;
}

}  // namespace

void engine_matches(EngineRun& run) {
  const Stopwatch clock;
  if (!run.runs("matches") || run.gave_up()) return;
  const EngineScope scope(run.sessions.front());
  long games = 0;
  int matches = 0;
  const int before = run.disagreements;
  for (const Rules& base : match_bases(run)) {
    const int count =
        std::max(1, (base.holes_per_row == 6 ? run.o.games : Configuration::games_2x12(run.o.games)) / 10);
    for (int m = 0; m < count && !run.gave_up() && !interrupted(); ++m, ++matches)
      guarded(run, fmt::format("match {}", matches), [&] { play_engine_match(run, base, matches, games); });
  }
  run.checked += games;
  run.r.line(fmt::format("matches: {} hoyito3 matches, {} games in lockstep, {} disagreement(s) ({:.1f} s)", matches,
                         games, run.disagreements - before, clock.seconds()));
}

}  // namespace hoyito
