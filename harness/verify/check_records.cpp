// The records check: random games of every variant and size written as records (JSON Lines),
// read back and replayed; the record format round-trips and every record replays.
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

#include <fmt/format.h>

#include "harness/base/interrupt.h"
#include "harness/games/play.h"
#include "harness/verify/checks.h"
#include "io/record.h"

namespace hoyito {

namespace {

struct RecordFile {
  Rules rules;
  std::string path;
  int games;
};

std::vector<RecordFile> record_files(const VerifyOptions& options) {
  std::vector<RecordFile> files;
  // --variant and --holes limit the record sets too (a set of another variant checks nothing asked).
  const bool any_variant = options.variant.empty();
  const Variant only = any_variant ? Variant::hoyito2 : parse_variant(options.variant);
  for (Variant v : {Variant::hoyito1, Variant::hoyito2, Variant::hoyito3})
    for (int n : {6, 12}) {
      if ((!any_variant && v != only) || (options.holes != 0 && n != options.holes)) continue;
      Rules rules;
      rules.variant = v;
      rules.holes_per_row = n;
      files.push_back({rules, fmt::format("{}/games-{}-2x{}.jsonl", options.out, variant_name(v), n),
                       n == 6 ? options.record_games : std::max(1, options.record_games / 5)});
    }
  return files;
}

// At an interrupt the file is unfinished: it is removed (no half-written record set is left) and
// the unit ends unplayed (Interrupted). Asked once a game: a set of 2x12 games under a sanitizer
// takes many seconds.
void stop_if_interrupted(const RecordFile& file) {
  if (!interrupted()) return;
  std::remove(file.path.c_str());
  throw Interrupted(fmt::format("records: {} not finished, removed", file.path));
}

// Writes the file's games, reads them back and replays them; returns the invalid ones. One game
// at a time, written and then read back streamed, each compared with the same game played again
// from its (seed, index): memory does not grow with the number of games.
int write_and_replay(const RecordFile& file, std::uint64_t seed, long& read, Reporter& reporter) {
  auto game = [&](long index) { return random_game(file.rules, seed, static_cast<std::uint64_t>(index)); };
  {
    std::ofstream out(file.path);
    if (!out) throw InputError(fmt::format("{}: cannot write: {}", file.path, std::strerror(errno)));
    for (int i = 0; i < file.games; ++i) {
      stop_if_interrupted(file);
      out << to_json_line(game(i)) << "\n";
    }
    out.close();
    if (!out) throw InputError(fmt::format("{}: cannot write: {}", file.path, std::strerror(errno)));
  }
  int invalid = 0;
  long count = 0;
  for_each_json_document(file.path, [&](const JsonDocument& doc) {
    stop_if_interrupted(file);
    try {
      const GameRecord back = game_from_json(doc.value, doc.where);
      replay_record(back, doc.where);
      if (count >= file.games || !(back == game(count)))
        throw InputError(fmt::format("{}: the record read back differs from the one written", doc.where));
    } catch (const InputError& e) {
      reporter.line(fmt::format("  INVALID {}", e.what()));
      invalid += 1;
    }
    ++count;
    return true;
  });
  read += count;
  return invalid + std::max(0, file.games - static_cast<int>(count));
}

}  // namespace

CheckResult run_records(const VerifyOptions& options, Reporter& reporter) {
  const Stopwatch clock;
  const std::vector<RecordFile> files = record_files(options);
  CheckResult result;
  result.failures += run_one_by_one(
      "records", "files", files.size(),
      [&](std::size_t i) { return write_and_replay(files[i], options.seed, result.checked, reporter); },
      [&](std::size_t i) { return "records " + files[i].path; }, options, reporter);
  reporter.line(fmt::format("records: {} random games written, read back and replayed, {} invalid ({:.1f} s)",
                            result.checked, result.failures, clock.seconds()));
  return result;
}

}  // namespace hoyito
