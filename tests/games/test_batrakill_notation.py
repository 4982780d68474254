"""Batrakill notation (docs/batrakill.md, "Notation"): ``c2-c3``, ``e9/e8``, ``e5>c7``,
``D@e5``, ``D e4-e5``, ``D e4xe6xg6``; reading, writing, normalizing, destinations, split."""

from __future__ import annotations

import pytest
from test_batrakill_helpers import BOARD, DUEL, NOTATION, pos, sq

from pbmkit.games.base import IllegalMoveError, start_of
from pbmkit.games.batrakill import GAME, Move, Position
from pbmkit.games.batrakill.check import check_move
from pbmkit.games.batrakill.notation import MAX_MOVE_LENGTH, format_move
from pbmkit.games.batrakill.rules import initial_position
from pbmkit.games.notation import MoveSyntaxError, Pbmserv, destinations

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
    assert destinations(GAME, start, sq("b2")) == ("a2", "b3", "c2")
    assert start_of(GAME, Move("drop", (sq("e5"),))) is None
    assert start_of(GAME, Move("step", (sq("b2"), sq("b3")))) == sq("b2")
    assert not isinstance(NOTATION, Pbmserv)


def test_split_keeps_the_dragon_letter_with_its_move() -> None:
    def texts(run: str) -> list[str]:
        return [run[s.start:s.end] for s in NOTATION.split(run)]

    assert texts("c2-c3 D e4xe6xg6") == ["c2-c3", "D e4xe6xg6"]
    assert texts("e9/e8  D@e5") == ["e9/e8", "D@e5"]
    assert texts("e5>c7 d e4 x e6 x g6") == ["e5>c7", "d e4 x e6 x g6"]


# --- one test per row of the notation table: every spelling read, split, written back ---

def board(*rows: str) -> str:
    """Nine ranks: ``rows`` for ranks 9, 8, ... then empty ranks."""
    return "\n".join([*rows, *[E] * (9 - len(rows))])


def spans(run: str) -> list[str]:
    """The moves :meth:`split` finds in ``run``, as written."""
    return [run[s.start:s.end] for s in NOTATION.split(run)]


def row(position: Position, spellings: list[str], canonical: str, move: Move,
        before: str = "a1-a2", after: str = "D i9-h9") -> None:
    """Each spelling normalizes to ``canonical`` (or to the same move once read), is split whole
    from between two other moves, reads as ``move`` in ``position``, which is legal there and is
    written ``canonical``."""
    for text in spellings:
        run = f"{before}  {text} {after}"
        assert spans(run) == [before, text, after], text
        got = NOTATION.normalize(text)
        assert got == canonical or got == canonical.removeprefix("D "), text
        assert NOTATION.read(text, position) == move, text
    assert check_move(position, move) is None
    assert NOTATION.format(move, position) == canonical
    assert NOTATION.read(canonical, position) == move


def test_row_c2_c3_a_knight_moves() -> None:
    p = pos(board("D . . . . . . . .", *[E] * 6, ". . ^ . . . . . ."))
    row(p, ["c2-c3", "C2-C3", "c2 - c3", "c2–c3", "c2 -c3"], "c2-c3", Move("step", (sq("c2"), sq("c3"))))


def test_row_c2_c3_a_knight_moves_with_its_carried_tower() -> None:
    p = pos(board("D . . . . . . . .", *[E] * 5, ". . Cv . . . . . ."), supply=4)
    row(p, ["c3-c2", "c3 - c2"], "c3-c2", Move("step", (sq("c3"), sq("c2"))))


def test_row_c2_c3_a_knight_leaves_a_tower() -> None:
    p = pos(board("D . . . . . . . .", *[E] * 6, ". . T^ . . . . . ."), supply=4)
    row(p, ["c2-b3", "C2 - B3"], "c2-b3", Move("step", (sq("c2"), sq("b3"))))
    row(p, ["c2-c1"], "c2-c1", Move("step", (sq("c2"), sq("c1"))))  # backward, out of a tower


