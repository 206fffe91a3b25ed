// The include rules of the layers (README.md "Layout"), read off the sources: every project
// include of every file must point to a layer its own layer may use. The CMake libraries link
// the same way (CMakeLists.txt hoyito_library), so a break shows here by name before it shows
// as a link error, or as a link that quietly works because another library brought it.
//
//   core             nothing else of the project
//   io               core
//   model, engine    core (model and engine never include each other: the two implementations
//                    share no code beyond core)
//   harness/base     core at most (nothing of model or engine)
//   harness/games    core, io, base, model, engine
//   harness/verify,  core, io, base, games, model, engine; never one another
//   harness/simulate,  (simulate no model header either: it plays the engine alone)
//   harness/annotate,
//   harness/solve
//   harness/bench    any of harness/ (it measures the jobs), not cli
//   cli              anything; nothing outside cli/ includes cli/
//
// And within a layer it may use, a few layers see one header alone: harness/simulate (and its
// tests) reach the engine through engine/engine.h only, never its sowing, board or config
// (only_through() below).
//
// The tests follow the same table (tests/README.md): a file of tests/<layer>/ may include what
// <layer> may, plus core, io (the scenario files) and tests/support, whose helpers see core and
// io only. So a test of tests/engine/ that includes model/ fails here, and tests/CMakeLists.txt
// must link each folder's programs to that folder's library and no other (checked below).
#include <filesystem>
#include <fstream>
#include <map>
// GCC 12 warns of maybe-uninitialized std::function members inside <regex> under the
// sanitizers (a false positive in the library header, not in our code).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <regex>
#pragma GCC diagnostic pop
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

