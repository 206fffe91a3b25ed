#include "harness/annotate/markdown.h"

#include <cctype>
#include <string_view>

#include <fmt/format.h>

#include "harness/base/escape.h"

namespace hoyito {

std::vector<std::string> markdown_lines(std::string_view text) {
  std::vector<std::string> lines;
  size_t at = 0;
  while (at <= text.size()) {
    const size_t end = text.find('\n', at);
    lines.emplace_back(text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at));
    if (end == std::string_view::npos) break;
    at = end + 1;
  }
  return lines;
}

namespace {

// Text outside code spans: **bold**, *italic*, [text](link) -> text.
std::string emphasis_html(std::string_view text) {
  std::string html;
  bool bold = false, italic = false;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 2, "**") == 0) {
      html += bold ? "</strong>" : "<strong>";
      bold = !bold;
      ++i;
    } else if (text[i] == '*' && (italic || (i + 1 < text.size() && text[i + 1] != ' '))) {
      html += italic ? "</em>" : "<em>";
      italic = !italic;
    } else if (text[i] == ']' && i + 1 < text.size() && text[i + 1] == '(' &&
               text.find(')', i) != std::string_view::npos) {
      i = text.find(')', i);  // the link's target is left out
    } else if (text[i] != '[') {
      html += xml_escape(text.substr(i, 1));
    }
  }
  if (italic) html += "</em>";
  if (bold) html += "</strong>";
  return html;
}

int heading_level(std::string_view line) {
  size_t level = 0;
  while (level < line.size() && line[level] == '#') ++level;
  return level > 0 && level < line.size() && line[level] == ' ' ? static_cast<int>(level) : 0;
}

std::vector<std::string> table_cells(std::string_view row) {
  std::vector<std::string> cells;
  std::string cell;
  bool code = false;
  for (size_t i = 1; i < row.size(); ++i) {  // the leading '|' skipped; a '|' in code is text
    if (row[i] == '`') code = !code;
    if (row[i] == '|' && !code) {
      const size_t first = cell.find_first_not_of(' '), last = cell.find_last_not_of(' ');
      cells.push_back(first == std::string::npos ? std::string() : cell.substr(first, last - first + 1));
      cell.clear();
    } else {
      cell += row[i];
    }
  }
  return cells;
}

std::string table_html(const std::vector<std::string>& rows) {
  std::string html = "<table>\n";
  for (size_t r = 0; r < rows.size(); ++r) {
    if (r == 1) continue;  // the |---| line
    const char* cell = r == 0 ? "th" : "td";
    html += "<tr>";
    for (const std::string& c : table_cells(rows[r])) html += fmt::format("<{0}>{1}</{0}>", cell, inline_html(c));
    html += "</tr>\n";
  }
  return html + "</table>\n";
}

struct Blocks {
  std::string html, paragraph, list_item;
  std::vector<std::string> table;
  bool in_list = false;
  void flush() {
    if (!paragraph.empty()) html += fmt::format("<p>{}</p>\n", inline_html(paragraph));
    if (!list_item.empty()) html += fmt::format("<li>{}</li>\n", inline_html(list_item));
    if (!table.empty()) html += table_html(table);
    paragraph.clear(), list_item.clear(), table.clear();
  }
  void end_list() {
    flush();
    if (in_list) html += "</ul>\n";
    in_list = false;
  }
};

}  // namespace

std::string inline_html(std::string_view text) {
  std::string html;
  size_t at = 0;
  while (at < text.size()) {
    const size_t open = text.find('`', at);
    const size_t close = open == std::string_view::npos ? open : text.find('`', open + 1);
    if (close == std::string_view::npos) {
      html += emphasis_html(text.substr(at));
      break;
    }
    html += emphasis_html(text.substr(at, open - at));
    html += fmt::format("<code>{}</code>", xml_escape(text.substr(open + 1, close - open - 1)));
    at = close + 1;
  }
  return html;
}

std::string markdown_html(std::string_view text, int shift) {
  Blocks b;
  bool fence = false;
  for (const std::string& line : markdown_lines(text)) {
    if (line.rfind("```", 0) == 0) {
      b.end_list();
      b.html += fence ? "</code></pre>\n" : "<pre><code>";
      fence = !fence;
    } else if (fence) {
      b.html += xml_escape(line) + "\n";
    } else if (const int level = heading_level(line)) {
      b.end_list();
      if (level == 1) continue;  // the document's title: the book gives its own
      b.html += fmt::format("<h{0}>{1}</h{0}>\n", std::min(6, level + shift), inline_html(line.substr(level + 1)));
    } else if (line.rfind("|", 0) == 0) {
      if (b.table.empty()) b.end_list();  // a table's rows gather until the line after it
      b.table.push_back(line);
    } else if (line.rfind("- ", 0) == 0) {
      b.flush();
      if (!b.in_list) b.html += "<ul>\n";
      b.in_list = true;
      b.list_item = line.substr(2);
    } else if (line.find_first_not_of(' ') == std::string::npos) {
      b.end_list();
    } else {
      std::string& into = b.in_list ? b.list_item : b.paragraph;
      if (!into.empty()) into += ' ';
      into.append(line, line.find_first_not_of(' '));
    }
  }
  b.end_list();
  return b.html;
}

std::string shifted_markdown(std::string_view text, int shift) {
  std::string md;
  bool fence = false;
  for (const std::string& line : markdown_lines(text)) {
    if (line.rfind("```", 0) == 0) fence = !fence;
    const int level = fence ? 0 : heading_level(line);
    if (level == 1) continue;
    md += (level ? std::string(static_cast<size_t>(shift), '#') : "") + line + "\n";
  }
  while (md.size() > 1 && md.ends_with("\n\n")) md.pop_back();
  return md;
}

namespace {

bool id_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-'; }

// The length of the rule ID that starts at text[at] ("SOW-5", "CAP-III-2", "END-I-1"), or 0: a
// family, then digits, with no letter, digit, '_' or '-' on either side. Scanned by hand, not by
// std::regex (GCC 12 warns in <regex> under the sanitizers, and a page is long).
std::size_t rule_id_length(std::string_view text, std::size_t at) {
  static constexpr std::string_view kFamilies[] = {"BRD-",  "TURN-",    "SOW-",    "CAP-III-", "CAP-II-", "CAP-I-",
                                                   "PASS-", "END-III-", "END-II-", "END-I-",   "END-",    "MATCH-"};
  if (at > 0 && id_char(text[at - 1])) return 0;
  for (const std::string_view family : kFamilies) {
    if (text.substr(at, family.size()) != family) continue;
    std::size_t end = at + family.size();
    while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
    if (end == at + family.size() || (end < text.size() && id_char(text[end]))) continue;
    return end - at;
  }
  return 0;
}

}  // namespace

std::string link_rule_ids(const std::string& text, bool html, const std::string& target) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t length = rule_id_length(text, at);
    if (length == 0) {
      out += text[at++];
      continue;
    }
    const std::string_view id = std::string_view(text).substr(at, length);
    out += html ? fmt::format("<a href=\"{}#{}\">{}</a>", target, id, id) : fmt::format("[{}]({}#{})", id, target, id);
    at += length;
  }
  return out;
}

}  // namespace hoyito
