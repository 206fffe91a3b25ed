// The engine's compact board: one byte per hole, 24 bytes whatever the board size.
//
// Holes 0..2N-1 are in sowing order (BRD-4); on 2x6 the bytes 12..23 stay 0, so that whole-array
// compares and hashes work unchanged for both sizes. A byte is enough: at most 2 * 12 * 10 = 240
// seeds are in play (BRD-3 with seeds_per_hole <= 10).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace hoyito::engine {

inline constexpr int kMaxHoles = 24;

struct Board {
  alignas(8) std::array<std::uint8_t, kMaxHoles> seeds{};

  std::uint8_t& operator[](int hole) { return seeds[static_cast<std::size_t>(hole)]; }
  std::uint8_t operator[](int hole) const { return seeds[static_cast<std::size_t>(hole)]; }

  // The board as three 64-bit words (for compares and hashing).
  std::array<std::uint64_t, 3> words() const {
    std::array<std::uint64_t, 3> w;
    std::memcpy(w.data(), seeds.data(), sizeof w);
    return w;
  }

  friend bool operator==(const Board& a, const Board& b) {
    const auto x = a.words();
    const auto y = b.words();
    return ((x[0] ^ y[0]) | (x[1] ^ y[1]) | (x[2] ^ y[2])) == 0;
  }

  // Seeds in holes [first, first + count).
  int sum(int first, int count) const {
    int s = 0;
    for (int h = first; h < first + count; ++h) s += seeds[static_cast<std::size_t>(h)];
    return s;
  }
  int total() const { return sum(0, kMaxHoles); }

  // Bit h set when hole h in [first, first + count) holds seeds.
  std::uint64_t occupied(int first, int count) const {
    std::uint64_t mask = 0;
    for (int h = first; h < first + count; ++h)
      mask |= static_cast<std::uint64_t>(seeds[static_cast<std::size_t>(h)] != 0) << h;
    return mask;
  }
};

}  // namespace hoyito::engine
