// Issue 35: the evaluation chart draws every ply up to kEveryPlyUpTo plies (it drew every second
// ply of a 60-ply game, so one player's moves never showed), and past it a band of ranges that
// reaches every extreme the summary names. Fails on a chart that samples a short game, a band that
// misses an extreme, or a page whose chart leaves out a ply.
#include <algorithm>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "harness/annotate/chart.h"
#include "harness/games/game_file.h"

using namespace hoyito;

namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The y coordinates of the first <polyline> of `svg` drawn in `colour`.
std::vector<double> polyline_ys(const std::string& svg, const std::string& colour) {
  const size_t stroke = svg.find("stroke=\"" + colour + "\" stroke-width=\"2\"");
  const size_t start = svg.rfind("<polyline points=\"", stroke);
  if (stroke == std::string::npos || start == std::string::npos) return {};
  const size_t from = start + 18, to = svg.find('"', from);
  std::vector<double> ys;
  for (size_t at = from; at < to;) {
    const size_t comma = svg.find(',', at), space = std::min(svg.find(' ', comma), to);
    ys.push_back(std::stod(svg.substr(comma + 1, space - comma - 1)));
    at = space + 1;
  }
  return ys;
}

size_t count_of(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST(AnnotateChartPlies, EveryPlyOfA60PlyGame) {
  // South ahead by 3 after each South ply (odd), North by 3 after each North ply (even): a chart
  // that draws every second ply shows a flat line. Every ply annotated, the best move 1 above
  // the move played.
  ChartData data;
  for (int k = 0; k <= 60; ++k) data.differences.push_back(k % 2 == 1 ? 3 : -3);
  for (int k = 1; k <= 60; ++k) data.moves.push_back({k, k % 2 == 1 ? 2 : -2, k % 2 == 1 ? 3 : -1, false});
  data.first = 1, data.last = 60, data.depth = 4;
  const ChartSample sample = sample_chart(data);
  EXPECT_EQ(sample.difference_every, 1);
  EXPECT_EQ(sample.plies.size(), 61u);
  EXPECT_TRUE(sample.ranges.empty());
  EXPECT_EQ(sample.moves.size(), 60u);
  const std::string svg = chart_svg(data, Lang::en);
  const std::vector<double> difference = polyline_ys(svg, "#0072b2");
  ASSERT_EQ(difference.size(), 61u);
  for (size_t k = 1; k < difference.size(); ++k)
    EXPECT_NE(difference[k], difference[k - 1]) << "plies " << k - 1 << " and " << k << " drawn at one height";
  EXPECT_EQ(polyline_ys(svg, "#d55e00").size(), 60u) << "every move played";
  EXPECT_EQ(polyline_ys(svg, "#009e73").size(), 60u) << "every best move";
  // The legend says whose advantage the line is and what "best" means.
  EXPECT_NE(svg.find("above 0 South is ahead, below 0 North"), std::string::npos);
  EXPECT_NE(svg.find("the most the player to move could reach (for North, the lowest)"), std::string::npos);
  // The table: a row for each ply 0..60, each a link to its ply on the page (ply 0: the start).
  EXPECT_EQ(count_of(chart_html(data, Lang::en), "<tr><td><a href=\"#ply="), 61u);
}

TEST(AnnotateChartPlies, LongGameBandReachesEveryExtreme) {
  // 5,000 plies: ranges of ceil(5000 / 150) = 34 plies, 0-34, 34-68, ..., 4998-5000 (148 of
  // them); k % 97 - 40 runs from -40 (k = 0) to +56 (k = 96): the band's lowest and highest.
  ChartData data;
  for (int k = 0; k <= 5000; ++k) data.differences.push_back(k % 97 - 40);
  for (int k = 1; k <= 5000; ++k) data.moves.push_back({k, k % 13 - 6, k % 13 - 4, false});
  data.first = 4990, data.last = 5000, data.depth = 2;
  const ChartSample s = sample_chart(data);
  EXPECT_EQ(s.difference_every, 34);
  ASSERT_EQ(s.ranges.size(), 148u);
  EXPECT_EQ(s.ranges.front(), (ChartRange{0, 34, -40, -6}));
  EXPECT_EQ(s.ranges.back().first, 4998);
  EXPECT_EQ(s.ranges.back().last, 5000);
  int low = 0, high = 0;
  for (const ChartRange& r : s.ranges) low = std::min(low, r.low), high = std::max(high, r.high);
  EXPECT_EQ(low, -40);
  EXPECT_EQ(high, 56);
  EXPECT_NE(chart_summary(data, Lang::en).find("goes from -40 to +56"), std::string::npos);
  // Moves: every 34th annotated ply (ceil(4999 / 150)) and the last.
  EXPECT_EQ(s.move_every, 34);
  EXPECT_EQ(s.moves.size(), 149u);
  EXPECT_EQ(s.moves.back().ply, 5000);
  const std::string html = chart_html(data, Lang::en);
  EXPECT_NE(html.find("each band: the lowest and highest difference over 34 plies"), std::string::npos);
  EXPECT_NE(html.find("<td>-40 to -6</td>"), std::string::npos) << "the first range's row";
  EXPECT_LT(html.size(), 40000u) << html.size();
}

TEST(AnnotateChartPlies, TheLongRelayPageDrawsEveryOneOfItsSixtyPlies) {
  const std::string dir = std::string(HOYITO_SOURCE_DIR) + "/docs/examples/";
  const GameOfFile game = read_game_file(dir + "long-relay.json", 1);
  ASSERT_EQ(game.record.plies.size(), 60u);
  const std::string page = read_text(dir + "long-relay.html");
  const size_t from = page.find("<section class=\"chart\"");
  ASSERT_NE(from, std::string::npos);
  const std::string chart = page.substr(from, page.find("</section>", from) - from);
  EXPECT_EQ(polyline_ys(chart, "#0072b2").size(), 61u) << "the start and each of the 60 plies";
  const std::vector<int> differences = captured_differences(game.record);
  for (int k = 0; k <= 60; ++k) {
    // fmt, not operator+ on a temporary: GCC 12 warns (-Wrestrict) on ">" + std::to_string(k) at -O3.
    const std::string row = fmt::format("<td>{}</td>", k);
    const std::string linked = fmt::format(">{}</a></td>", k);
    EXPECT_TRUE(chart.find("<tr>" + row) != std::string::npos || chart.find(linked) != std::string::npos)
        << "no row for ply " << k;
  }
  EXPECT_EQ(differences.size(), 61u);
}
