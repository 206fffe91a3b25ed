#include "harness/annotate/rulebook.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <tuple>

#include <fmt/format.h>
#include <boost/json.hpp>

#include "harness/annotate/diagram.h"
#include "harness/annotate/markdown.h"
#include "harness/annotate/refusal.h"
#include "harness/annotate/seed_sources.h"
#include "harness/base/escape.h"
#include "harness/games/game_file.h"
#include "harness/games/notation.h"
#include "io/scenario.h"

namespace hoyito {

namespace {

bool starts_with(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }

std::string trim(std::string_view text) {
  const size_t first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  return std::string(text.substr(first, text.find_last_not_of(" \t") - first + 1));
}

// The text of a rule without its `*( ... )*` citations, and the citations (without the marks).
RuleText split_sources(std::string id, std::string_view text) {
  RuleText rule{std::move(id), {}, {}, {}, {}};
  size_t at = 0;
  while (at < text.size()) {
    const size_t open = text.find("*(", at);
    const size_t close = open == std::string_view::npos ? open : text.find(")*", open);
    if (close == std::string_view::npos) {
      rule.text += text.substr(at);
      break;
    }
    rule.text += text.substr(at, open - at);
    rule.sources.push_back(std::string(text.substr(open + 2, close - open - 2)));
    at = close + 2;
  }
  std::string tidy;  // the spaces a citation leaves behind, and a space before a full stop
  for (char c : rule.text) {
    if ((c == ' ' || c == '.' || c == ',' || c == ';' || c == ':') && !tidy.empty() && tidy.back() == ' ')
      tidy.pop_back();
    tidy += c;
  }
  rule.text = trim(tidy);
  return rule;
}

// "- **SOW-1** text": the ID, and the rest of the line.
std::optional<std::pair<std::string, std::string>> rule_line(std::string_view line) {
  if (!starts_with(line, "- **")) return std::nullopt;
  const size_t end = line.find("**", 4);
  if (end == std::string_view::npos) return std::nullopt;
  return std::pair{std::string(line.substr(4, end - 4)), std::string(line.substr(end + 2))};
}

// The rule being read: its ID, its text so far and its note's ("  - *Notes:* ..."), if it has one.
struct OpenRule {
  std::string id, text;
  std::optional<std::string> note;
};

// A rule's note without the label of its item ("*Notes:* ", "*Notas:* ").
std::string without_label(std::string note) {
  if (starts_with(note, "*")) {
    const size_t end = note.find(":* ");
    if (end != std::string::npos) note.erase(0, end + 3);
  }
  return note;
}

RuleText closed_rule(const OpenRule& open) {
  RuleText rule = split_sources(open.id, open.text);
  if (open.note) {
    RuleText note = split_sources("", without_label(*open.note));
    rule.note = std::move(note.text);
    rule.note_sources = std::move(note.sources);
  }
  return rule;
}

// A line that goes on with the open rule: a line of its text, its note's first line or one more.
bool continue_rule(OpenRule& rule, const std::string& line) {
  if (starts_with(line, "  - ")) {
    rule.note = trim(std::string_view(line).substr(4));
  } else if (rule.note && starts_with(line, "    ")) {
    rule.note->append(1, ' ').append(trim(line));
  } else if (!rule.note && starts_with(line, "  ")) {
    rule.text.append(1, ' ').append(trim(line));
  } else {
    return false;
  }
  return true;
}

}  // namespace

std::vector<RuleSection> parse_rule_sections(std::string_view rules_md) {
  std::vector<RuleSection> sections;
  std::optional<OpenRule> rule;
  auto close_rule = [&] {
    if (rule) sections.back().rules.push_back(closed_rule(*rule));
    rule.reset();
  };
  for (const std::string& line : markdown_lines(rules_md)) {
    if (starts_with(line, "## ")) {
      close_rule();
      if (starts_with(line, "## Where each seed sentence went")) break;
      RuleText title = split_sources("", std::string_view(line).substr(3));  // "Capture, Hoyito I (CAP-I) *(RN ...)*"
      sections.push_back({title.text, title.sources.empty() ? "" : "*(" + title.sources.front() + ")*", {}});
    } else if (sections.empty()) {
      continue;  // the preamble: sources and terms (rulebook_files prints it whole)
    } else if (auto next = rule_line(line)) {
      close_rule();
      rule = OpenRule{next->first, next->second, std::nullopt};
    } else if (rule && continue_rule(*rule, line)) {
      continue;
    } else {
      close_rule();
      std::string& intro = sections.back().intro;
      if (trim(line).empty()) continue;
      if (!intro.empty()) intro.append(1, ' ');
      intro.append(trim(line));
    }
  }
  close_rule();
  return sections;
}

namespace {

// The ID in parentheses a section title ends with: "Sowing (SOW)" -> "SOW", the anchor of its entry.
std::string section_code(const std::string& title) {
  const size_t open = title.rfind('('), close = title.rfind(')');
  return open == std::string::npos || close < open ? "section" : title.substr(open + 1, close - open - 1);
}

struct PlacedRule {
  std::string section;  // its section's code
  const RuleText* rule;
};

std::vector<PlacedRule> placed_rules(const std::vector<RuleSection>& sections) {
  std::vector<PlacedRule> rules;
  for (const RuleSection& section : sections)
    for (const RuleText& rule : section.rules) rules.push_back({section_code(section.title), &rule});
  return rules;
}

const PlacedRule* find_rule(const std::vector<PlacedRule>& rules, const std::string& id) {
  for (const PlacedRule& r : rules)
    if (r.rule->id == id) return &r;
  return nullptr;
}

}  // namespace

namespace {

// What a translation must keep of a rule's citations: the documents (BG, CS, KY, SW, RN,
// MancalaGames), the decisions and questions (G7, Q-MATCH) and the seed section titles in the
// seed's own language ("Дъска", "Jak hrát": quoted, with a letter outside ASCII) and the section
// numbers, in order. The
// glosses around them are translated (specs/glossary.es.md), so they are not compared.
std::vector<std::string> citation_keys(const std::vector<std::string>& sources) {
  static const std::set<std::string, std::less<>> documents = {"BG", "CS", "KY", "SW", "RN", "MancalaGames"};
  std::vector<std::string> keys;
  for (const std::string& s : sources) {
    for (size_t i = 0; i < s.size();) {
      if (s.compare(i, 2, "«") == 0) {  // a translated gloss or quotation
        i = std::min(s.find("»", i), s.size());
        continue;
      }
      if (s[i] == '"') {
        const size_t close = std::min(s.find('"', i + 1), s.size());
        const std::string_view quoted = std::string_view(s).substr(i, close + 1 - i);
        if (std::any_of(quoted.begin(), quoted.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; }))
          keys.emplace_back(quoted);
        i = close + 1;
        continue;
      }
      size_t j = i;
      while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '-')) ++j;
      const std::string token = s.substr(i, j - i);
      const bool decision = starts_with(token, "Q-") ||
                            (token.size() > 1 && token[0] == 'G' &&
                             std::all_of(token.begin() + 1, token.end(), [](char c) { return std::isdigit(c); }));
      const bool section_number = !token.empty() && std::isdigit(static_cast<unsigned char>(token[0]));
      if (documents.count(token) || decision || section_number) keys.push_back(token);
      i = j > i ? j : i + 1;
    }
  }
  return keys;
}

