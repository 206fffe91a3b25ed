// The evaluation chart of an annotated page (issue 23, "For authors"; harness/annotate/chart.h):
// its values against values derived by hand from a record's events, the move values seen from
// South, the sampling that keeps a long game's chart a few kB, and the chart on every committed
// example page. Fails without the chart (no chart.h, no chart section or chart.svg in
// docs/examples), on a sign or scale error of a move value, or on a chart that grows with the game.
#include <filesystem>
#include <fstream>
#include <iterator>

#include <gtest/gtest.h>

#include "engine/sides.h"
#include "harness/annotate/abstractplay.h"
#include "harness/annotate/chart.h"
#include "harness/annotate/page.h"
#include "harness/games/play.h"

using namespace hoyito;

namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Hoyito II 2x6 from the opening, the moves of docs/annotate.md's `hoyito apply` example.
GameRecord small_record() {
  const Rules rules;
  return play_moves(rules, engine::opening_position(rules), {"d", "A", "c", "b", "F", "F"});
}

MoveQuality move(int hole, int value) {
  MoveQuality q;
  q.hole = hole;
  q.value = q.hi = value;
  return q;
}

// The chart's section of a page: from its <section> to its </section>, or "" if it has none.
std::string chart_section(const std::string& page) {
  const size_t from = page.find("<section class=\"chart\"");
  return from == std::string::npos ? "" : page.substr(from, page.find("</section>", from) + 10 - from);
}

}  // namespace

TEST(AnnotateChart, CapturedDifferenceAfterEachPlyFromTheEvents) {
  // By hand, from the record's events (hoyito apply --variant hoyito2 --moves "d A c* b F* F"):
  // the start holds no captures (0); plies 1 (d) and 2 (A) end by SOW-4 with no capture event
  // (0, 0); ply 3 (South c) has `capture` CAP-II-1 of 4 seeds by South (+4); ply 4 (South b,
  // the extra move) captures nothing (+4); ply 5 (North F) has `capture` CAP-II-1 of 4 by North
  // (4 - 4 = 0); ply 6 (North F, the extra move) captures nothing (0).
  const GameRecord record = small_record();
  EXPECT_EQ(captured_differences(record), (std::vector<int>{0, 0, 0, 4, 4, 0, 0}));
  // The table of the page's chart says the same, each ply a link to it (plies 2..6 shown: the
  // start section is ply 1's position, #ply=1).
  const ChartData data{captured_differences(record), {}, 2, 6, 4};
  const std::string html = chart_html(data, Lang::en);
  EXPECT_NE(html.find("<tr><td><a href=\"#ply=3\">3</a></td><td>+4</td><td></td><td></td></tr>"), std::string::npos)
      << html;
  EXPECT_NE(html.find("<tr><td><a href=\"#ply=5\">5</a></td><td>0</td>"), std::string::npos);
  EXPECT_NE(html.find("<tr><td>0</td><td>0</td>"), std::string::npos) << "ply 0 is not on the page: no link";
  EXPECT_NE(html.find("role=\"img\" aria-label=\"Evaluation chart of 6 plies: the captured difference (South minus "
                      "North) goes from 0 to +4 and ends at 0. No move values"),
            std::string::npos)
      << html;
}

TEST(AnnotateChart, MoveValuesSeenFromSouthOnTheDifferencesScale) {
  const GameRecord record = small_record();
  // Ply 3: South plays c (hole 2). A search line: c worth 5, a worth 7 (the best): as they are.
  QualityLine south{4, false, 7, {move(0, 7), move(2, 5)}, ""};
  EXPECT_EQ(chart_move(record, 3, south), (ChartMove{3, 5, 7, false}));
  // Ply 5: North plays F (hole 11), worth 1 to North, the best 3: -1 and -3 from South.
  QualityLine north{4, false, 3, {move(7, 3), move(11, 1)}, ""};
  EXPECT_EQ(chart_move(record, 5, north), (ChartMove{5, -1, -3, false}));
  // Exact: the values count captures from the ply on; before ply 5 South leads by 4 (ply 4's
  // difference, above): 4 - 1 = 3 and 4 - 3 = 1.
  north.exact = true;
  EXPECT_EQ(chart_move(record, 5, north), (ChartMove{5, 3, 1, true}));
  EXPECT_FALSE(chart_move(record, 5, QualityLine{}).has_value()) << "no line (a pass, --depth 0): no point";
  EXPECT_FALSE(chart_move(record, 3, north).has_value()) << "the played hole is not in the line";
}

