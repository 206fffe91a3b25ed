#include "harness/verify/diagnosis.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/first_difference.h"
#include "model/model.h"

namespace hoyito {

namespace {

// What the model says of one move at a position: its kind (a slug of the class id), in words,
// the rules that decide it and its laps.
struct MoveFacts {
  std::string slug, words;
  std::vector<RuleId> rules;
  long laps = 0;
};

int seeds_of(const Position& p) {
  return std::accumulate(p.board.begin(), p.board.end(), 0) + p.captured[0] + p.captured[1];
}

long laps_of(const std::vector<Event>& events) {
  return static_cast<long>(
      std::count_if(events.begin(), events.end(), [](const Event& e) { return e.kind == EventKind::lap; }));
}

// A finite sowing by its length: one lap (SOW-4 ends it), a relay (SOW-5), a long relay (past
// kLongSowingLaps: where a cap on laps taken for SOW-6 bites).
MoveFacts sowing_facts(const std::string& name, long laps) {
  if (laps <= 1) return {"one-lap", name + " (a sowing of one lap)", {RuleId::SOW_1, RuleId::SOW_4}, laps};
  if (laps <= kLongSowingLaps)
    return {"relay", fmt::format("{} (a relay sowing of {} laps, finite)", name, laps), {RuleId::SOW_5}, laps};
  return {"long-relay",
          fmt::format("{} (a relay sowing of {} laps, finite)", name, laps),
          {RuleId::SOW_5, RuleId::SOW_6},
          laps};
}

// The rule that gives (or would give) the pass: no seeds on the mover's row (PASS-1, or END-4
// when no_seeds = round_ends: the pass that ends the game), or every move endless (PASS-3).
std::vector<RuleId> pass_rules(const Rules& rules, const Position& before) {
  const int n = rules.holes_per_row, first = before.to_move == Player::south ? 0 : n;
  const bool seeds =
      std::any_of(before.board.begin() + first, before.board.begin() + first + n, [](int c) { return c > 0; });
  if (seeds) return {RuleId::PASS_3};
  return {rules.options.no_seeds == NoSeeds::round_ends ? RuleId::END_4 : RuleId::PASS_1};
}

MoveFacts facts_of(const Rules& rules, const Position& before, Move move) {
  const std::string name = move_text(move, rules.holes_per_row);
  if (move.is_pass()) return {"pass", "the pass", pass_rules(rules, before), 0};
  const int hole = move.hole();
  if (hole >= rules.holes() || model::hole_owner(hole, rules.holes_per_row) != before.to_move)
    return {"opponents-hole", name + " (not a hole of the mover's row)", {RuleId::TURN_1, RuleId::SOW_1}, 0};
  if (before.board[static_cast<std::size_t>(hole)] == 0)
    return {"empty-hole", name + " (an empty hole)", {RuleId::SOW_1}, 0};
  try {
    const model::MoveOutcome out = model::sow_move(rules, before, hole);
    if (out.endless)
      return {"endless",
              fmt::format("{} (an endless sowing: the lap-end state of lap {} repeats lap {})", name, out.laps,
                          out.repeated_lap),
              {RuleId::SOW_6},
              static_cast<long>(out.laps)};
    return sowing_facts(name, static_cast<long>(out.laps));
  } catch (const InputError&) {
    return {"undecided", name + " (undecided within lap_limit, Q-LIMIT)", {RuleId::SOW_6}, 0};
  }
}

// The most telling of several moves' facts: the longest sowing first (a cap shows there).
MoveFacts telling(std::vector<MoveFacts> all) {
  return *std::max_element(all.begin(), all.end(),
                           [](const MoveFacts& a, const MoveFacts& b) { return a.laps < b.laps; });
}

std::vector<Move> minus(const std::vector<Move>& a, const std::vector<Move>& b) {
  std::vector<Move> out;
  for (Move m : a)
    if (std::find(b.begin(), b.end(), m) == b.end()) out.push_back(m);
  return out;
}

// A difference found once the model's game was over (no ply of either side: the final check of
// engine_under_test.cpp), not at a ply.
bool is_final_check(const Disagreement& d) { return d.field == "result" && !d.model.ply && !d.engine.ply; }

// The state a diagnosis reads: the position before the last move, and the model's ply.
struct Place {
  Position before;
  std::optional<Ply> model_ply;
};

Place place_of(const Disagreement& d) {
  model::Game game(d.rules, d.start);
  Place p;
  const std::size_t played = d.moves.empty() || is_final_check(d) ? d.moves.size() : d.moves.size() - 1;
  for (std::size_t i = 0; i < played; ++i) game.play(d.moves[i]);
  p.before = game.position();
  p.model_ply = d.model.ply;
  return p;
}

class Diagnoser {
 public:
  explicit Diagnoser(const Disagreement& d) : d_(d), n_(d.rules.holes_per_row), place_(place_of(d)) {}

