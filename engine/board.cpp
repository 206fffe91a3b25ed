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
      for (int i = 0; i < len; ++i)
        s.run[static_cast<unsigned>(start)][static_cast<unsigned>(len)].set((start + i) % holes, 1);
  for (int origin = 0; origin < holes; ++origin) {
    const auto o = static_cast<unsigned>(origin);
    for (int i = 0; i < kWords; ++i) {
      const auto word = static_cast<unsigned>(i);
      const std::uint64_t lifted = s.unit[o].w[word];
      s.round_from[o].w[word] = s.all.w[word] - static_cast<std::uint64_t>(holes) * lifted;
      for (int len = 0; len < holes; ++len)
        s.lap_from[o][static_cast<unsigned>(len)].w[word] =
            s.run[static_cast<unsigned>((origin + 1) % holes)][static_cast<unsigned>(len)].w[word] -
            static_cast<std::uint64_t>(len) * lifted;
    }
    for (int len = 1; len < holes; ++len)
      for (int i = 0; i < kWords; ++i)
        s.passed_from[o][static_cast<unsigned>(len)].w[static_cast<unsigned>(i)] =
            s.run[static_cast<unsigned>((origin + 1) % holes)][static_cast<unsigned>(len - 1)]
                .w[static_cast<unsigned>(i)]
            << 7;
  }
  return s;
}

constinit const BoardShape kShape6 = make_shape(6);
constinit const BoardShape kShape12 = make_shape(12);

}  // namespace

const BoardShape& board_shape(int holes_per_row) { return holes_per_row == 12 ? kShape12 : kShape6; }

}  // namespace hoyito::engine
