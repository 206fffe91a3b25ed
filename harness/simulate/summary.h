// The figures of `hoyito simulate`, typed: one Summary per sweep value, derived from the counts
// (harness/simulate/statistics.h), and one SimulationReport per run. The JSON, the table, the
// CSV and the charts are all written from these structures (report.h), so that they cannot say
// different things and none of them reads another back by name.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <boost/json.hpp>

#include "harness/simulate/statistics.h"

namespace hoyito {

struct SimulationSpec;

// A rate with its 95% interval: Wilson's, or for a per-ply rate (games set) the clustered one.
struct Rate {
  std::uint64_t count = 0, of = 0;
  std::optional<double> rate;  // none when of = 0
  double low = 0, high = 1;
  std::optional<std::uint64_t> games;  // the clusters of a per-ply rate
};
Rate wilson_rate(std::uint64_t k, std::uint64_t n);
Rate clustered_rate(const ClusterSums& c);

struct Distribution {
  std::optional<double> mean, stddev;
  std::optional<std::uint64_t> q1, median, q3, min;
  std::uint64_t max = 0;
};
Distribution distribution_of(const Histogram& h);

// The five outcomes' rates over `games`.
struct OutcomeRates {
  std::uint64_t games = 0;
  std::array<Rate, kOutcomes> rates;
};

// Wins of side a against side b among the decisive games, a's share and the even-split test.
struct Decisive {
  std::string a_name, b_name;
  std::uint64_t a = 0, b = 0;
  Rate share;
  FairnessTest fairness;  // p_value meaningless (1) when a + b = 0: say n/a
};

struct Opening {
  std::string move;
  OutcomeRates rates;
};

struct SowingSummary {
  std::uint64_t detail_games = 0, moves = 0;
  std::optional<double> laps_mean, relays_mean;
  std::uint64_t laps_max = 0, relays_max = 0;
  std::uint64_t endless_refused = 0, endless_played = 0, longest_exact_cycle = 0;
  Rate moves_with_endless_refused;  // clustered by game
  Distribution chain_lengths;
  std::array<std::uint64_t, 5> awards{};  // END-I-1, END-II-1, END-III-2, END-III-3, END-III-4 (kAwardRules)
  std::array<std::uint64_t, 3> passes{};  // PASS-1, PASS-2, PASS-3
};
inline constexpr std::array<RuleId, 5> kAwardRules = {RuleId::END_I_1, RuleId::END_II_1, RuleId::END_III_2,
                                                      RuleId::END_III_3, RuleId::END_III_4};
inline constexpr std::array<RuleId, 3> kPassRules = {RuleId::PASS_1, RuleId::PASS_2, RuleId::PASS_3};

struct MatchSummary {
  std::uint64_t matches = 0;
  std::vector<OutcomeRates> by_round;      // rounds 1..match_rounds
  std::vector<Rate> previous_winner_wins;  // by round: the previous game's winner wins (after a won game)
  std::array<Rate, 3> winners;             // south, north, draw (index(Winner))
  Decisive by_player;
  std::uint64_t round_rule_applied = 0;
  Rate round_rule_decided;
};

// One player's skill against the endgame tables (--tables; docs/simulate.md).
struct SkillSummary {
  std::uint64_t table_moves = 0;          // its moves made in table positions
  std::uint64_t interval_moves = 0;       // ... where some legal ply's value is an interval (judged by lo)
  Rate kept;                              // of them, those that keep the value: clustered by game
  std::uint64_t seeds_lost = 0;           // summed over them
  std::optional<double> lost_mean;        // seeds lost per move; none without a table move
  std::optional<Interval> lost_interval;  // clustered by game; none with fewer than two games
};
SkillSummary skill_of(const SkillCounts& c);

struct Summary {
  std::uint64_t games = 0, undecided = 0;
  std::optional<std::uint64_t> first_undecided_deal;
  std::uint64_t search_undecided = 0;  // positions inside search players' trees (Statistics::add_search_undecided)
  std::optional<std::uint64_t> first_search_undecided_deal;
  OutcomeRates results;
  std::array<Score, 2> expected_score;  // [index(Player)], over the finished games, draws 1/2
  Decisive by_seat, by_starter, by_player;
  Distribution length, margin, capture_plies, seeds_left_unterminated;
  std::optional<double> moves_per_game, passes_per_game, extra_moves_per_game;
  std::uint64_t choice_games = 0;  // the detailed games, where the choice was measured
  std::optional<double> branching_factor;
  Rate forced;  // clustered by game
  std::vector<Opening> openings;
  std::uint64_t unterminated = 0, unterminated_repeating = 0;
  SowingSummary sowing;
  std::optional<MatchSummary> matches;
  std::optional<std::array<SkillSummary, 2>> skill;  // [player: 0 the first of --players], with --tables
};
Summary summarise(const Statistics& s);
boost::json::object to_json(const Summary& s);

// A sweep value's outcome rates against the first value's (Newcombe's interval).
struct Difference {
  std::string value, against;
  std::array<Interval, kOutcomes> intervals;
  std::array<double, kOutcomes> differences{};
  double mean_length = 0;
};

// What was run and what came of it: everything the table, the CSV and the charts show.
struct SimulationReport {
  const SimulationSpec* spec = nullptr;
  std::vector<std::string> value_names;  // the sweep values, or {"all"}
  std::vector<Statistics> statistics;    // the counts (charts draw the histograms)
  std::vector<Summary> summaries;
  std::vector<Difference> differences;
};
SimulationReport make_report(const SimulationSpec& spec, std::vector<Statistics> per_value);

}  // namespace hoyito
