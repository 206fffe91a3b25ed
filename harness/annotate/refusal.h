// A refused move as a lesson: a scenario whose step is refused (SOW-1, SOW-6, PASS-1, ...) stops
// before it (harness/games/game_file.h), and the page shows the position and says why the move
// is refused, citing the rule, and which moves are legal there.
#pragma once

#include <optional>
#include <string>

#include "harness/annotate/account.h"

namespace hoyito {

struct RefusalStory {
  std::optional<int> hole;             // the hole the refused move names (none: a pass, or no hole)
  std::string heading;                 // "Refused: South a"
  std::string reason;                  // one sentence citing the rule; empty when the rules here would take it
  std::string legal;                   // "Legal moves here: c, d and f."
  std::optional<EndlessMove> endless;  // SOW-6: the refused move's repeat
};

// Why `move` (a hole letter or "pass") may not be played on `position`; `over`: the game has ended.
RefusalStory tell_refusal(const Rules& rules, const Position& position, const std::string& move, bool over, Lang lang);

}  // namespace hoyito
