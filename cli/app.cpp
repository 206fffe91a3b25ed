// The `hoyito` program: one command line for every job of the harness. Each command is a line
// of kCommands (cli/commands.h says where each lives); a new command is a new line.
//
// Bad input of any kind ends with one line on stderr and exit code 2. main.cpp calls run_cli;
// the command-line fuzz target calls it too.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <new>
#include <system_error>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "cli/app.h"
#include "cli/commands.h"
#include "cli/validators.h"
#include "core/lap_watch.h"
#include "harness/base/interrupt.h"
#include "harness/base/long_decision.h"
#include "io/output.h"
#include "version.h"  // generated: HOYITO_VERSION, HOYITO_COMMIT

namespace hoyito {

namespace {

const Command kCommands[] = {
    {"verify", "the main job: scenarios and random games, checked", add_verify},
    {"rules", "every rule ID with a summary, and every option", add_rules},
    {"random", "uniformly random games, one record per line", add_random},
    {"apply", "play moves from a position and print the game record", add_apply},
    {"replay", "validate every record of a file (a record, or JSON Lines)", add_replay},
    {"show", "a record's board as text", add_show},
    {"exhaustive", "every small board, every move: model against engine", add_exhaustive},
    {"perft", "count the ply sequences of exactly D plies from the start", add_perft},
    {"bench", "seeded engine games: speed, and the signature of every position", add_bench},
    {"annotate", "a record, scenario or disagreement file as an annotated page", add_annotate},
    {"simulate", "many engine games with chosen players: results with 95% intervals", add_simulate},
    {"scan-sowings", "how many laps the moves of random games' positions take to decide (SOW-6, Q-LIMIT)",
     add_scan_sowings},
    {"merge", "combine the JSON of the shards of a simulate run into the whole run's", add_merge},
    {"examples", "instructive games found by simulation, as annotated pages and an index", add_examples},
    {"rulebook", "the illustrated rule book: every rule with its sources and an example diagram", add_rulebook},
    {"serve", "the engine (or model) behind the engine protocol on stdin/stdout (specs/engine-protocol.md)", add_serve},
    {"suite", "write the conformance suite: perft tables, playthroughs, scenarios, endless moves (specs/suite.md)",
     add_suite},
    {"solve", "endgame tables by retrograde analysis, and their check (specs/endgame-tables.md)", add_solve},
};

std::string command_names() {
  std::string names;
  for (const Command& c : kCommands) names += fmt::format("{}{}", names.empty() ? "" : ", ", c.name);
  return names;
}

bool is_command(std::string_view name) {
  return std::any_of(std::begin(kCommands), std::end(kCommands), [&](const Command& c) { return c.name == name; });
}

constexpr const char* kExitCodes =
    "Exit codes: 0 success (PASS); 1 a check failed, a disagreement or an invalid record; 2 bad input or a\n"
    "failed write (one line on stderr names the file and the reason); 3 an internal error; 130 interrupted\n"
    "by SIGINT (Ctrl-C), 143 by SIGTERM (what was done is written whole, and summarised).";

// The one line every interrupted command ends with (stderr): what an Interrupted exception said
// was done, or, for a command that stopped by itself, that its summary above says what was done.
constexpr const char* kCutShort = "the signal cut a read or a write short (the line above): nothing more written";

// A message with every over-long word cut: a value given on the command line is quoted back as
// record values are (io/record.cpp), so a 100 KB --variant or --moves token makes one short line.
constexpr std::size_t kLongWord = 100;  // longer than any path or value a person types
constexpr std::size_t kShownWord = 40;  // characters kept of such a word
std::string clip_words(std::string_view message) {
  std::string out;
  std::size_t start = 0;
  while (start <= message.size()) {
    const std::size_t end = std::min(message.find(' ', start), message.size());
    const std::string_view word = message.substr(start, end - start);
    if (word.size() > kLongWord)
      out += fmt::format("{}... ({} characters)", word.substr(0, kShownWord), word.size());
    else
      out += word;
    if (end < message.size()) out += ' ';
    start = end + 1;
  }
  return out;
}

// The watch of one move's long decision (core/lap_watch.h): after a second a line on stderr,
// then every 5 s, with the walk of the move's sowing it is on and that walk's laps
// (harness/base/long_decision.h), and at an interrupt, Interrupted: on the main thread run_cli
// says what stopped; on a campaign's worker (simulate, verify) the unit is not played and the
// run ends with its summary. Not on other threads (an exception there would end the process):
// they finish the move.
void watch_long_move(std::uint64_t laps, std::uint64_t limit) {
  using Clock = std::chrono::steady_clock;
  thread_local Clock::time_point started, last_line, last_call;
  thread_local DecisionWalks walks;  // which walk of the move's sowing the line is on
  const Clock::time_point now = Clock::now();
  // A new decision: no call for 10 s (calls come every kWatchLaps laps, at most a few seconds
  // apart even in the model under a sanitizer). Not told by `laps`, which each walk of one move
  // counts afresh: several short walks would hide a long decision.
  if (last_call == Clock::time_point{} || now - last_call > std::chrono::seconds(10)) {
    started = last_line = now;
    walks.restart();
  }
  last_call = now;
  walks.see(laps);
  if (on_interruptible_thread())
    throw_if_interrupted([&] {
      return fmt::format(
          "a move's decision stopped in walk {} of its sowing, after {} laps of it (lap_limit {}): "
          "nothing played",
          walks.walk(), laps, limit);
    });
  // The first line after 1 s (a move the engine decides in 5 to 7 s says so at once), then every 5 s.
  if (now - last_line < (last_line == started ? std::chrono::seconds(1) : std::chrono::seconds(5))) return;
  last_line = now;
  std::cerr << decision_line(walks, limit, std::chrono::duration<double>(now - started).count()) << '\n';
}

void report_interrupt(const std::string& done) {
  std::cout.flush();
  std::cerr << "interrupted" << interrupt_note() << ": "
            << (done.empty() ? "stopped early; what was done is summarised above, its files written whole" : done)
            << "\n";
}

}  // namespace

std::string version_text() { return fmt::format("hoyito {} (commit {})", HOYITO_VERSION, HOYITO_COMMIT); }

std::string default_output_path(const std::string& name) {
  namespace fs = std::filesystem;
  if (const char* cache = std::getenv("XDG_CACHE_HOME"); cache && *cache)
    return (fs::path(cache) / "hoyito" / name).string();
  if (const char* home = std::getenv("HOME"); home && *home)
    return (fs::path(home) / ".cache" / "hoyito" / name).string();
  return (fs::temp_directory_path() / "hoyito" / name).string();
}

bool on_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::string_view folders = path ? path : "";
  while (!folders.empty()) {
    const std::size_t colon = std::min(folders.find(':'), folders.size());
    const std::string folder(folders.substr(0, colon));
    const std::string file = (std::filesystem::path(folder.empty() ? "." : folder) / name).string();
    if (::access(file.c_str(), X_OK) == 0 && !std::filesystem::is_directory(file)) return true;
    folders.remove_prefix(std::min(colon + 1, folders.size()));
  }
  return false;
}

