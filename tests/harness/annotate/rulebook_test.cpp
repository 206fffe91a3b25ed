// The rule book (harness/annotate/rulebook.h, markdown.h): rules.md read in order with every rule
// and its citations, an example diagram for every rule a scenario shows, rule IDs linked.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

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

// The spec texts as the program builds them in (cli/rulebook.cpp), read from specs/.
struct SpecTexts {
  std::string rules = read(kSpecs / "rules.md"), questions = read(kSpecs / "open-questions.md"),
              notation = read(kSpecs / "notation.md"), rules_es = read(kSpecs / "rules.es.md"),
              questions_es = read(kSpecs / "open-questions.es.md"), notation_es = read(kSpecs / "notation.es.md"),
              seeds = read(kSpecs / "sources.md");
  std::vector<std::pair<std::string, std::string>> scenarios;

  SpecTexts() {
    for (const auto& entry : std::filesystem::directory_iterator(kSpecs / "scenarios"))
      scenarios.emplace_back(entry.path().filename().string(), read(entry.path()));
    std::sort(scenarios.begin(), scenarios.end());
  }
  RulebookSources sources() const {
    RulebookSources s{{rules, questions, notation, {}}, {rules_es, questions_es, notation_es, {}}, seeds, {}};
    for (const auto& [name, text] : scenarios) s.scenarios.push_back({name, text});
    return s;
  }
};

// Every rule has its entry (anchor), nearly every one a diagram, and rule IDs in texts link to entries.
TEST(Rulebook, EveryRuleHasAnEntryAndLinks) {
  const SpecTexts texts;
  const RulebookSources sources = texts.sources();
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
  EXPECT_EQ(md.front().text.find("no existe versión española"), std::string::npos) << "the old note is gone";
  EXPECT_NE(md.front().text.find("specs/rules.es.md"), std::string::npos) << "the Spanish book names its text";
}

// Issue 23, whole Spanish: specs/rules.es.md has every rule ID of rules.md, no other, in the same
// order and sections, with the same citations. Fails on a rule added to rules.md and not
// translated, a Spanish entry with a wrong ID or section, or a citation changed on one side; the
// checker itself is shown to catch each of these on altered copies.
TEST(Rulebook, SpanishRulesTranslateEveryRuleWithItsCitations) {
  const SpecTexts texts;
  const std::vector<RuleSection> en = parse_rule_sections(texts.rules), es = parse_rule_sections(texts.rules_es);
  const std::vector<std::string> problems = translation_problems(en, es);
  EXPECT_TRUE(problems.empty()) << fmt::format("{}", fmt::join(problems, "\n"));
  size_t spanish_rules = 0;
  for (const RuleSection& section : es) spanish_rules += section.rules.size();
  EXPECT_EQ(spanish_rules, static_cast<size_t>(kRuleCount));

  auto altered = [&](auto change) {
    std::vector<RuleSection> copy = es;
    change(copy);
    return translation_problems(en, copy);
  };
  EXPECT_FALSE(altered([](auto& c) { c[2].rules.pop_back(); }).empty()) << "a rule left untranslated";
  EXPECT_FALSE(altered([](auto& c) { c[2].rules[0].id = "SOW-9"; }).empty()) << "an ID not in rules.md";
  EXPECT_FALSE(altered([](auto& c) { c[2].rules[0].sources.back() += " 2"; }).empty()) << "another citation";
  EXPECT_FALSE(altered([](auto& c) { std::swap(c[2].rules[0], c[2].rules[1]); }).empty()) << "out of order";
  EXPECT_FALSE(altered([](auto& c) { c[1].rules.push_back(c[2].rules[0]); }).empty()) << "a rule twice";
  RulebookSources cut = texts.sources();
  cut.es.rules_md = std::string_view(texts.rules_es).substr(0, texts.rules_es.find("## Turnos"));
  EXPECT_THROW(rulebook_files(cut, PageFormat::md, Lang::es), InputError) << "a Spanish text that lacks rules";
}

// The plain words of a text, lowercased, letters a-z only (other characters split words).
std::vector<std::string> plain_words(const std::string& text) {
  std::vector<std::string> words(1);
  for (char c : text) {
    const char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower >= 'a' && lower <= 'z')
      words.back() += lower;
    else if (!words.back().empty())
      words.emplace_back();
  }
  if (words.back().empty()) words.pop_back();
  return words;
}

std::string joined(const std::vector<std::string>& words, size_t from, size_t count) {
  std::string text;
  for (size_t i = from; i < from + count; ++i) text += " " + words[i];
  return text + " ";
}

// The parts of a Markdown text outside its `code` spans (option names and values stay as they are).
std::vector<std::string> outside_code(const std::string& text) {
  std::vector<std::string> parts(1);
  bool code = false;
  for (char c : text) {
    if (c == '`') {
      code = !code;
      if (code) parts.emplace_back();
    } else if (!code) {
      parts.back() += c;
    }
  }
  return parts;
}

