#include "harness/verify/differential.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <utility>

#include <fmt/format.h>

#include "core/first_difference.h"
#include "engine/engine.h"
#include "engine/sides.h"
#include "harness/base/interrupt.h"
#include "io/record.h"
#include "model/model.h"

namespace hoyito {

namespace json = boost::json;

std::string differing_field(const Side& m, const Side& e) {
  if (m.legal != e.legal) return "legal";
  if (m.ply.has_value() != e.ply.has_value()) return "error";
  if (m.refusal != e.refusal) return "refusal";  // refused alike, for another reason
  if (m.ply) {
    if (m.ply->player != e.ply->player) return "player";
    if (m.ply->events != e.ply->events) return "events";
    if (m.ply->after != e.ply->after) return "after";
  }
  if (m.result != e.result) return "result";
  return "";
}

namespace {

int own_non_empty(const Position& p, int n) {
  int count = 0;
  for (int h = 0; h < 2 * n; ++h) count += engine::hole_owner(h, n) == p.to_move && p.board[static_cast<size_t>(h)] > 0;
  return count;
}

}  // namespace

namespace {

std::uint64_t mask_of(const std::vector<Move>& legal) {
  std::uint64_t mask = 0;
  for (Move m : legal) mask |= m.is_pass() ? engine::kPassBit : std::uint64_t{1} << m.hole();
  return mask;
}

// The moves of a legal mask, as the players and the search read it (engine::move_of_bit: bit 63 the pass).
std::vector<Move> plies_of(std::uint64_t mask) {
  std::vector<Move> plies;
  for (; mask != 0; mask &= mask - 1) plies.push_back(engine::move_of_bit(std::countr_zero(mask)));
  return plies;
}

// Which plies get the API probe (is_legal of every hole, an illegal hole) and on which the
// sampler is asked for legal_mask() before play_random() (its other branch): a fixed pattern
// of the ply number, so that a transcript's moves replay the same calls.
constexpr bool probe_ply(long ply) { return ply % 4 == 3; }
constexpr bool sampler_asks_first(long ply) { return ply % 5 == 4; }

// The model and four engines fed the same plies, each through another entry point of the
// engine's API: `listed` legal_moves() then play(), the path compare_moves() always had;
// `fast` legal_mask() then play_fast(); `sampler` play_random() (harness choices come from it
// in lockstep games); `probe` plays without asking first (play() and play_fast() by turns) and
// on probe plies answers is_legal() of every hole and refuses an illegal hole.
class Paths {
 public:
  Paths(const Rules& rules, const Position& start)
      : rules_(rules),
        start_(start),
        model_(rules, start),
        listed_(rules, start),
        fast_(rules, start),
        sampler_(rules, start),
        probe_(rules, start) {}

  model::Game& model() { return model_; }
  engine::Game& listed() { return listed_; }
  const std::vector<Move>& moves() const { return moves_; }
  bool refused() const { return refused_; }  // the last step's move was refused by all alike

  // The sampler's choice of ply (play_random with `below`), played on the sampler only; nullopt
  // when it drew an undecided move (Q-LIMIT, the game unchanged). Call before step().
  template <typename Below>
  std::optional<Move> sample(Below&& below) {
    if (sampler_asks_first(ply_)) (void)sampler_.legal_mask();
    try {
      const Move move = sampler_.play_random(below);
      sampled_ = true;
      return move;
    } catch (const UndecidedMove&) {
      return std::nullopt;
    }
  }
  // The sampler made to choose `hole` (a replayed move): below(n) answers the rank of `hole`
  // among the sampler's candidates (play_random's draw order, stated in engine/game.h), so that
  // it draws `hole` first. When every move is endless
  // (PASS-3) each draw is rejected in turn.
  void sample_forced(Move move) {
    if (status_of(sampler_) != Status::playing) return;
    try {  // only a legal ply can be drawn: the sampler is not asked to play another
      const std::vector<Move> legal = model_.legal_moves();
      if (std::find(legal.begin(), legal.end(), move) == legal.end()) return;
    } catch (const InputError&) {
      return;
    }
    const bool asks = sampler_asks_first(ply_);
    std::uint64_t candidates = 0;
    try {
      candidates = asks ? sampler_.legal_mask() : own_holes(sampler_);
    } catch (const InputError&) {
      return;  // undecided (Q-LIMIT): compared through the other paths
    }
    if (candidates == engine::kPassBit) candidates = 0;
    const int rank = move.is_pass() ? 0 : std::popcount(candidates & ((std::uint64_t{1} << move.hole()) - 1));
    try {
      const Move drawn = sampler_.play_random([&](std::uint64_t) { return static_cast<std::uint64_t>(rank); });
      sampled_ = true;
      if (drawn != move) sampled_other_ = drawn;
    } catch (const InputError&) {
    }
  }

