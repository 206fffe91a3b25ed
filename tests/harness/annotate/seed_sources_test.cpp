// Issue 35, item 4: the sources a reader can cite (specs/sources.md, harness/annotate/seed_sources.h):
// every seed section a rule cites has its English gloss, the citations are read as the rules
// write them, and the rule book lists the documents by title and place of publication, not by
// file hash. Expected values are read off the seed texts and rules.md by hand.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "harness/annotate/rulebook.h"
#include "harness/annotate/seed_sources.h"

namespace hoyito {
namespace {

// A file of specs/, whole.
std::string read(const std::string& name) {
  std::ostringstream text;
  text << std::ifstream(std::filesystem::path(HOYITO_SOURCE_DIR) / "specs" / name).rdbuf();
  return text.str();
}

std::vector<std::string> names(const std::vector<const SeedPassage*>& passages) {
  std::vector<std::string> out;
  for (const SeedPassage* p : passages) out.push_back(p->code + " " + p->section + " " + p->number);
  return out;
}

TEST(SeedSources, DocumentsAsTheSeedsGiveThem) {
  const SeedSources s = parse_seed_sources(read("sources.md"));
  ASSERT_EQ(s.documents.size(), 5u);  // BG, CS, KY, SW and RN
  // The seeds' first and last lines: "Hoyito II" ... "Source: Mancala World – Hoyito II"; no address, no date.
  EXPECT_EQ(s.documents[0].code, "BG");
  EXPECT_EQ(s.documents[0].title, "Hoyito II");
  EXPECT_EQ(s.documents[0].published_as, "Mancala World – Hoyito II");
  EXPECT_EQ(s.documents[1].published_as, "Mancala World – Hoyito III");
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(s.documents[i].address, "-") << s.documents[i].code << ": no seed gives a web address";
    EXPECT_EQ(s.documents[i].date, "-") << s.documents[i].code << ": no seed dates its article";
  }
  EXPECT_THROW(parse_seed_sources("## Documents\n\n| BG | two cells |\n"), InputError);
  EXPECT_THROW(parse_seed_sources("# nothing\n"), InputError);
}

// The citation forms of rules.md: one section and sentence, a range, a section whole, documents
// paired with their titles, titles shortened, a quotation that is no section.
TEST(SeedSources, CitationsReadAsTheRulesWriteThem) {
  const SeedSources s = parse_seed_sources(read("sources.md"));
  auto cite = [&](const std::string& c) { return names(cited_passages(s, {c})); };
  EXPECT_EQ(cite("BG \"Как се играе\" 3"), std::vector<std::string>{"BG Как се играе 3"});
  EXPECT_EQ(cite("CS \"Konec hry\" 2-3"),
            (std::vector<std::string>{"CS Konec hry a vítězství 2", "CS Konec hry a vítězství 3"}));
  EXPECT_EQ(cite("BG \"Дъска\"").size(), 5u) << "Дъска has five items";
  EXPECT_EQ(cite("CS/KY/SW \"Poznámky\"/\"Эскертүүлөр\"/\"Maelezo\" 2"),
            (std::vector<std::string>{"CS Poznámky 2", "KY Эскертүүлөр 2", "SW Maelezo 2"}));
  EXPECT_EQ(cite("CS \"Zajímání\" 1, \"Rozdíly\" 1"),
            (std::vector<std::string>{"CS Zajímání 1", "CS Rozdíly oproti Hoyito II 1"}));
  EXPECT_EQ(cite("BG \"Преглед\" 2: Hoyito II \"en passant capture is removed\""),
            std::vector<std::string>{"BG Преглед 2"});
  EXPECT_EQ(s.passages.front().gloss.substr(0, 23), "(in English in the seed");
}

// Fails when a rule cites a seed section (a quoted title in the seed's language) that
// specs/sources.md does not gloss, or a sentence number it lacks.
TEST(SeedSources, EveryCitedSeedSectionHasItsGloss) {
  const SeedSources s = parse_seed_sources(read("sources.md"));
  for (const RuleSection& section : parse_rule_sections(read("rules.md")))
    for (const RuleText& rule : section.rules) {
      std::vector<std::string> unresolved;
      const std::vector<const SeedPassage*> found = cited_passages(s, rule.sources, &unresolved);
      EXPECT_TRUE(unresolved.empty()) << rule.id << ": no gloss of " << unresolved.front();
      const std::string all = testing::PrintToString(rule.sources);
      const bool cites_a_seed = all.find("BG \"") != std::string::npos || all.find("CS \"") != std::string::npos;
      if (cites_a_seed) {
        EXPECT_FALSE(found.empty()) << rule.id;
      }
    }
}

TEST(SeedSources, TheBookListsTitlesNotHashesAndGlossesEachRule) {
  RulebookSources sources{{}, {}, {}, {}};
  const std::string rules = read("rules.md"), questions = read("open-questions.md"), notation = read("notation.md"),
                    rules_es = read("rules.es.md"), questions_es = read("open-questions.es.md"),
                    notation_es = read("notation.es.md"), seeds = read("sources.md");
  sources.en = {rules, questions, notation, {}};
  sources.es = {rules_es, questions_es, notation_es, {}};
  sources.sources_md = seeds;
  const std::string en = rulebook_files(sources, PageFormat::md, Lang::en).front().text;
  const std::string es = rulebook_files(sources, PageFormat::md, Lang::es).front().text;
  for (const std::string* book : {&en, &es}) {
    EXPECT_EQ(book->find("8cb525255be9276f"), std::string::npos) << "no file hash";
    EXPECT_NE(book->find("| Mancala World – Hoyito II |"), std::string::npos);
  }
  EXPECT_NE(en.find("*not given*"), std::string::npos);
  EXPECT_NE(es.find("*no figura*"), std::string::npos);
  // SOW-4 cites "Как се играе" 3 of BG: "Когато последният камък падне в празна дупка, ходът приключва."
  const size_t sow4 = en.find("### <a id=\"SOW-4\">");
  ASSERT_NE(sow4, std::string::npos);
  EXPECT_NE(
      en.find(
          "- BG \"Как се играе\" 3, CS \"Jak hrát\" 3: When the last stone falls into an empty hole, the move ends.",
          sow4),
      std::string::npos);
  EXPECT_EQ(es.find("In English"), std::string::npos) << "the glosses are the English book's";
}

}  // namespace
}  // namespace hoyito
