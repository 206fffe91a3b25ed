// The layer solver shared by the files of harness/solve/: a layer's moves, the fixed points
// over them (specs/endgame-tables.md, "Computing it") and the table file they are written to.
// Used by solver.cpp (whole tables), layer_blocks.cpp (--block, --merge-layer) and end_bounds.cpp.
#pragma once

#include <cassert>
#include <cstdint>
#include <string>
#include <vector>

#include "harness/solve/solver.h"

namespace hoyito::solve {

constexpr int kTop = 127, kBottom = -127;  // +/- infinity of the fixed points (values lie in -48..48)

// The values of the layers solved so far: lo then hi, a signed byte each, per entry.
struct SolvedLayers : LowerValue {
  std::vector<std::vector<std::int8_t>> values;
  TableValue operator()(int seeds, std::uint64_t entry) const override {
    assert(seeds >= 0 && static_cast<std::size_t>(seeds) < values.size());  // only layers below the one built
    const std::vector<std::int8_t>& v = values[static_cast<std::size_t>(seeds)];
    // Solved: a capture exit reads a layer of the same residue (captures take fours: CAP-II-1,
    // CAP-II-2, CAP-III-1), which a table of the reachable layers holds too.
    assert(!v.empty());
    assert(2 * entry + 1 < v.size());  // the move maker indexes within the layer (PositionIndex)
    return {v[2 * entry], v[2 * entry + 1]};
  }
};

// One layer's moves, built once: links to entries of the layer, the best capture exits, and r (the
// END-3 share). Links and their reverse are packed (compressed rows, 32-bit offsets: a layer has
// fewer than 2^32 links, check_solvable), for memory: about 43 bytes a position while solved.
struct LayerMoves {
  // The links of entry e: link[out[e]] .. link[out[e + 1] - 1].
  std::vector<std::uint32_t> out{0}, link;
  std::vector<std::int8_t> cap_lo, cap_hi, stop;
  // The entries whose links lead to entry e: from[first[e]] .. from[first[e + 1] - 1].
  std::vector<std::uint32_t> first, from;
  std::uint64_t bytes() const {
    return (out.size() + link.size() + first.size() + from.size()) * 4 + cap_lo.size() * 3;
  }
  // Appends the moves of the entries after these (a block, or one thread's run).
  void append(const LayerMoves& next) {
    assert(next.out.front() == 0 && next.out.back() == next.link.size());         // compressed rows from 0
    assert(static_cast<std::uint64_t>(out.back()) + next.link.size() < kNoLink);  // check_solvable's 2^32 bound
    const std::uint32_t base = out.back();
    for (std::size_t e = 1; e < next.out.size(); ++e) out.push_back(base + next.out[e]);
    link.insert(link.end(), next.link.begin(), next.link.end());
    cap_lo.insert(cap_lo.end(), next.cap_lo.begin(), next.cap_lo.end());
    cap_hi.insert(cap_hi.end(), next.cap_hi.begin(), next.cap_hi.end());
    stop.insert(stop.end(), next.stop.begin(), next.stop.end());
  }
};

// The interval values of one layer while it is solved: X, the outer (least) fixed point's
// current bound, and Y, the inner (greatest) one's (specs/endgame-tables.md).
struct LayerValues {
  std::vector<std::int8_t> xlo, xhi, lo, hi;
};

// Which entries the current and the next pass of settle() visit.
struct Flags {
  explicit Flags(std::size_t count) : now(count), next(count) {}
  std::vector<std::uint8_t> now, next;
};

// The reverse of the links (counted, then placed), so that a change is passed to the entries
// that read it and no others.
void link_predecessors(LayerMoves& m);

// The moves of entries [first, last) of layer `seeds` (a whole layer, or one block of it:
// --block), indexed from `first`.
LayerMoves build_layer(const MoveMaker& maker, int seeds, const LowerValue& lower, int threads, std::uint64_t first,
                       std::uint64_t last);

// The finite-play bounds, into X: the least fixed point of the plain move equations from lo =
// -worst, hi = +worst, the values of the game in which a play that never leaves the layer pays the
// mover -worst for lo and +worst for hi (what each side forces by leaving it). With worst = kTop
// (infinity) they are where the outer fixed point starts: below its least fixed point and below
// one round of it (specs/endgame-tables.md, "Computing it"), so the rounds from them reach the
// same values, in fewer rounds. EndBounds passes the seeds on the board.
int finite_play_bounds(const LayerMoves& m, LayerValues& v, Flags& due, int threads, int seeds, int worst = kTop);

// lo then hi, a byte each, per entry: how a layer's values are kept and written.
std::vector<std::int8_t> interleaved(const std::vector<std::int8_t>& lo, const std::vector<std::int8_t>& hi);

// The values of layer `seeds` from its moves (built whole, or read from the blocks' part files):
// the outer fixed point (X from the finite-play bounds) over inner ones, until X comes back
// unchanged. Leaves lo/hi pairs in solved.values[seeds].
LayerReport solve_moves(LayerMoves moves, int seeds, SolvedLayers& solved, int threads);

// Writes the table of the layers of options.layer_set() up to options.max_seeds of `solved` to
// `path` (whole or not at all).
void write_table(const SolveOptions& options, const SolvedLayers& solved, const std::string& path);

}  // namespace hoyito::solve
