"""Baladãna as a :class:`~pbmkit.games.base.Game` (``GAME``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from pbmkit.games.baladana.check import check_move
from pbmkit.games.baladana.rules import (
    BOARD,
    SIDE_NAMES,
    Move,
    Position,
    apply,
    initial_position,
    legal_moves,
    outcome,
)
from pbmkit.games.baladana.setup import format_setup, parse_setup
from pbmkit.games.base import Game, GameBase, HowWords
from pbmkit.games.board import Board

if TYPE_CHECKING:
    from pbmkit.games.drawing import Look
    from pbmkit.games.notation import MoveNotation

__all__ = ["GAME", "Baladana"]


class Baladana(GameBase[Position, Move]):
    """The Baladãna rules (``docs/baladana.md``)."""

    name = "baladana"
    title = "Baladãna"
    sides = SIDE_NAMES
    outcome_words: ClassVar[Mapping[str, HowWords]] = {
        "golden-rings": HowWords("by taking both golden rings", "by taking both golden rings",
                                 "golden rings taken"),
        "no-capture": HowWords("as both players lost a golden ring", "as neither can capture",
                               "no capture possible"),
        "no-moves": HowWords("as the player to move had no legal turn",
                             "as the player to move has no legal turn", "no legal turn"),
    }

    @property
    def board(self) -> Board:
        """The 8 × 8 board."""
        return BOARD

    def initial_position(self) -> Position:
        """The default setup (house), White to move."""
        return initial_position()

    def side_to_move(self, position: Position) -> str:
        """``"white"`` or ``"black"``."""
        return SIDE_NAMES[position.turn]

    legal_moves = staticmethod(legal_moves)
    check_move = staticmethod(check_move)
    apply = staticmethod(apply)
    outcome = staticmethod(outcome)
    parse_setup = staticmethod(parse_setup)
    format_setup = staticmethod(format_setup)

    def touched(self, move: Move) -> tuple[tuple[int, ...], ...]:
        """The ring move's path, the figure move's path, then each loot square alone."""
        parts: list[tuple[int, ...]] = []
        if move.ring is not None:
            parts.append((move.ring[1], move.ring[2]))
        parts.append((move.start, move.end))
        parts.extend((sq,) for _, sq in move.loot)
        return tuple(parts)

    def look(self) -> Look[Position]:
        """Figures lettered by their rings, light White and dark Black; free rings; lost golden
        rings beside the board."""
        from pbmkit.games.baladana.look import look

        return look()

    @property
    def notation(self) -> MoveNotation[Position, Move]:
        """``Gd1>e2 e2-e6``, ``c1xh6 tax R loot G>e4`` (:mod:`pbmkit.games.baladana.notation`)."""
        from pbmkit.games.baladana.notation import NOTATION

        return NOTATION


GAME = Baladana()
"""The Baladãna game."""

if TYPE_CHECKING:  # mypy --strict proves the game satisfies the whole protocol
    _AS_GAME: Game[Position, Move] = GAME
