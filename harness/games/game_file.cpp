#include "harness/games/game_file.h"

#include <optional>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "harness/games/play.h"
#include "io/record.h"
#include "io/scenario.h"
#include "io/transcript.h"

namespace hoyito {

namespace {

// Plays the moves of a scenario with the reference model, up to its first refused step.
GameOfFile game_of_scenario(const boost::json::value& value, const std::string& path) {
  const Scenario scenario = scenario_from_json(value, path);
  if (scenario.match) throw InputError(fmt::format("{}.match: a match scenario holds game results, no moves", path));
  GameOfFile game;
  game.kind = GameFileKind::scenario;
  game.title = fmt::format("Scenario {}: {}", scenario.id, scenario.title);
  if (!scenario.title_es.empty()) game.title_es = fmt::format("Escenario {}: {}", scenario.id, scenario.title_es);
  game.source = path;
  std::vector<std::string> moves;
  for (size_t i = 0; i < scenario.steps.size(); ++i) {
    if (scenario.steps[i].error) {
      game.note = fmt::format("Step {} ({}) is refused as {}: the game stops before it.", i + 1, scenario.steps[i].move,
                              *scenario.steps[i].error);
      game.refused_move = scenario.steps[i].move;
      break;
    }
    moves.push_back(scenario.steps[i].move);
  }
  game.record = play_moves(scenario.rules, scenario.start, moves, path + ".steps");
  return game;
}

// The original game of a transcript, as the reference model plays its moves.
GameOfFile game_of_disagreement(const JsonDocument& doc) {
  const TranscriptCase original = read_transcript(doc.value, doc.where).front();
  std::vector<std::string> moves;
  for (Move m : original.moves) moves.push_back(move_text(m, original.rules.holes_per_row));
  GameOfFile game;
  game.kind = GameFileKind::disagreement;
  game.title = fmt::format("Disagreement: model and engine differ in '{}' at ply {}", original.field, moves.size());
  game.source = doc.where;
  game.note = fmt::format(
      "The plies are the reference model's. The engine differs at the last ply in '{}': `hoyito replay {}` shows both.",
      original.field, doc.where.substr(0, doc.where.rfind(':')));
  try {
    game.record = play_moves(original.rules, original.start, moves);
  } catch (const InputError&) {  // the model refuses the last move: the plies before it
    game.refused_move = moves.back();
    moves.pop_back();
    game.record = play_moves(original.rules, original.start, moves, doc.where + ".moves");
    game.note += " The model refuses the last move; it is left out.";
  }
  return game;
}

// The game of one document of `path`.
GameOfFile game_of_document(const JsonDocument& doc, const std::string& path) {
  const auto* o = doc.value.if_object();
  if (!o) throw InputError(fmt::format("{}: expected a JSON object (a record, scenario or disagreement)", doc.where));
  if (is_transcript(doc.value)) return game_of_disagreement(doc);
  if (o->contains("steps") || o->contains("match")) return game_of_scenario(doc.value, path);
  GameOfFile game;
  game.record = game_from_json(doc.value, doc.where);
  game.title = fmt::format("{} 2x{}, {} plies", variant_name(game.record.rules.variant),
                           game.record.rules.holes_per_row, game.record.plies.size());
  game.source = doc.where;
  return game;
}

}  // namespace

GameOfFile read_game_file(const std::string& path, int record) {
  if (record < 1) throw InputError(fmt::format("--record {}: records are numbered from 1", record));
  // Read inside the visit: the document (the largest part of one record's memory) is dropped as
  // soon as its game is made, never copied.
  std::optional<GameOfFile> game;
  int seen = 0;
  for_each_json_document(path, [&](const JsonDocument& doc) {
    if (++seen < record) return true;
    game = game_of_document(doc, path);
    return false;
  });
  if (!game) throw InputError(fmt::format("--record {}: {} holds {} record(s)", record, path, seen));
  return std::move(*game);
}

GameOfFile game_of_text(std::string_view json, const std::string& name) {
  boost::system::error_code error;
  JsonDocument doc{name, boost::json::parse(json, error)};
  if (error) throw InputError(fmt::format("{}: not JSON: {}", name, error.message()));
  return game_of_document(doc, name);
}

}  // namespace hoyito
