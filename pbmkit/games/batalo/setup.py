"""Batalo positions as text: ``Setup`` strings (record-format.md) and ASCII diagrams (docs/batalo.md's).

:func:`validate` says why a position could never arise in a game; :func:`parse_setup` further asks
that a Setup be a game in progress (nobody has won yet), because a record starts from it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pbmkit.games.base import SetupError
from pbmkit.games.batalo.rules import (
    BLACK,
    BLACK_COLUMN,
    BLACK_STONE,
    BOARD,
    EMPTY,
    STANDARD_SETUP,
    WHITE,
    WHITE_COLUMN,
    WHITE_STONE,
    Position,
    base_of,
    side_name,
    space,
    space_name,
)

__all__ = [
    "diagram",
    "diagram_rows",
    "format_setup",
    "from_diagram",
    "initial_position",
    "parse_setup",
    "validate",
]

_N = BOARD.size


def validate(position: Position) -> list[str]:
    """Why ``position`` could never arise in a game of Batalo (an empty list if it could).

    A finished game is a possible position: a piece that has just landed on the opponent's base,
    or a side whose last piece has just been captured, with the loser to move.
    """
    problems = []
    board = position.board
    if len(board) != _N:
        return [f"a position has {_N} spaces, not {len(board)}"]
    if any(p not in (EMPTY, WHITE_STONE, WHITE_COLUMN, BLACK_STONE, BLACK_COLUMN) for p in board):
        return ["a space holds something that is not a Batalo piece"]
    if position.turn not in (WHITE, BLACK):
        return ["the side to move must be White or Black"]
    count = {WHITE: 0, BLACK: 0}
    for side in (WHITE, BLACK):
        name = side_name(side)
        columns = sum(1 for p in board if p == 2 * side)
        stones = sum(1 for p in board if p == side)
        count[side] = columns + stones
        if columns > 1:
            problems.append(f"{name} has {columns} columns; a side has one column")
        if stones > 6:
            problems.append(f"{name} has {stones} stones; a side has at most six")
        if board[base_of(side)] == side:
            problems.append(f"a {name.lower()} stone stands on its own base "
                            f"{space_name(base_of(side))}; stones may never land there")
    on_base = {side: board[base_of(-side)] * side > 0 for side in (WHITE, BLACK)}
    if on_base[WHITE] and on_base[BLACK]:
        problems.append("both sides have a piece on the other's base; the game ends when the first "
                        "one lands there")
    if count[WHITE] == count[BLACK] == 0:
        problems.append("there are no pieces on the board")
    for side in (WHITE, BLACK):
        name, other = side_name(side), side_name(-side)
        if on_base[side] and position.turn == side:
            problems.append(f"a {name.lower()} piece is on {other}'s base, so {name} moved last "
                            f"and won; it cannot be {name}'s turn")
        if count[-side] == 0 and count[side] and position.turn == side:
            problems.append(f"{other} has no pieces, so {name} captured the last one and won; it "
                            f"cannot be {name}'s turn")
        if on_base[side] and count[-side] == 0:
            problems.append(f"a {name.lower()} piece is on {other}'s base although {other} has no "
                            "pieces; the game ended at the last capture")
    return problems


def _game_in_progress(position: Position) -> list[str]:
    """Why ``position`` (a possible one) cannot start a record: somebody has already won."""
    board = position.board
    for side in (WHITE, BLACK):
        if board[base_of(-side)] * side > 0:
            return [f"a {side_name(side).lower()} piece stands on {side_name(-side)}'s base "
                    f"{space_name(base_of(-side))}: the game would already be over"]
        if not any(p * side > 0 for p in board):
            return [f"{side_name(side)} has no pieces: the game would already be over"]
    return []


# --- Setup strings -----------------------------------------------------------------------

_GROUP_CODE = {"W": WHITE_COLUMN, "O": WHITE_STONE, "B": BLACK_COLUMN, "X": BLACK_STONE,
               "●": BLACK_STONE}
_CODE_GROUP = {WHITE_COLUMN: "W", WHITE_STONE: "O", BLACK_COLUMN: "B", BLACK_STONE: "X"}
_GROUP_WORD = {"W": "white column", "O": "white stones", "B": "black column", "X": "black stones"}
_TURN = {"w": WHITE, "white": WHITE, "b": BLACK, "black": BLACK}


def parse_setup(text: str) -> Position:
    """A position from a Setup value such as :data:`STANDARD_SETUP`; :class:`SetupError` if bad.

    Groups ``W:`` (white column), ``O:`` (white stones), ``B:`` (black column), ``X:`` or ``●:``
    (black stones), each followed by comma-separated spaces, in any order and any case; then the
    side to move, ``w`` or ``b``. Spaces around ``:`` and ``,`` are allowed.
    """
    fields = re.sub(r"\s*([:,])\s*", r"\1", text.strip()).split()
    if not fields:
        raise SetupError("the Setup is empty; expected groups like 'W:JQ' and the side to move")
    turn = _TURN.get(fields[-1].lower())
    if turn is None:
        raise SetupError(f"the Setup must end with the side to move, 'w' or 'b', not {fields[-1]!r}")
    board = [EMPTY] * _N
    seen_groups: set[str] = set()
    for group in fields[:-1]:
        letter, sep, spaces = group.partition(":")
        key = "X" if letter == "●" else letter.upper()
        if not sep or key not in _GROUP_CODE:
            raise SetupError(f"bad Setup group {group!r}: expected W:, O:, B: or X: followed by "
                             "spaces such as W:JQ")
        if key in seen_groups:
            raise SetupError(f"the group {key}: ({_GROUP_WORD[key]}) appears twice in the Setup")
        seen_groups.add(key)
        for nm in spaces.split(","):
            if not nm:
                if spaces:
                    raise SetupError(f"an empty space name in the Setup group {group!r}")
                continue
            try:
                sp = space(nm)
            except KeyError:
                raise SetupError(f"{nm!r} in the Setup is not a space of the board") from None
            if board[sp] != EMPTY:
                raise SetupError(f"two pieces on {space_name(sp)} in the Setup")
            board[sp] = _GROUP_CODE[key]
    position = Position(tuple(board), turn)
    problems = validate(position) or _game_in_progress(position)
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


def initial_position() -> Position:
    """The standard setup (fig. 1): columns on their bases, six stones round each; White to move."""
    return parse_setup(STANDARD_SETUP)


# --- ASCII diagrams (docs/batalo.md's drawing; parse back for tests) ---------------------

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
    """The position drawn like docs/batalo.md's diagram: names, with W o B x after occupied spaces."""
    lines = []
    for row in diagram_rows():
        line = ""
        for col, sp in row:
            line = line.ljust(4 * col) + space_name(sp) + _DIAGRAM_MARK.get(position.board[sp], "")
        lines.append(line)
    return "\n".join(lines)


