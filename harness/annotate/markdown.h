// The little Markdown the specs are written in, as HTML, for the rule book (rulebook.h):
// headings, paragraphs, bullet lists, tables, fenced code; inline `code`, **bold**, *italic* and
// [text](link) (the link's text only: the specs' links are relative to specs/).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace hoyito {

std::vector<std::string> markdown_lines(std::string_view text);
// One line of Markdown as HTML text (escaped).
std::string inline_html(std::string_view text);
// A whole document, its `# ` title dropped; each heading goes `shift` levels down (## with shift 1 is <h3>).
std::string markdown_html(std::string_view text, int shift);
// The same document in Markdown with its headings `shift` levels down; the first `# ` title dropped.
std::string shifted_markdown(std::string_view text, int shift);

// Every rule ID in `text` (HTML text or Markdown, no attributes) as a link to `target#ID`
// (`target` empty: an entry of the same page).
std::string link_rule_ids(const std::string& text, bool html, const std::string& target = "");

}  // namespace hoyito
