"""The referee's commands beyond the core (docs/referee.md, "Commands"): conditional moves,
resignations and draws, the lists (games, history, standings, ratings) and vacations.

Registered in the core's registry (:func:`pbmkit.referee.commands.command`); each runs in the
message's transaction, so a refusal (:class:`~pbmkit.referee.commands.Refusal`) leaves the records
and the database as they were. Resignations and draws are the desk's own edits
(:mod:`pbmkit.notation.desk_actions`), conditional moves the logic of
:mod:`pbmkit.referee.conditional`, vacations and their allowance :mod:`pbmkit.referee.clock`.
"""

from __future__ import annotations

import datetime
import json
import re
import sqlite3
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pbmkit.referee.clock import Vacation, leave_days, vacation_refusal, year_days
from pbmkit.referee.commands import (
    AFTER_MOVE,
    LEAVE,
    Context,
    Refusal,
    _game_number,
    _player_by,
    _turn_lines,
    command,
    place_title,
    play_for,
)

if TYPE_CHECKING:
    from pbmkit.notation.desk_actions import Action
    from pbmkit.notation.replay import GameReplay

__all__ = ["MAX_LISTED", "club_results", "order_of", "result_of", "vacations_of"]

MAX_LISTED = 100
"""The most games a ``games`` reply lists (the running ones first)."""
MAX_CHAIN = 100
"""The most conditional replies one move may set off (both players' queues answering)."""


def _place_of(rep: GameReplay, side: str) -> str:
    """The place in the turn order of a side (a place of two factions holds both)."""
    assert rep.game is not None
    for place in rep.order or rep.game.order:
        if side == place or side in place.split("+"):
            return place
    return side


def _running(ctx: Context, number: int) -> sqlite3.Row:
    row = ctx.game(number)
    if row["state"] != "running":
        raise Refusal(f"game {number} is over")
    return row


def _proven(ctx: Context, number: int) -> list[str]:
    """The sides of game ``number`` the message proves its sender plays (the core's
    :meth:`~pbmkit.referee.commands.Context.prove`: key, address, authentication), or a
    refusal that says how to prove it (as a move's)."""
    return ctx.prove(number)


CHOOSING = ("Board", "Layout", "Order", "First")


def order_of(rules: str, record: Any) -> tuple[str, ...]:
    """The places of a record's game in turn order, as its tags configure the game."""
    from pbmkit.games import get_game

    game = get_game(rules)
    return tuple(game.configure({k: v for k, v in record.tags.items() if k in CHOOSING}).order)


def _names(ctx: Context, number: int) -> dict[str, str]:
    return {str(r["side"]): str(r["name"]) for r in ctx.seats(number)}


# --- resign and draws ---------------------------------------------------------------------------


def _event(ctx: Context, action: Action, mover: bool, said: str) -> None:
    """Apply a desk event for the sender's side of the game the command names; ``mover``: the
    side that acts is the one who moved last (a draw offer), else the one to move; ``said``: the
    event in the mail's subject ("draw offered"), so that it is not the move's subject again."""
    from pbmkit.notation.desk_actions import EventRefused, check_editable, verify

    ctx.require_player()
    number, _ = _game_number(ctx)
    row = _running(ctx, number)
    rep = ctx.replay(number)
    places = [_place_of(rep, s) for s in _proven(ctx, number)]
    acting = (str(rep.main[-1].side) if mover and rep.main else rep.next_turn()[1])
    place = acting if acting in places else places[0]
    text = ctx.record_text(number)
    try:
        check_editable(rep)
        edit = action(text, rep, place)
        after = verify(edit.text, str(row["record"]))
    except EventRefused as exc:
        raise Refusal(f"game {number}: {exc}") from None
    over = after.winner is not None
    ctx.set_record(number, edit.text, over=over)
    if over:
        ctx.db.execute("DELETE FROM queues WHERE game = ?", (number,))
    to_move = after.next_turn()[1]
    status = f"{said}, game over" if over else f"{said}, {place_title(to_move)} to move"

    def intro(side: str, name: str) -> list[str]:
        lines = [f"Game {number}: {edit.message}"]
        if not over:
            lines += _turn_lines(ctx, number, side, to_move, after)
        return lines

    ctx.mail_players(number, intro, status)


