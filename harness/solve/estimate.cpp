#include "harness/solve/estimate.h"

#include <sys/resource.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>

#include <fmt/format.h>

#include "harness/games/table_moves.h"

namespace hoyito::solve {

namespace {

// Measured with /usr/bin/time (docs/solve.md, "Measured"): the K = 20 run (2x6, 2 threads) peaked
// at 4.07 GB, 48 bytes a position of layer 20 with the lower layers included; K = 14 at 293 MB
// (the program's own share is larger on small runs: kBaseBytes). The layers of K = 14 took 15 s,
// about 3 microseconds a position a thread, and K = 20 under 7 minutes.
constexpr std::uint64_t kBytesPerTopPosition = 48;
constexpr std::uint64_t kBaseBytes = 64u << 20;  // the program, its index tables, the threads' stacks
constexpr double kSecondsPerPositionThread = 3e-6;

// The memory this run may have: the machine's physical memory, or less under `ulimit -v`.
std::uint64_t memory_available() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  std::uint64_t memory =
      pages > 0 && page > 0 ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) : 0;
  struct rlimit limit {};
  if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
    memory = memory == 0 ? limit.rlim_cur : std::min<std::uint64_t>(memory, limit.rlim_cur);
  return memory;
}

// The free space of the folder out_dir or, when it is not made yet, of its nearest parent.
std::uint64_t free_space(std::string folder) {
  struct statvfs fs {};
  while (statvfs(folder.c_str(), &fs) != 0) {
    const std::size_t slash = folder.find_last_of('/');
    if (folder.empty() || folder == "/" || folder == ".") return 0;
    folder = slash == std::string::npos ? "." : slash == 0 ? "/" : folder.substr(0, slash);
  }
  return static_cast<std::uint64_t>(fs.f_bavail) * fs.f_frsize;
}

std::string megabytes(std::uint64_t bytes) { return fmt::format("{:.1f} MB", static_cast<double>(bytes) / 1e6); }

}  // namespace

SolveEstimate estimate_solve(const Rules& rules, int max_seeds, int threads, LayerSet set) {
  const MoveMaker maker(rules, max_seeds);
  SolveEstimate e;
  e.max_seeds = max_seeds;
  e.set = set;
  const std::vector<int> layers = table_layer_seeds(rules, max_seeds, set);
  e.layers = static_cast<int>(layers.size());
  for (int n : layers) e.positions += maker.layer_size(n);
  const std::uint64_t top = maker.layer_size(layers.back());  // the largest layer, solved last
  e.table_bytes = 2 * e.positions;
  e.peak_bytes = kBaseBytes + 2 * (e.positions - top) + kBytesPerTopPosition * top;
  e.seconds = static_cast<double>(e.positions) * kSecondsPerPositionThread / std::max(1, threads);
  return e;
}

std::string estimate_line(const SolveEstimate& e, int threads) {
  return fmt::format(
      "solve: K = {}, {} layers ({}): {} positions, table {}, peak memory about {}, about {:.0f} s on {} "
      "thread{} (an estimate)",
      e.max_seeds, e.layers, e.set == LayerSet::all ? "all" : "those a game reaches", e.positions,
      megabytes(e.table_bytes), megabytes(e.peak_bytes), std::max(1.0, e.seconds), threads, threads == 1 ? "" : "s");
}

void check_machine_holds(const SolveEstimate& e, const std::string& out_dir, bool force) {
  if (force) return;
  const std::uint64_t memory = memory_available();
  if (memory != 0 && e.peak_bytes > memory)
    throw InputError(
        fmt::format("solve: --max-seeds {}: needs about {} of memory, this run may have {}; "
                    "--force runs it anyway",
                    e.max_seeds, megabytes(e.peak_bytes), megabytes(memory)));
  const std::uint64_t space = free_space(out_dir);
  if (e.table_bytes > space)
    throw InputError(fmt::format("solve: --out {}: the table needs about {}, {} free there; --force runs it anyway",
                                 out_dir, megabytes(e.table_bytes), megabytes(space)));
}

}  // namespace hoyito::solve
