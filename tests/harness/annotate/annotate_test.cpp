// Annotated games: the story of a ply, its account in both languages, the notation, the diagram
// and the move-quality line. Every expected value is derived by hand from the rule text (the
// derivation is in the comment beside it, or in the scenario file named), never pasted from a run.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
// GCC 12 warns of maybe-uninitialized std::function members inside <regex> under the
// sanitizers (a false positive in the library header, as cli/commands.cpp notes).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <regex>
#pragma GCC diagnostic pop
#include <set>

#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>
#include <boost/json.hpp>

#include "engine/sides.h"
#include "harness/annotate/account.h"
#include "harness/annotate/diagram.h"
#include "harness/annotate/page.h"
#include "harness/annotate/quality.h"
#include "harness/annotate/story.h"
#include "harness/games/notation.h"
#include "harness/games/play.h"
#include "io/record.h"
#include "io/scenario.h"
#include "tests/support/moves.h"

using namespace hoyito;

namespace {

std::string scenario_path(const std::string& id) {
  return std::string(HOYITO_SOURCE_DIR) + "/specs/scenarios/" + id + ".json";
}

// The opening move a of Hoyito II 2x6 (every hole 4). By SOW-2 and SOW-5: a's 4 seeds go to
// b c d e (5 each); e is occupied, not four: relay 5 from e to f A B C D (5 each); relay 5 from D
// to E F a(0->1) b(6) c(6); relay 6 from c to d(6) e(0->1) f(6) A(6) B(6) C(6); relay 6 from C
// to D(0->1) E(6) F(6) a(2) b(7) c(0->1): c was empty, the move ends (SOW-4). Five laps.
PlyStory opening_a() {
  const Rules rules;
  const GameRecord record = play_moves(rules, engine::opening_position(rules), {"a"});
  return tell_ply(rules, record.start, record.plies[0], 1);
}

std::set<std::string> placeholders(std::string_view text) {
  std::set<std::string> names;
  const std::string s(text);
  const std::regex name(R"(\{([a-z_]+)\})");
  for (auto it = std::sregex_iterator(s.begin(), s.end(), name); it != std::sregex_iterator(); ++it)
    names.insert((*it)[1]);
  return names;
}

// The head of a depth-1 quality line: it says what its numbers are (issue 23).
constexpr const char* kQualityHead1 =
    "Move quality: each legal move's value is the mover's captured seeds minus the opponent's after 1 plies of search "
    "(? loses 4 or more against the best, ?? 8 or more):";

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST(AnnotateStory, OpeningMoveLapsRelaysAndLandings) {
  const PlyStory story = opening_a();
  ASSERT_EQ(story.laps.size(), 5u);
  const int from[] = {0, 4, 9, 2, 8}, to[] = {4, 9, 2, 8, 2}, seeds[] = {4, 5, 5, 6, 6}, landing[] = {5, 5, 6, 6, 1};
  for (size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(story.laps[i].number, static_cast<int>(i) + 1);
    EXPECT_EQ(story.laps[i].from, from[i]);
    EXPECT_EQ(story.laps[i].to, to[i]);
    EXPECT_EQ(story.laps[i].seeds, seeds[i]);
    EXPECT_EQ(story.laps[i].landing_count, landing[i]) << "lap " << i + 1;
    EXPECT_EQ(story.laps[i].end, i < 4 ? LapStory::End::relay : LapStory::End::empty);
  }
  // Lap 3 from D (hole 9): E F a b c = holes 10 11 0 1 2, through the 2N-1 -> 0 wrap.
  EXPECT_EQ(story.laps[2].path, (std::vector<int>{10, 11, 0, 1, 2}));
  EXPECT_TRUE(story.captures.empty());
  // Frames: the start, the lift, 4+5+5+6+6 = 26 seeds, 4 relay lifts; the last is the board after.
  ASSERT_EQ(story.frames.size(), 1u + 1u + 26u + 4u);
  EXPECT_EQ(story.frames.back().board, (std::vector<int>{2, 7, 1, 6, 1, 6, 6, 6, 0, 1, 6, 6}));
}

TEST(AnnotateStory, ChainCapturesInOrder) {
  // specs/scenarios/s2-chain-crossing-rows.json, step 2: c's 11 seeds go to holes 3..11, 0, 1;
  // hole 1 (b) becomes four and is captured (CAP-II-1), then 0, 11, 10 backward (CAP-II-2).
  const Scenario s = load_scenario(scenario_path("s2-chain-crossing-rows"));
  const GameRecord record = play_moves(s.rules, s.start, {"d", "c"});
  const PlyStory story = tell_ply(s.rules, record.plies[0].after, record.plies[1], 2);
  ASSERT_EQ(story.laps.size(), 1u);
  EXPECT_EQ(story.laps[0].path, (std::vector<int>{3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 1}));
  EXPECT_EQ(story.laps[0].end, LapStory::End::capture);
  EXPECT_EQ(story.laps[0].landing_count, 4);
  ASSERT_EQ(story.captures.size(), 4u);
  const int holes[] = {1, 0, 11, 10};
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(story.captures[i].order, static_cast<int>(i) + 1);
    EXPECT_EQ(story.captures[i].hole, holes[i]);
    EXPECT_EQ(story.captures[i].chain, i > 0);
    EXPECT_EQ(story.captures[i].player, Player::south);
  }
  EXPECT_FALSE(story.frames.empty());  // the events rebuild the recorded board and captures
  EXPECT_EQ(story.frames.back().captured, (std::array<int, 2>{36, 4}));
}

