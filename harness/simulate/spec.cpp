// What is run: shards, sweeps, the run's rules per sweep value and its tables (`hoyito simulate`).
#include <algorithm>
#include <charconv>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "harness/simulate/simulate.h"

namespace hoyito {

namespace {

std::optional<std::uint64_t> whole_number(std::string_view text) {
  std::uint64_t v = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (error != std::errc{} || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return v;
}

// The options a sweep may vary: those with more than one value that change how games go
// (G1, G2, G6, G7, G8, G9, G14, G15) and the ply limit (G7).
constexpr std::array<std::string_view, 9> kSweepable = {"skip_origin",   "capture_sides", "endless_sowing",
                                                        "endless_game",  "ply_limit",     "drawn_previous_last_four",
                                                        "match_starter", "no_seeds",      "later_rounds_last_four"};

}  // namespace

Shard parse_shard(std::string_view text) {
  const auto slash = text.find('/');
  const auto k = whole_number(text.substr(0, slash));
  const auto m = slash == std::string_view::npos ? std::nullopt : whole_number(text.substr(slash + 1));
  if (!k || !m || *k < 1 || *k > *m || *m > 1'000'000)
    throw InputError(fmt::format("'{}': expected K/M with 1 <= K <= M <= 1000000, e.g. 2/4", text));
  return {static_cast<int>(*k), static_cast<int>(*m)};
}

Sweep parse_sweep(std::string_view text, const Rules& rules) {
  const auto eq = text.find('=');
  if (eq == std::string_view::npos)
    throw InputError(fmt::format("'{}': expected NAME=V1,V2,... (e.g. skip_origin=false,true)", text));
  Sweep sweep{std::string(text.substr(0, eq)), {}};
  if (std::find(kSweepable.begin(), kSweepable.end(), sweep.option) == kSweepable.end()) {
    std::string names;
    for (auto n : kSweepable) names += fmt::format("{}{}", names.empty() ? "" : ", ", n);
    throw InputError(fmt::format("'{}': option '{}' cannot be swept (one of: {})", text, sweep.option, names));
  }
  std::string_view rest = text.substr(eq + 1);
  while (true) {
    const auto comma = rest.find(',');
    const std::string value(rest.substr(0, comma));
    Rules probe = rules;
    try {
      set_option(probe, sweep.option, value);
      validate(probe);
    } catch (const InputError& e) {
      throw InputError(fmt::format("'{}': {}", text, e.what()));
    }
    if (std::find(sweep.values.begin(), sweep.values.end(), value) != sweep.values.end())
      throw InputError(fmt::format("'{}': value '{}' is given twice", text, value));
    sweep.values.push_back(value);
    if (sweep.values.size() > kMostSweepValues)  // memory: 5,000 values took 613 MB
      throw InputError(
          fmt::format("'{}...': more than {} values; each value keeps its own statistics on every thread, "
                      "so memory grows with them: sweep at most {} values a run",
                      text.substr(0, std::min<std::size_t>(text.size(), 60)), kMostSweepValues, kMostSweepValues));
    if (comma == std::string_view::npos) break;
    rest = rest.substr(comma + 1);
  }
  if (sweep.values.size() < 2) throw InputError(fmt::format("'{}': give at least two values", text));
  return sweep;
}

std::vector<Rules> SimulationSpec::rules_per_value() const {
  if (!sweep) return {rules};
  std::vector<Rules> out;
  for (const std::string& value : sweep->values) {
    Rules r = rules;
    set_option(r, sweep->option, value);
    out.push_back(r);
  }
  return out;
}

void load_skill_tables(SimulationSpec& spec) {
  for (const PlayerSpec& p : spec.players)
    if (spec.tables.empty() && p.kind == PlayerSpec::Kind::perfect) spec.tables = p.tables;
  if (spec.tables.empty()) return;
  for (const PlayerSpec& p : spec.players)
    if (p.kind == PlayerSpec::Kind::perfect && p.tables == spec.tables && p.table_set) spec.table_set = p.table_set;
  if (!spec.table_set) spec.table_set = std::make_shared<const TableSet>(spec.tables);
}

void check_run_tables(SimulationSpec& spec) {
  std::vector<const TableSet*> sets;
  if (spec.table_set) sets.push_back(spec.table_set.get());
  for (const PlayerSpec& p : spec.players)
    if (p.table_set) sets.push_back(p.table_set.get());
  spec.table_files.clear();
  for (const TableSet* set : sets) {
    for (const Rules& rules : spec.rules_per_value()) set->require_rules(rules);
    for (const std::string& id : set->identities()) spec.table_files.push_back(id);
  }
  std::sort(spec.table_files.begin(), spec.table_files.end());
  spec.table_files.erase(std::unique(spec.table_files.begin(), spec.table_files.end()), spec.table_files.end());
}

// Whether the rules can give the run what its options ask (MATCH-1, MATCH-2, G8, G9, G15).
void check_rules_of_run(const SimulationSpec& spec) {
  const std::string sweep_text =
      spec.sweep ? fmt::format("{}={}", spec.sweep->option, fmt::join(spec.sweep->values, ",")) : std::string();
  if (spec.match_rounds > 0 && spec.rules.variant != Variant::hoyito3)
    throw InputError(
        fmt::format("--match: matches are Hoyito III's (MATCH-1); --variant is {}", variant_name(spec.rules.variant)));
  if (spec.match_rounds > 0 && (spec.rules.round != 1 || spec.rules.previous_winner != Winner::none))
    throw InputError("--match plays rounds 1 to ROUNDS itself: leave out --round and --previous-winner");
  // A sweep of an option that cannot act on these games would report differences of exactly 0.
  if (spec.sweep && spec.sweep->option == "match_starter" && spec.match_rounds < 2)
    throw InputError(
        fmt::format("--sweep {}: match_starter decides who starts games 2 and later of a match (MATCH-2, G9): "
                    "add --match ROUNDS (at least 2)",
                    sweep_text));
  if (spec.sweep && spec.sweep->option == "drawn_previous_last_four" && spec.match_rounds < 3 &&
      !(spec.rules.round >= 3 && spec.rules.previous_winner == Winner::draw))
    throw InputError(
        fmt::format("--sweep {}: drawn_previous_last_four acts in round 3 and later of a Hoyito III match, after "
                    "a drawn game (END-III-4, G8): add --match ROUNDS (at least 3)",
                    sweep_text));
  if (spec.sweep && spec.sweep->option == "later_rounds_last_four" && spec.match_rounds < 3 &&
      !(spec.rules.round >= 3 && is_player(spec.rules.previous_winner)))
    throw InputError(
        fmt::format("--sweep {}: later_rounds_last_four acts in round 3 and later of a Hoyito III match, after "
                    "a won game (END-III-3, G15): add --match ROUNDS (at least 3)",
                    sweep_text));
}

std::uint64_t SimulationSpec::deals_in_shard() const {
  const auto m = static_cast<std::uint64_t>(shard.count), k = static_cast<std::uint64_t>(shard.index - 1);
  return games > k ? (games - k + m - 1) / m : 0;
}

}  // namespace hoyito
