#include "harness/annotate/page.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "harness/annotate/abstractplay.h"
#include "harness/annotate/chart.h"
#include "harness/annotate/diagram.h"
#include "harness/annotate/markdown.h"
#include "harness/annotate/quality.h"
#include "harness/annotate/refusal.h"
#include "harness/base/interrupt.h"
#include "harness/games/notation.h"
#include "io/output.h"

namespace hoyito {

PageFormat parse_format(std::string_view text) {
  if (text == "md") return PageFormat::md;
  if (text == "html") return PageFormat::html;
  if (text == "svg") return PageFormat::svg;
  if (text == "pdf") return PageFormat::pdf;
  if (text == "abstractplay") return PageFormat::abstractplay;
  throw InputError(fmt::format("--format '{}': expected md, html, svg, pdf or abstractplay", text));
}

std::string rules_text(const Rules& rules, Lang lang) {
  const bool es = lang == Lang::es;
  std::string text = fmt::format("{} 2x{}", variant_name(rules.variant), rules.holes_per_row);
  if (rules.seeds_per_hole != 4)
    text += fmt::format(fmt::runtime(es ? ", {} semillas por hoyo" : ", {} seeds per hole"), rules.seeds_per_hole);
  const Winner previous = rules.previous_winner;
  const std::string who = !es ? std::string(winner_name(previous))
                          : is_player(previous)
                              ? player_word(player_of(previous), lang)
                              : std::string(word(previous == Winner::draw ? Word::draw : Word::nobody, lang));
  // A drawn previous game reads "la partida anterior fue empate", never "ganador anterior empate".
  if (es && previous == Winner::draw)
    text += fmt::format(", ronda {}, la partida anterior fue empate", rules.round);
  else if (rules.round != 1 || previous != Winner::none)
    text += fmt::format(fmt::runtime(es ? ", ronda {}, ganador anterior {}" : ", round {}, previous winner {}"),
                        rules.round, who);
  const Rules defaults;
  for (const OptionInfo& info : option_table()) {
    const std::string value = option_value(rules, info.name);
    if (value != option_value(defaults, info.name)) text += fmt::format(", {} = {}", info.name, value);
  }
  return text;
}

namespace {

std::string escape(std::string_view text) { return xml_escape(text); }

// Everything said about one ply, from its story.
struct PlyPage {
  PlyStory story;
  std::string svg, alt, quality;
  std::vector<Sentence> sentences;
  std::vector<std::string> summary;
  std::optional<ChartMove> chart;  // the quality line's values on the evaluation chart (chart.h)
};

// The page's parts known before its plies; the plies are made one at a time (for_each_ply), so
// that memory does not grow with the game.
struct Document {
  const AnnotatedGame& game;
  Lang lang;
  int first = 1, last = 0;           // the plies shown
  int depth = 0;                     // of the move-quality lines (0: none)
  const TableSet* tables = nullptr;  // exact lines where a table covers the position
  std::string start_svg, start_alt;
  std::optional<RefusalStory> refusal;  // the move the game stops before, refused (a scenario's lesson)
  std::string refusal_svg, refusal_alt;
  std::function<void(int ply, const std::string& why)> on_undecided;  // PageOptions::on_undecided
  int shown() const { return std::max(0, last - first + 1); }
};

// Where a page's pieces go as they are made: memory (annotate_files) or the output folder
// (write_annotation).
class PageSink {
 public:
  virtual ~PageSink() = default;
  virtual void page(std::string_view text) = 0;                           // appended to the page
  virtual void file(const std::string& name, std::string_view text) = 0;  // a file beside it (an SVG)
};

// The refused move the file's game stops before, on the position it is refused in (refusal.h).
void add_refusal(Document& doc) {
  const GameRecord& record = doc.game.record;
  const int total = static_cast<int>(record.plies.size());
  const Position& at = total == 0 ? record.start : record.plies.back().after;
  RefusalStory r =
      tell_refusal(record.rules, at, doc.game.refused_move, record.result.status != Status::playing, doc.lang);
  if (r.reason.empty()) r.reason = doc.game.note;  // no rule refuses it here: what the file says
  const std::vector<EndlessMove> endless =
      r.endless ? std::vector<EndlessMove>{*r.endless} : std::vector<EndlessMove>{};
  doc.refusal_alt = fmt::format("{}: {} {}", r.heading, r.reason, start_alt_text(at, record.rules, doc.lang, total));
  doc.refusal_svg = refusal_svg(at, record.rules, doc.lang, r.heading, doc.refusal_alt, r.hole.value_or(-1), endless);
  doc.refusal = std::move(r);
}

Document build(const AnnotatedGame& game, const PageOptions& options) {
  const GameRecord& record = game.record;
  const int total = static_cast<int>(record.plies.size());
  Document doc{game,
               options.lang,
               options.plies.first,
               options.plies.last < 0 ? total : options.plies.last,
               {},
               {},
               {},
               {},
               {},
               {},
               {},
               {}};
  // A scenario refused at its first step has no ply: its page is the position and the refusal.
  const bool no_plies = total == 0 && options.plies.first == 1 && options.plies.last < 0;
  if (!no_plies && (doc.first > total || doc.last > total))
    throw InputError(fmt::format("--plies {}..{}: {} has plies 1..{}", doc.first, doc.last, game.source, total));
  doc.on_undecided = options.on_undecided;
  doc.depth = options.depth == kAutoDepth ? (record.rules.holes_per_row == 6 ? 4 : 2) : options.depth;
  doc.tables = options.tables;
  const Position& first_position =
      doc.first == 1 ? record.start : record.plies[static_cast<size_t>(doc.first - 2)].after;
  doc.start_alt = start_alt_text(first_position, record.rules, options.lang, doc.first - 1);
  doc.start_svg = position_svg(first_position, record.rules, options.lang,
                               doc.first == 1 ? std::string(word(Word::start, options.lang))
                                              : fmt::format("{} {} ({})", word(Word::ply, options.lang), doc.first - 1,
                                                            word(Word::after, options.lang)),
                               doc.start_alt);
  if (!game.refused_move.empty() && doc.last == total) add_refusal(doc);
  return doc;
}

// Ply k's page: its story, account, quality line and (when `diagram`) its SVG.
PlyPage make_ply(const Document& doc, int k, const QualityLine& quality, bool diagram) {
  const GameRecord& record = doc.game.record;
  PlyPage page{tell_game_ply(record, k), {}, {}, {}, {}, {}, chart_move(record, k, quality)};
  if (diagram) page.svg = ply_svg(page.story, record.rules, doc.lang);
  page.alt = alt_text(page.story, record.rules, doc.lang);
  page.sentences = account(page.story, record.rules, doc.lang);
  page.summary = summarised(page.sentences, static_cast<int>(page.story.laps.size()), doc.lang);
  if (!quality.moves.empty() || !quality.undecided.empty())
    page.quality = quality_text(quality, page.story.ply.move, record.rules.holes_per_row, doc.lang);
  if (!quality.undecided.empty() && doc.on_undecided) doc.on_undecided(k, quality.undecided);  // Q-LIMIT, said
  return page;
}

// Makes the pages of plies first..last one at a time and hands each to `each` (then drops it);
// `diagram(k)` says whether ply k gets its SVG. Stops at an interrupt: nothing is written whole.
template <class Diagram, class Each>
void for_each_ply(const Document& doc, const Diagram& diagram, const Each& each) {
  std::optional<QualityWalk> quality;
  if (doc.depth > 0 || doc.tables != nullptr)
    quality.emplace(doc.game.record, doc.depth, doc.first, doc.last, doc.tables);
  for (int k = 1; k <= doc.last; ++k) {
    throw_if_interrupted("interrupted before the page was whole; nothing written");
    const QualityLine line = quality ? quality->next() : QualityLine{};
    if (k >= doc.first) each(make_ply(doc, k, line, diagram(k)));
  }
}

constexpr auto kEveryDiagram = [](int) { return true; };

// The evaluation chart's data known before the plies: the captured differences of the whole
// game; each ply made adds its quality values (add_to_chart), a few ints a ply.
ChartData chart_data(const Document& doc) {
  return ChartData{captured_differences(doc.game.record), {}, doc.first, doc.last, doc.depth};
}

void add_to_chart(ChartData& chart, const PlyPage& page) {
  if (page.chart) chart.moves.push_back(*page.chart);
}

bool has_chart(const Document& doc) { return !doc.game.record.plies.empty(); }

// An account sentence with its rule IDs linked to the rule book (--rule-book, the examples), if any.
std::string linked(const std::string& text, bool html, const PageOptions& options) {
  return options.rule_book.empty() ? text : link_rule_ids(text, html, options.rule_book);
}

std::string heading(const PlyPage& page, int n, Lang lang) {
  return fmt::format("{} {}: {} {}", word(Word::ply, lang), page.story.number, player_word(page.story.ply.player, lang),
                     move_word(page.story.ply, n, lang));
}

std::string header_markdown(const Document& doc, const PageOptions& options) {
  const GameRecord& record = doc.game.record;
  std::string md = fmt::format("# {}\n\n", doc.game.title);
  md += fmt::format("- {}: {}\n- {}: `{}`\n", word(Word::rules, doc.lang), rules_text(record.rules, doc.lang),
                    word(Word::source, doc.lang), doc.game.source);
  if (!options.found_by.empty()) md += fmt::format("- {}: {}\n", word(Word::found_by, doc.lang), options.found_by);
  if (!options.replay_command.empty())
    md += fmt::format("- {}: `{}`\n", word(Word::replay, doc.lang), options.replay_command);
  md += fmt::format("- {} ({} {}): `{}`\n", word(Word::notation, doc.lang), record.plies.size(),
                    word(Word::plies, doc.lang), game_notation(record.plies, record.rules.holes_per_row));
  if (!doc.game.note.empty()) md += fmt::format("\n{}\n", doc.game.note);
  return md;
}

// A ply's Markdown section (its SVG is a file of its own).
std::string markdown_ply(const PlyPage& page, int n, Lang lang, const std::string& svg_name,
                         const PageOptions& options) {
  std::string md = fmt::format("\n## {}\n\n![{}]({})\n\n", heading(page, n, lang), page.alt, svg_name);
  for (const std::string& s : page.summary) md += linked(s, false, options) + "\n";
  if (!page.story.ply.comment.empty())  // the author's note (game-record.md `comment`), beside the account
    md += fmt::format("\n> **{}:** {}\n", word(Word::comment, lang), page.story.ply.comment);
  if (page.summary.size() != page.sentences.size()) {
    md += fmt::format("\n<details><summary>{}</summary>\n\n", word(Word::every_lap, lang));
    for (const Sentence& s : page.sentences) md += fmt::format("- {}\n", linked(s.text, false, options));
    md += "\n</details>\n";
  }
  if (!page.quality.empty()) md += fmt::format("\n{}\n", page.quality);
  return md;
}

void markdown(const Document& doc, const PageOptions& options, const std::string& stem, PageSink& sink) {
  const int n = doc.game.record.rules.holes_per_row;
  std::string md = header_markdown(doc, options);
  const std::string folder = stem + "-svg";
  const std::string start_heading =
      doc.first == 1 ? std::string(word(Word::start, doc.lang))
                     : fmt::format(fmt::runtime(word(Word::after_ply, doc.lang)), fmt::arg("ply", doc.first - 1));
  md += fmt::format("\n## {}\n\n![{}]({}/start.svg)\n", start_heading, doc.start_alt, folder);
  sink.page(md);
  sink.file(folder + "/start.svg", doc.start_svg);
  ChartData chart = chart_data(doc);
  for_each_ply(doc, kEveryDiagram, [&](const PlyPage& page) {
    const std::string svg_name = fmt::format("{}/ply-{}.svg", folder, page.story.number);
    sink.page(markdown_ply(page, n, doc.lang, svg_name, options));
    sink.file(svg_name, page.svg);
    add_to_chart(chart, page);
  });
  md.clear();
  if (has_chart(doc)) {  // the chart is an SVG file beside the diagrams, its summary the alt text
    md += fmt::format("\n## {}\n\n![{}]({}/chart.svg)\n", word(Word::chart_heading, doc.lang),
                      chart_summary(chart, doc.lang), folder);
    sink.file(folder + "/chart.svg", chart_svg(chart, doc.lang));
  }
  if (doc.refusal) {
    md += fmt::format("\n## {}\n\n![{}]({}/refused.svg)\n\n{}\n", doc.refusal->heading, doc.refusal_alt, folder,
                      doc.refusal->reason);
    if (!doc.refusal->legal.empty()) md += fmt::format("\n{}\n", doc.refusal->legal);
    sink.file(folder + "/refused.svg", doc.refusal_svg);
  }
  if (doc.last == static_cast<int>(doc.game.record.plies.size()))
    md += fmt::format("\n## {}\n\n{}\n", word(Word::result, doc.lang), result_text(doc.game.record.result, doc.lang));
  sink.page(md);
}

// The script of the HTML page: one ply shown at a time; buttons, arrow keys, a slider, #ply=K in
// the address; Home and End only while the player (the nav) has the focus, so that they still
// scroll the page otherwise; the slider speaks the ply ("Ply 7 of 30", aria-valuetext) and the
// label, a live region, announces each step; the seeds of one move animated from its frames.
// Printing shows every ply (the print stylesheet); `beforeprint` opens every "Every lap" list.
// A diagram's box with the focus keeps the arrow keys: they scroll it on a narrow screen.
constexpr const char* kPageScript = R"JS(
(function () {
  var plies = Array.prototype.slice.call(document.querySelectorAll('section.ply'));
  var slider = document.getElementById('ply-slider');
  var label = document.getElementById('ply-label');
  var player = document.getElementById('player');
  var current = 0, timer = null;
  // A ply scrolled into view keeps its heading below the sticky player bar (its height varies
  // with the screen's width): section.ply's scroll-margin-top is the bar's height (issue 35).
  function barHeight() {
    document.documentElement.style.setProperty('--bar', player.offsetHeight + 'px');
  }
  barHeight();
  window.addEventListener('resize', barHeight);
  function show(k) {
    k = Math.max(0, Math.min(plies.length - 1, k));
    stop();
    plies.forEach(function (s, i) { s.hidden = i !== k; });
    current = k;
    slider.value = k;
    slider.setAttribute('aria-valuetext', plies[k].getAttribute('data-valuetext'));
    label.textContent = plies[k].getAttribute('data-label');
    document.body.setAttribute('data-current', plies[k].getAttribute('data-ply'));
    if (history.replaceState) history.replaceState(null, '', '#ply=' + plies[k].getAttribute('data-ply'));
  }
  function stop() {
    if (timer) { clearInterval(timer); timer = null; }
  }
  function counts(section, board) {
    var texts = section.querySelectorAll('g.panel[data-state="before"] text.count');
    Array.prototype.forEach.call(texts, function (t) { t.textContent = board[+t.getAttribute('data-hole')]; });
  }
  function animate() {
    var section = plies[current];
    var data = section.querySelector('script.frames');
    if (!data) return;
    var frames = JSON.parse(data.textContent), i = 0;
    stop();
    timer = setInterval(function () {
      if (i >= frames.length) { stop(); counts(section, frames[0]); return; }
      counts(section, frames[i++]);
    }, 150);
  }
  function fromHash() {
    var m = /ply=(\d+)/.exec(location.hash);
    var first = +plies[0].getAttribute('data-ply');
    show(m ? +m[1] - first : 0);
  }
  document.getElementById('first').onclick = function () { show(0); };
  document.getElementById('previous').onclick = function () { show(current - 1); };
  document.getElementById('next').onclick = function () { show(current + 1); };
  document.getElementById('last').onclick = function () { show(plies.length - 1); };
  document.getElementById('animate').onclick = animate;
  slider.oninput = function () { show(+slider.value); };
  document.addEventListener('keydown', function (e) {
    if (e.target === slider || (e.target.classList && e.target.classList.contains('board'))) return;
    var inPlayer = player.contains(document.activeElement);
    if (e.key === 'ArrowLeft') show(current - 1);
    else if (e.key === 'ArrowRight') show(current + 1);
    else if (inPlayer && e.key === 'Home') show(0);
    else if (inPlayer && e.key === 'End') show(plies.length - 1);
    else return;
    e.preventDefault();
  });
  window.addEventListener('beforeprint', function () {
    Array.prototype.forEach.call(document.querySelectorAll('details'), function (d) { d.open = true; });
  });
  // The evaluation chart (chart.h): a click shows the ply under it, if the page has it (within
  // 6 units of the drawing: one unit is many plies on a long game).
  var chart = document.querySelector('section.chart svg');
  if (chart) chart.addEventListener('click', function (e) {
    var box = chart.getBoundingClientRect(), units = chart.viewBox.baseVal.width / box.width;
    var perUnit = +chart.getAttribute('data-plies') / +chart.getAttribute('data-width');
    var ply = ((e.clientX - box.left) * units - +chart.getAttribute('data-x0')) * perUnit;
    var first = +plies[0].getAttribute('data-ply');
    var k = Math.max(0, Math.min(plies.length - 1, Math.round(ply) - first));
    if (Math.abs(first + k - ply) > Math.max(0.5, 6 * perUnit)) return;
    show(k);
    plies[k].scrollIntoView();
  });
  window.addEventListener('hashchange', fromHash);
  fromHash();
})();
)JS";

// The page's style: a visible keyboard focus; for print a compact game (issue 35): every ply
// (hidden or not) in order, several a page, a ply where something happens (eventful_ply) with its
// diagram kept whole, the others one paragraph without diagram, no controls; the evaluation chart
// scrolls in its box like a diagram and prints on a page of its own with its table.
constexpr const char* kPageStyle =
    "body{font-family:sans-serif;max-width:62em;margin:1em auto;padding:0 1em;line-height:1.4}"
    "nav{position:sticky;top:0;background:#fff;padding:.5em 0;border-bottom:1px solid #767676}"
    "section.ply{scroll-margin-top:calc(var(--bar,5em) + .5em)}ul.account{padding-left:1.2em}"
    "nav button{margin-right:.3em}#ply-slider{width:20em;vertical-align:middle}"
    ".board{overflow-x:auto}.board svg{max-width:100%;height:auto;display:block}.quality{font-family:monospace}"
    "code{overflow-wrap:anywhere}"  // a long file name wraps rather than widen a narrow screen
    ".chart-box{overflow-x:auto}.chart-box svg{max-width:100%;height:auto;display:block;cursor:pointer}"
    "section.chart table{border-collapse:collapse}section.chart td,section.chart th{padding:0 .6em;text-align:right}"
    "nav button:focus,#ply-slider:focus,a:focus,summary:focus,.board:focus,.chart-box:focus{outline:3px solid "
    "#1a5fb4;outline-offset:2px}"
    "@media print{nav{display:none!important}body{max-width:none;margin:0;font-size:9pt;line-height:1.3}"
    ".board,.chart-box{overflow:visible}section.ply,section.ply[hidden]{display:block!important}"
    "section.ply h2{font-size:1.1em;margin:.5em 0 .1em}section.ply ul.account,section.ply p{margin:.1em 0}"
    "section.ply .board svg{max-height:65mm;width:auto;max-width:100%}section.ply:not(.quiet){break-inside:avoid}"
    "section.quiet .board,section.quiet details{display:none!important}"
    "section.quiet h2,section.quiet ul.account,section.quiet li{display:inline;font-size:1em}"
    "section.quiet ul.account{padding:0}section.quiet h2::after{content:' '}section.quiet li+li::before{content:' '}"
    "section.refusal,section.chart{break-before:page}section.chart svg{break-inside:avoid}"
    "script{display:none!important}}";

constexpr int kMaxAnimationFrames = 2000;  // longer relays animate lap by lap

std::string frames_json(const PlyStory& story) {
  std::vector<const Frame*> shown;
  for (size_t i = 0; i < story.frames.size(); ++i) {
    const bool lap_end = i + 1 == story.frames.size() || story.frames[i + 1].lap != story.frames[i].lap;
    if (story.frames.size() <= kMaxAnimationFrames || lap_end || i == 0) shown.push_back(&story.frames[i]);
  }
  std::string json = "[";
  for (size_t i = 0; i < shown.size(); ++i)
    json += fmt::format("{}[{}]", i ? "," : "", fmt::join(shown[i]->board, ","));
  return json + "]";
}

// The page's head and the list under its title: rules, source, how it was found, notation.
std::string html_header(const Document& doc, const PageOptions& options) {
  const GameRecord& record = doc.game.record;
  const Lang lang = doc.lang;
  std::string page = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n"
      "<style>{}</style>\n</head>\n<body>\n<main>\n",
      lang_code(lang), escape(doc.game.title), kPageStyle);
  page += fmt::format("<h1>{}</h1>\n<ul>\n<li>{}: {}</li>\n<li>{}: <code>{}</code></li>\n", escape(doc.game.title),
                      word(Word::rules, lang), escape(rules_text(record.rules, lang)), word(Word::source, lang),
                      escape(doc.game.source));
  if (!options.found_by.empty()) {
    std::string found_by;  // Markdown code marks become HTML ones
    bool code = false;
    for (char c : options.found_by) {
      if (c == '`') {
        found_by.append(code ? "</code>" : "<code>");
        code = !code;
      } else {
        found_by.append(escape(std::string_view(&c, 1)));
      }
    }
    page += fmt::format("<li>{}: {}</li>\n", word(Word::found_by, lang), found_by);
  }
  if (!options.replay_command.empty())
    page += fmt::format("<li>{}: <code>{}</code></li>\n", word(Word::replay, lang), escape(options.replay_command));
  // Closed: the notation of a long game (520 moves) would fill the first screen.
  page += fmt::format("<li><details><summary>{}</summary><code id=\"notation\">{}</code></details></li>\n</ul>\n",
                      word(Word::notation, lang), escape(game_notation(record.plies, record.rules.holes_per_row)));
  if (!doc.game.note.empty()) page += fmt::format("<p>{}</p>\n", escape(doc.game.note));
  return page;
}

