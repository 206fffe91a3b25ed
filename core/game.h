// Value types shared by the reference model and the engine: positions, rule IDs, events, plies
// and results (specs/game-record.md). Data only: no rules are applied here.
#pragma once

#include <array>
#include <cassert>
#include <compare>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/refusal.h"
#include "core/rules.h"

namespace hoyito {

// A position (specs/game-record.md "Position"). board[h] is the count of hole h (BRD-4).
struct Position {
  std::vector<int> board;
  std::array<int, 2> captured{0, 0};
  Player to_move = Player::south;
  bool operator==(const Position&) const = default;
};

// Throws InputError naming `where` (e.g. "start") and the field when the position is not valid
// for the rules: wrong board length, a negative count, seeds that do not add up to the total.
void validate(const Position& position, const Rules& rules, std::string_view where = "position");
bool board_empty(const Position& position);  // every hole empty (END-1: no game goes on there)
// Whether the rules and `position` are valid (validate() would accept both): for the asserts that
// state the contracts of the model's and the engine's entry points (core/implementation.h).
bool is_valid(const Position& position, const Rules& rules) noexcept;

// Every rule ID of specs/rules.md, in its order. tests/ checks this list against the file.
// clang-format off
#define HOYITO_RULE_IDS(X)                                                                      \
  X(BRD_1, "BRD-1") X(BRD_2, "BRD-2") X(BRD_3, "BRD-3") X(BRD_4, "BRD-4") X(TURN_1, "TURN-1")  \
  X(SOW_1, "SOW-1") X(SOW_2, "SOW-2") X(SOW_3, "SOW-3") X(SOW_4, "SOW-4") X(SOW_5, "SOW-5")    \
  X(SOW_6, "SOW-6") X(CAP_II_1, "CAP-II-1") X(CAP_II_2, "CAP-II-2") X(CAP_II_3, "CAP-II-3")     \
  X(CAP_III_1, "CAP-III-1") X(CAP_III_2, "CAP-III-2") X(CAP_III_3, "CAP-III-3")                 \
  X(CAP_I_1, "CAP-I-1") X(CAP_I_2, "CAP-I-2") X(CAP_I_3, "CAP-I-3") X(PASS_1, "PASS-1")         \
  X(PASS_2, "PASS-2") X(PASS_3, "PASS-3") X(END_1, "END-1") X(END_2, "END-2") X(END_3, "END-3")  \
  X(END_4, "END-4") X(END_I_1, "END-I-1") X(END_II_1, "END-II-1") X(END_III_1, "END-III-1")                        \
  X(END_III_2, "END-III-2") X(END_III_3, "END-III-3") X(END_III_4, "END-III-4")                  \
  X(MATCH_1, "MATCH-1") X(MATCH_2, "MATCH-2") X(MATCH_3, "MATCH-3")
// clang-format on

enum class RuleId : std::uint8_t {
#define HOYITO_ENUM(name, text) name,
  HOYITO_RULE_IDS(HOYITO_ENUM)
#undef HOYITO_ENUM
      count
};
std::string_view rule_text(RuleId id);
RuleId parse_rule_id(std::string_view text);  // throws InputError
inline constexpr int kRuleCount = static_cast<int>(RuleId::count);

enum class EventKind : std::uint8_t {
  lift,
  lap,
  sow_end,
  relay,
  capture,
  chain_capture,
  extra_move,
  pass,
  endless_sowing,
  last_four_award,
  side_award,
  game_end
};
std::string_view event_kind_name(EventKind kind);
EventKind parse_event_kind(std::string_view text);  // throws InputError

enum class Status : std::uint8_t { playing, finished, unterminated, void_game };
std::string_view status_name(Status s);
Status parse_status(std::string_view text);  // throws InputError

// One event of a ply (specs/game-record.md "Events"). Fields a kind does not use stay -1 (the
// player empty, the winner none).
struct Event {
  EventKind kind = EventKind::lift;
  RuleId rule = RuleId::SOW_1;
  int hole = -1;
  int from = -1;
  int to = -1;
  int seeds = -1;
  std::optional<Player> player;     // capture, chain_capture, extra_move, pass, the awards
  Status status = Status::playing;  // game_end only
  Winner winner = Winner::none;     // game_end only
  bool operator==(const Event&) const = default;
};
std::string describe(const Event& e, int holes_per_row);  // one line, for people
// A game's end for people: "winner south", "a draw", or "no winner" (unterminated, void): a
// record's "winner": null is no word to print.
std::string winner_words(Winner winner);

// What a player chooses on a ply: a hole of the board (TURN-1, SOW-1) or a pass (PASS-1..3).
// One byte: the hole index 0..2N-1 of BRD-4, or -1 for the pass. Ordered with the pass first and
// then by hole, so a sorted list of legal moves is the ascending holes (or the pass alone).
class Move {
 public:
  static constexpr Move pass() { return Move(-1); }
  static constexpr Move at(int hole) {
    assert(hole >= 0 && hole < 128);
    return Move(hole);
  }
  constexpr Move() = default;  // the pass: a ply record's default before it is filled
  constexpr bool is_pass() const { return hole_ < 0; }
  // The hole sown; a pass has none (asking is a contract breach).
  constexpr int hole() const {
    assert(!is_pass());
    return hole_;
  }
  // The hole, or -1 for the pass: for tables indexed by move and for the engine's masks.
  constexpr int index() const { return hole_; }
  constexpr auto operator<=>(const Move&) const = default;

 private:
  explicit constexpr Move(int hole) : hole_(static_cast<std::int8_t>(hole)) {}
  std::int8_t hole_ = -1;
};

struct Ply {
  Player player = Player::south;
  Move move;  // the hole sown, or the pass
  std::vector<Event> events;
  Position after;
  std::string comment;  // an author's note on the ply (game-record.md `comment`), shown by hoyito annotate
  bool operator==(const Ply&) const = default;
};

struct Result {
  Status status = Status::playing;
  std::array<int, 2> captured{0, 0};
  Winner winner = Winner::none;
  bool operator==(const Result&) const = default;
};

// A whole game: what a record holds.
struct GameRecord {
  Rules rules;
  Position start;
  std::vector<Ply> plies;
  Result result;
  bool operator==(const GameRecord&) const = default;
};

std::string move_text(Move move, int holes_per_row);  // "c", "A" or "pass"
// The moves in the notation, space-separated ("a c D"; "" for none): the list `legal` answers,
// the legal moves of a refusal, a `playmoves` line.
std::string moves_text(std::span<const Move> moves, int holes_per_row);
// The move a notation names (a hole letter or "pass"); throws InputError.
Move parse_move(std::string_view text, int holes_per_row);

// A Hoyito III match (MATCH-1..3): what the model's and the engine's match rules take and give
// (model/model.h match_standing, engine/match.h Match), data only.
struct MatchGame {
  std::array<int, 2> captured{0, 0};  // the captures of a finished game
};
struct MatchStanding {
  std::vector<Player> starters;          // who starts each game, one more than the games played
  std::vector<Winner> previous_winners;  // the previous_winner of each game's rules (none first)
  std::array<int, 2> games_won{0, 0};
  std::array<int, 2> seeds{0, 0};
  Winner winner = Winner::none;  // south, north or draw once a game has been played
  bool operator==(const MatchStanding&) const = default;
};

}  // namespace hoyito
