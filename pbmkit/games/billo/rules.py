"""Billo (Alberto Glisoni, 1992): pieces, positions, moves, legal move generation, outcome.

The rules text, board, rulings 1–14 and our decisions: ``docs/billo.md``.
Squares are the integers 0..63 of :data:`BOARD` (``a1`` = 0, ``h1`` = 7, ``a8`` = 56). A position
is a 64-tuple of cell codes and the side to move. A cell code packs what stands on a square:
``side * (round + 3 * square)`` where ``round`` and ``square`` are :data:`NONE`, :data:`BASIC` or
:data:`BILLO` and ``side`` is :data:`YELLOW` (+1) or :data:`ORANGE` (-1); 0 is an empty square.
One code per square makes "two colours on a square" and "two pieces of a shape on a square"
impossible to represent at all.

Checking a single move and explaining why it is illegal lives in :mod:`pbmkit.games.billo.check`.
"""


from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Final, NamedTuple

from pbmkit.games.base import Outcome
from pbmkit.games.board import Board, square_board

__all__ = [
    "BASIC",
    "BILLO",
    "BOARD",
    "EMPTY",
    "NONE",
    "ORANGE",
    "QUIET_DRAW_PLIES",
    "ROUND",
    "SHAPES",
    "SIDE_NAMES",
    "SQUARE",
    "YELLOW",
    "Analysis",
    "Move",
    "Position",
    "analysis",
    "apply",
    "candidate_moves",
    "cell",
    "claimable_draw",
    "describe_cell",
    "forward_squares",
    "has_legal_move",
    "is_billo_move",
    "last_rank",
    "legal_moves",
    "move_key",
    "move_squares",
    "move_text",
    "moving_piece",
    "outcome",
    "piece_count",
    "promotes",
    "shape_state",
    "space",
    "space_name",
]

# --- the board ---------------------------------------------------------------------------------

BOARD: Final[Board] = square_board(8, 8)
"""The 8 × 8 board; coordinates are (file, rank), 0-based; names ``a1`` … ``h8``."""


def space(name: str) -> int:
    """The square called ``name`` (any case), e.g. ``"c3"``; ``KeyError`` if not on the board."""
    return BOARD.space(name.strip())


def space_name(sq: int) -> str:
    """The name of square ``sq``, e.g. ``"c3"``."""
    return BOARD.names[sq]


# --- pieces and cells --------------------------------------------------------------------------

YELLOW: Final = 1
ORANGE: Final = -1
SIDE_NAMES: Final[dict[int, str]] = {YELLOW: "yellow", ORANGE: "orange"}
ROUND, SQUARE = "R", "S"
SHAPES: Final[tuple[str, str]] = (ROUND, SQUARE)
SHAPE_WORD: Final = {ROUND: "round", SQUARE: "square"}
_OTHER: Final = {ROUND: SQUARE, SQUARE: ROUND}

EMPTY: Final = 0
NONE, BASIC, BILLO = 0, 1, 2
QUIET_DRAW_PLIES: Final = 100
"""Rule 14 (house): 50 moves by each side with no capture and no promotion allow a draw claim."""


def cell(side: int, round_state: int = NONE, square_state: int = NONE) -> int:
    """The cell code of a square holding ``side``'s round and square pieces in these states."""
    return side * (round_state + 3 * square_state)


def shape_state(code: int, shape: str) -> int:
    """:data:`NONE`, :data:`BASIC` or :data:`BILLO`: the ``shape`` piece in cell ``code``."""
    a = abs(code)
    return a % 3 if shape == ROUND else a // 3


def piece_words(shape: str, state: int) -> str:
    return f"{SHAPE_WORD[shape]} {'Billo' if state == BILLO else 'piece'}"


def describe_cell(code: int) -> str:
    """What a cell holds, in players' words: ``"an orange square Billo"``, ``"a yellow double"``."""
    if code == EMPTY:
        return "nothing"
    colour = SIDE_NAMES[1 if code > 0 else -1]
    r, s = shape_state(code, ROUND), shape_state(code, SQUARE)
    article = "an" if colour == "orange" else "a"
    if r and s:
        kind = "composite Billo" if r == s == BILLO else "double"
        return f"{article} {colour} {kind}"
    return f"{article} {colour} {piece_words(ROUND if r else SQUARE, r or s)}"


# --- positions and moves -----------------------------------------------------------------------


