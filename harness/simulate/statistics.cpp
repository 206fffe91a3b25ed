#include "harness/simulate/statistics.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>
#include <boost/math/special_functions/gamma.hpp>
#include "engine/engine.h"
#include "io/record.h"

namespace hoyito {

namespace json = boost::json;

Outcome outcome_of(const Result& result) {
  switch (result.status) {
    case Status::unterminated:
      return unterminated;
    case Status::void_game:
      return void_result;
    case Status::finished:
    case Status::playing:
      break;
  }
  return result.winner == Winner::south ? south_win : result.winner == Winner::north ? north_win : draw;
}

// --- Histograms -------------------------------------------------------------------------------

void Histogram::add(std::uint64_t value) {
  if (value < bins.size())
    bins[value] += 1;
  else
    overflow += 1;
  total += 1;
  sum += value;
  max = std::max(max, value);
}

void Histogram::merge(const Histogram& other) {
  for (std::size_t v = 0; v < bins.size() && v < other.bins.size(); ++v) bins[v] += other.bins[v];
  overflow += other.overflow;
  total += other.total;
  sum += other.sum;
  max = std::max(max, other.max);
}

std::optional<double> Histogram::mean() const {
  if (total == 0) return std::nullopt;
  return static_cast<double>(sum) / static_cast<double>(total);
}

std::optional<double> Histogram::stddev() const {
  if (total < 2 || overflow != 0) return std::nullopt;
  const double m = *mean();
  double squares = 0;  // summed bin by bin in value order: the same bytes for the same counts
  for (std::size_t v = 0; v < bins.size(); ++v)
    if (bins[v] != 0)
      squares += static_cast<double>(bins[v]) * (static_cast<double>(v) - m) * (static_cast<double>(v) - m);
  return std::sqrt(squares / static_cast<double>(total - 1));
}

std::optional<std::uint64_t> Histogram::quantile(double q) const {
  if (total == 0) return std::nullopt;
  const auto rank = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(std::ceil(q * static_cast<double>(total))));
  std::uint64_t seen = 0;
  for (std::size_t v = 0; v < bins.size(); ++v) {
    seen += bins[v];
    if (seen >= rank) return v;
  }
  return std::nullopt;  // in the overflow
}

std::optional<std::uint64_t> Histogram::min() const {
  for (std::size_t v = 0; v < bins.size(); ++v)
    if (bins[v] != 0) return v;
  return std::nullopt;
}

int Log2Histogram::bin_of(std::uint64_t value) { return value == 0 ? 0 : 64 - std::countl_zero(value); }

void Log2Histogram::add(std::uint64_t value) {
  bins[static_cast<std::size_t>(bin_of(value))] += 1;
  total += 1;
  sum += value;
  max = std::max(max, value);
}

void Log2Histogram::merge(const Log2Histogram& other) {
  for (std::size_t k = 0; k < bins.size(); ++k) bins[k] += other.bins[k];
  total += other.total;
  sum += other.sum;
  max = std::max(max, other.max);
}

// --- Counting ---------------------------------------------------------------------------------

namespace {

// The game-length bins: every length up to the ply limit (END-3), at most this many.
constexpr int kMaxLengthBins = 100'001;
constexpr int kCapturePlyBins = 256;

}  // namespace

Statistics::Statistics(const Rules& rules, int rounds, bool skill)
    : holes(rules.holes()),
      match_rounds(rounds),
      length(static_cast<std::size_t>(std::min(rules.options.ply_limit + 1, kMaxLengthBins))),
      capture_plies(kCapturePlyBins),
      seeds_left_unterminated(static_cast<std::size_t>(engine::seed_total(rules) + 1)),
      margin(static_cast<std::size_t>(engine::seed_total(rules) + 1)),
      by_opening(static_cast<std::size_t>(rules.holes() + 1)),
      by_round(static_cast<std::size_t>(std::max(rounds, 0))),
      previous_winner_by_round(static_cast<std::size_t>(std::max(rounds, 0))),
      chain_lengths(static_cast<std::size_t>(rules.holes() + 1)),
      skill_measured(skill) {}

