// How to check an implementation against the hand-derived scenarios (io/scenario.h reads them).
// Templated on the game type so that the same checks run on the reference model and on the engine.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/first_difference.h"
#include "core/implementation.h"
#include "io/scenario.h"

namespace hoyito {

// A step the scenario expects refused: the move must not be among the legal plies (unless
// undecided, Q-LIMIT: legal, but refused when played), and playing it must throw a refused ply of
// the expected reason (SOW-6: worded as endless_refusal()). Returns false when it was played.
template <GameImplementation G, typename Fail>
bool refused_as_expected(G& game, const ScenarioStep& step, Move move, const std::vector<Move>& legal, Fail&& fail) {
  if (*step.error != "undecided" && std::find(legal.begin(), legal.end(), move) != legal.end())
    fail(fmt::format("move {} was accepted, expected {}", step.move, *step.error));
  const Player mover = game.position().to_move;
  try {
    game.play(move);
  } catch (const InputError& e) {
    const std::optional<Refusal> reason = refusal_of(e);
    if (reason != expected_refusal(step))
      fail(fmt::format("refused as {}, expected {}: {}", reason ? refusal_name(*reason) : "no refused ply",
                       refusal_name(expected_refusal(step)), e.what()));
    // An engine over the protocol (it has a session) tells the reason, not hoyito's wording.
    if (step.endless_repeat && !requires { game.session(); }) {
      const std::string expected =
          endless_refusal(step.move, mover, step.endless_repeat->lap, step.endless_repeat->repeats);
      if (e.what() != expected) fail(fmt::format("refused with '{}', expected '{}'", e.what(), expected));
    }
    return true;
  }
  fail(fmt::format("playing {} did not throw", step.move));
  return false;
}

// Checks one scenario against game type G (model::Game or engine::Game); returns the failures,
// each one line naming the scenario, the step and the field. Match scenarios are skipped here.
template <GameImplementation G>
std::vector<std::string> check_scenario(const Scenario& s) {
  std::vector<std::string> failures;
  if (s.match) return failures;
  const int n = s.rules.holes_per_row;
  auto fail = [&](size_t step, const std::string& what) {
    failures.push_back(fmt::format("{} step {}: {}", s.id, step, what));
  };
  auto names = [&](const std::vector<Move>& plies) {
    std::vector<std::string> out;
    for (Move p : plies) out.push_back(move_text(p, n));
    return out;
  };
  G game(s.rules, s.start);
  for (size_t i = 0; i < s.steps.size(); ++i) {
    const ScenarioStep& step = s.steps[i];
    const std::vector<Move> legal = game.legal_moves();
    if (step.legal && *step.legal != names(legal))
      fail(i, fmt::format("legal plies {}, expected {}", fmt::join(names(legal), " "), fmt::join(*step.legal, " ")));
    Move move;
    try {
      move = parse_move(step.move, n);
    } catch (const InputError& e) {
      fail(i, e.what());
      return failures;
    }
    if (step.error) {
      if (!refused_as_expected(game, step, move, legal, [&](const std::string& what) { fail(i, what); }))
        return failures;
      continue;
    }
    Ply ply;
    try {
      ply = game.play(move);
    } catch (const InputError& e) {
      fail(i, fmt::format("move {} rejected: {}", step.move, e.what()));
      return failures;
    }
    if (step.events && *step.events != ply.events) {
      const size_t k = first_difference(ply.events, *step.events);
      fail(i, fmt::format("events differ at {}: got [{}], expected [{}] ({} vs {} events)", k,
                          k < ply.events.size() ? describe(ply.events[k], n) : "none",
                          k < step.events->size() ? describe((*step.events)[k], n) : "none", ply.events.size(),
                          step.events->size()));
    }
    if (step.after && *step.after != ply.after)
      fail(i, fmt::format("after {}, expected {}", boost::json::serialize(to_json(ply.after)),
                          boost::json::serialize(to_json(*step.after))));
  }
  if (s.result && *s.result != game.result())
    fail(s.steps.size(), fmt::format("result {}, expected {}", boost::json::serialize(to_json(game.result())),
                                     boost::json::serialize(to_json(*s.result))));
  return failures;
}

}  // namespace hoyito
