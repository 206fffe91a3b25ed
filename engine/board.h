// The engine's compact board: one byte per hole, packed in three 64-bit words.
//
// Hole h is byte h % 8 of word h / 8 (by shifts, whatever the machine's byte order). Holes
// 0..2N-1 are in sowing order (BRD-4); on 2x6 the bytes of holes 12..23 stay 0, so that whole-
// board compares and hashes work unchanged for both sizes. A byte is enough: at most
// 2 * 12 * 10 = 240 seeds are in play (BRD-3 with seeds_per_hole <= 10), so no count and no sum
// of counts ever exceeds 255. That makes the words usable as SIMD-within-a-register vectors:
// adding two boards word by word never carries from one hole into the next, and the bytes of a
// word sum up with one multiplication.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace hoyito::engine {

inline constexpr int kMaxHoles = 24;
inline constexpr int kWords = 3;
inline constexpr std::uint64_t kByteOnes = 0x0101010101010101ULL;
// The most seeds a hole starts with: core validate() refuses rules.seeds_per_hole above 10.
inline constexpr int kMaxSeedsPerHole = 10;

// Every seed of the largest game fits in one hole's byte, so no hole and no sum of holes carries
// into the next byte (the words above are SIMD-within-a-register vectors).
static_assert(kMaxHoles * kMaxSeedsPerHole <= 0xff, "a byte per hole must hold every seed in play (BRD-3)");
static_assert(kWords * 8 >= kMaxHoles, "three words must hold a byte for every hole of 2x12");

// The number of set bits. std::popcount compiles to a call into libgcc (__popcountdi2) without
// -mpopcnt, which the build does not assume; this is the same SWAR sum, inline.
constexpr int count_bits(std::uint64_t x) {
  x -= (x >> 1) & 0x5555555555555555ULL;
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  return static_cast<int>((x * kByteOnes) >> 56);
}

// Six-bit masks (a row of 2x6, half a row of 2x12): the number of set bits, and where the k-th
// lowest one is (play_random: two table reads instead of a popcount and a loop of k steps).
struct SixBitTables {
  std::array<std::uint8_t, 64> count{};
  std::array<std::array<std::uint8_t, 6>, 64> select{};  // select[m][k], k < count[m]
};
constexpr SixBitTables make_six_bit_tables() {
  SixBitTables t;
  for (unsigned m = 0; m < 64; ++m)
    for (unsigned bit = 0; bit < 6; ++bit)
      if ((m >> bit & 1) != 0) t.select[m][t.count[m]++] = static_cast<std::uint8_t>(bit);
  return t;
}
inline constexpr SixBitTables kSixBits = make_six_bit_tables();

struct Board {
  std::array<std::uint64_t, kWords> w{};

  // Seeds in hole h.
  constexpr int operator[](int h) const {
    return static_cast<int>(w[static_cast<unsigned>(h) >> 3] >> ((h & 7) * 8) & 0xff);
  }
  constexpr void set(int h, int seeds) {
    const int shift = (h & 7) * 8;
    std::uint64_t& word = w[static_cast<unsigned>(h) >> 3];
    word = (word & ~(std::uint64_t{0xff} << shift)) | static_cast<std::uint64_t>(seeds) << shift;
  }
  constexpr void clear(int h) { w[static_cast<unsigned>(h) >> 3] &= ~(std::uint64_t{0xff} << ((h & 7) * 8)); }
  constexpr void add(int h, int seeds) {
    w[static_cast<unsigned>(h) >> 3] += static_cast<std::uint64_t>(seeds) << ((h & 7) * 8);
  }

  // Hole by hole sum (no carries: see above).
  constexpr void add(const Board& o) {
    for (int i = 0; i < kWords; ++i) w[static_cast<unsigned>(i)] += o.w[static_cast<unsigned>(i)];
  }
  // Adds `seeds` to every hole set to 1 in `ones` (a board of 0/1 bytes).
  constexpr void add_times(const Board& ones, int seeds) {
    const auto k = static_cast<std::uint64_t>(seeds);
    for (int i = 0; i < kWords; ++i) w[static_cast<unsigned>(i)] += ones.w[static_cast<unsigned>(i)] * k;
  }

  // Sum of the holes set to 1 in `ones`; of every hole with all_ones().
  constexpr int sum(const Board& ones) const {
    int s = 0;
    for (int i = 0; i < kWords; ++i) {
      // Keep the byte where `ones` has 1 (0x01 -> 0xff by multiplying), then add up the bytes.
      const std::uint64_t kept = w[static_cast<unsigned>(i)] & (ones.w[static_cast<unsigned>(i)] * 0xff);
      s += static_cast<int>((kept * kByteOnes) >> 56);
    }
    return s;
  }

