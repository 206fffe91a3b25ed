#include "harness/annotate/quality.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "engine/engine.h"
#include "harness/games/search.h"
#include "harness/games/table_play.h"
#include "model/model.h"

namespace hoyito {

namespace {

// A legal ply's value, searched or from the tables (lo == hi for a search).
struct PlyValue {
  Move move;
  int lo = 0, hi = 0;
};

// The line of every non-empty hole of the mover from the values of the legal plies.
QualityLine line_of(const engine::Game& game, const Rules& rules, const std::vector<PlyValue>& values, bool exact) {
  QualityLine line;
  line.exact = exact;
  if (values.empty() || values.front().move.is_pass()) return line;
  line.best = std::max_element(values.begin(), values.end(), [](auto& a, auto& b) { return a.lo < b.lo; })->lo;
  const TableValue position{
      line.best, std::max_element(values.begin(), values.end(), [](auto& a, auto& b) { return a.hi < b.hi; })->hi};
  const int lead = mover_lead(game);
  const Position& p = game.position();
  for (int k = 0; k < rules.holes_per_row; ++k) {
    const int hole = p.to_move == Player::south ? k : rules.holes_per_row + k;
    if (p.board[static_cast<size_t>(hole)] == 0) continue;  // SOW-1: not a move at all
    MoveQuality q;
    q.hole = hole;
    const auto legal = std::find_if(values.begin(), values.end(), [&](auto& v) { return v.move == Move::at(hole); });
    if (legal == values.end()) {  // SOW-6: refused because the sowing never ends
      const model::MoveOutcome outcome = model::sow_move(rules, p, hole);
      if (!outcome.endless) continue;
      q.endless = true;
      q.repeat_lap = static_cast<long>(outcome.laps);
    } else {
      q.value = legal->lo;
      q.hi = legal->hi;
      // SOW-6 void: a legal move that never ends voids the game; its value is the captures as they stand.
      q.voids = rules.options.endless_sowing == EndlessSowing::void_game && model::is_endless(rules, p, hole);
      q.mark = exact ? exact_mark(position, {q.value, q.hi}, lead) : quality_mark(line.best - q.value, false);
      if (exact) q.verdict = verdict_name(verdict_of({q.value, q.hi}, lead));
    }
    line.moves.push_back(q);
  }
  return line;
}

// The exact line where a table covers the position (specs/endgame-tables.md), else the search's
// of `depth` plies (none for depth 0).
QualityLine line_for(const engine::Game& game, const Rules& rules, int depth, const TableSet* tables) {
  std::vector<PlyValue> values;
  if (tables != nullptr) {
    for (const TableMoveValue& v : table_move_values(game, *tables)) values.push_back({v.move, v.value.lo, v.value.hi});
    if (!values.empty()) return line_of(game, rules, values, true);
  }
  QualityLine line;
  if (depth > 0) {
    for (const search::MoveValue& v : search::move_values(game, depth, search::Inside::refuse))
      values.push_back({v.move, v.value, v.value});
    line = line_of(game, rules, values, false);
  }
  line.depth = depth;
  return line;
}

}  // namespace

std::string exact_mark(const TableValue& position, const TableValue& move, int lead) {
  const Verdict before = verdict_of(position, lead), after = verdict_of(move, lead);
  if ((before == Verdict::win && after != Verdict::win) || (before != Verdict::loss && after == Verdict::loss))
    return "??";
  return move.hi < position.lo ? "?" : "";
}

std::string quality_mark(int loss, bool exact) {
  if (exact) return loss >= kExactBlunderLoss ? "??" : loss >= kExactDubiousLoss ? "?" : "";
  return loss >= kBlunderLoss ? "??" : loss >= kDubiousLoss ? "?" : "";
}

struct QualityWalk::State {
  const GameRecord& record;
  int depth, first, last;
  const TableSet* tables;
  engine::Game game;
  int number = 0;  // plies played
};

QualityWalk::QualityWalk(const GameRecord& record, int depth, int first, int last, const TableSet* tables)
    : state_(new State{record, depth, first, last, tables, engine::Game(record.rules, record.start)}) {
  if (tables != nullptr) tables->require_rules(record.rules);  // a table of other rules: one line, no page
}

QualityWalk::~QualityWalk() = default;

QualityLine QualityWalk::next() {
  State& s = *state_;
  QualityLine line;
  line.depth = s.depth;
  const int number = s.number + 1;
  try {
    if (number >= s.first && number <= s.last) line = line_for(s.game, s.record.rules, s.depth, s.tables);
  } catch (const UndecidedMove& e) {  // Q-LIMIT (2x12 play, rarely): no advice, said in its place
    line.moves.clear();
    line.undecided = e.what();
  }
  s.game.play_fast(s.record.plies[static_cast<size_t>(s.number)].move);
  s.number = number;
  return line;
}

std::vector<QualityLine> quality_lines(const GameRecord& record, int depth, int first, int last,
                                       const TableSet* tables) {
  std::vector<QualityLine> lines;
  QualityWalk walk(record, depth, first, last, tables);
  for (std::size_t k = 0; k < record.plies.size(); ++k) lines.push_back(walk.next());
  return lines;
}

namespace {
// "+8 win", "[-8, +0] depends on the repetition history" (exact lines); "+8" (a search's).
std::string value_text(const MoveQuality& q, Lang lang) {
  const std::string value = table_value_text({q.value, q.hi});
  if (q.verdict.empty() || lang == Lang::en) return q.verdict.empty() ? value : value + " " + q.verdict;
  static const std::map<std::string, std::string> spanish = {
      {"win", "gana"},
      {"draw", "tablas"},
      {"loss", "pierde"},
      {"depends on the repetition history", "depende de la historia de repeticiones"}};
  return value + " " + spanish.at(q.verdict);
}

std::string heading(const QualityLine& line, Lang lang) {
  return fmt::format(fmt::runtime(word(line.exact ? Word::quality_exact : Word::quality, lang)),
                     fmt::arg("depth", line.depth));
}

// "(best, played)", "(played, loses 3)", "(best; voids the game ...)".
std::string notes_of(const QualityLine& line, const MoveQuality& q, Move played, Lang lang) {
  std::string notes;
  if (q.value == line.best) notes += word(Word::quality_best, lang);
  if (Move::at(q.hole) == played) {
    notes += fmt::format("{}{}", notes.empty() ? "" : ", ", word(Word::quality_played, lang));
    if (line.exact && q.hi < line.best)  // seeds lost for certain: even its hi is below the best lo
      notes += fmt::format(fmt::runtime(word(Word::quality_loses, lang)), fmt::arg("loss", line.best - q.hi));
  }
  if (q.voids) notes += fmt::format("{}{}", notes.empty() ? "" : "; ", word(Word::quality_void, lang));
  return notes;
}
}  // namespace

std::string quality_text(const QualityLine& line, Move played, int n, Lang lang) {
  if (!line.undecided.empty())
    return fmt::format("{} {}", heading(line, lang),
                       fmt::format(fmt::runtime(word(Word::quality_undecided, lang)), fmt::arg("why", line.undecided)));
  std::string legal, endless;
  for (const MoveQuality& q : line.moves) {
    if (q.endless) {
      endless +=
          fmt::format("{}{} {}", endless.empty() ? "" : "; ", hole_name(q.hole, n),
                      fmt::format(fmt::runtime(word(Word::quality_endless, lang)), fmt::arg("lap", q.repeat_lap)));
      continue;
    }
    const std::string notes = notes_of(line, q, played, lang);
    legal += fmt::format("{}{} {}{}{}", legal.empty() ? "" : ", ", hole_name(q.hole, n), value_text(q, lang),
                         q.mark.empty() ? "" : " " + q.mark, notes.empty() ? "" : " (" + notes + ")");
  }
  return fmt::format("{} {}{}{}", heading(line, lang), legal, endless.empty() ? "" : "; ", endless);
}

}  // namespace hoyito
