// The rule book opens for players (issue 35): "How to play Hoyito" first, its every citation a
// glossed seed section; the rules headed by name with the ID beside; no option name in the
// players' part nor in a rule's text or citations: they are in the appendix for maintainers.
// The option names come from core's option table, not from the book.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/rules.h"
#include "harness/annotate/rulebook.h"
#include "harness/annotate/seed_sources.h"

namespace hoyito {
namespace {

std::string read(const std::string& name) {
  std::ifstream in(std::filesystem::path(HOYITO_SOURCE_DIR) / "specs" / name);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

struct Specs {
  std::string rules = read("rules.md"), questions = read("open-questions.md"), notation = read("notation.md"),
              players = read("how-to-play.md"), rules_es = read("rules.es.md"),
              questions_es = read("open-questions.es.md"), notation_es = read("notation.es.md"),
              players_es = read("how-to-play.es.md"), seeds = read("sources.md");
  std::vector<std::pair<std::string, std::string>> scenarios;

  Specs() {
    for (const auto& e :
         std::filesystem::directory_iterator(std::filesystem::path(HOYITO_SOURCE_DIR) / "specs/scenarios"))
      if (e.path().extension() == ".json")
        scenarios.emplace_back(e.path().filename().string(), read("scenarios/" + e.path().filename().string()));
    std::sort(scenarios.begin(), scenarios.end());
  }
  std::string book(Lang lang) const {
    RulebookSources s{
        {rules, questions, notation, players}, {rules_es, questions_es, notation_es, players_es}, seeds, {}};
    for (const auto& [name, text] : scenarios) s.scenarios.push_back({name, text});
    return rulebook_files(s, PageFormat::html, lang).front().text;
  }
};

const Specs& specs() {
  static const Specs s;
  return s;
}

// The option names of the rules configuration ("skip_origin", "no_seeds", ...) found in `text`;
// not those that are plain words ("chain", G4's one-value record), which the rules use as words.
std::vector<std::string> option_names_in(const std::string& text) {
  std::vector<std::string> found;
  for (const OptionInfo& option : option_table())
    if (option.name.find('_') != std::string_view::npos && text.find(option.name) != std::string::npos)
      found.emplace_back(option.name);
  return found;
}

std::string between(const std::string& text, const std::string& from, const std::string& to) {
  const size_t a = text.find(from), b = text.find(to, a);
  EXPECT_NE(a, std::string::npos) << from;
  EXPECT_NE(b, std::string::npos) << to;
  return a == std::string::npos || b == std::string::npos ? "" : text.substr(a, b - a);
}

// Fails if the book opens with anything but the players' part (the maintainers' intro, the
// sources), or an option name is printed before the appendix (a rule's text or citations, an
// example's caption, account or diagram: an example played with an option goes to the appendix).
TEST(RulebookPlayers, OpensWithHowToPlayAndKeepsOptionsForTheAppendix) {
  for (const auto& [lang, title] :
       {std::pair{Lang::en, "How to play Hoyito"}, std::pair{Lang::es, "Cómo se juega Hoyito"}}) {
    const std::string book = specs().book(lang);
    const size_t nav_end = book.find("</nav>");
    ASSERT_NE(nav_end, std::string::npos);
    EXPECT_EQ(book.find("<h2>", nav_end), book.find(std::string("<h2>") + title + "</h2>", nav_end)) << title;
    const std::string players = between(book, "<section id=\"how-to-play\">", "<section id=\"sources\">");
    EXPECT_EQ(option_names_in(players), std::vector<std::string>{}) << title;
    EXPECT_EQ(option_names_in(book.substr(0, nav_end)), std::vector<std::string>{}) << "the opening";
    const size_t appendix_at = book.find("<section id=\"maintainers\">");
    ASSERT_NE(appendix_at, std::string::npos);
    // Before it, the rules and their examples' captions, accounts and diagrams' alt texts too.
    EXPECT_EQ(option_names_in(book.substr(0, appendix_at)), std::vector<std::string>{}) << "before the appendix";
    const std::string appendix = book.substr(appendix_at);
    for (const std::string name :
         {"skip_origin", "capture_sides", "endless_sowing", "no_seeds", "match_starter", "ply_limit", "round_ends"})
      EXPECT_NE(appendix.find(name), std::string::npos) << name << " not in the appendix";
  }
  for (const std::string* rules : {&specs().rules, &specs().rules_es})
    for (const RuleSection& section : parse_rule_sections(*rules))
      for (const RuleText& rule : section.rules) {
        std::string printed = rule.text;
        for (const std::string& s : rule.sources) printed += " " + s;
        EXPECT_EQ(option_names_in(printed), std::vector<std::string>{}) << rule.id << ": move it to its Notes item";
      }
}

// Fails on a rule headed by its bare ID (a screen reader spells it out) or without a name.
TEST(RulebookPlayers, EveryRuleIsHeadedByItsName) {
  for (Lang lang : {Lang::en, Lang::es}) {
    const std::string book = specs().book(lang);
    const std::regex heading(
        R"re(<article class="rule" id="([A-Z0-9-]+)">\n<h3>([^<]*)<span class="rule-id">\(([A-Z0-9-]+)\)</span></h3>)re");
    int named = 0;
    for (auto it = std::sregex_iterator(book.begin(), book.end(), heading); it != std::sregex_iterator(); ++it) {
      EXPECT_EQ((*it)[1], (*it)[3]);
      EXPECT_GT((*it)[2].length(), 3) << (*it)[1];
      ++named;
    }
    EXPECT_EQ(named, kRuleCount);
  }
}

// Fails when a paragraph of how-to-play.md cites a seed section specs/sources.md does not gloss.
TEST(RulebookPlayers, EveryCitationOfThePlayersPartIsAGlossedSeedSection) {
  const SeedSources seeds = parse_seed_sources(specs().seeds);
  for (const std::string* players : {&specs().players, &specs().players_es}) {
    const std::string text = std::regex_replace(*players, std::regex("\n"), " ");
    const std::regex citation(R"(\*\(([^)]*)\)\*)");
    int cited = 0;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), citation); it != std::sregex_iterator(); ++it) {
      std::vector<std::string> unresolved;
      const std::string c = (*it)[1];
      const auto found = cited_passages(seeds, {c}, &unresolved);
      EXPECT_TRUE(unresolved.empty()) << c;
      if (c.find("BG \"") != std::string::npos || c.find("CS \"") != std::string::npos) {
        EXPECT_FALSE(found.empty()) << c;
        ++cited;
      }
    }
    EXPECT_GE(cited, 15);
  }
}

}  // namespace
}  // namespace hoyito
