#include "harness/games/endgame_table.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cassert>
#include <cstring>

#include <fmt/format.h>

#include "io/record.h"

namespace hoyito {

namespace {
constexpr char kMagic[8] = {'H', 'O', 'Y', 'T', 'B', 'L', '0', '1'};
constexpr std::size_t kFixedHeader = 16;  // magic, version, JSON length

std::uint32_t read_u32(const std::uint8_t* p) {
  return std::uint32_t{p[0]} | std::uint32_t{p[1]} << 8 | std::uint32_t{p[2]} << 16 | std::uint32_t{p[3]} << 24;
}
void put_u32(std::string& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>(v >> (8 * i) & 0xff));
}
}  // namespace

PositionIndex::PositionIndex(int holes, int max_seeds)
    : holes_(holes), max_(max_seeds), ways_(static_cast<std::size_t>((holes + 1) * (max_seeds + 1)), 0) {
  // ways(first, s): boards of s seeds over holes first..holes-1. One hole left: one way.
  for (int s = 0; s <= max_; ++s) ways_[static_cast<std::size_t>((holes_ - 1) * (max_ + 1) + s)] = 1;
  for (int first = holes_ - 2; first >= 0; --first)
    for (int s = 0; s <= max_; ++s) {
      std::uint64_t total = 0;
      for (int here = 0; here <= s; ++here) total += ways(first + 1, s - here);
      ways_[static_cast<std::size_t>(first * (max_ + 1) + s)] = total;
    }
}

// The boards before `board`: for each hole, those with fewer seeds there and the same before it.
std::uint64_t PositionIndex::rank(const std::uint8_t* board, int seeds) const {
  std::uint64_t r = 0;
  int left = seeds;
  for (int h = 0; h + 1 < holes_; ++h) {
    for (int fewer = 0; fewer < board[h]; ++fewer) r += ways(h + 1, left - fewer);
    left -= board[h];
  }
  return r;
}

void PositionIndex::unrank(std::uint64_t r, int seeds, std::uint8_t* board) const {
  int left = seeds;
  for (int h = 0; h + 1 < holes_; ++h) {
    int here = 0;
    while (r >= ways(h + 1, left - here)) r -= ways(h + 1, left - here++);
    board[h] = static_cast<std::uint8_t>(here);
    left -= here;
  }
  board[holes_ - 1] = static_cast<std::uint8_t>(left);
}

// END-II-1, END-III-2..4: which award the last seeds follow (specs/endgame-tables.md).
AwardCase award_case(const Rules& rules) {
  if (rules.variant != Variant::hoyito3 || rules.round < 3) return AwardCase::capturer;  // END-II-1, END-III-2
  if (is_player(rules.previous_winner))  // END-III-3, unless G15 switches it off (the capturer's, as rounds 1-2)
    return rules.options.later_rounds_last_four == LaterRoundsLastFour::capturer ? AwardCase::capturer
                                                                                 : AwardCase::previous_winner;
  return rules.options.drawn_previous_last_four == DrawnPreviousLastFour::split ? AwardCase::split  // END-III-4
                                                                                : AwardCase::capturer;
}

const char* award_case_name(AwardCase award) {
  switch (award) {
    case AwardCase::capturer:
      return "capturer";
    case AwardCase::split:
      return "split";
    case AwardCase::previous_winner:
      return "previous_winner";
  }
  return "?";
}

const char* layer_set_name(LayerSet set) { return set == LayerSet::all ? "all" : "reachable"; }

int reachable_residue(const Rules& rules) { return rules.seeds_per_hole * rules.holes() % 4; }  // BRD-3

std::vector<int> table_layer_seeds(const Rules& rules, int max_seeds, LayerSet set) {
  std::vector<int> seeds;
  for (int n = 0; n <= max_seeds; ++n)
    if (set == LayerSet::all || n % 4 == reachable_residue(rules)) seeds.push_back(n);
  return seeds;
}

int table_sides(AwardCase award) { return award == AwardCase::previous_winner ? 2 : 1; }

int table_side(const Rules& rules, Player mover) {
  if (award_case(rules) != AwardCase::previous_winner) return 0;
  return player_of(rules.previous_winner) == mover ? 0 : 1;
}

