// The hoyito engine protocol (specs/engine-protocol.md): commands and responses as text, the
// state line, events and capabilities, and a bounded reader of response lines.
//
// Pure: no processes, no clocks, only core/. Both sides use it: the server (hoyito serve) to
// read commands and write responses, the client (harness/games/remote_game.h) to write commands
// and read what an engine it did not write sends back. Everything read from an engine is
// untrusted: a malformed response is a ProtocolError naming the command and what was wrong,
// never a crash, and the reader stops at its bounds so memory stays bounded.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace hoyito::protocol {

inline constexpr int kVersion = 1;
inline constexpr std::size_t kMaxLineBytes = 65536;          // one response line, without '\n'
inline constexpr std::size_t kMaxResponseLines = 1'000'000;  // lines of one response (events)
inline constexpr std::size_t kMaxResponseBytes = 16u << 20;  // bytes of one response

// A response that breaks the protocol: garbage, a bound passed, the output closed mid-response.
// An InputError: bad input from the engine, one line naming the command.
struct ProtocolError : InputError {
  using InputError::InputError;
};
// A whole number, well formed, outside the range asked for (a negative count, seeds per hole
// 11, a number past 2^63): a value the rules do not define, refused by serve as `invalid`, not
// `syntax` (specs/engine-protocol.md, "Refusal reasons").
struct NumberOutOfRange : ProtocolError {
  using ProtocolError::ProtocolError;
};

// The refusal reasons of `? REASON MESSAGE` (specs/engine-protocol.md, "Refusal reasons").
enum class Reason { illegal, endless, undecided, game_over, invalid, unsupported, unknown_command, syntax, internal };
std::string_view reason_name(Reason reason);
std::optional<Reason> parse_reason(std::string_view word);
// The protocol's reason for a refused ply (illegal, endless, undecided, game_over share their
// names with core's Refusal), and back: nullopt for the reasons that are no refusal of a ply.
Reason reason_of(Refusal refusal);
std::optional<Refusal> refusal_of(Reason reason);

// One command line split into words (spaces and tabs).
struct Command {
  std::string name;
  std::vector<std::string> args;
};
Command parse_command(std::string_view line);
std::vector<std::string> split_words(std::string_view text);

// A response: success with its lines (the first line's content after "= ", then the rest), or
// a refusal with its reason and message.
struct Response {
  bool ok = true;
  std::vector<std::string> lines;  // success: the content lines ({""} for a bare "=")
  Reason reason = Reason::internal;
  std::string message;  // refusal: free text
  std::string first() const { return lines.empty() ? std::string() : lines.front(); }
};
// The text of a response, the ending empty line included. Each line is made one line (core
// one_line), so a message never breaks the framing.
std::string format_success(const std::vector<std::string>& lines = {});
std::string format_refusal(Reason reason, std::string_view message);
// Reads the lines of one response (without its ending empty line); `command` names it in errors.
Response parse_response(std::vector<std::string> lines, std::string_view command);

// Engine text as hoyito shows it: printable ASCII and tabs kept, every other byte (control bytes,
// bytes >= 0x80, UTF-8 too) as \xNN, so that nothing an engine writes reaches a terminal, a log
// line or a JSON file raw. hoyito applies it to every response line as it is read.
std::string escape_engine_text(std::string_view text);

// KEY=VALUE words, in order; a word without '=' is a ProtocolError naming `where`.
std::vector<std::pair<std::string, std::string>> parse_fields(std::string_view text, std::string_view where);

// Whole numbers as the protocol writes them: decimal digits, an optional '-' (counts are checked
// by the caller). Throws ProtocolError naming `where`: NumberOutOfRange when the text is a whole
// number outside [low, high].
long long parse_number(std::string_view text, std::string_view where, long long low, long long high);

// Moves: a hole letter of specs/notation.md or "pass". Throws ProtocolError.
Move parse_move(std::string_view token, int holes_per_row, std::string_view where);

