"""The marks a diagram draws on its board besides the pieces: the last move, marked squares and
the edges that belong to a side. All in black, by outline, hatching or weight, never light grey:
a photocopier's 50 % threshold keeps them (docs/forms.md, "The last move", "Marked squares").

* **The last move**: a dot on its start, an arrow (with a white casing, so that it crosses a line
  it meets with a gap, never merged into it) through each landing to the end, and the end cell's
  own edge drawn heavy. The heavy edge has no gap between it and the grid line: it cannot be
  taken for a base's or a camp's double outline (a thin inner line clear of the cell's edge).
* **Marked squares** (``Look.bases``): a thin inner outline; ``X`` (Batrakill's X squares) also a
  cross from corner to corner of it, which a piece standing there leaves showing at the corners;
  another one-letter mark (a zone's tower site) its letter, dark, on the empty square only (a
  piece standing there hides it whole, rather than let its edges peek out).
* **Edges** (``Look.edges``, Hex): a band outside the board along a side's edges, dark (solid)
  for a side whose pieces are dark, light (outlined, open) for the other.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import pairwise

from pbmkit.games.base import path_kind
from pbmkit.games.drawing import Edge
from pbmkit.render.shapes import BLACK, WHITE, Circle, Placed, Point, Polygon, Polyline, Shape, Text

__all__ = ["APOTHEM", "INK", "MARK_LETTER_GREY", "arrow", "edge_band", "edge_shapes", "end_outline",
           "move_shapes", "outline", "square_mark"]

INK = BLACK
"""The last move's marks are black (the old 10 % and 22 % grey shading vanished on a copy)."""
MARK_LETTER_GREY = 0.3
"""A marked square's letter (a tower site's ``N``): dark enough to survive a 50 % threshold (it
was 62 % grey and vanished), lighter than a piece's black letter."""

_HEX_CORNERS = tuple((math.cos(math.radians(60 * k)), math.sin(math.radians(60 * k))) for k in range(6))
_SQUARE_CORNERS = ((1.0, 1.0), (-1.0, 1.0), (-1.0, -1.0), (1.0, -1.0))
APOTHEM = {"hex": math.sqrt(3.0) / 2, "square": 1.0}
"""From a cell's centre to the middle of its edge, in board units (a hex cell's circumradius is
1, a square cell's side 2)."""


def outline(kind: str, centre: Point, scale: float = 1.0) -> tuple[Point, ...]:
    """The corners of a cell of ``kind`` about ``centre``, ``scale`` times its size."""
    corners = _HEX_CORNERS if kind == "hex" else _SQUARE_CORNERS
    x, y = centre
    return tuple((x + scale * dx, y + scale * dy) for dx, dy in corners)


def end_outline(kind: str, centre: Point, width: float, clear: float) -> Placed:
    """The end cell's own edge drawn ``width`` heavy, on the grid line (no gap beside it), its
    inside kept ``clear`` board units from the centre, where a base's inner outline stands: the
    line then moves outwards rather than merge with it."""
    apothem = APOTHEM[kind]
    middle = max(apothem, clear + width / 2)
    return Placed(f"end:{kind}:{width:.4f}:{middle:.4f}", centre,
                  (Polygon(outline(kind, (0.0, 0.0), middle / apothem), fill=None, stroke=INK,
                           width=width),))


def _start_dot(radius: float) -> tuple[Circle, ...]:
    return (Circle((0.0, 0.0), radius, fill=INK, stroke=WHITE, width=0.25 * radius),)


def arrow(points: list[Point], width: float, shift: float = 0.0) -> list[Shape]:
    """A black line from a dot on the first point through the others, stopping short of the last
    one with a head, over a white casing: where it crosses a line (another move's end cell, the
    grid) that line stops short of it. ``shift`` moves the whole arrow sideways (to its left, in
    board units) and its start a little way along: two arrows leaving one space (or along one
    step, there and back) then run apart, each from its own dot, never as one double-headed
    line."""
    a, b = points[-2], points[-1]
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length < 1e-9:
        return []
    if shift:  # sideways by ``shift``, and the start a little way along the first step
        fx, fy = points[1][0] - points[0][0], points[1][1] - points[0][1]
        flen = math.hypot(fx, fy) or 1.0
        fx, fy = fx / flen, fy / flen
        points = [(x - fy * shift, y + fx * shift) for x, y in points]
        points[0] = (points[0][0] + 1.2 * shift * fx, points[0][1] + 1.2 * shift * fy)
    ux, uy = dx / length, dy / length
    b = points[-1]
    tip = (b[0] - 0.5 * ux, b[1] - 0.5 * uy)
    head = max(0.38, 4.0 * width)
    left = (tip[0] - head * ux - 0.55 * head * uy, tip[1] - head * uy + 0.55 * head * ux)
    right = (tip[0] - head * ux + 0.55 * head * uy, tip[1] - head * uy - 0.55 * head * ux)
    first = points[0]
    line = (first, *points[1:-1], (tip[0] - 0.6 * head * ux, tip[1] - 0.6 * head * uy))
    dot = max(0.17, 1.6 * width)
    casing = 0.8 * width  # the white each side of the line
    return [Polyline(line, WHITE, width + 2 * casing),
            Polygon((tip, left, right), fill=WHITE, stroke=WHITE, width=2 * casing),
            Placed(f"dot:{dot:.4f}", first, _start_dot(dot)), Polyline(line, INK, width),
            Polygon((tip, left, right), fill=INK, stroke=None)]


