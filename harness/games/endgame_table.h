// Endgame tables (specs/endgame-tables.md): the position index shared by the solver
// (harness/solve/) and every reader, the file header, and the reader, which maps a table file
// into memory. Jobs never include each other, so what annotate and simulate read lives here.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/game.h"

namespace hoyito {

// Ranks the boards of exactly n seeds over `holes` holes (stars and bars, hole 0 first, a smaller
// count first): rank in 0 .. count(n) - 1.
class PositionIndex {
 public:
  PositionIndex(int holes, int max_seeds);
  int holes() const { return holes_; }
  std::uint64_t count(int seeds) const { return ways(0, seeds); }
  std::uint64_t rank(const std::uint8_t* board, int seeds) const;
  void unrank(std::uint64_t rank, int seeds, std::uint8_t* board) const;

 private:
  // Boards of `seeds` seeds over the holes from `first` to the last.
  std::uint64_t ways(int first, int seeds) const { return ways_[static_cast<std::size_t>(first * (max_ + 1) + seeds)]; }
  int holes_, max_;
  std::vector<std::uint64_t> ways_;
};

// Who takes the last seeds at END-1 (specs/endgame-tables.md, "a table per round case").
enum class AwardCase { capturer, split, previous_winner };
AwardCase award_case(const Rules& rules);
const char* award_case_name(AwardCase award);
// 2 for previous_winner (each board stored for "the mover won the previous game" and "the
// opponent did"), else 1.
int table_sides(AwardCase award);

// An interval value (specs/endgame-tables.md): the game's value from a fresh start lies in
// [lo, hi]; exact when they are equal. Seen from the side to move.
struct TableValue {
  int lo = 0;
  int hi = 0;
  bool exact() const { return lo == hi; }
};

// Which layers a table holds (specs/endgame-tables.md, "Only reachable layers"): by default those a
// game from the rules' start reaches, the seed counts of the start's residue mod 4; `all` (solve
// --all-layers) every seed count 0..K, for made-up positions.
enum class LayerSet { reachable, all };
const char* layer_set_name(LayerSet set);
// The residue mod 4 of every seed count a game from the start meets: the start holds
// seeds_per_hole x 2N (BRD-3), and seeds leave the board only by captures of fours (CAP-II-1, the
// CAP-II-2 chain of fours, CAP-III-1; the casa stays four, BRD-3) or when the game ends (END-1,
// END-3; END-4 round_ends, G14, is not solved). 0 on 2x6 and 2x12 whatever seeds_per_hole.
int reachable_residue(const Rules& rules);
// The seed counts 0..max_seeds of the layers a table of `set` holds, ascending.
std::vector<int> table_layer_seeds(const Rules& rules, int max_seeds, LayerSet set);

struct TableLayer {
  int seeds = 0;
  std::uint64_t positions = 0;  // entries: sides x boards
  std::uint64_t offset = 0;     // byte offset of the layer's entries in the file
};

struct TableHeader {
  Rules rules;  // variant, holes per row, options, round and previous winner as solved
  AwardCase award = AwardCase::capturer;
  int max_seeds = 0;
  int sides = 1;
  LayerSet layer_set = LayerSet::reachable;
  std::vector<TableLayer> layers;  // table_layer_seeds(rules, max_seeds, layer_set), ascending
  std::uint64_t checksum = 0;      // FNV-1a 64 of every byte before it: header and values (the file's last 8 bytes)
};

// Version 2: the checksum covers the header too, and sits in the file's last 8 bytes. Version 3:
// the header's layers_held says which layers the file holds (only the reachable ones by default).
inline constexpr int kTableFormatVersion = 3;
inline constexpr std::size_t kTableChecksumBytes = 8;
// The rules options that change a table's values and differ from their defaults, as NAME=VALUE
// (seeds_per_hole among them: the seed total decides which layers a game reaches). Together with
// the variant, the holes and the award case they key a table: its file name, and what covers()
// compares.
std::vector<std::string> table_rules_options(const Rules& rules);
// "hoyito2 2x6 capturer" and each of table_rules_options(), for messages.
std::string table_rules_text(const Rules& rules);
// hoyito-hoyito2-2x6-capturer-k8.tbl; hoyito-hoyito2-2x6-capturer-capture_sides=opponent-k8.tbl.
std::string table_file_name(const Rules& rules, int max_seeds);
// The header bytes (magic, version, length, JSON, padding); sets each layer's offset first.
std::string encode_table_header(TableHeader& header);
std::uint64_t fnv1a(const void* data, std::size_t size, std::uint64_t hash = 0xcbf29ce484222325ULL);
// The checksum as the file's last 8 bytes hold it (little-endian).
std::string encode_table_checksum(std::uint64_t checksum);
// Whether a table of `solved` rules answers positions of a game under `rules`: same variant,
// holes, award case and table_rules_options() (G7 is not compared: the values are of
// third_repetition, and hold under ply_limit where decided by captures, specs/endgame-tables.md).
bool same_table_rules(const Rules& solved, const Rules& rules);

// The table position of `board` with `to_move` to move: the board turned so that the mover owns
// holes 0..N-1 (the tables store South to move), and the side (0 unless previous_winner: 0 when
// the mover won the previous game).
struct TableKey {
  int seeds = 0;
  std::uint64_t entry = 0;
};

// A table file mapped into memory. Throws InputError (one line naming the file and the field)
// when the file is missing, malformed or truncated, or (unless `check_sum` is false: solve
// --verify, which reports it) when its checksum does not match its bytes.
class EndgameTable {
 public:
  explicit EndgameTable(const std::string& path, bool check_sum = true);
  ~EndgameTable();
  EndgameTable(const EndgameTable&) = delete;
  EndgameTable& operator=(const EndgameTable&) = delete;

  const TableHeader& header() const { return header_; }
  const std::string& path() const { return path_; }
  const PositionIndex& index() const { return index_; }
  // Whether `position` under `rules` is one this table was solved for (same rules case, n <= K);
  // its layer may still be one the table does not hold (holds()).
  bool covers(const Position& position, const Rules& rules) const;
  // Whether the table holds the layer of `seeds` seeds (LayerSet).
  bool holds(int seeds) const;
  // Throws InputError, one line naming the file and the seed count, unless holds(seeds).
  void require_layer(int seeds) const;
  // covers() must hold; refuses (require_layer) a layer the table does not hold.
  TableValue value(const Position& position, const Rules& rules) const;
  TableValue entry(int seeds, std::uint64_t index) const;  // holds(seeds) must hold
  TableKey key(const Position& position, const Rules& rules) const;
  // FNV-1a of every byte before the checksum, as the checksum should be.
  std::uint64_t computed_checksum() const;

 private:
  std::string path_;
  TableHeader header_;
  PositionIndex index_;
  std::vector<int> slot_;  // seeds -> its layer in header_.layers, or -1 when not held
  const std::uint8_t* data_ = nullptr;
  std::size_t size_ = 0;
};

// The side of a table position for `rules` with `mover` to move (previous_winner tables: 0 when
// the mover won the previous game).
int table_side(const Rules& rules, Player mover);

}  // namespace hoyito
