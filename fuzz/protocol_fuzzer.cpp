// Engine-protocol fuzz target: arbitrary bytes as an engine's output, read as hoyito reads an
// engine it did not write (io/engine_protocol.h): the bounded line reader, then each response
// parsed as the answer to each command, and its content as a state line, events, moves and
// capabilities. Every outcome must be a clean refusal (hoyito::InputError: ProtocolError is one)
// or a value, never a crash, a hang, a leak or another exception; and the reader must hold no
// line longer than its bound.
#include <cstdint>
#include <string>

#include "fuzz/fuzzer_common.h"
#include "io/engine_protocol.h"

namespace {

using namespace hoyito;

constexpr std::string_view kTarget = "protocol";
constexpr std::size_t kMaxInput = 1 << 20;
constexpr std::size_t kLineBound = 256;  // small, so that short inputs reach the bound

// Reads one response's content every way a client does.
void read_content(const protocol::Response& response) {
  for (const int n : {6, 12}) {
    fuzz::expect_clean(kTarget, [&] { protocol::parse_state(response.first(), n, "state"); });
    fuzz::expect_clean(kTarget, [&] {
      for (const std::string& word : protocol::split_words(response.first())) protocol::parse_move(word, n, "legal");
    });
  }
  for (const std::string& line : response.lines)
    fuzz::expect_clean(kTarget, [&] { protocol::parse_event(line, "events"); });
  fuzz::expect_clean(kTarget, [&] { protocol::parse_capabilities(response.lines, "supports").unsupported(Rules{}); });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > kMaxInput) return 0;
  const std::string_view text = fuzz::as_text(data, size);
  std::size_t at = 0;
  // Reads of 1 to 7 bytes, as a pipe may deliver them.
  protocol::LineReader reader(
      [&](char* buffer, std::size_t want) {
        const std::size_t n = std::min({want, text.size() - at, 1 + at % 7});
        std::copy_n(text.data() + at, n, buffer);
        at += n;
        return n;
      },
      kLineBound);
  for (int i = 0; i < 64 && at < text.size(); ++i) {
    fuzz::expect_clean(kTarget, [&] {
      const std::vector<std::string> lines = protocol::read_response_lines(reader, "legal");
      for (const std::string& line : lines)
        if (line.size() > kLineBound) fuzz::fail(kTarget, "a line past the reader's bound was returned");
      read_content(protocol::parse_response(lines, "legal"));
    });
  }
  return 0;
}
