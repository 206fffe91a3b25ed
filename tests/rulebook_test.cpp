// The rule book (harness/annotate/rulebook.h, markdown.h): rules.md read in order with every rule
// and its citations, an example diagram for every rule a scenario shows, rule IDs linked.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "harness/annotate/markdown.h"
#include "harness/annotate/rulebook.h"

namespace hoyito {
namespace {

std::string read(const std::filesystem::path& path) {
  std::ifstream in(path);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

const std::filesystem::path kSpecs = std::filesystem::path(HOYITO_SOURCE_DIR) / "specs";

// Fails if a rule is skipped or read out of order, or loses its citations.
TEST(Rulebook, ReadsEveryRuleInOrderWithItsSources) {
  const std::vector<RuleSection> sections = parse_rule_sections(read(kSpecs / "rules.md"));
  std::vector<std::string> ids;
  for (const RuleSection& section : sections)
    for (const RuleText& rule : section.rules) {
      ids.push_back(rule.id);
      EXPECT_FALSE(rule.sources.empty()) << rule.id << " has no citation";
      EXPECT_EQ(rule.text.find("*("), std::string::npos) << rule.id << ": a citation left in the text";
      EXPECT_FALSE(rule.text.empty()) << rule.id;
    }
  ASSERT_EQ(static_cast<int>(ids.size()), kRuleCount);
  for (int i = 0; i < kRuleCount; ++i) EXPECT_EQ(ids[static_cast<size_t>(i)], rule_text(static_cast<RuleId>(i)));
  EXPECT_EQ(sections.front().rules.front().text,
            "Two players, a board of two rows of holes, no stores. Each player owns one row.");
}

TEST(Rulebook, MarkdownTablesAndInline) {
  EXPECT_EQ(inline_html("a `x<y` **b** *c*"), "a <code>x&lt;y</code> <strong>b</strong> <em>c</em>");
  const std::string table = markdown_html("| a | b |\n|---|---|\n| `1|2` | 3 |\n", 1);
  EXPECT_EQ(table, "<table>\n<tr><th>a</th><th>b</th></tr>\n<tr><td><code>1|2</code></td><td>3</td></tr>\n</table>\n");
  EXPECT_EQ(markdown_html("# Title\n\n## Part\n\ntext\n", 1), "<h3>Part</h3>\n<p>text</p>\n");
}

// Every rule has its entry (anchor), nearly every one a diagram, and rule IDs in texts link to entries.
TEST(Rulebook, EveryRuleHasAnEntryAndLinks) {
  const std::string rules = read(kSpecs / "rules.md"), questions = read(kSpecs / "open-questions.md"),
                    notation = read(kSpecs / "notation.md");
  RulebookSources sources{rules, questions, notation, {}};
  std::vector<std::pair<std::string, std::string>> texts;
  for (const auto& entry : std::filesystem::directory_iterator(kSpecs / "scenarios"))
    texts.emplace_back(entry.path().filename().string(), read(entry.path()));
  std::sort(texts.begin(), texts.end());
  for (const auto& [name, text] : texts) sources.scenarios.push_back({name, text});
  for (Lang lang : {Lang::en, Lang::es}) {
    const std::string html = rulebook_files(sources, PageFormat::html, lang).front().text;
    for (int i = 0; i < kRuleCount; ++i)
      EXPECT_NE(html.find(fmt::format("id=\"{}\"", rule_text(static_cast<RuleId>(i)))), std::string::npos);
    size_t diagrams = 0;
    for (size_t at = html.find("<svg"); at != std::string::npos; at = html.find("<svg", at + 1)) ++diagrams;
    EXPECT_GE(diagrams, static_cast<size_t>(kRuleCount - 4)) << "PASS-3 and the MATCH rules have no board";
    EXPECT_NE(html.find("(<a href=\"#SOW-5\">SOW-5</a>)"), std::string::npos) << "rule IDs link to their entries";
  }
  const std::vector<OutputFile> md = rulebook_files(sources, PageFormat::md, Lang::es);
  EXPECT_EQ(md.front().name, "rulebook.md");
  EXPECT_NE(md.front().text.find("no existe versión española"), std::string::npos) << "the Spanish book says so";
}

// The examples' rule IDs link to the committed rule book: every link's file and entry exist.
// Fails if a page links to a rule book that is not there, or to an entry it lacks.
TEST(Rulebook, ExampleLinksReachTheRuleBook) {
  const std::filesystem::path examples = std::filesystem::path(HOYITO_SOURCE_DIR) / "docs" / "examples";
  const std::regex link(R"re(href="((?:\.\./)+rulebook/(?:en|es)/rulebook\.html)#([A-Z0-9-]+)")re");
  int links = 0;
  for (const auto& folder : {examples, examples / "es"})
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
      if (entry.path().extension() != ".html") continue;
      const std::string page = read(entry.path());
      for (std::sregex_iterator m(page.begin(), page.end(), link), end; m != end; ++m, ++links) {
        const std::string book = read(folder / (*m)[1].str());
        EXPECT_NE(book.find("id=\"" + (*m)[2].str() + "\""), std::string::npos)
            << entry.path().filename() << " links to " << (*m)[1] << "#" << (*m)[2];
        if (::testing::Test::HasFailure()) return;
      }
    }
  EXPECT_GT(links, 100);
}

}  // namespace
}  // namespace hoyito
