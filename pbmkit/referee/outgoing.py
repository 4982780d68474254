"""The referee's outgoing mail: messages made, queued in the outbox, sent by SMTP with back-off.

Every message is queued in the ``outbox`` table in the same transaction as the effect of the
message it answers, then sent by :func:`send_due` once the inbox is done. A message's
``Message-ID`` is made when it is queued and is part of its stored bytes, so a second sending of
the same row (after a send that may have gone through) is the same message to the player's mail
client. A send that fails is tried again after 1, 2, 4 ... minutes (at most six hours apart);
``MaybeSent`` (the server took the data but its answer never came) is marked and tried again: a
player may then get a copy twice, never none (docs/referee.md, "Delivery").
"""

from __future__ import annotations

import datetime
import email
import email.policy
import json
import re
import sqlite3
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import format_datetime
from typing import Any

from pbmkit.mail.compose import body_text, header_text, mail_facts, move_label
from pbmkit.mail.files import MailError
from pbmkit.mail.smtp import MaybeSent, SmtpConfig, send_message
from pbmkit.notation.replay import GameReplay, Ply
from pbmkit.referee.club import Club

__all__ = ["BOARD_WIDTH", "MAX_BACKOFF", "Outgoing", "SendReport", "add_board", "board_message",
           "draw_board", "queue", "send_due", "text_message"]

MAX_BACKOFF = 6 * 3600.0
"""The longest wait between two tries of one message (seconds)."""

BOARD_WIDTH = 960
"""The board picture's width in pixels (shown at 480 CSS pixels: sharp on phones)."""


@dataclass(frozen=True, slots=True)
class Outgoing:
    """A message to queue: its recipient, subject and bytes."""

    recipient: str
    subject: str
    message: EmailMessage
    board: tuple[int, int] | None = None
    """The board picture to add when the message is sent: (game, plies): the board of game
    ``game`` after its first ``plies`` main-line moves, as the HTML part's ``cid:`` names it."""


def _sender(club: Club, key: str | None) -> Address:
    local, _, domain = club.address.rpartition("@")
    return Address(header_text(f"{club.name} referee", 80),
                   f"{local}+{key}" if key else local, domain)


def _base(club: Club, to: str, subject: str, key: str | None, in_reply_to: str | None,
          now: datetime.datetime) -> EmailMessage:
    msg = EmailMessage(policy=email.policy.SMTP)
    msg["From"] = _sender(club, key)
    msg["To"] = to
    full = f"{subject} [{key}]" if key else subject
    msg["Subject"] = header_text(full, 300)
    msg["Date"] = format_datetime(now)
    msg["Message-ID"] = f"<pbmkit.referee.{uuid.uuid4().hex}@{club.domain}>"
    msg["Auto-Submitted"] = "auto-replied" if in_reply_to else "auto-generated"
    # RFC 3834: a vacation responder does not answer; no Precedence: bulk (some servers drop it)
    if in_reply_to:
        msg["In-Reply-To"] = in_reply_to
        msg["References"] = in_reply_to
    return msg


def text_message(club: Club, to: str, subject: str, text: str, *, key: str | None = None,
                 in_reply_to: str | None = None, now: datetime.datetime | None = None) -> Outgoing:
    """A plain-text message from the referee (``referee+KEY@`` when ``key`` is given, and the key
    in the subject) to ``to``."""
    now = now or datetime.datetime.now(datetime.UTC)
    msg = _base(club, to, subject, key, in_reply_to, now)
    msg.set_content(text if text.endswith("\n") else text + "\n", cte="quoted-printable")
    return Outgoing(to, str(msg["Subject"]), msg)


@dataclass
class BoardCache:
    """The board pictures drawn during one pass over the outbox, by game and plies: every player
    of a game gets the same picture of a move, drawn once."""

    pictures: dict[tuple[int, int], bytes] = field(default_factory=dict)


def board_cid(club: Club, number: int, plies: int) -> str:
    """The Content-ID of the picture of game ``number`` after ``plies`` moves."""
    return f"board.g{number}.p{plies}@{club.domain}"


