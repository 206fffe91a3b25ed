#include "harness/verify/engine_under_test.h"

#include <algorithm>
#include <atomic>

#include <fmt/format.h>

#include "harness/base/interrupt.h"
#include "harness/verify/diagnosis.h"
#include "io/scenario_check.h"
#include "io/engine_protocol.h"
#include "io/output.h"
#include "model/model.h"

namespace hoyito {

namespace {

std::atomic<long> longest_alike{0};

void played_alike(const Ply& ply) {
  const long laps = static_cast<long>(
      std::count_if(ply.events.begin(), ply.events.end(), [](const Event& e) { return e.kind == EventKind::lap; }));
  long seen = longest_alike.load();
  while (laps > seen && !longest_alike.compare_exchange_weak(seen, laps)) {
  }
}

// The model and the engine fed the same plies.
class EnginePair {
 public:
  EnginePair(const Rules& rules, const Position& start)
      : rules_(rules),
        start_(start),
        model_(rules, start),
        engine_(rules, start),
        events_(engine_.session().info().capabilities.has("events")) {}

  model::Game& model() { return model_; }
  bool refused() const { return refused_; }  // the last move was refused by both alike

  std::optional<Disagreement> step(Move move) {
    if (moves_.size() % 4 == 0)  // a fixed pattern of the ply number: a transcript replays it
      if (auto d = refuse_unasked()) return d;
    moves_.push_back(move);
    const Side m = side_of(model_, move);
    Side e = engine_side(move);
    // An engine without `events` tells none: its ply is compared on the rest.
    if (!events_ && m.ply && e.ply) e.ply->events = m.ply->events;
    refused_ = !m.ply;
    if (std::string field = differing_field(m, e); !field.empty())
      return Disagreement{rules_, start_, moves_, field, m, e};
    if (m.ply) played_alike(*m.ply);
    return std::nullopt;
  }

  // A hole the model refuses, played before anything is asked of the game (no `legal` first):
  // the engine must refuse it for the same reason and stay as it was, not only once it has worked
  // out its legal moves (SOW-1, PASS-1..3). Prefers a non-empty hole.
  std::optional<Disagreement> refuse_unasked() {
    std::vector<Move> legal;
    try {
      legal = model_.legal_moves();
    } catch (const InputError&) {
      return std::nullopt;  // undecided (Q-LIMIT): compared by step()
    }
    const std::optional<Move> wrong = illegal_hole(legal);
    if (!wrong) return std::nullopt;
    const Side m = side_by(model_, [&](Side& s) { s.legal = legal, s.ply = model_.play(*wrong); });
    const Side e = side_by(engine_, [&](Side& s) { s.legal = legal, s.ply = engine_.play(*wrong); });
    if (!m.ply && !e.ply && m.refusal == e.refusal && m.result == e.result) return std::nullopt;
    std::vector<Move> moves = moves_;
    moves.push_back(*wrong);
    return Disagreement{rules_, start_, moves, "illegal move", m, e};
  }

  std::optional<Move> illegal_hole(const std::vector<Move>& legal) const {
    if (model_.status() != Status::playing || legal.empty()) return std::nullopt;
    const Position p = model_.position();
    std::optional<Move> any;
    for (int h = 0; h < rules_.holes(); ++h) {
      if (std::find(legal.begin(), legal.end(), Move::at(h)) != legal.end()) continue;
      if (p.board[static_cast<std::size_t>(h)] > 0) return Move::at(h);
      if (!any) any = Move::at(h);
    }
    return any;
  }

  // side_of(engine_, move) in one round trip: the legal plies, then the ply or its refusal.
  Side engine_side(Move move) {
    return side_by(engine_, [&](Side& s) { s.ply = engine_.play_after_legal(move, s.legal); });
  }

  // Once the model's game is over: the engine's is over alike, with no legal ply left (END-1..3).
  std::optional<Disagreement> final_check() {
    Side m, e;
    m.result = model_.result();
    e.result = engine_.result();
    try {
      e.legal = engine_.legal_moves();
    } catch (const InputError& error) {
      e.error = error.what();
    }
    if (m.result == e.result && e.legal.empty() && e.error.empty()) return std::nullopt;
    return Disagreement{rules_, start_, moves_, "result", m, e};
  }

