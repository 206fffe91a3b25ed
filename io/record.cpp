#include "io/record.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <functional>
#include <memory>
#include <new>

#include <fmt/format.h>
#include <boost/json/basic_parser_impl.hpp>

#include "io/output.h"  // note_input

namespace hoyito {

namespace json = boost::json;

// ---------------------------------------------------------------------------------------------
// Writing

namespace {
// "south", "north", "draw", or null for none (no winner, no previous game).
json::value winner_json(Winner winner) {
  if (winner == Winner::none) return nullptr;
  return json::string(winner_name(winner));
}
// The player of an event of a kind that has one; an event read from a record may lack it: null.
json::value event_player_json(const Event& e) {
  if (!e.player) return nullptr;
  return json::string(player_name(*e.player));
}
}  // namespace

json::object to_json(const Rules& rules) {
  json::object options;
  for (const auto& info : option_table()) {
    std::string value = option_value(rules, info.name);
    if (info.name == "skip_origin")
      options[info.name] = value == "true";
    else if (info.name == "ply_limit")
      options[info.name] = rules.options.ply_limit;
    else if (info.name == "lap_limit")
      options[info.name] = rules.options.lap_limit;
    else
      options[info.name] = value;
  }
  json::object o;
  o["variant"] = variant_name(rules.variant);
  o["holes_per_row"] = rules.holes_per_row;
  o["seeds_per_hole"] = rules.seeds_per_hole;
  o["round"] = rules.round;
  o["previous_winner"] = winner_json(rules.previous_winner);
  o["options"] = std::move(options);
  return o;
}

json::object to_json(const Position& p) {
  json::array board;
  for (int c : p.board) board.push_back(c);
  return json::object{{"board", std::move(board)},
                      {"captured", json::array{p.captured[0], p.captured[1]}},
                      {"to_move", player_name(p.to_move)}};
}

json::object to_json(const Event& e) {
  json::object o;
  o["event"] = event_kind_name(e.kind);
  o["rule"] = rule_text(e.rule);
  switch (e.kind) {
    case EventKind::lift:
    case EventKind::relay:
      o["hole"] = e.hole;
      o["seeds"] = e.seeds;
      break;
    case EventKind::lap:
      o["from"] = e.from;
      o["to"] = e.to;
      o["seeds"] = e.seeds;
      break;
    case EventKind::sow_end:
    case EventKind::endless_sowing:
      o["hole"] = e.hole;
      break;
    case EventKind::capture:
    case EventKind::chain_capture:
      o["hole"] = e.hole;
      o["seeds"] = e.seeds;
      o["player"] = event_player_json(e);
      break;
    case EventKind::extra_move:
    case EventKind::pass:
      o["player"] = event_player_json(e);
      break;
    case EventKind::last_four_award:
    case EventKind::side_award:
      o["player"] = event_player_json(e);
      o["seeds"] = e.seeds;
      break;
    case EventKind::game_end:
      o["status"] = status_name(e.status);
      o["winner"] = winner_json(e.winner);
      break;
  }
  return o;
}

json::object to_json(const Ply& ply, int holes_per_row) {
  json::array events;
  for (const Event& e : ply.events) events.push_back(to_json(e));
  json::object o;
  o["player"] = player_name(ply.player);
  o["move"] = move_text(ply.move, holes_per_row);
  if (ply.move.is_pass())
    o["hole"] = nullptr;
  else
    o["hole"] = ply.move.hole();
  o["events"] = std::move(events);
  o["after"] = to_json(ply.after);
  if (!ply.comment.empty()) o["comment"] = ply.comment;  // an author's note, kept as read
  return o;
}

json::object to_json(const Result& r) {
  json::object o;
  o["status"] = status_name(r.status);
  o["captured"] = json::array{r.captured[0], r.captured[1]};
  o["winner"] = winner_json(r.winner);
  return o;
}

json::object to_json(const GameRecord& g) {
  json::array plies;
  for (const Ply& p : g.plies) plies.push_back(to_json(p, g.rules.holes_per_row));
  json::object o;
  o["format"] = "hoyito-game/1";
  o["rules"] = to_json(g.rules);
  o["start"] = to_json(g.start);
  o["plies"] = std::move(plies);
  o["result"] = to_json(g.result);
  return o;
}

std::string to_json_line(const GameRecord& game) { return json::serialize(to_json(game)); }

// ---------------------------------------------------------------------------------------------
// Reading. Every accessor names the path of the field it reads, so errors say where they are.

namespace {

constexpr std::size_t kShownValue = 40;     // characters of a value quoted in an error
constexpr std::size_t kShownMessage = 300;  // characters of a message from a name parser

// `text` cut to `most` characters with "...": an error line stays one short line whatever the
// input holds (a 50 MB string in a field).
std::string clipped(std::string_view text, std::size_t most) {
  if (text.size() <= most) return std::string(text);
  return std::string(text.substr(0, most - 3)) + "...";
}

// A JSON number that is not a whole number as JSON writes one (issue 36: "got 5E3", "got
// Infinity" named nothing): what it is, in words.
std::string shown_double(const json::value& v) {
  const double d = v.get_double();
  if (!std::isfinite(d)) return "a number too large to be any count (it reads as infinity)";
  if (d != std::floor(d))
    return fmt::format("{}, which is not a whole number", clipped(json::serialize(v), kShownValue));
  if (std::fabs(d) < 1e15)
    return fmt::format(
        "{}, which is {:.0f} written with an exponent or a fraction: write whole numbers in plain digits",
        clipped(json::serialize(v), kShownValue), d);
  return fmt::format("{}, a number of about {:.0e}, beyond any count", clipped(json::serialize(v), kShownValue), d);
}

std::string shown(const json::value& v) {
  if (v.is_double()) return shown_double(v);
  if (v.is_string() && v.get_string().size() > kShownValue)  // not serialized whole: it may be huge
    return json::serialize(json::value(clipped(v.get_string(), kShownValue))) + "...";
  if (v.is_structured()) return v.is_object() ? "an object" : "an array";
  return clipped(json::serialize(v), kShownValue);
}

// The keys of an object must be among `known` (the schema's additionalProperties: false).
void only_fields(const json::object& o, std::initializer_list<std::string_view> known, const std::string& path) {
  for (const auto& [key, value] : o)
    if (std::find(known.begin(), known.end(), std::string_view(key)) == known.end())
      throw InputError(fmt::format("{}.{}: unknown field", path, clipped(key, kShownValue)));
}

const json::object& as_object(const json::value& v, const std::string& path) {
  if (!v.is_object()) throw InputError(fmt::format("{}: expected an object, got {}", path, shown(v)));
  return v.get_object();
}

const json::value& field(const json::object& o, std::string_view key, const std::string& path) {
  return required_field(o, key, path);
}

// A whole number from lo to hi (64-bit: a lap_limit goes up to 10^13, Q-LIMIT).
long long as_whole(const json::value& v, const std::string& path, long long lo, long long hi) {
  long long n = 0;
  if (v.is_int64())
    n = v.get_int64();
  else if (v.is_uint64() && v.get_uint64() <= static_cast<std::uint64_t>(hi))
    n = static_cast<long long>(v.get_uint64());
  else if (v.is_uint64())  // a whole number, above 2^63 - 1
    throw InputError(fmt::format("{}: {} is out of range {}..{}", path, v.get_uint64(), lo, hi));
  else
    throw InputError(fmt::format("{}: expected a whole number, got {}", path, shown(v)));
  if (n < lo || n > hi) throw InputError(fmt::format("{}: {} is out of range {}..{}", path, n, lo, hi));
  return n;
}

int as_int(const json::value& v, const std::string& path, long lo = 0, long hi = 1L << 30) {
  return static_cast<int>(as_whole(v, path, lo, hi));
}

std::string_view as_string(const json::value& v, const std::string& path) {
  if (!v.is_string()) throw InputError(fmt::format("{}: expected a string, got {}", path, shown(v)));
  return v.get_string();
}

const json::array& as_array(const json::value& v, const std::string& path) {
  if (!v.is_array()) throw InputError(fmt::format("{}: expected an array, got {}", path, shown(v)));
  return v.get_array();
}

// Runs a parser of names (variant, player, ...) and puts the path in front of its message.
template <typename F>
auto named(const std::string& path, F&& parse) {
  try {
    return parse();
  } catch (const InputError& e) {
    throw InputError(fmt::format("{}: {}", path, clipped(e.what(), kShownMessage)));
  }
}

Winner optional_winner(const json::value& v, const std::string& path) {
  if (v.is_null()) return Winner::none;
  return named(path, [&] { return parse_winner(as_string(v, path)); });
}

// The optional origin of a record (specs/game-record.md): the seed and game index `hoyito
// random` made it from, so that `random --seed S --index K` makes it again. Checked, not kept:
// replaying a record does not need it.
void check_origin(const json::value& v, const std::string& path) {
  const json::object& o = as_object(v, path);
  only_fields(o, {"command", "seed", "index"}, path);
  const json::value& command = field(o, "command", path);
  if (!command.is_string() || command.get_string() != "random")
    throw InputError(fmt::format("{}.command: expected \"random\", got {}", path, shown(command)));
  for (const char* key : {"seed", "index"}) {
    const json::value& n = field(o, key, path);
    if (!n.is_uint64() && !(n.is_int64() && n.get_int64() >= 0))
      throw InputError(fmt::format("{}.{}: expected a whole number from 0 to 2^64 - 1, got {}", path, key, shown(n)));
  }
}

// What no play of the rules gives, refused before any replay. A position with seeds on the board
// and the game going on changes its captures only by casas of four (CAP-II-1, CAP-III-1, CAP-I-1,
// CAP-I-2; a chain is of fours, CAP-II-2): the awards that give other counts (the last seeds,
// END-I-1, END-II-1, END-III-2..4; the own-side seeds of a third repetition, END-3, or of END-4) all end the
// game. So a ply that does not end the game keeps each player's captures equal to the start's
// modulo four. (A made-up start may hold any counts: END-III-4 allows odd seeds left.) And an
// empty board cannot be played on: a game that reaches it has ended (END-1).
void refuse_impossible_play(const GameRecord& g, const std::string& path) {
  const auto ends = [](const Ply& ply) {
    return std::any_of(ply.events.begin(), ply.events.end(),
                       [](const Event& e) { return e.kind == EventKind::game_end; });
  };
  if (board_empty(g.start) && (!g.plies.empty() || g.result.status == Status::playing))
    throw InputError(fmt::format("{}.start: the board is empty, yet the game goes on (END-1: it has ended)", path));
  for (size_t i = 0; i < g.plies.size(); ++i) {
    const Ply& ply = g.plies[i];
    if (ends(ply)) continue;
    const std::string at = fmt::format("{}.plies[{}].after", path, i);
    if (board_empty(ply.after))
      throw InputError(fmt::format("{}: the board is empty, yet no game_end event ends the game (END-1)", at));
    for (const Player player : kPlayers) {
      const std::size_t p = index(player);
      if ((ply.after.captured[p] - g.start.captured[p]) % 4 != 0)
        throw InputError(
            fmt::format("{}.captured[{}]: {} differs from the start's {} by other than fours, yet the game "
                        "goes on (captures are casas of four; the awards end the game)",
                        at, p, ply.after.captured[p], g.start.captured[p]));
    }
  }
}

}  // namespace

Rules rules_from_json(const json::value& v, std::string_view where) {
  const std::string path = fmt::format("{}", where);
  const json::object& o = as_object(v, path);
  Rules r;
  for (const auto& [key, value] : o) {
    const std::string at = fmt::format("{}.{}", path, clipped(key, kShownValue));
    if (key == "variant") {
      r.variant = named(at, [&, &value = value] { return parse_variant(as_string(value, at)); });
    } else if (key == "holes_per_row") {
      r.holes_per_row = as_int(value, at, 0, 1000);
    } else if (key == "seeds_per_hole") {
      r.seeds_per_hole = as_int(value, at, 1, 10);  // BRD-3's bounds (validate, core/rules.cpp)
    } else if (key == "round") {
      r.round = as_int(value, at, 1, 1000000);
    } else if (key == "previous_winner") {
      r.previous_winner = optional_winner(value, at);
    } else if (key == "options") {
      for (const auto& [name, option] : as_object(value, at)) {
        const std::string opt_at = fmt::format("{}.{}", at, clipped(name, kShownValue));
        // The types of specs/game-record.schema.json: skip_origin a boolean, the limits whole
        // numbers, every other option a string ("false" and "5000" as strings are refused).
        std::string text;
        if (name == "skip_origin") {
          if (!option.is_bool())
            throw InputError(fmt::format("{}: expected true or false, got {}", opt_at, shown(option)));
          text = option.get_bool() ? "true" : "false";
        } else if (name == "ply_limit" || name == "lap_limit") {  // their bounds, as validate's
          text = fmt::to_string(as_whole(option, opt_at, 1, name == "ply_limit" ? 1000000 : kLargestLapLimit));
        } else {
          text = std::string(as_string(option, opt_at));
        }
        named(opt_at, [&, &name = name] {
          set_option(r, name, text);
          return 0;
        });
      }
    } else {
      throw InputError(fmt::format("{}: unknown field", at));
    }
  }
  required_field(o, "variant", path);
  required_field(o, "holes_per_row", path);
  try {
    validate(r);
  } catch (const InputError& e) {
    throw InputError(fmt::format("{}: {}", where, e.what()));
  }
  return r;
}

Position position_from_json(const json::value& v, const Rules& rules, std::string_view where) {
  const std::string path(where);
  const json::object& o = as_object(v, path);
  only_fields(o, {"board", "captured", "to_move"}, path);
  Position p;
  const json::array& board = as_array(field(o, "board", path), path + ".board");
  if (static_cast<int>(board.size()) != rules.holes())
    throw InputError(fmt::format("{}.board: {} entries, expected {} for a 2x{} board", path, board.size(),
                                 rules.holes(), rules.holes_per_row));
  for (size_t h = 0; h < board.size(); ++h)
    p.board.push_back(as_int(board[h], fmt::format("{}.board[{}]", path, h), -(1L << 30)));
  const json::array& captured = as_array(field(o, "captured", path), path + ".captured");
  if (captured.size() != 2) throw InputError(fmt::format("{}.captured: {} entries, expected 2", path, captured.size()));
  for (int i = 0; i < 2; ++i) p.captured[i] = as_int(captured[i], fmt::format("{}.captured[{}]", path, i), -(1L << 30));
  const std::string to_move_at = path + ".to_move";
  p.to_move = named(to_move_at, [&] { return parse_player(as_string(field(o, "to_move", path), to_move_at)); });
  validate(p, rules, path);
  return p;
}

Event event_from_json(const json::value& v, int holes_per_row, std::string_view where) {
  const std::string path(where);
  const json::object& o = as_object(v, path);
  Event e;
  const std::string kind_at = path + ".event";
  e.kind = named(kind_at, [&] { return parse_event_kind(as_string(field(o, "event", path), kind_at)); });
  const std::string rule_at = path + ".rule";
  e.rule = named(rule_at, [&] { return parse_rule_id(as_string(field(o, "rule", path), rule_at)); });
  const int holes = 2 * holes_per_row;
  for (const auto& [key, value] : o) {
    const std::string at = fmt::format("{}.{}", path, clipped(key, kShownValue));
    if (key == "event" || key == "rule") continue;
    if (key == "hole")
      e.hole = as_int(value, at, 0, holes - 1);
    else if (key == "from")
      e.from = as_int(value, at, 0, holes - 1);
    else if (key == "to")
      e.to = as_int(value, at, 0, holes - 1);
    else if (key == "seeds")
      e.seeds = as_int(value, at, 0, 1000000);
    else if (key == "player")
      e.player = named(at, [&, &value = value] { return parse_player(as_string(value, at)); });
    else if (key == "status")
      e.status = named(at, [&, &value = value] { return parse_status(as_string(value, at)); });
    else if (key == "winner")
      e.winner = optional_winner(value, at);
    else
      throw InputError(fmt::format("{}: unknown field", at));
  }
  return e;
}

Result result_from_json(const json::value& v, std::string_view where) {
  const std::string path(where);
  const json::object& o = as_object(v, path);
  only_fields(o, {"status", "captured", "winner"}, path);
  Result r;
  const std::string status_at = path + ".status";
  r.status = named(status_at, [&] { return parse_status(as_string(field(o, "status", path), status_at)); });
  const json::array& captured = as_array(field(o, "captured", path), path + ".captured");
  if (captured.size() != 2) throw InputError(fmt::format("{}.captured: {} entries, expected 2", path, captured.size()));
  for (int i = 0; i < 2; ++i) r.captured[i] = as_int(captured[i], fmt::format("{}.captured[{}]", path, i));
  r.winner = optional_winner(field(o, "winner", path), path + ".winner");
  return r;
}

GameRecord game_from_json(const json::value& v, std::string_view where) {
  const std::string path(where);
  const json::object& o = as_object(v, path);
  const json::value& format = field(o, "format", path);
  if (!format.is_string() || format.get_string() != "hoyito-game/1")
    throw InputError(fmt::format("{}.format: expected \"hoyito-game/1\", got {}", path, shown(format)));
  only_fields(o, {"format", "rules", "start", "plies", "result", "origin"}, path);
  if (const json::value* origin = o.if_contains("origin")) check_origin(*origin, path + ".origin");
  GameRecord g;
  g.rules = rules_from_json(field(o, "rules", path), path + ".rules");
  g.start = position_from_json(field(o, "start", path), g.rules, path + ".start");
  const json::array& plies = as_array(field(o, "plies", path), path + ".plies");
  for (size_t i = 0; i < plies.size(); ++i) {
    const std::string at = fmt::format("{}.plies[{}]", path, i);
    const json::object& po = as_object(plies[i], at);
    only_fields(po, {"player", "move", "hole", "events", "after", "comment"}, at);
    Ply ply;
    ply.player =
        named(at + ".player", [&] { return parse_player(as_string(field(po, "player", at), at + ".player")); });
    const std::string move_at = at + ".move";
    std::string_view move = as_string(field(po, "move", at), move_at);
    ply.move = named(move_at, [&] { return parse_move(move, g.rules.holes_per_row); });
    const json::value& hole = field(po, "hole", at);
    const Move recorded = hole.is_null() ? Move::pass() : Move::at(as_int(hole, at + ".hole", 0, g.rules.holes() - 1));
    if (recorded != ply.move)
      throw InputError(fmt::format("{}.hole: {} does not match move \"{}\"", at, shown(hole), move));
    const json::array& events = as_array(field(po, "events", at), at + ".events");
    for (size_t k = 0; k < events.size(); ++k)
      ply.events.push_back(event_from_json(events[k], g.rules.holes_per_row, fmt::format("{}.events[{}]", at, k)));
    ply.after = position_from_json(field(po, "after", at), g.rules, at + ".after");
    if (const json::value* comment = po.if_contains("comment")) ply.comment = as_string(*comment, at + ".comment");
    g.plies.push_back(std::move(ply));
  }
  g.result = result_from_json(field(o, "result", path), path + ".result");
  refuse_impossible_play(g, path);
  return g;
}

const json::value& required_field(const json::object& object, std::string_view key, std::string_view where) {
  const json::value* v = object.if_contains(key);
  if (!v) throw InputError(fmt::format("{}: missing field \"{}\"", where, key));
  return *v;
}

namespace {

constexpr std::size_t kMostDepth = 64;  // nesting of a record is 5 deep; deeper is not one
// Values (numbers, strings, arrays, objects...) in one JSON document: a record of hoyito's holds
// one per 6 bytes or so (about 2 million at kMostRecordBytes); 12 MB of "[0,0,...]" holds 6
// million, which the DOM (16 bytes each, and as much again while parsing) made 300 MB of.
constexpr std::size_t kMostJsonValues = 3'000'000;

// A SAX handler that builds nothing and refuses a key repeated in one object: Boost.JSON keeps
// the last of duplicates silently, and a record whose two "ply_limit"s say different things
// must not be read as either.
struct DuplicateKeyCheck {
  static constexpr std::size_t max_array_size = -1, max_object_size = -1, max_string_size = -1, max_key_size = -1;
  std::vector<std::vector<std::string>> keys;  // per open object (an empty entry for an array)
  std::string key;
  std::string duplicate;   // the first repeated key, once found
  std::size_t values = 0;  // seen so far; past kMostJsonValues the document is refused

