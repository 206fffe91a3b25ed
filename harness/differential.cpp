#include "harness/differential.h"

#include <chrono>

#include <fmt/format.h>

#include "core/output.h"
#include "core/record.h"
#include "engine/engine.h"
#include "harness/first_difference.h"
#include "model/model.h"

namespace hoyito {

namespace json = boost::json;

namespace {

template <GameImplementation G>
Side side_of(G& game, int hole) {
  Side s;
  try {
    s.legal = game.legal_plies();  // may refuse an undecidable position (Q-LIMIT)
    s.ply = game.play(hole);
  } catch (const InputError& e) {
    s.error = e.what();
  }
  s.result = game.result();
  return s;
}

// Which observable differs, or "" when the two sides agree.
std::string differing_field(const Side& m, const Side& e) {
  if (m.legal != e.legal) return "legal";
  if (m.ply.has_value() != e.ply.has_value()) return "error";
  if (m.ply) {
    if (m.ply->player != e.ply->player) return "player";
    if (m.ply->events != e.ply->events) return "events";
    if (m.ply->after != e.ply->after) return "after";
  }
  if (m.result != e.result) return "result";
  return "";
}

int own_non_empty(const Position& p, int n) {
  int count = 0;
  for (int h = 0; h < 2 * n; ++h) count += owner(h, n) == p.to_move && p.board[static_cast<size_t>(h)] > 0;
  return count;
}

}  // namespace

std::optional<Disagreement> compare_moves(const Rules& rules, const Position& start, const std::vector<int>& moves) {
  model::Game model_game(rules, start);
  engine::Game engine_game(rules, start);
  for (size_t i = 0; i < moves.size(); ++i) {
    Side m = side_of(model_game, moves[i]);
    Side e = side_of(engine_game, moves[i]);
    const std::string field = differing_field(m, e);
    if (!field.empty())
      return Disagreement{rules, start, std::vector<int>(moves.begin(), moves.begin() + static_cast<long>(i) + 1),
                          field, std::move(m), std::move(e)};
    if (!m.ply) break;  // both refused the move
  }
  return std::nullopt;
}

LockstepGame lockstep_game(const Rules& rules, const Position& start, SplitMix64& rng) {
  LockstepGame played;
  auto parted = [&](std::vector<int> moves, const char* field, Side m, Side e) {
    played.disagreement = Disagreement{rules, start, std::move(moves), field, std::move(m), std::move(e)};
    return std::move(played);
  };
  model::Game model_game(rules, start);
  engine::Game engine_game(rules, start);
  std::vector<int> moves;
  played.position_hashes.push_back(engine_game.hash());
  while (model_game.status() == Status::playing || engine_game.status() == Status::playing) {
    std::vector<int> legal;
    try {
      legal = model_game.legal_plies();
    } catch (const InputError& e) {  // Q-LIMIT: undecided; the engine must refuse it too
      Side m, eng;
      m.error = e.what();
      try {
        eng.legal = engine_game.legal_plies();
      } catch (const InputError&) {
        break;  // both refuse: agreement; the game stops here
      }
      return parted(moves, "legal", std::move(m), std::move(eng));
    }
    if (legal.empty()) break;  // the model says the game is over; the engine is checked below
    const int hole = legal[rng.below(legal.size())];
    // Endless sowings met: the mover's non-empty holes that are not legal (G6 illegal), and void games.
    if (legal.front() == kPass || static_cast<int>(legal.size()) < own_non_empty(model_game.position(), rules.holes_per_row))
      played.endless_moves += own_non_empty(model_game.position(), rules.holes_per_row) -
                             (legal.front() == kPass ? 0 : static_cast<int>(legal.size()));
    moves.push_back(hole);
    Side m = side_of(model_game, hole);
    Side e = side_of(engine_game, hole);
    m.legal = legal;
    const std::string field = differing_field(m, e);
    if (!field.empty()) return parted(moves, field.c_str(), std::move(m), std::move(e));
    played.plies += 1;
    played.position_hashes.push_back(engine_game.hash());
  }
  played.result = model_game.result();
  if (played.result.status == Status::void_game) played.endless_moves += 1;
  std::vector<int> engine_legal;
  try {
    engine_legal = engine_game.legal_plies();
    if (model_game.status() == Status::playing) engine_legal.clear();  // stopped at an undecided move
  } catch (const InputError&) {  // undecided (Q-LIMIT): the model stopped there too
  }
  if (model_game.result() != engine_game.result() || !engine_legal.empty()) {
    Side m, e;
    m.result = model_game.result();
    e.result = engine_game.result();
    e.legal = engine_legal;
    return parted(moves, "result", std::move(m), std::move(e));
  }
  return played;
}

Disagreement shrink(const Disagreement& d, double max_seconds) {
  // A broken implementation can make every comparison slow (a relay that never settles walks to
  // the Q-LIMIT give-up point): past the time budget, the smallest case found so far is kept.
  const auto start = std::chrono::steady_clock::now();
  auto out_of_time = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > max_seconds;
  };
  // The prefix is already the shortest: the comparison stops at the first differing ply. Next,
  // restart from the position before that ply, if the difference does not need the history
  // (ply count, repetitions, a pending extra move).
  Disagreement best = d;
  if (d.moves.size() > 1) {
    model::Game replay(d.rules, d.start);
    for (size_t i = 0; i + 1 < d.moves.size(); ++i) replay.play(d.moves[i]);
    Rules rules = d.rules;
    rules.options.ply_limit = std::max(1, d.rules.options.ply_limit - static_cast<int>(d.moves.size()) + 1);
    if (auto again = compare_moves(rules, replay.position(), {d.moves.back()})) best = *again;
  }
  // Then take seeds off the board one at a time (into South's captures, so the total holds),
  // keeping each removal after which the two still disagree on the same move.
  bool smaller = true;
  while (smaller && !out_of_time()) {
    smaller = false;
    for (size_t h = 0; h < best.start.board.size() && !out_of_time(); ++h) {
      if (best.start.board[h] == 0) continue;
      Position p = best.start;
      p.board[h] -= 1;
      p.captured[kSouth] += 1;
      if (best.moves.size() == 1 && best.moves[0] != kPass && p.board[static_cast<size_t>(best.moves[0])] == 0) continue;
      if (auto again = compare_moves(best.rules, p, best.moves)) {
        best = *again;
        smaller = true;
      }
    }
  }
  return best;
}

