// What the fuzz targets of fuzz/ share: limits that keep one input cheap, failing loudly (a
// libFuzzer crash), hashing inputs for file names, and small RAII helpers.
//
// Every target is one LLVMFuzzerTestOneInput. Built with clang and -fsanitize=fuzzer it is a
// libFuzzer binary (HOYITO_FUZZ=ON, the fuzz preset); built with any compiler and
// replay_main.cpp it replays saved inputs as an ordinary test (fuzz/CMakeLists.txt).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <streambuf>
#include <string>
#include <string_view>
#include <typeinfo>

#include <fcntl.h>
#include <unistd.h>

#include "core/rules.h"

namespace hoyito::fuzz {

// A game of a fuzz input plays at most this many plies, under a ply limit at most this large:
// an input then costs milliseconds, never a hang (an endless sowing is found exactly by both
// implementations, so one move always ends).
inline constexpr int kMaxPlies = 64;
inline constexpr int kMaxPlyLimit = 64;
// Seeds per hole in the differential target's rules: at most the usual 4 (the rules allow 1..10).
// With more seeds, positions reached in play already have relay sowings that neither end nor
// repeat within the harness's 1,000,000 laps (Q-LIMIT of specs/open-questions.md), and deciding
// that costs 10-20 s under the sanitizers: one such input stalls a fuzzing job.
inline constexpr int kMaxSeedsPerHole = 4;

// HOYITO_FUZZ_VERBOSE set: a target prints what it decoded from the input (to replay one by hand).
inline bool verbose() {
  static const bool on = std::getenv("HOYITO_FUZZ_VERBOSE") != nullptr;
  return on;
}

// The input as text.
inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// FNV-1a, 64 bits: names the files a failing input leaves behind.
inline std::uint64_t input_hash(const std::uint8_t* data, std::size_t size) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (std::size_t i = 0; i < size; ++i) {
    h ^= data[i];
    h *= 0x100000001b3ULL;
  }
  return h;
}

inline std::string hex(std::uint64_t value) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string s(16, '0');
  for (int i = 15; i >= 0; --i, value >>= 4) s[static_cast<std::size_t>(i)] = kDigits[value & 0xf];
  return s;
}

// A property of the target does not hold: say what, then abort (libFuzzer saves the input as
// crash-*; the replay test fails).
[[noreturn]] inline void fail(std::string_view target, std::string_view what) {
  std::fprintf(stderr, "\nfuzz target %.*s: %.*s\n", static_cast<int>(target.size()), target.data(),
               static_cast<int>(what.size()), what.data());
  std::fflush(stderr);
  std::abort();
}

// Runs `body`: a clean refusal (InputError) is a fine outcome; any other exception is a bug of
// the code under test (bad input must give InputError, nothing else).
template <typename Body>
void expect_clean(std::string_view target, Body&& body) {
  try {
    body();
  } catch (const InputError&) {
  } catch (const std::exception& e) {
    fail(target,
         std::string("an exception other than hoyito::InputError escaped: ") + typeid(e).name() + ": " + e.what());
  }
}

inline bool write_file(const std::string& path, std::string_view content) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(content.data(), static_cast<std::streamsize>(content.size()));
  return static_cast<bool>(out);
}

// A stream buffer that drops everything: the command-line target's output goes there.
class NullBuffer : public std::streambuf {
 protected:
  int_type overflow(int_type c) override { return traits_type::not_eof(c); }
  std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
};

// Points `stream` at `buffer` for the scope, then back.
class Redirect {
 public:
  Redirect(std::ios& stream, std::streambuf* buffer) : stream_(stream), saved_(stream.rdbuf(buffer)) {}
  ~Redirect() { stream_.rdbuf(saved_); }
  Redirect(const Redirect&) = delete;
  Redirect& operator=(const Redirect&) = delete;

 private:
  std::ios& stream_;
  std::streambuf* saved_;
};

// Works in `dir` for the scope, then returns to the folder it was in (libFuzzer writes its
// crash files relative to that one).
class ScopedDirectory {
 public:
  explicit ScopedDirectory(const std::string& dir) : saved_(::open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)) {
    if (saved_ < 0 || ::chdir(dir.c_str()) != 0) fail("common", "cannot enter the folder " + dir);
  }
  ~ScopedDirectory() {
    if (::fchdir(saved_) != 0) fail("common", "cannot return to the folder it started in");
    ::close(saved_);
  }
  ScopedDirectory(const ScopedDirectory&) = delete;
  ScopedDirectory& operator=(const ScopedDirectory&) = delete;

 private:
  int saved_;
};

}  // namespace hoyito::fuzz
