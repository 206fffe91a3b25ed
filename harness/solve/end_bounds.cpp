// Decided by captures (specs/endgame-tables.md): the finite-play bounds of the whole game.
#include <cassert>

#include "harness/games/endgame_table.h"
#include "harness/solve/layer_solver.h"

namespace hoyito::solve {

EndBounds::EndBounds(const Rules& rules, int max_seeds, LayerSet set)
    : rules_(rules), maker_(rules, max_seeds), set_(set) {
  values_.push_back(std::vector<std::int8_t>(2 * maker_.layer_size(0), 0));  // the empty board: 0 (END-1)
}

TableValue EndBounds::operator()(int seeds, std::uint64_t entry) const {
  assert(seeds >= 0 && static_cast<std::size_t>(seeds) < values_.size());  // add_layer() built it
  const std::vector<std::int8_t>& v = values_[static_cast<std::size_t>(seeds)];
  assert(2 * entry + 1 < v.size());  // a layer of the set: captures take fours (CAP-II-1, CAP-III-1)
  return {v[2 * entry], v[2 * entry + 1]};
}

void EndBounds::add_layers_to(int seeds, int threads) {
  for (int n : table_layer_seeds(rules_, seeds, set_))
    if (n >= layers()) add_layer(n, threads);
}

void EndBounds::add_layer(int seeds, int threads) {
  values_.resize(static_cast<std::size_t>(seeds));  // the layers between, not held: empty
  LayerMoves moves = build_layer(maker_, seeds, *this, threads, 0, maker_.layer_size(seeds));
  link_predecessors(moves);
  LayerValues v;
  Flags due(moves.cap_lo.size());
  finite_play_bounds(moves, v, due, threads, seeds, seeds);
  values_.push_back(interleaved(v.xlo, v.xhi));
}

bool decided_by_captures(const EndgameTable& table, const Position& position, const Rules& rules, int threads) {
  const TableKey key = table.key(position, rules);
  EndBounds ends(table.header().rules, table.header().max_seeds, table.header().layer_set);
  ends.add_layers_to(key.seeds, threads);
  return ends.decided(key.seeds, key.entry);
}

}  // namespace hoyito::solve
