// The evaluation chart of an annotated game, as lichess draws one under a game: per ply the
// captured-seed difference (South minus North), and for the annotated plies with a move-quality
// line (quality.h) the value of the move played and of the best move, all seen from South on the
// one scale (seeds). A plain function of the data to an SVG, like the diagrams (diagram.h):
// Okabe-Ito colours each with a second cue (solid, dashed with dots, dotted with squares), every
// colour 3:1 or more against white and every text 4.5:1 (WCAG 2.1 AA). Every ply is drawn up to
// kEveryPlyUpTo plies (so both players' moves show, issue 35); a longer game draws the difference
// as a band, the lowest and highest value of each run of K plies (at most kMostRanges runs), so
// that the line reaches every extreme the summary names, and the move values of every M-th
// annotated ply; the legend says so.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "harness/annotate/account.h"
#include "harness/annotate/quality.h"

namespace hoyito {

// South's captured seeds minus North's at the start (index 0) and after each ply k (index k), as
// the record's plies leave them (the captures of its events, END-1's awards included).
std::vector<int> captured_differences(const GameRecord& record);

// The values of the move-quality line of one ply, seen from South, on the captured difference's
// scale: a search's value is already the difference D plies on; an exact (tables) value counts
// the captures from the ply on, so the difference before the ply is added to it.
struct ChartMove {
  int ply = 0;  // from 1
  int played = 0, best = 0;
  bool exact = false;
  bool operator==(const ChartMove&) const = default;
};
// Ply k's values (k from 1), or nothing when its line has none (a pass, the game over, a
// Q-LIMIT line, a ply outside the page).
std::optional<ChartMove> chart_move(const GameRecord& record, int k, const QualityLine& line);

struct ChartData {
  std::vector<int> differences;  // captured_differences()
  std::vector<ChartMove> moves;  // the annotated plies with values, in ply order
  int first = 1, last = 0;       // the plies the page shows (a point links to them)
  int depth = 0;                 // the search depth of the non-exact values
};

inline constexpr int kEveryPlyUpTo = 300;
inline constexpr int kMostRanges = 150;

// A run of plies first..last (the band of a long game) and the lowest and highest difference in it.
struct ChartRange {
  int first = 0, last = 0, low = 0, high = 0;
  bool operator==(const ChartRange&) const = default;
};

// What the chart draws: every ply (difference_every 1, `plies` 0..n) or, past kEveryPlyUpTo, the
// ranges of difference_every plies each; and the moves (every move_every-th and the last).
struct ChartSample {
  int difference_every = 1, move_every = 1;
  std::vector<int> plies;
  std::vector<ChartRange> ranges;
  std::vector<ChartMove> moves;
};
ChartSample sample_chart(const ChartData& data);

// The chart alone (an SVG file of a Markdown page; inline in the HTML page), role="img" with the
// summary as its title.
std::string chart_svg(const ChartData& data, Lang lang);
// "Evaluation chart of 30 plies: ...": the summary said by the chart's aria-label and alt text.
std::string chart_summary(const ChartData& data, Lang lang);
// The HTML page's chart: a heading, the SVG in a box that scrolls on a narrow screen (clicking a
// point shows its ply, kPageScript), and its numbers in a table under <details>, each ply the page
// has a link to it.
std::string chart_html(const ChartData& data, Lang lang);

}  // namespace hoyito