// "Ply 7 of 30": what the slider says of a section (its aria-valuetext).
std::string ply_of(int ply, int total, Lang lang) {
  return fmt::format(fmt::runtime(word(Word::ply_of, lang)), fmt::arg("ply", ply), fmt::arg("total", total));
}

// The player: buttons, the slider (speaking the ply) and the label (a live region).
std::string html_nav(const Document& doc, const std::string& first_valuetext) {
  const Lang lang = doc.lang;
  return fmt::format(
      "<nav id=\"player\" aria-label=\"{}\"><button id=\"first\">{}</button><button id=\"previous\">&#8592; {}</button>"
      "<button id=\"next\">{} &#8594;</button><button id=\"last\">{}</button> <input id=\"ply-slider\" type=\"range\" "
      "min=\"0\" max=\"{}\" value=\"0\" aria-label=\"{}\" aria-valuetext=\"{}\"> <span id=\"ply-label\" "
      "aria-live=\"polite\"></span> <button id=\"animate\">{}</button></nav>\n",
      word(Word::nav_label, lang), word(Word::first, lang), word(Word::previous, lang), word(Word::next, lang),
      word(Word::last, lang), doc.shown(), word(Word::ply, lang), escape(first_valuetext), word(Word::animate, lang));
}

// A ply where something happens, printed with its diagram: a capture, a pass, an extra move, the
// game's end, an endless move among the mover's (SOW-6), or the author's comment. The others
// print as one paragraph (issue 35: a 520-ply game in tens of pages, not hundreds).
bool eventful_ply(const PlyStory& story) {
  const bool extra_move = !story.game_over() && story.ply.after.to_move == story.ply.player;
  return story.captured_any() || story.ply.move.is_pass() || extra_move || story.game_over() ||
         !story.endless.empty() || !story.ply.comment.empty();
}

