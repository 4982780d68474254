"""Board geometry shared by every game: spaces, names, neighbours and straight lines.

A board is a fixed set of spaces numbered ``0 .. size-1``. Each space has a name (the one table
that maps names to spaces), a pair of integer coordinates, and for each direction the next space
along that direction (or ``-1`` off the board). Rays (the spaces met walking in one direction) are
precomputed, so move generation never does geometry at run time.

Nothing here knows any game's rules; hex and square boards are just two factories.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pbmkit.games.base import SetupError

__all__ = ["FILES", "OFF", "Board", "GridSetup", "board_order", "board_size", "hex_board",
           "square_board", "square_labels"]

OFF = -1
"""The value of :meth:`Board.step` when a step leaves the board."""


class Board:
    """A board: spaces with names and coordinates, directions, and precomputed neighbour tables.

    Built once per kind of board and never changed. A plain class (a dataclass costs ~2.3 million
    instructions at each command's start: docs/performance.md, "Start-up")."""

    def __init__(self, kind: str, coords: tuple[tuple[int, int], ...], names: tuple[str, ...],
                 directions: tuple[tuple[int, int], ...], index: dict[str, int],
                 steps: tuple[tuple[int, ...], ...], rays: tuple[tuple[tuple[int, ...], ...], ...],
                 neighbours: tuple[tuple[int, ...], ...]) -> None:
        self.kind = kind
        """``"hex"`` or ``"square"``: which drawing the renderers use."""
        self.coords = coords
        """The coordinates of each space (their meaning is the factory's)."""
        self.names = names
        """The canonical (upper- or lower-case as the game writes it) name of each space."""
        self.directions = directions
        """The coordinate steps of the board's straight directions."""
        self.index = index
        """Upper-cased name to space: lookups are case-insensitive."""
        self.steps = steps
        """``steps[space][d]``: the space one step in direction ``d``, or :data:`OFF`."""
        self.rays = rays
        """``rays[space][d]``: the spaces met walking from ``space`` in direction ``d``, nearest
        first."""
        self.neighbours = neighbours
        """``neighbours[space]``: the adjacent spaces, in direction order."""
        self._coord_cache: dict[tuple[int, int], int] | None = None

    def __repr__(self) -> str:
        return (f"Board(kind={self.kind!r}, coords={self.coords!r}, names={self.names!r}, "
                f"directions={self.directions!r})")

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
        cached = self._coord_cache
        if cached is None:
            cached = self._coord_cache = {c: s for s, c in enumerate(self.coords)}
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


def _rays_along(steps: Sequence[Sequence[int]], d: int) -> list[tuple[int, ...]]:
    """Every space's ray in direction ``d``: the spaces met walking from it, nearest first. The
    ray from a space is the next space and the ray from that one, so each line of the board is
    walked once, from its far end back (the tables are built at every start: a walk from every
    space cost Batalo's board 6M instructions)."""
    through: dict[int, tuple[int, ...]] = {OFF: ()}  # a space, then its ray
    for start in range(len(steps)):
        chain = []
        space = start
        while space not in through:
            chain.append(space)
            space = steps[space][d]
        ray = through[space]
        for space in reversed(chain):
            ray = through[space] = (space, *ray)
    return [through[row[d]] for row in steps]


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
    rays = tuple(zip(*(_rays_along(steps, d) for d in range(len(directions))), strict=True))
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


_DIGITS = re.compile(r"[0-9]+")


def board_order(text: str) -> str:
    """The sort key that puts space names, and moves written with them, in board order: ``e8``
    before ``e10`` (each run of digits counts as its number). Texts whose numbers have one digit
    each keep the order of plain text, so no list of a board of at most nine ranks moves."""
    return _DIGITS.sub(_numbered, text)


def _numbered(digits: re.Match[str]) -> str:
    """A run of digits after its length (``10`` -> ``210``): longer numbers sort after shorter."""
    return f"{chr(48 + len(digits[0]))}{digits[0]}"


class GridSetup:
    """A game's ``Setup`` written as a grid: the side to move (one letter), then the board's rows
    (``/`` between them), a letter per space: ``r ......./......./...`` (Hex), ``b
    ......../......../...`` (Othello). Rows go from the first row of the board's names (rank 1, or
    Othello's row 1 at the top) on; each row's spaces go from file a on. ``pieces`` are the
    letters of each value a space may hold (``".rb"``: 0 empty, 1 red, 2 blue); ``turns`` the
    letter of each side, in its order.

    A game whose board has several sizes gives the size it is on; :meth:`size_of` reads the size
    a Setup is written for (a game's ``configure`` chooses its board by it)."""

    __slots__ = ("files", "line", "make", "pieces", "ranks", "title", "top", "turns", "what")

    def __init__(self, title: str, files: int, ranks: int, pieces: str, turns: str, *,
                 what: str = "cells", line: str = "rank", top_first: bool = False,
                 make: Callable[[tuple[int, ...], int], object] | None = None) -> None:
        self.title, self.files, self.ranks, self.make = title, files, ranks, make
        """``make(cells, turn)``: the game's position (its ``Position``), for ``GameBase``'s
        ``parse_setup`` and ``format_setup`` of a game whose position is ``cells`` and ``turn``."""
        self.pieces, self.turns, self.what, self.line = pieces, turns, what, line
        self.top = top_first
        """Whether row 1 of the names is the board's top row (Othello's): the Setup still goes
        from row 1, the spaces from the bottom row as every board numbers them."""

    @property
    def example(self) -> str:
        """The empty board, the first side to move."""
        return f"{self.turns[0]} {'/'.join(['.' * self.files] * self.ranks)}"

    def _refused(self, text: str) -> SetupError:
        from pbmkit.games.base import SetupError

        turns = " or ".join(self.turns)
        article = "an" if self.title[:1] in "AEIOU" else "a"
        return SetupError(f"{article} {self.title} Setup is the side to move ({turns}) and the {self.what} "
                          f"{self.line} by {self.line} from {self.line} 1, like "
                          f"{self.example!r}, not {text[:80]!r}")

    def size_of(self, text: str) -> tuple[int, int] | None:
        """The files and ranks of the board ``text`` is written for, or ``None`` (not a grid)."""
        fields = text.split()
        if len(fields) != 2:
            return None
        rows = fields[1].split("/")
        return (len(rows[0]), len(rows)) if len({len(r) for r in rows}) == 1 else None

    def parse(self, text: str) -> tuple[int, tuple[int, ...]]:
        """The side to move (its index in ``turns``) and each space's value, space by space;
        :class:`SetupError` saying how a Setup is written for anything else."""
        fields = text.split()
        if len(fields) != 2 or len(fields[0]) != 1 or fields[0] not in self.turns:
            raise self._refused(text)
        rows = fields[1].split("/")
        if len(rows) != self.ranks or any(len(r) != self.files for r in rows) \
                or not set(fields[1]) <= set(self.pieces) | {"/"}:
            raise self._refused(text)
        if self.top:
            rows.reverse()
        return self.turns.index(fields[0]), tuple(self.pieces.index(c) for c in "".join(rows))

    def format(self, turn: int, cells: Sequence[int]) -> str:
        """The Setup of the side ``turn`` to move with ``cells`` (space by space)."""
        pieces, n = self.pieces, self.files
        order = range(self.ranks - 1, -1, -1) if self.top else range(self.ranks)
        rows = ("".join(pieces[c] for c in cells[r * n:(r + 1) * n]) for r in order)
        return f"{self.turns[turn]} {'/'.join(rows)}"



def board_size(tags: Mapping[str, str], title: str, sizes: range, default: int,
               grid: GridSetup | None = None) -> int:
    """The side of a square board (as many files as ranks) a record's tags choose: the ``Board``
    tag (``"11x11"``), else the size its ``Setup`` is written for (``grid``), else ``default``;
    :class:`SetupError` naming the tag for a size not in ``sizes``."""
    from pbmkit.games.base import SetupError

    value = tags.get("Board")
    if value is None:
        found = grid.size_of(tags.get("Setup", "")) if grid is not None else None
        return found[0] if found is not None and found[0] == found[1] and found[0] in sizes \
            else default
    m = re.fullmatch(r"\s*([0-9]{1,2})\s*[x×]\s*([0-9]{1,2})\s*", value)
    if m is None or m[1] != m[2] or int(m[1]) not in sizes:
        low, high = sizes[0], sizes[-1]
        raise SetupError(f"the Board tag: {title} is played on a board of {low}x{low} to "
                         f"{high}x{high} (as many files as ranks), not {value[:20]!r}", tag="Board")
    return int(m[1])
