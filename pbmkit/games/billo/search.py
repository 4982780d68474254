"""Billo: judging one move without generating every move (issue 16).

Rule 6 makes a move legal when no other move has a better priority key (captures, Billos
captured, made by a Billo). The generator (:func:`~pbmkit.games.billo.rules.analysis`) builds
every path to find the best key, and a contrived position has hundreds of thousands of paths. Here
a written move is judged directly:

* :func:`path_key` walks the written path square by square (the movement rules, as
  :func:`~pbmkit.games.billo.check.movement_reason` does) and gives its key, or ``None``;
* :func:`beaten` answers "does any move have a better key?" by a bounded search: whole sets of
  pieces first (can they capture at all? the position's masks answer in a few operations), then a
  depth-first search over capture chains that stops at the first better key, skips a piece or a
  branch whose bound (the captures made plus the prey it could still reach) cannot beat the key,
  and never searches a state (square, squares entered) twice;
* :func:`best_key` and :func:`first_of_key` give the best key and the first legal move in the
  order of :func:`~pbmkit.games.billo.rules.legal_moves`, for the reason of an illegal move.

Each is held to its plain definition (the generator) by ``tests/games/test_billo_fast_paths.py``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache
from typing import Final

from pbmkit.games.billo.rules import (
    BILLO,
    FORWARD,
    FREE,
    FREE_BASIC,
    FULL,
    HALF,
    KING,
    LAST_RANK,
    MOVER_BASIC,
    MOVER_BILLO,
    NOT_A,
    NOT_H,
    P_BASIC,
    P_BILLO,
    P_FREE,
    P_FREE_BASIC,
    PASSABLE,
    PNOT_A,
    PNOT_H,
    PREY,
    RANK,
    ROUND,
    SQUARE,
    YELLOW,
    Key,
    Move,
    N,
    Position,
    forward_mask,
    has_legal_move,
    king_mask,
    masks,
    packed,
    static_outcome,
)

__all__ = ["beaten", "best_key", "can_capture", "first_of_key", "is_legal", "masks_can_capture",
           "path_key", "sorted_legal"]

NO_KEY: Final[Key] = (0, 0, 0)
_KING_SORTED: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(sorted(n)) for n in KING)
_FORWARD_SORTED: Final[dict[int, tuple[tuple[int, ...], ...]]] = {
    side: tuple(tuple(sorted(n)) for n in table) for side, table in FORWARD.items()}
KING_BITS: Final[tuple[int, ...]] = tuple(sum(1 << n for n in row) for row in KING)
FORWARD_BITS: Final[dict[int, tuple[int, ...]]] = {
    side: tuple(sum(1 << n for n in row) for row in table) for side, table in FORWARD.items()}


@cache
def _cone(side: int) -> tuple[int, ...]:
    """For each square, the mask of every square a basic piece of ``side`` could still reach
    (built on first use: only listing moves and explaining an illegal one need it)."""
    out = []
    for sq in range(N):
        cone, front = 0, forward_mask(side, 1 << sq)
        while front:
            cone |= front
            front = forward_mask(side, front)
        out.append(cone)
    return tuple(out)


@cache
def _by_name() -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...],
                        dict[int, tuple[tuple[int, ...], ...]]]:
    """The squares in the order of their names (``a1``, ``a2``, ... ``h8``), and the
    neighbours of each square (a Billo's, then a basic piece's for each side) in that order."""
    def name_order(squares: Iterable[int]) -> tuple[int, ...]:
        return tuple(sorted(squares, key=lambda sq: (sq % 8, sq // 8)))

    return (name_order(range(N)), tuple(name_order(row) for row in KING),
            {side: tuple(name_order(row) for row in table) for side, table in FORWARD.items()})


def path_key(position: Position, move: Move) -> Key | None:
    """The priority key of ``move`` if its path keeps the movement rules, else ``None``.

    The start must hold a piece of the side to move of the move's shape; each square entered must
    be a neighbour in the piece's directions, entered once, and be (rules 2-5, 7-9) an empty square
    as the only step, an own free piece of the other shape, or a capture; a basic piece stops on
    its last rank; the written captures must be the captures of the path. Ignores rule 6 and
    whether the game is over.
    """
    board, side = position.board, position.turn
    start, steps, piece = move.start, move.steps, move.piece
    if not steps or not 0 <= start < N or piece not in PASSABLE:
        return None
    code = board[start] * side
    if code <= 0:
        return None
    state = code % 3 if piece == ROUND else code // 3
    if not state:
        return None
    billo = state == BILLO
    nbrs = KING_BITS if billo else FORWARD_BITS[side]
    passable, prey = PASSABLE[piece], PREY[piece]
    if len(steps) == 1:  # one step: onto an empty square or an own piece (key 0), or a capture
        n = steps[0]
        if not 0 <= n < N or not nbrs[start] >> n & 1:
            return None
        c = board[n] * side
        if c == 0 or c in passable:
            return NO_KEY if not move.captures else None
        v = prey.get(c)
        if v is None or (v and not billo) or move.captures != steps:
            return None
        return 1, v, 1 if billo else 0
    last = LAST_RANK[side]
    visited = 1 << start
    cur = start
    caps: list[int] = []
    billos = 0
    for n in steps:
        if not 0 <= n < N or not nbrs[cur] >> n & 1 or visited >> n & 1:
            return None
        if not billo and cur != start and RANK[cur] == last:
            return None
        c = board[n] * side
        if c not in passable:
            v = prey.get(c)
            if v is None or (v and not billo):
                return None
            caps.append(n)
            billos += v
        visited |= 1 << n
        cur = n
    if tuple(caps) != move.captures:
        return None
    return len(caps), billos, 1 if billo and caps else 0


class _Found(Exception):
    """Raised inside the search when a better key is met and the first one is enough."""


def _closure(step: bool, movers: int, passable: int, prey: int, side: int) -> bool:
    """Whether any of ``movers`` (basic pieces when ``step``, else Billos) can capture some of
    ``prey``, passing through ``passable`` first."""
    acc = 0
    front = (forward_mask(side, movers) if step else king_mask(movers)) & passable
    while front:
        acc |= front
        front = (forward_mask(side, front) if step else king_mask(front)) & passable & ~acc
    reach = movers | acc
    return bool((forward_mask(side, reach) if step else king_mask(reach)) & prey)


def can_capture(position: Position) -> bool:
    """Whether the side to move can capture anything (some move of it has a capture)."""
    return masks_can_capture(packed(position), position.turn == YELLOW)


def masks_can_capture(m: tuple[int, ...], yellow: bool) -> bool:
    """:func:`can_capture` from the position's packed masks (``yellow``: Yellow is to move):
    the round and the square movers asked at once, each half of a packed mask one shape's."""
    # The indices: see rules.P_BASIC (Yellow 0-3, Orange 4-7).
    if yellow:
        return _group_captures(m[0], m[1], m[2], m[6], m[7], True)
    return _group_captures(m[4], m[5], m[6], m[2], m[3], False)