// The state line (specs/engine-protocol.md, "Values"). `board`, `captured` and `to_move` are
// required; round and previous_winner are read into `round` and `previous_winner`.
struct StateLine {
  Position position;
  int round = 1;
  Winner previous_winner = Winner::none;
  Status status = Status::playing;
  Winner winner = Winner::none;
  int plies = 0;
  std::set<std::string> keys;  // the keys present
};
// Unknown keys are ignored when `strict` is false (reading an engine's state), refused when true
// (the server reading a `position` command).
StateLine parse_state(std::string_view text, int holes_per_row, std::string_view where, bool strict = false);
std::string format_position(const Position& position);  // board=... captured=... to_move=...
std::string format_state(const Position& position, const Result& result, int plies);

// Events, one a line: event=KIND rule=ID and the kind's fields (hole indices, counts).
std::string format_event(const Event& event);
Event parse_event(std::string_view line, std::string_view where);

// The `rules` command for a configuration: every option not on its default, as NAME=VALUE.
std::string rules_command(const Rules& rules);
// The `position` command for a start: the position, and round and previous winner for Hoyito III.
std::string position_command(const Rules& rules, const Position& start);

// What an engine says it supports (`supports`).
struct Capabilities {
  std::map<Variant, std::vector<int>> variants;  // variant -> holes per row
  int seeds_low = 1, seeds_high = 10;
  std::map<std::string, std::vector<std::string>> options;  // values, or {"MIN..MAX"}
  std::set<std::string> features;                           // events, perft, divide, playmoves, rounds
  bool has(std::string_view feature) const { return features.count(std::string(feature)) != 0; }
  // Why the engine cannot play `rules` ("" when it can): the variant, size, seeds or option value.
  std::string unsupported(const Rules& rules) const;
};
Capabilities parse_capabilities(const std::vector<std::string>& lines, std::string_view where);
std::vector<std::string> format_capabilities(const Capabilities& capabilities);
// Everything the in-tree engine and model play: every variant and size, every option value.
Capabilities full_capabilities();

// A source of bytes: reads up to `size` bytes into `buffer`, returns how many (0: end of input).
using ReadBytes = std::function<std::size_t(char* buffer, std::size_t size)>;

// Lines from a byte source, each at most `max_line` bytes: a longer one is a ProtocolError at
// once (nothing more is read from it), so a 1 GB line costs a buffer, not a gigabyte.
class LineReader {
 public:
  explicit LineReader(ReadBytes read, std::size_t max_line = kMaxLineBytes)
      : read_(std::move(read)), max_line_(max_line) {}
  // The next line without its '\n' (and a '\r' before it); nullopt at the end of input (a last
  // line without '\n' is returned first). `what` names the command in errors.
  std::optional<std::string> next(std::string_view what);
  void reset() { buffer_.clear(), start_ = 0, eof_ = false; }  // the source was replaced
  // After a line too long: drops the rest of it, up to and including its '\n', reading as
  // little as it can hold at a time. False when the input ended first.
  bool skip_line();
  bool at_end() const { return eof_; }  // the source has ended

 private:
  bool fill();
  ReadBytes read_;
  std::size_t max_line_;
  std::string buffer_;
  std::size_t start_ = 0;
  bool eof_ = false;
};

// The most lines the response to `command` may have: 1 for the commands answered in one line
// (all but supports, divide and events; an error response is one line too), 64 for divide (a line
// for each legal ply), 1,000 for supports, kMaxResponseLines for events (a line for each event of
// a ply: a long relay sowing has many) and for a command hoyito does not know.
std::size_t most_response_lines(std::string_view command);

// The lines of one response, up to its ending empty line, within `most_lines` and
// kMaxResponseBytes: reading stops at the line past the bound (a ProtocolError), so a response of
// millions of lines costs what the bound allows. The end of input before the empty line is a
// ProtocolError naming `command`.
std::vector<std::string> read_response_lines(LineReader& reader, std::string_view command,
                                             std::size_t most_lines = kMaxResponseLines);

}  // namespace hoyito::protocol
