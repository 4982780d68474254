"""Batalo (Harmony Games, 1993): board, setup, legal moves, move checking, outcome, averto.

Rules: ``shared/rules/batalo.txt``; board, names and rulings 1–14: ``docs/batalo.md``.
Spaces are integers 0..126 of :data:`BOARD`; a position is a 127-tuple of piece codes
(:data:`WHITE_STONE` … :data:`BLACK_COLUMN`, sign = colour) and the side to move (+1 White, -1 Black).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from pbmkit.games.base import IllegalMoveError, Outcome, SetupError
from pbmkit.games.board import OFF, Board, hex_board

__all__ = [
    "BLACK",
    "BLACK_BASE",
    "BLACK_COLUMN",
    "BLACK_STONE",
    "BOARD",
    "EMPTY",
    "GAME",
    "STANDARD_SETUP",
    "WHITE",
    "WHITE_BASE",
    "WHITE_COLUMN",
    "WHITE_STONE",
    "Batalo",
    "Move",
    "Position",
    "apply",
    "check_move",
    "diagram",
    "format_setup",
    "from_diagram",
    "from_pbmserv",
    "hop_paths",
    "initial_position",
    "legal_moves",
    "mirror",
    "outcome",
    "parse_setup",
    "space",
    "space_name",
    "threats",
    "to_pbmserv",
]

# --- the board -------------------------------------------------------------------------------

_FIRST = "ABCDEFGHIJKLM"  # the A–M family of lines: i = 1..13
_SECOND = "NOPQRSTUVWXYZ"  # the N–Z family of lines: j = 1..13

# THE one table from (i, j) to a phone-chart name: a corrected chart is a change here only.
_COORDS = [(i, j) for i in range(1, 14) for j in range(1, 14) if 8 <= i + j <= 20]
BOARD: Board = hex_board(_COORDS, lambda i, j: _FIRST[i - 1] + _SECOND[j - 1])
"""The 127-space board; coordinates are the spec's ``(i, j)``."""

_SECOND_SET = frozenset(_SECOND)


def space(name: str) -> int:
    """The space named ``name`` (any case; ``RI`` is read as ``IR``). ``KeyError`` if none."""
    n = name.strip().upper()
    if len(n) == 2 and n[0] in _SECOND_SET and n[1] not in _SECOND_SET:
        n = n[1] + n[0]
    return BOARD.space(n)


def space_name(sp: int) -> str:
    """The phone-chart name of space ``sp``, e.g. ``"IR"``."""
    return BOARD.names[sp]


_PBMSERV_RE = re.compile(r"^([a-mA-M])(1[0-3]|[1-9])$")


def to_pbmserv(sp: int) -> str:
    """The pbmserv name of ``sp``: row letter ``a + (i + j - 8)`` and diagonal ``j`` (JQ = ``g4``)."""
    i, j = BOARD.coords[sp]
    return f"{chr(ord('a') + i + j - 8)}{j}"


def from_pbmserv(name: str) -> int:
    """The space of a pbmserv name such as ``g4``; ``KeyError`` if it is not on the board."""
    m = _PBMSERV_RE.match(name.strip())
    if not m:
        raise KeyError(f"{name!r} is not a pbmserv space name")
    r = ord(m.group(1).lower()) - ord("a") + 1
    j = int(m.group(2))
    sp = BOARD.at((r + 7 - j, j))
    if sp is None:
        raise KeyError(f"{name!r} is not on the board")
    return sp


# --- pieces and positions ----------------------------------------------------------------

EMPTY = 0
WHITE, BLACK = 1, -1
WHITE_STONE, WHITE_COLUMN = 1, 2
BLACK_STONE, BLACK_COLUMN = -1, -2

WHITE_BASE: int = space("JQ")
BLACK_BASE: int = space("DW")
_BASE = {WHITE: WHITE_BASE, BLACK: BLACK_BASE}
_SIDE_NAME = {WHITE: "White", BLACK: "Black"}
_PIECE_WORD = {1: "stone", 2: "column"}

STANDARD_SETUP = "W:JQ O:IQ,IR,JP,JR,KP,KQ B:DW X:CW,CX,DV,DX,EV,EW w"


