#include "engine/sides.h"

namespace hoyito::engine {

Position opening_position(const Rules& rules, Player to_move) {
  Position p;
  // BRD-3: 2N holes (BRD-4), each with the configured seeds; captures start at zero.
  p.board = std::vector<int>(static_cast<std::size_t>(2 * rules.holes_per_row), rules.seeds_per_hole);
  p.captured = {0, 0};
  p.to_move = to_move;
  return p;
}

}  // namespace hoyito::engine
