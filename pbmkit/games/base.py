"""What every game module provides: the protocol the notation, render and cli layers rely on."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar, runtime_checkable

from pbmkit.games.board import Board

__all__ = ["Game", "IllegalMoveError", "M", "Outcome", "P", "SetupError"]


class IllegalMoveError(ValueError):
    """A well-formed move that the rules forbid; the message says why in players' words."""


class SetupError(ValueError):
    """A ``Setup`` string that is malformed or describes an impossible position."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: ``winner`` is a side name or ``"draw"``; ``how`` names the reason."""

    winner: str
    how: str
    """``"base"``, ``"capture-all"``, ``"no-moves"`` (and game-specific reasons such as draws)."""


P = TypeVar("P", bound=Hashable)
M = TypeVar("M", bound=Hashable)


@runtime_checkable
class Game(Protocol[P, M]):
    """A game: its board, its positions and moves, and its rules.

    Positions and moves are frozen, hashable values. A game module registers one instance in
    :mod:`pbmkit.games` under its lower-case name.
    """

    name: str
    """The lower-case registry name, e.g. ``"batalo"``."""
    title: str
    """The name as printed, e.g. ``"Batalo"``."""
    board: Board
    sides: tuple[str, str]
    """Lower-case side names, first mover's side first in the standard setup."""

    def initial_position(self, first: str | None = None) -> P:
        """The standard starting position.

        ``first`` names the side that moves first where the rules let the players choose (Billo's
        ``First`` tag); a game whose first mover is fixed raises ``ValueError`` for another side.
        """
        ...

    def claim_draw(self, position: P) -> Outcome:
        """The draw the side to move may claim in ``position``.

        Raises :class:`IllegalMoveError` with the reason when no draw can be claimed (in a game
        whose rules know no claimed draws, always).
        """
        ...

    def side_to_move(self, position: P) -> str:
        """The side name whose turn it is."""
        ...

    def legal_moves(self, position: P) -> Sequence[M]:
        """Every legal move of the side to move, each once."""
        ...

    def check_move(self, position: P, move: M) -> str | None:
        """``None`` if ``move`` is legal, else why not, in players' words."""
        ...

    def apply(self, position: P, move: M) -> P:
        """The position after a legal ``move`` (not checked: call :meth:`check_move` first)."""
        ...

    def outcome(self, position: P) -> Outcome | None:
        """The result if the game is over in ``position``, else ``None``."""
        ...

    def parse_setup(self, text: str) -> P:
        """A position from a ``Setup`` tag value; raises :class:`SetupError` with the reason."""
        ...

    def format_setup(self, position: P) -> str:
        """The ``Setup`` tag value of ``position``."""
        ...
