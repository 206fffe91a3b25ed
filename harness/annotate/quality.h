// The move-quality line of an annotated ply, as lichess's analysis advice does it: the value of
// every legal move in captured seeds, searched to a stated depth (harness/games/search.h), marked "?"
// or "??" when it loses at least 4 or 8 seeds against the best; the moves a player may not make
// because their sowing never ends (SOW-6, endless_sowing = illegal) listed with the lap at which
// the sowing repeats. With endgame tables (`annotate --tables DIR`), where a table covers the
// position, the line is exact instead: each move's value with best play to the end
// (harness/games/table_play.h, specs/endgame-tables.md), the played move marked by how much it
// falls short of the best.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "harness/annotate/account.h"
#include "harness/games/endgame_table.h"

namespace hoyito {

struct MoveQuality {
  int hole = 0;          // a non-empty hole of the mover (SOW-1): a pass gets no line
  int value = 0;         // captured-seed difference for the mover, `depth` plies on; exact lines: the table's lo
  int hi = 0;            // exact lines: the table's hi (value < hi: the result depends on the history, END-3)
  std::string mark;      // "", "?" or "??"
  bool endless = false;  // not legal: the sowing repeats a lap-end state
  bool voids = false;    // legal under endless_sowing = void: the sowing repeats and the game is void (SOW-6)
  long repeat_lap = 0;   // the lap whose lap-end state was the first to repeat one
  std::string verdict;   // exact lines: the move's result with the captures so far ("win", ...)
};

struct QualityLine {
  int depth = 0;
  bool exact = false;              // from the endgame tables, not a search of `depth` plies
  int best = 0;                    // the best value (exact lines: the best lo, the value kept)
  std::vector<MoveQuality> moves;  // every non-empty hole of the mover (legal or endless), in order
  // Not empty when the search met a move past the lap guard (Q-LIMIT, UndecidedMove): its
  // message (the move and the laps tried); the line then has no moves, and says so.
  std::string undecided;
};

inline constexpr int kDubiousLoss = 4, kBlunderLoss = 8;  // seeds lost against the best: "?" and "??"
// Exact lines (issue 25, lichess's tablebase marks): "?" loses 1-3 seeds against best play, "??" 4
// or more. A search's value is a guess of the depth, so it marks only large gaps; a table's is not.
inline constexpr int kExactDubiousLoss = 1, kExactBlunderLoss = 4;
// The mark of a move `loss` seeds short of the best: "", "?" or "??", by the thresholds above.
std::string quality_mark(int loss, bool exact);
// An exact line's mark (specs/endgame-tables.md, "Results"): "??" when the move gives up the
// position's result (a win for anything else, or a result that was not a loss for a loss), "?"
// when it keeps the result but loses seeds for certain (its hi below the best lo), else "".
// `position` is the position's value (the best lo and hi of its moves), `lead` the mover's
// captures minus the opponent's so far.
std::string exact_mark(const TableValue& position, const TableValue& move, int lead);

class TableSet;
// One line per ply of `record` (index k: the ply k+1), each with no moves when the ply is a pass,
// the game was over or the ply lies outside plies first..last (from 1). The engine replays the
// record, so extra moves and repetitions count. With `tables`, a ply whose position a table covers
// gets an exact line (a `depth` of 0 then leaves out only the other plies' lines).
std::vector<QualityLine> quality_lines(const GameRecord& record, int depth, int first, int last,
                                       const TableSet* tables = nullptr);

// The same lines one ply at a time, for a page written as it is made: memory does not grow with
// the record (a line of a 34,000-ply record is made, written and dropped).
class QualityWalk {
 public:
  QualityWalk(const GameRecord& record, int depth, int first, int last, const TableSet* tables = nullptr);
  ~QualityWalk();
  QualityWalk(const QualityWalk&) = delete;
  QualityWalk& operator=(const QualityWalk&) = delete;
  QualityLine next();  // the line of the next ply (the first call: ply 1); then that ply is played

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// "Move quality, each legal move's captured-seed difference ... after 4 plies of search ...: c +8
// (best, played), a +4 ?, b -2 ??; e endless, not legal: repeats at lap 37". A move that voids
// the game (SOW-6, endless_sowing = void) says so beside its value. An exact line says so in its
// heading, gives [lo, hi] where the tables' value is an interval, and "played, loses N" beside a
// played move short of the best.
std::string quality_text(const QualityLine& line, Move played, int holes_per_row, Lang lang);

}  // namespace hoyito
