#include "harness/annotate/page.h"

#include <filesystem>
#include <optional>

#include <fmt/format.h>

#include "io/output.h"
#include "harness/annotate/quality.h"
#include "harness/annotate/diagram.h"
#include "harness/annotate/refusal.h"
#include "harness/games/notation.h"

namespace hoyito {

PageFormat parse_format(std::string_view text) {
  if (text == "md") return PageFormat::md;
  if (text == "html") return PageFormat::html;
  if (text == "svg") return PageFormat::svg;
  throw InputError(fmt::format("--format '{}': expected md, html or svg", text));
}

std::string rules_text(const Rules& rules) {
  std::string text = fmt::format("{} 2x{}", variant_name(rules.variant), rules.holes_per_row);
  if (rules.seeds_per_hole != 4) text += fmt::format(", {} seeds per hole", rules.seeds_per_hole);
  if (rules.round != 1 || rules.previous_winner != Winner::none)
    text += fmt::format(", round {}, previous winner {}", rules.round, winner_name(rules.previous_winner));
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
};

struct Document {
  const AnnotatedGame& game;
  Lang lang;
  int first = 1, last = 0;  // the plies shown
  std::string start_svg, start_alt;
  std::vector<PlyPage> plies;
  std::optional<RefusalStory> refusal;  // the move the game stops before, refused (a scenario's lesson)
  std::string refusal_svg, refusal_alt;
};

// The refused move the file's game stops before, on the position it is refused in (refusal.h).
void add_refusal(Document& doc) {
  const GameRecord& record = doc.game.record;
  const int total = static_cast<int>(record.plies.size());
  const Position& at = total == 0 ? record.start : record.plies.back().after;
  RefusalStory r = tell_refusal(record.rules, at, doc.game.refused_move, record.result.status != Status::playing, doc.lang);
  if (r.reason.empty()) r.reason = doc.game.note;  // no rule refuses it here: what the file says
  const std::vector<EndlessMove> endless = r.endless ? std::vector<EndlessMove>{*r.endless} : std::vector<EndlessMove>{};
  doc.refusal_alt = fmt::format("{}: {} {}", r.heading, r.reason, start_alt_text(at, record.rules, doc.lang, total));
  doc.refusal_svg = refusal_svg(at, record.rules, doc.lang, r.heading, doc.refusal_alt, r.hole, endless);
  doc.refusal = std::move(r);
}

Document build(const AnnotatedGame& game, const PageOptions& options) {
  const GameRecord& record = game.record;
  const int total = static_cast<int>(record.plies.size());
  Document doc{game, options.lang, options.plies.first, options.plies.last < 0 ? total : options.plies.last, {}, {}, {}, {}, {}, {}};
  // A scenario refused at its first step has no ply: its page is the position and the refusal.
  const bool no_plies = total == 0 && options.plies.first == 1 && options.plies.last < 0;
  if (!no_plies && (doc.first > total || doc.last > total))
    throw InputError(fmt::format("--plies {}..{}: {} has plies 1..{}", doc.first, doc.last, game.source, total));
  const int depth = options.depth == kAutoDepth ? (record.rules.holes_per_row == 6 ? 4 : 2) : options.depth;
  const std::vector<QualityLine> quality =
      depth > 0 ? quality_lines(record, depth, doc.first, doc.last) : std::vector<QualityLine>{};
  const int n = record.rules.holes_per_row;
  const Position& first_position =
      doc.first == 1 ? record.start : record.plies[static_cast<size_t>(doc.first - 2)].after;
  doc.start_alt = start_alt_text(first_position, record.rules, options.lang, doc.first - 1);
  doc.start_svg = position_svg(first_position, record.rules, options.lang,
                               doc.first == 1 ? std::string(word(Word::start, options.lang))
                                              : fmt::format("{} {} ({})", word(Word::ply, options.lang), doc.first - 1,
                                                            word(Word::after, options.lang)),
                               doc.start_alt);
  for (int k = doc.first; k <= doc.last; ++k) {
    const Position& before = k == 1 ? record.start : record.plies[static_cast<size_t>(k - 2)].after;
    PlyPage page{tell_ply(record.rules, before, record.plies[static_cast<size_t>(k - 1)], k), {}, {}, {}, {}, {}};
    page.svg = ply_svg(page.story, record.rules, options.lang);
    page.alt = alt_text(page.story, record.rules, options.lang);
    page.sentences = account(page.story, record.rules, options.lang);
    page.summary = summarised(page.sentences, static_cast<int>(page.story.laps.size()), options.lang);
    const QualityLine* line = quality.empty() ? nullptr : &quality[static_cast<size_t>(k - 1)];
    if (line && (!line->moves.empty() || !line->undecided.empty()))
      page.quality = quality_text(*line, page.story.ply.hole, n, options.lang);
    if (line && !line->undecided.empty() && options.on_undecided) options.on_undecided(k, line->undecided);
    doc.plies.push_back(std::move(page));
  }
  if (!game.refused_move.empty() && doc.last == total) add_refusal(doc);
  return doc;
}

std::string heading(const PlyPage& page, int n, Lang lang) {
  return fmt::format("{} {}: {} {}", word(Word::ply, lang), page.story.number, player_word(page.story.ply.player, lang),
                     ply_notation(page.story.ply, n));
}

std::string header_markdown(const Document& doc, const PageOptions& options) {
  const GameRecord& record = doc.game.record;
  std::string md = fmt::format("# {}\n\n", doc.game.title);
  md += fmt::format("- {}: {}\n- source: `{}`\n", word(Word::rules, doc.lang), rules_text(record.rules), doc.game.source);
  if (!options.found_by.empty()) md += fmt::format("- {}: {}\n", word(Word::found_by, doc.lang), options.found_by);
  if (!options.replay_command.empty())
    md += fmt::format("- {}: `{}`\n", word(Word::replay, doc.lang), options.replay_command);
  md += fmt::format("- {} ({} {}): `{}`\n", word(Word::notation, doc.lang), record.plies.size(), word(Word::plies, doc.lang),
                    game_notation(record.plies, record.rules.holes_per_row));
  if (!doc.game.note.empty()) md += fmt::format("\n{}\n", doc.game.note);
  return md;
}

std::vector<OutputFile> markdown(const Document& doc, const PageOptions& options, const std::string& stem) {
  const int n = doc.game.record.rules.holes_per_row;
  std::vector<OutputFile> files;
  std::string md = header_markdown(doc, options);
  const std::string folder = stem + "-svg";
  const std::string start_heading =
      doc.first == 1 ? std::string(word(Word::start, doc.lang))
                     : fmt::format(fmt::runtime(word(Word::after_ply, doc.lang)), fmt::arg("ply", doc.first - 1));
  md += fmt::format("\n## {}\n\n![{}]({}/start.svg)\n", start_heading, doc.start_alt, folder);
  files.push_back({folder + "/start.svg", doc.start_svg});
  for (const PlyPage& page : doc.plies) {
    const std::string svg_name = fmt::format("{}/ply-{}.svg", folder, page.story.number);
    md += fmt::format("\n## {}\n\n![{}]({})\n\n", heading(page, n, doc.lang), page.alt, svg_name);
    for (const std::string& s : page.summary) md += s + "\n";
    if (!page.story.ply.comment.empty())  // the author's note (game-record.md `comment`), beside the account
      md += fmt::format("\n> **{}:** {}\n", word(Word::comment, doc.lang), page.story.ply.comment);
    if (page.summary.size() != page.sentences.size()) {
      md += fmt::format("\n<details><summary>{}</summary>\n\n", word(Word::every_lap, doc.lang));
      for (const Sentence& s : page.sentences) md += fmt::format("- {}\n", s.text);
      md += "\n</details>\n";
    }
    if (!page.quality.empty()) md += fmt::format("\n{}\n", page.quality);
    files.push_back({svg_name, page.svg});
  }
  if (doc.refusal) {
    md += fmt::format("\n## {}\n\n![{}]({}/refused.svg)\n\n{}\n", doc.refusal->heading, doc.refusal_alt, folder,
                      doc.refusal->reason);
    if (!doc.refusal->legal.empty()) md += fmt::format("\n{}\n", doc.refusal->legal);
    files.push_back({folder + "/refused.svg", doc.refusal_svg});
  }
  if (doc.last == static_cast<int>(doc.game.record.plies.size()))
    md += fmt::format("\n## {}\n\n{}\n", word(Word::result, doc.lang), result_text(doc.game.record.result, doc.lang));
  files.insert(files.begin(), {stem + ".md", md});
  return files;
}

// The script of the HTML page: one ply shown at a time; buttons, arrow keys, a slider, #ply=K in
// the address; Home and End only while the player (the nav) has the focus, so that they still
// scroll the page otherwise; the slider speaks the ply ("Ply 7 of 30", aria-valuetext) and the
// label, a live region, announces each step; the seeds of one move animated from its frames.
// Printing shows every ply (the print stylesheet); `beforeprint` opens every "Every lap" list.
constexpr const char* kPageScript = R"JS(
(function () {
  var plies = Array.prototype.slice.call(document.querySelectorAll('section.ply'));
  var slider = document.getElementById('ply-slider');
  var label = document.getElementById('ply-label');
  var player = document.getElementById('player');
  var current = 0, timer = null;
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
    if (e.target === slider) return;
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
  window.addEventListener('hashchange', fromHash);
  fromHash();
})();
)JS";

