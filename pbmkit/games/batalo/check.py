"""Checking one Batalo move and saying why an illegal one is illegal, in players' words.

:func:`check_move` looks only at the moving piece: it never generates the other legal moves of the
position. When a move is illegal, the reasons are tried from the most specific (the landing space,
a straight line, a written hop) to the most general (no hop series lands there), so the message
names the piece (stone or column) and the spaces involved.
"""

from __future__ import annotations

from collections import deque
from typing import Final

from pbmkit.games.base import IllegalMoveError
from pbmkit.games.batalo.rules import (
    BLACK_BASE,
    EMPTY,
    HOPS,
    NEIGHBOURS,
    RAYS,
    WHITE_BASE,
    Move,
    Position,
    base_of,
    finished,
    line_between,
    outcome,
    piece_destinations,
    piece_word,
    reaches,
    side_name,
    space_name,
)

__all__ = ["check_move", "move_or_raise"]

_N: Final = len(NEIGHBOURS)
_NEIGHBOUR_SETS: Final = tuple(frozenset(ns) for ns in NEIGHBOURS)
_OWN_BASE: Final = {1: WHITE_BASE, -1: BLACK_BASE}


def _describe(board: tuple[int, ...], sp: int) -> str:
    """``"white stone"``, ``"black column"`` … for the piece on ``sp``."""
    p = board[sp]
    return f"{'white' if p > 0 else 'black'} {piece_word(p)}"


def _hopped_thing(board: tuple[int, ...], sp: int, side: int) -> str:
    """What a hop over ``sp`` hops, as a player says it (the base and a column on it are one)."""
    if sp == base_of(side):
        return f"your base {space_name(sp)}"
    return f"the {piece_word(board[sp])} on {space_name(sp)}"


def _game_over(position: Position) -> str:
    result = outcome(position)
    assert result is not None
    if result.how == "base":
        winner = 1 if result.winner == "white" else -1
        return (f"the game is already over: {side_name(winner)} has a piece on "
                f"{side_name(-winner)}'s base {space_name(base_of(-winner))}")
    loser = -1 if result.winner == "white" else 1
    return f"the game is already over: {side_name(loser)} has no pieces left"


def _landing_reason(board: tuple[int, ...], end: int, side: int, column: bool) -> str | None:
    """Why the mover cannot end on ``end`` whatever the path; ``None`` if it could."""
    q = board[end]
    if q * side > 0:
        return f"{space_name(end)} is taken by your own {piece_word(q)}"
    if q * side < 0:
        if not column:
            return (f"a stone cannot capture (the {_describe(board, end)} on {space_name(end)}); "
                    "only a column captures")
        if end == base_of(-side):
            return "a column on its base cannot be captured"
    if end == base_of(side) and not column:
        return "a stone cannot land on its own base"
    return None


def _hop_reason(board: tuple[int, ...], start: int, cur: int, nxt: int, side: int, column: bool,
                hopped: int) -> tuple[str | None, int]:
    """Check one hop ``cur`` → ``nxt`` of a series from ``start``: (reason or None, new hopped set).

    The landing itself is checked by :func:`_landing_reason`.
    """
    word = "column" if column else "stone"
    own_base = base_of(side)
    for over, land in HOPS[cur]:
        if land != nxt:
            continue
        if over != own_base:
            q = EMPTY if over == start else board[over]
            if q == EMPTY:
                if over == base_of(-side):
                    return (f"a {word} cannot hop over the opponent's empty base {space_name(over)}: "
                            "it is not a piece"), hopped
                return (f"a {word} cannot hop from {space_name(cur)} to {space_name(nxt)}: "
                        f"{space_name(over)} is empty, and a hop goes over one of your own pieces "
                        "or your base"), hopped
            if q * side < 0:
                return (f"a {word} cannot hop over an opponent's piece "
                        f"(the {_describe(board, over)} on {space_name(over)})"), hopped
        if hopped & (1 << over):
            if over == own_base:
                return f"a {word} cannot hop over your base {space_name(over)} twice in a move", hopped
            return (f"a {word} cannot hop over the same {piece_word(board[over])} twice in a move "
                    f"(the {piece_word(board[over])} on {space_name(over)})"), hopped
        return None, hopped | (1 << over)
    if nxt in NEIGHBOURS[cur]:
        return "that is a slide, and a move cannot slide and hop", hopped
    return ("that is not a hop: a hop goes over one adjacent piece in a straight line and lands just "
            "beyond it"), hopped


