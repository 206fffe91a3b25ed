// The laps of a ply on its "before" board (diagram_geometry.h). A lap's number is written only
// where its box (a white badge) covers no hole, hole letter, relay ring, arrowhead, landing dot
// or other number: each number is tried along its own lap's track, nearest the lap's start
// first. A relay of more than kDrawnLaps laps, or one whose numbers do not all find a place, is
// drawn thin with its first and last laps in full and every lap listed under the panel
// (tests/docs/diagram_check.py checks the boxes of every committed diagram).
#include <algorithm>
#include <cstdlib>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "harness/annotate/diagram_geometry.h"
#include "harness/base/escape.h"

namespace hoyito::diagram {

namespace {

constexpr int kDrawnLaps = 5;  // more laps are listed: each lap's own track would be under 8 px apart
// Paul Tol's muted palette (colour-blind safe), its five darkest: each 3:1 or more against the
// board (WCAG 1.4.11). Each lap also has its own dash pattern and its number: colour is never
// the only cue.
struct LapStyle {
  const char* colour;
  const char* dash;
};
constexpr LapStyle kStyles[kDrawnLaps] = {
    {"#332288", "none"}, {"#117733", "8 3"}, {"#cc6677", "2 3"}, {"#aa4499", "9 3 2 3"}, {"#882255", "4 2"}};
constexpr const char* kThin = "#6b6b6b";  // the laps between the first and the last of a listed relay
constexpr int kArrow = 9;                 // the arrowhead's size (svg_open's marker, user units)
constexpr int kBadgeHeight = 13;

struct Point {
  int x, y;
};

// Where a lap runs past the holes: in the channel between the rows, South's half below the
// middle, North's above, each track (slot) a little further out so that laps stay apart.
int track_y(bool south, int top, int slot) {
  const int shift = 8 + slot % kDrawnLaps * 8;
  const int middle = top + (kNorthY + kSouthY) / 2;
  return south ? middle + shift : middle - shift;
}
int stub_x(int hole, int n, int slot) { return hole_x(hole, n) + (slot % kDrawnLaps - 2) * 3; }
// Where a path leaves or enters a hole: the hole's edge facing the channel.
int edge_y(int hole, int n, int top) { return hole_y(hole, n, top) + (hole < n ? -kRadius : kRadius); }

// Out of the origin hole, along the channel (turning round the board's ends, South's last hole
// to North's first and back), into the landing hole.
std::vector<Point> lap_points(const LapStory& lap, int n, int top, int slot) {
  std::vector<Point> points{{stub_x(lap.from, n, slot), edge_y(lap.from, n, top)},
                            {stub_x(lap.from, n, slot), track_y(lap.from < n, top, slot)}};
  int previous = lap.from;
  for (int hole : lap.path) {
    if ((previous < n) != (hole < n)) {
      const int end_x =
          previous < n ? kLeft + n * kPitch - 4 - slot % kDrawnLaps * 3 : kLeft + 4 + slot % kDrawnLaps * 3;
      points.push_back({end_x, track_y(previous < n, top, slot)});
      points.push_back({end_x, track_y(hole < n, top, slot)});
    }
    previous = hole;
  }
  points.push_back({stub_x(lap.to, n, slot), track_y(lap.to < n, top, slot)});
  points.push_back({stub_x(lap.to, n, slot), edge_y(lap.to, n, top) + (lap.to < n ? -3 : 3)});
  return points;
}

std::string points_text(const std::vector<Point>& points) {
  std::string text;
  for (const Point& p : points) text += fmt::format("{}{},{}", text.empty() ? "" : " ", p.x, p.y);
  return text;
}

Box badge_box(int x, int y, int number) {
  const double half = (7.0 * static_cast<double>(fmt::formatted_size("{}", number)) + 6) / 2;
  return box_around(x, y, half + 1, kBadgeHeight / 2.0 + 1);
}

// The first place on the lap's own path (nearest its start) where its number's badge covers
// nothing in `taken`: every 3 px along each straight run, 8 px in from its ends (the middle of a
// shorter run).
std::optional<Point> label_place(const std::vector<Point>& points, int number, const std::vector<Box>& taken) {
  for (size_t i = 1; i < points.size(); ++i) {
    const Point a = points[i - 1], b = points[i];
    const int dx = b.x > a.x ? 1 : b.x < a.x ? -1 : 0, dy = b.y > a.y ? 1 : b.y < a.y ? -1 : 0;
    const int length = std::abs(b.x - a.x) + std::abs(b.y - a.y);
    for (int t = std::min(8, length / 2); t <= std::max(length - 8, length / 2); t += 3) {
      const Point p{a.x + dx * t, a.y + dy * t};
      const Box box = badge_box(p.x, p.y, number);
      if (std::none_of(taken.begin(), taken.end(), [&](const Box& o) { return o.overlaps(box); })) return p;
    }
  }
  return std::nullopt;
}

// One lap drawn in full: which lap, its style (slot), its path.
struct FullLap {
  const LapStory* lap;
  int slot;
  std::vector<Point> points;
};

int ring_radius(int slot) { return kRadius + 4 + slot % 3 * 3; }

// The marks whose place is fixed before any number is placed: relay rings, arrowheads, landing dots.
std::vector<Box> fixed_marks(const std::vector<FullLap>& full, const std::vector<LapStory>& laps, bool listed, int n,
                             int top) {
  std::vector<Box> marks;
  for (const FullLap& f : full) {
    const Point end = f.points.back();
    marks.push_back(box_around(end.x, end.y, kArrow, kArrow));
    if (!listed && f.lap->end == LapStory::End::relay) {
      const double r = ring_radius(f.slot) + 1;
      marks.push_back(box_around(hole_x(f.lap->to, n), hole_y(f.lap->to, n, top), r, r));
    }
  }
  for (const LapStory& lap : laps) {  // landing dots; a listed relay's rings, one per hole
    marks.push_back(box_around(stub_x(lap.to, n, lap.number - 1), edge_y(lap.to, n, top), 4, 4));
    if (listed && lap.end == LapStory::End::relay)
      marks.push_back(box_around(hole_x(lap.to, n), hole_y(lap.to, n, top), kRadius + 5, kRadius + 5));
  }
  return marks;
}

std::string full_lap_svg(const FullLap& f, int n, int top, const std::string& id) {
  const LapStyle& style = kStyles[f.slot];
  const Point end = f.points.back();
  std::string svg = fmt::format(
      "<polyline class=\"lap\" data-lap=\"{}\" points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2.5\"{} "
      "marker-end=\"url(#arrow-{})\"/>\n",
      f.lap->number, points_text(f.points), style.colour,
      std::string_view(style.dash) == "none" ? "" : fmt::format(" stroke-dasharray=\"{}\"", style.dash), id);
  svg += fmt::format("<circle class=\"landing\" data-lap=\"{}\" cx=\"{}\" cy=\"{}\" r=\"3\" fill=\"{}\"/>\n",
                     f.lap->number, end.x, edge_y(f.lap->to, n, top), style.colour);
  return svg;
}

std::string badge_svg(const FullLap& f, Point at) {
  const Box b = badge_box(at.x, at.y, f.lap->number);
  return fmt::format(
      "<g class=\"lap-label\" data-lap=\"{0}\"><rect x=\"{1}\" y=\"{2}\" width=\"{3}\" height=\"{4}\" rx=\"3\" "
      "fill=\"#ffffff\" stroke=\"{5}\" stroke-width=\"1.5\"/><text class=\"lap-number\" x=\"{6}\" y=\"{7}\" "
      "font-size=\"11\" font-weight=\"bold\" fill=\"{8}\" text-anchor=\"middle\">{0}</text></g>\n",
      f.lap->number, b.x0 + 1, b.y0 + 1, b.x1 - b.x0 - 2, b.y1 - b.y0 - 2, kStyles[f.slot].colour, at.x, at.y + 4,
      kInk);
}

std::string relay_rings(const std::vector<FullLap>& full, const std::vector<LapStory>& laps, bool listed, int n,
                        int top) {
  std::string svg;
  const auto ring = [&](int hole, int r, const char* colour, int lap) {
    svg += fmt::format(
        "<circle class=\"relay\" data-lap=\"{}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{}\" "
        "stroke-dasharray=\"4 3\" stroke-width=\"2\"/>\n",
        lap, hole_x(hole, n), hole_y(hole, n, top), r, colour);
  };
  if (!listed) {
    for (const FullLap& f : full)
      if (f.lap->end == LapStory::End::relay)
        ring(f.lap->to, ring_radius(f.slot), kStyles[f.slot].colour, f.lap->number);
    return svg;
  }
  std::set<int> ringed;  // a listed relay: one grey ring per hole a relay was lifted from
  for (const LapStory& lap : laps)
    if (lap.end == LapStory::End::relay && ringed.insert(lap.to).second) ring(lap.to, kRadius + 4, kGrey, lap.number);
  return svg;
}

// The laps drawn in full: every lap, or the first and last of a listed relay.
std::vector<FullLap> full_laps(const std::vector<LapStory>& laps, bool listed, int n, int top) {
  std::vector<FullLap> full;
  for (size_t i = 0; i < laps.size(); ++i) {
    if (listed && i != 0 && i + 1 != laps.size()) continue;
    const int slot = static_cast<int>(full.size());
    full.push_back({&laps[i], slot, lap_points(laps[i], n, top, slot)});
  }
  return full;
}

// The numbers' places, or nothing when one of them finds none (then the relay is listed).
std::optional<std::vector<std::optional<Point>>> place_numbers(const std::vector<FullLap>& full, std::vector<Box> taken,
                                                               bool listed) {
  std::vector<std::optional<Point>> places;
  for (const FullLap& f : full) {
    places.push_back(label_place(f.points, f.lap->number, taken));
    if (places.back())
      taken.push_back(badge_box(places.back()->x, places.back()->y, f.lap->number));
    else if (!listed)
      return std::nullopt;
  }
  return places;
}

}  // namespace

LapsDrawing lap_drawing(const std::vector<LapStory>& laps, int n, int top, const std::string& id,
                        const std::vector<Box>& reserved) {
  LapsDrawing out;
  out.listed = static_cast<int>(laps.size()) > kDrawnLaps;
  std::vector<FullLap> full = full_laps(laps, out.listed, n, top);
  std::vector<Box> taken = reserved;
  for (const Box& b : fixed_marks(full, laps, out.listed, n, top)) taken.push_back(b);
  auto places = place_numbers(full, taken, out.listed);
  if (!places) {  // a number without a place: the relay is listed instead
    out.listed = true;
    full = full_laps(laps, true, n, top);
    taken = reserved;
    for (const Box& b : fixed_marks(full, laps, true, n, top)) taken.push_back(b);
    places = place_numbers(full, taken, true);
  }
  out.svg = "<g class=\"laps\">\n";
  for (const LapStory& lap : laps) {
    if (!out.listed || lap.number == 1 || lap.number == static_cast<int>(laps.size())) continue;
    out.svg += fmt::format(
        "<polyline class=\"lap thin\" data-lap=\"{}\" points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"1\"/>\n"
        "<circle class=\"landing thin\" data-lap=\"{}\" cx=\"{}\" cy=\"{}\" r=\"2\" fill=\"{}\"/>\n",
        lap.number, points_text(lap_points(lap, n, top, lap.number - 1)), kThin, lap.number,
        stub_x(lap.to, n, lap.number - 1), edge_y(lap.to, n, top), kThin);
  }
  for (const FullLap& f : full) out.svg += full_lap_svg(f, n, top, id);
  out.svg += relay_rings(full, laps, out.listed, n, top);
  for (size_t i = 0; i < full.size(); ++i)
    if ((*places)[i]) out.svg += badge_svg(full[i], *(*places)[i]);
  out.svg += "</g>\n";
  return out;
}

namespace {

// A listed relay of more than kListedAtMost laps lists its first and last kListedAtMost / 2 (the
// account's "Every lap" has them all).
constexpr int kListedAtMost = 120;
constexpr int kListRow = 15, kListCaption = 24;

int digits(int value) { return static_cast<int>(fmt::formatted_size("{}", value)); }

struct ListShape {
  int entries, columns, rows, column_width;
  int seeds_end;  // where the seeds column ends, from the entry's number's end
};

ListShape list_shape(const std::vector<LapStory>& laps, int n) {
  const int count = static_cast<int>(laps.size());
  int most_seeds = 0;
  for (const LapStory& lap : laps) most_seeds = std::max(most_seeds, lap.seeds);
  ListShape s;
  s.entries = count > kListedAtMost ? kListedAtMost + 1 : count;  // + the "..." entry
  s.seeds_end = 52 + 7 * digits(most_seeds);
  s.column_width = 7 * digits(count) + s.seeds_end + 16;
  s.columns = std::max(1, (svg_width(n) - 16) / s.column_width);
  s.rows = (s.entries + s.columns - 1) / s.columns;
  return s;
}

}  // namespace

int lap_list_height(const std::vector<LapStory>& laps, int n) {
  return kListCaption + list_shape(laps, n).rows * kListRow + 8;
}

std::string lap_list_svg(const std::vector<LapStory>& laps, int n, int top, const std::string& caption) {
  const ListShape s = list_shape(laps, n);
  const int count = static_cast<int>(laps.size());
  std::string svg = fmt::format(
      "<g class=\"lap-list\" font-size=\"11\" fill=\"{}\">\n<text x=\"8\" y=\"{}\" font-size=\"12\" "
      "font-weight=\"bold\">{}</text>\n",
      kInk, top + 16, xml_escape(caption));
  for (int i = 0; i < s.entries; ++i) {
    const int x = 8 + i / s.rows * s.column_width, y = top + kListCaption + 11 + i % s.rows * kListRow;
    if (count > kListedAtMost && i == kListedAtMost / 2) {
      svg += fmt::format("<text class=\"lap-gap\" data-first=\"{}\" data-last=\"{}\" x=\"{}\" y=\"{}\">...</text>\n",
                         kListedAtMost / 2 + 1, count - kListedAtMost / 2, x + 7 * digits(count), y);
      continue;
    }
    const int k = count > kListedAtMost && i > kListedAtMost / 2 ? count - kListedAtMost + i - 1 : i;
    const LapStory& lap = laps[static_cast<size_t>(k)];
    const int number_end = x + 7 * digits(count);
    svg += fmt::format(
        "<text class=\"lap-entry\" data-lap=\"{0}\" x=\"{1}\" y=\"{2}\" text-anchor=\"end\" "
        "font-weight=\"bold\">{0}</text><text x=\"{3}\" y=\"{2}\">{4} &#8594; {5}</text><text x=\"{6}\" y=\"{2}\" "
        "text-anchor=\"end\">{7}</text>\n",
        lap.number, number_end, y, number_end + 8, hole_name(lap.from, n), hole_name(lap.to, n),
        number_end + s.seeds_end, lap.seeds);
  }
  return svg + "</g>\n";
}

}  // namespace hoyito::diagram
