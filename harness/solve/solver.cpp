#include "harness/solve/solver.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cassert>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "engine/sides.h"
#include "harness/base/interrupt.h"
#include "harness/base/reporter.h"
#include "harness/games/table_moves.h"
#include "io/output.h"

namespace hoyito::solve {

namespace {
constexpr int kTop = 127, kBottom = -127;  // +/- infinity of the fixed points (values lie in -48..48)

constexpr std::uint64_t kSlice = 1 << 14;  // entries between two looks at the interrupt: milliseconds

// Runs body(begin, end, part) over [0, count) cut into `threads` parts, one thread each, each
// part in slices taken in order. An interrupt is looked at between slices (a pass over a layer
// of millions takes seconds: issue 36 item 10): the threads stop, and Interrupted is thrown
// here, on the calling thread, "solve: stopped in layer SEEDS, nothing written".
template <class Body>
void parallel_for(int threads, std::uint64_t count, int seeds, const Body& body) {
  const auto parts = static_cast<std::uint64_t>(std::max(1, threads));
  std::vector<std::thread> workers;
  for (std::uint64_t t = 0; t < parts; ++t)
    workers.emplace_back([&, t] {
      const std::uint64_t end = count * (t + 1) / parts;
      for (std::uint64_t from = count * t / parts; from < end && !interrupted(); from += kSlice)
        body(from, std::min(end, from + kSlice), t);
    });
  for (std::thread& w : workers) w.join();
  throw_if_interrupted([&] { return fmt::format("solve: stopped in layer {}, nothing written", seeds); });
}

// The values of the layers solved so far: lo then hi, a signed byte each, per entry.
struct SolvedLayers : LowerValue {
  std::vector<std::vector<std::int8_t>> values;
  TableValue operator()(int seeds, std::uint64_t entry) const override {
    assert(seeds >= 0 && static_cast<std::size_t>(seeds) < values.size());  // only layers below the one built
    const std::vector<std::int8_t>& v = values[static_cast<std::size_t>(seeds)];
    assert(2 * entry + 1 < v.size());  // the move maker indexes within the layer (PositionIndex)
    return {v[2 * entry], v[2 * entry + 1]};
  }
};

// One layer's moves, built once: links to entries of the layer, the best capture exits, and r (the
// END-3 share). Links and their reverse are packed (compressed rows, 32-bit offsets: a layer has
// fewer than 2^32 links, check_solvable), for memory: about 43 bytes a position while solved.
struct LayerMoves {
  // The links of entry e: link[out[e]] .. link[out[e + 1] - 1].
  std::vector<std::uint32_t> out{0}, link;
  std::vector<std::int8_t> cap_lo, cap_hi, stop;
  // The entries whose links lead to entry e: from[first[e]] .. from[first[e + 1] - 1].
  std::vector<std::uint32_t> first, from;
  std::uint64_t bytes() const {
    return (out.size() + link.size() + first.size() + from.size()) * 4 + cap_lo.size() * 3;
  }
  // Appends the moves of the entries after these (a block, or one thread's run).
  void append(const LayerMoves& next) {
    assert(next.out.front() == 0 && next.out.back() == next.link.size());         // compressed rows from 0
    assert(static_cast<std::uint64_t>(out.back()) + next.link.size() < kNoLink);  // check_solvable's 2^32 bound
    const std::uint32_t base = out.back();
    for (std::size_t e = 1; e < next.out.size(); ++e) out.push_back(base + next.out[e]);
    link.insert(link.end(), next.link.begin(), next.link.end());
    cap_lo.insert(cap_lo.end(), next.cap_lo.begin(), next.cap_lo.end());
    cap_hi.insert(cap_hi.end(), next.cap_hi.begin(), next.cap_hi.end());
    stop.insert(stop.end(), next.stop.begin(), next.stop.end());
  }
};

// The reverse of the links (counted, then placed), so that a change is passed to the entries
// that read it and no others.
void link_predecessors(LayerMoves& m) {
  const std::uint64_t count = m.cap_lo.size();
  assert(m.out.size() == count + 1 && m.out.back() == m.link.size());
  m.first.assign(count + 1, 0);
  for (std::uint32_t q : m.link) {
    assert(q < count);  // a link leads to an entry of the same layer
    ++m.first[q + 1];
  }
  for (std::uint64_t e = 0; e < count; ++e) m.first[e + 1] += m.first[e];
  m.from.resize(m.first[count]);
  std::vector<std::uint32_t> next(m.first.begin(), m.first.end() - 1);
  for (std::uint64_t e = 0; e < count; ++e)
    for (std::uint32_t i = m.out[e]; i < m.out[e + 1]; ++i) m.from[next[m.link[i]]++] = static_cast<std::uint32_t>(e);
}

// The moves of entries [first, last) of layer `seeds` (a whole layer, or one block of it:
// --block), indexed from `first`.
LayerMoves build_layer(const MoveMaker& maker, int seeds, const LowerValue& lower, int threads, std::uint64_t first,
                       std::uint64_t last) {
  assert(first <= last && last <= maker.layer_size(seeds));
  std::vector<LayerMoves> runs(static_cast<std::size_t>(std::max(1, threads)));
  parallel_for(threads, last - first, seeds, [&](std::uint64_t begin, std::uint64_t end, std::uint64_t run) {
    LayerMoves& m = runs[run];
    PositionMoves moves;
    for (std::uint64_t i = begin; i < end; ++i) {
      maker.moves_of(seeds, first + i, lower, moves);
      assert(moves.links >= 0 && static_cast<std::size_t>(moves.links) <= moves.link.size());
      m.cap_lo.push_back(static_cast<std::int8_t>(moves.cap_lo));
      m.cap_hi.push_back(static_cast<std::int8_t>(moves.cap_hi));
      m.stop.push_back(static_cast<std::int8_t>(moves.stop));
      m.link.insert(m.link.end(), moves.link.begin(), moves.link.begin() + moves.links);
      m.out.push_back(static_cast<std::uint32_t>(m.link.size()));
    }
  });
  LayerMoves m = std::move(runs[0]);
  for (std::size_t run = 1; run < runs.size(); ++run) {
    m.append(runs[run]);
    runs[run] = LayerMoves();  // freed run by run: the peak is about twice the links
  }
  return m;
}

// The interval values of one layer while it is solved: X, the outer (least) fixed point's
// current bound, and Y, the inner (greatest) one's (specs/endgame-tables.md).
struct LayerValues {
  std::vector<std::int8_t> xlo, xhi, lo, hi;
};

// Which entries the current and the next pass of settle() visit.
struct Flags {
  explicit Flags(std::size_t count) : now(count), next(count) {}
  std::vector<std::uint8_t> now, next;
};

std::int8_t load(const std::int8_t& v) { return std::atomic_ref<const std::int8_t>(v).load(std::memory_order_relaxed); }
void store(std::int8_t& v, int x) {
  std::atomic_ref<std::int8_t>(v).store(static_cast<std::int8_t>(x), std::memory_order_relaxed);
}

// One entry of one inner sweep: lo = max(A_X, min(r, A_Y)), hi = min(B_X, max(r, B_Y)), where A
// is the best lo-value over the moves (-hi of a link, the capture exit) and B the best hi-value
// (-lo of a link), read from X and from Y. True when it changed.
bool update_entry(const LayerMoves& m, LayerValues& v, std::uint64_t e) {
  assert(e + 1 < m.out.size() && v.xlo.size() + 1 == m.out.size());  // X is of this layer
  int ax = m.cap_lo[e], ay = ax, bx = m.cap_hi[e], by = bx;
  for (std::uint32_t i = m.out[e]; i < m.out[e + 1]; ++i) {
    const std::uint32_t q = m.link[i];
    ax = std::max(ax, -v.xhi[q]);
    bx = std::max(bx, -v.xlo[q]);
    ay = std::max(ay, -load(v.hi[q]));
    by = std::max(by, -load(v.lo[q]));
  }
  const int r = m.stop[e];
  const int lo = std::max(ax, std::min(r, ay)), hi = std::min(bx, std::max(r, by));
  if (lo == load(v.lo[e]) && hi == load(v.hi[e])) return false;
  store(v.lo[e], lo);
  store(v.hi[e], hi);
  return true;
}

// Passes until `update` changes nothing: the first over every entry, each later one over the
// entries one of whose links changed in the pass before (flags, 2 bytes a position: `due` for
// this pass, `next` for the next). In place on `threads` threads, which only speeds a monotone
// iteration up. Returns the passes made.
template <class Update>
int settle(const LayerMoves& m, Flags& due, int threads, int seeds, const Update& update) {
  assert(due.now.size() + 1 == m.out.size() && m.first.size() == m.out.size());  // link_predecessors() ran
  std::fill(due.now.begin(), due.now.end(), 1);
  bool more = true;
  int passes = 0;
  for (; more; ++passes) {
    throw_if_interrupted([&] { return fmt::format("solve: stopped in layer {}, nothing written", seeds); });
    std::fill(due.next.begin(), due.next.end(), 0);
    std::atomic<bool> changed = false;
    parallel_for(due.now.size() < 4096 ? 1 : threads, due.now.size(), seeds,
                 [&](std::uint64_t begin, std::uint64_t end, std::uint64_t) {
                   bool mine = false;
                   for (std::uint64_t e = begin; e < end; ++e) {
                     if (due.now[e] == 0 || !update(e)) continue;
                     mine = true;
                     for (std::uint32_t k = m.first[e]; k < m.first[e + 1]; ++k)
                       std::atomic_ref<std::uint8_t>(due.next[m.from[k]]).store(1, std::memory_order_relaxed);
                   }
                   if (mine) changed = true;
                 });
    more = changed;
    std::swap(due.now, due.next);
  }
  return passes;
}

// The inner fixed point for the current X, from the top (lo = +inf, hi = -inf).
int inner_fixed_point(const LayerMoves& m, LayerValues& v, Flags& due, int threads, int seeds) {
  v.lo.assign(m.cap_lo.size(), static_cast<std::int8_t>(kTop));
  v.hi.assign(m.cap_lo.size(), static_cast<std::int8_t>(kBottom));
  return settle(m, due, threads, seeds, [&](std::uint64_t e) { return update_entry(m, v, e); });
}

// One entry of the finite-play bounds: lo = A, hi = B read from X itself (the plain move
// equations, no END-3 share). True when it changed.
bool update_finite(const LayerMoves& m, LayerValues& v, std::uint64_t e) {
  assert(e + 1 < m.out.size() && v.xlo.size() + 1 == m.out.size());
  int a = m.cap_lo[e], b = m.cap_hi[e];
  for (std::uint32_t i = m.out[e]; i < m.out[e + 1]; ++i) {
    a = std::max(a, -load(v.xhi[m.link[i]]));
    b = std::max(b, -load(v.xlo[m.link[i]]));
  }
  if (a == load(v.xlo[e]) && b == load(v.xhi[e])) return false;
  store(v.xlo[e], a);
  store(v.xhi[e], b);
  return true;
}

// The finite-play bounds, into X: the least fixed point of the plain move equations from lo =
// -worst, hi = +worst, the values of the game in which a play that never leaves the layer pays the
// mover -worst for lo and +worst for hi (what each side forces by leaving it). With worst = kTop
// (infinity) they are where the outer fixed point starts: below its least fixed point and below
// one round of it (specs/endgame-tables.md, "Computing it"), so the rounds from them reach the
// same values, in fewer rounds. EndBounds passes the seeds on the board.
int finite_play_bounds(const LayerMoves& m, LayerValues& v, Flags& due, int threads, int seeds, int worst = kTop) {
  v.xlo.assign(m.cap_lo.size(), static_cast<std::int8_t>(-worst));
  v.xhi.assign(m.cap_lo.size(), static_cast<std::int8_t>(worst));
  return settle(m, due, threads, seeds, [&](std::uint64_t e) { return update_finite(m, v, e); });
}

// lo then hi, a byte each, per entry: how a layer's values are kept and written.
std::vector<std::int8_t> interleaved(const std::vector<std::int8_t>& lo, const std::vector<std::int8_t>& hi) {
  assert(lo.size() == hi.size());
  std::vector<std::int8_t> out(2 * lo.size());
  for (std::size_t e = 0; e < lo.size(); ++e) {
    out[2 * e] = lo[e];
    out[2 * e + 1] = hi[e];
  }
  return out;
}

// Counts of the layer's report: exact entries, won, drawn, lost for the side to move.
void count_results(const LayerValues& v, LayerReport& report) {
  for (std::size_t e = 0; e < v.lo.size(); ++e) {
    report.exact += v.lo[e] == v.hi[e];
    report.won += v.lo[e] > 0;
    report.lost += v.hi[e] < 0;
    report.drawn += v.lo[e] == 0 && v.hi[e] == 0;
  }
}

// The values of layer `seeds` from its moves (built whole, or read from the blocks' part files):
// the outer fixed point (X from the finite-play bounds) over inner ones, until X comes back
// unchanged. Leaves lo/hi pairs in solved.values[seeds].
LayerReport solve_moves(LayerMoves moves, int seeds, SolvedLayers& solved, int threads) {
  const Stopwatch clock;
  LayerReport report;
  report.seeds = seeds;
  report.positions = moves.cap_lo.size();
  link_predecessors(moves);
  Flags due(report.positions);
  LayerValues v;
  report.sweeps += finite_play_bounds(moves, v, due, threads, seeds);
  for (;;) {
    report.sweeps += inner_fixed_point(moves, v, due, threads, seeds);
    ++report.rounds;
    if (v.lo == v.xlo && v.hi == v.xhi) break;
    v.xlo = v.lo;
    v.xhi = v.hi;
  }
  std::vector<std::int8_t>& out = solved.values[static_cast<std::size_t>(seeds)];
  out = interleaved(v.lo, v.hi);
  report.bytes = moves.bytes() + 6 * report.positions + out.size();
  count_results(v, report);
  report.seconds = clock.seconds();
  return report;
}

LayerReport solve_layer(const MoveMaker& maker, int seeds, SolvedLayers& solved, int threads) {
  if (seeds == 0) {  // layer 0: the empty board, no game (END-1): value 0
    LayerReport report;
    report.positions = report.exact = report.drawn = maker.layer_size(0);
    solved.values[0].assign(2 * report.positions, 0);
    return report;
  }
  const Stopwatch clock;
  LayerReport report =
      solve_moves(build_layer(maker, seeds, solved, threads, 0, maker.layer_size(seeds)), seeds, solved, threads);
  report.seconds = clock.seconds();
  return report;
}

void write_table(const SolveOptions& options, const SolvedLayers& solved, const std::string& path) {
  TableHeader header;
  header.rules = options.rules;
  header.award = award_case(options.rules);
  header.max_seeds = options.max_seeds;
  header.sides = table_sides(header.award);
  assert(solved.values.size() == static_cast<std::size_t>(options.max_seeds) + 1);  // every layer, none past K
  for (int n = 0; n <= options.max_seeds; ++n)
    header.layers.push_back({n, solved.values[static_cast<std::size_t>(n)].size() / 2, 0});
  WholeFile file(path);  // a temporary, renamed by commit(): an interrupt leaves no table
  const std::string head = encode_table_header(header);
  file.write(head);
  std::uint64_t sum = fnv1a(head.data(), head.size());  // the checksum covers the header too
  for (const std::vector<std::int8_t>& v : solved.values) {
    file.write(std::string_view(reinterpret_cast<const char*>(v.data()), v.size()));
    sum = fnv1a(v.data(), v.size(), sum);
  }
  file.write(encode_table_checksum(sum));
  file.commit();
}
}  // namespace

void check_solvable(const Rules& rules, int max_seeds) {
  validate(rules);
  if (rules.variant == Variant::hoyito1)
    throw InputError("solve: --variant hoyito1 is not offered (specs/endgame-tables.md)");
  if (rules.options.endless_sowing != EndlessSowing::illegal)
    throw InputError("solve: endless_sowing=void has no value to solve (G6); use the default, illegal");
  if (rules.options.no_seeds != NoSeeds::pass) throw InputError("solve: no_seeds=round_ends is not solved (G14)");
  const int total = engine::seed_total(rules);
  if (max_seeds < 1 || max_seeds > std::min(48, total))
    throw InputError(fmt::format("solve: --max-seeds {}: expected 1 to {}", max_seeds, std::min(48, total)));
  const PositionIndex index(rules.holes(), max_seeds);
  // A position has at most one link a hole of its row (quiet moves; else the pass): the links of
  // a layer are counted in 32 bits (LayerMoves).
  const std::uint64_t links = static_cast<std::uint64_t>(table_sides(award_case(rules))) * index.count(max_seeds) *
                              static_cast<std::uint64_t>(rules.holes_per_row);
  if (links >= kNoLink)
    throw InputError(fmt::format("solve: --max-seeds {}: layer {} may have more than 2^32 moves ({} positions x {})",
                                 max_seeds, max_seeds, links / static_cast<std::uint64_t>(rules.holes_per_row),
                                 rules.holes_per_row));
}

std::string check_output(const std::string& out_dir, const std::string& name) {
  make_folder(out_dir, "--out");
  const std::string path = out_dir + "/" + name;
  { const WholeFile trial(path); }  // made and removed (not committed): the folder takes files
  return path;
}

std::string solve_tables(const SolveOptions& options, const LayerDone& done) {
  check_solvable(options.rules, options.max_seeds);
  Rules rules = options.rules;
  rules.options.endless_game = EndlessGame::third_repetition;  // the reading the values are of (G7)
  const std::string path = check_output(options.out_dir, table_file_name(rules, options.max_seeds));
  const MoveMaker maker(rules, options.max_seeds);
  SolvedLayers solved;
  solved.values.resize(static_cast<std::size_t>(options.max_seeds + 1));
  for (int n = 0; n <= options.max_seeds; ++n) done(solve_layer(maker, n, solved, options.threads));
  SolveOptions written = options;
  written.rules = rules;
  write_table(written, solved, path);
  return path;
}

}  // namespace hoyito::solve