// The page's style: a visible keyboard focus, and for print every ply (hidden or not) on its own
// page with its diagrams, account and quality line, and no controls.
constexpr const char* kPageStyle =
    "body{font-family:sans-serif;max-width:62em;margin:1em auto;padding:0 1em;line-height:1.4}"
    "nav{position:sticky;top:0;background:#fff;padding:.5em 0;border-bottom:1px solid #ccc}"
    "nav button{margin-right:.3em}#ply-slider{width:20em;vertical-align:middle}"
    "section.ply svg,section.refusal svg{max-width:100%;height:auto}.quality{font-family:monospace}"
    "nav button:focus,#ply-slider:focus,a:focus,summary:focus{outline:3px solid #1a5fb4;outline-offset:2px}"
    "@media print{nav{display:none!important}body{max-width:none;margin:0}"
    "section.ply,section.ply[hidden]{display:block!important}"
    "section.ply,section.refusal{break-before:page}section.ply svg{break-inside:avoid}"
    "script{display:none!important}}";

constexpr int kMaxAnimationFrames = 2000;  // longer relays animate lap by lap

std::string frames_json(const PlyStory& story) {
  std::vector<const Frame*> shown;
  for (size_t i = 0; i < story.frames.size(); ++i) {
    const bool lap_end = i + 1 == story.frames.size() || story.frames[i + 1].lap != story.frames[i].lap;
    if (story.frames.size() <= kMaxAnimationFrames || lap_end || i == 0) shown.push_back(&story.frames[i]);
  }
  std::string json = "[";
  for (size_t i = 0; i < shown.size(); ++i) json += fmt::format("{}[{}]", i ? "," : "", fmt::join(shown[i]->board, ","));
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
  page += fmt::format("<h1>{}</h1>\n<ul>\n<li>{}: {}</li>\n<li>source: <code>{}</code></li>\n", escape(doc.game.title),
                      word(Word::rules, lang), escape(rules_text(record.rules)), escape(doc.game.source));
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
  page += fmt::format("<li>{}: <code id=\"notation\">{}</code></li>\n</ul>\n", word(Word::notation, lang),
                      escape(game_notation(record.plies, record.rules.holes_per_row)));
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
      word(Word::last, lang), doc.plies.size(), word(Word::ply, lang), escape(first_valuetext), word(Word::animate, lang));
}

