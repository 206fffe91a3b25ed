#include "harness/verify/lap_limits.h"

#include "engine/sides.h"
#include "model/model.h"

namespace hoyito {

namespace {

Rules with_lap_limit(Rules rules, int limit) {
  rules.options.endless_sowing = EndlessSowing::void_game;
  rules.options.lap_limit = limit;
  return rules;
}

// The model's verdict on one move under `rules`: true when it decides the move (ends or endless).
bool model_decides(const Rules& rules, const Position& position, int hole) {
  try {
    model::sow_move(rules, position, hole);
    return true;
  } catch (const InputError&) {
    return false;
  }
}

}  // namespace

std::optional<Disagreement> check_lap_limits(const Rules& rules, const Position& position, LapLimitCounts& counts,
                                             const CompareMoves& compare) {
  counts.positions += 1;
  const Rules measure = with_lap_limit(rules, kMeasureLaps);
  for (int hole = 0; hole < rules.holes(); ++hole) {
    if (engine::hole_owner(hole, rules.holes_per_row) != position.to_move ||
        position.board[static_cast<size_t>(hole)] == 0)
      continue;
    std::size_t laps = 0;
    bool endless = false;
    try {
      const model::MoveOutcome outcome = model::sow_move(measure, position, hole);
      laps = outcome.laps;
      endless = outcome.endless;
    } catch (const InputError&) {
      counts.too_long += 1;
      continue;
    }
    const int at = static_cast<int>(laps);
    counts.moves += 1;
    counts.endless += endless;
    if (!model_decides(with_lap_limit(rules, at), position, hole)) counts.model_inconsistent += 1;
    if (at > 1 && model_decides(with_lap_limit(rules, at - 1), position, hole)) counts.model_inconsistent += 1;
    for (int limit : {at, at - 1}) {
      if (limit < 1) continue;
      if (auto d = compare(with_lap_limit(rules, limit), position, {Move::at(hole)})) return d;
    }
  }
  return std::nullopt;
}

Position small_counts_position(const Rules& rules, int most, SplitMix64& rng) {
  Position p;
  p.board.assign(static_cast<size_t>(rules.holes()), 0);
  int seeds = 0;
  for (int& count : p.board) seeds += count = static_cast<int>(rng.below(static_cast<std::uint64_t>(most) + 1));
  const int captured = engine::seed_total(rules) - seeds;
  p.captured[index(Player::south)] = static_cast<int>(rng.below(static_cast<std::uint64_t>(captured) + 1));
  p.captured[index(Player::north)] = captured - p.captured[index(Player::south)];
  p.to_move = static_cast<Player>(rng.below(2));
  return p;
}

}  // namespace hoyito
