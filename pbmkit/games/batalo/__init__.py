"""Batalo (Harmony Games, 1993): board, setup, legal moves, move checking, outcome, averto.

Rules: ``shared/rules/batalo.txt``; board, names, rulings 1–14 and our decisions: ``docs/batalo.md``.
This module is the public face of the rules core and re-exports three parts:

* :mod:`pbmkit.games.batalo.rules`: board and names, positions and moves, generation, outcome;
* :mod:`pbmkit.games.batalo.check`: checking one move, with reasons in players' words;
* :mod:`pbmkit.games.batalo.setup`: Setup strings, validation and ASCII diagrams.
"""

from __future__ import annotations

from pbmkit.games.base import IllegalMoveError, Outcome
from pbmkit.games.batalo.check import check_move, move_or_raise
from pbmkit.games.batalo.rules import (
    BLACK,
    BLACK_BASE,
    BLACK_COLUMN,
    BLACK_STONE,
    BOARD,
    EMPTY,
    STANDARD_SETUP,
    WHITE,
    WHITE_BASE,
    WHITE_COLUMN,
    WHITE_STONE,
    Move,
    Position,
    apply,
    base_of,
    destinations,
    finished,
    from_pbmserv,
    has_legal_move,
    hop_paths,
    is_averto,
    legal_moves,
    mirror,
    mirror_space,
    outcome,
    space,
    space_name,
    threats,
    to_pbmserv,
)
from pbmkit.games.batalo.setup import (
    diagram,
    diagram_rows,
    format_setup,
    from_diagram,
    initial_position,
    parse_setup,
    validate,
)

__all__ = [
    "BLACK",
    "BLACK_BASE",
    "BLACK_COLUMN",
    "BLACK_STONE",
    "BOARD",
    "EMPTY",
    "GAME",
    "STANDARD_SETUP",
    "WHITE",
    "WHITE_BASE",
    "WHITE_COLUMN",
    "WHITE_STONE",
    "Batalo",
    "Move",
    "Position",
    "apply",
    "base_of",
    "check_move",
    "destinations",
    "diagram",
    "diagram_rows",
    "finished",
    "format_setup",
    "from_diagram",
    "from_pbmserv",
    "has_legal_move",
    "hop_paths",
    "initial_position",
    "is_averto",
    "legal_moves",
    "mirror",
    "mirror_space",
    "move_or_raise",
    "outcome",
    "parse_setup",
    "space",
    "space_name",
    "threats",
    "to_pbmserv",
    "validate",
]


class Batalo:
    """The Batalo rules as a :class:`~pbmkit.games.base.Game`."""

    name = "batalo"
    title = "Batalo"
    board = BOARD
    sides = ("white", "black")

    def initial_position(self, first: str | None = None) -> Position:
        """The standard setup (fig. 1), White to move ("White should move first")."""
        if first not in (None, "white"):
            raise ValueError("White always moves first in Batalo")
        return initial_position()

    def claim_draw(self, position: Position) -> Outcome:
        """Batalo knows no claimed draw: a draw is agreed (rules, WINNING; ruling 12)."""
        raise IllegalMoveError("Batalo has no claimed draws: write 'draw agreed' for a draw by "
                               "agreement")

    def side_to_move(self, position: Position) -> str:
        """``"white"`` or ``"black"``."""
        return "white" if position.turn == WHITE else "black"

    def legal_moves(self, position: Position) -> list[Move]:
        """Every legal move of the side to move, each once."""
        return legal_moves(position)

    def check_move(self, position: Position, move: Move) -> str | None:
        """``None`` if ``move`` is legal, else why not."""
        return check_move(position, move)

    def apply(self, position: Position, move: Move) -> Position:
        """The position after the legal ``move``."""
        return apply(position, move)

    def outcome(self, position: Position) -> Outcome | None:
        """The result if the game is over on the board, else ``None``."""
        return outcome(position)

    def parse_setup(self, text: str) -> Position:
        """A position from a ``Setup`` value."""
        return parse_setup(text)

    def format_setup(self, position: Position) -> str:
        """The ``Setup`` value of ``position``."""
        return format_setup(position)


GAME = Batalo()
"""The registered Batalo game."""
