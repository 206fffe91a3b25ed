// Sharding a layer (docs/solve.md, "Sharding a layer"): --layer L --block B/NB builds the
// moves of one block of layer L into a part file; --merge-layer L solves the layer from its parts.
#include <array>
#include <cassert>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>

#include <fmt/format.h>

#include "harness/games/endgame_table.h"
#include "harness/solve/layer_solver.h"
#include "io/output.h"

namespace hoyito::solve {

namespace {
constexpr std::string_view kPartMagic = "HOYPRT02";
constexpr std::size_t kPartFields = 7;  // seeds, block, blocks, first, last, links, layer size

Rules solved_rules(Rules rules) {
  rules.options.endless_game = EndlessGame::third_repetition;  // the reading the values are of (G7)
  return rules;
}

// "hoyito-hoyito2-2x6-capturer-k5-block" + "2of3.part": the prefix every part of layer L shares.
std::string part_prefix(const Rules& rules, int seeds) {
  const std::string table = table_file_name(rules, seeds);
  return table.substr(0, table.size() - 4) + "-block";
}

// Refuses a layer the set does not hold: a reachable build shards only the layers a game reaches.
void check_layer_in_set(const Rules& rules, int seeds, LayerSet set) {
  const std::vector<int> held = table_layer_seeds(rules, seeds, set);
  if (held.back() != seeds)
    throw InputError(fmt::format(
        "solve: layer {}: no game from the start has {} seeds on the board (captures take fours, layers {} mod 4); "
        "add --all-layers to build every layer",
        seeds, seeds, reachable_residue(rules)));
}

// The layers below `seeds` (layer 0 alone, the empty board worth 0, when the set holds no other
// below it), read from the table in `dir` whose top layer is the set's next below: K = seeds - 1
// (all layers) or seeds - 4 (reachable: captures take fours, so the layers read are of the same
// residue). The lower layers are final before layer L is built.
SolvedLayers lower_layers(const Rules& rules, int seeds, const std::string& dir, LayerSet set) {
  SolvedLayers solved;
  solved.values.resize(static_cast<std::size_t>(seeds + 1));
  solved.values[0].assign(2 * static_cast<std::size_t>(table_sides(award_case(rules))), 0);
  const int below = seeds - (set == LayerSet::all ? 1 : 4);
  if (below < 1) return solved;
  const EndgameTable table(dir + "/" + table_file_name(rules, below));  // missing or damaged: one line naming it
  if (table.header().layer_set != set)
    throw InputError(fmt::format("{}: layers_held {}, this build's are {}", table.path(),
                                 layer_set_name(table.header().layer_set), layer_set_name(set)));
  for (const TableLayer& layer : table.header().layers) {
    const int n = layer.seeds;
    std::vector<std::int8_t>& v = solved.values[static_cast<std::size_t>(n)];
    v.resize(2 * layer.positions);
    for (std::uint64_t e = 0; e < v.size() / 2; ++e) {
      const TableValue value = table.entry(n, e);
      v[2 * e] = static_cast<std::int8_t>(value.lo);
      v[2 * e + 1] = static_cast<std::int8_t>(value.hi);
    }
  }
  return solved;
}

template <class T>
void append_raw(std::string& out, const std::vector<T>& v) {
  out.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
}

// One block's part file: the moves of its entries, whole (see read_part).
struct Part {
  std::array<std::uint64_t, kPartFields> field{};  // seeds, block, blocks, first, last, links, layer size
  LayerMoves moves;
};

Part read_part(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::size_t head = kPartMagic.size() + kPartFields * 8;
  if (!in.good() && !in.eof()) throw InputError(fmt::format("{}: cannot be read", path));
  if (bytes.size() < head || bytes.compare(0, kPartMagic.size(), kPartMagic) != 0)
    throw InputError(fmt::format("{}: magic: not a part file of hoyito solve --block", path));
  Part p;
  std::memcpy(p.field.data(), bytes.data() + kPartMagic.size(), kPartFields * 8);
  // After the header: each entry's number of links (a byte), its capture exits and r, then the
  // links of all its entries in order (4 bytes each).
  const std::uint64_t count = p.field[4] - p.field[3], links = p.field[5];
  if (p.field[4] < p.field[3] || links > 13 * count || bytes.size() != head + count * 4 + links * 4)
    throw InputError(fmt::format("{}: size: {} bytes do not hold the block its header names", path, bytes.size()));
  const char* at = bytes.data() + head;
  for (std::uint64_t e = 0; e < count; ++e)
    p.moves.out.push_back(p.moves.out.back() + static_cast<std::uint8_t>(at[e]));
  if (p.moves.out.back() != links)
    throw InputError(fmt::format("{}: links: the entries' counts do not add up to {}", path, links));
  at += count;
  for (std::vector<std::int8_t>* v : {&p.moves.cap_lo, &p.moves.cap_hi, &p.moves.stop}) {
    v->resize(count);
    std::memcpy(v->data(), at, count);
    at += count;
  }
  p.moves.link.resize(links);
  std::memcpy(p.moves.link.data(), at, links * 4);
  assert(at + links * 4 == bytes.data() + bytes.size());  // the size check above: every byte read
  return p;
}

// The parts of layer `seeds` in `dir`, in block order; one line when one is missing, given twice
// or from another split.
std::vector<Part> layer_parts(const Rules& rules, int seeds, const std::string& dir) {
  const std::string prefix = part_prefix(rules, seeds);
  std::map<std::uint64_t, Part> by_block;
  std::uint64_t blocks = 0, size = 0;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(dir, error)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(prefix, 0) != 0 || entry.path().extension() != ".part") continue;
    Part p = read_part(entry.path().string());
    if (blocks == 0) blocks = p.field[2], size = p.field[6];
    if (p.field[0] != static_cast<std::uint64_t>(seeds) || p.field[2] != blocks || p.field[6] != size)
      throw InputError(fmt::format("{}: a part of another split (layer {}, {} blocks; the first read: {} blocks)",
                                   entry.path().string(), p.field[0], p.field[2], blocks));
    by_block[p.field[1]] = std::move(p);
  }
  if (blocks == 0) throw InputError(fmt::format("{}: no part file {}*.part of layer {}", dir, prefix, seeds));
  std::vector<Part> parts;
  for (std::uint64_t b = 1; b <= blocks; ++b) {
    auto it = by_block.find(b);
    if (it == by_block.end() || it->second.field[3] != size * (b - 1) / blocks)
      throw InputError(fmt::format("{}: block {} of {} of layer {} missing", dir, b, blocks, seeds));
    parts.push_back(std::move(it->second));
  }
  return parts;
}
}  // namespace

