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
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from email import quoprimime
from email.header import Header
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import format_datetime
from typing import Any, Protocol

from pbmkit.mail.compose import body_text, header_text, mail_facts, move_label
from pbmkit.mail.files import MailError
from pbmkit.mail.smtp import MaybeSent
from pbmkit.records.replay import GameReplay, Ply
from pbmkit.referee.club import Club, is_robot_address
from pbmkit.referee.pictures import BOARD_WIDTH
from pbmkit.web.page import escape_html

__all__ = ["BOARD_WIDTH", "MAX_BACKOFF", "Outgoing", "SendReport", "add_board", "board_message",
           "draw_board", "last_queued", "queue", "queued_since", "retry_all", "send_due",
           "text_message"]

MAX_BACKOFF = 6 * 3600.0
"""The longest wait between two tries of one message (seconds)."""


@dataclass(frozen=True, slots=True)
class Outgoing:
    """A message to queue: its recipient, subject and bytes (as sent, the board picture
    excepted)."""

    recipient: str
    subject: str
    data: bytes
    board: tuple[int, int] | None = None
    """The board picture to add when the message is sent: (game, plies): the board of game
    ``game`` after its first ``plies`` main-line moves, as the HTML part's ``cid:`` names it."""
    board_at: int | None = None
    """Where in ``data`` the picture's part goes (the end of the HTML's ``multipart/related``)."""


# The referee's messages are written as bytes here (headers, quoted-printable text, MIME
# boundaries), not through EmailMessage and the SMTP policy's header objects: those cost about
# 5 ms a message, most of a move's handling without its picture (docs/referee.md, "Load"). What
# is written is what the SMTP policy writes: CRLF lines, headers folded at 78 columns (a header
# that is not plain printable ASCII goes through the policy itself: encoded words), text parts
# quoted-printable in UTF-8 as ``set_content(cte="quoted-printable")`` encodes them.

_CRLF = "\r\n"
_FOLD = 78


def _fold_ascii(line: str, name_end: int) -> str | None:
    """``line`` folded at spaces into lines of at most 78 characters (CRLF ended); None when a
    word is too long to fit a line of 998."""
    out: list[str] = []
    while len(line) > _FOLD:
        first = name_end + 1 if not out else 1
        cut = line.rfind(" ", first, _FOLD + 1)
        while cut > 0 and line[cut - 1] == " ":  # never a line of white space alone
            cut -= 1
        if cut <= first:
            cut = line.find(" ", _FOLD + 1)
            if cut < 0:
                break
        out.append(line[:cut])
        line = line[cut:]
    out.append(line)
    if any(len(piece) > 998 for piece in out):
        return None
    return _CRLF.join(out) + _CRLF


_BARE_BREAK = re.compile(r"\r\n(?![ \t])|\r(?!\n)|(?<!\r)\n")
_MESSAGE_ID = re.compile(r"<[!-;=?-~]{1,250}>")
"""A Message-ID a reply may name (In-Reply-To, References): one ``<...>`` of printable ASCII."""


def _header(name: str, value: str) -> str:
    """The header ``name: value`` as the SMTP policy writes it (CRLF ended, folded).

    A subject holding ``=?`` (a player's words echoed back may spell an encoded word, e.g.
    ``=?utf-8?q?=0D=0ACc:_x@example.org?=``) is encoded whole as UTF-8 encoded words, so that
    it reads back as written: the policy's header objects would decode such a word, and their
    ``fold`` writes what it decoded, line breaks included, as new header lines."""
    if value.isascii() and value.isprintable() and "=?" not in value:
        line = f"{name}: {value}"
        if len(line) <= _FOLD:
            return line + _CRLF
        folded = _fold_ascii(line, len(name) + 1)
        if folded is not None:
            return folded
    if "=?" in value and name.lower() == "subject":
        text = Header(value, "utf-8", header_name=name).encode(linesep=_CRLF, maxlinelen=_FOLD)
        written = f"{name}: {text}{_CRLF}"
    else:
        policy = email.policy.SMTP
        written = str(policy.header_factory(name, value).fold(policy=policy))
    if _BARE_BREAK.search(written[:-2]):  # never a header line the value made
        raise ValueError(f"the {name} header would break into lines of its own")
    return written


