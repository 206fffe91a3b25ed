#include "harness/annotate/diagram.h"

#include <fmt/format.h>

#include "harness/annotate/diagram_geometry.h"

namespace hoyito {

using namespace diagram;

namespace {

std::string escape(std::string_view text) { return xml_escape(text); }

struct PanelMarks {
  int lifted = -1;
  const std::vector<LapStory>* laps = nullptr;
  const std::vector<CaptureStory>* captures = nullptr;
  const std::vector<int>* changed_from = nullptr;     // the counts before, to mark what changed
  const std::vector<EndlessMove>* endless = nullptr;  // SOW-6: the mover's endless moves
  std::string state;  // beside the board: who is to move, or how the game ended (account.h state_text)
};

// The board of a panel: its heading, the board's outline, the rows' names and the sowing direction.
std::string panel_board(int n, Lang lang, int top, const std::string& heading, const std::string& id) {
  std::string svg = fmt::format("<text x=\"8\" y=\"{}\" font-size=\"15\" font-weight=\"bold\" fill=\"{}\">{}</text>\n",
                                top + 18, kInk, escape(heading));
  svg += fmt::format(
      "<rect class=\"board\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"26\" fill=\"{}\" stroke=\"{}\"/>\n",
      kLeft - 6, top + kNorthY - 30, n * kPitch + 12, kSouthY - kNorthY + 60, kBoardFill, kWood);
  svg += fmt::format("<text x=\"8\" y=\"{}\" font-size=\"13\" fill=\"{}\">{}</text>\n", top + kNorthY + 5, kInk,
                     escape(word(Word::north, lang)));
  svg += fmt::format("<text x=\"8\" y=\"{}\" font-size=\"13\" fill=\"{}\">{}</text>\n", top + kSouthY + 5, kInk,
                     escape(word(Word::south, lang)));
  // SOW-2: counterclockwise, South's row to the right, North's to the left.
  const int right = kLeft + n * kPitch + 14, left = kLeft - 14;
  svg += fmt::format(
      "<g class=\"direction\" stroke=\"{5}\" stroke-width=\"1.5\" fill=\"none\">"
      "<path d=\"M{0},{1} L{0},{2}\" marker-end=\"url(#arrow-{4})\"/><path d=\"M{3},{2} L{3},{1}\" "
      "marker-end=\"url(#arrow-{4})\"/></g>\n",
      right, top + kSouthY - 8, top + kNorthY + 8, left, id, kGrey);
  svg += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"11\" fill=\"{}\" text-anchor=\"end\">{} &#8634;</text>\n",
                     kLeft + n * kPitch, top + kSouthY + 82, kGrey, escape(word(Word::sowing_direction, lang)));
  return svg;
}

// What lap numbers must not cover: every hole (its count), its letter and its endless ring, and
// the sowing direction's arrowheads.
std::vector<Box> fixed_boxes(int n, int top, const PanelMarks& marks) {
  std::vector<Box> boxes;
  for (int hole = 0; hole < 2 * n; ++hole) {
    boxes.push_back(box_around(hole_x(hole, n), hole_y(hole, n, top), kRadius + 2, kRadius + 2));
    boxes.push_back(box_around(hole_x(hole, n), letter_y(hole, n, top) - 4, 6, 8));
  }
  if (marks.endless)
    for (const EndlessMove& m : *marks.endless)
      boxes.push_back(box_around(hole_x(m.hole, n), hole_y(m.hole, n, top), kRadius + 9, kRadius + 9));
  for (int x : {kLeft + n * kPitch + 14, kLeft - 14})
    for (int y : {top + kNorthY + 8, top + kSouthY - 8}) boxes.push_back(box_around(x, y, 10, 10));
  return boxes;
}

// The Hoyito II chain (CAP-II-2) as one run: a bar through the landing hole and the chain, under the holes.
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
      "<polyline class=\"chain\" points=\"{}{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"8\" "
      "stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n",
      landing, run, kCapture);
}

