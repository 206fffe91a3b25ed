// The perft tables of the suite (specs/suite.md "perft.json"): per configuration, the start and
// a few other positions with their counts at depths 1..D and their divide at depth 2, each
// counted by the model and by the engine.
#include <fmt/format.h>

#include "engine/engine.h"
#include "engine/sides.h"
#include "harness/base/random.h"
#include "harness/games/perft_count.h"
#include "harness/verify/lap_limits.h"
#include "harness/verify/suite.h"
#include "io/record.h"
#include "model/model.h"

namespace hoyito {

namespace {

Rules suite_rules(Variant variant, int holes, int seeds,
                  std::vector<std::pair<const char*, const char*>> options = {}) {
  Rules rules;
  rules.variant = variant;
  rules.holes_per_row = holes;
  rules.seeds_per_hole = seeds;
  for (const auto& [name, value] : options) set_option(rules, name, value);
  validate(rules);
  return rules;
}

// Each variant on 2x6 and 2x12 at the default seeds, then other seed counts and options.
std::vector<Rules> perft_configurations() {
  std::vector<Rules> all;
  for (Variant v : {Variant::hoyito1, Variant::hoyito2, Variant::hoyito3})
    for (int holes : {6, 12}) all.push_back(suite_rules(v, holes, 4));
  all.push_back(suite_rules(Variant::hoyito2, 6, 3));
  all.push_back(suite_rules(Variant::hoyito1, 6, 5));
  all.push_back(suite_rules(Variant::hoyito3, 12, 2));
  all.push_back(suite_rules(Variant::hoyito2, 6, 4, {{"skip_origin", "true"}}));
  all.push_back(suite_rules(Variant::hoyito2, 6, 2, {{"endless_sowing", "void"}}));
  all.push_back(suite_rules(Variant::hoyito1, 6, 4, {{"ply_limit", "3"}}));
  return all;
}

// A position reached by `plies` random plies from the start (the engine plays them), or the
// start itself when the game ended before.
Position played_position(const Rules& rules, int plies, SplitMix64& rng) {
  engine::Game game(rules, engine::opening_position(rules));
  for (int i = 0; i < plies && game.status() == Status::playing; ++i) {
    const std::vector<Move> legal = game.legal_moves();
    if (legal.empty()) break;
    game.play(legal[rng.below(legal.size())]);
  }
  if (game.status() != Status::playing) return engine::opening_position(rules);
  return game.position();
}

// A made-up board of small counts (the lap-limit check's): a game in progress, every move decided.
Position made_up_position(const Rules& rules, SplitMix64& rng) {
  for (;;) {
    Position p = small_counts_position(rules, std::min(rules.seeds_per_hole, 3), rng);
    try {
      validate(p, rules, "made-up position");
      if (!engine::Game(rules, p).legal_moves().empty()) return p;
    } catch (const InputError&) {  // an undecided move or seeds that do not fit: draw again
    }
  }
}

boost::json::array divide_listing(const Rules& rules, const Position& position, const std::string& where) {
  const auto by_model = perft_divide(model::Game(rules, position), 2);
  const auto by_engine = perft_divide(engine::Game(rules, position), 2);
  if (by_model != by_engine)
    throw SuiteDisagreement(fmt::format("perft: {}: divide 2: model and engine differ", where));
  boost::json::array out;
  for (const auto& [ply, count] : by_model)
    out.push_back(boost::json::object{{"move", move_text(ply, rules.holes_per_row)}, {"count", count}});
  return out;
}

boost::json::object perft_entry(const Rules& rules, const char* name, const Position& position, int depth,
                                const std::string& where) {
  boost::json::array counts;
  const model::Game by_model(rules, position);
  const engine::Game by_engine(rules, position);
  for (int d = 1; d <= depth; ++d) {
    const std::uint64_t count = perft(by_model, d);
    if (perft(by_engine, d) != count)
      throw SuiteDisagreement(
          fmt::format("perft: {}: depth {}: model {} but engine {}", where, d, count, perft(by_engine, d)));
    counts.push_back(count);
  }
  boost::json::object entry{{"name", name}, {"position", to_json(position)}, {"counts", std::move(counts)}};
  entry["divide_depth"] = 2;
  entry["divide"] = divide_listing(rules, position, where);
  return entry;
}

boost::json::object perft_configuration(const Rules& rules, int depth, SplitMix64& rng, SuiteCounts& counts) {
  const std::string label = protocol_rules_command(rules);
  const std::pair<const char*, Position> positions[] = {
      {"start", engine::opening_position(rules)},
      {"after 6 random plies", played_position(rules, 6, rng)},
      {"after 20 random plies", played_position(rules, 20, rng)},
      {"made-up small counts", made_up_position(rules, rng)},
  };
  boost::json::array entries;
  for (const auto& [name, position] : positions) {
    entries.push_back(perft_entry(rules, name, position, depth, fmt::format("{}: {}", label, name)));
    counts.positions += 1;
  }
  counts.configurations += 1;
  return {{"rules", to_json(rules)}, {"rules_command", label}, {"positions", std::move(entries)}};
}

}  // namespace

boost::json::object perft_tables(const SuiteOptions& options, SuiteCounts& counts) {
  SplitMix64 rng{game_seed(options.seed, 1)};
  boost::json::array configurations;
  for (const Rules& rules : perft_configurations())
    configurations.push_back(perft_configuration(rules, options.depth, rng, counts));
  return {{"suite_version", kSuiteVersion},
          {"kind", "perft"},
          {"depth", options.depth},
          {"configurations", std::move(configurations)}};
}

}  // namespace hoyito
