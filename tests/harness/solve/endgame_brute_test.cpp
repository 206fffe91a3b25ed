// The endgame tables of `hoyito solve` against a second solver written here (issue 25: "the
// tables agree with an independent brute-force minimax for K up to about 8, both variants, both
// readings of G8"): every entry, lo and hi, of layers 1..9 of Hoyito II and of Hoyito III round 3
// after a win by South (previous_winner, both sides), and of layers 1..8 of Hoyito III (capturer),
// of round 3 after a draw with G8 split and after a win by North (the K of each case: at the end
// of this file).
//
// Independent of the solver (harness/solve/, harness/games/table_moves.cpp) in three ways:
// - the game graph is made by the reference model's plies (tests/harness/solve/endgame_brute.h), not the
//   engine's sowing, with every position of layers 1..K keyed by board AND side to move: the
//   table's symmetry (North to move = South to move on the turned board) is checked, not used;
// - the values are those of two games on that graph (below, "The two games"), solved threshold by
//   threshold with the classical attractor algorithm for co-Büchi games, not by the table's
//   nested value iteration (specs/endgame-tables.md, "Games that never end");
// - the capture exits read this solver's own lower layers, never the table's.
//
// Would fail (each tried on the solver, docs/solve.md): the END-3 share r of the wrong sign, or
// r + 1 in hi's equation, or r - 1 in lo's; a previous_winner table whose quiet moves keep the
// side (END-III-3), or whose capture exits read the other side (K = 9); a rank or turned board
// that sends a position to another entry; a model and an engine that sow, capture, pass or award
// differently; an entry of layers 1..K left out (the test counts that every entry was compared).
// Not seen here (the tables come out byte for byte the same, so no comparison can): r + 1 or
// r + 2 in lo's equation, and exits reading hi for lo (a capture exit reaches an interval only
// from layer 10: four seeds taken from 10 leave 6, the first layer below with lo < hi).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness/games/endgame_table.h"
#include "tests/harness/solve/endgame_brute.h"

