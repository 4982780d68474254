"""The bounds the every-game tests share (tests/games/test_every_game.py and
tests/records/test_every_game_notation.py).

A game whose opening has more than WIDE legal moves (Baladãna: 1,383 turns, ring moves times figure
moves) plays fewer playouts, and each position checks a seeded sample of SAMPLE of its moves: the
same test, bounded to seconds.
"""

from __future__ import annotations

import random
from typing import Any

from pbmkit.games.base import Game

WIDE = 500
SAMPLE = 200


def sample(moves: list[Any], rng: random.Random) -> list[Any]:
    """``moves``, or a random SAMPLE of them when there are more (drawn by a generator seeded from
    ``rng``, which may be Hypothesis's: one draw of it, not one per move)."""
    return moves if len(moves) <= SAMPLE else random.Random(rng.getrandbits(32)).sample(moves, SAMPLE)


def wide(game: Game[Any, Any]) -> bool:
    """Whether the game's opening has more than WIDE legal moves."""
    return len(game.legal_moves(game.initial_position())) > WIDE