def test_row_e9_e8_a_knight_steps_out_of_its_carried_tower_placing_it_on_e9() -> None:
    p = pos(board(". . . . Cv . . . .", *[E] * 7, "D . . . . . . . ."), supply=4)
    row(p, ["e9/e8", "E9/E8", "e9 / e8", "e9 /e8"], "e9/e8", Move("place", (sq("e9"), sq("e8"))),
        before="a2-a3")
    row(p, ["e9/d8"], "e9/d8", Move("place", (sq("e9"), sq("d8"))), before="a2-a3")


def test_row_e5_c7_a_knight_passes_underground_from_tower_to_tower() -> None:
    p = pos(board(E, E, ". . T . . . . . .", E, ". . . . T^ . . . .", E, E, E,
                  ". . . . . . . . D"), round=2)
    row(p, ["e5>c7", "E5>C7", "e5 > c7", "e5> c7"], "e5>c7", Move("pass", (sq("e5"), sq("c7"))),
        after="D i1-h1")


def test_row_e5_c7_to_a_tower_a_step_away_the_passage_is_written_as_the_step() -> None:
    p = pos(board(E, E, E, ". . . . . T . . .", ". . . . T^ . . . .", E, E, E,
                  ". . . . . . . . D"), round=2)
    move = Move("step", (sq("e5"), sq("f6")))
    assert NOTATION.read("e5>f6", p) == move == NOTATION.read("e5-f6", p)
    assert NOTATION.format(move, p) == "e5-f6" and check_move(p, move) is None


def test_row_D_at_e5_the_dragon_is_placed_at_the_start_of_a_round() -> None:
    p = pos(board(*[E] * 8, "^ . . . . . . . ."), move="dragon")
    row(p, ["D@e5", "d@e5", "D @ e5", "d@ E5", "D @e5"], "D@e5", Move("drop", (sq("e5"),)),
        before="b1-b2", after="c1-c2")


def test_row_D_e4_e5_a_dragon_step_the_D_may_be_left_out() -> None:
    p = pos(board(*[E] * 5, ". . . . D . . . .", E, E, "^ . . . . . . . ."), move="dragon")
    row(p, ["D e4-e5", "De4-e5", "d e4 - e5", "D e4–e5", "e4-e5", "E4 - E5"], "D e4-e5",
        Move("dragon", (sq("e4"), sq("e5"))), before="b1-b2", after="c1-c2")


def test_row_D_e4xe6xg6_a_chain_of_jumps_x_before_each_landing_the_D_may_be_left_out() -> None:
    # e5 a knight (eaten), f6 an empty tower (jumped): the dragon may stop after the first jump
    p = pos(board(E, E, E, ". . . . . T . . .", ". . . . ^ . . . .", ". . . . D . . . .", E, E,
                  "^ . . . . . . . ."), move="dragon")
    row(p, ["D e4xe6xg6", "e4xe6xg6", "d e4 x e6 x g6", "D e4×e6×g6", "De4Xe6Xg6", "D e4-e6-g6",
            "e4 x e6 x g6"], "D e4xe6xg6", Move("dragon", (sq("e4"), sq("e6"), sq("g6"))),
        before="b1-b2", after="c1-c2")
    row(p, ["D e4xe6", "e4xe6", "D e4-e6"], "D e4xe6", Move("dragon", (sq("e4"), sq("e6"))),
        before="b1-b2", after="c1-c2")


@pytest.mark.parametrize(("run", "moves"), [
    ("c2- D@e5", ["c2-", "D@e5"]),  # a move cut short is its own span; the next is read whole
    ("c2 - d e4xe6", ["c2 -", "d e4xe6"]),
    ("d2-d3 d d4xd6", ["d2-d3", "d d4xd6"]),  # d: a file before a rank, the dragon before a space
    ("zz c2-c3", ["zz", "c2-c3"]),
    ("x e5", ["x", "e5"]),
    ("c2-c3 x", ["c2-c3 x"]),
    ("", []),
])
def test_split_is_total_every_word_in_some_span(run: str, moves: list[str]) -> None:
    assert spans(run) == moves