// Every hole: its circle (the lifted one ringed), its count (bold and red when it changed), its name.
std::string panel_holes(const Position& p, int n, int top, const PanelMarks& marks) {
  std::string svg;
  for (int hole = 0; hole < 2 * n; ++hole) {
    const int x = hole_x(hole, n), y = hole_y(hole, n, top);
    const int count = p.board[static_cast<size_t>(hole)];
    const bool lifted = hole == marks.lifted;
    svg += fmt::format(
        "<circle class=\"hole{}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\"/>\n",
        lifted ? " lifted" : "", x, y, kRadius, kHoleFill, lifted ? kLifted : kWood, lifted ? 4 : 1.5);
    const bool changed = marks.changed_from && (*marks.changed_from)[static_cast<size_t>(hole)] != count;
    svg += fmt::format(
        "<text class=\"count\" data-hole=\"{}\" x=\"{}\" y=\"{}\" font-size=\"17\" text-anchor=\"middle\" "
        "fill=\"{}\"{}>{}</text>\n",
        hole, x, y + 6, changed ? "#b00000" : kInk, changed ? " font-weight=\"bold\"" : "", count);
    svg += fmt::format(
        "<text class=\"name\" x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#444444\">{}</text>\n",
        x, letter_y(hole, n, top), hole_name(hole, n));
  }
  return svg;
}

// One entry of a key: its symbol (drawn by `symbol` at the symbol's centre) and its words.
struct KeyItem {
  std::string symbol;  // a format string of {x} and {y}
  std::string words;
};

// The key to the marks under the board, left to right: symbols are drawn, not written, so that
// the words stay dark text (4.5:1) and the symbols keep their colours (3:1).
std::string key_line(const std::vector<KeyItem>& items, int top) {
  std::string svg = "<g class=\"key\">\n";
  double x = 8;
  const int y = top + kSouthY + 66;
  for (const KeyItem& item : items) {
    svg += fmt::format(fmt::runtime(item.symbol), fmt::arg("x", x + 6), fmt::arg("y", y - 4));
    svg += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"11\" fill=\"{}\">{}</text>\n", x + 16, y, kGrey,
                       escape(item.words));
    x += 16 + 6.6 * static_cast<double>(item.words.size()) + 14;
  }
  return svg + "</g>\n";
}

std::string marks_key(const PanelMarks& marks, int top, Lang lang) {
  if (marks.laps && !marks.laps->empty())
    return key_line(
        {{fmt::format("<circle cx=\"{{x}}\" cy=\"{{y}}\" r=\"5\" fill=\"none\" stroke=\"{}\" stroke-width=\"2.5\"/>",
                      kLifted),
          std::string(word(Word::lifted, lang))},
         {fmt::format("<circle cx=\"{{x}}\" cy=\"{{y}}\" r=\"5\" fill=\"none\" stroke=\"{}\" stroke-width=\"1.5\" "
                      "stroke-dasharray=\"3 2\"/>",
                      kGrey),
          std::string(word(Word::relay, lang))},
         {fmt::format("<path d=\"M{{x}},{{y}} m-6,0 l9,0\" stroke=\"{}\" stroke-width=\"1.5\"/><path "
                      "d=\"M{{x}},{{y}} m0,-3 l3,3 l-3,3\" fill=\"none\" stroke=\"{}\" stroke-width=\"1.5\"/>",
                      kGrey, kGrey),
          fmt::format("{} 1, 2, ...", word(Word::lap, lang))},
         {fmt::format("<circle cx=\"{{x}}\" cy=\"{{y}}\" r=\"3\" fill=\"{}\"/>", kGrey),
          std::string(word(Word::last_seed, lang))}},
        top);
  if (marks.captures && !marks.captures->empty())
    return key_line({{fmt::format("<circle cx=\"{{x}}\" cy=\"{{y}}\" r=\"6\" fill=\"{}\"/>", kCapture),
                      fmt::format("1, 2, ... {}", word(Word::capture_order, lang))}},
                    top);
  return "";
}

