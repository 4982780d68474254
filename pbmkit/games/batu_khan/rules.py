"""Batu Khan: board geometry, positions, moves, legal actions, threats and the outcome.

The rules (a Swedish leaflet), the board and pbmkit's rulings 1–7: ``docs/batu-khan.md``.

A board is ``files`` × ``ranks`` squares (3 to 9 each, default 5 × 5); square ``r * files + f`` is
named ``a1`` … (file letter, rank number). A position holds one symbol per square (a string):
``.`` for a free square, ``B`` ``Y`` ``K`` ``W`` for South's blue, yellow, black and white stones
and ``X`` for South's blockade, the same letters in lower case for North's. Each side's *hand* is the letters
(upper case, in ``BYKWX`` order) of its pieces not yet laid; a piece neither in hand nor on the
board has been knocked out (for the blockade: is gone). South's camp is rank 1, North's the last
rank; forward is up the board for South, down for North.

A move is a :class:`Move` value naming squares by name (``"c3"``), so that a square off the
record's board is an illegal action the checker explains, not a value that cannot be written.
Checking one action and saying why it is illegal lives in :mod:`pbmkit.games.batu_khan.check`.
"""


from collections.abc import Iterator
from typing import Final, NamedTuple

from pbmkit.games.base import Outcome
from pbmkit.games.board import Board, square_board

__all__ = [
    "BLOCKADE",
    "DEFAULT_FILES",
    "DEFAULT_RANKS",
    "EMPTY",
    "FULL_HAND",
    "KIND_WORDS",
    "MAX_SIZE",
    "MAX_STONES_IN_PLAY",
    "MIN_SIZE",
    "NORTH",
    "PIECES",
    "SIDE_NAMES",
    "SOUTH",
    "STONES",
    "STONE_SYMBOLS",
    "Geometry",
    "Move",
    "Position",
    "apply",
    "camp_rank",
    "camp_winner",
    "describe",
    "first_action",
    "geometry",
    "has_legal_move",
    "initial_position",
    "legal_moves",
    "move_text",
    "out_of_play",
    "outcome",
    "owner",
    "stones_in_camp",
    "stones_on_board",
    "symbol_of",
    "threatened_squares",
    "threateners",
]

SOUTH: Final = 0
NORTH: Final = 1
SIDE_NAMES: Final[tuple[str, str]] = ("south", "north")
"""Lower-case side names by side number; South (player 1) moves first."""
STONES: Final = "BYKW"
"""The four stones' letters: blue, yellow, black (K), white."""
BLOCKADE: Final = "X"
PIECES: Final = STONES + BLOCKADE
FULL_HAND: Final = PIECES
"""A hand before the first action: every stone and the blockade."""
EMPTY: Final = "."
KIND_WORDS: Final[dict[str, str]] = {"B": "blue", "Y": "yellow", "K": "black", "W": "white", "X": "blockade"}
MIN_SIZE: Final = 3
MAX_SIZE: Final = 9
DEFAULT_FILES: Final = 5
DEFAULT_RANKS: Final = 5
MAX_STONES_IN_PLAY: Final = 3
"""Detail rule: at most 3 stones of a side on the board at once (the blockade is no stone)."""

_NORTH_STONES: Final = STONES.lower()
_SOUTH_SYMBOLS: Final = frozenset(STONES)
_NORTH_SYMBOLS: Final = frozenset(STONES.lower())
_MINE: Final = (_SOUTH_SYMBOLS, _NORTH_SYMBOLS)
STONE_SYMBOLS: Final = _SOUTH_SYMBOLS | _NORTH_SYMBOLS
"""Every stone's board symbol (both sides; blockades excluded)."""
_BLOCKADES: Final = frozenset("Xx")


def symbol_of(letter: str, side: int) -> str:
    """The board symbol of ``side``'s piece ``letter``: upper case for South, lower for North."""
    return letter.upper() if side == SOUTH else letter.lower()


