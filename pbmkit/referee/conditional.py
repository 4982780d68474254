"""Conditional moves: "if they play this, I play that" (``queue N MOVE...``, docs/referee.md).

A queue is a player's list ``[their move, my reply, their move, my reply, ...]``, given while the
opponent is to move. When the opponent's move is the head of the queue, the reply is played at once
for the player (checked like any move) and the queue keeps its rest; when the opponent plays
anything else, the whole queue is dropped. Moves are compared as the game reads them in the
position (``IR to HS`` and ``ir-hs`` alike, where the notation reads both), not as text.

This module is the logic alone, on positions and move texts; the referee stores the queue and
applies the reply through the move path every move takes.

Decisions: a queue is for games of two places (with more, "their move" would be the moves of
several players); it is checked whole when it is given, every move legal in turn from the
position in front of the opponent, so a queue that could never be played is refused at once;
its length is bounded (:data:`MAX_MOVES`); a new queue replaces the old one, an empty one
(``queue N`` alone) cancels it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pbmkit.games import AnyGame
from pbmkit.games.base import PbmkitError
from pbmkit.referee.errors import RefereeError

__all__ = ["MAX_MOVES", "QueueRefused", "Reply", "answer", "read_queue", "split_moves"]

MAX_MOVES = 40
"""The longest queue: 20 pairs of their move and my reply."""


class QueueRefused(RefereeError):
    """A queue that cannot be kept; the message says why in players' words."""


@dataclass(frozen=True)
class Reply:
    """What the queue does about the opponent's move: the reply to play (None: the queue did not
    foresee the move, or ran out) and the queue that is left."""

    move: str | None
    rest: tuple[str, ...]


def split_moves(game: AnyGame, text: str) -> list[str]:
    """The moves written in ``text``, split by the game's notation; ``;`` or ``,`` also separate
    moves. Announcements (Batalo's ``averto``) are left out: the referee writes them itself."""
    out: list[str] = []
    for part in text.replace(",", ";").split(";"):
        out.extend(part[span.start:span.end].strip() for span in game.notation.split(part))
    return [m for m in out if m]


def _read(game: AnyGame, position: Any, text: str, whose: str) -> Any:
    from pbmkit.games import MoveError

    try:
        move = game.notation.read(text, position)
    except MoveError as exc:
        raise QueueRefused(f"{whose} {text}: {exc}") from None
    why = game.check_move(position, move)
    if why is not None:
        raise QueueRefused(f"{whose} {text}: {why}")
    return move


def read_queue(game: AnyGame, position: Any, places: Sequence[str], side: str,
               text: str) -> tuple[str, ...]:
    """The queue of ``side`` written in ``text``, checked from ``position`` (the opponent to
    move), as the game writes the moves; :class:`QueueRefused` with the first problem."""
    if len(places) != 2:
        raise QueueRefused(f"conditional moves are for games of two players; this game has "
                           f"{len(places)} places in its turn order")
    moves = split_moves(game, text)
    if len(moves) > MAX_MOVES:
        raise QueueRefused(f"a queue holds at most {MAX_MOVES} moves ({MAX_MOVES // 2} pairs of "
                           f"their move and your reply), not {len(moves)}")
    if len(moves) % 2:
        raise QueueRefused(f"a queue is pairs of their move and your reply; {moves[-1]} has no "
                           "reply")
    if game.outcome(position) is not None:
        raise QueueRefused("the game is over")
    if game.side_to_move(position) == side:
        raise QueueRefused("it is your turn: play your move; queue replies while your "
                           "opponent is to move")
    out: list[str] = []
    for k, text_k in enumerate(moves):
        if game.outcome(position) is not None:
            raise QueueRefused(f"the game is over before {text_k} (move {k + 1} of the queue)")
        whose = "their move" if k % 2 == 0 else "your reply"
        move = _read(game, position, text_k, f"{whose} {k // 2 + 1},")
        out.append(game.notation.format(move, position))
        position = game.apply(position, move)
    return tuple(out)


def answer(game: AnyGame, position: Any, played: Any, queue: Sequence[str]) -> Reply:
    """What ``queue`` answers the opponent's move ``played`` (read in ``position``, before it):
    the reply when the head is that move, with the rest; else nothing, and the queue dropped.
    The reply is only proposed: the caller plays it as any move (and drops the queue if the
    move path refuses it)."""
    if len(queue) < 2:
        return Reply(None, ())
    try:
        head = game.notation.read(queue[0], position)
    except PbmkitError:
        return Reply(None, ())
    if head != played:
        return Reply(None, ())
    return Reply(queue[1], tuple(queue[2:]))
