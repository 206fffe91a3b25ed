#include "harness/solve/solver.h"

#include <algorithm>
#include <cassert>
#include <string_view>

#include <fmt/format.h>

#include "engine/sides.h"
#include "harness/base/reporter.h"
#include "harness/games/table_moves.h"
#include "harness/solve/layer_solver.h"
#include "io/output.h"

namespace hoyito::solve {

namespace {
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
}  // namespace

void write_table(const SolveOptions& options, const SolvedLayers& solved, const std::string& path) {
  TableHeader header;
  header.rules = options.rules;
  header.award = award_case(options.rules);
  header.max_seeds = options.max_seeds;
  header.sides = table_sides(header.award);
  header.layer_set = options.layer_set();
  assert(solved.values.size() == static_cast<std::size_t>(options.max_seeds) + 1);  // none past K
  for (int n : table_layer_seeds(options.rules, options.max_seeds, header.layer_set)) {
    assert(!solved.values[static_cast<std::size_t>(n)].empty());  // every layer of the set solved
    header.layers.push_back({n, solved.values[static_cast<std::size_t>(n)].size() / 2, 0});
  }
  WholeFile file(path);  // a temporary, renamed by commit(): an interrupt leaves no table
  const std::string head = encode_table_header(header);
  file.write(head);
  std::uint64_t sum = fnv1a(head.data(), head.size());  // the checksum covers the header too
  for (const TableLayer& layer : header.layers) {
    const std::vector<std::int8_t>& v = solved.values[static_cast<std::size_t>(layer.seeds)];
    file.write(std::string_view(reinterpret_cast<const char*>(v.data()), v.size()));
    sum = fnv1a(v.data(), v.size(), sum);
  }
  file.write(encode_table_checksum(sum));
  file.commit();
}

void check_solvable(const Rules& rules, int max_seeds, LayerSet set) {
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
  const int top = table_layer_seeds(rules, max_seeds, set).back();  // the largest layer solved
  // A position has at most one link a hole of its row (quiet moves; else the pass): the links of
  // a layer are counted in 32 bits (LayerMoves).
  const std::uint64_t links = static_cast<std::uint64_t>(table_sides(award_case(rules))) * index.count(top) *
                              static_cast<std::uint64_t>(rules.holes_per_row);
  if (links >= kNoLink)
    throw InputError(fmt::format("solve: --max-seeds {}: layer {} may have more than 2^32 moves ({} positions x {})",
                                 max_seeds, top, links / static_cast<std::uint64_t>(rules.holes_per_row),
                                 rules.holes_per_row));
}

std::string check_output(const std::string& out_dir, const std::string& name) {
  make_folder(out_dir, "--out");
  const std::string path = out_dir + "/" + name;
  { const WholeFile trial(path); }  // made and removed (not committed): the folder takes files
  return path;
}

std::string check_table_output(const SolveOptions& options) {
  Rules rules = options.rules;
  rules.options.endless_game = EndlessGame::third_repetition;  // the reading the values are of (G7)
  return check_output(options.out_dir, table_file_name(rules, options.max_seeds));
}

std::string solve_tables(const SolveOptions& options, const LayerDone& done) {
  check_solvable(options.rules, options.max_seeds, options.layer_set());
  Rules rules = options.rules;
  rules.options.endless_game = EndlessGame::third_repetition;  // the reading the values are of (G7)
  const std::string path = check_table_output(options);
  const MoveMaker maker(rules, options.max_seeds);
  SolvedLayers solved;
  solved.values.resize(static_cast<std::size_t>(options.max_seeds + 1));
  for (int n : table_layer_seeds(rules, options.max_seeds, options.layer_set()))
    done(solve_layer(maker, n, solved, options.threads));
  SolveOptions written = options;
  written.rules = rules;
  write_table(written, solved, path);
  return path;
}

}  // namespace hoyito::solve
