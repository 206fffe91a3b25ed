// `hoyito solve --verify`: a table file re-checked against its own moves (harness/solve/solver.h).
#include <algorithm>
#include <atomic>
#include <mutex>

#include <fmt/format.h>

#include "harness/base/fork_join.h"
#include "harness/base/interrupt.h"
#include "harness/base/reporter.h"
#include "harness/games/table_moves.h"
#include "harness/solve/attractors.h"
#include "harness/solve/solver.h"

namespace hoyito::solve {

namespace {
// Whether entry `e` of layer `seeds` meets the equations: lo = max(capture lo-exits, -hi of each
// link), hi = max(capture hi-exits, -lo of each link), lo <= hi. Sets `hi_bad` when hi is what
// is wrong (a verify that checked lo alone would not count it); `wrong` says what.
bool check_entry(const EndgameTable& table, const MoveMaker& maker, int seeds, std::uint64_t e, PositionMoves& moves,
                 bool& hi_bad, std::string& wrong) {
  const TableValue v = table.entry(seeds, e);
  int best_lo = 0, best_hi = 0;  // the empty board: 0 (END-1)
  if (seeds > 0) {
    maker.moves_of(seeds, e, TableLowerValue(table), moves);
    best_lo = moves.cap_lo, best_hi = moves.cap_hi;
    for (int i = 0; i < moves.links; ++i) {
      const TableValue next = table.entry(seeds, moves.link[static_cast<std::size_t>(i)]);
      best_lo = std::max(best_lo, -next.hi);
      best_hi = std::max(best_hi, -next.lo);
    }
  }
  hi_bad = v.hi != best_hi || v.lo > v.hi;
  if (v.lo == best_lo && !hi_bad) return true;
  wrong = fmt::format("{}: the table says [{}, {}], its moves give [{}, {}]", maker.describe(seeds, e), v.lo, v.hi,
                      best_lo, best_hi);
  return false;
}

// Checks one layer on `threads` threads; adds to the report.
void check_layer(const EndgameTable& table, const MoveMaker& maker, int seeds, int threads, VerifyReport& report) {
  const std::uint64_t count = maker.layer_size(seeds);
  std::atomic<std::uint64_t> bad{0}, intervals{0}, hi_wrong{0};
  std::mutex first;
  fork_join(threads, count, [&](std::uint64_t begin, std::uint64_t end, std::uint64_t) {
    PositionMoves moves;
    for (std::uint64_t e = begin; e < end; ++e) {
      if (!table.entry(seeds, e).exact()) ++intervals;  // holds only under G7 third_repetition
      bool hi_bad = false;
      std::string wrong;
      if (check_entry(table, maker, seeds, e, moves, hi_bad, wrong)) continue;
      ++bad;
      hi_wrong += hi_bad;
      const std::lock_guard lock(first);
      if (report.first_bad.empty()) report.first_bad = fmt::format("layer {}: {}", seeds, wrong);
    }
  });
  report.positions += count;
  report.inconsistent += bad;
  report.intervals += intervals;
  report.hi_wrong += hi_wrong;
}

// The layer's values derived again by attractors (harness/solve/attractors.h): the move equations
// hold at every fixed point of the layer, this checks it is the one the spec defines.
void rederive(const EndgameTable& table, const MoveMaker& maker, int seeds, int threads, VerifyReport& report) {
  const RederivedLayer layer = rederive_layer(table, maker, seeds, threads);
  report.rederived_wrong += std::max(layer.lo_wrong, layer.hi_wrong);
  report.hi_wrong += layer.hi_wrong;
  if (report.first_bad.empty()) report.first_bad = layer.first_bad;
}

// Counts the exact entries of layer `seeds` that each side forces by captures, and checks that
// every entry lies within its finite-play bounds (end.lo <= lo <= hi <= end.hi: the spec's
// sandwich); a breach is an inconsistency. Returns the count.
std::uint64_t count_decided(const EndgameTable& table, const EndBounds& ends, const TableLayer& layer,
                            VerifyReport& report) {
  const int seeds = layer.seeds;
  std::uint64_t decided = 0;
  for (std::uint64_t e = 0; e < layer.positions; ++e) {
    const TableValue v = table.entry(seeds, e), end = ends(seeds, e);
    decided += end.exact();
    if (end.lo <= v.lo && v.hi <= end.hi) continue;
    ++report.inconsistent;
    if (report.first_bad.empty())
      report.first_bad =
          fmt::format("layer {} entry {}: the table says [{}, {}], outside its finite-play bounds [{}, {}]", seeds, e,
                      v.lo, v.hi, end.lo, end.hi);
  }
  return decided;
}
}  // namespace

VerifyReport verify_table(const std::string& path, int threads, const LayerDone& done, bool rederive_layers) {
  const EndgameTable table(path, false);  // a wrong checksum is reported, the entries checked all the same
  VerifyReport report;
  report.path = path;
  report.checksum_ok = table.computed_checksum() == table.header().checksum;
  const TableHeader& header = table.header();
  const MoveMaker maker(header.rules, header.max_seeds);
  EndBounds ends(header.rules, header.max_seeds, header.layer_set);
  for (const TableLayer& held : header.layers) {  // the layers the table holds (layers_held)
    const int n = held.seeds;
    throw_if_interrupted([&] { return fmt::format("solve --verify: stopped at layer {}, no verdict", n); });
    const Stopwatch clock;
    const std::uint64_t intervals_before = report.intervals;
    check_layer(table, maker, n, std::max(1, threads), report);
    if (rederive_layers) rederive(table, maker, n, std::max(1, threads), report);
    ends.add_layers_to(n, std::max(1, threads));
    LayerReport layer;
    layer.decided = count_decided(table, ends, held, report);
    report.decided += layer.decided;
    layer.seeds = n;
    layer.positions = maker.layer_size(n);
    layer.seconds = clock.seconds();
    layer.exact = layer.positions - (report.intervals - intervals_before);
    done(layer);
  }
  return report;
}

}  // namespace hoyito::solve
