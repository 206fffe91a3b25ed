#include "harness/annotate/diagram.h"

#include <fmt/format.h>

namespace hoyito {

namespace {

std::string escape(std::string_view text) { return xml_escape(text); }

// Geometry of one board panel (pixels). The rows are drawn as a track: South's holes sow left
// to right, then up at the right end into North's row, which sows right to left.
constexpr int kLeft = 78;   // room for the row labels
constexpr int kPitch = 54;  // between hole centres
constexpr int kRadius = 20;
constexpr int kPanelHeight = 276;
constexpr int kNorthY = 62, kSouthY = 200;  // row centres within a panel
constexpr int kSideWidth = 190;             // captures and side to move, right of the board
constexpr const char* kLapColours[] = {"#1f77b4", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22"};

int board_width(int n) { return kLeft + n * kPitch + 24; }
int svg_width(int n) { return board_width(n) + kSideWidth; }

// Centre of hole h: South's k-th hole is column k, North's k-th is column n-1-k (seen from South).
int hole_x(int hole, int n) {
  const int column = hole < n ? hole : 2 * n - 1 - hole;
  return kLeft + kPitch / 2 + column * kPitch;
}
int hole_y(int hole, int n, int top) { return top + (hole < n ? kSouthY : kNorthY); }

// Where lap `lap` runs past hole h: in the channel between the rows, South's half below, North's
// above, each lap a little further from the middle so that relays stay apart.
int track_y(bool south, int top, int lap) {
  const int shift = (lap - 1) % 6 * 7;
  const int middle = top + (kNorthY + kSouthY) / 2;
  return south ? middle + 6 + shift : middle - 6 - shift;
}
int stub_x(int hole, int n, int lap) { return hole_x(hole, n) + ((lap - 1) % 5 - 2) * 3; }
// Where a path leaves or enters a hole: the hole's edge facing the channel.
int edge_y(int hole, int n, int top) { return hole_y(hole, n, top) + (hole < n ? -kRadius : kRadius); }

const char* lap_colour(int lap) { return kLapColours[(lap - 1) % static_cast<int>(std::size(kLapColours))]; }

struct PanelMarks {
  int lifted = -1;
  const std::vector<LapStory>* laps = nullptr;
  const std::vector<CaptureStory>* captures = nullptr;
  const std::vector<int>* changed_from = nullptr;     // the counts before, to mark what changed
  const std::vector<EndlessMove>* endless = nullptr;  // SOW-6: the mover's endless moves
  std::string state;  // beside the board: who is to move, or how the game ended (account.h state_text)
};

// Which laps get their number written: all of them, or the first and last three of a long relay.
bool labelled(int lap, int laps) { return laps <= 12 || lap <= 3 || lap > laps - 3; }

std::string lap_paths(const std::vector<LapStory>& laps, int n, int top, const std::string& id) {
  std::string svg = "<g class=\"laps\" fill=\"none\" stroke-width=\"2\">\n";
  const int count = static_cast<int>(laps.size());
  for (const LapStory& lap : laps) {
    const char* colour = lap_colour(lap.number);
    const double opacity = labelled(lap.number, count) ? 0.9 : 0.35;
    // Out of the origin hole, along the channel (turning round the board's ends, f -> A and
    // F -> a on 2x6), into the landing hole.
    std::string points;
    auto point = [&](int x, int y) { points += fmt::format("{},{} ", x, y); };
    point(stub_x(lap.from, n, lap.number), edge_y(lap.from, n, top));
    point(stub_x(lap.from, n, lap.number), track_y(lap.from < n, top, lap.number));
    int previous = lap.from;
    for (int hole : lap.path) {
      if ((previous < n) != (hole < n)) {
        const int end_x =
            previous < n ? kLeft + n * kPitch - 4 - (lap.number - 1) % 6 * 3 : kLeft + 4 + (lap.number - 1) % 6 * 3;
        point(end_x, track_y(previous < n, top, lap.number));
        point(end_x, track_y(hole < n, top, lap.number));
      }
      previous = hole;
    }
    point(stub_x(lap.to, n, lap.number), track_y(lap.to < n, top, lap.number));
    point(stub_x(lap.to, n, lap.number), edge_y(lap.to, n, top) + (lap.to < n ? -3 : 3));
    svg += fmt::format(
        "<polyline class=\"lap\" data-lap=\"{}\" points=\"{}\" stroke=\"{}\" stroke-opacity=\"{}\" "
        "marker-end=\"url(#arrow-{})\"/>\n",
        lap.number, points, colour, opacity, id);
    svg += fmt::format("<circle class=\"landing\" data-lap=\"{}\" cx=\"{}\" cy=\"{}\" r=\"3\" fill=\"{}\"/>\n",
                       lap.number, stub_x(lap.to, n, lap.number), edge_y(lap.to, n, top), colour);
    if (labelled(lap.number, count)) {
      const int y = track_y(lap.from < n, top, lap.number);
      svg += fmt::format(
          "<text class=\"lap-number\" x=\"{}\" y=\"{}\" font-size=\"11\" font-weight=\"bold\" fill=\"{}\" "
          "stroke=\"none\" text-anchor=\"middle\">{}</text>\n",
          stub_x(lap.from, n, lap.number) + 9, y + 4, colour, lap.number);
    }
  }
  return svg + "</g>\n";
}

// The board of a panel: its heading, the board's outline, the rows' names and the sowing direction.
std::string panel_board(int n, Lang lang, int top, const std::string& heading, const std::string& id) {
  std::string svg = fmt::format("<text x=\"8\" y=\"{}\" font-size=\"15\" font-weight=\"bold\">{}</text>\n", top + 18,
                                escape(heading));
  svg += fmt::format(
      "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"26\" fill=\"#f3e3c3\" stroke=\"#8a6d3b\"/>\n", kLeft - 6,
      top + kNorthY - 32, n * kPitch + 12, kSouthY - kNorthY + 64);
  svg += fmt::format("<text x=\"8\" y=\"{}\" font-size=\"13\">{}</text>\n", top + kNorthY + 5,
                     escape(word(Word::north, lang)));
  svg += fmt::format("<text x=\"8\" y=\"{}\" font-size=\"13\">{}</text>\n", top + kSouthY + 5,
                     escape(word(Word::south, lang)));
  // SOW-2: counterclockwise, South's row to the right, North's to the left.
  const int right = kLeft + n * kPitch + 14, left = kLeft - 14;
  svg += fmt::format(
      "<g class=\"direction\" stroke=\"#555\" stroke-width=\"1.5\" fill=\"none\">"
      "<path d=\"M{0},{1} L{0},{2}\" marker-end=\"url(#arrow-{4})\"/><path d=\"M{3},{2} L{3},{1}\" "
      "marker-end=\"url(#arrow-{4})\"/></g>\n",
      right, top + kSouthY - 8, top + kNorthY + 8, left, id);
  svg += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"11\" fill=\"#555\" text-anchor=\"end\">{} &#8634;</text>\n",
                     kLeft + n * kPitch, top + kSouthY + 70, escape(word(Word::sowing_direction, lang)));
  return svg;
}

// The Hoyito II chain (CAP-II-2) as one run: a band through the landing hole and the chain.
std::string chain_band(const std::vector<CaptureStory>& captures, int n, int top) {
  std::string landing, run;
  for (const CaptureStory& c : captures) {
    const std::string point = fmt::format("{},{} ", hole_x(c.hole, n), hole_y(c.hole, n, top));
    if (c.chain)
      run += point;
    else if (!c.en_passant)
      landing = point;
  }
  if (run.empty()) return "";
  return fmt::format(
      "<polyline class=\"chain\" points=\"{}{}\" fill=\"none\" stroke=\"#d62728\" stroke-opacity=\"0.25\" "
      "stroke-width=\"{}\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n",
      landing, run, 2 * kRadius + 8);
}

// Every hole: its circle (the lifted one ringed), its count (bold red when it changed), its name.
std::string panel_holes(const Position& p, int n, int top, const PanelMarks& marks) {
  std::string svg;
  for (int hole = 0; hole < 2 * n; ++hole) {
    const int x = hole_x(hole, n), y = hole_y(hole, n, top);
    const int count = p.board[static_cast<size_t>(hole)];
    const bool lifted = hole == marks.lifted;
    svg += fmt::format(
        "<circle class=\"hole{}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#fffaf0\" stroke=\"{}\" stroke-width=\"{}\"/>\n",
        lifted ? " lifted" : "", x, y, kRadius, lifted ? "#ff7f0e" : "#8a6d3b", lifted ? 4 : 1.5);
    const bool changed = marks.changed_from && (*marks.changed_from)[static_cast<size_t>(hole)] != count;
    svg += fmt::format(
        "<text class=\"count\" data-hole=\"{}\" x=\"{}\" y=\"{}\" font-size=\"17\" "
        "text-anchor=\"middle\"{}>{}</text>\n",
        hole, x, y + 6, changed ? " font-weight=\"bold\" fill=\"#b00\"" : "", count);
    const int letter_y = hole < n ? y + kRadius + 15 : y - kRadius - 6;
    svg += fmt::format(
        "<text class=\"name\" x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#444\">{}</text>\n", x,
        letter_y, hole_name(hole, n));
  }
  return svg;
}

// The key to the marks, where the lifted hole's label would cover a letter.
std::string marks_key(const PanelMarks& marks, int top, Lang lang) {
  std::string svg;
  if (marks.laps)
    svg += fmt::format(
        "<text class=\"key\" x=\"{}\" y=\"{}\" font-size=\"11\" fill=\"#555\"><tspan fill=\"#ff7f0e\">&#9711; "
        "{}</tspan> · &#9711; {} · &#8594; {} 1, 2, ... · &#8226; {}</text>\n",
        kLeft - 6, top + kSouthY + 54, escape(word(Word::lifted, lang)), escape(word(Word::relay, lang)),
        escape(word(Word::lap, lang)), escape(word(Word::last_seed, lang)));
  if (marks.captures && !marks.captures->empty())
    svg += fmt::format(
        "<text class=\"key\" x=\"{}\" y=\"{}\" font-size=\"11\" fill=\"#d62728\">&#9711; 1, 2, ... {}</text>\n",
        kLeft - 6, top + kSouthY + 54, escape(word(Word::capture_order, lang)));
  return svg;
}

// Relay lift points: the landing hole of every lap but the last, ringed in its lap's colour.
std::string relay_rings(const std::vector<LapStory>& laps, int n, int top) {
  std::string svg;
  for (const LapStory& lap : laps)
    if (lap.end == LapStory::End::relay)
      svg += fmt::format(
          "<circle class=\"relay\" data-lap=\"{}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{}\" "
          "stroke-dasharray=\"4 3\" stroke-width=\"2\"/>\n",
          lap.number, hole_x(lap.to, n), hole_y(lap.to, n, top), kRadius + 4 + (lap.number - 1) % 3 * 3,
          lap_colour(lap.number));
  return svg;
}

// Each captured hole ringed, with its order in a red disc.
std::string capture_rings(const std::vector<CaptureStory>& captures, int n, int top) {
  std::string svg;
  for (const CaptureStory& c : captures) {
    const int x = hole_x(c.hole, n), y = hole_y(c.hole, n, top);
    svg += fmt::format(
        "<circle class=\"captured\" data-order=\"{}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"#d62728\" "
        "stroke-width=\"3\"/>\n",
        c.order, x, y, kRadius + 3);
    svg += fmt::format(
        "<circle cx=\"{0}\" cy=\"{1}\" r=\"9\" fill=\"#d62728\"/><text x=\"{0}\" y=\"{2}\" font-size=\"11\" "
        "fill=\"white\" text-anchor=\"middle\">{3}</text>\n",
        x + kRadius, y - kRadius, y - kRadius + 4, c.order);
  }
  return svg;
}

// SOW-6: each endless move of the mover ringed (dash-dot, dark red) and, beside the board under
// South's captures, "a: endless (SOW-6)" and "lap 61 repeats lap 1" (two moves at most there;
// the alt text lists them all).
std::string endless_marks(const std::vector<EndlessMove>& moves, int n, int top, Lang lang) {
  std::string svg;
  const int side = board_width(n) + 4;
  int line = 0;
  for (const EndlessMove& m : moves) {
    svg += fmt::format(
        "<circle class=\"endless\" data-hole=\"{}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"#8b0000\" "
        "stroke-width=\"2\" stroke-dasharray=\"8 3 2 3\"/>\n",
        m.hole, hole_x(m.hole, n), hole_y(m.hole, n, top), kRadius + 7);
    if (line >= 4) continue;
    for (const std::string& text : {endless_hole_text(m, n, lang), endless_repeat_text(m, lang)})
      svg += fmt::format("<text class=\"endless-note\" x=\"{}\" y=\"{}\" font-size=\"11\" fill=\"#8b0000\">{}</text>\n",
                         side, top + kSouthY + 24 + 13 * line++, escape(text));
  }
  return svg;
}

// Beside the board: each player's captures and who is to move (or how the game ended).
std::string panel_side(const Position& p, int n, int top, Lang lang, const std::string& state) {
  const int side = board_width(n) + 4;
  std::string svg = fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"13\">{}: {}</text>\n", side, top + kNorthY + 5,
                                escape(word(Word::captured, lang)), p.captured[index(Player::north)]);
  svg += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"13\">{}: {}</text>\n", side, top + kSouthY + 5,
                     escape(word(Word::captured, lang)), p.captured[index(Player::south)]);
  const std::string text = state.empty() ? to_move_text(p, lang) : state;
  svg += fmt::format("<text class=\"{}\" x=\"{}\" y=\"{}\" font-size=\"13\" font-style=\"italic\">{}</text>\n",
                     state.empty() ? "to-move" : "state", side, top + (kNorthY + kSouthY) / 2 + 5, escape(text));
  return svg;
}