// A rule's citations, then its note's.
std::vector<std::string> all_citations(const RuleText& rule) {
  std::vector<std::string> all = rule.sources;
  all.insert(all.end(), rule.note_sources.begin(), rule.note_sources.end());
  return all;
}

}  // namespace

std::vector<std::string> translation_problems(const std::vector<RuleSection>& original,
                                              const std::vector<RuleSection>& translated) {
  const std::vector<PlacedRule> en = placed_rules(original), es = placed_rules(translated);
  std::vector<std::string> problems;
  for (const PlacedRule& r : en)
    if (!find_rule(es, r.rule->id)) problems.push_back(fmt::format("{}: no translation", r.rule->id));
  for (size_t i = 0; i < es.size(); ++i) {
    const std::string& id = es[i].rule->id;
    const PlacedRule* match = find_rule(en, id);
    if (!match) {
      problems.push_back(fmt::format("{}: not a rule of rules.md", id));
      continue;
    }
    if (i >= en.size() || en[i].rule->id != id)
      problems.push_back(
          fmt::format("{}: out of order (rules.md has {} here)", id, i < en.size() ? en[i].rule->id : "none"));
    if (match->section != es[i].section)
      problems.push_back(fmt::format("{}: in section {}, rules.md has it in {}", id, es[i].section, match->section));
    if (citation_keys(all_citations(*match->rule)) != citation_keys(all_citations(*es[i].rule)))
      problems.push_back(fmt::format("{}: citations *({})* differ from rules.md's *({})*", id,
                                     fmt::join(all_citations(*es[i].rule), ")*, *("),
                                     fmt::join(all_citations(*match->rule), ")*, *(")));
    if (match->rule->note.empty() != es[i].rule->note.empty())
      problems.push_back(fmt::format("{}: a note in one text and not in the other", id));
  }
  return problems;
}

