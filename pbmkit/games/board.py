"""Board geometry shared by every game: spaces, names, neighbours and straight lines.

A board is a fixed set of spaces numbered ``0 .. size-1``. Each space has a name (the one table
that maps names to spaces), a pair of integer coordinates, and for each direction the next space
along that direction (or ``-1`` off the board). Rays (the spaces met walking in one direction) are
precomputed, so move generation never does geometry at run time.

Nothing here knows any game's rules; hex and square boards are just two factories.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

__all__ = ["FILES", "OFF", "Board", "hex_board", "square_board", "square_labels"]

OFF = -1
"""The value of :meth:`Board.step` when a step leaves the board."""


@dataclass(frozen=True, eq=False)
class Board:
    """A board: spaces with names and coordinates, directions, and precomputed neighbour tables."""

    kind: str
    """``"hex"`` or ``"square"``: which drawing the renderers use."""
    coords: tuple[tuple[int, int], ...]
    """The coordinates of each space (their meaning is the factory's)."""
    names: tuple[str, ...]
    """The canonical (upper- or lower-case as the game writes it) name of each space."""
    directions: tuple[tuple[int, int], ...]
    """The coordinate steps of the board's straight directions."""
    index: dict[str, int] = field(repr=False)
    """Upper-cased name to space: lookups are case-insensitive."""
    steps: tuple[tuple[int, ...], ...] = field(repr=False)
    """``steps[space][d]``: the space one step in direction ``d``, or :data:`OFF`."""
    rays: tuple[tuple[tuple[int, ...], ...], ...] = field(repr=False)
    """``rays[space][d]``: the spaces met walking from ``space`` in direction ``d``, nearest first."""
    neighbours: tuple[tuple[int, ...], ...] = field(repr=False)
    """``neighbours[space]``: the adjacent spaces, in direction order."""

    @property
    def size(self) -> int:
        """The number of spaces."""
        return len(self.names)

    def space(self, name: str) -> int:
        """The space called ``name`` (any case). Raises ``KeyError`` for a name not on the board."""
        return self.index[name.upper()]

    def find(self, name: str) -> int | None:
        """The space called ``name`` (any case), or ``None``."""
        try:
            return self.space(name)
        except KeyError:
            return None

    def name(self, space: int) -> str:
        """The name of ``space``."""
        return self.names[space]

    def at(self, coord: tuple[int, int]) -> int | None:
        """The space with these coordinates, or ``None`` off the board."""
        return self._by_coord.get(coord)

    @property
    def _by_coord(self) -> dict[tuple[int, int], int]:
        cached: dict[tuple[int, int], int] | None = self.__dict__.get("_coord_cache")
        if cached is None:
            cached = {c: s for s, c in enumerate(self.coords)}
            object.__setattr__(self, "_coord_cache", cached)
        return cached

    def step(self, space: int, direction: int) -> int:
        """The space one step from ``space`` in direction number ``direction``, or :data:`OFF`."""
        return self.steps[space][direction]

    def direction_between(self, a: int, b: int) -> tuple[int, int] | None:
        """``(direction, distance)`` when ``b`` lies on a straight line from ``a``; else ``None``."""
        for d, ray in enumerate(self.rays[a]):
            if b in ray:
                return d, ray.index(b) + 1
        return None


def _build(
    kind: str,
    coords: Sequence[tuple[int, int]],
    names: Sequence[str],
    directions: Sequence[tuple[int, int]],
) -> Board:
    by_coord = {c: s for s, c in enumerate(coords)}
    steps = tuple(
        tuple(by_coord.get((c[0] + di, c[1] + dj), OFF) for di, dj in directions) for c in coords
    )

    def ray(space: int, d: int) -> tuple[int, ...]:
        out: list[int] = []
        nxt = steps[space][d]
        while nxt != OFF:
            out.append(nxt)
            nxt = steps[nxt][d]
        return tuple(out)

    rays = tuple(tuple(ray(s, d) for d in range(len(directions))) for s in range(len(coords)))
    neighbours = tuple(tuple(n for n in row if n != OFF) for row in steps)
    if len(set(names)) != len(names):
        raise ValueError("space names must be unique")
    return Board(
        kind=kind,
        coords=tuple(coords),
        names=tuple(names),
        directions=tuple(directions),
        index={n.upper(): s for s, n in enumerate(names)},
        steps=steps,
        rays=rays,
        neighbours=neighbours,
    )


HEX_DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
"""The six steps of a hex board in (i, j) coordinates; opposite directions are paired 0/1, 2/3, 4/5."""


def hex_board(
    coords: Iterable[tuple[int, int]], name_of: Callable[[int, int], str]
) -> Board:
    """A hex board on axial coordinates ``(i, j)``; neighbours differ by one of :data:`HEX_DIRECTIONS`."""
    cs = list(coords)
    return _build("hex", cs, [name_of(i, j) for i, j in cs], HEX_DIRECTIONS)


SQUARE_DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1), (-1, 1), (1, -1),
)
"""The eight steps of a square board in (file, rank) coordinates: orthogonal first, then diagonal."""


def square_board(
    files: int, ranks: int, name_of: Callable[[int, int], str] | None = None
) -> Board:
    """A ``files`` × ``ranks`` square board on (file, rank), 0-based; names ``a1`` style by default."""
    cs = [(f, r) for r in range(ranks) for f in range(files)]
    namer = name_of or (lambda f, r: f"{FILES[f]}{r + 1}")
    return _build("square", cs, [namer(f, r) for f, r in cs], SQUARE_DIRECTIONS)


FILES = "abcdefghijklmnopqrstuvwxyz"
"""The file letters of a square (or rhombus) board named ``a1`` style, from file 0."""


def square_labels(files: int, ranks: int = 0) -> list[tuple[tuple[int, int], str]]:
    """The labels of a board on (file, rank) coordinates named ``a1`` style, as a game's look gives
    them (:attr:`~pbmkit.games.drawing.Look.line_labels`): each file's letter under rank 1, and,
    for ``ranks`` > 0, each rank's number left of file a."""
    return [((f, -1), FILES[f]) for f in range(files)] + [((-1, r), str(r + 1)) for r in range(ranks)]
