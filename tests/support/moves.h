// Moves for the tests: hole indices written as Moves (core/game.h), so that an expected list of
// legal moves reads as the holes it names.
#pragma once

#include <initializer_list>
#include <ostream>
#include <vector>

#include "core/game.h"

namespace hoyito::testing {

inline std::vector<Move> holes(std::initializer_list<int> indices) {
  std::vector<Move> moves;
  for (int h : indices) moves.push_back(Move::at(h));
  return moves;
}

}  // namespace hoyito::testing

namespace hoyito {
// How a failing test prints a move: its hole index, or "pass".
inline std::ostream& operator<<(std::ostream& out, Move move) {
  return move.is_pass() ? out << "pass" : out << move.hole();
}
}  // namespace hoyito
