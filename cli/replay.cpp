// `hoyito replay`: game records and disagreement files replayed on model and engine.
#include <iostream>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/validators.h"
#include "harness/base/interrupt.h"
#include "harness/games/play.h"
#include "harness/verify/differential.h"
#include "harness/verify/engine_under_test.h"
#include "io/output.h"
#include "io/record.h"
#include "version.h"  // generated: HOYITO_VERSION, HOYITO_COMMIT

namespace hoyito {

namespace json = boost::json;

namespace {

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
          {"invalid", c.invalid_where.empty()
                          ? json::value(nullptr)
                          : json::value(json::object{{"where", c.invalid_where}, {"message", c.invalid_message}})},
          {"exit_code", exit_code}};
}

struct ReplayArgs {
  std::string file, json, engine;
  double engine_timeout = 10;
};

// One document of FILE through the engine: a disagreement transcript, a hand-derived scenario
// (specs/scenarios/) or a game record. True when the engine differs.
bool replay_document_with_engine(const JsonDocument& doc, std::string& report) {
  if (is_transcript(doc.value)) return replay_with_engine(doc.value, doc.where, report);
  if (doc.value.is_object() && doc.value.as_object().contains("steps"))
    return scenario_with_engine(scenario_from_json(doc.value, doc.where), report);
  const GameRecord record = game_from_json(doc.value, doc.where);
  std::vector<Move> moves;
  for (const Ply& ply : record.plies) moves.push_back(ply.move);
  return record_with_engine(moves, record.rules, record.start, doc.where, report);
}

// `replay FILE --engine CMD`: each transcript or record of FILE through the engine, against the model.
int replay_with_engine_command(const ReplayArgs& args) {
  EngineOptions options;
  options.command = args.engine;
  options.timeout = std::chrono::milliseconds(static_cast<long long>(args.engine_timeout * 1000));
  const EngineScope scope(std::make_shared<EngineSession>(options));
  int exit_code = 0;
  int replayed = 0;
  for_each_json_document(args.file, [&](const JsonDocument& doc) {
    // Checked per document (a 2x12 record takes about 0.1 s): Ctrl-C stops within a second.
    throw_if_interrupted(
        [&] { return fmt::format("replay: stopped after {} record(s), before {}", replayed, doc.where); });
    ++replayed;
    std::string report;
    try {
      if (replay_document_with_engine(doc, report)) exit_code = 1;
    } catch (const EngineFailure& e) {
      report += fmt::format("ENGINE FAILURE {}\n", e.what());
      exit_code = 1;
    }
    std::cout << report;
    return true;
  });
  std::cout << (exit_code == 0 ? "agree: no difference reproduced\n" : "disagree: a difference was reproduced\n");
  return exit_code;
}

int command_replay(const std::string& file, const std::string& json_path) {
  // Made first, so that a path that cannot be written fails before the replay; bad input (an
  // InputError) leaves no file.
  std::optional<WholeFile> json_file;
  if (!json_path.empty()) json_file.emplace(json_path);
  ReplayCounts counts;
  int exit_code = 0;
  for_each_json_document(file, [&](const JsonDocument& doc) {
    // Checked per document (a 2x12 record takes about 0.1 s): Ctrl-C stops within a second, and
    // no --json file is written (its temporary is removed).
    throw_if_interrupted([&] {
      return fmt::format("replay: stopped after {} record(s) ({} valid), before {}; no --json written", counts.records,
                         counts.valid, doc.where);
    });
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
    std::cout << fmt::format("{}: valid, {} 2x{}, {} pl{}, {}, captured {}-{}, {}\n", doc.where,
                             variant_name(record.rules.variant), record.rules.holes_per_row, record.plies.size(),
                             record.plies.size() == 1 ? "y" : "ies", status_name(record.result.status),
                             record.result.captured[0], record.result.captured[1], winner_words(record.result.winner));
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

CommandRun add_replay(CLI::App& cmd) {
  auto args = std::make_shared<ReplayArgs>();
  cmd.add_option("FILE", args->file,
                 fmt::format("record file: a regular file or a pipe, one record (a line) at most {} MB",
                             kMostRecordBytes >> 20))
      ->required();
  cmd.add_option("--json", args->json,
                 "also write what was found as JSON to this file (specs/command-result.schema.json)");
  cmd.add_option("--engine", args->engine,
                 "replay on the model and this engine (a command speaking specs/engine-protocol.md) instead: agree, or "
                 "the first differing ply (exit 1)")
      ->check(engine_command());
  cmd.add_option("--engine-timeout", args->engine_timeout, "with --engine: seconds each command may take")
      ->default_val(args->engine_timeout)
      ->check(positive_seconds());
  return [args] {
    if (!args->engine.empty()) {
      if (!args->json.empty()) throw InputError("--engine: --json does not apply to it");
      return replay_with_engine_command(*args);
    }
    return command_replay(args->file, args->json);
  };
}

}  // namespace hoyito