std::string html_ply(const PlyPage& ply, int n, int total, Lang lang, const PageOptions& options) {
  std::string page = fmt::format(
      "<section class=\"ply{}\" data-ply=\"{}\" data-label=\"{}\" data-valuetext=\"{}\" data-board=\"{}\" hidden>\n"
      "<h2>{}</h2>\n{}",
      eventful_ply(ply.story) ? "" : " quiet", ply.story.number, escape(heading(ply, n, lang)),
      escape(ply_of(ply.story.number, total, lang)), fmt::join(ply.story.ply.after.board, " "),
      escape(heading(ply, n, lang)),
      ply.svg.empty() ? std::string() : board_box(ply.svg, word(Word::board_label, lang)));
  page += "<ul class=\"account\">\n";  // one event a line (issue 35), each rule ID a link
  for (const std::string& s : ply.summary) page += "<li>" + linked(escape(s), true, options) + "</li>\n";
  page += "</ul>\n";
  if (!ply.story.ply.comment.empty())  // the author's note (game-record.md `comment`), beside the account
    page += fmt::format("<p class=\"comment\"><strong>{}:</strong> {}</p>\n", word(Word::comment, lang),
                        escape(ply.story.ply.comment));
  if (ply.summary.size() != ply.sentences.size()) {
    page += fmt::format("<details><summary>{}</summary><ol>\n", word(Word::every_lap, lang));
    for (const Sentence& s : ply.sentences) page += fmt::format("<li>{}</li>\n", linked(escape(s.text), true, options));
    page += "</ol></details>\n";
  }
  if (!ply.quality.empty()) page += fmt::format("<p class=\"quality\">{}</p>\n", escape(ply.quality));
  if (!ply.story.frames.empty() && !ply.svg.empty())  // the animation moves the diagram's seeds
    page += fmt::format("<script type=\"application/json\" class=\"frames\">{}</script>\n", frames_json(ply.story));
  return page + "</section>\n";
}