@dataclass(frozen=True, slots=True)
class Position:
    """A Batalo position: ``board[space]`` is a piece code; ``turn`` is +1 (White) or -1 (Black)."""

    board: tuple[int, ...]
    turn: int = WHITE

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


@dataclass(frozen=True, slots=True)
class Move:
    """A move from ``start`` to ``end``; ``path`` lists the hop landings when the record gave them.

    Two moves are equal when start and end are: a hop series reaching the same space by several
    paths is one move. ``path`` (every landing space, ``end`` last) only asks that the path given
    be checked hop by hop.
    """

    start: int
    end: int
    path: tuple[int, ...] | None = field(default=None, compare=False)

    def __str__(self) -> str:
        spaces = (self.start, *(self.path or (self.end,)))
        return " to ".join(space_name(s) for s in spaces)


# --- precomputed tables ------------------------------------------------------------------

_N = BOARD.size
_NEIGHBOURS = BOARD.neighbours
_RAYS = BOARD.rays
# _HOPS[s]: (over, land) for each direction in which both spaces exist.
_HOPS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(
        (BOARD.steps[s][d], BOARD.steps[BOARD.steps[s][d]][d])
        for d in range(6)
        if BOARD.steps[s][d] != OFF and BOARD.steps[BOARD.steps[s][d]][d] != OFF
    )
    for s in range(_N)
)
_MIRROR: tuple[int, ...] = tuple(
    BOARD.at((14 - i, 14 - j)) or 0 for i, j in BOARD.coords
)
_ADJACENT: tuple[frozenset[int], ...] = tuple(frozenset(n) for n in _NEIGHBOURS)


def initial_position() -> Position:
    """The standard setup (fig. 1): columns on their bases, six stones round each; White to move."""
    return parse_setup(STANDARD_SETUP)


# --- move generation ---------------------------------------------------------------------


def _hop_landings(board: tuple[int, ...], start: int, side: int, column: bool) -> set[int]:
    """Every space a hop series from ``start`` can end on (search over landing × hopped set)."""
    own_base = _BASE[side]
    opp_base = _BASE[-side]
    ends: set[int] = set()
    seen: set[tuple[int, int]] = set()
    stack: list[tuple[int, int]] = [(start, 0)]
    while stack:
        cur, hopped = stack.pop()
        for over, land in _HOPS[cur]:
            bit = 1 << over
            if hopped & bit:
                continue  # ruling 4: never the same piece (or base) twice
            if over != own_base and (over == start or board[over] * side <= 0):
                continue  # only own pieces and the own base can be hopped
            if land == start:
                continue  # ruling 4: never back to the starting space
            q = board[land]
            if q == EMPTY:
                if land == own_base and not column:
                    continue  # ruling 5: a stone never lands on its own base
                ends.add(land)
                if land == opp_base:
                    continue  # the opponent's base ends the move
                state = (land, hopped | bit)
                if state not in seen:
                    seen.add(state)
                    stack.append(state)
            elif column and q * side < 0 and land != opp_base:
                ends.add(land)  # capture at the end of the last hop; a capture ends the move
    return ends


def _piece_destinations(board: tuple[int, ...], sp: int, side: int) -> set[int]:
    column = board[sp] == 2 * side
    own_base = _BASE[side]
    opp_base = _BASE[-side]
    dests: set[int] = set()
    if column:
        for ray in _RAYS[sp]:
            for n in ray:
                q = board[n]
                if q == EMPTY:
                    dests.add(n)
                    if n == opp_base:
                        break  # landing on the opponent's base ends the move
                    continue
                if q * side < 0 and n != opp_base:
                    dests.add(n)  # capture by the column; a column on its base is safe
                break
    else:
        for n in _NEIGHBOURS[sp]:
            if board[n] == EMPTY and n != own_base:
                dests.add(n)
    dests |= _hop_landings(board, sp, side, column)
    return dests


def legal_moves(position: Position) -> list[Move]:
    """Every legal move of the side to move as (start, end), each once, in (start, end) order.

    Empty when the game is already over (a piece on a base, or a side without pieces).
    """
    if _finished(position):
        return []
    board, side = position.board, position.turn
    moves: list[Move] = []
    for sp in range(_N):
        if board[sp] * side > 0:
            moves.extend(Move(sp, d) for d in sorted(_piece_destinations(board, sp, side)))
    return moves


