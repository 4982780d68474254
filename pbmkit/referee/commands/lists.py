"""What a player may look at, with no key (docs/referee.md, "Commands"): ``show N`` (a game's
board), ``games [PLAYER]``, ``history N`` (a game's record), ``standings GAME``, ``ratings GAME``.
Each answers the From address and changes nothing; how many answers an address gets a day is
:func:`pbmkit.referee.security.unproven_reply`'s to bound."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pbmkit.games.base import place_title
from pbmkit.mail.trust import address_key
from pbmkit.referee import queries
from pbmkit.referee.context import Command, Context, Refusal, turn_lines
from pbmkit.referee.outgoing import board_message
from pbmkit.referee.results import club_results, order_of, result_of

__all__ = ["COMMANDS", "MAX_LISTED"]

MAX_LISTED = 100
"""The most games a ``games`` reply lists (the running ones first)."""


def _show(ctx: Context) -> None:
    ctx.require_player()
    number, _ = ctx.named_game()
    rep = ctx.replay(number)
    me = [r for r in ctx.seats(number) if address_key(r.address) == address_key(ctx.sender)]
    key = ctx.key_of(number, me[0].side) if me else None
    to_move = rep.next_turn()[1]
    status = "game over" if ctx.game(number).state != "running" \
        else f"{place_title(to_move)} to move"
    intro = [f"Game {number}, as it stands."]
    turn = (turn_lines(ctx, number, me[0].side, to_move, rep)
            if me and ctx.game(number).state == "running" else None)
    ply = rep.main[-1] if rep.main else None
    ctx.send(board_message(ctx.club, ctx.sender, key, rep, ply, intro, number=number,
                           status=status, now=ctx.now, in_reply_to=ctx.message.message_id,
                           turn=turn))


def _games(ctx: Context) -> None:
    from pbmkit.desk.dates import next_turn
    from pbmkit.games import game_info
    from pbmkit.records import parse_records

    me = ctx.require_player()
    who = ctx.named_player(ctx.args[0]) if ctx.args else me
    rows = queries.games_of(ctx.db, who.id)
    lines = [f"Games of {who.name} in {ctx.club.name}: "
             f"{sum(1 for r in rows if r.state == 'running')} running, "
             f"{sum(1 for r in rows if r.state != 'running')} finished.", ""]
    for r in rows[:MAX_LISTED]:
        names = {s.side: s.name for s in ctx.seats(r.number)}
        others = ", ".join(f"{n} ({place_title(s)})" for s, n in names.items() if n != who.name)
        (record,), _ = parse_records(r.text, str(r.number), check_moves=False)
        order = order_of(r.rules, record)
        label, to_move = next_turn(record, order)
        title = game_info(r.rules).title
        result = result_of(record, order, to_move) if r.state != "running" else None
        if r.state == "running":
            state = f"{place_title(to_move)} to play {label}, since {r.turn_since[:10]}"
        else:
            state = "drawn" if result == "draw" else \
                f"{place_title(result or '?')} won" if result else "over"
        lines.append(f"  #{r.number} {title}: {who.name} ({place_title(r.side)}) "
                     f"v {others}; {state}")
    if len(rows) > MAX_LISTED:
        lines.append(f"  ... and {len(rows) - MAX_LISTED} more")
    ctx.reply(f"Games of {who.name}", "\n".join(lines) + "\n")


def _history(ctx: Context) -> None:
    ctx.require_player()
    number, _ = ctx.named_game()
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


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(h), *(len(r[k]) for r in rows)) if rows else len(h)
              for k, h in enumerate(headers)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(c.ljust(w) if k == 1 else c.rjust(w)
                         for k, (c, w) in enumerate(zip(cells, widths, strict=True))).rstrip()
    return "\n".join([line(headers), *(line(r) for r in rows)])


def _standings(ctx: Context) -> None:
    from pbmkit.referee.site import standings
    from pbmkit.web.club import points_text

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


def _ratings(ctx: Context) -> None:
    from pbmkit.referee.site import club_ratings

    ctx.require_player()
    game = _rules(ctx)
    robots = ctx.club.robots
    rows = club_ratings(game.title, queries.finished_texts(ctx.db, game.name),
                        [r.name for r in robots.players], robots.ratings)
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
                                         "three or more; a loss on time is rated, an unplayed "
                                         "forfeit not).\n\n"
                                         + "\n".join(parts))


COMMANDS = (
    Command("show", "show N", "the board and moves of game N", _show),
    Command("games", "games [PLAYER]", "your games (or PLAYER's): running first, whose turn, "
            "results", _games),
    Command("history", "history N", "the whole record of game N: every move with its date",
            _history),
    Command("standings", "standings GAME", "the club's standings in GAME: won, drawn, lost, "
            "points", _standings),
    Command("ratings", "ratings GAME", "the club's ratings in GAME", _ratings),
)
"""The commands of this module, for the registry."""
