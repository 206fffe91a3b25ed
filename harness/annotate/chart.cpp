#include "harness/annotate/chart.h"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "harness/base/escape.h"

namespace hoyito {

std::vector<int> captured_differences(const GameRecord& record) {
  const auto difference = [](const Position& p) {
    return p.captured[index(Player::south)] - p.captured[index(Player::north)];
  };
  std::vector<int> out{difference(record.start)};
  out.reserve(record.plies.size() + 1);
  for (const Ply& ply : record.plies) out.push_back(difference(ply.after));
  return out;
}

std::optional<ChartMove> chart_move(const GameRecord& record, int k, const QualityLine& line) {
  if (line.moves.empty() || k < 1 || k > static_cast<int>(record.plies.size())) return std::nullopt;
  const Ply& ply = record.plies[static_cast<size_t>(k - 1)];
  const auto played = std::find_if(line.moves.begin(), line.moves.end(),
                                   [&](const MoveQuality& q) { return Move::at(q.hole) == ply.move && !q.endless; });
  if (played == line.moves.end()) return std::nullopt;
  // Seen from South: a North mover's values change sign. An exact value counts the captures from
  // the ply on (table_play.h): the difference before the ply puts it on the chart's scale.
  const int sign = ply.player == Player::south ? 1 : -1;
  const Position& before = k == 1 ? record.start : record.plies[static_cast<size_t>(k - 2)].after;
  const int base = line.exact ? before.captured[index(Player::south)] - before.captured[index(Player::north)] : 0;
  return ChartMove{k, base + sign * played->value, base + sign * line.best, line.exact};
}

namespace {

std::string signed_text(int v) { return v > 0 ? fmt::format("+{}", v) : fmt::format("{}", v); }

// Every `every`-th of 0..count-1 and the last.
std::vector<int> every_and_last(int count, int every) {
  std::vector<int> picked;
  for (int i = 0; i < count; i += every) picked.push_back(i);
  if (count > 0 && picked.back() != count - 1) picked.push_back(count - 1);
  return picked;
}

int every_for(int count, int most) { return std::max(1, (count - 1 + most - 1) / most); }

// The drawing's frame: the plot's box in the SVG's units, the value range and the ply range.
struct Plot {
  static constexpr int width = 720, left = 52, right = 24, top = 14, plot_height = 150, line = 18;
  int plies = 1, low = -4, high = 4, step = 1;
  int plot_width() const { return width - left - right; }
  double x(int ply) const { return left + static_cast<double>(ply) * plot_width() / std::max(1, plies); }
  double y(int v) const { return top + static_cast<double>(high - v) * plot_height / (high - low); }
};

// The smallest of 1, 2, 5, 10, 20, 50 ... that cuts `span` into at most `parts`.
int nice_step(int span, int parts) {
  for (int scale = 1;; scale *= 10)
    for (const int s : {1, 2, 5})
      if (span <= s * scale * parts) return s * scale;
}

Plot frame_of(const ChartData& data, const ChartSample& sample) {
  Plot f;
  f.plies = static_cast<int>(data.differences.size()) - 1;
  int low = 0, high = 0;
  for (const int ply : sample.plies) low = std::min(low, data.differences[static_cast<size_t>(ply)]);
  for (const int ply : sample.plies) high = std::max(high, data.differences[static_cast<size_t>(ply)]);
  for (const ChartRange& r : sample.ranges) low = std::min(low, r.low), high = std::max(high, r.high);
  for (const ChartMove& m : sample.moves)
    low = std::min({low, m.played, m.best}), high = std::max({high, m.played, m.best});
  low = std::min(low, -4), high = std::max(high, 4);
  f.step = nice_step(high - low, 6);
  f.low = (low - f.step + 1) / f.step * f.step;  // rounded away from 0 (low <= -4 < 0)
  f.high = (high + f.step - 1) / f.step * f.step;
  return f;
}

struct Series {
  const char* colour;
  const char* dash;    // "none": solid
  const char* marker;  // "" or a marker's id
};
constexpr Series kDifference{"#0072b2", "none", ""};       // Okabe-Ito blue, 5.2:1 on white
constexpr Series kPlayed{"#d55e00", "6 3", "chart-dot"};   // vermillion, 3.9:1; dashed, dots
constexpr Series kBest{"#009e73", "2 3", "chart-square"};  // bluish green, 3.4:1; dotted, squares

std::string polyline(const Series& s, const std::string& points) {
  const std::string markers =
      *s.marker ? fmt::format(" marker-start=\"url(#{0})\" marker-mid=\"url(#{0})\" marker-end=\"url(#{0})\"", s.marker)
                : "";
  return fmt::format(
      "<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\" stroke-dasharray=\"{}\"{}/>\n", points,
      s.colour, s.dash, markers);
}

// A long game's difference: a band from each range's lowest to its highest value, outlined.
std::string band(const Plot& f, const std::vector<ChartRange>& ranges) {
  std::vector<std::string> points;
  for (const ChartRange& r : ranges)
    points.push_back(fmt::format("{:.0f},{:.0f} {:.0f},{:.0f}", f.x(r.first), f.y(r.high), f.x(r.last), f.y(r.high)));
  for (auto r = ranges.rbegin(); r != ranges.rend(); ++r)
    points.push_back(fmt::format("{:.0f},{:.0f} {:.0f},{:.0f}", f.x(r->last), f.y(r->low), f.x(r->first), f.y(r->low)));
  return fmt::format("<polygon points=\"{}\" fill=\"#cfe3f1\" stroke=\"{}\" stroke-width=\"1\"/>\n",
                     fmt::join(points, " "), kDifference.colour);
}

template <class Y>
std::string points_of(const Plot& f, const std::vector<int>& plies, const Y& value) {
  std::string points;
  for (const int ply : plies)
    points += fmt::format("{}{:.0f},{:.0f}", points.empty() ? "" : " ", f.x(ply), f.y(value(ply)));
  if (plies.size() == 1) points += " " + points;  // one point: its marker still drawn
  return points;
}

std::string axes(const Plot& f, Lang lang) {
  const int bottom = Plot::top + Plot::plot_height;
  std::string svg = fmt::format(
      "<g stroke=\"#767676\" stroke-width=\"1\"><line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>"
      "<line x1=\"{0}\" y1=\"{3:.1f}\" x2=\"{4}\" y2=\"{3:.1f}\"/></g>\n<g font-size=\"12\" fill=\"#222222\">\n",
      Plot::left, Plot::top, bottom, f.y(0), Plot::width - Plot::right);
  for (int v = f.low; v <= f.high; v += f.step)
    svg += fmt::format("<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">{}</text>\n", Plot::left - 6, f.y(v) + 4,
                       signed_text(v));
  const int every = nice_step(f.plies, 8);
  for (int ply = 0; ply <= f.plies; ply += every)
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", f.x(ply), bottom + 16, ply);
  svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n</g>\n", Plot::width - Plot::right,
                     bottom + 32, word(Word::ply, lang));
  return svg;
}

std::string values_kind(const ChartData& data, Lang lang) {
  const auto exact = std::count_if(data.moves.begin(), data.moves.end(), [](const ChartMove& m) { return m.exact; });
  if (exact == static_cast<long>(data.moves.size())) return std::string(word(Word::chart_exact, lang));
  const Word w = exact == 0 ? Word::chart_search : Word::chart_mixed;
  return fmt::format(fmt::runtime(word(w, lang)), fmt::arg("depth", data.depth), fmt::arg("exact", exact));
}

// The legend's lines: a line of each series with its text, then what the values are and how the
// plies are sampled.
std::vector<std::pair<const Series*, std::string>> legend_lines(const ChartData& data, const ChartSample& sample,
                                                                Lang lang) {
  std::vector<std::pair<const Series*, std::string>> lines{
      {&kDifference, std::string(word(Word::chart_difference, lang))}};
  if (sample.difference_every > 1)
    lines.push_back({nullptr, fmt::format(fmt::runtime(word(Word::chart_every, lang)),
                                          fmt::arg("every", sample.difference_every))});
  if (sample.moves.empty()) return lines;
  lines.push_back({&kPlayed, std::string(word(Word::chart_played, lang))});
  lines.push_back({&kBest, std::string(word(Word::chart_best, lang))});
  lines.push_back({nullptr, values_kind(data, lang)});
  if (sample.move_every > 1)
    lines.push_back({nullptr, fmt::format(fmt::runtime(word(Word::chart_moves_every, lang)),
                                          fmt::arg("every", sample.move_every))});
  return lines;
}

std::string legend(const std::vector<std::pair<const Series*, std::string>>& lines) {
  std::string svg = "<g class=\"legend\" font-size=\"12\" fill=\"#222222\">\n";
  int y = Plot::top + Plot::plot_height + 52;
  for (const auto& [series, text] : lines) {
    if (series)
      svg += polyline(
          *series, fmt::format("{},{} {},{} {},{}", Plot::left, y - 4, Plot::left + 14, y - 4, Plot::left + 28, y - 4));
    svg += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>\n", Plot::left + 36, y, xml_escape(text));
    y += Plot::line;
  }
  return svg + "</g>\n";
}

// The square (the best move) is larger than the dot (the move played): where the two values are
// equal the square still shows around the dot.
constexpr const char* kMarkers =
    "<defs><marker id=\"chart-dot\" viewBox=\"0 0 8 8\" refX=\"4\" refY=\"4\" markerWidth=\"8\" markerHeight=\"8\" "
    "markerUnits=\"userSpaceOnUse\"><circle cx=\"4\" cy=\"4\" r=\"2.5\" fill=\"#d55e00\"/></marker>"
    "<marker id=\"chart-square\" viewBox=\"0 0 8 8\" refX=\"4\" refY=\"4\" markerWidth=\"8\" markerHeight=\"8\" "
    "markerUnits=\"userSpaceOnUse\"><path d=\"M0,0h8v8h-8z\" fill=\"#009e73\"/></marker></defs>\n";

}  // namespace