namespace {

json::array move_names(const std::vector<int>& moves, int n) {
  json::array a;
  for (int m : moves) a.push_back(json::string(move_text(m, n)));
  return a;
}

json::object side_to_json(const Side& s, int n) {
  json::object o;
  o["legal"] = move_names(s.legal, n);
  if (s.ply)
    o["ply"] = to_json(*s.ply, n);
  else
    o["error"] = s.error;
  o["result"] = to_json(s.result);
  return o;
}

json::object case_to_json(const Disagreement& d) {
  const int n = d.rules.holes_per_row;
  return json::object{{"rules", to_json(d.rules)},   {"start", to_json(d.start)},
                      {"moves", move_names(d.moves, n)}, {"field", d.field},
                      {"model", side_to_json(d.model, n)}, {"engine", side_to_json(d.engine, n)}};
}

// The differing part of the two sides, one line each, for people.
std::string describe_difference(const Disagreement& d) {
  const int n = d.rules.holes_per_row;
  auto line = [](const char* who, const std::string& what) { return fmt::format("  {:<7} {}\n", who, what); };
  if (d.field == "events" && d.model.ply && d.engine.ply) {
    const auto& a = d.model.ply->events;
    const auto& b = d.engine.ply->events;
    const size_t k = first_difference(a, b);
    auto at = [&](const std::vector<Event>& ev) {
      return k < ev.size() ? json::serialize(to_json(ev[k])) : std::string("(no more events)");
    };
    return fmt::format("  events[{}]:\n", k) + line("model", at(a)) + line("engine", at(b));
  }
  if (d.field == "after" && d.model.ply && d.engine.ply)
    return line("model", json::serialize(to_json(d.model.ply->after))) +
           line("engine", json::serialize(to_json(d.engine.ply->after)));
  if (d.field == "legal")
    return line("model", json::serialize(move_names(d.model.legal, n))) +
           line("engine", json::serialize(move_names(d.engine.legal, n)));
  if (d.field == "result")
    return line("model", json::serialize(to_json(d.model.result))) + line("engine", json::serialize(to_json(d.engine.result)));
  return line("model", json::serialize(side_to_json(d.model, n))) + line("engine", json::serialize(side_to_json(d.engine, n)));
}

}  // namespace

json::object disagreement_to_json(const Disagreement& original, const Disagreement& shrunk, const std::string& command,
                                  std::uint64_t seed) {
  json::object o = case_to_json(original);
  o["format"] = "hoyito-disagreement/1";
  o["seed"] = seed;
  o["command"] = command;
  o["shrunk"] = case_to_json(shrunk);
  return o;
}

void write_transcript(const std::string& path, const Disagreement& original, const Disagreement& shrunk,
                      const std::string& command, std::uint64_t seed) {
  write_whole_file(path, json::serialize(disagreement_to_json(original, shrunk, command, seed)) + "\n");
}

bool replay_disagreement(const json::value& transcript, const std::string& where, std::string& out) {
  if (!transcript.is_object()) throw InputError(fmt::format("{}: expected an object", where));
  const json::object& o = transcript.get_object();
  bool reproduced = false;
  for (const char* part : {"", "shrunk"}) {
    const json::object* c = &o;
    std::string at = where;
    if (*part) {
      const json::value* s = o.if_contains(part);
      if (!s || !s->is_object()) continue;
      c = &s->get_object();
      at = where + ".shrunk";
    }
    auto need = [&](const char* key) -> const json::value& { return required_field(*c, key, at); };
    const Rules rules = rules_from_json(need("rules"), at + ".rules");
    const Position start = position_from_json(need("start"), rules, at + ".start");
    const json::value& moves_value = need("moves");
    if (!moves_value.is_array()) throw InputError(fmt::format("{}.moves: expected an array", at));
    std::vector<int> moves;
    for (size_t i = 0; i < moves_value.get_array().size(); ++i) {
      const json::value& m = moves_value.get_array()[i];
      const std::string m_at = fmt::format("{}.moves[{}]", at, i);
      if (!m.is_string()) throw InputError(fmt::format("{}: expected a move", m_at));
      try {
        moves.push_back(m.get_string() == "pass" ? kPass : parse_hole(m.get_string(), rules.holes_per_row));
      } catch (const InputError& e) {
        throw InputError(fmt::format("{}: {}", m_at, e.what()));
      }
    }
    const int n = rules.holes_per_row;
    const auto d = compare_moves(rules, start, moves);
    out += fmt::format("{}: {} {}x{}, {} move(s): {}\n", at, variant_name(rules.variant), 2, n, moves.size(),
                       json::serialize(move_names(moves, n)));
    if (!d) {
      out += "  model and engine agree: the disagreement is not reproduced\n";
      continue;
    }
    reproduced = true;
    out += fmt::format("  they differ at ply {} in '{}'\n", d->moves.size(), d->field);
    out += describe_difference(*d);
  }
  return reproduced;
}

}  // namespace hoyito
