#!/usr/bin/env python3
"""Drives example_hoyito2.py through the engine protocol (a subprocess) and checks its answers.

Every expected board below is derived by hand from specs/rules.md, step by step in the comments.
Holes in sowing order (BRD-4) on 2x6: a b c d e f = 0..5 (South), A B C D E F = 6..11 (North).

Run: python3 -m unittest adapters/python/test_example.py  (or python3 adapters/python/test_example.py)
"""

import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import hoyito_protocol  # noqa: E402  (the client half: Client.ask)

EXAMPLE = os.path.join(HERE, "example_hoyito2.py")
REPO = os.path.dirname(os.path.dirname(HERE))


def hoyito_program():
    """The hoyito program to compare with: $HOYITO, else build/release/hoyito of this tree."""
    path = os.environ.get("HOYITO") or os.path.join(REPO, "build", "release", "hoyito")
    return path if os.access(path, os.X_OK) else None


class Engine(hoyito_protocol.Client):
    """An engine process spoken to one command at a time."""

    def ok(self, command):
        """The content of a success (the first line without '= '), failing on a refusal."""
        lines = self.ask(command)
        assert lines[0].startswith("="), f"{command!r} refused: {lines}"
        return "\n".join([lines[0][2:]] + lines[1:])

    def state(self):
        return dict(word.split("=", 1) for word in self.ok("state").split())