namespace {

// ---- The words of the book ----------------------------------------------------------------

enum class BookWord {
  title,
  intro,
  spanish_note,
  contents,
  rules,
  sources,
  example,
  no_example,
  checked_by_match,
  open_questions,
  open_questions_intro,
  notation,
  index,
  index_intro,
  rule_col,
  section_col,
  example_col,
  refused_example,
  start_example,
  preamble,
  ply_caption,
  table_label,
  sources_intro,
  documents_header,
  not_given,
  cite_note,
  glosses,
  players_intro,
  appendix,
  notes,
  notes_intro,
  example_in_appendix,
  count
};

struct BookPhrase {
  std::string_view en, es;
};

const BookPhrase& book_phrase(BookWord w) {
  static const BookPhrase table[] = {
      {"The rules of Hoyito I, II and III, illustrated", "Las reglas de Hoyito I, II y III, ilustradas"},
      {"Every rule of specs/rules.md in reading order, with the seed documents it restates and a diagram of a ply "
       "where "
       "it fires, taken from the hand-derived scenarios of specs/scenarios/ and drawn as `hoyito annotate` draws it. "
       "Written by `hoyito rulebook` from the specs built into the program.",
       "Cada regla de specs/rules.md en orden de lectura, con los documentos fuente que recoge y el diagrama de una "
       "jugada en la que se aplica, tomada de los escenarios derivados a mano de specs/scenarios/ y dibujada como la "
       "dibuja `hoyito annotate`. Escrito por `hoyito rulebook` a partir de las especificaciones incluidas en el "
       "programa."},
      {"",
       "Las reglas, las preguntas abiertas y la notación son la versión española de las especificaciones "
       "(specs/rules.es.md, open-questions.es.md y notation.es.md), regla por regla y con las mismas citas de las "
       "fuentes; el texto normativo es el inglés de specs/rules.md."},
      {"Contents", "Contenido"},
      {"The rules", "Las reglas"},
      {"Sources", "Fuentes"},
      {"Example", "Ejemplo"},
      {"No scenario shows this rule on a board (see its text).",
       "Ningún escenario muestra esta regla en un tablero (véase su texto)."},
      {"A rule of the match, over several games: checked by the scenario {file}, which has no board to draw.",
       "Una regla del encuentro, sobre varias partidas: la comprueba el escenario {file}, que no tiene tablero que "
       "dibujar."},
      {"Open questions and options", "Preguntas abiertas y opciones"},
      {"What the seeds leave open, the value chosen (the default, first in the values column) and the alternatives.",
       "Lo que las fuentes dejan abierto, el valor elegido (el predeterminado, primero en la columna de valores) y las "
       "alternativas."},
      {"The notation", "La notación"},
      {"Index", "Índice"},
      {"Every rule ID, the section it is in and the scenario of its example.",
       "Cada identificador de regla, su sección y el escenario de su ejemplo."},
      {"rule", "regla"},
      {"section", "sección"},
      {"example", "ejemplo"},
      {"Scenario {id} ({file}): the move refused there.", "Escenario {id} ({file}): la jugada rechazada allí."},
      {"Scenario {id} ({file}), the start.", "Escenario {id} ({file}), el comienzo."},
      {"Sources and terms", "Fuentes y términos"},
      {"Scenario {id} ({file}), {rules}: ply {ply}, {player} {move}.",
       "Escenario {id} ({file}), {rules}: jugada {ply}, {player} {move}."},
      {"Table (it scrolls sideways on a narrow screen)", "Tabla (se desplaza de lado en una pantalla estrecha)"},
      {"The rules restate four seed documents, the source of truth, and the project's rules notes:",
       "Las reglas recogen cuatro documentos fuente, la fuente de verdad, y las notas de las reglas del proyecto:"},
      {"| short | title | published as | web address | date of the article | dates in the text | language |",
       "| abreviatura | título | publicado como | dirección web | fecha del artículo | fechas en el texto | idioma |"},
      {"not given", "no figura"},
      {"Cite a seed by its title, where it was published and its language, then the section and sentence: "
       "\"Hoyito III\", Mancala World (Czech), \"Zajímání\" 1. No seed gives the web address or the date of its "
       "article; the years in its text are those of the fieldwork it reports.",
       "Una fuente se cita por su título, dónde se publicó y su idioma, y luego la sección y la frase: "
       "«Hoyito III», Mancala World (checo), \"Zajímání\" 1. Ninguna fuente da la dirección web ni la fecha de su "
       "artículo; los años de su texto son los del trabajo de campo que relata."},
      {"In English", "En inglés"},
      {"How to play Hoyito, the Dominican mancala, in plain words; then every rule by name, with the seed "
       "documents it restates and a diagram of a move where it applies; at the end, an appendix for the people "
       "who maintain game engines and rule books.",
       "Cómo se juega Hoyito, el mancala dominicano, en palabras sencillas; luego cada regla por su nombre, con los "
       "documentos fuente que recoge y el diagrama de un movimiento en el que se aplica; al final, un apéndice para "
       "quienes mantienen programas de juego y libros de reglas."},
      {"Appendix: for maintainers", "Apéndice: para quien mantiene programas y reglamentos"},
      {"Notes on the rules", "Notas a las reglas"},
      {"What the rules above leave to the configuration (option names and their other values), other sources' "
       "readings and notes on engines and tests, rule by rule.",
       "Lo que las reglas de arriba dejan a la configuración (los nombres de las opciones y sus otros valores), las "
       "lecturas de otras fuentes y las notas sobre programas y pruebas, regla por regla."},
      {"Its example is played with an option at another value than the default: it is with the rule's notes in the "
       "appendix.",
       "Su ejemplo se juega con una opción en otro valor que el predeterminado: está con las notas de la regla, en el "
       "apéndice."},
  };
  static_assert(std::size(table) == static_cast<size_t>(BookWord::count));
  return table[static_cast<size_t>(w)];
}

std::string_view book_word(BookWord w, Lang lang) { return lang == Lang::es ? book_phrase(w).es : book_phrase(w).en; }

// ---- The example of each rule: a ply of a scenario where the rule fires ----------------------

struct Candidate {
  std::string file;
  Scenario scenario;
  std::optional<GameOfFile> game;  // none for a match scenario: it holds results, no moves
};

std::vector<Candidate> load_candidates(const std::vector<SpecFile>& files) {
  std::vector<Candidate> candidates;
  for (const SpecFile& f : files) {
    const std::string name(f.name);
    boost::system::error_code error;
    const boost::json::value json = boost::json::parse(f.text, error);
    if (error) throw InputError(fmt::format("{}: not JSON: {}", name, error.message()));
    Candidate c{name, scenario_from_json(json, name), std::nullopt};
    if (!c.scenario.match) c.game = game_of_text(f.text, name);
    candidates.push_back(std::move(c));
  }
  return candidates;
}

bool declares(const Candidate& c, RuleId id) {
  return std::find(c.scenario.exercises.begin(), c.scenario.exercises.end(), id) != c.scenario.exercises.end();
}

// The first ply (from 1) of the candidate's game one of whose events cites `id`, 0 if none.
int citing_ply(const Candidate& c, RuleId id) {
  if (!c.game) return 0;
  const std::vector<Ply>& plies = c.game->record.plies;
  for (size_t k = 0; k < plies.size(); ++k)
    for (const Event& e : plies[k].events)
      if (e.rule == id) return static_cast<int>(k + 1);
  return 0;
}

struct Pick {
  const Candidate* candidate = nullptr;
  int ply = 0;  // 0: the scenario's start or its refused move
};

// Where `id` is shown: the first ply citing it, of a scenario declaring the rule, on 2x6, of
// Hoyito II (the game of most sources), declaring few rules, if possible; else the first ply of a scenario declaring
// it; else such a scenario's start.
Pick pick_example(const std::vector<Candidate>& candidates, RuleId id) {
  Pick best;
  std::tuple<int, int, int, int, size_t, int> best_key{2, 3, 2, 2, 0, 0};
  for (size_t i = 0; i < candidates.size(); ++i) {
    const Candidate& c = candidates[i];
    const int cited = citing_ply(c, id);
    const bool declared = declares(c, id);
    if (!cited && !declared) continue;
    const int kind = cited ? (declared ? 0 : 1) : 2;
    // First the rules as players play them (every option at its default): the rule's text in the
    // book leaves the options to the appendix, and so does its example's caption. The fewer rules a
    // scenario declares, the more it is about this one.
    const std::tuple<int, int, int, int, size_t, int> key{c.scenario.rules.options == Options{} ? 0 : 1,
                                                          kind,
                                                          c.scenario.rules.holes_per_row == 6 ? 0 : 1,
                                                          c.scenario.rules.variant == Variant::hoyito2 ? 0 : 1,
                                                          c.scenario.exercises.size(),
                                                          static_cast<int>(i)};
    if (key < best_key) {
      best_key = key;
      const bool has_plies = c.game && !c.game->record.plies.empty();
      best = {&c, cited ? cited : (has_plies ? 1 : 0)};
    }
  }
  return best;
}

struct RuleExample {
  std::string caption;
  std::string scenario;  // the scenario file it comes from, if any
  std::string svg, alt;  // empty: no diagram
  std::vector<std::string> account;
  // Played with an option at another value than its default (END-3's ply limit of 1, END-4's
  // round_ends): the book shows it with the rule's notes, in the appendix for maintainers.
  bool with_option = false;
};

// The element ids of a diagram (title-X, desc-X, arrow-X) made unique in a page of many diagrams.
std::string unique_ids(std::string svg, const std::string& id, const std::string& rule) {
  for (std::string_view kind : {"title-", "desc-", "arrow-"}) {
    const std::string from = std::string(kind) + id, to = from + "-" + rule;
    for (size_t at = svg.find(from); at != std::string::npos; at = svg.find(from, at + to.size())) {
      const char next = at + from.size() < svg.size() ? svg[at + from.size()] : ' ';
      if (next == '"' || next == ' ' || next == ')') svg.replace(at, from.size(), to);
    }
  }
  return svg;
}

// The caption followed by the scenario's own title in the book's language: what the example shows.
std::string with_title(const std::string& caption, const Candidate& c, Lang lang) {
  const std::string& title = lang == Lang::es && !c.scenario.title_es.empty() ? c.scenario.title_es : c.scenario.title;
  return title.empty() ? caption : fmt::format("{} {}.", caption, title);
}

std::string caption_text(BookWord w, const Candidate& c, Lang lang) {
  return with_title(
      fmt::format(fmt::runtime(book_word(w, lang)), fmt::arg("id", c.scenario.id), fmt::arg("file", c.file)), c, lang);
}

RuleExample ply_example(const Candidate& c, int k, const std::string& rule, Lang lang) {
  const GameRecord& r = c.game->record;
  const Ply& ply = r.plies[static_cast<size_t>(k - 1)];
  const PlyStory story = tell_game_ply(r, k);
  RuleExample ex;
  ex.scenario = c.file;
  ex.caption = fmt::format(fmt::runtime(book_word(BookWord::ply_caption, lang)), fmt::arg("id", c.scenario.id),
                           fmt::arg("file", c.file), fmt::arg("rules", rules_text(r.rules, lang)), fmt::arg("ply", k),
                           fmt::arg("player", player_word(ply.player, lang)),
                           fmt::arg("move", move_word(ply, r.rules.holes_per_row, lang)));
  ex.caption = with_title(ex.caption, c, lang);
  ex.svg = unique_ids(ply_svg(story, r.rules, lang), fmt::format("ply{}", k), rule);
  ex.alt = alt_text(story, r.rules, lang);
  ex.account = summarised(account(story, r.rules, lang), static_cast<int>(story.laps.size()), lang);
  return ex;
}

// A scenario without plies: its refused move (the refusal is the lesson), or its start.
RuleExample position_example(const Candidate& c, const std::string& rule, Lang lang) {
  const GameRecord& r = c.game->record;
  RuleExample ex;
  ex.scenario = c.file;
  if (c.game->refused_move.empty()) {
    ex.caption = caption_text(BookWord::start_example, c, lang);
    ex.alt = start_alt_text(r.start, r.rules, lang);
    ex.svg =
        unique_ids(position_svg(r.start, r.rules, lang, std::string(word(Word::start, lang)), ex.alt), "start", rule);
    return ex;
  }
  const RefusalStory refusal = tell_refusal(r.rules, r.start, c.game->refused_move, false, lang);
  const std::vector<EndlessMove> endless = refusal.endless ? std::vector{*refusal.endless} : std::vector<EndlessMove>{};
  ex.caption = caption_text(BookWord::refused_example, c, lang);
  ex.alt = fmt::format("{}: {} {}", refusal.heading, refusal.reason, start_alt_text(r.start, r.rules, lang));
  ex.svg = unique_ids(refusal_svg(r.start, r.rules, lang, refusal.heading, ex.alt, refusal.hole.value_or(-1), endless),
                      "refused", rule);
  ex.account = {refusal.reason, refusal.legal};
  return ex;
}

RuleExample picked_example(const Pick& pick, const std::string& rule, Lang lang) {
  if (!pick.candidate) return {std::string(book_word(BookWord::no_example, lang)), {}, {}, {}, {}, false};
  if (!pick.candidate->game)
    return {caption_text(BookWord::checked_by_match, *pick.candidate, lang), pick.candidate->file, {}, {}, {}, false};
  if (pick.ply > 0) return ply_example(*pick.candidate, pick.ply, rule, lang);
  return position_example(*pick.candidate, rule, lang);
}

RuleExample rule_example(const std::vector<Candidate>& candidates, const std::string& rule, Lang lang) {
  const Pick pick = pick_example(candidates, parse_rule_id(rule));
  RuleExample ex = picked_example(pick, rule, lang);
  ex.with_option = pick.candidate && !(pick.candidate->scenario.rules.options == Options{});
  return ex;
}

// ---- How to play: the players' opening (how-to-play.md) ------------------------------------

// how-to-play.md read: its title, its parts (Markdown, each but the last followed by a diagram)
// and, from its last `## ` section, the name of each rule.
struct PlayersPart {
  std::string title;
  std::vector<std::string> texts;
  std::vector<RuleExample> diagrams;
  std::map<std::string, std::string, std::less<>> names;  // rule ID -> its name
};

const Candidate& candidate_named(const std::vector<Candidate>& candidates, const std::string& file) {
  for (const Candidate& c : candidates)
    if (c.file == file && c.game) return c;
  throw InputError(fmt::format("how-to-play.md: no scenario '{}' with a board", file));
}

// "![caption](FILE#start)" or "![caption](FILE#ply=K)": the diagram of the scenario's start or of
// its ply K, with that caption.
RuleExample players_diagram(const std::string& line, const std::vector<Candidate>& candidates, int n, Lang lang) {
  const size_t mid = line.find("](");
  const size_t hash = line.find('#', mid);
  if (mid == std::string::npos || hash == std::string::npos || line.back() != ')')
    throw InputError(fmt::format("how-to-play.md: '{}' is not ![caption](FILE#start) or (FILE#ply=K)", line));
  const Candidate& c = candidate_named(candidates, line.substr(mid + 2, hash - mid - 2));
  const std::string where = line.substr(hash + 1, line.size() - hash - 2);
  const std::string tag = fmt::format("play-{}", n);
  RuleExample ex;
  if (where == "start") {
    const GameRecord& r = c.game->record;
    ex.alt = start_alt_text(r.start, r.rules, lang);
    ex.svg =
        unique_ids(position_svg(r.start, r.rules, lang, std::string(word(Word::start, lang)), ex.alt), "start", tag);
  } else {
    const int k = starts_with(where, "ply=") ? std::atoi(where.c_str() + 4) : 0;
    if (k < 1 || k > static_cast<int>(c.game->record.plies.size()))
      throw InputError(fmt::format("how-to-play.md: {} has no ply '{}'", c.file, where));
    ex = ply_example(c, k, tag, lang);
  }
  ex.scenario = c.file;
  ex.caption = line.substr(2, mid - 2);
  return ex;
}

// "| SOW-1 | Taking up a hole |": a row of the rule names' table.
void read_rule_name(const std::string& line, PlayersPart& part) {
  if (!starts_with(line, "| ")) return;
  const size_t bar = line.find(" | ", 2);
  if (bar == std::string::npos || line.size() < bar + 5) return;
  const std::string id = trim(line.substr(2, bar - 2));
  const bool is_rule_id = id.find('-') != std::string::npos && std::isdigit(static_cast<unsigned char>(id.back()));
  if (is_rule_id) part.names[id] = trim(std::string_view(line).substr(bar + 3, line.size() - bar - 5));
}

PlayersPart parse_players(std::string_view players_md, const std::vector<Candidate>& candidates, Lang lang) {
  PlayersPart part;
  const std::vector<std::string> lines = markdown_lines(players_md);
  size_t last_section = lines.size();
  for (size_t i = 0; i < lines.size(); ++i)
    if (starts_with(lines[i], "## ")) last_section = i;
  bool started = false;
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    if (starts_with(line, "# ")) part.title = trim(std::string_view(line).substr(2));
    started = started || starts_with(line, "## ");
    if (i >= last_section) {
      read_rule_name(line, part);
    } else if (started && starts_with(line, "![")) {
      part.diagrams.push_back(players_diagram(line, candidates, static_cast<int>(part.diagrams.size()) + 1, lang));
      part.texts.emplace_back();
    } else if (started) {
      if (part.texts.empty()) part.texts.emplace_back();
      part.texts.back() += line + "\n";
    }
  }
  return part;
}