  Diagnosis run() {
    const std::string& f = d_.field;
    if (f == "legal") return legal();
    if (f == "error" || f == "illegal move" || f == "refusal") return refusal();
    if (f == "player")
      return make("ply-player", "the engine names another player as the mover of the ply", {RuleId::TURN_1});
    if (f == "events") return events();
    return state();
  }

 private:
  Diagnosis make(std::string shape, std::string words, std::vector<RuleId> rules) {
    Diagnosis x;
    std::sort(rules.begin(), rules.end());
    rules.erase(std::unique(rules.begin(), rules.end()), rules.end());
    x.class_id = shape + "/" + rules_text(rules);
    x.shape = std::move(shape);
    x.words = std::move(words);
    x.rules = std::move(rules);
    x.differences = std::move(lines_);
    x.laps = laps_;
    x.missing = missing_;
    return x;
  }

  std::string moves(const std::vector<Move>& m) const { return m.empty() ? "nothing" : moves_text(m, n_); }
  std::string move_name() const { return move_text(d_.moves.back(), n_); }

  Diagnosis legal() {
    const std::vector<Move> lacks = minus(d_.model.legal, d_.engine.legal);
    const std::vector<Move> adds = minus(d_.engine.legal, d_.model.legal);
    lines_.push_back(
        fmt::format("legal moves: the model lists {}, the engine {}", moves(d_.model.legal), moves(d_.engine.legal)));
    if (!d_.engine.error.empty()) lines_.push_back("the engine's answer: " + d_.engine.error);
    std::vector<MoveFacts> lacking, adding;
    for (Move m : lacks) lacking.push_back(facts_of(d_.rules, place_.before, m));
    for (Move m : adds) adding.push_back(facts_of(d_.rules, place_.before, m));
    for (const MoveFacts& f : lacking) lines_.push_back("missing from the engine's list: " + f.words);
    for (const MoveFacts& f : adding) lines_.push_back("listed by the engine only: " + f.words);
    if (!lacking.empty()) {
      const MoveFacts f = telling(lacking);
      laps_ = f.laps;
      return make("engine-lacks-" + f.slug, "the engine does not list a legal move: " + kind_words(f.slug), f.rules);
    }
    if (adding.empty()) return make("legal-order", "the engine lists the legal moves otherwise", {RuleId::SOW_1});
    const MoveFacts f = telling(adding);
    laps_ = f.laps;
    return make("engine-adds-" + f.slug, "the engine lists a move the model does not: " + kind_words(f.slug), f.rules);
  }

  static std::string kind_words(const std::string& slug) {
    if (slug == "long-relay")
      return fmt::format("one whose relay sowing is finite and longer than {} laps", kLongSowingLaps);
    if (slug == "relay") return fmt::format("one whose relay sowing is finite, of 2 to {} laps", kLongSowingLaps);
    if (slug == "one-lap") return "one whose sowing ends in one lap";
    if (slug == "endless") return "one whose sowing never ends";
    if (slug == "pass") return "the pass";
    if (slug == "empty-hole") return "an empty hole";
    if (slug == "opponents-hole") return "a hole of the opponent's row";
    return "one undecided within lap_limit";
  }

