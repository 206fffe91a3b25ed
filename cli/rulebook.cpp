// `hoyito rulebook [--lang en|es] [--format html|md|pdf] [--out DIR]`: the illustrated rule book
// (harness/annotate/rulebook.h), from the specs built into the program (generated/rules_md.h,
// generated/specs_text.h): it reads no file, so it works alike from the build tree, a fresh
// clone's build or an installed program.
#include <filesystem>
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "cli/commands.h"
#include "harness/annotate/pdf.h"
#include "harness/annotate/rulebook.h"
#include "harness/base/interrupt.h"
#include "rules_md.h"
#include "specs_text.h"

namespace hoyito {

namespace {
struct RulebookArgs {
  std::string lang = "en";
  std::string format = "html";
  std::string out = ".";
};

RulebookSources built_in_specs() {
  RulebookSources sources{
      {kRulesMarkdown, kOpenQuestionsMarkdown, kNotationMarkdown, kPlayersMarkdown},
      {kRulesSpanishMarkdown, kOpenQuestionsSpanishMarkdown, kNotationSpanishMarkdown, kPlayersSpanishMarkdown},
      kSourcesMarkdown,
      {}};
  for (const auto& [name, text] : kScenarioFiles) sources.scenarios.push_back({name, text});
  return sources;
}

int run_rulebook(const RulebookArgs& args) {
  const Lang lang = parse_lang(args.lang);
  // Its own formats named (parse_format would list annotate's, svg and abstractplay among them).
  if (args.format != "html" && args.format != "md" && args.format != "pdf")
    throw InputError(fmt::format("--format '{}': the rule book is html, md or pdf", args.format));
  const PageFormat format = parse_format(args.format);
  if (format == PageFormat::pdf) require_chromium();  // before the work: exit 2 naming the package
  std::vector<OutputFile> files = rulebook_files(built_in_specs(), format, lang);
  throw_if_interrupted("rulebook: interrupted before writing, nothing written");
  if (format == PageFormat::pdf) {
    write_pdf(args.out, "rulebook.pdf", files.front().text);
    files = {{"rulebook.pdf", {}}};
  } else {
    write_files(args.out, files);
  }
  for (const OutputFile& f : files) std::cout << (std::filesystem::path(args.out) / f.name).string() << "\n";
  return 0;
}
}  // namespace

CommandRun add_rulebook(CLI::App& cmd) {
  auto args = std::make_shared<RulebookArgs>();
  cmd.add_option("--lang", args->lang, "en or es (es: specs/rules.es.md and the other Spanish specs)")
      ->default_val("en");
  cmd.add_option("--format", args->format,
                 "html (one self-contained page), md (Markdown and SVG files) or pdf (Chromium)")
      ->default_val("html");
  cmd.add_option("--out", args->out, "output folder")->default_val(".");
  return [args] { return run_rulebook(*args); };
}

}  // namespace hoyito
