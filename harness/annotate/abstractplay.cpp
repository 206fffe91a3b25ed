#include "harness/annotate/abstractplay.h"

#include <fmt/format.h>

namespace hoyito {

namespace {

// Row 0: North's holes F..A (2n-1 down to n); row 1: South's a..f (0 to n-1).
std::string pieces(const Position& position, int n) {
  std::string north, south;
  for (int col = 0; col < n; ++col) {
    north += fmt::format("{}{}", col ? "," : "", position.board[static_cast<size_t>(2 * n - 1 - col)]);
    south += fmt::format("{}{}", col ? "," : "", position.board[static_cast<size_t>(col)]);
  }
  return fmt::format("{}\\n{}\\n{},{}", north, south, position.captured[index(Player::north)],
                     position.captured[index(Player::south)]);
}

std::string outline(const Ply& ply, int n) {
  if (ply.move.is_pass()) return "";
  const int hole = ply.move.hole();
  const int row = hole < n ? 1 : 0, col = hole < n ? hole : 2 * n - 1 - hole;
  return fmt::format(",{{\"type\":\"outline\",\"colour\":{},\"points\":[{{\"row\":{},\"col\":{}}}]}}",
                     ply.player == Player::south ? 1 : 2, row, col);
}

}  // namespace

std::string abstractplay_json(const Position& position, int holes_per_row, const Ply& ply) {
  return fmt::format(
      "{{\"renderer\":\"sowing-numerals\",\"options\":[\"hide-labels\"],\"board\":{{\"style\":\"sowing\",\"width\":{},"
      "\"height\":2,\"showEndPits\":true,\"markers\":[{{\"type\":\"edge\",\"edge\":\"N\",\"colour\":2}},"
      "{{\"type\":\"edge\",\"edge\":\"S\",\"colour\":1}}{}]}},\"pieces\":\"{}\"}}\n",
      holes_per_row, outline(ply, holes_per_row), pieces(position, holes_per_row));
}

}  // namespace hoyito
