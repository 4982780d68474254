"""Playing a game: ``move N MOVE`` (and a reply in a game's thread), ``resign N``, ``draw
offer|accept|decline N``, ``queue N MOVE...`` (conditional moves), and :func:`play_for`, the path
every move takes (docs/referee.md, "Commands" and "Conditional moves").

:func:`play_for` calls its two hooks itself, whatever module plays the move: the leave of the side
to move (:func:`pbmkit.referee.commands.leave.leave_days`, written on the move as
``[%ccleave N]``) and, after the move, the opponent's conditional reply
(:func:`conditional_replies`). Resignations and draws are the desk's own edits
(:mod:`pbmkit.desk.actions`); conditional moves the logic of
:mod:`pbmkit.referee.conditional`.
"""

from __future__ import annotations

import datetime
import json
from typing import TYPE_CHECKING

from pbmkit.games.base import place_title
from pbmkit.mail.compose import move_label
from pbmkit.records.replay import GameReplay
from pbmkit.referee import queries
from pbmkit.referee.commands.leave import leave_days
from pbmkit.referee.context import Command, Context, Refusal, turn_lines
from pbmkit.referee.queries import GameRow
from pbmkit.referee.security import numbered_for_turn, prove_game

if TYPE_CHECKING:
    from pbmkit.desk.actions import Action
    from pbmkit.desk.moving import Played

__all__ = ["COMMANDS", "MAX_CHAIN", "conditional_replies", "latest_date", "play_for"]

MAX_CHAIN = 100
"""The most conditional replies one move may set off (both players' queues answering)."""


def _move(ctx: Context) -> None:
    ctx.require_player()
    number, words = ctx.named_game()
    row = ctx.game(number)
    if row.state != "running":
        raise Refusal(f"game {number} is over; no more moves")
    rep = ctx.replay(number)
    game = rep.game
    assert game is not None
    side = rep.next_turn()[1]
    label = rep.next_label()
    proven = prove_game(ctx, number)
    if side not in proven:
        raise Refusal(f"game {number}: it is {place_title(side)}'s move, not yours "
                      f"({', '.join(place_title(s) for s in proven)})")
    text = numbered_for_turn(number, " ".join(words).strip(), label, side)
    if not text:
        raise Refusal(f"game {number}: no move given (write 'Move: {label}. "
                      f"{game.notation.example}')")
    play_for(ctx, number, rep, text)


def latest_date(rep: GameReplay) -> datetime.date | None:
    """The latest date a game's record holds (its Date tag, a move's sent or received date)."""
    from pbmkit.desk.dates import replay_clock

    clock = replay_clock(rep)
    if clock is None:
        return None
    days = [d for m in clock.moves for d in (m.notes.sent, m.notes.received, m.notes.arrived)
            if d is not None]
    if clock.start is not None:
        days.append(clock.start)
    return max(days, default=None)


def _received(rep: GameReplay) -> datetime.date | None:
    """The day the player to move received the move they answer: the referee mailed it the day
    it was played (its sent date); None for a game's first move."""
    from pbmkit.desk.dates import replay_clock

    clock = replay_clock(rep)
    if clock is None or not clock.moves:
        return None
    return clock.moves[-1].notes.sent