void Statistics::add(const GameObservation& g) {
  games += 1;
  outcomes[static_cast<std::size_t>(g.south_player)][index(g.starter)][g.outcome] += 1;
  length.add(g.plies);
  capture_plies.add(g.capture_plies);
  if (g.outcome == unterminated) {
    seeds_left_unterminated.add(static_cast<std::uint64_t>(g.seeds_left));
    unterminated_repeating += g.repeating;
  }
  if (g.outcome == south_win || g.outcome == north_win || g.outcome == draw)
    margin.add(static_cast<std::uint64_t>(g.margin));
  if (g.detailed) {  // the choice and the events are counted in the detailed games only (game_loop.cpp)
    detail_games += 1;
    forced_by_game.add(g.forced_plies, g.choice_plies);
    endless_refused_by_game.add(g.endless_refused_moves, g.detail_moves);
  }
  moves += g.moves;
  passes += g.passes;
  extra_moves += g.extra_moves;
  choice_plies += g.choice_plies;
  legal_sum += g.legal_sum;
  forced_plies += g.forced_plies;
  const int opening = g.opening.is_pass() ? holes : g.opening.hole();
  by_opening[static_cast<std::size_t>(opening)][g.outcome] += 1;
  if (g.round >= 1 && g.round <= static_cast<int>(by_round.size())) {
    const auto r = static_cast<std::size_t>(g.round - 1);
    by_round[r][g.outcome] += 1;
    if (is_player(g.previous_winner)) {
      previous_winner_by_round[r][0] += 1;
      previous_winner_by_round[r][1] += g.outcome == (g.previous_winner == Winner::south ? south_win : north_win);
    }
  }
  round_rule_applied += g.round_rule_applied;
  round_rule_decided += g.round_rule_decided;
  for (std::size_t p = 0; p < skill.size(); ++p) skill[p].add(g.skill[p]);
}

void Statistics::add(const MoveObservation& m) {
  detail_moves += 1;
  laps.add(m.laps);
  relays.add(m.relays);
  for (int chain : m.chains) chain_lengths.add(static_cast<std::uint64_t>(chain));
  if (m.award) awards[static_cast<std::size_t>(*m.award)] += 1;
  endless_played += m.endless_played;
  endless_refused += static_cast<std::uint64_t>(m.endless_refused);
  moves_with_endless_refused += m.endless_refused > 0;
  for (std::uint64_t lap : m.endless_repeat_laps) endless_repeat_laps.add(lap);
}

void Statistics::add(const MatchObservation& m) {
  matches += 1;
  match_winners[static_cast<std::size_t>(m.south_player)][index(m.winner)] += 1;
}

// Every count, by name, in the order it is written: one list for merging, writing and reading.
template <class F, class... S>
void visit_counts(F&& f, S&... s) {
  f("games", s.games...);
  f("undecided_games", s.undecided_games...);
  f("first_undecided_deal", s.first_undecided_deal...);
  f("search_undecided", s.search_undecided...);
  f("first_search_undecided_deal", s.first_search_undecided_deal...);
  f("outcomes", s.outcomes...);
  f("length", s.length...);
  f("capture_plies", s.capture_plies...);
  f("seeds_left_unterminated", s.seeds_left_unterminated...);
  f("unterminated_repeating", s.unterminated_repeating...);
  f("margin", s.margin...);
  f("moves", s.moves...);
  f("passes", s.passes...);
  f("extra_moves", s.extra_moves...);
  f("choice_plies", s.choice_plies...);
  f("legal_sum", s.legal_sum...);
  f("forced_plies", s.forced_plies...);
  f("by_opening", s.by_opening...);
  f("by_round", s.by_round...);
  f("previous_winner_by_round", s.previous_winner_by_round...);
  f("round_rule_applied", s.round_rule_applied...);
  f("round_rule_decided", s.round_rule_decided...);
  f("detail_games", s.detail_games...);
  f("detail_moves", s.detail_moves...);
  f("forced_by_game", s.forced_by_game...);
  f("endless_refused_by_game", s.endless_refused_by_game...);
  f("laps", s.laps...);
  f("relays", s.relays...);
  f("chain_lengths", s.chain_lengths...);
  f("awards", s.awards...);
  f("passes_by_rule", s.passes_by_rule...);
  f("endless_played", s.endless_played...);
  f("endless_refused", s.endless_refused...);
  f("moves_with_endless_refused", s.moves_with_endless_refused...);
  f("endless_repeat_laps", s.endless_repeat_laps...);
  f("matches", s.matches...);
  f("match_winners", s.match_winners...);
}

