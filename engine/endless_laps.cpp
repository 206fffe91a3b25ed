// endless_repeat_laps (engine/engine.h): the engine's own sowing, for simulate's statistics.
#include <array>
#include <vector>

#include "engine/engine.h"
#include "engine/sow.h"

namespace hoyito::engine {

std::vector<std::uint64_t> endless_repeat_laps(const Rules& rules, const Position& p, std::uint64_t legal) {
  const Config config = make_config(rules);
  Board board;
  for (std::size_t h = 0; h < p.board.size(); ++h) board.set(static_cast<int>(h), p.board[h]);
  const int n = rules.holes_per_row;
  std::vector<std::uint64_t> laps;
  for (int h = p.to_move == Player::south ? 0 : n, end = h + n; h < end; ++h) {
    if (p.board[static_cast<std::size_t>(h)] == 0) continue;
    const bool refused = (legal >> h & 1) == 0;
    if (!refused && !config.endless_void) continue;
    if (config.endless_void) {  // legal, but is it endless? sow it on a copy
      Board copy = board;
      std::array<int, 2> captured = p.captured;
      if (sow_move<false>(config, copy, captured, p.to_move, h, nullptr) != MoveEnd::endless) continue;
    }
    laps.push_back(endless_repeat(config, board, h).repeat_lap);
  }
  return laps;
}

}  // namespace hoyito::engine
