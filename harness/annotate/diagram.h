// SVG diagrams of a Hoyito board, in the manner of python-chess's chess.svg: plain functions of
// a position and, for a ply, its story (story.h), returning the SVG text.
//
// Orientation is fixed and labelled: North's row on top, seen from South (F..A from left to
// right on 2x6), South's row below (a..f), the letters of the notation beside every hole (BRD-4),
// an arrow for the counterclockwise sowing (SOW-2). Counts are numerals. A ply's diagram has two
// boards: before the ply (the lifted hole, the path of every lap with its number, where each
// relay was lifted, where each lap's last seed fell; a long relay drawn thin with its first and
// last laps and every lap listed under the board) and after it (the holes captured, numbered
// in capture order, a Hoyito II chain drawn as one run; the counts that changed; captures and
// side to move).
#pragma once

#include <string>

#include "harness/annotate/account.h"
#include "harness/annotate/story.h"
#include "harness/base/escape.h"

namespace hoyito {

// The start position (or any position) alone.
std::string position_svg(const Position& position, const Rules& rules, Lang lang, const std::string& heading,
                         const std::string& alt);
// A position with a refused move on it (refusal.h): the hole ringed as lifted, an endless one
// (SOW-6) marked with its repeat. `hole` -1 marks nothing.
std::string refusal_svg(const Position& position, const Rules& rules, Lang lang, const std::string& heading,
                        const std::string& alt, int hole, const std::vector<EndlessMove>& endless);
// The ply: before and after, one SVG (a long relay's laps listed between them, diagram_laps.cpp).
std::string ply_svg(const PlyStory& story, const Rules& rules, Lang lang);
// The width (px) under which a page should not shrink a diagram of a 2xN board: its counts stay
// 10 px or more (the SVG's own min-width says it; the page scrolls the diagram in its box).
int min_width(int holes_per_row);
// A diagram in a page: a box of its own that scrolls sideways when the screen is narrower than
// the diagram's minimum width, reachable by the keyboard (tabindex) so that it can be scrolled.
std::string board_box(const std::string& svg, std::string_view label);

}  // namespace hoyito
