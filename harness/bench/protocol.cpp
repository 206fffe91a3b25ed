#include "harness/bench/protocol.h"

#include "engine/sides.h"
#include "harness/base/random.h"
#include "harness/base/reporter.h"
#include "harness/games/remote_game.h"

namespace hoyito {

TimedGames measure_protocol(const std::string& engine_command, long plies) {
  EngineOptions options;
  options.command = engine_command;
  auto session = std::make_shared<EngineSession>(options);
  const Rules rules;  // Hoyito II 2x6, the defaults
  TimedGames timed;
  const Stopwatch clock;
  while (timed.plies < plies) {
    SplitMix64 rng{game_seed(kBenchSeed, static_cast<std::uint64_t>(timed.games))};
    RemoteGame game(session, rules, engine::opening_position(rules));
    while (game.status() == Status::playing) {
      const std::vector<Move> legal = game.legal_moves();
      game.play(legal[static_cast<std::size_t>(rng.below(legal.size()))]);
      timed.plies += 1;
    }
    timed.games += 1;
  }
  timed.seconds = clock.seconds();
  return timed;
}

}  // namespace hoyito
