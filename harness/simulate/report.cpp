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

const json::object& object_at(const json::object& o, std::string_view path) {
  const json::object* here = &o;
  while (!path.empty()) {
    const auto dot = path.find('.');
    here = &here->at(path.substr(0, dot)).as_object();
    path = dot == std::string_view::npos ? std::string_view{} : path.substr(dot + 1);
  }
  return *here;
}

double number(const json::value& v) { return v.is_null() ? 0.0 : v.to_number<double>(); }
std::string number_text(const json::value& v, int decimals) {
  return v.is_null() ? std::string("-") : fmt::format("{:.{}f}", v.to_number<double>(), decimals);
}
std::string rate_text(const json::object& rate) {
  if (rate.at("rate").is_null()) return "-";
  return fmt::format("{:.2f}% [{:.2f}, {:.2f}]", 100 * number(rate.at("rate")), 100 * number(rate.at("low")),
                     100 * number(rate.at("high")));
}

// The rates every table, CSV and sweep chart shows: a label and the path of a rate object.
struct RateRow {
  const char* label;
  const char* path;  // within "summary"
  const char* key;
};
constexpr RateRow kRateRows[] = {
    {"South wins", "results", "south"},
    {"North wins", "results", "north"},
    {"draws", "results", "draw"},
    {"unterminated (G7)", "results", "unterminated"},
    {"void (G6)", "results", "void"},
    {"South, of decisive", "by_seat", "south_share_of_decisive"},
    {"starter, of decisive", "by_starter", "starter_share_of_decisive"},
    {"first player, of decisive", "by_player", "first_share_of_decisive"},
    {"forced plies", "choice", "forced"},
};

std::vector<const json::object*> summaries(const json::object& simulation) {
  std::vector<const json::object*> out;
  for (const auto& r : simulation.at("results").as_array())
    out.push_back(&r.as_object().at("statistics").as_object().at("summary").as_object());
  return out;
}

std::vector<std::string> value_names(const json::object& simulation) {
  std::vector<std::string> out;
  for (const auto& r : simulation.at("results").as_array()) {
    const auto& v = r.as_object().at("value");
    out.push_back(v.is_null() ? std::string("all") : std::string(v.as_string()));
  }
  return out;
}

}  // namespace

