// The lockstep, limits and matches checks of `verify --engine` (harness/verify/engine_verify.h).
#include <algorithm>
#include <cassert>
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

// The engine failed or refused its rules; returns false when the work is to be counted as not done.
template <typename Work>
bool guarded(EngineRun& run, const std::string& what, Work&& work) {
  try {
    work();
    return true;
  } catch (const EngineRefusal& e) {
    if (e.reason == protocol::Reason::unsupported) {  // it listed them, then refused them
      run.skip(what.rfind("match", 0) == 0 ? "matches" : what.substr(0, what.find(' ')), what, e.what());
    } else {
      run.r.line(fmt::format("  FAIL {}: the engine refused its rules or start: {}", what, e.what()));
      run.failures += 1;
    }
  } catch (const EngineFailure& e) {
    run.engine_failed(what, e);
  }
  return false;
}

struct LockstepTask {
  const Configuration* config;
  int game;
};

// The lockstep games as units of work, without a list of them (--games may be 2^31 - 1): unit t
// is a game g of the configurations that play more than g games, every configuration's game 0
// first, then game 1, ... as verify's lockstep check plays them (the configurations sorted by
// their game counts, most first, so that those of game g are a prefix). --game plays one g.
class LockstepUnits {
 public:
  LockstepUnits(std::vector<const Configuration*> configs, int games, int only_game)
      : configs_(std::move(configs)), only_game_(only_game) {
    std::stable_sort(configs_.begin(), configs_.end(), [games](const Configuration* a, const Configuration* b) {
      return a->games(games) > b->games(games);
    });
    for (const Configuration* c : configs_) counts_.push_back(c->games(games));
  }
  std::size_t size() const {
    if (only_game_ >= 0) return playing(only_game_);
    return before(counts_.empty() ? 0 : counts_.front());
  }
  LockstepTask at(std::size_t t) const {
    assert(t < size());
    if (only_game_ >= 0) return {configs_[t], only_game_};
    long lo = 0, hi = counts_.front();  // the game g with before(g) <= t < before(g + 1)
    while (hi - lo > 1) {
      const long mid = lo + (hi - lo) / 2;
      (before(mid) <= t ? lo : hi) = mid;
    }
    return {configs_[t - before(lo)], static_cast<int>(lo)};
  }
  std::size_t configurations() const { return configs_.size(); }

 private:
  std::size_t playing(long g) const {  // configurations that play game g
    return static_cast<std::size_t>(std::count_if(counts_.begin(), counts_.end(), [g](long k) { return k > g; }));
  }
  std::size_t before(long g) const {  // units of games 0..g-1
    std::size_t sum = 0;
    for (long k : counts_) sum += static_cast<std::size_t>(std::min(k, g));
    return sum;
  }
  std::vector<const Configuration*> configs_;
  std::vector<long> counts_;
  int only_game_;
};