def move_shapes(kind: str, centres: Sequence[Point], paths: Sequence[tuple[int, ...]], *,
                grid: float, border: float, clear: float) -> list[Shape]:
    """The marks of the moves ``paths`` (spaces), in drawing order, all under the pieces: each end
    cell's heavy edge, then the arrows over them (a dot on each start joined to its end), whose
    white casing cuts an edge where an arrow crosses it.
    ``grid`` and ``border``: the diagram's line widths; ``clear``: how far from a cell's centre a
    base's inner outline reaches (the heavy edge keeps outside it)."""
    width = max(grid * 2.2, 0.09)
    heavy = max(border * 1.5, 0.18)
    starts = [p[0] for p in paths if len(p) > 1]
    steps = [frozenset(seg) for p in paths for seg in pairwise(p)]
    edges: list[Shape] = []
    arrows: list[Shape] = []
    ends: set[int] = set()
    for path in paths:
        if path[-1] not in ends:
            ends.add(path[-1])
            edges.append(end_outline(kind, centres[path[-1]], heavy, clear))
        if len(path) > 1:
            # two arrows from one space, or along one step (there and back), run apart
            shared = starts.count(path[0]) > 1 or any(
                steps.count(frozenset(seg)) > 1 for seg in pairwise(path))
            drawn = arrow([centres[sp] for sp in path], width, 0.24 if shared else 0.0)
            if path_kind(path) == "shot":  # an arrow shot (Amazons'): a dashed line, the same head
                drawn = [replace(a, dash=(3 * width, 2 * width)) if isinstance(a, Polyline) else a
                         for a in drawn]
            arrows += drawn
    return [*edges, *arrows]  # an arrow crosses an end cell's edge with a gap, never on it


def square_mark(kind: str, centre: Point, mark: str, *, inset: float, line: float,
                letter_size: float, letter_dy: float = 0.0, occupied: bool = False) -> list[Shape]:
    """A marked square's shapes: its inner outline (``inset`` of the cell), a cross in it for
    ``X``, or a one-letter mark's letter, dark, when no piece stands there (``occupied``)."""
    inner = outline(kind, centre, inset)
    shapes: list[Shape] = [Polygon(inner, fill=None, stroke=BLACK, width=line)]
    if mark == "X":  # corner to corner of the inner outline: it shows round a piece too
        half = len(inner) // 2
        shapes += [Polyline((inner[k], inner[k + half]), BLACK, line) for k in range(half)]
    elif len(mark) == 1 and not occupied:
        x, y = centre
        shapes.append(Text(x, y + letter_dy - 0.365 * letter_size, mark, letter_size, bold=True,
                           fill=(MARK_LETTER_GREY,) * 3))
    return shapes


def edge_band(chain: Sequence[Point], normals: Sequence[Point], edge: Edge, depth: float,
              line: float) -> Polygon:
    """The band along one run of a side's edge: the border's corners ``chain`` (in order), each
    segment's outward ``normals``, ``depth`` board units deep, mitred at the corners; solid black
    for a dark edge, else white outlined in black (``line`` wide)."""
    outer: list[Point] = []
    for k, (x, y) in enumerate(chain):
        before = normals[k - 1] if k > 0 else normals[0]
        after = normals[k] if k < len(normals) else normals[-1]
        nx, ny = before[0] + after[0], before[1] + after[1]
        scale = depth / max(1.0 + before[0] * after[0] + before[1] * after[1], 0.25)
        outer.append((x + nx * scale, y + ny * scale))
    points = (*chain, *reversed(outer))
    if edge.dark:
        return Polygon(points, fill=BLACK, stroke=BLACK, width=line)
    return Polygon(points, fill=WHITE, stroke=BLACK, width=line)


def edge_shapes(kind: str, centres: Sequence[Point], edges: Sequence[Edge],
                centre_of: Callable[[tuple[int, int]], Point], line: float) -> list[Shape]:
    """The bands along the edges that belong to a side: each run of border segments (of the cells
    at ``centres``) facing one of an edge's ``beyond`` coordinates (placed by ``centre_of``), in
    order along the border, :func:`edge_band` 0.28 board units deep."""
    def key(p: Point) -> tuple[float, float]:
        return (round(p[0], 3), round(p[1], 3))

    owner: dict[tuple[float, float], int] = {}
    for k, edge in enumerate(edges):
        for coord in edge.beyond:
            owner.setdefault(key(centre_of(coord)), k)
    on_board = {key(c) for c in centres}
    runs: dict[int, list[tuple[Point, Point, Point]]] = {}
    for c in centres:
        pts = outline(kind, c)
        for k in range(len(pts)):
            a, b = pts[k], pts[(k + 1) % len(pts)]
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            beyond = key((2 * mx - c[0], 2 * my - c[1]))
            if beyond in owner and beyond not in on_board:
                length = math.hypot(mx - c[0], my - c[1])
                runs.setdefault(owner[beyond], []).append(
                    (a, b, ((mx - c[0]) / length, (my - c[1]) / length)))
    return [edge_band(chain, normals, edges[k], 0.28, line)
            for k, segments in runs.items() for chain, normals in _chains(segments, key)]


def _chains(segments: list[tuple[Point, Point, Point]],
            key: Callable[[Point], tuple[float, float]]) -> list[tuple[list[Point], list[Point]]]:
    """Border segments (a, b, outward normal) joined end to end into runs: (corners, normals)."""
    left = list(segments)
    out: list[tuple[list[Point], list[Point]]] = []
    while left:
        a, b, n = left.pop()
        chain, normals = [a, b], [n]
        grown = True
        while grown:
            grown = False
            for i, (p, q, m) in enumerate(left):
                for s, t in ((p, q), (q, p)):
                    if key(s) == key(chain[-1]):
                        chain.append(t)
                        normals.append(m)
                    elif key(t) == key(chain[0]):
                        chain.insert(0, s)
                        normals.insert(0, m)
                    else:
                        continue
                    del left[i]
                    grown = True
                    break
                if grown:
                    break
        out.append((chain, normals))
    return out