// ---- The book ------------------------------------------------------------------------------

struct Book {
  Lang lang;
  PlayersPart players;   // how-to-play.md: the opening and the rules' names
  SeedSources seeds;     // specs/sources.md
  std::string preamble;  // the list of sources, then rules.md before its first section: the terms
  std::vector<RuleSection> sections;
  std::vector<std::vector<RuleExample>> examples;  // per section, per rule
  std::string_view open_questions, notation;
};

// rules.md from its first line after the title to its first `## ` section.
std::string rules_preamble(std::string_view rules_md) {
  std::string md;
  for (const std::string& line : markdown_lines(rules_md)) {
    if (starts_with(line, "## ")) break;
    if (!starts_with(line, "# ")) md += line + "\n";
  }
  return md;
}

// The sections of the book's language: the Spanish ones only if rules.es.md translates rules.md rule by rule.
std::vector<RuleSection> book_sections(const RulebookSources& sources, Lang lang) {
  std::vector<RuleSection> english = parse_rule_sections(sources.en.rules_md);
  if (lang == Lang::en) return english;
  std::vector<RuleSection> spanish = parse_rule_sections(sources.es.rules_md);
  const std::vector<std::string> problems = translation_problems(english, spanish);
  if (!problems.empty())
    throw InputError(fmt::format("specs/rules.es.md: {}{}", problems.front(),
                                 problems.size() > 1 ? fmt::format(" (and {} more)", problems.size() - 1) : ""));
  return spanish;
}

