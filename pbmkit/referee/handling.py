"""One message of the inbox, one transaction: read it, find its command, check who sent it, run
the command, answer, write the ledger's line and the records, commit (docs/referee.md, "The
database and crash safety").

One message is one transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``): its ledger row (Message-ID
and content digest), its effect (players, challenges, games, the record's text), and every reply
in the outbox. A record file is written (atomically) just before the commit, from the text the
transaction commits; a run killed between the two leaves a file ahead of the database, and the
next run rewrites every record whose file differs from the database's text (:func:`reconcile`):
the database is the truth, the files its published copy. Who may act, and what a message that
proves nothing gets, is :mod:`pbmkit.referee.security`'s to say.
"""

from __future__ import annotations

import contextlib
import datetime
import errno
import hashlib
import sqlite3
from email.message import Message

from pbmkit.common.files import FileWriteError, atomic_write
from pbmkit.common.text import printable
from pbmkit.mail.sources import Incoming, Unreadable, body_lines, read_message
from pbmkit.mail.trust import address_key
from pbmkit.referee import queries
from pbmkit.referee.club import Club
from pbmkit.referee.commands.help import help_text
from pbmkit.referee.commands.registry import COMMANDS
from pbmkit.referee.context import Context, Refusal, queue_all
from pbmkit.referee.inbox import MAX_MESSAGE_BYTES, InboxMessage
from pbmkit.referee.keys import keys_in, person_keys_in
from pbmkit.referee.outgoing import queue, text_message
from pbmkit.referee.security import (
    MAX_UNPROVEN_REPLIES,
    carries_proof,
    chatter_held,
    content_digest,
    forged_note,
    handled_before,
    loop_reason,
    note_handled,
    refusal_key,
    unproven_reply,
    unreadable_sender,
)
from pbmkit.referee.subjects import NUMBERED, bare_move, find_command, strip_subject, thread_move

__all__ = ["disk_full", "handle_message", "reconcile"]

_CHATTER = ("help", "refused")
"""The outcomes whose reply is no game event."""


def disk_full(exc: BaseException) -> bool:
    """Whether ``exc`` says a disk is full (ENOSPC, EDQUOT, or SQLite's "database or disk is
    full")."""
    if isinstance(exc, (OSError, FileWriteError)) and exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return True
    return isinstance(exc, sqlite3.Error) and "full" in str(exc).lower()



def reconcile(db: sqlite3.Connection, club: Club, numbers: list[int] | None = None) -> int:
    """Rewrite every record file (or those of ``numbers``) that differs from the database's text;
    how many were rewritten."""
    club.games_dir.mkdir(exist_ok=True)
    count = 0
    for row in queries.record_files(db, numbers):
        if not row.text:
            continue
        path = club.games_dir / row.record
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            data = None
        if data is None or hashlib.sha256(data).hexdigest() != row.digest:
            atomic_write(path, row.text.encode("utf-8"))
            count += 1
    return count



def _own_lines(inc: Incoming) -> tuple[list[str], str]:
    """The lines the commands are read from, and why there are none (or ""): the plain-text
    part's; the HTML part's when the plain part holds no command and no ``Move:`` line and the
    HTML part does (a phone's mail, whose plain part is empty or says only "Sent from my
    phone": the two are meant to say the same)."""
    try:
        lines, why = body_lines(inc.message), ""
    except ValueError as exc:
        lines, why = [], str(exc)
    if find_command(inc.subject, lines, COMMANDS) is not None or thread_move(lines) is not None:
        return lines, why
    try:
        html = body_lines(inc.message, html=True)
    except ValueError:
        return lines, why
    if html != lines and (find_command("", html, COMMANDS) is not None
                          or thread_move(html) is not None):
        return html, ""
    return lines, why


def _addresses(msg: Message) -> list[str]:
    found = []
    for name in ("To", "Cc", "Delivered-To", "X-Original-To", "Envelope-To"):
        for value in msg.get_all(name) or []:
            found.append(str(value)[:2000])
    return found


