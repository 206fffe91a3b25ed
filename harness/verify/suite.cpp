// The suite as a whole: its scenarios file, its manifest (suite.json), its README (specs/suite.md
// itself) and the folder they are written into, whole or not at all.
#include "harness/verify/suite.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include <unistd.h>

#include <fmt/format.h>

#include "io/output.h"
#include "io/record.h"
#include "io/scenario.h"

namespace hoyito {

namespace fs = std::filesystem;

std::string protocol_rules_command(const Rules& rules) {
  std::string command =
      fmt::format("rules {} {} {}", variant_name(rules.variant), rules.holes_per_row, rules.seeds_per_hole);
  const Rules defaults;
  for (const auto& info : option_table())
    if (option_value(rules, info.name) != option_value(defaults, info.name))
      command += fmt::format(" {}={}", info.name, option_value(rules, info.name));
  return command;
}

boost::json::object suite_state(const Position& position, const Result& result, int plies) {
  boost::json::object state = to_json(position);
  state["status"] = status_name(result.status);
  state["winner"] =
      result.winner == Winner::none ? boost::json::value(nullptr) : boost::json::value(winner_name(result.winner));
  state["plies"] = plies;
  return state;
}

namespace {

// The hand-derived scenarios, each file's JSON as it is (derivation included), in name order.
// Each is read by the scenario reader first, so that a broken file stops the suite.
boost::json::object scenario_file(const std::string& folder, SuiteCounts& counts) {
  std::vector<fs::path> paths;
  for (const auto& entry : fs::directory_iterator(folder))
    if (entry.path().extension() == ".json") paths.push_back(entry.path());
  std::sort(paths.begin(), paths.end());
  boost::json::array scenarios;
  for (const fs::path& path : paths) {
    load_scenario(path.string());
    boost::json::object scenario = parse_json(read_file(path.string()), path.string()).as_object();
    scenario["file"] = path.filename().string();
    scenarios.push_back(std::move(scenario));
    counts.scenarios += 1;
  }
  return {{"suite_version", kSuiteVersion}, {"kind", "scenarios"}, {"scenarios", std::move(scenarios)}};
}

boost::json::object manifest(const SuiteOptions& options, const SuiteCounts& c) {
  boost::json::object counts{{"configurations", c.configurations},
                             {"perft_positions", c.positions},
                             {"playthroughs", c.playthroughs},
                             {"plies", c.plies},
                             {"scenarios", c.scenarios},
                             {"endless_positions", c.endless},
                             {"hard_positions", c.hard}};
  boost::json::object files{
      {"perft.json", "perft counts at depths 1..depth and divide at depth 2"},
      {"playthroughs.json", "seeded random games: legal plies before and state after every ply"},
      {"scenarios.json", "the hand-derived scenarios of specs/scenarios/, with their derivations"},
      {"endless.json", "positions with an endless move, its first repeated lap and cycle length"},
      {"hard.json",
       "hard positions: long finite and endless sowings with their laps and what a lap cap does, the "
       "last seeds, passes and extra moves at the edge, captures across the row ends"}};
  return {{"suite_version", kSuiteVersion}, {"kind", "manifest"},         {"generator", options.generator},
          {"protocol_version", 1},          {"depth", options.depth},     {"seed", options.seed},
          {"files", std::move(files)},      {"counts", std::move(counts)}};
}

}  // namespace

// The document as JSON with each element of its array (the one array-valued key) on a line of
// its own: still one JSON value, but a diff or a grep shows one entry a line.
std::string json_text(const boost::json::object& document) {
  std::string text = "{";
  for (const auto& [key, value] : document) {
    text += fmt::format("{}{}:", text.size() > 1 ? "," : "", boost::json::serialize(boost::json::string(key)));
    if (!value.is_array()) {
      text += boost::json::serialize(value);
      continue;
    }
    text += "[";
    for (const auto& element : value.as_array())
      text += fmt::format("{}\n{}", &element == value.as_array().begin() ? "" : ",", boost::json::serialize(element));
    text += "\n]";
  }
  return text + "}\n";
}

Suite build_suite(const SuiteOptions& options) {
  Suite suite;
  const fs::path specs = options.specs_folder;
  suite.files.emplace_back("README.md", read_file((specs / "suite.md").string()));
  suite.files.emplace_back("perft.json", json_text(perft_tables(options, suite.counts)));
  suite.files.emplace_back("playthroughs.json", json_text(playthroughs(options, suite.counts)));
  suite.files.emplace_back("scenarios.json", json_text(scenario_file((specs / "scenarios").string(), suite.counts)));
  suite.files.emplace_back("endless.json", json_text(endless_positions(options, suite.counts)));
  suite.files.emplace_back("hard.json", json_text(hard_positions_file(options, suite.counts)));
  suite.files.emplace_back("suite.json", json_text(manifest(options, suite.counts)));
  return suite;
}

void write_suite(const Suite& suite, const std::string& out, bool force) {
  write_command_folder(out, "suite", force, [&](const std::string& folder) {
    std::vector<std::string> names;
    for (const auto& [name, text] : suite.files) {
      write_file_in_temporary_folder((fs::path(folder) / name).string(), text);
      names.push_back(name);
    }
    return names;
  });
}

}  // namespace hoyito
