// The English and Spanish string tables of the account (account.h). Placeholders are fmt
// named arguments; both languages of an entry use the same ones (tests/harness/annotate/annotate_test.cpp).
#include <array>

#include "harness/annotate/account.h"

namespace hoyito {

const std::vector<EventPhrase>& event_phrases() {
  static const std::vector<EventPhrase> table = {
      {EventKind::lift, "lift", "{player} lifts {n_seeds} from {hole} ({rule}).",
       "{player} levanta {n_seeds} del hoyo {hole} ({rule})."},
      {EventKind::lap, "lap",
       "Lap {lap}: {n_seeds} sown counterclockwise from {from} to {to}, which now holds {count} ({rule}).",
       "Tanda {lap}: se siembra en sentido antihorario desde {from} hasta {to} ({n_seeds}), que ahora tiene {count} "
       "({rule})."},
      {EventKind::lap, "lap.skip",
       "Lap {lap}: {n_seeds} from {from} to {to}, skipping {from} itself; {to} now holds {count} ({rule}).",
       "Tanda {lap}: se siembra desde {from} hasta {to} ({n_seeds}), saltando el propio {from}; {to} tiene ahora "
       "{count} ({rule})."},
      {EventKind::lap, "lap.stopped", "Lap {lap}: {n_seeds} from {from} up to {to}, where the lap stops ({rule}).",
       "Tanda {lap}: se siembra desde {from} hasta {to} ({n_seeds}), donde la tanda se detiene ({rule})."},
      {EventKind::sow_end, "sow_end", "{hole} was empty: the move ends ({rule}).",
       "El hoyo {hole} estaba vacío: el movimiento termina ({rule})."},
      {EventKind::relay, "relay",
       "{hole} was not empty and is no casa: relay, {player} lifts its {n_seeds} and sows on ({rule}).",
       "El hoyo {hole} no estaba vacío ni formó casa: relevo, {player} levanta sus {n_seeds} y sigue sembrando "
       "({rule})."},
      {EventKind::capture, "capture", "The last seed makes {hole} a casa of four: {player} captures it ({rule}).",
       "La última semilla hace del hoyo {hole} una casa de cuatro: {player} la captura ({rule})."},
      {EventKind::capture, "capture.en_passant",
       "On the way a seed makes {hole} a casa of four: {player} captures it en passant ({rule}).",
       "En el camino una semilla hace del hoyo {hole} una casa de cuatro: {player} la captura al paso ({rule})."},
      {EventKind::chain_capture, "chain_capture",
       "Backward from there {player} also captures the fours in {holes}, one unbroken run ({rule}).",
       "Hacia atrás desde ahí {player} captura también las casas de cuatro de {holes}, una tras otra sin interrupción "
       "({rule})."},
      {EventKind::chain_capture, "chain_capture.one",
       "Backward from there {player} also captures the four in {holes} ({rule}).",
       "Hacia atrás desde ahí {player} captura también la casa de cuatro de {holes} ({rule})."},
      {EventKind::extra_move, "extra_move", "{player} moves again ({rule}).", "{player} vuelve a jugar ({rule})."},
      {EventKind::pass, "pass", "{player} has no seeds on their side and passes ({rule}).",
       "{player} no tiene semillas en su lado y pasa ({rule})."},
      {EventKind::pass, "pass.extra",
       "{player} earned an extra move but has no seeds on their side: the extra move is passed ({rule}).",
       "{player} ganó una jugada extra pero no tiene semillas en su lado: pasa esa jugada ({rule})."},
      {EventKind::pass, "pass.endless", "Every move of {player} would sow forever: {player} passes ({rule}).",
       "Toda jugada de {player} sembraría sin fin: {player} pasa ({rule})."},
      {EventKind::endless_sowing, "endless_sowing",
       "The sowing from {hole} would never end: nothing is sown and the game is void ({rule}).",
       "La siembra desde el hoyo {hole} no terminaría nunca: no se siembra nada y la partida es nula ({rule})."},
      {EventKind::last_four_award, "last_four_award",
       "Only {n_seeds} are left in play: they go to {player}, who made the capture ({rule}).",
       "Solo quedan {n_seeds} en juego: son para {player}, que hizo la captura ({rule})."},
      {EventKind::last_four_award, "last_four_award.previous",
       "Only {n_seeds} are left: in round {round} they go to {player}, the winner of the previous game ({rule}).",
       "Solo quedan {n_seeds}: en la ronda {round} son para {player}, ganador de la partida anterior ({rule})."},
      {EventKind::last_four_award, "last_four_award.drawn_capturer",
       "Only {n_seeds} are left: the previous game was drawn, so they go to the capturer, {player} ({rule}).",
       "Solo quedan {n_seeds}: la partida anterior fue empate, así que son para quien capturó, {player} ({rule})."},
      {EventKind::last_four_award, "last_four_award.split",
       "The previous game was drawn, so the last seeds are split: {player} takes {n_seeds} ({rule}).",
       "La partida anterior fue empate, así que las últimas semillas se reparten: {player} toma {n_seeds} ({rule})."},
      {EventKind::side_award, "side_award", "{player} takes the {n_seeds} on their own side ({rule}).",
       "{player} se lleva {n_seeds} de su propio lado ({rule})."},
      {EventKind::side_award, "side_award.no_seeds",
       "The player to move has no seeds, so the game ends (no_seeds = round_ends): {player} takes the {n_seeds} on "
       "their own side ({rule}).",
       "El jugador en turno no tiene semillas, así que la partida termina (no_seeds = round_ends): {player} se lleva "
       "{n_seeds} de su propio lado ({rule})."},
      {EventKind::game_end, "game_end", "The game ends: {winner} wins, South {south} to North {north} ({rule}).",
       "Termina la partida: gana {winner}, Sur {south} a Norte {north} ({rule})."},
      {EventKind::game_end, "game_end.draw", "The game ends in a draw, {south} seeds each ({rule}).",
       "La partida termina en empate, {south} semillas cada uno ({rule})."},
      {EventKind::game_end, "game_end.unterminated",
       "The game reaches the ply limit of {ply_limit} and stops unterminated: no winner ({rule}).",
       "La partida llega al límite de {ply_limit} jugadas y se detiene sin terminar: no hay ganador ({rule})."},
      {EventKind::game_end, "game_end.void", "The game is void: no winner ({rule}).",
       "La partida es nula: no hay ganador ({rule})."},
  };
  return table;
}

std::string_view word(Word w, Lang lang) {
  static constexpr std::array<std::array<std::string_view, 2>, static_cast<size_t>(Word::count)> words = {{
      {"South", "Sur"},
      {"North", "Norte"},
      {"seed", "semilla"},
      {"seeds", "semillas"},
      {"and", "y"},
      {"Ply", "Jugada"},
      {"Start", "Inicio"},
      {"before", "antes"},
      {"after", "después"},
      {"{player} to move", "juega {player}"},
      {"captured", "capturadas"},
      {"... {count} more laps ...", "... {count} tandas más ..."},
      {"Every lap", "Todas las tandas"},
      {"lap", "tanda"},
      {"sowing: counterclockwise", "siembra: antihoraria"},
      {"lifted", "levantado"},
      {"relay", "relevo"},
      {"last seed", "última semilla"},
      {"captured in this order", "capturados en este orden"},
      {"Notation", "Notación"},
      {"Move quality: each legal move's value is the mover's captured seeds minus the opponent's after {depth} plies "
       "of search (? loses 4 or more against the best, ?? 8 or more):",
       "Calidad de las jugadas: el valor de cada jugada legal es lo capturado por quien juega menos lo capturado por "
       "el "
       "rival tras {depth} jugadas de búsqueda (? pierde 4 o más frente a la mejor, ?? 8 o más):"},
      {"best", "mejor"},
      {"played", "la jugada hecha"},
      {"endless, not legal: repeats at lap {lap}", "sin fin, no es legal: se repite en la tanda {lap}"},
      {"no choice", "sin elección"},
      {"Result", "Resultado"},
      {"Replay", "Reproducir"},
      {"How it was found", "Cómo se encontró"},
      {"First", "Primero"},
      {"Previous", "Anterior"},
      {"Next", "Siguiente"},
      {"Last", "Último"},
      {"Animate the seeds", "Animar las semillas"},
      {"Rules", "Reglas"},
      {"Diagram of ply {number}: {player} plays {move}.", "Diagrama de la jugada {number}: {player} juega {move}."},
      {"Diagram of the start position.", "Diagrama de la posición inicial."},
      {"South's row: {south}. North's row: {north}.", "Fila de Sur: {south}. Fila de Norte: {north}."},
      {"{laps} lap(s) from {hole}; the last seeds fell in {landings}.",
       "{laps} tanda(s) desde {hole}; las últimas semillas cayeron en {landings}."},
      {"Captured in order: {holes}.", "Capturados en orden: {holes}."},
      {"After the ply: {rows} Captured: South {south}, North {north}. {to_move}.",
       "Después de la jugada: {rows} Capturadas: Sur {south}, Norte {north}. {to_move}."},
      {"Annotated example games", "Partidas de ejemplo anotadas"},
      {"Each example was found by simulation; each page says how and replays with `hoyito replay`.",
       "Cada ejemplo se encontró por simulación; cada página dice cómo y se reproduce con `hoyito replay`."},
      {"Game", "Partida"},
      {"plies", "jugadas"},
      {"winner", "ganador"},
      {"draw", "empate"},
      {"winner none", "sin ganador"},
      {"playing", "en juego"},
      {"finished", "terminada"},
      {"unterminated", "sin terminar"},
      {"void", "nula"},
      {"After ply {ply}", "Después de la jugada {ply}"},
      {"Diagram of ply {number}: {player} passes.", "Diagrama de la jugada {number}: {player} pasa."},
      {"Game over: {player} wins", "Fin de la partida: gana {player}"},
      {"Game over: a draw", "Fin de la partida: empate"},
      {"Game over: void, no winner", "Fin de la partida: nula, sin ganador"},
      {"Game over: stopped at the ply limit, no winner",
       "Fin de la partida: detenida en el límite de jugadas, sin ganador"},
      {"{hole}: endless (SOW-6)", "{hole}: sin fin (SOW-6)"},
      {"lap {lap} repeats lap {repeated}", "la tanda {lap} repite la {repeated}"},
      {"Endless sowing (SOW-6): {moves}.", "Siembra sin fin (SOW-6): {moves}."},
      {"voids the game (SOW-6): no winner, the captures stand",
       "anula la partida (SOW-6): sin ganador, las capturas quedan"},
      {"Refused: {player} {move}", "Rechazada: {player} {move}"},
      {"Legal moves here: {moves}.", "Jugadas legales aquí: {moves}."},
      {"{player} may not pass: a player with seeds on their side moves; only one with none passes (PASS-1).",
       "{player} no puede pasar: quien tiene semillas en su lado juega; solo pasa quien no tiene ninguna (PASS-1)."},
      {"{player} may not play {hole}: it is not one of their holes; a player lifts the seeds of one of their own holes "
       "(BRD-4, SOW-1).",
       "{player} no puede jugar {hole}: no es uno de sus hoyos; cada jugador levanta las semillas de uno de sus "
       "propios hoyos (BRD-4, SOW-1)."},
      {"{player} may not play {hole}: it is empty, and the hole lifted must not be empty (SOW-1).",
       "{player} no puede jugar {hole}: está vacío, y el hoyo que se levanta no debe estar vacío (SOW-1)."},
      {"{player} may not play {hole}: its relay sowing never ends (the state at the end of lap {lap} repeats that of "
       "lap {repeated}), and a move whose sowing never ends is not legal (SOW-6).",
       "{player} no puede jugar {hole}: su siembra en relevo no termina nunca (el estado al final de la tanda {lap} "
       "repite el de la tanda {repeated}), y un movimiento cuya siembra no termina no es legal (SOW-6)."},
      {"{player} may not play {hole} here: its sowing neither ends nor repeats a lap-end state within {lap} laps, so "
       "it cannot be decided (Q-LIMIT).",
       "{player} no puede jugar {hole} aquí: su siembra no termina ni repite un estado de fin de tanda en {lap} "
       "tandas, así que no se puede decidir (Q-LIMIT)."},
      {"No move may be played: the game is over (END-1).", "No se puede jugar: la partida ha terminado (END-1)."},
      {"Plies of the game", "Jugadas de la partida"},
      {"Ply {ply} of {total}", "Jugada {ply} de {total}"},
      {"Comment", "Comentario"},
      {"This page shows {shown} plies: to keep it small, a diagram is drawn every {every} plies and at the last (every "
       "ply's account is here; --format md or --plies K..L draws every diagram).",
       "Esta página muestra {shown} jugadas: para que no sea enorme, se dibuja un diagrama cada {every} jugadas y en "
       "la última (el relato de cada jugada está aquí; el formato md, o un tramo de jugadas más corto, los dibuja "
       "todos)."},
      {"source", "fuente"},
      {"pass", "pasa"},
      {"none: the search met a move it cannot decide ({why})",
       "ninguna: la búsqueda encontró una jugada que no puede decidir ({why})"},
      {"Move quality, exact from the endgame tables: each legal move's value is the seeds the mover captures from "
       "here on minus the opponent's, with best play by both to the end (G7 third_repetition; [lo, hi]: it depends "
       "on the positions already seen, END-3), then its result with the captures so far; ?? gives up the result, "
       "? keeps it but loses seeds for certain:",
       "Calidad de las jugadas, exacta según las tablas de finales: el valor de cada jugada legal es lo que captura "
       "desde aquí quien juega menos lo que captura el rival, con el mejor juego de ambos hasta el final (G7 "
       "third_repetition; [lo, hi]: depende de las posiciones ya vistas, END-3), y luego su resultado con las "
       "capturas hechas; ?? renuncia al resultado, ? lo conserva pero pierde semillas con certeza:"},
      {", loses {loss}", ", pierde {loss}"},
      {"Every lap: its number, from → to, seeds sown", "Todas las tandas: número, desde → hasta, semillas sembradas"},
      {"Diagram", "Diagrama"},
      {"This position (the board, the captures and {player} to move) stood before {where}: its third occurrence ends "
       "the game ({rule}).",
       "Esta posición (el tablero, las capturas y el turno de {player}) ya se había dado {where}: su tercera vez "
       "termina la partida ({rule})."},
      {"at the start", "al inicio"},
      {"after ply {plies}", "después de la jugada {plies}"},
      {"after plies {plies}", "después de las jugadas {plies}"},
      {"Evaluation over the game", "Evaluación a lo largo de la partida"},
      {"captured difference, South minus North: above 0 South is ahead, below 0 North",
       "diferencia de capturadas, Sur menos Norte: por encima de 0 va delante Sur, por debajo Norte"},
      {"value of the move played: the difference it leads to, both sides then playing their best",
       "valor de la jugada hecha: la diferencia a la que lleva si después los dos juegan lo mejor"},
      {"value of the best move: the most the player to move could reach (for North, the lowest)",
       "valor de la mejor jugada: lo más que podía lograr quien juega (para Norte, lo más bajo)"},
      {"move values: search of {depth} plies", "valores de las jugadas: búsqueda de {depth} jugadas"},
      {"move values: exact, from the endgame tables", "valores de las jugadas: exactos, de las tablas de finales"},
      {"move values: exact from the endgame tables at {exact} plies, search of {depth} plies at the others",
       "valores de las jugadas: exactos de las tablas de finales en {exact} jugadas, búsqueda de {depth} jugadas en "
       "las demás"},
      {"each band: the lowest and highest difference over {every} plies",
       "cada franja: la diferencia más baja y la más alta en {every} jugadas"},
      {"one every {every} annotated plies and the last", "uno cada {every} jugadas anotadas y la última"},
      {"Evaluation chart of {plies} plies: the captured difference (South minus North) goes from {low} to {high} and "
       "ends at {end}.",
       "Gráfica de evaluación de {plies} jugadas: la diferencia de capturadas (Sur menos Norte) va de {low} a {high} "
       "y termina en {end}."},
      {" {count} annotated plies have move values; the move played was below the best at {worse} of them.",
       " {count} jugadas anotadas tienen valores; la jugada hecha quedó por debajo de la mejor en {worse} de ellas."},
      {" No move values (no move-quality line).", " Sin valores de jugadas (sin línea de calidad)."},
      {"The chart's numbers", "Los números de la gráfica"},
      {"Seen from South: above 0 South is ahead. A point of the chart, or a ply of the table, leads to that ply on "
       "this page.",
       "Visto desde Sur: por encima de 0 va delante Sur. Un punto de la gráfica, o una jugada de la tabla, lleva a "
       "esa jugada en esta página."},
      {"{low} to {high}", "de {low} a {high}"},
      {"{hole} {from} to {to}", "{hole} de {from} a {to}"},
      {"; the other holes as before.", "; los demás hoyos, igual."},
      {"no hole changed.", "ningún hoyo cambió."},
  }};
  return words[static_cast<size_t>(w)][lang == Lang::en ? 0 : 1];
}

}  // namespace hoyito
