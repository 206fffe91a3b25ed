// The game a file describes (harness/games/game_file.h), the reader of `hoyito show` and `hoyito
// annotate`: game records, scenarios and disagreement files, and one clear error naming the file
// and field for each kind of malformed input. Disagreement files are made by the writer itself
// (write_transcript), so the test follows its format.
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "engine/sides.h"
#include "harness/games/game_file.h"
#include "harness/games/play.h"
#include "harness/verify/differential.h"
#include "io/record.h"
#include "io/scenario.h"
#include "tests/support/moves.h"

namespace hoyito {
namespace {

std::string temp_path(const std::string& name) {
  return ::testing::TempDir() + "/game_file_" + std::to_string(::getpid()) + "_" + name;
}

std::string write_temp(const std::string& name, const std::string& text) {
  const std::string path = temp_path(name);
  std::ofstream(path) << text;
  return path;
}

std::string scenario_path(const std::string& id) {
  return std::string(HOYITO_SOURCE_DIR) + "/specs/scenarios/" + id + ".json";
}

// The message of the InputError that reading `path` throws ("" when it reads).
std::string error_of(const std::string& path, int record = 1) {
  try {
    read_game_file(path, record);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

// A disagreement as lockstep finds one: Hoyito II 2x6 from the start, South c then North B, the
// two differing in the events of ply 2. The sides' content does not matter to the reader.
Disagreement sample_disagreement(std::vector<Move> moves) {
  Disagreement d;
  d.start = engine::opening_position(d.rules);
  d.moves = std::move(moves);
  d.field = "events";
  d.model.legal = d.engine.legal = hoyito::testing::holes({6, 7, 8, 9, 10, 11});
  d.model.error = d.engine.error = "not played here";
  return d;
}

TEST(GameFile, RecordOfAJsonLinesFile) {
  const Rules rules;
  const GameRecord first = random_game(rules, 5, 0), second = random_game(rules, 5, 1);
  const std::string path = write_temp("two.jsonl", to_json_line(first) + "\n" + to_json_line(second) + "\n");
  const GameOfFile game = read_game_file(path, 2);
  EXPECT_EQ(game.kind, GameFileKind::record);
  EXPECT_EQ(game.record, second);
  EXPECT_EQ(game.source, path + ":2");
  EXPECT_EQ(error_of(path, 3), "--record 3: " + path + " holds 2 record(s)");
  EXPECT_EQ(error_of(path, 0), "--record 0: records are numbered from 1");
  std::filesystem::remove(path);
}

TEST(GameFile, ReadsOnlyUpToTheRecordAskedFor) {
  // Streamed: what follows record 1 is not read, so a broken line after it does not matter.
  const GameRecord first = random_game(Rules{}, 5, 0);
  const std::string path = write_temp("then-broken.jsonl", to_json_line(first) + "\n{\"broken\n");
  EXPECT_EQ(read_game_file(path, 1).record, first);
  EXPECT_NE(error_of(path, 2).find(path + ":2"), std::string::npos) << error_of(path, 2);
  std::filesystem::remove(path);
}

TEST(GameFile, ScenarioPlaysItsStepsToTheHandDerivedPositions) {
  // Every non-match scenario: the plies are its steps up to the first refused one, each ending
  // in the position its file derives by hand (where it gives one).
  int compared = 0;
  for (const Scenario& s : load_scenarios(std::string(HOYITO_SOURCE_DIR) + "/specs/scenarios")) {
    if (s.match) continue;
    const GameOfFile game = read_game_file(s.file, 1);
    EXPECT_EQ(game.kind, GameFileKind::scenario);
    EXPECT_EQ(game.title.rfind("Scenario " + s.id + ": ", 0), 0u) << game.title;
    size_t played = 0;
    while (played < s.steps.size() && !s.steps[played].error) ++played;
    ASSERT_EQ(game.record.plies.size(), played) << s.id;
    EXPECT_EQ(game.note.empty(), played == s.steps.size()) << s.id;
    for (size_t k = 0; k < played; ++k)
      if (s.steps[k].after) {
        EXPECT_EQ(game.record.plies[k].after, *s.steps[k].after) << s.id << " step " << k;
        ++compared;
      }
    if (s.result && played == s.steps.size()) {
      EXPECT_EQ(game.record.result, *s.result) << s.id;
    }
  }
  EXPECT_GT(compared, 60);
}

TEST(GameFile, ScenarioWithARefusedStepStopsBeforeIt) {
  // sx-endless-illegal: its one step (a) is refused as illegal (SOW-6).
  const GameOfFile game = read_game_file(scenario_path("sx-endless-illegal"), 1);
  EXPECT_TRUE(game.record.plies.empty());
  EXPECT_EQ(game.note, "Step 1 (a) is refused as illegal: the game stops before it.");
}

TEST(GameFile, DisagreementFilesAsTheWriterWritesThem) {
  // c (South, hole 2) then B (North, hole 7): the moves of the original; the shrunk form is not
  // the game shown. exhaustive writes the same format under another name.
  const Disagreement original = sample_disagreement(hoyito::testing::holes({2, 7})),
                     shrunk = sample_disagreement(hoyito::testing::holes({2}));
  for (const char* name : {"disagreement-1.json", "exhaustive-disagreement.json"}) {
    const std::string path = temp_path(name);
    write_transcript(path, original, shrunk, "hoyito verify --seed 1 --games 4 --config x --game 3", 1);
    const GameOfFile game = read_game_file(path, 1);
    EXPECT_EQ(game.kind, GameFileKind::disagreement);
    EXPECT_EQ(game.title, "Disagreement: model and engine differ in 'events' at ply 2");
    ASSERT_EQ(game.record.plies.size(), 2u);
    EXPECT_EQ(game.record.plies[0].player, Player::south);
    EXPECT_EQ(game.record.plies[0].move, Move::at(2));
    EXPECT_EQ(game.record.plies[1].player, Player::north);
    EXPECT_EQ(game.record.plies[1].move, Move::at(7));
    EXPECT_EQ(game.record.start, engine::opening_position(Rules{}));
    EXPECT_NE(game.note.find("`hoyito replay " + path + "`"), std::string::npos) << game.note;
    // replay reads the same file with the same reader: both forms, on model and engine (which agree).
    std::string replayed;
    EXPECT_FALSE(replay_disagreement(parse_json(read_file(path), path), path + ":1", replayed));
    EXPECT_EQ(replayed, path +
                            ":1: hoyito2 2x6, 2 move(s): [\"c\",\"B\"]\n"
                            "  model and engine agree: the disagreement is not reproduced\n" +
                            path +
                            ":1.shrunk: hoyito2 2x6, 1 move(s): [\"c\"]\n"
                            "  model and engine agree: the disagreement is not reproduced\n");
    std::filesystem::remove(path);
  }
}

TEST(GameFile, DisagreementWhoseLastMoveTheModelRefuses) {
  // After c North is to move; a (South's hole 0) is refused: the plies before it are shown.
  const std::string path = temp_path("refused.json");
  const Disagreement d = sample_disagreement(hoyito::testing::holes({2, 0}));
  write_transcript(path, d, d, "hoyito replay x", 1);
  const GameOfFile game = read_game_file(path, 1);
  EXPECT_EQ(game.record.plies.size(), 1u);
  EXPECT_NE(game.note.find("The model refuses the last move; it is left out."), std::string::npos);
  std::filesystem::remove(path);
}

TEST(GameFile, MalformedInputNamesTheFileAndField) {
  const std::string start = R"("start":{"board":[4,4,4,4,4,4,4,4,4,4,4,4],"captured":[0,0],"to_move":"south"})";
  const std::string rules = R"("rules":{"variant":"hoyito2","holes_per_row":6})";
  const std::string head = R"({"format":"hoyito-disagreement/1",)" + rules + ",";
  struct Case {
    std::string name, text, expected;  // expected: the message after the file name
  };
  const std::vector<Case> cases = {
      {"array.json", "[1,2]", ":1: expected a JSON object (a record, scenario or disagreement)"},
      {"no-moves.json", head + start + "}", ":1: missing field \"moves\""},
      {"move-number.json", head + start + R"(,"moves":["c",7]})", ":1.moves[1]: expected a move"},
      {"move-letter.json", head + start + R"(,"moves":["c","z"]})", ":1.moves[1]: "},
      {"moves-object.json", head + start + R"(,"moves":{}})", ":1.moves: expected an array"},
      {"field-number.json", head + start + R"(,"moves":["c"],"field":3})", ":1.field: expected a string"},
      {"shrunk-string.json", head + start + R"(,"moves":["c"],"shrunk":"x"})", ":1.shrunk: expected an object"},
      {"shrunk-no-start.json", head + start + R"(,"moves":["c"],"shrunk":{)" + rules + R"(,"moves":[]}})",
       ":1.shrunk: missing field \"start\""},
      {"board-short.json", head + R"("start":{"board":[4,4],"captured":[0,0],"to_move":"south"},"moves":[]})",
       ":1.start"},
      {"scenario-no-id.json", "{" + rules + "," + start + R"(,"steps":[]})", ": missing field \"id\""},
      {"scenario-steps.json", R"({"id":"x",)" + rules + "," + start + R"(,"steps":{}})", ".steps: expected an array"},
      {"scenario-move.json", R"({"id":"x",)" + rules + "," + start + R"(,"steps":[{"move":"z"}]})",
       ".steps: move 1 ('z'): "},
      {"syntax.json", "{\"id\":", ": malformed JSON"},
  };
  for (const Case& c : cases) {
    const std::string path = write_temp(c.name, c.text);
    const std::string error = error_of(path);
    EXPECT_EQ(error.rfind(path + c.expected, 0), 0u) << c.name << ": " << error;
    EXPECT_EQ(error.find('\n'), std::string::npos) << c.name << ": " << error;
    std::filesystem::remove(path);
  }
  EXPECT_EQ(error_of(scenario_path("s3-match-alternate")),
            scenario_path("s3-match-alternate") + ".match: a match scenario holds game results, no moves");
}

}  // namespace
}  // namespace hoyito