def _group_captures(basic: int, billos: int, passable: int, prey_all: int, prey_basic: int,
                    up: bool) -> bool:
    """Whether ``basic`` pieces (moving up the board when ``up``) or ``billos`` can capture,
    passing through ``passable`` first (:func:`_closure`, unrolled, on packed masks: both shapes
    at once, the 8 bits between the halves catching what a shift carries out of one)."""
    if basic and prey_basic:
        # Every square a basic piece stands on before a capture is its own or one it passes
        # through: nothing to capture ahead of those squares, no capture (one test, no walk).
        x = basic | passable
        if up:
            f = x << 8 | (x & PNOT_H) << 9 | (x & PNOT_A) << 7
        else:
            f = x >> 8 | (x & PNOT_A) >> 9 | (x & PNOT_H) >> 7
        x = basic if f & prey_basic else 0
        if up:
            while x:
                f = x << 8 | (x & PNOT_H) << 9 | (x & PNOT_A) << 7
                if f & prey_basic:
                    return True
                x = f & passable  # a basic piece only goes forward: no square twice
        else:
            while x:
                f = x >> 8 | (x & PNOT_A) >> 9 | (x & PNOT_H) >> 7
                if f & prey_basic:
                    return True
                x = f & passable
    if billos and prey_all:
        row = billos | passable
        row |= (row & PNOT_H) << 1 | (row & PNOT_A) >> 1
        if not (row | row << 8 | row >> 8) & prey_all:
            return False  # nothing next to the Billos and the squares they may pass: no walk
        x, acc = billos, 0
        while x:
            row = x | (x & PNOT_H) << 1 | (x & PNOT_A) >> 1
            f = row | row << 8 | row >> 8
            if f & prey_all:
                return True
            x = f & passable & ~acc
            acc |= x
    return False