// Each captured hole ringed, with its order in a red disc.
std::string capture_rings(const std::vector<CaptureStory>& captures, int n, int top) {
  std::string svg;
  for (const CaptureStory& c : captures) {
    const int x = hole_x(c.hole, n), y = hole_y(c.hole, n, top);
    svg += fmt::format(
        "<circle class=\"captured\" data-order=\"{}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{}\" "
        "stroke-width=\"3\"/>\n",
        c.order, x, y, kRadius + 3, kCapture);
    svg += fmt::format(
        "<circle cx=\"{0}\" cy=\"{1}\" r=\"9\" fill=\"{4}\"/><text x=\"{0}\" y=\"{2}\" font-size=\"11\" "
        "fill=\"#ffffff\" text-anchor=\"middle\">{3}</text>\n",
        x + kRadius, y - kRadius, y - kRadius + 4, c.order, kCapture);
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
        "<circle class=\"endless\" data-hole=\"{}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{}\" "
        "stroke-width=\"2\" stroke-dasharray=\"8 3 2 3\"/>\n",
        m.hole, hole_x(m.hole, n), hole_y(m.hole, n, top), kRadius + 7, kEndless);
    if (line >= 4) continue;
    for (const std::string& text : {endless_hole_text(m, n, lang), endless_repeat_text(m, lang)})
      svg += fmt::format("<text class=\"endless-note\" x=\"{}\" y=\"{}\" font-size=\"11\" fill=\"{}\">{}</text>\n",
                         side, top + kSouthY + 24 + 13 * line++, kEndless, escape(text));
  }
  return svg;
}

// Beside the board: each player's captures and who is to move (or how the game ended).
std::string panel_side(const Position& p, int n, int top, Lang lang, const std::string& state) {
  const int side = board_width(n) + 4;
  std::string svg =
      fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"13\" fill=\"{}\">{}: {}</text>\n", side, top + kNorthY + 5, kInk,
                  escape(word(Word::captured, lang)), p.captured[index(Player::north)]);
  svg += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"13\" fill=\"{}\">{}: {}</text>\n", side, top + kSouthY + 5,
                     kInk, escape(word(Word::captured, lang)), p.captured[index(Player::south)]);
  const std::string text = state.empty() ? to_move_text(p, lang) : state;
  svg +=
      fmt::format("<text class=\"{}\" x=\"{}\" y=\"{}\" font-size=\"13\" font-style=\"italic\" fill=\"{}\">{}</text>\n",
                  state.empty() ? "to-move" : "state", side, top + (kNorthY + kSouthY) / 2 + 5, kInk, escape(text));
  return svg;
}

// A panel and whether its relay is listed under it (lap_list_svg).
struct Panel {
  std::string svg;
  bool listed = false;
};

Panel panel(const Position& p, const Rules& rules, Lang lang, int top, const std::string& heading,
            const std::string& state, const PanelMarks& marks, const std::string& id) {
  const int n = rules.holes_per_row;
  Panel out;
  out.svg = fmt::format("<g class=\"panel\" data-state=\"{}\">\n", state);
  out.svg += panel_board(n, lang, top, heading, id);
  if (marks.captures) out.svg += chain_band(*marks.captures, n, top);
  LapsDrawing laps;
  if (marks.laps) laps = lap_drawing(*marks.laps, n, top, id, fixed_boxes(n, top, marks));
  out.listed = laps.listed;
  out.svg += panel_holes(p, n, top, marks);  // over the laps' ends: the paths stop at the holes' edges
  out.svg += laps.svg;
  out.svg += marks_key(marks, top, lang);
  if (marks.captures) out.svg += capture_rings(*marks.captures, n, top);
  if (marks.endless) out.svg += endless_marks(*marks.endless, n, top, lang);
  out.svg += panel_side(p, n, top, lang, marks.state);
  out.svg += "</g>\n";
  return out;
}