// --- Sharding a layer (docs/solve.md, "Sharding a layer"): --layer L --block B/NB builds the
// moves of one block of layer L into a part file; --merge-layer L solves the layer from its parts.

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

// The layers below `seeds`, read from the table of K = seeds - 1 in `dir` (layer 0 alone, the
// empty board worth 0, for seeds = 1): the lower layers are final before layer L is built.
SolvedLayers lower_layers(const Rules& rules, int seeds, const std::string& dir) {
  SolvedLayers solved;
  solved.values.resize(static_cast<std::size_t>(seeds + 1));
  solved.values[0].assign(2 * static_cast<std::size_t>(table_sides(award_case(rules))), 0);
  if (seeds == 1) return solved;
  const EndgameTable table(dir + "/" + table_file_name(rules, seeds - 1));  // missing or damaged: one line naming it
  for (int n = 1; n < seeds; ++n) {
    std::vector<std::int8_t>& v = solved.values[static_cast<std::size_t>(n)];
    v.resize(2 * table.header().layers[static_cast<std::size_t>(n)].positions);
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
  const SolvedLayers lower = lower_layers(rules, seeds, options.out_dir);
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
  SolvedLayers solved = lower_layers(rules, seeds, options.out_dir);
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

// --- Decided by captures (specs/endgame-tables.md): the finite-play bounds of the whole game.

EndBounds::EndBounds(const Rules& rules, int max_seeds) : maker_(rules, max_seeds) {
  values_.push_back(std::vector<std::int8_t>(2 * maker_.layer_size(0), 0));  // the empty board: 0 (END-1)
}

TableValue EndBounds::operator()(int seeds, std::uint64_t entry) const {
  assert(seeds >= 0 && static_cast<std::size_t>(seeds) < values_.size());  // add_layer() built it
  const std::vector<std::int8_t>& v = values_[static_cast<std::size_t>(seeds)];
  assert(2 * entry + 1 < v.size());
  return {v[2 * entry], v[2 * entry + 1]};
}

void EndBounds::add_layer(int threads) {
  const int seeds = static_cast<int>(values_.size());
  LayerMoves moves = build_layer(maker_, seeds, *this, threads, 0, maker_.layer_size(seeds));
  link_predecessors(moves);
  LayerValues v;
  Flags due(moves.cap_lo.size());
  finite_play_bounds(moves, v, due, threads, seeds, seeds);
  values_.push_back(interleaved(v.xlo, v.xhi));
}

bool decided_by_captures(const EndgameTable& table, const Position& position, const Rules& rules, int threads) {
  const TableKey key = table.key(position, rules);
  EndBounds ends(table.header().rules, table.header().max_seeds);
  while (ends.layers() <= key.seeds) ends.add_layer(threads);
  return ends.decided(key.seeds, key.entry);
}

}  // namespace hoyito::solve
