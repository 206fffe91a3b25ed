// The endless moves of the suite (specs/suite.md "endless.json"): made-up positions (the
// lap-limit check's boards of small counts, where endless sowings live) with a move whose relay
// sowing never ends (SOW-6), its first repeated lap-end state and the exact cycle length, found
// by the model's exact detection (Brent's, model/model.h) and confirmed by the engine's refusal.
#include <string>

#include <fmt/format.h>

#include "engine/engine.h"
#include "engine/sides.h"
#include "harness/base/interrupt.h"
#include "harness/base/random.h"
#include "harness/verify/lap_limits.h"
#include "harness/verify/suite.h"
#include "io/record.h"
#include "io/scenario.h"
#include "model/model.h"

namespace hoyito {

namespace {

constexpr int kEndlessPerConfiguration = 4;
constexpr int kDrawsPerConfiguration = 4000;
constexpr int kSearchLaps = 200000;  // longer cycles are left out: the suite stays quick to write

// The engine must refuse the move under the default options, naming the same two laps.
void confirm_by_engine(const Rules& rules, const Position& position, int hole, const model::MoveVerdict& v) {
  const std::string move = move_text(Move::at(hole), rules.holes_per_row);
  const std::string expected = endless_refusal(move, position.to_move, v.laps, v.repeated_lap);
  engine::Game game(rules, position);
  std::string refusal = "(played)";
  try {
    game.play(Move::at(hole));
  } catch (const InputError& e) {
    refusal = e.what();
  }
  if (refusal.find(expected) == std::string::npos)
    throw SuiteDisagreement(fmt::format("endless {} {}: the model finds laps {} and {}, the engine says: {}",
                                        protocol_rules_command(rules), move, v.laps, v.repeated_lap, refusal));
}

// The endless moves of one position (empty when none, or when a sowing is too long to decide).
std::vector<std::pair<int, model::MoveVerdict>> endless_moves(const Rules& rules, const Position& position) {
  Rules search = rules;
  search.options.endless_sowing = EndlessSowing::void_game;
  search.options.lap_limit = kSearchLaps;
  std::vector<std::pair<int, model::MoveVerdict>> found;
  for (int hole = 0; hole < rules.holes(); ++hole) {
    if (engine::hole_owner(hole, rules.holes_per_row) != position.to_move ||
        position.board[static_cast<size_t>(hole)] == 0)
      continue;
    try {
      const model::MoveOutcome outcome = model::sow_move(search, position, hole);
      if (outcome.endless) found.emplace_back(hole, outcome);
    } catch (const InputError&) {
      return {};
    }
  }
  return found;
}

boost::json::object endless_entry(const Rules& rules, const Position& position, int hole, const model::MoveVerdict& v) {
  return {{"rules", to_json(rules)},
          {"rules_command", protocol_rules_command(rules)},
          {"position", to_json(position)},
          {"move", move_text(Move::at(hole), rules.holes_per_row)},
          {"repeating_lap", v.laps},
          {"first_repeated_lap", v.repeated_lap},
          {"cycle_length", v.laps - v.repeated_lap}};
}

void search_configuration(const Rules& rules, SplitMix64& rng, boost::json::array& out, SuiteCounts& counts) {
  int found = 0;
  for (int draw = 0; draw < kDrawsPerConfiguration && found < kEndlessPerConfiguration; ++draw) {
    throw_if_interrupted("suite: stopped before every file was made, nothing written");
    const Position position = small_counts_position(rules, 2 + static_cast<int>(rng.below(2)), rng);
    if (position.captured[0] < 0 || position.captured[1] < 0) continue;
    const auto moves = endless_moves(rules, position);
    if (moves.empty()) continue;
    const auto& [hole, verdict] = moves.front();
    confirm_by_engine(rules, position, hole, verdict);
    out.push_back(endless_entry(rules, position, hole, verdict));
    found += 1;
    counts.endless += 1;
  }
}

}  // namespace

boost::json::object endless_positions(const SuiteOptions& options, SuiteCounts& counts) {
  SplitMix64 rng{game_seed(options.seed, 2)};
  boost::json::array positions;
  for (Variant variant : {Variant::hoyito1, Variant::hoyito2, Variant::hoyito3})
    for (int holes : {6, 12}) {
      Rules rules;
      rules.variant = variant;
      rules.holes_per_row = holes;
      search_configuration(rules, rng, positions, counts);
    }
  return {{"suite_version", kSuiteVersion}, {"kind", "endless"}, {"positions", std::move(positions)}};
}

}  // namespace hoyito