ChartSample sample_chart(const ChartData& data) {
  ChartSample s;
  const int plies = static_cast<int>(data.differences.size()) - 1;
  if (plies <= kEveryPlyUpTo) {
    s.plies = every_and_last(plies + 1, 1);
  } else {  // ranges first..first + K, each sharing its last ply with the next: the band has no gap
    s.difference_every = (plies + kMostRanges - 1) / kMostRanges;
    for (int first = 0; first < plies; first += s.difference_every) {
      const auto from = data.differences.begin() + first;
      const auto to = data.differences.begin() + std::min(first + s.difference_every, plies) + 1;
      const auto [low, high] = std::minmax_element(from, to);
      s.ranges.push_back({first, static_cast<int>(to - data.differences.begin()) - 1, *low, *high});
    }
  }
  const int moves = static_cast<int>(data.moves.size());
  s.move_every = moves <= kEveryPlyUpTo ? 1 : every_for(moves, kMostRanges);
  for (const int i : every_and_last(moves, s.move_every)) s.moves.push_back(data.moves[static_cast<size_t>(i)]);
  return s;
}

std::string chart_summary(const ChartData& data, Lang lang) {
  const auto [low, high] = std::minmax_element(data.differences.begin(), data.differences.end());
  std::string text =
      fmt::format(fmt::runtime(word(Word::chart_summary, lang)), fmt::arg("plies", data.differences.size() - 1),
                  fmt::arg("low", signed_text(*low)), fmt::arg("high", signed_text(*high)),
                  fmt::arg("end", signed_text(data.differences.back())));
  if (data.moves.empty()) return text + std::string(word(Word::chart_summary_none, lang));
  const auto worse =
      std::count_if(data.moves.begin(), data.moves.end(), [](const ChartMove& m) { return m.played != m.best; });
  return text + fmt::format(fmt::runtime(word(Word::chart_summary_moves, lang)), fmt::arg("count", data.moves.size()),
                            fmt::arg("worse", worse));
}