TEST(AnnotateChart, LegendSaysSearchOrExact) {
  ChartData data{{0, 2, -1}, {{1, 3, 3, false}, {2, -1, 0, false}}, 1, 2, 4};
  EXPECT_NE(chart_svg(data, Lang::en).find("move values: search of 4 plies"), std::string::npos);
  data.moves[1].exact = true;
  EXPECT_NE(chart_svg(data, Lang::en).find("exact from the endgame tables at 1 plies, search of 4 plies"),
            std::string::npos);
  data.moves[0].exact = true;
  EXPECT_NE(chart_svg(data, Lang::en).find("move values: exact, from the endgame tables"), std::string::npos);
  EXPECT_NE(chart_svg(data, Lang::es).find("valores de las jugadas: exactos"), std::string::npos);
  EXPECT_NE(chart_summary(data, Lang::en).find("the move played was below the best at 1 of them"), std::string::npos);
}

// The long game (5,000 plies): tests/harness/annotate/annotate_chart_plies_test.cpp, LongGameBandReachesEveryExtreme.

TEST(AnnotateChart, OnEveryCommittedExamplePageAndSmallOnTheLongGames) {
  for (const std::string folder : {"/docs/examples/", "/docs/examples/es/"}) {
    const std::string dir = std::string(HOYITO_SOURCE_DIR) + folder;
    int pages = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      const std::string stem = entry.path().stem().string();
      if (stem == "index" || (entry.path().extension() != ".md" && entry.path().extension() != ".html")) continue;
      const std::string page = read_text(entry.path().string());
      if (entry.path().extension() == ".md") {
        EXPECT_NE(page.find("](" + stem + "-svg/chart.svg)"), std::string::npos) << entry.path();
        EXPECT_TRUE(std::filesystem::exists(dir + stem + "-svg/chart.svg")) << entry.path();
        continue;
      }
      ++pages;
      const std::string chart = chart_section(page);
      EXPECT_NE(chart.find("<svg"), std::string::npos) << entry.path();
      // The 2x12 games (520, about 5,000 plies): the chart some kB, not growing with the game
      // (at most kMostRanges ranges and as many move values).
      if (stem.find("2x12") != std::string::npos) {
        EXPECT_LT(chart.size(), 40000u) << entry.path();
      }
    }
    EXPECT_GT(pages, 15) << dir;
  }
}

TEST(AnnotateAbstractPlay, BoardJsonOfAPly) {
  // AbstractPlay's renderer format (harness/annotate/abstractplay.h). Ply 3 of the small record,
  // South c: its `after` in the record is board [4,11,2,1,2,4, 5,7,3,0,0,5] (a..f, then A..F),
  // captured South 4, North 0. Row 0 is North's F..A: holes 11..6 = 5,0,0,3,7,5; row 1 South's
  // a..f = 4,11,2,1,2,4; end pits North (left) 0, South (right) 4; c is row 1, column 2, outlined
  // in South's colour 1.
  const GameRecord record = small_record();
  EXPECT_EQ(
      abstractplay_json(record.plies[2].after, 6, record.plies[2]),
      "{\"renderer\":\"sowing-numerals\",\"options\":[\"hide-labels\"],\"board\":{\"style\":\"sowing\","
      "\"width\":6,\"height\":2,\"showEndPits\":true,\"markers\":[{\"type\":\"edge\",\"edge\":\"N\",\"colour\":2},"
      "{\"type\":\"edge\",\"edge\":\"S\",\"colour\":1},{\"type\":\"outline\",\"colour\":1,\"points\":[{\"row\":1,"
      "\"col\":2}]}]},\"pieces\":\"5,0,0,3,7,5\\n4,11,2,1,2,4\\n0,4\"}\n");
  // Ply 5, North F (hole 11): row 0, column 0 (F is leftmost of North's row), North's colour 2;
  // after it North has captured 4: end pits 4,4.
  const std::string north = abstractplay_json(record.plies[4].after, 6, record.plies[4]);
  EXPECT_NE(north.find("{\"type\":\"outline\",\"colour\":2,\"points\":[{\"row\":0,\"col\":0}]}"), std::string::npos)
      << north;
  EXPECT_NE(north.find("\\n4,4\"}"), std::string::npos) << north;
  // The command writes one file per annotated ply and no page.
  AnnotatedGame game;
  game.record = record;
  PageOptions options;
  options.plies = {2, 3};
  const std::vector<OutputFile> files = annotate_files(game, PageFormat::abstractplay, options, "g");
  ASSERT_EQ(files.size(), 2u);
  EXPECT_EQ(files[0].name, "g-ply-2.json");
  EXPECT_EQ(files[1].text, abstractplay_json(record.plies[2].after, 6, record.plies[2]));
}
