"""Baladãna as a :class:`~pbmkit.games.base.Game` (``GAME``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
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
from pbmkit.games.base import Game, GameBase, HowWords, Lazy
from pbmkit.games.board import Board

if TYPE_CHECKING:
    from random import Random  # (annotations only: random costs ~0.5 ms to import)

    from pbmkit.games.drawing import Look
    from pbmkit.games.notation import MoveNotation

__all__ = ["GAME", "Baladana"]


class Baladana(GameBase[Position, Move],
               rules=(legal_moves, check_move, apply, outcome, parse_setup, format_setup)):
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

    def touched(self, move: Move) -> tuple[tuple[int, ...], ...]:
        """The ring move's path, the figure move's path, then each loot square alone."""
        parts: list[tuple[int, ...]] = []
        if move.ring is not None:
            parts.append((move.ring[1], move.ring[2]))
        parts.append((move.start, move.end))
        parts.extend((sq,) for _, sq in move.loot)
        return tuple(parts)

    look: Lazy[Callable[[], Look[Position]]] = Lazy("pbmkit.games.baladana.look:look")

    notation: Lazy[MoveNotation[Position, Move]] = Lazy("pbmkit.games.baladana.notation:NOTATION")

    play: Lazy[Callable[[Position, str], Position | None]] = Lazy("pbmkit.games.baladana.play:play")
    """A turn read, checked and applied in one pass (:class:`~pbmkit.games.base.Plays`)."""
    playout_move: Lazy[Callable[[Position, Random], Move | None]] = Lazy(
        "pbmkit.games.baladana.engine:playout_move")
    """A random legal turn drawn without listing them all, for the engine's playouts (optional:
    ``pbmkit.engine.PlaysOut``; docs/engine.md)."""
    evaluate: Lazy[Callable[[Position], float]] = Lazy("pbmkit.games.baladana.engine:evaluate")
    """The side to move's chance, for the engine's playouts cut short (optional:
    ``pbmkit.engine.Evaluates``)."""


GAME = Baladana()
"""The Baladãna game."""

if TYPE_CHECKING:  # mypy --strict proves the game satisfies the whole protocol
    _AS_GAME: Game[Position, Move] = GAME