@command("resign", "resign N", "give up game N (at any time)")
def _resign(ctx: Context) -> None:
    from pbmkit.notation.desk_actions import resign

    _event(ctx, resign, mover=False, said="resigned")


@command("draw", "draw offer|accept|decline N", "offer a draw after your move in game N, or "
         "answer the one on offer (with several players each accepts on their turn)")
def _draw(ctx: Context) -> None:
    from pbmkit.notation.desk_actions import accept_draw, decline_draw, offer_draw

    actions = {"offer": offer_draw, "accept": accept_draw, "decline": decline_draw}
    what = ctx.args[0].lower() if ctx.args else ""
    if what not in actions:
        raise Refusal("write 'draw offer N', 'draw accept N' or 'draw decline N', N the game's "
                      "number")
    ctx.args = ctx.args[1:]
    said = {"offer": "draw offered", "accept": "draw accepted", "decline": "draw declined"}
    _event(ctx, actions[what], mover=what == "offer", said=said[what])


# --- conditional moves --------------------------------------------------------------------------


@command("queue", "queue N MOVE...", "conditional moves in game N: their move, your reply, their "
         "move, your reply...; 'queue N' alone cancels yours")
def _queue(ctx: Context) -> None:
    from pbmkit.referee.conditional import QueueRefused, read_queue

    ctx.require_player()
    number, words = _game_number(ctx)
    _running(ctx, number)
    rep = ctx.replay(number)
    assert rep.game is not None
    proven = _proven(ctx, number)
    side = _place_of(rep, proven[0])
    if not words:
        gone = ctx.db.execute("DELETE FROM queues WHERE game = ? AND side = ?",
                              (number, side)).rowcount
        ctx.reply(f"Game {number}: conditional moves",
                  "Your conditional moves are cancelled.\n" if gone
                  else "You had no conditional moves in this game.\n")
        return
    places = tuple(rep.order or rep.game.order)
    try:
        moves = read_queue(rep.game, rep.final, places, side, " ".join(words))
    except QueueRefused as exc:
        raise Refusal(f"game {number}: {exc}") from None
    ctx.db.execute("INSERT OR REPLACE INTO queues (game, side, moves, made) VALUES (?, ?, ?, ?)",
                   (number, side, json.dumps(moves), ctx.now.isoformat(timespec="seconds")))
    pairs = [f"  if {moves[k]}, then {moves[k + 1]}" for k in range(0, len(moves), 2)]
    ctx.reply(f"Game {number}: conditional moves",
              "Kept, in order (each reply is played the moment its move comes; any other move "
              "drops the rest):\n" + "\n".join(pairs) + "\n")


def _after_move(ctx: Context, number: int, played: Any) -> None:
    """A move was applied in game ``number``: play the opponent's queued reply if the move is
    the head of their queue, else drop their queue."""
    from pbmkit.referee.conditional import answer

    for _ in range(MAX_CHAIN):
        if ctx.db.execute("SELECT 1 FROM queues WHERE game = ? LIMIT 1", (number,)).fetchone() \
                is None:
            return  # no queue in this game: nothing to replay
        rep = ctx.replay(number)
        if rep.game is None or rep.winner is not None:
            ctx.db.execute("DELETE FROM queues WHERE game = ?", (number,))
            return
        to_move = rep.next_turn()[1]
        row = ctx.db.execute("SELECT moves FROM queues WHERE game = ? AND side = ?",
                             (number, to_move)).fetchone()
        if row is None:
            return
        reply = answer(rep.game, played.position, played.move, json.loads(row["moves"]))
        if reply.move is None:
            ctx.db.execute("DELETE FROM queues WHERE game = ? AND side = ?", (number, to_move))
            return
        if reply.rest:
            ctx.db.execute("UPDATE queues SET moves = ? WHERE game = ? AND side = ?",
                           (json.dumps(reply.rest), number, to_move))
        else:
            ctx.db.execute("DELETE FROM queues WHERE game = ? AND side = ?", (number, to_move))
        name = _names(ctx, number).get(to_move, place_title(to_move))
        try:
            played = play_for(ctx, number, rep, reply.move, hooks=False,
                              via=f"{name}'s conditional move answers at once.")
        except Refusal:
            ctx.db.execute("DELETE FROM queues WHERE game = ? AND side = ?", (number, to_move))
            return
        if played is None:
            return


