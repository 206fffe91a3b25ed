// Endgame tables in play (specs/endgame-tables.md): the tables of a folder, the exact value of
// every legal ply of an engine game read from them, and the table-best ply of the `perfect`
// player. For `annotate --tables DIR` and `simulate --players perfect:DIR`.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "harness/base/random.h"
#include "harness/games/endgame_table.h"

namespace hoyito {

// The table files of `where`: the file itself, or every *.tbl of the folder (sorted); throws
// InputError naming the folder when it holds none.
std::vector<std::string> table_files(const std::string& where);

// "+3", or "[-1, +1]" for an interval (lo < hi: the value holds only under G7 third_repetition
// and depends on the positions already seen, END-3).
std::string table_value_text(const TableValue& value);

// Every table file (*.tbl) of a folder, or one file, mapped into memory.
class TableSet {
 public:
  // Throws InputError (one line naming the path) when there is no table or a file is not one.
  explicit TableSet(const std::string& where);
  const std::string& where() const { return where_; }
  // The table of largest K that covers `position` under `rules`, or nullptr (more seeds than any
  // table's K, or rules no table of the folder was solved for).
  const EndgameTable* find(const Position& position, const Rules& rules) const;

 private:
  std::string where_;
  std::vector<std::unique_ptr<EndgameTable>> tables_;
};

// A legal ply's value from the tables: the mover's captures from here on minus the opponent's
// with best play after it, an interval as the tables' (exact when lo == hi).
struct TableMoveValue {
  int hole = kPass;
  TableValue value;
};

// The value of every legal ply of `game` (ascending holes, or the single pass), or nothing when
// the game is over or no table of `tables` covers its position. The captures of the ply itself
// (END-1's award included) are added to the table's value of the position after it, seen from
// the mover (an extra move, CAP-II-3/CAP-III-3, keeps the mover; otherwise the sign turns).
std::vector<TableMoveValue> table_move_values(const engine::Game& game, const TableSet& tables);

// The `perfect` player's ply: among the plies that keep the value (the highest lo, the spec's
// "keep the value"), those of the highest hi, then those that capture (progress: they leave the
// layer), drawn uniformly among what is left. `values` is table_move_values() of the game.
int choose_table_best(const engine::Game& game, const std::vector<TableMoveValue>& values, SplitMix64& rng);

}  // namespace hoyito
