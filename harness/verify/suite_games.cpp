// The playthroughs of the suite (specs/suite.md "playthroughs.json"): seeded uniformly random
// games, the legal plies before every ply and the whole state after it. The model chooses and
// plays; the engine then replays the same moves in lockstep (harness/verify/differential.h) and
// any difference in legal plies, events, positions or results stops the suite.
#include <fmt/format.h>

#include "engine/sides.h"
#include "harness/base/interrupt.h"
#include "harness/base/random.h"
#include "harness/verify/differential.h"
#include "harness/verify/suite.h"
#include "io/record.h"
#include "model/model.h"

namespace hoyito {

namespace {

struct PlaythroughConfig {
  Variant variant;
  int holes, seeds, round;
  Winner previous_winner;
  std::vector<std::pair<const char*, const char*>> options;
};

// Each variant on 2x6 and 2x12, other seed counts, a later Hoyito III round, a short ply limit
// (an unterminated game) and the options that change the sowing.
const std::vector<PlaythroughConfig>& playthrough_configs() {
  static const std::vector<PlaythroughConfig> all = {
      {Variant::hoyito1, 6, 4, 1, Winner::none, {}},
      {Variant::hoyito1, 12, 4, 1, Winner::none, {}},
      {Variant::hoyito2, 6, 4, 1, Winner::none, {}},
      {Variant::hoyito2, 12, 4, 1, Winner::none, {}},
      {Variant::hoyito3, 6, 4, 1, Winner::none, {}},
      {Variant::hoyito3, 12, 4, 1, Winner::none, {}},
      {Variant::hoyito2, 6, 3, 1, Winner::none, {{"skip_origin", "true"}}},
      {Variant::hoyito1, 12, 2, 1, Winner::none, {}},
      {Variant::hoyito3, 6, 5, 3, Winner::draw, {{"drawn_previous_last_four", "split"}}},
      {Variant::hoyito3, 6, 4, 2, Winner::north, {}},
      {Variant::hoyito2, 6, 4, 1, Winner::none, {{"ply_limit", "25"}}},
      {Variant::hoyito2, 6, 2, 1, Winner::none, {{"endless_sowing", "void"}}},
      {Variant::hoyito2, 6, 2, 1, Winner::none, {{"endless_game", "third_repetition"}}},
  };
  return all;
}

Rules rules_of(const PlaythroughConfig& c) {
  Rules rules;
  rules.variant = c.variant;
  rules.holes_per_row = c.holes;
  rules.seeds_per_hole = c.seeds;
  rules.round = c.round;
  rules.previous_winner = c.previous_winner;
  for (const auto& [name, value] : c.options) set_option(rules, name, value);
  validate(rules);
  return rules;
}

boost::json::array move_texts(const std::vector<Move>& plies, int holes_per_row) {
  boost::json::array out;
  for (Move ply : plies) out.push_back(boost::json::string(move_text(ply, holes_per_row)));
  return out;
}

// One seeded game, played by the model to its end; returns the moves and the plies as JSON.
boost::json::array play_game(const Rules& rules, std::uint64_t seed, std::vector<Move>& moves) {
  SplitMix64 rng{seed};
  model::Game game(rules, engine::opening_position(rules));
  boost::json::array plies;
  while (game.status() == Status::playing) {
    const std::vector<Move> legal = game.legal_moves();
    if (legal.empty()) break;
    const Move ply = legal[rng.below(legal.size())];
    game.play(ply);
    moves.push_back(ply);
    plies.push_back(boost::json::object{{"legal", move_texts(legal, rules.holes_per_row)},
                                        {"move", move_text(ply, rules.holes_per_row)},
                                        {"after", suite_state(game.position(), game.result(), game.plies_played())}});
  }
  return plies;
}

boost::json::object playthrough(const Rules& rules, std::uint64_t seed, SuiteCounts& counts) {
  std::vector<Move> moves;
  boost::json::array plies = play_game(rules, seed, moves);
  if (auto d = compare_moves(rules, engine::opening_position(rules), moves))
    throw SuiteDisagreement(fmt::format("playthrough {} seed {}: model and engine differ on {} at ply {}",
                                        protocol_rules_command(rules), seed, d->field, d->moves.size()));
  counts.playthroughs += 1;
  counts.plies += static_cast<long>(plies.size());
  boost::json::object start = to_json(engine::opening_position(rules));
  return {{"rules", to_json(rules)},
          {"rules_command", protocol_rules_command(rules)},
          {"seed", seed},
          {"start", std::move(start)},
          {"plies", std::move(plies)}};
}

}  // namespace

boost::json::object playthroughs(const SuiteOptions& options, SuiteCounts& counts) {
  boost::json::array games;
  std::uint64_t index = 0;
  for (const PlaythroughConfig& config : playthrough_configs()) {
    throw_if_interrupted("suite: stopped before every file was made, nothing written");
    games.push_back(playthrough(rules_of(config), game_seed(options.seed, 100 + index++), counts));
  }
  return {{"suite_version", kSuiteVersion}, {"kind", "playthroughs"}, {"games", std::move(games)}};
}

}  // namespace hoyito
