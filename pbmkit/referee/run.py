"""``pbmkit referee run``: take the inbox's messages, one transaction each, then send the outbox.

One message is one transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``): its ledger row (Message-ID
and content digest), its effect (players, challenges, games, the record's text), and every reply
in the outbox. A record file is written (atomically) just before the commit, from the text the
transaction commits; a run killed between the two leaves a file ahead of the database, and the
next run rewrites every record whose file differs from the database's text (:func:`reconcile`):
the database is the truth, the files its published copy. The message is marked done in the inbox
only after the commit; a message seen again is skipped by the ledger.

A lock (``fcntl.flock`` on ``DIR/.lock``) keeps a second run on the same club out: it does
nothing and says so.
"""

from __future__ import annotations

import contextlib
import datetime
import errno
import hashlib
import json
import os
import re
import sqlite3
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from email.message import Message
from pathlib import Path

from pbmkit.mail.files import MailError
from pbmkit.mail.smtp import read_password
from pbmkit.mail.sources import Incoming, Unreadable, automatic, body_lines, read_message
from pbmkit.mail.trust import address_key
from pbmkit.referee.club import Club, load_club, write_atomic
from pbmkit.referee.commands import (
    FORGED_NOTE,
    MAX_UNPROVEN_REPLIES,
    NUMBERED,
    Context,
    Refusal,
    bare_move,
    expire_signups,
    find_command,
    help_text,
    load_commands,
    queue_all,
    strip_subject,
    thread_move,
    unproven_reply,
)
from pbmkit.referee.db import make_durable, open_db
from pbmkit.referee.inbox import MAX_MESSAGE_BYTES, Inbox, InboxMessage, MaildirInbox
from pbmkit.referee.keys import keys_in, load_club_key, person_keys_in
from pbmkit.referee.outgoing import Sender, SendReport, send_due, text_message
from pbmkit.referee.status import LAST_RUN_KEY, printable

__all__ = ["Busy", "DiskFull", "InboxFailed", "RunReport", "disk_full", "handle_message",
           "loop_reason", "open_inbox", "reconcile", "run_club", "unreadable_sender"]

_ROBOTS = {"mailer-daemon", "postmaster", "noreply", "no-reply", "listserv", "majordomo"}


class Busy(Exception):
    """Another run holds the club's lock."""


class DiskFull(Exception):
    """The club's disk (or the database's) is full: the run stopped; nothing was lost."""

    def __init__(self, root: str | os.PathLike[str], exc: BaseException) -> None:
        super().__init__(f"the disk of the club {os.fspath(root)} is full ({type(exc).__name__}: "
                         f"{str(exc)[:120]}): the run stopped and nothing was lost (a message "
                         "not handled stays in the inbox, a record is put back from the "
                         "database); make room, then run again")


def disk_full(exc: BaseException) -> bool:
    """Whether ``exc`` says a disk is full (ENOSPC, EDQUOT, or SQLite's "database or disk is
    full")."""
    if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return True
    return isinstance(exc, sqlite3.Error) and "full" in str(exc).lower()


class InboxFailed(MailError):
    """The inbox failed during a run (its line says how); the run did the rest (the messages
    handed out before, the clocks, the outbox): ``report`` says what."""

    def __init__(self, line: str, report: RunReport) -> None:
        super().__init__(line)
        self.report = report


@dataclass
class RunReport:
    """What one run did."""

    outcomes: Counter[str] = field(default_factory=Counter)
    lines: list[str] = field(default_factory=list)
    rewritten: int = 0
    notices: int = 0
    """Reminders and overstep reports queued (pbmkit/referee/reminders.py)."""
    problems: list[str] = field(default_factory=list)
    """Games whose clocks could not be looked at (one line each; the others were)."""
    send: SendReport = field(default_factory=SendReport)
    timings: dict[str, tuple[float, float]] = field(default_factory=dict)
    """Seconds of CPU (this process) and of wall time by phase of the run: ``inbox`` (reading
    the messages, marking them done), ``handling`` (parsing them, the commands, the replies
    made and queued, the commits), ``clocks`` (reminders), ``sending`` (the outbox: the SMTP
    conversation, waiting for the pictures) and within it ``pictures`` (waiting for them, or
    drawing them here); ``drawing`` (CPU of the processes that drew pictures)."""

    def timing_line(self) -> str:
        """The timings as one line (``pbmkit referee run --timings``)."""
        parts = [f"{name} {cpu:.2f}/{wall:.2f}" for name, (cpu, wall) in self.timings.items()]
        return "timings (s of CPU/wall): " + ", ".join(parts)

    @property
    def idle(self) -> bool:
        """Nothing happened: no message handled, nothing sent or failed, no notice queued, no
        record rewritten, no problem (``referee run --watch`` then says nothing)."""
        return not (sum(self.outcomes.values()) or self.rewritten or self.notices
                    or self.problems or self.send.sent or self.send.failed or self.send.maybe
                    or self.send.errors)

    def summary(self) -> str:
        parts = [f"{n} {what}" for what, n in sorted(self.outcomes.items())]
        sent = (f"sent {self.send.sent}" + (f", {self.send.failed} failed" if self.send.failed
                                             else "")
                + (f", {self.send.maybe} maybe sent" if self.send.maybe else "")
                + (f", {self.send.waiting} waiting" if self.send.waiting else ""))
        return (f"{sum(self.outcomes.values())} message(s)"
                + (f" ({', '.join(parts)})" if parts else "") + f"; {sent}"
                + (f"; {self.rewritten} record(s) rewritten from the database"
                   if self.rewritten else ""))


