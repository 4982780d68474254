"""Billo positions as text: the ``Setup`` string, cell symbols, and ASCII diagrams that parse back.

Setup (``docs/billo.md``): groups ``YR:`` ``YS:`` ``OR:`` ``OS:`` (Yellow's round and square
pieces, Orange's round and square pieces), each followed by squares separated by commas, a ``+``
after a square marking a Billo; then the side to move, ``y`` or ``o``; then, optionally, the
number of plies since the last capture or promotion (rule 14)::

    YR:a1,b1,c1,d1,e1,f1,g1,h1 YS:a1,b1,c1,d1,e1,f1,g1,h1 OR:a8,b8,c8,d8,e8,f8,g8,h8 OS:a8,... y

Diagrams: 8 rows, rank 8 at the top, each cell ``.`` or the cell symbol (Yellow upper case,
Orange lower case): ``R`` ``S+`` ``RS`` ``R+S+`` …
"""

from __future__ import annotations

import re

from pbmkit.games.base import SetupError
from pbmkit.games.billo.rules import (
    BASIC,
    BILLO,
    BOARD,
    EMPTY,
    LAST_RANK,
    NONE,
    ORANGE,
    RANK,
    ROUND,
    SHAPES,
    SIDE_NAMES,
    SQUARE,
    YELLOW,
    N,
    Position,
    cell,
    shape_state,
    space,
    space_name,
)

__all__ = [
    "STANDARD_SETUP",
    "diagram",
    "format_setup",
    "from_diagram",
    "initial_position",
    "parse_setup",
    "symbol",
    "symbols",
    "validate",
]

_RANK1 = ",".join(f"{f}1" for f in "abcdefgh")
_RANK8 = ",".join(f"{f}8" for f in "abcdefgh")
STANDARD_SETUP = f"YR:{_RANK1} YS:{_RANK1} OR:{_RANK8} OS:{_RANK8} y"
"""The start: Yellow's eight doubles on rank 1, Orange's on rank 8; Yellow to move."""

_SIDE_LETTER = {YELLOW: "y", ORANGE: "o"}
_LETTER_SIDE = {"y": YELLOW, "yellow": YELLOW, "o": ORANGE, "orange": ORANGE}
_GROUPS = {"YR": (YELLOW, ROUND), "YS": (YELLOW, SQUARE), "OR": (ORANGE, ROUND),
           "OS": (ORANGE, SQUARE)}
_SHAPE_WORD = {ROUND: "round", SQUARE: "square"}
_ITEM_RE = re.compile(r"^([a-hA-H][1-8])(\+?)$")


def initial_position(first: str = "yellow") -> Position:
    """The standard start with ``first`` (``"yellow"`` or ``"orange"``, any case) to move."""
    key = first.strip().lower()
    if key not in _LETTER_SIDE:
        raise ValueError(f"the first player must be Yellow or Orange, not {first!r}")
    start = parse_setup(STANDARD_SETUP)
    return Position(start.board, _LETTER_SIDE[key], 0)


# --- validation ------------------------------------------------------------------------------


def validate(position: Position) -> list[str]:
    """Why ``position`` cannot occur in Billo (an empty list if it can).

    Checked: 64 squares with valid cell codes; at most 8 pieces of each shape per side; no basic
    piece on its own last rank (it would already be a Billo); Yellow or Orange to move; a plies
    count that is not negative.
    """
    problems: list[str] = []
    board = position.board
    if len(board) != N:
        return [f"a position has {N} squares, not {len(board)}"]
    bad = [sq for sq, code in enumerate(board) if not (isinstance(code, int) and -8 <= code <= 8)]
    if bad:
        return [f"{space_name(bad[0])} holds an unknown cell code {board[bad[0]]!r}"]
    for side in (YELLOW, ORANGE):
        name = SIDE_NAMES[side]
        for shape in SHAPES:
            n = sum(1 for code in board if code * side > 0 and shape_state(code, shape))
            if n > 8:
                problems.append(f"{name.capitalize()} has {n} {_SHAPE_WORD[shape]} pieces; a side "
                                "has at most 8 of each shape")
            for sq, code in enumerate(board):
                if (code * side > 0 and shape_state(code, shape) == BASIC
                        and RANK[sq] == LAST_RANK[side]):
                    problems.append(f"a basic {name} {_SHAPE_WORD[shape]} piece on {space_name(sq)} "
                                    "is on its last rank, where it would already be a Billo "
                                    f"(write {space_name(sq)}+)")
    if position.turn not in (YELLOW, ORANGE):
        problems.append("the side to move must be Yellow or Orange")
    if not isinstance(position.quiet, int) or position.quiet < 0:
        problems.append("the count of plies without capture or promotion cannot be negative")
    return problems