// A cell of specs/sources.md in the book: "-" (the seed does not give it) said in words.
std::string given(const std::string& cell, Lang lang) {
  return cell == "-" ? fmt::format("*{}*", book_word(BookWord::not_given, lang)) : cell;
}

// The documents as the book lists them (Markdown): title, where published, address, date
// (specs/sources.md), instead of the seed files' names.
std::string documents_md(const SeedSources& seeds, Lang lang) {
  const bool es = lang == Lang::es;
  std::string md = fmt::format("{}\n\n{}\n|---|---|---|---|---|---|---|\n", book_word(BookWord::sources_intro, lang),
                               book_word(BookWord::documents_header, lang));
  for (const SeedDocument& d : seeds.documents)
    md += fmt::format("| **{}** | {} | {} | {} | {} | {} | {} |\n", d.code, es ? d.title_es : d.title, d.published_as,
                      given(d.address, lang), given(d.date, lang), given(es ? d.dates_es : d.dates, lang),
                      es ? d.language_es : d.language);
  return md + fmt::format("\n{}\n\n", book_word(BookWord::cite_note, lang));
}

Book make_book(const RulebookSources& sources, Lang lang) {
  const BookTexts& texts = lang == Lang::es ? sources.es : sources.en;
  SeedSources seeds = parse_seed_sources(sources.sources_md);
  std::string preamble = documents_md(seeds, lang) + rules_preamble(texts.rules_md);
  const std::vector<Candidate> candidates = load_candidates(sources.scenarios);
  Book book{lang,
            parse_players(texts.players_md, candidates, lang),
            std::move(seeds),
            std::move(preamble),
            book_sections(sources, lang),
            {},
            texts.open_questions_md,
            texts.notation_md};
  for (const RuleSection& section : book.sections) {
    book.examples.emplace_back();
    for (const RuleText& rule : section.rules) book.examples.back().push_back(rule_example(candidates, rule.id, lang));
  }
  return book;
}

// ---- Markdown --------------------------------------------------------------------------------

constexpr const char* kSvgFolder = "rulebook-svg";

// The English glosses of the seed passages a rule cites (specs/sources.md), a line each:
// `BG "Как се играе" 1: On their turn ...`; passages of the same gloss on one line. None in
// the Spanish book (its citations translate their own glosses).
std::vector<std::string> rule_glosses(const Book& book, const RuleText& rule) {
  if (book.lang != Lang::en) return {};
  std::vector<std::pair<std::vector<std::string>, std::string>> merged;  // who cites, the gloss
  for (const SeedPassage* p : cited_passages(book.seeds, rule.sources)) {
    std::string name = fmt::format("{} \"{}\"{}", p->code, p->section, p->number == "-" ? "" : " " + p->number);
    auto same = std::find_if(merged.begin(), merged.end(), [&](const auto& m) { return m.second == p->gloss; });
    if (same == merged.end())
      merged.push_back({{name}, p->gloss});
    else
      same->first.push_back(name);
  }
  std::vector<std::string> lines;
  for (const auto& [names, gloss] : merged) lines.push_back(fmt::format("{}: {}", fmt::join(names, ", "), gloss));
  return lines;
}

std::string section_anchor(const RuleSection& section) { return section_code(section.title); }

// A rule's name (how-to-play.md), empty if it has none.
std::string rule_name(const Book& book, const std::string& id) {
  const auto name = book.players.names.find(id);
  return name == book.players.names.end() ? std::string() : name->second;
}

// A rule as a heading or a link reads it: its name, the ID beside ("Relay sowing (SOW-5)"); the ID
// alone if how-to-play.md names it not.
std::string rule_title(const Book& book, const std::string& id) {
  const std::string name = rule_name(book, id);
  return name.empty() ? id : fmt::format("{} ({})", name, id);
}

const RuleExample& example_of(const Book& book, const std::string& id) {
  for (size_t s = 0; s < book.sections.size(); ++s)
    for (size_t r = 0; r < book.sections[s].rules.size(); ++r)
      if (book.sections[s].rules[r].id == id) return book.examples[s][r];
  throw InputError(fmt::format("rule book: no rule {}", id));
}

// The rules that have a note for maintainers (RuleText::note) or an example played with an option
// (RuleExample::with_option), in reading order.
std::vector<const RuleText*> noted_rules(const Book& book) {
  std::vector<const RuleText*> noted;
  for (const RuleSection& section : book.sections)
    for (const RuleText& rule : section.rules)
      if (!rule.note.empty() || example_of(book, rule.id).with_option) noted.push_back(&rule);
  return noted;
}

