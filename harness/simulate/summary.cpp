#include "harness/simulate/summary.h"

#include <algorithm>

#include <fmt/format.h>

#include "harness/simulate/simulate.h"

namespace hoyito {

namespace json = boost::json;

// --- From the counts --------------------------------------------------------------------------

Rate wilson_rate(std::uint64_t k, std::uint64_t n) {
  const Interval i = wilson_interval(k, n);
  Rate r{k, n, std::nullopt, i.low, i.high, std::nullopt};
  if (n) r.rate = static_cast<double>(k) / static_cast<double>(n);
  return r;
}

Rate clustered_rate(const ClusterSums& c) {
  const Interval i = clustered_interval(c);
  Rate r{c.k, c.n, std::nullopt, i.low, i.high, c.clusters};
  if (c.n) r.rate = static_cast<double>(c.k) / static_cast<double>(c.n);
  return r;
}

Distribution distribution_of(const Histogram& h) {
  return {h.mean(), h.stddev(), h.quantile(0.25), h.quantile(0.5), h.quantile(0.75), h.min(), h.max};
}

namespace {

std::optional<double> ratio(std::uint64_t a, std::uint64_t b) {
  if (b == 0) return std::nullopt;
  return static_cast<double>(a) / static_cast<double>(b);
}

OutcomeRates outcome_rates(const std::array<std::uint64_t, kOutcomes>& counts) {
  OutcomeRates out;
  for (auto c : counts) out.games += c;
  for (std::size_t o = 0; o < kOutcomes; ++o) out.rates[o] = wilson_rate(counts[o], out.games);
  return out;
}

Decisive decisive(const char* a_name, std::uint64_t a, const char* b_name, std::uint64_t b) {
  return {a_name, b_name, a, b, wilson_rate(a, a + b), even_split_test(a, b)};
}

// The seat, starter and player tables of outcomes[south_player][starter][outcome].
struct OutcomeTables {
  std::array<std::uint64_t, kOutcomes> by_seat{};
  std::uint64_t starter_wins = 0, other_wins = 0;
  std::array<std::uint64_t, 2> player_wins{};  // [player]
};

OutcomeTables outcome_tables(const Statistics& s) {
  OutcomeTables t;
  for (std::size_t sp = 0; sp < 2; ++sp)
    for (const Player st : kPlayers) {
      const auto& c = s.outcomes[sp][index(st)];
      for (std::size_t o = 0; o < kOutcomes; ++o) t.by_seat[o] += c[o];
      const std::uint64_t south = c[south_win], north = c[north_win];
      t.starter_wins += st == Player::south ? south : north;
      t.other_wins += st == Player::south ? north : south;
      t.player_wins[sp] += south;      // player sp sat South
      t.player_wins[1 - sp] += north;  // the other sat North
    }
  return t;
}

SowingSummary sowing_of(const Statistics& s) {
  SowingSummary w;
  w.detail_games = s.detail_games;
  w.moves = s.detail_moves;
  w.laps_mean = ratio(s.laps.sum, s.laps.total);
  w.relays_mean = ratio(s.relays.sum, s.relays.total);
  w.laps_max = s.laps.max;
  w.relays_max = s.relays.max;
  w.endless_refused = s.endless_refused;
  w.endless_played = s.endless_played;
  w.longest_exact_cycle = s.endless_repeat_laps.max;
  w.moves_with_endless_refused = clustered_rate(s.endless_refused_by_game);
  w.chain_lengths = distribution_of(s.chain_lengths);
  for (std::size_t k = 0; k < kAwardRules.size(); ++k) w.awards[k] = s.awards[static_cast<std::size_t>(kAwardRules[k])];
  for (std::size_t k = 0; k < kPassRules.size(); ++k)
    w.passes[k] = s.passes_by_rule[static_cast<std::size_t>(kPassRules[k])];
  return w;
}

MatchSummary matches_of(const Statistics& s) {
  MatchSummary m;
  m.matches = s.matches;
  for (const auto& r : s.by_round) m.by_round.push_back(outcome_rates(r));
  for (const auto& r : s.previous_winner_by_round) m.previous_winner_wins.push_back(wilson_rate(r[1], r[0]));
  std::array<std::uint64_t, 3> seat_winners{};
  std::array<std::uint64_t, 2> player_wins{};
  for (std::size_t sp = 0; sp < 2; ++sp)
    for (const Winner w : {Winner::south, Winner::north, Winner::draw}) {
      const auto c = s.match_winners[sp][index(w)];
      seat_winners[index(w)] += c;
      if (w != Winner::draw) player_wins[w == Winner::south ? sp : 1 - sp] += c;
    }
  for (std::size_t w = 0; w < 3; ++w) m.winners[w] = wilson_rate(seat_winners[w], s.matches);
  m.by_player = decisive("first", player_wins[0], "second", player_wins[1]);
  m.round_rule_applied = s.round_rule_applied;
  m.round_rule_decided = wilson_rate(s.round_rule_decided, s.round_rule_applied);
  return m;
}

std::vector<Opening> openings_of(const Statistics& s) {
  std::vector<Opening> out;
  for (std::size_t h = 0; h < s.by_opening.size(); ++h) {
    OutcomeRates rates = outcome_rates(s.by_opening[h]);
    if (rates.games == 0) continue;
    out.push_back(
        {move_text(h == s.by_opening.size() - 1 ? Move::pass() : Move::at(static_cast<int>(h)), s.holes / 2), rates});
  }
  return out;
}

}  // namespace

SkillSummary skill_of(const SkillCounts& c) {
  SkillSummary out;
  out.table_moves = c.kept.n;
  out.interval_moves = c.interval_moves;
  out.kept = clustered_rate(c.kept);
  out.seeds_lost = c.lost.k;
  out.lost_mean = ratio(c.lost.k, c.lost.n);
  out.lost_interval = clustered_mean_interval(c.lost);
  return out;
}

Summary summarise(const Statistics& s) {
  const OutcomeTables t = outcome_tables(s);
  Summary out;
  out.games = s.games;
  out.undecided = s.undecided_games;
  if (s.first_undecided_deal.plus_one) out.first_undecided_deal = s.first_undecided_deal.plus_one - 1;
  out.search_undecided = s.search_undecided;
  if (s.first_search_undecided_deal.plus_one)
    out.first_search_undecided_deal = s.first_search_undecided_deal.plus_one - 1;
  out.results = outcome_rates(t.by_seat);
  const auto wins = [&t](Outcome o) { return t.by_seat[o]; };
  out.expected_score = {expected_score(wins(south_win), wins(north_win), wins(draw)),
                        expected_score(wins(north_win), wins(south_win), wins(draw))};
  out.by_seat = decisive("south", wins(south_win), "north", wins(north_win));
  out.by_starter = decisive("starter", t.starter_wins, "other", t.other_wins);
  out.by_player = decisive("first", t.player_wins[0], "second", t.player_wins[1]);
  out.length = distribution_of(s.length);
  out.margin = distribution_of(s.margin);
  out.capture_plies = distribution_of(s.capture_plies);
  out.seeds_left_unterminated = distribution_of(s.seeds_left_unterminated);
  out.moves_per_game = ratio(s.moves, s.games);
  out.passes_per_game = ratio(s.passes, s.games);
  out.extra_moves_per_game = ratio(s.extra_moves, s.games);
  out.choice_games = s.forced_by_game.clusters;
  out.branching_factor = ratio(s.legal_sum, s.choice_plies);
  out.forced = clustered_rate(s.forced_by_game);
  out.openings = openings_of(s);
  out.unterminated = s.seeds_left_unterminated.total;
  out.unterminated_repeating = s.unterminated_repeating;
  out.sowing = sowing_of(s);
  if (s.match_rounds > 0) out.matches = matches_of(s);
  if (s.skill_measured) out.skill = std::array<SkillSummary, 2>{skill_of(s.skill[0]), skill_of(s.skill[1])};
  return out;
}

// --- As JSON ----------------------------------------------------------------------------------

namespace {

template <class T>
json::value optional_json(const std::optional<T>& v) {
  return v ? json::value(*v) : json::value(nullptr);
}

json::object rate_json(const Rate& r) {
  json::object o{{"count", r.count}, {"of", r.of}};
  if (r.games) o["games"] = *r.games;
  o["rate"] = optional_json(r.rate);
  o["low"] = r.low;
  o["high"] = r.high;
  return o;
}

json::object distribution_json(const Distribution& d) {
  return {{"mean", optional_json(d.mean)},
          {"stddev", optional_json(d.stddev)},
          {"q1", optional_json(d.q1)},
          {"median", optional_json(d.median)},
          {"q3", optional_json(d.q3)},
          {"min", optional_json(d.min)},
          {"max", d.max}};
}

json::object outcomes_json(const OutcomeRates& r) {
  json::object out{{"games", r.games}};
  for (std::size_t o = 0; o < kOutcomes; ++o) out[kOutcomeNames[o]] = rate_json(r.rates[o]);
  return out;
}

json::object decisive_json(const Decisive& d) {
  return {
      {d.a_name, d.a},
      {d.b_name, d.b},
      {fmt::format("{}_share_of_decisive", d.a_name), rate_json(d.share)},
      {"fairness", json::object{{"chi_square", d.fairness.chi_square},
                                // no decisive game: no test, so no p-value (null, as the table's n/a)
                                {"p_value", d.a + d.b == 0 ? json::value(nullptr) : json::value(d.fairness.p_value)}}}};
}

json::object score_json(const Score& s) { return {{"score", s.score}, {"low", s.low}, {"high", s.high}, {"of", s.of}}; }

json::object sowing_json(const SowingSummary& w) {
  json::object awards, passes;
  for (std::size_t k = 0; k < kAwardRules.size(); ++k) awards[rule_text(kAwardRules[k])] = w.awards[k];
  for (std::size_t k = 0; k < kPassRules.size(); ++k) passes[rule_text(kPassRules[k])] = w.passes[k];
  return {{"detail_games", w.detail_games},
          {"moves", w.moves},
          {"laps_per_move", json::object{{"mean", optional_json(w.laps_mean)}, {"max", w.laps_max}}},
          {"relays_per_move", json::object{{"mean", optional_json(w.relays_mean)}, {"max", w.relays_max}}},
          {"endless_refused", w.endless_refused},
          {"moves_with_endless_refused", rate_json(w.moves_with_endless_refused)},
          {"endless_played", w.endless_played},
          {"longest_exact_cycle", w.longest_exact_cycle},
          {"chain_lengths", distribution_json(w.chain_lengths)},
          {"last_four_awards", awards},
          {"passes", passes}};
}

json::object matches_json(const MatchSummary& m) {
  json::array rounds;
  for (const auto& r : m.by_round) rounds.push_back(outcomes_json(r));
  json::array previous;
  for (const Rate& r : m.previous_winner_wins) previous.push_back(rate_json(r));
  return {{"matches", m.matches},
          {"by_round", rounds},
          {"previous_winner_wins", previous},
          {"winners", json::object{{"south", rate_json(m.winners[0])},
                                   {"north", rate_json(m.winners[1])},
                                   {"draw", rate_json(m.winners[2])}}},
          {"by_player", decisive_json(m.by_player)},
          {"round_rule_applied", m.round_rule_applied},
          {"round_rule_decided", rate_json(m.round_rule_decided)}};
}

json::array skill_json(const std::array<SkillSummary, 2>& skill) {
  json::array out;
  for (const SkillSummary& k : skill) {
    json::object lost{{"seeds", k.seeds_lost}, {"mean", optional_json(k.lost_mean)}};
    lost["low"] = k.lost_interval ? json::value(k.lost_interval->low) : json::value(nullptr);
    lost["high"] = k.lost_interval ? json::value(k.lost_interval->high) : json::value(nullptr);
    out.push_back(json::object{{"table_moves", k.table_moves},
                               {"interval_moves", k.interval_moves},
                               {"kept", rate_json(k.kept)},
                               {"seeds_lost_per_move", lost}});
  }
  return out;
}

json::array openings_json(const std::vector<Opening>& openings) {
  json::array out;
  for (const Opening& o : openings) {
    json::object row{{"move", o.move}};
    for (const auto& [key, value] : outcomes_json(o.rates)) row[key] = value;
    out.push_back(row);
  }
  return out;
}

}  // namespace

json::object to_json(const Summary& s) {
  json::object out;
  out["games"] = s.games;
  out["undecided"] = json::object{{"games", s.undecided},
                                  {"first_deal", optional_json(s.first_undecided_deal)},
                                  {"search_positions", s.search_undecided},
                                  {"search_first_deal", optional_json(s.first_search_undecided_deal)}};
  out["results"] = outcomes_json(s.results);
  out["expected_score"] =
      json::object{{"south", score_json(s.expected_score[0])}, {"north", score_json(s.expected_score[1])}};
  out["by_seat"] = decisive_json(s.by_seat);
  out["by_starter"] = decisive_json(s.by_starter);
  out["by_player"] = decisive_json(s.by_player);
  out["length"] = distribution_json(s.length);
  out["margin"] = distribution_json(s.margin);
  out["per_game"] = json::object{{"moves", optional_json(s.moves_per_game)},
                                 {"passes", optional_json(s.passes_per_game)},
                                 {"extra_moves", optional_json(s.extra_moves_per_game)},
                                 {"capture_plies", distribution_json(s.capture_plies)}};
  out["choice"] = json::object{{"games", s.choice_games},
                               {"branching_factor", optional_json(s.branching_factor)},
                               {"forced", rate_json(s.forced)}};
  out["by_opening"] = openings_json(s.openings);
  out["unterminated"] =
      json::object{{"games", s.unterminated},
                   {"repeating", s.unterminated_repeating},
                   {"not_repeating", s.unterminated - std::min(s.unterminated, s.unterminated_repeating)},
                   {"seeds_left", distribution_json(s.seeds_left_unterminated)}};
  out["sowing"] = sowing_json(s.sowing);
  if (s.matches) out["matches"] = matches_json(*s.matches);
  if (s.skill) out["skill"] = skill_json(*s.skill);
  return out;
}

json::object Statistics::to_json() const {
  return {{"counts", counts_json()}, {"summary", hoyito::to_json(summarise(*this))}};
}

// --- The run ----------------------------------------------------------------------------------

namespace {

std::vector<Difference> differences_of(const SimulationSpec& spec, const std::vector<Summary>& sums) {
  std::vector<Difference> out;
  if (!spec.sweep) return out;
  const Summary& base = sums.front();
  for (std::size_t v = 1; v < sums.size(); ++v) {
    Difference d{spec.sweep->values[v], spec.sweep->values.front(), {}, {}, 0};
    for (std::size_t o = 0; o < kOutcomes; ++o) {
      const Rate& here = sums[v].results.rates[o];
      const Rate& there = base.results.rates[o];
      d.intervals[o] = difference_interval(here.count, here.of, there.count, there.of);
      d.differences[o] = here.rate.value_or(0) - there.rate.value_or(0);
    }
    d.mean_length = sums[v].length.mean.value_or(0) - base.length.mean.value_or(0);
    out.push_back(d);
  }
  return out;
}

}  // namespace

SimulationReport make_report(const SimulationSpec& spec, std::vector<Statistics> per_value) {
  SimulationReport r;
  r.spec = &spec;
  r.statistics = std::move(per_value);
  for (const Statistics& s : r.statistics) r.summaries.push_back(summarise(s));
  if (spec.sweep)
    r.value_names = spec.sweep->values;
  else
    r.value_names = {"all"};
  r.differences = differences_of(spec, r.summaries);
  return r;
}

}  // namespace hoyito
