// The layer solver: a layer's moves and the fixed points over them (specs/endgame-tables.md).
#include <algorithm>
#include <atomic>
#include <cassert>
#include <vector>

#include <fmt/format.h>

#include "harness/base/fork_join.h"
#include "harness/base/interrupt.h"
#include "harness/base/reporter.h"
#include "harness/solve/layer_solver.h"

namespace hoyito::solve {

namespace {
constexpr std::uint64_t kSlice = 1 << 14;  // entries between two looks at the interrupt: milliseconds

// Runs body(begin, end, part) over [0, count) cut into `threads` parts (fork_join, harness/base),
// each part in slices taken in order. An interrupt is looked at between slices (a pass over a
// layer of millions takes seconds: issue 36 item 10): the threads stop, and Interrupted is
// thrown here, on the calling thread, "solve: stopped in layer SEEDS, nothing written".
template <class Body>
void parallel_for(int threads, std::uint64_t count, int seeds, const Body& body) {
  fork_join(threads, count, [&](std::uint64_t begin, std::uint64_t end, std::uint64_t part) {
    for (std::uint64_t from = begin; from < end && !interrupted(); from += kSlice)
      body(from, std::min(end, from + kSlice), part);
  });
  throw_if_interrupted([&] { return fmt::format("solve: stopped in layer {}, nothing written", seeds); });
}

std::int8_t load(const std::int8_t& v) { return std::atomic_ref<const std::int8_t>(v).load(std::memory_order_relaxed); }
void store(std::int8_t& v, int x) {
  std::atomic_ref<std::int8_t>(v).store(static_cast<std::int8_t>(x), std::memory_order_relaxed);
}

// One entry of one inner sweep: lo = max(A_X, min(r, A_Y)), hi = min(B_X, max(r, B_Y)), where A
// is the best lo-value over the moves (-hi of a link, the capture exit) and B the best hi-value
// (-lo of a link), read from X and from Y. True when it changed.
bool update_entry(const LayerMoves& m, LayerValues& v, std::uint64_t e) {
  assert(e + 1 < m.out.size() && v.xlo.size() + 1 == m.out.size());  // X is of this layer
  int ax = m.cap_lo[e], ay = ax, bx = m.cap_hi[e], by = bx;
  for (std::uint32_t i = m.out[e]; i < m.out[e + 1]; ++i) {
    const std::uint32_t q = m.link[i];
    ax = std::max(ax, -v.xhi[q]);
    bx = std::max(bx, -v.xlo[q]);
    ay = std::max(ay, -load(v.hi[q]));
    by = std::max(by, -load(v.lo[q]));
  }
  const int r = m.stop[e];
  const int lo = std::max(ax, std::min(r, ay)), hi = std::min(bx, std::max(r, by));
  if (lo == load(v.lo[e]) && hi == load(v.hi[e])) return false;
  store(v.lo[e], lo);
  store(v.hi[e], hi);
  return true;
}

// Passes until `update` changes nothing: the first over every entry, each later one over the
// entries one of whose links changed in the pass before (flags, 2 bytes a position: `due` for
// this pass, `next` for the next). In place on `threads` threads, which only speeds a monotone
// iteration up. Returns the passes made.
template <class Update>
int settle(const LayerMoves& m, Flags& due, int threads, int seeds, const Update& update) {
  assert(due.now.size() + 1 == m.out.size() && m.first.size() == m.out.size());  // link_predecessors() ran
  std::fill(due.now.begin(), due.now.end(), 1);
  bool more = true;
  int passes = 0;
  for (; more; ++passes) {
    throw_if_interrupted([&] { return fmt::format("solve: stopped in layer {}, nothing written", seeds); });
    std::fill(due.next.begin(), due.next.end(), 0);
    std::atomic<bool> changed = false;
    parallel_for(due.now.size() < 4096 ? 1 : threads, due.now.size(), seeds,
                 [&](std::uint64_t begin, std::uint64_t end, std::uint64_t) {
                   bool mine = false;
                   for (std::uint64_t e = begin; e < end; ++e) {
                     if (due.now[e] == 0 || !update(e)) continue;
                     mine = true;
                     for (std::uint32_t k = m.first[e]; k < m.first[e + 1]; ++k)
                       std::atomic_ref<std::uint8_t>(due.next[m.from[k]]).store(1, std::memory_order_relaxed);
                   }
                   if (mine) changed = true;
                 });
    more = changed;
    std::swap(due.now, due.next);
  }
  return passes;
}

// The inner fixed point for the current X, from the top (lo = +inf, hi = -inf).
int inner_fixed_point(const LayerMoves& m, LayerValues& v, Flags& due, int threads, int seeds) {
  v.lo.assign(m.cap_lo.size(), static_cast<std::int8_t>(kTop));
  v.hi.assign(m.cap_lo.size(), static_cast<std::int8_t>(kBottom));
  return settle(m, due, threads, seeds, [&](std::uint64_t e) { return update_entry(m, v, e); });
}

// One entry of the finite-play bounds: lo = A, hi = B read from X itself (the plain move
// equations, no END-3 share). True when it changed.
bool update_finite(const LayerMoves& m, LayerValues& v, std::uint64_t e) {
  assert(e + 1 < m.out.size() && v.xlo.size() + 1 == m.out.size());
  int a = m.cap_lo[e], b = m.cap_hi[e];
  for (std::uint32_t i = m.out[e]; i < m.out[e + 1]; ++i) {
    a = std::max(a, -load(v.xhi[m.link[i]]));
    b = std::max(b, -load(v.xlo[m.link[i]]));
  }
  if (a == load(v.xlo[e]) && b == load(v.xhi[e])) return false;
  store(v.xlo[e], a);
  store(v.xhi[e], b);
  return true;
}

// Counts of the layer's report: exact entries, won, drawn, lost for the side to move.
void count_results(const LayerValues& v, LayerReport& report) {
  for (std::size_t e = 0; e < v.lo.size(); ++e) {
    report.exact += v.lo[e] == v.hi[e];
    report.won += v.lo[e] > 0;
    report.lost += v.hi[e] < 0;
    report.drawn += v.lo[e] == 0 && v.hi[e] == 0;
  }
}
}  // namespace

// The reverse of the links (counted, then placed), so that a change is passed to the entries
// that read it and no others.
void link_predecessors(LayerMoves& m) {
  const std::uint64_t count = m.cap_lo.size();
  assert(m.out.size() == count + 1 && m.out.back() == m.link.size());
  m.first.assign(count + 1, 0);
  for (std::uint32_t q : m.link) {
    assert(q < count);  // a link leads to an entry of the same layer
    ++m.first[q + 1];
  }
  for (std::uint64_t e = 0; e < count; ++e) m.first[e + 1] += m.first[e];
  m.from.resize(m.first[count]);
  std::vector<std::uint32_t> next(m.first.begin(), m.first.end() - 1);
  for (std::uint64_t e = 0; e < count; ++e)
    for (std::uint32_t i = m.out[e]; i < m.out[e + 1]; ++i) m.from[next[m.link[i]]++] = static_cast<std::uint32_t>(e);
}

// The moves of entries [first, last) of layer `seeds` (a whole layer, or one block of it:
// --block), indexed from `first`.
LayerMoves build_layer(const MoveMaker& maker, int seeds, const LowerValue& lower, int threads, std::uint64_t first,
                       std::uint64_t last) {
  assert(first <= last && last <= maker.layer_size(seeds));
  std::vector<LayerMoves> runs(static_cast<std::size_t>(std::max(1, threads)));
  parallel_for(threads, last - first, seeds, [&](std::uint64_t begin, std::uint64_t end, std::uint64_t run) {
    LayerMoves& m = runs[run];
    PositionMoves moves;
    for (std::uint64_t i = begin; i < end; ++i) {
      maker.moves_of(seeds, first + i, lower, moves);
      assert(moves.links >= 0 && static_cast<std::size_t>(moves.links) <= moves.link.size());
      m.cap_lo.push_back(static_cast<std::int8_t>(moves.cap_lo));
      m.cap_hi.push_back(static_cast<std::int8_t>(moves.cap_hi));
      m.stop.push_back(static_cast<std::int8_t>(moves.stop));
      m.link.insert(m.link.end(), moves.link.begin(), moves.link.begin() + moves.links);
      m.out.push_back(static_cast<std::uint32_t>(m.link.size()));
    }
  });
  LayerMoves m = std::move(runs[0]);
  for (std::size_t run = 1; run < runs.size(); ++run) {
    m.append(runs[run]);
    runs[run] = LayerMoves();  // freed run by run: the peak is about twice the links
  }
  return m;
}

// The finite-play bounds, into X: the least fixed point of the plain move equations from lo =
// -worst, hi = +worst, the values of the game in which a play that never leaves the layer pays the
// mover -worst for lo and +worst for hi (what each side forces by leaving it). With worst = kTop
// (infinity) they are where the outer fixed point starts: below its least fixed point and below
// one round of it (specs/endgame-tables.md, "Computing it"), so the rounds from them reach the
// same values, in fewer rounds. EndBounds passes the seeds on the board.
int finite_play_bounds(const LayerMoves& m, LayerValues& v, Flags& due, int threads, int seeds, int worst) {
  v.xlo.assign(m.cap_lo.size(), static_cast<std::int8_t>(-worst));
  v.xhi.assign(m.cap_lo.size(), static_cast<std::int8_t>(worst));
  return settle(m, due, threads, seeds, [&](std::uint64_t e) { return update_finite(m, v, e); });
}

// lo then hi, a byte each, per entry: how a layer's values are kept and written.
std::vector<std::int8_t> interleaved(const std::vector<std::int8_t>& lo, const std::vector<std::int8_t>& hi) {
  assert(lo.size() == hi.size());
  std::vector<std::int8_t> out(2 * lo.size());
  for (std::size_t e = 0; e < lo.size(); ++e) {
    out[2 * e] = lo[e];
    out[2 * e + 1] = hi[e];
  }
  return out;
}

// The values of layer `seeds` from its moves (built whole, or read from the blocks' part files):
// the outer fixed point (X from the finite-play bounds) over inner ones, until X comes back
// unchanged. Leaves lo/hi pairs in solved.values[seeds].
LayerReport solve_moves(LayerMoves moves, int seeds, SolvedLayers& solved, int threads) {
  const Stopwatch clock;
  LayerReport report;
  report.seeds = seeds;
  report.positions = moves.cap_lo.size();
  link_predecessors(moves);
  Flags due(report.positions);
  LayerValues v;
  report.sweeps += finite_play_bounds(moves, v, due, threads, seeds);
  for (;;) {
    report.sweeps += inner_fixed_point(moves, v, due, threads, seeds);
    ++report.rounds;
    if (v.lo == v.xlo && v.hi == v.xhi) break;
    v.xlo = v.lo;
    v.xhi = v.hi;
  }
  std::vector<std::int8_t>& out = solved.values[static_cast<std::size_t>(seeds)];
  out = interleaved(v.lo, v.hi);
  report.bytes = moves.bytes() + 6 * report.positions + out.size();
  count_results(v, report);
  report.seconds = clock.seconds();
  return report;
}

}  // namespace hoyito::solve