  // Plays `move` on the model and every path; returns the first difference.
  std::optional<Disagreement> step(Move move, const std::vector<Move>* known_legal = nullptr) {
    moves_.push_back(move);
    const long ply = ply_++;
    // Other orders, before the ply: is_legal() of every hole, and an illegal hole refused alike.
    if (probe_ply(ply) && status_of(probe_) == Status::playing) {
      Side before;
      try {
        before.legal = known_legal ? *known_legal : model_.legal_moves();
      } catch (const InputError& e) {
        before.error = e.what();  // undecided (Q-LIMIT): not probed
      }
      before.result = model_.result();
      if (before.error.empty())
        if (auto d = probe_legality(before)) return d;
    }
    Side m = known_legal ? side_by(model_,
                                   [&](Side& s) {
                                     s.legal = *known_legal;
                                     s.ply = model_.play(move);
                                   })
                         : side_of(model_, move);
    refused_ = !m.ply;
    Side e = side_of(listed_, move);
    if (std::string field = differing_field(m, e); !field.empty()) return parted(field, m, e);

    // legal_mask() then play_fast(): the legal moves, then position, status and result.
    Side f;
    try {
      f.legal = plies_of(fast_.legal_mask());
      const Player mover = fast_.to_move();
      fast_.play_fast(move);
      f.ply =
          Ply{m.ply ? m.ply->player : mover, move, m.ply ? m.ply->events : std::vector<Event>{}, fast_.position(), {}};
    } catch (const InputError& error) {
      f.error = error.what();
      f.refusal = refusal_of(error);
    }
    f.result = fast_.result();
    if (std::string field = differing_field(m, f); !field.empty()) return parted("fast " + field, m, f);
    if (m.ply && fast_.plies_played() != model_.plies_played()) return parted("fast plies", m, f);

    // play_random(): its choice must be legal, and its game the model's game.
    if (sampled_) {
      sampled_ = false;
      const std::optional<Move> other = std::exchange(sampled_other_, std::nullopt);
      Side s = observed(sampler_, m);
      if (other || !m.ply) {
        s.ply.reset();
        s.error = fmt::format("the sampler played {} where the model {}",
                              move_text(other.value_or(move), rules_.holes_per_row),
                              m.ply ? "plays " + move_text(move, rules_.holes_per_row) : "refuses it");
        return parted("sampler choice", m, s);
      }
      if (std::string field = differing_field(m, s); !field.empty()) return parted("sampler " + field, m, s);
    }

    // Other orders: the ply played without asking for the legal moves first.
    Side p;
    try {
      if (ply % 2 == 0) {
        p.ply = probe_.play(move);
      } else {
        const Player mover = probe_.to_move();
        probe_.play_fast(move);
        p.ply = Ply{
            m.ply ? m.ply->player : mover, move, m.ply ? m.ply->events : std::vector<Event>{}, probe_.position(), {}};
      }
    } catch (const InputError& error) {
      p.error = error.what();
      p.refusal = refusal_of(error);
    }
    p.legal = m.legal;
    p.result = probe_.result();
    Side unasked = m;
    if (!m.ply) unasked.refusal = unasked_refusal_of_model(m, move);
    if (std::string field = differing_field(unasked, p); !field.empty()) return parted("unasked " + field, m, p);
    return std::nullopt;
  }

  // The model's refusal of `move` played without asking first. It is m's, but where the model
  // could not list its legal plies (another move undecided, Q-LIMIT) a hole that is not the
  // mover's non-empty hole is still refused as not legal by the model's own play() (SOW-1), with
  // nothing played: that is the refusal to compare.
  std::optional<Refusal> unasked_refusal_of_model(const Side& m, Move move) {
    if (m.refusal != Refusal::undecided || move.is_pass() || model_.status() != Status::playing) return m.refusal;
    const Position& at = model_.position();
    const int hole = move.hole();
    const bool candidate = hole < rules_.holes() && model::hole_owner(hole, rules_.holes_per_row) == at.to_move &&
                           at.board[static_cast<std::size_t>(hole)] > 0;
    if (candidate) return m.refusal;
    try {
      model_.play(move);
    } catch (const InputError& error) {
      return refusal_of(error);
    }
    return std::nullopt;  // played: the model contradicts itself, and the comparison says so
  }

  std::optional<Disagreement> final_check() {
    std::vector<Move> engine_legal;
    try {
      engine_legal = listed_.legal_moves();
      if (model_.status() == Status::playing) engine_legal.clear();  // stopped at an undecided move
    } catch (const InputError&) {                                    // undecided (Q-LIMIT): the model stopped there too
    }
    Side m, e;
    m.result = model_.result();
    for (engine::Game* g : {&listed_, &fast_, &probe_}) {
      e.result = g->result();
      e.legal = engine_legal;
      if (m.result != e.result || !engine_legal.empty()) return parted("result", m, e);
    }
    return std::nullopt;
  }

