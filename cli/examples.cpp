// `hoyito examples [--out DIR]`: instructive games found by simulation, annotated (docs/examples/).
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "cli/commands.h"
#include "harness/annotate/examples.h"
#include "harness/base/interrupt.h"
#include "io/output.h"

namespace hoyito {

CommandRun add_examples(CLI::App& cmd) {
  auto out = std::make_shared<std::string>("docs/examples");
  cmd.add_option("--out", *out, "output folder")->default_val("docs/examples");
  return [out] {
    check_folder_writable(*out, "--out");  // before the simulation, not after it
    const std::vector<Example> examples = find_examples();
    const std::vector<OutputFile> files = example_files(examples);
    throw_if_interrupted("examples: interrupted before writing, nothing written");
    write_files(*out, files);
    std::cout << fmt::format("{} examples, {} files written to {}\n", examples.size(), files.size(), *out);
    return 0;
  };
}

}  // namespace hoyito
