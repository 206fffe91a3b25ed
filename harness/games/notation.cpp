#include "harness/games/notation.h"

#include <fmt/format.h>

#include "harness/games/play.h"

namespace hoyito {

namespace {
bool captures(const Ply& ply) {
  for (const Event& e : ply.events)
    if ((e.kind == EventKind::capture || e.kind == EventKind::chain_capture) && e.player == ply.player) return true;
  return false;
}
}  // namespace

std::string ply_notation(const Ply& ply, int holes_per_row) {
  return move_text(ply.move, holes_per_row) + (captures(ply) ? "*" : "");
}

std::string game_notation(const std::vector<Ply>& plies, int holes_per_row) {
  std::string text;
  for (const Ply& ply : plies) {
    if (!text.empty()) text += ' ';
    text += ply_notation(ply, holes_per_row);
  }
  return text;
}

std::vector<NotationMove> parse_notation(std::string_view text) {
  std::vector<NotationMove> moves;
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ' ' || text[i] == ',' || text[i] == '\t' || text[i] == '\n') {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < text.size() && text[end] != ' ' && text[end] != ',' && text[end] != '\t' && text[end] != '\n') ++end;
    std::string_view token = text.substr(i, end - i);
    NotationMove move;
    if (token.size() > 1 && token.back() == '*') {
      move.marked_capture = true;
      token.remove_suffix(1);
    }
    if (token.empty() || token.find('*') != std::string_view::npos || (move.marked_capture && token == "pass"))
      throw InputError(fmt::format("--moves: token {} ('{}'): expected a hole letter, a letter and '*', or 'pass'",
                                   moves.size() + 1, text.substr(i, end - i)));
    move.move = std::string(token);
    moves.push_back(std::move(move));
    i = end;
  }
  return moves;
}

GameRecord play_notation(const Rules& rules, const Position& start, std::string_view text, PlayedBy by) {
  const std::vector<NotationMove> moves = parse_notation(text);
  std::vector<std::string> letters;
  for (const NotationMove& m : moves) letters.push_back(m.move);
  GameRecord record = play_moves(rules, start, letters, "--moves", by);
  for (size_t i = 0; i < moves.size(); ++i) {
    if (moves[i].marked_capture && !captures(record.plies[i]))
      throw InputError(
          fmt::format("--moves: move {} ('{}*'): the move captures nothing: remove the '*'", i + 1, moves[i].move));
  }
  return record;
}

}  // namespace hoyito
