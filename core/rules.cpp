#include "core/rules.h"

#include <charconv>

#include <fmt/format.h>

namespace hoyito {

std::string one_line(std::string_view message) {
  std::string out;
  out.reserve(message.size());
  for (const char c : message) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\n')
      out += "\\n";
    else if (c == '\t')
      out += "\\t";
    else if (byte < 0x20 || byte == 0x7f)
      out += fmt::format("\\u{:04x}", byte);
    else
      out += c;
  }
  return out;
}

const std::vector<OptionInfo>& option_table() {
  static const std::vector<OptionInfo> table = {
      {"G1", "skip_origin", {"false", "true"}, "SOW-3", "a lap of 2N or more seeds skips the hole it was lifted from"},
      {"G2",
       "capture_sides",
       {"both", "opponent"},
       "CAP-II-1 CAP-II-2 CAP-III-1 CAP-I-1 CAP-I-2 SOW-5",
       "a casa is captured on either row, or only on the mover's opponent's row (MancalaGames' capt_side)"},
      {"G3",
       "four_at_lap_end",
       {"capture"},
       "CAP-II-1 CAP-III-1 CAP-I-2 SOW-5",
       "a lap ending on a hole that now holds four captures it; the sowing ends"},
      {"G4",
       "chain",
       {"clockwise_both_rows"},
       "CAP-II-2",
       "Hoyito II chain runs clockwise across both rows, stops at the first hole not holding four"},
      {"G5",
       "extra_move_without_seeds",
       {"pass"},
       "PASS-2",
       "an extra move with no seeds on the mover's side is a pass"},
      {"G6",
       "endless_sowing",
       {"illegal", "void"},
       "SOW-6 PASS-3",
       "an endless relay sowing is not legal, or voids the game"},
      {"G7",
       "endless_game",
       {"ply_limit", "third_repetition"},
       "END-3",
       "a game that never ends: stop at the ply limit, or share the board at a third repetition"},
      {"G7", "ply_limit", {"5000"}, "END-3", "plies after which an unfinished game is unterminated (1..1000000)"},
      {"G8",
       "drawn_previous_last_four",
       {"capturer", "split"},
       "END-III-4",
       "Hoyito III round 3+, previous game drawn: last four to the capturer, or two each"},
      {"G9",
       "match_starter",
       {"alternate", "loser"},
       "MATCH-2 MATCH-3",
       "who starts each game of a match after the first"},
      {"G10", "hoyito3_2x12", {"extension"}, "BRD-2", "Hoyito III on 2x12 is allowed as an extension"},
      {"G11", "equal_captures", {"draw"}, "END-2", "equal captures are a draw"},
      {"G12",
       "hoyito3_single_game",
       {"round_1"},
       "END-III-2",
       "Hoyito III outside a match is played as round 1: the capturer of the penultimate four takes the last four"},
      {"G13",
       "hoyito1_end",
       {"after_move"},
       "END-1 END-I-1 CAP-I-1",
       "Hoyito I: the move is sown to its end; then, if it captured and left four or fewer seeds on the board, the "
       "capturer takes them and the game ends"},
      {"G14",
       "no_seeds",
       {"pass", "round_ends"},
       "PASS-1 PASS-2 END-4",
       "a player to move with no seeds on their row passes, or the game ends, each player taking their own row "
       "(MancalaGames' end of game)"},
      {"G15",
       "later_rounds_last_four",
       {"previous_winner", "capturer"},
       "END-III-3",
       "Hoyito III round 3+, previous game won: last four to the previous winner (the seeds), or to the capturer "
       "as in rounds 1-2 (to measure what the round-3 rule does)"},
      {"Q-LIMIT",
       "lap_limit",
       {"2000000000"},
       "SOW-6",
       "a guard (met in 2x12 play about once a million games): lap ends within which a move must end or "
       "repeat a lap-end state, else it is undecided (1..10000000000000)"},
  };
  return table;
}