def _reply_id(message_id: str | None) -> str | None:
    """The Message-ID of the message answered, as In-Reply-To and References carry it: one
    ``<...>`` of printable ASCII without spaces, else None (a reply then names none)."""
    if message_id is None:
        return None
    text = message_id.strip()
    return text if _MESSAGE_ID.fullmatch(text) else None


def _sender(club: Club, key: str | None) -> str:
    local, _, domain = club.address.rpartition("@")
    return str(Address(header_text(f"{club.name} referee", 80),
                       f"{local}+{key}" if key else local, domain))


def _head(club: Club, to: str, subject: str, key: str | None, in_reply_to: str | None,
          now: datetime.datetime) -> tuple[str, str]:
    """The message's own headers (From ... References) and its subject as written: the key is
    in the From address (``referee+g12.<key>@``), which a reply goes back to, and not in the
    subject (issue 39: a subject is for people)."""
    full = header_text(subject, 300)
    parts = [_header("From", _sender(club, key)), _header("To", to), _header("Subject", full),
             _header("Date", format_datetime(now)),
             _header("Message-ID", f"<pbmkit.referee.{uuid.uuid4().hex}@{club.domain}>"),
             # RFC 3834: a vacation responder does not answer; no Precedence: bulk (some
             # servers drop it)
             _header("Auto-Submitted", "auto-replied" if in_reply_to else "auto-generated")]
    answered = _reply_id(in_reply_to)
    if answered is not None:  # checked: written as it is, never read as encoded words
        parts += [f"In-Reply-To: {answered}{_CRLF}", f"References: {answered}{_CRLF}"]
    return "".join(parts), full


def _qp(text: str) -> str:
    """``text`` in UTF-8, quoted-printable, CRLF lines (as ``set_content`` encodes it)."""
    lines = text.encode("utf-8").splitlines()
    body = (b"\n".join(lines) + b"\n").decode("latin-1")
    return quoprimime.body_encode(body, _FOLD).replace("\n", _CRLF)


_TEXT_PART = ('Content-Type: text/{}; charset="utf-8"' + _CRLF
              + "Content-Transfer-Encoding: quoted-printable" + _CRLF)


def _boundary(*parts: str) -> str:
    while True:
        boundary = f"=_pbmkit_{uuid.uuid4().hex}"
        if not any(boundary in part for part in parts):
            return boundary


def text_message(club: Club, to: str, subject: str, text: str, *, key: str | None = None,
                 in_reply_to: str | None = None, now: datetime.datetime | None = None) -> Outgoing:
    """A plain-text message from the referee (``referee+KEY@`` when ``key`` is given) to ``to``."""
    now = now or datetime.datetime.now(datetime.UTC)
    head, full = _head(club, to, subject, key, in_reply_to, now)
    body = _qp(text if text.endswith("\n") else text + "\n")
    data = (head + _TEXT_PART.format("plain") + "MIME-Version: 1.0" + _CRLF + _CRLF + body)
    return Outgoing(to, full, data.encode("ascii"))


def board_cid(club: Club, number: int, plies: int) -> str:
    """The Content-ID of the picture of game ``number`` after ``plies`` moves."""
    return f"board.g{number}.p{plies}@{club.domain}"