def owner(symbol: str) -> int:
    """The side owning the piece drawn as ``symbol`` (not ``.``)."""
    return SOUTH if symbol.isupper() else NORTH


def describe(symbol: str, side: int | None = None) -> str:
    """A piece in players' words: ``"North's white stone"``; ``"your blockade"`` for ``side``'s own."""
    whose = "your" if side is not None and owner(symbol) == side else \
        f"{SIDE_NAMES[owner(symbol)].capitalize()}'s"
    letter = symbol.upper()
    if letter == BLOCKADE:
        return f"{whose} blockade"
    return f"{whose} {KIND_WORDS[letter]} stone"


# --- the board ---------------------------------------------------------------------------------


def _directions(letter: str, forward: int) -> tuple[tuple[tuple[int, int], int], ...]:
    """``((df, dr), longest)`` for each straight direction a stone of ``letter`` moves in."""
    if letter == "B":
        return (((0, forward), 2),)
    if letter == "Y":
        return (((-1, forward), 2), ((1, forward), 2))
    if letter == "K":
        return tuple(((df, dr), 1) for df in (-1, 1) for dr in (-1, 1))
    return tuple(((df, dr), 1) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0))


class Geometry:
    """One board size: square names, camps, and every stone's moves precomputed per square.

    Built once a size and never changed (a plain class: a dataclass costs every command's start,
    docs/performance.md "Start-up")."""

    def __init__(self, files: int, ranks: int, board: Board, names: tuple[str, ...],
                 index: dict[str, int], file_of: tuple[int, ...], rank_of: tuple[int, ...],
                 neighbours: tuple[tuple[int, ...], ...],
                 camps: tuple[tuple[int, ...], tuple[int, ...]],
                 camp_sets: tuple[frozenset[int], frozenset[int]],
                 steps: dict[str, tuple[tuple[tuple[int, int], ...], ...]],
                 reach: dict[str, tuple[frozenset[int], ...]],
                 routes: dict[str, tuple[dict[int, int], ...]]) -> None:
        self.files = files
        self.ranks = ranks
        self.board = board
        self.names = names
        self.index = index
        """Lower-case square name to square."""
        self.file_of = file_of
        self.rank_of = rank_of
        self.neighbours = neighbours
        self.camps = camps
        """South's camp (rank 1) and North's camp (the last rank), squares left to right."""
        self.camp_sets = camp_sets
        """The same camps as sets."""
        self.steps = steps
        """``steps[symbol][square]``: ``(end, middle)`` of each move of that stone (``middle`` -1
        for a one-step move; else the square a two-step move passes over)."""
        self.reach = reach
        """``reach[symbol][square]``: the squares that stone reaches with a one-step move (ruling
        5)."""
        self.routes = routes
        """``routes[symbol][square]``: end -> middle of each move of :attr:`steps` (for checking
        one)."""

    def __repr__(self) -> str:
        return f"Geometry(files={self.files!r}, ranks={self.ranks!r})"

    @property
    def size(self) -> int:
        """The number of squares."""
        return self.files * self.ranks

    @property
    def label(self) -> str:
        """``"5x5"``: files × ranks as the ``Board`` tag writes it."""
        return f"{self.files}x{self.ranks}"

    def find(self, name: str) -> int | None:
        """The square called ``name`` (any case, spaces ignored), or ``None`` if not on this board."""
        found = self.index.get(name)
        return found if found is not None else self.index.get(name.strip().lower())

    def where(self) -> str:
        """The board in words for messages: ``"the 5x5 board (files a-e, ranks 1-5)"``."""
        return (f"the {self.label} board (files a-{chr(ord('a') + self.files - 1)}, "
                f"ranks 1-{self.ranks})")


_GEOMETRIES: Final[dict[int, Geometry]] = {}
"""Every board built so far, by ``files * 16 + ranks`` (the fastest lookup for a position)."""


