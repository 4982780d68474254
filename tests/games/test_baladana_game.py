"""Baladãna as a Game (issue 10's protocol), held to the same checks as every registered game.

The game is not in the registry yet (records need the grammar to hand a whole turn, ring move and
tax and loot included, to the game's ``split``); these tests run the every-game checks on it
directly, so registering it is one line once the grammar can.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_every_game import _playout

from pbmkit.games import baladana as bd
from pbmkit.games.baladana import rules, setup
from pbmkit.games.base import Game, Outcome, describe_outcome
from pbmkit.games.drawing import GLYPH_KINDS

GAME = bd.GAME


def test_baladana_follows_the_game_protocol() -> None:
    """The Game protocol: sides, board, start, setups, outcome words, look, notation."""
    assert isinstance(GAME, Game)
    assert GAME.name == "baladana" and GAME.title == "Baladãna"
    assert GAME.sides == ("white", "black") and GAME.side_tags == ("White", "Black")
    assert GAME.board.size == 64 and GAME.configure({}) is GAME
    start = GAME.initial_position()
    assert GAME.side_to_move(start) == "white" and GAME.outcome(start) is None
    assert GAME.parse_setup(GAME.format_setup(start)) == start
    for how in ("golden-rings", "no-capture", "no-moves", "concession", "agreement"):
        assert how in GAME.outcome_words
    assert describe_outcome(GAME, Outcome("white", "golden-rings")) == \
        "White has won by taking both golden rings"
    look = GAME.look()
    assert all(g.kind in GLYPH_KINDS for g in look.glyphs.values())
    assert set(look.symbols(start).values()) <= set(look.glyphs)


def test_touched_gives_the_ring_path_the_figure_path_and_the_loot_squares() -> None:
    """``touched``: one path per part of the turn (ring move, figure move), loot squares alone."""
    move = bd.Move(rules.space("c1"), rules.space("h6"), ("G", rules.space("d1"), rules.space("c1")), "R",
                   (("B", rules.space("e4")),))
    assert GAME.touched(move) == ((3, 2), (2, 47), (28,))
    for move in GAME.legal_moves(GAME.initial_position()):
        assert all(0 <= sq < 64 for path in GAME.touched(move) for sq in path)


def test_lost_golden_rings_are_shown_beside_the_board() -> None:
    """The look lists each side's lost golden rings beside the board."""
    p = setup.parse_setup("white e1=Y c1=RB; black e8=YY h6=RGB")
    beside = GAME.look().beside
    assert beside is not None
    assert beside(p) == [("Lost by White", ("Yw",)), ("Lost by Black", ())]


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32))
def test_the_every_game_playout_holds_for_baladana(seed: int) -> None:
    """tests/games/test_every_game.py's playout, run on Baladãna."""
    _playout(GAME, random.Random(seed))