namespace {

struct Merger {
  void operator()(const char*, std::uint64_t& a, const std::uint64_t& b) const { a += b; }
  void operator()(const char*, Histogram& a, const Histogram& b) const { a.merge(b); }
  void operator()(const char*, Log2Histogram& a, const Log2Histogram& b) const { a.merge(b); }
  void operator()(const char*, SmallestDeal& a, const SmallestDeal& b) const { a.merge(b); }
  void operator()(const char*, ClusterSums& a, const ClusterSums& b) const { a.merge(b); }
  template <class T, std::size_t N>
  void operator()(const char* name, std::array<T, N>& a, const std::array<T, N>& b) const {
    for (std::size_t k = 0; k < N; ++k) (*this)(name, a[k], b[k]);
  }
  template <class T>
  void operator()(const char* name, std::vector<T>& a, const std::vector<T>& b) const {
    for (std::size_t k = 0; k < a.size() && k < b.size(); ++k) (*this)(name, a[k], b[k]);
  }
};

json::value write_count(std::uint64_t v) { return json::value(v); }
json::value write_count(const SmallestDeal& d) {
  return d.plus_one ? json::value(d.plus_one - 1) : json::value(nullptr);
}
json::value write_count(const ClusterSums& c) {
  return json::object{{"clusters", c.clusters}, {"k", c.k}, {"n", c.n}, {"kk", c.kk}, {"kn", c.kn}, {"nn", c.nn}};
}
json::value write_count(const Histogram& h) {
  json::array bins;
  for (std::size_t v = 0; v < h.bins.size(); ++v)
    if (h.bins[v] != 0) bins.push_back(json::array{static_cast<std::uint64_t>(v), h.bins[v]});
  return json::object{{"bins", bins}, {"overflow", h.overflow}, {"total", h.total}, {"sum", h.sum}, {"max", h.max}};
}
json::value write_count(const Log2Histogram& h) {
  json::array bins;
  for (std::size_t k = 0; k < h.bins.size(); ++k)
    if (h.bins[k] != 0) bins.push_back(json::array{static_cast<std::uint64_t>(k), h.bins[k]});
  return json::object{{"bins", bins}, {"total", h.total}, {"sum", h.sum}, {"max", h.max}};
}
template <class T, std::size_t N>
json::value write_count(const std::array<T, N>& a) {
  json::array out;
  for (const T& x : a) out.push_back(write_count(x));
  return out;
}
template <class T>
json::value write_count(const std::vector<T>& a) {
  json::array out;
  for (const T& x : a) out.push_back(write_count(x));
  return out;
}

// Reads what write_count wrote, into a structure already sized by the rules.
struct Reader {
  std::string where;
  std::uint64_t most;  // the largest count accepted (from_counts_json)

  [[noreturn]] void fail(const std::string& at, const std::string& what) const {
    throw InputError(fmt::format("{}: {}: {}", where, at, what));
  }
  std::uint64_t number(const json::value& v, const std::string& at) const {
    std::uint64_t n = 0;
    if (v.is_uint64())
      n = v.as_uint64();
    else if (v.is_int64() && v.as_int64() >= 0)
      n = static_cast<std::uint64_t>(v.as_int64());
    else
      fail(at, fmt::format("expected a count, got {}", json::serialize(v)));
    if (n > most) fail(at, fmt::format("{} is above any run's count (at most {})", n, most));
    return n;
  }
  const json::value& field(const json::value& v, const char* name, const std::string& at) const {
    const auto* o = v.if_object();
    if (!o) fail(at, "expected an object");
    return required_field(*o, name, fmt::format("{}: {}", where, at));  // io/record.h: the one field reader
  }
  const json::array& array(const json::value& v, std::size_t size, const std::string& at) const {
    const auto* a = v.if_array();
    if (!a) fail(at, "expected an array");
    if (size != 0 && a->size() != size) fail(at, fmt::format("expected {} entries, got {}", size, a->size()));
    return *a;
  }
  void read(const json::value& v, const std::string& at, std::uint64_t& out) const { out = number(v, at); }
  void read(const json::value& v, const std::string& at, SmallestDeal& out) const {
    out.plus_one = v.is_null() ? 0 : number(v, at) + 1;
  }
  void read(const json::value& v, const std::string& at, ClusterSums& c) const {
    const auto one = [&](const char* name) { return number(field(v, name, at), at + "." + name); };
    c = {one("clusters"), one("k"), one("n"), one("kk"), one("kn"), one("nn")};
  }
  template <class H>
  void read_bins(const json::value& v, const std::string& at, H& h, std::size_t size) const {
    for (const json::value& pair : array(field(v, "bins", at), 0, at + ".bins")) {
      const auto& p = array(pair, 2, at + ".bins[]");
      const std::uint64_t bin = number(p[0], at + ".bins[]");
      if (bin >= size) fail(at + ".bins[]", fmt::format("bin {} is past the last ({})", bin, size - 1));
      h.bins[bin] = number(p[1], at + ".bins[]");
    }
    h.total = number(field(v, "total", at), at + ".total");
    h.sum = number(field(v, "sum", at), at + ".sum");
    h.max = number(field(v, "max", at), at + ".max");
  }
  void read(const json::value& v, const std::string& at, Histogram& h) const {
    read_bins(v, at, h, h.bins.size());
    h.overflow = number(field(v, "overflow", at), at + ".overflow");
  }
  void read(const json::value& v, const std::string& at, Log2Histogram& h) const { read_bins(v, at, h, h.bins.size()); }
  template <class T, std::size_t N>
  void read(const json::value& v, const std::string& at, std::array<T, N>& out) const {
    const auto& a = array(v, N, at);
    for (std::size_t k = 0; k < N; ++k) read(a[k], fmt::format("{}[{}]", at, k), out[k]);
  }
  template <class T>
  void read(const json::value& v, const std::string& at, std::vector<T>& out) const {
    if (out.empty() && array(v, 0, at).empty()) return;
    const auto& a = array(v, out.size(), at);
    for (std::size_t k = 0; k < out.size(); ++k) read(a[k], fmt::format("{}[{}]", at, k), out[k]);
  }
};

}  // namespace

