"""Challenges: ``challenge GAME PLAYER... [TAG=VALUE ...]``, ``accept N``, ``decline N``, and the
game an accepted challenge starts (docs/referee.md, "Commands")."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

from pbmkit.desk.dates import TimeControl
from pbmkit.games.base import place_title
from pbmkit.referee import queries
from pbmkit.referee.club import is_robot_address
from pbmkit.referee.context import Command, Context, Refusal, turn_lines
from pbmkit.referee.keys import challenge_key_text, challenge_secret, game_secret, secret_hash
from pbmkit.referee.outgoing import text_message
from pbmkit.referee.queries import Challenge, ChallengeSeat
from pbmkit.referee.security import prove_challenge, prove_player
from pbmkit.referee.subjects import number_of

if TYPE_CHECKING:
    from pbmkit.games import AnyGame

__all__ = ["COMMANDS", "TAGS", "game_titles", "named_rules", "start_game"]

TAGS = ("Board", "Layout", "Order", "First", "TimeControl")
"""The tags a challenge may set (the game checks them)."""
_TAG_VALUE = re.compile(r"[A-Za-z0-9+]{1,40}(?:,[A-Za-z0-9+]{1,40}){0,9}")
"""A challenge's tag value: words of letters, digits and ``+``, joined by commas."""


def game_titles() -> list[str]:
    """The titles of the games the club plays, as registered: no game is built (or imported)."""
    from pbmkit.games import game_info, game_names

    return [game_info(n).title for n in game_names()]


def named_rules(words: list[str]) -> tuple[AnyGame, list[str]]:
    """The game the first words name (``Batalo``, ``Batu Khan``, ``batu-khan``) and the rest."""
    from pbmkit.games import get_game

    for n in range(min(3, len(words)), 0, -1):
        try:
            return get_game(" ".join(words[:n])), words[n:]
        except (KeyError, ValueError):
            continue
    raise Refusal(f"no game called {' '.join(words[:1])!r}: the games are "
                  f"{', '.join(game_titles())}")


def _challenge(ctx: Context) -> None:
    from pbmkit.games import SetupError

    me = prove_player(ctx)
    if not ctx.args:
        raise Refusal("write 'challenge GAME PLAYER...' (help lists the games)")
    game, rest = named_rules(ctx.args)
    names = [w for w in rest if "=" not in w]
    tags: dict[str, str] = {}
    for word in (w for w in rest if "=" in w):
        tag, _, value = word.partition("=")
        match = next((t for t in TAGS if t.lower() == tag.lower()), None)
        if match is None or not value:
            raise Refusal(f"{word[:40]!r}: a challenge sets only the tags {', '.join(TAGS)}")
        if match != "TimeControl" and not _TAG_VALUE.fullmatch(value):
            # words, never a file: a layout file would be read from the referee's machine (and
            # its refusal would name the folder), and the records' readers would not have it
            raise Refusal(f"{word[:40]!r}: a tag's value is letters, digits and '+', its words "
                          "joined by commas (help GAME shows the values)")
        tags[match] = value if match == "TimeControl" else " ".join(value.split(","))
    tags = {**game.new_tags, **tags}  # what a new game of this kind is unless told (Hex's Board)
    choosing = {k: v for k, v in tags.items() if k != "TimeControl"}
    try:
        configured = game.configure(choosing) if choosing else game
    except SetupError as exc:
        raise Refusal(f"{game.title}: {exc}") from None
    if "TimeControl" in tags:
        try:
            if len(tags["TimeControl"]) > 9:
                raise ValueError("too long")
            tags["TimeControl"] = str(TimeControl.parse(tags["TimeControl"]))
        except ValueError:
            raise Refusal("TimeControl is MOVES/DAYS (TimeControl=10/50: 10 moves in 50 days) or "
                          "DAYS a move (TimeControl=3)") from None
    opponents = [ctx.named_player(n) for n in names]
    robots = {r.id: ctx.club.robots.named(r.name) for r in opponents
              if is_robot_address(r.address)}
    for robot in robots.values():  # a robot the club no longer lists, or not of this game
        if robot is None or game.name not in robot.games:
            raise Refusal(f"the robot {robot.name if robot else 'named'} does not play "
                          f"{game.title}" + (f" (it plays {', '.join(robot.games)})" if robot
                                             else ""))
    seats = [me, *opponents]
    if len({r.id for r in seats}) != len(seats):
        raise Refusal("a player may take only one seat of a game")
    places = configured.order  # a place of two factions (Blue+Green) is one player's
    if len(seats) != len(places):
        raise Refusal(f"{configured.title} with these tags has {len(places)} places "
                      f"({', '.join(place_title(s) for s in places)}): name "
                      f"{len(places) - 1} opponent(s), not {len(opponents)}")
    number = queries.add_challenge(ctx.db, game.name, json.dumps(tags, sort_keys=True), me.id,
                                   ctx.now.isoformat(timespec="seconds"), [r.id for r in seats])
    sides = ", ".join(f"{r.name} ({place_title(s)})" for r, s in zip(seats, places, strict=True))
    what = f"{configured.title}" + "".join(f" {k}={v}" for k, v in sorted(tags.items()))
    waiting = len(opponents)
    for seat, row in enumerate(opponents, start=1):
        if row.id in robots:  # a robot accepts at once, in the same transaction
            waiting = queries.accept_seat(ctx.db, number, seat)
            continue
        key = challenge_key_text(number, challenge_secret(ctx.club_key, number, row.id))
        ctx.send(text_message(ctx.club, row.address,
                              f"Invitation, challenge {number}: {what}",
                              f"{me.name} challenges you to {what}: {sides}.\n\n"
                              "To play, reply to this message with 'accept'; to refuse, with "
                              f"'decline' (or write 'accept {number}' or 'decline {number}' "
                              "with this message's key in the subject).\n", key=key,
                              now=ctx.now))
    if robots and not waiting:  # robots only: the game starts now (the robot's first move,
        challenge = queries.challenge(ctx.db, number)  # if it has it, comes in this run)
        assert challenge is not None
        game_number = start_game(ctx, challenge)
        ctx.reply(f"Challenge {number}: {what}",
                  f"Challenge {number}: {what}: {sides}. The robot accepted: game {game_number} "
                  "starts (its message follows).\n")
        return
    ctx.reply(f"Challenge {number}: {what}",
              f"Challenge {number} sent: {what}: {sides}. The game starts when every "
              "opponent accepts it.\n")


