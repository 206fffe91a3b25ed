// Annotated games: the story of a ply, its account in both languages, the notation, the diagram
// and the move-quality line. Every expected value is derived by hand from the rule text (the
// derivation is in the comment beside it, or in the scenario file named), never pasted from a run.
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

#include "harness/annotate/account.h"
#include "harness/annotate/story.h"
#include "harness/annotate/page.h"
#include "harness/annotate/quality.h"
#include "harness/annotate/diagram.h"
#include "harness/games/notation.h"
#include "harness/games/play.h"
#include "io/scenario.h"
#include "engine/sides.h"

using namespace hoyito;

namespace {

std::string scenario_path(const std::string& id) { return std::string(HOYITO_SOURCE_DIR) + "/specs/scenarios/" + id + ".json"; }

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
  for (auto it = std::sregex_iterator(s.begin(), s.end(), name); it != std::sregex_iterator(); ++it) names.insert((*it)[1]);
  return names;
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
  EXPECT_EQ(sentences[0].text, "Sur levanta 4 semillas de a (SOW-1).");
  EXPECT_EQ(sentences[10].text, "c estaba vacío: la jugada termina (SOW-4).");
}

TEST(AnnotateAccount, ChainIsOneSentence) {
  // s2-chain-crossing-rows step 1: d's 3 seeds to e f A; A becomes four (CAP-II-1); f and e hold
  // four behind it (CAP-II-2); d is empty, the chain stops; South moves again (CAP-II-3).
  const Scenario s = load_scenario(scenario_path("s2-chain-crossing-rows"));
  const GameRecord record = play_moves(s.rules, s.start, {"d"});
  const auto sentences = account(tell_ply(s.rules, s.start, record.plies[0], 1), s.rules, Lang::en);
  ASSERT_EQ(sentences.size(), 5u);
  EXPECT_EQ(sentences[2].text, "The last seed makes A a casa of four: South captures it (CAP-II-1).");
  EXPECT_EQ(sentences[3].text, "Backward from there South also captures the fours in f and e, one unbroken run (CAP-II-2).");
  EXPECT_EQ(sentences[4].text, "South moves again (CAP-II-3).");
}

TEST(AnnotateAccount, LongRelaySummary) {
  // Nine laps, three kept at each end: laps 4..6 become one "... 3 more laps ..." line.
  std::vector<Sentence> sentences{{0, "lift"}};
  for (int lap = 1; lap <= 9; ++lap) sentences.push_back({lap, "lap " + std::to_string(lap)});
  const auto cut = summarised(sentences, 9, Lang::en);
  EXPECT_EQ(cut, (std::vector<std::string>{"lift", "lap 1", "lap 2", "lap 3", "... 3 more laps ...", "lap 7", "lap 8", "lap 9"}));
  EXPECT_EQ(summarised(sentences, 9, Lang::es)[4], "... 3 vueltas más ...");
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
  EXPECT_EQ(count("class=\"relay\""), 4u);    // laps 1-4 end in a relay
  EXPECT_EQ(count("class=\"landing\""), 5u);
  EXPECT_EQ(count("class=\"hole lifted\""), 1u);
  EXPECT_EQ(count("class=\"captured\""), 0u);
  EXPECT_EQ(count("class=\"count\""), 24u);    // 12 holes, before and after
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
            "Diagram of ply 1: South plays d. South row a..f: 3 3 11 3 3 3. North row A..F: 3 1 0 0 3 3. "
            "1 lap(s) from d; the last seeds fell in A. Captured in order: A, f and e. After the ply: South row a..f: "
            "3 3 11 0 0 0. North row A..F: 0 1 0 0 3 3. Captured: South 20, North 4. South to move.");
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
  EXPECT_EQ(quality_text(line, 3, 6, Lang::en),
            "Move quality (search to depth 1, captured-seed difference): search:1: a +8 ??, b +12 ??, c +20 (best), "
            "d +16 ? (played), e +4 ??, f +4 ??");
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
  EXPECT_EQ(quality_text(lines[0], 2, 6, Lang::en),
            "Move quality (search to depth 1, captured-seed difference): search:1: c -4 (best, played), d -4 (best), "
            "f -4 (best); a endless, not legal: repeats at lap 61");
}

TEST(AnnotateInput, ScenarioDisagreementAndRanges) {
  const AnnotatedGame scenario = load_annotated_game(scenario_path("sx-endless-illegal"), 1);
  EXPECT_EQ(scenario.record.plies.size(), 0u);  // step 1 (a) is refused: nothing before it
  EXPECT_NE(scenario.note.find("refused"), std::string::npos);

  const std::string path = std::filesystem::temp_directory_path() / ("annotate-test-" + std::to_string(::getpid()) + ".json");
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
  EXPECT_THROW(parse_format("pdf"), InputError);
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
  EXPECT_EQ(hoyito_exit("annotate " + chain + " --format pdf --out " + out), 2);
  EXPECT_EQ(hoyito_exit("annotate " + chain + " --lang fr --out " + out), 2);
  EXPECT_EQ(hoyito_exit("annotate " + scenario_path("s3-match-alternate") + " --out " + out), 2);
  EXPECT_EQ(hoyito_exit("annotate /nonexistent.json --out " + out), 2);
  // apply --moves reads the notation back; a `*` on a move that captures nothing is refused.
  const std::string position = "--position '{\"board\":[3,3,11,3,3,3,3,1,0,0,3,3],\"captured\":[8,4],\"to_move\":\"south\"}'";
  EXPECT_EQ(hoyito_exit("apply " + position + " --moves 'd* c*'"), 0);
  EXPECT_EQ(hoyito_exit("apply " + position + " --moves 'e*'"), 2);
  std::filesystem::remove_all(out);
}
