// `hoyito examples`: instructive games found by simulation, each written as an annotated page
// (Markdown with SVG files, and HTML) beside its record, with an index. Everything is seeded,
// so the same code writes the same files (tests/CMakeLists.txt compares them with docs/examples/).
#pragma once

#include <string>
#include <vector>

#include "harness/annotate/page.h"

namespace hoyito {

class TableSet;

struct Example {
  std::string name;  // the file stem
  std::string title;
  std::string why;  // what the reader should look at
  std::vector<RuleId> rules_shown;
  AnnotatedGame game;
  PlyRange plies;                             // the plies annotated
  std::string found_by;                       // seed, game index, rules, and the command that makes the game again
  int depth = kAutoDepth;                     // move-quality search depth
  std::string title_es, why_es, found_by_es;  // the Spanish page's (docs/examples/es/)
  const TableSet* tables = nullptr;           // exact move-quality lines from these (annotate --tables)
};

// Every example, in the order of the index. Deterministic. With `tables` (a Hoyito II 2x6 set,
// made by the caller: annotate never includes the solver), also an endgame with exact verdicts.
std::vector<Example> find_examples(const TableSet* tables = nullptr);

// The pages, records and index of `examples`, ready for write_files().
std::vector<OutputFile> example_files(const std::vector<Example>& examples);

}  // namespace hoyito
