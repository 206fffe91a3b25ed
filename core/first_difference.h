// Where two sequences part: the one helper behind every "events[K]: expected X, got Y" message
// (scenario checks, record replay, disagreement reports).
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

namespace hoyito {

// The index of the first element at which `a` and `b` differ; the shorter one's size when it
// is a prefix of the other (equal sequences: their size).
template <typename T>
std::size_t first_difference(const std::vector<T>& a, const std::vector<T>& b) {
  return static_cast<std::size_t>(std::mismatch(a.begin(), a.end(), b.begin(), b.end()).first - a.begin());
}

}  // namespace hoyito
