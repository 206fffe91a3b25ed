// Reading and writing the JSON format of specs/game-record.md with Boost.JSON. Parsing checks
// the shape of a record (fields, types, lengths, known names); replaying it against the rules is
// harness/games/play.h's job (replay_record).
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json.hpp>

#include "core/game.h"

namespace hoyito {

boost::json::object to_json(const Rules& rules);
boost::json::object to_json(const Position& position);
boost::json::object to_json(const Event& event);
boost::json::object to_json(const Ply& ply, int holes_per_row);
boost::json::object to_json(const Result& result);
boost::json::object to_json(const GameRecord& game);
std::string to_json_line(const GameRecord& game);  // one line, no newline

// Each reader throws InputError with a message naming `where` and the field, e.g.
// "game.jsonl:3: plies[5].after.board[2]: expected a whole number, got \"x\"".
Rules rules_from_json(const boost::json::value& v, std::string_view where);
Position position_from_json(const boost::json::value& v, const Rules& rules, std::string_view where);
Event event_from_json(const boost::json::value& v, int holes_per_row, std::string_view where);
Result result_from_json(const boost::json::value& v, std::string_view where);
GameRecord game_from_json(const boost::json::value& v, std::string_view where);

// The field `key` of `object`; throws InputError "WHERE: missing field \"KEY\"" when it is absent.
// Every reader of the project's JSON (records, scenarios, transcripts) asks for fields this way.
const boost::json::value& required_field(const boost::json::object& object, std::string_view key,
                                         std::string_view where);

// Parses JSON text; a syntax error names `where` and the byte offset.
boost::json::value parse_json(std::string_view text, std::string_view where);

// The bound of one record read (a line of JSON Lines, or a file holding one value): 12 MB, so
// that reading one takes at most about 120 MB (its parsed JSON takes about 9 bytes per byte of
// text; tests/cli/memory_bound.sh). A 5000-ply 2x12 game is about 1.7 MB. What is not a regular
// file or a pipe (a folder, a device) is refused. specs/game-record.md.
inline constexpr std::size_t kMostRecordBytes = std::size_t{12} << 20;

// Reads a file holding one JSON value or JSON Lines; returns each value with its "file:line" name.
struct JsonDocument {
  std::string where;
  boost::json::value value;
};
std::vector<JsonDocument> read_json_documents(const std::string& path);
// The same, one value at a time (for large JSON Lines files); `visit` returns false to stop.
void for_each_json_document(const std::string& path, const std::function<bool(const JsonDocument&)>& visit);
// The whole file, at most `most` bytes; throws InputError when unreadable or too long, naming the
// file as holding `what` ("record", "position", "simulate result").
std::string read_file(const std::string& path, std::string_view what = "record", std::size_t most = kMostRecordBytes);

}  // namespace hoyito
