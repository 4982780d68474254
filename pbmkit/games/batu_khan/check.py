"""Batu Khan: checking one action and saying why it is illegal, in players' words.

:func:`check_move` walks the rules for the one action given, independently of the move generator
(the tests compare both on random positions), and names the rule an illegal action breaks.
"""

from __future__ import annotations

from typing import Final

from pbmkit.games.base import IllegalMoveError
from pbmkit.games.batu_khan.rules import (
    BLOCKADE,
    EMPTY,
    KIND_WORDS,
    MAX_STONES_IN_PLAY,
    PIECES,
    SIDE_NAMES,
    SOUTH,
    STONES,
    Geometry,
    Move,
    Position,
    camp_rank,
    camp_winner,
    describe,
    first_action,
    has_legal_move,
    move_text,
    owner,
    stones_on_board,
    symbol_of,
    threateners,
)

__all__ = ["check_move", "move_or_raise", "movement_rule"]

_MOVEMENT: Final[dict[str, str]] = {
    "B": "the blue stone moves 1 or 2 squares straight forward, never sideways or backward",
    "Y": "the yellow stone moves 1 or 2 squares diagonally forward in a straight line, never "
         "sideways or backward",
    "K": "the black stone moves 1 square diagonally, forward or backward",
    "W": "the white stone moves 1 square in any direction",
}


def movement_rule(letter: str) -> str:
    """How the stone ``letter`` moves, in players' words (ruling 3)."""
    return _MOVEMENT[letter]


def _camp_words(geo: Geometry, side: int) -> str:
    return f"rank {camp_rank(side, geo.ranks) + 1}"


def _lay_reason(position: Position, move: Move, end: int) -> str | None:
    geo = position.geometry
    side = position.turn
    hand = position.hands[side]
    letter = move.piece
    word = KIND_WORDS[letter]
    here = geo.names[end]
    where = None
    if letter not in hand:
        sym = symbol_of(letter, side)
        where = next((geo.names[sq] for sq, c in enumerate(position.cells) if c == sym), None)
    if letter == BLOCKADE:
        if first_action(position, side):
            return (f"your first action must be laying one of your stones in your camp "
                    f"({_camp_words(geo, side)}); the blockade may be laid later")
        if letter not in hand:
            if where is not None:
                return f"your blockade is already on {where}: it is laid once and never moves"
            return "your blockade was knocked out: each player lays a blockade once a game"
    else:
        if letter not in hand:
            if where is not None:
                return f"your {word} stone is already on the board, on {where}"
            return (f"your {word} stone was knocked out: a knocked-out stone is out of the game "
                    "for good")
        mine = stones_on_board(position, side)
        if len(mine) >= MAX_STONES_IN_PLAY:
            squares = ", ".join(geo.names[sq] for sq, _ in mine)
            return (f"you already have {len(mine)} stones on the board ({squares}): at most "
                    f"{MAX_STONES_IN_PLAY} of your stones may be in play at once")
        if end not in geo.camps[side]:
            return (f"{here} is not in your camp: a stone is laid on a free square of your own "
                    f"camp ({_camp_words(geo, side)})")
    content = position.cells[end]
    if content != EMPTY:
        return f"{here} is not free: it holds {describe(content, side)}"
    return None


def _start_reason(position: Position, move: Move, start: int) -> str | None:
    geo = position.geometry
    side = position.turn
    content = position.cells[start]
    here = geo.names[start]
    if move.piece == BLOCKADE:
        return "a blockade never moves once it is laid"
    if content == EMPTY:
        return f"there is no stone on {here}"
    if content.upper() == BLOCKADE:
        return f"{here} holds {describe(content, side)}, which never moves"
    if owner(content) != side:
        return (f"{here} holds {describe(content)}, and it is {SIDE_NAMES[side].capitalize()}'s "
                "turn")
    if content.upper() != move.piece:
        return (f"{here} holds your {KIND_WORDS[content.upper()]} stone, not your "
                f"{KIND_WORDS[move.piece]} stone")
    return None


def _path_reason(position: Position, start: int, end: int) -> str | None:
    """Why the stone on ``start`` cannot go to ``end`` by its movement (ruling 3), else ``None``."""
    geo = position.geometry
    content = position.cells[start]
    route = next(((e, m) for e, m in geo.steps[content][start] if e == end), None)
    a, b = geo.names[start], geo.names[end]
    if route is None:
        return f"{a} to {b} is not a move of your {KIND_WORDS[content.upper()]} stone: " \
            f"{_MOVEMENT[content.upper()]}"
    middle = route[1]
    if middle >= 0 and position.cells[middle] != EMPTY:
        return (f"{geo.names[middle]}, between {a} and {b}, holds "
                f"{describe(position.cells[middle], position.turn)}: a stone never jumps over a "
                "stone or a blockade")
    return None