  bool value(boost::system::error_code& ec) {
    if (++values <= kMostJsonValues) return true;
    ec = json::error::syntax;
    return false;
  }
  bool open(boost::system::error_code& ec) { return value(ec) && (keys.emplace_back(), true); }
  bool close(boost::system::error_code&) { return keys.pop_back(), true; }
  bool on_document_begin(boost::system::error_code&) { return true; }
  bool on_document_end(boost::system::error_code&) { return true; }
  bool on_array_begin(boost::system::error_code& ec) { return open(ec); }
  bool on_array_end(std::size_t, boost::system::error_code& ec) { return close(ec); }
  bool on_object_begin(boost::system::error_code& ec) { return open(ec); }
  bool on_object_end(std::size_t, boost::system::error_code& ec) { return close(ec); }
  bool on_string_part(json::string_view, std::size_t, boost::system::error_code&) { return true; }
  bool on_string(json::string_view, std::size_t, boost::system::error_code& ec) { return value(ec); }
  bool on_key_part(json::string_view s, std::size_t, boost::system::error_code&) { return key.append(s), true; }
  bool on_key(json::string_view s, std::size_t, boost::system::error_code& ec) {
    key.append(s);
    std::vector<std::string>& seen = keys.back();
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) {
      duplicate = key;
      ec = json::error::syntax;
      return false;
    }
    seen.push_back(std::move(key));
    key.clear();
    return true;
  }
  bool on_number_part(json::string_view, boost::system::error_code&) { return true; }
  bool on_int64(std::int64_t, json::string_view, boost::system::error_code& ec) { return value(ec); }
  bool on_uint64(std::uint64_t, json::string_view, boost::system::error_code& ec) { return value(ec); }
  bool on_double(double, json::string_view, boost::system::error_code& ec) { return value(ec); }
  bool on_bool(bool, boost::system::error_code& ec) { return value(ec); }
  bool on_null(boost::system::error_code& ec) { return value(ec); }
  bool on_comment_part(json::string_view, boost::system::error_code&) { return true; }
  bool on_comment(json::string_view, boost::system::error_code&) { return true; }
};

// The memory of one document's DOM and of the parser's stack while it is built, bounded: past
// kMostDomBytes the parse stops (TooBig) rather than take hundreds of MB for 12 MB of small values.
// Each allocation is counted with the allocator's overhead. Once the document is built the bound
// is lifted: copies of it made later share this resource and are the caller's.
constexpr std::size_t kMostDomBytes = std::size_t{100} << 20;
struct TooBig {};

// The bound itself, shared by the resource (which Boost.JSON holds inside its own wrapper, out of
// reach) and by parse_json, which lifts it once the document is built.
struct DomBudget {
  std::size_t most = kMostDomBytes;
};

class BoundedResource final : public json::memory_resource {
 public:
  explicit BoundedResource(std::shared_ptr<DomBudget> budget) : budget_(std::move(budget)) {}

