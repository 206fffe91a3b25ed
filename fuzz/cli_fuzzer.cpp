// Command-line fuzz target: the input, split at newlines (each argument ending at a NUL, as
// argv strings do), is the argument list of the `hoyito` program, run in-process through hoyito::run_cli (cli/app.h).
// Whatever the arguments, the program must end with exit code 0, 1 or 2 (2: bad input, one line on stderr), never with
// 3 (an internal error), a crash, a hang or a leak; and `perft` (both implementations) must not find model and engine
// apart (exit 1).
//
// The program runs in a scratch folder holding a few files it can be pointed at (game.json,
// games.jsonl, invalid.json, broken.json, empty.json, position.json, disagreement.json). To keep
// every input cheap and harmless, inputs that could run long or touch other files are skipped
// (HOYITO_FUZZ_VERBOSE set: it prints each run's arguments, exit code and errors, or the skip):
// the commands verify, exhaustive, bench and examples; any argument with a '/'; --out, --specs, --threads,
// --seconds; --games, --depth, --record-games or --max-seeds above 3; --seeds-per-hole above 4;
// a ply_limit above 999; and `random` without a ply_limit option.
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <boost/json.hpp>

#include "cli/app.h"
#include "engine/sides.h"
#include "fuzz/fuzzer_common.h"
#include "harness/games/play.h"
#include "harness/verify/differential.h"
#include "io/record.h"

namespace {

using namespace hoyito;

constexpr std::string_view kTarget = "cli";
constexpr std::size_t kMaxInput = 4096;
constexpr std::size_t kMaxArgs = 32;

std::vector<std::string> split_lines(std::string_view text) {
  std::vector<std::string> args;
  std::size_t begin = 0;
  while (begin <= text.size()) {
    const std::size_t end = std::min(text.find('\n', begin), text.size());
    const std::string_view line = text.substr(begin, end - begin);
    args.emplace_back(line.substr(0, line.find('\0')));  // argv strings end at a NUL
    begin = end + 1;
  }
  if (!args.empty() && args.back().empty()) args.pop_back();  // a final newline ends the last argument
  return args;
}

// A count of at most `highest`: one digit.
bool small_count(std::string_view value, char highest) {
  return value.size() == 1 && value[0] >= '0' && value[0] <= highest;
}

bool cheap_and_harmless(const std::vector<std::string>& args) {
  if (args.size() > kMaxArgs) return false;
  bool random = false, ply_limit = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view a = args[i];
    if (a.find('/') != std::string_view::npos) return false;
    if (a == "verify" || a == "exhaustive" || a == "bench" || a == "examples") return false;
    random = random || a == "random";
    // An option's value: "--name=value" or "--name" "value".
    const std::size_t eq = a.find('=');
    const std::string_view name = a.substr(0, eq);
    const std::string_view value =
        eq != std::string_view::npos ? a.substr(eq + 1) : (i + 1 < args.size() ? std::string_view(args[i + 1]) : "");
    if (a.starts_with("--")) {
      if (name == "--out" || name == "--specs" || name == "--threads" || name == "--seconds") return false;
      if ((name == "--games" || name == "--depth" || name == "--record-games" || name == "--max-seeds") &&
          !small_count(value, '3'))
        return false;
      if (name == "--seeds-per-hole" && !small_count(value, '4')) return false;  // see kMaxSeedsPerHole
    }
    if (const std::size_t at = a.find("ply_limit="); at != std::string_view::npos) {
      const std::string_view limit = a.substr(at + 10);
      if (limit.empty() || limit.size() > 3 || limit.find_first_not_of("0123456789") != std::string_view::npos)
        return false;
      ply_limit = true;
    }
  }
  return !random || ply_limit;  // a random game may otherwise run to the default limit, 5000 plies
}

// The scratch folder and its files, made once per process.
const std::string& scratch_folder() {
  static const std::string dir = [] {
    const std::filesystem::path d =
        std::filesystem::temp_directory_path() / ("hoyito-cli-fuzzer-" + std::to_string(::getpid()));
    std::filesystem::create_directories(d);
    auto put = [&](const char* name, const std::string& text) {
      if (!fuzz::write_file((d / name).string(), text)) fuzz::fail(kTarget, std::string("cannot write ") + name);
    };
    Rules rules;  // Hoyito II 2x6, the defaults
    const Position start = engine::opening_position(rules);
    const GameRecord game = play_moves(rules, start, {"a", "A", "c"});
    put("game.json", boost::json::serialize(to_json(game)) + "\n");
    Rules short_games = rules;
    short_games.options.ply_limit = 20;
    Rules hoyito3 = short_games;
    hoyito3.variant = Variant::hoyito3;
    put("games.jsonl",
        to_json_line(random_game(short_games, 1, 0)) + "\n" + to_json_line(random_game(hoyito3, 1, 1)) + "\n");
    GameRecord invalid = game;
    invalid.plies.front().after.captured[index(Player::south)] += 1;
    invalid.plies.front().after.board[0] -= 1;
    put("invalid.json", to_json_line(invalid) + "\n");
    put("broken.json", to_json_line(game).substr(0, 120));
    put("empty.json", "");
    put("position.json", boost::json::serialize(to_json(start)) + "\n");
    const Disagreement agreed{rules, start, {Move::at(0)}, "events", {}, {}};  // model and engine agree on it
    put("disagreement.json", boost::json::serialize(disagreement_to_json(agreed, agreed, "none", 1)) + "\n");
    return d.string();
  }();
  static const bool cleanup = [] {  // registered after `dir` is made, so it runs before `dir` goes
    return std::atexit([] {
             std::error_code ignored;
             std::filesystem::remove_all(dir, ignored);
           }) == 0;
  }();
  (void)cleanup;
  return dir;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > kMaxInput) return 0;
  const std::vector<std::string> args = split_lines(fuzz::as_text(data, size));
  if (!cheap_and_harmless(args)) {
    if (fuzz::verbose()) std::fprintf(stderr, "cli: skipped (could run long or touch other files)\n");
    return 0;
  }
  std::vector<const char*> argv{"hoyito"};
  for (const std::string& a : args) argv.push_back(a.c_str());
  argv.push_back(nullptr);

  const std::string& folder = scratch_folder();
  fuzz::NullBuffer discard;
  std::ostringstream errors;
  int code = -1;
  {
    fuzz::Redirect out(std::cout, &discard);
    fuzz::Redirect err(std::cerr, errors.rdbuf());
    fuzz::ScopedDirectory in(folder);
    try {
      code = run_cli(static_cast<int>(argv.size()) - 1, argv.data());
    } catch (const std::exception& e) {
      fuzz::fail(kTarget, std::string("an exception escaped run_cli: ") + typeid(e).name() + ": " + e.what());
    } catch (...) {
      fuzz::fail(kTarget, "a non-standard exception escaped run_cli");
    }
  }
  if (fuzz::verbose()) {
    std::string line;
    for (const std::string& a : args) line += " '" + a + "'";
    std::fprintf(stderr, "cli: hoyito%s: exit %d, stderr: %s\n", line.c_str(), code, errors.str().c_str());
  }
  if (code < 0 || code > 2) fuzz::fail(kTarget, "exit code " + std::to_string(code) + "; stderr: " + errors.str());
  if (code == 1 && !args.empty() && args.front() == "perft")
    fuzz::fail(kTarget, "perft: model and engine count differently; stderr: " + errors.str());
  return 0;
}