class ExampleTest(unittest.TestCase):
    def setUp(self):
        self.engine = Engine([sys.executable, EXAMPLE])

    def tearDown(self):
        self.engine.close()

    def test_handshake(self):
        self.assertEqual(self.engine.ask("protocol_version"), ["= 1"])
        self.assertEqual(self.engine.ok("name"), "example-hoyito2")
        supports = self.engine.ok("supports").split("\n")
        self.assertIn("variant hoyito2 6 12", supports)
        self.assertIn("seeds 4..4", supports)
        commands = self.engine.ok("list_commands").split("\n")
        for command in ("rules", "start", "position", "legal", "play", "state", "quit"):
            self.assertIn(command, commands)

    def test_start(self):
        # BRD-3, BRD-4: four a hole, South to move; SOW-1: every own hole is a move.
        self.assertEqual(self.engine.ok("legal"), "a b c d e f")
        self.assertEqual(self.engine.state(), {
            "board": "4,4,4,4,4,4,4,4,4,4,4,4", "captured": "0,0", "to_move": "south",
            "status": "playing", "winner": "null", "plies": "0"})
        self.engine.ok("rules hoyito2 12 4")
        self.assertEqual(self.engine.ok("legal"), "a b c d e f g h i j k l")

    def test_play_c_from_the_start(self):
        # South lifts c (hole 2, 4 seeds) and sows d e f A (SOW-2): d5 e5 f5 A5.
        #   A now holds 5: occupied, not a casa: relay (SOW-5), lift 5 from A: B5 C5 D5 E5 F5.
        #   F holds 5: relay, lift 5 from F: a5 b5 c1 d6 e6 (c was emptied by the lift).
        #   e holds 6: relay, lift 6 from e: f6 A1 B6 C6 D6 E6 (A was emptied).
        #   E holds 6: relay, lift 6 from E: F1 a6 b6 c2 d7 e1 (F and e were emptied).
        #   e held nothing before this seed: the move ends (SOW-4). No capture: North moves.
        self.engine.ok("play c")
        state = self.engine.state()
        self.assertEqual(state["board"], "6,6,2,7,1,6,1,6,6,6,0,1")
        self.assertEqual((state["captured"], state["to_move"], state["plies"]), ("0,0", "north", "1"))
        # North's legal moves: every non-empty hole of North (E is empty, SOW-1).
        self.assertEqual(self.engine.ok("legal"), "A B C D F")
        # c is South's: refused, and the game is unchanged (spec: a refused play).
        self.assertEqual(self.engine.ask("play c")[0].split()[:2], ["?", "illegal"])
        self.assertEqual(self.engine.ask("play E")[0].split()[:2], ["?", "illegal"])
        self.assertEqual(self.engine.state(), state)

    def test_chain_across_the_wrap_extra_move_and_forced_pass(self):
        # North lifts E (hole 10, 2 seeds): F 3->4, a 3->4. The last seed made a a casa:
        # captured (CAP-II-1), and backward (clockwise) F holds four: captured too, across the
        # rows and the wrap (CAP-II-2); E, just emptied, ends the chain. b and c hold four but
        # lie ahead of a: not taken. 8 seeds remain, so the game goes on (END-1) and North has an
        # extra move (CAP-II-3), but no seed on its side: it passes (PASS-2), then South moves.
        self.engine.ok("position board=3,4,4,0,0,0,0,0,0,0,2,3 captured=16,16 to_move=north")
        self.engine.ok("play E")
        state = self.engine.state()
        self.assertEqual(state["board"], "0,4,4,0,0,0,0,0,0,0,0,0")
        self.assertEqual((state["captured"], state["to_move"]), ("16,24", "north"))
        self.assertEqual(self.engine.ok("legal"), "pass")
        self.assertEqual(self.engine.ask("play a")[0].split()[:2], ["?", "illegal"])
        self.engine.ok("play pass")
        self.assertEqual(self.engine.state()["to_move"], "south")
        self.assertEqual(self.engine.ok("legal"), "b c")
        self.assertEqual(self.engine.ask("play pass")[0].split()[:2], ["?", "illegal"])  # PASS-1

    def test_last_four_end_the_game(self):
        # South lifts e (hole 4, 1 seed): f 3->4, a casa: captured (CAP-II-1); backward e is
        # empty, no chain. Four seeds are left (B): the capturer takes them and the game ends
        # (END-1, END-II-1). South 20+4+4 = 28, North 20: South wins (END-2). The capture that
        # ended the game earns no extra move (CAP-II-3): North is to move (game-record.md).
        self.engine.ok("position board=0,0,0,0,1,3,0,4,0,0,0,0 captured=20,20 to_move=south")
        self.engine.ok("play e")
        state = self.engine.state()
        self.assertEqual(state["board"], "0,0,0,0,0,0,0,0,0,0,0,0")
        self.assertEqual((state["captured"], state["status"], state["winner"], state["to_move"]),
                         ("28,20", "finished", "south", "north"))
        self.assertEqual(self.engine.ask("legal"), ["="])
        self.assertEqual(self.engine.ask("play a")[0].split()[:2], ["?", "game_over"])

    def test_ply_limit(self):
        # END-3: at ply_limit plies the game stops unterminated, with no winner.
        self.engine.ok("rules hoyito2 6 4 ply_limit=1")
        self.engine.ok("play c")
        self.assertEqual(self.engine.state()["status"], "unterminated")
        self.assertEqual(self.engine.state()["winner"], "null")

    def test_playmoves(self):
        self.assertEqual(self.engine.ask("playmoves c A"), ["= 2"])
        lines = self.engine.ask("playmoves q")
        self.assertTrue(lines[0].startswith("? illegal played=0 "), lines)

    def test_refusals(self):
        cases = {
            "frobnicate": "unknown_command",
            "play": "syntax", "play a b": "syntax", "legal now": "syntax",
            "rules hoyito2": "syntax", "rules hoyito2 six 4": "syntax",
            "rules hoyito2 6 4 skip_origin": "syntax", "rules hoyito2 6 4 no_such=1": "syntax",
            "rules hoyito9 6 4": "invalid", "rules hoyito2 6 11": "invalid",
            "rules hoyito2 7 4": "invalid",
            "rules hoyito1 6 4": "unsupported", "rules hoyito2 6 5": "unsupported",
            "rules hoyito2 6 4 skip_origin=true": "unsupported",
            # a board of the wrong length is malformed, as in serve (specs/engine-protocol.md)
            "position board=4,4,4 captured=0,0 to_move=south": "syntax",
            "position board=4,4,4,4,4,4,4,4,4,4,4,4 captured=0,1 to_move=south": "invalid",
            "position captured=0,0 to_move=south": "syntax",
            "start to_move=east": "syntax", "start round=2": "invalid",
            "perft x": "syntax", "play \x1b[2J": "illegal",
        }
        for command, reason in cases.items():
            with self.subTest(command=command):
                self.assertEqual(self.engine.ask(command)[0].split()[:2], ["?", reason])
        # A refused `rules` leaves the rules and game as they were; the engine is still alive.
        self.assertEqual(self.engine.ok("legal"), "a b c d e f")

    def test_long_line_and_bad_bytes(self):
        self.assertEqual(self.engine.ask("x" * 70000)[0].split()[:2], ["?", "syntax"])
        self.assertEqual(self.engine.ask("play \udcff".encode("utf-8", "surrogateescape")
                                         .decode("latin-1"))[0].split()[:2], ["?", "illegal"])
        self.assertEqual(self.engine.ask("protocol_version"), ["= 1"])



@unittest.skipUnless(hoyito_program(), "no built hoyito (set HOYITO=/path/to/hoyito)")
class DifferentialTest(unittest.TestCase):
    """200 random games of the example against hoyito's reference model, ply by ply (legal
    plies, board, captures, side to move, status, winner, plies): independent readings of
    specs/rules.md must agree."""

    def test_random_games_against_the_model(self):
        import compare_engines
        reference = f"{hoyito_program()} serve --impl model"
        for rules, games in (("hoyito2 6 4", 200), ("hoyito2 12 4 ply_limit=300", 20)):
            with self.subTest(rules=rules):
                status = compare_engines.main([
                    "--reference", reference, "--candidate", f"{sys.executable} {EXAMPLE}",
                    "--rules", rules, "--games", str(games), "--seed", "20261202"])
                self.assertEqual(status, 0, f"{rules}: the example and hoyito's model differ")


if __name__ == "__main__":
    unittest.main()
