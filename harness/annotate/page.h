// The documents of `hoyito annotate` and `hoyito examples`: a Markdown page with one SVG file
// per ply, a self-contained HTML page (diagrams inline, no network), or the SVG files alone.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "harness/annotate/account.h"
#include "harness/annotate/story.h"

namespace hoyito {

// pdf: the html page, printed by the command (pdf.h); abstractplay: AbstractPlay's board JSON of
// each ply (abstractplay.h).
enum class PageFormat { md, html, svg, pdf, abstractplay };
PageFormat parse_format(std::string_view text);  // throws InputError naming --format

inline constexpr int kAutoDepth = -1;  // 4 on 2x6, 2 on 2x12 (twelve moves a ply: 144 times the work)

class TableSet;

struct PageOptions {
  PlyRange plies;
  Lang lang = Lang::en;
  int depth = kAutoDepth;  // the move-quality search depth; 0 leaves the line out
  // --tables: where a table covers the position, an exact move-quality line (quality.h).
  const TableSet* tables = nullptr;
  std::string found_by;        // Markdown: how the game was found (examples)
  std::string replay_command;  // the command that replays the record (examples)
  std::string record_file;     // the record file written beside the page, if any
  std::string title;           // the page's title in place of the file's (--title), if not empty
  std::string rule_book;       // if not empty, rule IDs of the accounts link to RULE_BOOK#ID (examples)
  // Called for each ply whose quality line the search could not give (Q-LIMIT): its number (from
  // 1) and why, so that the command counts and names them (never a line dropped without a word).
  std::function<void(int ply, const std::string& why)> on_undecided;
};

struct OutputFile {
  std::string name;  // relative to the output folder
  std::string text;
};

// The files of the annotation of `game`, named from `stem`, in memory (the page first), for short
// games (examples, tests).
std::vector<OutputFile> annotate_files(const AnnotatedGame& game, PageFormat format, const PageOptions& options,
                                       const std::string& stem);

// Writes the annotation of `game` into `dir` as it is made, ply by ply: memory does not grow with
// the game. The page goes to a temporary file renamed at the end, a Markdown page's SVG folder to
// a temporary folder moved into place at the end (io/output.h), so that a failure (a full disk)
// or an interrupt leaves no page and no folder. Returns the paths written, the page first.
std::vector<std::string> write_annotation(const AnnotatedGame& game, PageFormat format, const PageOptions& options,
                                          const std::string& dir, const std::string& stem);

// Writes the files under `dir` (made if missing) whole together (write_output_set): nothing is
// renamed into place until every file is written, each "-svg" folder is swapped in whole (no
// stale SVG stays); throws OutputError naming the file that cannot be written.
void write_files(const std::string& dir, const std::vector<OutputFile>& files);

// A rules line for people: "hoyito3 2x6, round 3 after a draw, drawn_previous_last_four = split".
// In Spanish the words are Spanish ("ronda 3, ganador anterior empate"); option names and values
// (`name = value`) stay as the configuration spells them.
std::string rules_text(const Rules& rules, Lang lang = Lang::en);

}  // namespace hoyito