void Statistics::merge(const Statistics& other) {
  visit_counts(Merger{}, *this, other);
  for (std::size_t p = 0; p < skill.size(); ++p) skill[p].merge(other.skill[p]);
}

namespace {
json::value write_skill(const std::array<SkillCounts, 2>& skill) {
  json::array out;
  for (const SkillCounts& s : skill)
    out.push_back(json::object{
        {"kept", write_count(s.kept)}, {"lost", write_count(s.lost)}, {"interval_moves", s.interval_moves}});
  return out;
}

void read_skill(const Reader& reader, const json::value& v, std::array<SkillCounts, 2>& skill) {
  const auto& players = reader.array(v, skill.size(), "counts.skill");
  for (std::size_t p = 0; p < skill.size(); ++p) {
    const std::string at = fmt::format("counts.skill[{}]", p);
    reader.read(reader.field(players[p], "kept", at), at + ".kept", skill[p].kept);
    reader.read(reader.field(players[p], "lost", at), at + ".lost", skill[p].lost);
    reader.read(reader.field(players[p], "interval_moves", at), at + ".interval_moves", skill[p].interval_moves);
  }
}
}  // namespace

json::object Statistics::counts_json() const {
  json::object out;
  visit_counts([&out](const char* name, const auto& field) { out[name] = write_count(field); }, *this);
  if (skill_measured) out["skill"] = write_skill(skill);
  return out;
}

Statistics Statistics::from_counts_json(const Rules& rules, int rounds, const json::value& counts,
                                        const std::string& where, std::uint64_t most_count, bool skill) {
  Statistics s(rules, rounds, skill);
  const Reader reader{where, most_count};
  visit_counts(
      [&](const char* name, auto& field) {
        reader.read(reader.field(counts, name, "counts"), fmt::format("counts.{}", name), field);
      },
      s);
  if (skill) read_skill(reader, reader.field(counts, "skill", "counts"), s.skill);
  return s;
}

// --- Intervals and tests ----------------------------------------------------------------------

namespace {
constexpr double kZ95 = 1.959963984540054;  // the 97.5% point of the standard normal
}

Interval wilson_interval(std::uint64_t k, std::uint64_t n) {
  if (n == 0) return {0, 1};
  const double nn = static_cast<double>(n), p = static_cast<double>(k) / nn, z2 = kZ95 * kZ95;
  const double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
  const double half = kZ95 / (1 + z2 / nn) * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn));
  // The bounds are exactly 0 and 1 where the formula gives them up to rounding (k = 0, k = n).
  return {k == 0 ? 0.0 : std::max(0.0, centre - half), k == n ? 1.0 : std::min(1.0, centre + half)};
}