AFTER_MOVE.append(_after_move)


# --- vacations ----------------------------------------------------------------------------------


def vacations_of(db: sqlite3.Connection, player: int) -> list[Vacation]:
    """A player's vacations, oldest first."""
    return [Vacation(datetime.date.fromisoformat(r["start"]), datetime.date.fromisoformat(r["end"]))
            for r in db.execute("SELECT start, end FROM vacations WHERE player = ? ORDER BY start",
                                (player,))]


def _leave(ctx: Context, number: int, side: str, rep: GameReplay) -> int:
    """The vacation days of the player of ``side`` since the clock of this move started."""
    from pbmkit.notation.desk import replay_clock

    seat = next((r for r in ctx.seats(number) if r["side"] == side
                 or str(r["side"]) in side.split("+")), None)
    if seat is None:
        return 0
    clock = replay_clock(rep)
    if clock is None:
        return 0
    since = clock.last_sent
    if clock.moves and clock.moves[-1].notes.arrived is not None:
        since = clock.moves[-1].notes.arrived
    return leave_days(vacations_of(ctx.db, int(seat["player"])), since, ctx.today)


LEAVE.append(_leave)


@command("vacation", "vacation DAYS", "stop your clocks for DAYS days from today (a yearly "
         "allowance); 'vacation 0' ends the one you are on")
def _vacation(ctx: Context) -> None:
    me = ctx.prove_player()
    if len(ctx.args) != 1 or not re.fullmatch(r"[0-9]{1,3}", ctx.args[0]):
        raise Refusal("write 'vacation DAYS', DAYS a number of days from today (0 ends your "
                      "vacation)")
    days = int(ctx.args[0])
    today = ctx.today
    taken = vacations_of(ctx.db, int(me["id"]))
    allowance = ctx.club.vacation_days
    if days == 0:
        ended = ctx.db.execute("UPDATE vacations SET end = ? WHERE player = ? AND start <= ? "
                               "AND end > ?", (today.isoformat(), me["id"], today.isoformat(),
                                               today.isoformat())).rowcount
        ctx.db.execute("DELETE FROM vacations WHERE player = ? AND start >= end", (me["id"],))
        if not ended:
            raise Refusal("you are not on vacation")
        left = allowance - year_days(vacations_of(ctx.db, int(me["id"])), today.year)
        ctx.reply("Vacation ended", f"Welcome back: your clocks run again from today. You have "
                                    f"{left} vacation days left in {today.year}.\n")
        return
    why = vacation_refusal(taken, today, days, allowance)
    if why is not None:
        raise Refusal(why)
    end = today + datetime.timedelta(days=days)
    ctx.db.execute("INSERT INTO vacations (player, start, end) VALUES (?, ?, ?)",
                   (me["id"], today.isoformat(), end.isoformat()))
    ctx.db.execute("UPDATE players SET vacation_until = ? WHERE id = ?",
                   (end.isoformat(), me["id"]))
    now_taken = vacations_of(ctx.db, int(me["id"]))
    years = range(today.year, (end - datetime.timedelta(days=1)).year + 1)
    counts = "; ".join(
        f"{year_days([Vacation(today, end)], y)} of them count in {y}, which leaves you "
        f"{allowance - year_days(now_taken, y)} of its {allowance}" for y in years)
    ctx.reply(f"Vacation until {end.isoformat()}",
              f"Your clocks stop from {today.isoformat()} to {end.isoformat()} ({days} days): "
              "the days count as leave on your next move of each game, and no reminder comes "
              f"meanwhile. The club allows {allowance} vacation days a calendar year: {counts}. "
              "'vacation 0' ends it early.\n")