  // One side refused the move (or the illegal hole) and the other played it, or both refused it
  // for different reasons.
  Diagnosis refusal() {
    const MoveFacts f = facts_of(d_.rules, place_.before, d_.moves.back());
    laps_ = f.laps;
    lines_.push_back(
        fmt::format("move {}: the model {}, the engine {}", f.words, side_words(d_.model), side_words(d_.engine)));
    if (d_.model.ply && !d_.engine.ply)
      return make("engine-refuses-" + f.slug, "the engine refuses a legal move: " + kind_words(f.slug), f.rules);
    if (!d_.model.ply && d_.engine.ply)
      return make("engine-plays-" + f.slug, "the engine plays a move the model refuses: " + kind_words(f.slug),
                  f.rules);
    const std::string model_reason = d_.model.refusal ? std::string(refusal_name(*d_.model.refusal)) : "other";
    return make("refusal-reason-" + model_reason,
                fmt::format("the engine refuses a move the model refuses as {} for another reason", model_reason),
                f.rules);
  }

  std::string side_words(const Side& s) const {
    if (s.ply) return "plays it";
    const std::string why = s.refusal ? std::string(refusal_name(*s.refusal)) : "refused";
    return fmt::format("refuses it as {} ({})", why, s.error);
  }

  Diagnosis events() {
    const auto& a = d_.model.ply->events;
    const auto& b = d_.engine.ply->events;
    const std::size_t k = first_difference(a, b);
    auto text = [&](const std::vector<Event>& ev) {
      return k < ev.size() ? describe(ev[k], n_) : std::string("no more events");
    };
    lines_.push_back(fmt::format("event {} of the ply: the model {}; the engine {}", k + 1, text(a), text(b)));
    const Event& e = k < a.size() ? a[k] : b[k];
    return make(fmt::format("events-{}", event_kind_name(e.kind)),
                fmt::format("the ply's events part at a {} event", event_kind_name(e.kind)), {e.rule});
  }

  // The ply's rules of the model that touch `holes` (its captures and awards there), or of the
  // whole ply's captures when none does.
  std::vector<RuleId> capture_rules(const std::vector<int>& holes) const {
    std::vector<RuleId> at, all;
    if (!place_.model_ply) return all;
    for (const Event& e : place_.model_ply->events) {
      const bool takes = e.kind == EventKind::capture || e.kind == EventKind::chain_capture ||
                         e.kind == EventKind::last_four_award || e.kind == EventKind::side_award;
      if (!takes) continue;
      all.push_back(e.rule);
      if (std::find(holes.begin(), holes.end(), e.hole) != holes.end()) at.push_back(e.rule);
    }
    return at.empty() ? all : at;
  }

  // The kind of sowing the model's ply was: the rules where a slip in sowing it would show.
  std::vector<RuleId> sowing_rules() const {
    if (laps_ <= 1) return {RuleId::SOW_2};
    if (laps_ <= kLongSowingLaps) return {RuleId::SOW_5};
    return {RuleId::SOW_5, RuleId::SOW_6};
  }

  bool event_in_ply(EventKind kind) const {
    if (!place_.model_ply) return false;
    const auto& ev = place_.model_ply->events;
    return std::any_of(ev.begin(), ev.end(), [&](const Event& e) { return e.kind == kind; });
  }

  std::optional<RuleId> rule_of_event(EventKind kind) const {
    if (!place_.model_ply) return std::nullopt;
    for (const Event& e : place_.model_ply->events)
      if (e.kind == kind) return e.rule;
    return std::nullopt;
  }

  Diagnosis state();
  std::optional<Diagnosis> capture_not_taken(const Position& m, const Position& e);
  Diagnosis status_shape();
  Diagnosis board_shape(const Position& m, const Position& e);
  Diagnosis turn_shape();
  std::string result_words(const Result& r) const;
  std::string position_words(const Position& p) const;