std::string panel(const Position& p, const Rules& rules, Lang lang, int top, const std::string& heading,
                  const std::string& state, const PanelMarks& marks, const std::string& id) {
  const int n = rules.holes_per_row;
  std::string svg = fmt::format("<g class=\"panel\" data-state=\"{}\">\n", state);
  svg += panel_board(n, lang, top, heading, id);
  if (marks.laps) svg += lap_paths(*marks.laps, n, top, id);
  if (marks.captures) svg += chain_band(*marks.captures, n, top);
  svg += panel_holes(p, n, top, marks);
  svg += marks_key(marks, top, lang);
  if (marks.laps) svg += relay_rings(*marks.laps, n, top);
  if (marks.captures) svg += capture_rings(*marks.captures, n, top);
  if (marks.endless) svg += endless_marks(*marks.endless, n, top, lang);
  svg += panel_side(p, n, top, lang, marks.state);
  return svg + "</g>\n";
}

// `id` keeps the element ids of several diagrams inlined in one page apart.
std::string svg_open(int n, int height, const std::string& id, const std::string& title, const std::string& alt) {
  return fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"hoyito-board\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\" role=\"img\" aria-labelledby=\"title-{4} desc-{4}\" font-family=\"sans-serif\">\n"
      "<title id=\"title-{4}\">{2}</title>\n<desc id=\"desc-{4}\">{3}</desc>\n"
      "<defs><marker id=\"arrow-{4}\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" markerWidth=\"6\" markerHeight=\"6\" "
      "orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#444\"/></marker></defs>\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n",
      svg_width(n), height, escape(title), escape(alt), id);
}

}  // namespace