TEST(AnnotateStory, EnPassantCaptureHappensInTheLap) {
  // specs/scenarios/s1-en-passant-single.json: a's 3 seeds go to b (3->4: captured at once,
  // CAP-I-1), c (1->2), d (0->1, empty: the move ends).
  const Scenario s = load_scenario(scenario_path("s1-en-passant-single"));
  const GameRecord record = play_moves(s.rules, s.start, {"a"});
  const PlyStory story = tell_ply(s.rules, s.start, record.plies[0], 1);
  ASSERT_EQ(story.captures.size(), 1u);
  EXPECT_TRUE(story.captures[0].en_passant);
  EXPECT_EQ(story.captures[0].hole, 1);
  EXPECT_EQ(story.captures[0].lap, 1);
  ASSERT_FALSE(story.frames.empty());
  EXPECT_EQ(story.frames.back().board, (std::vector<int>{0, 0, 2, 1, 0, 0, 0, 0, 2, 0, 3, 0}));
}

TEST(AnnotateAccount, OpeningMoveInEnglish) {
  const std::vector<Sentence> sentences = account(opening_a(), Rules{}, Lang::en);
  ASSERT_EQ(sentences.size(), 11u);  // lift, 5 laps, 4 relays, the end
  EXPECT_EQ(sentences[0].text, "South lifts 4 seeds from a (SOW-1).");
  EXPECT_EQ(sentences[1].text, "Lap 1: 4 seeds sown counterclockwise from a to e, which now holds 5 (SOW-2).");
  EXPECT_EQ(sentences[2].text, "e was not empty and is no casa: relay, South lifts its 5 seeds and sows on (SOW-5).");
  EXPECT_EQ(sentences[9].text, "Lap 5: 6 seeds sown counterclockwise from C to c, which now holds 1 (SOW-2).");
  EXPECT_EQ(sentences[10].text, "c was empty: the move ends (SOW-4).");
  EXPECT_EQ(sentences[10].lap, 5);
}

TEST(AnnotateAccount, OpeningMoveInSpanish) {
  const std::vector<Sentence> sentences = account(opening_a(), Rules{}, Lang::es);
  ASSERT_EQ(sentences.size(), 11u);
  EXPECT_EQ(sentences[0].text, "Sur levanta 4 semillas del hoyo «a» (SOW-1).");
  EXPECT_EQ(sentences[10].text, "El hoyo «c» estaba vacío: el movimiento termina (SOW-4).");
}

TEST(AnnotateAccount, ChainIsOneSentence) {
  // s2-chain-crossing-rows step 1: d's 3 seeds to e f A; A becomes four (CAP-II-1); f and e hold
  // four behind it (CAP-II-2); d is empty, the chain stops; South moves again (CAP-II-3).
  const Scenario s = load_scenario(scenario_path("s2-chain-crossing-rows"));
  const GameRecord record = play_moves(s.rules, s.start, {"d"});
  const auto sentences = account(tell_ply(s.rules, s.start, record.plies[0], 1), s.rules, Lang::en);
  ASSERT_EQ(sentences.size(), 5u);
  EXPECT_EQ(sentences[2].text, "The last seed makes A a casa of four: South captures it (CAP-II-1).");
  EXPECT_EQ(sentences[3].text,
            "Backward from there South also captures the fours in f and e, one unbroken run (CAP-II-2).");
  EXPECT_EQ(sentences[4].text, "South moves again (CAP-II-3).");
}

TEST(AnnotateAccount, LongRelaySummary) {
  // Nine laps, three kept at each end: laps 4..6 become one "... 3 more laps ..." line.
  std::vector<Sentence> sentences{{0, "lift"}};
  for (int lap = 1; lap <= 9; ++lap) sentences.push_back({lap, "lap " + std::to_string(lap)});
  const auto cut = summarised(sentences, 9, Lang::en);
  EXPECT_EQ(cut, (std::vector<std::string>{"lift", "lap 1", "lap 2", "lap 3", "... 3 more laps ...", "lap 7", "lap 8",
                                           "lap 9"}));
  EXPECT_EQ(summarised(sentences, 9, Lang::es)[4], "... 3 tandas más ...");
  EXPECT_EQ(summarised(sentences, 8, Lang::en).size(), sentences.size());  // 8 laps: told in full
}