// The Spanish book holds no English rule text: no run of five words of any rule of rules.md
// (citations aside, which stay as rules.md gives them, and `code`) is in the Spanish book, Markdown or HTML,
// and no Spanish rule text has one of the commonest English words. Fails if the book prints
// rules.md (as it did) or an entry of rules.es.md is left in English.
TEST(Rulebook, SpanishBookHasNoEnglishRuleText) {
  const SpecTexts texts;
  const RulebookSources sources = texts.sources();
  for (PageFormat format : {PageFormat::md, PageFormat::html}) {
    const std::vector<std::string> book_words = plain_words(rulebook_files(sources, format, Lang::es).front().text);
    const std::string book = joined(book_words, 0, book_words.size());
    for (const RuleSection& section : parse_rule_sections(texts.rules))
      for (const RuleText& rule : section.rules)
        for (const std::string& prose : outside_code(rule.text)) {
          const std::vector<std::string> words = plain_words(prose);
          for (size_t i = 0; i + 5 <= words.size(); ++i)
            EXPECT_EQ(book.find(joined(words, i, 5)), std::string::npos)
                << rule.id << ": English words in the Spanish book:" << joined(words, i, 5);
        }
  }
  for (const RuleSection& section : parse_rule_sections(texts.rules_es))
    for (const RuleText& rule : section.rules)
      for (const std::string& w : plain_words(rule.text))
        EXPECT_TRUE(w != "the" && w != "and" && w != "of" && w != "is" && w != "with" && w != "when" && w != "player")
            << rule.id << ": English word '" << w << "'";
}

// Rule IDs become links; look-alikes do not (a letter, digit, '_' or '-' against the ID, a family
// without its number, a variant that does not exist, CAP without a variant).
TEST(Rulebook, RuleIdsBecomeLinksAndLookAlikesDoNot) {
  const std::string text =
      "SOW-5, CAP-III-2 and END-I-1 (END-3). Not: XSOW-1 SOW-1x SOW-1-2 SOW- END-IV-1 CAP-2 TURN_1";
  EXPECT_EQ(link_rule_ids(text, false, "b.md"),
            "[SOW-5](b.md#SOW-5), [CAP-III-2](b.md#CAP-III-2) and [END-I-1](b.md#END-I-1) ([END-3](b.md#END-3)). "
            "Not: XSOW-1 SOW-1x SOW-1-2 SOW- END-IV-1 CAP-2 TURN_1");
  EXPECT_EQ(link_rule_ids("(MATCH-12)", true, "r.html"), "(<a href=\"r.html#MATCH-12\">MATCH-12</a>)");
}

// The links of `page` to a committed rule book, as (file, entry): each href of the form
// "../(../)*rulebook/en|es/rulebook.html#ID" (found by hand: std::regex warns under asan).
std::vector<std::pair<std::string, std::string>> rule_book_links(const std::string& page) {
  std::vector<std::pair<std::string, std::string>> links;
  const std::string open = "href=\"";
  for (std::size_t at = page.find(open); at != std::string::npos; at = page.find(open, at + 1)) {
    const std::size_t start = at + open.size(), end = page.find('"', start);
    if (end == std::string::npos) break;
    const std::string href = page.substr(start, end - start);
    std::size_t up = 0;
    while (href.compare(up, 3, "../") == 0) up += 3;
    const std::size_t hash = href.find('#');
    if (up == 0 || hash == std::string::npos) continue;
    const std::string file = href.substr(0, hash), rest = href.substr(up, hash - up);
    if (rest == "rulebook/en/rulebook.html" || rest == "rulebook/es/rulebook.html")
      links.emplace_back(file, href.substr(hash + 1));
  }
  return links;
}

// The examples' rule IDs link to the committed rule book: every link's file and entry exist.
// Fails if a page links to a rule book that is not there, or to an entry it lacks.
TEST(Rulebook, ExampleLinksReachTheRuleBook) {
  const std::filesystem::path examples = std::filesystem::path(HOYITO_SOURCE_DIR) / "docs" / "examples";
  int links = 0;
  for (const auto& folder : {examples, examples / "es"})
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
      if (entry.path().extension() != ".html") continue;
      const std::string page = read(entry.path());
      for (const auto& [file, id] : rule_book_links(page)) {
        ++links;
        const std::string book = read(folder / file);
        EXPECT_NE(book.find("id=\"" + id + "\""), std::string::npos)
            << entry.path().filename() << " links to " << file << "#" << id;
        if (::testing::Test::HasFailure()) return;
      }
    }
  EXPECT_GT(links, 100);
}

}  // namespace
}  // namespace hoyito
