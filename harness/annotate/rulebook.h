// `hoyito rulebook`: the illustrated rule book. The rules of specs/rules.md in reading order, each
// with its text, its citations of the seed documents, and the diagram of a ply of a hand-derived
// scenario (specs/scenarios/) where the rule fires, drawn by the annotate diagrams (diagram.h);
// then the open questions (specs/open-questions.md), the notation (specs/notation.md) and an index.
// The spec texts are given to it (the program builds them in: cli/rulebook.cpp), so that it reads
// no file.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "harness/annotate/page.h"

namespace hoyito {

// One rule of specs/rules.md: "- **ID** text", the citations being its `*( ... )*` parts.
struct RuleText {
  std::string id;
  std::string text;                  // without the citations
  std::vector<std::string> sources;  // the citations, as rules.md gives them
  // The rule's "  - *Notes:* ..." item, for maintainers (option names, other readings, engine
  // notes): printed in the book's appendix, not in the rule. Without its label and citations.
  std::string note;
  std::vector<std::string> note_sources;
};

// A `## ` section of the rules: "Sowing (SOW)", its paragraphs before the rules, its rules.
struct RuleSection {
  std::string title;
  std::string intro;
  std::vector<RuleText> rules;
};

// The rule sections of specs/rules.md in reading order, up to "Where each seed sentence went".
std::vector<RuleSection> parse_rule_sections(std::string_view rules_md);

// A spec file built into the program: its name ("s2-draw.json") and its text.
struct SpecFile {
  std::string_view name, text;
};

// The texts of a book in one language: specs/rules.md, open-questions.md, notation.md and
// how-to-play.md, or their Spanish versions rules.es.md, open-questions.es.md, notation.es.md and
// how-to-play.es.md (the players' opening and the rules' names; empty: none).
struct BookTexts {
  std::string_view rules_md, open_questions_md, notation_md, players_md;
};

struct RulebookSources {
  BookTexts en, es;
  std::string_view sources_md;      // specs/sources.md: the documents and the glosses (seed_sources.h)
  std::vector<SpecFile> scenarios;  // specs/scenarios/*.json, in name order
};

// What keeps `translated` (the sections of rules.es.md) from being a rule-by-rule translation of
// `original` (rules.md): a rule ID missing, added or out of order, other citations, another
// section. One line each; empty if none.
std::vector<std::string> translation_problems(const std::vector<RuleSection>& original,
                                              const std::vector<RuleSection>& translated);

// The rule book as files: `rulebook.md` and `rulebook-svg/RULE.svg` (md), or one self-contained
// `rulebook.html` (html). For players first: "How to play Hoyito" (how-to-play.md, its diagrams
// drawn from the scenarios it names), the rules by name with their IDs beside, then an appendix
// for maintainers (the rules' notes, open-questions.md, notation.md, an index). The English book
// prints the English specs; the Spanish one their Spanish versions (throws InputError if rules.es.md is not a
// translation of rules.md: translation_problems).
std::vector<OutputFile> rulebook_files(const RulebookSources& sources, PageFormat format, Lang lang);

}  // namespace hoyito