_LAST: Final[list[tuple[Position, Key, bool, Key]]] = []
"""The last search over a Billo's paths: reading a move without its letter judges it, then
``check_move`` judges it again (one position object, one question: the same answer)."""


def search_key(position: Position, floor: Key, stop_first: bool) -> Key:
    """The best key above ``floor`` of any capture (``floor`` if none); with ``stop_first``, the
    first key above ``floor`` met."""
    if _LAST:
        last = _LAST[0]
        if last[0] is position and last[1] == floor and last[2] == stop_first:
            return last[3]
    best, searched = _search_groups(position, floor, stop_first)
    if searched:  # only a Billo's search is worth remembering
        _LAST[:] = [(position, floor, stop_first, best)]
    return best


def _search_groups(position: Position, floor: Key, stop_first: bool) -> tuple[Key, bool]:
    """:func:`search_key`, and whether a Billo's paths were searched."""
    m = packed(position)
    side = position.turn
    me, you = (0, 4) if side == YELLOW else (4, 0)
    best = floor
    # Basic pieces capture only basic pieces and move forward: the most captures of any of them,
    # round and square at once (each half of the packed masks one shape's), exactly.
    basic, prey_basic = m[me + P_BASIC], m[you + P_FREE_BASIC]
    if basic and prey_basic:
        key = (_most_captures(basic, m[me + P_FREE], prey_basic, side == YELLOW), 0, 0)
        if key > best:
            best = key
            if stop_first:
                return best, False
    billos = m[me + P_BILLO]
    searched = False
    for half, shape in ((0, ROUND), (HALF, SQUARE)) if billos else ():  # a shape's half each
        group = billos >> half & FULL
        prey_all = m[you + P_FREE] >> half & FULL
        if group and prey_all:
            searched = True
            best = _group_search(position, shape, group, m[me + P_FREE] >> half & FULL,
                                 prey_all, prey_basic >> half & FULL, best, stop_first)
            if stop_first and best > floor:
                break
    return best, searched


def _most_captures(basic: int, passable: int, prey: int, up: bool) -> int:
    """The most captures any of the ``basic`` pieces (moving up the board when ``up``) can make
    (packed masks: the most of either half).

    Exact without following paths: a basic piece only moves forward, so no path enters a square
    twice and the squares reachable after ``j`` captures, by any piece, are computed for all the
    pieces at once (those reachable after ``j`` captures and passing through ``passable`` pieces,
    then the prey ahead of them for ``j + 1``)."""
    j = 0
    stand = basic
    while True:
        x, reach = stand, stand
        while x:  # pass through own pieces
            if up:
                x = (x << 8 | (x & PNOT_H) << 9 | (x & PNOT_A) << 7) & passable
            else:
                x = (x >> 8 | (x & PNOT_A) >> 9 | (x & PNOT_H) >> 7) & passable
            reach |= x
        if up:
            stand = (reach << 8 | (reach & PNOT_H) << 9 | (reach & PNOT_A) << 7) & prey
        else:
            stand = (reach >> 8 | (reach & PNOT_A) >> 9 | (reach & PNOT_H) >> 7) & prey
        if not stand:
            return j
        j += 1


