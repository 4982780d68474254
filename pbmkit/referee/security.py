"""The referee's security model: who may act for whom, and what the referee says to whom.

This module is docs/referee.md's "Security model" in code. Each row of that section's table of
threats names the functions that meet it, and every public function here is named in that
section (tests/referee/test_security_model.py holds the two equal). The keys themselves (their
derivation under the club key, their text in addresses and subjects) are
:mod:`pbmkit.referee.keys`; the queries these checks make are :mod:`pbmkit.referee.queries`'.

The From header proves nothing. A command that changes something proves its player by a key the
message carries, its From being that player's address and, with the club's ``authserv_id``, the
club's server having authenticated the sender: a player's key of a game (:func:`prove_game`),
their own key (:func:`prove_player`), their key of a challenge (:func:`prove_challenge`); a
signup by the code mailed to its address (:func:`code_confirms`). A move written with its number
must be numbered for the turn (:func:`numbered_for_turn`). A message is handled at most once
(:func:`handled_before`, by its Message-ID or its content: :func:`content_digest`, the ledger
written by :func:`note_handled`). What a message that proves nothing may make the referee send
is bounded (:func:`unproven_reply`, :func:`chatter_held`), a loop gets nothing
(:func:`loop_reason`), and a message that cannot be read gets an answer only when its From names
one address plainly (:func:`unreadable_sender`).
"""

from __future__ import annotations

import datetime
import hashlib
import re
import sqlite3
from typing import TYPE_CHECKING

from pbmkit.common.text import printable
from pbmkit.games.base import place_title
from pbmkit.mail.sources import Incoming, automatic
from pbmkit.mail.trust import address_key
from pbmkit.referee import queries
from pbmkit.referee.context import Refusal
from pbmkit.referee.keys import (
    challenge_secret,
    game_key_text,
    player_secret,
    same_secret,
    secret_hash,
)
from pbmkit.referee.queries import Player, Signup
from pbmkit.referee.subjects import NUMBERED, strip_subject

if TYPE_CHECKING:
    from pbmkit.referee.club import Club
    from pbmkit.referee.context import Context

__all__ = ["FORGED_NOTE", "MAX_CHATTER_REPLIES", "MAX_UNPROVEN_REPLIES", "ROBOTS", "SIGNUP_DAYS",
           "authentication_failure", "carries_proof", "chatter_held", "code_confirms",
           "content_digest", "forged_note", "handled_before", "loop_reason", "note_handled",
           "numbered_for_turn", "prove_challenge", "prove_game", "prove_player", "proven_sides",
           "refusal_key", "rotate_game_key", "rotate_own_key", "signup_expired",
           "unproven_reply", "unreadable_sender"]

FORGED_NOTE = ("If you did not send this message, someone used your address: nothing was "
               "changed, and no one can act for you without your key.")
"""Said in a refusal for want of proof, which goes to the From address whoever wrote it."""
MAX_UNPROVEN_REPLIES = 10
"""The most replies an address gets a day (UTC) to messages that prove no key of it: what a
forged From can make the referee send to a third party (docs/referee.md, "Security model")."""
MAX_CHATTER_REPLIES = 10
"""The most replies an address gets a day (UTC) that are no game event (the help, a refusal, "not
a command"), keyed or not: an auto-responder without the auto-reply headers answering the
referee's keyed address would otherwise loop with it (docs/referee.md, "Mail loops")."""
SIGNUP_DAYS = 7
"""Days a signup waits for its code; then it is forgotten (every run:
:func:`pbmkit.referee.commands.membership.expire_signups`)."""
ROBOTS = frozenset({"mailer-daemon", "postmaster", "noreply", "no-reply", "listserv",
                    "majordomo"})
"""The local parts of addresses that are programs: never answered."""


# --- who may act ------------------------------------------------------------------------------


def authentication_failure(ctx: Context) -> str | None:
    """Why the club's receiving server did not authenticate the sender (``authserv_id`` in
    club.toml), or None (authenticated, or the club does not ask)."""
    if ctx.club.authserv_id is None:
        return None
    from pbmkit.mail.trust import authentication

    return authentication(ctx.message.authentication_results, ctx.club.authserv_id, ctx.sender)


def _own_key_given(ctx: Context, me: Player) -> bool:
    """Whether the message carries the current generation of ``me``'s own key."""
    mine = player_secret(ctx.club_key, me.id, me.key_generation)
    return any(p == me.id and same_secret(s, mine) for p, s in ctx.player_keys)