void write_table(std::ostream& out, const json::object& simulation) {
  const auto& run = simulation.at("run").as_object();
  const auto& rules = run.at("rules").as_object();
  const auto& players = run.at("players").as_array();
  out << fmt::format("{} 2x{}, {} (South) against {} (North){}, {} deals, seed {}{}\n",
                     std::string_view(rules.at("variant").as_string()), rules.at("holes_per_row").as_int64(),
                     std::string_view(players[0].as_string()), std::string_view(players[1].as_string()),
                     run.at("paired").as_bool() ? ", paired (each deal also with the seats swapped)" : "",
                     run.at("games").to_number<std::uint64_t>(), run.at("seed").to_number<std::uint64_t>(),
                     run.at("match_rounds").as_int64() > 0 ? fmt::format(", matches of {} games", run.at("match_rounds").as_int64()) : "");
  // The options as played (the JSON holds every one): those that differ from the defaults.
  std::string options;
  const json::object defaults = to_json(Rules{}).at("options").as_object();
  for (const auto& [name, value] : rules.at("options").as_object())
    if (!defaults.contains(name) || defaults.at(name) != value)
      options += fmt::format("{}{}={}", options.empty() ? "" : ", ", std::string_view(name), json::serialize(value));
  out << fmt::format("options: {}; version {}, commit {}\n", options.empty() ? "all at their defaults" : options,
                     std::string_view(simulation.at("version").as_string()), std::string_view(simulation.at("commit").as_string()));
  const auto sums = summaries(simulation);
  const auto names = value_names(simulation);
  if (!run.at("sweep").is_null()) {
    out << fmt::format("sweep of {}:", std::string_view(run.at("sweep").at("option").as_string()));
    for (const auto& n : names) out << fmt::format(" {}", n);
    out << "\n";
  }
  const int width = 34;
  out << fmt::format("{:<30}", "");
  for (const auto& n : names) out << fmt::format("{:<{}}", n == "all" ? "rate, 95% interval" : n, width);
  out << "\n";
  out << fmt::format("{:<30}", "games");
  for (const auto* s : sums) out << fmt::format("{:<{}}", s->at("games").to_number<std::uint64_t>(), width);
  out << "\n";
  out << fmt::format("{:<30}", "undecided, skipped (Q-LIMIT)");
  for (const auto* s : sums) {
    const auto& u = s->at("undecided").as_object();
    const auto& first = u.at("first_deal");
    out << fmt::format("{:<{}}", fmt::format("{}{}", u.at("games").to_number<std::uint64_t>(),
                                              first.is_null() ? std::string() : fmt::format(" (first: deal {})", first.to_number<std::uint64_t>())),
                       width);
  }
  out << "\n";
  for (const RateRow& row : kRateRows) {
    out << fmt::format("{:<30}", row.label);
    for (const auto* s : sums) out << fmt::format("{:<{}}", rate_text(object_at(*s, row.path).at(row.key).as_object()), width);
    out << "\n";
  }
  const auto line = [&](const char* label, auto&& cell) {
    out << fmt::format("{:<30}", label);
    for (const auto* s : sums) out << fmt::format("{:<{}}", cell(*s), width);
    out << "\n";
  };
  line("fairness p, seat / starter", [](const json::object& s) {
    const auto p = [](double v) { return v == 0 ? std::string("<1e-300") : fmt::format("{:.3g}", v); };  // underflow
    return fmt::format("{} / {}", p(number(object_at(s, "by_seat.fairness").at("p_value"))),
                       p(number(object_at(s, "by_starter.fairness").at("p_value"))));
  });
  line("length: mean (sd)", [](const json::object& s) {
    const auto& l = s.at("length").as_object();
    return fmt::format("{} ({})", number_text(l.at("mean"), 1), number_text(l.at("stddev"), 1));
  });
  line("length: quartiles, max", [](const json::object& s) {
    const auto& l = s.at("length").as_object();
    return fmt::format("{} / {} / {}, {}", number_text(l.at("q1"), 0), number_text(l.at("median"), 0),
                       number_text(l.at("q3"), 0), l.at("max").to_number<std::uint64_t>());
  });
  line("per game: moves, passes", [](const json::object& s) {
    const auto& p = s.at("per_game").as_object();
    return fmt::format("{}, {}", number_text(p.at("moves"), 1), number_text(p.at("passes"), 2));
  });
  line("passes PASS-1/2/3 (events)", [](const json::object& s) {
    const auto& p = s.at("sowing").at("passes").as_object();
    return fmt::format("{} / {} / {}", p.at("PASS-1").to_number<std::uint64_t>(), p.at("PASS-2").to_number<std::uint64_t>(),
                       p.at("PASS-3").to_number<std::uint64_t>());
  });
  line("per game: extra, captures", [](const json::object& s) {
    const auto& p = s.at("per_game").as_object();
    return fmt::format("{}, {}", number_text(p.at("extra_moves"), 2), number_text(p.at("capture_plies").at("mean"), 2));
  });
  line("branching factor", [](const json::object& s) { return number_text(s.at("choice").at("branching_factor"), 2); });
  line("laps per move: mean, max", [](const json::object& s) {
    const auto& w = s.at("sowing").as_object();
    return fmt::format("{}, {}", number_text(w.at("laps_per_move").at("mean"), 2), w.at("laps_per_move").at("max").to_number<std::uint64_t>());
  });
  line("relays per move: mean, max", [](const json::object& s) {
    const auto& w = s.at("sowing").as_object();
    return fmt::format("{}, {}", number_text(w.at("relays_per_move").at("mean"), 2), w.at("relays_per_move").at("max").to_number<std::uint64_t>());
  });
  line("endless moves refused/played", [](const json::object& s) {
    const auto& w = s.at("sowing").as_object();
    return fmt::format("{} / {}", w.at("endless_refused").to_number<std::uint64_t>(), w.at("endless_played").to_number<std::uint64_t>());
  });
  line("longest exact cycle (laps)", [](const json::object& s) {
    return fmt::format("{}", s.at("sowing").at("longest_exact_cycle").to_number<std::uint64_t>());
  });
  line("chain length: mean, max", [](const json::object& s) {
    const auto& c = s.at("sowing").at("chain_lengths").as_object();
    return fmt::format("{}, {}", number_text(c.at("mean"), 3), c.at("max").to_number<std::uint64_t>());
  });
  line("games with events", [](const json::object& s) { return fmt::format("{}", s.at("sowing").at("detail_games").to_number<std::uint64_t>()); });
  if (run.at("match_rounds").as_int64() > 0) {
    line("matches won South/North/draw", [](const json::object& s) {
      const auto& w = s.at("matches").at("winners").as_object();
      return fmt::format("{:.1f}/{:.1f}/{:.1f}%", 100 * number(w.at("south").at("rate")), 100 * number(w.at("north").at("rate")),
                         100 * number(w.at("draw").at("rate")));
    });
    line("matches scored", [](const json::object& s) {
      return fmt::format("{}", s.at("matches").at("matches").to_number<std::uint64_t>());
    });
    line("round-3 rule: used, decided", [](const json::object& s) {
      const auto& m = s.at("matches").as_object();
      return fmt::format("{}, {}", m.at("round_rule_applied").to_number<std::uint64_t>(),
                         m.at("round_rule_decided").at("count").to_number<std::uint64_t>());
    });
  }
  for (const auto& d : simulation.at("differences").as_array()) {
    const auto& o = d.as_object();
    out << fmt::format("{} against {}:", std::string_view(o.at("value").as_string()), std::string_view(o.at("against").as_string()));
    for (const char* k : {"south", "north", "draw", "unterminated", "void"}) {
      const auto& x = o.at(k).as_object();
      out << fmt::format(" {} {:+.2f} [{:+.2f}, {:+.2f}] pts;", k, 100 * number(x.at("difference")), 100 * number(x.at("low")),
                         100 * number(x.at("high")));
    }
    out << fmt::format(" mean length {:+.1f} plies\n", number(o.at("mean_length").at("difference")));
  }
}

