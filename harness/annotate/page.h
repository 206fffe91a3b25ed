// The documents of `hoyito annotate` and `hoyito examples`: a Markdown page with one SVG file
// per ply, a self-contained HTML page (diagrams inline, no network), or the SVG files alone.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "harness/annotate/account.h"
#include "harness/annotate/story.h"

namespace hoyito {

enum class PageFormat { md, html, svg };
PageFormat parse_format(std::string_view text);  // throws InputError naming --format

inline constexpr int kAutoDepth = -1;  // 4 on 2x6, 2 on 2x12 (twelve moves a ply: 144 times the work)

struct PageOptions {
  PlyRange plies;
  Lang lang = Lang::en;
  int depth = kAutoDepth;        // the move-quality search depth; 0 leaves the line out
  std::string found_by;          // Markdown: how the game was found (examples)
  std::string replay_command;    // the command that replays the record (examples)
  std::string record_file;       // the record file written beside the page, if any
  std::string title;             // the page's title in place of the file's (--title), if not empty
  // Called for each ply whose quality line the search could not give (Q-LIMIT): its number (from
  // 1) and why, so that the command counts and names them (never a line dropped without a word).
  std::function<void(int ply, const std::string& why)> on_undecided;
};

struct OutputFile {
  std::string name;  // relative to the output folder
  std::string text;
};

// The files of the annotation of `game`, named from `stem`.
std::vector<OutputFile> annotate_files(const AnnotatedGame& game, PageFormat format, const PageOptions& options,
                                       const std::string& stem);

// Writes each file under `dir` (made if missing) through a temporary file renamed into place, so
// that no half-written file is left; throws InputError naming the file that cannot be written.
void write_files(const std::string& dir, const std::vector<OutputFile>& files);

// A rules line for people: "hoyito3 2x6, round 3 after a draw, drawn_previous_last_four = split".
std::string rules_text(const Rules& rules);

}  // namespace hoyito
