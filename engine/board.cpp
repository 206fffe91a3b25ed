#include "engine/board.h"

namespace hoyito::engine {

namespace {

constexpr BoardShape make_shape(int n) {
  BoardShape s{};
  const int holes = 2 * n;
  for (int h = 0; h < holes; ++h) {
    s.all.set(h, 1);
    s.side[h < n ? 0 : 1].set(h, 1);
    s.unit[static_cast<unsigned>(h)].set(h, 1);
  }
  for (int start = 0; start < holes; ++start)
    for (int len = 0; len < holes; ++len)
      for (int i = 0; i < len; ++i) s.run[static_cast<unsigned>(start)][static_cast<unsigned>(len)].set((start + i) % holes, 1);
  return s;
}

constinit const BoardShape kShape6 = make_shape(6);
constinit const BoardShape kShape12 = make_shape(12);

}  // namespace

const BoardShape& board_shape(int holes_per_row) { return holes_per_row == 12 ? kShape12 : kShape6; }

}  // namespace hoyito::engine
