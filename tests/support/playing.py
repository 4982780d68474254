"""Playing a line of written moves from a game's start, each checked legal (the rules tests)."""

from __future__ import annotations

from typing import Any

from pbmkit.games import AnyGame

__all__ = ["play_line"]


def play_line(game: AnyGame, *texts: str) -> Any:
    """The position after ``texts`` (in the game's notation) from its start; each move must be
    legal where it is played (the assertion names the one that is not)."""
    position = game.initial_position()
    for text in texts:
        move = game.notation.read(text, position)
        assert game.check_move(position, move) is None, text
        position = game.apply(position, move)
    return position