def board_message(club: Club, to: str, key: str | None, replay: GameReplay, ply: Ply | None,
                  intro: list[str], *, number: int, status: str,
                  now: datetime.datetime | None = None, turn: Sequence[str] | None = None,
                  in_reply_to: str | None = None, shared: dict[str, Any] | None = None) -> Outgoing:
    """The message of a game's move to one of its players: ``intro`` lines (what happened: a game
    starts, a draw is offered), the game's title, the move and the board, then ``turn`` (whose
    turn it is, by when, and to the player to move how to reply, with one example), then the
    move list, as ``mail compose`` writes them; as text, and as HTML whose board picture (an
    inline PNG) is added when the message is sent (:func:`send_due`), unless the club's
    ``pictures`` is false. ``shared``: a dictionary kept between the messages of one move to its
    players (what they say alike is made once)."""
    from pbmkit.mail.html_body import INTRO_SLOT, PAGE_STYLE, TURN_SLOT, body_html
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
        facts = shared["facts"]
        body = body_text(replay, ply, today=now.date(), facts=facts, turn=turn,
                         reply="" if turn is not None else None)
        text = ("\n".join(intro) + "\n\n" if intro else "") + body
        position, last_move, caption = ply.after, ply.move, facts.move
    else:
        subject = f"{title}: {status}"
        position, last_move, caption = replay.start if replay.start is not None else \
            replay.final, None, "the start"
        text = "\n".join([*intro, "", board_text(game, position, players=players), "",
                          *(turn if turn is not None else
                            [f"{game.side_to_move(position).capitalize()} to move."])]) + "\n"
        facts = None
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
    intro_html = "".join(f'<p style="margin:0 0 6px 0">{escape_html(line)}</p>'
                         for line in intro if line)
    if intro_html:  # set off from the move's own page below
        intro_html = f'<div style="margin:0 0 14px 0">{intro_html}</div>'
    said = list(turn) if turn is not None else [facts.status if facts is not None else
                                                  f"{game.side_to_move(position).capitalize()} to move."]
    turn_html = "".join(f'<p style="margin:{"12px" if k == 0 else "0"} 0 6px 0;font-size:'
                        f'{"18px;font-weight:bold" if k == 0 else "15px"}">{escape_html(line)}</p>'
                        for k, line in enumerate(said) if line)
    if facts is not None:
        if "html" not in shared:  # the same for every player but for the intro and the turn
            shared["html"] = body_html(facts, image_cid=cid, alt=alt, image_size=size,
                                       intro_slot=True)
        html_text = shared["html"].replace(INTRO_SLOT, intro_html, 1).replace(TURN_SLOT,
                                                                              turn_html, 1)
    else:
        picture = (f'<p><img src="cid:{escape_html(cid)}" alt="{escape_html(alt)}" width="480"></p>'
                   if cid else "")
        html_text = (f'<!DOCTYPE html>\n<html><body style="margin:0;padding:0">'
                     f'<div style="{PAGE_STYLE}">{intro_html}{picture}{turn_html}</div>'
                     '</body></html>\n')
    head, full = _head(club, to, subject, key, in_reply_to, now)
    text_qp, html_qp = _qp(text), _qp(html_text)
    outer = _boundary(text_qp, html_qp)
    html_part = _TEXT_PART.format("html") + _CRLF + html_qp
    if board is not None:  # the picture's part goes at the end of the related part, when sent
        inner = _boundary(text_qp, html_qp, outer)
        html_part = (f'Content-Type: multipart/related; boundary="{inner}"{_CRLF}{_CRLF}'
                     f"--{inner}{_CRLF}{html_part}{_CRLF}--{inner}--{_CRLF}")
    data = (f'{head}MIME-Version: 1.0{_CRLF}Content-Type: multipart/alternative; '
            f'boundary="{outer}"{_CRLF}{_CRLF}'
            f"--{outer}{_CRLF}{_TEXT_PART.format('plain')}{_CRLF}{text_qp}{_CRLF}"
            f"--{outer}{_CRLF}{html_part}{_CRLF}--{outer}--{_CRLF}").encode("ascii")
    at = data.rindex(f"{_CRLF}--{inner}--".encode("ascii")) if board is not None else None
    return Outgoing(to, full, data, board, at)


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
    from pbmkit.referee.pictures import draw_record

    row = db.execute("SELECT record, text FROM games WHERE number = ?", (number,)).fetchone()
    if row is None:
        return None
    return draw_record(str(row["text"]), str(row["record"]), plies)


def board_base64(png: bytes) -> bytes:
    """The picture's bytes as its MIME part carries them: base64, lines of 76, CRLF ended."""
    import base64

    return base64.encodebytes(png).replace(b"\n", b"\r\n")


def board_part(encoded: bytes, cid: str, number: int, boundary: bytes) -> bytes:
    """The MIME part of the board picture (``encoded``: :func:`board_base64`), opened by
    ``boundary`` (what :meth:`EmailMessage.add_related` writes)."""
    return (b"\r\n--" + boundary + b"\r\nContent-Type: image/png\r\n"
            b"Content-Transfer-Encoding: base64\r\n"
            b'Content-Disposition: inline; filename="game-' + str(number).encode("ascii")
            + b'-board.png"\r\nContent-ID: <' + cid.encode("ascii") + b">\r\n\r\n"
            + encoded)


