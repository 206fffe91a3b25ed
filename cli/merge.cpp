// `hoyito merge FILES...`: the JSON of the shards of one run (hoyito simulate --shard K/M)
// combined into the JSON of the whole run, the same bytes as one run with the same seed and
// games would write. Shards of different runs, or a set with a shard missing or given twice,
// are refused with one line naming the file and the field (exit 2).
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "harness/base/interrupt.h"
#include "harness/simulate/report.h"
#include "harness/simulate/simulate.h"
#include "io/output.h"

namespace hoyito {

CommandRun add_merge(CLI::App& command) {
  struct Args {
    std::vector<std::string> files;
    std::string out;
  };
  auto args = std::make_shared<Args>();
  CLI::App* cmd = &command;
  cmd->add_option("FILES", args->files, "the shards' JSON files (hoyito simulate --shard K/M --json FILE)")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--out", args->out, "output file (default: standard output)");
  return [args] {
    const std::string merged = merge_simulations(args->files);
    throw_if_interrupted("merge: interrupted before writing, nothing written");
    if (args->out.empty()) {
      std::cout << merged;
      std::cout.flush();
      if (!std::cout) throw InputError("merge: writing to standard output failed");
    } else {
      write_whole_file(args->out, merged);
    }
    return 0;
  };
}

}  // namespace hoyito