_CELL_RE = r"([A-Za-z]{2})([WoOBx●]?)"  # compiled on first use (diagrams are for tests and docs)


def from_diagram(text: str, turn: int | str = WHITE) -> Position:
    """A position from a diagram: every ``NAME`` followed by W, o/O, B or x/● holds that piece.

    Tokens are separated by white space. Names without a mark are empty spaces; spaces not named
    at all are empty too, so a test may write just the part of the board it is about
    (``"JQW IRo DWB"``). ``turn`` is +1/-1 or
    ``"w"``/``"b"``. :class:`SetupError` for an unknown space, a space given twice, or a position
    that could never arise (:func:`validate`); a finished game is accepted.
    """
    side = _TURN.get(turn.lower()) if isinstance(turn, str) else turn
    if side not in (WHITE, BLACK):
        raise SetupError(f"the side to move must be 'w' or 'b', not {turn!r}")
    board = [EMPTY] * _N
    named: set[int] = set()
    for token in text.split():
        m = re.fullmatch(_CELL_RE, token)
        if m is None:
            raise SetupError(f"cannot read {token!r} in the diagram: write a space name, followed "
                             "by W, o, B or x when a piece stands there")
        try:
            sp = space(m.group(1))
        except KeyError:
            raise SetupError(f"{m.group(1)} in the diagram is not a space of the board") from None
        if sp in named:
            raise SetupError(f"{m.group(1)} appears twice in the diagram")
        named.add(sp)
        if m.group(2):
            board[sp] = _MARK_CODE[m.group(2)]
    position = Position(tuple(board), side)
    problems = validate(position)
    if problems:
        raise SetupError("impossible diagram: " + "; ".join(problems))
    return position