namespace hoyito {
namespace {

using testing::BruteGraph;

// --- The positions: every board of layers 1..K, each with South and with North to move ---

// Every board of `seeds` seeds over holes `hole`.. of `board` (each count of `hole` in turn).
void boards_of(int seeds, std::size_t hole, std::vector<int>& board, std::vector<std::vector<int>>& out) {
  if (hole + 1 == board.size()) {
    board[hole] = seeds;
    out.push_back(board);
    return;
  }
  for (int here = 0; here <= seeds; ++here) {
    board[hole] = here;
    boards_of(seeds - here, hole + 1, board, out);
  }
}

// The positions of layers 1..max_seeds in order of seeds; layer_first[n] is the first of layer
// n (layer_first[max_seeds + 1] the end). The captures (the rest of the seed total to South) do
// not enter a ply: they are only END-3's key and END-2's sum.
std::vector<Position> all_positions(const Rules& rules, int max_seeds, std::vector<int>& layer_first) {
  std::vector<Position> out;
  layer_first.assign(static_cast<std::size_t>(max_seeds + 2), 0);
  for (int n = 1; n <= max_seeds; ++n) {
    layer_first[static_cast<std::size_t>(n)] = static_cast<int>(out.size());
    std::vector<std::vector<int>> boards;
    std::vector<int> board(static_cast<std::size_t>(rules.holes()), 0);
    boards_of(n, 0, board, boards);
    for (Player mover : {Player::south, Player::north})
      for (const std::vector<int>& b : boards) {
        Position p;
        p.board = b;
        p.captured = {rules.holes() * rules.seeds_per_hole - n, 0};
        p.to_move = mover;
        out.push_back(p);
      }
  }
  layer_first[static_cast<std::size_t>(max_seeds + 1)] = static_cast<int>(out.size());
  return out;
}

// --- The two games (specs/endgame-tables.md, "Games that never end") ---
//
// The spec defines lo(p) as the mover's value when a play that never leaves the layer pays the
// lowest END-3 share r met infinitely often, r seen from the player to move at p (liminf), and
// hi(p) the same with the highest (limsup); a capture that does not end the game pays its
// captures plus the lower layer's lo (for lo) or hi (for hi) with the same mover; one that ends
// it pays its captures and award (END-1). Seen from South throughout, with s the share of South
// (South's side minus North's), these are two games, South maximising and North minimising:
//   Lmin: an endless play pays South liminf s;   Lmax: it pays South limsup s,
// each capture exit paying South its captures plus the same game's value of the lower position.
// For South to move at p, r = s: lo(p) = Lmin(p) and hi(p) = Lmax(p). For North to move, r = -s,
// liminf r = -limsup s and limsup r = -liminf s, and North's value is minus South's (the games
// are determined: finite graphs, Borel payoffs), so lo(p) = -Lmax(p) and hi(p) = -Lmin(p). The
// exits agree with the spec's: a capture of c seeds by North to a lower q (North to move again)
// pays South, in Lmin, -c + Lmin(q) = -(c + hi(q)), minus North's hi-exit, as the spec's A reads
// -hi of the opponent's positions. (The same holds within the layer: the spec's A takes -hi(q) of a quiet
// move to q, and hi(q) = -Lmin(q) when North moves at q.)
//
// Thresholds. Lmin(p) >= v iff South wins from p the co-Büchi game "from some point on every
// position has s >= v, or the play leaves by an exit worth >= v". Lmax(p) >= v iff South wins
// "s >= v infinitely often, or an exit worth >= v" (Büchi), i.e. iff North does NOT win its
// co-Büchi game "from some point on every position has s < v, or an exit worth < v" (the Büchi
// and co-Büchi games are each other's complements). Both are one co-Büchi solver with the
// protagonist and the "good" side of the threshold turned.
//
// Each exit is a sink node with a loop, whose payoff is the exit's value: staying there for ever
// has liminf = limsup = that value, so "good" is one test for positions and exits alike.

struct Arena {
  int positions = 0;                         // nodes 0..positions-1: the layer's, in graph order
  std::vector<bool> south_moves;             // who chooses at the node (TURN-1, CAP-*-3)
  std::vector<int> payoff;                   // positions: South's share s (END-3); sinks: the exit
  std::vector<std::vector<int>> succ, pred;  // with repeats: two holes may lead to one position