void write_statistics_csv(std::ostream& out, const json::object& simulation) {
  out << "value,statistic,count,of,rate,low,high\n";
  const auto sums = summaries(simulation);
  const auto names = value_names(simulation);
  for (std::size_t v = 0; v < sums.size(); ++v) {
    const auto& s = *sums[v];
    for (const RateRow& row : kRateRows) {
      const auto& r = object_at(s, row.path).at(row.key).as_object();
      out << fmt::format("{},{}.{},{},{},{},{},{}\n", names[v], row.path, row.key, r.at("count").to_number<std::uint64_t>(),
                         r.at("of").to_number<std::uint64_t>(), number_text(r.at("rate"), 6), number_text(r.at("low"), 6),
                         number_text(r.at("high"), 6));
    }
    const auto& l = s.at("length").as_object();
    for (const char* k : {"mean", "stddev", "q1", "median", "q3", "max"})
      out << fmt::format("{},length.{},,,{},,\n", names[v], k, number_text(l.at(k), 4));
    for (const char* k : {"moves", "passes", "extra_moves"})
      out << fmt::format("{},per_game.{},,,{},,\n", names[v], k, number_text(s.at("per_game").at(k), 4));
    out << fmt::format("{},choice.branching_factor,,,{},,\n", names[v], number_text(s.at("choice").at("branching_factor"), 4));
    out << fmt::format("{},fairness.seat.p_value,,,{},,\n", names[v], number_text(s.at("by_seat").at("fairness").at("p_value"), 6));
    out << fmt::format("{},fairness.starter.p_value,,,{},,\n", names[v], number_text(s.at("by_starter").at("fairness").at("p_value"), 6));
  }
}

std::string game_csv_header() { return "deal,value,seating,round,starter,status,winner,captured_south,captured_north,plies,opening\n"; }

