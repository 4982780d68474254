"""Billo: checking one move and saying why it is illegal, in players' words; matching written moves.

The notation layer resolves a written move with :func:`matching_moves` (piece letter and Billo
mark optional) and, when nothing matches, asks :func:`why_not` for the reason to print.
"""

from __future__ import annotations

from collections.abc import Sequence

from pbmkit.games.base import IllegalMoveError
from pbmkit.games.billo.rules import (
    BILLO,
    EMPTY,
    FORWARD,
    KING,
    LAST_RANK,
    P_KNOWN,
    PASSABLE,
    PNOT_A,
    PNOT_H,
    PREY,
    RANK,
    ROUND,
    SHAPE_WORD,
    SHAPES,
    SIDE_NAMES,
    SQUARE,
    YELLOW,
    Key,
    Move,
    N,
    Position,
    describe_cell,
    move_key,
    move_text,
    outcome,
    piece_words,
    shape_state,
    space_name,
    static_outcome,
)
from pbmkit.games.billo.search import (
    FORWARD_BITS,
    KING_BITS,
    NO_KEY,
    can_capture,
    first_of_key,
    is_legal,
    path_key,
    search_key,
)

__all__ = ["check_move", "matching_moves", "move_or_raise", "movement_reason", "why_not"]


def _start_reason(position: Position, piece: str, start: int) -> str | None:
    """Why ``piece`` cannot move from ``start`` at all (no such piece of the mover there)."""
    side = position.turn
    code = position.board[start]
    who = SIDE_NAMES[side].capitalize()
    if code == EMPTY:
        return f"there is no piece on {space_name(start)}"
    if code * side < 0:
        return f"{space_name(start)} holds {describe_cell(code)}, and it is {who}'s turn"
    if not shape_state(code, piece):
        return (f"there is no {SIDE_NAMES[side]} {SHAPE_WORD[piece]} piece on {space_name(start)} "
                f"(it holds {describe_cell(code)})")
    return None


def _direction_reason(side: int, billo: bool, cur: int, nxt: int) -> str | None:
    """Why a piece cannot step from ``cur`` to ``nxt`` (not adjacent, or not forward for a basic)."""
    if nxt not in KING[cur]:
        return (f"{space_name(cur)} to {space_name(nxt)} is not a step to a neighbouring square: "
                "a piece moves one square at a time and never jumps")
    if not billo and nxt not in FORWARD[side][cur]:
        return (f"{space_name(cur)} to {space_name(nxt)} is not forward: a basic piece moves only "
                "ahead or diagonally ahead, never sideways or backward (only a Billo may)")
    return None


def _enter_reason(position: Position, piece: str, billo: bool, nxt: int, first: bool,
                  last: bool, captured: bool) -> tuple[str | None, bool]:
    """Whether the piece may enter ``nxt``: (reason or ``None``, whether it captures there)."""
    side = position.turn
    code = position.board[nxt]
    c = code * side
    here = space_name(nxt)
    shape = SHAPE_WORD[piece]
    if c == EMPTY:
        if first and last:
            return None, False
        if first:
            return (f"{here} is empty: a piece stops on an empty square; it passes only through "
                    f"your own free pieces of the other shape"), False
        if captured:
            return (f"{here} is empty: after its last capture a piece may only pass through your "
                    "own free pieces of the other shape and stop on one of them"), False
        return (f"{here} is empty: a piece passes only through your own free pieces of the other "
                "shape and must stop on one of them, never on an empty square after passing"), False
    if c in PASSABLE[piece]:
        return None, False
    if c > 0:
        if shape_state(code, piece):
            return (f"{here} already holds your {piece_words(piece, shape_state(code, piece))}: "
                    "pieces of the same shape never share a square nor pass through each other"), False
        return f"{here} holds {describe_cell(code)}, which no piece may enter", False
    prey = PREY[piece]
    if c in prey:
        if prey[c] and not billo:
            return (f"{describe_cell(code).capitalize()} stands on {here}: a Billo can never be "
                    "captured by a basic piece"), False
        return None, True
    if shape_state(code, ROUND) and shape_state(code, SQUARE):
        return (f"{here} holds {describe_cell(code)}: pieces sharing a square are never captured, "
                "and entering an opponent's square without capturing is not allowed"), False
    return (f"{here} holds {describe_cell(code)}: a {shape} piece captures only "
            f"{SHAPE_WORD[SQUARE if piece == ROUND else ROUND]} pieces, and entering an "
            "opponent's square without capturing is not allowed"), False


