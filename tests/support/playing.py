"""Playing a line of written moves from a game's start, each checked legal (the rules tests), and
the positions of random games (the engine's tests)."""

from __future__ import annotations

import random
from typing import Any

from pbmkit.games import AnyGame

__all__ = ["play_line", "random_positions"]


def play_line(game: AnyGame, *texts: str) -> Any:
    """The position after ``texts`` (in the game's notation) from its start; each move must be
    legal where it is played (the assertion names the one that is not)."""
    position = game.initial_position()
    for text in texts:
        move = game.notation.read(text, position)
        assert game.check_move(position, move) is None, text
        position = game.apply(position, move)
    return position


def random_positions(game: AnyGame, seed: int, games: int, plies: int) -> list[Any]:
    """Every position of ``games`` random games of at most ``plies`` plies, seeded, the last
    (over, when the game ended) included."""
    rng = random.Random(seed)
    found: list[Any] = []
    for _ in range(games):
        position = game.initial_position()
        for _ in range(plies):
            found.append(position)
            moves = game.legal_moves(position)
            if not moves:
                break
            position = game.apply(position, moves[rng.randrange(len(moves))])
    return found
