// An event replayer: the events of a ply replayed on the position before it, seed by seed,
// without the model or the engine. Each event must follow from the rule it cites and the board
// as the events before it left it (a lift takes the whole hole, a lap drops one seed a hole, a
// capture takes a four, a chain goes backwards while the holes hold four, an award takes what is
// left), and the board so replayed must be the ply's `after`. It checks that an implementation's
// account of a ply is the ply it played, whatever the implementation; the engine's unit tests run
// it over random games.
#pragma once

#include <functional>
#include <string>

#include "core/game.h"

namespace hoyito {

// One change of the board as the replay makes it: the position as it now is, the hole touched
// (-1 for an award over the board), the lap (0 before the first lap event) and the event that
// made it. annotate draws its seed-by-seed frames and lap paths from these steps, so the events
// are interpreted here only.
enum class ReplayStep { lift, seed, capture, award };
using ReplayWatch = std::function<void(ReplayStep, const Position& now, int hole, int lap, const Event& cause)>;

// Replays `ply`'s events on `position` (the position before the ply), leaving it as the events
// make it, and tells `watch` (if any) each step. Returns "" or what went wrong, with the event's
// index and every event of the ply.
std::string replay_events(const Rules& rules, Position& position, const Ply& ply, const ReplayWatch& watch = {});

}  // namespace hoyito