std::string chart_svg(const ChartData& data, Lang lang) {
  const ChartSample sample = sample_chart(data);
  const Plot f = frame_of(data, sample);
  const auto lines = legend_lines(data, sample, lang);
  const int height = Plot::top + Plot::plot_height + 40 + static_cast<int>(lines.size()) * Plot::line;
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"hoyito-chart\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\" style=\"min-width:600px\" role=\"img\" aria-label=\"{2}\" font-family=\"sans-serif\" "
      "data-x0=\"{3}\" data-width=\"{4}\" data-plies=\"{5}\">\n<title>{2}</title>\n{6}"
      "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n",
      Plot::width, height, xml_escape(chart_summary(data, lang)), Plot::left, f.plot_width(), f.plies, kMarkers);
  svg += axes(f, lang);
  svg += sample.ranges.empty()
             ? polyline(kDifference,
                        points_of(f, sample.plies, [&](int ply) { return data.differences[static_cast<size_t>(ply)]; }))
             : band(f, sample.ranges);
  if (!sample.moves.empty()) {
    std::vector<int> plies;
    for (const ChartMove& m : sample.moves) plies.push_back(m.ply);
    const auto at = [&](int ply) {
      return *std::find_if(sample.moves.begin(), sample.moves.end(), [&](const ChartMove& m) { return m.ply == ply; });
    };
    svg += polyline(kBest, points_of(f, plies, [&](int ply) { return at(ply).best; }));
    svg += polyline(kPlayed, points_of(f, plies, [&](int ply) { return at(ply).played; }));
  }
  return svg + legend(lines) + "</svg>\n";
}

