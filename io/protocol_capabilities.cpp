// What an engine supports (`supports`, specs/engine-protocol.md): read, written, and asked
// whether a rules configuration is among it, so that hoyito skips what an engine does not play.
#include <fmt/format.h>

#include "io/engine_protocol.h"

namespace hoyito::protocol {

namespace {

// "MIN..MAX" as its two numbers, or nullopt when the text is not a range. Bounds up to 10^18:
// lap_limit's range reaches 10^13 (Q-LIMIT), and an engine may list a wider one.
std::optional<std::pair<long long, long long>> parse_range(std::string_view text, std::string_view where) {
  constexpr long long kLargestBound = 1'000'000'000'000'000'000;
  const std::size_t dots = text.find("..");
  if (dots == std::string_view::npos) return std::nullopt;
  const long long low = parse_number(text.substr(0, dots), where, 0, kLargestBound);
  const long long high = parse_number(text.substr(dots + 2), where, low, kLargestBound);
  return std::make_pair(low, high);
}

bool value_listed(const std::vector<std::string>& values, const std::string& value) {
  for (const std::string& listed : values) {
    if (listed == value) return true;
    const std::size_t dots = listed.find("..");
    if (dots == std::string::npos) continue;
    try {
      const auto range = parse_range(listed, "option").value();
      const long long number = parse_number(value, "option", range.first, range.second);
      (void)number;
      return true;
    } catch (const ProtocolError&) {
    }
  }
  return false;
}

void read_capability(Capabilities& caps, const std::vector<std::string>& words, std::string_view where) {
  const std::string& word = words.front();
  if (word == "variant") {
    if (words.size() < 2) throw ProtocolError(fmt::format("{}: 'variant' without a name", where));
    const Variant variant = parse_variant(words[1]);
    std::vector<int>& holes = caps.variants[variant];
    for (std::size_t i = 2; i < words.size(); ++i)
      holes.push_back(static_cast<int>(parse_number(words[i], where, 6, 12)));
  } else if (word == "seeds") {
    const auto range = words.size() == 2 ? parse_range(words[1], where) : std::nullopt;
    if (!range) throw ProtocolError(fmt::format("{}: 'seeds' needs MIN..MAX", where));
    caps.seeds_low = static_cast<int>(range->first),
    caps.seeds_high = static_cast<int>(std::min(range->second, 1'000'000LL));
  } else if (word == "option") {
    if (words.size() < 3) throw ProtocolError(fmt::format("{}: 'option' needs a name and values", where));
    caps.options[words[1]].assign(words.begin() + 2, words.end());
  } else if (word == "feature") {
    caps.features.insert(words.begin() + 1, words.end());
  }  // other words: capabilities of a later version, ignored
}

}  // namespace

std::string Capabilities::unsupported(const Rules& rules) const {
  const auto variant = variants.find(rules.variant);
  if (variant == variants.end()) return fmt::format("variant {}", variant_name(rules.variant));
  if (std::find(variant->second.begin(), variant->second.end(), rules.holes_per_row) == variant->second.end())
    return fmt::format("{} on 2x{}", variant_name(rules.variant), rules.holes_per_row);
  if (rules.seeds_per_hole < seeds_low || rules.seeds_per_hole > seeds_high)
    return fmt::format("{} seeds per hole", rules.seeds_per_hole);
  if ((rules.round != 1 || rules.previous_winner != Winner::none) && !has("rounds")) return "Hoyito III rounds";
  for (const OptionInfo& info : option_table()) {
    const std::string value = option_value(rules, info.name);
    if (value == info.values.front()) continue;  // the default: every engine plays it
    const auto listed = options.find(std::string(info.name));
    if (listed == options.end() || !value_listed(listed->second, value))
      return fmt::format("option {}={}", info.name, value);
  }
  return "";
}

Capabilities parse_capabilities(const std::vector<std::string>& lines, std::string_view where) {
  Capabilities caps;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::vector<std::string> words = split_words(lines[i]);
    if (words.empty()) continue;
    const std::string line_where = fmt::format("{} line {}", where, i + 1);
    try {
      read_capability(caps, words, line_where);
    } catch (const ProtocolError&) {
      throw;
    } catch (const InputError& e) {
      throw ProtocolError(fmt::format("{}: {}", line_where, e.what()));
    }
  }
  if (caps.variants.empty()) throw ProtocolError(fmt::format("{}: no 'variant' line: the engine plays nothing", where));
  return caps;
}

std::vector<std::string> format_capabilities(const Capabilities& caps) {
  std::vector<std::string> lines;
  for (const auto& [variant, holes] : caps.variants) {
    std::string line = fmt::format("variant {}", variant_name(variant));
    for (const int n : holes) line += fmt::format(" {}", n);
    lines.push_back(line);
  }
  lines.push_back(fmt::format("seeds {}..{}", caps.seeds_low, caps.seeds_high));
  for (const auto& [name, values] : caps.options) {
    std::string line = "option " + name;
    for (const std::string& value : values) line += " " + value;
    lines.push_back(line);
  }
  std::string features = "feature";
  for (const std::string& feature : caps.features) features += " " + feature;
  if (!caps.features.empty()) lines.push_back(features);
  return lines;
}

Capabilities full_capabilities() {
  Capabilities caps;
  for (const Variant v : {Variant::hoyito1, Variant::hoyito2, Variant::hoyito3}) caps.variants[v] = {6, 12};
  for (const OptionInfo& info : option_table()) {
    if (info.values.size() < 2 && info.name != "ply_limit" && info.name != "lap_limit")
      continue;  // single-valued decisions
    std::vector<std::string> values(info.values.begin(), info.values.end());
    if (info.name == "ply_limit") values = {"1..1000000"};
    if (info.name == "lap_limit") values = {fmt::format("1..{}", kLargestLapLimit)};
    caps.options[std::string(info.name)] = values;
  }
  caps.features = {"events", "perft", "divide", "playmoves", "rounds"};
  return caps;
}

}  // namespace hoyito::protocol
