// AbstractPlay's board JSON (`hoyito annotate --format abstractplay`): the position after each
// annotated ply as the AbstractPlay renderer's mancala board takes it, for sites that already
// render it. The format is the renderer's own (github.com/AbstractPlay/renderer: the "sowing"
// board style, docs/samples/boards-sowing-numerals.json, and the mancala games of
// AbstractPlay/gameslib that emit it): `renderer` "sowing-numerals", `board` {style "sowing",
// width, height, showEndPits, markers}, `pieces` one line a row, top row first, counts
// comma-separated left to right, then the two end pits (left, right).
//
// Hoyito has no stores: the end pits hold the captured seeds, North's on the left (beside F and a,
// where North's sowing turns into South's row) and South's on the right (beside f and A), as a
// Kalah board seen from South. Row 0 is North's, F..A left to right; row 1 South's, a..f (BRD-4,
// the diagrams' orientation). The hole played is outlined in the mover's colour (South 1,
// North 2, as the edges); the renderer's own a, b, c column labels are hidden: they would name
// North's holes wrongly.
#pragma once

#include <string>

#include "core/game.h"

namespace hoyito {

// The board JSON of `position` after `ply` (its hole outlined unless a pass) on a 2 x
// `holes_per_row` board, one line.
std::string abstractplay_json(const Position& position, int holes_per_row, const Ply& ply);

}  // namespace hoyito
