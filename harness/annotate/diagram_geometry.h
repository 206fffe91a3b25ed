// The geometry shared by the board diagrams (diagram.cpp) and their laps (diagram_laps.cpp):
// one board panel, in pixels, North's row on top seen from South, the letters of the notation
// outside the rows (above North's, below South's) so that the channel between the rows is the
// laps' alone.
#pragma once

#include <string>
#include <vector>

#include "harness/annotate/story.h"

namespace hoyito::diagram {

constexpr int kLeft = 78;   // room for the row labels
constexpr int kPitch = 54;  // between hole centres
constexpr int kRadius = 20;
constexpr int kNorthY = 76, kSouthY = 226;  // row centres within a panel
constexpr int kPanelHeight = kSouthY + 92;  // the letters, the key and the sowing direction below South's row
constexpr int kSideWidth = 190;             // captures and side to move, right of the board

// Colours (tests/docs/diagram_check.py: every text colour 4.5:1 and every graphic colour 3:1 against
// what it is drawn on, WCAG 2.1 1.4.3 and 1.4.11).
constexpr const char* kBoardFill = "#faf3e3";
constexpr const char* kHoleFill = "#fffaf0";
constexpr const char* kWood = "#8a6d3b";     // board and hole outlines
constexpr const char* kInk = "#222222";      // text
constexpr const char* kGrey = "#555555";     // keys, the sowing direction, relay rings of a listed relay
constexpr const char* kLifted = "#d55e00";   // Okabe-Ito vermillion: the lifted hole
constexpr const char* kCapture = "#d62728";  // captured holes and the chain
constexpr const char* kEndless = "#8b0000";  // SOW-6

inline int board_width(int n) { return kLeft + n * kPitch + 24; }
inline int svg_width(int n) { return board_width(n) + kSideWidth; }
// Centre of hole h: South's k-th hole is column k, North's k-th is column n-1-k (seen from South).
inline int hole_x(int hole, int n) {
  const int column = hole < n ? hole : 2 * n - 1 - hole;
  return kLeft + kPitch / 2 + column * kPitch;
}
inline int hole_y(int hole, int n, int top) { return top + (hole < n ? kSouthY : kNorthY); }
// Baseline of a hole's letter: above North's row, below South's, clear of every ring (radius <= kRadius + 10).
inline int letter_y(int hole, int n, int top) {
  return hole_y(hole, n, top) + (hole < n ? kRadius + 24 : -kRadius - 16);
}

// A rectangle of the drawing, to keep labels off what they would hide.
struct Box {
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool overlaps(const Box& o) const { return x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1; }
};
inline Box box_around(double x, double y, double half_width, double half_height) {
  return {x - half_width, y - half_height, x + half_width, y + half_height};
}

// The laps of a ply drawn on its "before" panel (diagram_laps.cpp): every lap's path with its
// number when there are few and every number finds a place; otherwise the first and last laps
// drawn, the others thin, and a numbered list of every lap under the panel (lap_list_svg).
struct LapsDrawing {
  std::string svg;      // paths, relay rings, landing dots and lap numbers
  bool listed = false;  // the lap list (lap_list_svg) belongs under the panel
};
LapsDrawing lap_drawing(const std::vector<LapStory>& laps, int n, int top, const std::string& id,
                        const std::vector<Box>& reserved);
// The list of every lap (number, from -> to, seeds) under a panel at `top`, and its height.
int lap_list_height(const std::vector<LapStory>& laps, int n);
std::string lap_list_svg(const std::vector<LapStory>& laps, int n, int top, const std::string& caption);

}  // namespace hoyito::diagram
