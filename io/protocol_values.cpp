// The values inside protocol lines: the state line, events, the rules and position commands and
// the capabilities (specs/engine-protocol.md, "Values", `events`, `supports`).
#include <algorithm>

#include <fmt/format.h>

#include "io/engine_protocol.h"

namespace hoyito::protocol {

namespace {

std::string join_counts(const int* begin, const int* end) {
  std::string out;
  for (const int* p = begin; p != end; ++p) out += fmt::format("{}{}", p == begin ? "" : ",", *p);
  return out;
}

std::vector<int> parse_counts(std::string_view text, std::string_view where, std::size_t expected) {
  std::vector<int> counts;
  std::size_t begin = 0;
  while (counts.size() <= expected) {
    const std::size_t comma = text.find(',', begin);
    const std::string_view piece = text.substr(begin, comma == std::string_view::npos ? comma : comma - begin);
    counts.push_back(static_cast<int>(parse_number(piece, where, 0, 1'000'000)));
    if (comma == std::string_view::npos) break;
    begin = comma + 1;
  }
  if (counts.size() != expected)
    throw ProtocolError(fmt::format("{}: {}{} counts, expected {}", where, counts.size() > expected ? "more than " : "",
                                    counts.size(), expected));
  return counts;
}

// Parsing of InputError-throwing core readers, as ProtocolError naming the field.
template <typename Parse>
auto as_protocol(std::string_view where, Parse&& parse) {
  try {
    return parse();
  } catch (const ProtocolError&) {
    throw;
  } catch (const InputError& e) {
    throw ProtocolError(fmt::format("{}: {}", where, e.what()));
  }
}

Winner parse_winner_or_null(std::string_view text, std::string_view where) {
  if (text == "null") return Winner::none;
  return as_protocol(where, [&] { return parse_winner(text); });
}

}  // namespace

// One key of a state line into `state`; false when the key is not one of the state line's.
static bool read_state_key(StateLine& state, const std::string& key, const std::string& value, int n,
                           std::string_view where) {
  const std::string field = fmt::format("{} {}", where, key);
  if (key == "board") {
    state.position.board = parse_counts(value, field, static_cast<std::size_t>(2 * n));
  } else if (key == "captured") {
    const std::vector<int> c = parse_counts(value, field, 2);
    state.position.captured = {c[0], c[1]};
  } else if (key == "to_move") {
    state.position.to_move = as_protocol(field, [&] { return parse_player(value); });
  } else if (key == "round") {
    state.round = static_cast<int>(parse_number(value, field, 1, 1'000'000));
  } else if (key == "previous_winner") {
    state.previous_winner = parse_winner_or_null(value, field);
  } else if (key == "status") {
    state.status = as_protocol(field, [&] { return parse_status(value); });
  } else if (key == "winner") {
    state.winner = parse_winner_or_null(value, field);
  } else if (key == "plies") {
    state.plies = static_cast<int>(parse_number(value, field, 0, 1'000'000'000));
  } else {
    return false;
  }
  return true;
}

StateLine parse_state(std::string_view text, int holes_per_row, std::string_view where, bool strict) {
  StateLine state;
  for (const auto& [key, value] : parse_fields(text, where)) {
    if (!state.keys.insert(key).second) throw ProtocolError(fmt::format("{}: key {} given twice", where, key));
    if (!read_state_key(state, key, value, holes_per_row, where) && strict)
      throw ProtocolError(
          fmt::format("{}: unknown key '{}' (board, captured, to_move, round, previous_winner)", where, one_line(key)));
  }
  for (const char* required : {"board", "captured", "to_move"})
    if (state.keys.count(required) == 0) throw ProtocolError(fmt::format("{}: no {}=", where, required));
  return state;
}

std::string format_position(const Position& p) {
  return fmt::format("board={} captured={} to_move={}", join_counts(p.board.data(), p.board.data() + p.board.size()),
                     join_counts(p.captured.data(), p.captured.data() + 2), player_name(p.to_move));
}

std::string format_state(const Position& position, const Result& result, int plies) {
  return fmt::format("{} status={} winner={} plies={}", format_position(position), status_name(result.status),
                     winner_name(result.winner), plies);
}

std::string format_event(const Event& e) {
  std::string out = fmt::format("event={} rule={}", event_kind_name(e.kind), rule_text(e.rule));
  if (e.hole >= 0) out += fmt::format(" hole={}", e.hole);
  if (e.from >= 0) out += fmt::format(" from={}", e.from);
  if (e.to >= 0) out += fmt::format(" to={}", e.to);
  if (e.seeds >= 0) out += fmt::format(" seeds={}", e.seeds);
  if (e.player) out += fmt::format(" player={}", player_name(*e.player));
  if (e.kind == EventKind::game_end)
    out += fmt::format(" status={} winner={}", status_name(e.status), winner_name(e.winner));
  return out;
}

Event parse_event(std::string_view line, std::string_view where) {
  Event e;
  bool kind = false, rule = false;
  for (const auto& [key, value] : parse_fields(line, where)) {
    const std::string field = fmt::format("{} {}", where, key);
    if (key == "event")
      kind = true, e.kind = as_protocol(field, [&] { return parse_event_kind(value); });
    else if (key == "rule")
      rule = true, e.rule = as_protocol(field, [&] { return parse_rule_id(value); });
    else if (key == "hole")
      e.hole = static_cast<int>(parse_number(value, field, 0, 23));
    else if (key == "from")
      e.from = static_cast<int>(parse_number(value, field, 0, 23));
    else if (key == "to")
      e.to = static_cast<int>(parse_number(value, field, 0, 23));
    else if (key == "seeds")
      e.seeds = static_cast<int>(parse_number(value, field, 0, 1'000'000));
    else if (key == "player")
      e.player = as_protocol(field, [&] { return parse_player(value); });
    else if (key == "status")
      e.status = as_protocol(field, [&] { return parse_status(value); });
    else if (key == "winner")
      e.winner = parse_winner_or_null(value, field);
  }
  if (!kind || !rule) throw ProtocolError(fmt::format("{}: an event needs event= and rule=", where));
  return e;
}

std::string rules_command(const Rules& rules) {
  std::string out =
      fmt::format("rules {} {} {}", variant_name(rules.variant), rules.holes_per_row, rules.seeds_per_hole);
  for (const OptionInfo& info : option_table()) {
    const std::string value = option_value(rules, info.name);
    if (value != info.values.front()) out += fmt::format(" {}={}", info.name, value);
  }
  return out;
}

std::string position_command(const Rules& rules, const Position& start) {
  std::string out = "position " + format_position(start);
  if (rules.variant == Variant::hoyito3 && (rules.round != 1 || rules.previous_winner != Winner::none))
    out += fmt::format(" round={} previous_winner={}", rules.round, winner_name(rules.previous_winner));
  return out;
}

}  // namespace hoyito::protocol