def _knock_reason(position: Position, start: int, end: int) -> str | None:
    """Why the stone on ``start`` cannot knock out what stands on ``end`` (ruling 6), else ``None``."""
    geo = position.geometry
    side = position.turn
    target = position.cells[end]
    here = geo.names[end]
    if target.upper() != BLOCKADE:
        if owner(target) == side:
            return (f"{here} holds your own {KIND_WORDS[target.upper()]} stone: a player never "
                    "knocks out their own stone")
        if end in geo.camps[side]:
            return (f"a stone in its opponent's camp cannot be knocked out: {describe(target)} on "
                    f"{here} stands in your camp")
    if end not in geo.reach[position.cells[start]][start]:
        return (f"a knock-out is a one-step move onto a square you threaten, and {geo.names[start]} "
                f"to {here} is two steps")
    count = len(threateners(position, side, end))
    if count < 2:
        return (f"only one of your stones threatens {here}: a knock-out needs two of your stones "
                "that could each step onto it")
    return None


def check_move(position: Position, move: Move) -> str | None:
    """``None`` if ``move`` is a legal action in ``position``; otherwise why not, in players' words.

    A game that is over refuses every action ("the game is already over"). An action that keeps
    the rules proves the side to move has one, so "no legal action" is only looked for when the
    action is refused.
    """
    if camp_winner(position) is not None:
        return _OVER
    if _plain_move(position, move):
        return None
    reason = _reason(position, move)
    if reason is not None and not has_legal_move(position):
        return _OVER
    return reason


_OVER: Final = "the game is already over"


def _plain_lay(position: Position, move: Move) -> bool:
    """Whether ``move`` legally lays a piece from the hand (checked on the few facts it needs)."""
    piece = move.piece
    hand = position.hands[position.turn]
    geo = position.geometry
    end = geo.index.get(move.end)
    if piece not in hand or end is None or position.cells[end] != EMPTY:
        return False
    if piece == BLOCKADE:
        return not hand.startswith(STONES)  # ruling 1: a stone first
    cells = position.cells
    mine = STONES if position.turn == SOUTH else _NORTH_STONES
    return end in geo.camp_sets[position.turn] and \
        cells.count(mine[0]) + cells.count(mine[1]) + cells.count(mine[2]) + \
        cells.count(mine[3]) < MAX_STONES_IN_PLAY


def _plain_move(position: Position, move: Move) -> bool:
    """Whether ``move`` is a legal lay, or a legal move of a stone onto a free square (the common
    actions, checked with precomputed tables); anything else goes to :func:`_reason`."""
    if move.start is None:
        return _plain_lay(position, move)
    if move.knock:
        return False
    geo = position.geometry
    index = geo.index
    start, end = index.get(move.start), index.get(move.end)
    if start is None or end is None:
        return False
    cells = position.cells
    symbol = cells[start]
    if symbol != (move.piece if position.turn == SOUTH else _LOWER.get(move.piece)) or \
            cells[end] != EMPTY:
        return False
    routes = geo.routes.get(symbol)  # None for a blockade
    middle = None if routes is None else routes[start].get(end)
    return middle is not None and (middle < 0 or cells[middle] == EMPTY)


_LOWER: Final = {p: p.lower() for p in STONES}
_NORTH_STONES: Final = STONES.lower()


def _reason(position: Position, move: Move) -> str | None:
    geo = position.geometry
    if move.piece not in PIECES:
        return (f"{move.piece!r} is not a Batu Khan piece: B blue, Y yellow, K black, W white "
                "stone, X blockade")
    end = geo.find(move.end)
    if end is None:
        return f"{move.end} is not a square of {geo.where()}"
    if move.start is None:
        return _lay_reason(position, move, end)
    start = geo.find(move.start)
    if start is None:
        return f"{move.start} is not a square of {geo.where()}"
    reason = _start_reason(position, move, start)
    if reason is not None:
        return reason
    if start == end:
        return "a stone must move to another square"
    reason = _path_reason(position, start, end)
    if reason is not None:
        return reason
    side = position.turn
    target = position.cells[end]
    if target == EMPTY:
        if move.knock:
            return (f"{geo.names[end]} is free: there is nothing to knock out there (write "
                    f"{move_text(Move(move.piece, move.start, move.end))})")
        return None
    if not move.knock and owner(target) == side and target.upper() != BLOCKADE:
        return f"{geo.names[end]} holds {describe(target, side)}: a stone moves only onto a free square"
    reason = _knock_reason(position, start, end)
    if reason is not None:
        if not move.knock:
            return (f"{geo.names[end]} holds {describe(target, side)}: a stone moves only onto a "
                    f"free square; {reason}")
        return reason
    if not move.knock:
        return (f"{geo.names[end]} holds {describe(target, side)}: a stone moves only onto a free "
                f"square, or knocks out what it moves onto (write "
                f"{move_text(Move(move.piece, move.start, move.end, True))})")
    return None


def move_or_raise(position: Position, move: Move) -> Move:
    """``move`` if legal, else :class:`IllegalMoveError` with the reason."""
    reason = check_move(position, move)
    if reason is not None:
        raise IllegalMoveError(reason)
    return move

