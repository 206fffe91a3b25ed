#include "harness/annotate/examples.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>

#include <fmt/format.h>
#include <boost/json.hpp>

#include "engine/engine.h"
#include "engine/match.h"
#include "engine/sides.h"
#include "harness/annotate/quality.h"
#include "harness/base/escape.h"
#include "harness/base/interrupt.h"
#include "harness/base/random.h"
#include "harness/games/play.h"
#include "harness/games/table_play.h"
#include "io/record.h"
#include "model/model.h"

namespace hoyito {

namespace {

constexpr std::uint64_t kSeed = 2026;
constexpr std::uint64_t kGames2x6 = 300, kGames2x12 = 40;

Rules example_rules(Variant variant, int holes = 6, int round = 1, Winner previous = Winner::none) {
  Rules rules;
  rules.variant = variant;
  rules.holes_per_row = holes;
  rules.round = round;
  rules.previous_winner = previous;
  return rules;
}

Rules with_option(Rules rules, std::string_view name, std::string_view value) {
  set_option(rules, name, value);
  return rules;
}

// The `hoyito random` command line that makes the same games.
std::string random_command(const Rules& rules, std::uint64_t games) {
  std::string command =
      fmt::format("hoyito random --variant {} --holes {}", variant_name(rules.variant), rules.holes_per_row);
  if (rules.round != 1) command += fmt::format(" --round {}", rules.round);
  if (rules.previous_winner != Winner::none)
    command += fmt::format(" --previous-winner {}", winner_name(rules.previous_winner));
  const Rules defaults;
  for (const OptionInfo& info : option_table())
    if (option_value(rules, info.name) != option_value(defaults, info.name))
      command += fmt::format(" --option {}={}", info.name, option_value(rules, info.name));
  return command + fmt::format(" --seed {} --games {}", kSeed, games);
}

// A seeded random game from `start`, the same game as random_game() (harness/games/play.h) when
// `start` is the start position with South to move: the same generator, the same choices among
// the legal plies. Played by the engine, which is faster than the model and agrees with it ply
// by ply (hoyito verify); `hoyito replay` checks every page's record against the model.
GameRecord random_game_from(const Rules& rules, const Position& start, std::uint64_t index) {
  SplitMix64 rng{game_seed(kSeed, index)};
  GameRecord record{rules, start, {}, {}};
  engine::Game game(rules, start);
  while (game.status() == Status::playing) {
    const std::vector<Move> legal = game.legal_moves();
    record.plies.push_back(game.play(legal[rng.below(legal.size())]));
  }
  record.result = game.result();
  return record;
}

// The ply (from 1) of a record where what we look for happens, 0 where it does not.
using Finder = std::function<int(const GameRecord&)>;

struct Found {
  GameRecord record;
  std::uint64_t index = 0;
  int ply = 0;
};

constexpr const char* kNothingWritten = "examples: interrupted while searching the games, nothing written";

// Among the seeded random games, the shortest one in which `finder` finds something (or, with
// `score`, the one that scores highest; ties to the shorter game, then the lower index).
std::optional<Found> search_games(const Rules& rules, const Finder& finder,
                                  const std::function<long(const GameRecord&, int)>& score = nullptr,
                                  std::uint64_t games = 0) {
  if (games == 0) games = rules.holes_per_row == 6 ? kGames2x6 : kGames2x12;
  std::optional<Found> best;
  long best_score = 0;
  for (std::uint64_t i = 0; i < games; ++i) {
    throw_if_interrupted(kNothingWritten);  // a search cut short could pick another game: none is written
    GameRecord record = random_game_from(rules, engine::opening_position(rules), i);
    const int ply = finder(record);
    if (ply == 0) continue;
    const long value = score ? score(record, ply) : -static_cast<long>(record.plies.size());
    if (!best || value > best_score) {
      best_score = value;
      best = Found{std::move(record), i, ply};
    }
  }
  return best;
}

bool has_rule(const Ply& ply, RuleId rule) {
  return std::any_of(ply.events.begin(), ply.events.end(), [&](const Event& e) { return e.rule == rule; });
}

Finder fires(RuleId rule) {
  return [rule](const GameRecord& r) {
    for (size_t k = 0; k < r.plies.size(); ++k)
      if (has_rule(r.plies[k], rule)) return static_cast<int>(k) + 1;
    return 0;
  };
}

int laps_of(const Ply& ply) {
  return static_cast<int>(
      std::count_if(ply.events.begin(), ply.events.end(), [](const Event& e) { return e.kind == EventKind::lap; }));
}

// The ply with the most laps.
int longest_relay(const GameRecord& r) {
  int best = 0, ply = 0;
  for (size_t k = 0; k < r.plies.size(); ++k)
    if (laps_of(r.plies[k]) > best) best = laps_of(r.plies[k]), ply = static_cast<int>(k) + 1;
  return ply;
}

// CAP-II-2 through the 0 -> 2N-1 wrap: hole 0 and then hole 2N-1 taken in one chain.
int chain_through_wrap(const GameRecord& r) {
  const int last = r.rules.holes() - 1;
  for (size_t k = 0; k < r.plies.size(); ++k) {
    const auto& ev = r.plies[k].events;
    for (size_t i = 1; i < ev.size(); ++i)
      if (ev[i].kind == EventKind::chain_capture && ev[i].hole == last && ev[i - 1].hole == 0)
        return static_cast<int>(k) + 1;
  }
  return 0;
}

int longest_chain_ply(const GameRecord& r) {
  int best = 0, ply = 0;
  for (size_t k = 0; k < r.plies.size(); ++k) {
    const auto& ev = r.plies[k].events;
    const int chain = static_cast<int>(
        std::count_if(ev.begin(), ev.end(), [](const Event& e) { return e.kind == EventKind::chain_capture; }));
    if (chain >= 2 && chain > best) best = chain, ply = static_cast<int>(k) + 1;
  }
  return ply;
}

// An extra move (CAP-II-3/CAP-III-3) that the player must pass at once (PASS-2).
int extra_then_pass(const GameRecord& r) {
  for (size_t k = 0; k + 1 < r.plies.size(); ++k)
    if (has_rule(r.plies[k], RuleId::CAP_II_3) && has_rule(r.plies[k + 1], RuleId::PASS_2))
      return static_cast<int>(k) + 1;
  return 0;
}

// A ply before which one of the mover's holes would sow forever (SOW-6, not legal).
int endless_avoided(const GameRecord& r) {
  for (size_t k = 0; k < r.plies.size(); ++k) {
    const Position& before = k == 0 ? r.start : r.plies[k - 1].after;
    if (r.plies[k].move.is_pass()) continue;
    for (int i = 0; i < r.rules.holes_per_row; ++i) {
      const int hole = before.to_move == Player::south ? i : r.rules.holes_per_row + i;
      if (before.board[static_cast<size_t>(hole)] > 0 && model::sow_move(r.rules, before, hole).endless)
        return static_cast<int>(k) + 1;
    }
  }
  return 0;
}

// END-3 under third_repetition: the side awards of the third occurrence (not the ply limit).
int third_repetition(const GameRecord& r) {
  for (size_t k = 0; k < r.plies.size(); ++k)
    for (const Event& e : r.plies[k].events)
      if (e.kind == EventKind::side_award) return static_cast<int>(k) + 1;
  return 0;
}

int final_ply(const GameRecord& r) {
  return r.result.status == Status::finished ? static_cast<int>(r.plies.size()) : 0;
}

int unterminated(const GameRecord& r) {
  return r.result.status == Status::unterminated ? static_cast<int>(r.plies.size()) : 0;
}

struct Wanted {
  std::string name, title, why;
  Rules rules;
  Finder finder;
  std::function<long(const GameRecord&, int)> score = nullptr;
  int before = 1, after = 1;     // plies shown around the one found
  std::vector<RuleId> declared;  // rules the page shows that leave no event (BRD-2, END-2, ...)
  std::uint64_t games = 0;       // games searched (0: kGames2x6 or kGames2x12)
};

// The Spanish title and note of each searched example (docs/examples/es/), by name.
struct SpanishText {
  std::string_view name, title, why;
};
constexpr SpanishText kSpanish[] = {
    {"long-relay", "Una larga siembra en relevo (Hoyito II)",
     "La jugada con más tandas de las partidas examinadas: se dibujan el camino de cada tanda (la primera y la "
     "última enteras, las demás finas), el hoyo de cada relevo y dónde cae cada última semilla, y bajo el tablero "
     "una lista numerada de todas las tandas; el relato da las primeras y las últimas tandas, y la lista completa "
     "está en «Todas las tandas» (SOW-2, SOW-5)."},
    {"chain-through-wrap", "Una cadena de Hoyito II que cruza de una fila a otra, por el paso de 0 a 2N-1",
     "La cadena (CAP-II-2) corre hacia atrás desde la casa de llegada, del hoyo «a» de Sur al «F» de Norte: una sola "
     "serie, numerada en el orden de captura."},
    {"extra-move-then-pass", "Una jugada extra seguida de un pase forzoso",
     "Una captura gana una jugada extra (CAP-II-3), pero quien juega ya no tiene semillas en su lado y la pasa "
     "(PASS-2)."},
    {"endless-avoided", "Una siembra sin fin que el jugador tuvo que evitar",
     "Uno de los hoyos de quien juega sembraría sin fin (SOW-6): con endless_sowing = illegal no es una jugada legal. "
     "La "
     "línea de calidad de las jugadas la da con la tanda en que su siembra se repite."},
    {"last-four-hoyito2", "Las cuatro últimas, Hoyito II",
     "Quien captura la penúltima casa de cuatro se lleva también las cuatro últimas semillas (END-II-1)."},
    {"last-four-hoyito3-round1", "Las cuatro últimas, Hoyito III, ronda 1",
     "En las rondas 1 y 2 quien captura la penúltima casa de cuatro se lleva también las cuatro últimas (END-III-2)."},
    {"last-four-hoyito3-round2", "Las cuatro últimas, Hoyito III, ronda 2 (tras una victoria de Sur)",
     "La ronda 2 sigue la regla de la ronda 1: quien captura se lleva las cuatro últimas (END-III-2)."},
    {"last-four-round3-after-south", "Las cuatro últimas, Hoyito III, ronda 3 tras una victoria de Sur",
     "Desde la ronda 3 las cuatro últimas son para quien ganó la partida anterior, aquí Sur, sin importar quién "
     "capturó (END-III-3)."},
    {"last-four-round3-after-north", "Las cuatro últimas, Hoyito III, ronda 3 tras una victoria de Norte",
     "Las cuatro últimas son para Norte, ganador de la partida anterior (END-III-3)."},
    {"last-four-round3-draw-capturer", "Las cuatro últimas, ronda 3 tras un empate (G8 `capturer`)",
     "Tras una partida anterior empatada, con drawn_previous_last_four = capturer, se las lleva quien captura "
     "(END-III-4)."},
    {"last-four-round3-draw-split", "Las cuatro últimas, ronda 3 tras un empate (G8 `split`)",
     "Con drawn_previous_last_four = split, cada jugador se lleva dos semillas (END-III-4)."},
    {"hoyito1-en-passant", "Una captura al paso de Hoyito I",
     "En Hoyito I una semilla que forma casa en medio de una tanda la captura en el acto (CAP-I-1); no hay jugada "
     "extra "
     "(CAP-I-3)."},
    {"game-2x12", "Una partida entera en 2x12 (sus últimas jugadas)",
     "La partida de Hoyito II terminada más corta en el tablero de doce hoyos por fila entre las examinadas (BRD-2); "
     "gana "
     "quien más capturó (END-2)."},
    {"2x12-ply-limit", "Una partida en 2x12 que no termina: el límite de jugadas (G7 `ply_limit`)",
     "La partida no termina; con endless_game = ply_limit, el valor predeterminado, se detiene sin terminar en la "
     "jugada "
     "5000 y sin ganador (END-3). Compárese con `2x12-third-repetition`."},
    {"2x12-third-repetition", "Una partida en 2x12 terminada por la tercera repetición (G7 `third_repetition`)",
     "Con endless_game = third_repetition, la tercera vez que se da una posición (tablero, capturas y a quién le toca) "
     "termina la partida: cada jugador se lleva las semillas de su lado y se cuenta el resultado (END-3). Es rara en "
     "el "
     "juego al azar: una partida en 2x12 de cada mil, más o menos."},
    {"last-four-hoyito1", "Las últimas semillas, Hoyito I",
     "En Hoyito I, cuando termina una jugada que capturó y quedan cuatro semillas o menos en el tablero, se las lleva "
     "quien "
     "capturó y la partida termina (END-I-1); no queda ninguna semilla en la mano: antes se siembra la jugada hasta el "
     "final (CAP-I-1)."},
    {"skip-origin", "Una tanda de 2N semillas o más con `skip_origin` (G1)",
     "Con skip_origin = true una tanda de doce semillas o más se salta su propio hoyo (SOW-3)."},
    {"endless-void", "Una siembra sin fin jugada con endless_sowing = void (G6)",
     "Con endless_sowing = void la jugada sin fin se puede jugar: no se siembra nada y la partida es nula (SOW-6)."},
    {"hoyito3-extra-move", "Una captura de Hoyito III y su jugada extra",
     "Solo se captura la casa de llegada (CAP-III-1, CAP-III-2), y quien juega vuelve a jugar (CAP-III-3)."},
    {"pass-no-seeds", "Un pase forzoso: quien juega no tiene semillas en su lado",
     "Quien no tiene semillas en su lado pasa (PASS-1)."},
    {"round-ends-no-seeds", "Una partida terminada por un jugador sin semillas (G14 `no_seeds = round_ends`)",
     "Con no_seeds = round_ends, quien debe jugar sin semillas en su fila no pasa (compárese con `pass-no-seeds`): la "
     "partida termina en el acto, cada jugador se lleva las semillas de su fila y deciden las capturas (END-4, "
     "END-2)."},
};

const SpanishText& spanish_text(const std::string& name) {
  for (const SpanishText& t : kSpanish)
    if (t.name == name) return t;
  throw std::logic_error("examples: no Spanish text for " + name);  // a new example needs its translation
}

Example example_of(const Wanted& w, const Found& found) {
  Example ex;
  ex.name = w.name;
  ex.title = w.title;
  ex.why = w.why;
  ex.title_es = spanish_text(w.name).title;
  ex.why_es = spanish_text(w.name).why;
  ex.game.record = found.record;
  ex.game.title = w.title;
  ex.game.source = fmt::format("docs/examples/{}.json", w.name);
  const int total = static_cast<int>(found.record.plies.size());
  ex.plies.first = std::max(1, found.ply - w.before);
  ex.plies.last = std::min(total, found.ply + w.after);
  ex.found_by =
      fmt::format("random game {} of seed {} ({} plies), rules {}; the same game is record {} of `{}`", found.index,
                  kSeed, total, rules_text(w.rules), found.index + 1, random_command(w.rules, found.index + 1));
  ex.found_by_es = fmt::format(
      "partida aleatoria {} de la semilla {} ({} jugadas), reglas {}; la misma partida es el "
      "registro {} de `{}`",
      found.index, kSeed, total, rules_text(w.rules, Lang::es), found.index + 1,
      random_command(w.rules, found.index + 1));
  ex.rules_shown = w.declared;
  return ex;
}

// The same position under Hoyito II and Hoyito III: the chain of II, the single casa of III.
std::vector<Example> same_position_examples() {
  const Rules two = example_rules(Variant::hoyito2), three = example_rules(Variant::hoyito3);
  const auto found = search_games(two, longest_chain_ply);
  if (!found) return {};
  const Ply& ply = found->record.plies[static_cast<size_t>(found->ply - 1)];
  const Position& before =
      found->ply == 1 ? found->record.start : found->record.plies[static_cast<size_t>(found->ply - 2)].after;
  std::vector<Example> out;
  for (const Rules& rules : {two, three}) {
    Example ex;
    const std::string v(variant_name(rules.variant));
    ex.name = fmt::format("same-position-{}", v);
    ex.title = fmt::format("The same position under {}: move {}", v, move_text(ply.move, 6));
    ex.why = rules.variant == Variant::hoyito2 ? "Hoyito II: the landing casa and the fours behind it are taken as one "
                                                 "chain (CAP-II-2). Compare same-position-hoyito3."
                                               : "Hoyito III: only the landing casa is taken; the fours behind it stay "
                                                 "(CAP-III-2). Compare same-position-hoyito2.";
    ex.title_es = fmt::format("La misma posición en {}: jugada {}", v, move_text(ply.move, 6));
    ex.why_es =
        rules.variant == Variant::hoyito2
            ? "Hoyito II: la casa de llegada y las casas de cuatro detrás de ella se capturan en una sola cadena "
              "(CAP-II-2). Compárese con `same-position-hoyito3`."
            : "Hoyito III: solo se captura la casa de llegada; las casas de cuatro detrás de ella se quedan "
              "(CAP-III-2). Compárese con `same-position-hoyito2`.";
    ex.game.record = play_moves(rules, before, {move_text(ply.move, 6)});
    ex.game.title = ex.title;
    ex.game.source = fmt::format("docs/examples/{}.json", ex.name);
    ex.plies = {1, 1};
    if (rules.variant == Variant::hoyito3) ex.rules_shown = {RuleId::CAP_III_2};
    ex.found_by = fmt::format(
        "the position before ply {} of random game {} of seed {} under hoyito2 (`{}`), the longest "
        "chain in {} games; played again from there under {}",
        found->ply, found->index, kSeed, random_command(two, found->index + 1), kGames2x6, v);
    ex.found_by_es = fmt::format(
        "la posición antes de la jugada {} de la partida aleatoria {} de la semilla {} en hoyito2 "
        "(`{}`), la cadena más larga en {} partidas; jugada de nuevo desde ahí en {}",
        found->ply, found->index, kSeed, random_command(two, found->index + 1), kGames2x6, v);
    out.push_back(std::move(ex));
  }
  return out;
}

// "goes to south" / "is drawn" (MATCH-3), or with `would` "gone to south" / "been drawn".
std::string match_outcome(Winner winner, bool would) {
  if (is_player(winner)) return fmt::format("{} to {}", would ? "gone" : "goes", winner_name(winner));
  return would ? "been drawn" : "is drawn";
}

// The match example's title says what the round-3 rule (END-III-3) made of the match: a win
// for a player, or a draw (MATCH-3).
std::string match_title(Winner winner) {
  if (is_player(winner))
    return fmt::format("A Hoyito III match won by {} through the round-3 rule",
                       player_word(player_of(winner), Lang::en));
  return "A Hoyito III match drawn through the round-3 rule";
}

// The same in Spanish: "es para Sur" / "queda en empate", with `would` "habría sido para Sur" /
// "habría quedado en empate"; the title "Un encuentro de Hoyito III ganado por Sur ...".
std::string match_outcome_es(Winner winner, bool would) {
  if (is_player(winner))
    return fmt::format("{} para {}", would ? "habría sido" : "es", player_word(player_of(winner), Lang::es));
  return would ? "habría quedado en empate" : "queda en empate";
}

std::string match_title_es(Winner winner) {
  if (is_player(winner))
    return fmt::format("Un encuentro de Hoyito III ganado por {} gracias a la regla de la ronda 3",
                       player_word(player_of(winner), Lang::es));
  return "Un encuentro de Hoyito III empatado por la regla de la ronda 3";
}

// The Spanish note of the match example (its English in match_examples).
std::string match_why_es(std::uint64_t m, const MatchStanding& real, const std::vector<MatchGame>& results,
                         const Event& award, Player capturer, Winner other) {
  std::string games_text;
  for (size_t g = 0; g < 3; ++g)
    games_text += fmt::format("partida {} (empieza {}) {}-{}; ", g + 1, player_word(real.starters[g], Lang::es),
                              results[g].captured[0], results[g].captured[1]);
  return fmt::format(
      "Encuentro {} de la semilla {}: {}partidas ganadas {}-{}, semillas {}-{}: el encuentro {} (MATCH-3). En la ronda "
      "3 "
      "las {} últimas semillas fueron para {}, ganador de la partida 2 (END-III-3); si hubieran sido para quien "
      "capturó, "
      "{}, como en las rondas 1 y 2 (END-III-2), el encuentro {}. La página muestra el final de la partida 3.",
      m, kSeed, games_text, real.games_won[0], real.games_won[1], real.seeds[0], real.seeds[1],
      match_outcome_es(real.winner, false), award.seeds, player_word(*award.player, Lang::es),
      player_word(capturer, Lang::es), match_outcome_es(other, true));
}

// One seeded random match of three games on the engine's match (engine::Match: MATCH-1, MATCH-2):
// its games and their captures; fewer than three games when one had no winner.
struct PlayedMatch {
  std::vector<GameRecord> games;
  std::vector<MatchGame> results;
};

PlayedMatch play_three_games(const Rules& base, std::uint64_t m) {
  PlayedMatch out;
  engine::Match match(base);
  for (int round = 1; round <= 3; ++round) {
    const Rules rules = match.next_rules();
    GameRecord game = random_game_from(rules, engine::opening_position(rules, match.next_starter()),
                                       3 * m + static_cast<std::uint64_t>(round - 1));
    if (game.result.status != Status::finished) break;
    out.results.push_back({game.result.captured});
    match.add(out.results.back());
    out.games.push_back(std::move(game));
  }
  return out;
}

// A Hoyito III match of three random games in which the round-3 award (END-III-3: the last four
// to the previous game's winner, not the capturer) decides who wins the match (MATCH-3).
std::vector<Example> match_examples() {
  const Rules base = example_rules(Variant::hoyito3);
  constexpr std::uint64_t kMatches = 300;
  for (std::uint64_t m = 0; m < kMatches; ++m) {
    throw_if_interrupted(kNothingWritten);
    const PlayedMatch played = play_three_games(base, m);
    const std::vector<GameRecord>& games = played.games;
    const std::vector<MatchGame>& results = played.results;
    if (games.size() < 3) continue;
    const Ply& last = games[2].plies.back();
    const auto award = std::find_if(last.events.begin(), last.events.end(),
                                    [](const Event& e) { return e.rule == RuleId::END_III_3; });
    if (award == last.events.end() || award->player == last.player) continue;
    std::vector<MatchGame> if_capturer = results;                    // the award as rounds 1-2 would give it
    if_capturer[2].captured[index(*award->player)] -= award->seeds;  // a last_four_award has its player
    if_capturer[2].captured[index(last.player)] += award->seeds;
    const MatchStanding real = engine::match_standing(base, results);
    const MatchStanding other = engine::match_standing(base, if_capturer);
    if (real.winner == other.winner) continue;
    Example ex;
    ex.name = "match-round3-decides";
    ex.title = match_title(real.winner);
    std::string games_text;
    for (size_t g = 0; g < 3; ++g)
      games_text += fmt::format("game {} ({} starts) {}-{}; ", g + 1, player_name(real.starters[g]),
                                results[g].captured[0], results[g].captured[1]);
    ex.why = fmt::format(
        "Match {} of seed {}: {}games won {}-{}, seeds {}-{}: the match {} (MATCH-3). In round 3 the last {} seeds "
        "went to {}, the winner of game 2 (END-III-3); had they gone to the capturer, {}, as in rounds 1-2 "
        "(END-III-2), "
        "the match would have {}. The page shows the end of game 3.",
        m, kSeed, games_text, real.games_won[0], real.games_won[1], real.seeds[0], real.seeds[1],
        match_outcome(real.winner, false), award->seeds, player_name(*award->player), player_name(last.player),
        match_outcome(other.winner, true));
    ex.game.record = games[2];
    ex.game.title = ex.title;
    ex.game.source = "docs/examples/match-round3-decides.json";
    const int total = static_cast<int>(games[2].plies.size());
    ex.plies = {std::max(1, total - 1), total};
    ex.found_by = fmt::format(
        "the first of {} seeded random matches (three games each, game k of match m is random game 3m+k-1 of seed {} "
        "from the start MATCH-2 gives it) where the round-3 award changes the match winner: match {}",
        kMatches, kSeed, m);
    ex.title_es = match_title_es(real.winner);
    ex.why_es = match_why_es(m, real, results, *award, last.player, other.winner);
    ex.found_by_es = fmt::format(
        "el primero de {} encuentros aleatorios con semilla (tres partidas cada uno; la partida k del encuentro m es "
        "la "
        "partida aleatoria 3m+k-1 de la semilla {}, desde el comienzo que le da MATCH-2) en que el reparto de la ronda "
        "3 "
        "cambia al ganador del encuentro: el encuentro {}",
        kMatches, kSeed, m);
    ex.rules_shown = {RuleId::MATCH_1, RuleId::MATCH_2, RuleId::MATCH_3, RuleId::END_III_1};
    return {ex};
  }
  return {};
}

std::vector<Wanted> wanted_examples() {
  const Rules h1 = example_rules(Variant::hoyito1), h2 = example_rules(Variant::hoyito2),
              h3 = example_rules(Variant::hoyito3);
  const Rules h2_12 = example_rules(Variant::hoyito2, 12);
  auto most_laps = [](const GameRecord& r, int ply) {
    return static_cast<long>(laps_of(r.plies[static_cast<size_t>(ply - 1)]));
  };
  std::vector<Wanted> list = {
      {"long-relay",
       "A long relay sowing (Hoyito II)",
       "The move with the most laps in the games searched: every lap's path (the first and last in full, the others "
       "thin), each relay's lift point and each last seed are drawn, with a numbered list of every lap under the "
       "board; the account lists the first and last laps, the full list is under 'Every lap' (SOW-2, SOW-5).",
       h2,
       longest_relay,
       most_laps,
       0,
       0,
       {}},
      {"chain-through-wrap",
       "A Hoyito II chain across the rows, through the 0 -> 2N-1 wrap",
       "The chain (CAP-II-2) runs backward from the landing casa, from South's a into North's F: one run, numbered in "
       "capture order.",
       h2,
       chain_through_wrap,
       nullptr,
       1,
       1,
       {}},
      {"extra-move-then-pass",
       "An extra move followed by a forced pass",
       "A capture earns an extra move (CAP-II-3), but the mover has no seeds left on their side and passes it "
       "(PASS-2).",
       h2,
       extra_then_pass,
       nullptr,
       0,
       1,
       {}},
      {"endless-avoided",
       "An endless sowing the player had to avoid",
       "One of the mover's holes would sow forever (SOW-6): under endless_sowing = illegal it is not a legal move. The "
       "move-quality line lists it with the lap at which its sowing repeats.",
       h2,
       endless_avoided,
       nullptr,
       0,
       0,
       {}},
      {"last-four-hoyito2",
       "The last four, Hoyito II",
       "The capturer of the penultimate four takes the last four (END-II-1).",
       h2,
       fires(RuleId::END_II_1),
       nullptr,
       1,
       0,
       {}},
      {"last-four-hoyito3-round1",
       "The last four, Hoyito III round 1",
       "In rounds 1 and 2 the capturer of the penultimate four also takes the last four (END-III-2).",
       h3,
       fires(RuleId::END_III_2),
       nullptr,
       1,
       0,
       {}},
      {"last-four-hoyito3-round2",
       "The last four, Hoyito III round 2 (after a South win)",
       "Round 2 follows the round-1 rule: the capturer takes the last four (END-III-2).",
       example_rules(Variant::hoyito3, 6, 2, Winner::south),
       fires(RuleId::END_III_2),
       nullptr,
       1,
       0,
       {}},
      {"last-four-round3-after-south",
       "The last four, Hoyito III round 3 after a South win",
       "From round 3 the last four go to the winner of the previous game, South here, whoever captured (END-III-3).",
       example_rules(Variant::hoyito3, 6, 3, Winner::south),
       fires(RuleId::END_III_3),
       nullptr,
       1,
       0,
       {}},
      {"last-four-round3-after-north",
       "The last four, Hoyito III round 3 after a North win",
       "The last four go to North, the previous game's winner (END-III-3).",
       example_rules(Variant::hoyito3, 6, 3, Winner::north),
       fires(RuleId::END_III_3),
       nullptr,
       1,
       0,
       {}},
      {"last-four-round3-draw-capturer",
       "The last four, round 3 after a draw (G8 capturer)",
       "After a drawn previous game, with drawn_previous_last_four = capturer, the capturer takes them (END-III-4).",
       example_rules(Variant::hoyito3, 6, 3, Winner::draw),
       fires(RuleId::END_III_4),
       nullptr,
       1,
       0,
       {}},
      {"last-four-round3-draw-split",
       "The last four, round 3 after a draw (G8 split)",
       "With drawn_previous_last_four = split, two seeds go to each player (END-III-4).",
       with_option(example_rules(Variant::hoyito3, 6, 3, Winner::draw), "drawn_previous_last_four", "split"),
       fires(RuleId::END_III_4),
       nullptr,
       1,
       0,
       {}},
      {"hoyito1-en-passant",
       "A Hoyito I en passant capture",
       "In Hoyito I a seed that makes a casa in the middle of a lap captures it at once (CAP-I-1); there is no extra "
       "move (CAP-I-3).",
       h1,
       fires(RuleId::CAP_I_1),
       nullptr,
       0,
       1,
       {RuleId::CAP_I_3}},
      {"game-2x12",
       "A whole game on 2x12 (its last plies)",
       "The shortest finished Hoyito II game on the twelve-hole board among those searched (BRD-2); the player with "
       "more "
       "captures wins (END-2).",
       h2_12,
       final_ply,
       nullptr,
       3,
       0,
       {RuleId::BRD_2, RuleId::END_2}},
      {"2x12-ply-limit",
       "A 2x12 game that never ends: the ply limit (G7 ply_limit)",
       "The game does not end; under the default endless_game = ply_limit it stops unterminated at ply 5000 with no "
       "winner (END-3). Compare 2x12-third-repetition.",
       h2_12,
       unterminated,
       nullptr,
       2,
       0,
       {}},
      {"2x12-third-repetition",
       "A 2x12 game ended by the third repetition (G7 third_repetition)",
       "Under endless_game = third_repetition the third occurrence of a position (board, captures, side to move) ends "
       "the "
       "game: each player takes the seeds on their side and the game is scored (END-3). It is rare in random play: "
       "about "
       "one 2x12 game in a thousand.",
       with_option(h2_12, "endless_game", "third_repetition"),
       third_repetition,
       nullptr,
       2,
       0,
       {},
       400},
      {"last-four-hoyito1",
       "The last seeds, Hoyito I",
       "In Hoyito I, when a move that captured is over and four or fewer seeds are left on the board, the capturer "
       "takes "
       "them and the game ends (END-I-1); no seed is left in hand: the move is sown to its end first (CAP-I-1).",
       h1,
       fires(RuleId::END_I_1),
       nullptr,
       1,
       0,
       {RuleId::CAP_I_3}},
      {"skip-origin",
       "A lap of 2N or more seeds with skip_origin (G1)",
       "With skip_origin = true a lap of twelve or more seeds passes its own hole by (SOW-3).",
       with_option(h2, "skip_origin", "true"),
       fires(RuleId::SOW_3),
       nullptr,
       0,
       0,
       {}},
      {"endless-void",
       "An endless sowing played under endless_sowing = void (G6)",
       "With endless_sowing = void the endless move may be played: nothing is sown and the game is void (SOW-6).",
       with_option(h2, "endless_sowing", "void"),
       fires(RuleId::SOW_6),
       nullptr,
       1,
       0,
       {}},
      {"hoyito3-extra-move",
       "A Hoyito III capture and extra move",
       "Only the landing casa is captured (CAP-III-1, CAP-III-2), and the mover moves again (CAP-III-3).",
       h3,
       fires(RuleId::CAP_III_3),
       nullptr,
       0,
       1,
       {RuleId::CAP_III_2, RuleId::TURN_1}},
      {"pass-no-seeds",
       "A forced pass: no seeds on the mover's side",
       "A player with no seeds on their side passes (PASS-1).",
       h2,
       fires(RuleId::PASS_1),
       nullptr,
       1,
       1,
       {}},
      {"round-ends-no-seeds",
       "A game ended by a player without seeds (G14 no_seeds = round_ends)",
       "Under no_seeds = round_ends a player to move with no seeds on their row does not pass (compare pass-no-seeds): "
       "the game ends at once, each player taking the seeds on their own row, and the captures decide (END-4, END-2).",
       with_option(h2, "no_seeds", "round_ends"),
       fires(RuleId::END_4),
       nullptr,
       1,
       0,
       {RuleId::END_2}},
  };
  return list;
}

// An endgame with exact verdicts: the plies of `r` from the first whose position `tables` covers
// (first), and the first of those whose played move gives up the position's result ("??",
// specs/endgame-tables.md, "Results") with the seeds it lost against the best lo; {0, 0, 0} when
// there is none.
struct TableMistake {
  int first = 0, ply = 0, lost = 0;
};
TableMistake table_mistake(const GameRecord& r, const TableSet& tables) {
  engine::Game game(r.rules, r.start);
  TableMistake found;
  for (std::size_t k = 0; k < r.plies.size(); ++k) {
    const std::vector<TableMoveValue> values = table_move_values(game, tables);
    if (!values.empty() && found.first == 0) found.first = static_cast<int>(k) + 1;
    TableValue best{-1000, -1000}, played;  // values lie in -48..48
    for (const TableMoveValue& v : values) {
      best = {std::max(best.lo, v.value.lo), std::max(best.hi, v.value.hi)};
      if (v.move == r.plies[k].move) played = v.value;
    }
    if (!values.empty() && exact_mark(best, played, mover_lead(game)) == "??")
      return {found.first, static_cast<int>(k) + 1, best.lo - played.lo};
    game.play_fast(r.plies[k].move);
  }
  return {};
}

std::optional<Example> endgame_example(const TableSet& tables, int max_seeds) {
  const Rules rules = example_rules(Variant::hoyito2);
  // The most plies in the tables before the mistake (up to 4: a few good moves, then the bad one),
  // then the shortest game.
  const auto found = search_games(
      rules, [&](const GameRecord& r) { return table_mistake(r, tables).ply; },
      [&](const GameRecord& r, int ply) {
        return std::min(ply - table_mistake(r, tables).first, 4) * 10'000L - static_cast<long>(r.plies.size());
      });
  if (!found) return std::nullopt;
  const TableMistake m = table_mistake(found->record, tables);
  const int total = static_cast<int>(found->record.plies.size());
  Example ex;
  ex.name = "endgame-exact";
  ex.title = "An endgame with exact verdicts from the endgame tables (Hoyito II)";
  ex.title_es = "Un final con veredictos exactos de las tablas de finales (Hoyito II)";
  ex.why = fmt::format(
      "From ply {}, {} seeds or fewer are on the board and every move-quality line is exact: each legal move's value "
      "with best play by both to the end, read from the tables of `hoyito solve` (K = {}), and its result with the "
      "captures so far. Ply {} gives up the result, {} seeds short of best play: ?? on its line.",
      m.first, max_seeds, max_seeds, m.ply, m.lost);
  ex.why_es = fmt::format(
      "Desde la jugada {} quedan {} semillas o menos en el tablero y cada línea de calidad es exacta: el valor de cada "
      "jugada legal con el mejor juego de ambos hasta el final, leído de las tablas de `hoyito solve` (K = {}), y su "
      "resultado con las capturas hechas. La jugada {} renuncia al resultado, {} semillas por debajo del mejor "
      "juego: ?? en su línea.",
      m.first, max_seeds, max_seeds, m.ply, m.lost);
  ex.game.record = found->record;
  ex.game.title = ex.title;
  ex.game.source = "docs/examples/endgame-exact.json";
  ex.plies = {std::max(m.first, m.ply - 4), std::min(total, m.ply + 3)};
  const std::string tables_command = fmt::format("hoyito solve --max-seeds {} --out DIR", max_seeds);
  ex.found_by = fmt::format(
      "random game {} of seed {} ({} plies), rules {}: of {} games, one with a ?? in the tables and the most plies "
      "there before it (up to four), then the shortest; the same game is "
      "record {} of `{}`; the tables: `{}`, then `hoyito annotate FILE --tables DIR`",
      found->index, kSeed, total, rules_text(rules), kGames2x6, found->index + 1,
      random_command(rules, found->index + 1), tables_command);
  ex.found_by_es = fmt::format(
      "partida aleatoria {} de la semilla {} ({} jugadas), reglas {}: de {} partidas, una con un ?? en las tablas y "
      "el mayor número de jugadas en ellas antes (hasta cuatro), y luego la más corta; la "
      "misma partida es el registro {} de `{}`; las tablas: `{}`, y luego `hoyito annotate ARCHIVO --tables DIR`",
      found->index, kSeed, total, rules_text(rules, Lang::es), kGames2x6, found->index + 1,
      random_command(rules, found->index + 1), tables_command);
  ex.tables = &tables;
  return ex;
}
}  // namespace

std::vector<Example> find_examples(const TableSet* tables) {
  std::vector<Example> out;
  for (const Wanted& w : wanted_examples()) {
    const auto found = search_games(w.rules, w.finder, w.score, w.games);
    if (found) out.push_back(example_of(w, *found));
  }
  for (Example& ex : same_position_examples()) out.push_back(std::move(ex));
  for (Example& ex : match_examples()) out.push_back(std::move(ex));
  if (tables != nullptr)
    if (auto ex = endgame_example(*tables, tables->max_seeds())) out.push_back(std::move(*ex));
  for (Example& ex : out) {  // the rule IDs the annotated plies show, from their events
    std::set<RuleId> shown(ex.rules_shown.begin(), ex.rules_shown.end());
    for (int k = ex.plies.first; k <= ex.plies.last; ++k)
      for (const Event& e : ex.game.record.plies[static_cast<size_t>(k - 1)].events) shown.insert(e.rule);
    ex.rules_shown.assign(shown.begin(), shown.end());
  }
  return out;
}

namespace {

// The pages of one example: the English beside the records, the Spanish under es/ (same names).
void add_pages(std::vector<OutputFile>& files, const Example& ex, Lang lang) {
  const bool es = lang == Lang::es;
  PageOptions options;
  options.plies = ex.plies;
  options.depth = ex.depth;
  options.lang = lang;
  options.found_by = es ? ex.found_by_es : ex.found_by;
  options.title = es ? ex.title_es : "";
  options.replay_command = fmt::format("hoyito replay docs/examples/{}.json", ex.name);
  options.tables = ex.tables;
  // Rule IDs link to the rule book of docs/rulebook/ (its html beside the html pages, md beside md).
  AnnotatedGame game = ex.game;
  game.note = es ? ex.why_es : ex.why;
  for (PageFormat format : {PageFormat::md, PageFormat::html}) {
    options.rule_book = fmt::format("{}../rulebook/{}/rulebook.{}", es ? "../" : "", lang_code(lang),
                                    format == PageFormat::md ? "md" : "html");
    for (OutputFile& f : annotate_files(game, format, options, ex.name)) {
      if (es) f.name = "es/" + f.name;
      files.push_back(std::move(f));
    }
  }
}

std::map<RuleId, std::vector<std::string>> examples_by_rule(const std::vector<Example>& examples) {
  std::map<RuleId, std::vector<std::string>> by_rule;
  for (const Example& ex : examples)
    for (RuleId r : ex.rules_shown) by_rule[r].push_back(ex.name);
  return by_rule;
}

// "| SOW-5 | [long-relay](long-relay.md), ... |", one row per rule ID, for Markdown or HTML.
std::string by_rule_rows(const std::vector<Example>& examples, bool html, Lang lang) {
  const auto by_rule = examples_by_rule(examples);
  std::string rows;
  for (int i = 0; i < kRuleCount; ++i) {
    const auto it = by_rule.find(static_cast<RuleId>(i));
    std::vector<std::string> links;
    if (it != by_rule.end())
      for (const std::string& name : it->second)
        links.push_back(html ? fmt::format("<a href=\"{0}.html\"><code>{0}</code></a>", name)
                             : fmt::format("[`{0}`]({0}.md)", name));
    const std::string none = lang == Lang::es ? "(no deja ningún evento propio)" : "(leaves no event of its own)";
    const std::string cell = links.empty() ? none : fmt::format("{}", fmt::join(links, ", "));
    rows += html ? fmt::format("<tr><td>{}</td><td>{}</td></tr>\n", rule_text(static_cast<RuleId>(i)), cell)
                 : fmt::format("| {} | {} |\n", rule_text(static_cast<RuleId>(i)), cell);
  }
  return rows;
}

std::string index_markdown(const std::vector<Example>& examples, Lang lang) {
  const bool es = lang == Lang::es;
  std::string md =
      fmt::format("# {}\n\n{}\n\n{}\n", word(Word::index_title, lang), word(Word::index_intro, lang),
                  es ? "| ejemplo | qué muestra | jugadas mostradas | reglas mostradas |\n|---|---|---|---|"
                     : "| example | what | plies shown | rule IDs shown |\n|---|---|---|---|");
  for (const Example& ex : examples) {
    std::vector<std::string> ids;
    for (RuleId r : ex.rules_shown) ids.emplace_back(rule_text(r));
    md += fmt::format(fmt::runtime(es ? "| [`{0}`]({0}.md) ([html]({0}.html)) | {1} | {2}..{3} de {4} | {5} |\n"
                                      : "| [{0}]({0}.md) ([html]({0}.html)) | {1} | {2}..{3} of {4} | {5} |\n"),
                      ex.name, es ? ex.title_es : ex.title, ex.plies.first, ex.plies.last, ex.game.record.plies.size(),
                      fmt::join(ids, ", "));
  }
  md += es ? "\n## Por regla\n\n| regla | ejemplos |\n|---|---|\n"
           : "\n## By rule ID\n\n| rule | examples |\n|---|---|\n";
  md += by_rule_rows(examples, false, lang);
  md += es ? "\nSe regenera con `hoyito examples --out docs/examples` (la prueba `examples_fresh` falla cuando estos "
             "archivos no están al día).\n"
           : "\nRegenerate with `hoyito examples --out docs/examples` (the test `examples_fresh` fails when these "
             "files are "
             "out of date).\n";
  return md;
}

std::string index_html(const std::vector<Example>& examples, Lang lang) {
  const bool es = lang == Lang::es;
  std::string html = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"{0}\">\n<head>\n<meta charset=\"utf-8\">\n<title>{1}"
      "</title>\n</head>\n<body>\n<main>\n<h1>{1}</h1>\n<ul>\n",
      lang_code(lang), word(Word::index_title, lang));
  for (const Example& ex : examples)
    html += fmt::format("<li><a href=\"{0}.html\">{1}</a> (<a href=\"{0}.md\">md</a>)</li>\n", ex.name,
                        xml_escape(es ? ex.title_es : ex.title));
  html += fmt::format("</ul>\n<h2>{}</h2>\n<table>\n<tr><th>{}</th><th>{}</th></tr>\n", es ? "Por regla" : "By rule ID",
                      es ? "regla" : "rule", es ? "ejemplos" : "examples");
  return html + by_rule_rows(examples, true, lang) + "</table>\n</main>\n</body>\n</html>\n";
}

}  // namespace

std::vector<OutputFile> example_files(const std::vector<Example>& examples) {
  std::vector<OutputFile> files;
  for (const Example& ex : examples) {
    add_pages(files, ex, Lang::en);
    files.push_back({ex.name + ".json", boost::json::serialize(to_json(ex.game.record)) + "\n"});
    add_pages(files, ex, Lang::es);
  }
  files.push_back({"index.md", index_markdown(examples, Lang::en)});
  files.push_back({"index.html", index_html(examples, Lang::en)});
  files.push_back({"es/index.md", index_markdown(examples, Lang::es)});
  files.push_back({"es/index.html", index_html(examples, Lang::es)});
  return files;
}

}  // namespace hoyito
