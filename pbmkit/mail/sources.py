"""Messages from mailboxes: ``.eml`` files, mboxes and Maildirs, read with bounds.

Everything here is untrusted input. A message is read up to :data:`MAX_MESSAGE` bytes, its text
up to :data:`MAX_TEXT` characters; a mailbox larger than :data:`MAX_SOURCE` is not opened. Each
problem becomes one :class:`Unreadable` line; the other messages are still read.
"""

from __future__ import annotations

import datetime
import email
import email.policy
import mailbox
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.utils import getaddresses, parsedate_to_datetime
from html.parser import HTMLParser

__all__ = ["MAX_MESSAGE", "MAX_SOURCE", "MAX_TEXT", "Incoming", "Unreadable", "body_lines",
           "read_message", "read_source"]

MAX_MESSAGE = 1024 * 1024
"""The largest message read (bytes, attachments included): a move needs a few hundred."""
MAX_SOURCE = 256 * 1024 * 1024
"""The largest mbox or .eml file opened."""
MAX_TEXT = 64 * 1024
"""The characters of a message's text searched for the move."""
MAX_LINES = 200
"""The lines of a message's text searched for the move."""

_ID = re.compile(r"<([^<>\s]{1,250})>")
_STOP = re.compile(r"-{2,}\s*(?:original message|forwarded message|ursprüngliche nachricht)"
                   r"\s*-{2,}|_{10,}", re.IGNORECASE)
_WROTE = re.compile(r"on .{1,200} wrote:$|.{1,200} (?:a écrit|schrieb|escribió)\s?:$",
                    re.IGNORECASE)


@dataclass(slots=True)
class Incoming:
    """One message, its headers read; the body is read when the move is looked for."""

    where: str
    """The source and the message's place in it (``inbox.mbox, message 3``)."""
    message: EmailMessage
    message_id: str | None
    sender: str | None
    """The address of From (lower case), None when From is not one address."""
    subject: str
    sent: datetime.datetime | None
    """The Date header: when the opponent sent it."""
    received: datetime.datetime | None
    """When it arrived: the date of the newest Received header, else the Date header."""
    refers_to: list[str] = field(default_factory=list)
    """The ids of In-Reply-To and References."""


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A message (or a whole source) that cannot be read, and why, in one line."""

    where: str
    why: str


def _date(value: str | None) -> datetime.datetime | None:
    if not value:
        return None
    try:
        day = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    if day is None:
        return None
    if day.tzinfo is None:
        day = day.replace(tzinfo=datetime.UTC)
    return day


def _header(msg: EmailMessage, name: str) -> str | None:
    value = msg.get(name)
    return None if value is None else str(value)[:2000]


def read_message(data: bytes, where: str) -> Incoming | Unreadable:
    """Read one message's bytes; an :class:`Unreadable` line for a malformed one."""
    if len(data) > MAX_MESSAGE:
        return Unreadable(where, f"larger than {MAX_MESSAGE // 1024} KiB (a move's mail is a few "
                                 "KiB); not read")
    if not data.strip():
        return Unreadable(where, "an empty message")
    try:
        msg = email.message_from_bytes(data, policy=email.policy.default)
        assert isinstance(msg, EmailMessage)
        from_header = _header(msg, "From")
        found = getaddresses([from_header]) if from_header else []
        sender = found[0][1].strip().lower() if len(found) == 1 and "@" in found[0][1] else None
        subject = " ".join((_header(msg, "Subject") or "").split())[:300]
        message_id = _header(msg, "Message-ID")
        message_id = message_id.strip() if message_id and message_id.strip() else None
        sent = _date(_header(msg, "Date"))
        received = None
        for value in msg.get_all("Received") or []:  # the newest is on top
            _, _, when = str(value).rpartition(";")
            received = _date(when.strip())
            if received is not None:
                break
        refers = []
        for name in ("In-Reply-To", "References"):
            refers += _ID.findall(_header(msg, name) or "")[:50]
    except Exception as exc:  # the email package raises many kinds on hostile headers
        return Unreadable(where, f"a malformed message ({type(exc).__name__}: {str(exc)[:120]})")
    if sender is None:
        return Unreadable(where, "no single sender address in From; not read")
    return Incoming(where, msg, message_id, sender, subject, sent, received or sent, refers)


