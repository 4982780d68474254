"""Billo as a :class:`~pbmkit.games.base.Game` (``GAME``, Yellow moving first; ``configure``
gives the game whose ``First`` tag names Orange)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, ClassVar

from pbmkit.games.base import (
    Game,
    GameBase,
    HowWords,
    IllegalMoveError,
    Lazy,
    Outcome,
    SetupError,
    TagChoice,
    refuse_unread_tags,
)
from pbmkit.games.billo.check import check_move
from pbmkit.games.billo.rules import (
    BOARD,
    QUIET_DRAW_PLIES,
    SIDE_NAMES,
    Move,
    Position,
    apply,
    claimable_draw,
    legal_moves,
    outcome,
)
from pbmkit.games.billo.setup import format_setup, initial_position, parse_setup

if TYPE_CHECKING:
    from pbmkit.games.drawing import Look
    from pbmkit.games.notation import MoveNotation

__all__ = ["GAME", "Billo", "claim_draw"]


def claim_draw(position: Position) -> Outcome:
    """The result of a draw claim in ``position`` (rules 13, 14); :class:`IllegalMoveError` if refused."""
    done = outcome(position)
    if done is not None:
        raise IllegalMoveError("the game is already over")
    if claimable_draw(position) is None:
        raise IllegalMoveError(
            "a draw may be claimed only when each side has just one round Billo and one square "
            f"Billo, or after {QUIET_DRAW_PLIES // 2} moves by each side without a capture or a "
            f"promotion ({position.quiet // 2} so far)")
    return Outcome("draw", "draw-claimed")


class Billo(GameBase[Position, Move],
            rules=(claim_draw, legal_moves, check_move, apply, outcome, parse_setup, format_setup)):
    """The Billo rules as a :class:`~pbmkit.games.base.Game`; ``first`` is the side the record's
    ``First`` tag names (it moves first and opens every numbered turn)."""

    name = "billo"
    title = "Billo"
    board = BOARD
    sides = ("yellow", "orange")
    extra_tags = ("First",)
    tag_choices: ClassVar[Mapping[str, TagChoice]] = {
        "First": TagChoice("the side that moves first, Yellow or Orange (Yellow without the tag)",
                           ("Yellow", "Orange")),
    }
    positions_repeat = False
    """No position comes back: a capture leaves fewer pieces, a promotion (without one) more
    Billos, and any other move one more quiet ply, which the position counts (rule 14); so
    (pieces taken, Billos, quiet plies) grows with every move (``tests/games/test_billo_no_repeats.py``)."""
    outcome_words: ClassVar[Mapping[str, HowWords]] = {
        "capture-all": HowWords("by capturing every opposing piece", "by capturing every piece",
                                "captured every piece"),
        "no-moves": HowWords("because the opponent had no legal move",
                             "as the opponent has no legal move", "opponent had no move"),
        "draw-shapes": HowWords("every piece left has the same shape", "(only one shape is left)",
                                "one shape left"),
        "draw-billos": HowWords("one side has only round Billos and the other only square Billos",
                                "(round Billos against square Billos)",
                                "round against square Billos"),
    }

    def __init__(self, first: str = "yellow") -> None:
        self.first = first

    @property
    def order(self) -> tuple[str, ...]:
        """The side the ``First`` tag names, then the other."""
        return self.sides if self.first == self.sides[0] else (self.first, self.sides[0])

    def configure(self, tags: Mapping[str, str]) -> Billo:
        """Billo with the ``First`` tag's side moving first (rules: the players choose)."""
        refuse_unread_tags(self, tags)
        value = tags.get("First")
        if value is None:
            return GAME
        first = value.strip().lower()
        if first not in self.sides:
            raise SetupError(f"the First tag must be Yellow or Orange, not {value!r}", tag="First")
        return _CONFIGURED[first]

    def initial_position(self) -> Position:
        """The standard start, the side the ``First`` tag names (Yellow without it) to move."""
        return initial_position(self.first)

    play: Lazy[Callable[[Position, str], Position | None]] = Lazy("pbmkit.games.billo.play:play")

    def side_to_move(self, position: Position) -> str:
        """``"yellow"`` or ``"orange"``."""
        return SIDE_NAMES[position.turn]

    def touched(self, move: Move) -> tuple[tuple[int, ...], ...]:
        """The start, then every square the piece enters."""
        return ((move.start, *move.steps),)

    look: Lazy[Callable[[], Look[Position]]] = Lazy("pbmkit.games.billo.look:look")

    notation: Lazy[MoveNotation[Position, Move]] = Lazy("pbmkit.games.billo.notation:NOTATION")

    evaluate: Lazy[Callable[[Position], float]] = Lazy("pbmkit.games.billo.engine:evaluate")
    """The side to move's chance, for the engine's playouts cut short (optional:
    ``pbmkit.engine.Evaluates``; docs/engine.md)."""


GAME = Billo()
"""The registry's Billo game (Yellow moves first)."""

if TYPE_CHECKING:  # mypy --strict proves the game satisfies the whole protocol
    _AS_GAME: Game[Position, Move] = GAME
_CONFIGURED = {"yellow": GAME, "orange": Billo("orange")}
