// A run on threads: chunks of deals on the one runner (harness/base/campaign.h), rows in order.
#include <unistd.h>

#include <algorithm>
#include <condition_variable>
#include <iostream>
#include <mutex>
#include <ostream>

#include <fmt/format.h>

#include "harness/base/campaign.h"
#include "harness/base/interrupt.h"
#include "harness/simulate/simulate.h"

namespace hoyito {

namespace {

// Writes the rows of each chunk of deals in chunk order: a worker waits until every earlier
// chunk is written, so at most one chunk per worker is held.
class OrderedRows {
 public:
  explicit OrderedRows(const std::function<void(const std::vector<GameRow>&)>& sink) : sink_(sink) {}
  void write(std::uint64_t chunk, const std::vector<GameRow>& rows) {
    std::unique_lock lock(mutex_);
    turn_.wait(lock, [&] { return next_ == chunk || aborted_; });
    if (aborted_) return;
    sink_(rows);
    next_ += 1;
    turn_.notify_all();
  }
  // A worker failed: its chunk will never come, so nobody waits for it.
  void abort() {
    std::lock_guard lock(mutex_);
    aborted_ = true;
    turn_.notify_all();
  }

 private:
  const std::function<void(const std::vector<GameRow>&)>& sink_;
  std::mutex mutex_;
  std::condition_variable turn_;
  std::uint64_t next_ = 0;
  bool aborted_ = false;
};

// Plays chunk `chunk` of the shard's deals (chunk_size deals from chunk * chunk_size, each under
// every sweep value) into `mine`, and hands its rows, in deal order, to `ordered`.
void play_chunk(const SimulationSpec& spec, const std::vector<Rules>& rules, std::uint64_t chunk,
                std::uint64_t chunk_size, std::uint64_t deals, std::vector<Statistics>& mine, OrderedRows* ordered) {
  std::vector<GameRow> rows;
  const std::uint64_t first = chunk * chunk_size;
  const std::uint64_t last = std::min(deals, first + chunk_size);
  for (std::uint64_t k = first; k < last; ++k) {
    // The k-th deal of this shard (shard K of M plays the deals i with i mod M = K-1).
    const std::uint64_t deal =
        static_cast<std::uint64_t>(spec.shard.index - 1) + k * static_cast<std::uint64_t>(spec.shard.count);
    for (std::size_t v = 0; v < rules.size(); ++v) {
      // A chunk of a sweep or of matches is thousands of games: the interrupt is looked at before
      // each deal (a whole match), so that Ctrl-C stops within a second (issue 36 item 12); the
      // deals played so far are whole and counted, the chunk's rows never written.
      throw_if_interrupted("simulate: stopped inside a chunk of deals");
      const std::size_t row_start = rows.size();
      play_deal(spec, rules[v], deal, mine[v], ordered ? &rows : nullptr);
      for (std::size_t i = row_start; i < rows.size(); ++i) rows[i].sweep_value = static_cast<int>(v);
    }
  }
  if (ordered) ordered->write(chunk, rows);
}

CampaignOptions simulate_campaign(int threads) {
  CampaignOptions options;
  options.check = "simulate";
  options.unit = "chunks of deals";
  options.threads = threads;
  options.work_timeout = 1e12;  // no hung-work watch: a simulation has no reference to compare with
  return options;
}

// The run's result: the workers' statistics merged (sums: the order of the workers does not
// matter), with the campaign's time and whether it was interrupted.
SimulationResult collect(const SimulationSpec& spec, const std::vector<Rules>& rules,
                         const std::vector<std::vector<Statistics>>& per_worker, const CampaignSummary& summary) {
  SimulationResult result;
  result.seconds = summary.seconds;
  result.interrupted = summary.interrupted;
  result.threads = per_worker.size();
  for (const Rules& r : rules) result.per_value.emplace_back(r, spec.match_rounds, spec.measures_skill());
  for (const auto& mine : per_worker)
    for (std::size_t v = 0; v < mine.size(); ++v) result.per_value[v].merge(mine[v]);
  for (const Statistics& s : result.per_value) result.games_played += s.games;
  return result;
}

}  // namespace

SimulationResult run_simulation(const SimulationSpec& spec, const RunOptions& options) {
  const std::vector<Rules> rules = spec.rules_per_value();
  const std::uint64_t deals = spec.deals_in_shard();
  const int threads = std::max(1, options.threads);
  // Small chunks for slow players, so that the threads share the work evenly.
  const bool searching =
      spec.players[0].kind != PlayerSpec::Kind::random || spec.players[1].kind != PlayerSpec::Kind::random;
  const std::uint64_t chunk_size = searching || spec.match_rounds > 0 ? 4 : 64;
  std::optional<OrderedRows> ordered;
  if (options.rows) ordered.emplace(options.rows);
  // The one runner (harness/base/campaign.h): chunks of deals in index order on the workers,
  // progress on stderr through the Reporter, no chunk started after an interrupt.
  std::ostream discard(nullptr);  // no progress: a stream that writes nothing
  Reporter reporter(options.progress ? std::cerr : discard, options.progress && isatty(STDERR_FILENO) != 0);
  Campaign campaign(simulate_campaign(threads), reporter);
  std::vector<std::vector<Statistics>> per_worker(campaign.workers());
  for (auto& mine : per_worker)
    for (const Rules& r : rules) mine.emplace_back(r, spec.match_rounds, spec.measures_skill());
  std::mutex failure_mutex;
  std::exception_ptr failure;  // the first exception of a chunk: the run stops and rethrows it
  const std::uint64_t chunks = (deals + chunk_size - 1) / chunk_size;
  const CampaignSummary summary = campaign.run(
      chunks,
      [&](std::size_t chunk, std::size_t worker) {
        try {
          play_chunk(spec, rules, chunk, chunk_size, deals, per_worker[worker], ordered ? &*ordered : nullptr);
        } catch (const Interrupted&) {
          // Ctrl-C in one move's long decision (core/lap_watch.h): the chunk stops unfinished, so
          // its rows never come (an interrupted run writes no file) and nobody waits for them;
          // the campaign takes the run as interrupted, and the table says so.
          if (ordered) ordered->abort();
          throw;
        } catch (...) {
          std::lock_guard lock(failure_mutex);
          if (!failure) failure = std::current_exception();
          campaign.stop();
          if (ordered) ordered->abort();
        }
      },
      [](std::size_t chunk) {
        return WorkName{fmt::format("chunk {}", chunk), ""};
      });
  if (failure) std::rethrow_exception(failure);

  return collect(spec, rules, per_worker, summary);
}

}  // namespace hoyito
