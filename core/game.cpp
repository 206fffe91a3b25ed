#include "core/game.h"

#include <algorithm>

#include <fmt/format.h>

namespace hoyito {

bool board_empty(const Position& position) {
  return std::all_of(position.board.begin(), position.board.end(), [](int seeds) { return seeds == 0; });
}

bool is_valid(const Position& position, const Rules& rules) noexcept {
  try {
    validate(rules);
    validate(position, rules);
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

void validate(const Position& position, const Rules& rules, std::string_view where) {
  if (static_cast<int>(position.board.size()) != rules.holes())
    throw InputError(fmt::format("{}.board: {} entries, expected {} for a 2x{} board", where, position.board.size(),
                                 rules.holes(), rules.holes_per_row));
  long total = 0;
  for (size_t h = 0; h < position.board.size(); ++h) {
    if (position.board[h] < 0)
      throw InputError(fmt::format("{}.board[{}]: negative count {}", where, h, position.board[h]));
    total += position.board[h];
  }
  for (const Player p : kPlayers) {
    const int captured = position.captured[index(p)];
    if (captured < 0) throw InputError(fmt::format("{}.captured[{}]: negative count {}", where, index(p), captured));
    total += captured;
  }
  // A check of input, not a rule applied: a record's seeds must add up to the board's (BRD-3).
  // Written here once for reading; the model and the engine each count their own (seed totals).
  const long expected = static_cast<long>(rules.holes()) * rules.seeds_per_hole;
  if (total != expected)
    throw InputError(fmt::format("{}: board and captured add up to {} seeds, expected {}", where, total, expected));
}

namespace {
constexpr std::string_view kRuleTexts[] = {
#define HOYITO_TEXT(name, text) text,
    HOYITO_RULE_IDS(HOYITO_TEXT)
#undef HOYITO_TEXT
};
constexpr std::string_view kEventKinds[] = {
    "lift",       "lap",  "sow_end",        "relay",           "capture",    "chain_capture",
    "extra_move", "pass", "endless_sowing", "last_four_award", "side_award", "game_end"};
constexpr std::string_view kStatuses[] = {"playing", "finished", "unterminated", "void"};
}  // namespace

std::string_view rule_text(RuleId id) { return kRuleTexts[static_cast<int>(id)]; }

RuleId parse_rule_id(std::string_view text) {
  for (int i = 0; i < kRuleCount; ++i)
    if (kRuleTexts[i] == text) return static_cast<RuleId>(i);
  throw InputError(fmt::format("'{}' is not a rule ID of specs/rules.md", text));
}

std::string_view event_kind_name(EventKind kind) { return kEventKinds[static_cast<int>(kind)]; }

EventKind parse_event_kind(std::string_view text) {
  for (size_t i = 0; i < std::size(kEventKinds); ++i)
    if (kEventKinds[i] == text) return static_cast<EventKind>(i);
  throw InputError(fmt::format("'{}' is not an event kind", text));
}

std::string_view status_name(Status s) { return kStatuses[static_cast<int>(s)]; }

Status parse_status(std::string_view text) {
  for (size_t i = 0; i < std::size(kStatuses); ++i)
    if (kStatuses[i] == text) return static_cast<Status>(i);
  throw InputError(fmt::format("'{}' is not a status (playing, finished, unterminated, void)", text));
}

std::string move_text(Move move, int holes_per_row) {
  return move.is_pass() ? std::string("pass") : hole_name(move.hole(), holes_per_row);
}

std::string moves_text(std::span<const Move> moves, int holes_per_row) {
  std::string text;
  for (const Move move : moves) {
    if (!text.empty()) text += ' ';  // (not " " + text: GCC 12 warns of a false -Wrestrict there)
    text += move_text(move, holes_per_row);
  }
  return text;
}

Move parse_move(std::string_view text, int holes_per_row) {
  return text == "pass" ? Move::pass() : Move::at(parse_hole(text, holes_per_row));
}

namespace {
// The player of an event of a kind that has one; an event read from a record may lack it.
std::string_view event_player(const Event& e) { return e.player ? player_name(*e.player) : "nobody"; }
// "1 seed", "4 seeds": an event's count in words.
std::string seeds(int n) { return fmt::format("{} seed{}", n, n == 1 ? "" : "s"); }

}  // namespace

std::string winner_words(Winner w) {
  if (is_player(w)) return fmt::format("winner {}", winner_name(w));
  return w == Winner::draw ? "a draw" : "no winner";
}

std::string describe(const Event& e, int n) {
  std::string rule(rule_text(e.rule));
  switch (e.kind) {
    case EventKind::lift:
      return fmt::format("{}: lift {} from {}", rule, seeds(e.seeds), hole_name(e.hole, n));
    case EventKind::lap:
      return fmt::format("{}: lap of {} from {} to {}", rule, e.seeds, hole_name(e.from, n), hole_name(e.to, n));
    case EventKind::sow_end:
      return fmt::format("{}: last seed in empty {}, move ends", rule, hole_name(e.hole, n));
    case EventKind::relay:
      return fmt::format("{}: relay, lift {} from {}", rule, e.seeds, hole_name(e.hole, n));
    case EventKind::capture:
      return fmt::format("{}: {} captures {} from {}", rule, event_player(e), e.seeds, hole_name(e.hole, n));
    case EventKind::chain_capture:
      return fmt::format("{}: {} chain-captures {} from {}", rule, event_player(e), e.seeds, hole_name(e.hole, n));
    case EventKind::extra_move:
      return fmt::format("{}: {} moves again", rule, event_player(e));
    case EventKind::pass:
      return fmt::format("{}: {} passes", rule, event_player(e));
    case EventKind::endless_sowing:
      return fmt::format("{}: sowing from {} never ends", rule, hole_name(e.hole, n));
    case EventKind::last_four_award:
      return fmt::format("{}: last {} to {}", rule, seeds(e.seeds), event_player(e));
    case EventKind::side_award:
      return fmt::format("{}: {} takes {} from own side", rule, event_player(e), seeds(e.seeds));
    case EventKind::game_end:
      return fmt::format("{}: game ends, {}, {}", rule, status_name(e.status), winner_words(e.winner));
  }
  return rule;
}

}  // namespace hoyito
