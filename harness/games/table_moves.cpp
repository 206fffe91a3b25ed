#include "harness/games/table_moves.h"

#include <algorithm>
#include <cassert>

#include <fmt/format.h>

#include "engine/sow.h"

namespace hoyito::solve {

namespace {
// The configuration of one side of the table: side 0 is "the mover (South, in the table) won
// the previous game", side 1 "the opponent did" (END-III-3); other cases have side 0 only.
engine::Config side_config(Rules rules, int side) {
  if (award_case(rules) == AwardCase::previous_winner)
    rules.previous_winner = side == 0 ? Winner::south : Winner::north;
  return engine::make_config(rules);
}
}  // namespace

MoveMaker::MoveMaker(const Rules& rules, int max_seeds)
    : rules_(rules),
      index_(rules.holes(), max_seeds),
      n_(rules.holes_per_row),
      sides_(table_sides(award_case(rules))),
      config_{side_config(rules, 0), side_config(rules, 1)} {}

// The entry of `board` (South just moved) with North to move: turned half a ring (BRD-4), and
// the side swapped (the previous winner is the other player's now).
std::uint64_t MoveMaker::turned_entry(const std::uint8_t* board, int seeds, int side) const {
  std::array<std::uint8_t, 24> turned{};
  const int holes = 2 * n_;
  for (int h = 0; h < holes; ++h) turned[static_cast<std::size_t>(h)] = board[(h + n_) % holes];
  const auto other = static_cast<std::uint64_t>(sides_ == 2 ? 1 - side : 0);
  return other * index_.count(seeds) + index_.rank(turned.data(), seeds);
}

void MoveMaker::moves_of(int seeds, std::uint64_t entry, const LowerValue& lower, PositionMoves& out) const {
  const std::uint64_t boards = index_.count(seeds);
  const int side = static_cast<int>(entry / boards);
  std::array<std::uint8_t, 24> board{};
  index_.unrank(entry % boards, seeds, board.data());
  const engine::Config& config = config_[static_cast<std::size_t>(side)];
  engine::Board packed;
  for (int h = 0; h < 2 * n_; ++h) packed.set(h, board[static_cast<std::size_t>(h)]);
  out = PositionMoves{};
  for (int h = 0; h < 2 * n_; ++h)
    out.stop += h < n_ ? board[static_cast<std::size_t>(h)] : -board[static_cast<std::size_t>(h)];
  const std::array<int, 2> before{config.total - seeds, 0};  // the seed total holds (sow_move asserts it)
  bool moved = false;
  for (int hole = 0; hole < n_; ++hole) {  // SOW-1: the mover's non-empty holes
    if (board[static_cast<std::size_t>(hole)] == 0) continue;
    engine::Board after = packed;
    std::array<int, 2> captured = before;
    const engine::MoveEnd end = engine::sow_move<false>(config, after, captured, Player::south, hole, nullptr);
    if (end == engine::MoveEnd::undecided)
      throw InputError(
          fmt::format("solve: {} move {} is undecided (Q-LIMIT)", describe(seeds, entry), hole_name(hole, n_)));
    if (end == engine::MoveEnd::endless) continue;  // SOW-6 (G6 illegal): not a move
    moved = true;
    std::array<std::uint8_t, 24> next{};
    int left = 0;
    for (int h = 0; h < 2 * n_; ++h) left += next[static_cast<std::size_t>(h)] = static_cast<std::uint8_t>(after[h]);
    const int gained = (captured[0] - before[0]) - (captured[1] - before[1]);
    if (end == engine::MoveEnd::quiet) {
      out.link[static_cast<std::size_t>(out.links++)] =
          static_cast<std::uint32_t>(turned_entry(next.data(), seeds, side));
    } else if (end == engine::MoveEnd::game_over) {  // END-1 with its award
      out.cap_lo = std::max(out.cap_lo, gained);
      out.cap_hi = std::max(out.cap_hi, gained);
    } else {  // a capture and an extra move (CAP-II-3, CAP-III-3): the same mover, fewer seeds
      // Fours taken (CAP-II-1, the CAP-II-2 chain, CAP-III-1): the layer read is of the same
      // residue mod 4, so a table of the reachable layers holds it.
      assert(left < seeds && (seeds - left) % 4 == 0);
      const TableValue v =
          lower(left, static_cast<std::uint64_t>(side) * index_.count(left) + index_.rank(next.data(), left));
      out.cap_lo = std::max(out.cap_lo, gained + v.lo);
      out.cap_hi = std::max(out.cap_hi, gained + v.hi);
    }
  }
  // PASS-1/PASS-2 (no seeds), PASS-3 (every move endless): the same board, the opponent to move.
  if (!moved)
    out.link[static_cast<std::size_t>(out.links++)] =
        static_cast<std::uint32_t>(turned_entry(board.data(), seeds, side));
}

std::string MoveMaker::describe(int seeds, std::uint64_t entry) const {
  const std::uint64_t boards = index_.count(seeds);
  std::array<std::uint8_t, 24> board{};
  index_.unrank(entry % boards, seeds, board.data());
  std::string text = "[";
  for (int h = 0; h < 2 * n_; ++h) text += fmt::format("{}{}", h == 0 ? "" : ",", board[static_cast<std::size_t>(h)]);
  text += "] South to move";
  if (sides_ == 2) text += entry / boards == 0 ? ", South won the previous game" : ", North won the previous game";
  return text;
}

}  // namespace hoyito::solve