def _group_search(position: Position, shape: str, group: int, passable_mask: int,
                  prey_all: int, prey_basic: int, best: Key, stop_first: bool) -> Key:
    """:func:`search_key` for the Billos of ``group`` (one side and shape): ``best`` or a better
    key."""
    side = position.turn
    prey_billo = prey_all & ~prey_basic
    top = (prey_all.bit_count(), prey_billo.bit_count(), 1)
    if top <= best or not _closure(False, group, passable_mask, prey_all, side):
        return best
    board = position.board
    region_all = passable_mask | prey_all
    passable, prey = PASSABLE[shape], PREY[shape]
    dead: set[int] = set()
    # A Billo's depth-first search over its paths. "Dead" states are those from which nothing
    # beats ``best`` (which only grows).

    def walk(cur: int, visited: int, caps: int, nb: int) -> None:
        nonlocal best
        for n in _KING_SORTED[cur]:
            bit = 1 << n
            if visited & bit:
                continue
            c = board[n] * side
            if c in passable:
                nc, nnb = caps, nb
            elif c in prey:
                nc, nnb = caps + 1, nb + prey[c]
                key = (nc, nnb, 1)
                if key > best:
                    best = key
                    if stop_first:
                        raise _Found
            else:
                continue
            nv = visited | bit
            # the squares it may still enter: those reachable, not entered yet
            region = region_all & ~nv
            front = king_mask(bit) & region
            reach = 0
            while front:  # king_mask, inlined (the search's hot loop)
                reach |= front
                row = front | (front & NOT_H) << 1 | (front & NOT_A) >> 1
                front = (row | row << 8 | row >> 8) & region & ~reach
            # What is left to the piece depends only on where it is, what it may still enter
            # and what it has captured: one state for every path that leaves the same.
            state = reach | n << 64 | nc << 70 | nnb << 76
            if state in dead:
                continue
            left = prey_all & reach
            bound = (nc + left.bit_count(), nnb + (left & prey_billo).bit_count(), 1)
            if bound > best:
                bound = _dead_end_bound(bound, left, prey_billo, reach | bit)
                if bound > best:
                    walk(n, nv, nc, nnb)
            dead.add(state)

    g = group
    while g and top > best:
        low = g & -g
        g ^= low
        try:
            walk(low.bit_length() - 1, low, 0, 0)
        except _Found:
            break
    return best


def beaten(position: Position, key: Key) -> bool:
    """Whether some move of the side to move has a better priority key than ``key`` (rule 6)."""
    if key == NO_KEY:
        return can_capture(position)
    return search_key(position, key, True) > key


def best_key(position: Position) -> Key:
    """The best priority key of the side to move: ``max`` of every move's key (rule 6)."""
    return search_key(position, NO_KEY, False)


def is_legal(position: Position, move: Move) -> bool:
    """Whether ``move`` is legal: a path of the movement rules, the game not over, and no move with
    a better key (rule 6)."""
    key = path_key(position, move)
    return key is not None and static_outcome(position) is None and not beaten(position, key)


