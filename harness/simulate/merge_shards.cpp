// `hoyito merge`: the shards of a run, checked and combined into the whole run's JSON.
#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "harness/simulate/merge_checks.h"
#include "harness/simulate/simulate.h"
#include "io/record.h"

namespace hoyito {

namespace json = boost::json;

namespace {

struct ShardFile {
  std::string file;
  json::object doc;
  Shard shard;
};

// Rebuilds what was run from "run" (the merged document is written by the same code as a run's).
SimulationSpec spec_from_json(const json::object& doc, const std::string& where) {
  SimulationSpec spec;
  const auto* run = required_field(doc, "run", where).if_object();
  if (!run) throw InputError(fmt::format("{}: run: expected an object", where));
  const auto at = [&](const char* name) { return fmt::format("{}: run.{}", where, name); };
  try {
    spec.rules = rules_from_json(required_field(*run, "rules", where + ": run"), where + ": run.rules");
    const auto& players = required_field(*run, "players", where + ": run").as_array();
    if (players.size() != 2) throw InputError(fmt::format("{}: expected two players", at("players")));
    for (std::size_t k = 0; k < 2; ++k) spec.players[k] = parse_player_spec(players[k].as_string());
    spec.paired = required_field(*run, "paired", where + ": run").as_bool();
    spec.seed = required_field(*run, "seed", where + ": run").to_number<std::uint64_t>();
    spec.games = required_field(*run, "games", where + ": run").to_number<std::uint64_t>();
    spec.match_rounds = required_field(*run, "match_rounds", where + ": run").to_number<int>();
    spec.detail_every = required_field(*run, "detail_every", where + ": run").to_number<int>();
    if (run->contains("tables")) spec.tables = std::string(run->at("tables").as_string());
    if (run->contains("table_files"))
      for (const auto& id : run->at("table_files").as_array()) spec.table_files.emplace_back(id.as_string());
    const auto& sweep = required_field(*run, "sweep", where + ": run");
    if (!sweep.is_null()) {
      Sweep s{std::string(sweep.at("option").as_string()), {}};
      for (const auto& v : sweep.at("values").as_array()) s.values.emplace_back(v.as_string());
      spec.sweep = s;
    }
    spec.version = std::string(required_field(doc, "version", where).as_string());
    spec.commit = std::string(required_field(doc, "commit", where).as_string());
  } catch (const std::exception& e) {
    if (dynamic_cast<const InputError*>(&e)) throw;
    throw InputError(fmt::format("{}: run: {}", where, e.what()));
  }
  return spec;
}

ShardFile read_shard(const std::string& file) {
  // A shard is simulate's own result, not a record: its own bound (a --sweep of many values
  // writes more than one record's 12 MB).
  const json::value v = parse_json(read_file(file, "simulate result", kMostShardBytes), file);
  const auto* doc = v.if_object();
  if (!doc || !doc->contains("format") || doc->at("format") != kSimulationFormat)
    throw InputError(fmt::format("{}: format: expected \"{}\"", file, kSimulationFormat));
  check_top_level_fields(*doc, file);
  ShardFile s{file, *doc, {}};
  const auto& run = required_field(*doc, "run", file);
  if (!run.is_object()) throw InputError(fmt::format("{}: run: expected an object", file));
  if (!run.as_object().contains("shard")) {
    s.shard = {1, 1};  // a whole run: the one shard of itself
    return s;
  }
  try {
    const auto& shard = run.as_object().at("shard").as_object();
    s.shard = {shard.at("index").to_number<int>(), shard.at("count").to_number<int>()};
  } catch (const std::exception&) {
    throw InputError(fmt::format("{}: run.shard: expected {{\"index\": K, \"count\": M}}", file));
  }
  return s;
}

// The first field by which `b` differs from `a` (both the "run" of a shard, shard taken out).
std::string first_differing_run_field(const json::object& a, const json::object& b) {
  for (const auto& [key, value] : a)
    if (key != "shard" && (!b.contains(key) || b.at(key) != value)) return std::string(key);
  for (const auto& [key, value] : b)
    if (key != "shard" && !a.contains(key)) return std::string(key);
  return {};
}

}  // namespace

std::string merge_simulations(const std::vector<std::string>& files) {
  if (files.empty()) throw InputError("merge: no files given");
  std::vector<ShardFile> shards;
  for (const auto& f : files) shards.push_back(read_shard(f));
  const ShardFile& first = shards.front();
  std::map<int, std::string> seen;
  for (const ShardFile& s : shards) {
    for (const char* field : {"version", "commit"})
      if (required_field(s.doc, field, s.file) != required_field(first.doc, field, first.file))
        throw InputError(fmt::format("merge: {}: {} is {}, {} has {}", s.file, field, json::serialize(s.doc.at(field)),
                                     first.file, json::serialize(first.doc.at(field))));
    const std::string diff = first_differing_run_field(first.doc.at("run").as_object(), s.doc.at("run").as_object());
    if (!diff.empty()) {
      const auto show = [&](const ShardFile& f) {
        const auto& run = f.doc.at("run").as_object();
        return run.contains(diff) ? json::serialize(run.at(diff)) : std::string("(none)");
      };
      throw InputError(fmt::format("merge: {}: run.{} is {}, {} has {} (shards of different runs)", s.file, diff,
                                   show(s), first.file, show(first)));
    }
    if (s.shard.count != first.shard.count)
      throw InputError(fmt::format("merge: {}: shard {}/{}, {} is a shard of {}", s.file, s.shard.index, s.shard.count,
                                   first.file, first.shard.count));
    if (s.shard.index < 1 || s.shard.index > s.shard.count)
      throw InputError(fmt::format("merge: {}: shard {}/{} does not exist", s.file, s.shard.index, s.shard.count));
    if (auto it = seen.find(s.shard.index); it != seen.end())
      throw InputError(
          fmt::format("merge: shard {}/{} given twice ({}, {})", s.shard.index, s.shard.count, it->second, s.file));
    seen[s.shard.index] = s.file;
  }
  for (int k = 1; k <= first.shard.count; ++k)
    if (!seen.count(k))
      throw InputError(fmt::format("merge: shard {}/{} missing (given: {} of {})", k, first.shard.count, seen.size(),
                                   first.shard.count));

  SimulationSpec spec = spec_from_json(first.doc, first.file);
  const std::vector<Rules> rules = spec.rules_per_value();
  std::vector<Statistics> merged;
  for (const Rules& r : rules) merged.emplace_back(r, spec.match_rounds, spec.measures_skill());
  for (const ShardFile& s : shards) {
    const auto* results = required_field(s.doc, "results", s.file).if_array();
    if (!results || results->size() != rules.size())
      throw InputError(fmt::format("{}: results: expected {} entries", s.file, rules.size()));
    for (std::size_t v = 0; v < rules.size(); ++v) {
      const std::string where = fmt::format("{}: results[{}].statistics", s.file, v);
      const auto* entry = (*results)[v].if_object();
      const auto* stats =
          entry ? required_field(*entry, "statistics", fmt::format("{}: results[{}]", s.file, v)).if_object() : nullptr;
      if (!stats) throw InputError(fmt::format("{}: expected an object", where));
      const Statistics counted = Statistics::from_counts_json(
          rules[v], spec.match_rounds, required_field(*stats, "counts", where), where,
          Statistics::kMostCount / static_cast<std::uint64_t>(first.shard.count),  // the sum cannot wrap around
          spec.measures_skill());
      // The games a shard plays: one a deal (two with --paired); a match's, up to its rounds.
      SimulationSpec shard = spec;
      shard.shard = s.shard;
      const std::uint64_t least =
          shard.deals_in_shard() * (spec.paired ? 2u : 1u);  // a match plays its game 1 at least
      const std::uint64_t most = least * static_cast<std::uint64_t>(std::max(1, spec.match_rounds));
      const std::uint64_t played = counted.games + counted.undecided_games;
      if (spec.match_rounds == 0 ? played != most : played > most || played < least)
        throw InputError(
            fmt::format("{}: counts.games {} and counts.undecided_games {}: {} games, but shard {}/{} of {} deals "
                        "plays {}",
                        where, counted.games, counted.undecided_games, played, s.shard.index, s.shard.count, spec.games,
                        spec.match_rounds == 0 ? fmt::to_string(most) : fmt::format("{} to {}", least, most)));
      check_count_identities(counted, rules[v], where + ".counts");
      merged[v].merge(counted);
    }
  }
  return to_text(simulation_json(spec, merged, nullptr));
}

}  // namespace hoyito
