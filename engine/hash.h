// The position as one 32-byte key (board, captures, side to move) and a fast hash of it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "engine/board.h"

namespace hoyito::engine {

// The whole position (board, captured, to_move) packed in four words; equal keys are equal
// positions (captures are at most 240, so a byte each).
struct PositionKey {
  std::array<std::uint64_t, 4> w{};
  bool operator==(const PositionKey&) const = default;
};

inline PositionKey position_key(const Board& board, const std::array<int, 2>& captured, Player to_move) {
  PositionKey key;
  key.w[0] = board.w[0];
  key.w[1] = board.w[1];
  key.w[2] = board.w[2];
  key.w[3] = static_cast<std::uint64_t>(captured[0]) | static_cast<std::uint64_t>(captured[1]) << 16 |
             static_cast<std::uint64_t>(index(to_move)) << 32;
  return key;
}

// A 64-bit finaliser (xor-shift-multiply, as in splitmix64).
inline std::uint64_t mix64(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return x;
}

inline std::uint64_t hash_key(const PositionKey& key) {
  std::uint64_t h = 0x9e3779b97f4a7c15ULL;
  for (std::uint64_t word : key.w) h = mix64(h ^ word) + 0x9e3779b97f4a7c15ULL;
  return h;
}

struct PositionKeyHash {
  std::size_t operator()(const PositionKey& key) const { return static_cast<std::size_t>(hash_key(key)); }
};

}  // namespace hoyito::engine