std::vector<std::string> table_rules_options(const Rules& rules) {
  std::vector<std::string> out;
  if (rules.seeds_per_hole != Rules{}.seeds_per_hole)
    out.push_back(fmt::format("seeds_per_hole={}", rules.seeds_per_hole));
  // G1 and G2 change the sowing and the captures; G6 and G14 other values are refused by solve,
  // named all the same so that no table of them is taken for the default's.
  for (const char* name : {"skip_origin", "capture_sides", "endless_sowing", "no_seeds"})
    if (option_value(rules, name) != option_value(Rules{}, name))
      out.push_back(fmt::format("{}={}", name, option_value(rules, name)));
  return out;
}

std::string table_rules_text(const Rules& rules) {
  std::string text =
      fmt::format("{} 2x{} {}", variant_name(rules.variant), rules.holes_per_row, award_case_name(award_case(rules)));
  for (const std::string& option : table_rules_options(rules)) text += " " + option;
  return text;
}

std::string table_file_name(const Rules& rules, int max_seeds) {
  std::string options;
  for (const std::string& option : table_rules_options(rules)) options += "-" + option;
  return fmt::format("hoyito-{}-2x{}-{}{}-k{}.tbl", variant_name(rules.variant), rules.holes_per_row,
                     award_case_name(award_case(rules)), options, max_seeds);
}

bool same_table_rules(const Rules& solved, const Rules& rules) {
  return solved.variant == rules.variant && solved.holes_per_row == rules.holes_per_row &&
         award_case(solved) == award_case(rules) && table_rules_options(solved) == table_rules_options(rules);
}

std::uint64_t fnv1a(const void* data, std::size_t size, std::uint64_t hash) {
  const auto* p = static_cast<const std::uint8_t*>(data);
  for (std::size_t i = 0; i < size; ++i) hash = (hash ^ p[i]) * 0x100000001b3ULL;
  return hash;
}

namespace {
boost::json::object header_json(const TableHeader& header) {
  boost::json::array layers;
  for (const TableLayer& layer : header.layers)
    layers.push_back(
        boost::json::object{{"seeds", layer.seeds}, {"positions", layer.positions}, {"offset", layer.offset}});
  return {{"rules", to_json(header.rules)},
          {"award", award_case_name(header.award)},
          {"max_seeds", header.max_seeds},
          {"sides", header.sides},
          {"layers_held", layer_set_name(header.layer_set)},
          {"layers", std::move(layers)}};
}

std::size_t padded(std::size_t bytes) { return (bytes + 7) / 8 * 8; }
}  // namespace

std::string encode_table_checksum(std::uint64_t checksum) {
  std::string out;
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>(checksum >> (8 * i) & 0xff));
  return out;
}

std::string encode_table_header(TableHeader& header) {
  // The offsets depend on the header's length, which depends on the offsets' digits: lay out
  // again until the offsets no longer change (two or three rounds).
  std::string json;
  for (bool changed = true; changed;) {
    json = boost::json::serialize(header_json(header));
    std::uint64_t at = padded(kFixedHeader + json.size());
    changed = false;
    for (TableLayer& layer : header.layers) {
      changed = changed || layer.offset != at;
      layer.offset = at;
      at += 2 * layer.positions;
    }
  }
  std::string out(kMagic, sizeof kMagic);
  put_u32(out, kTableFormatVersion);
  put_u32(out, static_cast<std::uint32_t>(json.size()));
  out += json;
  out.resize(padded(out.size()), '\0');
  return out;
}