class _Text(HTMLParser):
    """The text of an HTML part: line breaks at blocks, quoted replies (blockquote) left out."""

    _BLOCKS = frozenset({"p", "div", "br", "tr", "li", "h1", "h2", "h3", "h4", "pre", "table"})
    _SKIP = frozenset({"blockquote", "script", "style", "head", "title"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping = 0
        self.size = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self._SKIP:
            self.skipping += 1
        elif tag in self._BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in self._SKIP:
            self.skipping = max(0, self.skipping - 1)
        elif tag in self._BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.skipping and self.size < MAX_TEXT:
            self.parts.append(data)
            self.size += len(data)


def _html_text(html: str) -> str:
    parser = _Text()
    parser.feed(html[: 4 * MAX_TEXT])
    parser.close()
    return "".join(parser.parts)


def body_lines(message: EmailMessage) -> list[str]:
    """The lines of the message's own words: its plain-text part (else its HTML part as text),
    without quoted lines (``>``), and up to a signature (``-- ``), a forwarded or quoted original
    (``-----Original Message-----``, ``On ... wrote:``). ``ValueError`` with a reason for a
    message without text or in an unknown encoding."""
    part = message.get_body(preferencelist=("plain", "html"))
    if part is None:
        raise ValueError("no text in the message (only attachments?)")
    try:
        content = part.get_content()
    except LookupError:
        raise ValueError(f"text in an unknown encoding ({part.get_content_charset()!r:.60})") \
            from None
    except Exception as exc:  # a broken transfer encoding
        raise ValueError(f"the text cannot be decoded ({type(exc).__name__})") from None
    if not isinstance(content, str):
        raise ValueError("no text in the message")
    text = content[:MAX_TEXT]
    if part.get_content_subtype() == "html":
        text = _html_text(text)
    lines: list[str] = []
    for raw in text.splitlines()[: 4 * MAX_LINES]:
        line = raw.replace("\u00a0", " ").strip()
        if raw.rstrip("\r") in ("-- ", "--") or _STOP.match(line):
            break
        if line.startswith(">") or line.startswith("|"):
            continue
        if _WROTE.match(line):
            break
        lines.append(line[:300])
        if len(lines) >= MAX_LINES:
            break
    return lines


def _messages_of(box: mailbox.Mailbox[mailbox.Message], label: str, sort: bool
                 ) -> Iterator[Incoming | Unreadable]:
    keys = sorted(box.iterkeys()) if sort else list(box.iterkeys())
    for n, key in enumerate(keys, 1):
        where = f"{label}, message {n}"
        try:
            fh = box.get_file(key)
            try:
                data = fh.read(MAX_MESSAGE + 1)
            finally:
                fh.close()
        except (OSError, KeyError) as exc:
            yield Unreadable(where, f"cannot be read ({exc})")
            continue
        yield read_message(bytes(data), where)


def read_source(path: str) -> Iterator[Incoming | Unreadable]:
    """Every message of ``path``: a Maildir (a folder with ``cur``, ``new``, ``tmp``), an mbox
    (a file starting ``From ``) or one message (``.eml``)."""
    if os.path.isdir(path):
        if not all(os.path.isdir(os.path.join(path, d)) for d in ("cur", "new")):
            yield Unreadable(path, "a folder that is not a Maildir (no cur and new folders)")
            return
        try:
            box = mailbox.Maildir(path, factory=None, create=False)
            yield from _messages_of(box, path, sort=True)
        except OSError as exc:
            yield Unreadable(path, f"cannot read the Maildir: {exc.strerror or exc}")
        return
    if not os.path.isfile(path):  # a FIFO or a device would never end, or block
        yield Unreadable(path, "not a file, a Maildir or an mbox; not read")
        return
    try:
        size = os.path.getsize(path)
        with open(path, "rb") as fh:
            head = fh.read(5)
    except OSError as exc:
        yield Unreadable(path, f"cannot read: {exc.strerror or exc}")
        return
    if size > MAX_SOURCE:
        yield Unreadable(path, f"larger than {MAX_SOURCE // (1024 * 1024)} MiB; not read")
        return
    if head == b"From ":
        try:
            mbox = mailbox.mbox(path, factory=None, create=False)
            yield from _messages_of(mbox, path, sort=False)
        except OSError as exc:
            yield Unreadable(path, f"cannot read the mbox: {exc.strerror or exc}")
        return
    with open(path, "rb") as fh:
        data = fh.read(MAX_MESSAGE + 1)
    yield read_message(data, path)
