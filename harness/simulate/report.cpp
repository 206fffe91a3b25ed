#include "harness/simulate/report.h"

#include "io/output.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <fmt/format.h>

#include "io/record.h"

namespace hoyito {

namespace json = boost::json;

namespace {

std::string fixed(std::optional<double> v, int decimals) {
  return v ? fmt::format("{:.{}f}", *v, decimals) : std::string("-");
}
std::string whole(std::optional<std::uint64_t> v) { return v ? fmt::to_string(*v) : std::string("-"); }
std::string rate_text(const Rate& r) {
  if (!r.rate) return "-";
  return fmt::format("{:.2f}% [{:.2f}, {:.2f}]", 100 * *r.rate, 100 * r.low, 100 * r.high);
}
// A p-value in the table: n/a without a decisive game (nothing was tested), three significant
// digits otherwise (scientific below 1e-4), and "<1e-300" where it underflowed.
std::string p_text(const Decisive& d) {
  if (d.a + d.b == 0) return "n/a";
  if (d.fairness.p_value == 0) return "<1e-300";
  return fmt::format("{:.3g}", d.fairness.p_value);
}

// The rates every table and CSV shows: a label, the CSV name and where the rate is.
struct RateRow {
  const char* label;
  const char* name;
  const Rate& (*get)(const Summary&);
};
const RateRow kRateRows[] = {
    {"South wins", "results.south", [](const Summary& s) -> const Rate& { return s.results.rates[south_win]; }},
    {"North wins", "results.north", [](const Summary& s) -> const Rate& { return s.results.rates[north_win]; }},
    {"draws", "results.draw", [](const Summary& s) -> const Rate& { return s.results.rates[draw]; }},
    {"unterminated (G7)", "results.unterminated",
     [](const Summary& s) -> const Rate& { return s.results.rates[unterminated]; }},
    {"void (G6)", "results.void", [](const Summary& s) -> const Rate& { return s.results.rates[void_result]; }},
    {"South, of decisive", "by_seat.south_share_of_decisive",
     [](const Summary& s) -> const Rate& { return s.by_seat.share; }},
    {"starter, of decisive", "by_starter.starter_share_of_decisive",
     [](const Summary& s) -> const Rate& { return s.by_starter.share; }},
    {"first player, of decisive", "by_player.first_share_of_decisive",
     [](const Summary& s) -> const Rate& { return s.by_player.share; }},
    {"forced plies (by game)", "choice.forced", [](const Summary& s) -> const Rate& { return s.forced; }},
};

// The table's rows: a label, then one cell per sweep value.
class Table {
 public:
  Table(std::ostream& out, const SimulationReport& report) : out_(out), report_(report) {}
  template <class Cell>
  void line(std::string_view label, Cell&& cell) {
    out_ << fmt::format("{:<30}", label);
    for (const Summary& s : report_.summaries) out_ << fmt::format("{:<{}}", cell(s), kWidth);
    out_ << "\n";
  }