TEST(AnnotateTables, EveryEventKindHasBothLanguages) {
  const int kinds = static_cast<int>(EventKind::game_end) + 1;
  for (int k = 0; k < kinds; ++k) {
    const auto kind = static_cast<EventKind>(k);
    const bool found = std::any_of(event_phrases().begin(), event_phrases().end(), [&](const EventPhrase& p) {
      return p.kind == kind && p.key == event_kind_name(kind);
    });
    EXPECT_TRUE(found) << "no wording for event kind " << event_kind_name(kind);
  }
  for (const EventPhrase& p : event_phrases()) {
    EXPECT_FALSE(p.en.empty()) << p.key;
    EXPECT_FALSE(p.es.empty()) << p.key;
    EXPECT_NE(p.en, p.es) << p.key << " is not translated";
    EXPECT_EQ(placeholders(p.en), placeholders(p.es)) << p.key;
    EXPECT_TRUE(p.key.substr(0, p.key.find('.')) == event_kind_name(p.kind)) << p.key;
  }
  for (int w = 0; w < static_cast<int>(Word::count); ++w) {
    const auto en = word(static_cast<Word>(w), Lang::en), es = word(static_cast<Word>(w), Lang::es);
    EXPECT_FALSE(en.empty()) << "word " << w;
    EXPECT_FALSE(es.empty()) << "word " << w;
    EXPECT_EQ(placeholders(en), placeholders(es)) << "word " << w;
  }
}

TEST(AnnotateNotation, ReadsBackWhatItWrites) {
  const Scenario s = load_scenario(scenario_path("s2-chain-crossing-rows"));
  const GameRecord record = play_moves(s.rules, s.start, {"d", "c"});
  EXPECT_EQ(game_notation(record.plies, 6), "d* c*");  // both capture (see ChainCapturesInOrder)
  EXPECT_EQ(play_notation(s.rules, s.start, "d* c*"), record);
  EXPECT_EQ(play_notation(s.rules, s.start, "d c"), record);  // the plain letters stay valid
  // e lifts 3: f 3->4, A 3->4, B 1->2 (the last, occupied) -> relay 2: C 0->1, D 0->1 (empty): no capture.
  EXPECT_THROW(play_notation(s.rules, s.start, "e*"), InputError);
  const auto moves = parse_notation("a A*, pass  b");
  ASSERT_EQ(moves.size(), 4u);
  EXPECT_EQ(moves[1].move, "A");
  EXPECT_TRUE(moves[1].marked_capture);
  EXPECT_EQ(moves[2].move, "pass");
  EXPECT_THROW(parse_notation("pass*"), InputError);
  EXPECT_THROW(parse_notation("a**"), InputError);
}

TEST(AnnotateNotation, PassPly) {
  // specs/scenarios/s2-extra-move-then-forced-pass.json: f captures A (CAP-II-3), then PASS-2.
  const Scenario s = load_scenario(scenario_path("s2-extra-move-then-forced-pass"));
  const GameRecord record = play_notation(s.rules, s.start, "f* pass F");
  EXPECT_EQ(game_notation(record.plies, 6), "f* pass F");
  const PlyStory pass = tell_ply(s.rules, record.plies[0].after, record.plies[1], 2);
  const auto sentences = account(pass, s.rules, Lang::en);
  EXPECT_EQ(alt_text(pass, s.rules, Lang::en).substr(0, 31), "Diagram of ply 2: South passes.");
  ASSERT_EQ(sentences.size(), 1u);
  EXPECT_EQ(sentences[0].text,
            "South earned an extra move but has no seeds on their side: the extra move is passed (PASS-2).");
}