 private:
  static std::size_t cost(std::size_t bytes) { return (bytes + 15) / 16 * 16 + 16; }
  void* do_allocate(std::size_t bytes, std::size_t align) override {
    if (used_ + cost(bytes) > budget_->most) throw TooBig{};
    used_ += cost(bytes);
    return ::operator new(bytes, std::align_val_t(align));
  }
  void do_deallocate(void* p, std::size_t bytes, std::size_t align) override {
    used_ -= std::min(used_, cost(bytes));
    ::operator delete(p, bytes, std::align_val_t(align));
  }
  bool do_is_equal(const json::memory_resource& other) const noexcept override { return this == &other; }
  std::shared_ptr<DomBudget> budget_;
  std::size_t used_ = 0;
};

// "line L, column C (byte B)" of byte `offset` of `text`, counted from 1.
std::string place(std::string_view text, std::size_t offset) {
  offset = std::min(offset, text.size());
  const std::string_view before = text.substr(0, offset);
  const std::size_t line = 1 + static_cast<std::size_t>(std::count(before.begin(), before.end(), '\n'));
  const std::size_t line_start = before.rfind('\n') == std::string_view::npos ? 0 : before.rfind('\n') + 1;
  return fmt::format("line {}, column {} (byte {})", line, offset - line_start + 1, offset);
}

// Text that is not UTF-8 JSON, named as what it is: a byte-order mark or UTF-16 would otherwise be
// "a syntax error at byte 0", which sends the reader looking at the JSON.
void refuse_other_encodings(std::string_view text, std::string_view where) {
  const auto starts = [&](std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; };
  if (starts("\xEF\xBB\xBF"))
    throw InputError(
        fmt::format("{}: starts with a UTF-8 byte-order mark (bytes EF BB BF): save it as UTF-8 without one", where));
  if (starts("\xFF\xFE") || starts("\xFE\xFF") || (text.size() >= 2 && (text[0] == '\0' || text[1] == '\0')))
    throw InputError(
        fmt::format("{}: UTF-16 text (a byte-order mark or NUL bytes at the start): records are UTF-8", where));
}

}  // namespace

