#include "harness/games/perft_walk.h"

#include <algorithm>

#include <fmt/format.h>

#include "harness/games/perft_count.h"
#include "model/model.h"

namespace hoyito {

std::uint64_t engine_perft(const RemoteGame& game, int depth) {
  if (game.session().info().capabilities.has("perft")) return game.perft(depth);
  return perft(game, depth);
}

DivideList engine_divide(const RemoteGame& game, int depth) {
  if (game.session().info().capabilities.has("divide")) return game.divide(depth);
  return perft_divide(game, depth);
}

namespace {

const std::uint64_t* count_of(const DivideList& list, Move move) {
  for (const auto& [m, count] : list)
    if (m == move) return &count;
  return nullptr;
}

// A move one divide lists and the other does not, if any.
std::optional<Move> listed_by_one(const DivideList& a, const DivideList& b) {
  for (const auto& [move, count] : a)
    if (!count_of(b, move)) return move;
  for (const auto& [move, count] : b)
    if (!count_of(a, move)) return move;
  return std::nullopt;
}

std::optional<Move> first_count_differing(const DivideList& model, const DivideList& engine) {
  for (const auto& [move, count] : model)
    if (*count_of(engine, move) != count) return move;
  return std::nullopt;
}

std::string parting_text(const PerftParting& p, const Rules& rules) {
  std::string moves;
  for (Move m : p.moves) {
    if (!moves.empty()) moves += ' ';
    moves += move_text(m, rules.holes_per_row);
  }
  return fmt::format("after moves [{}] at {}: move {} is listed by the {} only", moves,
                     protocol::format_position(p.position), move_text(p.move, rules.holes_per_row),
                     p.model_lists ? "model" : "engine");
}

}  // namespace

std::optional<PerftParting> walk_perft(const RemoteGame& engine, const Rules& rules, const Position& start, int depth) {
  model::Game model(rules, start);
  RemoteGame remote = engine;
  PerftParting parting;
  for (int d = depth; d >= 1; --d) {
    const DivideList by_model = perft_divide(model, d), by_engine = engine_divide(remote, d);
    if (const std::optional<Move> move = listed_by_one(by_model, by_engine)) {
      parting.position = model.position();
      parting.move = *move;
      parting.model_lists = count_of(by_model, *move) != nullptr;
      parting.engine_lists = !parting.model_lists;
      parting.text = parting_text(parting, rules);
      return parting;
    }
    const std::optional<Move> down = first_count_differing(by_model, by_engine);
    if (!down) return std::nullopt;
    model.play(*down);
    remote.play(*down);
    parting.moves.push_back(*down);
  }
  return std::nullopt;
}

}  // namespace hoyito