TEST(AnnotateDiagram, MarksFromTheStory) {
  const PlyStory story = opening_a();
  const std::string svg = ply_svg(story, Rules{}, Lang::en);
  auto count = [&](const std::string& needle) {
    size_t n = 0;
    for (size_t at = svg.find(needle); at != std::string::npos; at = svg.find(needle, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count("class=\"lap\""), 5u);
  EXPECT_EQ(count("class=\"relay\""), 4u);  // laps 1-4 end in a relay
  EXPECT_EQ(count("class=\"landing\""), 5u);
  EXPECT_EQ(count("class=\"hole lifted\""), 1u);
  EXPECT_EQ(count("class=\"captured\""), 0u);
  EXPECT_EQ(count("class=\"count\""), 24u);  // 12 holes, before and after
  EXPECT_NE(svg.find("<text class=\"count\" data-hole=\"1\" x="), std::string::npos);
  EXPECT_NE(svg.find("<desc id=\"desc-ply1\">" + alt_text(story, Rules{}, Lang::en) + "</desc>"), std::string::npos);
  // The after board: b holds 7, a 2 (see opening_a); the board before: 4 everywhere.
  const std::string after = svg.substr(svg.find("data-state=\"after\""));
  const std::string before = svg.substr(0, svg.find("data-state=\"after\""));
  EXPECT_TRUE(std::regex_search(after, std::regex(R"(data-hole="1"[^>]*>7</text>)")));
  EXPECT_TRUE(std::regex_search(after, std::regex(R"(data-hole="0"[^>]*>2</text>)")));
  EXPECT_TRUE(std::regex_search(before, std::regex(R"(data-hole="1"[^>]*>4</text>)")));

  const Scenario s = load_scenario(scenario_path("s2-chain-crossing-rows"));
  const GameRecord record = play_moves(s.rules, s.start, {"d", "c"});
  const std::string chain = ply_svg(tell_ply(s.rules, record.plies[0].after, record.plies[1], 2), s.rules, Lang::en);
  EXPECT_NE(chain.find("data-order=\"4\""), std::string::npos);  // b, a, F, E
  EXPECT_NE(chain.find("class=\"chain\""), std::string::npos);
}

TEST(AnnotateAlt, SaysTheRowsLapsAndCaptures) {
  const Scenario s = load_scenario(scenario_path("s2-chain-crossing-rows"));
  const GameRecord record = play_moves(s.rules, s.start, {"d"});
  EXPECT_EQ(alt_text(tell_ply(s.rules, s.start, record.plies[0], 1), s.rules, Lang::en),
            "Diagram of ply 1: South plays d. South's row: a 3, b 3, c 11, d 3, e 3, f 3. North's row: A 3, B 1, "
            "C 0, D 0, E 3, F 3. 1 lap(s) from d; the last seeds fell in A. Captured in order: A, f and e. After the "
            "ply: d 3 to 0, e 3 to 0, f 3 to 0, A 3 to 0; the other holes as before. Captured: South 20, North 4. "
            "South to move.");
}

TEST(AnnotateQuality, ValuesAtDepthOne) {
  // s2-chain-crossing-rows start, South to move, captures 8-4. At depth 1 the value is South's
  // captures minus North's after the ply (derivation of the scenario): a takes d (4): 12-4 = 8;
  // b takes e and d (8): 12; c takes b a F E (16): 20; d takes A f e (12): 16; e and f take
  // nothing: 4. Best c; a loses 12 (??), b 8 (??), d 4 (?), e and f 16 (??).
  const Scenario s = load_scenario(scenario_path("s2-chain-crossing-rows"));
  const GameRecord record = play_moves(s.rules, s.start, {"d"});
  const auto lines = quality_lines(record, 1, 1, 1);
  ASSERT_EQ(lines.size(), 1u);
  const QualityLine& line = lines[0];
  EXPECT_EQ(line.best, 20);
  ASSERT_EQ(line.moves.size(), 6u);
  const int values[] = {8, 12, 20, 16, 4, 4};
  const char* marks[] = {"??", "??", "", "?", "??", "??"};
  for (size_t i = 0; i < 6; ++i) {
    EXPECT_EQ(line.moves[i].value, values[i]) << hole_name(static_cast<int>(i), 6);
    EXPECT_EQ(line.moves[i].mark, marks[i]) << hole_name(static_cast<int>(i), 6);
  }
  EXPECT_EQ(quality_text(line, Move::at(3), 6, Lang::en),
            std::string(kQualityHead1) + " a +8 ??, b +12 ??, c +20 (best), d +16 ? (played), e +4 ??, f +4 ??");
}

TEST(AnnotateQuality, EndlessMoveListedWithItsRepeatLap) {
  // specs/scenarios/sx-endless-illegal.json: a's sowing repeats its first lap-end state at lap 61
  // (SOW-6, not legal); c, d and f capture nothing: 16 - 20 = -4 each.
  const Scenario s = load_scenario(scenario_path("sx-endless-illegal"));
  const GameRecord record = play_moves(s.rules, s.start, {"c"});
  const auto lines = quality_lines(record, 1, 1, 1);
  ASSERT_EQ(lines[0].moves.size(), 4u);
  EXPECT_TRUE(lines[0].moves[0].endless);
  EXPECT_EQ(lines[0].moves[0].repeat_lap, 61);
  EXPECT_EQ(quality_text(lines[0], Move::at(2), 6, Lang::en),
            std::string(kQualityHead1) +
                " c -4 (best, played), d -4 (best), f -4 (best); a endless, not legal: repeats at lap 61");
}

TEST(AnnotateInput, ScenarioDisagreementAndRanges) {
  const AnnotatedGame scenario = load_annotated_game(scenario_path("sx-endless-illegal"), 1);
  EXPECT_EQ(scenario.record.plies.size(), 0u);  // step 1 (a) is refused: nothing before it
  EXPECT_NE(scenario.note.find("refused"), std::string::npos);

  const std::string path =
      std::filesystem::temp_directory_path() / ("annotate-test-" + std::to_string(::getpid()) + ".json");
  {
    std::ofstream out(path);
    out << R"({"format":"hoyito-disagreement/1","rules":{"variant":"hoyito2","holes_per_row":6},)"
        << R"("start":{"board":[4,4,4,4,4,4,4,4,4,4,4,4],"captured":[0,0],"to_move":"south"},"moves":["a","A"],"field":"events"})";
  }
  const AnnotatedGame disagreement = load_annotated_game(path, 1);
  EXPECT_EQ(disagreement.record.plies.size(), 2u);
  EXPECT_NE(disagreement.title.find("'events' at ply 2"), std::string::npos);
  EXPECT_THROW(load_annotated_game(path, 2), InputError);  // the file holds one document
  std::remove(path.c_str());

  EXPECT_EQ(parse_ply_range("3..5").first, 3);
  EXPECT_EQ(parse_ply_range("3..5").last, 5);
  EXPECT_EQ(parse_ply_range("4").last, 4);
  EXPECT_EQ(parse_ply_range("").last, -1);
  EXPECT_THROW(parse_ply_range("5..3"), InputError);
  EXPECT_THROW(parse_ply_range("0"), InputError);
  EXPECT_THROW(parse_ply_range("x..2"), InputError);
  EXPECT_THROW(parse_lang("fr"), InputError);
  EXPECT_THROW(parse_format("docx"), InputError);
}

TEST(AnnotateStory, EveryScenarioPlyRebuildsFromItsEvents) {
  // The seed-by-seed frames are rebuilt from the events alone; the last must be the recorded
  // position after the ply, for every ply of every hand-derived scenario.
  int plies = 0;
  for (const Scenario& s : load_scenarios(std::string(HOYITO_SOURCE_DIR) + "/specs/scenarios")) {
    if (s.match) continue;
    const AnnotatedGame game = load_annotated_game(s.file, 1);
    Position before = game.record.start;
    for (size_t k = 0; k < game.record.plies.size(); ++k) {
      const PlyStory story = tell_ply(s.rules, before, game.record.plies[k], static_cast<int>(k) + 1);
      EXPECT_FALSE(story.frames.empty()) << s.id << " ply " << k + 1;
      before = game.record.plies[k].after;
      ++plies;
    }
  }
  EXPECT_GT(plies, 60);
}

TEST(AnnotateAccount, ResultInBothLanguages) {
  const Result result{Status::finished, {28, 20}, Winner::south};
  EXPECT_EQ(result_text(result, Lang::en), "Result: finished; captured South 28, North 20; winner South");
  EXPECT_EQ(result_text(result, Lang::es), "Resultado: terminada; capturadas Sur 28, Norte 20; ganador Sur");
}

namespace {
// Runs the program; returns its exit code.
int hoyito_exit(const std::string& arguments) {
  const std::string command = std::string(HOYITO_BINARY_DIR) + "/hoyito " + arguments + " >/dev/null 2>&1";
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}
}  // namespace

TEST(AnnotateCli, CommandsAndBadInput) {
  const std::string out = std::filesystem::temp_directory_path() / ("annotate-cli-" + std::to_string(::getpid()));
  const std::string chain = scenario_path("s2-chain-crossing-rows");
  EXPECT_EQ(hoyito_exit("annotate " + chain + " --out " + out), 0);
  EXPECT_TRUE(std::filesystem::exists(out + "/s2-chain-crossing-rows.md"));
  EXPECT_TRUE(std::filesystem::exists(out + "/s2-chain-crossing-rows-svg/ply-2.svg"));
  EXPECT_EQ(hoyito_exit("annotate " + chain + " --format html --lang es --plies 2 --out " + out), 0);
  EXPECT_TRUE(std::filesystem::exists(out + "/s2-chain-crossing-rows.html"));
  EXPECT_EQ(hoyito_exit("annotate " + chain + " --format svg --plies 1..2 --depth 0 --out " + out), 0);
  EXPECT_TRUE(std::filesystem::exists(out + "/s2-chain-crossing-rows-ply-1.svg"));
  EXPECT_EQ(hoyito_exit("annotate " + chain + " --plies 3 --out " + out), 2);  // the scenario has 2 plies
  EXPECT_EQ(hoyito_exit("annotate " + chain + " --format docx --out " + out), 2);
  EXPECT_EQ(hoyito_exit("annotate " + chain + " --lang fr --out " + out), 2);
  EXPECT_EQ(hoyito_exit("annotate " + scenario_path("s3-match-alternate") + " --out " + out), 2);
  // A scenario refused at its first step is annotated: the refusal is the page (issue 23; was exit 2).
  EXPECT_EQ(hoyito_exit("annotate " + scenario_path("sx-endless-illegal") + " --format html --out " + out), 0);
  EXPECT_EQ(hoyito_exit("annotate " + scenario_path("sx-endless-illegal") + " --plies 1 --out " + out), 2);
  EXPECT_EQ(hoyito_exit("annotate /nonexistent.json --out " + out), 2);
  // apply --moves reads the notation back; a `*` on a move that captures nothing is refused.
  const std::string position =
      "--position '{\"board\":[3,3,11,3,3,3,3,1,0,0,3,3],\"captured\":[8,4],\"to_move\":\"south\"}'";
  EXPECT_EQ(hoyito_exit("apply " + position + " --moves 'd* c*'"), 0);
  EXPECT_EQ(hoyito_exit("apply " + position + " --moves 'e*'"), 2);
  std::filesystem::remove_all(out);
}

// --- issue 23: the right state on every ply, refused first steps ---

namespace {
// sx-endless-illegal's start with endless_sowing = void: by the scenario's derivation a's relay
// sowing returns to the lap-end state of lap 1 at lap 61 (SOW-6); under void the move may be
// played, nothing is sown and the game is void (no winner). c, d and f end (its legal list).
GameRecord void_game() {
  Scenario s = load_scenario(scenario_path("sx-endless-illegal"));
  set_option(s.rules, "endless_sowing", "void");
  return play_moves(s.rules, s.start, {"a"});
}
}  // namespace

TEST(AnnotateState, GameOverInsteadOfToMove) {
  // Fails before issue 23: the after panel and the alt text said "South to move" / "juega Sur".
  const GameRecord record = void_game();
  ASSERT_EQ(record.result.status, Status::void_game);
  const PlyStory story = tell_ply(record.rules, record.start, record.plies[0], 1);
  EXPECT_TRUE(story.game_over());
  const std::string svg = ply_svg(story, record.rules, Lang::en);
  const std::string after = svg.substr(svg.find("data-state=\"after\""));
  EXPECT_NE(after.find(">Game over: void, no winner</text>"), std::string::npos);
  EXPECT_EQ(after.find("to move"), std::string::npos);
  const std::string alt = alt_text(story, record.rules, Lang::en);
  EXPECT_TRUE(alt.ends_with(" Game over: void, no winner.")) << alt;
  const std::string es = alt_text(story, record.rules, Lang::es);
  EXPECT_EQ(es.find("uega Sur."), std::string::npos) << es;  // "Juega Sur" (to move) nowhere
  EXPECT_NE(es.find("Fin de la partida: nula, sin ganador."), std::string::npos) << es;

  // s2-draw: North's F captures a (CAP-II-1), END-II-1 gives North the last four: 24-24, a draw (END-2).
  const AnnotatedGame draw = load_annotated_game(scenario_path("s2-draw"), 1);
  const PlyStory last = tell_ply(draw.record.rules, draw.record.start, draw.record.plies[0], 1);
  EXPECT_NE(ply_svg(last, draw.record.rules, Lang::en).find(">Game over: a draw</text>"), std::string::npos);
  EXPECT_NE(ply_svg(last, draw.record.rules, Lang::es).find(">Fin de la partida: empate</text>"), std::string::npos);
}

TEST(AnnotateState, EndlessMoveDrawn) {
  // Fails before issue 23: the void move F of endless-void was drawn with no lifted hole and no
  // word of its endless sowing; a refused endless move showed only in the quality line.
  const GameRecord record = void_game();
  const PlyStory story = tell_ply(record.rules, record.start, record.plies[0], 1);
  ASSERT_EQ(story.endless.size(), 1u);
  EXPECT_EQ(story.endless[0].hole, 0);
  EXPECT_EQ(story.endless[0].lap, 61);
  EXPECT_EQ(story.endless[0].repeated_lap, 1);
  const std::string svg = ply_svg(story, record.rules, Lang::en);
  const std::string before = svg.substr(0, svg.find("data-state=\"after\""));
  EXPECT_NE(before.find("class=\"hole lifted\""), std::string::npos);
  EXPECT_NE(before.find("class=\"endless\" data-hole=\"0\""), std::string::npos);
  EXPECT_NE(before.find(">a: endless (SOW-6)</text>"), std::string::npos);
  EXPECT_NE(before.find(">lap 61 repeats lap 1</text>"), std::string::npos);

  // Avoided (endless_sowing = illegal): South plays c; a is endless and is marked, c is not.
  const Scenario s = load_scenario(scenario_path("sx-endless-illegal"));
  const GameRecord avoided = play_moves(s.rules, s.start, {"c"});
  const PlyStory c = tell_ply(s.rules, s.start, avoided.plies[0], 1);
  ASSERT_EQ(c.endless.size(), 1u);
  EXPECT_EQ(c.endless[0].hole, 0);
  EXPECT_NE(ply_svg(c, s.rules, Lang::en).find("class=\"endless\" data-hole=\"0\""), std::string::npos);
  EXPECT_NE(alt_text(c, s.rules, Lang::en).find("Endless sowing (SOW-6): a (lap 61 repeats lap 1)."),
            std::string::npos);
}

TEST(AnnotateQuality, VoidingMoveSaysSo) {
  // Fails before issue 23: the voiding move was "+16 (best, played)" with no word of the void.
  // At depth 1 every move of South is worth 16 - 20 = -4: c, d and f capture nothing, a voids
  // the game with the captures as they stand.
  const GameRecord record = void_game();
  const auto lines = quality_lines(record, 1, 1, 1);
  EXPECT_EQ(
      quality_text(lines[0], Move::at(0), 6, Lang::en),
      std::string(kQualityHead1) +
          " a -4 (best, played; voids the game (SOW-6): no winner, the captures stand), c -4 (best), d -4 (best), "
          "f -4 (best)");
}

TEST(AnnotateRefusal, FirstStepRefusedIsTheLesson) {
  // Fails before issue 23: annotate threw "--plies 1..0" for a scenario refused at step 1.
  PageOptions options;
  options.depth = 0;
  const auto md = [&](const std::string& id) {
    return annotate_files(load_annotated_game(scenario_path(id), 1), PageFormat::md, options, id);
  };
  const std::vector<OutputFile> endless = md("sx-endless-illegal");
  ASSERT_EQ(endless.size(), 3u);  // the page, start.svg, refused.svg
  EXPECT_EQ(endless[2].name, "sx-endless-illegal-svg/refused.svg");
  EXPECT_NE(endless[2].text.find("class=\"endless\" data-hole=\"0\""), std::string::npos);
  // The derivation: a's lap-end state of lap 1 returns at lap 61; c, d and f are legal.
  EXPECT_NE(endless[0].text.find("## Refused: South a"), std::string::npos);
  EXPECT_NE(endless[0].text.find("South may not play a: its relay sowing never ends (the state at the end of lap 61 "
                                 "repeats that of lap 1), and a move whose sowing never ends is not legal (SOW-6)."),
            std::string::npos);
  EXPECT_NE(endless[0].text.find("Legal moves here: c, d and f."), std::string::npos);
  // s2-lift-empty-hole-illegal: South's a holds 0 (derivation: only b and d can be lifted, SOW-1).
  EXPECT_NE(md("s2-lift-empty-hole-illegal")[0].text.find(
                "South may not play a: it is empty, and the hole lifted must not be empty (SOW-1).\n\n"
                "Legal moves here: b and d."),
            std::string::npos);
  // s2-pass-no-seeds: a is empty, the only legal ply is a pass (PASS-1).
  EXPECT_NE(md("s2-pass-no-seeds")[0].text.find("Legal moves here: pass."), std::string::npos);
  const std::string html =
      annotate_files(load_annotated_game(scenario_path("sx-endless-illegal"), 1), PageFormat::html, options, "x")[0]
          .text;
  EXPECT_NE(html.find("<section class=\"refusal\">"), std::string::npos);
}

TEST(AnnotateExamples, CommittedPagesTellStateTitleAndRules) {
  // The committed examples (kept fresh by ctest examples_fresh). Fails before issue 23: the match
  // example was "decided by the round-3 rule" while drawn; last-four-hoyito1 said "those in hand
  // included" where END-I-1 leaves none in hand; ended games' last plies said "X to move".
  const std::string dir = std::string(HOYITO_SOURCE_DIR) + "/docs/examples/";
  const std::string match = read_text(dir + "match-round3-decides.md");
  const bool drawn = match.find("the match is drawn (MATCH-3)") != std::string::npos;
  EXPECT_EQ(match.starts_with("# A Hoyito III match drawn"), drawn) << match.substr(0, 80);
  EXPECT_EQ(match.find("decided by the round-3 rule"), std::string::npos);
  EXPECT_EQ(read_text(dir + "last-four-hoyito1.md").find("in hand included"), std::string::npos);
  int ended = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".md" || entry.path().filename() == "index.md") continue;
    const std::string page = read_text(entry.path().string());
    const size_t result = page.find("\n## Result\n\nResult: ");
    if (result == std::string::npos || page.compare(result + 20, 7, "playing") == 0) continue;
    ++ended;
    const size_t last_alt = page.rfind("![Diagram");  // the last ply's, not the chart's
    const std::string alt = page.substr(last_alt, page.find("](", last_alt) - last_alt);
    EXPECT_EQ(alt.find("to move"), std::string::npos) << entry.path() << ": " << alt;
    EXPECT_NE(alt.find("Game over: "), std::string::npos) << entry.path();
  }
  EXPECT_GT(ended, 10);
}

