// `hoyito annotate` and `hoyito examples`: each adds its subcommand to the program and returns
// the function that runs it once the command line is parsed (flags -> options -> files).
#pragma once

#include <functional>

#include <CLI/CLI.hpp>

namespace hoyito {

struct CommandEntry {
  CLI::App* command = nullptr;
  std::function<int()> run;
};
CommandEntry add_annotate_command(CLI::App& app);
CommandEntry add_examples_command(CLI::App& app);

}  // namespace hoyito
