"""Batalo rules: the board and its names, positions and moves, move generation, outcome, averto.

The rules text, board, names, rulings 1–14 and our decisions: ``docs/batalo.md``.
Spaces are integers 0..126 of :data:`BOARD`; a position is a 127-tuple of piece codes
(:data:`WHITE_STONE` … :data:`BLACK_COLUMN`, sign = colour) and the side to move (+1 White, -1 Black).
Everything geometric is precomputed once at import; move generation only reads tables.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from operator import itemgetter
from typing import Final

from pbmkit.games.base import Outcome
from pbmkit.games.board import Board, hex_board

__all__ = [
    "BLACK",
    "BLACK_BASE",
    "BLACK_COLUMN",
    "BLACK_STONE",
    "BOARD",
    "EMPTY",
    "STANDARD_SETUP",
    "WHITE",
    "WHITE_BASE",
    "WHITE_COLUMN",
    "WHITE_STONE",
    "Move",
    "Position",
    "apply",
    "base_of",
    "destinations",
    "finished",
    "from_pbmserv",
    "has_legal_move",
    "hop_paths",
    "is_averto",
    "legal_moves",
    "line_between",
    "mirror",
    "mirror_space",
    "outcome",
    "piece_word",
    "reaches",
    "side_name",
    "space",
    "space_name",
    "threats",
    "to_pbmserv",
]

# --- the board -------------------------------------------------------------------------------

_FIRST: Final = "ABCDEFGHIJKLM"  # the A–M family of lines: i = 1..13
_SECOND: Final = "NOPQRSTUVWXYZ"  # the N–Z family of lines: j = 1..13

# THE one table from (i, j) to a phone-chart name: a corrected chart is a change here only.
_COORDS: Final = [(i, j) for i in range(1, 14) for j in range(1, 14) if 8 <= i + j <= 20]
BOARD: Final[Board] = hex_board(_COORDS, lambda i, j: _FIRST[i - 1] + _SECOND[j - 1])
"""The 127-space board; coordinates are docs/batalo.md's ``(i, j)``."""

_SECOND_SET: Final = frozenset(_SECOND)


def space(name: str) -> int:
    """The space named ``name`` (any case; ``RI`` is read as ``IR``). ``KeyError`` if none."""
    n = name.strip().upper()
    if len(n) == 2 and n[0] in _SECOND_SET and n[1] not in _SECOND_SET:
        n = n[1] + n[0]
    try:
        return BOARD.space(n)
    except KeyError:
        raise KeyError(f"{name.strip()!r} is not a space of the board") from None


def space_name(sp: int) -> str:
    """The phone-chart name of space ``sp``, e.g. ``"IR"``."""
    return BOARD.names[sp]


_PBMSERV_RE: Final = r"([a-mA-M])(1[0-3]|[1-9])"  # compiled on first use (re keeps it)


def to_pbmserv(sp: int) -> str:
    """The pbmserv name of ``sp``: row letter ``a + (i + j - 8)`` and diagonal ``j`` (JQ = ``g4``)."""
    i, j = BOARD.coords[sp]
    return f"{chr(ord('a') + i + j - 8)}{j}"


def from_pbmserv(name: str) -> int:
    """The space of a pbmserv name such as ``g4``; ``KeyError`` if it is not on the board."""
    m = re.fullmatch(_PBMSERV_RE, name.strip())
    if not m:
        raise KeyError(f"{name!r} is not a pbmserv space name")
    r = ord(m.group(1).lower()) - ord("a") + 1
    j = int(m.group(2))
    sp = BOARD.at((r + 7 - j, j))
    if sp is None:
        raise KeyError(f"{name!r} is not on the board")
    return sp


# --- pieces and positions ----------------------------------------------------------------

EMPTY: Final = 0
WHITE: Final = 1
BLACK: Final = -1
WHITE_STONE: Final = 1
WHITE_COLUMN: Final = 2
BLACK_STONE: Final = -1
BLACK_COLUMN: Final = -2