std::string contents_md(const Book& book) {
  const Lang lang = book.lang;
  std::string md = fmt::format("## {}\n\n", book_word(BookWord::contents, lang));
  if (!book.players.title.empty()) md += fmt::format("- [{}](#how-to-play)\n", book.players.title);
  md += fmt::format("- [{}](#sources)\n", book_word(BookWord::preamble, lang));
  for (const RuleSection& section : book.sections) {
    std::vector<std::string> links;
    for (const RuleText& rule : section.rules)
      links.push_back(fmt::format("[{}](#{})", rule_title(book, rule.id), rule.id));
    md += fmt::format("- [{}](#{}): {}\n", section.title, section_anchor(section), fmt::join(links, ", "));
  }
  return md + fmt::format("- [{}](#maintainers)\n- [{}](#open-questions)\n- [{}](#notation)\n- [{}](#index)\n",
                          book_word(BookWord::appendix, lang), book_word(BookWord::open_questions, lang),
                          book_word(BookWord::notation, lang), book_word(BookWord::index, lang));
}

// A diagram of the book as Markdown: the image (its SVG file added to `files`), then the account.
std::string figure_md(const RuleExample& ex, const std::string& name, std::vector<OutputFile>& files) {
  std::string md;
  if (!ex.svg.empty()) {
    const std::string path = fmt::format("{}/{}.svg", kSvgFolder, name);
    md += fmt::format("\n![{}]({})\n", ex.alt, path);
    files.push_back({path, ex.svg});
  }
  if (!ex.account.empty()) md += "\n";
  for (const std::string& line : ex.account)
    if (!line.empty()) md += fmt::format("> {}\n", link_rule_ids(line, false));
  return md;
}

std::string players_md(const Book& book, std::vector<OutputFile>& files) {
  const PlayersPart& part = book.players;
  if (part.title.empty()) return {};
  std::string md = fmt::format("\n## <a id=\"how-to-play\"></a>{}\n", part.title);
  for (size_t i = 0; i < part.texts.size(); ++i) {
    md += "\n" + shifted_markdown(part.texts[i], 1);
    if (i >= part.diagrams.size()) continue;
    md += fmt::format("\n*{}*\n", part.diagrams[i].caption);
    md += figure_md(part.diagrams[i], fmt::format("play-{}", i + 1), files);
  }
  return md;
}

std::string source_list(const std::vector<std::string>& sources) {
  return link_rule_ids(fmt::format("{}", fmt::join(sources, "; ")), false);
}

// The book's note for maintainers: what it is made from (and, in Spanish, that the English text is normative).
std::string book_intro(const Book& book) {
  std::string intro(book_word(BookWord::intro, book.lang));
  if (book.lang == Lang::es) intro += fmt::format("\n\n{}", book_word(BookWord::spanish_note, book.lang));
  return intro;
}

std::string notes_md(const Book& book, std::vector<OutputFile>& files) {
  const Lang lang = book.lang;
  std::string md = fmt::format("\n## <a id=\"maintainers\"></a>{}\n\n{}\n\n### <a id=\"notes\"></a>{}\n\n{}\n",
                               book_word(BookWord::appendix, lang), book_intro(book), book_word(BookWord::notes, lang),
                               book_word(BookWord::notes_intro, lang));
  for (const RuleText* rule : noted_rules(book)) {
    md += fmt::format("\n**[{}](#{}).** {}", rule_title(book, rule->id), rule->id, link_rule_ids(rule->note, false));
    md += rule->note_sources.empty() ? "\n" : fmt::format(" *({})*\n", source_list(rule->note_sources));
    const RuleExample& ex = example_of(book, rule->id);
    if (!ex.with_option) continue;
    md += fmt::format("\n**{}.** {}\n", book_word(BookWord::example, lang), ex.caption);
    md += figure_md(ex, rule->id, files);
  }
  return md;
}

std::string rule_md(const Book& book, const RuleText& rule, const RuleExample& ex, std::vector<OutputFile>& files) {
  const Lang lang = book.lang;
  const std::vector<std::string> glosses = rule_glosses(book, rule);
  std::string md = fmt::format("\n### <a id=\"{}\"></a>{}\n\n{}\n", rule.id, rule_title(book, rule.id),
                               link_rule_ids(rule.text, false));
  if (!rule.sources.empty())
    md += fmt::format("\n*{}:* {}\n", book_word(BookWord::sources, lang),
                      link_rule_ids(fmt::format("{}", fmt::join(rule.sources, "; ")), false));
  if (!glosses.empty()) md += fmt::format("\n*{}:*\n\n", book_word(BookWord::glosses, lang));
  for (const std::string& line : glosses) md += fmt::format("- {}\n", line);
  if (ex.with_option)
    return md + fmt::format("\n*{}* ([{}](#maintainers))\n", book_word(BookWord::example_in_appendix, lang),
                            book_word(BookWord::appendix, lang));
  md += fmt::format("\n**{}.** {}\n", book_word(BookWord::example, lang), ex.caption);
  return md + figure_md(ex, rule.id, files);
}

std::vector<std::pair<std::string, const RuleSection*>> sorted_rule_ids(const Book& book) {
  std::vector<std::pair<std::string, const RuleSection*>> ids;
  for (const RuleSection& section : book.sections)
    for (const RuleText& rule : section.rules) ids.emplace_back(rule.id, &section);
  std::sort(ids.begin(), ids.end());
  return ids;
}

std::string index_md(const Book& book) {
  const Lang lang = book.lang;
  std::string md = fmt::format("\n## <a id=\"index\"></a>{}\n\n{}\n\n| {} | {} | {} |\n|---|---|---|\n",
                               book_word(BookWord::index, lang), book_word(BookWord::index_intro, lang),
                               book_word(BookWord::rule_col, lang), book_word(BookWord::section_col, lang),
                               book_word(BookWord::example_col, lang));
  for (const auto& [id, section] : sorted_rule_ids(book)) {
    const std::string& file = example_of(book, id).scenario;
    md += fmt::format("| [{0}](#{0}) {1} | {2} | {3} |\n", id, rule_name(book, id), section->title,
                      file.empty() ? "-" : fmt::format("`{}`", file));
  }
  return md;
}

