#include "harness/verify/lap_limits.h"

#include <algorithm>

#include "engine/engine.h"
#include "engine/sides.h"
#include "io/scenario.h"
#include "model/model.h"

namespace hoyito {

namespace {

Rules with_lap_limit(Rules rules, LapCount limit) {  // Q-LIMIT, 64-bit: no narrowing of a long L
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
    const auto at = static_cast<LapCount>(laps);
    counts.moves += 1;
    counts.endless += endless;
    if (!model_decides(with_lap_limit(rules, at), position, hole)) counts.model_inconsistent += 1;
    if (at > 1 && model_decides(with_lap_limit(rules, at - 1), position, hole)) counts.model_inconsistent += 1;
    for (LapCount limit : {at, at - 1}) {
      if (limit < 1) continue;
      if (auto d = compare(with_lap_limit(rules, limit), position, {Move::at(hole)})) return d;
    }
  }
  return std::nullopt;
}

std::optional<DetectorMove> detector_move(const Rules& rules, const Position& position, int hole) {
  model::MoveOutcome outcome;
  try {
    outcome = model::sow_move(with_lap_limit(rules, kDetectorSearchLaps), position, hole);
  } catch (const InputError&) {
    return std::nullopt;  // undecided within the search's reach
  }
  if (!outcome.endless) return std::nullopt;
  const std::vector<int> seeds = model::lap_seeds(rules, position, hole, outcome.laps);
  // Laps M+1 .. L (seeds[M] .. seeds[L-1]) make the cycle: one of 2N seeds or more moves the anchor.
  const bool long_lap_in_cycle = std::any_of(seeds.begin() + static_cast<std::ptrdiff_t>(outcome.repeated_lap),
                                             seeds.end(), [&](int lifted) { return lifted >= rules.holes(); });
  if (!long_lap_in_cycle) return std::nullopt;
  return DetectorMove{position, hole, outcome.laps, outcome.repeated_lap};
}

namespace {

// A made-up board for the search: `seeds` on the board (fewer when the holes run out), each hole
// from the first drawn from 0 to twice the mean, the rest captured: few empty holes, and holes
// large enough for a lap of 2N seeds to form again (Hoyito II 2x6: about one move in 10^4 is then
// a detector move).
Position spread_position(const Rules& rules, int seeds, SplitMix64& rng) {
  Position p;
  p.board.assign(static_cast<std::size_t>(rules.holes()), 0);
  const auto most = static_cast<std::uint64_t>(2 * seeds / rules.holes());
  int left = seeds;
  for (int& count : p.board) left -= count = std::min(left, static_cast<int>(rng.below(most + 1)));
  const int captured = engine::seed_total(rules) - (seeds - left);
  p.captured[index(Player::south)] = static_cast<int>(rng.below(static_cast<std::uint64_t>(captured) + 1));
  p.captured[index(Player::north)] = captured - p.captured[index(Player::south)];
  p.to_move = static_cast<Player>(rng.below(2));
  return p;
}

// The move turned r holes on the ring, r = 0 .. 2N-1, the mover the owner of its hole: a relay
// sowing never looks at who owns a hole (G2 both), so each turn sows the same laps from another
// place of the packed board, and the model measures each again.
void add_rotations(const Rules& rules, const Position& p, int hole, std::vector<DetectorMove>& found) {
  const int holes = rules.holes();
  for (int r = 0; r < holes; ++r) {
    Position turned = p;
    for (int h = 0; h < holes; ++h)
      turned.board[static_cast<std::size_t>((h + r) % holes)] = p.board[static_cast<std::size_t>(h)];
    const int at = (hole + r) % holes;
    turned.to_move = engine::hole_owner(at, rules.holes_per_row);
    if (auto move = detector_move(rules, turned, at)) found.push_back(std::move(*move));
  }
}

}  // namespace

std::vector<DetectorMove> find_detector_moves(const Rules& rules, std::uint64_t seed, int most, long boards) {
  std::vector<DetectorMove> found;
  SplitMix64 rng{seed};
  const int total = engine::seed_total(rules);
  for (long i = 0; i < boards && static_cast<int>(found.size()) < most; ++i) {
    const int seeds = total - static_cast<int>(rng.below(static_cast<std::uint64_t>(total / 2)));
    const Position p = spread_position(rules, seeds, rng);
    for (int hole = 0; hole < rules.holes() && static_cast<int>(found.size()) < most; ++hole) {
      if (engine::hole_owner(hole, rules.holes_per_row) != p.to_move || p.board[static_cast<size_t>(hole)] == 0)
        continue;
      if (detector_move(rules, p, hole)) add_rotations(rules, p, hole, found);
    }
  }
  if (static_cast<int>(found.size()) > most) found.resize(static_cast<std::size_t>(most));
  return found;
}

Side engine_plays(const Rules& rules, const Position& position, Move move) {
  engine::Game game(rules, position);
  return side_by(game, [&](Side& s) { s.ply = game.play(move); });
}

namespace {

Rules illegal_at(Rules rules, std::uint64_t limit) {
  rules.options.endless_sowing = EndlessSowing::illegal;
  rules.options.lap_limit = static_cast<LapCount>(limit);
  return rules;
}

// What the model must answer at `limit`: at L an endless refusal naming (L, M), below an undecided one.
bool model_as_measured(const Side& model, const DetectorMove& move, std::uint64_t limit, int n) {
  if (limit < move.repeat_lap) return model.refusal == Refusal::undecided;
  return model.refusal == Refusal::endless &&
         model.error == endless_refusal(move_text(Move::at(move.hole), n), move.position.to_move, move.repeat_lap,
                                        move.repeated_lap);
}

}  // namespace

std::optional<Disagreement> check_at_repeat_lap(const Rules& rules, const DetectorMove& move, DetectorCounts& counts,
                                                const PlayOnce& other) {
  counts.moves += 1;
  const Move m = Move::at(move.hole);
  for (std::uint64_t limit : {move.repeat_lap, move.repeat_lap - 1}) {
    if (limit < 1) continue;
    const Rules illegal = illegal_at(rules, limit);
    model::Game model_game(illegal, move.position);
    const Side model = side_by(model_game, [&](Side& s) { s.ply = model_game.play(m); });
    counts.model_inconsistent += !model_as_measured(model, move, limit, rules.holes_per_row);
    Side engine = other(illegal, move.position, m);
    // The reason first; then, of an endless refusal, its text: the lap L and the lap M it repeats.
    std::string field = differing_field(model, engine);
    if (field.empty() && model.refusal == Refusal::endless && model.error != engine.error) field = "repeat laps";
    if (!field.empty()) return Disagreement{illegal, move.position, {m}, field, model, engine};
    // Every path of the engine's API under G6 void (as check_lap_limits): under G6 illegal another
    // move of the position, undecided at this limit, would make the model's legal plies unknown.
    if (auto d = compare_moves(with_lap_limit(rules, static_cast<LapCount>(limit)), move.position, {m})) return d;
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