TEST(AnnotateTitle, AuthorsTitleReplacesTheFilesTitle) {
  // --title (issue 23): fails before it, when the page's title was always the file's.
  PageOptions options;
  options.depth = 0;
  options.title = "The chain <across> the rows";
  const AnnotatedGame game = load_annotated_game(scenario_path("s2-chain-crossing-rows"), 1);
  EXPECT_TRUE(
      annotate_files(game, PageFormat::md, options, "x")[0].text.starts_with("# The chain <across> the rows\n"));
  const std::string html = annotate_files(game, PageFormat::html, options, "x")[0].text;
  EXPECT_NE(html.find("<title>The chain &lt;across&gt; the rows</title>"), std::string::npos);
  EXPECT_NE(html.find("<h1>The chain &lt;across&gt; the rows</h1>"), std::string::npos);
}

TEST(AnnotateComment, RecordCommentBesideTheAccount) {
  // A ply's `comment` (game-record.md, issue 23) is printed beside its account in md and html, and
  // a record written back keeps it. Fails before: the reader refused the field as unknown.
  const std::string path =
      std::filesystem::temp_directory_path() / ("annotate-comment-" + std::to_string(::getpid()) + ".json");
  {
    const Rules rules;
    GameRecord record = play_moves(rules, engine::opening_position(rules), {"a"});
    record.plies[0].comment = "Five laps from one hole: <the> relay";
    std::ofstream(path) << boost::json::serialize(to_json(record)) << "\n";
  }
  const AnnotatedGame game = load_annotated_game(path, 1);
  std::remove(path.c_str());
  ASSERT_EQ(game.record.plies[0].comment, "Five laps from one hole: <the> relay");
  PageOptions options;
  options.depth = 0;
  EXPECT_NE(annotate_files(game, PageFormat::md, options, "x")[0].text.find(
                "(SOW-4).\n\n> **Comment:** Five laps from one hole: <the> relay\n"),
            std::string::npos);
  EXPECT_NE(annotate_files(game, PageFormat::html, options, "x")[0].text.find(
                "<p class=\"comment\"><strong>Comment:</strong> Five laps from one hole: &lt;the&gt; relay</p>"),
            std::string::npos);
  options.lang = Lang::es;
  EXPECT_NE(annotate_files(game, PageFormat::md, options, "x")[0].text.find("> **Comentario:** Five"),
            std::string::npos);
}