@contextlib.contextmanager
def club_lock(club: Club) -> Iterator[None]:
    """Hold the club's lock (:class:`Busy` at once if another run holds it)."""
    import fcntl

    fd = os.open(club.lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise Busy(f"another referee run is working on {club.root}; this one did nothing") \
                from None
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def open_inbox(club: Club) -> Inbox:
    """The club's inbox: its Maildir, or its IMAP mailbox (:mod:`pbmkit.referee.imap`)."""
    if club.maildir is not None:
        try:
            return MaildirInbox(club.maildir)
        except FileNotFoundError as exc:
            raise MailError(str(exc)) from None
    if club.imap is not None:
        import importlib

        module = importlib.import_module("pbmkit.referee.imap")
        inbox: Inbox = module.open_imap(club)
        return inbox
    raise MailError(f"{club.root}/club.toml: [inbox] names no maildir and no imap")


def reconcile(db: sqlite3.Connection, club: Club, numbers: list[int] | None = None) -> int:
    """Rewrite every record file (or those of ``numbers``) that differs from the database's text;
    how many were rewritten."""
    club.games_dir.mkdir(exist_ok=True)
    rows = db.execute("SELECT number, record, text, digest FROM games").fetchall() \
        if numbers is None else [db.execute("SELECT number, record, text, digest FROM games "
                                            "WHERE number = ?", (n,)).fetchone() for n in numbers]
    count = 0
    for row in rows:
        if row is None or not row["text"]:
            continue
        path = club.games_dir / str(row["record"])
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            data = None
        if data is None or hashlib.sha256(data).hexdigest() != row["digest"]:
            write_atomic(path, str(row["text"]).encode("utf-8"))
            count += 1
    return count


def _header(message: Message, name: str) -> str:
    value = message.get(name)
    return str(value)[:500].strip() if value is not None else ""


def loop_reason(inc: Incoming, club: Club) -> str | None:
    """Why the message must get no answer (an auto-reply, a bounce, a list, the referee's own),
    or None."""
    why = automatic(inc.message)
    if why is not None:
        return why
    sender = inc.sender or ""
    local, _, domain = sender.rpartition("@")
    if local.lower() in _ROBOTS:
        return f"from {local.lower()}"
    own_local, _, own_domain = club.address.rpartition("@")
    if domain.lower() == own_domain.lower() and (
            local.lower() == own_local.lower() or local.lower().startswith(own_local.lower() + "+")):
        return "the referee's own address (a loop)"
    return None


def _content_digest(inc: Incoming, lines: list[str], keys: list[str]) -> str:
    """The digest a copy of the message keeps whatever its Message-ID: sender, subject (without
    Re:), Date, the keys it carries and the body's own lines."""
    parts = ["pbmkit-referee-1", address_key(inc.sender or "") or "", strip_subject(inc.subject),
             _header(inc.message, "Date"), " ".join(sorted(keys)), *lines[:200]]
    return "sha256:" + hashlib.sha256("\n".join(parts).encode("utf-8", "replace")).hexdigest()


MAX_CHATTER_REPLIES = 10
"""The most replies an address gets a day (UTC) that are no game event (the help, a refusal, "not
a command"), keyed or not: an auto-responder without the auto-reply headers answering the
referee's keyed address would otherwise loop with it (docs/referee.md, "Mail loops")."""
_CHATTER = ("help", "refused")
"""The outcomes whose reply is no game event."""
_ECHOED = re.compile(r"^\s*(?:(?:re|fwd?|aw|wg|sv|tr|auto(?:matic)?(?: reply| response)?|"
                     r"out of office|abwesenheit|absence|autosvar|réponse automatique|"
                     r"not a command|refused)\s*:\s*)+", re.IGNORECASE)
"""What a responder puts before the subject it answers, and what the referee's own replies put
before the subject they answer: a subject echoed back and forth is one subject."""


def _chatter_held(db: sqlite3.Connection, inc: Incoming, lines: list[str], keys: list[str],
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
    if db.execute("SELECT 1 FROM chatter_replies WHERE address = ? AND day = ? AND words = ?",
                  (address, day, words)).fetchone():
        return "the same words as a message answered today (an auto-responder?)"
    count = db.execute("SELECT COUNT(*) FROM chatter_replies WHERE address = ? AND day = ?",
                       (address, day)).fetchone()[0]
    if int(count) >= MAX_CHATTER_REPLIES:
        return f"{MAX_CHATTER_REPLIES} replies today that were no game event (help, refusals)"
    db.execute("DELETE FROM chatter_replies WHERE day < ?", (day,))
    db.execute("INSERT INTO chatter_replies (address, day, words) VALUES (?, ?, ?)",
               (address, day, words))
    return None


def _seen(db: sqlite3.Connection, message_id: str | None, digest: str) -> bool:
    if message_id and db.execute("SELECT 1 FROM messages WHERE message_id = ?",
                                 (message_id,)).fetchone():
        return True
    return db.execute("SELECT 1 FROM messages WHERE digest = ?", (digest,)).fetchone() is not None


def _ledger(db: sqlite3.Connection, message_id: str | None, digest: str, sender: str | None,
            outcome: str, detail: str, now: datetime.datetime) -> None:
    db.execute("INSERT INTO messages (message_id, digest, sender, outcome, detail, at) "
               "VALUES (?, ?, ?, ?, ?, ?)", (message_id, digest, sender, outcome,
                                              printable(detail[:500]),
                                              now.isoformat(timespec="seconds")))


def _own_lines(inc: Incoming) -> tuple[list[str], str]:
    """The lines the commands are read from, and why there are none (or ""): the plain-text
    part's; the HTML part's when the plain part holds no command and no ``Move:`` line and the
    HTML part does (a phone's mail, whose plain part is empty or says only "Sent from my
    phone": the two are meant to say the same)."""
    try:
        lines, why = body_lines(inc.message), ""
    except ValueError as exc:
        lines, why = [], str(exc)
    if find_command(inc.subject, lines) is not None or thread_move(lines) is not None:
        return lines, why
    try:
        html = body_lines(inc.message, html=True)
    except ValueError:
        return lines, why
    if html != lines and (find_command("", html) is not None or thread_move(html) is not None):
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
    digest = _content_digest(inc, lines, keys)
    loop = loop_reason(inc, club)
    if loop is not None:
        outcome, line = _once(db, message_id, digest, inc.sender, "ignored",
                              f"no answer: {loop}", now)
        return outcome, f"{where} from {inc.sender}: {line}"
    assert inc.sender is not None
    db.execute("BEGIN IMMEDIATE")
    ctx: Context | None = None
    try:
        if _seen(db, message_id, digest):
            detail = _duplicate(db, message_id, digest, inc.sender, now)
            return "duplicate", f"{where} from {inc.sender}: {detail}"
        player = db.execute("SELECT * FROM players WHERE address = ?",
                            (address_key(inc.sender),)).fetchone()
        found = find_command(inc.subject, lines)
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
                      found[1] if found else [], game_keys, codes, now, thread_move=thread,
                      bare_move=bare and thread, player_keys=player_keys,
                      challenge_keys=challenge_keys)
        db.execute("SAVEPOINT command")
        outcome, detail = _run_command(ctx, found, body_error, lines)
        # a reply to a message that proves no key of its sender is bounded a day: a forged From
        # must not make the referee a mail cannon at a third party
        bounded = bool(ctx.outgoing) and not ctx.carries_proof()
        quiet = bounded and not unproven_reply(db, inc.sender, now, count=False)
        if outcome != "done" or quiet:
            db.execute("ROLLBACK TO command")
        db.execute("RELEASE command")
        if ctx.notes:
            detail = f"{detail} ({'; '.join(ctx.notes)})"
        held = None if quiet or not ctx.outgoing or outcome not in _CHATTER else \
            _chatter_held(db, inc, lines, keys, now)
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
        _ledger(db, message_id, digest, inc.sender, outcome, detail, now)
        for number, text in ctx.records.items():  # the files, then the commit
            row = db.execute("SELECT record FROM games WHERE number = ?", (number,)).fetchone()
            # not synced: the database is the truth; reconcile() puts back a file a crash spoilt
            write_atomic(club.games_dir / str(row["record"]), text.encode("utf-8"), sync=False)
        db.execute("COMMIT")
        return outcome, f"{where} from {inc.sender}: {detail}"
    except Exception as exc:  # a fault of the referee: this message is refused, the inbox goes on
        if db.in_transaction:
            db.execute("ROLLBACK")
        if disk_full(exc):  # not the message's fault: it stays in the inbox for the next run
            with contextlib.suppress(Exception):
                if ctx is not None and ctx.records:
                    reconcile(db, club, list(ctx.records))
            raise DiskFull(club.root, exc) from None
        if ctx is not None and ctx.records:
            reconcile(db, club, list(ctx.records))
        why = f"{type(exc).__name__}: {str(exc)[:200]}"
        db.execute("BEGIN IMMEDIATE")
        _ledger(db, message_id, digest, inc.sender, "error", why, now)
        text_out = text_message(club, inc.sender, f"Not handled: {strip_subject(inc.subject)[:80]}",
                                "The referee could not handle this message (a fault of the "
                                "referee, not of your message); nothing was changed. The "
                                "organiser can see what happened.\n",
                                in_reply_to=message_id, now=now)
        from pbmkit.referee.outgoing import queue

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
    commands = load_commands()
    if found is None:
        if _thread_hint(ctx, lines, ""):
            return "help", "no command in a game's thread: the hint sent"
        ctx.reply(f"Not a command: {strip_subject(ctx.message.subject)[:60]}",
                  _not_a_command(ctx.message.subject, lines, body_error) + help_text(ctx.club))
        return "help", "no command: the help sent"
    name, args = found
    spec = commands[name]
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
        key = _proven_key(ctx)
        forged = f"\n\n{FORGED_NOTE}" if exc.unproven and not ctx.carries_proof() else ""
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
    from pbmkit.notation.problems import printable

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
              key=_proven_key(ctx))
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


