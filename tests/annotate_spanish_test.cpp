// Issue 23, "whole Spanish": no English word is left in a Spanish page. Every word of the English
// string tables (account_tables.cpp: the event phrases and the other words) that no Spanish
// string uses is an English word; a Spanish page (Markdown and HTML, diagrams and alt texts
// included) of games that go through every kind of event must hold none of them. Fails on a
// string written in English into a page (the old "source:", "30 plies", "Norte pass") or a
// Spanish table entry left in English.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "harness/annotate/account.h"
#include "harness/annotate/page.h"
#include "harness/games/play.h"
#include "io/scenario.h"

namespace hoyito {
namespace {

std::string scenario_path(const std::string& id) { return std::string(HOYITO_SOURCE_DIR) + "/specs/scenarios/" + id + ".json"; }

// The words of a text: runs of letters (UTF-8 letters included), lowercased.
std::set<std::string> words_of(std::string_view text) {
  // Placeholders and rule IDs ("PASS-1", "Q-LIMIT": the same in both languages) are no words.
  std::string plain = std::regex_replace(std::string(text), std::regex(R"(\{[a-z_]+\})"), " ");
  plain = std::regex_replace(plain, std::regex(R"(\b[A-Z]+(-[A-Z]+)*-([0-9]+|LIMIT)\b)"), " ");
  std::set<std::string> words;
  std::string w;
  for (char c : plain + " ") {
    if (std::isalpha(static_cast<unsigned char>(c)) || static_cast<unsigned char>(c) >= 0x80) {
      w += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else {
      if (w.size() > 1) words.insert(w);
      w.clear();
    }
  }
  return words;
}

// Words of the English tables that no Spanish string uses.
std::set<std::string> english_only_words() {
  std::set<std::string> en, es;
  auto add = [](std::set<std::string>& into, std::string_view text) {
    for (const std::string& w : words_of(text)) into.insert(w);
  };
  for (const EventPhrase& p : event_phrases()) add(en, p.en), add(es, p.es);
  for (int w = 0; w < static_cast<int>(Word::count); ++w)
    add(en, word(static_cast<Word>(w), Lang::en)), add(es, word(static_cast<Word>(w), Lang::es));
  std::set<std::string> only;
  std::set_difference(en.begin(), en.end(), es.begin(), es.end(), std::inserter(only, only.end()));
  return only;
}

// What a reader reads of a page: no code (file names, the notation), no style or script, no tags.
std::string readable(std::string page) {
  // Option settings ("endless_sowing = void") are the configuration's identifiers, in both languages.
  for (const char* pattern : {R"(\b[a-z0-9_]+ = [a-z0-9_]+)", R"(<style>[\s\S]*?</style>)", R"(<script[\s\S]*?</script>)", R"(<code[\s\S]*?</code>)",
                              R"(`[^`]*`)", R"(\]\([^)]*\))", R"(<[^>]*>)", R"(&[a-z#0-9]+;)"})
    page = std::regex_replace(page, std::regex(pattern), " ");
  return page;
}

// A record of `moves` from a scenario's start, as a record file would give it (no scenario title).
AnnotatedGame record_game(const std::string& scenario, const std::vector<std::string>& moves) {
  const Scenario s = load_scenario(scenario_path(scenario));
  AnnotatedGame game;
  game.kind = GameFileKind::record;
  game.source = scenario + ".json";
  game.record = play_moves(s.rules, s.start, moves);
  return game;
}

TEST(AnnotateSpanish, NoEnglishWordInASpanishPage) {
  const std::set<std::string> english = english_only_words();
  ASSERT_TRUE(english.count("plies") && english.count("source") && english.count("pass")) << "the tables changed";
  const std::vector<AnnotatedGame> games = {
      record_game("s2-extra-move-then-forced-pass", {"f", "pass", "F"}),  // capture, extra move, PASS-2
      record_game("s2-chain-crossing-rows", {"d"}),                       // chain (CAP-II-2)
      record_game("s1-en-passant-in-relay-lap", {"a"}),                   // en passant, relays
      record_game("s2-draw", {"F"}),                                      // last four, a draw
      record_game("sx-endless-void", {"a"}),                              // SOW-6 void
      record_game("sx-ply-limit-1", {"a"}),                               // END-3 ply limit
      record_game("s2-round-ends-no-seeds", {"f"}),                       // END-4 side award
      record_game("s3-round3-previous-north", {"b"}),                     // END-III-3
  };
  PageOptions options;
  options.lang = Lang::es;
  options.depth = 2;
  for (const AnnotatedGame& game : games)
    for (PageFormat format : {PageFormat::md, PageFormat::html})
      for (const OutputFile& file : annotate_files(game, format, options, "x")) {
        std::set<std::string> left;
        for (const std::string& w : words_of(readable(file.text)))
          if (english.count(w)) left.insert(w);
        EXPECT_TRUE(left.empty()) << game.source << " " << file.name << ": English words left: "
                                  << ::testing::PrintToString(left);
      }
}

// The committed Spanish examples (docs/examples/es/, kept fresh by examples_fresh): titles, notes
// and how each game was found are Spanish too.
TEST(AnnotateSpanish, NoEnglishWordInTheSpanishExamples) {
  const std::set<std::string> english = english_only_words();
  const std::filesystem::path folder = std::filesystem::path(HOYITO_SOURCE_DIR) / "docs" / "examples" / "es";
  int pages = 0;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    const std::string ext = entry.path().extension().string();
    if (ext != ".md" && ext != ".html") continue;
    std::ifstream in(entry.path());
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::set<std::string> left;
    for (const std::string& w : words_of(readable(text)))
      if (english.count(w)) left.insert(w);
    EXPECT_TRUE(left.empty()) << entry.path().filename() << ": English words left: " << ::testing::PrintToString(left);
    ++pages;
  }
  EXPECT_GE(pages, 40) << "the Spanish examples of docs/examples/es/";
}

TEST(AnnotateSpanish, HoleLettersSetApartAndVerbsInLaps) {
  const AnnotatedGame game = record_game("sow-start-a-relay-four-laps", {"a"});
  const PlyStory story = tell_ply(game.record.rules, game.record.start, game.record.plies[0], 1);
  const std::vector<Sentence> s = account(story, game.record.rules, Lang::es);
  EXPECT_EQ(s[0].text, "Sur levanta 4 semillas del hoyo «a» (SOW-1).");
  EXPECT_EQ(s[1].text, "Vuelta 1: se siembra en sentido antihorario desde «a» hasta «e» (4 semillas), que ahora tiene 5 (SOW-2).");
  EXPECT_EQ(s[2].text, "El hoyo «e» no estaba vacío ni formó casa: relevo, Sur levanta sus 5 semillas y sigue sembrando (SOW-5).");
  EXPECT_EQ(result_text(game.record.result, Lang::es).find("ganador ninguno"), std::string::npos);
}

}  // namespace
}  // namespace hoyito
