// Planted bugs (mutants) of the engine, for checking that the verification harness notices them.
//
// Build with -DHOYITO_MUTANT=K (CMake cache variable HOYITO_MUTANT; 0, the default, plants none).
// Engine code tests `#if HOYITO_MUTANT == K` at the place named below; every mutant is one
// small, plausible slip against one rule.
//
// | K | rule     | where                            | the bug                                              |
// |---|----------|----------------------------------|------------------------------------------------------|
// | 1 | CAP-II-2 | engine/sow.cpp, sow_relay, chain | the Hoyito II backward chain stops one hole early    |
// |   |          |                                  | (the last hole of a run of fours is not captured)    |
// | 2 | SOW-2 | engine/sow.cpp, sow_lap | a lap that wraps past hole 2N-1 is taken to land one hole too far |
// | 3 | SOW-2 | engine/sow.cpp, sow_lap | a lap of more than 2N seeds forgets its full rounds in the landing count |
// | 4 | SOW-3 | engine/sow.cpp, lap_rule | with skip_origin a lap of 2N-1 seeds already cites SOW-3 |
// | 5 | SOW-3 | engine/sow.cpp, sow_en_passant | Hoyito I sowing seed by seed does not skip the origin (G1 ignored) |
// | 6 | SOW-3 | engine/sow.cpp, sow_lap | with skip_origin a lap of exactly 2N seeds does not skip the origin |
// | 7 | SOW-3 | engine/sow.cpp, sow_lap | a lap of a multiple of 2N seeds counts its origin as not emptied when it lands there |
// | 8 | SOW-5 | engine/sow.cpp, sow_relay | the relay lifts the landing hole's seeds but the last one |
// | 9 | SOW-5 | engine/sow.cpp, sow_relay | the relay is sown from the landing hole itself (its first seed goes back in) |
// | 10 | CAP-II-1 | engine/sow.cpp, sow_relay | a landing hole of three is captured as a casa too (Hoyito II and III) |
// | 11 | CAP-I-2 | engine/sow.cpp, sow_en_passant | Hoyito I: a last seed making five captures the five |
// | 12 | CAP-II-1 | engine/sow.cpp, sow_relay | the landing hole is captured on the opponent's side only (G2) |
// | 13 | CAP-II-2 | engine/sow.cpp, sow_relay, chain | the chain runs forward instead of backward |
// | 14 | CAP-II-2 | engine/sow.cpp, sow_relay, chain | the chain does not wrap from hole 0 to hole 2N-1 |
// | 15 | CAP-II-2 | engine/sow.cpp, sow_relay, chain | the chain does not cross into the other row |
// | 16 | CAP-II-2 | engine/sow.cpp, sow_relay, chain | the chain takes any hole of one to four seeds, stopping only at an empty hole or five or more |
// | 17 | CAP-III-2 | engine/config.cpp | Hoyito III takes the backward chain too |
// | 18 | CAP-II-3 | engine/config.cpp | Hoyito II gives no extra move after a capture |
// | 19 | CAP-I-3 | engine/config.cpp | Hoyito I gives an extra move after a capture |
// | 20 | CAP-II-3 | engine/game.cpp, apply | the extra move is granted even when the capture ended the game |
// | 21 | PASS-2 | engine/game.cpp, apply | a passed extra move cites PASS-1 and an ordinary pass PASS-2 |
// | 22 | PASS-2 | engine/game.cpp, apply | a passed extra move does not hand the turn over (the player passes again) |
// | 23 | SOW-6 | engine/game.cpp, apply | a void game (endless move) leaves the other side to move |
// | 24 | SOW-6 | engine/game.cpp, compute_legal_mask | with endless_sowing = illegal an endless move is counted legal |
// | 25 | Q-LIMIT | engine/sow.cpp, endless_or_undecided | a first exact repeat at lap end lap_limit itself is undecided (boundary off by one) |
// | 26 | END-III-2 | engine/config.cpp | Hoyito III round 2 awards the last four like round 3 |
// | 27 | END-III-3 | engine/config.cpp | Hoyito III round 3+: the previous winner is ignored, the capturer takes the last four |
// | 28 | END-III-4 | engine/sow.cpp, end_by_capture | the split gives all the seeds left to the capturer (4/0) |
// | 29 | END-I-1 | engine/sow.cpp, sow_en_passant | Hoyito I: an en passant END-1 award leaves out the seeds in hand |
// | 30 | END-II-1 | engine/sow.cpp, end_by_capture | Hoyito II: the last four go to the capturer's opponent |
// | 31 | END-1 | engine/sow.cpp, sow_relay | Hoyito II/III: the game ends only when fewer than four seeds are left |
// | 32 | END-2 | engine/game.cpp, apply | after END-1 equal captures are won by the last capturer instead of drawn |
// | 33 | END-3 | engine/game.cpp, after_ply | the ply limit stops the game one ply too late |
// | 34 | END-3 | engine/game.cpp, after_ply | third_repetition ends the game at the second occurrence |
// | 35 | BRD-3 | engine/config.cpp | the seed total is that of a 2x6 board whatever the size (wrong END-1 count on 2x12) |
// | 36 | CAP-III-1 | engine/config.cpp | Hoyito III captures cite CAP-II-1 |
#pragma once

