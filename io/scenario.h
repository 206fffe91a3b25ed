// Hand-derived scenarios (specs/scenarios/*.json, format in specs/game-record.md): what a
// scenario file holds, and its reader. The check of an implementation against them is
// io/scenario_check.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "io/record.h"

namespace hoyito {

struct ScenarioStep {
  std::string move;                               // a hole letter or "pass"
  std::optional<std::vector<std::string>> legal;  // every legal ply before the step
  std::optional<std::vector<Event>> events;
  std::optional<Position> after;
  std::optional<std::string> error;  // "illegal" or "undecided": the move is refused
  // SOW-6: the refused move's relay sowing never ends; the refusal must name the first lap whose
  // lap-end state repeats an earlier one, and that earlier lap (the text of endless_refusal()).
  struct EndlessRepeat {
    std::uint64_t lap = 0, repeats = 0;
  };
  std::optional<EndlessRepeat> endless_repeat;
};

// The reason a refused step's refusal carries (core/refusal.h): "undecided" (Q-LIMIT), "game_over"
// (any ply after the game ended), an endless move (SOW-6, endless_repeat given), or any other
// "illegal" move.
inline Refusal expected_refusal(const ScenarioStep& step) {
  if (step.error == "undecided") return Refusal::undecided;
  if (step.error == "game_over") return Refusal::game_over;
  return step.endless_repeat ? Refusal::endless : Refusal::illegal;
}

// The exact refusal of an endless move (SOW-6), as model and engine word it.
inline std::string endless_refusal(const std::string& move, Player player, std::uint64_t lap, std::uint64_t repeats) {
  return fmt::format(
      "move {}: not legal for {}: its relay sowing never ends (SOW-6): the state at the end of lap {} repeats that of "
      "lap {}",
      move, player_name(player), lap, repeats);
}

struct ScenarioMatch {
  std::vector<std::array<int, 2>> games;  // captures of each finished game
  std::vector<Player> starters;
  std::vector<Winner> previous_winners;
  std::array<int, 2> games_won{0, 0}, seeds{0, 0};
  Winner winner = Winner::none;
};

struct Scenario {
  std::string file, id, title;
  std::string title_es;  // the title in Spanish, empty if the file gives none
  Rules rules;
  Position start;
  std::vector<ScenarioStep> steps;
  std::optional<Result> result;
  std::vector<RuleId> exercises;  // declared in the file
  std::optional<ScenarioMatch> match;

  std::vector<RuleId> rules_exercised() const;  // `exercises` plus every expected event's rule
};

Scenario load_scenario(const std::string& path);  // throws InputError
// The same from JSON already read; `path` names the file in errors ("FILE.steps[2].move: ...").
Scenario scenario_from_json(const boost::json::value& v, const std::string& path);
std::vector<Scenario> load_scenarios(const std::string& dir);  // every *.json, sorted by name

}  // namespace hoyito