namespace {

template <typename Enum>
struct Spelling {
  Enum value;
  std::string_view text;
};

constexpr Spelling<EndlessSowing> kEndlessSowing[] = {{EndlessSowing::illegal, "illegal"},
                                                      {EndlessSowing::void_game, "void"}};
constexpr Spelling<EndlessGame> kEndlessGame[] = {{EndlessGame::ply_limit, "ply_limit"},
                                                  {EndlessGame::third_repetition, "third_repetition"}};
constexpr Spelling<DrawnPreviousLastFour> kDrawnPrevious[] = {{DrawnPreviousLastFour::capturer, "capturer"},
                                                              {DrawnPreviousLastFour::split, "split"}};
constexpr Spelling<CaptureSides> kCaptureSides[] = {{CaptureSides::both, "both"}, {CaptureSides::opponent, "opponent"}};
constexpr Spelling<NoSeeds> kNoSeeds[] = {{NoSeeds::pass, "pass"}, {NoSeeds::round_ends, "round_ends"}};
constexpr Spelling<LaterRoundsLastFour> kLaterRounds[] = {{LaterRoundsLastFour::previous_winner, "previous_winner"},
                                                          {LaterRoundsLastFour::capturer, "capturer"}};
constexpr Spelling<MatchStarter> kMatchStarter[] = {{MatchStarter::alternate, "alternate"},
                                                    {MatchStarter::loser, "loser"}};

template <typename Enum, size_t K>
std::string_view spell(const Spelling<Enum> (&table)[K], Enum value) {
  for (const auto& s : table)
    if (s.value == value) return s.text;
  return "?";
}

template <typename Enum, size_t K>
Enum parse_spelling(const Spelling<Enum> (&table)[K], std::string_view name, std::string_view text) {
  for (const auto& s : table)
    if (s.text == text) return s.value;
  std::string allowed;
  for (const auto& s : table) allowed += fmt::format("{}{}", allowed.empty() ? "" : ", ", s.text);
  throw InputError(fmt::format("option {}: unknown value '{}' (allowed: {})", name, text, allowed));
}

const OptionInfo& find_option(std::string_view name) {
  for (const auto& info : option_table())
    if (info.name == name) return info;
  std::string known;
  for (const auto& info : option_table()) known += fmt::format("{}{}", known.empty() ? "" : ", ", info.name);
  throw InputError(fmt::format("unknown option '{}' (known: {})", name, known));
}

}  // namespace

std::string option_value(const Rules& rules, std::string_view name) {
  const Options& o = rules.options;
  if (name == "skip_origin") return o.skip_origin ? "true" : "false";
  if (name == "endless_sowing") return std::string(spell(kEndlessSowing, o.endless_sowing));
  if (name == "endless_game") return std::string(spell(kEndlessGame, o.endless_game));
  if (name == "ply_limit") return std::to_string(o.ply_limit);
  if (name == "lap_limit") return std::to_string(o.lap_limit);
  if (name == "drawn_previous_last_four") return std::string(spell(kDrawnPrevious, o.drawn_previous_last_four));
  if (name == "match_starter") return std::string(spell(kMatchStarter, o.match_starter));
  if (name == "later_rounds_last_four") return std::string(spell(kLaterRounds, o.later_rounds_last_four));
  if (name == "capture_sides") return std::string(spell(kCaptureSides, o.capture_sides));
  if (name == "no_seeds") return std::string(spell(kNoSeeds, o.no_seeds));
  return std::string(find_option(name).values.front());  // single-valued decisions
}

void set_option(Rules& rules, std::string_view name, std::string_view value) {
  const OptionInfo& info = find_option(name);
  Options& o = rules.options;
  if (name == "skip_origin") {
    if (value != "true" && value != "false")
      throw InputError(fmt::format("option skip_origin: unknown value '{}' (allowed: false, true)", value));
    o.skip_origin = value == "true";
  } else if (name == "endless_sowing") {
    o.endless_sowing = parse_spelling(kEndlessSowing, name, value);
  } else if (name == "endless_game") {
    o.endless_game = parse_spelling(kEndlessGame, name, value);
  } else if (name == "ply_limit") {
    int n = 0;
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
    if (ec != std::errc() || end != value.data() + value.size() || n < 1 || n > 1000000)
      throw InputError(fmt::format("option ply_limit: '{}' is not a whole number from 1 to 1000000", value));
    o.ply_limit = n;
  } else if (name == "lap_limit") {  // Q-LIMIT: 64-bit, 1..kLargestLapLimit
    LapCount n = 0;
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
    if (ec != std::errc() || end != value.data() + value.size() || n < 1 || n > kLargestLapLimit)
      throw InputError(
          fmt::format("option lap_limit: '{}' is not a whole number from 1 to {}", value, kLargestLapLimit));
    o.lap_limit = n;
  } else if (name == "drawn_previous_last_four") {
    o.drawn_previous_last_four = parse_spelling(kDrawnPrevious, name, value);
  } else if (name == "later_rounds_last_four") {
    o.later_rounds_last_four = parse_spelling(kLaterRounds, name, value);
  } else if (name == "match_starter") {
    o.match_starter = parse_spelling(kMatchStarter, name, value);
  } else if (name == "capture_sides") {
    o.capture_sides = parse_spelling(kCaptureSides, name, value);
  } else if (name == "no_seeds") {
    o.no_seeds = parse_spelling(kNoSeeds, name, value);
  } else if (value != info.values.front()) {
    throw InputError(fmt::format("option {}: unknown value '{}' (allowed: {})", name, value, info.values.front()));
  }
}

