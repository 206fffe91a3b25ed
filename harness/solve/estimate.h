// What a solve will cost, said before it starts (issue 34, item 4): positions, the table file,
// peak memory and time, and whether the machine holds it. A K = 20 run found a full disk only
// after 7 minutes; K up to 48 is offered, so a run past the machine's memory is refused before
// any work unless --force.
#pragma once

#include <cstdint>
#include <string>

#include "core/rules.h"
#include "harness/games/endgame_table.h"

namespace hoyito::solve {

struct SolveEstimate {
  int max_seeds = 0;
  LayerSet set = LayerSet::reachable;
  int layers = 0;                 // the layers solved (LayerSet: only those a game reaches, by default)
  std::uint64_t positions = 0;    // the entries of the layers solved (both tables of a case)
  std::uint64_t table_bytes = 0;  // the table file: two signed bytes an entry (lo, hi)
  std::uint64_t peak_bytes = 0;   // the lower layers' values, plus the top layer's moves while solved
  double seconds = 0;             // an order of magnitude: see kSecondsPerPositionThread
};

// The estimate of `hoyito solve` for these rules up to max_seeds seeds on `threads` threads,
// counting only the layers of `set`. The rules must pass check_solvable.
SolveEstimate estimate_solve(const Rules& rules, int max_seeds, int threads, LayerSet set);

// One line: "solve: K = 20, 6 layers (those a game reaches): 1234 positions, table 2.5 MB, peak
// memory about 300 MB, about 20 s on 2 threads (an estimate)".
std::string estimate_line(const SolveEstimate& estimate, int threads);

// Refuses (InputError, one line naming the figure and the machine's) a solve whose peak memory is
// over the machine's physical memory (or the address space `ulimit -v` leaves it), or whose table
// is larger than the free space of `out_dir`; `force` takes the run anyway.
void check_machine_holds(const SolveEstimate& estimate, const std::string& out_dir, bool force);

}  // namespace hoyito::solve