def first_of_key(position: Position, key: Key) -> Move | None:
    """The first move of priority ``key`` in the order of ``legal_moves`` (start square, piece,
    path), or ``None`` if there is none; ``key`` is meant to be :func:`best_key`'s."""
    board, side = position.board, position.turn
    m = masks(position)
    me, you = (0, 8) if side == YELLOW else (8, 0)
    last = LAST_RANK[side]
    need_by = key[2]
    for sq in range(N):
        code = board[sq] * side
        if code <= 0:
            continue
        for shape, state, other in ((ROUND, code % 3, 4), (SQUARE, code // 3, 0)):
            if not state:
                continue
            is_billo = state == BILLO
            if need_by and not is_billo:
                continue
            nbrs = _KING_SORTED if is_billo else _FORWARD_SORTED[side]
            passable, prey = PASSABLE[shape], PREY[shape]
            targets = m[you + other + FREE] if is_billo else m[you + other + FREE_BASIC]
            prey_billo = m[you + other + FREE] & ~m[you + other + FREE_BASIC]
            by = 1 if is_billo else 0
            region_all = m[me + other + FREE] | targets
            found = _first_path(board, side, sq, nbrs, passable, prey, is_billo, by, last,
                                key, targets, prey_billo, region_all)
            if found is not None:
                steps, caps = found
                return Move(shape, sq, steps, caps)
    return None


def _first_path(board: tuple[int, ...], side: int, start: int,
                nbrs: tuple[tuple[int, ...], ...], passable: frozenset[int],
                prey: dict[int, int], is_billo: bool, by: int, last: int, key: Key,
                targets: int, prey_billo: int, region_all: int
                ) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The first path of one piece (depth first, squares in increasing order: the order of
    paths as tuples) whose key is ``key``; states and bounds as in :func:`_group_search`."""
    dead: set[int] = set()
    cone = _cone(side)

    def walk(cur: int, visited: int, steps: tuple[int, ...], caps: tuple[int, ...],
             nb: int) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
        for n in nbrs[cur]:
            bit = 1 << n
            if visited & bit:
                continue
            c = board[n] * side
            if c == 0:
                if not steps and key == NO_KEY:
                    return (n,), ()
                continue
            if c in passable:
                nc, nnb = caps, nb
            else:
                v = prey.get(c)
                if v is None or (v and not is_billo):
                    continue
                nc, nnb = (*caps, n), nb + v
            new_steps = (*steps, n)
            if (len(nc), nnb, by if nc else 0) == key:
                return new_steps, nc
            if not is_billo and RANK[n] == last:
                continue
            nv = visited | bit
            reach = _reach(n, nv, region_all) if is_billo else cone[n] & region_all
            state = reach | n << 64 | len(nc) << 70 | nnb << 76
            if state in dead:
                continue
            left = targets & reach
            bound = (len(nc) + left.bit_count(), nnb + (left & prey_billo).bit_count(), by)
            if bound >= key and is_billo:
                bound = _dead_end_bound(bound, left, prey_billo, reach | bit)
            if bound < key:
                dead.add(state)
                continue
            found = walk(n, nv, new_steps, nc, nnb)
            if found is not None:
                return found
            dead.add(state)
        return None

    return walk(start, 1 << start, (), (), 0)


def _reach(n: int, visited: int, region_all: int) -> int:
    """The squares of ``region_all`` a Billo on ``n`` may still reach, avoiding ``visited``."""
    region = region_all & ~visited
    front = king_mask(1 << n) & region
    reach = 0
    while front:
        reach |= front
        front = king_mask(front) & region & ~reach
    return reach


def _dead_end_bound(bound: Key, left: int, prey_billo: int, squares: int) -> Key:
    """``bound`` lowered by the dead ends among the prey ``left``: a square next to only one of
    ``squares`` (those the Billo may still enter, and its own) can only end the path, so at most
    one of them is captured."""
    ones = twos = 0
    for d in ((squares << 8), (squares >> 8), (squares & NOT_H) << 1, (squares & NOT_A) >> 1,
              (squares & NOT_H) << 9, (squares & NOT_A) << 7, (squares & NOT_H) >> 7,
              (squares & NOT_A) >> 9):
        twos |= ones & d
        ones |= d
    ends = left & ~twos
    k = ends.bit_count()
    if k < 2:
        return bound
    kb = (ends & prey_billo).bit_count()
    return bound[0] - k + 1, bound[1] - max(0, kb - 1), bound[2]


def sorted_legal(position: Position, start: int | None = None) -> Iterator[Move]:
    """The legal moves (of the pieces on ``start`` only, if given) in the order of their texts
    (:func:`~pbmkit.games.billo.rules.move_text`), generated one at a time: the order of
    ``sorted(legal_moves(position), key=move_text)`` without building the list.

    Texts sort by the letter and ``+`` (``R ``, ``R+ ``, ``S ``, ``S+ ``), then the start square's
    name, then each step (``-`` before ``x``, then the square's name): pieces are taken in that
    order, and each piece's paths depth first, its next squares in that order.
    """
    if static_outcome(position) is not None:
        return
    board, side = position.board, position.turn
    key = best_key(position)
    if key == NO_KEY and not has_legal_move(position):
        return
    m = masks(position)
    me, you = (0, 8) if side == YELLOW else (8, 0)
    squares = _by_name()[0] if start is None else (start,)
    for shape, own, other in ((ROUND, 0, 4), (SQUARE, 4, 0)):
        for is_billo in (False, True):
            if key[2] and not is_billo:
                continue
            group = m[me + own + (MOVER_BILLO if is_billo else MOVER_BASIC)]
            for sq in squares:
                if not group >> sq & 1:
                    continue
                targets = m[you + other + FREE] if is_billo else m[you + other + FREE_BASIC]
                prey_billo = m[you + other + FREE] & ~m[you + other + FREE_BASIC]
                paths = _paths_of_key(board, side, sq, shape, is_billo, key, targets, prey_billo,
                                      m[me + other + FREE] | targets)
                for steps, caps in paths:
                    yield Move(shape, sq, steps, caps)


def _paths_of_key(board: tuple[int, ...], side: int, start: int, shape: str, is_billo: bool,
                  key: Key, targets: int, prey_billo: int, region_all: int
                  ) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every path of one piece whose key is ``key``, in the order of their texts."""
    by_name = _by_name()
    nbrs = by_name[1] if is_billo else by_name[2][side]
    passable, prey = PASSABLE[shape], PREY[shape]
    last = LAST_RANK[side]
    by = 1 if is_billo else 0
    cone = _cone(side)
    dead: set[int] = set()

    def walk(cur: int, visited: int, steps: tuple[int, ...], caps: tuple[int, ...], nb: int
             ) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
        for capturing in (False, True):  # "-" sorts before "x"
            for n in nbrs[cur]:
                bit = 1 << n
                if visited & bit:
                    continue
                c = board[n] * side
                if c == 0:
                    if not capturing and not steps and key == NO_KEY:
                        yield (n,), ()
                    continue
                if c in passable:
                    if capturing:
                        continue
                    nc, nnb = caps, nb
                else:
                    v = prey.get(c)
                    if not capturing or v is None or (v and not is_billo):
                        continue
                    nc, nnb = (*caps, n), nb + v
                new_steps = (*steps, n)
                if (len(nc), nnb, by if nc else 0) == key:
                    yield new_steps, nc
                if not is_billo and RANK[n] == last:
                    continue
                nv = visited | bit
                reach = _reach(n, nv, region_all) if is_billo else cone[n] & region_all
                state = reach | n << 64 | len(nc) << 70 | nnb << 76
                if state in dead:
                    continue
                left = targets & reach
                bound = (len(nc) + left.bit_count(), nnb + (left & prey_billo).bit_count(), by)
                if bound >= key and is_billo:
                    bound = _dead_end_bound(bound, left, prey_billo, reach | bit)
                if bound < key:
                    dead.add(state)
                    continue
                found = False
                for path in walk(n, nv, new_steps, nc, nnb):
                    found = True
                    yield path
                if not found:
                    dead.add(state)

    yield from walk(start, 1 << start, (), (), 0)