void check_folder_writable(const std::string& path, const char* flag) {
  namespace fs = std::filesystem;
  std::error_code error;
  fs::path folder = fs::absolute(path, error);
  // The nearest folder that exists must be a folder we may write in (make_folder makes the rest).
  while (!fs::exists(folder, error) && folder.has_parent_path() && folder.parent_path() != folder)
    folder = folder.parent_path();
  if (!fs::is_directory(folder, error))
    throw OutputError(fmt::format("{} {}: cannot make the folder: {} is a file", flag, path, folder.string()));
  if (::access(folder.c_str(), W_OK) != 0)
    throw OutputError(fmt::format("{} {}: cannot write in {}: {}", flag, path, folder.string(), std::strerror(errno)));
}

std::string default_specs_folder() {
  // Installed: BIN/hoyito beside BIN/../share/hoyito/specs (cmake --install). In the build tree:
  // the source tree's specs/.
  namespace fs = std::filesystem;
  std::error_code error;
  const fs::path exe = fs::read_symlink("/proc/self/exe", error);
  if (!error) {
    const fs::path installed = exe.parent_path().parent_path() / "share" / "hoyito" / "specs";
    if (fs::is_directory(installed, error)) return installed.string();
  }
  return HOYITO_SOURCE_DIR "/specs";
}

