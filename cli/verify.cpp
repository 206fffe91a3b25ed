// `hoyito verify`: its flags, mapped to harness/verify/verify.h's VerifyOptions; the checks themselves
// are in harness/verify/ (check_*.cpp).
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/validators.h"
#include "harness/verify/configurations.h"
#include "harness/verify/engine_verify.h"
#include "harness/verify/verify.h"
#include "io/output.h"
#include "version.h"  // generated: HOYITO_VERSION, HOYITO_COMMIT

namespace hoyito {

namespace {

// The options of a run against an engine: the flags that apply to it (all but --full and
// --record-games) beside --engine, --engine-timeout and the known-differences flags.
EngineVerifyOptions engine_verify_options(const VerifyOptions& o, EngineVerifyOptions engine, bool games_given) {
  if (o.full) throw InputError("--engine: --full does not apply to it (perft --engine walks an engine's perft)");
  for (const std::string& check : o.skip)
    if (check != "hard" && check != "scenarios" && check != "lockstep" && check != "limits" && check != "matches")
      throw InputError(
          fmt::format("--skip {}: with --engine the checks are hard, scenarios, lockstep, limits and matches", check));
  engine.skip = o.skip;
  if (games_given) engine.games = o.games;
  engine.seed = o.seed;
  engine.threads = o.threads;
  engine.fail_fast = o.fail_fast;
  engine.out = o.out;
  engine.specs = o.specs;
  engine.variant = o.variant;
  engine.holes = o.holes;
  engine.config = o.config;
  engine.game = o.game;
  engine.seconds = o.seconds;
  engine.json = o.json;
  engine.junit = o.junit;
  return engine;
}

// The flags of verify --engine's known differences and classes.
void add_engine_class_flags(CLI::App& cmd, EngineVerifyOptions& engine) {
  cmd.add_option("--expect", engine.expect,
                 "with --engine: a file of known differences, one class a line with its reason "
                 "(specs/engine-expect.md); PASS with known differences when every disagreement is in one");
  cmd.add_option("--write-expect", engine.write_expect,
                 "with --engine: write the classes of this run to this file, as an --expect file to edit");
  cmd.add_flag("--fail-stale", engine.fail_stale,
               "with --engine and --expect: FAIL when a class of the expect file no longer occurs");
  cmd.add_option("--class", engine.only_class,
                 "with --engine: replay only the stored examples of this class (from --out's disagreements.jsonl "
                 "of an earlier run) and say whether it still occurs");
}

// verify --list-configs: one line a configuration (its name for --config, its variant, size and
// share of the games), filtered by --variant and --holes.
int list_configurations(const VerifyOptions& o) {
  const std::vector<Configuration> configs = select_configurations(o.variant, o.holes, o.config);
  for (const Configuration& c : configs)
    std::cout << fmt::format("{:<48} {} 2x{}{}\n", c.name, variant_name(c.rules.variant), c.rules.holes_per_row,
                             c.made_up_most > 0 ? ", made-up starts" : "");
  std::cout << fmt::format("{} configuration{}\n", configs.size(), configs.size() == 1 ? "" : "s");
  return 0;
}

}  // namespace

CommandRun add_verify(CLI::App& cmd) {
  auto o = std::make_shared<VerifyOptions>();
  auto engine = std::make_shared<EngineVerifyOptions>();
  o->specs = default_specs_folder();
  o->out = default_output_path("verify");
  o->version = HOYITO_VERSION;
  o->commit = HOYITO_COMMIT;
  CLI::Option* games =
      cmd.add_option("--games", o->games,
                     "lockstep games per standard 2x6 configuration (the others: a share of it; at least 1)")
          ->default_val(o->games)
          ->check(at_least(1));
  cmd.add_option("--record-games", o->record_games, "records per variant and size written and replayed (at least 1)")
      ->default_val(o->record_games)
      ->check(at_least(1));
  cmd.add_option("--seed", o->seed, "random seed (0 to 2^64 - 1)")->default_val(o->seed)->check(seed_digits());
  cmd.add_option(
         "--seconds", o->seconds,
         "stop starting games this many seconds after the run began: the fixed checks (scenarios, records, about 5 s) "
         "spend it too, then the checks that grow with --games share what is left (limits: up to a quarter of it, at "
         "least one position group; then lockstep; then matches: one at least) (above 0; default: no limit)")
      ->check(positive_seconds());
  cmd.add_option("--threads", o->threads, "worker threads (1 to 256)")->default_val(o->threads)->check(threads_range());
  cmd.add_option("--variant", o->variant, "only this variant");
  cmd.add_option("--holes", o->holes, "only this board size (6 or 12)")->check(CLI::IsMember({6, 12}));
  cmd.add_option("--config", o->config, "only the configuration of this name");
  cmd.add_option("--game", o->game, "only this game number (reproduces one game; below the games of --games)")
      ->check(at_least(0));
  cmd.add_flag("--full", o->full, "add the exhaustive small-scope and perft checks");
  cmd.add_flag("--fail-fast", o->fail_fast, "stop at the first failure (for mutation testing)");
  cmd.add_option("--game-timeout", o->game_timeout,
                 "seconds after which a game (or a scenario, a record file, ...) is reported as hung (exit 1)")
      ->default_val(o->game_timeout)
      ->check(positive_seconds());
  std::vector<std::string> checks = check_names();
  checks.emplace_back("hard");  // verify --engine's first check (harness/verify/engine_verify.h)
  cmd.add_option(
         "--skip", o->skip,
         fmt::format("leave out these checks (comma-separated: {}; hard only with --engine)", fmt::join(checks, ", ")))
      ->delimiter(',')
      ->check(CLI::IsMember(checks));
  cmd.add_option("--out", o->out,
                 "folder for the records and disagreement files written (default: the user's cache folder); each run "
                 "first removes what an earlier run wrote there (disagreement-*.json, lap-limit-disagreement-*.json, "
                 "exhaustive-2x*-disagreement.json, games-*.jsonl), other files stay")
      ->default_val(o->out);
  cmd.add_option("--json", o->json, "also write the result as JSON to this file (specs/verify-result.schema.json)");
  cmd.add_option("--junit", o->junit,
                 "also write the result as JUnit XML to this file (a test case per check and configuration)");
  cmd.add_option("--specs", o->specs, "the specs folder (default: share/hoyito/specs of an installed program)")
      ->default_val(o->specs);
  cmd.add_option("--engine", engine->command,
                 fmt::format("verify this engine instead, a command run by /bin/sh speaking the engine protocol "
                             "(specs/engine-protocol.md); with it --games defaults to {}",
                             kEngineVerifyGames))
      ->check(engine_command());
  cmd.add_option("--engine-timeout", engine->timeout,
                 "with --engine: seconds each command may take (perft and divide 10 times)")
      ->default_val(engine->timeout)
      ->check(positive_seconds());
  add_engine_class_flags(cmd, *engine);
  auto list = std::make_shared<bool>(false);
  cmd.add_flag("--list-configs", *list,
               "print the configurations (for --config), with --variant/--holes those of them, and exit");
  return [o, engine, games, list] {
    if (*list) return list_configurations(*o);
    std::error_code error;
    if (!std::filesystem::is_directory(o->specs, error))
      throw InputError(fmt::format("--specs {}: not a folder: {}", o->specs,
                                   error                               ? error.message()
                                   : std::filesystem::exists(o->specs) ? "a file"
                                                                       : "no such folder"));
    if (!std::filesystem::is_directory(std::filesystem::path(o->specs) / "scenarios", error))
      throw InputError(fmt::format("--specs {}: not a specs folder: it has no scenarios/ folder", o->specs));
    make_folder(o->out, "--out");
    Reporter reporter = Reporter::to_stdout();
    const bool engine_flags =
        !engine->expect.empty() || !engine->write_expect.empty() || engine->fail_stale || !engine->only_class.empty();
    if (engine->command.empty() && engine_flags)
      throw InputError("--expect, --write-expect, --fail-stale and --class apply to --engine only");
    if (engine->fail_stale && engine->expect.empty()) throw InputError("--fail-stale: it needs --expect FILE");
    if (!engine->command.empty())
      return verify_engine(engine_verify_options(*o, *engine, games->count() > 0), reporter);
    if (std::find(o->skip.begin(), o->skip.end(), "hard") != o->skip.end())
      throw InputError("--skip hard: the hard-positions check is one of verify --engine's");
    return run_verify(*o, reporter);
  };
}

}  // namespace hoyito