def handle_message(db: sqlite3.Connection, club: Club, club_key: bytes, item: InboxMessage,
                   now: datetime.datetime) -> tuple[str, str]:
    """Handle one message of the inbox in one transaction; its outcome and a line saying what
    became of it. Outcomes: ``done`` (a command did its work), ``refused`` (replied why),
    ``help`` (no command: the help sent), ``ignored`` (a loop: no answer), ``unreadable``,
    ``oversized``, ``duplicate`` (handled before: nothing done), ``error`` (a fault of the
    referee: refused, the inbox goes on)."""
    where = f"message {item.key[:80]}"
    if item.oversized:
        outcome, line = _oversized(db, club, item, now)
        return outcome, f"{where}{' ' if line.startswith('from ') else ': '}{line}"
    inc = read_message(item.raw, where)
    if isinstance(inc, Unreadable):  # the line names the message: the organiser can find it
        digest = "sha256:" + hashlib.sha256(item.raw).hexdigest()
        outcome, line = _unreadable(db, club, item.raw, digest, inc.why, now)
        return outcome, f"{where}: {line}"
    message_id = inc.message_id.strip()[:500] if inc.message_id else None
    lines, body_error = _own_lines(inc)
    game_keys, codes = keys_in([*_addresses(inc.message), inc.subject])
    player_keys, challenge_keys = person_keys_in([*_addresses(inc.message), inc.subject])
    keys = ([f"g{g}.{s}" for g, s in game_keys] + codes + [f"p{p}.{s}" for p, s in player_keys]
            + [f"c{c}.{s}" for c, s in challenge_keys])
    digest = content_digest(inc, lines, keys)
    loop = loop_reason(inc, club)
    if loop is not None:
        outcome, line = _once(db, message_id, digest, inc.sender, "ignored",
                              f"no answer: {loop}", now)
        return outcome, f"{where} from {inc.sender}: {line}"
    assert inc.sender is not None
    db.execute("BEGIN IMMEDIATE")
    ctx: Context | None = None
    try:
        if handled_before(db, message_id, digest):
            detail = _duplicate(db, message_id, digest, inc.sender, now)
            return "duplicate", f"{where} from {inc.sender}: {detail}"
        player = queries.player_by_address(db, address_key(inc.sender))
        found = find_command(inc.subject, lines, COMMANDS)
        thread = bare = False
        if found is None and codes and not game_keys:
            found = ("confirm", [])
        if found is None and game_keys:
            move = thread_move(lines)
            if move is None:  # a bare move, DX to FV: played only as a legal move of the
                move, bare = bare_move(lines, game_keys), True  # player to move (the key's)
            if move is not None:
                found, thread = ("move", move.split()), True
        ctx = Context(db, club, club_key, inc, inc.sender, player, found[0] if found else "help",
                      found[1] if found else [], game_keys, codes, now, COMMANDS,
                      thread_move=thread,
                      bare_move=bare and thread, player_keys=player_keys,
                      challenge_keys=challenge_keys)
        db.execute("SAVEPOINT command")
        outcome, detail = _run_command(ctx, found, body_error, lines)
        # a reply to a message that proves no key of its sender is bounded a day: a forged From
        # must not make the referee a mail cannon at a third party
        bounded = bool(ctx.outgoing) and not carries_proof(ctx)
        quiet = bounded and not unproven_reply(db, inc.sender, now, count=False)
        if outcome != "done" or quiet:
            db.execute("ROLLBACK TO command")
        db.execute("RELEASE command")
        if ctx.notes:
            detail = f"{detail} ({'; '.join(ctx.notes)})"
        held = None if quiet or not ctx.outgoing or outcome not in _CHATTER else \
            chatter_held(db, inc, lines, keys, now)
        if quiet:
            ctx.outgoing.clear()
            ctx.records.clear()
            outcome, detail = "unanswered", (f"{ctx.name}: no answer: {MAX_UNPROVEN_REPLIES} "
                                             "replies today to messages without a key of "
                                             "this address")
        elif held is not None:
            ctx.outgoing.clear()
            outcome, detail = "unanswered", f"{ctx.name}: no answer: {held} (would have been " \
                                            f"{outcome}: {detail[:120]})"
        elif bounded:
            unproven_reply(db, inc.sender, now)
        queue_all(ctx)
        note_handled(db, message_id, digest, inc.sender, outcome, detail, now)
        for number, text in ctx.records.items():  # the files, then the commit
            # not synced: the database is the truth; reconcile() puts back a file a crash spoilt
            atomic_write(club.games_dir / queries.game_record(db, number), text.encode("utf-8"),
                         sync=False)
        db.execute("COMMIT")
        return outcome, f"{where} from {inc.sender}: {detail}"
    except Exception as exc:  # a fault of the referee: this message is refused, the inbox goes on
        if db.in_transaction:
            db.execute("ROLLBACK")
        if disk_full(exc):  # not the message's fault: it stays in the inbox for the next run
            with contextlib.suppress(Exception):
                if ctx is not None and ctx.records:
                    reconcile(db, club, list(ctx.records))
            raise  # the run stops (pbmkit.referee.run.DiskFull)
        if ctx is not None and ctx.records:
            reconcile(db, club, list(ctx.records))
        why = f"{type(exc).__name__}: {str(exc)[:200]}"
        db.execute("BEGIN IMMEDIATE")
        note_handled(db, message_id, digest, inc.sender, "error", why, now)
        text_out = text_message(club, inc.sender, f"Not handled: {strip_subject(inc.subject)[:80]}",
                                "The referee could not handle this message (a fault of the "
                                "referee, not of your message); nothing was changed. The "
                                "organiser can see what happened.\n",
                                in_reply_to=message_id, now=now)
        if unproven_reply(db, inc.sender, now):  # bounded as a reply to an unproven message
            queue(db, text_out, now)
        db.execute("COMMIT")
        return "error", f"{where} from {inc.sender}: {why}"