def board_message(club: Club, to: str, key: str | None, replay: GameReplay, ply: Ply | None,
                  intro: list[str], *, number: int, status: str,
                  now: datetime.datetime | None = None,
                  in_reply_to: str | None = None, shared: dict[str, Any] | None = None) -> Outgoing:
    """The message of a game's move to one of its players: ``intro`` lines (whose turn, the
    deadline, how to answer), then the move, the move list and the board as ``mail compose``
    writes them; as text, and as HTML whose board picture (an inline PNG) is added when the
    message is sent (:func:`send_due`), unless the club's ``pictures`` is false. ``shared``: a
    dictionary kept between the messages of one move to its players (what they say alike is
    made once)."""
    from pbmkit.mail.html_body import body_html
    from pbmkit.render.png import position_words
    from pbmkit.render.svg import board_picture
    from pbmkit.render.terminal import board_text

    now = now or datetime.datetime.now(datetime.UTC)
    game = replay.game
    assert game is not None
    title = f"{game.title} #{number}"
    players = [replay.record.tags.get(t, "") for t in game.side_tags]
    shared = {} if shared is None else shared
    if ply is not None:
        subject = f"{title}, {move_label(replay, ply)} {ply.text}: {status}"
        if "facts" not in shared:
            shared["facts"] = mail_facts(replay, ply, today=now.date())
            shared["body"] = body_text(replay, ply, today=now.date(), facts=shared["facts"])
        facts = shared["facts"]
        text = "\n".join(intro) + "\n\n" + shared["body"]
        position, last_move, caption = ply.after, ply.move, facts.move
    else:
        subject = f"{title}: {status}"
        position, last_move, caption = replay.start if replay.start is not None else \
            replay.final, None, "the start"
        text = "\n".join([*intro, "", board_text(game, position, players=players), "",
                          f"{game.side_to_move(position).capitalize()} to move."]) + "\n"
        facts = None
    msg = _base(club, to, subject, key, in_reply_to, now)
    msg.set_content(text, cte="quoted-printable")
    plies = replay.main.index(ply) + 1 if ply is not None else 0
    board: tuple[int, int] | None = None
    cid: str | None = None
    alt = ""
    size = (0, 0)
    if club.pictures:
        if "size" not in shared:
            drawing, _ = board_picture(game, position, last_move=last_move, players=players)
            shared["size"] = (BOARD_WIDTH, round(drawing.height * BOARD_WIDTH / drawing.width))
        size = shared["size"]
        cid = board_cid(club, number, plies)
        board = (number, plies)
        alt = f"{game.title} board after {caption}. {position_words(game, position)}"
    intro_html = "".join(f'<p style="margin:0 0 6px 0">{_escape(line)}</p>'
                         for line in intro if line)
    if facts is not None:
        html_text = body_html(facts, image_cid=cid, alt=alt, image_size=size)
        html_text = re.sub(r"<body[^>]*>", lambda m: m.group(0) + intro_html, html_text, count=1)
    else:
        picture = (f'<p><img src="cid:{_escape(cid)}" alt="{_escape(alt)}" width="480"></p>'
                   if cid else "")
        html_text = f'<!DOCTYPE html>\n<html><body>{intro_html}{picture}</body></html>\n'
    msg.add_alternative(html_text, subtype="html", cte="quoted-printable")
    return Outgoing(to, str(msg["Subject"]), msg, board)


def add_board(msg: EmailMessage, png: bytes, cid: str, number: int) -> None:
    """Add the board picture to the HTML part of ``msg`` (a ``multipart/related`` part)."""
    part = next((p for p in msg.walk() if p.get_content_type() == "text/html"), None)
    if part is None or not isinstance(part, EmailMessage):
        return
    part.add_related(png, maintype="image", subtype="png", cid=f"<{cid}>",
                     filename=f"game-{number}-board.png", disposition="inline")


def draw_board(db: sqlite3.Connection, number: int, plies: int) -> bytes | None:
    """The PNG of game ``number``'s board after ``plies`` main-line moves, from the record the
    database holds (None if there is no such game or move)."""
    from pbmkit.notation.replay import check_text
    from pbmkit.render.png import board_png

    row = db.execute("SELECT record, text FROM games WHERE number = ?", (number,)).fetchone()
    if row is None:
        return None
    replays = check_text(str(row["text"]), str(row["record"]))
    if len(replays) != 1 or replays[0].game is None or plies > len(replays[0].main):
        return None
    rep = replays[0]
    game = rep.game
    assert game is not None
    players = [rep.record.tags.get(t, "") for t in game.side_tags]
    if plies == 0:
        return board_png(game, rep.start if rep.start is not None else rep.final,
                         players=players, width_px=BOARD_WIDTH)
    ply = rep.main[plies - 1]
    return board_png(game, ply.after, last_move=ply.move, players=players, width_px=BOARD_WIDTH)


def _escape(text: str) -> str:
    import html

    return html.escape("".join(ch for ch in text if ch >= " "), quote=True)


def queue(db: sqlite3.Connection, out: Outgoing, now: datetime.datetime) -> int:
    """Put ``out`` in the outbox (inside the caller's transaction); its row id."""
    data = out.message.as_bytes(policy=email.policy.SMTP)
    board = json.dumps({"game": out.board[0], "plies": out.board[1]}) if out.board else None
    cur = db.execute("INSERT INTO outbox (recipient, subject, data, made, next_try, board) "
                     "VALUES (?, ?, ?, ?, 0, ?)", (out.recipient, out.subject[:300], data,
                                                   now.isoformat(timespec="seconds"), board))
    return int(cur.lastrowid or 0)