def destinations(position: Position, start: int) -> list[int]:
    """The spaces the piece on ``start`` may move to (empty if it is not the mover's piece)."""
    if _finished(position) or position.board[start] * position.turn <= 0:
        return []
    return sorted(_piece_destinations(position.board, start, position.turn))


def has_legal_move(position: Position) -> bool:
    """Whether the side to move has any legal move (fast: stops at the first one found)."""
    board, side = position.board, position.turn
    own_base = _BASE[side]
    mine = [sp for sp in range(_N) if board[sp] * side > 0]
    for sp in mine:
        for n in _NEIGHBOURS[sp]:
            if board[n] == EMPTY and (n != own_base or board[sp] == 2 * side):
                return True
    return any(_piece_destinations(board, sp, side) for sp in mine)


# --- checking one move -------------------------------------------------------------------


def _describe(board: tuple[int, ...], sp: int) -> str:
    p = board[sp]
    return f"{'white' if p > 0 else 'black'} {_PIECE_WORD[abs(p)]}"


def _hop_reachable_ignoring_repeats(
    board: tuple[int, ...], start: int, end: int, side: int, column: bool
) -> bool:
    """Whether ``end`` is reachable by hops if the same piece could be hopped more than once."""
    own_base = _BASE[side]
    seen = {start}
    stack = [start]
    while stack:
        cur = stack.pop()
        for over, land in _HOPS[cur]:
            if over != own_base and (over == start or board[over] * side <= 0):
                continue
            if land == start or land in seen:
                continue
            q = board[land]
            if land == end and (q == EMPTY or (column and q * side < 0)):
                return True
            if q == EMPTY and land != _BASE[-side] and (column or land != own_base):
                seen.add(land)
                stack.append(land)
    return False


def _check_step(board: tuple[int, ...], start: int, cur: int, nxt: int, side: int,
                column: bool, hopped: int) -> tuple[str | None, int]:
    """Check one written hop ``cur`` → ``nxt``; returns (reason or None, new hopped set)."""
    own_base = _BASE[side]
    for over, land in _HOPS[cur]:
        if land != nxt:
            continue
        q = board[over] if over != start else EMPTY
        if over != own_base:
            if q == EMPTY:
                return f"a hop from {space_name(cur)} to {space_name(nxt)} would pass over the "\
                       f"empty space {space_name(over)}; a piece hops only over its own pieces "\
                       "or its own base", hopped
            if q * side < 0:
                return f"a {_PIECE_WORD[2 if column else 1]} cannot hop over an opponent's piece "\
                       f"(the {_describe(board, over)} on {space_name(over)})", hopped
        if hopped & (1 << over):
            what = "its own base" if over == own_base and board[over] * side <= 0 else \
                f"the {_PIECE_WORD[abs(board[over])]} on {space_name(over)}"
            return f"a piece cannot hop over the same piece twice in a turn ({what})", hopped
        return None, hopped | (1 << over)
    if nxt in _ADJACENT[cur]:
        return f"{space_name(cur)} to {space_name(nxt)} is a slide; a move cannot slide and hop", \
            hopped
    return f"{space_name(cur)} to {space_name(nxt)} is not a hop: a hop goes over one adjacent "\
           "piece in a straight line and lands just beyond it", hopped


def _landing_reason(board: tuple[int, ...], end: int, side: int, column: bool) -> str | None:
    """Why the mover cannot end on ``end`` whatever the path; ``None`` if it could."""
    own_base, opp_base = _BASE[side], _BASE[-side]
    q = board[end]
    if q * side > 0:
        return f"{space_name(end)} is taken by your own {_PIECE_WORD[abs(q)]}"
    if q * side < 0:
        if not column:
            return "a stone cannot capture; only a column captures"
        if end == opp_base:
            return "a column on its base cannot be captured"
    if end == own_base and not column:
        return "a stone cannot land on its own base"
    return None


