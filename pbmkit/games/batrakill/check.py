"""Checking one Batrakill move: ``None`` when legal, else why not, in players' words (rule numbers
of pbmkit's rulings 1–14, ``docs/batrakill.md``)."""

from __future__ import annotations

from bisect import bisect_left
from itertools import pairwise
from typing import Final

from pbmkit.games.batrakill.rules import (
    Knight,
    Move,
    Position,
    can_eat,
    dragon_move_is_legal,
    has_passages,
    jump_chains,
    knight_move_is_legal,
    knight_squares,
)

__all__ = ["check_move"]

_WORDS: Final = {"N": "north", "E": "east", "S": "south", "W": "west"}


def check_move(position: Position, move: Move) -> str | None:
    """``None`` if ``move`` is legal in ``position``, else the reason."""
    (cfg, knights, towers, broken, _supply, dragon, _round, _eaten, _before, barred, to_move,
     result) = position
    if result is not None:
        return "the game is over"
    path = move.path
    if not path or min(path) < 0 or max(path) >= cfg.size:
        return "a square off the board"
    kind = move.kind
    if to_move == cfg.dragon_index:
        if kind != "drop" and kind != "dragon":
            return "it is the dragon's turn"
        if kind == "dragon" and len(path) == 2 and path[0] == dragon and path[1] in cfg.near[dragon]:
            # a step, the common case of dragon_move_is_legal inline
            t = path[1]
            on = knight_squares(knights)
            if t not in on and t not in towers and t not in broken and not can_eat(position, on):
                return None
        elif dragon_move_is_legal(position, move):  # move in dragon_moves(position)
            return None
        return _dragon_reason(position, move)
    if kind == "drop" or kind == "dragon":
        return f"it is {_whose(position)} turn, not the dragon's"
    if kind == "step" and len(path) == 2:
        # a knight outside any tower steps: the common case of knight_move_is_legal inline
        s, t = path
        i = bisect_left(knights, (s,))
        if i < len(knights):
            k = knights[i]
            if (k.square == s and not k.carrying and s not in towers and k.faction in cfg.order[to_move]
                    and t in cfg.forward[k.facing][s] and t not in knight_squares(knights) and t != dragon
                    and t not in broken and (not barred or (k.home, t) not in barred)):
                return None
    if knight_move_is_legal(position, move):  # move in knight_moves(position)
        return None
    return _knight_reason(position, move)


def _whose(position: Position) -> str:
    """``the knights'`` (duel) or ``Blue's`` / ``Blue+Green's``."""
    if position.config.duel:
        return "the knights'"
    return f"{'+'.join(f.capitalize() for f in position.place)}'s"


def _free(position: Position, sq: int) -> bool:
    return (position.knight_at(sq) is None and sq != position.dragon and sq not in position.broken
            and sq not in position.towers)


