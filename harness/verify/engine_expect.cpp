#include "harness/verify/engine_expect.h"

#include <fstream>

#include <fmt/format.h>

#include "io/output.h"

namespace hoyito {

namespace {

std::string trimmed(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

}  // namespace

std::map<std::string, std::string> read_expect_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError(fmt::format("--expect {}: cannot read it", path));
  std::map<std::string, std::string> classes;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const std::string text = trimmed(line.substr(0, line.find('#')));
    if (text.empty()) continue;
    const auto space = text.find_first_of(" \t");
    const std::string id = text.substr(0, space);
    const std::string reason = space == std::string::npos ? "" : trimmed(text.substr(space));
    if (id.find('/') == std::string::npos)
      throw InputError(
          fmt::format("{}:{}: '{}' is no class id (SHAPE/RULES, as verify --engine prints them)", path, number, id));
    if (reason.empty())
      throw InputError(fmt::format("{}:{}: class {} has no reason (CLASS-ID REASON)", path, number, id));
    if (!classes.emplace(id, reason).second)
      throw InputError(fmt::format("{}:{}: class {} is named twice", path, number, id));
  }
  if (in.bad()) throw InputError(fmt::format("--expect {}: cannot read it", path));
  return classes;
}

void write_expect_file(const std::string& path, const std::vector<DisagreementClass>& classes,
                       const std::string& engine) {
  std::string text = fmt::format(
      "# Known differences of {} (hoyito verify --engine --expect): one class a line, its id then\n"
      "# the reason. Written by --write-expect with each class's words as its reason: say why instead.\n",
      engine);
  for (const DisagreementClass& c : classes) {
    if (c.first.class_id == "other") continue;  // no id to accept: its classes are not told apart
    text += fmt::format("\n# {} disagreement(s); first in {}\n{}  {}\n", c.count,
                        c.examples.empty() ? "?" : c.examples.front().where, c.first.class_id,
                        c.known.value_or(c.first.words));
  }
  write_whole_file(path, text);
}

}  // namespace hoyito