json::value parse_json(std::string_view text, std::string_view where) {
  json::parse_options opts;
  opts.max_depth = kMostDepth;
  // First the checking pass: a syntax error or a repeated key, with where it is in the text.
  refuse_other_encodings(text, where);
  json::basic_parser<DuplicateKeyCheck> check(opts);
  boost::system::error_code ec;
  const std::size_t used = check.write_some(false, text.data(), text.size(), ec);
  if (check.handler().values > kMostJsonValues)
    throw InputError(
        fmt::format("{}: more than {} JSON values (numbers, strings, arrays, objects) at {}: not a document "
                    "hoyito writes (a 12 MB record holds about 2 million); refused to keep memory bounded",
                    where, kMostJsonValues, place(text, used)));
  const std::size_t after = text.find_first_not_of(" \t\r\n", used);
  if (!ec && after != std::string_view::npos)  // `{...} {...}`: where the second value starts
    throw InputError(
        fmt::format("{}: a second JSON value at {}: one value per line (JSON Lines)", where, place(text, after)));
  if (!check.handler().duplicate.empty())
    throw InputError(fmt::format("{}: {}: duplicate key \"{}\"", where, place(text, used),
                                 clipped(check.handler().duplicate, kShownValue)));
  if (ec) throw InputError(fmt::format("{}: malformed JSON at {}: {}", where, place(text, used), ec.message()));
  const auto budget = std::make_shared<DomBudget>();
  const json::storage_ptr storage = json::make_shared_resource<BoundedResource>(budget);
  json::parser parser(storage, opts);
  parser.reset(storage);
  try {
    parser.write(text.data(), text.size(), ec);
  } catch (const TooBig&) {
    throw InputError(
        fmt::format("{}: the JSON would take more than {} MB in memory (too many values): not a document "
                    "hoyito writes; refused to keep memory bounded",
                    where, kMostDomBytes >> 20));
  }
  if (ec) throw InputError(fmt::format("{}: malformed JSON: {}", where, ec.message()));
  json::value v = parser.release();
  budget->most = static_cast<std::size_t>(-1);  // the document is the caller's now: no bound on its copies
  return v;
}