// Issue 23: a third repetition (END-3, endless_game = third_repetition) says where its position
// stood before. sx-third-repetition: South f and North E undo each other, so the start position
// (South to move) comes back after ply 2 and, a third time, after ply 4 (the scenario's
// derivation); ply 4's account names the start and ply 2 before the side awards. Fails when the
// sentence is missing, names other plies or comes after the awards.
TEST(AnnotateAccount, ThirdRepetitionSaysWhereThePositionStoodBefore) {
  const Scenario s = load_scenario(scenario_path("sx-third-repetition"));
  const GameRecord record = play_moves(s.rules, s.start, {"f", "E", "f", "E"});
  const PlyStory story = tell_game_ply(record, 4);
  ASSERT_TRUE(story.repeated.has_value());
  EXPECT_EQ(*story.repeated, s.start);
  EXPECT_EQ(story.earlier, (std::vector<int>{0, 2}));
  const std::vector<Sentence> en = account(story, s.rules, Lang::en);
  const auto at = std::find_if(en.begin(), en.end(), [](const Sentence& x) { return x.text.starts_with("This"); });
  ASSERT_NE(at, en.end());
  EXPECT_EQ(at->text,
            "This position (the board, the captures and South to move) stood before at the start and after ply 2: its "
            "third occurrence ends the game (END-3).");
  EXPECT_NE((at + 1)->text.find("on their own side (END-3)"), std::string::npos);  // the awards follow
  const std::vector<Sentence> es = account(story, s.rules, Lang::es);
  EXPECT_EQ(es[static_cast<size_t>(at - en.begin())].text,
            "Esta posición (el tablero, las capturas y el turno de Sur) ya se había dado al inicio y después de la "
            "jugada 2: su tercera vez termina la partida (END-3).");
  EXPECT_TRUE(tell_game_ply(record, 2).earlier.empty());  // no repetition ends ply 2
}

