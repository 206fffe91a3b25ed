// A watch on one move's long decision (Q-LIMIT, specs/endless-sowing.md): the lap loops of the
// model and the engine call the program's watch every kWatchLaps laps of one move, so that a
// decision of many seconds shows progress and stops at Ctrl-C. Not a rule: it never changes a
// verdict; the watch may throw (an interrupt) and the move is then not played.
#pragma once

#include <atomic>
#include <cstdint>

namespace hoyito {

// `laps`: the lap-end states seen so far of the move being decided; `limit`: its lap_limit.
using LapWatch = void (*)(std::uint64_t laps, std::uint64_t limit);
inline std::atomic<LapWatch> lap_watch{nullptr};                     // set by the program (cli/app.cpp); none in tests
inline constexpr std::uint64_t kWatchLaps = std::uint64_t{1} << 22;  // the engine: ms; the model: 0.1 to 0.3 s

inline void watch_laps(std::uint64_t laps, std::uint64_t limit) {
  if (const LapWatch watch = lap_watch.load(std::memory_order_relaxed)) watch(laps, limit);
}

}  // namespace hoyito