std::vector<OutputFile> book_markdown(const Book& book) {
  const Lang lang = book.lang;
  std::vector<OutputFile> files;
  std::string md = fmt::format("# {}\n\n{}\n\n{}", book_word(BookWord::title, lang),
                               book_word(BookWord::players_intro, lang), contents_md(book));
  md += players_md(book, files);
  md += fmt::format("\n## <a id=\"sources\"></a>{}\n\n{}", book_word(BookWord::preamble, lang), book.preamble);
  for (size_t s = 0; s < book.sections.size(); ++s) {
    const RuleSection& section = book.sections[s];
    md += fmt::format("\n## <a id=\"{}\"></a>{}\n", section_anchor(section), section.title);
    if (!section.intro.empty()) md += fmt::format("\n{}\n", section.intro);
    for (size_t r = 0; r < section.rules.size(); ++r) md += rule_md(book, section.rules[r], book.examples[s][r], files);
  }
  md += notes_md(book, files);
  md += fmt::format("\n## <a id=\"open-questions\"></a>{}\n\n{}\n\n{}\n", book_word(BookWord::open_questions, lang),
                    book_word(BookWord::open_questions_intro, lang), shifted_markdown(book.open_questions, 1));
  md += fmt::format("\n## <a id=\"notation\"></a>{}\n\n{}\n", book_word(BookWord::notation, lang),
                    shifted_markdown(book.notation, 1));
  md += index_md(book);
  files.insert(files.begin(), {"rulebook.md", md});
  return files;
}

// ---- HTML ------------------------------------------------------------------------------------

// The book's style: readable on a screen (on a 420 px one too: a wide diagram scrolls in its own
// box, long code lines and table cells wrap: tests/browser/rulebook_page_test.py), and for print
// as a book: the rules, the open questions, the notation and the index each from a new page, a rule
// with its diagram on one page (diagrams at most 95 mm high), tables within the page's width, no
// contents list, the page number and count at the foot of each page and the book's title at its
// head (@page margin boxes, Chromium 131 and later: book_head adds the title's).
constexpr const char* kBookStyle =
    "body{font-family:sans-serif;max-width:62em;margin:1em auto;padding:0 1em;line-height:1.4}"
    "figure{margin:1em 0}.board{overflow-x:auto}.board svg{max-width:100%;height:auto;display:block}"
    "figcaption{font-size:.95em}code{overflow-wrap:anywhere}pre{white-space:pre-wrap;overflow-wrap:anywhere}"
    ".wide{overflow-x:auto}td code{overflow-wrap:normal}"
    "table{border-collapse:collapse}td,th{border:1px solid #767676;padding:.2em .4em;vertical-align:top}"
    ".sources{color:#333}.rule-id{font-weight:normal;color:#444}.glosses{font-size:.9em;color:#333;margin:.2em "
    "0}ul.glosses{padding-left:1.4em}.account{margin:.3em 0 0 1em;padding-left:.8em;border-left:3px solid #767676}"
    "a:focus,.board:focus,.wide:focus{outline:3px solid #1a5fb4;outline-offset:2px}"
    "@media print{body{max-width:none;margin:0;font-size:10pt;line-height:1.3}nav{display:none}"
    "#BRD,#maintainers{break-before:page}h2,h3{break-after:avoid}"
    "article.rule{break-inside:avoid-page}figure{break-inside:avoid;margin:.4em 0;display:grid;"
    "grid-template-columns:50% 1fr;gap:.8em;align-items:start}.board{overflow:visible}"
    ".board svg{width:auto;max-width:100%;max-height:66mm}figcaption{font-size:.9em}"
    ".wide{overflow:visible}table{width:100%;font-size:.85em}}"
    "@page{margin:16mm 14mm 18mm;@bottom-center{content:counter(page) ' / ' counter(pages);"
    "font:9pt sans-serif;color:#444}}";

std::string contents_html(const Book& book) {
  const Lang lang = book.lang;
  std::string html = fmt::format("<nav aria-label=\"{0}\"><h2>{0}</h2>\n<ul>\n", book_word(BookWord::contents, lang));
  if (!book.players.title.empty())
    html += fmt::format("<li><a href=\"#how-to-play\">{}</a></li>\n", xml_escape(book.players.title));
  html += fmt::format("<li><a href=\"#sources\">{}</a></li>\n", book_word(BookWord::preamble, lang));
  for (const RuleSection& section : book.sections) {
    std::vector<std::string> links;
    for (const RuleText& rule : section.rules)
      links.push_back(fmt::format("<a href=\"#{}\">{}</a>", rule.id, xml_escape(rule_title(book, rule.id))));
    html += fmt::format("<li><a href=\"#{}\">{}</a>: {}</li>\n", section_anchor(section), xml_escape(section.title),
                        fmt::join(links, ", "));
  }
  return html + fmt::format(
                    "<li><a href=\"#maintainers\">{}</a></li>\n<li><a href=\"#open-questions\">{}</a></li>\n"
                    "<li><a href=\"#notation\">{}</a></li>\n<li><a href=\"#index\">{}</a></li>\n</ul>\n</nav>\n",
                    book_word(BookWord::appendix, lang), book_word(BookWord::open_questions, lang),
                    book_word(BookWord::notation, lang), book_word(BookWord::index, lang));
}

// A diagram of the book with its caption (after `label`, if any) and the account of its move.
std::string figure_html(const RuleExample& ex, std::string_view label, Lang lang) {
  std::string html = "<figure>\n" + board_box(ex.svg, word(Word::board_label, lang)) + "<figcaption>";
  if (!label.empty()) html += fmt::format("<strong>{}.</strong> ", label);
  html += xml_escape(ex.caption);
  if (!ex.account.empty()) html += "<span class=\"account\" style=\"display:block\">";
  for (const std::string& line : ex.account)
    if (!line.empty()) html += link_rule_ids(xml_escape(line), true) + "<br>";
  if (!ex.account.empty()) html += "</span>";
  return html + "</figcaption>\n</figure>\n";
}

// how-to-play.md's parts as HTML, its `## ` headings as <h3> with ids (play-1, ...) for the outline.
std::string players_html(const Book& book) {
  const PlayersPart& part = book.players;
  if (part.title.empty()) return {};
  std::string html = fmt::format("<section id=\"how-to-play\">\n<h2>{}</h2>\n", xml_escape(part.title));
  int heading = 0;
  for (size_t i = 0; i < part.texts.size(); ++i) {
    std::string text = markdown_html(part.texts[i], 1);
    for (size_t at = text.find("<h3>"); at != std::string::npos; at = text.find("<h3>", at + 4))
      text.replace(at, 4, fmt::format("<h3 id=\"play-{}\">", ++heading));
    html += text;
    if (i < part.diagrams.size()) html += figure_html(part.diagrams[i], "", book.lang);
  }
  return html + "</section>\n";
}

