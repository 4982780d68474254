"""Move notations: how each game writes one move, found by game name.

The record grammar (tags, turns, comments, series, results) knows nothing of any game: a move is
one ``MOVE`` token. A game's module here reads the text of that token against a position into the
game's ``Move`` and writes a ``Move`` back canonically. Adding a game's notation is one module
that defines ``NOTATION`` and one line in :data:`_MODULES`.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any, Protocol, TypeVar

from pbmkit.notation.problems import MoveSyntaxError

__all__ = ["MoveNotation", "get_notation", "has_notation", "memoised_reader"]

W = TypeVar("W")


def memoised_reader(parse: Callable[[str], W], size: int = 8192) -> Callable[[str], W]:
    """``parse`` remembered per text, its :class:`MoveSyntaxError` too: records repeat moves."""
    cache: dict[str, W | tuple[str, object]] = {}

    def read(text: str) -> W:
        got = cache.get(text)
        if got is None:
            try:
                got = parse(text)
            except MoveSyntaxError as exc:
                got = (str(exc), exc.start)
            if len(cache) > size:
                cache.clear()
            cache[text] = got
        if isinstance(got, tuple):
            raise MoveSyntaxError(*got)
        return got

    read.__doc__ = parse.__doc__
    return read


class MoveNotation(Protocol):
    """What a game's move-notation module provides to the record reader and writer."""

    game_name: str
    """The registry name of the game (as in :func:`pbmkit.games.get_game`)."""
    example: str
    """A typical move as written, for messages (``"IR to HS"``)."""

    def normalize(self, text: str) -> str:
        """The canonical spelling of a written move, without a position; ``MoveSyntaxError`` if unreadable."""
        ...

    def read(self, text: str, position: Any) -> Any:
        """The game's move for ``text`` in ``position``: notation checks only, not legality.

        Raises ``MoveSyntaxError`` (unreadable, with ``.start`` set when the starting space was
        readable) or ``IllegalMoveError`` (readable, but the text contradicts the position, e.g.
        an explicit capture with nothing to capture).
        """
        ...

    def format(self, move: Any, position: Any) -> str:
        """The canonical text of ``move`` played in ``position`` (``"IR to HS"``)."""
        ...

    def start_of(self, move: Any) -> Any:
        """The space the moving piece starts on."""
        ...

    def destinations(self, position: Any, start: Any) -> tuple[str, ...]:
        """The names of the spaces the piece on ``start`` may legally move to."""
        ...

    def threats(self, position: Any) -> tuple[str, ...]:
        """What the side that just moved threatens next (``"column"``, ``"base"``): averto."""
        ...

    def pbmserv(self, move: Any) -> str:
        """The move in pbmserv's coordinates; ``ValueError`` if the game has none."""
        ...


_MODULES: dict[str, str] = {
    "batalo": "pbmkit.notation.movetext.batalo",
    "billo": "pbmkit.notation.movetext.billo",
}


def _key(game_name: str) -> str:
    key = game_name.strip().lower()
    if key in _MODULES:
        return key
    from pbmkit.games import get_game

    try:
        return get_game(key).name  # aliases such as "batallo"
    except KeyError:
        return key


def has_notation(game_name: str) -> bool:
    """Whether a move notation is registered for ``game_name`` (any case, aliases allowed)."""
    return _key(game_name) in _MODULES


def get_notation(game_name: str) -> MoveNotation:
    """The move notation of ``game_name``; ``KeyError`` if the game has none."""
    notation: MoveNotation = import_module(_MODULES[_key(game_name)]).NOTATION
    return notation