std::string solve_block(const SolveOptions& options, int seeds, int block, int blocks) {
  check_solvable(options.rules, seeds);
  const Rules rules = solved_rules(options.rules);
  check_layer_in_set(rules, seeds, options.layer_set());
  const SolvedLayers lower = lower_layers(rules, seeds, options.out_dir, options.layer_set());
  const MoveMaker maker(rules, seeds);
  const std::uint64_t size = maker.layer_size(seeds);
  assert(1 <= block && block <= blocks);  // cli/solve.cpp refuses other --block values
  const auto b = static_cast<std::uint64_t>(block), nb = static_cast<std::uint64_t>(blocks);
  const std::uint64_t first = size * (b - 1) / nb, last = size * b / nb;
  const LayerMoves m = build_layer(maker, seeds, lower, options.threads, first, last);
  std::string bytes(kPartMagic);
  const std::array<std::uint64_t, kPartFields> field = {
      static_cast<std::uint64_t>(seeds), b, nb, first, last, m.link.size(), size};
  bytes.append(reinterpret_cast<const char*>(field.data()), kPartFields * 8);
  for (std::size_t e = 0; e + 1 < m.out.size(); ++e) bytes.push_back(static_cast<char>(m.out[e + 1] - m.out[e]));
  for (const auto* v : {&m.cap_lo, &m.cap_hi, &m.stop}) append_raw(bytes, *v);
  append_raw(bytes, m.link);
  make_folder(options.out_dir, "--out");
  const std::string path = fmt::format("{}/{}{}of{}.part", options.out_dir, part_prefix(rules, seeds), block, blocks);
  WholeFile file(path);
  file.write(bytes);
  file.commit();
  return path;
}

std::string merge_layer(const SolveOptions& options, int seeds, const LayerDone& done) {
  check_solvable(options.rules, seeds);
  const Rules rules = solved_rules(options.rules);
  check_layer_in_set(rules, seeds, options.layer_set());
  SolvedLayers solved = lower_layers(rules, seeds, options.out_dir, options.layer_set());
  LayerMoves moves;
  for (const Part& p : layer_parts(rules, seeds, options.out_dir)) moves.append(p.moves);
  done(solve_moves(std::move(moves), seeds, solved, options.threads));
  SolveOptions written = options;
  written.rules = rules;
  written.max_seeds = seeds;
  const std::string path = options.out_dir + "/" + table_file_name(rules, seeds);
  write_table(written, solved, path);
  return path;
}

}  // namespace hoyito::solve