 private:
  static Status status_of(const engine::Game& g) { return g.status(); }
  static std::uint64_t own_holes(const engine::Game& g) {
    std::uint64_t own = 0;
    const Position p = g.position();
    const int n = g.rules().holes_per_row;
    for (int h = 0; h < 2 * n; ++h)
      if (engine::hole_owner(h, n) == p.to_move && p.board[static_cast<std::size_t>(h)] > 0)
        own |= std::uint64_t{1} << h;
    return own;
  }

  // What `game` shows after the ply, beside the model's side `m` (events are not told by it).
  static Side observed(const engine::Game& game, const Side& m) {
    Side s;
    s.legal = m.legal;
    if (m.ply) s.ply = Ply{m.ply->player, m.ply->move, m.ply->events, game.position(), {}};
    s.result = game.result();
    return s;
  }

  // Before the ply: the probe's is_legal() of every hole and of a pass against the model's
  // legal plies, then a hole the model refuses, which the probe must refuse for the same reason.
  // Each hole is asked twice, once on each of the engine's branches: first before the probe knows
  // its legal moves (it then tries that one move alone), then once the pass made it work them
  // out (answered from its mask). On every other probe ply the refused hole is played first,
  // before any question, so that play() refuses it unasked too.
  std::optional<Disagreement> probe_legality(const Side& m) {
    const int holes = rules_.holes();
    const std::uint64_t model_mask = mask_of(m.legal);
    auto model_says = [&](Move move) {
      return move.is_pass() ? model_mask == engine::kPassBit : (model_mask >> move.hole() & 1) != 0;
    };
    std::vector<Move> illegal;
    if (!model_says(Move::pass())) illegal.push_back(Move::pass());
    for (int hole = 0; hole < holes; ++hole)
      if (!model_says(Move::at(hole))) illegal.push_back(Move::at(hole));
    const bool refuse = !illegal.empty() && !m.legal.empty();
    const Move wrong = refuse ? illegal[static_cast<std::size_t>(ply_) % illegal.size()] : Move::pass();
    const bool refuse_first = ply_ % 8 == 0;
    if (refuse && refuse_first)
      if (auto d = refuse_alike(wrong, m)) return d;
    for (int hole = 0; hole < holes; ++hole)  // unasked: the legal moves are not known yet
      if (auto d = compare_is_legal(Move::at(hole), model_says(Move::at(hole)), m)) return d;
    if (auto d = compare_is_legal(Move::pass(), model_says(Move::pass()), m)) return d;  // works out the legal moves
    for (int hole = 0; hole < holes; ++hole)                                             // from the mask
      if (auto d = compare_is_legal(Move::at(hole), model_says(Move::at(hole)), m)) return d;
    if (refuse && !refuse_first)
      if (auto d = refuse_alike(wrong, m)) return d;
    return std::nullopt;
  }

  std::optional<Disagreement> compare_is_legal(Move move, bool model_says, const Side& m) {
    bool engine_says = false;
    try {
      engine_says = probe_.is_legal(move);
    } catch (const InputError& e) {
      Side p;
      p.error = fmt::format("is_legal({}) threw: {}", move_text(move, rules_.holes_per_row), e.what());
      return parted("is_legal", m, p);
    }
    if (model_says == engine_says) return std::nullopt;
    Side p;
    p.legal = m.legal;
    p.error = fmt::format("is_legal({}) says {}", move_text(move, rules_.holes_per_row), engine_says);
    p.result = probe_.result();
    return parted("is_legal", m, p);
  }

  // The hole `wrong`, which the model refuses, played on the model and the probe: both must
  // refuse it for the same reason and change nothing (model/game.cpp play_move refuses first).
  std::optional<Disagreement> refuse_alike(Move wrong, const Side& m) {
    Side ms, ps;
    ms.legal = ps.legal = m.legal;
    try {
      ms.ply = model_.play(wrong);
    } catch (const InputError& e) {
      ms.error = e.what();
      ms.refusal = refusal_of(e);
    }
    try {
      ps.ply = probe_.play(wrong);
    } catch (const InputError& e) {
      ps.error = e.what();
      ps.refusal = refusal_of(e);
    }
    ms.result = model_.result();
    ps.result = probe_.result();
    if (ms.ply || ps.ply || ms.refusal != ps.refusal || ms.result != ps.result) {
      moves_.back() = wrong;
      return parted("illegal move", ms, ps);
    }
    return std::nullopt;
  }

  std::optional<Disagreement> parted(const std::string& field, const Side& m, const Side& e) {
    return Disagreement{rules_, start_, moves_, field, m, e};
  }