def _check_path(board: tuple[int, ...], start: int, path: tuple[int, ...], side: int,
                column: bool) -> str | None:
    """Check a written hop series (every landing, the end last) hop by hop."""
    word = "column" if column else "stone"
    hopped = 0
    cur = start
    opp_base = base_of(-side)
    for k, nxt in enumerate(path):
        step = f"hop {k + 1} ({space_name(cur)} to {space_name(nxt)})"
        if nxt == start:
            return f"{step}: a {word} cannot return to its starting space in a hop series"
        reason, hopped = _hop_reason(board, start, cur, nxt, side, column, hopped)
        if reason is None:
            reason = _landing_reason(board, nxt, side, column)
        if reason:
            return f"{step}: {reason}"
        if k < len(path) - 1 and board[nxt] * side < 0:
            return f"{step} captures on {space_name(nxt)}, and a capture ends the move"
        if k < len(path) - 1 and nxt == opp_base:
            return f"{step} lands on the opponent's base {space_name(nxt)}, which ends the move"
        cur = nxt
    return None


def _search(board: tuple[int, ...], start: int, end: int, side: int, column: bool, *,
            origin: int | None = None, through_base: bool = False,
            over_opponents: bool = False) -> list[tuple[int, int]] | None:
    """A hop series from ``origin`` (default ``start``) to ``end`` as ``(over, land)`` pairs, or None.

    The piece stands on ``start`` before the move. Each flag lifts one rule, to find out which
    rule stands in the way: ``through_base`` (going on from the opponent's base) and
    ``over_opponents`` (hopping opponent's pieces).
    """
    own_base, opp_base = base_of(side), base_of(-side)
    first = start if origin is None else origin
    parent: dict[tuple[int, int], tuple[tuple[int, int], int]] = {}
    queue = deque([(first, 0)])
    seen = {(first, 0)}
    while queue:
        state = queue.popleft()
        cur, hopped = state
        for over, land in HOPS[cur]:
            bit = 1 << over
            if hopped & bit:
                continue
            q_over = EMPTY if over == start else board[over]
            if over != own_base and not (q_over * side > 0 or (over_opponents and q_over != EMPTY)):
                continue
            q = EMPTY if land == start else board[land]
            if land == own_base and not column:
                continue
            if land == end and (q == EMPTY or (column and q * side < 0 and land != opp_base)):
                hops = [(over, land)]
                back = state
                while back in parent:
                    prev, hop_over = parent[back]
                    hops.append((hop_over, back[0]))
                    back = prev
                return hops[::-1]
            if q != EMPTY or land == start:
                continue
            if land == opp_base and not through_base:
                continue
            nxt = (land, hopped | bit)
            if nxt not in seen:
                seen.add(nxt)
                parent[nxt] = (state, over)
                queue.append(nxt)
    return None


def _slide_spaces(board: tuple[int, ...], start: int, side: int, column: bool) -> list[int]:
    """Empty spaces the piece could slide to, from which a hop series might then go on."""
    out = []
    for ray in RAYS[start]:
        for n in ray if column else ray[:1]:
            if board[n] != EMPTY or n == base_of(-side):
                break
            if column or n != base_of(side):
                out.append(n)
    return out


def _line_reason(board: tuple[int, ...], start: int, end: int, side: int, column: bool) -> str | None:
    """The reason when ``end`` lies on a straight line from ``start`` (a slide or a single hop)."""
    line = line_between(start, end)
    if line is None:
        return None
    d, dist = line
    word = "column" if column else "stone"
    between = RAYS[start][d][: dist - 1]
    own_base, opp_base = base_of(side), base_of(-side)
    if dist == 2:
        over = between[0]
        if over == own_base or board[over] * side > 0:
            return None  # the hop itself is fine: the reason lies elsewhere
        if not column and board[over] == EMPTY and over != opp_base:
            return (f"a stone slides only one space, and it cannot hop from {space_name(start)} to "
                    f"{space_name(end)} over the empty space {space_name(over)}")
        if board[over] != EMPTY or not column:
            return _hop_reason(board, start, start, end, side, column, 0)[0]
    if dist >= 3 and all(s == own_base or board[s] * side > 0 for s in between):
        names = " and ".join(space_name(s) for s in between)
        return f"a {word} cannot hop over more than one piece in a hop ({names})"
    if column:
        for n in between:
            if board[n] != EMPTY:
                return (f"the column cannot slide from {space_name(start)} to {space_name(end)}: "
                        f"the {_describe(board, n)} on {space_name(n)} is in the way, and no series "
                        "of hops lands there")
            if n == opp_base:
                return (f"the column cannot slide past the opponent's base {space_name(n)}: a piece "
                        "that lands there ends its move")
    return None


