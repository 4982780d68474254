"""Batalo as a :class:`~pbmkit.games.base.Game` (``GAME``): the rules of :mod:`.rules`,
:mod:`.check` and :mod:`.setup` bound to one object, with its words, look and notation."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, ClassVar

from pbmkit.games.base import Announcement, Game, GameBase, HowWords, IllegalMoveError, Lazy, Outcome
from pbmkit.games.batalo.check import check_move
from pbmkit.games.batalo.rules import BOARD, WHITE, Move, Position, apply, legal_moves, outcome, threats
from pbmkit.games.batalo.setup import format_setup, initial_position, parse_setup

if TYPE_CHECKING:
    from random import Random  # (annotations only: random costs ~0.5 ms to import)

    from pbmkit.games.drawing import Look
    from pbmkit.games.notation import MoveNotation

__all__ = ["GAME", "Batalo"]


_AVERTO: tuple[tuple[Announcement, ...], ...] = tuple(
    (Announcement("averto", "threatens the " + " and the ".join(found)),) if found else ()
    for found in ((), ["column"], ["base"], ["column", "base"]))
"""``announce``'s answers, made once: indexed by how many threats there are, plus one when the
last is the base (``threats`` lists the column first): (), column, base, column and base."""


class Batalo(GameBase[Position, Move],
             rules=(legal_moves, check_move, apply, outcome, parse_setup, format_setup)):
    """The Batalo rules as a :class:`~pbmkit.games.base.Game`."""

    name = "batalo"
    title = "Batalo"
    board = BOARD
    sides = ("white", "black")
    outcome_words: ClassVar[Mapping[str, HowWords]] = {
        "base": HowWords("by reaching the opponent's base", "on the base", "reached the base"),
        "capture-all": HowWords("by capturing every opposing piece", "by capturing every piece",
                                "captured every piece"),
        "no-moves": HowWords("because the opponent had no legal move",
                             "as the opponent has no legal move", "opponent had no move"),
    }
    announcement_words: ClassVar[Mapping[str, str]] = {
        "averto": "after this move there is no threat to the opponent's column or base"}

    def initial_position(self) -> Position:
        """The standard setup (fig. 1), White to move ("White should move first")."""
        return initial_position()

    def claim_draw(self, position: Position) -> Outcome:
        """Batalo knows no claimed draw: a draw is agreed (rules, WINNING; ruling 12)."""
        raise IllegalMoveError("Batalo has no claimed draws: write 'draw agreed' for a draw by "
                               "agreement")

    play: Lazy[Callable[[Position, str], Position | None]] = Lazy("pbmkit.games.batalo.play:play")

    def side_to_move(self, position: Position) -> str:
        """``"white"`` or ``"black"``."""
        return "white" if position.turn == WHITE else "black"

    def touched(self, move: Move) -> tuple[tuple[int, ...], ...]:
        """The start, then every landing of a hop series when written, else the end."""
        return ((move.start, *(move.path or (move.end,))),)

    def announce(self, position: Position) -> tuple[Announcement, ...]:
        """``averto`` when the side that just moved threatens the column or the base (ruling 14)."""
        found = threats(position)
        return _AVERTO[len(found) + (found[-1] == "base")] if found else ()

    look: Lazy[Callable[[], Look[Position]]] = Lazy("pbmkit.games.batalo.look:look")

    notation: Lazy[MoveNotation[Position, Move]] = Lazy("pbmkit.games.batalo.notation:NOTATION")

    evaluate: Lazy[Callable[[Position], float]] = Lazy("pbmkit.games.batalo.engine:evaluate")
    """The side to move's chance, for the engine's playouts cut short (optional:
    ``pbmkit.engine.Evaluates``; docs/engine.md)."""
    playout_move: Lazy[Callable[[Position, Random], Move | None]] = Lazy(
        "pbmkit.games.batalo.engine:playout_move")
    """A legal move drawn from one piece's destinations, for the engine's playouts (optional:
    ``pbmkit.engine.PlaysOut``)."""


GAME = Batalo()
"""The registered Batalo game."""

if TYPE_CHECKING:  # mypy --strict proves the game satisfies the whole protocol
    _AS_GAME: Game[Position, Move] = GAME