namespace {

namespace fs = std::filesystem;

using Layers = std::set<std::string>;

// The layer folders, each with a CMake library (CMakeLists.txt hoyito_library).
const std::map<std::string, std::string>& layer_libraries() {
  static const std::map<std::string, std::string> libraries{
      {"core", "hoyito_core"},
      {"io", "hoyito_io"},
      {"model", "hoyito_model"},
      {"engine", "hoyito_engine"},
      {"harness/base", "hoyito_base"},
      {"harness/games", "hoyito_games"},
      {"harness/verify", "hoyito_verify"},
      {"harness/simulate", "hoyito_simulate"},
      {"harness/annotate", "hoyito_annotate"},
      {"harness/solve", "hoyito_solve"},
      {"harness/bench", "hoyito_bench_job"},
      {"cli", "hoyito_cli"},
  };
  return libraries;
}

std::vector<std::string> layer_folders() {
  std::vector<std::string> folders;
  for (const auto& [folder, library] : layer_libraries()) folders.push_back(folder);
  return folders;
}

const std::map<std::string, Layers>& allowed() {
  static const std::map<std::string, Layers> rules = [] {
    const Layers below_jobs{"core", "io", "harness/base", "harness/games", "model", "engine"};
    auto plus = [](Layers s, std::initializer_list<std::string> more) {
      s.insert(more);
      return s;
    };
    std::map<std::string, Layers> r;
    r["core"] = {"core"};
    r["io"] = {"core", "io"};
    r["model"] = {"core", "model"};
    r["engine"] = {"core", "engine"};
    r["harness/base"] = {"core", "harness/base"};
    r["harness/games"] = below_jobs;
    r["harness/verify"] = plus(below_jobs, {"harness/verify"});
    r["harness/annotate"] = plus(below_jobs, {"harness/annotate"});
    r["harness/solve"] = plus(below_jobs, {"harness/solve"});
    Layers simulate = plus(below_jobs, {"harness/simulate"});
    simulate.erase("model");  // simulate plays the engine alone
    r["harness/simulate"] = simulate;
    r["harness/bench"] = plus(below_jobs, {"harness/verify", "harness/simulate", "harness/annotate", "harness/bench"});
    r["cli"] = plus(r["harness/bench"], {"harness/solve", "cli"});
    // tests/<layer>: the layer's own rules, plus what every test may read.
    r["tests/support"] = {"core", "io", "tests/support"};
    for (const std::string& layer : layer_folders())
      r["tests/" + layer] = plus(r.at(layer), {"core", "io", "tests/support", "tests/" + layer});
    return r;
  }();
  return rules;
}

// Layers that may use another layer through one header alone: {user, {used layer, the header}}.
// harness/simulate plays the engine through its interface (engine/engine.h: Game, Match, the
// side helpers), never under it, so that the engine's layout can change without the statistics.
const std::map<std::string, std::map<std::string, std::string>>& only_through() {
  static const std::map<std::string, std::map<std::string, std::string>> rules{
      {"harness/simulate", {{"engine", "engine/engine.h"}}},
      {"tests/harness/simulate", {{"engine", "engine/engine.h"}}},
  };
  return rules;
}

std::string source_layer_of(const std::string& path);

// The layer of a path relative to the source folder ("harness/verify/x.h" -> "harness/verify",
// "io/record.h" -> "io", "tests/engine/x_test.cpp" -> "tests/engine", "tests/support/moves.h" ->
// "tests/support"); "tests" for a file of tests/ in no layer folder (it has no rules); "" when it
// is no layer of the project (a system or generated header).
std::string layer_of(const std::string& path) {
  if (!path.starts_with("tests/")) return source_layer_of(path);
  const std::string rest = path.substr(6);
  if (rest.starts_with("support/")) return "tests/support";
  const std::string layer = source_layer_of(rest);
  return layer.empty() || layer == "harness" ? "tests" : "tests/" + layer;
}

std::string source_layer_of(const std::string& path) {
  const auto slash = path.find('/');
  if (slash == std::string::npos) return "";
  const std::string top = path.substr(0, slash);
  if (top == "harness") {
    const auto second = path.find('/', slash + 1);
    return second == std::string::npos ? "harness" : path.substr(0, second);
  }
  for (const char* layer : {"core", "io", "model", "engine", "cli"})
    if (top == layer) return top;
  return "";
}

struct Include {
  std::string file;    // relative to the source folder
  std::string target;  // as written in the #include
};

// Every project include of every C++ file below the layer folders (harness/ whole) and tests/.
std::vector<Include> project_includes(std::vector<std::string>& files) {
  const fs::path root(HOYITO_SOURCE_DIR);
  const std::regex include(R"(^\s*#\s*include\s*[<"]([^>"]+)[>"])");
  std::vector<Include> out;
  for (const char* folder : {"core", "io", "model", "engine", "harness", "cli", "tests"}) {
    if (!fs::exists(root / folder)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(root / folder)) {
      const std::string ext = entry.path().extension().string();
      if (!entry.is_regular_file() || (ext != ".h" && ext != ".cpp" && ext != ".in")) continue;
      const std::string file = fs::relative(entry.path(), root).generic_string();
      files.push_back(file);
      std::ifstream in(entry.path());
      std::smatch m;
      for (std::string line; std::getline(in, line);)
        if (std::regex_search(line, m, include) && !layer_of(m[1].str()).empty()) out.push_back({file, m[1].str()});
    }
  }
  return out;
}

TEST(IncludeRules, EveryFileIsInALayerWithRules) {
  std::vector<std::string> files;
  project_includes(files);
  EXPECT_GT(files.size(), 100u);
  for (const auto& file : files) {
    if (file == "tests/include_rules_test.cpp") continue;  // reads files; links no layer
    if (layer_of(file) == "tests") {
      ADD_FAILURE() << file << ": a test in no layer's folder: move it to tests/<layer>/ (the folder of the "
                    << "library it tests; tests/README.md)";
      continue;
    }
    EXPECT_TRUE(allowed().contains(layer_of(file)))
        << file << ": its folder has no include rules (harness/ holds only base, games, verify, simulate, "
        << "annotate, solve and bench; a new folder gets its rules in tests/include_rules_test.cpp)";
  }
}

TEST(IncludeRules, EveryIncludePointsToALayerItsLayerMayUse) {
  std::vector<std::string> files;
  const std::vector<Include> includes = project_includes(files);
  EXPECT_GT(includes.size(), 200u);
  for (const auto& [file, target] : includes) {
    const auto rule = allowed().find(layer_of(file));
    if (rule == allowed().end()) continue;  // reported by EveryFileIsInALayerWithRules
    if (rule->second.contains(layer_of(target))) continue;
    ADD_FAILURE() << file << " includes " << target << ": " << rule->first << " may not include " << layer_of(target);
  }
}

TEST(IncludeRules, SimulateReachesTheEngineThroughEngineHOnly) {
  std::vector<std::string> files;
  int checked = 0;
  for (const auto& [file, target] : project_includes(files)) {
    const auto user = only_through().find(layer_of(file));
    if (user == only_through().end()) continue;
    const auto used = user->second.find(layer_of(target));
    if (used == user->second.end()) continue;
    ++checked;
    EXPECT_EQ(target, used->second) << file << " includes " << target << ": " << user->first << " uses " << used->first
                                    << "/ through " << used->second << " only";
  }
  EXPECT_GT(checked, 0);  // simulate does play the engine: the rule has something to check
}

// tests/CMakeLists.txt links the programs of each tests/<layer>/ to that layer's library alone
// (hoyito_test_folder(<layer> <library>)), and every folder of tests/ holding tests has that line.
TEST(IncludeRules, EveryTestFolderLinksItsLayersLibrary) {
  std::ifstream in(fs::path(HOYITO_SOURCE_DIR) / "tests" / "CMakeLists.txt");
  const std::regex line(R"(^hoyito_test_folder\((\S+) (\S+)\))");
  std::map<std::string, std::string> linked;
  std::smatch m;
  for (std::string text; std::getline(in, text);)
    if (std::regex_search(text, m, line)) linked[m[1].str()] = m[2].str();
  EXPECT_EQ(linked, layer_libraries()) << "tests/CMakeLists.txt: one hoyito_test_folder line per layer, with its "
                                       << "own library";
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(HOYITO_SOURCE_DIR) / "tests")) {
    const std::string name = entry.path().filename().string();
    if (!entry.is_regular_file() || !name.ends_with("_test.cpp")) continue;
    const std::string folder =
        fs::relative(entry.path().parent_path(), fs::path(HOYITO_SOURCE_DIR) / "tests").generic_string();
    if (folder == ".") continue;  // reported by EveryFileIsInALayerWithRules
    EXPECT_TRUE(linked.contains(folder)) << "tests/" << folder << "/" << name << ": tests/" << folder
                                         << " is no layer's folder, so its program is not built";
  }
}