def _shown(text: str) -> str:
    """A sender's words, quoted in a reply: escaped, at most 60 characters."""
    text = printable(" ".join(text.split()))
    return "nothing" if not text else f"'{text[:60]}{'...' if len(text) > 60 else ''}'"


def _not_a_command(subject: str, lines: list[str], body_error: str) -> str:
    """What the referee read of a message in which it found no command, and where it looks."""
    words = strip_subject(subject).split()
    first = next((line for line in lines if line.strip()), "")
    return ("The referee found no command in your message"
            + (f" ({body_error})" if body_error else "") + ". It reads the first word of the "
            "subject, else of the first line of your own words (quoted lines, starting with "
            "'>', and the message you answer are not read): here "
            f"{_shown(words[0] if words else '')} and {_shown(first)}. In a reply to a game's "
            "message, a line 'Move: ...' of your own words plays your move.\n\n")


def _run_command(ctx: Context, found: tuple[str, list[str]] | None, body_error: str,
                 lines: list[str]) -> tuple[str, str]:
    if found is None:
        if _thread_hint(ctx, lines, ""):
            return "help", "no command in a game's thread: the hint sent"
        ctx.reply(f"Not a command: {strip_subject(ctx.message.subject)[:60]}",
                  _not_a_command(ctx.message.subject, lines, body_error)
                  + help_text(ctx.club, ctx.commands))
        return "help", "no command: the help sent"
    name, args = found
    spec = ctx.commands[name]
    try:
        if spec.needs_player:
            ctx.require_player()
        spec.handler(ctx)
    except Refusal as exc:
        ctx.outgoing.clear()
        ctx.records.clear()
        if ctx.bare_move and _thread_hint(ctx, lines, " ".join(args)):
            return "help", f"a bare line, no move of the player to move: the hint sent " \
                           f"({exc.lines[0][:160] if exc.lines else ''})"
        key = refusal_key(ctx)
        forged = forged_note(ctx, exc)
        ctx.reply(f"Refused: {name} {' '.join(args)[:60]}".strip(),
                  "\n".join(_said(exc.lines)) + "\n\nNothing was changed. (Write 'help' for "
                  f"the commands.){forged}\n", key=key)
        return "refused", f"{name}: refused: {exc.lines[0][:200] if exc.lines else ''}"
    return "done", f"{name} {' '.join(args)[:80]}".strip()


def _thread_hint(ctx: Context, lines: list[str], line: str) -> bool:
    """In a reply in one game's thread without a command (or whose bare ``line`` is no legal
    move of the player to move): reply with the one-line hint to write ``Move: ...`` (the line
    itself when it reads as a move of the game, else the game's example) and what was read;
    False when the message's keys name no one game of the club (the help answers then)."""
    games = sorted({g for g, _ in ctx.game_keys})
    if len(games) != 1:
        return False
    try:
        rep = ctx.replay(games[0])
    except Refusal:
        return False
    game = rep.game
    if game is None:
        return False
    example = game.notation.example
    m = NUMBERED.match(line)
    written = (m.group(2) if m else line).strip()
    try:
        if written:
            game.notation.normalize(written)
            example = printable(written, 60)
    except ValueError:
        pass
    words = strip_subject(ctx.message.subject).split()
    first = next((x for x in lines if x.strip()), "")
    ctx.reply(f"Not a command: {strip_subject(ctx.message.subject)[:60]}",
              f"To play in game {games[0]}, write a line: Move: {example}\n\n"
              f"(The referee read here {_shown(words[0] if words else '')} and {_shown(first)}. "
              "It reads your own words only: quoted lines, starting with '>', are not read. "
              "A line without 'Move:' is played only when it is your whole message and a legal "
              "move of the player to move. 'help' lists the commands.)\n",
              key=refusal_key(ctx))
    return True