WHITE_BASE: Final[int] = space("JQ")
BLACK_BASE: Final[int] = space("DW")
_BASE: Final = {WHITE: WHITE_BASE, BLACK: BLACK_BASE}
_SIDE_NAME: Final = {WHITE: "White", BLACK: "Black"}
_PIECE_WORD: Final = {1: "stone", 2: "column"}

STANDARD_SETUP: Final = "W:JQ O:IQ,IR,JP,JR,KP,KQ B:DW X:CW,CX,DV,DX,EV,EW w"
"""The Setup value of the standard position (fig. 1)."""


def base_of(side: int) -> int:
    """The base space of ``side`` (+1 White: JQ, -1 Black: DW)."""
    return _BASE[side]


def side_name(side: int) -> str:
    """``"White"`` or ``"Black"``."""
    return _SIDE_NAME[side]


def piece_word(code: int) -> str:
    """``"stone"`` or ``"column"`` for a non-empty piece code."""
    return _PIECE_WORD[abs(code)]


# Zobrist keys: a position's hash is the XOR of one random number per (space, piece) and one for
# Black to move, so that apply() updates it in O(1) instead of hashing 127 codes every ply
# (replaying a record hashes every position, to notice repeated positions).
def _splitmix64(seed: int) -> Iterator[int]:
    """Fixed pseudo-random 61-bit numbers (SplitMix64; no ``random`` import at start-up)."""
    mask = (1 << 64) - 1
    while True:
        seed = (seed + 0x9E3779B97F4A7C15) & mask
        z = ((seed ^ (seed >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        yield (z ^ (z >> 31)) >> 3


_ZRNG: Final = _splitmix64(0x6261)
ZOBRIST: Final[tuple[tuple[int, ...], ...]] = tuple(
    (0, *(next(_ZRNG) for _ in range(4))) for _ in range(BOARD.size)
)
"""``ZOBRIST[space][code]``: index 0 (empty) is 0; codes 1, 2, -2, -1 index the other four."""
BLACK_KEY: Final[int] = next(_ZRNG)


def _zobrist(board: tuple[int, ...], turn: int) -> int:
    try:
        key = BLACK_KEY if turn == BLACK else 0
        for row, p in zip(ZOBRIST, board, strict=True):
            if p:
                key ^= row[p]
        return key
    except (IndexError, TypeError, ValueError):  # not a Batalo board: no such position is equal
        return hash((board, turn))


class Position:
    """A Batalo position: ``board[space]`` is a piece code; ``turn`` is +1 (White) or -1 (Black).

    A value: never changed once made (:func:`apply` makes the next). A plain class, as
    :class:`Move`: a dataclass costs every command ~2.3M instructions to define, and importing
    :mod:`dataclasses` 42M more (docs/performance.md, "Start-up")."""

    __slots__ = ("_key", "board", "turn")

    def __init__(self, board: tuple[int, ...], turn: int = WHITE) -> None:
        self.board = board
        self.turn = turn
        self._key: int | None = None
        """The hash, computed on first use or carried along by :func:`apply` (equal positions
        have equal keys, whichever way they were made)."""

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self.turn == other.turn and self.board == other.board

    def __hash__(self) -> int:
        key = self._key
        if key is None:
            key = self._key = _zobrist(self.board, self.turn)
        return key

    def __repr__(self) -> str:
        return f"Position(board={self.board!r}, turn={self.turn!r})"

    def __reduce__(self) -> tuple[type[Position], tuple[tuple[int, ...], int]]:
        """``Position(board, turn)`` again (copies and pickles, in both builds alike; the cached
        key is not carried)."""
        return Position, (self.board, self.turn)

    def pieces(self, side: int) -> list[int]:
        """The spaces of ``side``'s pieces, in space order."""
        return [s for s, p in enumerate(self.board) if p * side > 0]

    def column(self, side: int) -> int | None:
        """The space of ``side``'s column, or ``None`` if it was captured."""
        code = 2 * side
        for s, p in enumerate(self.board):
            if p == code:
                return s
        return None


class Move:
    """A move from ``start`` to ``end``; ``path`` lists the hop landings when the record gave them.

    Two moves are equal when start and end are: a hop series reaching the same space by several
    paths is one move. ``path`` (every landing space, ``end`` last) only asks that the path given
    be checked hop by hop. A value (never changed once made).
    """

    __slots__ = ("end", "path", "start")

    def __init__(self, start: int, end: int, path: tuple[int, ...] | None = None) -> None:
        self.start = start
        self.end = end
        self.path = path

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return self.start == other.start and self.end == other.end

    def __hash__(self) -> int:
        return hash((self.start, self.end))

    def __repr__(self) -> str:
        return f"Move(start={self.start!r}, end={self.end!r}, path={self.path!r})"

    def __str__(self) -> str:
        spaces = (self.start, *(self.path or (self.end,)))
        return " to ".join(space_name(s) for s in spaces)

    def __reduce__(self) -> tuple[type[Move], tuple[int, int, tuple[int, ...] | None]]:
        """``Move(start, end, path)`` again (copies and pickles, as :meth:`Position.__reduce__`)."""
        return Move, (self.start, self.end, self.path)


# --- precomputed tables ------------------------------------------------------------------

_N: Final = BOARD.size
NEIGHBOURS: Final = BOARD.neighbours
RAYS: Final = BOARD.rays
HOPS: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
    tuple((ray[0], ray[1]) for ray in rays if len(ray) > 1) for rays in RAYS
)
"""``HOPS[s]``: ``(over, land)`` for each direction in which a hop from ``s`` stays on the board."""

_LINES: Final[list[dict[int, tuple[int, int]] | None]] = [None] * _N
"""``_LINES[a][b]``: (direction, distance) from ``a`` to ``b``; each row is built on first use."""


def _lines_from(a: int) -> dict[int, tuple[int, int]]:
    row = _LINES[a]
    if row is None:
        row = _LINES[a] = {n: (d, k) for d, ray in enumerate(RAYS[a]) for k, n in enumerate(ray, 1)}
    return row


NEIGHBOUR_SETS: Final[tuple[frozenset[int], ...]] = tuple(frozenset(ns) for ns in NEIGHBOURS)


def line_between(a: int, b: int) -> tuple[int, int] | None:
    """``(direction, distance)`` when ``b`` lies on a straight line from ``a``; else ``None``."""
    return _lines_from(a).get(b) if 0 <= a < _N else None


def _mirror_of(sp: int) -> int:
    i, j = BOARD.coords[sp]
    m = BOARD.at((14 - i, 14 - j))
    assert m is not None  # the board is symmetric about GT
    return m


_MIRROR: Final[tuple[int, ...]] = tuple(_mirror_of(s) for s in range(_N))


# --- move generation ---------------------------------------------------------------------


def _hop_landings(board: tuple[int, ...], start: int, side: int, column: bool) -> set[int]:
    """Every space a hop series from ``start`` can end on (search over landing × hopped set).

    A hopped piece is known by the space hopped over, so the own base and a column standing on it
    are one and the same thing to hop (rulings 3 and 4).
    """
    own_base = _BASE[side]
    opp_base = _BASE[-side]
    ends: set[int] = set()
    seen: set[tuple[int, int]] = set()
    stack: list[tuple[int, int]] = [(start, 0)]
    while stack:
        cur, hopped = stack.pop()
        for over, land in HOPS[cur]:
            bit = 1 << over
            if hopped & bit:
                continue  # ruling 4: never the same piece (or base) twice
            if over != own_base and (over == start or board[over] * side <= 0):
                continue  # only own pieces and the own base can be hopped (the start is empty now)
            if land == start:
                continue  # ruling 4: never back to the starting space
            q = board[land]
            if q == EMPTY:
                if land == own_base and not column:
                    continue  # ruling 5: a stone never lands on its own base
                ends.add(land)
                if land == opp_base:
                    continue  # ruling 5: the opponent's base ends the move
                state = (land, hopped | bit)
                if state not in seen:
                    seen.add(state)
                    stack.append(state)
            elif column and q * side < 0 and land != opp_base:
                ends.add(land)  # ruling 8: capture on the last hop; ruling 9: not on its base
    return ends


def _slides(board: tuple[int, ...], sp: int, side: int, column: bool) -> set[int]:
    own_base, opp_base = _BASE[side], _BASE[-side]
    dests: set[int] = set()
    if not column:
        for n in NEIGHBOURS[sp]:
            if board[n] == EMPTY and n != own_base:
                dests.add(n)  # ruling 2 (and 5: never onto the own base)
        return dests
    for ray in RAYS[sp]:
        for n in ray:
            q = board[n]
            if q == EMPTY:
                dests.add(n)
                if n == opp_base:
                    break  # a slide stops on the opponent's base: landing there ends the move
                continue
            if q * side < 0 and n != opp_base:
                dests.add(n)  # ruling 8: capture; ruling 9: a column on its base is safe
            break
    return dests


def piece_destinations(board: tuple[int, ...], sp: int, side: int) -> set[int]:
    """Every space the piece of ``side`` on ``sp`` may end a move on (no game-over check)."""
    column = board[sp] == 2 * side
    return _slides(board, sp, side, column) | _hop_landings(board, sp, side, column)


def finished(position: Position) -> bool:
    """Whether the game is over on the board: a piece on a base it attacks, or a side without pieces."""
    board = position.board
    # ``in`` scans in C and stops at the first piece found: no Python loop over the 127 spaces.
    return (board[BLACK_BASE] > 0 or board[WHITE_BASE] < 0
            or not (WHITE_STONE in board or WHITE_COLUMN in board)
            or not (BLACK_STONE in board or BLACK_COLUMN in board))


def reaches(board: tuple[int, ...], start: int, end: int, side: int) -> bool:
    """Whether the piece of ``side`` on ``start`` may end a move on ``end`` (no game-over check).

    The same answer as ``end in piece_destinations(board, start, side)``, found without building
    every destination: the landing is checked first, then a slide along the one line that could
    lead there, and only then a hop search, which stops as soon as it lands on ``end``.
    """
    column = board[start] == 2 * side
    own_base, opp_base = _BASE[side], _BASE[-side]
    q = board[end]
    if q != EMPTY:
        if not column or q * side > 0 or end == opp_base:
            return False  # own piece; a stone never captures; ruling 9: a column on its base is safe
    elif end == own_base and not column:
        return False  # ruling 5
    if column:
        line = _lines_from(start).get(end)
        if line is not None:
            ray = RAYS[start][line[0]]
            for k in range(line[1] - 1):
                n = ray[k]
                if board[n] != EMPTY or n == opp_base:
                    break  # blocked, or the slide would stop on the opponent's base
            else:
                return True
    elif q == EMPTY and end in NEIGHBOUR_SETS[start]:
        return True
    # A hop series (the same search as _hop_landings, with the landing on ``end`` pre-checked).
    seen: set[int] = set()
    stack: list[tuple[int, int]] = [(start, 0)]
    while stack:
        cur, hopped = stack.pop()
        for over, land in HOPS[cur]:
            bit = 1 << over
            if hopped & bit:
                continue
            if over != own_base and (over == start or board[over] * side <= 0):
                continue
            if land == end:
                return True
            if board[land] != EMPTY or land == opp_base:
                continue  # (the start holds the moving piece: never landed on either)
            if land == own_base and not column:
                continue
            nxt = hopped | bit
            key = nxt << 7 | land
            if key not in seen:
                seen.add(key)
                stack.append((land, nxt))
    return False


def legal_moves(position: Position) -> list[Move]:
    """Every legal move of the side to move as (start, end), each once, in (start, end) order.

    Empty when the game is already over (a piece on a base, or a side without pieces).
    """
    if finished(position):
        return []
    board, side = position.board, position.turn
    moves: list[Move] = []
    for sp in range(_N):
        if board[sp] * side > 0:
            moves.extend(Move(sp, d) for d in sorted(piece_destinations(board, sp, side)))
    return moves


def destinations(position: Position, start: int) -> list[int]:
    """The spaces the piece on ``start`` may move to (empty if it is not the mover's piece)."""
    if not 0 <= start < _N or finished(position) or position.board[start] * position.turn <= 0:
        return []
    return sorted(piece_destinations(position.board, start, position.turn))


def has_legal_move(position: Position) -> bool:
    """Whether the side to move has any legal move (fast: stops at the first one found)."""
    if finished(position):
        return False
    board, side = position.board, position.turn
    own_base = _BASE[side]
    mine = [sp for sp in range(_N) if board[sp] * side > 0]
    for sp in mine:
        for n in NEIGHBOURS[sp]:
            if board[n] == EMPTY and (n != own_base or board[sp] == 2 * side):
                return True
    return any(piece_destinations(board, sp, side) for sp in mine)


# --- playing a move, outcome, averto -----------------------------------------------------




COLUMNS: tuple[Position | None, int, int] = (None, -1, -1)
"""The position :func:`~pbmkit.games.batalo.play.play` or :func:`apply` gave last, with the
spaces of White's
and Black's columns there (``-1``: captured, ``-2``: not known yet): set by it and by
:func:`apply` (carried from the position before when that is the one remembered), read by it and
by :func:`threats` instead of a scan of the board (the side that moved there also has a piece),
and completed by :func:`threats` where it had to look for a column. A position made otherwise is
never the one remembered, and is looked at as before."""


def apply(position: Position, move: Move) -> Position:
    """The position after ``move`` (assumed legal): the piece moves, a captured piece leaves."""
    board = list(position.board)
    start, end = move.start, move.end
    p, q = board[start], board[end]
    board[end] = p
    board[start] = EMPTY
    after = Position(tuple(board), -position.turn)
    key = position._key
    if key is not None:  # the key carried along (see Position._key)
        z_end = ZOBRIST[end]
        after._key = key ^ ZOBRIST[start][p] ^ z_end[p] ^ z_end[q] ^ BLACK_KEY
    if p * position.turn > 0:  # the mover's piece moved: the columns carried (see COLUMNS)
        global COLUMNS  # one reference, swapped at once: safe across threads
        last, white, black = COLUMNS
        if position is not last:
            white = black = -2
        if q == WHITE_COLUMN:
            white = -1
        elif q == BLACK_COLUMN:
            black = -1
        if p == WHITE_COLUMN:
            white = end
        elif p == BLACK_COLUMN:
            black = end
        COLUMNS = (after, white, black)
    return after


def outcome(position: Position) -> Outcome | None:
    """The result, if the game is over on the board (rulings 10 and 11), else ``None``.

    ``how`` is ``"base"``, ``"capture-all"`` or ``"no-moves"`` (the side to move has no legal move
    and loses). Concession and agreed draws (ruling 12) are for the record, never forced here.
    """
    board = position.board
    if board[BLACK_BASE] > 0:
        return Outcome("white", "base")
    if board[WHITE_BASE] < 0:
        return Outcome("black", "base")
    if min(board) >= 0:  # no black piece (a scan in C)
        return Outcome("white", "capture-all")
    if max(board) <= 0:
        return Outcome("black", "capture-all")
    if not has_legal_move(position):
        return Outcome("black" if position.turn == WHITE else "white", "no-moves")
    return None


def threats(position: Position, side: int | None = None) -> list[str]:
    """What ``side`` (default: the side that just moved) could do next move if the opponent passed.

    Returns ``"column"`` if it could capture the opponent's column and ``"base"`` if it could land
    on the opponent's base (ruling 14): a move that leaves such a threat is an *averto* move.
    Asked of a possible position (:func:`~pbmkit.games.batalo.setup.validate`: a column a side at
    most).
    """
    global COLUMNS  # one reference, swapped at once: safe across threads
    mover = -position.turn if side is None else side
    board = position.board
    if board[BLACK_BASE] > 0 or board[WHITE_BASE] < 0:
        return []  # the game is over (finished): a piece on a base it attacks
    # Each side's column found by scans in C that stop where it stands (a legal position has at
    # most one); the game is also over when the opponent has neither column nor stone (a mover
    # without pieces threatens nothing: no need to ask).
    code = 2 * mover
    last, white, black = COLUMNS
    if position is last:  # the columns carried by the notation's play, where known
        column, target = (white, black) if mover == WHITE else (black, white)
    else:
        column = target = -2
    if column == -2 or target == -2:
        if column == -2:
            try:  # one scan (``in`` then ``index`` scanned twice)
                column = board.index(code)
            except ValueError:
                column = -1
        if target == -2:
            try:
                target = board.index(-code)
            except ValueError:
                target = -1
        if position is last:  # known now: play carries them on
            COLUMNS = (last, column, target) if mover == WHITE else (last, target, column)
    if target < 0 and -mover not in board:
        return []
    opp_base = _BASE[-mover]
    # Two targets, asked of the pieces that could reach them, without destination sets. Only a
    # column captures, so only the mover's column can threaten the opponent's column. Slides are
    # asked first (a look at the target's neighbours, a walk along one line). A hop series ends
    # with a hop over one of the mover's pieces (or their base) next to the target: where there is
    # one, a search backwards from the target over empty landings finds the few pieces from which
    # a series could end there, and only those are asked (most pieces fail, and a failing hop
    # search was most of the time a record with averto words took to check).
    threat = column >= 0 and target >= 0 and (
        _slides_to(board, column, target, mover)
        or (_hop_lands(board, target, mover) and column in _hop_starts(board, target, mover)
            and reaches(board, column, target, mover)))
    if board[opp_base] != EMPTY:
        base = False  # the opponent's column on its own base (ruling 9): nothing lands there
    else:
        near = _neighbour_values(opp_base)(board)
        base = (mover in near or code in near
                or (column >= 0 and _slides_to(board, column, opp_base, mover))
                or (_hop_lands(board, opp_base, mover)
                    and any(reaches(board, sp, opp_base, mover)
                            for sp in _hop_starts(board, opp_base, mover))))
    if threat:
        return ["column", "base"] if base else ["column"]
    return ["base"] if base else []


def _hop_starts(board: tuple[int, ...], target: int, side: int) -> list[int]:
    """The spaces of ``side``'s pieces from which a hop series could end on ``target`` (a
    necessary condition only: :func:`reaches` decides).

    Searched backwards: a hop lands on ``x`` from two spaces away over a piece of ``side`` (or its
    base) between, and a series' earlier landings are empty spaces other than the opponent's base.
    Every hop series to ``target`` is such a chain, so every piece that could make one is found.
    """
    own_base = _BASE[side]
    opp_base = _BASE[-side]
    found: list[int] = []
    seen = {target}
    todo = [target]
    for x in todo:  # (grows while it is read: a breadth-first search)
        for over, cur in HOPS[x]:
            if cur in seen or (over != own_base and board[over] * side <= 0):
                continue
            seen.add(cur)
            q = board[cur]
            if q == EMPTY:
                if cur != opp_base:
                    todo.append(cur)
            elif q * side > 0:
                found.append(cur)
    return found


_HOPS_INTO: Final[list[tuple[Callable[[tuple[int, ...]], tuple[int, ...]], frozenset[int]] | None]] = (
    [None] * _N)
"""``_HOPS_INTO[t]``: what stands on the spaces a hop landing on ``t`` passes over (a getter),
and those spaces (built on first use)."""
_HOPS_OVER: Final[list[tuple[frozenset[int], ...]]] = []
"""``_HOPS_OVER[0][t]``: the spaces a hop landing on ``t`` passes over (built on first use)."""
_NEIGHBOUR_VALUES: Final[list[Callable[[tuple[int, ...]], tuple[int, ...]] | None]] = [None] * _N


def _neighbour_values(space: int) -> Callable[[tuple[int, ...]], tuple[int, ...]]:
    """A getter of what stands on the neighbours of ``space`` (an ``itemgetter``: one C call)."""
    get = _NEIGHBOUR_VALUES[space]
    if get is None:
        get = _NEIGHBOUR_VALUES[space] = _getter(NEIGHBOURS[space])
    return get


def _getter(spaces: Sequence[int]) -> Callable[[tuple[int, ...]], tuple[int, ...]]:
    """``board -> tuple of board[s] for s in spaces``, always a tuple."""
    if not spaces:
        return lambda board: ()
    if len(spaces) == 1:
        one = spaces[0]
        return lambda board: (board[one],)
    return itemgetter(*spaces)


def _hop_lands(board: tuple[int, ...], target: int, side: int) -> bool:
    """Whether a hop could land on ``target``: one of ``side``'s pieces, or their base, stands
    next to it on a line that goes on past it (a necessary condition only)."""
    entry = _HOPS_INTO[target]
    if entry is None:
        if not _HOPS_OVER:  # every hop by its landing, in one pass over HOPS (not one a target)
            into: list[set[int]] = [set() for _ in range(_N)]
            for cur in range(_N):
                for over, land in HOPS[cur]:
                    into[land].add(over)
            _HOPS_OVER.append(tuple(frozenset(x) for x in into))  # whole: threads see all or none
        spaces = sorted(_HOPS_OVER[0][target])
        entry = _HOPS_INTO[target] = (_getter(spaces), frozenset(spaces))
    get, overs = entry
    if _BASE[side] in overs:
        return True
    values = get(board)
    return side in values or 2 * side in values


def _slides_to(board: tuple[int, ...], start: int, end: int, side: int) -> bool:
    """:func:`reaches` without its hop search: whether the piece on ``start`` slides to ``end``."""
    column = board[start] == 2 * side
    opp_base = _BASE[-side]
    q = board[end]
    if q != EMPTY:
        if not column or q * side > 0 or end == opp_base:
            return False
    elif end == _BASE[side] and not column:
        return False
    if not column:
        return q == EMPTY and end in NEIGHBOUR_SETS[start]
    line = _lines_from(start).get(end)
    if line is None:
        return False
    for n in RAYS[start][line[0]][:line[1] - 1]:  # noqa: SIM110 (a loop: no generator made)
        if board[n] != EMPTY or n == opp_base:
            return False
    return True


def is_averto(position: Position, move: Move) -> bool:
    """Whether the legal ``move`` in ``position`` is an averto move (ruling 14)."""
    return bool(threats(apply(position, move), position.turn))


def hop_paths(position: Position, start: int, end: int) -> list[tuple[int, ...]]:
    """Every hop path (landings, ``end`` last) from ``start`` to ``end``, shortest first.

    A path may pass over ``end`` and come back to it: every such series is listed. Empty when the
    piece on ``start`` is not the mover's, the game is over, or no hop series ends on ``end``.
    """
    board, side = position.board, position.turn
    if not (0 <= start < _N and 0 <= end < _N) or board[start] * side <= 0 or finished(position):
        return []
    column = board[start] == 2 * side
    own_base, opp_base = _BASE[side], _BASE[-side]
    out: list[tuple[int, ...]] = []

    def walk(cur: int, hopped: int, path: tuple[int, ...]) -> None:
        for over, land in HOPS[cur]:
            bit = 1 << over
            if hopped & bit or land == start:
                continue
            if over != own_base and (over == start or board[over] * side <= 0):
                continue
            q = board[land]
            if q == EMPTY and not (land == own_base and not column):
                if land == end:
                    out.append((*path, land))
                if land != opp_base:
                    walk(land, hopped | bit, (*path, land))
            elif land == end and column and q * side < 0 and land != opp_base:
                out.append((*path, land))

    walk(start, 0, ())
    out.sort(key=lambda p: (len(p), p))
    return out


def mirror(position: Position) -> Position:
    """The same position with colours swapped and the board turned 180° (White ↔ Black)."""
    board = [EMPTY] * _N
    for sp, p in enumerate(position.board):
        board[_MIRROR[sp]] = -p
    return Position(tuple(board), -position.turn)


def mirror_space(sp: int) -> int:
    """The space that ``sp`` becomes when the board turns 180° about GT."""
    return _MIRROR[sp]
