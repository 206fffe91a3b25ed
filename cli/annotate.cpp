// `hoyito annotate FILE [--record R] [--plies K..L] [--format md|html|svg|pdf] [--lang en|es]
// [--depth D] [--tables DIR] [--out DIR] [--title TEXT] [--rule-book RULE_BOOK]`: a record, scenario or disagreement
// file as a page for a rule book.
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/validators.h"
#include "harness/annotate/page.h"
#include "harness/annotate/pdf.h"
#include "harness/base/interrupt.h"
#include "harness/games/table_play.h"

namespace hoyito {

namespace {
struct AnnotateArgs {
  std::string file;
  int record = 1;
  std::string plies;
  std::string format = "md";
  std::string lang = "en";
  int depth = -1;  // kAutoDepth
  std::string out = ".";
  std::string title;
  std::string rule_book;
  std::string tables;  // --tables DIR
};

int run_annotate(const AnnotateArgs& args) {
  PageOptions options;
  options.plies = parse_ply_range(args.plies);
  options.lang = parse_lang(args.lang);
  options.depth = args.depth;
  options.title = args.title;
  options.rule_book = args.rule_book;
  std::unique_ptr<TableSet> tables;
  if (!args.tables.empty()) tables = std::make_unique<TableSet>(args.tables);  // bad folder: one line, exit 2
  options.tables = tables.get();
  const PageFormat format = parse_format(args.format);
  if (format == PageFormat::pdf) require_chromium();  // before the work: exit 2 naming the package
  const AnnotatedGame game = load_annotated_game(args.file, args.record);
  const std::string stem = std::filesystem::path(args.file).stem().string();
  int undecided = 0;  // plies whose quality line met a move past the lap guard (Q-LIMIT)
  options.on_undecided = [&](int ply, const std::string& why) {
    if (++undecided == 1)
      std::cerr << fmt::format(
          "annotate: ply {}: no move-quality line: {}; `hoyito annotate {} --record {} --plies {}` "
          "shows it again\n",
          ply, why, args.file, args.record, ply);
  };
  if (format == PageFormat::pdf) {  // the html page printed by Chromium, its print stylesheet: every ply
    const std::vector<OutputFile> files = annotate_files(game, format, options, stem);
    throw_if_interrupted("annotate: interrupted before writing, nothing written");
    write_pdf(args.out, stem + ".pdf", files.front().text);
    std::cout << (std::filesystem::path(args.out) / (stem + ".pdf")).string() << "\n";
  } else {
    for (const std::string& path : write_annotation(game, format, options, args.out, stem)) std::cout << path << "\n";
  }
  if (undecided > 0)
    std::cerr << fmt::format(
        "annotate: {} pl{} without a move-quality line (undecided moves, Q-LIMIT), each saying so on the page\n",
        undecided, undecided == 1 ? "y" : "ies");
  return 0;
}
}  // namespace

CommandRun add_annotate(CLI::App& cmd) {
  auto args = std::make_shared<AnnotateArgs>();
  cmd.add_option("FILE", args->file, "record (or JSON Lines), scenario or disagreement file")->required();
  cmd.add_option("--record", args->record, "which record of a JSON Lines file (from 1)")
      ->default_val(1)
      ->check(at_least(1));
  cmd.add_option("--plies", args->plies, "the plies to annotate: K or K..L (default: all)");
  cmd.add_option(
         "--format", args->format,
         "md (Markdown and SVG files), html (one self-contained page), svg, pdf (the html page printed by Chromium) or "
         "abstractplay (AbstractPlay's board JSON of each ply)")
      ->default_val("md");
  cmd.add_option("--lang", args->lang, "en or es (the rule IDs stay as they are)")->default_val("en");
  cmd.add_option("--depth", args->depth,
                 "search depth of the move-quality line (0: none, to 8; default 4 on 2x6, 2 on 2x12)")
      ->check(whole_number_in(0, 8));
  cmd.add_option("--tables", args->tables,
                 "endgame tables (a folder of `hoyito solve` files, or one): exact move-quality lines where they "
                 "cover the position");
  cmd.add_option("--out", args->out, "output folder")->default_val(".");
  cmd.add_option("--title", args->title, "the page's title (default: one made from the file)");
  cmd.add_option("--rule-book", args->rule_book,
                 "link each rule ID of the accounts to RULE_BOOK#ID, as given (a path relative to the page, or an "
                 "address; default: no links)");
  return [args] { return run_annotate(*args); };
}

}  // namespace hoyito