  // Bit h set when hole h in [first, first + count) holds seeds.
  // Word by word: a byte's top bit is set when the byte is non-zero (its low seven bits plus
  // 0x7f carry into bit 7, or bit 7 is set already), and one multiplication gathers the eight
  // top bits of a word into its last byte.
  constexpr std::uint64_t occupied(int first, int count) const {
    std::uint64_t all = 0;
    for (int i = 0; i < kWords; ++i) all |= occupied_bytes(w[static_cast<unsigned>(i)]) << (8 * i);
    return all & (((std::uint64_t{1} << count) - 1) << first);
  }
  // The same for one row (first = 0 or N, count = N <= 12): such a run lies within the two
  // words from word first / 8, so the third is not looked at (once a ply: play_random).
  constexpr std::uint64_t occupied_row(int first, int count) const {
    const unsigned i = static_cast<unsigned>(first) >> 3;  // 0 or 1
    const std::uint64_t two = occupied_bytes(w[i]) | occupied_bytes(w[i + 1]) << 8;
    return two << (8 * i) & (((std::uint64_t{1} << count) - 1) << first);
  }

  // The same for row `row` (0: South's, 1: North's) on 2xkN, shifted down to bit 0 (bit i: hole
  // row * kN + i): occupied_row(row * kN, kN) >> (row * kN), with the size known (play_random).
  template <int kN>
  constexpr std::uint64_t row_occupied(std::size_t row) const {
    static_assert(kN == 6 || kN == 12);
    std::uint64_t all = occupied_bytes(w[0]);
    if constexpr (kN == 6) all |= (occupied_bytes(w[1]) & 0xf) << 8;
    if constexpr (kN == 12) all |= occupied_bytes(w[1]) << 8 | (occupied_bytes(w[2]) & 0xff) << 16;
    return all >> (row * kN) & ((std::uint64_t{1} << kN) - 1);
  }

  // Bit j set when byte j of `word` is non-zero.
  static constexpr std::uint64_t occupied_bytes(std::uint64_t word) {
    constexpr std::uint64_t kLow7 = 0x7f7f7f7f7f7f7f7fULL, kTop = 0x8080808080808080ULL;
    constexpr std::uint64_t kGatherTops = 0x0002040810204081ULL;  // top bit of byte j -> bit 56 + j
    return (((((word & kLow7) + kLow7) | word) & kTop) * kGatherTops) >> 56;
  }

  friend constexpr bool operator==(const Board& a, const Board& b) {
    return ((a.w[0] ^ b.w[0]) | (a.w[1] ^ b.w[1]) | (a.w[2] ^ b.w[2])) == 0;
  }
};

// Non-zero when some byte of `word` whose top bit is set in `tops` (a word of 0x80/0 bytes) holds
// exactly `seeds` (< 256): the top bit of each such byte. Exact, as occupied_bytes: a byte's low
// seven bits plus 0x7f carry into its top bit, never into the next byte.
constexpr std::uint64_t equal_bytes(std::uint64_t word, std::uint64_t tops, int seeds) {
  constexpr std::uint64_t kLow7 = 0x7f7f7f7f7f7f7f7fULL;
  const std::uint64_t differ = word ^ (kByteOnes * static_cast<std::uint64_t>(seeds));  // 0 where equal
  const std::uint64_t nonzero = ((differ & kLow7) + kLow7) | differ;                    // top bit of each non-zero byte
  return ~nonzero & tops;
}

// Boards of 0/1 bytes used as masks, for one board size.
struct BoardShape {
  Board all;                  // every hole of the board
  std::array<Board, 2> side;  // South's holes, North's holes
  // run[start][len]: the len holes start, start+1, ... (mod 2N), 0 <= len < 2N.
  std::array<std::array<Board, kMaxHoles>, kMaxHoles> run;
  std::array<Board, kMaxHoles> unit;  // unit[h]: hole h alone
  // A lap as one word-wise addition (engine/sow.cpp sow_lap). The words are sums of bytes
  // modulo 2^64, so a difference of boards added to a board is exact whenever every hole of the
  // result is in 0..255: lap_from[o][len] is run[o+1][len] - len * unit[o] (len < 2N seeds from
  // hole o, lifted), round_from[o] is all - 2N * unit[o] (one round of 2N seeds from o).
  std::array<std::array<Board, kMaxHoles>, kMaxHoles> lap_from;
  std::array<Board, kMaxHoles> round_from;
  // passed_from[o][len]: 0x80 in the holes a lap of len < 2N seeds from o passes before its last
  // one, o+1 .. o+len-1 (Hoyito I: may a passing seed make a casa? equal_bytes).
  std::array<std::array<Board, kMaxHoles>, kMaxHoles> passed_from;
};

// The shapes of 2x6 and 2x12 (constant-initialised tables).
const BoardShape& board_shape(int holes_per_row);

}  // namespace hoyito::engine