# --- lists --------------------------------------------------------------------------------------


@command("games", "games [PLAYER]", "your games (or PLAYER's): running first, whose turn, results")
def _games(ctx: Context) -> None:
    from pbmkit.games import get_game
    from pbmkit.notation import parse_records
    from pbmkit.notation.desk import next_turn

    me = ctx.require_player()
    who = _player_by(ctx, ctx.args[0]) if ctx.args else me
    rows = ctx.db.execute(
        "SELECT g.number, g.rules, g.text, g.state, g.turn_since, gp.side FROM games g "
        "JOIN game_players gp ON gp.game = g.number WHERE gp.player = ? "
        "ORDER BY g.state = 'over', g.number DESC", (who["id"],)).fetchall()
    lines = [f"Games of {who['name']} in {ctx.club.name}: "
             f"{sum(1 for r in rows if r['state'] == 'running')} running, "
             f"{sum(1 for r in rows if r['state'] != 'running')} finished.", ""]
    for r in rows[:MAX_LISTED]:
        number = int(r["number"])
        names = _names(ctx, number)
        others = ", ".join(f"{n} ({place_title(s)})" for s, n in names.items()
                           if n != who["name"])
        (record,), _ = parse_records(str(r["text"]), str(number), check_moves=False)
        order = order_of(str(r["rules"]), record)
        label, to_move = next_turn(record, order)
        title = get_game(str(r["rules"])).title
        result = result_of(record, order, to_move) if r["state"] != "running" else None
        if r["state"] == "running":
            state = f"{place_title(to_move)} to play {label}, since {str(r['turn_since'])[:10]}"
        else:
            state = "drawn" if result == "draw" else \
                f"{place_title(result or '?')} won" if result else "over"
        lines.append(f"  #{number} {title}: {who['name']} ({place_title(str(r['side']))}) "
                     f"v {others}; {state}")
    if len(rows) > MAX_LISTED:
        lines.append(f"  ... and {len(rows) - MAX_LISTED} more")
    ctx.reply(f"Games of {who['name']}", "\n".join(lines) + "\n")


@command("history", "history N", "the whole record of game N: every move with its date")
def _history(ctx: Context) -> None:
    ctx.require_player()
    number, _ = _game_number(ctx)
    ctx.game(number)
    ctx.reply(f"Game {number}: the record",
              f"The record of game {number}, as the referee keeps it (any pbmkit command reads "
              f"it: save it as game-{number}.txt):\n\n{ctx.record_text(number)}")


def _rules(ctx: Context) -> Any:
    from pbmkit.games import get_game

    text = " ".join(ctx.args).strip()
    if not text:
        raise Refusal(f"write '{ctx.name} GAME' (help lists the games)")
    try:
        return get_game(text)
    except (KeyError, ValueError):
        raise Refusal(f"no game called {text[:40]!r} (help lists the games)") from None


def result_of(record: Any, order: Sequence[str], to_move: str) -> str | None:
    """The desk's written result (:func:`pbmkit.notation.desk.written_result`), where a winning
    faction of a place of two (``[Winner "Green"]`` in a ``Blue+Green`` game) is that place:
    the seat, and so the player, that won."""
    from pbmkit.notation.desk import written_result

    result = written_result(record, order, to_move)
    if result is None:
        tag = str(record.tags.get("Winner", "*")).strip().lower()
        result = next((p for p in order if "+" in p and tag in p.split("+")), None)
    return result