// The rules themselves, as stated: a table typed wrongly would let everything through.
TEST(IncludeRules, TheTableSaysWhatTheLayoutSays) {
  const auto& r = allowed();
  EXPECT_EQ(r.at("core"), Layers{"core"});
  EXPECT_EQ(r.at("io"), (Layers{"core", "io"}));
  EXPECT_FALSE(r.at("model").contains("engine"));
  EXPECT_FALSE(r.at("engine").contains("model"));
  EXPECT_EQ(r.at("harness/base"), (Layers{"core", "harness/base"}));
  for (const char* job : {"harness/verify", "harness/simulate", "harness/annotate", "harness/solve"})
    for (const char* other : {"harness/verify", "harness/simulate", "harness/annotate", "harness/solve"})
      EXPECT_EQ(r.at(job).contains(other), std::string(job) == other) << job << " / " << other;
  EXPECT_FALSE(r.at("harness/simulate").contains("model"));
  EXPECT_FALSE(r.at("tests/engine").contains("model"));
  EXPECT_FALSE(r.at("tests/model").contains("engine"));
  EXPECT_EQ(r.at("tests/support"), (Layers{"core", "io", "tests/support"}));
  EXPECT_FALSE(r.at("tests/harness/simulate").contains("harness/solve"));
  for (const auto& [layer, may] : r) {
    if (layer != "cli" && layer != "tests/cli") {
      EXPECT_FALSE(may.contains("cli")) << layer;
    }
  }
}

}  // namespace
