// endless_repeat_laps and sowing_length (engine/engine.h): the engine's own sowing, for simulate's
// statistics and its scan of sowing lengths.
#include <algorithm>
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

namespace {
Board packed(const Position& p) {
  Board board;
  for (std::size_t h = 0; h < p.board.size(); ++h) board.set(static_cast<int>(h), p.board[h]);
  return board;
}
}  // namespace

// The verdict first, on a copy and without events (sow_move<false>, the engine's own path);
// then the lap it came at: an endless move's first exact repeat (endless_repeat), or the laps of
// a finite move counted from its events (one `lap` event a lap, SOW-2/SOW-5).
SowingLength sowing_length(const Rules& rules, const Position& p, int hole) {
  const Config config = make_config(rules);
  const Board board = packed(p);
  Board copy = board;
  std::array<int, 2> captured = p.captured;
  const MoveEnd end = sow_move<false>(config, copy, captured, p.to_move, hole, nullptr);
  if (end == MoveEnd::undecided) return {SowingKind::undecided, config.lap_limit, 0};
  if (end == MoveEnd::endless) {
    const LapRepeat repeat = endless_repeat(config, board, hole);
    return {SowingKind::endless, repeat.repeat_lap, repeat.earlier_lap};
  }
  copy = board;
  captured = p.captured;
  std::vector<Event> events;
  sow_move<true>(config, copy, captured, p.to_move, hole, &events);
  const auto laps =
      std::count_if(events.begin(), events.end(), [](const Event& e) { return e.kind == EventKind::lap; });
  return {SowingKind::finite, static_cast<std::uint64_t>(laps), 0};
}

}  // namespace hoyito::engine
