"""Baladãna's ``play(position, text)`` (:class:`~pbmkit.games.base.Plays`): a turn read, checked
and applied in one pass, for ``pbmkit check``'s lean path (docs/performance.md, issue 22).

The notation's ``read``, :func:`~pbmkit.games.baladana.check.check_move` and
:func:`~pbmkit.games.baladana.rules.apply` are three calls, a
:class:`~pbmkit.games.baladana.rules.Move` made and the position after the turn handed from the
second to the third (``rules.CHECKED``). Here a turn written as the writer writes it (``e2-e6``,
``c1xh6``, ``Gd1>e2 e2-e6``, each perhaps with `` tax R``) is read from the words the notation
has read before (as ``read`` reads them), its capture mark held to the position as ``read``
holds it, and checked and applied by :func:`~pbmkit.games.baladana.check.turn_after`,
``check_move``'s own test. Anything else (loot, another spelling, an illegal turn, a game over):
``None``, and the caller goes the long way, which answers and explains.
``tests/games/test_play.py`` holds it to the three.
"""

from __future__ import annotations

from pbmkit.games.baladana.check import turn_after
from pbmkit.games.baladana.notation import (
    FIGURE_WORDS,
    RING_WORDS,
    figure_word_read,
    read_plain,
    ring_word_read,
)
from pbmkit.games.baladana.rules import SIDE_LETTERS, Position

__all__ = ["play"]


def play(position: Position, text: str) -> Position | None:
    """The position after the turn ``text`` when it is written as the writer writes it, without
    loot, and is legal; ``None`` otherwise (the long way decides)."""
    n = len(text)
    ring: tuple[str, int, int] | None = None
    tax: str | None = None
    if n == 5:  # e2-e6, c1xh6
        figure = FIGURE_WORDS.get(text) or figure_word_read(text)
    elif n == 12 and text[6] == " ":  # Gd1>e2 e2-e6
        ring = RING_WORDS.get(text[:6]) or ring_word_read(text[:6])
        if ring is None:
            return None
        figure = FIGURE_WORDS.get(text[7:]) or figure_word_read(text[7:])
    else:  # with a tax, or nothing play answers
        figure = read_plain(text)
        if figure is not None:
            ring, tax = figure[0].ring, figure[0].tax
    if figure is None:
        return None
    move, capture = figure
    end = move[1]
    # read's capture mark: x exactly when the end square holds an opponent's figure.
    if capture != (position.cells[end][:1] == SIDE_LETTERS[1 - position.turn]):
        return None
    return turn_after(position, move[0], end, ring, tax)