def proven_sides(ctx: Context, number: int) -> list[str]:
    """The sides of game ``number`` whose player's key this message carries and whose player's
    address is the sender's (the key's hash against the one stored)."""
    given = {secret_hash(s) for g, s in ctx.game_keys if g == number}
    me = address_key(ctx.sender)
    return [r.side for r in ctx.seats(number)
            if r.secret_hash in given and address_key(r.address) == me]


def prove_game(ctx: Context, number: int) -> list[str]:
    """The sides of game ``number`` this message proves the sender plays (their key and
    address, and the club's ``authserv_id`` authenticating the sender when it is set), at
    least one; :class:`Refusal` saying why otherwise. Every command that acts for a player in
    a game (a move, a resignation, a draw, conditional moves, a key change) asks this first."""
    why = authentication_failure(ctx)
    if why is not None:
        raise Refusal(f"game {number}: the sender is not authenticated ({why}); the "
                      "club accepts moves only from mail its server authenticated",
                      unproven=True)
    proven = proven_sides(ctx, number)
    if proven:
        ctx.proved = True
        return proven
    if not [r for r in ctx.seats(number) if address_key(r.address) == address_key(ctx.sender)]:
        raise Refusal(f"game {number}: {ctx.sender} plays no side of it")
    others = sorted({g for g, _ in ctx.game_keys if g != number})
    if others:  # a reply in another game's thread: replying to it again would not help
        named = ", ".join(str(g) for g in others)
        raise Refusal(f"game {number}: the message carries the key of game {named}, not of "
                      f"game {number}, which the move names: to move in game {number}, "
                      f"reply to the referee's last message of game {number} (its subject "
                      f"names game #{number} and carries [g{number}...]), or put that key "
                      "in the subject", unproven=True)
    raise Refusal(f"game {number}: the message does not carry your key of the game; reply "
                  "to the referee's last message of the game (its address and subject "
                  "carry the key), or put its [g...] key in the subject", unproven=True)


def prove_player(ctx: Context) -> Player:
    """The sender's player row, when the message carries their own key (and the club's
    ``authserv_id`` authenticated it, when set); :class:`Refusal` saying how otherwise. A
    challenge, a vacation and a change of one's own key ask this first."""
    me = ctx.require_player()
    why = authentication_failure(ctx)
    if why is not None:
        raise Refusal(f"the sender is not authenticated ({why}); the club accepts this only "
                      "from mail its server authenticated", unproven=True)
    if not _own_key_given(ctx, me):
        raise Refusal(f"'{ctx.name}' needs your key, and the message does not carry it: "
                      "reply to a message the referee sent you (its address and subject "
                      "carry your key, [p...]), or put that key in the subject; this reply "
                      "carries it", unproven=True)
    ctx.proved = True
    return me


def prove_challenge(ctx: Context, number: int) -> Player:
    """The sender's player row, when the message carries their key of challenge ``number``
    (the invitation's) or their own key; :class:`Refusal` saying how otherwise."""
    me = ctx.require_player()
    mine = challenge_secret(ctx.club_key, number, me.id)
    if any(c == number and same_secret(s, mine) for c, s in ctx.challenge_keys):
        why = authentication_failure(ctx)
        if why is not None:
            raise Refusal(f"the sender is not authenticated ({why}); the club accepts this "
                          "only from mail its server authenticated", unproven=True)
        ctx.proved = True
        return me
    try:
        return prove_player(ctx)
    except Refusal:
        raise Refusal(f"challenge {number}: the message does not carry your key of it: reply "
                      "to the referee's invitation (its address and subject carry the key, "
                      f"[c{number}...]) with '{ctx.name}'", unproven=True) from None


def carries_proof(ctx: Context) -> bool:
    """Whether the message carries a key of its sender (their own, one of a game of theirs
    or of a challenge to them), authenticated where the club asks: such a message's reply is
    not bounded (:func:`unproven_reply`)."""
    if ctx.proved:
        return True
    if ctx.player is None or authentication_failure(ctx) is not None:
        return False
    if _own_key_given(ctx, ctx.player):
        return True
    number = ctx.player.id
    if any(same_secret(s, challenge_secret(ctx.club_key, c, number))
           for c, s in ctx.challenge_keys):
        return True
    return any(proven_sides(ctx, g) for g in sorted({g for g, _ in ctx.game_keys}))


