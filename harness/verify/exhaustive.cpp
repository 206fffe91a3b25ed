#include "harness/verify/exhaustive.h"

#include <algorithm>
#include <optional>
#include <ostream>
#include <stdexcept>

#include <fmt/format.h>

#include "engine/engine.h"
#include "engine/sides.h"
#include "harness/base/campaign.h"
#include "model/model.h"

namespace hoyito {

namespace {

// The configurations that change a single move: variant, G1, and the Hoyito III round cases of
// the last-four award. G6 is covered by playing every move under `void` and comparing the legal
// plies under `illegal`; G7 acts on whole games only (verify covers it).
std::vector<Rules> single_move_configurations(int holes_per_row) {
  std::vector<Rules> out;
  for (Variant v : {Variant::hoyito1, Variant::hoyito2, Variant::hoyito3})
    for (bool skip : {false, true}) {
      Rules r;
      r.variant = v;
      r.holes_per_row = holes_per_row;
      r.options.skip_origin = skip;
      out.push_back(r);
      if (v != Variant::hoyito3) continue;
      for (const Winner previous : {Winner::south, Winner::north, Winner::draw}) {
        Rules round3 = r;
        round3.round = 3;
        round3.previous_winner = previous;
        out.push_back(round3);
        if (previous == Winner::draw) {
          round3.options.drawn_previous_last_four = DrawnPreviousLastFour::split;
          out.push_back(round3);
        }
      }
    }
  return out;
}

// Calls visit(board) for every board of `holes` holes with at most `max_seeds` seeds.
// An interrupt (harness/base/interrupt.h) ends the walk: the boards visited so far are counted.
template <typename F>
void for_each_board(std::vector<int>& board, size_t hole, int left, F&& visit) {
  if (interrupted()) return;
  if (hole == board.size()) {
    visit(board);
    return;
  }
  for (int k = 0; k <= left; ++k) {
    board[hole] = k;
    for_each_board(board, hole + 1, left - k, visit);
  }
  board[hole] = 0;
}

}  // namespace

std::uint64_t count_boards(int holes, int max_seeds) {
  // Boards of `holes` holes with at most s seeds = C(s + holes, holes).
  std::uint64_t c = 1;
  for (int i = 1; i <= holes; ++i) c = c * static_cast<std::uint64_t>(max_seeds + i) / static_cast<std::uint64_t>(i);
  return c;
}

namespace {

// The first holes whose counts name a unit of work of the campaign: each unit walks every board
// that starts with its counts, so that the units are many and none is more than a few percent of
// the boards (2x6, 16 seeds: 969 units, the largest 7% of the boards).
constexpr std::size_t kPrefixHoles = 3;

// The counts of the first kPrefixHoles holes of every unit, in the walk's order.
std::vector<std::vector<int>> board_prefixes(int max_seeds) {
  std::vector<std::vector<int>> out;
  std::vector<int> prefix(kPrefixHoles, 0);
  for_each_board(prefix, 0, max_seeds, [&](const std::vector<int>& p) { out.push_back(p); });
  return out;
}

// Each configuration as played for the legal plies (G6 illegal) and for the moves (G6 void),
// validated once here: the Games below are made from positions built valid, unchecked.
std::vector<std::pair<Rules, Rules>> rules_pairs_of(const std::vector<Rules>& configs) {
  std::vector<std::pair<Rules, Rules>> out;
  for (const Rules& base : configs) {
    if (engine::seed_total(base) != engine::seed_total(configs.front()))
      throw std::logic_error("exhaustive: configurations of different totals");
    Rules void_rules = base;
    void_rules.options.endless_sowing = EndlessSowing::void_game;
    validate(base);
    validate(void_rules);
    out.emplace_back(base, void_rules);
  }
  return out;
}

// One worker's counts and scratch, reused from board to board: a configuration's two games
// under each G6 reading, made at its first position and restarted (not made anew: their storage
// stays) for every position and move, and the two plies (play(hole, ply) reuses their storage).
class BoardChecker {
 public:
  BoardChecker(const std::vector<std::pair<Rules, Rules>>& rules_pairs, int holes)
      : pairs_(rules_pairs),
        illegal_games_(rules_pairs.size()),
        void_games_(rules_pairs.size()),
        p_{std::vector<int>(static_cast<std::size_t>(holes), 0), {0, 0}, Player::south} {}

  // Every configuration and side of `board` (the rest of the seeds captured, split evenly).
  void check(const std::vector<int>& board) {
    int on_board = 0;
    for (int c : board) on_board += c;
    counts.boards += 1;
    std::copy(board.begin(), board.end(), p_.board.begin());
    const int rest = engine::seed_total(pairs_.front().first) - on_board;  // the same total in every configuration
    p_.captured = {rest - rest / 2, rest / 2};
    validate(p_, pairs_.front().first);  // once a board: valid for every configuration and side
    for (std::size_t c = 0; c < pairs_.size(); ++c) {
      // The round cases of Hoyito III differ only in the last-four award, which needs a capture
      // that leaves four or fewer: a board of at most 8 seeds.
      if (pairs_[c].first.round != 1 && on_board > 8) continue;
      for (const Player side : kPlayers) {
        p_.to_move = side;
        counts.positions += 1;
        check_position(c);
      }
    }
  }

