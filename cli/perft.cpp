// `hoyito perft`: the ply sequences of exactly D plies from the start, model and engine compared.
#include <iostream>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/result_file.h"
#include "cli/validators.h"
#include "io/output.h"
#include "io/record.h"
#include "engine/engine.h"
#include "harness/base/reporter.h"
#include "harness/games/perft.h"
#include "model/model.h"
#include "engine/sides.h"

namespace hoyito {

namespace {

struct PerftArgs {
  RulesArgs rules;
  int depth = 1;
  bool divide = false;
  std::string impl = "both";  // model, engine or both
  std::string json;           // --json FILE
};

// Perft (or divide) of one implementation from the start; prints the count and the time, and
// returns them as an entry of the --json file's "implementations".
template <GameImplementation G>
boost::json::object print_perft(const Rules& rules, const PerftArgs& args, const char* name) {
  const Stopwatch clock;
  const G game(rules, engine::opening_position(rules));
  std::uint64_t total = 0;
  boost::json::value divide = nullptr;
  if (args.divide) {
    boost::json::array below;
    for (const auto& [ply, count] : perft_divide(game, args.depth)) {
      std::cout << fmt::format("{}: {}\n", move_text(ply, rules.holes_per_row), count);
      below.push_back(boost::json::object{{"move", move_text(ply, rules.holes_per_row)}, {"count", count}});
      total += count;
    }
    divide = std::move(below);
  } else {
    total = perft(game, args.depth);
  }
  const double seconds = clock.seconds();
  std::cout << fmt::format("perft {} {} 2x{} depth {}: {} ({:.2f} s)\n", name, variant_name(rules.variant),
                           rules.holes_per_row, args.depth, total, seconds);
  return {{"name", name}, {"count", total}, {"seconds", seconds}, {"divide", std::move(divide)}};
}

int command_perft(const PerftArgs& args) {
  const Rules rules = make_rules(args.rules);
  if (args.impl != "model" && args.impl != "engine" && args.impl != "both")
    throw InputError(fmt::format("--impl: '{}' is not model, engine or both", args.impl));
  std::optional<WholeFile> json_file;  // made first: a path that cannot be written fails at once
  if (!args.json.empty()) json_file.emplace(args.json);
  boost::json::array runs;
  if (args.impl != "engine") runs.push_back(print_perft<model::Game>(rules, args, "model"));
  if (args.impl != "model") runs.push_back(print_perft<engine::Game>(rules, args, "engine"));
  const bool both = runs.size() == 2;
  const bool agree = !both || runs[0].as_object().at("count") == runs[1].as_object().at("count");
  if (!agree) std::cout << "model and engine DISAGREE (use --divide on both to find the first ply)\n";
  boost::json::object document = result_header("hoyito-perft-result/1");
  document["rules"] = to_json(rules);
  document["depth"] = args.depth;
  document["implementations"] = std::move(runs);
  document["agree"] = both ? boost::json::value(agree) : boost::json::value(nullptr);
  document["exit_code"] = agree ? 0 : 1;
  write_result(json_file, document);
  return agree ? 0 : 1;
}

}  // namespace

CommandRun add_perft(CLI::App& cmd) {
  auto args = std::make_shared<PerftArgs>();
  add_rules_options(cmd, args->rules);
  cmd.add_option("--depth", args->depth, "plies (0 to 20)")->required()->check(CLI::Range(0, 20));
  cmd.add_flag("--divide", args->divide, "the count below each first ply");
  cmd.add_option("--impl", args->impl, "model, engine or both (compared)")->default_val("both");
  cmd.add_option("--json", args->json, "also write the counts as JSON to this file (specs/command-result.schema.json)");
  return [args] { return command_perft(*args); };
}

}  // namespace hoyito