 private:
  static constexpr int kWidth = 34;
  std::ostream& out_;
  const SimulationReport& report_;
};

// Lines 1-2: what was run (a shard says it is one), the options that differ from the defaults.
void write_header(std::ostream& out, const SimulationReport& report) {
  const SimulationSpec& spec = *report.spec;
  out << fmt::format("{} 2x{}, {} (South) against {} (North){}, {} deals, seed {}{}\n",
                     variant_name(spec.rules.variant), spec.rules.holes_per_row, spec.players[0].name(),
                     spec.players[1].name(), spec.paired ? ", paired (each deal also with the seats swapped)" : "",
                     spec.games, spec.seed,
                     spec.match_rounds > 0 ? fmt::format(", matches of {} games", spec.match_rounds) : "");
  if (spec.shard.count > 1)
    out << fmt::format(
        "this is shard {}/{} of that run: its {} deals (deal i with i mod {} = {}); hoyito merge adds the shards up\n",
        spec.shard.index, spec.shard.count, spec.deals_in_shard(), spec.shard.count, spec.shard.index - 1);
  std::string options;
  const json::object played = to_json(spec.rules).at("options").as_object();
  const json::object defaults = to_json(Rules{}).at("options").as_object();
  for (const auto& [name, value] : played)
    if (!defaults.contains(name) || defaults.at(name) != value)
      options += fmt::format("{}{}={}", options.empty() ? "" : ", ", std::string_view(name), json::serialize(value));
  out << fmt::format("options: {}; version {}, commit {}\n", options.empty() ? "all at their defaults" : options,
                     spec.version, spec.commit);
  if (spec.sweep) {
    out << fmt::format("sweep of {}:", spec.sweep->option);
    for (const auto& n : report.value_names) out << fmt::format(" {}", n);
    out << "\n";
  }
}

void write_results(Table& t) {
  t.line("games", [](const Summary& s) { return fmt::to_string(s.games); });
  t.line("undecided, skipped (Q-LIMIT)", [](const Summary& s) {
    return fmt::format("{}{}", s.undecided,
                       s.first_undecided_deal ? fmt::format(" (first: deal {})", *s.first_undecided_deal) : "");
  });
  for (const RateRow& row : kRateRows) t.line(row.label, [&row](const Summary& s) { return rate_text(row.get(s)); });
  const auto score = [](const Score& x) {
    return x.of ? fmt::format("{:.3f} [{:.3f}, {:.3f}]", x.score, x.low, x.high) : std::string("-");
  };
  t.line("expected score South (d=1/2)", [&](const Summary& s) { return score(s.expected_score[0]); });
  t.line("expected score North (d=1/2)", [&](const Summary& s) { return score(s.expected_score[1]); });
  t.line("p-value: seat/starter/player", [](const Summary& s) {
    return fmt::format("{} / {} / {}", p_text(s.by_seat), p_text(s.by_starter), p_text(s.by_player));
  });
  t.line("unterminated: repeating, not", [](const Summary& s) {
    return fmt::format("{}, {}", s.unterminated_repeating,
                       s.unterminated - std::min(s.unterminated, s.unterminated_repeating));
  });
}

void write_lengths(Table& t) {
  t.line("length: mean (sd)",
         [](const Summary& s) { return fmt::format("{} ({})", fixed(s.length.mean, 1), fixed(s.length.stddev, 1)); });
  t.line("length: min, quartiles, max", [](const Summary& s) {
    return fmt::format("{}, {} / {} / {}, {}", whole(s.length.min), whole(s.length.q1), whole(s.length.median),
                       whole(s.length.q3), s.length.max);
  });
  t.line("final margin: mean, med, max", [](const Summary& s) {
    return fmt::format("{}, {}, {}", fixed(s.margin.mean, 1), whole(s.margin.median), s.margin.max);
  });
  t.line("per game: moves, passes", [](const Summary& s) {
    return fmt::format("{}, {}", fixed(s.moves_per_game, 1), fixed(s.passes_per_game, 2));
  });
  t.line("per game: extra, captures", [](const Summary& s) {
    return fmt::format("{}, {}", fixed(s.extra_moves_per_game, 2), fixed(s.capture_plies.mean, 2));
  });
  t.line("branching factor", [](const Summary& s) { return fixed(s.branching_factor, 2); });
}

void write_sowing(Table& t) {
  t.line("passes PASS-1/2/3 (events)", [](const Summary& s) {
    return fmt::format("{} / {} / {}", s.sowing.passes[0], s.sowing.passes[1], s.sowing.passes[2]);
  });
  t.line("laps per move: mean, max",
         [](const Summary& s) { return fmt::format("{}, {}", fixed(s.sowing.laps_mean, 2), s.sowing.laps_max); });
  t.line("relays per move: mean, max",
         [](const Summary& s) { return fmt::format("{}, {}", fixed(s.sowing.relays_mean, 2), s.sowing.relays_max); });
  t.line("endless moves refused/played",
         [](const Summary& s) { return fmt::format("{} / {}", s.sowing.endless_refused, s.sowing.endless_played); });
  t.line("longest exact cycle (laps)", [](const Summary& s) { return fmt::to_string(s.sowing.longest_exact_cycle); });
  t.line("chain length: mean, max", [](const Summary& s) {
    return fmt::format("{}, {}", fixed(s.sowing.chain_lengths.mean, 3), s.sowing.chain_lengths.max);
  });
  t.line("games with events", [](const Summary& s) { return fmt::to_string(s.sowing.detail_games); });
}

void write_matches(Table& t, int rounds) {
  static constexpr std::array<const char*, 3> kWinners = {"matches won by South", "matches won by North",
                                                          "matches drawn"};
  for (std::size_t w = 0; w < kWinners.size(); ++w)
    t.line(kWinners[w], [w](const Summary& s) { return rate_text(s.matches->winners[w]); });
  t.line("matches scored", [](const Summary& s) { return fmt::to_string(s.matches->matches); });
  t.line("match first player, p", [](const Summary& s) {
    return fmt::format("{} / {}, p {}", s.matches->by_player.a, s.matches->by_player.b, p_text(s.matches->by_player));
  });
  for (int r = 0; r < rounds; ++r)
    t.line(fmt::format("round {}: S/N/draw % (games)", r + 1), [r](const Summary& s) {
      const OutcomeRates& o = s.matches->by_round[static_cast<std::size_t>(r)];
      const auto percent = [&o](Outcome k) {
        return o.rates[k].rate ? fmt::format("{:.1f}", 100 * *o.rates[k].rate) : std::string("-");
      };
      return fmt::format("{}/{}/{} ({})", percent(south_win), percent(north_win), percent(draw), o.games);
    });
  for (int r = 1; r < rounds; ++r)
    t.line(fmt::format("round {}: prev. winner wins", r + 1),
           [r](const Summary& s) { return rate_text(s.matches->previous_winner_wins[static_cast<std::size_t>(r)]); });
  t.line("round-3 rule: used, decided", [](const Summary& s) {
    return fmt::format("{}, {}", s.matches->round_rule_applied, s.matches->round_rule_decided.count);
  });
}

// Skill against the endgame tables (--tables): per player, its moves in table positions.
constexpr std::array<const char*, 2> kSkillPlayers = {"first", "second"};

std::string lost_text(const SkillSummary& k) {
  if (!k.lost_mean) return "-";
  if (!k.lost_interval) return fmt::format("{:.3f}", *k.lost_mean);
  return fmt::format("{:.3f} [{:.3f}, {:.3f}]", *k.lost_mean, k.lost_interval->low, k.lost_interval->high);
}

void write_skill(Table& t) {
  for (std::size_t p = 0; p < kSkillPlayers.size(); ++p) {
    const std::string who = fmt::format("{} player: ", kSkillPlayers[p]);
    t.line(who + "table moves", [p](const Summary& s) {
      const SkillSummary& k = (*s.skill)[p];
      return fmt::format("{} ({} by lo)", k.table_moves, k.interval_moves);
    });
    t.line(who + "keeps value", [p](const Summary& s) { return rate_text((*s.skill)[p].kept); });
    t.line(who + "lost/move", [p](const Summary& s) { return lost_text((*s.skill)[p]); });
  }
}

void write_differences(std::ostream& out, const SimulationReport& report) {
  for (const Difference& d : report.differences) {
    out << fmt::format("{} against {}:", d.value, d.against);
    for (std::size_t o = 0; o < kOutcomes; ++o)
      out << fmt::format(" {} {:+.2f} [{:+.2f}, {:+.2f}] pts;", kOutcomeNames[o], 100 * d.differences[o],
                         100 * d.intervals[o].low, 100 * d.intervals[o].high);
    out << fmt::format(" mean length {:+.1f} plies\n", d.mean_length);
  }
}

}  // namespace

void write_table(std::ostream& out, const SimulationReport& report) {
  write_header(out, report);
  out << fmt::format("{:<30}", "");
  for (const auto& n : report.value_names) out << fmt::format("{:<34}", n == "all" ? "rate, 95% interval" : n);
  out << "\n";
  Table table(out, report);
  write_results(table);
  write_lengths(table);
  write_sowing(table);
  if (report.spec->match_rounds > 0) write_matches(table, report.spec->match_rounds);
  if (report.spec->measures_skill()) write_skill(table);
  write_differences(out, report);
}

// --- CSV --------------------------------------------------------------------------------------

namespace {

// One row per statistic: value,statistic,count,of,rate,low,high (a figure that is not a rate
// leaves count, of, low and high empty; a p-value is written in scientific notation).
class CsvRows {
 public:
  explicit CsvRows(std::ostream& out) : out_(out) {}
  std::string value;
  void rate(const std::string& name, const Rate& r) {
    out_ << fmt::format("{},{},{},{},{},{},{}\n", value, name, r.count, r.of,
                        r.rate ? fmt::format("{:.6f}", *r.rate) : "", fmt::format("{:.6f}", r.low),
                        fmt::format("{:.6f}", r.high));
  }
  void number(const std::string& name, std::optional<double> v, int decimals = 4) {
    out_ << fmt::format("{},{},,,{},,\n", value, name, v ? fmt::format("{:.{}f}", *v, decimals) : "");
  }
  void count(const std::string& name, std::optional<std::uint64_t> v) {
    out_ << fmt::format("{},{},,,{},,\n", value, name, v ? fmt::to_string(*v) : "");
  }
  void p_value(const std::string& name, const Decisive& d) {
    out_ << fmt::format("{},{},{},{},{},,\n", value, name, d.a, d.a + d.b,
                        d.a + d.b == 0 ? "" : fmt::format("{:.6e}", d.fairness.p_value));
  }
  void interval(const std::string& name, double v, double low, double high, std::optional<std::uint64_t> of) {
    out_ << fmt::format("{},{},,{},{:.6f},{:.6f},{:.6f}\n", value, name, of ? fmt::to_string(*of) : "", v, low, high);
  }
  void distribution(const std::string& name, const Distribution& d) {
    number(name + ".mean", d.mean);
    number(name + ".stddev", d.stddev);
    count(name + ".min", d.min);
    count(name + ".q1", d.q1);
    count(name + ".median", d.median);
    count(name + ".q3", d.q3);
    count(name + ".max", d.max);
  }