def geometry(files: int = DEFAULT_FILES, ranks: int = DEFAULT_RANKS) -> Geometry:
    """The board of ``files`` × ``ranks`` squares (each 3 to 9), built once; ``ValueError`` for
    another size."""
    key = files * 16 + ranks
    found = _GEOMETRIES.get(key)
    if found is None:
        found = _GEOMETRIES[key] = _build(files, ranks)
    return found


def _build(files: int, ranks: int) -> Geometry:
    if not (MIN_SIZE <= files <= MAX_SIZE and MIN_SIZE <= ranks <= MAX_SIZE):
        raise ValueError(f"a Batu Khan board has {MIN_SIZE} to {MAX_SIZE} files and ranks, "
                         f"not {files}x{ranks}")
    board = square_board(files, ranks)
    names = tuple(n.lower() for n in board.names)
    at = {c: s for s, c in enumerate(board.coords)}
    steps: dict[str, tuple[tuple[tuple[int, int], ...], ...]] = {}
    reach: dict[str, tuple[frozenset[int], ...]] = {}
    for side, forward in ((SOUTH, 1), (NORTH, -1)):
        for letter in STONES:
            per_square: list[tuple[tuple[int, int], ...]] = []
            for f, r in board.coords:
                found: list[tuple[int, int]] = []
                for (df, dr), longest in _directions(letter, forward):
                    one = at.get((f + df, r + dr))
                    if one is None:
                        continue
                    found.append((one, -1))
                    two = at.get((f + 2 * df, r + 2 * dr))
                    if longest == 2 and two is not None:
                        found.append((two, one))
                per_square.append(tuple(found))
            sym = symbol_of(letter, side)
            steps[sym] = tuple(per_square)
            reach[sym] = tuple(frozenset(e for e, m in moves if m < 0) for moves in per_square)
    return Geometry(
        files=files,
        ranks=ranks,
        board=board,
        names=names,
        index={n: s for s, n in enumerate(names)},
        file_of=tuple(f for f, _r in board.coords),
        rank_of=tuple(r for _f, r in board.coords),
        neighbours=board.neighbours,
        camps=(tuple(range(files)), tuple(range((ranks - 1) * files, ranks * files))),
        camp_sets=(frozenset(range(files)), frozenset(range((ranks - 1) * files, ranks * files))),
        steps=steps,
        reach=reach,
        routes={sym: tuple(dict(moves) for moves in per) for sym, per in steps.items()},
    )


def camp_rank(side: int, ranks: int) -> int:
    """The 0-based rank of ``side``'s camp: 0 for South, the last for North."""
    return 0 if side == SOUTH else ranks - 1


# --- positions and moves -----------------------------------------------------------------------


class Position(NamedTuple):
    """A Batu Khan position (see the module docstring for the symbols): a frozen, hashable value.

    ``cells`` is a string of one character per square, ``.`` or a piece symbol; ``hands`` are
    South's and North's pieces not yet laid (upper-case letters in ``BYKWX`` order); ``turn`` is
    :data:`SOUTH` or :data:`NORTH`. Pieces neither on the board nor in hand are out of play: see
    :func:`out_of_play`. (A named tuple holding a string: built, hashed, compared and counted in
    C, which the record checker's speed relies on.)
    """

    files: int
    ranks: int
    cells: str
    hands: tuple[str, str] = (FULL_HAND, FULL_HAND)
    turn: int = SOUTH

    @property
    def geometry(self) -> Geometry:
        """The board of this position's size."""
        return _GEOMETRIES.get(self[0] * 16 + self[1]) or geometry(self[0], self[1])


def initial_position(files: int = DEFAULT_FILES, ranks: int = DEFAULT_RANKS) -> Position:
    """The start on a ``files`` × ``ranks`` board: an empty board, every piece in hand, South to move."""
    geo = geometry(files, ranks)
    return Position(files, ranks, EMPTY * geo.size)


