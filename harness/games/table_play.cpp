#include "harness/games/table_play.h"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

namespace hoyito {

std::vector<std::string> table_files(const std::string& where) {
  namespace fs = std::filesystem;
  std::error_code error;
  if (!fs::is_directory(where, error)) return {where};
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(where, error))
    if (entry.path().extension() == ".tbl") files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  if (files.empty()) throw InputError(fmt::format("{}: no endgame table file (*.tbl) in the folder", where));
  return files;
}

std::string table_value_text(const TableValue& value) {
  return value.exact() ? fmt::format("{:+}", value.lo) : fmt::format("[{:+}, {:+}]", value.lo, value.hi);
}

namespace {
int seeds_on(const Position& position) {
  int seeds = 0;
  for (int c : position.board) seeds += c;
  return seeds;
}

// The mover's captures minus the opponent's in `game` (END-2's difference so far).
int captured_lead(const engine::Game& game, Player mover) {
  const auto captured = game.result().captured;
  return captured[index(mover)] - captured[index(mover == Player::south ? Player::north : Player::south)];
}
}  // namespace

TableSet::TableSet(const std::string& where) : where_(where) {
  for (const std::string& path : table_files(where)) tables_.push_back(std::make_unique<EndgameTable>(path));
}

const EndgameTable* TableSet::find(const Position& position, const Rules& rules) const {
  const EndgameTable* best = nullptr;
  for (const auto& table : tables_)
    if (table->covers(position, rules) && (best == nullptr || table->header().max_seeds > best->header().max_seeds))
      best = table.get();
  return seeds_on(position) == 0 ? nullptr : best;  // an empty board: the game is over, no ply to value
}

std::vector<TableMoveValue> table_move_values(const engine::Game& game, const TableSet& tables) {
  std::vector<TableMoveValue> values;
  if (game.status() != Status::playing) return values;
  const EndgameTable* table = tables.find(game.position(), game.rules());
  if (table == nullptr) return values;
  const Player mover = game.to_move();
  const int before = captured_lead(game, mover);
  for (int ply : game.legal_plies()) {
    engine::Game child = game;
    child.play_fast(ply);
    const int gained = captured_lead(child, mover) - before;  // this ply's captures, END-1's award included
    TableValue v{gained, gained};
    if (child.status() == Status::playing) {  // a capture leaves the layer: the child is in the table too
      const TableValue next = table->value(child.position(), child.rules());
      v = child.to_move() == mover ? TableValue{gained + next.lo, gained + next.hi}
                                   : TableValue{gained - next.hi, gained - next.lo};
    }
    values.push_back({ply, v});
  }
  return values;
}

int choose_table_best(const engine::Game& game, const std::vector<TableMoveValue>& values, SplitMix64& rng) {
  const auto rank = [&](const TableMoveValue& m) {
    // Capturing is told by the seeds on the board after the ply: fewer than before.
    engine::Game child = game;
    child.play_fast(m.hole);
    const bool captures = m.hole != kPass && seeds_on(child.position()) < seeds_on(game.position());
    return std::array<int, 3>{m.value.lo, m.value.hi, captures ? 1 : 0};
  };
  std::vector<std::array<int, 3>> ranks;
  for (const TableMoveValue& m : values) ranks.push_back(rank(m));
  const std::array<int, 3> top = *std::max_element(ranks.begin(), ranks.end());
  std::vector<int> best;
  for (std::size_t i = 0; i < values.size(); ++i)
    if (ranks[i] == top) best.push_back(values[i].hole);
  return best[static_cast<std::size_t>(rng.below(best.size()))];
}

}  // namespace hoyito
