"""What a game may add for the engine, in its own package: an evaluation, a playout policy, a
whole playout at once, a guide to the moves worth searching first.

All are optional protocols asked with ``isinstance(game, ...)``, as the game contract's own
optional parts are (docs/architecture.md); a game without them still plays legally and finds every
win in one (docs/engine.md). The engine defines them and the games satisfy them structurally: the
games layer never imports the engine. A game declares one as a class attribute, imported on first
use like its ``play`` (``playout_move: Lazy[...] = Lazy("pbmkit.games.<game>.engine:playout_move")``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import Protocol, TypeVar, runtime_checkable

__all__ = ["Evaluates", "Guides", "PlaysOut", "PlaysOutWhole"]

_P = TypeVar("_P", contravariant=True)
_M = TypeVar("_M", covariant=True)
_G = TypeVar("_G", contravariant=True)


@runtime_checkable
class Evaluates(Protocol[_P]):
    """Optional: a position's value without playing it out.

    ``evaluate(position)`` is the side to move's chance of winning, 0 to 1 (0.5: even). The
    engine asks it where a playout stops unfinished (``Settings.cutoff`` plies); without it such
    a playout counts as a draw.
    """

    @property
    def evaluate(self) -> Callable[[_P], float]:
        """The function ``evaluate(position) -> float``."""
        ...


@runtime_checkable
class PlaysOut(Protocol[_P, _M]):
    """Optional: the move a playout plays, drawn by the game itself instead of uniformly from the
    legal moves (a game whose full list of moves is slow to build draws one at less cost).

    ``playout_move(position, rng)`` is a legal move of ``position`` (``check_move`` says ``None``
    of it), or ``None`` when there is none (the game is over), drawing its randomness from ``rng``
    only, so that a search stays deterministic with its seed.
    """

    @property
    def playout_move(self) -> Callable[[_P, Random], _M | None]:
        """The function ``playout_move(position, rng) -> move or None``."""
        ...


@runtime_checkable
class PlaysOutWhole(Protocol[_P, _M]):
    """Optional: a whole random playout at once, for a game that can decide its winner cheaper
    than by playing move after move (Hex fills the empty cells and follows one chain at the end).

    ``playout(position, rng)`` plays ``position`` (not over) out at random and gives the winner
    (a side's name, or ``"draw"``) and the moves played, in order, each with the side that played
    it. The moves serve RAVE only (docs/engine.md): a move played after the game would have ended
    may be among them, as long as the winner is the one the rules core gives where the playout
    ends. Randomness drawn from ``rng`` only, so that a search stays deterministic with its seed.
    Asked before :class:`PlaysOut`: a game with both plays its playouts whole.
    """

    @property
    def playout(self) -> Callable[[_P, Random], tuple[str, Sequence[tuple[str, _M]]]]:
        """The function ``playout(position, rng) -> (winner, [(side, move), ...])``."""
        ...


@runtime_checkable
class Guides(Protocol[_P, _G]):
    """Optional: which of a position's moves the game's own plan prefers, for the search to try
    first and to favour while it knows little of them (progressive bias: docs/engine.md).

    ``guide(position, moves)`` gives one weight from 0 to 1 for each of ``moves`` (the legal moves
    of ``position``, in that order), or ``None`` when the game has no preference there. The
    search adds ``Settings.guide * weight / (visits + 1)`` to a move's score: the bias fades as
    the move is searched, so a preferred move that plays badly is dropped, and where the values
    of the moves are too close for a short search to tell apart, the plan decides.
    """

    @property
    def guide(self) -> Callable[[_P, Sequence[_G]], Sequence[float] | None]:
        """The function ``guide(position, moves) -> weights or None``."""
        ...