def _check_playable(position: Position, what: str) -> Position:
    problems = validate(position)
    for side in (YELLOW, ORANGE):
        if not any(code * side > 0 for code in position.board):
            problems.append(f"{SIDE_NAMES[side].capitalize()} has no pieces: the game would "
                            "already be over")
    if problems:
        raise SetupError(f"impossible {what}: " + "; ".join(problems))
    return position


class _Cells:
    """Pieces collected square by square while reading a Setup or a diagram."""

    def __init__(self) -> None:
        self.owner: dict[int, int] = {}
        self.state: dict[tuple[int, str], int] = {}

    def put(self, sq: int, side: int, shape: str, state: int) -> None:
        owner = self.owner.get(sq)
        if owner is not None and owner != side:
            raise SetupError(f"{space_name(sq)} holds both yellow and orange pieces; a square "
                             "holds one player's pieces only")
        if (sq, shape) in self.state:
            raise SetupError(f"two {_SHAPE_WORD[shape]} pieces on {space_name(sq)}; pieces of the "
                             "same shape never share a square")
        self.owner[sq] = side
        self.state[sq, shape] = state

    def board(self) -> tuple[int, ...]:
        return tuple(
            cell(self.owner[sq], self.state.get((sq, ROUND), NONE),
                 self.state.get((sq, SQUARE), NONE)) if sq in self.owner else EMPTY
            for sq in range(N))


# --- Setup strings ---------------------------------------------------------------------------


def parse_setup(text: str) -> Position:
    """A position from a Setup value such as :data:`STANDARD_SETUP`; :class:`SetupError` if bad."""
    fields = text.split()
    if not fields:
        raise SetupError("the Setup is empty; expected groups like 'YR:a1,b1' and the side to "
                         "move, 'y' or 'o'")
    quiet = 0
    if fields[-1].isdigit():
        quiet = int(fields[-1])
        fields = fields[:-1]
    if not fields or fields[-1].lower() not in _LETTER_SIDE:
        got = fields[-1] if fields else text.strip()
        raise SetupError(f"the Setup must end with the side to move, 'y' or 'o' (optionally "
                         f"followed by the plies since the last capture or promotion), not {got!r}")
    turn = _LETTER_SIDE[fields[-1].lower()]
    cells = _Cells()
    seen: set[str] = set()
    for group in fields[:-1]:
        letters, sep, items = group.partition(":")
        key = letters.upper()
        if not sep or key not in _GROUPS:
            raise SetupError(f"bad Setup group {group!r}: expected YR:, YS:, OR: or OS: followed "
                             "by squares such as a1,b2+")
        if key in seen:
            raise SetupError(f"the group {key}: appears twice in the Setup")
        seen.add(key)
        side, shape = _GROUPS[key]
        for item in filter(None, items.split(",")):
            m = _ITEM_RE.match(item)
            if not m:
                raise SetupError(f"{item!r} in the Setup group {key}: is not a square such as "
                                 "'c3' or a Billo such as 'c3+'")
            cells.put(space(m.group(1)), side, shape, BILLO if m.group(2) else BASIC)
    return _check_playable(Position(cells.board(), turn, quiet), "Setup")