class Position:
    """A Billo position: ``board[square]`` is a cell code; ``turn`` is +1 (Yellow) or -1 (Orange).

    ``quiet`` counts the plies since the last capture or promotion (for the rule 14 draw claim).
    A value: never changed once made. A plain class, as :class:`Move` (a dataclass costs every
    command's start: docs/performance.md, "Start-up").
    """

    __slots__ = ("_masks", "board", "quiet", "turn")

    def __init__(self, board: tuple[int, ...], turn: int = YELLOW, quiet: int = 0) -> None:
        self.board = board
        self.turn = turn
        self.quiet = quiet
        self._masks: tuple[int, ...] | None = None
        """The squares of each kind of piece as packed masks (:func:`packed`), computed on first
        use or carried along by :func:`apply`; not part of equality."""

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (self.turn == other.turn and self.quiet == other.quiet
                and self.board == other.board)

    def __repr__(self) -> str:
        return f"Position(board={self.board!r}, turn={self.turn!r}, quiet={self.quiet!r})"

    def __hash__(self) -> int:
        # The board and the movers' packed masks (four integers) say the same: equal boards have
        # equal masks, and hashing four integers is cheaper than hashing 64 cells.
        m = self._masks
        if m is None:
            m = packed(self)
        return hash((m[P_BASIC], m[P_BILLO], m[4 + P_BASIC], m[4 + P_BILLO], self.quiet, self.turn))

    def __reduce__(self) -> tuple[type["Position"], tuple[tuple[int, ...], int, int]]:
        """``Position(board, turn, quiet)`` again (copies and pickles, in both builds alike)."""
        return Position, (self.board, self.turn, self.quiet)


class Move:
    """One piece's move: its shape, its square, every square it enters in order, which are captures.

    ``piece`` is ``"R"`` or ``"S"`` (which part of a double moves); ``steps`` lists every square
    entered, the last being where the piece stops; ``captures`` the captured squares among them,
    in order. Equality is on the whole path: two paths may capture different pieces. A value.
    """

    __slots__ = ("captures", "piece", "start", "steps")

    def __init__(self, piece: str, start: int, steps: tuple[int, ...],
                 captures: tuple[int, ...] = ()) -> None:
        self.piece = piece
        self.start = start
        self.steps = steps
        self.captures = captures

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return (self.start == other.start and self.steps == other.steps
                and self.piece == other.piece and self.captures == other.captures)

    def __hash__(self) -> int:
        return hash((self.piece, self.start, self.steps, self.captures))

    def __repr__(self) -> str:
        return (f"Move(piece={self.piece!r}, start={self.start!r}, steps={self.steps!r}, "
                f"captures={self.captures!r})")

    @classmethod
    def along(cls, piece: str, squares: Sequence[int], captures: Iterable[int] = ()) -> "Move":
        """The move of ``piece`` along ``squares`` (start first), capturing on ``captures``.

        ``ValueError`` if fewer than two squares are given.
        """
        if len(squares) < 2:
            raise ValueError("a move names at least two squares: where the piece starts and "
                             "where it goes")
        caught = set(captures)
        steps = tuple(squares[1:])
        return cls(piece, squares[0], steps, tuple(s for s in steps if s in caught))

    @property
    def end(self) -> int:
        """The square where the piece stops."""
        return self.steps[-1]

    def __str__(self) -> str:
        return f"{self.piece} {_path_text(self)}"

    def __reduce__(self) -> tuple[type["Move"], tuple[str, int, tuple[int, ...], tuple[int, ...]]]:
        """``Move(piece, start, steps, captures)`` again (copies and pickles, as
        :meth:`Position.__reduce__`)."""
        return Move, (self.piece, self.start, self.steps, self.captures)


def _path_text(move: Move) -> str:
    caps = set(move.captures)
    path = "".join(("x" if s in caps else "-") + space_name(s) for s in move.steps)
    return f"{space_name(move.start)}{path}"


def move_squares(move: Move) -> tuple[int, ...]:
    """Every square of the move: the start, then each square entered."""
    return (move.start, *move.steps)


def moving_piece(position: Position, move: Move) -> int:
    """:data:`BASIC` or :data:`BILLO` for the piece that ``move`` moves (:data:`NONE` if absent)."""
    code = position.board[move.start]
    if code * position.turn <= 0:
        return NONE
    return shape_state(code, move.piece)