std::string notes_html(const Book& book) {
  const Lang lang = book.lang;
  std::string html = fmt::format("<section id=\"maintainers\">\n<h2>{}</h2>\n{}<h3 id=\"notes\">{}</h3>\n<p>{}</p>\n",
                                 book_word(BookWord::appendix, lang), markdown_html(book_intro(book), 0),
                                 book_word(BookWord::notes, lang), book_word(BookWord::notes_intro, lang));
  for (const RuleText* rule : noted_rules(book)) {
    html += fmt::format("<p id=\"note-{0}\"><strong><a href=\"#{0}\">{1}</a>.</strong> {2}", rule->id,
                        xml_escape(rule_title(book, rule->id)), link_rule_ids(inline_html(rule->note), true));
    if (!rule->note_sources.empty())
      html += fmt::format(" <span class=\"sources\">({})</span>",
                          link_rule_ids(inline_html(fmt::format("{}", fmt::join(rule->note_sources, "; "))), true));
    html += "</p>\n";
    const RuleExample& ex = example_of(book, rule->id);
    if (ex.with_option) html += figure_html(ex, book_word(BookWord::example, lang), lang);
  }
  return html + "</section>\n";
}

std::string rule_html(const Book& book, const RuleText& rule, const RuleExample& ex) {
  const Lang lang = book.lang;
  const auto name = book.players.names.find(rule.id);
  const std::string heading = name == book.players.names.end() ? rule.id
                                                               : fmt::format("{} <span class=\"rule-id\">({})</span>",
                                                                             xml_escape(name->second), rule.id);
  std::string html = fmt::format("<article class=\"rule\" id=\"{}\">\n<h3>{}</h3>\n<p>{}</p>\n", rule.id, heading,
                                 link_rule_ids(inline_html(rule.text), true));
  if (!rule.sources.empty())
    html += fmt::format("<p class=\"sources\"><em>{}:</em> {}</p>\n", book_word(BookWord::sources, lang),
                        link_rule_ids(inline_html(fmt::format("{}", fmt::join(rule.sources, "; "))), true));
  const std::vector<std::string> glosses = rule_glosses(book, rule);
  if (!glosses.empty())
    html += fmt::format("<p class=\"glosses\"><em>{}:</em></p>\n<ul class=\"glosses\">\n",
                        book_word(BookWord::glosses, lang));
  for (const std::string& line : glosses) html += fmt::format("<li>{}</li>\n", xml_escape(line));
  if (!glosses.empty()) html += "</ul>\n";
  if (ex.with_option)
    return html + fmt::format("<p class=\"sources\">{} <a href=\"#note-{}\">{}</a></p>\n</article>\n",
                              book_word(BookWord::example_in_appendix, lang), rule.id,
                              book_word(BookWord::appendix, lang));
  return html + figure_html(ex, book_word(BookWord::example, lang), lang) + "</article>\n";
}

std::string index_html(const Book& book) {
  const Lang lang = book.lang;
  std::string html = fmt::format(
      "<section id=\"index\">\n<h2>{}</h2>\n<p>{}</p>\n<table>\n<tr><th>{}</th><th>{}</th><th>{}</th></tr>\n",
      book_word(BookWord::index, lang), book_word(BookWord::index_intro, lang), book_word(BookWord::rule_col, lang),
      book_word(BookWord::section_col, lang), book_word(BookWord::example_col, lang));
  for (const auto& [id, section] : sorted_rule_ids(book)) {
    const std::string& file = example_of(book, id).scenario;
    html += fmt::format("<tr><td><a href=\"#{0}\">{0}</a> {1}</td><td>{2}</td><td>{3}</td></tr>\n", id,
                        xml_escape(rule_name(book, id)), xml_escape(section->title),
                        file.empty() ? "-" : fmt::format("<code>{}</code>", xml_escape(file)));
  }
  return html + "</table>\n</section>\n";
}

std::string book_head(const Book& book) {
  const Lang lang = book.lang;
  std::string html = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"{0}\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{1}</title>\n"
      "<style>{2}@page{{@top-center{{content:'{1}';font:9pt sans-serif;color:#444}}}}@page:first{{@top-center{{"
      "content:none}}}}</style>\n</head>\n<body>\n<main>\n<h1>{1}</h1>\n<p>{3}</p>\n",
      lang_code(lang), xml_escape(book_word(BookWord::title, lang)), kBookStyle,
      inline_html(book_word(BookWord::players_intro, lang)));
  return html + contents_html(book);
}

// Every table of the page in a box of its own that scrolls sideways, as a diagram does, so that a
// wide table never widens the page on a narrow screen; focusable, to scroll it from the keyboard.
std::string boxed_tables(const std::string& html, Lang lang) {
  const std::string open = fmt::format("<div class=\"wide\" tabindex=\"0\" role=\"group\" aria-label=\"{}\">\n<table>",
                                       xml_escape(book_word(BookWord::table_label, lang)));
  std::string out;
  size_t at = 0;
  for (size_t next = html.find("<table>"); next != std::string::npos; next = html.find("<table>", at)) {
    const size_t end = html.find("</table>", next);
    if (end == std::string::npos) break;
    out += html.substr(at, next - at) + open + html.substr(next + 7, end - next - 7) + "</table>\n</div>";
    at = end + 8;
  }
  return out + html.substr(at);
}

std::vector<OutputFile> book_html(const Book& book) {
  const Lang lang = book.lang;
  std::string html = book_head(book) + players_html(book);
  html += fmt::format("<section id=\"sources\">\n<h2>{}</h2>\n{}</section>\n", book_word(BookWord::preamble, lang),
                      markdown_html(book.preamble, 0));
  for (size_t s = 0; s < book.sections.size(); ++s) {
    const RuleSection& section = book.sections[s];
    html += fmt::format("<section class=\"rules\" id=\"{}\">\n<h2>{}</h2>\n", section_anchor(section),
                        xml_escape(section.title));
    if (!section.intro.empty()) html += fmt::format("<p>{}</p>\n", inline_html(section.intro));
    for (size_t r = 0; r < section.rules.size(); ++r) html += rule_html(book, section.rules[r], book.examples[s][r]);
    html += "</section>\n";
  }
  html += notes_html(book);
  html += fmt::format("<section id=\"open-questions\">\n<h2>{}</h2>\n<p>{}</p>\n{}</section>\n",
                      book_word(BookWord::open_questions, lang), book_word(BookWord::open_questions_intro, lang),
                      link_rule_ids(markdown_html(book.open_questions, 1), true));
  html += fmt::format("<section id=\"notation\">\n<h2>{}</h2>\n{}</section>\n", book_word(BookWord::notation, lang),
                      link_rule_ids(markdown_html(book.notation, 1), true));
  html += index_html(book);
  return {{"rulebook.html", boxed_tables(html, lang) + "</main>\n</body>\n</html>\n"}};
}

}  // namespace

std::vector<OutputFile> rulebook_files(const RulebookSources& sources, PageFormat format, Lang lang) {
  const Book book = make_book(sources, lang);
  if (format == PageFormat::md) return book_markdown(book);
  return book_html(book);  // html, and pdf (the html printed by the command)
}

}  // namespace hoyito