def format_setup(position: Position) -> str:
    """The Setup value of ``position``: groups YR, YS, OR, OS (absent when empty), side, plies."""
    parts = []
    for key, (side, shape) in _GROUPS.items():
        items = []
        for sq, code in enumerate(position.board):
            if code * side > 0:
                st = shape_state(code, shape)
                if st:
                    items.append(space_name(sq) + ("+" if st == BILLO else ""))
        if items:
            parts.append(f"{key}:{','.join(items)}")
    parts.append(_SIDE_LETTER[position.turn])
    if position.quiet:
        parts.append(str(position.quiet))
    return " ".join(parts)


# --- symbols and diagrams --------------------------------------------------------------------


def symbol(code: int) -> str:
    """The short text of a cell: ``R``, ``S+``, ``RS``, ``R+S+`` (Orange in lower case); ``.`` empty."""
    if code == EMPTY:
        return "."
    text = ""
    for shape in SHAPES:
        st = shape_state(code, shape)
        if st:
            text += shape + ("+" if st == BILLO else "")
    return text if code > 0 else text.lower()


def symbols(position: Position) -> dict[int, str]:
    """Square -> :func:`symbol` of what stands there, for every occupied square."""
    return {sq: symbol(code) for sq, code in enumerate(position.board) if code != EMPTY}


def diagram(position: Position) -> str:
    """The board as text, rank 8 at the top, files a–h; parses back with :func:`from_diagram`."""
    lines = ["   " + "".join(f.ljust(5) for f in "abcdefgh").rstrip()]
    for rank in range(7, -1, -1):
        cells = (symbol(position.board[BOARD.at((f, rank)) or 0]) for f in range(8))
        lines.append(f"{rank + 1}  " + "".join(c.ljust(5) for c in cells).rstrip())
    return "\n".join(lines)


_CELL_RE = re.compile(r"^(?:\.|(R\+?)?(S\+?)?)$", re.IGNORECASE)


def _read_cell(token: str, sq: int, cells: _Cells) -> None:
    m = _CELL_RE.match(token)
    if not m or token in ("", "+"):
        raise SetupError(f"{token!r} on {space_name(sq)} is not a cell: expected '.', R, S, RS, "
                         "with '+' after a Billo's letter (Orange in lower case)")
    if token == ".":
        return
    letters = [ch for ch in token if ch != "+"]
    if len({ch.isupper() for ch in letters}) > 1:
        raise SetupError(f"{token!r} on {space_name(sq)} mixes upper and lower case: a square holds "
                         "one player's pieces only")
    side = YELLOW if letters[0].isupper() else ORANGE
    for shape, part in ((ROUND, m.group(1)), (SQUARE, m.group(2))):
        if part:
            cells.put(sq, side, shape, BILLO if part.endswith("+") else BASIC)


def from_diagram(text: str, turn: int = YELLOW, quiet: int = 0) -> Position:
    """A position from a diagram like :func:`diagram`'s: 8 rows of 8 cells, rank 8 first.

    A row may start with its rank number; a line of file letters and blank lines are ignored.
    Raises :class:`SetupError` for a malformed or impossible diagram.
    """
    rows: list[list[str]] = []
    for line in text.splitlines():
        tokens = line.split()
        if not tokens or all(len(t) == 1 and t in "abcdefgh" for t in tokens):
            continue
        if tokens[0].isdigit():
            want = 8 - len(rows)
            if int(tokens[0]) != want:
                raise SetupError(f"diagram row labelled {tokens[0]} where rank {want} was expected")
            tokens = tokens[1:]
        if len(tokens) != 8:
            raise SetupError(f"diagram row {line.strip()!r} has {len(tokens)} cells, not 8")
        rows.append(tokens)
    if len(rows) != 8:
        raise SetupError(f"a diagram has 8 rows, not {len(rows)}")
    cells = _Cells()
    for i, row in enumerate(rows):
        for f, token in enumerate(row):
            sq = BOARD.at((f, 7 - i))
            assert sq is not None
            _read_cell(token, sq, cells)
    return _check_playable(Position(cells.board(), turn, quiet), "diagram")
