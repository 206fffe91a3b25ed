// `hoyito random` and `apply`: game records made.
#include <iostream>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/validators.h"
#include "engine/sides.h"
#include "harness/base/campaign.h"
#include "harness/games/notation.h"
#include "harness/games/play.h"
#include "harness/verify/differential.h"
#include "io/output.h"
#include "io/record.h"
#include "version.h"  // generated: HOYITO_VERSION, HOYITO_COMMIT

namespace hoyito {

namespace json = boost::json;

namespace {

struct RandomArgs {
  RulesArgs rules;
  int games = 1;
  std::uint64_t seed = 1;
  std::int64_t index = -1;  // only game K of the seed (-1: games 0..games-1)
  std::string out;
};

struct ApplyArgs {
  RulesArgs rules;
  std::string position;
  std::string moves;
  std::string impl = "engine";
};

// Game `index` of `seed` as one JSON Lines record (newline included), with its origin, so that
// `random --seed S --index K` makes it again (specs/game-record.md).
std::string random_record_line(const Rules& rules, std::uint64_t seed, std::uint64_t index) {
  json::object record = to_json(random_game(rules, seed, index));
  record["origin"] = json::object{{"command", "random"}, {"seed", seed}, {"index", index}};
  return json::serialize(record) + "\n";
}

// Writes the games asked for through `write` (a file or standard output, both checked, so the
// first failed write ends the run). A game meeting a move the lap_limit guard cannot decide
// (Q-LIMIT, UndecidedMove) is named on stderr and left out; an interrupt stops starting games.
// Returns the number of games written.
template <typename Write>
int write_records(const Rules& rules, const RandomArgs& args, Write&& write) {
  const std::uint64_t first = args.index >= 0 ? static_cast<std::uint64_t>(args.index) : 0;
  const std::uint64_t end = args.index >= 0 ? first + 1 : static_cast<std::uint64_t>(args.games);
  int written = 0, skipped = 0;
  for (std::uint64_t i = first; i < end && !interrupted(); ++i) {
    std::string line;
    try {
      line = random_record_line(rules, args.seed, i);
    } catch (const UndecidedMove& e) {  // with the command that makes that game alone (as simulate names its deal)
      std::cerr << fmt::format(
          "hoyito: random: seed {} index {} skipped: {}; alone: hoyito random{} --seed {} --index {}\n", args.seed, i,
          e.what(), rules_flags(args.rules), args.seed, i);
      ++skipped;
      continue;
    }
    write(line);
    ++written;
  }
  if (interrupted() || skipped > 0)
    std::cerr << fmt::format("hoyito: random: {} of {} game(s) written{}{}\n", written, end - first,
                             skipped > 0 ? fmt::format(", {} skipped (undecided move)", skipped) : "",
                             interrupt_note());
  return written;
}

}  // namespace

Position read_position(const std::string& text_or_file, const Rules& rules) {
  std::string text = text_or_file;
  std::string where = "--position";
  if (text.find('{') == std::string::npos) {
    where = text_or_file;
    text = read_file(text_or_file, "position");
  }
  Position position = position_from_json(parse_json(text, where), rules, where);
  // END-1: a game whose board is empty has ended; a record starting there is refused when read
  // back (io/record.cpp), so it is refused here, before anything is played.
  if (board_empty(position))
    throw InputError(
        fmt::format("{}: board: every hole is empty: a game there has ended (END-1), nothing can be played", where));
  return position;
}

namespace {

int command_random(const RandomArgs& args) {
  const Rules rules = rules_from_args(args.rules);
  if (args.out.empty()) {
    write_records(rules, args, [](const std::string& line) { write_stdout(line); });
    return 0;
  }
  // Interrupted: the whole records written so far are kept (the file is complete up to there).
  WholeFile out(args.out);
  write_records(rules, args, [&](const std::string& line) { out.write(line); });
  out.commit();
  return 0;
}

int command_apply(const ApplyArgs& args) {
  const Rules rules = rules_from_args(args.rules);
  const Position start = args.position.empty() ? engine::opening_position(rules) : read_position(args.position, rules);
  // The compact notation (specs/notation.md): letters, `*` after a capturing move, `pass`.
  const PlayedBy by = args.impl == "model" ? PlayedBy::model : PlayedBy::engine;
  write_stdout(json::serialize(to_json(play_notation(rules, start, args.moves, by))) + "\n");
  return 0;
}

}  // namespace

CommandRun add_random(CLI::App& cmd) {
  auto args = std::make_shared<RandomArgs>();
  add_rules_options(cmd, args->rules);
  CLI::Option* games =
      cmd.add_option("--games", args->games, "number of games (at least 1)")->default_val(1)->check(at_least(1));
  cmd.add_option("--seed", args->seed, "random seed (0 to 2^64 - 1); the same seed gives the same games")
      ->default_val(1)
      ->check(seed_digits());
  cmd.add_option("--index", args->index,
                 "only game K of the seed (from 0): the game of a record whose origin says seed S, index K")
      ->check(decimal_uint64("a game index", INT64_MAX))
      ->excludes(games);  // one game: --games would say otherwise
  cmd.add_option("--out", args->out, "output file, written whole or not at all (default: standard output)");
  return [args] { return command_random(*args); };
}

CommandRun add_apply(CLI::App& cmd) {
  auto args = std::make_shared<ApplyArgs>();
  add_rules_options(cmd, args->rules);
  cmd.add_option("--position", args->position, "start position: JSON text or a file (default: the start)");
  cmd.add_option(
         "--moves", args->moves,
         "moves in the compact notation (specs/notation.md), e.g. \"d A c* b F* F\" (Hoyito II 2x6 from the start)")
      ->required();
  cmd.add_option("--impl", args->impl,
                 "the implementation that plays the moves: engine (default) or model (the reference model; the "
                 "same record, but a long endless sowing takes it some ten times longer to decide)")
      ->default_val("engine")
      ->check(CLI::IsMember({"engine", "model"}));
  return [args] { return command_apply(*args); };
}

}  // namespace hoyito