std::string position_svg(const Position& position, const Rules& rules, Lang lang, const std::string& heading,
                         const std::string& alt) {
  return svg_open(rules.holes_per_row, kPanelHeight, "start", heading, alt) +
         panel(position, rules, lang, 0, heading, "after", {}, "start") + "</svg>\n";
}

std::string refusal_svg(const Position& position, const Rules& rules, Lang lang, const std::string& heading,
                        const std::string& alt, int hole, const std::vector<EndlessMove>& endless) {
  PanelMarks marks;
  marks.lifted = hole;
  marks.endless = &endless;
  return svg_open(rules.holes_per_row, kPanelHeight, "refused", heading, alt) +
         panel(position, rules, lang, 0, heading, "refused", marks, "refused") + "</svg>\n";
}

std::string ply_svg(const PlyStory& story, const Rules& rules, Lang lang) {
  const int n = rules.holes_per_row;
  const std::string move =
      story.ply.hole == kPass ? std::string(word(Word::pass_move, lang)) : move_text(story.ply.hole, n);
  const std::string title =
      fmt::format("{} {}: {} {}", word(Word::ply, lang), story.number, player_word(story.ply.player, lang), move);
  PanelMarks before;
  before.lifted = story.ply.hole;  // kPass marks no hole; an endless move (SOW-6 void) sows none but is lifted
  before.laps = &story.laps;
  before.endless = &story.endless;
  PanelMarks after;
  after.captures = &story.captures;
  after.changed_from = &story.before.board;
  if (story.game_over()) after.state = state_text(story, lang);  // END-1..3, SOW-6 void: no side to move
  const std::string id = fmt::format("ply{}", story.number);
  return svg_open(n, 2 * kPanelHeight, id, title, alt_text(story, rules, lang)) +
         panel(story.before, rules, lang, 0, fmt::format("{} ({})", title, word(Word::before, lang)), "before", before,
               id) +
         panel(story.ply.after, rules, lang, kPanelHeight, fmt::format("{} ({})", title, word(Word::after, lang)),
               "after", after, id) +
         "</svg>\n";
}

}  // namespace hoyito
