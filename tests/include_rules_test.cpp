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
    return r;
  }();
  return rules;
}

// The layer of a path relative to the source folder ("harness/verify/x.h" -> "harness/verify",
// "io/record.h" -> "io"); "" when it is no layer of the project (a system or generated header).
std::string layer_of(const std::string& path) {
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

// Every project include of every C++ file below the layer folders (harness/ whole).
std::vector<Include> project_includes(std::vector<std::string>& files) {
  const fs::path root(HOYITO_SOURCE_DIR);
  const std::regex include(R"(^\s*#\s*include\s*[<"]([^>"]+)[>"])");
  std::vector<Include> out;
  for (const char* folder : {"core", "io", "model", "engine", "harness", "cli"}) {
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
  for (const auto& file : files)
    EXPECT_TRUE(allowed().contains(layer_of(file)))
        << file << ": its folder has no include rules (harness/ holds only base, games, verify, simulate, "
        << "annotate, solve and bench; a new folder gets its rules in tests/include_rules_test.cpp)";
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
  for (const auto& [layer, may] : r) {
    if (layer != "cli") {
      EXPECT_FALSE(may.contains("cli")) << layer;
    }
  }
}

}  // namespace