def numbered_for_turn(number: int, text: str, label: str, side: str) -> str:
    """The move of ``text`` without the number it is written with (``6. FU to GT``), when that
    number is the next turn's (``label``, or its part after ``:``); :class:`Refusal` when it is
    another's (an old move sent again is refused at any other turn)."""
    m = NUMBERED.match(text)
    if m is None:
        return text
    if m.group(1) not in (label, label.rpartition(":")[2]):
        raise Refusal(f"game {number}: move {text[:60]!r} is numbered {m.group(1)}, but the "
                      f"next move is {place_title(side)}'s {label}; nothing was changed")
    return m.group(2).strip()


def signup_expired(made: str, now: datetime.datetime) -> bool:
    """Whether a signup made at ``made`` (ISO 8601) is past :data:`SIGNUP_DAYS` at ``now``."""
    try:
        when = datetime.datetime.fromisoformat(made)
    except ValueError:
        return True
    if when.tzinfo is None:
        when = when.replace(tzinfo=datetime.UTC)
    return now - when > datetime.timedelta(days=SIGNUP_DAYS)


def code_confirms(signup: Signup | None, codes: list[str], now: datetime.datetime) -> bool:
    """Whether one of ``codes`` is the code mailed for ``signup`` (its hash against the one
    stored), within :data:`SIGNUP_DAYS`."""
    return signup is not None and any(secret_hash(c) == signup.code_hash for c in codes) \
        and not signup_expired(signup.made, now)


def rotate_game_key(ctx: Context, number: int, side: str) -> tuple[str, str]:
    """A new key of ``side`` in game ``number`` (its next generation; the old one stops working):
    the registered address of its player, the only one it may be mailed to, and the key's
    text."""
    row = next(r for r in ctx.seats(number) if r.side == side)
    generation = row.generation + 1
    secret = ctx.secret(number, side, generation)
    queries.rotate_game_key(ctx.db, number, side, generation, secret_hash(secret),
                            ctx.now.isoformat(timespec="seconds"))
    return row.address, game_key_text(number, secret)


def rotate_own_key(ctx: Context, me: Player) -> Player:
    """A new own key of ``me`` (its next generation; the old one stops working); the player
    after. The key goes to the player's registered address only."""
    ctx.player = queries.set_key_generation(ctx.db, me.id, me.key_generation + 1)
    return ctx.player


# --- what the referee answers -----------------------------------------------------------------


def refusal_key(ctx: Context) -> str | None:
    """The sender's key of the message's game, when the message proved it (a refusal's reply then
    carries it, so the player can answer it); else None."""
    games = sorted({g for g, _ in ctx.game_keys})
    if len(games) != 1:
        return None
    try:
        sides = proven_sides(ctx, games[0])
    except Refusal:
        return None
    return ctx.key_of(games[0], sides[0]) if sides else None


def forged_note(ctx: Context, refusal: Refusal) -> str:
    """What a refusal adds when it was for want of proof and the message proved nothing (its
    From may be forged, and the reply goes to that address): :data:`FORGED_NOTE`; else ""."""
    return f"\n\n{FORGED_NOTE}" if refusal.unproven and not carries_proof(ctx) else ""


def unproven_reply(db: sqlite3.Connection, sender: str, now: datetime.datetime, *,
                   count: bool = True) -> bool:
    """Whether ``sender`` may get one more reply today (UTC) to a message that proved no key of
    it: fewer than :data:`MAX_UNPROVEN_REPLIES` such replies so far. ``count``: count this one
    (inside the caller's transaction)."""
    address = address_key(sender) or sender.lower()
    day = now.astimezone(datetime.UTC).date().isoformat()
    if queries.unproven_count(db, address, day) >= MAX_UNPROVEN_REPLIES:
        return False
    if count:
        queries.count_unproven(db, address, day)
    return True


_ECHOED = re.compile(r"^\s*(?:(?:re|fwd?|aw|wg|sv|tr|auto(?:matic)?(?: reply| response)?|"
                     r"out of office|abwesenheit|absence|autosvar|réponse automatique|"
                     r"not a command|refused)\s*:\s*)+", re.IGNORECASE)
"""What a responder puts before the subject it answers, and what the referee's own replies put
before the subject they answer: a subject echoed back and forth is one subject."""


