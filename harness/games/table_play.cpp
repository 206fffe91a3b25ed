#include "harness/games/table_play.h"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "harness/games/table_moves.h"

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

Verdict verdict_of(const TableValue& value, int lead) {
  if (lead + value.lo > 0) return Verdict::win;
  if (lead + value.hi < 0) return Verdict::loss;
  return lead + value.lo == 0 && lead + value.hi == 0 ? Verdict::draw : Verdict::depends;
}

const char* verdict_name(Verdict verdict) {
  switch (verdict) {
    case Verdict::win:
      return "win";
    case Verdict::draw:
      return "draw";
    case Verdict::loss:
      return "loss";
    case Verdict::depends:
      return "depends on the repetition history";
  }
  return "?";
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

int mover_lead(const engine::Game& game) { return captured_lead(game, game.to_move()); }

TableSet::TableSet(const std::string& where) : where_(where) {
  for (const std::string& path : table_files(where)) tables_.push_back(std::make_unique<EndgameTable>(path));
}

int TableSet::max_seeds() const {
  int k = 0;
  for (const auto& table : tables_) k = std::max(k, table->header().max_seeds);
  return k;
}

void TableSet::require_rules(const Rules& rules) const {
  for (const auto& table : tables_)
    if (same_table_rules(table->header().rules, rules)) return;
  throw InputError(fmt::format(
      "{}: a table of {}, not of the game's rules ({}){}", tables_.front()->path(),
      table_rules_text(tables_.front()->header().rules), table_rules_text(rules),
      tables_.size() > 1 ? fmt::format("; nor are the other {} tables of {}", tables_.size() - 1, where_) : ""));
}

std::vector<std::string> TableSet::identities() const {
  std::vector<std::string> out;
  for (const auto& table : tables_)
    out.push_back(
        fmt::format("{} {:016x}", std::filesystem::path(table->path()).filename().string(), table->header().checksum));
  return out;
}

const EndgameTable* TableSet::find(const Position& position, const Rules& rules) const {
  const int seeds = seeds_on(position);
  if (seeds == 0) return nullptr;  // an empty board: the game is over, no ply to value
  // The largest K among the tables that hold the position's layer, else among those that cover it.
  const auto rank = [&](const EndgameTable& t) { return std::pair(t.holds(seeds), t.header().max_seeds); };
  const EndgameTable* best = nullptr;
  for (const auto& table : tables_)
    if (table->covers(position, rules) && (best == nullptr || rank(*table) > rank(*best))) best = table.get();
  if (best != nullptr) best->require_layer(seeds);  // a layer no game reaches (made-up): one line, no garbage
  return best;
}

std::vector<TableMoveValue> table_move_values(const engine::Game& game, const TableSet& tables) {
  std::vector<TableMoveValue> values;
  if (game.status() != Status::playing) return values;
  const EndgameTable* table = tables.find(game.position(), game.rules());
  if (table == nullptr) return values;
  const Player mover = game.to_move();
  const int before = captured_lead(game, mover);
  for (Move ply : game.legal_moves()) {
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

namespace {
// The rank of entry `e` from the ranks so far: 0 with a capture exit worth lo(e) or more; else one
// more than the best, over the moves that keep lo(e), of the worst rank the opponent can reach
// (its own capture exits end the layer: 0).
int rank_of(const EndgameTable& table, int seeds, const std::vector<solve::PositionMoves>& moves,
            const std::vector<std::uint8_t>& rank, std::uint64_t e) {
  const int lo = table.entry(seeds, e).lo;
  const solve::PositionMoves& m = moves[e];
  if (m.cap_lo != solve::kNone && m.cap_lo >= lo) return 0;
  int best = TableSet::kNoRank;
  for (int i = 0; i < m.links; ++i) {
    const std::uint32_t q = m.link[static_cast<std::size_t>(i)];
    if (-table.entry(seeds, q).hi < lo) continue;  // does not keep the value
    int worst = 0;
    for (int k = 0; k < moves[q].links; ++k)
      worst = std::max<int>(worst, rank[moves[q].link[static_cast<std::size_t>(k)]]);
    best = std::min(best, worst + 1);
  }
  return std::min(best, TableSet::kNoRank);
}

std::vector<std::uint8_t> layer_ranks(const EndgameTable& table, int seeds) {
  const solve::MoveMaker maker(table.header().rules, table.header().max_seeds);
  const solve::TableLowerValue lower(table);
  const std::uint64_t size = maker.layer_size(seeds);
  std::vector<solve::PositionMoves> moves(size);
  for (std::uint64_t e = 0; e < size; ++e) maker.moves_of(seeds, e, lower, moves[e]);
  std::vector<std::uint8_t> rank(size, TableSet::kNoRank);
  for (bool changed = true; changed;) {  // ranks only fall, from kNoRank: a fixed point in at most 255 sweeps
    changed = false;
    for (std::uint64_t e = 0; e < size; ++e) {
      const auto r = static_cast<std::uint8_t>(rank_of(table, seeds, moves, rank, e));
      changed = changed || r != rank[e];
      rank[e] = r;
    }
  }
  return rank;
}
}  // namespace

int TableSet::conversion_rank(const EndgameTable& table, int seeds, std::uint64_t entry) const {
  const std::lock_guard lock(ranks_mutex_);
  auto [at, made] = ranks_.try_emplace({&table, seeds});
  if (made) at->second = layer_ranks(table, seeds);
  return at->second[entry];
}

namespace {
// How many moves of its own the mover needs after `ply` to leave the layer keeping the value.
int rank_after(const engine::Game& game, Move ply, const EndgameTable& table, const TableSet& tables) {
  engine::Game child = game;
  child.play_fast(ply);
  const int seeds = seeds_on(game.position());
  if (child.status() != Status::playing || seeds_on(child.position()) < seeds) return 0;  // a capture
  int worst = 0;  // the opponent to move: its captures leave the layer too
  for (Move reply : child.legal_moves()) {
    engine::Game next = child;
    next.play_fast(reply);
    if (next.status() != Status::playing || seeds_on(next.position()) < seeds) continue;
    const TableKey key = table.key(next.position(), next.rules());
    worst = std::max(worst, tables.conversion_rank(table, key.seeds, key.entry));
  }
  return std::min(worst + 1, TableSet::kNoRank);
}
}  // namespace

Move choose_table_best(const engine::Game& game, const std::vector<TableMoveValue>& values, const TableSet& tables,
                       SplitMix64& rng) {
  const EndgameTable& table = *tables.find(game.position(), game.rules());
  const int keep = std::max_element(values.begin(), values.end(), [](auto& a, auto& b) {
                     return a.value.lo < b.value.lo;
                   })->value.lo;
  // Ordered by (lowest rank, highest hi) among the plies that keep the value.
  std::vector<std::pair<int, int>> order(values.size(), {TableSet::kNoRank + 1, 0});
  for (std::size_t i = 0; i < values.size(); ++i)
    if (values[i].value.lo == keep) order[i] = {rank_after(game, values[i].move, table, tables), -values[i].value.hi};
  const std::pair<int, int> top = *std::min_element(order.begin(), order.end());
  std::vector<Move> best;
  for (std::size_t i = 0; i < values.size(); ++i)
    if (order[i] == top) best.push_back(values[i].move);
  return best[static_cast<std::size_t>(rng.below(best.size()))];
}

}  // namespace hoyito
