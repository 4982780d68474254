"""The drawing model: a few plain shapes in board units, drawn by the SVG and PDF backends alike.

Coordinates have ``y`` pointing up (as in PDF); the SVG backend flips them. Colours are grey
levels or RGB triples in 0..1, so every form prints well in black and white. A :class:`Drawing`
keeps its shapes in three layers: ``under`` (highlights), ``grid`` (the board itself, the same for
every position, so the PDF backend draws it once and reuses it) and ``over`` (pieces and marks).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

__all__ = [
    "BLACK", "PLACED_REACH", "WHITE", "Circle", "Colour", "Drawing", "Placed", "Polygon", "Polyline",
    "Shape", "Text", "grey",
]

Colour = tuple[float, float, float]
"""An RGB colour, each channel 0..1."""

BLACK: Colour = (0.0, 0.0, 0.0)
WHITE: Colour = (1.0, 1.0, 1.0)


def grey(level: float) -> Colour:
    """The grey of ``level`` (0 black .. 1 white)."""
    return (level, level, level)


Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Polygon:
    """A closed polygon, filled and/or stroked."""

    points: tuple[Point, ...]
    fill: Colour | None = None
    stroke: Colour | None = BLACK
    width: float = 0.05


@dataclass(frozen=True, slots=True)
class Polyline:
    """An open line through ``points``; ``dash`` is (on, off) in board units, or ``None``."""

    points: tuple[Point, ...]
    stroke: Colour = BLACK
    width: float = 0.05
    dash: tuple[float, float] | None = None


@dataclass(frozen=True, slots=True)
class Circle:
    """A circle, filled and/or stroked."""

    centre: Point
    radius: float
    fill: Colour | None = None
    stroke: Colour | None = BLACK
    width: float = 0.05


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text; ``(x, y)`` is the baseline point picked by ``anchor``."""

    x: float
    y: float
    text: str
    size: float
    bold: bool = False
    fill: Colour = BLACK
    anchor: str = "middle"
    """``"start"``, ``"middle"`` or ``"end"``, as in SVG."""


@dataclass(frozen=True, slots=True)
class Placed:
    """A group of shapes drawn about the origin, placed at ``at`` (a piece glyph).

    Equal ``key`` promises equal ``shapes``: the PDF backend draws each key once and reuses it.
    """

    key: str
    at: Point
    shapes: tuple[Polygon | Polyline | Circle | Text, ...]


Shape = Polygon | Polyline | Circle | Text | Placed

PLACED_REACH = 1.6
"""How far from its point a :class:`Placed` group (a piece, a move's dot, an end cell's heavy edge
drawn on the cell's edge, half outside it) may draw, in board units: the backends clip it there."""


@dataclass(frozen=True)
class Drawing:
    """Shapes in three layers and the box ``(x0, y0, x1, y1)`` that holds them all."""

    bbox: tuple[float, float, float, float]
    grid: Sequence[Shape]
    under: Sequence[Shape] = field(default_factory=tuple)
    over: Sequence[Shape] = field(default_factory=tuple)
    grid_key: str = ""
    """Equal keys promise equal grids: the PDF backend draws a grid once per key and reuses it."""
    marked: tuple[tuple[int, ...], ...] = ()
    """The paths of spaces marked on the board as the last move(s), as they were asked for."""

    @property
    def width(self) -> float:
        """The width of :attr:`bbox`."""
        return self.bbox[2] - self.bbox[0]

    @property
    def height(self) -> float:
        """The height of :attr:`bbox`."""
        return self.bbox[3] - self.bbox[1]

    @property
    def smallest_text(self) -> float:
        """The size of the smallest text the drawing holds, in drawing units (piece letters,
        space names, line labels, the column beside the board); ``inf`` when it holds none."""
        return min((t.size for t in _texts(self.under, self.grid, self.over)), default=math.inf)

    def smallest_scale(self, floor: float = 6.0) -> float:
        """The smallest scale (points per drawing unit) at which no text of the drawing is under
        ``floor`` points (forms print nothing under 6 pt); 0 when the drawing holds no text."""
        smallest = self.smallest_text
        return 0.0 if math.isinf(smallest) else floor / smallest

    def layers(self) -> tuple[Sequence[Shape], Sequence[Shape], Sequence[Shape]]:
        """The layers in drawing order: under, grid, over."""
        return (self.under, self.grid, self.over)


def _texts(*layers: Iterable[Shape]) -> Iterator[Text]:
    """Every text of ``layers``, those inside placed groups too."""
    for layer in layers:
        for shape in layer:
            if isinstance(shape, Text):
                yield shape
            elif isinstance(shape, Placed):
                yield from (s for s in shape.shapes if isinstance(s, Text))