def chatter_held(db: sqlite3.Connection, inc: Incoming, lines: list[str], keys: list[str],
                 now: datetime.datetime) -> str | None:
    """Why a reply that is no game event is held back (or None, and it is counted): the sender
    had one today for the same words (the subject without what :data:`_ECHOED` strips, and the
    body's own lines) to the same keys, or :data:`MAX_CHATTER_REPLIES` already."""
    address = address_key(inc.sender or "") or (inc.sender or "").lower()
    day = now.astimezone(datetime.UTC).date().isoformat()
    own = [line for line in lines[:200] if line.strip()]
    subject = _ECHOED.sub("", inc.subject).strip().lower()
    words = "sha256:" + hashlib.sha256("\n".join([" ".join(sorted(keys)), subject, *own])
                                       .encode("utf-8", "replace")).hexdigest()
    if queries.chatter_seen(db, address, day, words):
        return "the same words as a message answered today (an auto-responder?)"
    if queries.chatter_count(db, address, day) >= MAX_CHATTER_REPLIES:
        return f"{MAX_CHATTER_REPLIES} replies today that were no game event (help, refusals)"
    queries.count_chatter(db, address, day, words)
    return None


def loop_reason(inc: Incoming, club: Club) -> str | None:
    """Why the message must get no answer (an auto-reply, a bounce, a list, the referee's own),
    or None."""
    why = automatic(inc.message)
    if why is not None:
        return why
    sender = inc.sender or ""
    local, _, domain = sender.rpartition("@")
    if local.lower() in ROBOTS:
        return f"from {local.lower()}"
    own_local, _, own_domain = club.address.rpartition("@")
    if domain.lower() == own_domain.lower() and (
            local.lower() == own_local.lower() or local.lower().startswith(own_local.lower() + "+")):
        return "the referee's own address (a loop)"
    return None


_PLAIN_ADDRESS = re.compile(r"(?<![A-Za-z0-9._+\-])[A-Za-z0-9][A-Za-z0-9._+\-]{0,63}@"
                            r"[A-Za-z0-9][A-Za-z0-9.\-]{0,252}\.[A-Za-z]{2,63}(?![A-Za-z0-9.\-])")
"""An address written plainly, whole (a longer run of address letters is no address)."""
_NO_ANSWER = re.compile(rb"^(?:auto-submitted:\s*(?!no\b)\S|precedence:\s*(?:bulk|junk|list)|"
                        rb"list-id:|x-autore(?:ply|spond):|return-path:\s*<\s*>)",
                        re.IGNORECASE | re.MULTILINE)


def unreadable_sender(raw: bytes, club: Club) -> str | None:
    """The address to tell why a message cannot be read, when its one From header names exactly
    one plain address (however else it is broken), the message is no automatic one and the
    address is not the referee's own; else None (no answer: an ambiguous From is no one's)."""
    head = raw[:64 * 1024].replace(b"\r\n", b"\n").split(b"\n\n", 1)[0]
    if _NO_ANSWER.search(head):
        return None
    unfolded = re.sub(rb"\n[ \t]+", b" ", head).split(b"\n")
    froms = [line[5:] for line in unfolded if line[:5].lower() == b"from:"]
    if len(froms) != 1:
        return None
    found = {a.lower() for a in _PLAIN_ADDRESS.findall(froms[0].decode("ascii", "replace"))}
    if len(found) != 1:
        return None
    address = found.pop()
    local, _, domain = address.rpartition("@")
    own_local, _, own_domain = club.address.lower().rpartition("@")
    if local in ROBOTS or (domain == own_domain and local.split("+")[0] == own_local):
        return None
    return address if address_key(address) is not None else None


# --- each message once ------------------------------------------------------------------------


def content_digest(inc: Incoming, lines: list[str], keys: list[str]) -> str:
    """The digest a copy of the message keeps whatever its Message-ID: sender, subject (without
    Re:), Date, the keys it carries and the body's own lines."""
    value = inc.message.get("Date")
    date = str(value)[:500].strip() if value is not None else ""
    parts = ["pbmkit-referee-1", address_key(inc.sender or "") or "", strip_subject(inc.subject),
             date, " ".join(sorted(keys)), *lines[:200]]
    return "sha256:" + hashlib.sha256("\n".join(parts).encode("utf-8", "replace")).hexdigest()


def handled_before(db: sqlite3.Connection, message_id: str | None, digest: str) -> bool:
    """Whether the ledger holds this message: its Message-ID, or a message of the same content
    (:func:`content_digest`) under any Message-ID."""
    if message_id and queries.message_id_handled(db, message_id):
        return True
    return queries.digest_handled(db, digest)


def note_handled(db: sqlite3.Connection, message_id: str | None, digest: str, sender: str | None,
                 outcome: str, detail: str, now: datetime.datetime) -> None:
    """The ledger's line of a message (in the transaction of its effect): what
    :func:`handled_before` finds, and what the organiser reads (``referee log``), the sender's
    words escaped."""
    queries.add_ledger_row(db, message_id, digest, sender, outcome, printable(detail[:500]),
                           now.isoformat(timespec="seconds"))