// Issue 23: a relay of more than 5 laps is drawn thin with its first and last laps in full and
// every lap listed under the board; past 120 laps the list keeps the first and last 60 and says
// which it leaves out ("..." naming laps 61..L-60). A made-up relay of L laps of 3 seeds each,
// lap k from hole 3(k-1) mod 12 to 3k mod 12 on 2x6. Fails when a lap of the list is missing,
// more than two laps are drawn in full, or the cut is not where it says.
TEST(AnnotateDiagram, LongRelayListsEveryLap) {
  auto relay = [](int laps) {
    PlyStory story;
    story.before.board.assign(12, 4);
    story.ply.move = Move::at(0);
    story.ply.after = story.before;
    for (int k = 1; k <= laps; ++k) {
      LapStory lap;
      lap.number = k;
      lap.from = 3 * (k - 1) % 12;
      lap.to = 3 * k % 12;
      lap.seeds = 3;
      lap.path = {(lap.from + 1) % 12, (lap.from + 2) % 12, lap.to};
      lap.end = k < laps ? LapStory::End::relay : LapStory::End::empty;
      story.laps.push_back(lap);
    }
    return ply_svg(story, Rules{}, Lang::en);
  };
  auto count = [](const std::string& svg, const std::string& needle) {
    size_t n = 0;
    for (size_t at = svg.find(needle); at != std::string::npos; at = svg.find(needle, at + 1)) ++n;
    return n;
  };
  const std::string laps37 = relay(37);
  EXPECT_EQ(count(laps37, "class=\"lap-entry\""), 37u);
  EXPECT_EQ(count(laps37, "class=\"lap\""), 2u);  // laps 1 and 37 in full
  EXPECT_EQ(count(laps37, "class=\"lap thin\""), 35u);
  EXPECT_EQ(count(laps37, "class=\"lap-gap\""), 0u);
  const std::string laps200 = relay(200);
  EXPECT_EQ(count(laps200, "class=\"lap-entry\""), 120u);
  EXPECT_NE(laps200.find("class=\"lap-gap\" data-first=\"61\" data-last=\"140\""), std::string::npos);
  EXPECT_NE(laps200.find("class=\"lap-entry\" data-lap=\"141\""), std::string::npos);
  EXPECT_EQ(laps200.find("class=\"lap-entry\" data-lap=\"140\""), std::string::npos);
}