namespace {
[[noreturn]] void bad_table(const std::string& path, const std::string& what) {
  throw InputError(fmt::format("{}: not a hoyito endgame table: {}", path, what));
}

std::int64_t whole_field(const boost::json::object& o, const char* key, const std::string& where) {
  const boost::json::value& v = required_field(o, key, where);
  if (!v.is_int64() && !v.is_uint64()) bad_table(where, fmt::format("field {} is not a whole number", key));
  return v.is_int64() ? v.as_int64() : static_cast<std::int64_t>(v.as_uint64());
}

AwardCase parse_award(const std::string& text, const std::string& path) {
  for (AwardCase a : {AwardCase::capturer, AwardCase::split, AwardCase::previous_winner})
    if (text == award_case_name(a)) return a;
  bad_table(path, fmt::format("field award: unknown value \"{}\"", text));
}

LayerSet parse_layer_set(const boost::json::object& o, const std::string& path) {
  const boost::json::value& v = required_field(o, "layers_held", path);
  for (LayerSet set : {LayerSet::reachable, LayerSet::all})
    if (v.is_string() && v.as_string() == layer_set_name(set)) return set;
  bad_table(path, "field layers_held: expected \"reachable\" or \"all\"");
}

// The header's JSON into `header`, checked against the file's size.
void read_header_json(const std::string& path, std::string_view text, std::size_t file_size, TableHeader& header) {
  const boost::json::value doc = parse_json(text, path + ": header");
  if (!doc.is_object()) bad_table(path, "the header is not a JSON object");
  const boost::json::object& o = doc.as_object();
  header.rules = rules_from_json(required_field(o, "rules", path), path + ": header.rules");
  const boost::json::value& award = required_field(o, "award", path);
  if (!award.is_string()) bad_table(path, "field award is not a string");
  header.award = parse_award(std::string(award.as_string()), path);
  header.max_seeds = static_cast<int>(whole_field(o, "max_seeds", path));
  header.sides = static_cast<int>(whole_field(o, "sides", path));
  if (header.max_seeds < 0 || header.max_seeds > 48 || header.sides != table_sides(header.award))
    bad_table(path, "fields max_seeds or sides out of range");
  header.layer_set = parse_layer_set(o, path);
  const boost::json::value& layers = required_field(o, "layers", path);
  if (!layers.is_array() ||
      layers.as_array().size() != table_layer_seeds(header.rules, header.max_seeds, header.layer_set).size())
    bad_table(path, fmt::format("field layers: expected one layer per seed count of layers_held {} up to max_seeds",
                                layer_set_name(header.layer_set)));
  for (const boost::json::value& l : layers.as_array()) {
    if (!l.is_object()) bad_table(path, "field layers: an entry is not an object");
    TableLayer layer{static_cast<int>(whole_field(l.as_object(), "seeds", path)),
                     static_cast<std::uint64_t>(whole_field(l.as_object(), "positions", path)),
                     static_cast<std::uint64_t>(whole_field(l.as_object(), "offset", path))};
    if (layer.offset > file_size || 2 * layer.positions > file_size - layer.offset)
      bad_table(path, fmt::format("layer {}: its values run past the end of the file ({} bytes): truncated?",
                                  layer.seeds, file_size));
    header.layers.push_back(layer);
  }
}
// Every layer where the index puts it: the seed counts of layers_held in order, sides x boards
// entries each, and the last one ending at the file's end.
void check_layers(const std::string& path, const TableHeader& header, const PositionIndex& index, std::size_t size) {
  const std::vector<int> seeds = table_layer_seeds(header.rules, header.max_seeds, header.layer_set);
  for (std::size_t i = 0; i < header.layers.size(); ++i) {
    const TableLayer& layer = header.layers[i];
    const std::uint64_t expected = static_cast<std::uint64_t>(header.sides) * index.count(seeds[i]);
    if (layer.seeds != seeds[i] || layer.positions != expected)
      bad_table(path, fmt::format("layer {}: {} seeds, {} positions, expected {} seeds, {} positions", i, layer.seeds,
                                  layer.positions, seeds[i], expected));
  }
  const TableLayer& last = header.layers.back();
  if (last.offset + 2 * last.positions + kTableChecksumBytes != size)
    bad_table(path, fmt::format("{} bytes, expected {}: truncated or extended", size,
                                last.offset + 2 * last.positions + kTableChecksumBytes));
}
}  // namespace