// Diagrams of an HTML page of many plies: every `every` plies and at the last, so that the page
// stays under about kMostHtmlDiagrams diagrams (a 34,000-ply game drew 600 MB of them inline).
constexpr int kMostHtmlDiagrams = 1000;

int diagram_every(const Document& doc) {
  return std::max(1, (doc.shown() + kMostHtmlDiagrams - 1) / kMostHtmlDiagrams);
}

void html(const Document& doc, const PageOptions& options, PageSink& sink) {
  const GameRecord& record = doc.game.record;
  const int n = record.rules.holes_per_row;
  const int total = static_cast<int>(record.plies.size());
  const Lang lang = doc.lang;
  const std::string start_label = doc.first == 1 ? std::string(word(Word::start, lang))
                                                 : fmt::format("{} {}", word(Word::ply, lang), doc.first - 1);
  const std::string start_valuetext = doc.first == 1 ? start_label : ply_of(doc.first - 1, total, lang);
  std::string page = html_header(doc, options) + html_nav(doc, start_valuetext);
  const int every = diagram_every(doc);
  if (every > 1)  // said on the page: a reader must not take a missing diagram for a lost one
    page += fmt::format("<p class=\"thinned\">{}</p>\n",
                        escape(fmt::format(fmt::runtime(word(Word::diagrams_thinned, lang)),
                                           fmt::arg("shown", doc.shown()), fmt::arg("every", every))));
  page += fmt::format(
      "<section class=\"ply\" data-ply=\"{}\" data-label=\"{}\" data-valuetext=\"{}\" "
      "data-board=\"{}\">\n{}</section>\n",
      doc.first - 1, escape(start_label), escape(start_valuetext),
      fmt::join(doc.first == 1 ? record.start.board : record.plies[static_cast<size_t>(doc.first - 2)].after.board,
                " "),
      board_box(doc.start_svg, word(Word::board_label, lang)));
  sink.page(page);
  page.clear();
  const auto diagram = [&](int k) { return (k - doc.first) % every == 0 || k == doc.last; };
  ChartData chart = chart_data(doc);
  for_each_ply(doc, diagram, [&](const PlyPage& ply) {
    sink.page(html_ply(ply, n, total, lang, options));
    add_to_chart(chart, ply);
  });
  if (has_chart(doc)) page += chart_html(chart, lang);
  if (doc.refusal) {
    page += fmt::format("<section class=\"refusal\">\n<h2>{}</h2>\n{}<p class=\"reason\">{}</p>\n",
                        escape(doc.refusal->heading), board_box(doc.refusal_svg, word(Word::board_label, lang)),
                        escape(doc.refusal->reason));
    if (!doc.refusal->legal.empty()) page += fmt::format("<p class=\"legal\">{}</p>\n", escape(doc.refusal->legal));
    page += "</section>\n";
  }
  if (doc.last == total) page += fmt::format("<p id=\"result\">{}</p>\n", escape(result_text(record.result, lang)));
  page += fmt::format("</main>\n<script>{}</script>\n</body>\n</html>\n", kPageScript);
  sink.page(page);
}

