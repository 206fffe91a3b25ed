#include "harness/annotate/seed_sources.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "core/rules.h"
#include "harness/annotate/markdown.h"

namespace hoyito {

namespace {

std::string trim(std::string_view text) {
  const size_t first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  return std::string(text.substr(first, text.find_last_not_of(" \t") - first + 1));
}

// The cells of a table row "| a | b |", as written.
std::vector<std::string> cells(std::string_view line) {
  std::vector<std::string> out;
  line = line.substr(1, line.rfind('|') == 0 ? std::string_view::npos : line.rfind('|') - 1);
  for (size_t at = 0; at <= line.size();) {
    const size_t bar = std::min(line.find('|', at), line.size());
    out.push_back(trim(line.substr(at, bar - at)));
    at = bar + 1;
  }
  return out;
}

bool is_document(std::string_view token) {
  return token == "BG" || token == "CS" || token == "KY" || token == "SW";  // RN is English: no glosses
}

}  // namespace

SeedSources parse_seed_sources(std::string_view sources_md) {
  SeedSources sources;
  std::string part, glossed;  // the `## ` part being read; the `### ` document of a gloss table
  int number = 0;
  for (const std::string& line : markdown_lines(sources_md)) {
    ++number;
    if (line.starts_with("## ")) part = line.substr(3);
    if (line.starts_with("### ")) glossed = trim(std::string_view(line).substr(4));
    if (!line.starts_with("|") || line.starts_with("|---") || line.starts_with("| short") ||
        line.starts_with("| section"))
      continue;
    const std::vector<std::string> c = cells(line);
    if (part == "Documents" && c.size() == 11) {
      sources.documents.push_back({c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10]});
    } else if (part == "Glosses" && c.size() == 3 && !glossed.empty()) {
      sources.passages.push_back({glossed, c[0], c[1], c[2]});
    } else {
      throw InputError(
          fmt::format("specs/sources.md, line {}: a row of {} cells in part \"{}\"", number, c.size(), part));
    }
  }
  if (sources.documents.empty() || sources.passages.empty())
    throw InputError("specs/sources.md: no \"Documents\" or no \"Glosses\" table");
  return sources;
}

namespace {

// Reads one citation string; `found` the passages named so far.
class CitationReader {
 public:
  CitationReader(const SeedSources& sources, std::string_view text) : sources_(sources), text_(text) {}

  void read(std::vector<const SeedPassage*>& found, std::vector<std::string>* unresolved) {
    while (at_ < text_.size()) {
      if (text_[at_] == '"') {
        read_group(found, unresolved);
      } else if (std::isalpha(static_cast<unsigned char>(text_[at_]))) {
        read_word();
      } else {
        if (text_[at_] == ';') documents_.clear();  // a new citation names its document
        quotation_ = text_[at_] == ':' || (quotation_ && text_[at_] == ' ');
        ++at_;
      }
    }
  }

 private:
  // A word; a document code (or "CS/KY/SW") makes the documents of the sections that follow.
  void read_word() {
    const size_t start = at_;
    while (at_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[at_])) || text_[at_] == '/')) ++at_;
    std::vector<std::string> codes;
    std::string_view word = text_.substr(start, at_ - start);
    for (size_t from = 0; from <= word.size();) {
      const size_t slash = std::min(word.find('/', from), word.size());
      codes.emplace_back(word.substr(from, slash - from));
      from = slash + 1;
    }
    if (std::all_of(codes.begin(), codes.end(), [](const std::string& c) { return is_document(c); }))
      documents_ = codes;
    else
      documents_.clear();  // any other word ends the citation of a document ("MancalaGames")
  }

  std::string quoted() {
    const size_t close = std::min(text_.find('"', at_ + 1), text_.size());
    std::string q(text_.substr(at_ + 1, close - at_ - 1));
    at_ = std::min(close + 1, text_.size());
    return q;
  }

  // "A"/"B" 1-2, 4: titles, then the numbers of their sentences (none: the whole section).
  void read_group(std::vector<const SeedPassage*>& found, std::vector<std::string>* unresolved) {
    const bool quotation = quotation_;  // after "Дъска" 2: a quotation of the seed, no section
    quotation_ = false;
    std::vector<std::string> titles{quoted()};
    while (at_ + 1 < text_.size() && text_[at_] == '/' && text_[at_ + 1] == '"') {
      ++at_;
      titles.push_back(quoted());
    }
    const std::vector<std::string> numbers = read_numbers();
    for (size_t i = 0; i < titles.size(); ++i) {
      bool named = false;
      for (size_t d = 0; d < documents_.size(); ++d)
        if (titles.size() == 1 || titles.size() != documents_.size() || d == i)
          named = add(documents_[d], titles[i], numbers, found) || named;
      if (!named && !quotation && !documents_.empty() && unresolved) unresolved->push_back(titles[i]);
    }
  }

  // " 1-2, 4": the numbers, a range spelled out.
  std::vector<std::string> read_numbers() {
    std::vector<std::string> numbers;
    for (;;) {
      size_t j = at_;
      while (j < text_.size() && text_[j] == ' ') ++j;
      if (j >= text_.size() || !std::isdigit(static_cast<unsigned char>(text_[j]))) return numbers;
      int from = 0, to = 0;
      while (j < text_.size() && std::isdigit(static_cast<unsigned char>(text_[j])))
        from = from * 10 + (text_[j++] - '0');
      to = from;
      if (j + 1 < text_.size() && text_[j] == '-' && std::isdigit(static_cast<unsigned char>(text_[j + 1]))) {
        to = 0;
        for (++j; j < text_.size() && std::isdigit(static_cast<unsigned char>(text_[j]));)
          to = to * 10 + (text_[j++] - '0');
      }
      for (int n = from; n <= to; ++n) numbers.push_back(std::to_string(n));
      at_ = j;
      if (at_ + 2 < text_.size() && text_[at_] == ',' && std::isdigit(static_cast<unsigned char>(text_[at_ + 2])))
        ++at_;
    }
  }

  bool add(const std::string& code, const std::string& title, const std::vector<std::string>& numbers,
           std::vector<const SeedPassage*>& found) const {
    bool named = false;
    for (const SeedPassage& p : sources_.passages) {
      if (p.code != code || title.empty() || !p.section.starts_with(title)) continue;
      named = true;
      if (!numbers.empty() && std::find(numbers.begin(), numbers.end(), p.number) == numbers.end()) continue;
      if (std::find(found.begin(), found.end(), &p) == found.end()) found.push_back(&p);
    }
    return named;
  }

  const SeedSources& sources_;
  std::string_view text_;
  size_t at_ = 0;
  std::vector<std::string> documents_;
  bool quotation_ = false;  // a ':' just read
};

}  // namespace

std::vector<const SeedPassage*> cited_passages(const SeedSources& sources, const std::vector<std::string>& citations,
                                               std::vector<std::string>* unresolved) {
  std::vector<const SeedPassage*> found;
  for (const std::string& citation : citations) CitationReader(sources, citation).read(found, unresolved);
  return found;
}

}  // namespace hoyito
