#include "harness/games/perft_walk.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>

#include <fmt/format.h>
#include <fmt/ranges.h>

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

// What one side reaches by a ply: its state, or its refusal of the ply.
struct Outcome {
  std::string refusal;  // "" : played
  Position position;
  Result result;
};

template <GameImplementation G>
Outcome outcome_of(const G& game, Move move) {
  G next = game;
  try {
    next.play(move);
  } catch (const InputError& e) {  // a refusal (illegal, endless, undecided...): EngineFailure is no InputError
    return Outcome{e.what(), {}, {}};
  }
  return Outcome{"", next.position(), next.result()};
}

std::string outcome_text(const Outcome& o) {
  if (!o.refusal.empty()) return "refuses it: " + o.refusal;
  return fmt::format("{} status={} winner={}", protocol::format_position(o.position), status_name(o.result.status),
                     winner_name(o.result.winner));
}

int seeds_of(const Position& p) {
  return std::accumulate(p.board.begin(), p.board.end(), 0) + p.captured[0] + p.captured[1];
}

// The fields of the two states that differ, the holes named with both counts; the seeds the
// engine loses or makes first (board + captures must stay what the model's are).
std::string differing_fields(const Outcome& model, const Outcome& engine, int holes_per_row) {
  if (!model.refusal.empty() || !engine.refusal.empty())
    return model.refusal.empty()    ? "only the model plays it"
           : engine.refusal.empty() ? "only the engine plays it"
                                    : "both refuse it, differently";
  std::vector<std::string> fields;
  if (const int lost = seeds_of(model.position) - seeds_of(engine.position); lost != 0)
    fields.push_back(
        fmt::format("seeds not conserved by the engine ({} {})", std::abs(lost), lost > 0 ? "missing" : "too many"));
  std::vector<std::string> holes;
  for (std::size_t i = 0; i < model.position.board.size() && i < engine.position.board.size(); ++i)
    if (model.position.board[i] != engine.position.board[i])
      holes.push_back(fmt::format("{} {}/{}", hole_name(static_cast<int>(i), holes_per_row), model.position.board[i],
                                  engine.position.board[i]));
  constexpr std::size_t kShownHoles = 6;  // a whole row; the two state lines below show every hole
  if (const std::size_t all = holes.size(); all > kShownHoles)
    holes.resize(kShownHoles), holes.back() = fmt::format("... ({} holes in all)", all);
  if (!holes.empty()) fields.push_back(fmt::format("board (model/engine: {})", fmt::join(holes, ", ")));
  if (model.position.captured != engine.position.captured) fields.emplace_back("captured");
  if (model.position.to_move != engine.position.to_move) fields.emplace_back("to_move");
  if (model.result.status != engine.result.status) fields.emplace_back("status");
  if (model.result.winner != engine.result.winner) fields.emplace_back("winner");
  return "the states after it differ in " + fmt::format("{}", fmt::join(fields, ", "));
}

std::string where_text(const std::vector<Move>& moves, const Position& position, int holes_per_row) {
  return fmt::format("after moves [{}] at {}", moves_text(moves, holes_per_row), protocol::format_position(position));
}

std::string list_text(const std::vector<Move>& moves, int holes_per_row) {
  return moves.empty() ? std::string("(none)") : moves_text(moves, holes_per_row);
}

// "move X is listed by the model only", "moves X, Y are ...; move Z is listed by the engine only".
std::string only_in(const std::vector<Move>& a, const std::vector<Move>& b, const char* side, int holes_per_row) {
  std::vector<std::string> only;
  for (Move m : a)
    if (std::find(b.begin(), b.end(), m) == b.end()) only.push_back(move_text(m, holes_per_row));
  if (only.empty()) return "";
  return fmt::format("{} {} {} listed by the {} only", only.size() == 1 ? "move" : "moves", fmt::join(only, ", "),
                     only.size() == 1 ? "is" : "are", side);
}

// The legal lists of the position, when they differ.
std::optional<std::string> legal_parting(const model::Game& model, const RemoteGame& engine, int holes_per_row) {
  const std::vector<Move> by_model = model.legal_moves(), by_engine = engine.legal_moves();
  if (by_model == by_engine) return std::nullopt;
  std::string what = only_in(by_model, by_engine, "model", holes_per_row);
  const std::string by_engine_only = only_in(by_engine, by_model, "engine", holes_per_row);
  if (!what.empty() && !by_engine_only.empty()) what += "; ";
  what += by_engine_only.empty() && what.empty() ? "the same moves in another order" : by_engine_only;
  return fmt::format("the legal moves differ: {}\n  model:  {}\n  engine: {}", what, list_text(by_model, holes_per_row),
                     list_text(by_engine, holes_per_row));
}

// The first legal ply of the position after which the two states differ, with its text.
std::optional<std::pair<Move, std::string>> ply_parting(const model::Game& model, const RemoteGame& engine,
                                                        int holes_per_row) {
  for (Move move : model.legal_moves()) {
    const Outcome by_model = outcome_of(model, move), by_engine = outcome_of(engine, move);
    if (by_model.refusal.empty() && by_engine.refusal.empty() && by_model.position == by_engine.position &&
        by_model.result.status == by_engine.result.status && by_model.result.winner == by_engine.result.winner)
      continue;
    return std::pair{move, fmt::format("move {}: {}\n  model:  {}\n  engine: {}", move_text(move, holes_per_row),
                                       differing_fields(by_model, by_engine, holes_per_row), outcome_text(by_model),
                                       outcome_text(by_engine))};
  }
  return std::nullopt;
}

const std::uint64_t* count_of(const DivideList& list, Move move) {
  for (const auto& [m, count] : list)
    if (m == move) return &count;
  return nullptr;
}

std::vector<Move> plies_of(const DivideList& list) {
  std::vector<Move> plies;
  for (const auto& entry : list) plies.push_back(entry.first);
  return plies;
}

// The first ply both divides list with different counts below it.
std::optional<Move> first_count_differing(const DivideList& model, const DivideList& engine) {
  for (const auto& [move, count] : model)
    if (const std::uint64_t* theirs = count_of(engine, move); theirs && *theirs != count) return move;
  return std::nullopt;
}

}  // namespace

std::optional<PerftParting> walk_perft(const RemoteGame& engine, const Rules& rules, const Position& start, int depth) {
  model::Game model(rules, start);
  RemoteGame remote = engine;
  const int n = rules.holes_per_row;
  PerftParting parting;
  for (int d = depth; d >= 1; --d) {
    parting.position = model.position();
    const std::string where = where_text(parting.moves, parting.position, n);
    if (const std::optional<std::string> lists = legal_parting(model, remote, n)) {
      parting.text = where + ": " + *lists;
      return parting;
    }
    if (const auto ply = ply_parting(model, remote, n)) {
      parting.move = ply->first;
      parting.text = where + ": " + ply->second;
      return parting;
    }
    const DivideList by_model = perft_divide(model, d), by_engine = engine_divide(remote, d);
    if (plies_of(by_model) != plies_of(by_engine)) {  // its own divide does not follow its `legal`
      parting.text = fmt::format("{}: the engine's divide lists [{}], its legal and the model's [{}]", where,
                                 moves_text(plies_of(by_engine), n), moves_text(plies_of(by_model), n));
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
