// `hoyito perft`: the ply sequences of exactly D plies from the start, model and engine compared.
#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/result_file.h"
#include "cli/validators.h"
#include "engine/engine.h"
#include "engine/sides.h"
#include "harness/base/reporter.h"
#include "harness/games/perft_count.h"
#include "harness/games/perft_walk.h"
#include "io/output.h"
#include "io/record.h"
#include "model/model.h"

namespace hoyito {

namespace {

struct PerftArgs {
  RulesArgs rules;
  int depth = 1;
  bool divide = false;
  std::string impl = "both";  // model, engine or both
  std::string json;           // --json FILE
  std::string engine;         // --engine CMD: compared with the model
  std::string position;       // --position JSON|FILE: the start ("" : the opening)
  double engine_timeout = 10;
};

// Perft (or divide) of one implementation from the start; prints the count and the time, and
// returns them as an entry of the --json file's "implementations".
template <GameImplementation G>
boost::json::object print_perft(const Rules& rules, const Position& start, const PerftArgs& args, const char* name) {
  const Stopwatch clock;
  const G game(rules, start);
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

// Perft of the model and of an engine behind the protocol; where they differ, the walk down to the
// first ply whose resulting states differ, or the first position whose legal lists differ
// (harness/games/perft_walk.h). 1 on a difference.
int perft_with_engine(const Rules& rules, const Position& start, const PerftArgs& args) {
  EngineOptions options;
  options.command = args.engine;
  options.timeout = std::chrono::milliseconds(static_cast<long long>(args.engine_timeout * 1000));
  auto session = std::make_shared<EngineSession>(options);
  const RemoteGame game(session, rules, start);
  const Stopwatch clock;
  const std::uint64_t by_model = perft(model::Game(rules, start), args.depth);
  std::cout << fmt::format("perft model {} 2x{} depth {}: {} ({:.2f} s)\n", variant_name(rules.variant),
                           rules.holes_per_row, args.depth, by_model, clock.seconds());
  if (args.divide)
    for (const auto& [ply, count] : engine_divide(game, args.depth))
      std::cout << fmt::format("{}: {}\n", move_text(ply, rules.holes_per_row), count);
  const std::uint64_t by_engine = engine_perft(game, args.depth);
  std::cout << fmt::format("perft engine {} {}: {}\n", session->info().name, session->info().version, by_engine);
  if (by_model == by_engine) {
    std::cout << "model and engine agree\n";
    return 0;
  }
  std::cout << "model and engine DISAGREE; walking down by state to where they part\n";
  const std::optional<PerftParting> parting = walk_perft(game, rules, start, args.depth);
  std::cout << (parting ? "first difference: " + parting->text
                        : std::string("every legal list, state and divide on the way agrees (the engine's perft and "
                                      "its divide disagree)"))
            << "\n";
  return 1;
}

// With both implementations: one line saying whether their counts (and, with --divide, their
// lists below each first ply) agree, and the first ply where the lists part if they do not.
std::string agreement_line(const boost::json::object& model, const boost::json::object& engine, bool divide) {
  if (!divide)
    return model.at("count") == engine.at("count")
               ? "model and engine agree\n"
               : "model and engine DISAGREE (use --divide on both to find the first ply)\n";
  const boost::json::array& below_model = model.at("divide").as_array();
  const boost::json::array& below_engine = engine.at("divide").as_array();
  for (std::size_t i = 0; i < std::max(below_model.size(), below_engine.size()); ++i) {
    const boost::json::value none = nullptr;
    const boost::json::value& a = i < below_model.size() ? below_model[i] : none;
    const boost::json::value& b = i < below_engine.size() ? below_engine[i] : none;
    if (a != b)
      return fmt::format("model and engine DISAGREE: the lists part at line {} (model {}, engine {})\n", i + 1,
                         boost::json::serialize(a), boost::json::serialize(b));
  }
  return fmt::format("model and engine agree: the same {} first plies with the same counts\n", below_model.size());
}

int command_perft(const PerftArgs& args) {
  const Rules rules = rules_from_args(args.rules);
  const Position start = args.position.empty() ? engine::opening_position(rules) : read_position(args.position, rules);
  if (!args.engine.empty()) {
    if (!args.json.empty() || args.impl != "both") throw InputError("--engine: --json and --impl do not apply to it");
    try {
      return perft_with_engine(rules, start, args);
    } catch (const EngineFailure& e) {  // hung, crashed or broke the protocol: the engine's failure, not hoyito's
      std::cout << "ENGINE FAILURE " << e.what() << "\n";
      return 1;
    }
  }
  if (args.impl != "model" && args.impl != "engine" && args.impl != "both")
    throw InputError(fmt::format("--impl: '{}' is not model, engine or both", args.impl));
  std::optional<WholeFile> json_file;  // made first: a path that cannot be written fails at once
  if (!args.json.empty()) json_file.emplace(args.json);
  boost::json::array runs;
  if (args.impl != "engine") runs.push_back(print_perft<model::Game>(rules, start, args, "model"));
  if (args.impl != "model") runs.push_back(print_perft<engine::Game>(rules, start, args, "engine"));
  const bool both = runs.size() == 2;
  const bool agree = !both || (runs[0].as_object().at("count") == runs[1].as_object().at("count") &&
                               runs[0].as_object().at("divide") == runs[1].as_object().at("divide"));
  if (both) std::cout << agreement_line(runs[0].as_object(), runs[1].as_object(), args.divide);
  boost::json::object document = result_header("hoyito-perft-result/1");
  document["rules"] = to_json(rules);
  if (!args.position.empty()) document["start"] = to_json(start);
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
  cmd.add_option("--depth", args->depth, "plies (0 to 20)")->required()->check(whole_number_in(0, 20));
  cmd.add_flag("--divide", args->divide, "the count below each first ply");
  cmd.add_option("--impl", args->impl, "model, engine or both (compared)")->default_val("both");
  cmd.add_option("--json", args->json, "also write the counts as JSON to this file (specs/command-result.schema.json)");
  cmd.add_option(
         "--engine", args->engine,
         "compare the model with this engine (a command speaking specs/engine-protocol.md); on a difference, walk "
         "down to the first ply whose resulting state, or the first position whose legal moves, differ (exit 1)")
      ->check(engine_command());
  cmd.add_option("--position", args->position,
                 "start position: JSON text or a file, as for `hoyito apply` (default: the opening)");
  cmd.add_option("--engine-timeout", args->engine_timeout,
                 "with --engine: seconds each command may take (perft and divide 10 times)")
      ->default_val(args->engine_timeout)
      ->check(positive_seconds());
  return [args] { return command_perft(*args); };
}

}  // namespace hoyito