def queue(db: sqlite3.Connection, out: Outgoing, now: datetime.datetime) -> int:
    """Put ``out`` in the outbox (inside the caller's transaction); its row id (0: none, for a
    robot player, to whom nothing is sent)."""
    if is_robot_address(out.recipient):
        return 0
    board = None
    if out.board is not None:
        spec: dict[str, int] = {"game": out.board[0], "plies": out.board[1]}
        if out.board_at is not None:
            spec["at"] = out.board_at
        board = json.dumps(spec)
    cur = db.execute("INSERT INTO outbox (recipient, subject, data, made, next_try, board) "
                     "VALUES (?, ?, ?, ?, 0, ?)", (out.recipient, out.subject[:300], out.data,
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
    timings: dict[str, tuple[float, float]] = field(default_factory=dict)
    """``pictures``: CPU and wall seconds this process spent on the board pictures (drawing
    them, or waiting for the pool's); ``drawing``: the pool's processes' CPU seconds (both)."""


class Sender(Protocol):
    """Hands one message's bytes to the mail server (:class:`pbmkit.mail.smtp.SmtpSession`)."""

    def __call__(self, data: bytes, from_addr: str, to_addrs: Sequence[str], /) -> None: ...


def backoff(attempts: int) -> float:
    """Seconds before the next try after ``attempts`` failed tries: 60, 120, 240 ... 6 hours."""
    return float(min(60.0 * 2.0 ** max(attempts - 1, 0), MAX_BACKOFF))


def last_queued(db: sqlite3.Connection) -> int:
    """The number of the last message put in the outbox (0: none yet)."""
    return int(db.execute("SELECT COALESCE(MAX(id), 0) FROM outbox").fetchone()[0])


def queued_since(db: sqlite3.Connection, last: int) -> list[tuple[str, str]]:
    """The recipient and subject of every message put in the outbox after message ``last``."""
    return [(str(r[0]), str(r[1])) for r in db.execute(
        "SELECT recipient, subject FROM outbox WHERE id > ? ORDER BY id", (last,))]


def retry_all(db: sqlite3.Connection) -> None:
    """Make every message waiting its back-off after a failure due now (``referee run
    --retry-now``: the organiser mended the server)."""
    db.execute("UPDATE outbox SET next_try = 0 WHERE sent IS NULL")


def send_due(db: sqlite3.Connection, club: Club, password: str | None, *,
             clock: Callable[[], float] = time.time, sender: Sender | None = None,
             limit: int | None = None, workers: int | None = None) -> SendReport:
    """Send the outbox's messages that are due (oldest first), through one SMTP connection
    (``sender``: instead of the club's server); each row is marked sent (its bytes dropped) in
    its own transaction right after the server took it. A failure keeps the row and sets its
    next try (:func:`backoff`); when the server cannot be reached at all the pass stops (the
    rest wait for the next run). A move's board picture is drawn here, once for every player of
    the game (the same bytes on every try), ahead of the sending in a pool of ``workers``
    processes (:class:`pbmkit.referee.pictures.Painter`); a picture that cannot be drawn is left
    out of its messages (an error line says so) and the sending goes on."""
    from pbmkit.mail.smtp import SmtpSession
    from pbmkit.referee.pictures import Painter

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
    # the rows' bytes are read one at a time: a long outbox is not held in memory
    rows = db.execute("SELECT id, attempts, board, recipient FROM outbox WHERE sent IS NULL AND "
                      "next_try <= ? ORDER BY id" + (f" LIMIT {int(limit)}" if limit else ""),
                      (now,)).fetchall()
    specs = {int(r["id"]): json.loads(r["board"]) for r in rows if r["board"]}
    painter = Painter(db, [(int(b["game"]), int(b["plies"])) for b in specs.values()],
                      workers=workers)
    encoded: dict[tuple[int, int], bytes] = {}  # a move's picture in base64, for its players
    session: SmtpSession | None = None
    if sender is None and club.outbox_folder is None:
        assert smtp is not None
        session = SmtpSession(smtp, password)
        sender = session.send
    try:
        for row in rows:
            got = db.execute("SELECT data FROM outbox WHERE id = ?", (row["id"],)).fetchone()
            data = bytes(got["data"])
            spec = specs.get(int(row["id"]))
            if spec is not None:
                slot = (int(spec["game"]), int(spec["plies"]))
                cpu, wall = time.process_time(), time.perf_counter()
                png = painter.picture(slot)
                waited = report.timings.get("pictures", (0.0, 0.0))
                report.timings["pictures"] = (waited[0] + time.process_time() - cpu,
                                              waited[1] + time.perf_counter() - wall)
                if slot in painter.failed:
                    report.errors.append(
                        f"message {row['id']}: the board of game {slot[0]} after {slot[1]} "
                        f"move(s) could not be drawn ({painter.failed[slot]}); sent without it")
                if png is not None:
                    if slot not in encoded:
                        if len(encoded) >= 8:
                            encoded.clear()
                        encoded[slot] = board_base64(png)
                    data = _with_board(data, spec, png, encoded[slot], board_cid(club, *slot),
                                       slot[0])
            try:
                if club.outbox_folder is not None:
                    _to_folder(club, int(row["id"]), data)
                else:
                    assert sender is not None
                    sender(data, *_envelope(data, str(row["recipient"])))
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
    finally:
        import resource

        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        painter.close()
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if painter.used_pool:
            drawn = (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
            report.timings["drawing"] = (drawn, drawn)
        if session is not None:
            session.close()
    report.waiting = int(db.execute("SELECT count(*) FROM outbox WHERE sent IS NULL")
                         .fetchone()[0])
    return report


def _with_board(data: bytes, spec: dict[str, Any], png: bytes, encoded: bytes, cid: str,
                number: int) -> bytes:
    """``data`` with the board picture in its HTML part's ``multipart/related`` part (at the
    place the row's ``at`` names; a row queued before it was named is read and written again)."""
    at = spec.get("at")
    if isinstance(at, int) and data[at:at + 4] == b"\r\n--" and data.endswith(b"--\r\n"):
        end = data.index(b"--\r\n", at + 4)
        boundary = data[at + 4:end]
        return data[:at] + board_part(encoded, cid, number, boundary) + data[at:]
    msg = email.message_from_bytes(data, _class=EmailMessage, policy=email.policy.SMTP)
    assert isinstance(msg, EmailMessage)
    add_board(msg, png, cid, number)
    return msg.as_bytes(policy=email.policy.SMTP)


_FROM_LINE = re.compile(rb"From: [^\r\n<>]*<([!-;=?-~]{1,300})>\r\n(?![ \t])")
_PLAIN_ADDRESS = re.compile(r"[!#-'*+\-./0-9=?A-Z^-~]{1,200}@[A-Za-z0-9.\-]{1,200}")


def _envelope(data: bytes, recipient: str) -> tuple[str, list[str]]:
    """The envelope of a message's bytes: its From address, and its To and Cc addresses (as
    ``smtplib`` takes them from a message's headers). The referee's own messages, whose first
    header is an unfolded From and whose recipient (the row's) is a plain address alone in the
    To header, are not parsed."""
    from email.parser import BytesHeaderParser
    from email.utils import getaddresses

    first = _FROM_LINE.match(data)
    if first is not None and _PLAIN_ADDRESS.fullmatch(recipient) \
            and data.startswith(f"To: {recipient}\r\n".encode("ascii"), first.end()) \
            and b"\r\nCc:" not in data[:data.find(b"\r\n\r\n")]:
        return first.group(1).decode("ascii"), [recipient]
    end = data.find(b"\r\n\r\n")
    head = BytesHeaderParser(policy=email.policy.compat32).parsebytes(
        data[:end + 4] if end >= 0 else data)
    sender = getaddresses([str(v) for v in head.get_all("From") or []])
    to = getaddresses([str(v) for name in ("To", "Cc") for v in head.get_all(name) or []])
    return (sender[0][1] if sender else ""), [a for _, a in to if a]


def _to_folder(club: Club, number: int, data: bytes) -> None:
    """Write ``msg`` to the club's ``[outbox] folder`` as ``000012.eml`` (instead of SMTP)."""
    from pbmkit.common.files import atomic_write

    folder = club.outbox_folder
    assert folder is not None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        atomic_write(folder / f"{number:06d}.eml", data)
    except OSError as exc:
        raise MailError(f"cannot write to {folder}: {exc.strerror or exc}; the message was not "
                        "sent") from None


def _failed(db: sqlite3.Connection, row: Any, now: float, why: str, *, maybe: bool = False) -> None:
    attempts = int(row["attempts"]) + 1
    db.execute("UPDATE outbox SET attempts = ?, next_try = ?, error = ?, "
               "maybe_sent = maybe_sent + ? WHERE id = ?",
               (attempts, now + backoff(attempts), why[:500], 1 if maybe else 0, row["id"]))
