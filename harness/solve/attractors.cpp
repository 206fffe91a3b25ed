// The attractor derivation of a layer's values (harness/solve/attractors.h).
//
// The table stores each entry from the side to move. To give the two players fixed roles, each
// entry e is two nodes: 2e, "Max moves at e" and 2e + 1, "Min moves at e"; a quiet move or pass
// e -> q leads from Max's node of e to Min's of q and back. Max maximises the liminf of a play's
// END-3 share, seen from Max: r(e) at 2e, -r(e) at 2e + 1 (the spec's lo game). A capture exit is
// a sink with a loop paying its value: Max's best lo-exit cap_lo(e) at 2e; at 2e + 1 Min takes
// the capture, its hi-exit cap_hi(e) is the most Min can take (lo of Max's value after a capture
// by Min is minus Min's hi there), so the sink pays Max -cap_hi(e). Then Max's value at 2e is
// lo(e), and at 2e + 1 it is -hi(e): Min is then the mover, and the liminf of Max's share is minus
// the limsup of Min's (the games are determined), the spec's hi for the mover.
//
// Max's value is >= v iff Max wins the co-Büchi game "from some point on every node pays >= v";
// each threshold is solved by attractors: the nodes from which Min cannot force a bad node form a
// trap Max can stay in; Max's attractor to it is won and taken away; until no trap is left.
#include "harness/solve/attractors.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <vector>

#include <fmt/format.h>

#include "harness/base/fork_join.h"
#include "harness/base/interrupt.h"

namespace hoyito::solve {

namespace {

struct Arena {
  std::vector<std::int8_t> payoff;      // to Max
  std::vector<std::uint8_t> max_moves;  // 1: Max chooses at the node
  std::vector<std::uint32_t> out_first{0}, out;
  std::vector<std::uint32_t> in_first, in;
  std::map<int, std::uint32_t> sinks;                     // exit value -> its sink (made after the 2 x entries nodes)
  std::vector<std::pair<std::uint32_t, int>> sink_edges;  // node -> exit value, placed when sinks are made

