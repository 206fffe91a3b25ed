// The protocol's framing: commands, responses, refusal reasons and the bounded line reader
// (specs/engine-protocol.md, "Framing"). The values inside lines are in protocol_values.cpp.
#include "io/engine_protocol.h"

#include <algorithm>
#include <cassert>
#include <charconv>

#include <fmt/format.h>

namespace hoyito::protocol {

namespace {
constexpr std::string_view kReasons[] = {"illegal",     "endless",         "undecided", "game_over", "invalid",
                                         "unsupported", "unknown_command", "syntax",    "internal"};
// One name per Reason, in the enum's order (reason_name and parse_reason index by it).
static_assert(std::size(kReasons) == static_cast<std::size_t>(Reason::internal) + 1);

// A quoted piece of engine output in an error: short, and one line.
std::string quote(std::string_view text) {
  constexpr std::size_t kShown = 60;
  // fmt, not "'" + ...: GCC 12 warns (-Wrestrict, a false positive) on the inlined concatenation.
  if (text.size() <= kShown) return fmt::format("'{}'", one_line(text));
  return fmt::format("'{}...'", one_line(text.substr(0, kShown)));
}
}  // namespace

std::string_view reason_name(Reason reason) {
  assert(static_cast<std::size_t>(reason) < std::size(kReasons));  // a Reason of the enum, not a cast integer
  return kReasons[static_cast<std::size_t>(reason)];
}

Reason reason_of(Refusal refusal) {
  switch (refusal) {
    case Refusal::illegal:
      return Reason::illegal;
    case Refusal::endless:
      return Reason::endless;
    case Refusal::undecided:
      return Reason::undecided;
    case Refusal::game_over:
      return Reason::game_over;
  }
  assert(false && "a Refusal outside the enum");
  return Reason::internal;
}

std::optional<Refusal> refusal_of(Reason reason) {
  switch (reason) {
    case Reason::illegal:
      return Refusal::illegal;
    case Reason::endless:
      return Refusal::endless;
    case Reason::undecided:
      return Refusal::undecided;
    case Reason::game_over:
      return Refusal::game_over;
    default:
      return std::nullopt;
  }
}

std::optional<Reason> parse_reason(std::string_view word) {
  for (std::size_t i = 0; i < std::size(kReasons); ++i)
    if (kReasons[i] == word) {
      assert(reason_name(static_cast<Reason>(i)) == word);  // the table reads back
      return static_cast<Reason>(i);
    }
  return std::nullopt;
}

std::vector<std::string> split_words(std::string_view text) {
  std::vector<std::string> words;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    const std::size_t begin = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
    if (i > begin) words.emplace_back(text.substr(begin, i - begin));
  }
  return words;
}

Command parse_command(std::string_view line) {
  std::vector<std::string> words = split_words(line);
  Command command;
  if (words.empty()) return command;
  command.name = std::move(words.front());
  command.args.assign(std::make_move_iterator(words.begin() + 1), std::make_move_iterator(words.end()));
  return command;
}

std::string format_success(const std::vector<std::string>& lines) {
  std::string out = "=";
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i == 0 && !lines[i].empty()) out += ' ';
    if (i > 0) out += '\n';
    // A list line must not be empty (it would end the response early).
    out += i > 0 && lines[i].empty() ? std::string("-") : one_line(lines[i]);
  }
  return out + "\n\n";
}

std::string format_refusal(Reason reason, std::string_view message) {
  return fmt::format("? {} {}\n\n", reason_name(reason), one_line(message));
}

Response parse_response(std::vector<std::string> lines, std::string_view command) {
  if (lines.empty())
    throw ProtocolError(fmt::format("{}: empty response (an empty line where '=' or '?' starts one)", command));
  const std::string& head = lines.front();
  Response response;
  if (head[0] == '=') {
    if (head.size() > 1 && head[1] != ' ')
      throw ProtocolError(
          fmt::format("{}: response {}: '=' must be followed by a space or the end of the line", command, quote(head)));
    std::string first = head.size() > 2 ? head.substr(2) : std::string();
    response.lines = std::move(lines);  // an events list may be long: moved, not copied
    response.lines.front() = std::move(first);
    return response;
  }
  if (head[0] != '?')
    throw ProtocolError(fmt::format("{}: response {} starts with neither '=' nor '?'", command, quote(head)));
  if (lines.size() > 1)
    throw ProtocolError(fmt::format("{}: an error response has {} lines, expected 1", command, lines.size()));
  // "? REASON MESSAGE": the reason is the first word, the message the rest (spaces kept).
  const std::size_t word = head.find_first_not_of(" \t", 1);
  const std::size_t word_end = word == std::string::npos ? head.size() : head.find_first_of(" \t", word);
  const std::optional<Reason> reason =
      word == std::string::npos ? std::nullopt : parse_reason(std::string_view(head).substr(word, word_end - word));
  if (!reason) throw ProtocolError(fmt::format("{}: error response {} has no known reason word", command, quote(head)));
  response.ok = false;
  response.reason = *reason;
  const std::size_t text = word_end == std::string::npos ? std::string::npos : head.find_first_not_of(" \t", word_end);
  if (text != std::string::npos) response.message = head.substr(text);
  return response;
}

