// Endgame tables in play (specs/endgame-tables.md): the tables of a folder, the exact value of
// every legal ply of an engine game read from them, and the table-best ply of the `perfect`
// player. For `annotate --tables DIR` and `simulate --players perfect:DIR`.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
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

// The result a table value gives the side to move (specs/endgame-tables.md, "Results"), with
// `lead` its captures minus the opponent's so far (END-2): win when lead + lo > 0, loss when
// lead + hi < 0, draw when lead + lo = lead + hi = 0, and otherwise (the interval reaches both
// sides of a result) it depends on the repetition history (END-3).
enum class Verdict { win, draw, loss, depends };
Verdict verdict_of(const TableValue& value, int lead);
const char* verdict_name(Verdict verdict);  // "win", "draw", "loss", "depends on the repetition history"
// The captures of the side to move minus the opponent's in `game` (END-2's difference so far).
int mover_lead(const engine::Game& game);

// Every table file (*.tbl) of a folder, or one file, mapped into memory.
class TableSet {
 public:
  // Throws InputError (one line naming the path) when there is no table or a file is not one.
  explicit TableSet(const std::string& where);
  const std::string& where() const { return where_; }
  int max_seeds() const;  // the largest K of its tables
  // Throws InputError, one line naming a table of the set and both rules, when no table of the set
  // was solved for `rules` (same_table_rules): a table of other rules is refused, not passed over.
  void require_rules(const Rules& rules) const;
  // Each table's file name and checksum ("hoyito-hoyito2-2x6-capturer-k8.tbl 0123456789abcdef"):
  // what a result records as the tables it used.
  std::vector<std::string> identities() const;
  // The table of largest K that covers `position` under `rules` and holds its layer, or nullptr
  // (more seeds than any table's K, or rules no table of the folder was solved for). Throws
  // InputError (require_layer: the file and the seed count) when tables cover it but none holds
  // its layer: a made-up position whose seed count no game from the start reaches.
  const EndgameTable* find(const Position& position, const Rules& rules) const;
  // The conversion rank of an entry of `table` (one of this set's): how many of its own moves the
  // side to move needs, at most, to leave the layer by a capture worth lo or more against any
  // defence, keeping the value all along; kNoRank when it cannot (its lo rests on END-3's share,
  // or it is beyond 254). Each layer's ranks are made on first use (every position's moves, then
  // sweeps to the fixed point), once for all threads.
  int conversion_rank(const EndgameTable& table, int seeds, std::uint64_t entry) const;
  static constexpr int kNoRank = 255;

 private:
  std::string where_;
  std::vector<std::unique_ptr<EndgameTable>> tables_;
  mutable std::mutex ranks_mutex_;
  mutable std::map<std::pair<const EndgameTable*, int>, std::vector<std::uint8_t>> ranks_;
};

// A legal ply's value from the tables: the mover's captures from here on minus the opponent's
// with best play after it, an interval as the tables' (exact when lo == hi).
struct TableMoveValue {
  Move move;
  TableValue value;
};

// The value of every legal ply of `game` (ascending holes, or the single pass), or nothing when
// the game is over or no table of `tables` covers its position. The captures of the ply itself
// (END-1's award included) are added to the table's value of the position after it, seen from
// the mover (an extra move, CAP-II-3/CAP-III-3, keeps the mover; otherwise the sign turns).
std::vector<TableMoveValue> table_move_values(const engine::Game& game, const TableSet& tables);

// The `perfect` player's ply: among the plies that keep the value (the highest lo, the spec's
// "keep the value"), those of the lowest conversion rank (a capture: 0; a quiet move: one more
// than the worst rank the opponent's replies leave), then of the highest hi, drawn uniformly
// among what is left. Keeping the value alone is not enough: two positions worth +5 can hand the
// move to each other for ever, and END-3 then pays what lies on each side. `values` is
// table_move_values() of the game; `tables` the set they were read from.
Move choose_table_best(const engine::Game& game, const std::vector<TableMoveValue>& values, const TableSet& tables,
                       SplitMix64& rng);

}  // namespace hoyito