// `id` keeps the element ids of several diagrams inlined in one page apart. The minimum width
// keeps a 2x12 board's counts 10 px or more on a narrow screen (the page scrolls the diagram).
std::string svg_open(int n, int height, const std::string& id, const std::string& title, const std::string& alt) {
  return fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"hoyito-board\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\" style=\"min-width:{5}px\" role=\"img\" aria-labelledby=\"title-{4} desc-{4}\" "
      "font-family=\"sans-serif\">\n"
      "<title id=\"title-{4}\">{2}</title>\n<desc id=\"desc-{4}\">{3}</desc>\n"
      "<defs><marker id=\"arrow-{4}\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" markerWidth=\"9\" "
      "markerHeight=\"9\" markerUnits=\"userSpaceOnUse\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" "
      "fill=\"#444444\"/></marker></defs>\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n",
      svg_width(n), height, escape(title), escape(alt), id, min_width(n));
}

}  // namespace

int min_width(int holes_per_row) {
  // The counts are 17 px in the drawing: at this width they are 10.5 px on the screen.
  return (svg_width(holes_per_row) * 21 + 33) / 34;
}

std::string board_box(const std::string& svg, std::string_view label) {
  if (svg.empty()) return {};  // no empty focusable group (a rule without a board: PASS-3, MATCH-1..3)
  return fmt::format("<div class=\"board\" tabindex=\"0\" role=\"group\" aria-label=\"{}\">\n{}</div>\n", escape(label),
                     svg);
}

std::string position_svg(const Position& position, const Rules& rules, Lang lang, const std::string& heading,
                         const std::string& alt) {
  return svg_open(rules.holes_per_row, kPanelHeight, "start", heading, alt) +
         panel(position, rules, lang, 0, heading, "after", {}, "start").svg + "</svg>\n";
}

std::string refusal_svg(const Position& position, const Rules& rules, Lang lang, const std::string& heading,
                        const std::string& alt, int hole, const std::vector<EndlessMove>& endless) {
  PanelMarks marks;
  marks.lifted = hole;
  marks.endless = &endless;
  return svg_open(rules.holes_per_row, kPanelHeight, "refused", heading, alt) +
         panel(position, rules, lang, 0, heading, "refused", marks, "refused").svg + "</svg>\n";
}

std::string ply_svg(const PlyStory& story, const Rules& rules, Lang lang) {
  const int n = rules.holes_per_row;
  const std::string move =
      story.ply.move.is_pass() ? std::string(word(Word::pass_move, lang)) : move_text(story.ply.move, n);
  const std::string title =
      fmt::format("{} {}: {} {}", word(Word::ply, lang), story.number, player_word(story.ply.player, lang), move);
  PanelMarks before;
  before.lifted =
      story.ply.move.index();  // -1 (the pass) marks no hole; an endless move (SOW-6 void) sows none but is lifted
  before.laps = &story.laps;
  before.endless = &story.endless;
  PanelMarks after;
  after.captures = &story.captures;
  after.changed_from = &story.before.board;
  if (story.game_over()) after.state = state_text(story, lang);  // END-1..3, SOW-6 void: no side to move
  const std::string id = fmt::format("ply{}", story.number);
  const Panel first = panel(story.before, rules, lang, 0, fmt::format("{} ({})", title, word(Word::before, lang)),
                            "before", before, id);
  // A listed relay: every lap under the board before, the board after below the list.
  const int list = first.listed ? lap_list_height(story.laps, n) : 0;
  std::string body = first.svg;
  if (first.listed) body += lap_list_svg(story.laps, n, kPanelHeight, std::string(word(Word::lap_list, lang)));
  body += panel(story.ply.after, rules, lang, kPanelHeight + list,
                fmt::format("{} ({})", title, word(Word::after, lang)), "after", after, id)
              .svg;
  return svg_open(n, 2 * kPanelHeight + list, id, title, alt_text(story, rules, lang)) + body + "</svg>\n";
}

}  // namespace hoyito
