#include "harness/annotate/refusal.h"

#include <fmt/format.h>

#include "model/model.h"

namespace hoyito {

namespace {

// The hole a move's text names (BRD-4 letters); none for "pass" or a text naming no hole.
std::optional<int> hole_of(const std::string& move, int n) {
  try {
    return parse_hole(move, n);
  } catch (const InputError&) {
    return std::nullopt;
  }
}

std::string legal_text(const Rules& rules, const Position& position, Lang lang) {
  std::vector<Move> holes;
  try {
    holes = model::Game(rules, position).legal_moves();
  } catch (const std::exception&) {  // Q-LIMIT: another move undecided; the list cannot be given
    return "";
  }
  std::string list;
  for (size_t i = 0; i < holes.size(); ++i) {
    if (i > 0) list += i + 1 == holes.size() ? fmt::format(" {} ", word(Word::and_, lang)) : ", ";
    list += move_text(holes[i], rules.holes_per_row);
  }
  return fmt::format(fmt::runtime(word(Word::refused_legal, lang)), fmt::arg("moves", list));
}

// The refusal of a move from one of the mover's non-empty holes: endless (SOW-6) or undecided (Q-LIMIT).
void sowing_refusal(const Rules& rules, const Position& position, Lang lang, RefusalStory& story) {
  const std::string player = player_word(position.to_move, lang), hole = hole_name(*story.hole, rules.holes_per_row);
  try {
    const model::MoveOutcome outcome = model::sow_move(rules, position, *story.hole);
    if (!outcome.endless || rules.options.endless_sowing != EndlessSowing::illegal) return;  // legal here
    story.endless = EndlessMove{*story.hole, static_cast<long>(outcome.laps), static_cast<long>(outcome.repeated_lap)};
    story.reason =
        fmt::format(fmt::runtime(word(Word::refused_endless, lang)), fmt::arg("player", player), fmt::arg("hole", hole),
                    fmt::arg("lap", story.endless->lap), fmt::arg("repeated", story.endless->repeated_lap));
  } catch (const UndecidedMove&) {
    story.reason = fmt::format(fmt::runtime(word(Word::refused_undecided, lang)), fmt::arg("player", player),
                               fmt::arg("hole", hole), fmt::arg("lap", rules.options.lap_limit));
  }
}

}  // namespace

RefusalStory tell_refusal(const Rules& rules, const Position& position, const std::string& move, bool over, Lang lang) {
  const int n = rules.holes_per_row;
  RefusalStory story;
  story.hole = hole_of(move, n);
  const std::string player = player_word(position.to_move, lang);
  story.heading =
      fmt::format(fmt::runtime(word(Word::refused_heading, lang)), fmt::arg("player", player), fmt::arg("move", move));
  auto say = [&](Word w) {
    story.reason = fmt::format(fmt::runtime(word(w, lang)), fmt::arg("player", player),
                               fmt::arg("hole", story.hole ? hole_name(*story.hole, n) : move));
  };
  if (over) {
    say(Word::refused_over);  // END-1: no ply after the end
    return story;
  }
  story.legal = legal_text(rules, position, lang);
  if (!story.hole) {
    if (move == "pass") say(Word::refused_pass);  // PASS-1: only a player with no seeds passes
    return story;
  }
  if (model::hole_owner(*story.hole, n) != position.to_move)
    say(Word::refused_not_own);  // BRD-4, SOW-1
  else if (position.board[static_cast<size_t>(*story.hole)] == 0)
    say(Word::refused_empty);  // SOW-1
  else
    sowing_refusal(rules, position, lang, story);  // SOW-6, Q-LIMIT
  return story;
}

}  // namespace hoyito
