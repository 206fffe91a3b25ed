// The JSON of a run (specs/simulation.schema.json).
#include "harness/simulate/simulate.h"
#include "io/record.h"

namespace hoyito {

namespace json = boost::json;

namespace {

json::object run_json(const SimulationSpec& spec) {
  json::array players;
  for (const auto& p : spec.players) players.push_back(json::string(p.name()));
  json::object run{{"rules", to_json(spec.rules)},
                   {"players", players},
                   {"paired", spec.paired},
                   {"seed", spec.seed},
                   {"games", spec.games},
                   {"match_rounds", spec.match_rounds},
                   {"detail_every", spec.detail_every}};
  if (spec.sweep) {
    json::array values;
    for (const auto& v : spec.sweep->values) values.push_back(json::string(v));
    run["sweep"] = json::object{{"option", spec.sweep->option}, {"values", values}};
  } else {
    run["sweep"] = nullptr;
  }
  if (spec.measures_skill()) run["tables"] = spec.tables;  // the skill statistics' tables (--tables)
  if (!spec.table_files.empty()) {                         // which tables exactly: shards of other tables do not merge
    json::array files;
    for (const std::string& id : spec.table_files) files.push_back(json::string(id));
    run["table_files"] = files;
  }
  // Only a shard names its place: the merged whole is written as one run is.
  if (spec.shard.count > 1) run["shard"] = json::object{{"index", spec.shard.index}, {"count", spec.shard.count}};
  return run;
}

// The rates compared across sweep values: each against the first value, with Newcombe's interval.
json::array differences_json(const std::vector<Difference>& differences) {
  json::array out;
  for (const Difference& d : differences) {
    json::object row{{"value", d.value}, {"against", d.against}};
    for (std::size_t o = 0; o < kOutcomes; ++o)
      row[kOutcomeNames[o]] =
          json::object{{"difference", d.differences[o]}, {"low", d.intervals[o].low}, {"high", d.intervals[o].high}};
    row["mean_length"] = json::object{{"difference", d.mean_length}};
    out.push_back(row);
  }
  return out;
}

}  // namespace

json::object simulation_json(const SimulationReport& report, const json::value* timing) {
  const SimulationSpec& spec = *report.spec;
  json::array results;
  for (std::size_t v = 0; v < report.summaries.size(); ++v) {
    json::object r;
    r["value"] = spec.sweep ? json::value(json::string(spec.sweep->values[v])) : json::value(nullptr);
    r["statistics"] =
        json::object{{"counts", report.statistics[v].counts_json()}, {"summary", to_json(report.summaries[v])}};
    results.push_back(r);
  }
  json::object out{{"format", kSimulationFormat}, {"version", spec.version},
                   {"commit", spec.commit},       {"run", run_json(spec)},
                   {"results", results},          {"differences", differences_json(report.differences)}};
  if (timing) out["timing"] = *timing;
  return out;
}

json::object simulation_json(const SimulationSpec& spec, const std::vector<Statistics>& per_value,
                             const json::value* timing) {
  return simulation_json(make_report(spec, per_value), timing);
}

std::string to_text(const json::value& v) { return json::serialize(v) + "\n"; }

}  // namespace hoyito