void svg_files(const Document& doc, const std::string& stem, PageSink& sink) {
  for_each_ply(doc, kEveryDiagram, [&](const PlyPage& page) {
    sink.file(fmt::format("{}-ply-{}.svg", stem, page.story.number), page.svg);
  });
  if (doc.refusal) sink.file(stem + "-refused.svg", doc.refusal_svg);
}

// AbstractPlay's board JSON of each annotated ply (abstractplay.h), from the record alone: no
// story, diagram or quality line is made.
void abstractplay_files(const Document& doc, const std::string& stem, PageSink& sink) {
  const GameRecord& record = doc.game.record;
  for (int k = doc.first; k <= doc.last; ++k) {
    throw_if_interrupted("interrupted before every file was written");
    const Ply& ply = record.plies[static_cast<size_t>(k - 1)];
    sink.file(fmt::format("{}-ply-{}.json", stem, k), abstractplay_json(ply.after, record.rules.holes_per_row, ply));
  }
}

// The page's name in its folder, or "" for --format svg and abstractplay (no page, the files alone).
std::string page_name(PageFormat format, const std::string& stem) {
  if (format == PageFormat::md) return stem + ".md";
  return format == PageFormat::html || format == PageFormat::pdf ? stem + ".html" : "";  // pdf: printed by the caller
}

