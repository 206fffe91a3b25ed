#!/usr/bin/env python3
"""Engines with rules bugs, for the diagnosis of `hoyito verify --engine` (tests and docs).

    buggy_hoyito2.py BUG[,BUG...]

Each is adapters/python/example_hoyito2.py (a correct Hoyito II written apart from hoyito) with
the named bugs planted, one rule each, so that a report can be held to "each bug once, with its
rule":

  cap75       a sowing still going after 75 laps is taken as endless and the move is not
              offered (MancalaGames' MAX_LAPS with its "no endless sows" switch): SOW-5, SOW-6
  cap75-ends  the same cap, but the move is played and the game ends there, each player taking
              the seeds of their own row and the seeds in hand lost (MancalaGames as shipped):
              seeds not conserved
  no-chain    only the landing casa is captured, never the run of fours behind it (CAP-II-2)
  no-extra    a capture earns no extra move (CAP-II-3)
  tie-south   equal captures at the end are a win for South, not a draw (END-2, G11)
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "adapters", "python"))
import example_hoyito2 as ex  # noqa: E402
import hoyito_protocol as hp  # noqa: E402

BUGS = set(sys.argv[1].split(",")) if len(sys.argv) > 1 else set()
KNOWN = {"cap75", "cap75-ends", "no-chain", "no-extra", "tie-south"}
CAP = 75  # laps


def capped_sow(board, origin):
    """The move's lap-end state after at most CAP laps: (state, False) when the sowing ended by
    then, (state at lap CAP, True) when it was still going (endless or not)."""
    state = list(board)
    landing = ex.lap(state, origin)
    laps = 1
    while not ex.lap_ends_move(state, landing):
        if laps == CAP:
            return (state, landing), True
        landing = ex.lap(state, landing)
        laps += 1
    return (state, landing), False


class Buggy(ex.HoyitoII):
    def legal(self):
        moves = super().legal()
        if not BUGS & {"cap75"} or self.status != "playing":
            return moves
        kept = [m for m in moves if m == "pass" or not capped_sow(self.board, self.hole_of(m))[1]]
        return kept or ["pass"]

    def play(self, move):
        if move != "pass" and BUGS & {"cap75", "cap75-ends"}:
            hole = self.hole_of(move)
            (board, _), capped = capped_sow(self.board, hole)
            if capped and "cap75" in BUGS:
                raise hp.Refusal("endless", f"move {move}: more than {CAP} laps")
            if capped:  # the game ends as by a quitter: each row to its owner, the hand lost
                n = self.holes
                self.board = [0] * (2 * n)
                self.captured = [self.captured[0] + sum(board[:n]), self.captured[1] + sum(board[n:])]
                self.finish()
                self.end_ply(next_mover=1 - self.mover)
                return
        super().play(move)


def take_landing_only(board, landing):
    taken, board[landing] = board[landing], 0
    return taken


if __name__ == "__main__":
    if not BUGS or not BUGS <= KNOWN:
        sys.stderr.write(f"usage: buggy_hoyito2.py BUG[,BUG...] with BUG in {sorted(KNOWN)}\n")
        sys.exit(2)
    if "no-chain" in BUGS:
        ex.take_casas = take_landing_only
    if "no-extra" in BUGS:
        plain_end_ply = ex.HoyitoII.end_ply
        Buggy.end_ply = lambda self, next_mover: plain_end_ply(self, 1 - self.mover)
    if "tie-south" in BUGS:
        plain_finish = ex.HoyitoII.finish

        def finish(self):
            plain_finish(self)
            if self.winner == "draw":
                self.winner = "south"

        Buggy.finish = finish
    name = "buggy-hoyito2-" + "+".join(sorted(BUGS))
    sys.exit(hp.serve(Buggy(), name=name, version="1.0", supports=ex.SUPPORTS))
