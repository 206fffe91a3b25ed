// `hoyito simulate` and `hoyito merge` (cli/simulate.cpp, cli/merge.cpp). Each add_*_command
// registers its subcommand and returns the function that runs it: std::nullopt when another
// command was chosen, else the exit code.
#pragma once

#include <functional>
#include <optional>

#include <CLI/CLI.hpp>

#include "cli/commands.h"

namespace hoyito {

using CommandRunner = std::function<std::optional<int>()>;
using AddRulesOptions = void (*)(CLI::App*, RulesArgs&);

CommandRunner add_simulate_command(CLI::App& app, AddRulesOptions add_rules_options);
CommandRunner add_merge_command(CLI::App& app);

}  // namespace hoyito