  std::size_t size() const { return payoff.size(); }
};

// Nodes 0 .. 2 x entries - 1 and their edges (exits as values for now), from the moves.
void add_entries(Arena& a, const EndgameTable& table, const MoveMaker& maker, int seeds) {
  const std::uint64_t count = maker.layer_size(seeds);
  const TableLowerValue lower(table);
  PositionMoves m;
  for (std::uint64_t e = 0; e < count; ++e) {
    maker.moves_of(seeds, e, lower, m);
    for (int role = 0; role < 2; ++role) {  // 0: Max moves at e, 1: Min does
      const auto node = static_cast<std::uint32_t>(2 * e + static_cast<std::uint64_t>(role));
      a.payoff.push_back(static_cast<std::int8_t>(role == 0 ? m.stop : -m.stop));
      a.max_moves.push_back(role == 0);
      for (int i = 0; i < m.links; ++i)
        a.out.push_back(static_cast<std::uint32_t>(2 * m.link[static_cast<std::size_t>(i)] + (role == 0 ? 1 : 0)));
      if (role == 0 && m.cap_lo != kNone) a.sink_edges.push_back({node, m.cap_lo});
      if (role == 1 && m.cap_hi != kNone) a.sink_edges.push_back({node, -m.cap_hi});
      a.out_first.push_back(static_cast<std::uint32_t>(a.out.size()));
    }
  }
}

// The sinks (a node with a loop per exit value) and the exit edges, then the reverse edges.
void finish_arena(Arena& a) {
  const std::uint32_t entries_nodes = static_cast<std::uint32_t>(a.size());
  for (const auto& [node, value] : a.sink_edges)
    if (a.sinks.try_emplace(value, static_cast<std::uint32_t>(entries_nodes + a.sinks.size())).second) {
      a.payoff.push_back(static_cast<std::int8_t>(value));
      a.max_moves.push_back(1);
    }
  // Successor lists with the exits: rebuilt once, in node order.
  std::vector<std::vector<std::uint32_t>> extra(entries_nodes);
  for (const auto& [node, value] : a.sink_edges) extra[node].push_back(a.sinks.at(value));
  std::vector<std::uint32_t> first{0}, out;
  for (std::uint32_t u = 0; u < a.size(); ++u) {
    if (u < entries_nodes) {
      out.insert(out.end(), a.out.begin() + a.out_first[u], a.out.begin() + a.out_first[u + 1]);
      out.insert(out.end(), extra[u].begin(), extra[u].end());
    } else {
      out.push_back(u);  // a sink's loop: staying pays its value for ever
    }
    first.push_back(static_cast<std::uint32_t>(out.size()));
  }
  a.out_first = std::move(first);
  a.out = std::move(out);
  a.in_first.assign(a.size() + 1, 0);
  for (std::uint32_t w : a.out) ++a.in_first[w + 1];
  for (std::size_t u = 0; u < a.size(); ++u) a.in_first[u + 1] += a.in_first[u];
  a.in.resize(a.out.size());
  std::vector<std::uint32_t> next(a.in_first.begin(), a.in_first.end() - 1);
  for (std::uint32_t u = 0; u < a.size(); ++u)
    for (std::uint32_t i = a.out_first[u]; i < a.out_first[u + 1]; ++i) a.in[next[a.out[i]]++] = u;
}

// The nodes of `alive` from which `max_forces` ? Max : Min forces the play, within `alive`, into
// `target`: counting down each node's successors left outside it.
std::vector<std::uint8_t> attractor(const Arena& a, bool max_forces, std::vector<std::uint8_t> target,
                                    const std::vector<std::uint8_t>& alive) {
  std::vector<std::uint32_t> left(a.size(), 0), queue;
  for (std::uint32_t u = 0; u < a.size(); ++u) {
    for (std::uint32_t i = a.out_first[u]; i < a.out_first[u + 1]; ++i) left[u] += alive[a.out[i]];
    if (target[u]) queue.push_back(u);
  }
  while (!queue.empty()) {
    const std::uint32_t x = queue.back();
    queue.pop_back();
    for (std::uint32_t i = a.in_first[x]; i < a.in_first[x + 1]; ++i) {
      const std::uint32_t u = a.in[i];
      if (!alive[u] || target[u]) continue;
      if (static_cast<bool>(a.max_moves[u]) == max_forces || --left[u] == 0) {
        target[u] = 1;
        queue.push_back(u);
      }
    }
  }
  return target;
}

// Where Max wins "from some point on, only nodes paying >= v".
std::vector<std::uint8_t> max_wins(const Arena& a, int v) {
  std::vector<std::uint8_t> alive(a.size(), 1), won(a.size(), 0);
  for (;;) {
    throw_if_interrupted("solve --verify: stopped in the attractors, no verdict");
    std::vector<std::uint8_t> bad(a.size(), 0);
    for (std::size_t u = 0; u < a.size(); ++u) bad[u] = alive[u] && a.payoff[u] < v;
    const std::vector<std::uint8_t> forced_bad = attractor(a, false, bad, alive);
    std::vector<std::uint8_t> trap(a.size(), 0);
    bool any = false;
    for (std::size_t u = 0; u < a.size(); ++u) any |= (trap[u] = alive[u] && !forced_bad[u]) != 0;
    if (!any) return won;
    const std::vector<std::uint8_t> taken = attractor(a, true, trap, alive);
    for (std::size_t u = 0; u < a.size(); ++u)
      if (taken[u]) won[u] = 1, alive[u] = 0;
  }
}

// Max's value at every node: the lowest payoff plus the thresholds above it that Max wins (the
// regions shrink as v grows). The thresholds are independent: `threads` of them at a time.
std::vector<int> max_values(const Arena& a, int threads) {
  const auto [low, high] = std::minmax_element(a.payoff.begin(), a.payoff.end());
  std::vector<std::atomic<std::int16_t>> value(a.size());
  for (auto& v : value) v.store(static_cast<std::int16_t>(*low), std::memory_order_relaxed);
  std::atomic<int> next{*low + 1};
  // One part a thread (fork_join, harness/base); each takes the next threshold until none is left.
  const int parts = std::max(1, threads);
  fork_join(parts, static_cast<std::uint64_t>(parts), [&](std::uint64_t, std::uint64_t, std::uint64_t) {
    try {
      for (int v = next++; v <= *high; v = next++) {
        const std::vector<std::uint8_t> won = max_wins(a, v);
        for (std::size_t u = 0; u < a.size(); ++u)
          if (won[u]) value[u].fetch_add(1, std::memory_order_relaxed);
      }
    } catch (...) {  // an interrupt: the other threads take no new threshold; passed on by fork_join
      next = *high + 1;
      throw;
    }
  });
  return std::vector<int>(value.begin(), value.end());
}

}  // namespace

RederivedLayer rederive_layer(const EndgameTable& table, const MoveMaker& maker, int seeds, int threads) {
  RederivedLayer out;
  if (seeds == 0) return out;  // the empty board: the move equations check its 0
  Arena a;
  add_entries(a, table, maker, seeds);
  finish_arena(a);
  const std::vector<int> value = max_values(a, threads);
  for (std::uint64_t e = 0; e < maker.layer_size(seeds); ++e) {
    const TableValue stored = table.entry(seeds, e);
    const int lo = value[2 * e], hi = -value[2 * e + 1];
    out.lo_wrong += stored.lo != lo;
    out.hi_wrong += stored.hi != hi;
    if (out.first_bad.empty() && (stored.lo != lo || stored.hi != hi))
      out.first_bad = fmt::format("layer {}: {}: the table says [{}, {}], the attractors give [{}, {}]", seeds,
                                  maker.describe(seeds, e), stored.lo, stored.hi, lo, hi);
  }
  return out;
}

}  // namespace hoyito::solve
