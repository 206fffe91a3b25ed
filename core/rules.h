// The rules configuration of a Hoyito game: variant, board size, seeds, Hoyito III round and
// previous result, and every open-question option (specs/open-questions.md, G1..G15).
//
// This is one of the few things the reference model (model/) and the optimised engine
// (engine/) share: it describes *which* rules are played, never *how* they are played.
#pragma once

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace hoyito {

// Bad input of any kind (option, position, record, move). The message is one line that names
// the thing and the value; the command-line program prints it and exits with code 2.
// Control characters in the message (a NUL, a newline or a terminal escape in a record's string
// quoted back) are written as escapes (\n, \u0000, \u001b), so that the line stays one whole line.
std::string one_line(std::string_view message);
struct InputError : std::runtime_error {
  explicit InputError(const std::string& message) : std::runtime_error(one_line(message)) {}
  explicit InputError(const char* message) : std::runtime_error(one_line(message)) {}
};

enum class Variant { hoyito1, hoyito2, hoyito3 };

// Q-LIMIT (specs/open-questions.md): a guard, not a rule. A move whose relay sowing has neither
// ended nor repeated a lap-end state by lap end `lap_limit` is refused as undecided
// (UndecidedMove, core/refusal.h), by the model and the engine alike. The option is 64-bit
// (issue 33): any whole number from 1 to kLargestLapLimit (10^13, some hours of the engine's
// time for one move, and far below 2^63 / 3, so Brent's walk to 3 x lap_limit cannot overflow).
// kDefaultLapLimit, 2 x 10^9, stays above the longest first repeat met in play from the standard
// start (1,912,296,601 laps, a 2x12 move: specs/endless-sowing.md, open-questions.md); moves of
// longer cycles are met in 2x12 play (about one game in a million) and are undecided under the
// default, decided under a larger lap_limit. Smaller limits exist so that verification can put
// both implementations on the boundary (`hoyito verify`, check "limits").
using LapCount = std::int64_t;
inline constexpr LapCount kDefaultLapLimit = 2'000'000'000;
inline constexpr LapCount kLargestLapLimit = 10'000'000'000'000;

// The two players (BRD-4: South owns holes 0..N-1, North N..2N-1). The underlying values are the
// indices of per-player arrays (captured[index(p)]) and the bit stored in packed keys, so the
// helper below is a cast. Core has no rule helpers (who owns a hole, BRD-4; who the other player is,
// TURN-1; the start position and the seed total, BRD-3): the model and the engine each have their
// own (model/model.h; engine/sides.h), so that differential testing sees a slip in either, and the
// harness uses one of those (tests/harness/verify/differential_test.cpp Independence.CoreDefinesNoRuleHelper).
enum class Player : std::uint8_t { south, north };
inline constexpr std::array<Player, 2> kPlayers{Player::south, Player::north};
constexpr std::size_t index(Player p) { return static_cast<std::size_t>(p); }

// A game's winner as records spell it: a player, a draw (END-2: equal captures), or none (the
// game is unterminated, void or still playing). The same value is the previous game's result of
// a Hoyito III match round (END-III-3, END-III-4), where none means there was no previous game.
enum class Winner : std::uint8_t { south, north, draw, none };
constexpr Winner winner_of(Player p) { return static_cast<Winner>(p); }
constexpr std::size_t index(Winner w) { return static_cast<std::size_t>(w); }  // tables of south, north, draw
constexpr bool is_player(Winner w) { return w == Winner::south || w == Winner::north; }
// The winning player; `w` must be south or north (is_player).
constexpr Player player_of(Winner w) {
  assert(is_player(w));
  return static_cast<Player>(w);
}
static_assert(winner_of(Player::south) == Winner::south && winner_of(Player::north) == Winner::north);

enum class EndlessSowing { illegal, void_game };               // G6
enum class EndlessGame { ply_limit, third_repetition };        // G7
enum class DrawnPreviousLastFour { capturer, split };          // G8
enum class MatchStarter { alternate, loser };                  // G9
enum class CaptureSides { both, opponent };                    // G2
enum class NoSeeds { pass, round_ends };                       // G14
enum class LaterRoundsLastFour { previous_winner, capturer };  // G15 (END-III-3)

struct Options {
  bool skip_origin = false;                                                           // G1
  CaptureSides capture_sides = CaptureSides::both;                                    // G2
  EndlessSowing endless_sowing = EndlessSowing::illegal;                              // G6
  EndlessGame endless_game = EndlessGame::ply_limit;                                  // G7
  int ply_limit = 5000;                                                               // G7
  DrawnPreviousLastFour drawn_previous_last_four = DrawnPreviousLastFour::capturer;   // G8
  MatchStarter match_starter = MatchStarter::alternate;                               // G9
  NoSeeds no_seeds = NoSeeds::pass;                                                   // G14
  LaterRoundsLastFour later_rounds_last_four = LaterRoundsLastFour::previous_winner;  // G15
  LapCount lap_limit = kDefaultLapLimit;                                              // Q-LIMIT
  // G3, G4, G5, G10, G11, G12, G13 have a single value each; they are named in the option table.
  bool operator==(const Options&) const = default;
};

struct Rules {
  Variant variant = Variant::hoyito2;
  int holes_per_row = 6;
  int seeds_per_hole = 4;
  int round = 1;                          // Hoyito III match round, from 1 (MATCH-1)
  Winner previous_winner = Winner::none;  // the previous game's result (END-III-3/4); none: no previous game
  Options options;

  int holes() const { return 2 * holes_per_row; }
  bool operator==(const Rules&) const = default;
};

// Throws InputError unless the configuration is one the rules define (Q-R of open-questions.md).
void validate(const Rules& rules);

// One row of the option table: what `hoyito rules` lists and what a record's "options" holds.
struct OptionInfo {
  std::string_view question;             // "G1" .. "G15", "Q-LIMIT"
  std::string_view name;                 // as in records and on the command line
  std::vector<std::string_view> values;  // default first; {"<number>"} for ply_limit
  std::string_view rule_ids;             // the rule IDs it touches
  std::string_view summary;
};
const std::vector<OptionInfo>& option_table();

// Current value of an option, as text ("false", "illegal", "5000", ...).
std::string option_value(const Rules& rules, std::string_view name);
// Sets one option from text; throws InputError naming the option and the value.
void set_option(Rules& rules, std::string_view name, std::string_view value);

std::string_view variant_name(Variant v);
Variant parse_variant(std::string_view text);  // throws InputError
std::string_view player_name(Player player);   // "south" / "north"
std::string_view winner_name(Winner winner);   // "south" / "north" / "draw" / "null"
Player parse_player(std::string_view text);    // throws InputError
Winner parse_winner(std::string_view text);    // south/north/draw; throws InputError

// Hole names (BRD-4): South's holes a.., North's A.., each from its owner's left.
std::string hole_name(int hole, int holes_per_row);
int parse_hole(std::string_view text, int holes_per_row);  // throws InputError

}  // namespace hoyito