def movement_reason(position: Position, move: Move) -> str | None:
    """Why the path of ``move`` breaks a movement rule (ignoring capture priority); else ``None``.

    Walks the path square by square, independently of the move generator; the start square must
    hold a piece of the mover of that shape (:func:`check_move` says so first).
    """
    side = position.turn
    billo = shape_state(position.board[move.start], move.piece) == BILLO
    word = SHAPE_WORD[move.piece]
    visited = {move.start}
    cur = move.start
    caps: list[int] = []
    n = len(move.steps)
    for k, nxt in enumerate(move.steps):
        if not 0 <= nxt < N:
            return f"square number {nxt} is not on the board"
        if k and not billo and RANK[cur] == LAST_RANK[side]:
            return (f"the {word} piece reaches the last rank on {space_name(cur)} and becomes a "
                    "Billo: it stops there at once, even in the middle of a capture chain")
        if nxt in visited:
            return (f"the move enters {space_name(nxt)} twice: no square is entered twice in a "
                    "move")
        reason = _direction_reason(side, billo, cur, nxt)
        if reason:
            return reason
        reason, capture = _enter_reason(position, move.piece, billo, nxt, k == 0, k == n - 1,
                                        bool(caps))
        if reason:
            return reason
        if capture:
            caps.append(nxt)
        visited.add(nxt)
        cur = nxt
    written = tuple(move.captures)
    if written != tuple(caps):
        missing = [s for s in caps if s not in written]
        if missing:
            return (f"the move captures {describe_cell(position.board[missing[0]])} on "
                    f"{space_name(missing[0])} (write x before it)")
        extra = [s for s in written if s not in caps]
        if extra:
            return f"nothing is captured on {space_name(extra[0])}"
        return "the captures are not written in the order of the path"
    return None


def _priority_reason(position: Position, key: Key, best: Key, example: Move) -> str:
    """Why a move of priority ``key`` is illegal when ``best`` is available (rule 6)."""
    shown = move_text(position, example)
    if key[0] < best[0]:
        if key[0] == 0:
            return f"capture is mandatory: {shown} captures {_pieces(best[0])}"
        return (f"the move capturing the most pieces must be played: {shown} captures "
                f"{_pieces(best[0])}, this move only {key[0]}")
    if key[1] < best[1]:
        return (f"among captures of {_pieces(best[0])}, the one taking the most Billos must be "
                f"played: {shown} captures {_billos(best[1])}, this move {key[1]}")
    return (f"when captures are equal in number and value, the capture must be made by a Billo: "
            f"{shown}")


def _pieces(n: int) -> str:
    return f"{n} piece{'s' if n != 1 else ''}"


def _billos(n: int) -> str:
    return f"{n} Billo{'s' if n != 1 else ''}"


def check_move(position: Position, move: Move) -> str | None:
    """``None`` if ``move`` is legal in ``position``; otherwise the reason, in players' words.

    Judged without generating every move (:mod:`pbmkit.games.billo.search`): the path is walked
    for its key, then a bounded search says whether any move has a better one (rule 6).
    """
    steps = move.steps
    if len(steps) == 1 and not move.captures:
        # One step, nothing written as captured: path_key, static_outcome and can_capture
        # inlined (three moves in four of a record). Anything else goes the general way.
        # The step is onto an empty square or an own free piece of the other shape (forming a
        # double): a path of key (0, 0, 0) when the piece is there and may step there.
        board, side, start, n = position.board, position.turn, move.start, steps[0]
        if 0 <= n < N and 0 <= start < N:
            code, to = board[start] * side, board[n] * side
            piece = move.piece
            state = 0 if code <= 0 else \
                code % 3 if piece == ROUND and (to == 0 or to == 3 or to == 6) else \
                code // 3 if piece == SQUARE and (to == 0 or to == 1 or to == 2) else 0
            if state and (KING_BITS if state == BILLO else FORWARD_BITS[side])[start] >> n & 1:
                m = position._masks
                if m is None or not m[P_KNOWN]:
                    if static_outcome(position) is not None:
                        return _illegal_reason(position, move, NO_KEY)
                    m = position._masks
                    assert m is not None
                # masks_can_capture, inlined on the packed masks (both shapes at once). Basic
                # pieces step forward through own free pieces of the other shape (never a square
                # twice), Billos spread through them, until something to capture is next; each
                # walk only if something to capture is next to the pieces or to what they pass.
                if side == YELLOW:
                    basic, billos, passable, prey, prey_basic = m[0], m[1], m[2], m[6], m[7]
                    x = basic | passable
                    if (x << 8 | (x & PNOT_H) << 9 | (x & PNOT_A) << 7) & prey_basic:
                        x = basic
                        while x:
                            f = x << 8 | (x & PNOT_H) << 9 | (x & PNOT_A) << 7
                            if f & prey_basic:
                                return _illegal_reason(position, move, NO_KEY)
                            x = f & passable
                else:
                    basic, billos, passable, prey, prey_basic = m[4], m[5], m[6], m[2], m[3]
                    x = basic | passable
                    if (x >> 8 | (x & PNOT_A) >> 9 | (x & PNOT_H) >> 7) & prey_basic:
                        x = basic
                        while x:
                            f = x >> 8 | (x & PNOT_A) >> 9 | (x & PNOT_H) >> 7
                            if f & prey_basic:
                                return _illegal_reason(position, move, NO_KEY)
                            x = f & passable
                if billos:
                    x = billos | passable
                    x |= (x & PNOT_H) << 1 | (x & PNOT_A) >> 1
                    if (x | x << 8 | x >> 8) & prey:
                        x = seen = billos
                        while x:
                            f = x | (x & PNOT_H) << 1 | (x & PNOT_A) >> 1
                            f |= f << 8 | f >> 8
                            if f & prey:
                                return _illegal_reason(position, move, NO_KEY)
                            x = f & passable & ~seen
                            seen |= x
                return None
    key = path_key(position, move)
    if key is not None and static_outcome(position) is None and (
            not can_capture(position) if key == (0, 0, 0) else search_key(position, key, True) <= key):
        return None  # beaten(position, key), inlined: the replayer checks every ply
    return _illegal_reason(position, move, key)