def check_move(position: Position, move: Move) -> str | None:
    """``None`` if ``move`` is legal in ``position``; otherwise the reason, in players' words.

    With a ``path`` each written hop is checked in turn; without one any legal way counts.
    """
    board, side = position.board, position.turn
    start, end = move.start, move.end
    if _finished(position):
        return "the game is already over"
    p = board[start]
    if p == EMPTY:
        return f"there is no piece on {space_name(start)}"
    if p * side < 0:
        return f"{space_name(start)} holds a {_describe(board, start)}, and it is "\
               f"{_SIDE_NAME[side]}'s turn"
    if start == end:
        return "a move must take the piece to a different space"
    column = p == 2 * side
    piece = _PIECE_WORD[abs(p)]
    if move.path is not None and len(move.path) > 1:
        return _check_path(board, start, move.path, side, column)
    reason = _landing_reason(board, end, side, column)
    if reason:
        return reason
    if end in _piece_destinations(board, start, side):
        return None
    # Illegal: say the most useful reason.
    line = BOARD.direction_between(start, end)
    if line is not None and column:
        d, dist = line
        ray = _RAYS[start][d]
        for n in ray[: dist - 1]:
            if board[n] != EMPTY:
                return f"the column cannot slide from {space_name(start)} to {space_name(end)}: "\
                       f"the {_describe(board, n)} on {space_name(n)} blocks the line, and no "\
                       "series of hops lands there"
            if n == _BASE[-side]:
                return "a piece that reaches the opponent's base ends its move there"
    if line is not None and line[1] == 2:
        reason, _ = _check_step(board, start, start, end, side, column, 0)
        if reason:
            return reason
    if _hop_reachable_ignoring_repeats(board, start, end, side, column):
        return f"no hop path from {space_name(start)} to {space_name(end)} without hopping the "\
               "same piece twice"
    if not column and line is not None and line[1] > 1:
        return f"a stone slides only one space; no series of hops takes the {piece} on "\
               f"{space_name(start)} to {space_name(end)}"
    return f"the {piece} on {space_name(start)} cannot reach {space_name(end)}: it is not a "\
           "slide, and no series of hops over your own pieces or base lands there"


def _check_path(board: tuple[int, ...], start: int, path: tuple[int, ...], side: int,
                column: bool) -> str | None:
    hopped = 0
    cur = start
    opp_base = _BASE[-side]
    for k, nxt in enumerate(path):
        last = k == len(path) - 1
        if nxt == start:
            return "a hop series cannot return the piece to its starting space"
        reason, hopped = _check_step(board, start, cur, nxt, side, column, hopped)
        if reason:
            return f"hop {k + 1} ({space_name(cur)} to {space_name(nxt)}): {reason}"
        reason = _landing_reason(board, nxt, side, column)
        if reason:
            return f"hop {k + 1} ({space_name(cur)} to {space_name(nxt)}): {reason}"
        if not last and board[nxt] * side < 0:
            return f"hop {k + 1} captures on {space_name(nxt)}, and a capture ends the move"
        if not last and nxt == opp_base:
            return f"hop {k + 1} lands on the opponent's base, which ends the move"
        cur = nxt
    return None


def move_or_raise(position: Position, move: Move) -> Move:
    """``move`` if legal, else :class:`IllegalMoveError` with the reason."""
    reason = check_move(position, move)
    if reason is not None:
        raise IllegalMoveError(reason)
    return move


# --- playing a move, outcome, averto -----------------------------------------------------


def apply(position: Position, move: Move) -> Position:
    """The position after ``move`` (assumed legal): the piece moves, a captured piece leaves."""
    board = list(position.board)
    board[move.end] = board[move.start]
    board[move.start] = EMPTY
    return Position(tuple(board), -position.turn)


def _finished(position: Position) -> bool:
    board = position.board
    if board[BLACK_BASE] > 0 or board[WHITE_BASE] < 0:
        return True
    has_white = has_black = False
    for p in board:
        if p > 0:
            has_white = True
        elif p < 0:
            has_black = True
    return not (has_white and has_black)


