// `hoyito rules`, `random`, `apply`, `replay` and `show`.
#include <filesystem>
#include <fstream>
#include <iostream>
// GCC 12 warns of maybe-uninitialized std::function members inside <regex> under the
// sanitizers (a false positive in the library header, not in our code).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <regex>
#pragma GCC diagnostic pop
#include <sstream>

#include <fmt/format.h>

#include "cli/commands.h"
#include "core/record.h"
#include "harness/differential.h"
#include "harness/notation.h"
#include "harness/play.h"
#include "rules_md.h"

namespace hoyito {

namespace json = boost::json;

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

void write_records(std::ostream& out, const Rules& rules, const RandomArgs& args) {
  for (int i = 0; i < args.games; ++i) out << to_json_line(random_game(rules, args.seed, static_cast<std::uint64_t>(i))) << "\n";
}

Position read_position(const std::string& text_or_file, const Rules& rules) {
  std::string text = text_or_file;
  std::string where = "--position";
  if (text.find('{') == std::string::npos) {
    where = text_or_file;
    text = read_file(text_or_file);
  }
  return position_from_json(parse_json(text, where), rules, where);
}

}  // namespace

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

int command_random(const RulesArgs& rules_args, const RandomArgs& args) {
  const Rules rules = make_rules(rules_args);
  if (args.games < 0) throw InputError(fmt::format("--games: {} is negative", args.games));
  if (args.out.empty()) {
    write_records(std::cout, rules, args);
    return 0;
  }
  std::ofstream out(args.out);
  if (!out) throw InputError(fmt::format("--out {}: cannot write the file", args.out));
  write_records(out, rules, args);
  return 0;
}

int command_apply(const RulesArgs& rules_args, const ApplyArgs& args) {
  const Rules rules = make_rules(rules_args);
  const Position start = args.position.empty() ? start_position(rules) : read_position(args.position, rules);
  // The compact notation (specs/notation.md): letters, `*` after a capturing move, `pass`.
  std::cout << json::serialize(to_json(play_notation(rules, start, args.moves))) << "\n";
  return 0;
}

int command_replay(const std::string& file) {
  int count = 0;
  int exit_code = 0;
  for_each_json_document(file, [&](const JsonDocument& doc) {
    // A disagreement transcript (hoyito verify, exhaustive): replay it on model and engine.
    if (const auto* o = doc.value.if_object(); o && o->contains("format") && o->at("format") == "hoyito-disagreement/1") {
      std::string report;
      const bool reproduced = replay_disagreement(doc.value, doc.where, report);
      std::cout << report;
      if (reproduced) exit_code = 1;
      ++count;
      return exit_code == 0;
    }
    const GameRecord record = game_from_json(doc.value, doc.where);  // malformed: InputError, exit 2
    try {
      replay_record(record, doc.where);
    } catch (const InputError& e) {  // well-formed but not what the rules give: exit 1
      std::cout << "INVALID " << e.what() << "\n";
      exit_code = 1;
      return false;
    }
    ++count;
    std::cout << fmt::format("{}: valid, {} 2x{}, {} plies, {}, captured {}-{}, winner {}\n", doc.where,
                             variant_name(record.rules.variant), record.rules.holes_per_row, record.plies.size(),
                             status_name(record.result.status), record.result.captured[0], record.result.captured[1],
                             outcome_name(record.result.winner));
    return true;
  });
  if (exit_code == 0) std::cout << fmt::format("{} record(s) valid\n", count);
  return exit_code;
}

std::string board_text(const Position& p, int n) {
  std::string top = "        ", north = "North  ", south = "South  ", bottom = "        ";
  for (int k = n - 1; k >= 0; --k) {
    top += fmt::format("{:>3} ", hole_name(n + k, n));
    north += fmt::format("[{:>2}]", p.board[static_cast<size_t>(n + k)]);
  }
  for (int k = 0; k < n; ++k) {
    south += fmt::format("[{:>2}]", p.board[static_cast<size_t>(k)]);
    bottom += fmt::format("{:>3} ", hole_name(k, n));
  }
  return fmt::format("{}\n{}   captured {}\n{}   captured {}\n{}\n{} to move\n", top, north, p.captured[kNorth], south,
                     p.captured[kSouth], bottom, player_name(p.to_move));
}

int command_show(const std::string& file, int ply, int which) {
  const auto docs = read_json_documents(file);
  if (which < 1 || which > static_cast<int>(docs.size()))
    throw InputError(fmt::format("--record {}: {} holds {} record(s)", which, file, docs.size()));
  const auto& doc = docs[static_cast<size_t>(which - 1)];
  const GameRecord record = game_from_json(doc.value, doc.where);
  const int plies = static_cast<int>(record.plies.size());
  if (ply == -1) ply = plies;
  if (ply < 0 || ply > plies) throw InputError(fmt::format("--ply {}: {} has plies 0..{}", ply, doc.where, plies));
  const int n = record.rules.holes_per_row;
  if (ply == 0) {
    std::cout << fmt::format("{} 2x{}, start\n", variant_name(record.rules.variant), n);
    std::cout << board_text(record.start, n);
    return 0;
  }
  const Ply& p = record.plies[static_cast<size_t>(ply - 1)];
  std::cout << fmt::format("{} 2x{}, after ply {} ({} {})\n", variant_name(record.rules.variant), n, ply,
                           player_name(p.player), move_text(p.hole, n));
  for (const Event& e : p.events) std::cout << "  " << describe(e, n) << "\n";
  std::cout << board_text(p.after, n);
  if (ply == plies && record.result.status != Status::playing)
    std::cout << fmt::format("result: {}, captured {}-{}, winner {}\n", status_name(record.result.status),
                             record.result.captured[0], record.result.captured[1], outcome_name(record.result.winner));
  return 0;
}

}  // namespace hoyito
