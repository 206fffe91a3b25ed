// `hoyito rules`, and the rules options of every command that plays.
#include <algorithm>
#include <iostream>
#include <memory>
// GCC 12 warns of maybe-uninitialized std::function members inside <regex> under the
// sanitizers (a false positive in the library header, not in our code).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <regex>
#pragma GCC diagnostic pop
#include <sstream>

#include <fmt/format.h>
#include <boost/json.hpp>

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
      ->check(whole_number_in(1, 10));  // the bounds of validate() (core/rules.cpp), shown in --help
  cmd.add_option("--round", args.round, "Hoyito III match round (MATCH-1)")
      ->default_val(1)
      ->check(whole_number_in(1, 1000000));
  cmd.add_option("--previous-winner", args.previous_winner, "Hoyito III: south, north or draw");
  cmd.add_option("--option", args.options, "a rules option NAME=VALUE (repeatable; see `hoyito rules`)");
}

// The Hoyito III flags in the words of the command line: validate()'s messages speak of a
// record's fields ("use null"), which no flag takes (MATCH-1, END-III-3).
static void check_round_flags(const Rules& rules) {
  const bool three = rules.variant == Variant::hoyito3;
  if (!three && rules.round != 1)
    throw InputError(
        fmt::format("--round {}: only hoyito3 has rounds: leave --round out, or give --variant hoyito3", rules.round));
  if (!three && rules.previous_winner != Winner::none)
    throw InputError(
        "--previous-winner: only hoyito3 has a previous game: leave --previous-winner out, or give --variant hoyito3");
  if (three && rules.round >= 3 && rules.previous_winner == Winner::none)
    throw InputError(
        fmt::format("--round {}: round 3 and later of hoyito3 need the previous game's winner: add "
                    "--previous-winner south, north or draw",
                    rules.round));
}

std::string rules_flags(const RulesArgs& args) {
  std::string flags = fmt::format(" --variant {} --holes {}", args.variant, args.holes);
  if (args.seeds_per_hole != 4) flags += fmt::format(" --seeds-per-hole {}", args.seeds_per_hole);
  if (args.round != 1) flags += fmt::format(" --round {}", args.round);
  if (!args.previous_winner.empty()) flags += fmt::format(" --previous-winner {}", args.previous_winner);
  for (const std::string& option : args.options) flags += fmt::format(" --option {}", option);
  return flags;
}

Rules rules_from_args(const RulesArgs& args) {
  Rules rules;
  rules.variant = parse_variant(args.variant);
  rules.holes_per_row = args.holes;
  rules.seeds_per_hole = args.seeds_per_hole;
  rules.round = args.round;
  if (!args.previous_winner.empty()) {
    try {
      rules.previous_winner = parse_winner(args.previous_winner);
    } catch (const InputError& e) {
      throw InputError(fmt::format("--previous-winner: {}", e.what()));
    }
  }
  for (std::size_t i = 0; i < args.options.size(); ++i) {
    const std::string& option = args.options[i];
    const auto eq = option.find('=');
    if (eq == std::string::npos) throw InputError(fmt::format("--option '{}': expected NAME=VALUE", option));
    for (std::size_t j = 0; j < i; ++j)  // the same option twice: which one was meant?
      if (args.options[j].substr(0, args.options[j].find('=')) == option.substr(0, eq))
        throw InputError(
            fmt::format("--option {}: {} is already set (--option {})", option, option.substr(0, eq), args.options[j]));
    set_option(rules, option.substr(0, eq), option.substr(eq + 1));
  }
  check_round_flags(rules);
  try {
    validate(rules);
  } catch (const InputError& e) {
    throw InputError(fmt::format("{} (--holes, --seeds-per-hole, --round, --previous-winner)", e.what()));
  }
  return rules;
}

