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
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "harness/annotate/account.h"
#include "harness/annotate/page.h"
#include "harness/base/escape.h"
#include "harness/games/game_file.h"
#include "harness/games/play.h"
#include "io/scenario.h"

namespace hoyito {
namespace {

std::string scenario_path(const std::string& id) {
  return std::string(HOYITO_SOURCE_DIR) + "/specs/scenarios/" + id + ".json";
}

// Blanks each run of `text` that `is_run` accepts, runs being maximal spans of `in_run` characters.
template <class InRun, class IsRun>
std::string blank_runs(std::string text, InRun in_run, IsRun is_run) {
  for (std::size_t i = 0; i < text.size();) {
    std::size_t j = i;
    while (j < text.size() && in_run(text[j])) ++j;
    if (j == i) {
      ++i;
      continue;
    }
    if (is_run(std::string_view(text).substr(i, j - i))) std::fill(text.begin() + i, text.begin() + j, ' ');
    i = j;
  }
  return text;
}

bool upper(char c) { return c >= 'A' && c <= 'Z'; }
bool lower_or_digit(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; }

// A rule ID ("PASS-1", "CAP-II-2", "Q-LIMIT"): capital groups joined by '-', the last digits or LIMIT.
bool is_rule_id(std::string_view t) {
  const std::size_t dash = t.rfind('-');
  if (dash == std::string_view::npos || dash == 0 || t.front() == '-') return false;
  const std::string_view last = t.substr(dash + 1), head = t.substr(0, dash);
  const bool digits =
      !last.empty() && std::all_of(last.begin(), last.end(), [](char c) { return c >= '0' && c <= '9'; });
  return (digits || last == "LIMIT") && head.find("--") == std::string_view::npos &&
         std::all_of(head.begin(), head.end(), [](char c) { return upper(c) || c == '-'; });
}

// The words of a text: runs of letters (UTF-8 letters included), lowercased. No std::regex here
// or below: its matcher recurses once per character and overflows the stack on a long page under
// AddressSanitizer.
std::set<std::string> words_of(std::string_view text) {
  // Placeholders ("{seeds}") and rule IDs (the same in both languages) are no words.
  std::string plain = blank_runs(
      std::string(text), [](char c) { return lower_or_digit(c) || c == '{' || c == '}'; },
      [](std::string_view t) { return t.size() > 2 && t.front() == '{' && t.back() == '}'; });
  plain = blank_runs(
      plain, [](char c) { return upper(c) || (c >= '0' && c <= '9') || c == '-'; }, is_rule_id);
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

// `page` without every span from `open` to the next `close` (both included). Done by hand, not by
// std::regex: a lazy `[\s\S]*?` recurses once per character and overflows the stack on a long
// style block under AddressSanitizer.
std::string without_spans(const std::string& page, const std::string& open, const std::string& close) {
  std::string out;
  std::size_t from = 0;
  for (std::size_t at; (at = page.find(open, from)) != std::string::npos;) {
    const std::size_t end = page.find(close, at + open.size());
    out.append(page, from, at - from).append(" ");
    from = end == std::string::npos ? page.size() : end + close.size();
  }
  return out.append(page, std::min(from, page.size()));
}

// Option settings ("endless_sowing = void") are the configuration's identifiers, in both languages.
std::string without_settings(std::string page) {
  for (std::size_t at = page.find(" = "); at != std::string::npos; at = page.find(" = ", at + 1)) {
    std::size_t from = at, to = at + 3;
    while (from > 0 && lower_or_digit(page[from - 1])) --from;
    while (to < page.size() && lower_or_digit(page[to])) ++to;
    if (from < at && to > at + 3) std::fill(page.begin() + from, page.begin() + to, ' ');
  }
  return page;
}

// What a reader reads of a page: no code (file names, the notation), no style or script, no tags.
std::string readable(std::string page) {
  page = without_spans(page, "<style>", "</style>");
  page = without_spans(page, "<script", "</script>");
  page = without_spans(page, "<code", "</code>");
  page = without_spans(page, "<", ">");
  page = without_spans(page, "`", "`");
  page = without_spans(page, "](", ")");
  page = without_settings(page);
  // Character references ("&amp;", "&#8594;").
  return blank_runs(
      page, [](char c) { return lower_or_digit(c) || c == '&' || c == '#' || c == ';'; },
      [](std::string_view t) { return t.size() > 2 && t.front() == '&' && t.back() == ';'; });
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
        EXPECT_TRUE(left.empty()) << game.source << " " << file.name
                                  << ": English words left: " << ::testing::PrintToString(left);
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

// A scenario's Spanish page is titled by its title_es ("Escenario s2-draw: ..."), its English page by
// its title. Fails if the Spanish page shows the English title (as it did before title_es).
TEST(AnnotateSpanish, ScenarioPageTitledInSpanish) {
  const AnnotatedGame game = read_game_file(scenario_path("s2-draw"), 1);
  const Scenario s = load_scenario(scenario_path("s2-draw"));
  ASSERT_FALSE(s.title_es.empty());
  for (Lang lang : {Lang::en, Lang::es}) {
    PageOptions options;
    options.lang = lang;
    options.depth = 0;
    for (PageFormat format : {PageFormat::md, PageFormat::html}) {
      const std::string page = annotate_files(game, format, options, "x").front().text;
      const std::string shown = lang == Lang::es ? "Escenario s2-draw: " + s.title_es : "Scenario s2-draw: " + s.title;
      const std::string other = lang == Lang::es ? s.title : s.title_es;
      EXPECT_NE(page.find(format == PageFormat::html ? xml_escape(shown) : shown), std::string::npos) << shown;
      EXPECT_EQ(page.find(other), std::string::npos) << "the other language's title in a page: " << other;
    }
  }
}

TEST(AnnotateSpanish, HoleLettersSetApartAndVerbsInLaps) {
  const AnnotatedGame game = record_game("sow-start-a-relay-four-laps", {"a"});
  const PlyStory story = tell_ply(game.record.rules, game.record.start, game.record.plies[0], 1);
  const std::vector<Sentence> s = account(story, game.record.rules, Lang::es);
  EXPECT_EQ(s[0].text, "Sur levanta 4 semillas del hoyo «a» (SOW-1).");
  EXPECT_EQ(s[1].text,
            "Tanda 1: se siembra en sentido antihorario desde «a» hasta «e» (4 semillas), que ahora tiene 5 (SOW-2).");
  EXPECT_EQ(s[2].text,
            "El hoyo «e» no estaba vacío ni formó casa: relevo, Sur levanta sus 5 semillas y sigue sembrando (SOW-5).");
  EXPECT_EQ(result_text(game.record.result, Lang::es).find("ganador ninguno"), std::string::npos);
}

}  // namespace
}  // namespace hoyito
