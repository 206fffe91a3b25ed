#include "harness/verify/exhaustive.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>

#include "engine/engine.h"
#include "harness/base/campaign.h"
#include "model/model.h"
#include "engine/sides.h"

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
// An interrupt (harness/base/campaign.h) ends the walk: the boards visited so far are counted.
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

ExhaustiveCounts exhaustive_check(int holes_per_row, int max_seeds, int threads,
                                  const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  const std::vector<Rules> configs = single_move_configurations(holes_per_row);
  const int holes = 2 * holes_per_row;
  const std::uint64_t total_boards = count_boards(holes, max_seeds);
  ExhaustiveCounts counts;
  counts.configurations = static_cast<int>(configs.size());
  std::mutex mutex;
  std::atomic<std::uint64_t> boards_done{0};

  // Each configuration as played for the legal plies (G6 illegal) and for the moves (G6 void),
  // validated once here: the Games below are made from positions built valid, unchecked.
  std::vector<std::pair<Rules, Rules>> rules_pairs;
  for (const Rules& base : configs) {
    if (engine::seed_total(base) != engine::seed_total(configs.front())) throw std::logic_error("exhaustive: configurations of different totals");
    Rules void_rules = base;
    void_rules.options.endless_sowing = EndlessSowing::void_game;
    validate(base);
    validate(void_rules);
    rules_pairs.emplace_back(base, void_rules);
  }
  const engine::Game::Validated validated;

  auto worker = [&](int t) {
    ExhaustiveCounts mine;
    std::vector<int> board(static_cast<size_t>(holes), 0);
    Position p{board, {0, 0}, Player::south};  // one buffer for every position: no allocation per board
    // Scratch, reused: a configuration's two games under each G6 reading, made at its first
    // position and restarted (not made anew: their storage stays) for every position and move,
    // and the two plies (play(hole, ply) reuses their storage).
    struct Games {
      model::Game model;
      engine::Game engine;
      Games(const Rules& rules, const Position& start, engine::Game::Validated v) : model(rules, start), engine(rules, start, v) {}
      void restart(const Position& start, engine::Game::Validated v) {
        model.restart(start);
        engine.restart(start, v);
      }
    };
    std::vector<std::optional<Games>> illegal_games(rules_pairs.size()), void_games(rules_pairs.size());
    Ply model_ply, engine_ply;
    std::vector<int> model_legal, engine_legal;
    std::uint64_t index = 0;
    for_each_board(board, 0, max_seeds, [&](const std::vector<int>& b) {
      // Boards are dealt in turn to the workers: neighbouring boards cost about the same, so each
      // worker gets an even share of the work.
      if (index++ % static_cast<std::uint64_t>(threads) != static_cast<std::uint64_t>(t)) return;
      int on_board = 0;
      for (int c : b) on_board += c;
      mine.boards += 1;
      std::copy(b.begin(), b.end(), p.board.begin());
      const int rest = engine::seed_total(configs.front()) - on_board;  // the same total in every configuration
      p.captured = {rest - rest / 2, rest / 2};
      validate(p, configs.front());  // once a board: valid for every configuration and side
      for (std::size_t c = 0; c < rules_pairs.size(); ++c) {
        const auto& [base, void_rules] = rules_pairs[c];
        // The round cases of Hoyito III differ only in the last-four award, which needs a capture
        // that leaves four or fewer: a board of at most 8 seeds.
        if (base.round != 1 && on_board > 8) continue;
        for (const Player side : kPlayers) {
          p.to_move = side;
          mine.positions += 1;
          auto note = [&](std::optional<Disagreement> d) {
            mine.disagreements += 1;
            if (!mine.first && d) mine.first = std::move(d);
          };
          auto compare_legal = [&](const Rules& rules) {
            if (model_legal == engine_legal) return;
            Disagreement d{rules, p, {}, "legal", {}, {}};
            d.model.legal = model_legal;
            d.engine.legal = engine_legal;
            note(d);
          };
          auto games_at_p = [&](std::optional<Games>& games, const Rules& rules) -> Games& {
            if (games)
              games->restart(p, validated);
            else
              games.emplace(rules, p, validated);
            return *games;
          };
          // Legal plies with endless moves illegal (G6 default) ...
          Games& illegal = games_at_p(illegal_games[c], base);
          illegal.model.legal_plies(model_legal);
          illegal.engine.legal_plies(engine_legal);
          compare_legal(base);
          // ... and every move played, endless ones included (G6 void): the legal plies, then the
          // whole ply (player, hole, events and position after) and the result must agree. Each
          // move on the two games restarted at p (under void the engine sows a move once, by play()).
          Games& played = games_at_p(void_games[c], void_rules);
          played.model.legal_plies(model_legal);
          played.engine.legal_plies(engine_legal);
          compare_legal(void_rules);
          for (std::size_t i = 0; i < model_legal.size(); ++i) {
            if (i > 0) played.restart(p, validated);
            const int ply = model_legal[i];
            mine.moves += 1;
            bool same = false;
            try {
              played.model.play(ply, model_ply);
              played.engine.play(ply, engine_ply);
              same = model_ply == engine_ply && played.model.result() == played.engine.result();
            } catch (const InputError&) {
            }
            if (!same) note(compare_moves(void_rules, p, {ply}));
          }
        }
      }
      boards_done += 1;
    });
    std::lock_guard<std::mutex> lock(mutex);
    counts.boards += mine.boards;
    counts.positions += mine.positions;
    counts.moves += mine.moves;
    counts.disagreements += mine.disagreements;
    if (!counts.first && mine.first) counts.first = mine.first;
  };

  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(worker, t);
  // The progress reports, every 500 ms. Woken as soon as the workers are done, so that the run's
  // time is its own (a plain sleep rounded every run up to the next step of 500 ms).
  std::mutex done_mutex;
  std::condition_variable done_signal;
  bool done = false;  // guarded by done_mutex
  std::thread reporter([&] {
    std::unique_lock lock(done_mutex);
    while (!done_signal.wait_for(lock, std::chrono::milliseconds(500), [&] { return done; }))
      if (progress) progress(boards_done.load(), total_boards);
  });
  for (auto& th : pool) th.join();
  {
    std::lock_guard lock(done_mutex);
    done = true;
  }
  done_signal.notify_all();
  reporter.join();
  return counts;
}

}  // namespace hoyito
