// Game-record reader fuzz target: any bytes, and mutations of valid records (the seed corpus),
// must give either a clean refusal (hoyito::InputError) or a valid game, never a crash, a hang,
// a leak or another exception. Both ways `hoyito replay` reads records are exercised:
//   - the text as one JSON value: parse_json, game_from_json, replay_record;
//   - the text as a file: for_each_json_document (one value, or JSON Lines), then the same.
// A record that replays must also survive writing and reading back unchanged (to_json_line,
// parse_json, game_from_json).
#include <cstdint>
#include <filesystem>
#include <string>

#include <boost/json.hpp>

#include "fuzz/fuzzer_common.h"
#include "harness/games/play.h"
#include "io/record.h"

namespace {

using namespace hoyito;

constexpr std::string_view kTarget = "record";
constexpr std::size_t kMaxInput = 256 * 1024;  // a record's plies are replayed: keep inputs cheap

void check_record(const boost::json::value& value, const std::string& where) {
  const GameRecord record = game_from_json(value, where);  // InputError: malformed, fine
  replay_record(record, where);                            // InputError: not what the rules give, fine
  const std::string line = to_json_line(record);
  GameRecord again;
  try {
    again = game_from_json(parse_json(line, "written"), "written");
  } catch (const InputError& e) {
    fuzz::fail(kTarget, std::string("a valid record, written out, does not read back: ") + e.what());
  }
  if (!(again == record)) fuzz::fail(kTarget, "a valid record, written out and read back, is not the same: " + line);
}

const std::string& scratch_file() {
  static const std::string path =
      (std::filesystem::temp_directory_path() / ("hoyito-record-fuzzer-" + std::to_string(::getpid()) + ".jsonl"))
          .string();
  static const bool cleanup = [] { return std::atexit([] { std::remove(path.c_str()); }) == 0; }();
  (void)cleanup;
  return path;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > kMaxInput) return 0;
  const std::string_view text = fuzz::as_text(data, size);
  fuzz::expect_clean(kTarget, [&] { check_record(parse_json(text, "input"), "input"); });

  const std::string& file = scratch_file();
  if (!fuzz::write_file(file, text)) fuzz::fail(kTarget, "cannot write the scratch file " + file);
  fuzz::expect_clean(kTarget, [&] {
    for_each_json_document(file, [&](const JsonDocument& doc) {
      fuzz::expect_clean(kTarget, [&] { check_record(doc.value, doc.where); });
      return true;
    });
  });
  return 0;
}