def _proven_key(ctx: Context) -> str | None:
    """The sender's key of the message's game, when the message proved it (a refusal's reply then
    carries it, so the player can answer it)."""
    games = sorted({g for g, _ in ctx.game_keys})
    if len(games) != 1:
        return None
    try:
        sides = ctx.proven_sides(games[0])
    except Refusal:
        return None
    return ctx.key_of(games[0], sides[0]) if sides else None


def _duplicate(db: sqlite3.Connection, message_id: str | None, digest: str, sender: str | None,
               now: datetime.datetime) -> str:
    """A message handled before, again (a server's redelivery, a resend): nothing done, but a
    ledger row, so that ``log --outcome duplicate`` and ``status`` show it (inside the open
    transaction, which this commits)."""
    detail = f"handled before ({(message_id or digest)[:60]}): nothing done"
    _ledger(db, message_id, digest, sender, "duplicate", detail, now)
    db.execute("COMMIT")
    return detail


def _once(db: sqlite3.Connection, message_id: str | None, digest: str, sender: str | None,
          outcome: str, detail: str, now: datetime.datetime) -> tuple[str, str]:
    """A ledger row for a message that gets no answer (unless it was handled before)."""
    db.execute("BEGIN IMMEDIATE")
    if _seen(db, message_id, digest):
        return "duplicate", _duplicate(db, message_id, digest, sender, now)
    _ledger(db, message_id, digest, sender, outcome, detail, now)
    db.execute("COMMIT")
    return outcome, detail


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
    if local in _ROBOTS or (domain == own_domain and local.split("+")[0] == own_local):
        return None
    return address if address_key(address) is not None else None