def play_for(ctx: Context, number: int, rep: GameReplay, text: str, *, via: str = "",
             answer: bool = True) -> Played:
    """Play ``text`` for the side to move of game ``number`` (whose right to move the caller
    has checked), with the leave of that side's player (:func:`leave_days`) written on it, stage
    the record and mail every player; ``via`` opens the mail's lines (how the move came, e.g. a
    conditional move); ``answer``: then play the opponents' conditional replies
    (:func:`conditional_replies`). :class:`Refusal` for an illegal move."""
    from pbmkit.desk.dates import annotation_text
    from pbmkit.desk.moving import AppendRefused, MoveRefused, play_move

    row = ctx.game(number)
    game = rep.game
    assert game is not None
    side = rep.next_turn()[1]
    sent = ctx.today
    last = latest_date(rep)
    if last is not None and sent < last:  # the machine's clock set back: never a date before
        ctx.notes.append(f"game {number}: the machine's clock says {sent}, before the "
                         f"record's last date {last}: {last} written")
        sent = last
    received = _received(rep)
    try:
        played = play_move(ctx.record_text(number), row.record, rep, text,
                           note=lambda: annotation_text(
                               received=received, sent=sent,
                               leave=leave_days(ctx, number, side, rep)),
                           listing="")  # the players have no command listing moves
    except MoveRefused as exc:
        raise Refusal(*(f"game {number}: {line}" if k == 0 else line
                        for k, line in enumerate(exc.lines)),
                      "Nothing was changed.") from None
    except AppendRefused as exc:
        raise Refusal(f"game {number}: {exc}") from None
    ctx.set_record(number, played.text, over=played.outcome is not None, replay=played.replay)
    new = ctx.replay(number)
    said = "".join(f" {a.word}" for a in played.said)
    done = f"{move_label(new, new.main[-1])} {place_title(played.side)} {played.written}{said}"
    first = [via] if via else []
    if played.outcome is not None:
        from pbmkit.games.base import describe_outcome

        result = describe_outcome(game, played.outcome)
        status = f"game over, {result}"

        def intro(side_: str, name: str) -> list[str]:
            return [*first, f"Game {number}: {done}.", f"The game is over: {result}."]
    else:
        to_move = new.next_turn()[1]
        status = f"{place_title(to_move)} to move"

        def intro(side_: str, name: str) -> list[str]:
            notes = [f"Warning: {a.word}! This move {a.detail}." for a in played.said]
            return [*first, f"Game {number}: {done}.", *notes]

    ctx.mail_players(number, intro, status, None if played.outcome is not None else (
        lambda side_: turn_lines(ctx, number, side_, new.next_turn()[1], new)))
    if answer:
        conditional_replies(ctx, number, played)
    return played


# --- resign and draws ---------------------------------------------------------------------------


def _place_of(rep: GameReplay, side: str) -> str:
    """The place in the turn order of a side (a place of two factions holds both)."""
    assert rep.game is not None
    for place in rep.order or rep.game.order:
        if side == place or side in place.split("+"):
            return place
    return side


def _running(ctx: Context, number: int) -> GameRow:
    row = ctx.game(number)
    if row.state != "running":
        raise Refusal(f"game {number} is over")
    return row


def _event(ctx: Context, action: Action, mover: bool, said: str) -> None:
    """Apply a desk event for the sender's side of the game the command names; ``mover``: the
    side that acts is the one who moved last (a draw offer), else the one to move; ``said``: the
    event in the mail's subject ("draw offered"), so that it is not the move's subject again."""
    from pbmkit.desk.actions import EventRefused, check_editable, verify

    ctx.require_player()
    number, _ = ctx.named_game()
    row = _running(ctx, number)
    rep = ctx.replay(number)
    places = [_place_of(rep, s) for s in prove_game(ctx, number)]
    acting = (str(rep.main[-1].side) if mover and rep.main else rep.next_turn()[1])
    place = acting if acting in places else places[0]
    text = ctx.record_text(number)
    try:
        check_editable(rep)
        edit = action(text, rep, place)
        after = verify(edit.text, row.record)
    except EventRefused as exc:
        raise Refusal(f"game {number}: {exc}") from None
    over = after.winner is not None
    ctx.set_record(number, edit.text, over=over)
    if over:
        queries.drop_queues(ctx.db, number)
    to_move = after.next_turn()[1]
    status = f"{said}, game over" if over else f"{said}, {place_title(to_move)} to move"

    def intro(side: str, name: str) -> list[str]:
        return [f"Game {number}: {edit.message}"]

    def turn(side: str) -> list[str]:
        return turn_lines(ctx, number, side, to_move, after)

    ctx.mail_players(number, intro, status, None if over else turn)


def _resign(ctx: Context) -> None:
    from pbmkit.desk.actions import resign

    _event(ctx, resign, mover=False, said="resigned")