 private:
  Rules rules_;
  Position start_;
  std::vector<Move> moves_;
  model::Game model_;
  RemoteGame engine_;
  bool events_;
  bool refused_ = false;
};

// The mover's non-empty holes: what is played where the model cannot list the legal plies (an
// undecided move, Q-LIMIT), so that the engine is asked there too.
std::vector<Move> own_holes(const Position& p, int n) {
  std::vector<Move> holes;
  for (int h = 0; h < 2 * n; ++h)
    if (model::hole_owner(h, n) == p.to_move && p.board[static_cast<std::size_t>(h)] > 0) holes.push_back(Move::at(h));
  return holes;
}

}  // namespace

long longest_sowing_played_alike() { return longest_alike.load(); }
void reset_sowings_played_alike() { longest_alike = 0; }

std::optional<Disagreement> compare_with_engine(const Rules& rules, const Position& start,
                                                const std::vector<Move>& moves) {
  EnginePair pair(rules, start);
  for (Move move : moves) {
    if (auto d = pair.step(move)) return d;
    if (pair.refused()) return std::nullopt;
  }
  return std::nullopt;
}

EngineGame engine_lockstep_game(const Rules& rules, const Position& start, SplitMix64& rng,
                                std::chrono::steady_clock::time_point deadline) {
  EngineGame played;
  EnginePair pair(rules, start);
  model::Game& model = pair.model();
  while (model.status() == Status::playing) {
    if (interrupted() || std::chrono::steady_clock::now() >= deadline) {
      played.cut_short = true;
      return played;
    }
    std::vector<Move> choices;
    try {
      choices = model.legal_moves();
    } catch (const InputError&) {  // undecided: the engine must say so too (step compares it)
      choices = own_holes(model.position(), rules.holes_per_row);
    }
    const Move move = choices[static_cast<std::size_t>(rng.below(choices.size()))];
    if (auto d = pair.step(move)) {
      played.disagreement = std::move(d);
      return played;
    }
    if (pair.refused()) break;  // refused alike (undecided): the game cannot go on
    played.plies += 1;
  }
  played.result = model.result();
  if (model.status() != Status::playing) played.disagreement = pair.final_check();
  return played;
}

void write_engine_transcript(const std::string& path, const Disagreement& original, const Disagreement& shrunk,
                             const std::string& replay, std::uint64_t seed, const EngineSession& session) {
  boost::json::object o = disagreement_to_json(original, shrunk, replay, seed);
  // Beside the sides "model" and "engine" (what each showed): which engine program it was.
  o["engine_program"] = {
      {"name", session.info().name}, {"version", session.info().version}, {"command", session.options().command}};
  write_whole_file(path, boost::json::serialize(o) + "\n");
}

namespace {

// What differs, for people: the class, then both sides' values (harness/verify/diagnosis.h).
void say_difference(const Disagreement& d, std::string& out) {
  const Diagnosis x = diagnose(d);
  out += fmt::format("  they differ at ply {} in '{}'\n  class {}: {} (rules {})\n", d.moves.size(), d.field,
                     x.class_id, x.words, rules_text(x.rules, ", "));
  for (const std::string& line : x.differences) out += "    " + line + "\n";
}

}  // namespace

bool replay_with_engine(const boost::json::value& transcript, const std::string& where, std::string& out) {
  bool reproduced = false;
  for (const TranscriptCase& c : read_transcript(transcript, where)) {
    const int n = c.rules.holes_per_row;
    out += fmt::format("{}: {} 2x{}, {} move(s) from {}: {}\n", c.where, variant_name(c.rules.variant), n,
                       c.moves.size(), protocol::format_position(c.start), moves_text(c.moves, n));
    const std::optional<Disagreement> d = compare_with_engine(c.rules, c.start, c.moves);
    if (!d) {
      out += "  model and engine agree: the disagreement is not reproduced\n";
      continue;
    }
    reproduced = true;
    say_difference(*d, out);
  }
  return reproduced;
}

bool record_with_engine(const std::vector<Move>& moves, const Rules& rules, const Position& start,
                        const std::string& where, std::string& out) {
  const std::optional<Disagreement> d = compare_with_engine(rules, start, moves);
  if (!d) {
    out += fmt::format("{}: model and engine agree on its {} plies\n", where, moves.size());
    return false;
  }
  out += fmt::format("{}: model and engine DISAGREE\n", where);
  say_difference(*d, out);
  return true;
}

bool scenario_with_engine(const Scenario& s, std::string& out) {
  std::vector<Move> moves;
  for (const ScenarioStep& step : s.steps) moves.push_back(parse_move(step.move, s.rules.holes_per_row));
  Scenario held = s;  // events only when the engine offers them, as verify --engine holds it
  if (!RemoteGame(s.rules, s.start).session().info().capabilities.has("events"))
    for (ScenarioStep& step : held.steps) step.events.reset();
  const std::vector<std::string> failures = check_scenario<RemoteGame>(held);
  for (const std::string& f : failures) out += "  FAIL " + f + "\n";
  out += fmt::format("scenario {}: {} of its hand-derived expectations\n", s.id,
                     failures.empty() ? "the engine meets all" : fmt::format("the engine fails {}", failures.size()));
  const bool differs = record_with_engine(moves, s.rules, s.start, "scenario " + s.id + " against the model", out);
  return differs || !failures.empty();
}

}  // namespace hoyito