def _explain(board: tuple[int, ...], start: int, end: int, side: int, column: bool) -> str:
    """Why the piece on ``start`` cannot end on ``end`` (the landing itself being allowed)."""
    word = "column" if column else "stone"
    a, b = space_name(start), space_name(end)
    reason = _line_reason(board, start, end, side, column)
    if reason:
        return reason
    # Hopping a piece twice, or landing on the starting space on the way, never opens a new
    # destination (docs/batalo.md, "Hopping a piece twice"): they matter for written paths only.
    if _search(board, start, end, side, column, through_base=True) is not None:
        return (f"every hop path from {a} to {b} lands on the opponent's base "
                f"{space_name(base_of(-side))} on the way, and landing there ends the move")
    path = _search(board, start, end, side, column, over_opponents=True)
    if path is not None:
        opp = next(o for o, _ in path if o != base_of(side) and board[o] * side < 0)
        return (f"the {word} could reach {b} only by hopping over an opponent's piece "
                f"(the {_describe(board, opp)} on {space_name(opp)}), which no piece may do")
    for over, land in HOPS[start]:
        if end in NEIGHBOURS[over] and (over == base_of(side) or board[over] * side > 0):
            return (f"hops go in a straight line: a hop from {a} over {_hopped_thing(board, over, side)} "
                    f"goes to {space_name(land)}, not to {b}")
    for n in _slide_spaces(board, start, side, column):
        if _search(board, start, end, side, column, origin=n) is not None:
            return (f"the {word} could reach {b} only by sliding to {space_name(n)} and then "
                    "hopping, and a move cannot slide and hop")
    if not column and line_between(start, end) is not None:
        return f"a stone slides only one space, and no series of hops takes it from {a} to {b}"
    return (f"the {word} on {a} cannot reach {b}: it is not a slide, and no series of hops over "
            "your own pieces or base lands there")


def check_move(position: Position, move: Move) -> str | None:
    """``None`` if ``move`` is legal in ``position``; otherwise the reason, in players' words.

    With a ``path`` of two or more landings each written hop is checked in turn; without one any
    legal way counts. Only the moving piece is examined.
    """
    board, side = position.board, position.turn
    start, end = move.start, move.end
    # The fast path, for a legal plain move: the mover's piece, a game not over (the mover has a
    # piece, so only the opponent's need be looked for), and the piece reaches the end space.
    # Anything else falls through to the checks below, which find the reason.
    # A step to a neighbouring empty space (the commonest move) is answered here; a stone's step
    # onto its own base goes on to the reason.
    if move.path is None and 0 <= start < _N and 0 <= end < _N and board[start] * side > 0 \
            and board[BLACK_BASE] <= 0 and board[WHITE_BASE] >= 0 \
            and (-side in board or -2 * side in board) \
            and ((board[end] == EMPTY and end in _NEIGHBOUR_SETS[start]
                  and (end != _OWN_BASE[side] or board[start] == 2 * side))
                 or reaches(board, start, end, side)):
        return None
    for sp in (start, end, *(move.path or ())):
        if not 0 <= sp < _N:
            return f"{sp!r} is not a space of the board"
    if finished(position):
        return _game_over(position)
    p = board[start]
    if p == EMPTY:
        return f"there is no piece on {space_name(start)}"
    if p * side < 0:
        return f"the piece on {space_name(start)} is a {_describe(board, start)}, and it is " \
               f"{side_name(side)}'s turn"
    column = p == 2 * side
    word = "column" if column else "stone"
    if start == end:
        return f"a move must take the {word} to a different space"
    if move.path and move.path[-1] != end:
        return f"the hop series written ends on {space_name(move.path[-1])}, not on {space_name(end)}"
    if move.path is not None and len(move.path) > 1:
        return _check_path(board, start, move.path, side, column)
    reason = _landing_reason(board, end, side, column)
    if reason:
        return reason
    if end in piece_destinations(board, start, side):
        return None
    return _explain(board, start, end, side, column)


def move_or_raise(position: Position, move: Move) -> Move:
    """``move`` if legal, else :class:`IllegalMoveError` with the reason."""
    reason = check_move(position, move)
    if reason is not None:
        raise IllegalMoveError(reason)
    return move
