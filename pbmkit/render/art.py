"""What each game looks like on paper: its drawing hints, asked of the game itself.

The board drawing in :mod:`pbmkit.render.diagram` is generic: it takes a board, a mapping
space -> piece symbol and the glyph of each symbol. A game gives them as data in its ``look()``
(:class:`pbmkit.games.drawing.Look`): Batalo's rings, discs and letters, Billo's stacked round and
square pieces. Nothing here names a game.
"""

from __future__ import annotations

from typing import Any

from pbmkit.games import AnyGame
from pbmkit.games.drawing import Glyph, Look, Part

__all__ = ["GameArt", "Glyph", "Part", "art_for", "piece_symbols"]

GameArt = Look[Any]
"""The printed look of one game (the games layer's :class:`~pbmkit.games.drawing.Look`)."""

_CACHE: dict[int, tuple[AnyGame, Look[Any]]] = {}


def art_for(game: AnyGame) -> Look[Any]:
    """The look of ``game`` (built once per game object: a configured game has its own);
    ``ValueError`` for an object that gives no drawing hints."""
    got = _CACHE.get(id(game))
    if got is None or got[0] is not game:
        look = getattr(game, "look", None)
        if look is None:
            raise ValueError(f"no drawings for {getattr(game, 'title', game)} yet")
        if len(_CACHE) > 256:
            _CACHE.clear()
        got = _CACHE[id(game)] = (game, look())
    return got[1]


def piece_symbols(game: AnyGame, position: Any) -> dict[int, str]:
    """Space -> piece symbol for every occupied space of ``position``."""
    return art_for(game).symbols(position)