def is_billo_move(position: Position, move: Move) -> bool:
    """Whether ``move`` is made by a Billo (a composite Billo's part counts)."""
    return moving_piece(position, move) == BILLO


def move_text(position: Position, move: Move) -> str:
    """The canonical text of ``move``: ``R c2xd3xe4``, ``S c1-c2-d3``, ``R+ d5-e6``."""
    mark = "+" if is_billo_move(position, move) else ""
    return f"{move.piece}{mark} {_path_text(move)}"


# --- precomputed tables ------------------------------------------------------------------------

N: Final = BOARD.size
RANK: Final[tuple[int, ...]] = tuple(r for _f, r in BOARD.coords)
LAST_RANK: Final = {YELLOW: 7, ORANGE: 0}


def _neighbours(dirs: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
    out = []
    for f, r in BOARD.coords:
        row = (BOARD.at((f + df, r + dr)) for df, dr in dirs)
        out.append(tuple(n for n in row if n is not None))
    return tuple(out)


FORWARD: Final[dict[int, tuple[tuple[int, ...], ...]]] = {
    YELLOW: _neighbours(((0, 1), (-1, 1), (1, 1))),
    ORANGE: _neighbours(((0, -1), (-1, -1), (1, -1))),
}
KING: Final[tuple[tuple[int, ...], ...]] = BOARD.neighbours
# Normalised codes (code * side): what a piece of each shape may pass through (own free piece of
# the other shape, basic or Billo) and what it may capture (opponent's free piece of the other
# shape; the value says whether that prey is a Billo, which only a Billo may capture).
PASSABLE: Final = {ROUND: frozenset((3, 6)), SQUARE: frozenset((1, 2))}
PREY: Final = {ROUND: {-3: 0, -6: 1}, SQUARE: {-1: 0, -2: 1}}


def last_rank(side: int) -> int:
    """The 0-based rank where ``side``'s basic pieces become Billos (7 for Yellow, 0 for Orange)."""
    return LAST_RANK[side]


def forward_squares(side: int, sq: int) -> tuple[int, ...]:
    """The (up to three) squares ahead of ``sq`` for ``side``: ahead, diagonally ahead."""
    return FORWARD[side][sq]


def promotes(position: Position, move: Move) -> bool:
    """Whether ``move`` turns a basic piece into a Billo (it stops on its last rank)."""
    return moving_piece(position, move) == BASIC and RANK[move.end] == LAST_RANK[position.turn]


# --- masks: the squares of each kind of piece as 64-bit integers --------------------------------
#
# Checking a written move asks "can the side capture at all?" and "can it capture more?" of
# whole sets of pieces at once. Bit ``sq`` of a mask stands for square ``sq``. Two layouts:
#
# * the wide one (:func:`masks`: 16 masks, for the capture search's rarer paths), at index
#   ``8 * side_index + 4 * shape_index + kind``: side_index 0 for Yellow, 1 for Orange;
#   shape_index 0 for round, 1 for square; kind :data:`MOVER_BASIC` (every basic piece of that
#   shape, free or in a double), :data:`MOVER_BILLO` (every such Billo), :data:`FREE` (the free
#   pieces of that shape, basic or Billo: what the other shape passes through or captures) and
#   :data:`FREE_BASIC` (the free basic ones: what a basic piece may capture);
# * the packed one (:func:`packed`, what a position carries and :func:`apply` keeps up to date):
#   two masks in one integer, the round movers' in bits 0-63 and the square movers' from bit
#   :data:`HALF` (72: the 8 bits between catch what a shift by one rank and file carries over),
#   so that one operation asks a question of both shapes at once. Per side (Yellow at 0,
#   Orange at 4): :data:`P_BASIC` (round basic | square basic), :data:`P_BILLO` (round Billos |
#   square Billos), :data:`P_FREE` (free square pieces | free round pieces: what the round,
#   resp. square, movers of this side pass through and those of the other side capture) and
#   :data:`P_FREE_BASIC` (free basic square pieces | free basic round pieces). Index
#   :data:`P_KNOWN` is 1 once the position is known not to be over by rules 11 and 12.

MOVER_BASIC, MOVER_BILLO, FREE, FREE_BASIC = 0, 1, 2, 3
P_BASIC, P_BILLO, P_FREE, P_FREE_BASIC = 0, 1, 2, 3
P_KNOWN: Final = 8
HALF: Final = 72
FULL: Final = (1 << 64) - 1
_FILE_A: Final = sum(1 << (8 * r) for r in range(8))
NOT_A: Final = FULL & ~_FILE_A
NOT_H: Final = FULL & ~(_FILE_A << 7)
PNOT_A: Final = NOT_A | NOT_A << HALF
"""Both halves of a packed mask without file a (shifting down a file, or a file and a rank)."""
PNOT_H: Final = NOT_H | NOT_H << HALF
"""Both halves of a packed mask without file h."""


def mask_index(side: int, shape: str, kind: int) -> int:
    """The index in :func:`masks` of ``side``'s ``shape`` pieces of ``kind``."""
    return (0 if side == YELLOW else 8) + (0 if shape == ROUND else 4) + kind


def _packed_cats(code: int) -> tuple[tuple[int, int], ...]:
    """``(index, bit)`` of every packed mask a square holding ``code`` belongs to (the bit for
    square 0)."""
    if code == EMPTY:
        return ()
    base = 0 if code > 0 else 4
    a = abs(code)
    r, s = a % 3, a // 3
    out = []
    for half, state, other in ((0, r, s), (HALF, s, r)):
        if state:
            out.append((base + (P_BASIC if state == BASIC else P_BILLO), 1 << half))
            if not other:  # a free piece: the free masks keep it in the other shape's half
                out.append((base + P_FREE, 1 << (HALF - half)))
                if state == BASIC:
                    out.append((base + P_FREE_BASIC, 1 << (HALF - half)))
    return tuple(out)


def _halves(cats: Iterable[tuple[int, int]]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The indices of ``(index, bit)`` pairs whose bit is in the low half, and in the high half."""
    pairs = sorted(cats)
    return (tuple(i for i, bit in pairs if bit == 1), tuple(i for i, bit in pairs if bit != 1))


_PACKED_CATS: Final[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]] = tuple(
    _halves(_packed_cats(code)) for code in range(-8, 9))
"""``_PACKED_CATS[code + 8]``: the indices of the packed masks a square ``sq`` holding ``code``
belongs to by bit ``sq``, and those it belongs to by bit ``sq + HALF``."""


class _Flips(dict[int, tuple[tuple[int, ...], tuple[int, ...]]]):
    """``_FLIPS[32 * old + new]``: the indices of the packed masks whose bit ``sq``, and those
    whose bit ``sq + HALF``, change when square ``sq``'s code goes from ``old`` to ``new``
    (filled as moves meet them)."""

    def __missing__(self, key: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        old, new = (key + 8) // 32, (key + 8) % 32 - 8
        flips = self[key] = _halves(set(_packed_cats(old)) ^ set(_packed_cats(new)))
        return flips


_FLIPS: Final = _Flips()


def _packed_of(board: tuple[int, ...]) -> tuple[int, ...]:
    m = [0] * (P_KNOWN + 1)
    for sq, code in enumerate(board):
        if code:
            for i, bit in _packed_cats(code):
                m[i] |= bit << sq
    return tuple(m)


def set_masks(position: Position, masks: tuple[int, ...] | None) -> None:
    """Give ``position`` its packed masks (:func:`packed`), computed elsewhere."""
    position._masks = masks


def packed(position: Position) -> tuple[int, ...]:
    """The packed masks of ``position`` (see the comment above :data:`MOVER_BASIC`), cached on
    the position: :func:`apply` carries them along, and :data:`P_KNOWN` along a move that
    neither captures nor promotes (it changes no side's pieces)."""
    m = position._masks
    if m is None:
        m = position._masks = _packed_of(position.board)
    return m


def masks(position: Position) -> tuple[int, ...]:
    """The 16 masks of ``position`` in the wide layout (see the comment above
    :data:`MOVER_BASIC`), from its packed masks; a 17th entry is :data:`P_KNOWN`'s."""
    p = packed(position)
    out: list[int] = []
    for base in (0, 4):
        for half in (0, HALF):
            out += (p[base + P_BASIC] >> half & FULL, p[base + P_BILLO] >> half & FULL,
                    p[base + P_FREE] >> (HALF - half) & FULL,
                    p[base + P_FREE_BASIC] >> (HALF - half) & FULL)
    return (*out, p[P_KNOWN])


def forward_mask(side: int, x: int) -> int:
    """The squares ahead of the squares of ``x`` for ``side`` (ahead, diagonally ahead)."""
    if side == YELLOW:
        return ((x << 8) | ((x & NOT_H) << 9) | ((x & NOT_A) << 7)) & FULL
    return (x >> 8) | ((x & NOT_A) >> 9) | ((x & NOT_H) >> 7)


def king_mask(x: int) -> int:
    """The squares of ``x`` and every square next to one of them, in all eight directions."""
    row = x | ((x & NOT_H) << 1) | ((x & NOT_A) >> 1)
    return (row | (row << 8) | (row >> 8)) & FULL


# --- move generation ---------------------------------------------------------------------------

Key = tuple[int, int, int]
"""The priority of a move (rule 6): captures, Billos captured, made by a Billo (only if capturing)."""


class _Sink:
    """Collects the moves of the best priority key met so far (and, on request, every move)."""

    __slots__ = ("best", "every", "moves")

    def __init__(self, keep_every: bool) -> None:
        self.best: Key = (0, 0, 0)
        self.moves: list[Move] = []
        self.every: dict[Move, Key] | None = {} if keep_every else None


def _piece_paths(board: tuple[int, ...], start: int, shape: str, side: int, billo: bool,
                 sink: _Sink) -> None:
    """Offer every move of one piece to ``sink`` with its priority key (rule 6)."""
    nbrs = KING if billo else FORWARD[side]
    last = LAST_RANK[side]
    passable, prey = PASSABLE[shape], PREY[shape]
    every = sink.every
    for n in nbrs[start]:
        if board[n] == EMPTY:  # a step onto an empty square: the only way an empty square is entered
            move = Move(shape, start, (n,))
            if sink.best == (0, 0, 0):
                sink.moves.append(move)
            if every is not None:
                every[move] = (0, 0, 0)

    _walk(board, start, shape, side, billo, sink, nbrs, last, passable, prey, start, (), (), 0,
          1 << start)


def _walk(board: tuple[int, ...], start: int, shape: str, side: int, billo: bool, sink: _Sink,
          nbrs: tuple[tuple[int, ...], ...], last: int, passable: frozenset[int],
          prey: dict[int, int], cur: int, steps: tuple[int, ...], caps: tuple[int, ...],
          billos: int, visited: int) -> None:
    """The paths of :func:`_piece_paths` on from ``cur`` (a function of its own, not a closure: a
    recursive closure is a reference cycle left for the garbage collector at every call)."""
    every = sink.every
    for n in nbrs[cur]:
        if visited >> n & 1:
            continue  # no square is entered twice (the start counts as entered)
        c = board[n] * side
        if c in passable:
            new_caps, new_billos = caps, billos
        elif c < 0 and c in prey and (billo or not prey[c]):
            new_caps, new_billos = (*caps, n), billos + prey[c]
        else:
            continue
        new_steps = (*steps, n)
        key = (len(new_caps), new_billos, 1 if billo and new_caps else 0)
        if key >= sink.best or every is not None:
            move = Move(shape, start, new_steps, new_caps)
            if key > sink.best:
                sink.best, sink.moves = key, [move]
            elif key == sink.best:
                sink.moves.append(move)
            if every is not None:
                every[move] = key
        if not billo and RANK[n] == last:
            continue  # promotion stops the piece at once, even mid-chain
        _walk(board, start, shape, side, billo, sink, nbrs, last, passable, prey, n, new_steps,
              new_caps, new_billos, visited | 1 << n)


def _pieces(board: tuple[int, ...], side: int) -> list[tuple[int, str, int]]:
    """``(square, shape, state)`` of every piece of ``side``."""
    found = []
    for sq in range(N):
        c = board[sq] * side
        if c > 0:
            r, s = c % 3, c // 3
            if r:
                found.append((sq, ROUND, r))
            if s:
                found.append((sq, SQUARE, s))
    return found


def _generate(position: Position, keep_every: bool) -> _Sink:
    sink = _Sink(keep_every)
    if static_outcome(position) is None:
        board, side = position.board, position.turn
        for sq, shape, state in _pieces(board, side):
            _piece_paths(board, sq, shape, side, state == BILLO, sink)
    return sink


class Analysis(NamedTuple):
    """The legal moves of a position (rule 6 applied), as a tuple and a set, and their key."""

    best: Key
    legal: tuple[Move, ...]
    legal_set: frozenset[Move]


@lru_cache(maxsize=64)
def analysis(position: Position) -> Analysis:
    """The legal moves of the side to move and their priority key (captures, Billos, by a Billo).

    Cached: checking every move of one position generates its moves once.
    """
    sink = _generate(position, keep_every=False)
    legal = tuple(sorted(sink.moves, key=lambda m: (m.start, m.piece, m.steps)))
    return Analysis(sink.best, legal, frozenset(legal))


def candidate_moves(position: Position) -> dict[Move, Key]:
    """Every move that keeps the movement rules, before the priority filter, with its key.

    Not cached and possibly large: for tests and explanations, not for the hot path.
    """
    every = _generate(position, keep_every=True).every
    assert every is not None
    return every


def move_key(position: Position, move: Move) -> Key:
    """The priority key of ``move`` (assumed to keep the movement rules): see rule 6."""
    billos = sum(1 for c in move.captures if BILLO in (shape_state(position.board[c], ROUND),
                                                       shape_state(position.board[c], SQUARE)))
    by_billo = 1 if move.captures and moving_piece(position, move) == BILLO else 0
    return len(move.captures), billos, by_billo


def legal_moves(position: Position) -> list[Move]:
    """Every legal move of the side to move, each path once, sorted by start, piece and path.

    Capture is mandatory with strict priority (rule 6): only the moves capturing the most pieces;
    among those the most Billos; among those the ones made by a Billo. Empty when the game is over.
    """
    return list(analysis(position).legal)


def has_legal_move(position: Position) -> bool:
    """Whether the side to move has any move at all (fast: the first step decides)."""
    board, side = position.board, position.turn
    for sq, shape, state in _pieces(board, side):
        passable, prey = PASSABLE[shape], PREY[shape]
        for n in (KING if state == BILLO else FORWARD[side])[sq]:
            c = board[n] * side
            if c == EMPTY or c in passable or (c in prey and (state == BILLO or not prey[c])):
                return True
    return False


# --- playing a move ----------------------------------------------------------------------------


PROMOTES: Final[dict[int, tuple[bool, ...]]] = {
    side: tuple(RANK[sq] == LAST_RANK[side] for sq in range(N)) for side in (YELLOW, ORANGE)}
"""``PROMOTES[side][sq]``: whether a basic piece of ``side`` stopping on ``sq`` becomes a Billo."""


def quiet_masks(m: tuple[int, ...], old: tuple[int, ...], new: tuple[int, ...], start: int,
                end: int) -> tuple[int, ...]:
    """The masks after a quiet move from ``start`` to ``end`` (boards ``old`` and ``new``): the
    masks of those two squares flip (shared by :func:`apply` and the notation's ``play``)."""
    ms = list(m)
    left = new[start]
    if left or old[end]:  # a double split or formed
        flips = _FLIPS
        for sq, low, high in ((start, *flips[32 * old[start] + left]),
                              (end, *flips[32 * old[end] + new[end]])):
            bit = 1 << sq
            for i in low:
                ms[i] ^= bit
            bit <<= HALF
            for i in high:
                ms[i] ^= bit
    else:  # the square's whole content goes to an empty square: the same masks change
        low, high = _PACKED_CATS[old[start] + 8]
        bits = 1 << start | 1 << end
        for i in low:
            ms[i] ^= bits
        bits <<= HALF
        for i in high:
            ms[i] ^= bits
    return tuple(ms)


def apply(position: Position, move: Move) -> Position:
    """The position after ``move`` (assumed legal): captured pieces leave, the piece stops, promotes."""
    old = position.board
    board = list(old)
    side = position.turn
    start, captures = move.start, move.captures
    end = move.steps[-1]
    code = old[start] * side
    if move.piece == ROUND:
        state = code % 3
        left = side * (code - state)
        unit = side
    else:
        state = code // 3
        left = side * (code % 3)
        unit = 3 * side
    board[start] = left
    # The masks carried along: only the start, the captured squares and the end change. The
    # end square holds no piece of the mover's shape (an empty square, an own piece of the other
    # shape, or a piece captured): the moving piece is added to it.
    m = position._masks
    if not captures:
        if state == BASIC and PROMOTES[side][end]:
            board[end] += unit * BILLO
        else:  # a quiet move: the start and the end change
            board[end] += unit * state
            new = tuple(board)
            after = Position(new, -side, position.quiet + 1)
            if m is not None:
                after._masks = quiet_masks(m, old, new, start, end)
            return after
    else:
        for c in captures:
            board[c] = EMPTY
        board[end] += unit * (BILLO if state == BASIC and PROMOTES[side][end] else state)
    new = tuple(board)
    after = Position(new, -side, 0)
    if m is not None:
        ms = list(m)
        flips = _FLIPS
        for sq in (start, *captures) if captures and captures[-1] == end else \
                (start, end, *captures):
            low, high = flips[32 * old[sq] + new[sq]]
            bit = 1 << sq
            for i in low:
                ms[i] ^= bit
            bit <<= HALF
            for i in high:
                ms[i] ^= bit
        # The pieces changed: whether the game is over (rules 11-12) is asked again, at once (the
        # next check would ask it, and the final position's outcome).
        ms[P_KNOWN] = 0 if _ending(ms) else 1
        m = tuple(ms)
    after._masks = m
    return after


# --- the end of the game -----------------------------------------------------------------------


def piece_count(position: Position, side: int, shape: str, state: int | None = None) -> int:
    """How many ``shape`` pieces ``side`` has (only those in ``state`` if given)."""
    n = 0
    for code in position.board:
        if code * side > 0:
            st = shape_state(code, shape)
            if st and (state is None or st == state):
                n += 1
    return n


def _census(position: Position) -> dict[tuple[int, str, int], int]:
    counts = {(side, shape, state): 0 for side in (YELLOW, ORANGE) for shape in SHAPES
              for state in (BASIC, BILLO)}
    for code in position.board:
        if code:
            side = 1 if code > 0 else -1
            for shape in SHAPES:
                st = shape_state(code, shape)
                if st:
                    counts[side, shape, st] += 1
    return counts


def static_outcome(position: Position) -> Outcome | None:
    """Capture of all pieces (rule 11) and the automatic draws (rule 12)."""
    m = packed(position)
    if m[P_KNOWN]:
        return None
    done = _ending(m)
    if done is None:
        set_masks(position, (*m[:P_KNOWN], 1, *m[P_KNOWN + 1:]))
    return done


def _ending(m: Sequence[int]) -> Outcome | None:
    """:func:`static_outcome` from the packed masks."""
    # Every piece is a basic piece or a Billo: the movers' masks hold every piece of a side.
    yellow, orange = m[P_BASIC] | m[P_BILLO], m[4 + P_BASIC] | m[4 + P_BILLO]
    if not orange:
        return Outcome("yellow", "capture-all")
    if not yellow:
        return Outcome("orange", "capture-all")
    both = yellow | orange
    if not both & FULL or not both >> HALF:
        return Outcome("draw", "draw-shapes")
    # draw-billos: one side only round Billos, the other only square Billos (rule 12)
    y_basic, y_billo, o_basic, o_billo = m[P_BASIC], m[P_BILLO], m[4 + P_BASIC], m[4 + P_BILLO]
    if (not (y_basic | y_billo >> HALF) and not (o_basic | o_billo & FULL)) or \
            (not (o_basic | o_billo >> HALF) and not (y_basic | y_billo & FULL)):
        return Outcome("draw", "draw-billos")
    return None


def outcome(position: Position) -> Outcome | None:
    """The result if the game is over, else ``None`` (rules 11 and 12).

    Checked in this order: a side without pieces loses (``capture-all``); the automatic draws
    (``draw-shapes``, ``draw-billos``); the side to move without a legal move loses (``no-moves``).
    A claimed draw (``draw-claimed``) is an event of the record: see :func:`claimable_draw`.
    """
    done = static_outcome(position)
    if done is not None:
        return done
    if not has_legal_move(position):
        return Outcome(SIDE_NAMES[-position.turn], "no-moves")
    return None


def claimable_draw(position: Position) -> str | None:
    """Why a draw may be claimed in ``position`` (rules 13 and 14), or ``None`` if it may not.

    Rule 13: each side has exactly one round Billo and one square Billo and nothing else. Rule 14
    *(house)*: :data:`QUIET_DRAW_PLIES` plies (50 moves each) without a capture or a promotion.
    """
    if static_outcome(position) is not None:
        return None
    counts = _census(position)
    if all(counts[side, shape, BILLO] == 1 and counts[side, shape, BASIC] == 0
           for side in (YELLOW, ORANGE) for shape in SHAPES):
        return "each side has only one round Billo and one square Billo"
    if position.quiet >= QUIET_DRAW_PLIES:
        return (f"{position.quiet // 2} moves by each side without a capture or a promotion")
    return None