 private:
  std::ostream& out_;
};

void csv_games(CsvRows& c, const Summary& s) {
  for (const RateRow& row : kRateRows) c.rate(row.name, row.get(s));
  for (const Player p : kPlayers) {
    const Score& x = s.expected_score[index(p)];
    c.interval(fmt::format("expected_score.{}", player_name(p)), x.score, x.low, x.high, x.of);
  }
  c.p_value("fairness.seat.p_value", s.by_seat);
  c.p_value("fairness.starter.p_value", s.by_starter);
  c.p_value("fairness.player.p_value", s.by_player);
  c.distribution("length", s.length);
  c.distribution("margin", s.margin);
  c.number("per_game.moves", s.moves_per_game);
  c.number("per_game.passes", s.passes_per_game);
  c.number("per_game.extra_moves", s.extra_moves_per_game);
  c.distribution("per_game.capture_plies", s.capture_plies);
  c.number("choice.branching_factor", s.branching_factor);
  c.count("choice.games", s.choice_games);
  c.count("unterminated.repeating", s.unterminated_repeating);
  c.count("unterminated.not_repeating", s.unterminated - std::min(s.unterminated, s.unterminated_repeating));
}

void csv_sowing(CsvRows& c, const SowingSummary& w) {
  c.count("sowing.detail_games", w.detail_games);
  c.count("sowing.moves", w.moves);
  c.number("sowing.laps_per_move.mean", w.laps_mean);
  c.count("sowing.laps_per_move.max", w.laps_max);
  c.number("sowing.relays_per_move.mean", w.relays_mean);
  c.count("sowing.relays_per_move.max", w.relays_max);
  c.count("sowing.endless_refused", w.endless_refused);
  c.rate("sowing.moves_with_endless_refused", w.moves_with_endless_refused);
  c.count("sowing.endless_played", w.endless_played);
  c.count("sowing.longest_exact_cycle", w.longest_exact_cycle);
  c.distribution("sowing.chain_lengths", w.chain_lengths);
  for (std::size_t k = 0; k < kAwardRules.size(); ++k)
    c.count(fmt::format("sowing.last_four_awards.{}", rule_text(kAwardRules[k])), w.awards[k]);
  for (std::size_t k = 0; k < kPassRules.size(); ++k)
    c.count(fmt::format("sowing.passes.{}", rule_text(kPassRules[k])), w.passes[k]);
}

void csv_matches(CsvRows& c, const MatchSummary& m) {
  c.count("matches.matches", m.matches);
  for (const Winner w : {Winner::south, Winner::north, Winner::draw})
    c.rate(fmt::format("matches.winners.{}", winner_name(w)), m.winners[index(w)]);
  c.rate("matches.by_player.first_share_of_decisive", m.by_player.share);
  c.p_value("matches.fairness.player.p_value", m.by_player);
  for (std::size_t r = 0; r < m.by_round.size(); ++r)
    for (std::size_t o = 0; o < kOutcomes; ++o)
      c.rate(fmt::format("matches.by_round.{}.{}", r + 1, kOutcomeNames[o]), m.by_round[r].rates[o]);
  for (std::size_t r = 1; r < m.previous_winner_wins.size(); ++r)
    c.rate(fmt::format("matches.previous_winner_wins.{}", r + 1), m.previous_winner_wins[r]);
  c.count("matches.round_rule_applied", m.round_rule_applied);
  c.rate("matches.round_rule_decided", m.round_rule_decided);
}

void csv_skill(CsvRows& c, const std::array<SkillSummary, 2>& skill) {
  for (std::size_t p = 0; p < kSkillPlayers.size(); ++p) {
    const SkillSummary& k = skill[p];
    const std::string at = fmt::format("skill.{}.", kSkillPlayers[p]);
    c.count(at + "table_moves", k.table_moves);
    c.count(at + "interval_moves", k.interval_moves);
    c.rate(at + "kept", k.kept);
    c.count(at + "seeds_lost", k.seeds_lost);
    if (k.lost_interval)
      c.interval(at + "seeds_lost_per_move", *k.lost_mean, k.lost_interval->low, k.lost_interval->high, k.table_moves);
    else
      c.number(at + "seeds_lost_per_move", k.lost_mean);
  }
}

}  // namespace

void write_statistics_csv(std::ostream& out, const SimulationReport& report) {
  out << "value,statistic,count,of,rate,low,high\n";
  CsvRows c(out);
  for (std::size_t v = 0; v < report.summaries.size(); ++v) {
    const Summary& s = report.summaries[v];
    c.value = report.value_names[v];
    csv_games(c, s);
    csv_sowing(c, s.sowing);
    if (s.matches) csv_matches(c, *s.matches);
    if (s.skill) csv_skill(c, *s.skill);
  }
  for (const Difference& d : report.differences) {  // each sweep value against the first
    c.value = d.value;
    for (std::size_t o = 0; o < kOutcomes; ++o)
      c.interval(fmt::format("difference.{}", kOutcomeNames[o]), d.differences[o], d.intervals[o].low,
                 d.intervals[o].high, std::nullopt);
    c.number("difference.mean_length", d.mean_length);
  }
}

std::string game_csv_header() {
  return "deal,value,seating,round,starter,status,winner,captured_south,captured_north,plies,opening\n";
}

std::string game_csv_row(const GameRow& r, const SimulationSpec& spec) {
  const std::string value = spec.sweep ? spec.sweep->values[static_cast<std::size_t>(r.sweep_value)] : "all";
  return fmt::format("{},{},{},{},{},{},{},{},{},{},{}\n", r.deal, value, r.seating, r.round, player_name(r.starter),
                     r.undecided ? std::string_view("undecided") : status_name(r.result.status),
                     winner_name(r.result.winner), r.result.captured[0], r.result.captured[1], r.plies,
                     r.plies == 0 ? "" : move_text(r.opening, spec.rules.holes_per_row));
}

// --- Charts -----------------------------------------------------------------------------------

namespace {

std::string quoted(const std::string& s) {  // for gnuplot strings and the shell
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string gnuplot_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

}  // namespace

namespace {

// Game length: the exact bins gathered into about 100 bars per value, as a share of games; and
// laps per move by powers of two. One gnuplot data block per sweep value.
void length_and_laps_data(const SimulationReport& report, std::ostream& length, std::ostream& laps) {
  for (std::size_t v = 0; v < report.statistics.size(); ++v) {
    const Histogram& h = report.statistics[v].length;
    const std::uint64_t total = std::max<std::uint64_t>(1, h.total);
    const std::uint64_t width = std::max<std::uint64_t>(1, (h.max + 99) / 100);
    std::map<std::uint64_t, std::uint64_t> bars;
    for (std::size_t bin = 0; bin < h.bins.size(); ++bin)
      if (h.bins[bin] != 0) bars[bin / width] += h.bins[bin];
    length << fmt::format("# value {}\n", report.value_names[v]);
    for (const auto& [bar, count] : bars)
      length << fmt::format("{} {:.8f}\n", bar * width + width / 2.0,
                            static_cast<double>(count) / static_cast<double>(total));
    length << "\n\n";
    const Log2Histogram& l = report.statistics[v].laps;
    laps << fmt::format("# value {}\n", report.value_names[v]);
    for (std::size_t k = 1; k < l.bins.size(); ++k)
      if (l.bins[k] != 0) laps << fmt::format("{} {}\n", std::uint64_t{1} << (k - 1), l.bins[k]);
    laps << "\n\n";
  }
}

// Results by opening move (the first value of a sweep): South's share with its interval.
std::string openings_data(const SimulationReport& report) {
  std::string out;
  for (const Opening& o : report.summaries.front().openings) {
    const Rate& south = o.rates.rates[south_win];
    out += fmt::format("{} {:.6f} {:.6f} {:.6f} {:.6f}\n", o.move, south.rate.value_or(0), south.low, south.high,
                       o.rates.rates[north_win].rate.value_or(0));
  }
  return out;
}

// A sweep: each value's outcome rates with their intervals.
std::string sweep_data(const SimulationReport& report) {
  std::string out;
  for (std::size_t v = 0; v < report.summaries.size(); ++v) {
    out += report.value_names[v];
    for (const Outcome k : {south_win, north_win, draw, unterminated}) {
      const Rate& r = report.summaries[v].results.rates[k];
      out += fmt::format(" {:.6f} {:.6f} {:.6f}", r.rate.value_or(0), r.low, r.high);
    }
    out += "\n";
  }
  return out;
}

std::string chart_script(const SimulationReport& report) {
  const SimulationSpec& spec = *report.spec;
  const std::string title =
      fmt::format("{} 2x{}, {} vs {}, {} deals", variant_name(spec.rules.variant), spec.rules.holes_per_row,
                  spec.players[0].name(), spec.players[1].name(), spec.games);
  const auto& names = report.value_names;
  std::string titles;
  for (std::size_t v = 0; v < names.size(); ++v) titles += fmt::format("{}{}", v ? " " : "", names[v]);
  const auto at = [](const char* name) { return gnuplot_string(name); };  // run in the folder
  std::string script = fmt::format(
      "# Drawn by `hoyito simulate --charts`; run `gnuplot charts.gp` in this folder to draw again.\n"
      "set terminal svg size 800,480 dynamic noenhanced font 'sans,12' background rgb 'white'\n"
      "set grid\nset key top right\nnames = {}\n"
      "set output {}\nset title {}\nset xlabel 'plies per game'\nset ylabel 'share of games'\n"
      "plot for [i=0:{}] {} index i using 1:2 with steps lw 2 title word(names, i+1)\n"
      "set output {}\nset logscale xy\nset xlabel 'laps per move (bins of powers of two)'\nset ylabel 'moves'\n"
      "plot for [i=0:{}] {} index i using 1:2 with linespoints lw 2 title word(names, i+1)\n"
      "unset logscale\n"
      "set output {}\nset xlabel 'opening move'\nset ylabel 'South wins (share, 95% interval)'\nset yrange [0:1]\n"
      "set style fill solid 0.4\nset boxwidth 0.6\n"
      "plot {} using 0:2:xtic(1) with boxes title 'South wins', '' using 0:2:3:4 with yerrorbars lc 'black' title '95% "
      "interval', "
      "'' using 0:5 with points pt 7 title 'North wins'\n",
      gnuplot_string(titles), at("length.svg"), gnuplot_string(title), names.size() - 1, at("length.dat"),
      at("laps.svg"), names.size() - 1, at("laps.dat"), at("openings.svg"), at("openings.dat"));
  if (spec.sweep)
    script += fmt::format(
        "set output {}\nset title {}\nset xlabel {}\nset ylabel 'share of games, 95% interval'\nset yrange [0:1]\n"
        "set offsets 0.3, 0.3, 0, 0\n"
        "plot {} using 0:2:3:4:xtic(1) with yerrorlines lw 2 title 'South wins', '' using 0:5:6:7 with yerrorlines lw "
        "2 title 'North wins', "
        "'' using 0:8:9:10 with yerrorlines lw 2 title 'draws', '' using 0:11:12:13 with yerrorlines lw 2 title "
        "'unterminated'\n",
        at("sweep.svg"), gnuplot_string(title), gnuplot_string(spec.sweep->option), at("sweep.dat"));
  return script;
}

}  // namespace

// Whether the file is a whole SVG drawing (gnuplot may exit 0 after a failed write).
static bool whole_svg(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::size_t end = text.rfind("</svg>");
  return end != std::string::npos && text.find_first_not_of(" \r\n", end + 6) == std::string::npos;
}

void write_charts(const std::string& dir, const SimulationReport& report) {
  make_folder(dir, "--charts");
  std::ostringstream length, laps;
  length_and_laps_data(report, length, laps);
  // Drawn in a temporary folder beside DIR and moved into it whole at the end (io/output.h): a
  // full disk or a failed gnuplot leaves no half of a chart set.
  WholeFolder folder(dir);
  const std::filesystem::path d(folder.temporary());
  const bool swept = report.spec->sweep.has_value();
  write_whole_file((d / "length.dat").string(), length.str());
  write_whole_file((d / "laps.dat").string(), laps.str());
  write_whole_file((d / "openings.dat").string(), openings_data(report));
  if (swept) write_whole_file((d / "sweep.dat").string(), sweep_data(report));
  write_whole_file((d / "charts.gp").string(), chart_script(report));
  const std::string command = fmt::format("cd {} && gnuplot charts.gp", quoted(d.string()));
  if (std::system(command.c_str()) != 0)
    throw InputError(
        fmt::format("--charts {}: 'gnuplot charts.gp' failed (gnuplot comes with Debian's gnuplot-nox: "
                    "scripts/setup.sh); no chart written",
                    dir));
  for (const char* chart : {"length.svg", "laps.svg", "openings.svg", swept ? "sweep.svg" : nullptr})
    if (chart != nullptr && !whole_svg((d / chart).string()))
      throw InputError(
          fmt::format("--charts {}: gnuplot left {} unfinished (a full disk?); no chart written", dir, chart));
  folder.commit();
}

}  // namespace hoyito