def _illegal_reason(position: Position, move: Move, key: Key | None) -> str | None:
    """Why ``move`` (whose path key is ``key``, ``None`` if the path breaks a movement rule) is
    illegal; the order of the reasons is the order of the rules' checks."""
    if outcome(position) is not None:
        return "the game is already over"
    if move.piece not in SHAPES:
        return f"the piece must be R (round) or S (square), not {move.piece!r}"
    if not 0 <= move.start < N:
        return f"square number {move.start} is not on the board"
    reason = _start_reason(position, move.piece, move.start)
    if reason:
        return reason
    if not move.steps:
        return "a move must take the piece to another square"
    if key is None:
        reason = movement_reason(position, move)
        if reason is not None:
            return reason
        key = move_key(position, move)  # not reached: path_key and movement_reason agree
    best = search_key(position, key, False)  # best_key, searching only above the move's key
    if key >= best:
        return None
    example = first_of_key(position, best)
    assert example is not None
    return _priority_reason(position, key, best, example)


def move_or_raise(position: Position, move: Move) -> Move:
    """``move`` if legal, else :class:`IllegalMoveError` with the reason."""
    reason = check_move(position, move)
    if reason is not None:
        raise IllegalMoveError(reason)
    return move


def matching_moves(position: Position, squares: Sequence[int], piece: str | None = None,
                   billo: bool | None = None,
                   captures: Sequence[int] | None = None) -> list[Move]:
    """The legal moves along ``squares`` (start first), optionally of one piece letter and kind.

    ``piece`` ``None`` matches either shape; ``billo`` ``None`` either a Billo or a basic piece;
    ``captures`` ``None`` ignores which squares are written as captures. More than one result
    means the written move is ambiguous; none means it is illegal (see :func:`why_not`).
    """
    if len(squares) < 2:
        return []
    start, steps = squares[0], tuple(squares[1:])
    if not 0 <= start < N:
        return []
    board, side = position.board, position.turn
    code = board[start] * side
    if code <= 0:
        return []
    implied = tuple(s for s in steps if 0 <= s < N and board[s] * side < 0)
    if captures is not None and tuple(captures) != implied:
        return []
    found = []
    for shape in SHAPES if piece is None else (piece,):
        if shape not in SHAPES:
            continue
        state = shape_state(code, shape)
        if not state or (billo is not None and (state == BILLO) != billo):
            continue
        move = Move(shape, start, steps, implied)
        if is_legal(position, move):
            found.append(move)
    return found


def _implied_captures(position: Position, steps: Sequence[int]) -> tuple[int, ...]:
    side = position.turn
    return tuple(s for s in steps if 0 <= s < N and position.board[s] * side < 0)


def why_not(position: Position, squares: Sequence[int], piece: str | None = None,
            billo: bool | None = None, captures: Sequence[int] | None = None) -> str:
    """Why no legal move matches the description given to :func:`matching_moves`.

    With no piece letter, each shape standing on the start square is tried; with no captures
    written, the squares holding opponent's pieces count as captures.
    """
    if len(squares) < 2:
        return "a move names at least two squares: where the piece starts and where it goes"
    start, steps = squares[0], tuple(squares[1:])
    caps = tuple(captures) if captures is not None else _implied_captures(position, steps)
    if not 0 <= start < N:
        return f"square number {start} is not on the board"
    code = position.board[start]
    shapes = [piece] if piece is not None else [
        s for s in SHAPES if code * position.turn > 0 and shape_state(code, s)] or [ROUND]
    reasons = []
    for shape in shapes:
        move = Move(shape, start, steps, caps)
        reason = check_move(position, move)
        if reason is None and billo is not None:
            is_billo = shape_state(code, shape) == BILLO
            if is_billo != billo:
                kind = "a Billo" if is_billo else "a basic piece, not a Billo"
                reason = f"the {SHAPE_WORD[shape]} piece on {space_name(start)} is {kind}"
        if reason is None:
            reason = "the move is legal"  # only reached when the caller's filters were stricter
        reasons.append((shape, reason))
    if len({r for _s, r in reasons}) == 1:
        return reasons[0][1]
    return "; ".join(f"{SHAPE_WORD[shape]} piece: {reason}" for shape, reason in reasons)