def _unreadable(db: sqlite3.Connection, club: Club, raw: bytes, digest: str, why: str,
                now: datetime.datetime) -> tuple[str, str]:
    """A message that cannot be read: in the ledger; its sender told why in one line when the
    From names one address plainly (:func:`unreadable_sender`), bounded as every reply to a
    message that proves nothing."""
    # only a From that could not be read is told: a message broken otherwise (MIME bounds,
    # NULs in the headers) is a broken or hostile program's, and gets no answer
    to = unreadable_sender(raw, club) if "From" in why else None
    db.execute("BEGIN IMMEDIATE")
    if _seen(db, None, digest):
        return "duplicate", _duplicate(db, None, digest, to, now)
    told = to is not None and unproven_reply(db, to, now)
    _ledger(db, None, digest, to, "unreadable", f"{why}{f'; told {to}' if told else ''}", now)
    if told and to is not None:
        from pbmkit.referee.outgoing import queue

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
    if _seen(db, inc.message_id, digest):
        return "duplicate", _duplicate(db, inc.message_id, digest, inc.sender, now)
    answer = unproven_reply(db, inc.sender, now)  # nothing of it is read: it proves nothing
    _ledger(db, inc.message_id, digest, inc.sender, "oversized",
            "too large; refused" if answer else "too large; no answer (the day's bound of "
            "replies to this address)", now)
    from pbmkit.referee.outgoing import queue

    if answer:
        queue(db, text_message(club, inc.sender, f"Refused: {strip_subject(inc.subject)[:60]}",
                               "Your message is larger than the referee reads "
                               f"({MAX_MESSAGE_BYTES:,} bytes); nothing was done. Write your "
                               "command in a short plain message, without attachments.\n",
                               in_reply_to=inc.message_id, now=now), now)
    db.execute("COMMIT")
    return "oversized", f"from {inc.sender}: too large; refused"