void make_files(const AnnotatedGame& game, PageFormat format, const PageOptions& options, const std::string& stem,
                PageSink& sink) {
  AnnotatedGame titled_copy;
  const AnnotatedGame* shown = &game;
  // --title: the author's title in place of the file's; a record's made-up title ("hoyito2 2x6,
  // 30 plies") is said in the page's language, and a scenario's by its title_es in Spanish.
  const bool spanish_scenario =
      game.kind == GameFileKind::scenario && options.lang == Lang::es && !game.title_es.empty();
  const bool retitle = (game.kind == GameFileKind::record && options.lang != Lang::en) || spanish_scenario;
  if (!options.title.empty() || retitle) {
    titled_copy = game;
    titled_copy.title = !options.title.empty() ? options.title
                        : spanish_scenario     ? game.title_es
                                               : record_title(game.record, options.lang);
    shown = &titled_copy;
  }
  const Document doc = build(*shown, options);
  if (format == PageFormat::md)
    markdown(doc, options, stem, sink);
  else if (format == PageFormat::html || format == PageFormat::pdf)
    html(doc, options, sink);
  else if (format == PageFormat::abstractplay)
    abstractplay_files(doc, stem, sink);
  else
    svg_files(doc, stem, sink);
}

// The files kept in memory, the page first (annotate_files).
class MemorySink : public PageSink {
 public:
  explicit MemorySink(const std::string& page) {
    if (!page.empty()) files.push_back({page, ""});
  }
  void page(std::string_view text) override { files.front().text.append(text); }
  void file(const std::string& name, std::string_view text) override { files.push_back({name, std::string(text)}); }
  std::vector<OutputFile> files;
};

