"""Drawing hints: what a game tells the renderers about its pieces and its board, as plain data.

The renderers (:mod:`pbmkit.render`) know shapes, not games. A game's :meth:`look` gives a
:class:`Look`: which symbol stands on each space of a position, how each symbol is drawn in
black-and-white print (a :class:`Glyph`), the legend, the specially marked spaces (bases, camps,
X squares), the labels of the board's lines, and what is shown beside the board (pieces in hand,
pieces taken). Nothing here imports anything but the standard library.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Generic, TypeVar

__all__ = ["GLYPH_KINDS", "GLYPH_MARKS", "Glyph", "Look", "Part"]

Part = tuple[str, bool, bool]
"""One piece of a stack: (``"round"`` or ``"square"``, dark (filled) or light, doubled outline)."""

GLYPH_KINDS = ("ring", "disc", "letter", "stack")
"""The drawings a renderer knows: an open circle, a filled circle, a bold letter on a light disc
(a dark disc with a light letter when ``dark``), and pieces stacked bottom first."""

GLYPH_MARKS = ("dot", "double", "arrow-n", "arrow-e", "arrow-s", "arrow-w")
"""Marks added on a glyph: a centre dot, a second outline, an arrow showing the piece's facing."""

P = TypeVar("P")


@dataclass(frozen=True, slots=True)
class Glyph:
    """How one piece symbol is drawn (see :data:`GLYPH_KINDS` and :data:`GLYPH_MARKS`)."""

    kind: str
    letter: str = ""
    parts: tuple[Part, ...] = ()
    dark: bool = False
    """Filled: the second side's pieces where letters alone tell the kinds apart."""
    marks: tuple[str, ...] = ()


@dataclass(frozen=True, eq=False)
class Look(Generic[P]):
    """The printed look of one game (on one board: a configured game has its own look)."""

    symbols: Callable[[P], dict[int, str]]
    """Position -> {space: symbol} for every occupied space."""
    glyphs: Mapping[str, Glyph]
    """Symbol -> how it is drawn."""
    legend: tuple[tuple[str, str], ...]
    """(symbol, meaning) pairs in the order a key prints them, e.g. ("W", "white column")."""
    bases: Mapping[int, str] = field(default_factory=dict)
    """Specially marked spaces (bases, camps): space -> the side (or mark) it belongs to."""
    line_labels: Callable[[], list[tuple[tuple[int, int], str]]] | None = None
    """Labels of the board's lines: (virtual coordinate off the board, text)."""
    sides: tuple[str, ...] = ("white", "black")
    owners: Mapping[str, str] = field(default_factory=dict)
    """Symbol -> the side it belongs to (the terminal board styles each side's pieces)."""
    how_to: tuple[str, ...] = ()
    """The Phone Chart's lines on writing a move (``{example}``, ``{start}``, ``{end}`` filled in);
    empty: the template's (Batalo's)."""
    board_note: str = ""
    """The Phone Chart's note under the key; empty: the template's."""
    diagram_labels: bool = False
    """Whether every diagram (chart, mailer), not only the Phone Chart, carries the line labels."""
    beside: Callable[[P], list[tuple[str, tuple[str, ...]]]] | None = None
    """Position -> labelled groups of symbols shown beside the board (``("South in hand",
    ("B", "Y"))``, pieces knocked out or eaten); ``None``: nothing beside the board."""
