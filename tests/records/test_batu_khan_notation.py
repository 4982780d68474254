"""How Batu Khan actions are written and read (docs/batu-khan.md, "Notation").

Diagrams: the last rank on top; South upper case, North lower case; B blue, Y yellow, K black,
W white, X blockade.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbmkit.games import batu_khan as bk
from pbmkit.games.base import IllegalMoveError, start_of
from pbmkit.games.batu_khan import Move, check, rules, setup
from pbmkit.games.batu_khan import game as batu_khan_game
from pbmkit.games.batu_khan import notation as module
from pbmkit.games.batu_khan.notation import NOTATION
from pbmkit.games.notation import MoveSyntaxError, Pbmserv, destinations

KNOCK = setup.from_diagram("""
    5  .  .  .  .  .
    4  .  .  .  .  .
    3  .  .  w  .  .
    2  .  K  .  Y  .
    1  .  .  .  .  .
""")
"""South's black and yellow stones threaten North's white stone on c3 (picture 1)."""


@pytest.mark.parametrize(("text", "move"), [
    ("B@c1", Move("B", None, "c1")),
    ("X@d3", Move("X", None, "d3")),
    ("K b2-a3", Move("K", "b2", "a3")),
    ("Y d2xc3", Move("Y", "d2", "c3", True)),
])
def test_the_spec_table_reads_and_is_written_back_the_same(text: str, move: Move) -> None:
    assert NOTATION.read(text, KNOCK) == move
    assert NOTATION.format(move, KNOCK) == text
    assert NOTATION.normalize(text) == text


@pytest.mark.parametrize("text", ["Y d2xc3", "Yd2xc3", "y d2xc3", "Y D2XC3", "yD2Xc3",
                                  " Y  d2 x c3 ", "Y d2×c3", "d2xc3", "D2XC3", "Y d2-c3",
                                  "d2-c3", "Y d2–c3"])
def test_a_knock_out_reads_in_every_spelling(text: str) -> None:
    """Case-insensitive; the letter and the space after it optional; x optional on a knock-out."""
    move = NOTATION.read(text, KNOCK)
    assert move == Move("Y", "d2", "c3", True)
    assert check.check_move(KNOCK, move) is None
    assert NOTATION.format(move, KNOCK) == "Y d2xc3"


@pytest.mark.parametrize(("text", "canonical"), [
    ("b@c1", "B@c1"), ("B @ C1", "B@c1"), ("x@D3", "X@d3"), ("bc1-c3", "B c1-c3"),
    ("B C1-C3", "B c1-c3"), ("c1-c3", "c1-c3"), ("b2XC3", "b2xc3"), ("k b2 × c3", "K b2xc3"),
    ("Y b2-c3", "Y b2-c3"),
])
def test_normalize_respells_as_written_without_a_position(text: str, canonical: str) -> None:
    assert NOTATION.normalize(text) == canonical
    assert NOTATION.normalize(canonical) == canonical


def test_the_letter_may_be_left_out_of_a_move_and_is_taken_from_the_square() -> None:
    assert NOTATION.read("b2-a3", KNOCK) == Move("K", "b2", "a3")
    assert NOTATION.format(NOTATION.read("b2-a3", KNOCK), KNOCK) == "K b2-a3"


def test_a_wrong_piece_letter_is_an_illegal_action() -> None:
    move = NOTATION.read("Y b2-a3", KNOCK)
    assert check.check_move(KNOCK, move) == "b2 holds your black stone, not your yellow stone"


def test_x_before_a_free_square_is_an_error() -> None:
    with pytest.raises(IllegalMoveError, match=r"a3 is free: there is nothing to knock out there "
                                               r"\(write K b2-a3\)") as info:
        NOTATION.read("K b2xa3", KNOCK)
    assert info.value.start == rules.geometry(5, 5).find("b2")  # type: ignore[attr-defined]


def test_a_square_off_the_records_board_is_an_illegal_action_not_a_syntax_error() -> None:
    move = NOTATION.read("B@f1", KNOCK)
    assert check.check_move(KNOCK, move) == "f1 is not a square of the 5x5 board (files a-e, ranks 1-5)"
    move = NOTATION.read("K b2-j10", KNOCK)
    assert check.check_move(KNOCK, move) == ("j10 is not a square of the 5x5 board (files a-e, ranks "
                                          "1-5)")
    seven = rules.initial_position(7, 7)
    assert check.check_move(seven, NOTATION.read("B@f1", seven)) is None


def test_a_missing_letter_on_an_empty_or_foreign_square_is_explained() -> None:
    assert check.check_move(KNOCK, NOTATION.read("a1-a2", KNOCK)) == "there is no stone on a1"
    assert check.check_move(KNOCK, NOTATION.read("c3-c2", KNOCK)) == ("c3 holds North's white stone, "
                                                                   "and it is South's turn")


@pytest.mark.parametrize(("text", "message"), [
    ("", "an empty action"),
    ("   ", "an empty action"),
    ("@c1", "laying a piece is written with its letter and the square"),
    ("B@", "laying a piece is written with its letter and the square"),
    ("Z@c1", "'Z' is not a piece letter: B blue, Y yellow, K black, W white stone, X blockade"),
    ("B c1", "is not a Batu Khan action: write it like B@c1, X@d3, B c1-c3 or Y b2xc3"),
    ("B c1-", "is not a Batu Khan action"),
    ("B c1--c3", "is not a Batu Khan action"),
    ("Q c1-c3", "is not a Batu Khan action"),
    ("B c1-c3-c5", "is not a Batu Khan action"),
    ("B@c1 Y@d1", "is not a Batu Khan action"),
    ("B " + "c1-" * 30 + "c3", "is too long"),
])
def test_unreadable_actions_are_syntax_errors_saying_what_is_expected(text: str, message: str) -> None:
    with pytest.raises(MoveSyntaxError, match=re.escape(message)):
        NOTATION.normalize(text)
    with pytest.raises(MoveSyntaxError, match=re.escape(message)):
        NOTATION.read(text, KNOCK)


def test_the_patterns_are_linear() -> None:
    """No nested quantifiers: no repeated group (only bounded optional ones), no backreference."""
    for pattern in (module._LAY.pattern, module._MOVE.pattern):
        assert not re.search(r"\)[*+{]", pattern), pattern
        assert "\\1" not in pattern


def test_destinations_list_where_a_stone_may_go() -> None:
    geo, game = KNOCK.geometry, bk.GAME
    assert destinations(game, KNOCK, geo.index["b2"]) == ("a1", "a3", "c1", "c3")
    assert destinations(game, KNOCK, geo.index["d2"]) == ("c3", "e3")  # b4: c3 is in the way
    assert destinations(game, KNOCK, geo.index["a1"]) == ()
    assert start_of(game, Move("K", "b2", "a3")) == geo.index["b2"]
    assert start_of(game, Move("B", None, "a1")) is None
    assert not isinstance(NOTATION, Pbmserv)


def test_each_board_size_has_its_notation_numbering_its_squares() -> None:
    seven = module.notation_for(7, 7)
    assert module.notation_for(7, 7) is seven and module.notation_for(5, 5) is NOTATION
    game = batu_khan_game.batu_khan(7, 7)
    assert start_of(game, Move("W", "g7", "f6")) == 48
    assert start_of(bk.GAME, Move("W", "g7", "f6")) is None  # off the 5 x 5 board
    start = rules.initial_position(7, 7)
    after = rules.apply(rules.apply(start, Move("W", None, "g1")), Move("W", None, "a7"))
    assert destinations(game, after, 6) == ("f1", "f2", "g2")


@settings(max_examples=40, deadline=None)
@given(choices=st.lists(st.integers(0, 10**6), min_size=1, max_size=80),
       files=st.integers(3, 9), ranks=st.integers(3, 9))
def test_every_legal_action_reads_back_in_every_spelling(choices: list[int], files: int,
                                                         ranks: int) -> None:
    position = rules.initial_position(files, ranks)
    for choice in choices:
        moves = rules.legal_moves(position)
        if not moves:
            break
        for move in moves:
            text = NOTATION.format(move, position)
            assert NOTATION.read(text, position) == move
            assert NOTATION.read(text.lower(), position) == move
            assert NOTATION.read(text.upper(), position) == move
            if move.start is not None:
                bare = text[2:]
                assert NOTATION.read(bare, position) == move
                assert NOTATION.read(bare.replace("x", "-"), position) == move
        position = rules.apply(position, moves[choice % len(moves)])


def test_a_remembered_action_is_read_again_against_each_position() -> None:
    """The notation keeps what a text means; a dash onto an occupied square is still a knock-out,
    and another board of the same number of squares (6x4, 4x6) is read on its own."""
    free = setup.from_diagram("""
        5  .  .  .  .  .
        4  .  .  .  .  .
        3  .  .  .  .  .
        2  .  K  .  Y  .
        1  .  .  .  .  w
    """)
    assert NOTATION.read("Y d2-c3", free) == Move("Y", "d2", "c3")
    assert NOTATION.read("Y d2-c3", KNOCK) == Move("Y", "d2", "c3", True)
    assert NOTATION.read("Y d2-c3", free) == Move("Y", "d2", "c3")
    assert NOTATION.read("B@a1", free) == NOTATION.read("b@A1", KNOCK) == Move("B", None, "a1")
    wide, tall = rules.initial_position(6, 4), rules.initial_position(4, 6)
    for position in (wide, tall, wide):
        after = rules.apply(rules.apply(position, Move("W", None, "a1")),
                         Move("W", None, f"b{position.ranks}"))
        text = "W a1-b2"
        assert NOTATION.read(text, after) == Move("W", "a1", "b2")
        assert module.notation_for(position.files, position.ranks).read(text, after) == \
            Move("W", "a1", "b2")