namespace {

struct RuleText {
  std::string id, text;  // the whole rule, its source citations included, as plain text
};

// The bullets "- **ID** text" of a specs page whose ID matches `id_pattern`, the text going on
// over the indented lines below it; emphasis and code marks are dropped.
std::vector<RuleText> bullets_from_markdown(std::string_view markdown, const std::string& id_pattern) {
  std::vector<RuleText> out;
  std::istringstream in{std::string(markdown)};
  std::string line;
  const std::regex bullet("^- \\*\\*(" + id_pattern + ")\\*\\* (.*)$");
  const std::regex continuation(R"(^ {2,}(\S.*)$)");
  std::smatch m;
  bool in_rule = false;
  const auto append = [&](const std::string& text) {
    std::string& whole = out.back().text;
    if (!whole.empty()) whole += ' ';
    for (char c : text)
      if (c != '*' && c != '`') whole += c;
  };
  while (std::getline(in, line)) {
    if (std::regex_match(line, m, bullet)) {
      out.push_back({m[1], ""});
      append(m[m.size() - 1]);
      in_rule = true;
    } else if (in_rule && std::regex_match(line, m, continuation)) {
      const std::string text = m[1];
      append(text.rfind("- ", 0) == 0 ? text.substr(2) : text);  // a rule's "  - *Notes:* ..." item
    } else {
      in_rule = false;
    }
  }
  return out;
}

// The rules of specs/rules.md (BRD-1, CAP-II-2, ...).
std::vector<RuleText> rules_from_markdown() { return bullets_from_markdown(kRulesMarkdown, "[A-Z]+(-[IV]+)?-[0-9]+"); }

// The further readings of specs/open-questions.md (Q-END, Q-LIMIT, ...).
std::vector<RuleText> readings_from_markdown() { return bullets_from_markdown(kOpenQuestionsMarkdown, "Q-[A-Z0-9]+"); }

// Characters (UTF-8 code points, not bytes) in `s`: the Cyrillic citations wrap by what is seen.
std::size_t shown_width(const std::string& s) {
  return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

// `text` in lines of at most `width` characters, every line after the first indented by `indent`.
std::string wrapped(const std::string& text, std::size_t width, std::size_t indent) {
  std::istringstream words(text);
  std::string out, line, word;
  while (words >> word) {
    if (!line.empty() && shown_width(line) + 1 + shown_width(word) > width) {
      out += line + "\n" + std::string(indent, ' ');
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  return out + line;
}

std::string join_values(const OptionInfo& info) {
  std::string s;
  for (auto v : info.values) s += fmt::format("{}{}", s.empty() ? "" : ", ", v);
  return s;
}

constexpr std::size_t kRuleColumn = 13;  // where a rule's text starts on its line
constexpr std::size_t kLineWidth = 100;

// `hoyito rules NAME` for an open question (G1), an option's name (skip_origin) or a further
// reading (Q-LIMIT): the option's values and summary, and the reading's text where there is one.
bool print_question(const std::string& name) {
  const auto& table = option_table();
  const auto option = std::find_if(table.begin(), table.end(),
                                   [&](const OptionInfo& o) { return o.question == name || o.name == name; });
  const auto readings = readings_from_markdown();
  const std::string reading_id = option != table.end() ? std::string(option->question) : name;
  const auto reading =
      std::find_if(readings.begin(), readings.end(), [&](const RuleText& r) { return r.id == reading_id; });
  if (option == table.end() && reading == readings.end()) return false;
  if (option != table.end())
    std::cout << fmt::format("{} {}: {} (default {}; rules {})\n{}\n", option->question, option->name,
                             join_values(*option), option->values.front(), option->rule_ids,
                             wrapped(std::string(option->summary), kLineWidth, 0));
  if (reading != readings.end())
    std::cout << fmt::format("{}\n{}\n", reading->id, wrapped(reading->text, kLineWidth, 0));
  return true;
}

void print_rules_json(const std::vector<RuleText>& rules, bool with_options) {
  json::array rule_array, option_array;
  for (const auto& r : rules) rule_array.push_back(json::object{{"id", r.id}, {"text", r.text}});
  for (const auto& o : option_table()) {
    json::array values;
    for (auto v : o.values) values.push_back(json::string(v));
    option_array.push_back(json::object{{"question", o.question},
                                        {"name", o.name},
                                        {"values", values},
                                        {"default", o.values.front()},
                                        {"rules", o.rule_ids},
                                        {"summary", o.summary}});
  }
  json::object all{{"rules", rule_array}};
  if (with_options) all["options"] = option_array;
  std::cout << json::serialize(all) << "\n";
}

void print_all_rules(const std::vector<RuleText>& rules) {
  std::cout << fmt::format("Rules ({} IDs, from specs/rules.md)\n", rules.size());
  for (const auto& r : rules)
    std::cout << fmt::format("  {:<10} {}\n", r.id, wrapped(r.text, kLineWidth - kRuleColumn, kRuleColumn));
  std::cout << "\nOptions (--option NAME=VALUE; default first)\n";
  // Two lines an option, within kLineWidth columns: its question, name and values, then what it
  // decides and its rules, wrapped (one line of all four was 238 columns wide).
  constexpr std::size_t kSummaryColumn = 10;
  for (const auto& o : option_table())
    std::cout << fmt::format(
        "  {:<7} {:<25} {}\n{}{}\n", o.question, o.name, wrapped(join_values(o), kLineWidth - 36, 36),
        std::string(kSummaryColumn, ' '),
        wrapped(fmt::format("{} [{}]", o.summary, o.rule_ids), kLineWidth - kSummaryColumn, kSummaryColumn));
  std::cout << "\nFurther readings (specs/open-questions.md; `hoyito rules Q-END` prints one)\n  ";
  for (const auto& r : readings_from_markdown()) std::cout << r.id << ' ';
  std::cout << "\n";
}

// A name given on the command line, cut so that the error line stays short.
std::string shown_name(const std::string& name) { return name.size() <= 40 ? name : name.substr(0, 37) + "..."; }

int command_rules(bool as_json, const std::string& only) {
  auto rules = rules_from_markdown();
  if (!only.empty()) {
    const auto found = std::find_if(rules.begin(), rules.end(), [&](const RuleText& r) { return r.id == only; });
    if (found == rules.end()) {
      if (!as_json && print_question(only)) return 0;
      throw InputError(
          fmt::format("rules {}: not a rule ID, open question, option name or further reading of specs/ "
                      "(`hoyito rules` lists them)",
                      shown_name(only)));
    }
    rules = {*found};
  }
  if (as_json) {
    print_rules_json(rules, only.empty());
  } else if (!only.empty()) {
    std::cout << fmt::format("{}\n{}\n", rules.front().id, wrapped(rules.front().text, kLineWidth, 0));
  } else {
    print_all_rules(rules);
  }
  return 0;
}

}  // namespace

CommandRun add_rules(CLI::App& cmd) {
  struct RulesCommandArgs {
    bool as_json = false;
    std::string id;
  };
  auto args = std::make_shared<RulesCommandArgs>();
  cmd.add_option(
      "ID", args->id,
      "print only this rule (e.g. SOW-1), open question or option (G1, skip_origin) or further reading (Q-LIMIT)");
  cmd.add_flag("--json", args->as_json, "print as JSON");
  return [args] { return command_rules(args->as_json, args->id); };
}

}  // namespace hoyito