def outcome(position: Position) -> Outcome | None:
    """The result, if the game is over (rulings 10 and 11), else ``None``."""
    board = position.board
    if board[BLACK_BASE] > 0:
        return Outcome("white", "base")
    if board[WHITE_BASE] < 0:
        return Outcome("black", "base")
    if not any(p < 0 for p in board):
        return Outcome("white", "capture-all")
    if not any(p > 0 for p in board):
        return Outcome("black", "capture-all")
    if not has_legal_move(position):
        return Outcome("black" if position.turn == WHITE else "white", "no-moves")
    return None


def threats(position: Position, side: int | None = None) -> list[str]:
    """What ``side`` (default: the side that just moved) could do next move if the opponent passed.

    Returns ``"column"`` if it could capture the opponent's column and ``"base"`` if it could land
    on the opponent's base (ruling 14): a move that leaves such a threat is an *averto* move.
    """
    mover = -position.turn if side is None else side
    if _finished(position):
        return []
    opp_column = position.column(-mover)
    opp_base = _BASE[-mover]
    reach: set[int] = set()
    for sp in range(_N):
        if position.board[sp] * mover > 0:
            reach |= _piece_destinations(position.board, sp, mover)
    found = []
    if opp_column is not None and opp_column in reach:
        found.append("column")
    if opp_base in reach:
        found.append("base")
    return found


def hop_paths(position: Position, start: int, end: int) -> list[tuple[int, ...]]:
    """Every hop path (landings, ``end`` last) from ``start`` to ``end``, shortest first."""
    board, side = position.board, position.turn
    if board[start] * side <= 0:
        return []
    column = board[start] == 2 * side
    own_base, opp_base = _BASE[side], _BASE[-side]
    out: list[tuple[int, ...]] = []

    def walk(cur: int, hopped: int, path: tuple[int, ...]) -> None:
        for over, land in _HOPS[cur]:
            bit = 1 << over
            if hopped & bit or land == start:
                continue
            if over != own_base and (over == start or board[over] * side <= 0):
                continue
            q = board[land]
            if q == EMPTY and not (land == own_base and not column):
                if land == end:
                    out.append((*path, land))
                elif land != opp_base:
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


# --- Setup strings -----------------------------------------------------------------------

_GROUP_CODE = {"W": WHITE_COLUMN, "O": WHITE_STONE, "B": BLACK_COLUMN, "X": BLACK_STONE,
               "●": BLACK_STONE}
_CODE_GROUP = {WHITE_COLUMN: "W", WHITE_STONE: "O", BLACK_COLUMN: "B", BLACK_STONE: "X"}


def validate(position: Position) -> list[str]:
    """Why ``position`` is impossible in Batalo (an empty list if it is possible)."""
    problems = []
    board = position.board
    for side, name in ((WHITE, "White"), (BLACK, "Black")):
        columns = sum(1 for p in board if p == 2 * side)
        stones = sum(1 for p in board if p == side)
        if columns > 1:
            problems.append(f"{name} has {columns} columns; a side has at most one")
        if stones > 6:
            problems.append(f"{name} has {stones} stones; a side has at most six")
        if board[_BASE[side]] == side:
            problems.append(f"a {name.lower()} stone stands on its own base "
                            f"{space_name(_BASE[side])}; stones may never land there")
        if board[_BASE[-side]] * side > 0:
            problems.append(f"a {name.lower()} piece stands on the opponent's base "
                            f"{space_name(_BASE[-side])}: the game would already be over")
    if position.turn not in (WHITE, BLACK):
        problems.append("the side to move must be White or Black")
    return problems


def parse_setup(text: str) -> Position:
    """A position from a Setup value such as :data:`STANDARD_SETUP`; :class:`SetupError` if bad."""
    fields = text.split()
    if not fields:
        raise SetupError("the Setup is empty; expected groups like 'W:JQ' and the side to move")
    turn_field = fields[-1].lower()
    if turn_field not in ("w", "b"):
        raise SetupError(f"the Setup must end with the side to move, 'w' or 'b', not "
                         f"{fields[-1]!r}")
    board = [EMPTY] * _N
    seen_groups: set[str] = set()
    for group in fields[:-1]:
        letter, sep, spaces = group.partition(":")
        letter = letter.upper()
        if not sep or letter not in _GROUP_CODE:
            raise SetupError(f"bad Setup group {group!r}: expected W:, O:, B: or X: followed "
                             "by spaces")
        key = "X" if letter == "●" else letter
        if key in seen_groups:
            raise SetupError(f"the group {key}: appears twice in the Setup")
        seen_groups.add(key)
        for nm in filter(None, spaces.split(",")):
            try:
                sp = space(nm)
            except KeyError:
                raise SetupError(f"{nm!r} in the Setup is not a space of the board") from None
            if board[sp] != EMPTY:
                raise SetupError(f"two pieces on {space_name(sp)} in the Setup")
            board[sp] = _GROUP_CODE[letter]
    position = Position(tuple(board), WHITE if turn_field == "w" else BLACK)
    problems = validate(position)
    if problems:
        raise SetupError("impossible Setup: " + "; ".join(problems))
    return position