class Move(NamedTuple):
    """One action: lay a piece from the hand (``start`` is ``None``) or move a stone.

    ``piece`` is the upper-case letter of the piece (``B`` ``Y`` ``K`` ``W``, or ``X`` to lay the
    blockade); squares are names (``"c3"``, lower case). ``knock`` marks a move onto a square
    whose stone or blockade is knocked out (ruling 6). A frozen, hashable named tuple.
    """

    piece: str
    start: str | None
    end: str
    knock: bool = False

    @classmethod
    def lay(cls, piece: str, square: str) -> "Move":
        """Lay ``piece`` (a stone letter or ``X``) from the hand on ``square``."""
        return cls(piece.upper(), None, square.lower())

    @classmethod
    def step(cls, piece: str, start: str, end: str, knock: bool = False) -> "Move":
        """Move the stone ``piece`` from ``start`` to ``end`` (knocking out what stands there)."""
        return cls(piece.upper(), start.lower(), end.lower(), knock)

    @property
    def is_lay(self) -> bool:
        """Whether the action lays a piece from the hand."""
        return self.start is None

    def __str__(self) -> str:
        return move_text(self)


def move_text(move: Move) -> str:
    """The canonical text of ``move``: ``B@c1``, ``X@d3``, ``B c1-c3``, ``Y b2xc3``."""
    if move.start is None:
        return f"{move.piece}@{move.end}"
    return f"{move.piece} {move.start}{'x' if move.knock else '-'}{move.end}"


def stones_on_board(position: Position, side: int) -> list[tuple[int, str]]:
    """``(square, letter)`` of each of ``side``'s stones on the board (the blockade excluded)."""
    mine = _MINE[side]
    return [(sq, c.upper()) for sq, c in enumerate(position.cells) if c in mine]


def out_of_play(position: Position, side: int) -> str:
    """``side``'s pieces knocked out (``X``: its blockade is gone), letters in ``BYKWX`` order."""
    on_board = {c.upper() for c in position.cells if c != EMPTY and owner(c) == side}
    hand = position.hands[side]
    return "".join(p for p in PIECES if p not in hand and p not in on_board)


def first_action(position: Position, side: int) -> bool:
    """Whether ``side`` has not yet acted: every stone still in hand (ruling 1: the first action
    lays a stone, so a side that laid none has done nothing)."""
    return position.hands[side].startswith(STONES)


# --- threats (ruling 5) ------------------------------------------------------------------------


def threateners(position: Position, side: int, square: int) -> tuple[int, ...]:
    """The squares of ``side``'s stones that could reach ``square`` with a one-step move of their
    kind if it were free. Two or more of them mean ``side`` threatens ``square`` (ruling 5)."""
    geo = position.geometry
    cells = position.cells
    mine = _MINE[side]
    reach = geo.reach
    return tuple(n for n in geo.neighbours[square]
                 if cells[n] in mine and square in reach[cells[n]][n])


def threatened_squares(position: Position, side: int) -> tuple[int, ...]:
    """Every square ``side`` threatens (whatever stands there), in square order."""
    return tuple(sq for sq in range(len(position.cells))
                 if len(threateners(position, side, sq)) >= 2)


# --- move generation ---------------------------------------------------------------------------


def _actions(position: Position) -> Iterator[Move]:
    """Every legal action of the side to move (the game assumed not over), each once."""
    geo = position.geometry
    cells = position.cells
    names = geo.names
    side = position.turn
    hand = position.hands[side]
    mine = _MINE[side]
    stones = [(sq, c) for sq, c in enumerate(cells) if c in mine]
    if len(stones) < MAX_STONES_IN_PLAY:
        letters = [p for p in hand if p != BLOCKADE]
        if letters:
            for sq in geo.camps[side]:
                if cells[sq] == EMPTY:
                    for p in letters:
                        yield Move(p, None, names[sq])
    if hand.startswith(STONES):
        return  # ruling 1: the first action lays a stone
    if BLOCKADE in hand:
        for sq, c in enumerate(cells):
            if c == EMPTY:
                yield Move(BLOCKADE, None, names[sq])
    steps = geo.steps
    for sq, c in stones:
        letter = c.upper()
        for end, mid in steps[c][sq]:
            if cells[end] == EMPTY and (mid < 0 or cells[mid] == EMPTY):
                yield Move(letter, names[sq], names[end])
    protected = geo.camps[side]  # the opponent's stones standing in the mover's camp
    theirs = _MINE[1 - side]
    reach = geo.reach
    neighbours = geo.neighbours
    for t, c in enumerate(cells):
        if c in _BLOCKADES or (c in theirs and t not in protected):
            threat = [n for n in neighbours[t] if cells[n] in mine and t in reach[cells[n]][n]]
            if len(threat) >= 2:
                for n in threat:
                    yield Move(cells[n].upper(), names[n], names[t], True)