Interval clustered_interval(const ClusterSums& c) {
  if (c.n == 0) return {0, 1};
  const double n = static_cast<double>(c.n), r = static_cast<double>(c.k) / n, m = static_cast<double>(c.clusters);
  double effective = n;  // the plies as if independent, when the games' spread cannot be measured
  if (c.clusters >= 2 && c.k != 0 && c.k != c.n) {
    // The ratio estimator's variance from the games' residuals k_i - r n_i (Cochran, 6.9):
    // m / (m - 1) * sum (k_i - r n_i)^2 / n^2.
    const double residuals =
        static_cast<double>(c.kk) - 2 * r * static_cast<double>(c.kn) + r * r * static_cast<double>(c.nn);
    const double variance = m / (m - 1) * std::max(0.0, residuals) / (n * n);
    if (variance > 0) effective = std::min(n, r * (1 - r) / variance);  // design effect at least 1
  }
  // Wilson's interval on `effective` plies with the same rate.
  const double z2 = kZ95 * kZ95;
  const double centre = (r + z2 / (2 * effective)) / (1 + z2 / effective);
  const double half =
      kZ95 / (1 + z2 / effective) * std::sqrt(r * (1 - r) / effective + z2 / (4 * effective * effective));
  return {c.k == 0 ? 0.0 : std::max(0.0, centre - half), c.k == c.n ? 1.0 : std::min(1.0, centre + half)};
}

std::optional<Interval> clustered_mean_interval(const ClusterSums& c) {
  if (c.clusters < 2 || c.n == 0) return std::nullopt;
  const double n = static_cast<double>(c.n), r = static_cast<double>(c.k) / n, m = static_cast<double>(c.clusters);
  // The ratio estimator's variance, as clustered_interval's: m / (m - 1) * sum (k_i - r n_i)^2 / n^2.
  const double residuals =
      static_cast<double>(c.kk) - 2 * r * static_cast<double>(c.kn) + r * r * static_cast<double>(c.nn);
  const double half = kZ95 * std::sqrt(m / (m - 1) * std::max(0.0, residuals) / (n * n));
  return Interval{std::max(0.0, r - half), r + half};
}

Score expected_score(std::uint64_t wins, std::uint64_t losses, std::uint64_t draws) {
  Score s;
  s.of = wins + losses + draws;
  if (s.of == 0) return s;
  const double n = static_cast<double>(s.of), w = static_cast<double>(wins), l = static_cast<double>(losses),
               d = static_cast<double>(draws);
  s.score = (w + d / 2) / n;
  if (s.of < 2) return s;
  const double variance =
      (w * (1 - s.score) * (1 - s.score) + d * (0.5 - s.score) * (0.5 - s.score) + l * s.score * s.score) / (n - 1);
  const double half = kZ95 * std::sqrt(variance / n);
  s.low = std::max(0.0, s.score - half);
  s.high = std::min(1.0, s.score + half);
  return s;
}

Interval difference_interval(std::uint64_t k1, std::uint64_t n1, std::uint64_t k2, std::uint64_t n2) {
  const double p1 = n1 ? static_cast<double>(k1) / static_cast<double>(n1) : 0;
  const double p2 = n2 ? static_cast<double>(k2) / static_cast<double>(n2) : 0;
  const Interval a = wilson_interval(k1, n1), b = wilson_interval(k2, n2);
  const double d = p1 - p2;
  return {d - std::sqrt((p1 - a.low) * (p1 - a.low) + (b.high - p2) * (b.high - p2)),
          d + std::sqrt((a.high - p1) * (a.high - p1) + (p2 - b.low) * (p2 - b.low))};
}

FairnessTest even_split_test(std::uint64_t a, std::uint64_t b) {
  if (a + b == 0) return {0, 1};
  const double diff = static_cast<double>(a) - static_cast<double>(b);
  const double chi2 = diff * diff / static_cast<double>(a + b);
  return {chi2, chi2 == 0 ? 1.0 : boost::math::gamma_q(0.5, chi2 / 2)};
}

FairnessTest uniformity_test(const std::vector<std::uint64_t>& observed) {
  std::uint64_t n = 0;
  for (auto c : observed) n += c;
  if (observed.size() < 2 || n == 0) return {0, 1};
  const double expected = static_cast<double>(n) / static_cast<double>(observed.size());
  double chi2 = 0;
  for (auto c : observed) chi2 += (static_cast<double>(c) - expected) * (static_cast<double>(c) - expected) / expected;
  const double dof = static_cast<double>(observed.size() - 1);
  return {chi2, chi2 == 0 ? 1.0 : boost::math::gamma_q(dof / 2, chi2 / 2)};
}

}  // namespace hoyito