def club_results(db: sqlite3.Connection, rules: str) -> list[tuple[list[tuple[str, str]], str | None]]:
    """Every game of ``rules``: its players (side, club name) and its winner (None while
    running), read from the records' endings and Winner tags (no replay)."""
    from pbmkit.notation import parse_records
    from pbmkit.notation.desk import next_turn

    seats: dict[int, list[tuple[str, str]]] = {}
    for r in db.execute("SELECT gp.game, gp.side, p.name FROM game_players gp JOIN players p ON "
                        "p.id = gp.player JOIN games g ON g.number = gp.game WHERE g.rules = ? "
                        "ORDER BY gp.rowid", (rules,)):
        seats.setdefault(int(r["game"]), []).append((str(r["side"]), str(r["name"])))
    out: list[tuple[list[tuple[str, str]], str | None]] = []
    for r in db.execute("SELECT number, text, state FROM games WHERE rules = ? ORDER BY number",
                        (rules,)):
        players = seats.get(int(r["number"]), [])
        if r["state"] == "running":
            out.append((players, None))
            continue
        (record,), _ = parse_records(str(r["text"]), str(r["number"]), check_moves=False)
        order = order_of(rules, record)
        winner = result_of(record, order, next_turn(record, order)[1])
        out.append((players, winner or None))
    return out


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(h), *(len(r[k]) for r in rows)) if rows else len(h)
              for k, h in enumerate(headers)]
    def line(cells: Sequence[str]) -> str:
        return "  ".join(c.ljust(w) if k == 1 else c.rjust(w)
                         for k, (c, w) in enumerate(zip(cells, widths, strict=True))).rstrip()
    return "\n".join([line(headers), *(line(r) for r in rows)])


@command("standings", "standings GAME", "the club's standings in GAME: won, drawn, lost, points")
def _standings(ctx: Context) -> None:
    from pbmkit.referee.site import standings
    from pbmkit.render.club_site import points_text

    ctx.require_player()
    game = _rules(ctx)
    rows = standings(club_results(ctx.db, game.name))
    if not rows:
        ctx.reply(f"Standings: {game.title}", f"No game of {game.title} in {ctx.club.name} yet.\n")
        return
    table = _table(("#", "Player", "Played", "Won", "Drawn", "Lost", "Points", "Running"),
                   [(str(k), r.player, str(r.played), str(r.won), str(r.drawn), str(r.lost),
                     points_text(r.points), str(r.running))
                    for k, r in enumerate(rows[:MAX_LISTED], start=1)])
    ctx.reply(f"Standings: {game.title}",
              f"{ctx.club.name}: {game.title}, finished games (a win 1, a draw shared, a loss 0)."
              f"\n\n{table}\n")


@command("ratings", "ratings GAME", "the club's ratings in GAME")
def _ratings(ctx: Context) -> None:
    from pbmkit.referee.site import club_ratings

    ctx.require_player()
    game = _rules(ctx)
    texts = [str(r["text"]) for r in ctx.db.execute(
        "SELECT text FROM games WHERE rules = ? AND state != 'running' ORDER BY number",
        (game.name,))]
    rows = club_ratings(game.title, texts)
    if not rows:
        ctx.reply(f"Ratings: {game.title}", f"No rated game of {game.title} in "
                                             f"{ctx.club.name} yet.\n")
        return
    groups: dict[str, list[Any]] = {}
    for r in rows:
        groups.setdefault(r.group or game.title, []).append(r)
    parts = []
    for group, members in groups.items():
        table = _table(("#", "Player", "Rating", "Games", "Last change"),
                       [(str(k), r.player, str(round(r.rating)), str(r.games),
                         "" if r.change is None else f"{r.change:+.0f}")
                        for k, r in enumerate(members[:MAX_LISTED], start=1)])
        parts.append(f"{group}:\n\n{table}\n")
    ctx.reply(f"Ratings: {game.title}", f"{ctx.club.name}, the ratings of its finished games "
                                         "(FIDE's Elo for two players, a rating of skill for "
                                         "three or more; forfeits are not rated).\n\n"
                                         + "\n".join(parts))
