// An independent measure of one endless 2x12 sowing (issue 24, specs/endless-sowing.md): links
// neither the model nor the engine. Plays Hoyito II 2x12 moves from the start (BRD-3: four seeds
// a hole; SOW-2..SOW-5; CAP-II-1 casa by the last seed; CAP-II-2 backward chain; defaults:
// skip_origin = false, capture_sides = both) with its own plain loop, then walks the last move's
// relay sowing seed by seed until the lap-end state (board, landing hole) of lap 1 comes back,
// and prints the laps between: the exact cycle. Exit 1 if a move before the last does not end,
// or the last one ends or does not come back within the walk's bound.
//
// Usage: endless_cycle_2x12 "d C e E a H B G a F B F"
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

namespace {

constexpr int kN = 12;
constexpr int kHoles = 2 * kN;
using Ring = std::array<std::uint8_t, kHoles>;

// One lap from `origin`: its seeds one by one into the holes after it; returns the landing hole.
int lap(Ring& board, int origin) {
  int seeds = board[origin];
  board[origin] = 0;
  int h = origin;
  while (seeds-- > 0) {
    h = h + 1 == kHoles ? 0 : h + 1;
    ++board[h];
  }
  return h;
}

// A whole move that must end: relays until the last seed lands in an empty hole or makes a four,
// which is captured with the run of fours behind it. False if it has not ended in `most` laps.
bool play(Ring& board, int hole, std::uint64_t most) {
  int h = hole;
  for (std::uint64_t i = 0; i < most; ++i) {
    h = lap(board, h);
    if (board[h] == 1) return true;
    if (board[h] == 4) {
      for (int c = h; board[c] == 4; c = c == 0 ? kHoles - 1 : c - 1) board[c] = 0;
      return true;
    }
  }
  return false;
}

int hole_of(char c) { return c >= 'a' && c <= 'l' ? c - 'a' : c >= 'A' && c <= 'L' ? kN + (c - 'A') : -1; }

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: endless_cycle_2x12 \"MOVES\"\n");
    return 2;
  }
  Ring board;
  board.fill(4);
  std::string moves = argv[1];
  std::string token;
  std::array<std::string, 64> tokens;
  int count = 0;
  for (char c : moves + " ") {
    if (c == ' ') {
      if (!token.empty() && count < 64) tokens[static_cast<std::size_t>(count++)] = token;
      token.clear();
    } else {
      token += c;
    }
  }
  for (int i = 0; i + 1 < count; ++i) {
    const int h = hole_of(tokens[static_cast<std::size_t>(i)][0]);
    if (h < 0 || board[static_cast<std::size_t>(h)] == 0 || !play(board, h, 1000000)) {
      std::fprintf(stderr, "move %d (%s) is not a move that ends\n", i + 1,
                   tokens[static_cast<std::size_t>(i)].c_str());
      return 1;
    }
  }
  const int h = hole_of(tokens[static_cast<std::size_t>(count - 1)][0]);
  if (h < 0 || board[static_cast<std::size_t>(h)] == 0) return 1;
  int landing = lap(board, h);
  const Ring first = board;
  const int first_landing = landing;
  constexpr std::uint64_t kBound = 4'000'000'000ULL;
  for (std::uint64_t laps = 1; laps <= kBound; ++laps) {
    const std::uint8_t now = board[static_cast<std::size_t>(landing)];
    if (now == 1 || now == 4) {
      std::fprintf(stderr, "the last move ends at lap %llu\n", static_cast<unsigned long long>(laps));
      return 1;
    }
    landing = lap(board, landing);
    if (landing == first_landing && board == first) {
      std::printf("%llu\n", static_cast<unsigned long long>(laps));
      return 0;
    }
  }
  std::fprintf(stderr, "no return to lap 1's state within %llu laps\n", static_cast<unsigned long long>(kBound));
  return 1;
}
