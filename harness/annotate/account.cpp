#include "harness/annotate/account.h"

#include <cctype>

#include <fmt/format.h>

#include "harness/games/notation.h"

namespace hoyito {

Lang parse_lang(std::string_view text) {
  if (text == "en") return Lang::en;
  if (text == "es") return Lang::es;
  throw InputError(fmt::format("--lang '{}': expected en or es", text));
}

std::string_view lang_code(Lang lang) { return lang == Lang::en ? "en" : "es"; }

std::string player_word(Player player, Lang lang) {
  return std::string(word(player == Player::north ? Word::north : Word::south, lang));
}

std::string seeds_text(int seeds, Lang lang) {
  return fmt::format("{} {}", seeds, word(seeds == 1 ? Word::seed : Word::seeds, lang));
}

std::string hole_word(int hole, int n, Lang lang) {
  return lang == Lang::es ? fmt::format("«{}»", hole_name(hole, n)) : hole_name(hole, n);
}

std::string move_word(const Ply& ply, int n, Lang lang) {
  return ply.move.is_pass() ? std::string(word(Word::pass_move, lang)) : ply_notation(ply, n);
}

std::string record_title(const GameRecord& record, Lang lang) {
  return fmt::format("{} 2x{}, {} {}", variant_name(record.rules.variant), record.rules.holes_per_row,
                     record.plies.size(), word(Word::plies, lang));
}

std::string hole_list(const std::vector<int>& holes, int n, Lang lang) {
  std::string text;
  for (size_t i = 0; i < holes.size(); ++i) {
    if (i > 0) text += i + 1 == holes.size() ? fmt::format(" {} ", word(Word::and_, lang)) : ", ";
    text += hole_word(holes[i], n, lang);
  }
  return text;
}

std::string result_text(const Result& result, Lang lang) {
  constexpr Word statuses[] = {Word::status_playing, Word::status_finished, Word::status_unterminated,
                               Word::status_void};
  const std::string winner = is_player(result.winner)        ? player_word(player_of(result.winner), lang)
                             : result.winner == Winner::draw ? std::string(word(Word::draw, lang))
                                                             : std::string(word(Word::nobody, lang));
  // "winner South"; a draw is "draw" alone ("empate", not "ganador empate"); no winner: "winner none"
  // ("sin ganador", not "ganador ninguno").
  const std::string who = result.winner == Winner::none || result.winner == Winner::draw
                              ? winner
                              : fmt::format("{} {}", word(Word::winner, lang), winner);
  return fmt::format("{}: {}; {} {} {}, {} {}; {}", word(Word::result, lang),
                     word(statuses[static_cast<int>(result.status)], lang), word(Word::captured, lang),
                     word(Word::south, lang), result.captured[index(Player::south)], word(Word::north, lang),
                     result.captured[index(Player::north)], who);
}

namespace {

std::string_view phrase(std::string_view key, Lang lang) {
  for (const EventPhrase& p : event_phrases())
    if (p.key == key) return lang == Lang::en ? p.en : p.es;
  return key;  // unreachable while the table has every key (tests/harness/annotate/annotate_test.cpp)
}

// The table entry that words `e` (see EventPhrase).
std::string phrase_key(const Event& e, const Rules& rules, const LapStory* lap) {
  switch (e.kind) {
    case EventKind::lap:
      if (lap && lap->end == LapStory::End::stopped) return "lap.stopped";
      return e.rule == RuleId::SOW_3 ? "lap.skip" : "lap";
    case EventKind::capture:
      return e.rule == RuleId::CAP_I_1 ? "capture.en_passant" : "capture";
    case EventKind::pass:
      if (e.rule == RuleId::PASS_2) return "pass.extra";
      if (e.rule == RuleId::PASS_3) return "pass.endless";
      return "pass";
    case EventKind::last_four_award:
      if (e.rule == RuleId::END_III_3) return "last_four_award.previous";
      if (e.rule == RuleId::END_III_4)
        return rules.options.drawn_previous_last_four == DrawnPreviousLastFour::split
                   ? "last_four_award.split"
                   : "last_four_award.drawn_capturer";
      return "last_four_award";
    case EventKind::side_award:
      return e.rule == RuleId::END_4 ? "side_award.no_seeds" : "side_award";  // END-4 or END-3
    case EventKind::game_end:
      if (e.status == Status::unterminated) return "game_end.unterminated";
      if (e.status == Status::void_game) return "game_end.void";
      return e.winner == Winner::draw ? "game_end.draw" : "game_end";
    default:
      return std::string(event_kind_name(e.kind));
  }
}

// END-3 third_repetition: "This position (...) stood before at the start and after ply 9: its
// third occurrence ends the game (END-3)." Said before the side awards it brings.
std::string repetition_sentence(const PlyStory& story, Lang lang) {
  std::vector<std::string> where;
  std::vector<int> plies;
  for (int k : story.earlier)
    if (k == 0)
      where.emplace_back(word(Word::repetition_start, lang));
    else
      plies.push_back(k);
  if (!plies.empty()) {
    std::string list;
    for (size_t i = 0; i < plies.size(); ++i)
      list += fmt::format("{}{}",
                          i == 0                  ? ""
                          : i + 1 == plies.size() ? fmt::format(" {} ", word(Word::and_, lang))
                                                  : ", ",
                          plies[i]);
    where.push_back(
        fmt::format(fmt::runtime(word(plies.size() == 1 ? Word::repetition_ply : Word::repetition_plies, lang)),
                    fmt::arg("plies", list)));
  }
  return fmt::format(fmt::runtime(word(Word::repetition, lang)),
                     fmt::arg("player", player_word(story.repeated->to_move, lang)),
                     fmt::arg("where", fmt::join(where, fmt::format(" {} ", word(Word::and_, lang)))),
                     fmt::arg("rule", rule_text(RuleId::END_3)));
}

}  // namespace

std::vector<Sentence> account(const PlyStory& story, const Rules& rules, Lang lang) {
  const int n = rules.holes_per_row;
  std::vector<Sentence> out;
  const auto& events = story.ply.events;
  int lap_index = 0;  // laps told so far
  size_t capture_index = 0;
  for (size_t i = 0; i < events.size(); ++i) {
    const Event& e = events[i];
    if (e.kind == EventKind::side_award && e.rule == RuleId::END_3 && i > 0 &&
        events[i - 1].kind != EventKind::side_award && story.repeated && !story.earlier.empty())
      out.push_back({lap_index, repetition_sentence(story, lang)});
    const LapStory* lap = e.kind == EventKind::lap && lap_index < static_cast<int>(story.laps.size())
                              ? &story.laps[static_cast<size_t>(lap_index)]
                              : nullptr;
    std::string holes;
    bool chain_of_one = false;                 // "the four in b", "la casa de cuatro de «b»": one hole is no run
    if (e.kind == EventKind::chain_capture) {  // CAP-II-2: the whole run in one sentence
      std::vector<int> run;
      while (i < events.size() && events[i].kind == EventKind::chain_capture) run.push_back(events[i++].hole);
      --i;
      holes = hole_list(run, n, lang);
      chain_of_one = run.size() == 1;
    }
    if (e.kind == EventKind::capture || e.kind == EventKind::chain_capture) ++capture_index;
    const int count = lap ? lap->landing_count : 0;
    const Player player = e.player.value_or(story.ply.player);
    std::string text =
        fmt::format(fmt::runtime(phrase(chain_of_one ? "chain_capture.one" : phrase_key(e, rules, lap), lang)),
                    fmt::arg("player", player_word(player, lang)), fmt::arg("n_seeds", seeds_text(e.seeds, lang)),
                    fmt::arg("hole", e.hole >= 0 ? hole_word(e.hole, n, lang) : ""),
                    fmt::arg("from", e.from >= 0 ? hole_word(e.from, n, lang) : ""),
                    fmt::arg("to", e.to >= 0 ? hole_word(e.to, n, lang) : ""),
                    fmt::arg("lap", lap ? lap->number : lap_index), fmt::arg("count", count), fmt::arg("holes", holes),
                    fmt::arg("rule", rule_text(e.rule)), fmt::arg("round", rules.round),
                    fmt::arg("winner", is_player(e.winner) ? player_word(player_of(e.winner), lang) : ""),
                    fmt::arg("south", story.ply.after.captured[index(Player::south)]),
                    fmt::arg("north", story.ply.after.captured[index(Player::north)]),
                    fmt::arg("ply_limit", rules.options.ply_limit));
    if (lap) ++lap_index;
    out.push_back({lap_index, std::move(text)});
  }
  return out;
}

bool needs_summary(int laps, int keep) { return laps > 2 * keep + 2; }

std::vector<std::string> summarised(const std::vector<Sentence>& sentences, int laps, Lang lang, int keep) {
  std::vector<std::string> out;
  const bool cut = needs_summary(laps, keep);
  bool told_cut = false;
  for (const Sentence& s : sentences) {
    if (cut && s.lap > keep && s.lap <= laps - keep) {
      if (!told_cut)
        out.push_back(fmt::format(fmt::runtime(word(Word::more_laps, lang)), fmt::arg("count", laps - 2 * keep)));
      told_cut = true;
      continue;
    }
    out.push_back(s.text);
  }
  return out;
}

namespace {

// "South's row: a 4, b 0, ...": each hole by its name, so that a screen reader says which is which.
std::string rows_text(const Position& p, int n, Lang lang) {
  std::vector<std::string> south, north;
  for (int h = 0; h < 2 * n; ++h)
    (h < n ? south : north).push_back(fmt::format("{} {}", hole_name(h, n), p.board[static_cast<size_t>(h)]));
  return fmt::format(fmt::runtime(word(Word::alt_rows, lang)), fmt::arg("south", fmt::join(south, ", ")),
                     fmt::arg("north", fmt::join(north, ", ")));
}

// What a ply changed, in sowing order: "d 3 to 0, A 3 to 0; the other holes as before."
std::string changes_text(const Position& before, const Position& after, int n, Lang lang) {
  std::vector<std::string> changes;
  for (int h = 0; h < 2 * n; ++h) {
    const int from = before.board[static_cast<size_t>(h)], to = after.board[static_cast<size_t>(h)];
    if (from != to)
      changes.push_back(fmt::format(fmt::runtime(word(Word::alt_change, lang)), fmt::arg("hole", hole_name(h, n)),
                                    fmt::arg("from", from), fmt::arg("to", to)));
  }
  if (changes.empty()) return std::string(word(Word::alt_no_change, lang));
  return fmt::format("{}{}", fmt::join(changes, ", "), word(Word::alt_others_same, lang));
}

// "Endless sowing (SOW-6): a (lap 61 repeats lap 1)." for the alt text.
std::string endless_alt(const std::vector<EndlessMove>& moves, int n, Lang lang) {
  std::string list;
  for (const EndlessMove& m : moves)
    list += fmt::format("{}{} ({})", list.empty() ? "" : ", ", hole_name(m.hole, n), endless_repeat_text(m, lang));
  return fmt::format(fmt::runtime(word(Word::alt_endless, lang)), fmt::arg("moves", list));
}

}  // namespace

std::string to_move_text(const Position& p, Lang lang) {
  std::string text =
      fmt::format(fmt::runtime(word(Word::to_move, lang)), fmt::arg("player", player_word(p.to_move, lang)));
  text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

std::string state_text(const PlyStory& story, Lang lang) {
  switch (story.end_status) {
    case Status::playing:
      return to_move_text(story.ply.after, lang);
    case Status::void_game:
      return std::string(word(Word::game_over_void, lang));  // SOW-6 void
    case Status::unterminated:
      return std::string(word(Word::game_over_unterminated, lang));  // END-3
    case Status::finished:
      break;
  }
  if (!is_player(story.end_winner)) return std::string(word(Word::game_over_draw, lang));  // END-2: equal captures
  return fmt::format(fmt::runtime(word(Word::game_over_winner, lang)),
                     fmt::arg("player", player_word(player_of(story.end_winner), lang)));
}

std::string endless_hole_text(const EndlessMove& move, int n, Lang lang) {
  return fmt::format(fmt::runtime(word(Word::endless_hole, lang)), fmt::arg("hole", hole_name(move.hole, n)));
}

std::string endless_repeat_text(const EndlessMove& move, Lang lang) {
  return fmt::format(fmt::runtime(word(Word::endless_repeat, lang)), fmt::arg("lap", move.lap),
                     fmt::arg("repeated", move.repeated_lap));
}

std::string start_alt_text(const Position& start, const Rules& rules, Lang lang, int after_ply) {
  const int n = rules.holes_per_row;
  const std::string intro =
      after_ply == 0 ? std::string(word(Word::alt_start, lang))
                     : fmt::format(fmt::runtime(word(Word::after_ply, lang)), fmt::arg("ply", after_ply)) + ":";
  return fmt::format("{} {} {}: {} {}, {} {}. {}.", intro, rows_text(start, n, lang), word(Word::captured, lang),
                     word(Word::south, lang), start.captured[index(Player::south)], word(Word::north, lang),
                     start.captured[index(Player::north)], to_move_text(start, lang));
}

std::string alt_text(const PlyStory& story, const Rules& rules, Lang lang) {
  const int n = rules.holes_per_row;
  const Word intro = story.ply.move.is_pass() ? Word::alt_pass : Word::alt_ply;
  std::string text = fmt::format(fmt::runtime(word(intro, lang)), fmt::arg("number", story.number),
                                 fmt::arg("player", player_word(story.ply.player, lang)),
                                 fmt::arg("move", move_text(story.ply.move, n)));
  text += ' ';
  text += rows_text(story.before, n, lang);
  if (!story.laps.empty()) {
    std::vector<int> landings;
    for (const LapStory& lap : story.laps) landings.push_back(lap.to);
    text += ' ';
    text += fmt::format(fmt::runtime(word(Word::alt_laps, lang)), fmt::arg("laps", story.laps.size()),
                        fmt::arg("hole", hole_name(story.laps.front().from, n)),
                        fmt::arg("landings", hole_list(landings, n, lang)));
  }
  if (!story.captures.empty()) {
    std::vector<int> holes;
    for (const CaptureStory& c : story.captures) holes.push_back(c.hole);
    text += ' ';
    text += fmt::format(fmt::runtime(word(Word::alt_captures, lang)), fmt::arg("holes", hole_list(holes, n, lang)));
  }
  if (!story.endless.empty()) text += ' ' + endless_alt(story.endless, n, lang);
  text += ' ';
  text += fmt::format(
      fmt::runtime(word(Word::alt_after, lang)), fmt::arg("rows", changes_text(story.before, story.ply.after, n, lang)),
      fmt::arg("south", story.ply.after.captured[index(Player::south)]),
      fmt::arg("north", story.ply.after.captured[index(Player::north)]), fmt::arg("to_move", state_text(story, lang)));
  return text;
}

}  // namespace hoyito