_UNCHANGED = "nothing was changed"


def _said(lines: list[str]) -> list[str]:
    """A refusal's lines without their own "nothing was changed" (the reply says it once, at
    its end)."""
    out = []
    for line in lines:
        if line.strip().rstrip(".").lower() == _UNCHANGED:
            continue
        if line.lower().endswith("; " + _UNCHANGED):
            line = line[: -len(_UNCHANGED) - 2]
        out.append(line)
    return out



def _duplicate(db: sqlite3.Connection, message_id: str | None, digest: str, sender: str | None,
               now: datetime.datetime) -> str:
    """A message handled before, again (a server's redelivery, a resend): nothing done, but a
    ledger row, so that ``log --outcome duplicate`` and ``status`` show it (inside the open
    transaction, which this commits)."""
    detail = f"handled before ({(message_id or digest)[:60]}): nothing done"
    note_handled(db, message_id, digest, sender, "duplicate", detail, now)
    db.execute("COMMIT")
    return detail


def _once(db: sqlite3.Connection, message_id: str | None, digest: str, sender: str | None,
          outcome: str, detail: str, now: datetime.datetime) -> tuple[str, str]:
    """A ledger row for a message that gets no answer (unless it was handled before)."""
    db.execute("BEGIN IMMEDIATE")
    if handled_before(db, message_id, digest):
        return "duplicate", _duplicate(db, message_id, digest, sender, now)
    note_handled(db, message_id, digest, sender, outcome, detail, now)
    db.execute("COMMIT")
    return outcome, detail


def _unreadable(db: sqlite3.Connection, club: Club, raw: bytes, digest: str, why: str,
                now: datetime.datetime) -> tuple[str, str]:
    """A message that cannot be read: in the ledger; its sender told why in one line when the
    From names one address plainly (:func:`unreadable_sender`), bounded as every reply to a
    message that proves nothing."""
    # only a From that could not be read is told: a message broken otherwise (MIME bounds,
    # NULs in the headers) is a broken or hostile program's, and gets no answer
    to = unreadable_sender(raw, club) if "From" in why else None
    db.execute("BEGIN IMMEDIATE")
    if handled_before(db, None, digest):
        return "duplicate", _duplicate(db, None, digest, to, now)
    told = to is not None and unproven_reply(db, to, now)
    note_handled(db, None, digest, to, "unreadable", f"{why}{f'; told {to}' if told else ''}", now)
    if told and to is not None:
        queue(db, text_message(club, to, "Your message could not be read",
                               f"The referee of {club.name} could not read a message from this "
                               f"address: {printable(why)[:200]}. Nothing was done. Write again "
                               "from a mail program that writes one plain From address.\n",
                               now=now), now)
    db.execute("COMMIT")
    return "unreadable", f"{why}{f'; told {to}' if told else ''}"


def _oversized(db: sqlite3.Connection, club: Club, item: InboxMessage, now: datetime.datetime
               ) -> tuple[str, str]:
    """Refuse a message over the size bound; the sender (read from its header alone) is told."""
    head = item.raw.split(b"\r\n\r\n", 1)[0].split(b"\n\n", 1)[0][:64 * 1024]
    inc = read_message(head + b"\r\n\r\n(cut)\r\n", f"message {item.key[:80]}")
    digest = "sha256:" + hashlib.sha256(item.raw).hexdigest()
    if isinstance(inc, Unreadable) or loop_reason(inc, club) is not None:
        return _once(db, None, digest, None, "oversized", "too large; no answer", now)
    assert inc.sender is not None
    db.execute("BEGIN IMMEDIATE")
    if handled_before(db, inc.message_id, digest):
        return "duplicate", _duplicate(db, inc.message_id, digest, inc.sender, now)
    answer = unproven_reply(db, inc.sender, now)  # nothing of it is read: it proves nothing
    note_handled(db, inc.message_id, digest, inc.sender, "oversized",
            "too large; refused" if answer else "too large; no answer (the day's bound of "
            "replies to this address)", now)
    if answer:
        queue(db, text_message(club, inc.sender, f"Refused: {strip_subject(inc.subject)[:60]}",
                               "Your message is larger than the referee reads "
                               f"({MAX_MESSAGE_BYTES:,} bytes); nothing was done. Write your "
                               "command in a short plain message, without attachments.\n",
                               in_reply_to=inc.message_id, now=now), now)
    db.execute("COMMIT")
    return "oversized", f"from {inc.sender}: too large; refused"

