#!/usr/bin/env python3
"""Hoyito II, served over the hoyito engine protocol: a worked example to copy.

A compact implementation of Hoyito II written from specs/rules.md (rule IDs in the comments)
with the defaults of specs/open-questions.md, on 2x6 and 2x12, four seeds a hole. It plays the
defaults only (and any ply_limit) and says so in SUPPORTS, so hoyito skips the other
configurations instead of failing them.

Run it as an engine: python3 adapters/python/example_hoyito2.py  (commands on standard input)
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hoyito_protocol as hp  # noqa: E402

SUPPORTS = [
    "variant hoyito2 6 12",
    "seeds 4..4",
    "option ply_limit 1..1000000",
    "feature perft divide playmoves",
]
PLAYERS = ("south", "north")
LETTERS = "abcdefghijkl"
CASA = 4  # CAP-II-1: a hole holding exactly four


# ---- sowing: pure functions on a board (a list of 2N counts in sowing order, BRD-4) ---------

def lap(board, origin):
    """Lifts every seed of `origin` and sows them one a hole into origin+1, origin+2, ...
    (SOW-1, SOW-2); a lap of 2N or more seeds sows the origin like any other hole (SOW-3,
    skip_origin = false). Returns the hole the last seed fell into."""
    seeds, board[origin] = board[origin], 0
    hole = origin
    for _ in range(seeds):
        hole = (hole + 1) % len(board)
        board[hole] += 1
    return hole


def lap_ends_move(board, landing):
    """The last seed made a hole of one (it was empty: SOW-4) or a casa (CAP-II-1, G3)."""
    return board[landing] in (1, CASA)


def next_lap(state):
    """The lap-end state (board, landing hole) after relaying from the landing hole (SOW-5)."""
    board, landing = list(state[0]), state[1]
    landing = lap(board, landing)
    return tuple(board), landing


def sow(board, origin):
    """The lap-end state at which the move's sowing stops, or None if it never stops.

    SOW-6: a sowing is endless exactly when a lap-end state (board and landing hole) comes back.
    Each state decides the next, so Brent's cycle detection finds such a repeat whenever there
    is one, keeping a single earlier state instead of every state seen (cycles of millions of
    laps occur on 2x6, open-questions.md Q-LIMIT)."""
    start = list(board)
    landing = lap(start, origin)
    hare = tortoise = (tuple(start), landing)  # lap 1
    power = steps = 1
    while not lap_ends_move(*hare):
        hare = next_lap(hare)
        if hare == tortoise:
            return None  # a lap-end state repeated: endless (SOW-6)
        if steps == power:  # Brent: move the tortoise to the hare at each power of two
            tortoise, power, steps = hare, power * 2, 0
        steps += 1
    return hare


def take_casas(board, landing):
    """Captures the casa at `landing` (CAP-II-1) and the unbroken run of holes holding exactly
    four backward from it, h-1, h-2, ... across both rows (CAP-II-2, G4). Returns the seeds."""
    taken, hole = 0, landing
    while board[hole] == CASA:
        taken += board[hole]
        board[hole] = 0
        hole = (hole - 1) % len(board)  # stops at the emptied landing hole at the latest
    return taken


# ---- the game ---------------------------------------------------------------------------------

class HoyitoII:
    """The game object served by hoyito_protocol: set_rules, start, set_position, legal, play,
    state, perft, divide."""

    def __init__(self):
        self.holes, self.ply_limit = 6, 5000  # until the first `rules`: rules hoyito2 6 4
        self.start("south", 1, None)

    # -- configuration --

    def set_rules(self, variant, holes, seeds, options):
        if variant != "hoyito2":
            raise hp.Refusal("unsupported", f"variant {variant}: this example plays hoyito2 only")
        if seeds != 4:
            raise hp.Refusal("unsupported", f"seeds {seeds}: this example plays 4 a hole only")
        ply_limit = hp.ply_limit_only(options, "this example")
        self.holes, self.ply_limit = holes, ply_limit
        self.start("south", 1, None)

    def start(self, to_move, round_, previous_winner):
        self.check_round(round_, previous_winner)
        self.new_game([4] * (2 * self.holes), [0, 0], to_move)  # BRD-3

    def set_position(self, board, captured, to_move, round_, previous_winner):
        self.check_round(round_, previous_winner)
        if sum(board) + sum(captured) != 8 * self.holes:
            raise hp.Refusal("invalid", f"position: {sum(board) + sum(captured)} seeds, "
                                        f"expected {8 * self.holes} (BRD-3)")
        self.new_game(board, captured, to_move)
        if sum(board) == 0:  # END-1: an empty board is over at once, END-2 scores it
            self.finish()

    @staticmethod
    def check_round(round_, previous_winner):
        if round_ != 1 or previous_winner is not None:  # Q-R: only Hoyito III has rounds
            raise hp.Refusal("invalid", "hoyito2 has no rounds: round=1, previous_winner=null")

    def new_game(self, board, captured, to_move):
        self.board, self.captured = list(board), list(captured)
        self.mover = PLAYERS.index(to_move)
        self.status, self.winner, self.plies = "playing", None, 0

    # -- moves --

    def own_holes(self):
        first = self.mover * self.holes  # BRD-4: South 0..N-1, North N..2N-1
        return range(first, first + self.holes)

    def move_name(self, hole):
        letter = LETTERS[hole % self.holes]
        return letter if hole < self.holes else letter.upper()

    def legal(self):
        if self.status != "playing":
            return []
        moves = [self.move_name(h) for h in self.own_holes()
                 if self.board[h] > 0 and sow(self.board, h) is not None]  # SOW-1, SOW-6
        return moves or ["pass"]  # PASS-1, PASS-2 (no seeds), PASS-3 (every move endless)

    def play(self, move):
        if move == "pass":
            if self.legal() != ["pass"]:
                raise hp.Refusal("illegal", "pass: a move exists (PASS-1..3)")
            self.end_ply(next_mover=1 - self.mover)
            return
        hole = self.hole_of(move)
        end = sow(self.board, hole)
        if end is None:
            raise hp.Refusal("endless", f"move {move}: its relay sowing never ends (SOW-6)")
        self.board, landing = list(end[0]), end[1]
        if self.board[landing] != CASA:  # SOW-4: the move ended in an empty hole
            self.end_ply(next_mover=1 - self.mover)
            return
        self.captured[self.mover] += take_casas(self.board, landing)
        if sum(self.board) <= 4:  # END-1, END-II-1: the capturer takes the last seeds
            self.captured[self.mover] += sum(self.board)
            self.board = [0] * len(self.board)
            self.finish()  # no extra move: the opponent is to move (game-record.md, TURN-1)
            self.end_ply(next_mover=1 - self.mover)
            return
        self.end_ply(next_mover=self.mover)  # CAP-II-3: an extra move (PASS-2 if no seeds)

    def hole_of(self, move):
        hole = LETTERS.index(move.lower()) + (self.holes if move.isupper() else 0)
        if hole not in self.own_holes():
            raise hp.Refusal("illegal", f"move {move}: not {PLAYERS[self.mover]}'s hole")
        if self.board[hole] == 0:
            raise hp.Refusal("illegal", f"move {move}: an empty hole (SOW-1)")
        return hole

    def end_ply(self, next_mover):
        self.mover = next_mover  # TURN-1
        self.plies += 1
        if self.status == "playing" and self.plies >= self.ply_limit:
            self.status = "unterminated"  # END-3, endless_game = ply_limit: no winner

    def finish(self):
        self.status = "finished"
        south, north = self.captured  # END-2 (G11: equal captures are a draw)
        self.winner = "south" if south > north else "north" if north > south else "draw"

    # -- reporting --

    def state(self):
        return {"board": self.board, "captured": self.captured, "to_move": PLAYERS[self.mover],
                "status": self.status, "winner": self.winner, "plies": self.plies}

    def child(self, move):
        game = type(self).__new__(type(self))  # a subclass's perft walks its own rules
        game.__dict__.update(self.__dict__, board=list(self.board), captured=list(self.captured))
        game.play(move)
        return game

    def perft(self, depth):
        if depth == 0:
            return 1
        return sum(self.child(move).perft(depth - 1) for move in self.legal())

    def divide(self, depth):
        return [(move, self.child(move).perft(depth - 1)) for move in self.legal()] if depth else []


if __name__ == "__main__":
    sys.exit(hp.serve(HoyitoII(), name="example-hoyito2", version="1.0", supports=SUPPORTS))
