// Decided by captures (specs/endgame-tables.md): the finite-play bounds of the whole game.
#include <cassert>

#include "harness/games/endgame_table.h"
#include "harness/solve/layer_solver.h"

namespace hoyito::solve {

EndBounds::EndBounds(const Rules& rules, int max_seeds) : maker_(rules, max_seeds) {
  values_.push_back(std::vector<std::int8_t>(2 * maker_.layer_size(0), 0));  // the empty board: 0 (END-1)
}

TableValue EndBounds::operator()(int seeds, std::uint64_t entry) const {
  assert(seeds >= 0 && static_cast<std::size_t>(seeds) < values_.size());  // add_layer() built it
  const std::vector<std::int8_t>& v = values_[static_cast<std::size_t>(seeds)];
  assert(2 * entry + 1 < v.size());
  return {v[2 * entry], v[2 * entry + 1]};
}

void EndBounds::add_layer(int threads) {
  const int seeds = static_cast<int>(values_.size());
  LayerMoves moves = build_layer(maker_, seeds, *this, threads, 0, maker_.layer_size(seeds));
  link_predecessors(moves);
  LayerValues v;
  Flags due(moves.cap_lo.size());
  finite_play_bounds(moves, v, due, threads, seeds, seeds);
  values_.push_back(interleaved(v.xlo, v.xhi));
}

bool decided_by_captures(const EndgameTable& table, const Position& position, const Rules& rules, int threads) {
  const TableKey key = table.key(position, rules);
  EndBounds ends(table.header().rules, table.header().max_seeds);
  while (ends.layers() <= key.seeds) ends.add_layer(threads);
  return ends.decided(key.seeds, key.entry);
}

}  // namespace hoyito::solve