void validate(const Rules& rules) {
  if (rules.holes_per_row != 6 && rules.holes_per_row != 12)
    throw InputError(fmt::format("rules.holes_per_row: {} is not 6 or 12", rules.holes_per_row));
  if (rules.seeds_per_hole < 1 || rules.seeds_per_hole > 10)
    throw InputError(fmt::format("rules.seeds_per_hole: {} is not from 1 to 10", rules.seeds_per_hole));
  if (rules.round < 1 || rules.round > 1000000)
    throw InputError(fmt::format("rules.round: {} is not from 1 to 1000000", rules.round));
  if (rules.variant != Variant::hoyito3) {
    if (rules.round != 1)
      throw InputError(fmt::format("rules.round: {} but only hoyito3 has rounds (use 1)", rules.round));
    if (rules.previous_winner != Winner::none)
      throw InputError("rules.previous_winner: only hoyito3 has a previous game (use null)");
  } else if (rules.round >= 3 && rules.previous_winner == Winner::none) {
    throw InputError(fmt::format(
        "rules.previous_winner: round {} of hoyito3 needs the previous game's winner (south, north or draw)",
        rules.round));
  }
  if (rules.options.ply_limit < 1 || rules.options.ply_limit > 1000000)
    throw InputError(fmt::format("option ply_limit: {} is not from 1 to 1000000", rules.options.ply_limit));
  if (rules.options.lap_limit < 1 || rules.options.lap_limit > kLargestLapLimit)
    throw InputError(
        fmt::format("option lap_limit: {} is not from 1 to {}", rules.options.lap_limit, kLargestLapLimit));
}

std::string_view variant_name(Variant v) {
  switch (v) {
    case Variant::hoyito1:
      return "hoyito1";
    case Variant::hoyito2:
      return "hoyito2";
    case Variant::hoyito3:
      return "hoyito3";
  }
  return "?";
}

Variant parse_variant(std::string_view text) {
  if (text == "hoyito1" || text == "1" || text == "I") return Variant::hoyito1;
  if (text == "hoyito2" || text == "2" || text == "II") return Variant::hoyito2;
  if (text == "hoyito3" || text == "3" || text == "III") return Variant::hoyito3;
  throw InputError(fmt::format("unknown variant '{}' (allowed: hoyito1, hoyito2, hoyito3)", text));
}

std::string_view player_name(Player player) { return player == Player::south ? "south" : "north"; }

std::string_view winner_name(Winner winner) {
  switch (winner) {
    case Winner::south:
      return "south";
    case Winner::north:
      return "north";
    case Winner::draw:
      return "draw";
    case Winner::none:
      break;
  }
  return "null";
}

Player parse_player(std::string_view text) {
  if (text == "south") return Player::south;
  if (text == "north") return Player::north;
  throw InputError(fmt::format("'{}' is not a player (south or north)", text));
}

Winner parse_winner(std::string_view text) {
  if (text == "draw") return Winner::draw;
  if (text == "south" || text == "north") return winner_of(parse_player(text));
  throw InputError(fmt::format("'{}' is not a result (south, north or draw)", text));
}

std::string hole_name(int hole, int holes_per_row) {
  if (hole < holes_per_row) return std::string(1, static_cast<char>('a' + hole));
  return std::string(1, static_cast<char>('A' + hole - holes_per_row));
}

int parse_hole(std::string_view text, int holes_per_row) {
  if (text.size() == 1) {
    char c = text[0];
    if (c >= 'a' && c < 'a' + holes_per_row) return c - 'a';
    if (c >= 'A' && c < 'A' + holes_per_row) return holes_per_row + (c - 'A');
  }
  throw InputError(fmt::format("hole '{}' is not on a 2x{} board (a..{} for South, A..{} for North)", text,
                               holes_per_row, static_cast<char>('a' + holes_per_row - 1),
                               static_cast<char>('A' + holes_per_row - 1)));
}

}  // namespace hoyito