namespace {

std::string ply_cell(const ChartData& data, int ply, const std::string& text) {
  const bool on_page = ply >= data.first - 1 && ply <= data.last;
  return on_page ? fmt::format("<tr><td><a href=\"#ply={}\">{}</a></td>", ply, text)
                 : fmt::format("<tr><td>{}</td>", text);
}

// A long game's rows: each range, "100-120" with "-3 to +5", then the sampled moves' rows.
std::string range_rows(const ChartData& data, const ChartSample& sample, Lang lang) {
  std::string rows;
  for (const ChartRange& r : sample.ranges)
    rows += ply_cell(data, r.first, fmt::format("{}&#8211;{}", r.first, r.last)) +
            fmt::format("<td>{}</td><td></td><td></td></tr>\n",
                        fmt::format(fmt::runtime(word(Word::chart_range, lang)), fmt::arg("low", signed_text(r.low)),
                                    fmt::arg("high", signed_text(r.high))));
  for (const ChartMove& m : sample.moves)
    rows += ply_cell(data, m.ply, std::to_string(m.ply)) +
            fmt::format("<td>{}</td><td>{}</td><td>{}</td></tr>\n",
                        signed_text(data.differences[static_cast<size_t>(m.ply)]), signed_text(m.played),
                        signed_text(m.best));
  return rows;
}

// The table's rows: the plies drawn (both lines), each with what the chart draws at it.
std::string table_rows(const ChartData& data, const ChartSample& sample, Lang lang) {
  if (!sample.ranges.empty()) return range_rows(data, sample, lang);
  std::vector<int> plies = sample.plies;
  for (const ChartMove& m : sample.moves) plies.push_back(m.ply);
  std::sort(plies.begin(), plies.end());
  plies.erase(std::unique(plies.begin(), plies.end()), plies.end());
  std::string rows;
  for (const int ply : plies) {
    rows += ply_cell(data, ply, std::to_string(ply));
    rows += fmt::format("<td>{}</td>", signed_text(data.differences[static_cast<size_t>(ply)]));
    const auto m =
        std::find_if(sample.moves.begin(), sample.moves.end(), [&](const ChartMove& c) { return c.ply == ply; });
    rows += m == sample.moves.end()
                ? "<td></td><td></td></tr>\n"
                : fmt::format("<td>{}</td><td>{}</td></tr>\n", signed_text(m->played), signed_text(m->best));
  }
  return rows;
}

}  // namespace

std::string chart_html(const ChartData& data, Lang lang) {
  const std::string heading(word(Word::chart_heading, lang));
  std::string html = fmt::format(
      "<section class=\"chart\" aria-labelledby=\"chart-heading\">\n<h2 id=\"chart-heading\">{0}</h2>\n"
      "<div class=\"chart-box\" tabindex=\"0\" role=\"group\" aria-label=\"{0}\">\n{1}</div>\n<p "
      "class=\"chart-note\">{2}</p>\n",
      xml_escape(heading), chart_svg(data, lang), xml_escape(word(Word::chart_note, lang)));
  html += fmt::format(
      "<details><summary>{}</summary>\n<table><thead><tr><th>{}</th><th>{} &#8722; {}</th><th>{}</th><th>{}</th></tr>"
      "</thead><tbody>\n{}</tbody></table></details>\n</section>\n",
      word(Word::chart_numbers, lang), word(Word::ply, lang), word(Word::south, lang), word(Word::north, lang),
      word(Word::quality_played, lang), word(Word::quality_best, lang), table_rows(data, sample_chart(data), lang));
  return html;
}

}  // namespace hoyito