class _Timer:
    """Adds the CPU and wall seconds of each ``with timer(phase):`` to ``timings[phase]``."""

    def __init__(self, timings: dict[str, tuple[float, float]]) -> None:
        self.timings = timings
        self.phase = ""

    def __call__(self, phase: str) -> _Timer:
        self.phase = phase
        return self

    def __enter__(self) -> None:
        self.cpu, self.wall = time.process_time(), time.perf_counter()

    def __exit__(self, *exc: object) -> None:
        cpu, wall = self.timings.get(self.phase, (0.0, 0.0))
        self.timings[self.phase] = (cpu + time.process_time() - self.cpu,
                                    wall + time.perf_counter() - self.wall)


DONE_BATCH = 100
"""Messages handled between two syncs of the database; each sync is followed by marking those
messages done in the inbox (a message is never done before its effect is on the disk)."""


def _mark_done(db: sqlite3.Connection, box: Inbox, keys: list[str]) -> None:
    if not keys:
        return
    make_durable(db)
    for key in keys:
        box.done(key)
    keys.clear()


def run_club(root: str | os.PathLike[str], *, now: Callable[[], datetime.datetime] | None = None,
             clock: Callable[[], float] = time.time, sender: Sender | None = None,
             inbox: Inbox | None = None, send: bool = True, retry_now: bool = False
             ) -> RunReport:
    """One run over the club ``root``: reconcile the records, handle every message of the inbox,
    then send the outbox (``retry_now``: the messages waiting their back-off after a failure
    too). :class:`Busy` when another run holds the lock; :class:`ClubError`, :class:`MailError`
    for a club that cannot be used; :class:`DiskFull` when a write found the disk full."""
    club = load_club(root)
    try:
        return _run_club(club, now=now, clock=clock, sender=sender, inbox=inbox, send=send,
                         retry_now=retry_now)
    except DiskFull:
        raise
    except Exception as exc:  # reconcile, a COMMIT, the outbox: a full disk is one line
        if disk_full(exc):
            raise DiskFull(club.root, exc) from None
        raise


def _run_club(club: Club, *, now: Callable[[], datetime.datetime] | None,
              clock: Callable[[], float], sender: Sender | None, inbox: Inbox | None,
              send: bool, retry_now: bool) -> RunReport:
    report = RunReport()
    failure: MailError | None = None
    with club_lock(club):
        club_key = load_club_key(Path(club.root))
        db = open_db(club.db_path)
        try:
            report.rewritten = reconcile(db, club)
            moment = now() if now is not None else datetime.datetime.now(datetime.UTC)
            behind = _clock_behind(db, club, moment)
            expire_signups(db, moment)
            if behind is not None:
                report.problems.append(behind)
            timer = _Timer(report.timings)
            try:
                _take_inbox(db, club, club_key, inbox, now, report, timer)
            except MailError as exc:  # the inbox failed: what it handed out is handled, the
                failure = exc         # clocks and the outbox go on; the run fails after them
            from pbmkit.referee.reminders import check_clocks

            with timer("clocks"):
                moment = now() if now is not None else datetime.datetime.now(datetime.UTC)
                report.notices = check_clocks(db, club, club_key, moment,
                                              problems=report.problems)
            if send:
                password = None
                if club.smtp is not None and club.smtp.user:
                    password = read_password(club.smtp)
                if retry_now:  # the organiser mended the server: no waiting out the back-off
                    db.execute("UPDATE outbox SET next_try = 0 WHERE sent IS NULL")
                with timer("sending"):
                    report.send = send_due(db, club, password, clock=clock, sender=sender)
                report.timings.update(report.send.timings)
            _note_run(db, now, report, failure)
        finally:
            db.close()
    if failure is not None:
        raise InboxFailed(str(failure), report)
    return report


