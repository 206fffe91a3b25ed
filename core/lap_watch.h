// A watch on one move's long decision (Q-LIMIT, specs/endless-sowing.md): the lap loops of the
// model and the engine call the program's watch every kWatchLaps laps of one move (every walk of
// it: the anchor's loop, the cycle detector's, the walks to its first exact repeat), so that a
// decision of many seconds shows progress and stops at Ctrl-C. Not a rule: it never changes a
// verdict; the watch may throw (an interrupt) and the move is then not played.
#pragma once

#include <atomic>
#include <cstdint>

namespace hoyito {

// `laps`: the lap-end states seen so far by the walk deciding the move; `limit`: its lap_limit
// (Brent's walks may go past it, to 2 or 3 times lap_limit, before the move is undecided).
using LapWatch = void (*)(std::uint64_t laps, std::uint64_t limit);
inline std::atomic<LapWatch> lap_watch{nullptr};                     // set by the program (cli/app.cpp)
inline constexpr std::uint64_t kWatchLaps = std::uint64_t{1} << 22;  // the engine: ms; the model: 0.1 to 0.3 s
static_assert((kWatchLaps & (kWatchLaps - 1)) == 0, "a power of two: watch_every tests the low bits");

inline void watch_laps(std::uint64_t laps, std::uint64_t limit) {
  if (const LapWatch watch = lap_watch.load(std::memory_order_relaxed)) watch(laps, limit);
}

// The watch called at every kWatchLaps-th lap of a walk counted from 0 or 1: for loops that
// count their laps anyway (the cycle detector's walks), a test of the low bits a lap.
inline void watch_every(std::uint64_t laps, std::uint64_t limit) {
  if ((laps & (kWatchLaps - 1)) == 0) watch_laps(laps, limit);
}

}  // namespace hoyito
