// The hard positions of the suite (specs/suite.md "hard.json"): the vectors of the search
// (harness/verify/hard_positions.h) as specs/hard-positions.json holds them, measured again by the model, each with its
// lap count and what a lap cap would do, the model's legal plies and the state after its moves, confirmed by the engine
// (compare_moves: a difference is a SuiteDisagreement, and nothing is written).
#include <limits>

#include <fmt/format.h>

#include "harness/verify/differential.h"
#include "harness/verify/hard_positions.h"
#include "harness/verify/suite.h"
#include "io/record.h"
#include "model/model.h"

namespace hoyito {

namespace {

boost::json::array move_list(const std::vector<Move>& moves, int n) {
  boost::json::array out;
  for (Move m : moves) out.emplace_back(move_text(m, n));
  return out;
}

// The model's legal plies at the position, then its moves played: the state after them, or the
// refusal of a move (an endless one: SOW-6).
void add_play(const HardPosition& v, boost::json::object& entry) {
  model::Game game(v.rules, v.position);
  entry["legal"] = move_list(game.legal_moves(), v.rules.holes_per_row);
  for (Move m : v.moves) {
    try {
      game.play(m);
    } catch (const RefusedPly& e) {
      entry["refusal"] = refusal_name(e.reason);
      return;
    }
  }
  entry["after"] = suite_state(game.position(), game.result(), game.plies_played());
}

boost::json::object hard_entry(const HardPosition& v) {
  boost::json::object entry{{"kind", v.kind},
                            {"reading", v.reading},
                            {"name", v.name()},
                            {"rules", to_json(v.rules)},
                            {"rules_command", protocol_rules_command(v.rules)},
                            {"position", to_json(v.position)},
                            {"moves", move_list(v.moves, v.rules.holes_per_row)},
                            {"laps", v.laps}};
  if (v.kind == "finite" || v.kind == "endless") entry["target"] = v.target;
  if (v.kind == "endless") {
    entry["first_repeated_lap"] = v.repeated_lap;
    entry["cycle_length"] = v.cycle_length();
  }
  if (v.kind == "last-seeds") entry["left"] = v.left;
  if (v.kind == "captures") {
    entry["captured_holes"] = v.captured_holes;
    entry["across_ends"] = v.across_ends;
  }
  if (v.kind == "finite" || v.kind == "endless") {
    boost::json::array caps;
    for (std::int64_t cap : kSuiteCaps) caps.push_back({{"laps", cap}, {"effect", cap_effect(v, cap)}});
    entry["caps"] = std::move(caps);
  }
  add_play(v, entry);
  return entry;
}

boost::json::object search_entry(const HardSearchSummary& s) {
  return {{"reading", s.reading},
          {"rules_command", protocol_rules_command(s.rules)},
          {"positions", s.positions},
          {"longest_finite", s.longest_finite},
          {"longest_cycle", s.longest_cycle}};
}

}  // namespace

boost::json::object hard_positions_file(const SuiteOptions& options, SuiteCounts& counts) {
  const HardPositions found =
      load_hard_positions(options.specs_folder + "/" + kHardPositionsFile, std::numeric_limits<std::int64_t>::max());
  boost::json::array positions, searches;
  for (const HardPosition& v : found.vectors) {
    if (auto d = compare_moves(v.rules, v.position, v.moves))
      throw SuiteDisagreement(fmt::format("hard {}: model and engine differ in '{}'", v.name(), d->field));
    positions.push_back(hard_entry(v));
    counts.hard += 1;
  }
  for (const HardSearchSummary& s : found.searches) searches.push_back(search_entry(s));
  return {{"suite_version", kSuiteVersion},  {"kind", "hard"},
          {"search_seed", kHardSeed},        {"walk_laps", kHardWalkLaps},
          {"searches", std::move(searches)}, {"positions", std::move(positions)}};
}

}  // namespace hoyito