std::string html_ply(const PlyPage& ply, int n, int total, Lang lang) {
  std::string page = fmt::format(
      "<section class=\"ply\" data-ply=\"{}\" data-label=\"{}\" data-valuetext=\"{}\" data-board=\"{}\" hidden>\n"
      "<h2>{}</h2>\n{}",
      ply.story.number, escape(heading(ply, n, lang)), escape(ply_of(ply.story.number, total, lang)),
      fmt::join(ply.story.ply.after.board, " "), escape(heading(ply, n, lang)), ply.svg);
  page += "<p class=\"account\">";
  for (const std::string& s : ply.summary) page += escape(s) + " ";
  page += "</p>\n";
  if (!ply.story.ply.comment.empty())  // the author's note (game-record.md `comment`), beside the account
    page += fmt::format("<p class=\"comment\"><strong>{}:</strong> {}</p>\n", word(Word::comment, lang),
                        escape(ply.story.ply.comment));
  if (ply.summary.size() != ply.sentences.size()) {
    page += fmt::format("<details><summary>{}</summary><ol>\n", word(Word::every_lap, lang));
    for (const Sentence& s : ply.sentences) page += fmt::format("<li>{}</li>\n", escape(s.text));
    page += "</ol></details>\n";
  }
  if (!ply.quality.empty()) page += fmt::format("<p class=\"quality\">{}</p>\n", escape(ply.quality));
  if (!ply.story.frames.empty())
    page += fmt::format("<script type=\"application/json\" class=\"frames\">{}</script>\n", frames_json(ply.story));
  return page + "</section>\n";
}