std::vector<std::pair<std::string, std::string>> parse_fields(std::string_view text, std::string_view where) {
  std::vector<std::pair<std::string, std::string>> fields;
  for (const std::string& word : split_words(text)) {
    const std::size_t eq = word.find('=');
    if (eq == std::string::npos || eq == 0)
      throw ProtocolError(fmt::format("{}: {} is not KEY=VALUE", where, quote(word)));
    fields.emplace_back(word.substr(0, eq), word.substr(eq + 1));
  }
  return fields;
}

long long parse_number(std::string_view text, std::string_view where, long long low, long long high) {
  long long value = 0;
  const char* begin = text.data();
  const char* end = begin + text.size();
  const bool digits = !text.empty() && (text[0] != '0' || text.size() == 1) && text[0] != '+';
  const auto [stop, error] = std::from_chars(begin, end, value);
  const std::string message = fmt::format("{}: {} is not a whole number from {} to {}", where, quote(text), low, high);
  if (!digits || stop != end || (error != std::errc() && error != std::errc::result_out_of_range))
    throw ProtocolError(message);
  if (error != std::errc() || value < low || value > high) throw NumberOutOfRange(message);
  return value;
}

Move parse_move(std::string_view token, int holes_per_row, std::string_view where) {
  if (token == "pass") return Move::pass();
  try {
    if (token.size() == 1) return Move::at(parse_hole(token, holes_per_row));
  } catch (const InputError&) {
  }
  throw ProtocolError(fmt::format("{}: {} is not a move of a 2x{} board (a..{}, A..{}, pass)", where, quote(token),
                                  holes_per_row, hole_name(holes_per_row - 1, holes_per_row),
                                  hole_name(2 * holes_per_row - 1, holes_per_row)));
}

bool LineReader::fill() {
  if (eof_) return false;
  if (start_ > 0) buffer_.erase(0, start_), start_ = 0;  // keep the buffer to one line and one read
  constexpr std::size_t kChunk = 65536;
  const std::size_t old = buffer_.size();
  buffer_.resize(old + kChunk);
  const std::size_t got = read_(buffer_.data() + old, kChunk);
  buffer_.resize(old + got);
  if (got == 0) eof_ = true;
  return got > 0;
}

std::optional<std::string> LineReader::next(std::string_view what) {
  std::size_t scanned = start_;
  for (;;) {
    const std::size_t nl = buffer_.find('\n', scanned);
    if (nl != std::string::npos && nl - start_ <= max_line_ + 1) {
      std::string line = buffer_.substr(start_, nl - start_);
      start_ = nl + 1;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.size() > max_line_) break;
      return line;
    }
    if (buffer_.size() - start_ > max_line_ + 1) break;
    const std::size_t seen = buffer_.size() - start_;  // fill() moves the unread bytes to the front
    if (!fill()) {
      if (start_ == buffer_.size()) return std::nullopt;
      break;
    }
    scanned = start_ + seen;
  }
  if (buffer_.size() - start_ > max_line_)
    throw ProtocolError(fmt::format("{}: a response line longer than {} bytes", what, max_line_));
  std::string last = buffer_.substr(start_);
  start_ = buffer_.size();
  return last;
}

bool LineReader::skip_line() {
  for (;;) {
    const std::size_t nl = buffer_.find('\n', start_);
    if (nl != std::string::npos) {
      start_ = nl + 1;
      return true;
    }
    buffer_.clear(), start_ = 0;
    if (!fill()) return false;
  }
}

std::string escape_engine_text(std::string_view text) {
  const auto shown = [](char c) { return c == '\t' || (c >= 0x20 && c < 0x7f); };
  if (std::all_of(text.begin(), text.end(), shown)) return std::string(text);
  std::string out;
  for (const char c : text)
    out += shown(c) ? std::string(1, c) : fmt::format("\\x{:02x}", static_cast<unsigned char>(c));
  return out;
}

std::size_t most_response_lines(std::string_view command) {
  const std::string_view name = command.substr(0, command.find_first_of(" \t"));
  if (name == "events") return kMaxResponseLines;
  if (name == "divide") return 64;
  if (name == "supports") return 1000;
  for (std::string_view one : {"protocol_version", "name", "version", "rules", "start", "position", "legal", "play",
                               "playmoves", "state", "perft", "quit"})
    if (name == one) return 1;
  return kMaxResponseLines;
}

std::vector<std::string> read_response_lines(LineReader& reader, std::string_view command, std::size_t most_lines) {
  std::vector<std::string> lines;
  std::size_t bytes = 0;
  for (;;) {
    std::optional<std::string> line = reader.next(command);
    if (!line)
      throw ProtocolError(
          fmt::format("{}: the engine closed its output {}", command,
                      lines.empty() ? "before responding" : "before the empty line ending its response"));
    if (line->empty()) {
      if (!lines.empty()) return lines;
      throw ProtocolError(fmt::format("{}: an empty line where a response starts ('=' or '?')", command));
    }
    bytes += line->size() + 1;
    if (lines.size() >= most_lines)
      throw ProtocolError(fmt::format("{}: a response longer than {} line{}", command, most_lines,
                                      most_lines == 1 ? " (its answer is one line)" : "s"));
    if (bytes > kMaxResponseBytes)
      throw ProtocolError(fmt::format("{}: a response longer than {} bytes", command, kMaxResponseBytes));
    lines.push_back(std::move(*line));
  }
}

}  // namespace hoyito::protocol
