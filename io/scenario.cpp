#include "io/scenario.h"

#include <filesystem>

namespace hoyito {

namespace json = boost::json;

namespace {

std::vector<std::string> strings(const json::value& v, const std::string& where) {
  if (!v.is_array()) throw InputError(fmt::format("{}: expected an array of strings", where));
  std::vector<std::string> out;
  for (const auto& item : v.get_array()) {
    if (!item.is_string()) throw InputError(fmt::format("{}: expected an array of strings", where));
    out.emplace_back(item.get_string());
  }
  return out;
}

std::array<int, 2> pair_of_ints(const json::value& v, const std::string& where) {
  if (!v.is_array() || v.get_array().size() != 2 || !v.get_array()[0].is_int64() || !v.get_array()[1].is_int64())
    throw InputError(fmt::format("{}: expected two whole numbers", where));
  return {static_cast<int>(v.get_array()[0].get_int64()), static_cast<int>(v.get_array()[1].get_int64())};
}

Winner winner_or_null(const json::value& v, const std::string& where) {
  if (v.is_null()) return Winner::none;
  if (!v.is_string()) throw InputError(fmt::format("{}: expected south, north, draw or null", where));
  try {
    return parse_winner(v.get_string());
  } catch (const InputError& e) {
    throw InputError(fmt::format("{}: {}", where, e.what()));
  }
}

ScenarioMatch load_match(const json::object& m, const std::string& where) {
  ScenarioMatch match;
  const json::value& games = required_field(m, "games", where);
  if (!games.is_array()) throw InputError(fmt::format("{}.games: expected an array", where));
  for (size_t i = 0; i < games.get_array().size(); ++i) {
    const std::string at = fmt::format("{}.games[{}]", where, i);
    if (!games.get_array()[i].is_object()) throw InputError(fmt::format("{}: expected an object", at));
    match.games.push_back(
        pair_of_ints(required_field(games.get_array()[i].get_object(), "captured", at), at + ".captured"));
  }
  const json::value& expect = required_field(m, "expect", where);
  if (!expect.is_object()) throw InputError(fmt::format("{}.expect: expected an object", where));
  const json::object& e = expect.get_object();
  const std::string at = where + ".expect";
  for (const auto& s : strings(required_field(e, "starters", at), at + ".starters"))
    match.starters.push_back(parse_player(s));
  const json::value& prev = required_field(e, "previous_winners", at);
  if (!prev.is_array()) throw InputError(fmt::format("{}.previous_winners: expected an array", at));
  for (const auto& p : prev.get_array()) match.previous_winners.push_back(winner_or_null(p, at + ".previous_winners"));
  match.winner = winner_or_null(required_field(e, "winner", at), at + ".winner");
  match.games_won = pair_of_ints(required_field(e, "games_won", at), at + ".games_won");
  match.seeds = pair_of_ints(required_field(e, "seeds", at), at + ".seeds");
  return match;
}

}  // namespace

std::vector<RuleId> Scenario::rules_exercised() const {
  std::vector<RuleId> ids = exercises;
  for (const auto& step : steps)
    if (step.events)
      for (const auto& e : *step.events) ids.push_back(e.rule);
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

Scenario load_scenario(const std::string& path) { return scenario_from_json(parse_json(read_file(path), path), path); }

Scenario scenario_from_json(const json::value& v, const std::string& path) {
  if (!v.is_object()) throw InputError(fmt::format("{}: expected an object", path));
  const json::object& o = v.get_object();
  Scenario s;
  s.file = path;
  const json::value& id = required_field(o, "id", path);
  if (!id.is_string()) throw InputError(fmt::format("{}.id: expected a string", path));
  s.id = std::string(id.get_string());
  if (const auto* t = o.if_contains("title"); t && t->is_string()) s.title = std::string(t->get_string());
  if (const auto* t = o.if_contains("title_es")) {
    if (!t->is_string() || t->get_string().empty())
      throw InputError(fmt::format("{}.title_es: expected a non-empty string (the title in Spanish)", path));
    s.title_es = std::string(t->get_string());
  }
  s.rules = rules_from_json(required_field(o, "rules", path), path + ".rules");
  if (const auto* ex = o.if_contains("exercises"))
    for (const auto& text : strings(*ex, path + ".exercises")) {
      try {
        s.exercises.push_back(parse_rule_id(text));
      } catch (const InputError& e) {
        throw InputError(fmt::format("{}.exercises: {}", path, e.what()));
      }
    }
  if (const auto* m = o.if_contains("match")) {
    if (!m->is_object()) throw InputError(fmt::format("{}.match: expected an object", path));
    s.match = load_match(m->get_object(), path + ".match");
    return s;
  }
  s.start = position_from_json(required_field(o, "start", path), s.rules, path + ".start");
  const json::value& steps = required_field(o, "steps", path);
  if (!steps.is_array()) throw InputError(fmt::format("{}.steps: expected an array", path));
  for (size_t i = 0; i < steps.get_array().size(); ++i) {
    const std::string at = fmt::format("{}.steps[{}]", path, i);
    if (!steps.get_array()[i].is_object()) throw InputError(fmt::format("{}: expected an object", at));
    const json::object& so = steps.get_array()[i].get_object();
    ScenarioStep step;
    const json::value& move = required_field(so, "move", at);
    if (!move.is_string()) throw InputError(fmt::format("{}.move: expected a string", at));
    step.move = std::string(move.get_string());
    if (const auto* l = so.if_contains("legal")) step.legal = strings(*l, at + ".legal");
    if (const auto* err = so.if_contains("error")) {
      if (!err->is_string()) throw InputError(fmt::format("{}.error: expected a string", at));
      step.error = std::string(err->get_string());
      if (*step.error != "illegal" && *step.error != "undecided" && *step.error != "game_over")
        throw InputError(fmt::format("{}.error: '{}' is not illegal, undecided or game_over", at, *step.error));
    }
    if (const auto* rep = so.if_contains("endless_repeat")) {
      const std::string where = at + ".endless_repeat";
      if (!rep->is_object() || !step.error || *step.error != "illegal")
        throw InputError(
            fmt::format("{}: expected an object {{\"lap\": L, \"repeats\": M}} on an \"illegal\" step", where));
      auto lap_of = [&](const char* name) {
        const json::value& v = required_field(rep->get_object(), name, where);
        if (!v.is_int64() || v.get_int64() < 1)
          throw InputError(fmt::format("{}.{}: expected a lap number from 1", where, name));
        return static_cast<std::uint64_t>(v.get_int64());
      };
      step.endless_repeat = ScenarioStep::EndlessRepeat{lap_of("lap"), lap_of("repeats")};
    }
    if (const auto* ev = so.if_contains("events")) {
      if (!ev->is_array()) throw InputError(fmt::format("{}.events: expected an array", at));
      step.events.emplace();
      for (size_t k = 0; k < ev->get_array().size(); ++k)
        step.events->push_back(
            event_from_json(ev->get_array()[k], s.rules.holes_per_row, fmt::format("{}.events[{}]", at, k)));
    }
    if (const auto* a = so.if_contains("after")) step.after = position_from_json(*a, s.rules, at + ".after");
    s.steps.push_back(std::move(step));
  }
  if (const auto* r = o.if_contains("result")) s.result = result_from_json(*r, path + ".result");
  return s;
}

std::vector<Scenario> load_scenarios(const std::string& dir) {
  std::vector<std::string> paths;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.path().extension() == ".json") paths.push_back(entry.path().string());
  std::sort(paths.begin(), paths.end());
  std::vector<Scenario> out;
  for (const auto& p : paths) out.push_back(load_scenario(p));
  return out;
}

}  // namespace hoyito
