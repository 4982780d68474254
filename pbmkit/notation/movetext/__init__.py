"""Move notations: how each game writes one move, found by game name.

The record grammar (tags, turns, comments, series, results) knows nothing of any game: a move is
one ``MOVE`` token. The game's package owns its notation (``pbmkit/games/<game>/notation.py``,
defining ``NOTATION``): it reads the text of that token against a position into the game's
``Move`` and writes a ``Move`` back canonically. This module finds it by game name.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from pbmkit.games.notation import MoveNotation, memoised_reader

__all__ = ["MoveNotation", "get_notation", "has_notation", "memoised_reader"]


_MODULES: dict[str, str] = {
    "batalo": "pbmkit.games.batalo.notation",
    "billo": "pbmkit.games.billo.notation",
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


def get_notation(game_name: str) -> MoveNotation[Any, Any]:
    """The move notation of ``game_name``; ``KeyError`` if the game has none."""
    notation: MoveNotation[Any, Any] = import_module(_MODULES[_key(game_name)]).NOTATION
    return notation
