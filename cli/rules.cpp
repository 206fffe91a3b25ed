// `hoyito rules`, and the rules options of every command that plays.
#include <iostream>
#include <memory>
// GCC 12 warns of maybe-uninitialized std::function members inside <regex> under the
// sanitizers (a false positive in the library header, not in our code).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <regex>
#pragma GCC diagnostic pop
#include <sstream>

#include <boost/json.hpp>
#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/validators.h"
#include "rules_md.h"

namespace hoyito {

namespace json = boost::json;

void add_rules_options(CLI::App& cmd, RulesArgs& args) {
  cmd.add_option("--variant", args.variant, "hoyito1, hoyito2 or hoyito3")->default_val("hoyito2");
  cmd.add_option("--holes", args.holes, "holes per row: 6 or 12")->default_val(6)->check(CLI::IsMember({6, 12}));
  cmd.add_option("--seeds-per-hole", args.seeds_per_hole, "seeds per hole at the start (BRD-3)")
      ->default_val(4)
      ->check(at_least(1));
  cmd.add_option("--round", args.round, "Hoyito III match round (MATCH-1)")->default_val(1)->check(at_least(1));
  cmd.add_option("--previous-winner", args.previous_winner, "Hoyito III: south, north or draw");
  cmd.add_option("--option", args.options, "a rules option NAME=VALUE (repeatable; see `hoyito rules`)");
}

Rules make_rules(const RulesArgs& args) {
  Rules rules;
  rules.variant = parse_variant(args.variant);
  rules.holes_per_row = args.holes;
  rules.seeds_per_hole = args.seeds_per_hole;
  rules.round = args.round;
  if (!args.previous_winner.empty()) {
    try {
      rules.previous_winner = parse_outcome(args.previous_winner);
    } catch (const InputError& e) {
      throw InputError(fmt::format("--previous-winner: {}", e.what()));
    }
  }
  for (const std::string& option : args.options) {
    const auto eq = option.find('=');
    if (eq == std::string::npos)
      throw InputError(fmt::format("--option '{}': expected NAME=VALUE", option));
    set_option(rules, option.substr(0, eq), option.substr(eq + 1));
  }
  try {
    validate(rules);
  } catch (const InputError& e) {
    throw InputError(fmt::format("{} (--holes, --seeds-per-hole, --round, --previous-winner)", e.what()));
  }
  return rules;
}

namespace {

struct RuleLine {
  std::string id, summary;
};

// The rule bullets of specs/rules.md: "- **ID** text"; the summary is the text's first sentence.
std::vector<RuleLine> rules_from_markdown() {
  std::vector<RuleLine> out;
  std::istringstream in{std::string(kRulesMarkdown)};
  std::string line;
  const std::regex bullet(R"(^- \*\*([A-Z]+(-[IV]+)?-[0-9]+)\*\* (.*)$)");
  std::smatch m;
  while (std::getline(in, line)) {
    if (!std::regex_match(line, m, bullet)) continue;
    std::string text = m[3];
    std::string plain;
    for (char c : text)
      if (c != '*' && c != '`') plain += c;
    const auto stop = plain.find(". ");
    out.push_back({m[1], stop == std::string::npos ? plain : plain.substr(0, stop + 1)});
  }
  return out;
}

std::string join_values(const OptionInfo& info) {
  std::string s;
  for (auto v : info.values) s += fmt::format("{}{}", s.empty() ? "" : ", ", v);
  return s;
}

int command_rules(bool as_json) {
  const auto rules = rules_from_markdown();
  if (as_json) {
    json::array rule_array, option_array;
    for (const auto& r : rules) rule_array.push_back(json::object{{"id", r.id}, {"summary", r.summary}});
    for (const auto& o : option_table()) {
      json::array values;
      for (auto v : o.values) values.push_back(json::string(v));
      option_array.push_back(json::object{{"question", o.question}, {"name", o.name}, {"values", values},
                                          {"default", o.values.front()}, {"rules", o.rule_ids},
                                          {"summary", o.summary}});
    }
    std::cout << json::serialize(json::object{{"rules", rule_array}, {"options", option_array}}) << "\n";
    return 0;
  }
  std::cout << fmt::format("Rules ({} IDs, from specs/rules.md)\n", rules.size());
  for (const auto& r : rules) std::cout << fmt::format("  {:<10} {}\n", r.id, r.summary);
  std::cout << "\nOptions (--option NAME=VALUE; default first)\n";
  for (const auto& o : option_table())
    std::cout << fmt::format("  {:<4} {:<25} {:<28} {} [{}]\n", o.question, o.name, join_values(o), o.summary, o.rule_ids);
  return 0;
}

}  // namespace

CommandRun add_rules(CLI::App& cmd) {
  auto as_json = std::make_shared<bool>(false);
  cmd.add_flag("--json", *as_json, "print as JSON");
  return [as_json] { return command_rules(*as_json); };
}

}  // namespace hoyito
