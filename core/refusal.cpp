#include "core/refusal.h"

namespace hoyito {

std::string_view refusal_name(Refusal reason) {
  switch (reason) {
    case Refusal::illegal:
      return "illegal";
    case Refusal::endless:
      return "endless";
    case Refusal::undecided:
      return "undecided";
    case Refusal::game_over:
      return "game_over";
  }
  return "?";
}

std::optional<Refusal> refusal_of(const std::exception& error) {
  if (const auto* refused = dynamic_cast<const RefusedPly*>(&error)) return refused->reason;
  if (const auto* carrier = dynamic_cast<const CarriesRefusal*>(&error)) return carrier->carried_refusal();
  return std::nullopt;
}

}  // namespace hoyito