  const Disagreement& d_;
  int n_;
  Place place_;
  std::vector<std::string> lines_;
  long laps_ = 0;
  int missing_ = 0;
};

std::string Diagnoser::result_words(const Result& r) const {
  std::string s(status_name(r.status));
  if (r.status == Status::finished) s += ", " + winner_words(r.winner);
  return fmt::format("{}, captured {},{}", s, r.captured[0], r.captured[1]);
}

std::string Diagnoser::position_words(const Position& p) const {
  std::vector<std::string> holes;
  for (int c : p.board) holes.push_back(std::to_string(c));
  return fmt::format("board {} captured {},{} to move {}", fmt::join(holes, ","), p.captured[0], p.captured[1],
                     player_name(p.to_move));
}

Diagnosis Diagnoser::state() {
  if (place_.model_ply) laps_ = laps_of(place_.model_ply->events);
  const bool plies = d_.model.ply && d_.engine.ply;
  if (plies) {
    const Position& e = d_.engine.ply->after;
    missing_ = seeds_of(d_.start) - seeds_of(e);
    lines_.push_back(fmt::format("after {}: the model {}; the engine {}", move_name(),
                                 position_words(d_.model.ply->after), position_words(e)));
  }
  if (d_.model.result != d_.engine.result)
    lines_.push_back(fmt::format("the game: the model {}; the engine {}", result_words(d_.model.result),
                                 result_words(d_.engine.result)));
  const bool final_check = is_final_check(d_);
  if (!d_.engine.legal.empty() && final_check)
    lines_.push_back(fmt::format("after the game's end the engine still lists {}", moves(d_.engine.legal)));
  if (missing_ != 0) {
    lines_.insert(lines_.begin(), fmt::format("seeds not conserved ({} {})", std::abs(missing_),
                                              missing_ > 0 ? "missing" : "too many"));
    std::vector<RuleId> rules = sowing_rules();
    rules.push_back(RuleId::BRD_3);
    return make("seeds-not-conserved", "the engine's board and captures do not hold the start's seeds", rules);
  }
  if (plies)
    if (auto capture = capture_not_taken(d_.model.ply->after, d_.engine.ply->after)) return *capture;
  if (d_.model.result.status != d_.engine.result.status || d_.model.result.winner != d_.engine.result.winner ||
      (!d_.engine.legal.empty() && final_check))
    return status_shape();
  if (plies && d_.model.ply->after.board != d_.engine.ply->after.board)
    return board_shape(d_.model.ply->after, d_.engine.ply->after);
  if (plies && d_.model.ply->after.captured != d_.engine.ply->after.captured)
    return board_shape(d_.model.ply->after, d_.engine.ply->after);
  if (plies && d_.model.ply->after.to_move != d_.engine.ply->after.to_move) return turn_shape();
  return make("result", "the engine's result differs", {RuleId::END_2});
}

// The model's first capture (CAP-*: a casa or a chain link, not an award) of a hole that the
// engine left holding seeds: the rule the engine missed, before any of its consequences (a game
// that then does not end, a turn that then differs) is taken for the difference.
std::optional<Diagnosis> Diagnoser::capture_not_taken(const Position& m, const Position& e) {
  for (const Event& ev : place_.model_ply->events) {
    if (ev.kind != EventKind::capture && ev.kind != EventKind::chain_capture) continue;
    const auto h = static_cast<std::size_t>(ev.hole);
    if (ev.hole < 0 || h >= m.board.size() || e.board[h] <= m.board[h]) continue;
    lines_.push_back(fmt::format("the model captures {} ({}), the engine leaves {} seeds there",
                                 move_text(Move::at(ev.hole), n_), rule_text(ev.rule), e.board[h]));
    return make("captures-fewer", "the engine does not capture a hole the model captures", {ev.rule});
  }
  return std::nullopt;
}

Diagnosis Diagnoser::status_shape() {
  const Status m = d_.model.result.status, e = d_.engine.result.status;
  const std::optional<RuleId> end_rule = rule_of_event(EventKind::game_end);
  if (m == Status::playing && e == Status::finished) {
    const RuleId last = d_.rules.variant == Variant::hoyito1   ? RuleId::END_I_1
                        : d_.rules.variant == Variant::hoyito2 ? RuleId::END_II_1
                                                               : RuleId::END_III_2;
    return make("engine-ends-game", "the engine ends the game where the model plays on", {RuleId::END_1, last});
  }
  if (m == Status::finished && e == Status::playing)
    return make("engine-plays-on", "the engine plays on where the model ends the game",
                {end_rule.value_or(RuleId::END_1)});
  if (m == e) return make("winner", "the engine gives the game another winner", {RuleId::END_2});
  return make(fmt::format("status-{}-for-{}", status_name(e), status_name(m)),
              fmt::format("the engine's game is {} where the model's is {}", status_name(e), status_name(m)),
              {end_rule.value_or(RuleId::END_3)});
}

Diagnosis Diagnoser::board_shape(const Position& m, const Position& e) {
  std::vector<int> holes;
  std::vector<std::string> words;
  for (int h = 0; h < static_cast<int>(m.board.size()); ++h)
    if (m.board[static_cast<std::size_t>(h)] != e.board[static_cast<std::size_t>(h)]) {
      holes.push_back(h);
      words.push_back(fmt::format("{}: model {}, engine {}", move_text(Move::at(h), n_),
                                  m.board[static_cast<std::size_t>(h)], e.board[static_cast<std::size_t>(h)]));
    }
  if (!words.empty()) lines_.push_back(fmt::format("holes that differ: {}", fmt::join(words, "; ")));
  const Player mover = place_.before.to_move;
  const int i = static_cast<int>(mover);
  const int took_m = m.captured[static_cast<std::size_t>(i)] - place_.before.captured[static_cast<std::size_t>(i)];
  const int took_e = e.captured[static_cast<std::size_t>(i)] - place_.before.captured[static_cast<std::size_t>(i)];
  if (took_e < took_m) {
    lines_.push_back(
        fmt::format("{} captures {} seeds in the model, {} in the engine", player_name(mover), took_m, took_e));
    return make("captures-fewer", "the engine captures fewer seeds than the model", capture_rules(holes));
  }
  if (took_e > took_m) {
    lines_.push_back(
        fmt::format("{} captures {} seeds in the model, {} in the engine", player_name(mover), took_m, took_e));
    std::vector<RuleId> rules = capture_rules(holes);
    if (rules.empty())
      rules = {d_.rules.variant == Variant::hoyito1   ? RuleId::CAP_I_1
               : d_.rules.variant == Variant::hoyito2 ? RuleId::CAP_II_1
                                                      : RuleId::CAP_III_1};
    return make("captures-more", "the engine captures seeds the model does not", rules);
  }
  if (m.captured != e.captured)
    return make("captures-side", "the engine credits a capture to the other player", capture_rules(holes));
  return make("sowing", "the engine sows the seeds into other holes", sowing_rules());
}

Diagnosis Diagnoser::turn_shape() {
  if (event_in_ply(EventKind::extra_move))
    return make("no-extra-move", "the engine gives no extra move where the model does",
                {rule_of_event(EventKind::extra_move).value_or(RuleId::TURN_1)});
  const bool captured = event_in_ply(EventKind::capture);
  std::vector<RuleId> rules{RuleId::TURN_1};
  if (captured)
    rules.push_back(d_.rules.variant == Variant::hoyito1   ? RuleId::CAP_I_3
                    : d_.rules.variant == Variant::hoyito2 ? RuleId::CAP_II_3
                                                           : RuleId::CAP_III_3);
  if (event_in_ply(EventKind::game_end))
    return make("turn-after-end", "the engine names another side to move after the game's last ply", rules);
  return make("extra-move", "the engine gives the mover another turn where the model does not", rules);
}

}  // namespace

Diagnosis diagnose(const Disagreement& d) {
  try {
    return Diagnoser(d).run();
  } catch (const InputError& e) {  // the model cannot replay the moves (cannot happen for its own
    Diagnosis x;                   // disagreements): said, not guessed
    x.class_id = x.shape = "unexplained";
    x.words = std::string("the model could not replay the case: ") + e.what();
    return x;
  }
}

std::string rules_text(const std::vector<RuleId>& rules, const char* separator) {
  std::vector<std::string> names;
  for (RuleId r : rules) names.emplace_back(rule_text(r));
  return names.empty() ? std::string("none") : fmt::format("{}", fmt::join(names, separator));
}

}  // namespace hoyito
