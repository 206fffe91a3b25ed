// `solve --verify`'s second derivation of a layer (issue 34): the values of the spec's two games
// (specs/endgame-tables.md, "Games that never end") solved again threshold by threshold with the
// classical attractor algorithm for co-Büchi games, written apart from the solver's nested value
// iteration (harness/solve/layer_solver.cpp shares nothing with it but the moves, MoveMaker). The move
// equations alone hold at every fixed point of the layer; this picks the one the spec defines.
#pragma once

#include <cstdint>
#include <string>

#include "harness/games/table_moves.h"

namespace hoyito::solve {

struct RederivedLayer {
  std::uint64_t lo_wrong = 0, hi_wrong = 0;  // entries whose lo (hi) differs from the attractors'
  std::string first_bad;                     // the first such entry, described
};

// Layer `seeds` of `table` against the attractors' values, its capture exits read from the
// table's lower layers (checked layer by layer before it); the thresholds on `threads` threads.
RederivedLayer rederive_layer(const EndgameTable& table, const MoveMaker& maker, int seeds, int threads);

}  // namespace hoyito::solve
