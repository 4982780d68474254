"""What a diagram marks: the last move's paths as the game says (``touched``), never guessed from
the type of a move; and the smallest text a drawing holds, so that a form can size it (issue 23,
issue 24 fault 1)."""

from __future__ import annotations

import random
from typing import Any, NamedTuple

import pytest

from pbmkit.games import game_names, get_game
from pbmkit.games.board import square_board
from pbmkit.games.drawing import Glyph, Look
from pbmkit.render.diagram import DiagramStyle, game_drawing, move_marks
from pbmkit.render.shapes import Drawing, Placed, Text


def _some_moves(name: str, plies: int = 12) -> list[tuple[Any, Any]]:
    """(move, position after) along a seeded random game: every kind of move a game has soon."""
    game = get_game(name)
    rng = random.Random(23)
    position = game.initial_position()
    out = []
    for _ in range(plies):
        moves = list(game.legal_moves(position))
        if not moves:
            break
        for move in rng.sample(moves, min(3, len(moves))):
            out.append((move, game.apply(position, move)))
        position = game.apply(position, rng.choice(moves))
    return out


@pytest.mark.parametrize("name", game_names())
def test_the_marks_drawn_for_a_move_are_the_paths_the_game_says_it_touches(name: str) -> None:
    game = get_game(name)
    for move, after in _some_moves(name):
        drawing = game_drawing(game, after, last_moves=[move])
        assert drawing.marked == tuple(tuple(p) for p in game.touched(move)), str(move)
        assert move_marks(game, [move]) == drawing.marked


class _Cell(NamedTuple):
    """A Hex-like move: a cell and whether it swaps; a tuple of ints, and not a path."""

    cell: int
    swap: int


class _Drops:
    """The least a game gives the diagram: a board, its look, and what a move touches."""

    name = title = "drops"
    board = square_board(4, 4)

    def look(self) -> Look[dict[int, str]]:
        return Look(symbols=lambda position: position, glyphs={"R": Glyph("disc")},
                    legend=(("R", "red stone"),))

    def touched(self, move: _Cell) -> tuple[tuple[int, ...], ...]:
        return ((move.cell,),)


def test_a_move_that_is_a_tuple_of_ints_is_marked_as_the_game_says_not_as_a_path() -> None:
    game: Any = _Drops()
    move = _Cell(cell=9, swap=0)
    drawing = game_drawing(game, {9: "R"}, last_moves=[move])
    assert drawing.marked == ((9,),)  # not an arrow from a1 (space 0) to b3
    assert not [s for s in drawing.over if isinstance(s, Placed) and s.key == "dot"]
    # a path of spaces is marked only when given as one, through its own argument
    assert game_drawing(game, {9: "R"}, marks=[(0, 9)]).marked == ((0, 9),)


def test_a_drawing_tells_its_smallest_text_and_the_scale_that_keeps_it_at_6_pt() -> None:
    game = get_game("batalo")
    plain = game_drawing(game, game.initial_position())
    assert plain.smallest_text == min(
        t.size for p in plain.over if isinstance(p, Placed) for t in p.shapes if isinstance(t, Text))
    named = game_drawing(game, None, style=DiagramStyle(name_size=0.5, label_size=0.85))
    assert named.smallest_text == pytest.approx(0.5)
    assert named.smallest_scale() == pytest.approx(12.0)
    assert named.smallest_scale(7.0) == pytest.approx(14.0)
    empty = Drawing(bbox=(0.0, 0.0, 1.0, 1.0), grid=())
    assert empty.smallest_scale() == 0.0