_CLOCK_HIGH = "clock_high"
"""The ``club_state`` row holding the latest time a run saw (ISO 8601, UTC)."""
_CLOCK_WARNED = "clock_warned"
"""The ``club_state`` row holding the ``clock_high`` the organiser was told the clock is behind."""


def _clock_behind(db: sqlite3.Connection, club: Club, moment: datetime.datetime) -> str | None:
    """A line when the machine's clock is more than an hour behind the latest time a run saw (a
    clock set back): the organiser is mailed once about it; the moves keep their records' dates
    (:func:`pbmkit.referee.commands.latest_date`)."""
    db.execute("BEGIN IMMEDIATE")
    try:
        row = db.execute("SELECT value FROM club_state WHERE key = ?", (_CLOCK_HIGH,)).fetchone()
        high = datetime.datetime.fromisoformat(str(row[0])) if row else None
        if high is None or moment > high:
            db.execute("INSERT OR REPLACE INTO club_state (key, value) VALUES (?, ?)",
                       (_CLOCK_HIGH, moment.isoformat(timespec="seconds")))
            return None
        if moment >= high - datetime.timedelta(hours=1):
            return None
        line = (f"the machine's clock says {moment:%Y-%m-%d %H:%M} UTC, before the latest time "
                f"a run saw ({high:%Y-%m-%d %H:%M} UTC): was it set back? No move is dated "
                "before its record's last date; set the clock right")
        warned = db.execute("SELECT value FROM club_state WHERE key = ?",
                            (_CLOCK_WARNED,)).fetchone()
        if club.organiser and (warned is None or str(warned[0]) != str(row[0])):
            from pbmkit.referee.outgoing import queue

            queue(db, text_message(club, club.organiser, f"{club.name}: the referee's clock is "
                                   "behind", f"The referee of {club.name}: {line}.\n", now=moment),
                  moment)
            db.execute("INSERT OR REPLACE INTO club_state (key, value) VALUES (?, ?)",
                       (_CLOCK_WARNED, str(row[0])))
        return line
    finally:
        db.execute("COMMIT")


def _note_run(db: sqlite3.Connection, now: Callable[[], datetime.datetime] | None,
              report: RunReport, failure: MailError | None) -> None:
    """Write when this run ended and what it did where ``pbmkit referee status`` reads it."""
    moment = now() if now is not None else datetime.datetime.now(datetime.UTC)
    value = {"at": moment.isoformat(timespec="seconds"), "summary": report.summary()}
    if failure is not None:
        value["inbox_failed"] = str(failure)[:500]
    db.execute("INSERT OR REPLACE INTO club_state (key, value) VALUES (?, ?)",
               (LAST_RUN_KEY, json.dumps(value)))


def _take_inbox(db: sqlite3.Connection, club: Club, club_key: bytes, inbox: Inbox | None,
                now: Callable[[], datetime.datetime] | None, report: RunReport,
                timer: _Timer) -> None:
    """Handle every message of the inbox; :class:`MailError` when the inbox fails (opening it,
    listing or reading a message, marking one done): the messages handled before are committed
    (and marked done where the inbox still can)."""
    box = inbox if inbox is not None else open_inbox(club)
    handled: list[str] = []
    try:
        messages = box.messages()
        while True:
            with timer("inbox"):
                item = next(messages, None)
            if item is None:
                break
            with timer("handling"):
                moment = now() if now is not None else datetime.datetime.now(datetime.UTC)
                outcome, line = handle_message(db, club, club_key, item, moment)
            report.outcomes[outcome] += 1
            report.lines.append(printable(f"{outcome}: {line}"))
            handled.append(item.key)
            if len(handled) >= DONE_BATCH:
                with timer("inbox"):
                    _mark_done(db, box, handled)
        with timer("inbox"):
            _mark_done(db, box, handled)
    except MailError:
        with contextlib.suppress(MailError):  # the ledger skips them next time anyway
            _mark_done(db, box, handled)
        raise
    finally:
        box.close()
