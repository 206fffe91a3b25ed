// The checks of the numeric flags every command shares, as CLI11 validators: an out-of-range or
// malformed number is refused while the command line is parsed, with one line naming the flag
// and the value, and exit code 2 (cli/app.cpp). A run that would check nothing (`--threads 0`,
// `--games 0`) or print nonsense (`--games -1`) never starts.
#pragma once

#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

namespace hoyito {

// A whole number in decimal digits from `low` to `high`. It reads the digits itself, so that
// "1e3" or "0x10" is named as not a whole number rather than as out of range.
inline CLI::Validator whole_number_in(long long low, long long high) {
  return CLI::Validator(
      [low, high](const std::string& text) -> std::string {
        long long value = 0;
        const char* end = text.data() + text.size();
        const auto [stop, error] = std::from_chars(text.data(), end, value);
        const bool leading_zero = text.size() > 1 && (text[0] == '0' || (text[0] == '-' && text[1] == '0'));
        if (text.empty() || stop != end || error != std::errc() || leading_zero || value < low || value > high)
          return fmt::format("'{}' is not a whole number from {} to {} (decimal digits)", text, low, high);
        return {};
      },
      fmt::format("INT in [{} - {}]", low, high));
}

// Worker threads: 1 to 256 (0 would check nothing).
inline CLI::Validator threads_range() { return whole_number_in(1, 256); }

// A count that must be at least `least` (games: 1; a ply or a depth: 0), up to 2^31 - 1.
inline CLI::Validator at_least(int least) { return whole_number_in(least, 2147483647); }

// An engine's command line (--engine of verify, replay, perft): some text for /bin/sh to run. An
// empty or blank one is refused rather than taken for no --engine (the in-tree check would run in
// place of the one asked for).
inline CLI::Validator engine_command() {
  return CLI::Validator(
      [](const std::string& text) -> std::string {
        if (text.find_first_not_of(" \t\n") == std::string::npos)
          return "an empty command: give the engine's command line (specs/engine-protocol.md)";
        return {};
      },
      "CMD");
}

// Seconds: above zero and finite ("0", "-1", "inf" and "nan" are refused).
inline CLI::Validator positive_seconds() {
  return CLI::Validator(
      [](const std::string& text) -> std::string {
        double value = 0;
        if (!CLI::detail::lexical_cast(text, value)) return fmt::format("'{}' is not a number of seconds", text);
        if (!std::isfinite(value) || value <= 0)
          return fmt::format("{} is not a finite number of seconds above 0", text);
        return {};
      },
      "SECONDS>0");
}

// A 64-bit unsigned number in decimal digits (a seed, a game index). CLI11's own conversion
// takes "-1" (as 2^64 - 1), an overflowing number (as 2^64 - 1) and "010" (as octal 8), all
// refused here; a seed and an index are written into every reproduce command, so they must mean
// what they say.
// `most`: the largest value allowed (an index held in a signed 64-bit field stops at 2^63 - 1).
inline CLI::Validator decimal_uint64(const char* what, std::uint64_t most = UINT64_MAX) {
  return CLI::Validator(
      [what, most](const std::string& text) -> std::string {
        std::uint64_t value = 0;
        const char* end = text.data() + text.size();
        const auto [stop, error] = std::from_chars(text.data(), end, value);
        const bool leading_zero = text.size() > 1 && text[0] == '0';  // CLI11 would read it as octal
        if (text.empty() || text[0] < '0' || text[0] > '9' || leading_zero || stop != end || error != std::errc() ||
            value > most)
          return fmt::format("'{}' is not {} from 0 to {} in decimal digits (no leading zero)", text, what, most);
        return {};
      },
      "UINT64");
}
inline CLI::Validator seed_digits() { return decimal_uint64("a seed"); }

// Any whole-number flag: decimal digits, an optional leading minus, no leading zero. CLI11 reads
// "010" as octal 8 and "0x10" as 16; cli/app.cpp puts this check on every INT and UINT flag.
inline CLI::Validator decimal_digits() {
  return CLI::Validator(
      [](const std::string& text) -> std::string {
        const std::size_t digits = text.size() > 0 && text[0] == '-' ? 1 : 0;
        bool ok = text.size() > digits;
        for (std::size_t i = digits; ok && i < text.size(); ++i) ok = text[i] >= '0' && text[i] <= '9';
        if (ok && text.size() > digits + 1 && text[digits] == '0') ok = false;  // a leading zero: octal to CLI11
        return ok ? std::string() : fmt::format("'{}' is not a whole number in decimal digits (no leading zero)", text);
      },
      "");
}

// A file or folder flag given an empty value: refused (the commands read an empty value as "not
// given", so `--json ''` would silently write nothing). cli/app.cpp puts it on every such flag.
inline CLI::Validator non_empty_path() {
  return CLI::Validator(
      [](const std::string& text) { return text.empty() ? std::string("an empty path") : std::string(); }, "");
}

}  // namespace hoyito
