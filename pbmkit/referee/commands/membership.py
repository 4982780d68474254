"""Membership: ``signup NAME``, ``confirm CODE``, ``secret [N]`` (a new key of a game, or one's
own), and the signups' expiry (docs/referee.md, "Commands" and "Your keys")."""

from __future__ import annotations

import datetime
import re
import sqlite3

from pbmkit.games.base import place_title
from pbmkit.mail.trust import address_key
from pbmkit.referee import queries
from pbmkit.referee.commands.help import help_text
from pbmkit.referee.context import Command, Context, Refusal
from pbmkit.referee.keys import new_code, secret_hash
from pbmkit.referee.outgoing import text_message
from pbmkit.referee.security import (
    SIGNUP_DAYS,
    code_confirms,
    prove_game,
    prove_player,
    rotate_game_key,
    rotate_own_key,
    signup_expired,
)

__all__ = ["COMMANDS", "MAX_NAME", "expire_signups"]

MAX_NAME = 30
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_.\-]{0,29}")


def expire_signups(db: sqlite3.Connection, now: datetime.datetime) -> int:
    """Forget the signups past :data:`~pbmkit.referee.security.SIGNUP_DAYS` and those whose name a
    player took since (they can never be confirmed); how many."""
    gone = 0
    db.execute("BEGIN IMMEDIATE")
    for row in queries.signups(db):
        if queries.name_taken(db, row.name) or signup_expired(row.made, now):
            queries.forget_signup(db, row.address)
            gone += 1
    db.execute("COMMIT")
    return gone


def _signup(ctx: Context) -> None:
    if ctx.player is not None:
        raise Refusal(f"{ctx.sender} is signed up already, as {ctx.player.name}")
    if len(ctx.args) != 1 or not _NAME.fullmatch(ctx.args[0]):
        raise Refusal("write 'signup NAME', NAME one word of letters, digits, '.', '-' or '_' "
                      f"(at most {MAX_NAME}, starting with a letter)")
    name = ctx.args[0]
    if queries.name_taken(ctx.db, name):
        raise Refusal(f"the name {name} is taken; choose another")
    code = new_code()
    queries.add_signup(ctx.db, address_key(ctx.sender), name, secret_hash(code),
                       ctx.now.isoformat(timespec="seconds"))
    ctx.reply(f"{ctx.club.name}: confirm your signup as {name}",
              f"Someone, probably you, asked to join {ctx.club.name} as {name} from this "
              "address.\n\nTo confirm, reply to this message (its address carries your code), "
              f"or write to {ctx.club.address} with the subject:\n\n  confirm {code}\n\n"
              "If it was not you, do nothing: nothing happens without the reply.\n",
              key=f"s.{code}")


def _confirm(ctx: Context) -> None:
    codes = [a.lower() for a in ctx.args[:1]] + ctx.codes
    row = queries.signup(ctx.db, address_key(ctx.sender))
    if row is None or not code_confirms(row, codes, ctx.now):
        raise Refusal("no signup of this address waits for that code (a code is good for "
                      f"{SIGNUP_DAYS} days): write 'signup NAME' again, and answer the message "
                      "the referee sends")
    if queries.name_taken(ctx.db, row.name):
        raise Refusal(f"the name {row.name} was taken meanwhile; write 'signup NAME' again "
                      "with another")
    ctx.proved = True
    player = queries.add_player(ctx.db, row.address, row.name, ctx.today.isoformat())
    # the signup confirmed, and any other waiting for the same name: it can never be confirmed
    queries.forget_signups(ctx.db, row.address, row.name)
    ctx.player = player
    ctx.reply(f"{ctx.club.name}: welcome, {row.name}",
              f"You are a player of {ctx.club.name} now, as {row.name}.\n\n"
              f"Your key is {ctx.own_key()}: this message's address and subject carry it, and "
              "so does every message the referee sends you. A challenge, a vacation or a key "
              "change must carry it: reply to a message of the referee, or put the key in the "
              "subject. Keep it to yourself ('secret' gives you a new one).\n\n"
              + help_text(ctx.club, ctx.commands))


def _secret(ctx: Context) -> None:
    ctx.require_player()
    if not ctx.args and not ctx.game_keys:
        _own_secret(ctx)
        return
    number, _ = ctx.named_game()
    ctx.game(number)
    for side in prove_game(ctx, number):
        address, key = rotate_game_key(ctx, number, side)
        ctx.send(text_message(ctx.club, address, f"Game {number}: your new key",
                              f"Your key of game {number} ({place_title(side)}) is changed; "
                              "the old one no longer works. Reply to this message, or to the "
                              "referee's next message of the game, with your moves.\n",
                              key=key, now=ctx.now))


def _own_secret(ctx: Context) -> None:
    """``secret`` alone: a new own key for the sender (proven by the old one), mailed to them."""
    me = rotate_own_key(ctx, prove_player(ctx))
    ctx.send(text_message(ctx.club, me.address, f"{ctx.club.name}: your new key",
                          f"Your own key is changed to {ctx.own_key()}; the old one no longer "
                          "works. Reply to this message (or any later one of the referee) for a "
                          "challenge, a vacation or a key change.\n", key=ctx.own_key(),
                          now=ctx.now))


COMMANDS = (
    Command("signup", "signup NAME", "join the club as NAME (one word); you get a code to "
            "confirm", _signup, needs_player=False),
    Command("confirm", "confirm CODE", "confirm your signup with the code the referee sent you",
            _confirm, needs_player=False),
    Command("secret", "secret N", "change your key of game N (the new one comes by mail to your "
            "address; the old one stops working)", _secret),
)
"""The commands of this module, for the registry."""
