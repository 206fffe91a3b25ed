#include "harness/games/play.h"

#include <fmt/format.h>

#include <boost/json.hpp>

#include "core/first_difference.h"
#include "core/implementation.h"
#include "engine/engine.h"
#include "engine/sides.h"
#include "harness/base/random.h"
#include "io/record.h"
#include "model/model.h"

namespace hoyito {

namespace {
template <GameImplementation G>
GameRecord play_moves_on(const Rules& rules, const Position& start, const std::vector<std::string>& moves,
                         std::string_view where) {
  GameRecord record{rules, start, {}, {}};
  G game(rules, start);
  for (size_t i = 0; i < moves.size(); ++i) {
    try {
      record.plies.push_back(game.play(parse_move(moves[i], rules.holes_per_row)));
    } catch (const InputError& e) {  // a refusal of the model or the engine (it lists the legal moves)
      throw InputError(fmt::format("{}: move {} ('{}'): {}", where, i + 1, moves[i], e.what()));
    }
  }
  record.result = game.result();
  return record;
}
}  // namespace

GameRecord play_moves(const Rules& rules, const Position& start, const std::vector<std::string>& moves,
                      std::string_view where, PlayedBy by) {
  return by == PlayedBy::engine ? play_moves_on<engine::Game>(rules, start, moves, where)
                                : play_moves_on<model::Game>(rules, start, moves, where);
}

GameRecord random_game(const Rules& rules, std::uint64_t seed, std::uint64_t index) {
  SplitMix64 rng{game_seed(seed, index)};
  GameRecord record{rules, engine::opening_position(rules), {}, {}};
  model::Game game(rules, record.start);
  while (game.status() == Status::playing) {
    std::vector<Move> legal;
    try {
      legal = game.legal_moves();
    } catch (const UndecidedMove& e) {  // Q-LIMIT: said where it happened
      throw UndecidedMove(fmt::format("ply {}: {}", record.plies.size() + 1, e.what()));
    }
    record.plies.push_back(game.play(legal[rng.below(legal.size())]));
  }
  record.result = game.result();
  return record;
}

namespace {
std::string json_text(const boost::json::value& v) { return boost::json::serialize(v); }
}  // namespace

void replay_record(const GameRecord& record, const std::string& where) {
  model::Game game(record.rules, record.start);
  for (size_t i = 0; i < record.plies.size(); ++i) {
    const Ply& recorded = record.plies[i];
    const std::string at = fmt::format("{}: plies[{}]", where, i);
    if (recorded.player != game.position().to_move)
      throw InputError(fmt::format("{}.player: recorded {}, replayed {}", at, player_name(recorded.player),
                                   player_name(game.position().to_move)));
    Ply replayed;
    try {
      replayed = game.play(recorded.move);
    } catch (const InputError& e) {
      throw InputError(fmt::format("{}.move: {}", at, e.what()));
    }
    if (recorded.events != replayed.events) {
      const size_t k = first_difference(recorded.events, replayed.events);
      auto show = [&](const std::vector<Event>& ev) {
        return k < ev.size() ? json_text(to_json(ev[k])) : std::string("(none)");
      };
      throw InputError(
          fmt::format("{}.events[{}]: recorded {}, replayed {}", at, k, show(recorded.events), show(replayed.events)));
    }
    if (recorded.after != replayed.after)
      throw InputError(fmt::format("{}.after: recorded {}, replayed {}", at, json_text(to_json(recorded.after)),
                                   json_text(to_json(replayed.after))));
  }
  if (record.result != game.result())
    throw InputError(fmt::format("{}: result: recorded {}, replayed {}", where, json_text(to_json(record.result)),
                                 json_text(to_json(game.result()))));
}

}  // namespace hoyito