def format_setup(position: Position) -> str:
    """The Setup value of ``position``: groups W, O, B, X (absent when empty), then ``w``/``b``."""
    groups: dict[str, list[str]] = {"W": [], "O": [], "B": [], "X": []}
    for sp, p in enumerate(position.board):
        if p:
            groups[_CODE_GROUP[p]].append(space_name(sp))
    parts = [f"{k}:{','.join(sorted(v))}" for k, v in groups.items() if v]
    return " ".join([*parts, "w" if position.turn == WHITE else "b"])


# --- ASCII diagrams (the spec's drawing; parse back for tests) ----------------------------

_DIAGRAM_MARK = {WHITE_COLUMN: "W", WHITE_STONE: "o", BLACK_COLUMN: "B", BLACK_STONE: "x"}
_MARK_CODE = {"W": WHITE_COLUMN, "o": WHITE_STONE, "O": WHITE_STONE, "B": BLACK_COLUMN,
              "x": BLACK_STONE, "●": BLACK_STONE}


def diagram_rows() -> Iterator[list[tuple[int, int]]]:
    """The board as drawn from White's seat: rows top to bottom of (column index, space)."""
    rows: dict[int, list[tuple[int, int]]] = {}
    for sp, (i, j) in enumerate(BOARD.coords):
        rows.setdefault(i - j, []).append((i + j - 8, sp))
    for key in sorted(rows):
        yield sorted(rows[key])


def diagram(position: Position) -> str:
    """The position drawn like the spec's diagram: names, with W o B x after occupied spaces."""
    lines = []
    for row in diagram_rows():
        line = ""
        for col, sp in row:
            line = line.ljust(4 * col) + space_name(sp) + _DIAGRAM_MARK.get(position.board[sp], "")
        lines.append(line)
    return "\n".join(lines)


_CELL_RE = re.compile(r"([A-Ma-m][N-Zn-z])([WoOBx●]?)")


def from_diagram(text: str, turn: int = WHITE) -> Position:
    """A position from a diagram: every ``NAME`` followed by W, o/O, B or x/● holds that piece.

    Names without a mark are empty spaces; spaces not named at all are empty too, so a test may
    write just the part of the board it is about.
    """
    board = [EMPTY] * _N
    for m in _CELL_RE.finditer(text):
        if m.group(2):
            board[space(m.group(1))] = _MARK_CODE[m.group(2)]
    position = Position(tuple(board), turn)
    problems = validate(position)
    if problems:
        raise SetupError("impossible diagram: " + "; ".join(problems))
    return position


# --- the game object of the registry -----------------------------------------------------


class Batalo:
    """The Batalo rules as a :class:`~pbmkit.games.base.Game`."""

    name = "batalo"
    title = "Batalo"
    board = BOARD
    sides = ("white", "black")

    def initial_position(self) -> Position:
        return initial_position()

    def side_to_move(self, position: Position) -> str:
        return "white" if position.turn == WHITE else "black"

    def legal_moves(self, position: Position) -> list[Move]:
        return legal_moves(position)

    def check_move(self, position: Position, move: Move) -> str | None:
        return check_move(position, move)

    def apply(self, position: Position, move: Move) -> Position:
        return apply(position, move)

    def outcome(self, position: Position) -> Outcome | None:
        return outcome(position)

    def parse_setup(self, text: str) -> Position:
        return parse_setup(text)

    def format_setup(self, position: Position) -> str:
        return format_setup(position)


GAME = Batalo()
