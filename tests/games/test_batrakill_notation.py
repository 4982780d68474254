"""Batrakill notation (shared/spec/batrakill.md, "Notation"): ``c2-c3``, ``e9/e8``, ``e5>c7``,
``D@e5``, ``D e4-e5``, ``D e4xe6xg6``; reading, writing, normalizing, destinations, split."""

from __future__ import annotations

import pytest
from test_batrakill_helpers import BOARD, DUEL, NOTATION, pos, sq

from pbmkit.games.base import IllegalMoveError
from pbmkit.games.batrakill import Move, initial_position
from pbmkit.games.batrakill.notation import MAX_MOVE_LENGTH, format_move
from pbmkit.games.notation import MoveSyntaxError

E = ". . . . . . . . ."


@pytest.mark.parametrize(("text", "canonical"), [
    ("c2-c3", "c2-c3"), (" C2 - C3 ", "c2-c3"), ("c2–c3", "c2-c3"),
    ("e9/e8", "e9/e8"), ("E9 / e8", "e9/e8"),
    ("e5>c7", "e5>c7"), ("e5 > c7", "e5>c7"),
    ("D@e5", "D@e5"), ("d @ E5", "D@e5"),
    ("D e4-e5", "D e4-e5"), ("De4-e5", "D e4-e5"), ("D e4xe6xg6", "D e4xe6xg6"),
    ("e4xe6xg6", "e4xe6xg6"), ("D e4 × e6 X g6", "D e4xe6xg6"),
    ("d2-d3", "d2-d3"),  # a knight on the d file, not the dragon
])
def test_normalize_spells_each_written_form_canonically(text: str, canonical: str) -> None:
    assert NOTATION.normalize(text) == canonical


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty"),
    ("c2", "not a Batrakill move"),
    ("c2-", "a square is missing"),
    ("zz-c3", "'zz' is not a square"),
    ("D@", "placed on a square"),
    ("D e9/e8", "the dragon steps"),
    ("e9/e8/e7", "join two squares only"),
    ("c2@c3", "not a Batrakill move"),
    ("c2-c3" * 20, "too long"),
])
def test_unreadable_moves_say_why(text: str, message: str) -> None:
    with pytest.raises(MoveSyntaxError, match=message):
        NOTATION.normalize(text)


def test_a_long_move_is_refused_before_any_pattern_runs() -> None:
    with pytest.raises(MoveSyntaxError, match="too long"):
        NOTATION.normalize("a1-" * 10_000)
    assert MAX_MOVE_LENGTH < 100


def test_reading_in_a_position_gives_the_move_of_the_side_to_move() -> None:
    start = initial_position(DUEL)
    assert NOTATION.read("e1-e2", start) == Move("step", (sq("e1"), sq("e2")))
    with pytest.raises(IllegalMoveError, match="knights' turn"):
        NOTATION.read("D@e5", start)
    with pytest.raises(IllegalMoveError, match="not a square of this 9x9 board"):
        NOTATION.read("e1-e12", start)
    dragon = pos("\n".join([E] * 4 + [". . . . D . . . ."] + [E] * 3 + ["^ . . . . . . . ."]),
                 move="dragon")
    assert NOTATION.read("e5-e6", dragon) == Move("dragon", (sq("e5"), sq("e6")))
    assert NOTATION.read("D e5-e6", dragon) == Move("dragon", (sq("e5"), sq("e6")))


def test_a_passage_to_an_adjacent_tower_is_written_as_the_step() -> None:
    p = pos("\n".join([E] * 3 + [". . . . . T . . .", ". . . . T^ . . . ."] + [E] * 3
                      + [". . . . . . . . D"]), round=2)
    move = NOTATION.read("e5>f6", p)
    assert move == Move("step", (sq("e5"), sq("f6")))
    assert format_move(BOARD, move) == "e5-f6"


def test_format_writes_every_kind_of_move() -> None:
    s = sq
    assert format_move(BOARD, Move("step", (s("c2"), s("c3")))) == "c2-c3"
    assert format_move(BOARD, Move("place", (s("e9"), s("e8")))) == "e9/e8"
    assert format_move(BOARD, Move("pass", (s("e5"), s("c7")))) == "e5>c7"
    assert format_move(BOARD, Move("drop", (s("e5"),))) == "D@e5"
    assert format_move(BOARD, Move("dragon", (s("e4"), s("e5")))) == "D e4-e5"
    assert format_move(BOARD, Move("dragon", (s("e4"), s("e6"), s("g6")))) == "D e4xe6xg6"


def test_destinations_and_start_of() -> None:
    start = initial_position(DUEL)
    assert NOTATION.destinations(start, sq("b2")) == ("a2", "b3", "c2")
    assert NOTATION.start_of(Move("drop", (sq("e5"),))) is None
    assert NOTATION.start_of(Move("step", (sq("b2"), sq("b3")))) == sq("b2")
    with pytest.raises(ValueError, match="no pbmserv"):
        NOTATION.pbmserv(Move("drop", (sq("e5"),)))


def test_split_keeps_the_dragon_letter_with_its_move() -> None:
    def texts(run: str) -> list[str]:
        return [run[s.start:s.end] for s in NOTATION.split(run)]

    assert texts("c2-c3 D e4xe6xg6") == ["c2-c3", "D e4xe6xg6"]
    assert texts("e9/e8  D@e5") == ["e9/e8", "D@e5"]
    assert texts("e5>c7 d e4 x e6 x g6") == ["e5>c7", "d e4 x e6 x g6"]
