// Who is who, in the engine's own words: the owner of a hole (BRD-4), the other player (TURN-1),
// the start position (BRD-3) and the winner by captures (END-2).
//
// The model has its own (model/model.h) and core has none (tests/harness/verify/differential_test.cpp
// Independence.CoreDefinesNoRuleHelper), so that a slip in either copy shows up as a
// disagreement with the model (differential testing), never as a shared error. The harness
// calls these or the model's.
#pragma once

#include <array>
#include <cstddef>

#include "core/game.h"

namespace hoyito::engine {

// BRD-4: South owns holes 0..N-1, North N..2N-1 (holes are numbered in sowing order).
constexpr Player hole_owner(int hole, int n) { return hole < n ? Player::south : Player::north; }

// TURN-1: players alternate; the one who is not `p`.
constexpr Player opponent_of(Player p) { return p == Player::south ? Player::north : Player::south; }

// BRD-3: every hole holds rules.seeds_per_hole seeds, nothing is captured; `to_move` starts
// (South in game 1, MATCH-2 for later games of a match).
Position opening_position(const Rules& rules, Player to_move = Player::south);

// BRD-3: the seeds of the whole game, two rows of N holes of seeds_per_hole each.
constexpr int seed_total(const Rules& rules) { return 2 * rules.holes_per_row * rules.seeds_per_hole; }

// The side ahead by `lead` (South's count minus North's): South when positive, North when
// negative, a draw at zero. The sign picks the answer from a table: no branch on the side.
constexpr Winner winner_by_lead(int lead) {
  constexpr std::array<Winner, 3> kBySign{Winner::north, Winner::draw, Winner::south};
  return kBySign[static_cast<std::size_t>((lead > 0) - (lead < 0) + 1)];
}

// END-2 (G11): who captured more, or a draw when the captures are equal.
constexpr Winner winner_by_captures(const std::array<int, 2>& captured) {
  return winner_by_lead(captured[index(Player::south)] - captured[index(Player::north)]);
}

}  // namespace hoyito::engine