std::string game_csv_row(const GameRow& r, const SimulationSpec& spec) {
  const std::string value = spec.sweep ? spec.sweep->values[static_cast<std::size_t>(r.sweep_value)] : "all";
  return fmt::format("{},{},{},{},{},{},{},{},{},{},{}\n", r.deal, value, r.seating, r.round, player_name(r.starter),
                     r.undecided ? std::string_view("undecided") : status_name(r.result.status), winner_name(r.result.winner), r.result.captured[0], r.result.captured[1],
                     r.plies, r.plies == 0 ? "" : move_text(r.opening, spec.rules.holes_per_row));
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

// Whether the file is a whole SVG drawing (gnuplot may exit 0 after a failed write).
static bool whole_svg(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::size_t end = text.rfind("</svg>");
  return end != std::string::npos && text.find_first_not_of(" \r\n", end + 6) == std::string::npos;
}

void write_charts(const std::string& dir, const json::object& simulation) {
  make_folder(dir, "--charts");
  const auto& run = simulation.at("run").as_object();
  const auto& rules = run.at("rules").as_object();
  const auto& players = run.at("players").as_array();
  const std::string title = fmt::format("{} 2x{}, {} vs {}, {} deals", std::string_view(rules.at("variant").as_string()),
                                        rules.at("holes_per_row").as_int64(), std::string_view(players[0].as_string()),
                                        std::string_view(players[1].as_string()), run.at("games").to_number<std::uint64_t>());
  const auto names = value_names(simulation);
  const auto& results = simulation.at("results").as_array();

  // Game length: the exact bins gathered into about 100 bars per value, as a share of games.
  std::ostringstream length, laps, openings, sweep;
  for (std::size_t v = 0; v < results.size(); ++v) {
    const auto& counts = results[v].at("statistics").at("counts").as_object();
    const auto& h = counts.at("length").as_object();
    const auto total = std::max<std::uint64_t>(1, h.at("total").to_number<std::uint64_t>());
    const auto max = h.at("max").to_number<std::uint64_t>();
    const std::uint64_t width = std::max<std::uint64_t>(1, (max + 99) / 100);
    std::map<std::uint64_t, std::uint64_t> bars;
    for (const auto& bin : h.at("bins").as_array()) bars[bin.at(0).to_number<std::uint64_t>() / width] += bin.at(1).to_number<std::uint64_t>();
    length << fmt::format("# value {}\n", names[v]);
    for (const auto& [bar, count] : bars)
      length << fmt::format("{} {:.8f}\n", bar * width + width / 2.0, static_cast<double>(count) / static_cast<double>(total));
    length << "\n\n";
    // Laps per move by powers of two.
    const auto& l = counts.at("laps").as_object();
    laps << fmt::format("# value {}\n", names[v]);
    for (const auto& bin : l.at("bins").as_array()) {
      const auto k = bin.at(0).to_number<std::uint64_t>();
      if (k == 0) continue;
      laps << fmt::format("{} {}\n", std::uint64_t{1} << (k - 1), bin.at(1).to_number<std::uint64_t>());
    }
    laps << "\n\n";
  }
  // Results by opening move (the first value of a sweep): South's share with its interval.
  for (const auto& row : results.front().at("statistics").at("summary").at("by_opening").as_array()) {
    const auto& o = row.as_object();
    const auto& south = o.at("south").as_object();
    openings << fmt::format("{} {:.6f} {:.6f} {:.6f} {:.6f}\n", std::string_view(o.at("move").as_string()), number(south.at("rate")),
                            number(south.at("low")), number(south.at("high")), number(o.at("north").at("rate")));
  }
  const bool swept = !run.at("sweep").is_null();
  if (swept) {
    const auto sums = summaries(simulation);
    for (std::size_t v = 0; v < sums.size(); ++v) {
      sweep << names[v];
      for (const char* k : {"south", "north", "draw", "unterminated"}) {
        const auto& r = sums[v]->at("results").at(k).as_object();
        sweep << fmt::format(" {:.6f} {:.6f} {:.6f}", number(r.at("rate")), number(r.at("low")), number(r.at("high")));
      }
      sweep << "\n";
    }
  }
  // Drawn in a temporary folder beside DIR and moved into it whole at the end (io/output.h): a
  // full disk or a failed gnuplot leaves no half of a chart set.
  WholeFolder folder(dir);
  const std::filesystem::path d(folder.temporary());
  write_whole_file((d / "length.dat").string(), length.str());
  write_whole_file((d / "laps.dat").string(), laps.str());
  write_whole_file((d / "openings.dat").string(), openings.str());
  if (swept) write_whole_file((d / "sweep.dat").string(), sweep.str());

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
      "plot {} using 0:2:xtic(1) with boxes title 'South wins', '' using 0:2:3:4 with yerrorbars lc 'black' title '95% interval', "
      "'' using 0:5 with points pt 7 title 'North wins'\n",
      gnuplot_string(titles), at("length.svg"), gnuplot_string(title), names.size() - 1, at("length.dat"), at("laps.svg"),
      names.size() - 1, at("laps.dat"), at("openings.svg"), at("openings.dat"));
  if (swept)
    script += fmt::format(
        "set output {}\nset title {}\nset xlabel {}\nset ylabel 'share of games, 95% interval'\nset yrange [0:1]\n"
        "set offsets 0.3, 0.3, 0, 0\n"
        "plot {} using 0:2:3:4:xtic(1) with yerrorlines lw 2 title 'South wins', '' using 0:5:6:7 with yerrorlines lw 2 title 'North wins', "
        "'' using 0:8:9:10 with yerrorlines lw 2 title 'draws', '' using 0:11:12:13 with yerrorlines lw 2 title 'unterminated'\n",
        at("sweep.svg"), gnuplot_string(title), gnuplot_string(std::string(run.at("sweep").at("option").as_string())),
        at("sweep.dat"));
  const std::string script_path = (d / "charts.gp").string();
  write_whole_file(script_path, script);
  const std::string command = fmt::format("cd {} && gnuplot charts.gp", quoted(d.string()));
  if (std::system(command.c_str()) != 0)
    throw InputError(fmt::format("--charts {}: 'gnuplot charts.gp' failed (gnuplot comes with Debian's gnuplot-nox: "
                                 "scripts/setup.sh); no chart written", dir));
  for (const char* chart : {"length.svg", "laps.svg", "openings.svg", swept ? "sweep.svg" : nullptr})
    if (chart != nullptr && !whole_svg((d / chart).string()))
      throw InputError(fmt::format("--charts {}: gnuplot left {} unfinished (a full disk?); no chart written", dir, chart));
  folder.commit();
}

}  // namespace hoyito