def _draw(ctx: Context) -> None:
    from pbmkit.desk.actions import accept_draw, decline_draw, offer_draw

    actions = {"offer": offer_draw, "accept": accept_draw, "decline": decline_draw}
    what = ctx.args[0].lower() if ctx.args else ""
    if what not in actions:
        raise Refusal("write 'draw offer N', 'draw accept N' or 'draw decline N', N the game's "
                      "number")
    ctx.args = ctx.args[1:]
    said = {"offer": "draw offered", "accept": "draw accepted", "decline": "draw declined"}
    _event(ctx, actions[what], mover=what == "offer", said=said[what])


# --- conditional moves --------------------------------------------------------------------------


def _queue(ctx: Context) -> None:
    from pbmkit.referee.conditional import QueueRefused, read_queue

    ctx.require_player()
    number, words = ctx.named_game()
    _running(ctx, number)
    rep = ctx.replay(number)
    assert rep.game is not None
    proven = prove_game(ctx, number)
    side = _place_of(rep, proven[0])
    if not words:
        gone = queries.drop_queue(ctx.db, number, side)
        ctx.reply(f"Game {number}: conditional moves",
                  "Your conditional moves are cancelled.\n" if gone
                  else "You had no conditional moves in this game.\n")
        return
    places = tuple(rep.order or rep.game.order)
    try:
        moves = read_queue(rep.game, rep.final, places, side, " ".join(words))
    except QueueRefused as exc:
        raise Refusal(f"game {number}: {exc}") from None
    queries.set_queue(ctx.db, number, side, json.dumps(moves), ctx.now.isoformat(timespec="seconds"))
    pairs = [f"  if {moves[k]}, then {moves[k + 1]}" for k in range(0, len(moves), 2)]
    ctx.reply(f"Game {number}: conditional moves",
              "Kept, in order (each reply is played the moment its move comes; any other move "
              "drops the rest):\n" + "\n".join(pairs) + "\n")


def conditional_replies(ctx: Context, number: int, played: Played) -> None:
    """A move was applied in game ``number``: play the opponent's queued reply if the move is
    the head of their queue, else drop their queue; and so on while replies answer replies (at
    most :data:`MAX_CHAIN`)."""
    from pbmkit.referee.conditional import answer

    for _ in range(MAX_CHAIN):
        if not queries.any_queue(ctx.db, number):
            return  # no queue in this game: nothing to replay
        rep = ctx.replay(number)
        if rep.game is None or rep.winner is not None:
            queries.drop_queues(ctx.db, number)
            return
        to_move = rep.next_turn()[1]
        moves = queries.queue_of(ctx.db, number, to_move)
        if moves is None:
            return
        reply = answer(rep.game, played.position, played.move, json.loads(moves))
        if reply.move is None:
            queries.drop_queue(ctx.db, number, to_move)
            return
        if reply.rest:
            queries.update_queue(ctx.db, number, to_move, json.dumps(reply.rest))
        else:
            queries.drop_queue(ctx.db, number, to_move)
        name = {r.side: r.name for r in ctx.seats(number)}.get(to_move, place_title(to_move))
        try:
            played = play_for(ctx, number, rep, reply.move, answer=False,
                              via=f"{name}'s conditional move answers at once.")
        except Refusal:
            queries.drop_queue(ctx.db, number, to_move)
            return


COMMANDS = (
    Command("move", "move N MOVE", "play MOVE in game N (or reply in the game's thread with a "
            "line 'Move: MOVE')", _move),
    Command("resign", "resign N", "give up game N (at any time)", _resign),
    Command("draw", "draw offer|accept|decline N", "offer a draw after your move in game N, or "
            "answer the one on offer (with several players each accepts on their turn)", _draw),
    Command("queue", "queue N MOVE...", "conditional moves in game N: their move, your reply, "
            "their move, your reply...; 'queue N' alone cancels yours", _queue),
)
"""The commands of this module, for the registry."""