// The files written as they are made (write_annotation): the page through a temporary renamed
// at the end (WholeFile), the SVGs of a Markdown page into a temporary folder swapped in whole at
// the end (WholeFolder::commit_replacing: no SVG of an earlier game stays), the files of --format
// svg and abstractplay each finished beside and renamed together at the end, then the files of
// those names an earlier game left (STEM-ply-N, STEM-refused) removed; nothing kept unless all is.
class DiskSink : public PageSink {
 public:
  DiskSink(const std::string& dir, const std::string& page, const std::string& stem, PageFormat format)
      : dir_(dir), stem_(stem), dir_made_(!std::filesystem::exists(dir, exists_error_)) {
    make_folder(dir, "--out");
    lock_.emplace(dir, "--out");  // two runs into one folder would mix their files
    if (format == PageFormat::md) {
      folder_name_ = stem + "-svg";
      folder_.emplace(path_of(folder_name_));
      folder_->check_replaceable(".svg");  // refused before the work, not after it
    }
    if (!page.empty()) page_.emplace(path_of(page));
    if (!page.empty()) written.push_back(path_of(page));
  }
  ~DiskSink() override {
    if (committed_) return;
    loose_.clear();  // --format svg, abstractplay: none left unless all are whole
    folder_.reset();
    page_.reset();
    lock_.reset();
    std::error_code error;  // the --out folder made for this run is not left behind empty
    if (dir_made_ && std::filesystem::is_empty(dir_, error)) std::filesystem::remove(dir_, error);
  }
  void page(std::string_view text) override { page_->write(text); }
  void file(const std::string& name, std::string_view text) override {
    written.push_back(path_of(name));
    if (folder_ && name.starts_with(folder_name_ + "/")) {
      write_file_in_temporary_folder(folder_->temporary() + name.substr(folder_name_.size()), text);
      return;
    }
    // stale temporaries swept once, not per ply
    loose_.push_back(std::make_unique<WholeFile>(written.back(), loose_.empty()));
    loose_.back()->write(text);
    loose_.back()->finish_writing();  // closed now: a game of thousands of plies holds no descriptors
  }
  void commit() {
    if (page_) page_->finish_writing();
    if (folder_) folder_->commit_replacing(".svg");
    for (auto& file : loose_) file->commit();
    if (page_) page_->commit();
    if (!loose_.empty()) remove_stale_ply_files();
    committed_ = true;
  }
  std::vector<std::string> written;  // every path, the page first