def _challenge_named(ctx: Context) -> tuple[Challenge, ChallengeSeat]:
    """The open challenge to the sender that the command names (or the invitation's key), proven
    by their key of it, and their seat; :class:`Refusal` otherwise."""
    ctx.require_player()
    named = sorted({c for c, _ in ctx.challenge_keys})
    if not ctx.args and len(named) == 1:  # a reply to the invitation: its key names it
        number = named[0]
    elif ctx.args and (given := number_of(ctx.args[0])) is not None:
        number = given
    else:
        raise Refusal(f"write '{ctx.name} N', N the challenge's number")
    row = queries.challenge(ctx.db, number)
    if row is None:
        raise Refusal(f"there is no challenge {number}")
    me = prove_challenge(ctx, number)
    seat = queries.challenge_seat(ctx.db, number, me.id)
    if seat is None or seat.seat == 0:
        raise Refusal(f"challenge {number} is not to you")
    if row.state != "open":
        raise Refusal(f"challenge {number} is {row.state} already")
    return row, seat


def _decline(ctx: Context) -> None:
    row, _ = _challenge_named(ctx)
    queries.set_challenge_state(ctx.db, row.number, "declined")
    me = ctx.require_player()
    for address in queries.challenge_addresses(ctx.db, row.number, me.id):
        ctx.send(text_message(ctx.club, address, f"Challenge {row.number} declined",
                              f"{me.name} declined challenge {row.number}.\n", now=ctx.now))
    ctx.reply(f"Challenge {row.number} declined", "Declined.\n")


def _accept(ctx: Context) -> None:
    row, seat = _challenge_named(ctx)
    waiting = queries.accept_seat(ctx.db, row.number, seat.seat)
    if waiting:
        ctx.reply(f"Challenge {row.number} accepted",
                  f"Accepted; the game starts when {waiting} more player(s) accept.\n")
        return
    start_game(ctx, row)


def start_game(ctx: Context, challenge: Challenge) -> int:
    """Start the game of an accepted challenge: its record, its players' secrets, the first mail."""
    from pbmkit.games import get_game
    from pbmkit.records import new_record_text

    tags = json.loads(challenge.tags)
    game = get_game(challenge.rules)
    choosing = {k: v for k, v in tags.items() if k != "TimeControl"}
    configured = game.configure(choosing) if choosing else game
    seats = queries.challenge_seats(ctx.db, challenge.number)
    number = queries.next_game_number(ctx.db)
    places = configured.order  # a place of two factions (Blue+Green) is one player's: one seat
    names = {side: r.name for side, r in zip(places, seats, strict=True)}
    tagged = {**names, **{f: n for side, n in names.items() if "+" in side
                          for f in side.split("+")}}  # each faction's tag names its player
    text = new_record_text(game.name, tagged, number=str(number), date=ctx.today.isoformat(),
                           tags=choosing)
    if "TimeControl" in tags:  # a desk tag, after the Date tag
        text = text.replace("\n[Date ", f'\n[TimeControl "{tags["TimeControl"]}"]\n[Date ', 1)
    record = f"{number}-{game.name.lower().replace(' ', '-')}.txt"
    queries.add_game(ctx.db, number, game.name, challenge.tags, record,
                     ctx.now.isoformat(timespec="seconds"))
    for side, r in zip(places, seats, strict=True):
        secret = game_secret(ctx.club_key, number, side, 0)
        queries.add_game_player(ctx.db, number, side, r.id, secret_hash(secret))
    ctx.set_record(number, text)
    queries.set_challenge_state(ctx.db, challenge.number, "accepted", number)
    rep = ctx.replay(number)
    to_move = rep.next_turn()[1]

    chosen = ", ".join(f"{k}={v}" for k, v in tags.items())
    origin = f"It comes from challenge {challenge.number}" + (
        f", with {chosen}." if chosen else ", with the game's usual settings.")

    def intro(side: str, name: str) -> list[str]:
        return [f"Game {number} of {ctx.club.name} starts: {configured.title}, "
                + ", ".join(f"{n} ({place_title(s)})" for s, n in names.items()) + ".",
                origin, f"You play {place_title(side)}."]

    ctx.mail_players(number, intro, f"{place_title(to_move)} to move",
                     lambda side: turn_lines(ctx, number, side, to_move, rep))
    return number


COMMANDS = (
    Command("challenge", "challenge GAME PLAYER... [TAG=VALUE ...]",
            "ask PLAYER(s) (names or addresses) to a game; its tags: help GAME", _challenge),
    Command("decline", "decline N", "refuse challenge N", _decline),
    Command("accept", "accept N", "accept challenge N (the game starts when all have accepted)",
            _accept),
)
"""The commands of this module, for the registry."""
