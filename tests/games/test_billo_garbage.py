"""Billo's move generation leaves no reference cycle behind: the engine lists moves hundreds of
thousands of times a search, and cyclic garbage must wait for the collector (docs/engine.md)."""

from __future__ import annotations

import gc
import random

from pbmkit.games import get_game
from pbmkit.games.billo.rules import analysis


def test_listing_moves_leaves_nothing_for_the_collector() -> None:
    game = get_game("billo")
    rng = random.Random(5)
    position = game.initial_position()
    positions = []
    for _ in range(60):
        moves = game.legal_moves(position)
        if not moves:
            break
        positions.append(position)
        position = game.apply(position, moves[rng.randrange(len(moves))])
    was = gc.isenabled()
    analysis.cache_clear()  # every position's moves generated again
    gc.collect()
    gc.disable()
    try:
        for p in positions:
            assert game.legal_moves(p)
        found = gc.collect()
    finally:
        if was:
            gc.enable()
    assert found == 0, f"{found} objects in reference cycles"