EndgameTable::EndgameTable(const std::string& path, bool check_sum) : path_(path), index_(1, 0) {
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) throw InputError(fmt::format("{}: cannot open the table: {}", path, std::strerror(errno)));
  struct stat st {};
  ::fstat(fd, &st);
  size_ = static_cast<std::size_t>(st.st_size);
  if (size_ < kFixedHeader + kTableChecksumBytes) {
    ::close(fd);
    bad_table(path, fmt::format("{} bytes, shorter than the header", size_));
  }
  void* map = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd, 0);
  ::close(fd);
  if (map == MAP_FAILED) throw InputError(fmt::format("{}: cannot map the table: {}", path, std::strerror(errno)));
  data_ = static_cast<const std::uint8_t*>(map);
  try {
    if (std::memcmp(data_, kMagic, sizeof kMagic) != 0) bad_table(path, "wrong magic (expected HOYTBL01)");
    if (read_u32(data_ + 8) != kTableFormatVersion)
      bad_table(path, fmt::format("format version {}, expected {}", read_u32(data_ + 8), kTableFormatVersion));
    header_.checksum = read_u32(data_ + size_ - 8) | std::uint64_t{read_u32(data_ + size_ - 4)} << 32;
    // Before any field is believed: a flipped byte anywhere, header or values, is refused here.
    if (check_sum && computed_checksum() != header_.checksum)
      bad_table(
          path,
          "checksum: the file's bytes do not match the checksum in its last 8 bytes (damaged, edited or truncated)");
    const std::size_t length = read_u32(data_ + 12);
    const std::size_t values_end = size_ - kTableChecksumBytes;
    if (length > values_end - kFixedHeader) bad_table(path, "the header runs past the end of the file: truncated?");
    read_header_json(path, std::string_view(reinterpret_cast<const char*>(data_) + kFixedHeader, length), values_end,
                     header_);
    index_ = PositionIndex(header_.rules.holes(), header_.max_seeds);
    check_layers(path, header_, index_, size_);
    slot_.assign(static_cast<std::size_t>(header_.max_seeds + 1), -1);
    for (std::size_t i = 0; i < header_.layers.size(); ++i)
      slot_[static_cast<std::size_t>(header_.layers[i].seeds)] = static_cast<int>(i);
  } catch (...) {
    ::munmap(const_cast<std::uint8_t*>(data_), size_);
    throw;
  }
}

EndgameTable::~EndgameTable() { ::munmap(const_cast<std::uint8_t*>(data_), size_); }

std::uint64_t EndgameTable::computed_checksum() const { return fnv1a(data_, size_ - kTableChecksumBytes); }

bool EndgameTable::covers(const Position& position, const Rules& rules) const {
  if (!same_table_rules(header_.rules, rules)) return false;
  int seeds = 0;
  for (int c : position.board) seeds += c;
  return seeds <= header_.max_seeds;
}

bool EndgameTable::holds(int seeds) const {
  return seeds >= 0 && seeds <= header_.max_seeds && slot_[static_cast<std::size_t>(seeds)] >= 0;
}

void EndgameTable::require_layer(int seeds) const {
  if (holds(seeds)) return;
  std::string held;
  for (const TableLayer& layer : header_.layers) held += fmt::format("{}{}", held.empty() ? "" : ", ", layer.seeds);
  throw InputError(fmt::format(
      "{}: no layer of {} seeds in this table (layers_held {}: {}); a game from the start never has {} seeds on "
      "the board (captures take fours); for made-up positions build the table with solve --all-layers",
      path_, seeds, layer_set_name(header_.layer_set), held, seeds));
}

TableKey EndgameTable::key(const Position& position, const Rules& rules) const {
  const int n = rules.holes_per_row, holes = 2 * n;
  std::array<std::uint8_t, 24> turned{};
  const int shift = position.to_move == Player::south ? 0 : n;  // BRD-4: the mover's row first
  int seeds = 0;
  for (int h = 0; h < holes; ++h) {
    turned[static_cast<std::size_t>(h)] =
        static_cast<std::uint8_t>(position.board[static_cast<std::size_t>((h + shift) % holes)]);
    seeds += turned[static_cast<std::size_t>(h)];
  }
  const auto side = static_cast<std::uint64_t>(table_side(rules, position.to_move));
  return {seeds, side * index_.count(seeds) + index_.rank(turned.data(), seeds)};
}

TableValue EndgameTable::entry(int seeds, std::uint64_t i) const {
  assert(holds(seeds));  // readers ask require_layer() first; the solver reads only its own residue
  const TableLayer& layer = header_.layers[static_cast<std::size_t>(slot_[static_cast<std::size_t>(seeds)])];
  assert(i < layer.positions);
  const std::uint8_t* p = data_ + layer.offset + 2 * i;
  return {static_cast<std::int8_t>(p[0]), static_cast<std::int8_t>(p[1])};
}

TableValue EndgameTable::value(const Position& position, const Rules& rules) const {
  const TableKey k = key(position, rules);
  require_layer(k.seeds);  // a made-up position of a layer not held: refused, never read past it
  return entry(k.seeds, k.entry);
}

}  // namespace hoyito