  ExhaustiveCounts counts;

 private:
  struct Games {
    model::Game model;
    engine::Game engine;
    Games(const Rules& rules, const Position& start, engine::Game::Validated v)
        : model(rules, start), engine(rules, start, v) {}
    void restart(const Position& start, engine::Game::Validated v) {
      model.restart(start);
      engine.restart(start, v);
    }
  };

  void note(std::optional<Disagreement> d) {
    counts.disagreements += 1;
    if (!counts.first && d) counts.first = std::move(d);
  }

  void compare_legal(const Rules& rules) {
    if (model_legal_ == engine_legal_) return;
    Disagreement d{rules, p_, {}, "legal", {}, {}};
    d.model.legal = model_legal_;
    d.engine.legal = engine_legal_;
    note(d);
  }

  Games& games_at_p(std::optional<Games>& games, const Rules& rules) {
    if (games)
      games->restart(p_, validated_);
    else
      games.emplace(rules, p_, validated_);
    return *games;
  }

  // Configuration c at p_: the legal plies with endless moves illegal (G6 default), and every
  // move played, endless ones included (G6 void): the legal plies, then the whole ply (player,
  // hole, events and position after) and the result must agree. Each move on the two games
  // restarted at p_ (under void the engine sows a move once, by play()).
  void check_position(std::size_t c) {
    const auto& [base, void_rules] = pairs_[c];
    Games& illegal = games_at_p(illegal_games_[c], base);
    illegal.model.legal_moves(model_legal_);
    illegal.engine.legal_moves(engine_legal_);
    compare_legal(base);
    Games& played = games_at_p(void_games_[c], void_rules);
    played.model.legal_moves(model_legal_);
    played.engine.legal_moves(engine_legal_);
    compare_legal(void_rules);
    for (std::size_t i = 0; i < model_legal_.size(); ++i) {
      if (i > 0) played.restart(p_, validated_);
      const Move ply = model_legal_[i];
      counts.moves += 1;
      bool same = false;
      try {
        played.model.play(ply, model_ply_);
        played.engine.play(ply, engine_ply_);
        same = model_ply_ == engine_ply_ && played.model.result() == played.engine.result();
      } catch (const InputError&) {
      }
      if (!same) note(compare_moves(void_rules, p_, {ply}));
    }
  }

  const std::vector<std::pair<Rules, Rules>>& pairs_;
  std::vector<std::optional<Games>> illegal_games_, void_games_;
  Position p_;  // one buffer for every position: no allocation per board
  const engine::Game::Validated validated_{};
  Ply model_ply_, engine_ply_;
  std::vector<Move> model_legal_, engine_legal_;
};

CampaignOptions exhaustive_campaign(int threads) {
  CampaignOptions options;
  options.check = "exhaustive";
  options.unit = "board groups";
  options.threads = threads;
  options.work_timeout = 1e12;  // a group of boards may take minutes: no hung-work watch
  return options;
}

}  // namespace

ExhaustiveCounts exhaustive_check(int holes_per_row, int max_seeds, int threads, Reporter* reporter) {
  const std::vector<Rules> configs = single_move_configurations(holes_per_row);
  const std::vector<std::pair<Rules, Rules>> rules_pairs = rules_pairs_of(configs);
  const int holes = 2 * holes_per_row;
  const std::vector<std::vector<int>> prefixes = board_prefixes(max_seeds);
  // The one runner (harness/base/campaign.h): the groups of boards on the workers, progress
  // through the Reporter, no group started after an interrupt (the one in flight stops at its
  // next board: for_each_board).
  std::ostream discard(nullptr);  // no progress: a stream that writes nothing
  Reporter quiet(discard, false);
  Campaign campaign(exhaustive_campaign(threads), reporter ? *reporter : quiet);
  std::vector<BoardChecker> checkers;
  checkers.reserve(campaign.workers());
  for (std::size_t w = 0; w < campaign.workers(); ++w) checkers.emplace_back(rules_pairs, holes);
  const CampaignSummary summary = campaign.run(
      prefixes.size(),
      [&](std::size_t unit, std::size_t worker) {
        std::vector<int> board(static_cast<std::size_t>(holes), 0);
        std::copy(prefixes[unit].begin(), prefixes[unit].end(), board.begin());
        int left = max_seeds;
        for (int c : prefixes[unit]) left -= c;
        for_each_board(board, kPrefixHoles, left, [&](const std::vector<int>& b) { checkers[worker].check(b); });
      },
      [](std::size_t unit) {
        return WorkName{fmt::format("board group {}", unit), ""};
      });
  if (!summary.failures.empty()) throw std::runtime_error("exhaustive: " + summary.failures.front().error);
  ExhaustiveCounts counts;
  counts.configurations = static_cast<int>(configs.size());
  for (const BoardChecker& w : checkers) {
    counts.boards += w.counts.boards;
    counts.positions += w.counts.positions;
    counts.moves += w.counts.moves;
    counts.disagreements += w.counts.disagreements;
    if (!counts.first && w.counts.first) counts.first = w.counts.first;
  }
  return counts;
}

}  // namespace hoyito