def stones_in_camp(position: Position, side: int) -> int:
    """How many of ``side``'s stones stand in its opponent's camp."""
    cells = position.cells
    files = position.files
    if side == SOUTH:
        camp = cells[len(cells) - files:]
        return camp.count("B") + camp.count("Y") + camp.count("K") + camp.count("W")
    camp = cells[:files]
    return camp.count("b") + camp.count("y") + camp.count("k") + camp.count("w")


def camp_winner(position: Position) -> int | None:
    """The side that just acted, if it has two stones in its opponent's camp (ruling 7: it won).

    Only that side can have won: a side wins at once when its action puts the second stone there,
    so the side to move never has two stones in the far camp (the Setup refuses such a position).
    """
    files, _, cells, _, turn = position
    if turn == NORTH:  # South just acted: its stones in North's camp, the last rank
        camp = cells[len(cells) - files:]
        if files - camp.count(EMPTY) >= 2 and \
                camp.count("B") + camp.count("Y") + camp.count("K") + camp.count("W") >= 2:
            return SOUTH
        return None
    camp = cells[:files]
    if files - camp.count(EMPTY) >= 2 and \
            camp.count("b") + camp.count("y") + camp.count("k") + camp.count("w") >= 2:
        return NORTH
    return None


def legal_moves(position: Position) -> list[Move]:
    """Every legal action of the side to move, each once, sorted by canonical text; empty when
    the game is over."""
    if camp_winner(position) is not None:
        return []
    return sorted(_actions(position), key=move_text)


def has_legal_move(position: Position) -> bool:
    """Whether the side to move has any legal action (the first one found decides)."""
    return next(_actions(position), None) is not None


def outcome(position: Position) -> Outcome | None:
    """The result if the game is over, else ``None`` (ruling 7).

    ``camp``: a side has two stones in its opponent's camp (it won with its last action);
    ``no-moves``: the side to move has no legal action and loses.
    """
    won = camp_winner(position)
    if won is not None:
        return Outcome(SIDE_NAMES[won], "camp")
    if not has_legal_move(position):
        return Outcome(SIDE_NAMES[1 - position.turn], "no-moves")
    return None


# --- playing an action -------------------------------------------------------------------------


def apply(position: Position, move: Move) -> Position:
    """The position after the legal action ``move`` (not checked: see ``check_move``).

    A laid piece leaves the hand; a moving stone leaves its square and stands on ``end``, and
    whatever stood there (a knock-out) leaves the game.
    """
    files, ranks, cells, hands, side = position
    index = position.geometry.index
    end = index[move.end]
    symbol = move.piece if side == SOUTH else move.piece.lower()
    if move.start is None:
        hand = hands[side].replace(move.piece, "")
        hands = (hand, hands[NORTH]) if side == SOUTH else (hands[SOUTH], hand)
        cells = cells[:end] + symbol + cells[end + 1:]
    else:
        start = index[move.start]
        if start < end:
            cells = cells[:start] + EMPTY + cells[start + 1:end] + symbol + cells[end + 1:]
        else:
            cells = cells[:end] + symbol + cells[end + 1:start] + EMPTY + cells[start + 1:]
    return _new_position(Position, (files, ranks, cells, hands, 1 - side))


_new_position = tuple.__new__
"""Builds a :class:`Position` from its five fields without the named tuple's Python-level
``__new__`` (``apply`` runs once per move of every record checked)."""