namespace {

// Reads a record file line by line with read(2), refusing what is not a regular file or a pipe
// (a folder, /dev/zero) and any line longer than kMostRecordBytes, so that memory stays bounded
// whatever the input is.
class LineReader {
 public:
  // `what`: what the file holds, as messages name it ("record", "position", "simulate result");
  // `most`: the bound of one line (or of the whole file read by read_file).
  explicit LineReader(const std::string& path, std::string_view what = "record", std::size_t most = kMostRecordBytes)
      : path_(path), what_(what), most_(most) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0)
      throw InputError(fmt::format("{}: cannot open file: {}", path, std::strerror(errno)));
    if (S_ISDIR(info.st_mode)) throw InputError(fmt::format("{}: is a folder, not a {} file", path, what_));
    if (!S_ISREG(info.st_mode) && !S_ISFIFO(info.st_mode))
      throw InputError(
          fmt::format("{}: not a regular file or a pipe ({}s are read from files or streams only)", path, what_));
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) throw InputError(fmt::format("{}: cannot open file: {}", path, std::strerror(errno)));
    note_input(path);  // an output of this run that is this file is refused (io/output.h)
  }
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;
  ~LineReader() { ::close(fd_); }

  // The next line, without its newline, into `line` (appended to `line` when `append`); false
  // at the end of the file. A line past the bound is an InputError naming the file and line.
  bool next(std::string& line, bool append = false) {
    if (!append) line.clear();
    bool got_any = false;
    while (true) {
      const char* from = buffer_.data() + position_;
      const std::size_t left = buffer_.size() - position_;
      const void* newline = std::memchr(from, '\n', left);
      const std::size_t take = newline ? static_cast<std::size_t>(static_cast<const char*>(newline) - from) : left;
      if (line.size() + take > most_)
        throw InputError(fmt::format("{}:{}: a {} longer than {} MB, the bound of one {}{}", path_, number_ + 1, what_,
                                     most_ >> 20, what_, what_ == "record" ? " (specs/game-record.md)" : ""));
      line.append(from, take);
      got_any = got_any || take > 0;
      if (newline) {
        position_ += take + 1;
        ++number_;
        return true;
      }
      buffer_.clear();
      position_ = 0;
      if (end_) {
        if (got_any) ++number_;
        return got_any;
      }
      fill();
    }
  }
  int line_number() const { return number_; }

 private:
  void fill() {
    buffer_.resize(kChunkBytes);
    ssize_t got = 0;
    do got = ::read(fd_, buffer_.data(), buffer_.size());
    while (got < 0 && errno == EINTR);
    if (got < 0) throw InputError(fmt::format("{}: cannot read: {}", path_, std::strerror(errno)));
    buffer_.resize(static_cast<std::size_t>(got));
    end_ = got == 0;
  }

  static constexpr std::size_t kChunkBytes = 1 << 16;
  std::string path_;
  std::string what_;
  std::size_t most_;
  int fd_ = -1;
  std::string buffer_;
  std::size_t position_ = 0;
  int number_ = 0;
  bool end_ = false;
};

