// The sources a reader cites (specs/sources.md): the documents the rules restate, with their
// titles, where they were published, web address and date as the seeds give them (none give the
// last two), and the English gloss of every numbered sentence of every seed section; and which of
// those passages a rule's citations name, for the rule book (rulebook.h).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace hoyito {

// A row of specs/sources.md's "Documents" table. "-" in a cell: the document does not give it.
struct SeedDocument {
  std::string code, file, title, title_es, published_as, address, date, language, language_es, dates, dates_es;
};

// A row of a "Glosses" table: a sentence (or list item) of a seed's section, in English.
struct SeedPassage {
  std::string code;     // BG, CS, KY, SW
  std::string section;  // the section's title as the seed writes it
  std::string number;   // "1", "2", ...; "-" for a section of one line
  std::string gloss;
};

struct SeedSources {
  std::vector<SeedDocument> documents;
  std::vector<SeedPassage> passages;
};

// specs/sources.md read; throws InputError naming the line of a row with the wrong number of cells,
// or when the file has no document or no gloss.
SeedSources parse_seed_sources(std::string_view sources_md);

// The passages a rule's citations (RuleText::sources: `BG "Как се играе" 2; CS "Zajímání" 1,
// "Rozdíly" 1; CS/KY/SW "Poznámky"/"Эскертүүлөр"/"Maelezo" 2`) name, in citation order, each once.
// A quoted text is a section when a section title of the current document starts with it
// ("Konec hry" for "Konec hry a vítězství"), else a quotation; a section without numbers names all
// its rows; a citation names its document (";" ends it), RN has no glosses (it is English).
// `unresolved` (if given) receives the quoted texts in a section's place (after a document code,
// not after a ':') that name no section of it: a citation the glosses do not cover.
std::vector<const SeedPassage*> cited_passages(const SeedSources& sources, const std::vector<std::string>& citations,
                                               std::vector<std::string>* unresolved = nullptr);

}  // namespace hoyito