 private:
  std::string path_of(const std::string& name) const { return (std::filesystem::path(dir_) / name).string(); }
  // The STEM-ply-N.EXT and STEM-refused.svg of an earlier game in the folder (this command's own
  // names) that this game did not write.
  void remove_stale_ply_files() const {
    namespace fs = std::filesystem;
    std::error_code error;
    for (const fs::directory_entry& entry : fs::directory_iterator(dir_, error)) {
      const std::string name = entry.path().filename().string();
      const std::string path = path_of(name);
      if (!own_name(name) || std::find(written.begin(), written.end(), path) != written.end()) continue;
      fs::remove(entry.path(), error);
    }
  }
  bool own_name(const std::string& name) const {
    if (name == stem_ + "-refused.svg") return true;
    const std::string prefix = stem_ + "-ply-";
    if (!name.starts_with(prefix)) return false;
    const std::string rest = name.substr(prefix.size());
    const std::size_t dot = rest.find('.');
    return dot > 0 && dot != std::string::npos && rest.find_first_not_of("0123456789") == dot &&
           (rest.substr(dot) == ".svg" || rest.substr(dot) == ".json");
  }
  std::string dir_;
  std::string stem_;
  std::error_code exists_error_;
  bool dir_made_;
  std::optional<FolderLock> lock_;     // released last (members are destroyed in reverse order)
  std::optional<WholeFolder> folder_;  // a Markdown page's SVG folder
  std::string folder_name_;            // its name in the page
  std::optional<WholeFile> page_;
  std::vector<std::unique_ptr<WholeFile>> loose_;
  bool committed_ = false;
};

}  // namespace

std::vector<OutputFile> annotate_files(const AnnotatedGame& game, PageFormat format, const PageOptions& options,
                                       const std::string& stem) {
  MemorySink sink(page_name(format, stem));
  make_files(game, format, options, stem, sink);
  return std::move(sink.files);
}

std::vector<std::string> write_annotation(const AnnotatedGame& game, PageFormat format, const PageOptions& options,
                                          const std::string& dir, const std::string& stem) {
  DiskSink sink(dir, page_name(format, stem), stem, format);
  make_files(game, format, options, stem, sink);
  sink.commit();
  return std::move(sink.written);
}

void write_files(const std::string& dir, const std::vector<OutputFile>& files) {
  std::vector<OutputFileText> texts;
  for (const OutputFile& file : files) texts.push_back({file.name, file.text});
  write_output_set(dir, texts, "--out", "-svg", ".svg");  // whole together: a full disk leaves nothing
}

}  // namespace hoyito
