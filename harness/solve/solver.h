// `hoyito solve`: endgame tables by retrograde analysis (specs/endgame-tables.md).
//
// Layer by layer in seed count n = 0..K (a capture only lowers n, so the lower layers are final
// when layer n is solved). Within a layer the moves are built once (the engine's sowing, SOW-*,
// CAP-*, END-1 and its award; quiet moves and passes as links to entries of the same layer,
// captures as values read from the lower layers), then the interval values [lo, hi] are found
// as the nested fixed point of the spec (lo: the liminf game, hi: the limsup game), by sweeps over
// the layer on `threads` threads until nothing changes.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/rules.h"
#include "harness/games/table_moves.h"

namespace hoyito::solve {

struct SolveOptions {
  Rules rules;
  int max_seeds = 8;
  int threads = 2;
  std::string out_dir = ".";
  // Every layer 0..K (--all-layers, for made-up positions), or by default only those a game from
  // the start reaches (LayerSet, specs/endgame-tables.md "Only reachable layers").
  bool all_layers = false;
  LayerSet layer_set() const { return all_layers ? LayerSet::all : LayerSet::reachable; }
};

// What one layer took and gave (printed as progress, and the results table of docs/solve.md).
struct LayerReport {
  int seeds = 0;
  std::uint64_t positions = 0;
  std::uint64_t bytes = 0;  // memory of the layer's moves and values while it was solved
  double seconds = 0;
  int sweeps = 0;                              // sweeps over the layer, all rounds
  int rounds = 0;                              // rounds of the outer (least) fixed point
  std::uint64_t exact = 0;                     // lo == hi
  std::uint64_t won = 0, drawn = 0, lost = 0;  // lo > 0; lo == hi == 0; hi < 0 (side to move)
  std::uint64_t decided = 0;                   // solve --verify: exact and decided by captures
};
using LayerDone = std::function<void(const LayerReport&)>;

// Throws InputError for rules `solve` does not take (specs/endgame-tables.md: Hoyito I, G6 void,
// G14 round_ends, K out of 1..min(48, the seed total), a top layer of `set` with 2^32 moves or more).
void check_solvable(const Rules& rules, int max_seeds, LayerSet set = LayerSet::all);

// Solves the layers of options.layer_set() up to K in order, calls `done` after each, and writes the table file into
// out_dir (under a temporary name, renamed when whole). Returns the file's path. An interrupt (harness/base/
// interrupt.h) throws Interrupted between sweeps; no table file is left.
std::string solve_tables(const SolveOptions& options, const LayerDone& done);
// Makes out_dir if missing and tries a file `name` there (made and removed): an --out that is a
// file or read-only is one line before any work. Returns the path.
std::string check_output(const std::string& out_dir, const std::string& name);
// check_output for the table file solve_tables(options) writes (its name: the rules, G7
// third_repetition, K). Returns its path.
std::string check_table_output(const SolveOptions& options);

// Sharding a layer (docs/solve.md, "Sharding a layer"), for a cluster's job array: the moves of
// block `block` of `blocks` of layer `seeds` (its entries cut into equal runs), read against the
// lower layers of the table of K = seeds - 1 in out_dir (all layers), or of K = seeds - 4
// (reachable layers: the layers below of the same residue), none when no layer but 0 lies below;
// written to a part file in out_dir; returns its path. A layer the set does not hold is refused. merge_layer() reads
// every part of the layer, solves it (the fixed point needs the whole layer) and writes the table of K = seeds beside
// it, the same bytes as solve_tables() with max_seeds = seeds. Both throw InputError naming a missing table or part.
std::string solve_block(const SolveOptions& options, int seeds, int block, int blocks);
std::string merge_layer(const SolveOptions& options, int seeds, const LayerDone& done);

// Decided by captures (specs/endgame-tables.md): layer by layer from 1, the least solution of the
// plain move equations, capture exits read from the lower layers' own bounds, where a play that
// never ends the game pays the worst a side can get: lo is what the mover forces when an endless
// game counts as losing every seed on the board, hi what the opponent holds it to when an endless
// game counts so for the opponent. An entry whose two bounds are equal has that value whatever an
// endless game is worth, so under every reading of G7: decided by captures.
class EndBounds : public LowerValue {
 public:
  EndBounds(const Rules& rules, int max_seeds, LayerSet set);
  // Adds every layer of the set above those added, up to `seeds` seeds.
  void add_layers_to(int seeds, int threads);
  int layers() const { return static_cast<int>(values_.size()); }  // one more than the top seed count added
  // The bounds [lo, hi] of an entry of a layer added.
  TableValue operator()(int seeds, std::uint64_t entry) const override;
  bool decided(int seeds, std::uint64_t entry) const { return (*this)(seeds, entry).exact(); }

 private:
  void add_layer(int seeds, int threads);
  Rules rules_;
  MoveMaker maker_;
  LayerSet set_;
  std::vector<std::vector<std::int8_t>> values_;  // by seed count; empty for a layer the set does not hold
};

// Whether `position` (which `table` covers) is decided by captures: builds EndBounds up to its
// seed count, so it takes as long as those layers' finite-play bounds.
bool decided_by_captures(const EndgameTable& table, const Position& position, const Rules& rules, int threads);

struct VerifyReport {
  std::string path;
  bool checksum_ok = false;
  std::uint64_t positions = 0;
  std::uint64_t inconsistent = 0;
  // Entries with lo < hi: their value holds only under G7 third_repetition and depends on the
  // history (specs/endgame-tables.md); exact entries may too, where best play never ends.
  std::uint64_t intervals = 0;
  std::uint64_t decided = 0;  // exact entries each side forces by captures (EndBounds)
  // Entries whose values differ from the attractors' derivation of their layer (the END-3 fixed
  // point derived again, harness/solve/attractors.h), and entries whose hi is found wrong (by the
  // equations or the attractors): a check of lo alone would leave it at 0.
  std::uint64_t rederived_wrong = 0, hi_wrong = 0;
  std::string first_bad;  // the first inconsistent entry, described
  bool ok() const { return checksum_ok && inconsistent == 0 && rederived_wrong == 0; }
};
// Re-checks a table file: its checksum, for every entry lo <= hi, lo = the best lo-value over its
// moves and hi = the best hi-value (the fixed-point equations of the spec), and each layer's
// values against a second derivation by attractors. Throws
// InputError when the file is not a table. `done` gets each layer's positions, time and exact
// entries (lo == hi).
// `rederive_layers`: also each layer's values derived again by attractors (rederive_layer).
VerifyReport verify_table(const std::string& path, int threads, const LayerDone& done, bool rederive_layers = true);

}  // namespace hoyito::solve