@dataclass
class SendReport:
    """What one pass over the outbox did."""

    sent: int = 0
    failed: int = 0
    maybe: int = 0
    waiting: int = 0
    errors: list[str] = field(default_factory=list)


Sender = Callable[[EmailMessage, SmtpConfig, "str | None"], None]


def backoff(attempts: int) -> float:
    """Seconds before the next try after ``attempts`` failed tries: 60, 120, 240 ... 6 hours."""
    return float(min(60.0 * 2.0 ** max(attempts - 1, 0), MAX_BACKOFF))


def send_due(db: sqlite3.Connection, club: Club, password: str | None, *,
             clock: Callable[[], float] = time.time, sender: Sender = send_message,
             limit: int | None = None) -> SendReport:
    """Send the outbox's messages that are due (oldest first); each row is marked sent (its
    bytes dropped) in its own transaction right after the server took it. A failure keeps the
    row and sets its next try (:func:`backoff`); when the server cannot be reached at all the
    pass stops (the rest wait for the next run). A move's board picture is drawn here, once for
    every player of the game (the same bytes on every try)."""
    smtp = club.smtp
    report = SendReport()
    if smtp is None and club.outbox_folder is None:
        report.waiting = int(db.execute("SELECT count(*) FROM outbox WHERE sent IS NULL")
                             .fetchone()[0])
        if report.waiting:
            report.errors.append("no [smtp] table in club.toml: the outbox keeps "
                                 f"{report.waiting} message(s)")
        return report
    now = clock()
    cache = BoardCache()
    rows = db.execute("SELECT id, data, attempts, board FROM outbox WHERE sent IS NULL AND next_try <= ? "
                      "ORDER BY id" + (f" LIMIT {int(limit)}" if limit else ""), (now,)).fetchall()
    for row in rows:
        msg = email.message_from_bytes(row["data"], _class=EmailMessage, policy=email.policy.SMTP)
        assert isinstance(msg, EmailMessage)
        if row["board"]:
            spec = json.loads(row["board"])
            slot = (int(spec["game"]), int(spec["plies"]))
            if slot not in cache.pictures:
                if len(cache.pictures) > 64:
                    cache.pictures.clear()
                png = draw_board(db, *slot)
                if png is not None:
                    cache.pictures[slot] = png
            if slot in cache.pictures:
                add_board(msg, cache.pictures[slot], board_cid(club, *slot), slot[0])
        try:
            if club.outbox_folder is not None:
                _to_folder(club, int(row["id"]), msg)
            else:
                assert smtp is not None
                sender(msg, smtp, password)
        except MaybeSent as exc:
            report.maybe += 1
            _failed(db, row, clock(), str(exc), maybe=True)
            report.errors.append(f"message {row['id']}: {exc}")
            continue
        except MailError as exc:
            report.failed += 1
            _failed(db, row, clock(), str(exc))
            report.errors.append(f"message {row['id']}: {exc}")
            if "cannot reach" in str(exc) or "did not answer" in str(exc):
                break  # the server is down: the rest wait for the next run
            continue
        db.execute("UPDATE outbox SET sent = ?, data = X'', error = NULL WHERE id = ?",
                   (datetime.datetime.fromtimestamp(clock(), datetime.UTC)
                    .isoformat(timespec="seconds"), row["id"]))
        report.sent += 1
    report.waiting = int(db.execute("SELECT count(*) FROM outbox WHERE sent IS NULL")
                         .fetchone()[0])
    return report


def _to_folder(club: Club, number: int, msg: EmailMessage) -> None:
    """Write ``msg`` to the club's ``[outbox] folder`` as ``000012.eml`` (instead of SMTP)."""
    from pbmkit.referee.club import write_atomic

    folder = club.outbox_folder
    assert folder is not None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_atomic(folder / f"{number:06d}.eml", msg.as_bytes(policy=email.policy.SMTP))
    except OSError as exc:
        raise MailError(f"cannot write to {folder}: {exc.strerror or exc}; the message was not "
                        "sent") from None


def _failed(db: sqlite3.Connection, row: Any, now: float, why: str, *, maybe: bool = False) -> None:
    attempts = int(row["attempts"]) + 1
    db.execute("UPDATE outbox SET attempts = ?, next_try = ?, error = ?, "
               "maybe_sent = maybe_sent + ? WHERE id = ?",
               (attempts, now + backoff(attempts), why[:500], 1 if maybe else 0, row["id"]))