// Two output flags of the command given naming one file (the second write would replace the
// first): the message, or "" when each names its own.
static std::string output_flags_clash(const std::vector<std::pair<CLI::App*, CommandRun>>& commands) {
  for (const auto& [sub, run] : commands) {
    if (!*sub) continue;
    std::vector<std::pair<std::string, std::filesystem::path>> files;
    for (const char* flag : {"json", "csv", "junit"}) {
      const CLI::Option* option = sub->get_option_no_throw(std::string("--") + flag);
      if (option == nullptr || option->count() == 0) continue;
      const std::string value = option->as<std::string>();
      std::error_code error;
      const std::filesystem::path path = std::filesystem::absolute(value, error).lexically_normal();
      for (const auto& [other_flag, other] : files)
        if (!error && path == other)
          return fmt::format("--{} {}: the same file as --{}: give each its own", flag, value, other_flag);
      files.emplace_back(flag, path);
    }
  }
  return "";
}

int run_cli(int argc, const char* const* argv) {
  if (argc > 1 && argv[1][0] != '-' && !is_command(argv[1])) {
    std::cerr << fmt::format("hoyito: unknown command '{}' (commands: {})\n", clip_words(argv[1]), command_names());
    return 2;
  }
  CLI::App app{"hoyito: rules verification and simulation for Hoyito I, II and III"};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "help on every command");
  app.set_version_flag("--version", version_text(), "the version and the git commit it was built from");
  app.footer(kExitCodes);
  std::vector<std::pair<CLI::App*, CommandRun>> commands;
  for (const Command& c : kCommands) {
    CLI::App* sub = app.add_subcommand(c.name, c.description);
    commands.emplace_back(sub, c.add(*sub));
    // Every whole-number flag in decimal: CLI11 alone would take "010" as 8 and "0x10" as 16.
    for (CLI::Option* option : sub->get_options()) {
      const std::string type = option->get_type_name();
      if (type.rfind("INT", 0) == 0 || type.rfind("UINT", 0) == 0) option->check(decimal_digits());
      for (const char* path_flag : {"--json", "--csv", "--charts", "--junit", "--out", "--position", "--specs"})
        if (option->check_lname(path_flag + 2)) option->check(non_empty_path());
    }
  }

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) {  // --help, --version: a failed write to standard output is still an error
      const int code = app.exit(e);
      std::cout.flush();
      if (!std::cout) {
        std::cerr << "hoyito: standard output: cannot write\n";
        return 2;
      }
      return code;
    }
    // `hoyito` alone: CLI11 says only that a command is required; say where the commands are.
    const std::string hint = argc <= 1 ? " (hoyito --help lists the commands)" : "";
    std::cerr << "hoyito: " << clip_words(e.what()) << hint << "\n";
    return 2;
  }

  if (const std::string clash = output_flags_clash(commands); !clash.empty()) {
    std::cerr << "hoyito: " << clash << "\n";
    return 2;
  }
  const CheckedStdout checked_stdout;     // a failed write to standard output is named (io/output.h)
  install_interrupt_handlers();           // every command stops at an interrupt and says so (harness/base/interrupt.h)
  const InterruptibleThread main_thread;  // an Interrupted exception is caught below
  lap_watch = watch_long_move;
  int exit_code = 2;
  std::string interrupted_done;  // what an Interrupted exception says was done
  try {
    for (const auto& [sub, run] : commands)
      if (*sub) {
        exit_code = run();
        break;
      }
    flush_stdout();  // a full disk or a closed pipe behind standard output is a failed write
  } catch (const Interrupted& e) {
    interrupted_done = e.what();
  } catch (const InputError& e) {
    std::cerr << "hoyito: " << clip_words(e.what()) << "\n";
    exit_code = 2;
    if (interrupted()) interrupted_done = kCutShort;
  } catch (const std::bad_alloc&) {
    std::cerr << "hoyito: out of memory: the run needs more than the machine (or `ulimit -v`) gives it; "
                 "ask for less (solve says its need before it starts)\n";
    exit_code = 2;
    if (interrupted()) interrupted_done = kCutShort;
  } catch (const std::exception& e) {
    std::cerr << "hoyito: internal error: " << clip_words(e.what()) << "\n";
    exit_code = 3;
    if (interrupted()) interrupted_done = kCutShort;
  }
  if (!interrupted()) return exit_code;
  report_interrupt(interrupted_done);
  return 128 + interrupt_signal();
}

}  // namespace hoyito
