// The disagreements of a `verify --engine` run grouped into classes (harness/verify/diagnosis.h):
// each class counted, with the words and rules of its diagnosis, where it was first found, its
// first examples and its smallest one (fewest seeds on the start's board, then fewest moves), so
// that the report names each bug once. Thread-safe: the checks' workers add to one book.
//
// Bounds: kMostClasses classes are kept apart (the others are counted together as one class,
// "other"), and the first kExamplesPerClass examples of each; so memory and the JSON Lines file
// stay bounded whatever --games says.
#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "harness/verify/diagnosis.h"
#include "io/transcript.h"

namespace hoyito {

inline constexpr int kMostClasses = 64;
inline constexpr int kExamplesPerClass = 5;

struct ClassExample {
  Disagreement found;   // as the check found it
  Disagreement small;   // shrunk (or `found` when not shrunk)
  Diagnosis diagnosis;  // of `small`
  std::string where;    // the check and game, e.g. "lockstep hoyito2-2x6 game 12"
};

struct DisagreementClass {
  int number = 0;   // from 1, in the order found
  Diagnosis first;  // the diagnosis of the first disagreement of the class (its words and rules)
  long count = 0;
  long least_laps = 0, most_laps = 0;  // over its disagreements: the sowings concerned
  int least_missing = 0, most_missing = 0;
  std::vector<ClassExample> examples;  // the first kExamplesPerClass
  std::optional<ClassExample> smallest;
  bool shrunk = false;               // its smallest example went through the shrinker
  std::string file;                  // the smallest example as a transcript (for hoyito replay), if written
  std::optional<std::string> known;  // the reason of an --expect line naming it
};

// Whether `a` is smaller than `b`: fewer seeds on the start's board, then fewer moves.
bool smaller_case(const Disagreement& a, const Disagreement& b);
int board_seeds(const Position& p);

class ClassBook {
 public:
  struct Added {
    int number;   // the class's number
    bool is_new;  // the first of its class
  };
  Added add(const Disagreement& d, const Diagnosis& x, const std::string& where);
  // A shrunk case of class `number` (its diagnosis in the same class): kept when smaller.
  void offer(int number, const ClassExample& example, bool shrunk);
  void set_file(int number, const std::string& file);
  void set_known(int number, const std::string& reason);
  std::vector<DisagreementClass> classes() const;  // in the order found
  long total() const;

 private:
  mutable std::mutex mutex_;
  std::vector<DisagreementClass> classes_;
  std::map<std::string, int> index_;  // class id -> number
};

}  // namespace hoyito
