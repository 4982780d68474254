"""Move notations: how each game writes one move, found by game name.

The record grammar (tags, turns, comments, series, results) knows nothing of any game: a move is
one ``MOVE`` token. The game's package owns its notation (``Game.notation``): it reads the text
of that token against a position into the game's ``Move`` and writes a ``Move`` back
canonically. This module finds it by game name, through the game registry.
"""

from __future__ import annotations

from typing import Any

from pbmkit.games.notation import MoveNotation, memoised_reader

__all__ = ["MoveNotation", "get_notation", "has_notation", "memoised_reader"]


def has_notation(game_name: str) -> bool:
    """Whether ``game_name`` names a registered game (every game has its notation)."""
    from pbmkit.games import UnknownGameError, get_game

    try:
        get_game(game_name)
    except UnknownGameError:
        return False
    return True


def get_notation(game_name: str) -> MoveNotation[Any, Any]:
    """The move notation of ``game_name``; ``KeyError`` (:class:`UnknownGameError`) if no game."""
    from pbmkit.games import get_game

    return get_game(game_name).notation