// The configurations the engine plays, narrowed by --variant, --holes and --config; the
// unsupported ones are said, grouped by why.
LockstepUnits lockstep_units(EngineRun& run, const std::vector<Configuration>& configs) {
  std::map<std::string, std::vector<std::string>> unsupported;
  std::vector<const Configuration*> played;
  for (const Configuration& c : configs) {
    if (!run.selected(c.rules) || (!run.o.config.empty() && c.name != run.o.config)) continue;
    const std::string why = run.caps().unsupported(c.rules);
    if (why.empty())
      played.push_back(&c);
    else
      unsupported[why].push_back(c.name);
  }
  for (const auto& [why, names] : unsupported)
    for (const std::string& name : names) run.skip("lockstep", name, why);
  return LockstepUnits(played, run.o.games, run.o.game);
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
      game = engine_lockstep_game(t.config->rules, start, rng, run.deadline);
    } catch (const EngineRefusal& e) {
      if (e.reason != protocol::Reason::unsupported) throw;
      return run.refused(t.config->name, e.what());
    }
    if (game.cut_short) return;  // --seconds or an interrupt: not a whole game, not counted
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
  if (!run.o.config.empty() &&
      std::none_of(configs.begin(), configs.end(), [&](const Configuration& c) { return c.name == run.o.config; }))
    throw InputError(fmt::format("--config {}: no such configuration (hoyito verify --list-configs)", run.o.config));
  const LockstepUnits units = lockstep_units(run, configs);
  const double left = run.o.seconds > 0 ? std::max(1e-3, run.o.seconds - run.clock.seconds()) : 0;
  Campaign campaign({"lockstep", "games", static_cast<int>(run.sessions.size()), left, 3600}, run.r);
  LockstepTotals totals;
  const int before = run.disagreements, failures_before = run.failures;
  const CampaignSummary summary = campaign.run(
      units.size(),
      [&](std::size_t i, std::size_t worker) {
        if (run.gave_up()) return campaign.stop();  // the engine keeps failing: say so once, stop
        play_lockstep_task(run, units.at(i), worker, totals);
      },
      [&](std::size_t i) {
        const LockstepTask t = units.at(i);
        return WorkName{fmt::format("{} game {}", t.config->name, t.game),
                        fmt::format("hoyito verify --engine ... --config {} --game {}", t.config->name, t.game)};
      });
  for (const WorkFailure& f : summary.failures) {
    run.r.line(fmt::format("  FAIL {}: {}", f.name.what, f.error));
    run.failures += 1;
  }
  const int differed = run.disagreements - before;
  run.summary({"lockstep", totals.games, 0, differed, run.failures - failures_before, summary.seconds,
               fmt::format("lockstep: {} games, {} plies compared in {:.1f} s over {} supported configuration(s) of "
                           "{}, {} disagreement(s){}",
                           totals.games, totals.plies, summary.seconds, units.configurations(), configs.size(),
                           differed, summary.timed_out ? " (--seconds: stopped starting games)" : "")});
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
    if (s.match || !run.selected(s.rules) || !run.caps().unsupported(lap_limit_probe(s.rules)).empty()) continue;
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
      if (!run.selected(rules) || !run.caps().unsupported(lap_limit_probe(rules)).empty()) continue;
      for (int i = 0; i < kLimitBoards; ++i) out.emplace_back(rules, small_counts_position(rules, 1 + i % 3, rng));
    }
  return out;
}

}  // namespace

void engine_limits(EngineRun& run) {
  const Stopwatch clock;
  if (!run.runs("limits") || run.gave_up()) return;
  Rules probe = lap_limit_probe(Rules{});
  if (const std::string why = run.caps().unsupported(probe); !why.empty()) {
    run.skip("limits", "the Q-LIMIT boundary", why);
    return run.summary({"limits", 0, 0, 0, 0, clock.seconds(), "limits: not run (the engine does not play it)"});
  }
  const EngineScope scope(run.sessions.front());
  LapLimitCounts counts;
  const int before = run.disagreements, failures_before = run.failures;
  for (const auto& [rules, position] : limit_positions(run)) {
    if (run.gave_up() || run.out_of_time()) break;
    const std::string what = fmt::format("limits {} 2x{} {}", variant_name(rules.variant), rules.holes_per_row,
                                         protocol::format_position(position));
    guarded(run, what, [&] {
      if (auto d = check_lap_limits(rules, position, counts, compare_with_engine))
        run.disagreement(*d, what, *run.sessions.front());
    });
  }
  run.checked += counts.moves;
  const int differed = run.disagreements - before;
  run.summary({"limits", counts.moves, 0, differed, run.failures - failures_before, clock.seconds(),
               fmt::format("limits: {} moves of {} positions played at their lap_limit boundary (and one lap less), "
                           "{} endless, {} disagreement(s) ({:.1f} s)",
                           counts.moves, counts.positions, counts.endless, differed, clock.seconds())});
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
    const EngineGame game =
        engine_lockstep_game(rules, model::opening_position(rules, standing.starters.back()), rng, run.deadline);
    if (game.cut_short) return;
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
    if (!run.selected(base)) continue;
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
  const int before = run.disagreements, failures_before = run.failures;
  for (const Rules& base : match_bases(run)) {
    const int count =
        std::max(1, (base.holes_per_row == 6 ? run.o.games : Configuration::games_2x12(run.o.games)) / 10);
    for (int m = 0; m < count && !run.gave_up() && !run.out_of_time(); ++m, ++matches)
      guarded(run, fmt::format("match {}", matches), [&] { play_engine_match(run, base, matches, games); });
  }
  run.checked += games;
  const int differed = run.disagreements - before;
  run.summary({"matches", games, 0, differed, run.failures - failures_before, clock.seconds(),
               fmt::format("matches: {} hoyito3 matches, {} games in lockstep, {} disagreement(s) ({:.1f} s)", matches,
                           games, differed, clock.seconds())});
}

}  // namespace hoyito
