// The plain-language account of a ply and its alt text, in English or Spanish (the language of
// the game's home, the Dominican Republic). Both are read off the ply's PlyStory (story.h),
// one sentence per event, citing the event's rule ID; the words come from two string tables
// (account_text_tables.cpp), one entry per event kind and language.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "harness/annotate/story.h"

namespace hoyito {

enum class Lang { en, es };
Lang parse_lang(std::string_view text);  // "en" / "es"; throws InputError naming --lang
std::string_view lang_code(Lang lang);

// One wording of an event: `key` is the event kind's name, or "kind.case" where the wording
// depends on the rule or the outcome (pass.extra for PASS-2, game_end.draw, ...).
struct EventPhrase {
  EventKind kind;
  std::string_view key;
  std::string_view en, es;
};
const std::vector<EventPhrase>& event_phrases();

// The other words of the pages.
enum class Word {
  south,
  north,
  seed,
  seeds,
  and_,
  ply,
  start,
  before,
  after,
  to_move,
  captured,
  more_laps,
  every_lap,
  lap,
  sowing_direction,
  lifted,
  relay,
  last_seed,
  capture_order,
  notation,
  quality,
  quality_best,
  quality_played,
  quality_endless,
  quality_none,
  result,
  replay,
  found_by,
  first,
  previous,
  next,
  last,
  animate,
  rules,
  alt_ply,
  alt_start,
  alt_rows,
  alt_laps,
  alt_captures,
  alt_after,
  index_title,
  index_intro,
  game,
  plies,
  winner,
  draw,
  nobody,
  status_playing,
  status_finished,
  status_unterminated,
  status_void,
  after_ply,
  alt_pass,
  game_over_winner,
  game_over_draw,
  game_over_void,
  game_over_unterminated,
  endless_hole,
  endless_repeat,
  alt_endless,
  quality_void,
  refused_heading,
  refused_legal,
  refused_pass,
  refused_not_own,
  refused_empty,
  refused_endless,
  refused_undecided,
  refused_over,
  nav_label,
  ply_of,
  comment,
  diagrams_thinned,
  source,
  pass_move,
  quality_undecided,
  quality_exact,
  quality_loses,
  lap_list,
  board_label,
  repetition,
  repetition_start,
  repetition_ply,
  repetition_plies,
  chart_heading,
  chart_difference,
  chart_played,
  chart_best,
  chart_search,
  chart_exact,
  chart_mixed,
  chart_every,
  chart_moves_every,
  chart_summary,
  chart_summary_moves,
  chart_summary_none,
  chart_numbers,
  chart_note,
  chart_range,
  alt_change,
  alt_others_same,
  alt_no_change,
  count
};
std::string_view word(Word w, Lang lang);

// The account of one ply: one sentence per event (chain captures of one run together), each
// tagged with its lap (0 before the first lap) so that long relays can be summarised.
struct Sentence {
  int lap = 0;
  std::string text;
};
std::vector<Sentence> account(const PlyStory& story, const Rules& rules, Lang lang);
// The account with a relay of more than `keep * 2 + 2` laps cut to its first `keep` and last
// `keep` laps around a "... K more laps ..." sentence.
std::vector<std::string> summarised(const std::vector<Sentence>& sentences, int laps, Lang lang, int keep = 3);
bool needs_summary(int laps, int keep = 3);

// A hole list in the language: "C", "C and B", "C, B and A".
std::string hole_list(const std::vector<int>& holes, int holes_per_row, Lang lang);
std::string player_word(Player player, Lang lang);
// A hole named in a sentence: its letter, set apart in Spanish («a») so that it does not read as a word.
std::string hole_word(int hole, int holes_per_row, Lang lang);
// The move of a ply in a heading: its notation ("B*"), a pass in the language ("pass", "pasa").
std::string move_word(const Ply& ply, int holes_per_row, Lang lang);
// The default title of a game record: "hoyito2 2x6, 30 plies", in the language.
std::string record_title(const GameRecord& record, Lang lang);
std::string seeds_text(int seeds, Lang lang);  // "1 seed", "4 seeds"
// "Result: finished; captured South 28, North 20; winner South", in the language.
std::string result_text(const Result& result, Lang lang);

// Who is to move after the ply ("South to move"), or, once the game is over, how it ended
// ("Game over: South wins"; END-2, END-3, SOW-6 void): no side is to move then.
std::string state_text(const PlyStory& story, Lang lang);
std::string to_move_text(const Position& position, Lang lang);
// "a: endless (SOW-6)" and "lap 61 repeats lap 1": what the diagram writes beside an endless move.
std::string endless_hole_text(const EndlessMove& move, int holes_per_row, Lang lang);
std::string endless_repeat_text(const EndlessMove& move, Lang lang);

// The alt text of the ply's diagram: the rows before and after, the laps, the captures.
std::string alt_text(const PlyStory& story, const Rules& rules, Lang lang);
// The alt text of a position alone: the start (after_ply 0) or the position after ply K.
std::string start_alt_text(const Position& start, const Rules& rules, Lang lang, int after_ply = 0);

}  // namespace hoyito