  int add_node(bool south, int value) {
    south_moves.push_back(south);
    payoff.push_back(value);
    succ.emplace_back();
    pred.emplace_back();
    return static_cast<int>(payoff.size()) - 1;
  }
  void add_edge(int from, int to) {
    succ[static_cast<std::size_t>(from)].push_back(to);
    pred[static_cast<std::size_t>(to)].push_back(from);
  }
  std::size_t size() const { return payoff.size(); }
};

// The sink of an exit worth `value` to South (one per value, made on first use).
int exit_sink(Arena& a, std::map<int, int>& sinks, int value) {
  const auto [it, fresh] = sinks.try_emplace(value, static_cast<int>(a.size()));
  if (fresh) {
    a.add_node(true, value);
    a.add_edge(it->second, it->second);
  }
  return it->second;
}

// Layer [first, last) of the graph as an arena for one game: its quiet moves and passes stay in
// the layer (gain 0), every other ply goes to the sink of its value: its gain (END-1: captures
// and award) plus `lower`, the same game's value of the lower position.
Arena layer_arena(const BruteGraph& g, int first, int last, const std::vector<int>& lower) {
  Arena a;
  for (int u = first; u < last; ++u)
    a.add_node(g.nodes[static_cast<std::size_t>(u)].south_to_move, g.nodes[static_cast<std::size_t>(u)].share);
  a.positions = last - first;
  std::map<int, int> sinks;
  for (int u = first; u < last; ++u)
    for (const BruteGraph::Edge& e : g.nodes[static_cast<std::size_t>(u)].edges) {
      if (e.target >= last) throw std::logic_error("a ply went up a layer");
      if (e.target >= first) {
        if (e.south_gain != 0) throw std::logic_error("a ply captured and kept the seed count");
        a.add_edge(u - first, e.target - first);
      } else {
        const int value = e.south_gain + (e.target < 0 ? 0 : lower[static_cast<std::size_t>(e.target)]);
        a.add_edge(u - first, exit_sink(a, sinks, value));
      }
    }
  return a;
}

// The nodes of `alive` from which `south_forces` ? South : North forces the play, within
// `alive`, into `target` (a subset of `alive`): the attractor, by counting down each node's
// successors left outside it.
std::vector<char> attractor(const Arena& a, bool south_forces, std::vector<char> target,
                            const std::vector<char>& alive) {
  std::vector<int> left(a.size(), 0), queue;
  for (std::size_t u = 0; u < a.size(); ++u) {
    for (int w : a.succ[u]) left[u] += alive[static_cast<std::size_t>(w)];
    if (target[u]) queue.push_back(static_cast<int>(u));
  }
  while (!queue.empty()) {
    const int x = queue.back();
    queue.pop_back();
    for (int w : a.pred[static_cast<std::size_t>(x)]) {
      const auto u = static_cast<std::size_t>(w);
      if (!alive[u] || target[u]) continue;
      if (a.south_moves[u] == south_forces || --left[u] == 0) {
        target[u] = 1;
        queue.push_back(w);
      }
    }
  }
  return target;
}

// Where `south_wins` ? South : North (the protagonist) wins the co-Büchi game "from some point
// on, only `good` nodes": repeatedly, the nodes from which the opponent cannot force a visit to a
// bad node form a trap the protagonist can stay in for ever; the protagonist's attractor to it is
// won and taken away (what is left is a subgame the protagonist cannot leave); until no such trap
// is left, where the opponent forces bad nodes again and again.
std::vector<char> co_buchi_region(const Arena& a, bool south_wins, const std::vector<char>& good) {
  std::vector<char> alive(a.size(), 1), won(a.size(), 0);
  for (;;) {
    std::vector<char> bad(a.size(), 0);
    for (std::size_t u = 0; u < a.size(); ++u) bad[u] = alive[u] && !good[u];
    const std::vector<char> forced_bad = attractor(a, !south_wins, bad, alive);
    std::vector<char> trap(a.size(), 0);
    bool any = false;
    for (std::size_t u = 0; u < a.size(); ++u) any |= trap[u] = alive[u] && !forced_bad[u];
    if (!any) return won;
    const std::vector<char> taken = attractor(a, south_wins, trap, alive);
    for (std::size_t u = 0; u < a.size(); ++u)
      if (taken[u]) won[u] = 1, alive[u] = 0;
  }
}

// South's value in Lmin (`limsup` false) or Lmax (true) of each position of the arena: the
// largest threshold v it secures (every value is one of the payoffs, all >= the lowest).
std::vector<int> threshold_values(const Arena& a, bool limsup) {
  const auto [low, high] = std::minmax_element(a.payoff.begin(), a.payoff.end());
  std::vector<int> value(static_cast<std::size_t>(a.positions), *low);
  for (int v = *low + 1; v <= *high; ++v) {
    std::vector<char> good(a.size(), 0);
    for (std::size_t u = 0; u < a.size(); ++u) good[u] = limsup ? a.payoff[u] < v : a.payoff[u] >= v;
    const std::vector<char> won = co_buchi_region(a, !limsup, good);
    for (std::size_t u = 0; u < value.size(); ++u) {
      const bool secures = limsup ? !won[u] : bool(won[u]);
      if (!secures) continue;
      if (value[u] != v - 1) throw std::logic_error("a threshold region that is not monotone");
      value[u] = v;
    }
  }
  return value;
}

// Lmin and Lmax of every position (South's view), layer by layer: a layer's exits read the
// values of the layers below, solved before it.
struct BruteValues {
  std::vector<int> lmin, lmax;  // per graph node
};

BruteValues solve_by_thresholds(const BruteGraph& g, const std::vector<int>& layer_first) {
  BruteValues values{std::vector<int>(g.nodes.size(), 0), std::vector<int>(g.nodes.size(), 0)};
  for (std::size_t n = 1; n + 1 < layer_first.size(); ++n) {
    const int first = layer_first[n], last = layer_first[n + 1];
    for (bool limsup : {false, true}) {
      std::vector<int>& out = limsup ? values.lmax : values.lmin;
      const std::vector<int> layer = threshold_values(layer_arena(g, first, last, out), limsup);
      std::copy(layer.begin(), layer.end(), out.begin() + first);
    }
  }
  return values;
}

// --- The comparison ---

// The table entry of `p`: its board turned half a ring when North moves (the table stores South
// to move, BRD-4), and for previous_winner the side: 0 when the mover won the previous game
// (END-III-3).
std::uint64_t table_entry_of(const EndgameTable& table, const Position& p, int seeds) {
  const int holes = static_cast<int>(p.board.size()), half = holes / 2;
  const int turn = p.to_move == Player::south ? 0 : half;
  std::uint8_t board[24];
  for (int h = 0; h < holes; ++h)
    board[h] = static_cast<std::uint8_t>(p.board[static_cast<std::size_t>((h + turn) % holes)]);
  const Winner previous = table.header().rules.previous_winner;
  const bool mover_won = (previous == Winner::south && p.to_move == Player::south) ||
                         (previous == Winner::north && p.to_move == Player::north);
  const std::uint64_t side = table.header().sides == 2 && !mover_won ? 1 : 0;
  return side * table.index().count(seeds) + table.index().rank(board, seeds);
}

// The mover's [lo, hi] of graph node u from South's Lmin and Lmax (the derivation above).
TableValue brute_value(const BruteGraph& g, const BruteValues& v, int u) {
  const auto i = static_cast<std::size_t>(u);
  if (g.nodes[i].south_to_move) return {v.lmin[i], v.lmax[i]};
  return {-v.lmax[i], -v.lmin[i]};
}

std::string board_text(const Position& p) {
  std::ostringstream text;
  for (std::size_t h = 0; h < p.board.size(); ++h) text << (h == 0 ? "[" : ",") << p.board[h];
  text << (p.to_move == Player::south ? "] South to move" : "] North to move");
  return text.str();
}

struct LayerCounts {
  long compared = 0, exact = 0, disagree = 0, entries_missed = 0;
};

// Every position of layer n against its table entry; counts, and the first disagreements shown.
LayerCounts compare_layer(const EndgameTable& table, const BruteGraph& g, const BruteValues& v, int n, int first,
                          int last) {
  LayerCounts counts;
  std::vector<char> seen(static_cast<std::size_t>(table.header().sides) * table.index().count(n), 0);
  for (int u = first; u < last; ++u) {
    const Position& p = g.positions[static_cast<std::size_t>(u)];
    const std::uint64_t entry = table_entry_of(table, p, n);
    const TableValue mine = brute_value(g, v, u), stored = table.entry(n, entry);
    seen[entry] = 1;
    ++counts.compared;
    counts.exact += mine.exact();
    if (mine.lo == stored.lo && mine.hi == stored.hi) continue;
    if (++counts.disagree <= 5)
      ADD_FAILURE() << board_text(p) << " (layer " << n << ", entry " << entry << "): brute force [" << mine.lo << ", "
                    << mine.hi << "], table [" << stored.lo << ", " << stored.hi << "]";
  }
  counts.entries_missed = std::count(seen.begin(), seen.end(), 0);
  return counts;
}

// The case's table up to `max_seeds` and this file's solver on the model's graph of the same
// layers: every entry compared, layer by layer.
// The plies of the graph that capture and leave the game going (CAP-II-3, CAP-III-3): into a
// lower layer, below `layer_first[n]` from layer n.
long captures_into_lower_layers(const BruteGraph& g, const std::vector<int>& layer_first) {
  long count = 0;
  for (std::size_t n = 1; n + 1 < layer_first.size(); ++n)
    for (int u = layer_first[n]; u < layer_first[n + 1]; ++u)
      for (const BruteGraph::Edge& e : g.nodes[static_cast<std::size_t>(u)].edges)
        count += e.target >= 0 && e.target < layer_first[n];
  return count;
}

void check_case(const Rules& rules, int max_seeds) {
  const EndgameTable table(testing::solved_table(rules, max_seeds));
  const Rules& solved = table.header().rules;  // G7 third_repetition, the reading of the values
  std::vector<int> layer_first;
  const std::vector<Position> starts = all_positions(solved, max_seeds, layer_first);
  const BruteGraph graph(solved, starts);
  ASSERT_EQ(graph.nodes.size(), starts.size()) << "a ply left the positions of layers 1..K";
  const BruteValues values = solve_by_thresholds(graph, layer_first);
  const long lower_exits = captures_into_lower_layers(graph, layer_first);
  std::cout << table.path() << ": " << lower_exits << " plies capture into a lower layer" << std::endl;
  EXPECT_EQ(lower_exits > 0, max_seeds >= 9) << "every capture ends the game (END-1) up to K = 8 only";
  for (int n = 1; n <= max_seeds; ++n) {
    const LayerCounts c = compare_layer(table, graph, values, n, layer_first[static_cast<std::size_t>(n)],
                                        layer_first[static_cast<std::size_t>(n + 1)]);
    std::cout << table.path() << ": layer " << n << ": " << c.compared << " positions (both sides to move) compared, "
              << c.exact << " exact, " << c.disagree << " disagree" << std::endl;
    EXPECT_EQ(c.disagree, 0) << "layer " << n;
    EXPECT_EQ(c.entries_missed, 0) << "layer " << n << ": table entries no position was compared with";
  }
  std::filesystem::remove(table.path());  // a few MB a run in the temporary folder otherwise
}

// 2x6 up to K = 8 (125,969 boards, 251,938 positions) for every case. Every capture takes four
// seeds or more (CAP-II-1, CAP-III-1), so up to K = 8 every capture leaves four or fewer and ends
// the game (END-1): the capture exits into a lower layer (CAP-II-3, CAP-III-3: the extra move, the
// lower layer's value, the previous winner's side kept) first occur in layer 9. So Hoyito II and
// the previous_winner case go to K = 9 (+167,960 boards; about 13 s and 17-28 s of the release
// build, most of it the table's own layer 9). Under AddressSanitizer (5-10x slower) K = 8 for all:
// the values are checked in the release build, the sanitizer checks the memory.
#if defined(__SANITIZE_ADDRESS__)
constexpr int kWithCaptureExits = 8;
#else
constexpr int kWithCaptureExits = 9;
#endif

TEST(EndgameBrute, Hoyito2EveryEntryAgrees) { check_case(testing::rules_of(Variant::hoyito2), kWithCaptureExits); }
TEST(EndgameBrute, Hoyito3CapturerEveryEntryAgrees) { check_case(testing::rules_of(Variant::hoyito3), 8); }
TEST(EndgameBrute, Hoyito3Round3DrawSplitEveryEntryAgrees) {  // G8 split (END-III-4)
  check_case(testing::rules_of(Variant::hoyito3, 3, Winner::draw, true), 8);
}
TEST(EndgameBrute, Hoyito3Round3PreviousWinnerEveryEntryAgrees) {  // END-III-3: both sides of the table
  check_case(testing::rules_of(Variant::hoyito3, 3, Winner::south), kWithCaptureExits);
}
// The same table seen from the other previous winner: South to move now reads side 1 and North
// to move side 0, so each entry of both sides is also compared as the turned board (BRD-4).
TEST(EndgameBrute, Hoyito3Round3PreviousWinnerNorthEveryEntryAgrees) {
  check_case(testing::rules_of(Variant::hoyito3, 3, Winner::north), 8);
}

}  // namespace
}  // namespace hoyito