  Rules rules_;
  Position start_;
  model::Game model_;
  engine::Game listed_, fast_, sampler_, probe_;
  std::vector<Move> moves_;
  long ply_ = 0;
  bool refused_ = false;
  bool sampled_ = false;               // the sampler played this ply
  std::optional<Move> sampled_other_;  // ... and chose another ply than the one asked for
};

}  // namespace

std::optional<Disagreement> compare_moves(const Rules& rules, const Position& start, const std::vector<Move>& moves) {
  Paths paths(rules, start);
  for (Move move : moves) {
    paths.sample_forced(move);
    if (auto d = paths.step(move)) return d;
    if (paths.refused()) break;  // every path refused the move alike: the comparison ends there
  }
  return std::nullopt;
}

LockstepGame lockstep_game(const Rules& rules, const Position& start, SplitMix64& rng, DistinctCounter* positions) {
  LockstepGame played;
  Paths paths(rules, start);
  model::Game& model_game = paths.model();
  engine::Game& engine_game = paths.listed();
  auto parted = [&](Disagreement d) {
    played.disagreement = std::move(d);
    return std::move(played);
  };
  if (positions) positions->add(engine_game.hash());
  auto below = [&](std::uint64_t n) { return rng.below(n); };
  while (model_game.status() == Status::playing || engine_game.status() == Status::playing) {
    std::vector<Move> legal;
    try {
      legal = model_game.legal_moves();
    } catch (const InputError& e) {  // Q-LIMIT: undecided; the engine must refuse it too
      Side m, eng;
      m.error = e.what();
      try {
        eng.legal = engine_game.legal_moves();
      } catch (const InputError&) {
        played.undecided_ply = played.plies + 1;  // both refuse: agreement; the game stops here
        break;
      }
      return parted(Disagreement{rules, start, paths.moves(), "legal", std::move(m), std::move(eng)});
    }
    if (legal.empty()) break;  // the model says the game is over; the engine is checked below
    // The simulation's random player chooses (engine::Game::play_random); the paths check it.
    const std::optional<Move> chosen = paths.sample(below);
    if (!chosen) {  // it drew an undecided move (Q-LIMIT): not met in 212,000 2x12 games at the default lap_limit
      played.undecided_ply = played.plies + 1;
      break;
    }
    const Move move = *chosen;
    // Endless sowings met: the mover's non-empty holes that are not legal (G6 illegal), and void games.
    const int own = own_non_empty(model_game.position(), rules.holes_per_row);
    if (legal.front().is_pass() || static_cast<int>(legal.size()) < own)
      played.endless_moves += own - (legal.front().is_pass() ? 0 : static_cast<int>(legal.size()));
    if (auto d = paths.step(move, &legal)) return parted(std::move(*d));
    played.plies += 1;
    if (positions) positions->add(engine_game.hash());
  }
  played.result = model_game.result();
  if (played.result.status == Status::void_game) played.endless_moves += 1;
  if (auto d = paths.final_check()) return parted(std::move(*d));
  return played;
}

Disagreement shrink(const Disagreement& d, double max_seconds) { return shrink_with(d, max_seconds, compare_moves); }

Disagreement shrink_with(const Disagreement& d, double max_seconds, const CompareMoves& compare) {
  // A broken implementation can make every comparison slow (a relay that never settles walks to
  // the Q-LIMIT give-up point): past the time budget, the smallest case found so far is kept.
  const auto start = std::chrono::steady_clock::now();
  auto out_of_time = [&] {
    return interrupted() ||
           std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > max_seconds;
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
    if (auto again = compare(rules, replay.position(), {d.moves.back()})) best = *again;
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
      p.captured[index(Player::south)] += 1;
      if (best.moves.size() == 1 && !best.moves[0].is_pass() && p.board[static_cast<size_t>(best.moves[0].hole())] == 0)
        continue;
      if (auto again = compare(best.rules, p, best.moves)) {
        best = *again;
        smaller = true;
      }
    }
  }
  return best;
}

namespace {

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
    return line("model", json::serialize(to_json(d.model.result))) +
           line("engine", json::serialize(to_json(d.engine.result)));
  return line("model", json::serialize(side_to_json(d.model, n))) +
         line("engine", json::serialize(side_to_json(d.engine, n)));
}

}  // namespace

bool replay_disagreement(const json::value& transcript, const std::string& where, std::string& out) {
  return replay_transcript(transcript, where, out, compare_moves);
}

bool replay_transcript(const json::value& transcript, const std::string& where, std::string& out,
                       const CompareMoves& compare) {
  bool reproduced = false;
  for (const TranscriptCase& c : read_transcript(transcript, where)) {
    const int n = c.rules.holes_per_row;
    const auto d = compare(c.rules, c.start, c.moves);
    out += fmt::format("{}: {} {}x{}, {} move(s): {}\n", c.where, variant_name(c.rules.variant), 2, n, c.moves.size(),
                       json::serialize(move_names(c.moves, n)));
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
