// Plies per second through the engine protocol: random Hoyito II 2x6 games played on an engine
// behind the protocol (`hoyito serve --impl engine` in `hoyito bench`): per ply `legal`, then
// `play`, `state` and `events`, two round trips (verify --engine pipelines the two into one, and
// adds the model's work). Wall clock: the two processes take turns, and the pipes are what is timed.
#pragma once

#include <string>

#include "harness/bench/signature.h"

namespace hoyito {

inline constexpr long kBenchProtocolPlies = 20'000;  // ~1-2 s on an idle machine

// Whole games, in order of the bench seeds, until at least `plies` plies. Throws EngineFailure.
TimedGames measure_protocol(const std::string& engine_command, long plies);

}  // namespace hoyito