#ifndef HOYITO_MUTANT
#define HOYITO_MUTANT 0
#endif

namespace hoyito::engine {

struct MutantInfo {
  int number;
  const char* rule;
  const char* description;
};

inline constexpr MutantInfo kMutants[] = {
    {1, "CAP-II-2", "the Hoyito II backward chain stops one hole early (its last hole of four is not captured)"},
    {2, "SOW-2", "a lap that wraps past hole 2N-1 is taken to land one hole too far"},
    {3, "SOW-2", "a lap of more than 2N seeds forgets its full rounds in the landing count"},
    {4, "SOW-3", "with skip_origin a lap of 2N-1 seeds already cites SOW-3"},
    {5, "SOW-3", "Hoyito I sowing seed by seed does not skip the origin (G1 ignored)"},
    {6, "SOW-3", "with skip_origin a lap of exactly 2N seeds does not skip the origin"},
    {7, "SOW-3", "a lap of a multiple of 2N seeds counts its origin as not emptied when it lands there"},
    {8, "SOW-5", "the relay lifts the landing hole's seeds but the last one"},
    {9, "SOW-5", "the relay is sown from the landing hole itself (its first seed goes back in)"},
    {10, "CAP-II-1", "a landing hole of three is captured as a casa too (Hoyito II and III)"},
    {11, "CAP-I-2", "Hoyito I: a last seed making five captures the five"},
    {12, "CAP-II-1", "the landing hole is captured on the opponent's side only (G2)"},
    {13, "CAP-II-2", "the chain runs forward instead of backward"},
    {14, "CAP-II-2", "the chain does not wrap from hole 0 to hole 2N-1"},
    {15, "CAP-II-2", "the chain does not cross into the other row"},
    {16, "CAP-II-2", "the chain takes any hole of one to four seeds, stopping only at an empty hole or five or more"},
    {17, "CAP-III-2", "Hoyito III takes the backward chain too"},
    {18, "CAP-II-3", "Hoyito II gives no extra move after a capture"},
    {19, "CAP-I-3", "Hoyito I gives an extra move after a capture"},
    {20, "CAP-II-3", "the extra move is granted even when the capture ended the game"},
    {21, "PASS-2", "a passed extra move cites PASS-1 and an ordinary pass PASS-2"},
    {22, "PASS-2", "a passed extra move does not hand the turn over (the player passes again)"},
    {23, "SOW-6", "a void game (endless move) leaves the other side to move"},
    {24, "SOW-6", "with endless_sowing = illegal an endless move is counted legal"},
    {25, "Q-LIMIT", "a first exact repeat at lap end lap_limit itself is undecided (boundary off by one)"},
    {26, "END-III-2", "Hoyito III round 2 awards the last four like round 3"},
    {27, "END-III-3", "Hoyito III round 3+: the previous winner is ignored, the capturer takes the last four"},
    {28, "END-III-4", "the split gives all the seeds left to the capturer (4/0)"},
    {29, "END-I-1", "Hoyito I: an en passant END-1 award leaves out the seeds in hand"},
    {30, "END-II-1", "Hoyito II: the last four go to the capturer's opponent"},
    {31, "END-1", "Hoyito II/III: the game ends only when fewer than four seeds are left"},
    {32, "END-2", "after END-1 equal captures are won by the last capturer instead of drawn"},
    {33, "END-3", "the ply limit stops the game one ply too late"},
    {34, "END-3", "third_repetition ends the game at the second occurrence"},
    {35, "BRD-3", "the seed total is that of a 2x6 board whatever the size (wrong END-1 count on 2x12)"},
    {36, "CAP-III-1", "Hoyito III captures cite CAP-II-1"},
};

inline constexpr int kPlantedMutant = HOYITO_MUTANT;

}  // namespace hoyito::engine