std::vector<OutputFile> html(const Document& doc, const PageOptions& options, const std::string& stem) {
  const GameRecord& record = doc.game.record;
  const int n = record.rules.holes_per_row;
  const int total = static_cast<int>(record.plies.size());
  const Lang lang = doc.lang;
  const std::string start_label =
      doc.first == 1 ? std::string(word(Word::start, lang)) : fmt::format("{} {}", word(Word::ply, lang), doc.first - 1);
  const std::string start_valuetext = doc.first == 1 ? start_label : ply_of(doc.first - 1, total, lang);
  std::string page = html_header(doc, options) + html_nav(doc, start_valuetext);
  page += fmt::format(
      "<section class=\"ply\" data-ply=\"{}\" data-label=\"{}\" data-valuetext=\"{}\" data-board=\"{}\">\n{}</section>\n",
      doc.first - 1, escape(start_label), escape(start_valuetext),
      fmt::join(doc.first == 1 ? record.start.board : record.plies[static_cast<size_t>(doc.first - 2)].after.board, " "),
      doc.start_svg);
  for (const PlyPage& ply : doc.plies) page += html_ply(ply, n, total, lang);
  if (doc.refusal) {
    page += fmt::format("<section class=\"refusal\">\n<h2>{}</h2>\n{}<p class=\"reason\">{}</p>\n", escape(doc.refusal->heading),
                        doc.refusal_svg, escape(doc.refusal->reason));
    if (!doc.refusal->legal.empty()) page += fmt::format("<p class=\"legal\">{}</p>\n", escape(doc.refusal->legal));
    page += "</section>\n";
  }
  if (doc.last == total) page += fmt::format("<p id=\"result\">{}</p>\n", escape(result_text(record.result, lang)));
  page += fmt::format("</main>\n<script>{}</script>\n</body>\n</html>\n", kPageScript);
  return {{stem + ".html", page}};
}

std::vector<OutputFile> files_of(const Document& doc, PageFormat format, const PageOptions& options,
                                 const std::string& stem) {
  if (format == PageFormat::md) return markdown(doc, options, stem);
  if (format == PageFormat::html) return html(doc, options, stem);
  std::vector<OutputFile> files;
  for (const PlyPage& page : doc.plies) files.push_back({fmt::format("{}-ply-{}.svg", stem, page.story.number), page.svg});
  if (doc.refusal) files.push_back({stem + "-refused.svg", doc.refusal_svg});
  return files;
}

}  // namespace

std::vector<OutputFile> annotate_files(const AnnotatedGame& game, PageFormat format, const PageOptions& options,
                                       const std::string& stem) {
  if (options.title.empty()) return files_of(build(game, options), format, options, stem);
  AnnotatedGame titled = game;  // --title: the author's title in place of the file's
  titled.title = options.title;
  return files_of(build(titled, options), format, options, stem);
}

void write_files(const std::string& dir, const std::vector<OutputFile>& files) {
  namespace fs = std::filesystem;
  for (const OutputFile& file : files) {
    const fs::path path = fs::path(dir) / file.name;
    make_folder(path.parent_path().string(), "--out");
    write_whole_file(path.string(), file.text);  // whole or absent; a failure names the file
  }
}

}  // namespace hoyito
