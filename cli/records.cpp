// `hoyito random`, `apply` and `replay`: game records made and checked.
#include <iostream>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/validators.h"
#include "core/output.h"
#include "core/record.h"
#include "harness/campaign.h"
#include "harness/differential.h"
#include "harness/notation.h"
#include "harness/play.h"
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
    } catch (const UndecidedMove& e) {
      std::cerr << fmt::format("hoyito: random: seed {} index {} skipped: {}\n", args.seed, i, e.what());
      ++skipped;
      continue;
    }
    write(line);
    ++written;
  }
  if (interrupted() || skipped > 0)
    std::cerr << fmt::format("hoyito: random: {} of {} game(s) written{}{}\n", written, end - first,
                             skipped > 0 ? fmt::format(", {} skipped (undecided move)", skipped) : "", interrupt_note());
  return written;
}

Position read_position(const std::string& text_or_file, const Rules& rules) {
  std::string text = text_or_file;
  std::string where = "--position";
  if (text.find('{') == std::string::npos) {
    where = text_or_file;
    text = read_file(text_or_file);
  }
  return position_from_json(parse_json(text, where), rules, where);
}

int command_random(const RandomArgs& args) {
  const Rules rules = make_rules(args.rules);
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
  const Rules rules = make_rules(args.rules);
  const Position start = args.position.empty() ? start_position(rules) : read_position(args.position, rules);
  // The compact notation (specs/notation.md): letters, `*` after a capturing move, `pass`.
  write_stdout(json::serialize(to_json(play_notation(rules, start, args.moves))) + "\n");
  return 0;
}

// What `replay` found, for its --json file (specs/command-result.schema.json#/$defs/replay).
struct ReplayCounts {
  int records = 0, valid = 0, disagreements = 0, reproduced = 0;
  std::string invalid_where, invalid_message;  // the first invalid game record
};

json::object replay_json(const std::string& file, const ReplayCounts& c, int exit_code) {
  return {{"format", "hoyito-replay-result/1"},
          {"version", HOYITO_VERSION},
          {"commit", HOYITO_COMMIT},
          {"file", file},
          {"records", c.records},
          {"valid", c.valid},
          {"disagreements", c.disagreements},
          {"reproduced", c.reproduced},
          {"invalid", c.invalid_where.empty() ? json::value(nullptr)
                                              : json::value(json::object{{"where", c.invalid_where},
                                                                         {"message", c.invalid_message}})},
          {"exit_code", exit_code}};
}

int command_replay(const std::string& file, const std::string& json_path) {
  // Made first, so that a path that cannot be written fails before the replay; bad input (an
  // InputError) leaves no file.
  std::optional<WholeFile> json_file;
  if (!json_path.empty()) json_file.emplace(json_path);
  ReplayCounts counts;
  int exit_code = 0;
  for_each_json_document(file, [&](const JsonDocument& doc) {
    // A disagreement transcript (hoyito verify, exhaustive): replay it on model and engine.
    if (is_transcript(doc.value)) {
      std::string report;
      const bool reproduced = replay_disagreement(doc.value, doc.where, report);
      std::cout << report;
      if (reproduced) exit_code = 1;
      ++counts.records;
      ++counts.disagreements;
      counts.reproduced += reproduced;
      return exit_code == 0;
    }
    const GameRecord record = game_from_json(doc.value, doc.where);  // malformed: InputError, exit 2
    ++counts.records;
    try {
      replay_record(record, doc.where);
    } catch (const InputError& e) {  // well-formed but not what the rules give: exit 1
      std::cout << "INVALID " << e.what() << "\n";
      counts.invalid_where = doc.where;
      counts.invalid_message = e.what();
      exit_code = 1;
      return false;
    }
    ++counts.valid;
    std::cout << fmt::format("{}: valid, {} 2x{}, {} plies, {}, captured {}-{}, winner {}\n", doc.where,
                             variant_name(record.rules.variant), record.rules.holes_per_row, record.plies.size(),
                             status_name(record.result.status), record.result.captured[0], record.result.captured[1],
                             winner_name(record.result.winner));
    return true;
  });
  if (exit_code == 0) std::cout << fmt::format("{} record(s) valid\n", counts.records);
  if (json_file) {
    json_file->write(json::serialize(replay_json(file, counts, exit_code)) + "\n");
    json_file->commit();
  }
  return exit_code;
}

}  // namespace

CommandRun add_random(CLI::App& cmd) {
  auto args = std::make_shared<RandomArgs>();
  add_rules_options(cmd, args->rules);
  cmd.add_option("--games", args->games, "number of games (at least 1)")->default_val(1)->check(at_least(1));
  cmd.add_option("--seed", args->seed, "random seed (0 to 2^64 - 1); the same seed gives the same games")
      ->default_val(1)
      ->check(seed_digits());
  cmd.add_option("--index", args->index,
                 "only game K of the seed (from 0): the game of a record whose origin says seed S, index K")
      ->check(decimal_uint64("a game index", INT64_MAX));
  cmd.add_option("--out", args->out, "output file, written whole or not at all (default: standard output)");
  return [args] { return command_random(*args); };
}

CommandRun add_apply(CLI::App& cmd) {
  auto args = std::make_shared<ApplyArgs>();
  add_rules_options(cmd, args->rules);
  cmd.add_option("--position", args->position, "start position: JSON text or a file (default: the start)");
  cmd.add_option("--moves", args->moves, "moves in the compact notation (specs/notation.md), e.g. \"c A* B pass b\"")->required();
  return [args] { return command_apply(*args); };
}

CommandRun add_replay(CLI::App& cmd) {
  struct ReplayArgs {
    std::string file, json;
  };
  auto args = std::make_shared<ReplayArgs>();
  cmd.add_option("FILE", args->file, fmt::format("record file: a regular file or a pipe, one record (a line) at most {} MB", kMostRecordBytes >> 20))->required();
  cmd.add_option("--json", args->json, "also write what was found as JSON to this file (specs/command-result.schema.json)");
  return [args] { return command_replay(args->file, args->json); };
}

}  // namespace hoyito
