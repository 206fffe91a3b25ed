// `hoyito examples [--out DIR]`: instructive games found by simulation, annotated (docs/examples/).
#include <unistd.h>

#include <filesystem>
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "cli/commands.h"
#include "harness/annotate/examples.h"
#include "harness/base/interrupt.h"
#include "harness/games/table_play.h"
#include "harness/solve/solver.h"
#include "io/output.h"

namespace hoyito {

namespace {

// The endgame example's tables: Hoyito II 2x6 up to K seeds, solved into a temporary folder
// removed when done (a few seconds: docs/solve.md). K = 8 holds a ?? among the first seeded games.
constexpr int kExampleTableSeeds = 8;

class ExampleTables {
 public:
  ExampleTables() : dir_(std::filesystem::temp_directory_path() / fmt::format("hoyito-examples-{}", ::getpid())) {
    solve::SolveOptions options;
    options.max_seeds = kExampleTableSeeds;
    options.out_dir = dir_.string();
    try {
      solve::solve_tables(options, [](const solve::LayerReport&) {});
      set_ = std::make_unique<TableSet>(dir_.string());
    } catch (...) {  // an interrupt in the solve: no destructor runs for a half-made object
      remove_folder();
      throw;
    }
  }
  ~ExampleTables() { remove_folder(); }
  ExampleTables(const ExampleTables&) = delete;
  ExampleTables& operator=(const ExampleTables&) = delete;
  const TableSet& set() const { return *set_; }

 private:
  void remove_folder() {
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }
  std::filesystem::path dir_;
  std::unique_ptr<TableSet> set_;
};

}  // namespace

CommandRun add_examples(CLI::App& cmd) {
  auto out = std::make_shared<std::string>("docs/examples");
  cmd.add_option("--out", *out, "output folder")->default_val("docs/examples");
  return [out] {
    check_folder_writable(*out, "--out");  // before the simulation, not after it
    const ExampleTables tables;
    const std::vector<Example> examples = find_examples(&tables.set());
    const std::vector<OutputFile> files = example_files(examples);
    throw_if_interrupted("examples: interrupted before writing, nothing written");
    write_files(*out, files);
    std::cout << fmt::format("{} examples, {} files written to {}\n", examples.size(), files.size(), *out);
    return 0;
  };
}

}  // namespace hoyito
