// Occurrence counts of positions for END-3 third repetition (G7).
//
// A position is the board, the captures and the side to move; the start counts as its first
// occurrence. Captures never decrease, so once a capture happens no earlier position can occur
// again: the table forgets everything whenever the captured total changes, which keeps it as
// small as the longest capture-free stretch of the game.
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>

#include "engine/hash.h"

namespace hoyito::engine {

class Repetitions {
 public:
  // Counts one more occurrence of `key` and returns how many there have been.
  int record(const PositionKey& key, int captured_total) {
    if (!counts_) counts_.emplace();
    if (captured_total != captured_total_) {
      counts_->clear();
      captured_total_ = captured_total;
    }
    return static_cast<int>(++(*counts_)[key]);
  }
  // Forgets every occurrence (a game started again); the table's storage is kept.
  void clear() {
    if (counts_) counts_->clear();
    captured_total_ = -1;
  }

 private:
  // Made on first use: most games never use it (endless_game = ply_limit), and copying even an
  // empty table cost more than the rest of a copied engine::Game (callgrind, hoyito exhaustive).
  std::optional<std::unordered_map<PositionKey, std::uint32_t, PositionKeyHash>> counts_;
  int captured_total_ = -1;
};

}  // namespace hoyito::engine
