#include "harness/verify/disagreement_classes.h"

#include <algorithm>
#include <cassert>
#include <numeric>

namespace hoyito {

int board_seeds(const Position& p) { return std::accumulate(p.board.begin(), p.board.end(), 0); }

bool smaller_case(const Disagreement& a, const Disagreement& b) {
  const int sa = board_seeds(a.start), sb = board_seeds(b.start);
  if (sa != sb) return sa < sb;
  return a.moves.size() < b.moves.size();
}

ClassBook::Added ClassBook::add(const Disagreement& d, const Diagnosis& x, const std::string& where) {
  const std::lock_guard<std::mutex> lock(mutex_);
  std::string id = x.class_id;
  if (!index_.count(id) && static_cast<int>(classes_.size()) >= kMostClasses - 1) id = "other";
  auto [it, is_new] = index_.try_emplace(id, static_cast<int>(classes_.size()) + 1);
  if (is_new) {
    DisagreementClass c;
    c.number = it->second;
    c.first = x;
    if (id == "other") {
      c.first.class_id = c.first.shape = "other";
      c.first.words = "disagreements of classes past the first " + std::to_string(kMostClasses - 1);
    }
    c.least_laps = c.most_laps = x.laps;
    c.least_missing = c.most_missing = x.missing;
    classes_.push_back(std::move(c));
  }
  DisagreementClass& c = classes_[static_cast<std::size_t>(it->second - 1)];
  c.count += 1;
  c.least_laps = std::min(c.least_laps, x.laps);
  c.most_laps = std::max(c.most_laps, x.laps);
  c.least_missing = std::min(c.least_missing, x.missing);
  c.most_missing = std::max(c.most_missing, x.missing);
  const ClassExample example{d, d, x, where};
  if (static_cast<int>(c.examples.size()) < kExamplesPerClass) c.examples.push_back(example);
  if (!c.smallest || smaller_case(d, c.smallest->small)) c.smallest = example;
  return {c.number, is_new};
}

void ClassBook::offer(int number, const ClassExample& example, bool shrunk) {
  const std::lock_guard<std::mutex> lock(mutex_);
  assert(number >= 1 && number <= static_cast<int>(classes_.size()));
  DisagreementClass& c = classes_[static_cast<std::size_t>(number - 1)];
  if (!c.smallest || !smaller_case(c.smallest->small, example.small)) {
    c.smallest = example;
    c.shrunk = c.shrunk || shrunk;
  }
}

void ClassBook::set_file(int number, const std::string& file) {
  const std::lock_guard<std::mutex> lock(mutex_);
  classes_[static_cast<std::size_t>(number - 1)].file = file;
}

void ClassBook::set_known(int number, const std::string& reason) {
  const std::lock_guard<std::mutex> lock(mutex_);
  classes_[static_cast<std::size_t>(number - 1)].known = reason;
}

std::vector<DisagreementClass> ClassBook::classes() const {
  const std::lock_guard<std::mutex> lock(mutex_);
  return classes_;
}

long ClassBook::total() const {
  const std::lock_guard<std::mutex> lock(mutex_);
  long sum = 0;
  for (const DisagreementClass& c : classes_) sum += c.count;
  return sum;
}

}  // namespace hoyito
