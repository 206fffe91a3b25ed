// The moves of one table position (specs/endgame-tables.md, "How each rule enters"), made by the
// engine's own sowing: for the solver (harness/solve/layer_solver.cpp), `solve --verify` and the
// perfect player's conversion ranks (harness/games/table_play.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/rules.h"
#include "engine/config.h"
#include "harness/games/endgame_table.h"

namespace hoyito::solve {

inline constexpr int kNone = -128;  // no capture move (values lie in -48..48)
inline constexpr std::uint32_t kNoLink = 0xffffffffU;

// A position's moves: the best capture exit for each of lo and hi (a capture that ends the game:
// its captures and award, END-1; one that does not: captures + the lower layer's value, same
// mover, CAP-II-3/CAP-III-3), and the entries of this layer its quiet moves and its pass lead to
// (opponent to move, so turned: -value).
struct PositionMoves {
  int cap_lo = kNone, cap_hi = kNone;
  int stop = 0;  // r: the mover's seeds minus the opponent's on the board (END-3's share)
  int links = 0;
  std::array<std::uint32_t, 12> link{};
};

// The value of a lower-layer entry (seeds, entry) for the capture exits.
struct LowerValue {
  virtual ~LowerValue() = default;
  virtual TableValue operator()(int seeds, std::uint64_t entry) const = 0;
};

// The lower layers' values read from a finished table.
struct TableLowerValue : LowerValue {
  explicit TableLowerValue(const EndgameTable& t) : table(t) {}
  const EndgameTable& table;
  TableValue operator()(int seeds, std::uint64_t entry) const override { return table.entry(seeds, entry); }
};

class MoveMaker {
 public:
  MoveMaker(const Rules& rules, int max_seeds);
  const PositionIndex& index() const { return index_; }
  int sides() const { return sides_; }
  std::uint64_t layer_size(int seeds) const { return static_cast<std::uint64_t>(sides_) * index_.count(seeds); }
  // The moves of entry `entry` of layer `seeds` (South to move on the unranked board).
  void moves_of(int seeds, std::uint64_t entry, const LowerValue& lower, PositionMoves& out) const;
  // The board of an entry, as text (for reports).
  std::string describe(int seeds, std::uint64_t entry) const;

 private:
  std::uint64_t turned_entry(const std::uint8_t* board, int seeds, int side) const;
  Rules rules_;
  PositionIndex index_;
  int n_, sides_;
  std::array<engine::Config, 2> config_;  // per side: the award of END-III-3 to South (side 0) or North
};

}  // namespace hoyito::solve