def _dragon_reason(position: Position, move: Move) -> str:
    name = position.config.layout.board.name
    if move.kind == "drop":
        if position.dragon >= 0:
            return "the dragon is already on the board: it steps (D e4-e5) or jumps (D e4xe6)"
        return f"{name(move.path[0])} is not free: the dragon is placed on a free square (rule 4)"
    if position.dragon < 0:
        return "the dragon's first move of a round places it on a free square, like D@e5 (rule 4)"
    path = move.path
    if path[0] != position.dragon:
        return f"the dragon stands on {name(position.dragon)}, not {name(path[0])}"
    if len(path) < 2:
        return "the dragon must move"
    board = position.config.layout.board
    a, b = path[0], path[1]
    if len(path) == 2 and b in board.steps[a]:
        if not _free(position, b):
            return f"{name(b)} is not free: the dragon steps onto a free square (rule 2)"
        return "the dragon can eat, so its move must eat at least one knight (rule 3)"
    chains = {p: eats for p, eats in jump_chains(position, path[0])}
    if path in chains:
        return "the dragon can eat, so its move must eat at least one knight (rule 3)"
    if len(set(path)) != len(path):
        return "the dragon lands on no square twice in one move, its start included (rule 2, house)"
    gone: set[int] = set()
    jumped: set[int] = set()
    for a, b in pairwise(path):
        line = board.direction_between(a, b)
        if line is None or line[1] != 2:
            return (f"{name(a)} to {name(b)} is not a jump: the dragon jumps over one adjacent piece or "
                    "tower in a straight line to the square just beyond (rule 2)")
        over = board.steps[a][line[0]]
        k = position.knight_at(over)
        if over in jumped:
            return f"the dragon jumps no piece or tower twice in one move: {name(over)} (rule 3)"
        if (k is None or over in gone) and over not in position.towers and over not in position.broken:
            return f"there is nothing to jump on {name(over)} (rule 2)"
        if not _free(position, b) and b not in gone:
            return (f"{name(b)} is not free: the dragon never lands on a knight, a tower or a broken "
                    "tower (rule 2)")
        jumped.add(over)
        if k is not None and over not in position.towers:
            gone.add(over)
    return ("the dragon jumps only over a knight or a tower, to a free square, and jumps no piece or "
            "tower twice in one move (rules 2, 3)")


def _facing_reason(k: Knight) -> str:
    side = "east or west" if k.facing in "NS" else "north or south"
    return (f"the knight on that square faces {_WORDS[k.facing]}: it moves one square "
            f"{_WORDS[k.facing]} or {side}, never diagonally nor backward (rule 1)")


def _knight_reason(position: Position, move: Move) -> str:
    board = position.config.layout.board
    name = board.name
    s, t = move.path[0], move.path[-1]
    k = position.knight_at(s)
    if k is None:
        return f"no knight stands on {name(s)}"
    if k.faction not in position.place:
        return f"the knight on {name(s)} is {k.faction.capitalize()}'s: it is {_whose(position)} turn"
    if (k.home, t) in position.barred:
        return (f"the knight ejected from the tower on {name(t)} may not enter it again on its next "
                "move (rule 10)")
    if move.kind == "place":
        if not k.carrying:
            return (f"the knight on {name(s)} carries no tower: write a knight's move like "
                    f"{name(s)}-{name(t)} (rule 5)")
        if t not in board.steps[s]:
            return "a knight steps out of its tower by one square (rule 5)"
        return f"{name(t)} is not free (rule 1)"
    if move.kind == "pass":
        if not has_passages(position):
            return "the underground passages open in round 2 (rule 9)"
        if s not in position.towers:
            return (f"the knight on {name(s)} is not in a tower: only a knight in a tower passes "
                    "underground (rule 9)")
        if t not in position.towers or position.knight_at(t) is not None:
            return f"{name(t)} holds no free tower: a passage leads to a tower that holds no knight (rule 9)"
        return "not a legal passage"
    if t not in board.steps[s]:
        extra = "; to pass underground write it like e5>c7" if s in position.towers else ""
        return f"a knight moves one square (rule 1){extra}"
    if k.carrying:
        if t in position.towers:
            return "a knight carrying a tower never moves onto a square that holds a tower (rule 5)"
        if not _free(position, t):
            return f"{name(t)} is not free (rule 1)"
        return (_facing_reason(k) + "; a carried tower moves with the reversed facing (rule 5), to "
                f"step out and place it write {name(s)}/{name(t)}")
    if s not in position.towers:
        line = board.direction_between(s, t)
        facing_ok = line is not None and line[0] in {0: (0, 2, 3), 1: (1, 2, 3), 2: (2, 0, 1),
                                                     3: (3, 0, 1)}["NSEW".index(k.facing)]
        if not facing_ok:
            return _facing_reason(k)
    if t in position.broken:
        return f"{name(t)} holds a broken tower, closed to knights (rule 6)"
    return f"{name(t)} is not free (rule 1)"