bool blank(const std::string& line) { return line.find_first_not_of(" \t\r") == std::string::npos; }

// The rest of the file after `text`, joined by newlines, within the bound of one record.
void read_rest(LineReader& in, std::string& text) {
  text += '\n';
  while (in.next(text, true)) text += '\n';
}

}  // namespace

std::string read_file(const std::string& path, std::string_view what, std::size_t most) {
  LineReader in(path, what, most);
  std::string text;
  if (in.next(text)) read_rest(in, text);
  return text;
}

namespace {

// Whether `text` is one whole JSON value: the probe of the first line, made without building it
// (a DOM of a 12 MB line of numbers took 100 MB).
bool whole_value(std::string_view text) {
  json::parse_options opts;
  opts.max_depth = kMostDepth;
  json::basic_parser<DuplicateKeyCheck> probe(opts);
  boost::system::error_code ec;
  probe.write_some(false, text.data(), text.size(), ec);
  return !ec || probe.handler().values > kMostJsonValues || !probe.handler().duplicate.empty();
}

}  // namespace

void for_each_json_document(const std::string& path, const std::function<bool(const JsonDocument&)>& visit) {
  LineReader in(path);
  // JSON Lines when the first non-blank line is a whole JSON value; otherwise one value in the
  // whole file (a pretty-printed record). Lines are parsed one at a time, so files of any size
  // stream through; one record (a line, or the whole file) is at most kMostRecordBytes.
  std::string line;
  bool found = false;
  while (in.next(line))
    if (!blank(line)) {
      found = true;
      break;
    }
  if (!found) throw InputError(fmt::format("{}: no JSON value in file", path));
  int number = in.line_number();
  if (!whole_value(line)) {  // not a value on its own line: the whole file is one value
    read_rest(in, line);
    visit({path, parse_json(line, path)});
    return;
  }
  const std::string first_where = fmt::format("{}:{}", path, number);
  if (!visit({first_where, parse_json(line, first_where)})) return;  // parse_json: duplicate keys too
  while (in.next(line)) {
    number = in.line_number();
    if (blank(line)) continue;
    const std::string where = fmt::format("{}:{}", path, number);
    if (!visit({where, parse_json(line, where)})) return;
  }
}

std::vector<JsonDocument> read_json_documents(const std::string& path) {
  std::vector<JsonDocument> docs;
  for_each_json_document(path, [&](const JsonDocument& d) {
    docs.push_back(d);
    return true;
  });
  return docs;
}

}  // namespace hoyito
