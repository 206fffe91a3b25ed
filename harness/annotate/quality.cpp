#include "harness/annotate/quality.h"

#include <algorithm>

#include <fmt/format.h>

#include "engine/engine.h"
#include "harness/games/search.h"
#include "model/model.h"

namespace hoyito {

namespace {

QualityLine line_for(const engine::Game& game, const Rules& rules, int depth) {
  QualityLine line;
  line.depth = depth;
  const std::vector<search::MoveValue> values = search::move_values(game, depth);
  if (values.empty() || values.front().hole == kPass) return line;
  line.best = std::max_element(values.begin(), values.end(), [](auto& a, auto& b) { return a.value < b.value; })->value;
  const Position& p = game.position();
  for (int k = 0; k < rules.holes_per_row; ++k) {
    const int hole = p.to_move == Player::south ? k : rules.holes_per_row + k;
    if (p.board[static_cast<size_t>(hole)] == 0) continue;  // SOW-1: not a move at all
    MoveQuality q;
    q.hole = hole;
    const auto legal = std::find_if(values.begin(), values.end(), [&](auto& v) { return v.hole == hole; });
    if (legal == values.end()) {  // SOW-6: refused because the sowing never ends
      const model::MoveOutcome outcome = model::sow_move(rules, p, hole);
      if (!outcome.endless) continue;
      q.endless = true;
      q.repeat_lap = static_cast<long>(outcome.laps);
    } else {
      q.value = legal->value;
      // SOW-6 void: a legal move that never ends voids the game; its value is the captures as they stand.
      q.voids = rules.options.endless_sowing == EndlessSowing::void_game && model::is_endless(rules, p, hole);
      const int loss = line.best - q.value;
      q.mark = loss >= kBlunderLoss ? "??" : loss >= kDubiousLoss ? "?" : "";
    }
    line.moves.push_back(q);
  }
  return line;
}

}  // namespace

struct QualityWalk::State {
  const GameRecord& record;
  int depth, first, last;
  engine::Game game;
  int number = 0;  // plies played
};

QualityWalk::QualityWalk(const GameRecord& record, int depth, int first, int last)
    : state_(new State{record, depth, first, last, engine::Game(record.rules, record.start)}) {}

QualityWalk::~QualityWalk() = default;

QualityLine QualityWalk::next() {
  State& s = *state_;
  QualityLine line;
  line.depth = s.depth;
  const int number = s.number + 1;
  try {
    if (number >= s.first && number <= s.last) line = line_for(s.game, s.record.rules, s.depth);
  } catch (const UndecidedMove& e) {  // Q-LIMIT (2x12 play, rarely): no advice, said in its place
    line.moves.clear();
    line.undecided = e.what();
  }
  s.game.play_fast(s.record.plies[static_cast<size_t>(s.number)].hole);
  s.number = number;
  return line;
}

std::vector<QualityLine> quality_lines(const GameRecord& record, int depth, int first, int last) {
  std::vector<QualityLine> lines;
  QualityWalk walk(record, depth, first, last);
  for (std::size_t k = 0; k < record.plies.size(); ++k) lines.push_back(walk.next());
  return lines;
}

std::string quality_text(const QualityLine& line, int played, int n, Lang lang) {
  if (!line.undecided.empty())
    return fmt::format("{} {}", fmt::format(fmt::runtime(word(Word::quality, lang)), fmt::arg("depth", line.depth)),
                       fmt::format(fmt::runtime(word(Word::quality_undecided, lang)), fmt::arg("why", line.undecided)));
  std::string legal, endless;
  for (const MoveQuality& q : line.moves) {
    if (q.endless) {
      endless +=
          fmt::format("{}{} {}", endless.empty() ? "" : "; ", hole_name(q.hole, n),
                      fmt::format(fmt::runtime(word(Word::quality_endless, lang)), fmt::arg("lap", q.repeat_lap)));
      continue;
    }
    std::string notes;
    if (q.value == line.best) notes += word(Word::quality_best, lang);
    if (q.hole == played) notes += fmt::format("{}{}", notes.empty() ? "" : ", ", word(Word::quality_played, lang));
    if (q.voids) notes += fmt::format("{}{}", notes.empty() ? "" : "; ", word(Word::quality_void, lang));
    legal += fmt::format("{}{} {:+}{}{}", legal.empty() ? "" : ", ", hole_name(q.hole, n), q.value,
                         q.mark.empty() ? "" : " " + q.mark, notes.empty() ? "" : " (" + notes + ")");
  }
  return fmt::format("{} {}{}{}", fmt::format(fmt::runtime(word(Word::quality, lang)), fmt::arg("depth", line.depth)),
                     legal, endless.empty() ? "" : "; ", endless);
}

}  // namespace hoyito
