"""Messages from mailboxes: ``.eml`` files, mboxes and Maildirs, read with bounds.

Everything here is untrusted input (docs/mail.md, "Threat model"). A message is read up to
:data:`MAX_MESSAGE` bytes; its header block is split here, from the raw bytes, and bounded
(:data:`MAX_HEADERS` headers, :data:`MAX_HEADER` bytes and :data:`MAX_ENCODED_WORDS` encoded
words a header) before the email package sees it, and the email package parses the message with
its plain (``compat32``) policy, whose cost is linear: no header of the message goes through the
``email.headerregistry`` parsers, except a From of at most :data:`~pbmkit.mail.trust.MAX_FROM`
bytes. The sender is read from the raw From header (:func:`pbmkit.mail.trust.from_mailbox`).
A mailbox larger than :data:`MAX_SOURCE` is not opened. Each problem becomes one
:class:`Unreadable` line; the other messages are still read.

Over 600 lines on purpose: reading one untrusted message is one path (bounds on the raw bytes, the
header split, the sender, the parts, the body's own lines, HTML as text), each step relying on
what the one before checked; split into modules, the order of the checks would no longer be read
in one place.
"""

from __future__ import annotations

import datetime
import email
import email.policy
import html as html_module
import mailbox
import os
import re
import stat
from collections.abc import Iterator
from dataclasses import dataclass, field
from email.header import Header, decode_header, make_header
from email.message import Message
from email.utils import parsedate_to_datetime

from pbmkit.mail.charsets import mail_codec
from pbmkit.mail.trust import SenderError, address_key, domain_key, from_mailbox

__all__ = ["MAX_ENCODED_WORDS", "MAX_HEADER", "MAX_HEADERS", "MAX_MESSAGE", "MAX_SOURCE",
           "MAX_TEXT", "Incoming", "Unreadable", "automatic", "body_lines", "read_message",
           "read_source"]

MAX_MESSAGE = 1024 * 1024
"""The largest message read (bytes, attachments included): a move needs a few hundred."""
MAX_SOURCE = 256 * 1024 * 1024
"""The largest mbox or .eml file opened."""
MAX_TEXT = 64 * 1024
"""The characters of a message's text searched for the move."""
MAX_LINES = 200
"""The lines of a message's text searched for the move."""
MAX_HEADERS = 500
"""The most headers a message (or one of its parts) may have; real mail has 20 to 100."""
MAX_HEADER = 16 * 1024
"""The longest header (bytes, unfolded); real ones reach a few KiB (DKIM, ARC, Outlook's
X-Microsoft-Antispam)."""
MAX_ENCODED_WORDS = 50
"""The most encoded words (``=?utf-8?q?...?=``) in one header; a long subject needs a dozen."""
MAX_MESSAGE_LINES = 30_000
"""The most lines a message may have (a 1 MiB base64 attachment has 14,000)."""
MAX_NESTING = 20
"""The most multipart and message parts (``multipart/...``, ``message/...``) in a message."""
MAX_PARTS = 1000
"""The most lines starting ``--`` (MIME boundaries) in a message."""
MAX_PARAMETERS = 100
"""The most parameters (``;``) in a ``Content-*`` header: the email package's parameter reader
costs time in their number times the header's length."""

_ID = re.compile(r"<([^<>\s]{1,250})>")
_STOP = re.compile(r"-{2,}\s*(?:original message|forwarded message|ursprüngliche nachricht)"
                   r"\s*-{2,}|_{10,}", re.IGNORECASE)
_WROTE = re.compile(r"on .{1,200} wrote:$|.{1,200} (?:a écrit|schrieb|escribió)\s?:$",
                    re.IGNORECASE)
_FIELD = re.compile(rb"([!-9;-~]{1,200})[ \t]*:")
_NESTED = re.compile(rb"(?:multipart|message)\s*/", re.IGNORECASE)
_MBOX_DATE = ("%a %b %d %H:%M:%S %Y", "%a %b %d %H:%M %Y", "%a %b %d %H:%M:%S %z %Y")


@dataclass(slots=True)
class Incoming:
    """One message, its headers read; the body is read when the move is looked for."""

    where: str
    """The source and the message's place in it (``inbox.mbox, message 3``)."""
    message: Message
    message_id: str | None
    sender: str | None
    """The address of the one mailbox of From, read from the raw header; compare it with
    :func:`pbmkit.mail.trust.same_address` (domain in lower case here)."""
    subject: str
    sent: datetime.datetime | None
    """The Date header: when the opponent says they sent it (a claim); None when it is missing
    or out of range."""
    received: datetime.datetime | None
    """When it arrived: the date of the topmost Received header (your own server's stamp), else
    the file's time (Maildir file, .eml, the mbox ``From `` line), never later than now; None
    when neither is known."""
    refers_to: list[str] = field(default_factory=list)
    """The ids of In-Reply-To and References."""
    authentication_results: tuple[str, ...] = ()
    """The Authentication-Results headers, top first, as written (unfolded)."""


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A message (or a whole source) that cannot be read, and why, in one line."""

    where: str
    why: str


def _date(value: str | None) -> datetime.datetime | None:
    """The date of an RFC 5322 date text, in UTC; None when it is none or out of range (before
    1970 or after 9000: no mail is sent then, and the year 9999 overflows in a time zone)."""
    if not value:
        return None
    try:
        day = parsedate_to_datetime(value.strip()[:200])
        if day is None:
            return None
        if day.tzinfo is None:
            day = day.replace(tzinfo=datetime.UTC)
        day = day.astimezone(datetime.UTC)
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    if not 1970 <= day.year <= 9000:
        return None
    return day


def _header_block(data: bytes) -> list[tuple[str, bytes]] | str:
    """The headers of a message's raw bytes, (name, unfolded value), up to the first empty line;
    the reason when the block breaks a bound or is not a header block."""
    headers: list[tuple[str, bytes]] = []
    name, value = "", bytearray()
    pos, size = 0, len(data)

    def close() -> str | None:
        if not name:
            return None
        if len(value) > MAX_HEADER:
            return f"a {name[:40]} header longer than {MAX_HEADER // 1024} KiB"
        if value.count(b"=?") > MAX_ENCODED_WORDS:
            return f"more than {MAX_ENCODED_WORDS} encoded words in a {name[:40]} header"
        headers.append((name, bytes(value)))
        return None

    while pos < size:
        end = data.find(b"\n", pos)
        nxt = size if end < 0 else end + 1
        end = size if end < 0 else end
        line = data[pos:end]
        pos = nxt
        if line.endswith(b"\r"):
            line = line[:-1]
        if not line:
            break
        if not headers and not name and line.startswith(b"From "):
            continue  # an mbox "From " line kept in a file
        if b"\r" in line or b"\0" in line:
            return "a carriage return or a NUL byte inside the headers"
        if line[:1] in (b" ", b"\t"):
            if not name:
                return "the headers start with a folded line"
            value += line
            if len(value) > MAX_HEADER:
                return f"a {name[:40]} header longer than {MAX_HEADER // 1024} KiB"
            continue
        why = close()
        if why is not None:
            return why
        m = _FIELD.match(line)
        if m is None:
            return "a header line that is no header (no name and colon)"
        if len(headers) >= MAX_HEADERS:
            return f"more than {MAX_HEADERS} headers"
        name, value = m.group(1).decode("ascii"), bytearray(line[m.end():])
    why = close()
    if why is not None:
        return why
    return headers


def _values(headers: list[tuple[str, bytes]], name: str) -> list[str]:
    """Every value of header ``name``, top first, as text (bytes that are not UTF-8 replaced)."""
    key = name.lower()
    return [v.decode("utf-8", "replace").strip() for n, v in headers if n.lower() == key]


def _first(headers: list[tuple[str, bytes]], name: str) -> str | None:
    found = _values(headers, name)
    return found[0] if found else None


def _decoded(value: str) -> str:
    """A header text with its encoded words decoded (as written when they cannot be)."""
    try:  # a charset that is no mail charset (punycode...) is read as UTF-8 (pbmkit.mail.charsets)
        words = [(chunk, charset if charset is None or mail_codec(charset) else "utf-8")
                 for chunk, charset in decode_header(value)]
        return str(make_header(words))
    except Exception:  # a bad charset, bad base64: the words are left as written
        return value


def _mime_bounds(data: bytes) -> str | None:
    if data.count(b"\n") > MAX_MESSAGE_LINES:
        return f"more than {MAX_MESSAGE_LINES:,} lines"
    for nested, _ in enumerate(_NESTED.finditer(data), 1):
        if nested > MAX_NESTING:
            return f"more than {MAX_NESTING} multipart or message parts"
    if data.count(b"\n--") > MAX_PARTS:
        return f"more than {MAX_PARTS} MIME boundaries"
    return None


def _parts(message: Message) -> Iterator[Message]:
    """The parts of ``message`` in document order, not inside an attached message
    (``message/rfc822``: a forwarded mail's move is not this mail's)."""
    stack = [message]
    while stack:
        part = stack.pop()
        yield part
        if part.get_content_maintype() == "multipart" and part.is_multipart():
            children = part.get_payload()
            if isinstance(children, list):
                stack.extend(reversed([c for c in children if isinstance(c, Message)]))


def _too_many_parameters(name: str, value: str) -> bool:
    return name.lower().startswith("content-") and value.count(";") > MAX_PARAMETERS


class _BoundedPolicy(email.policy.Compat32):
    """``compat32``, but a ``Content-*`` header with more than :data:`MAX_PARAMETERS`
    parameters is cut to them when the parser reads it (to find a boundary, while parsing); the
    message is then refused by :func:`_part_bounds`, which reads the raw headers."""

    def header_fetch_parse(self, name: str, value: str  # type: ignore[override]
                           ) -> str | Header:  # as typeshed's Compat32 (a Header for 8-bit)
        if _too_many_parameters(name, value):
            cut = 0
            for _ in range(MAX_PARAMETERS + 1):
                cut = value.index(";", cut) + 1
            value = value[: cut - 1]
        return super().header_fetch_parse(name, value)


_POLICY = _BoundedPolicy()


def _part_bounds(message: Message) -> str | None:
    for part in _parts(message):
        items = list(part.raw_items())
        if len(items) > MAX_HEADERS:
            return f"more than {MAX_HEADERS} headers in a part"
        for name, value in items:
            text = str(value)
            if len(text) > MAX_HEADER:
                return f"a {name[:40]} header of a part longer than {MAX_HEADER // 1024} KiB"
            if text.count("=?") > MAX_ENCODED_WORDS:
                return f"more than {MAX_ENCODED_WORDS} encoded words in a header of a part"
            if _too_many_parameters(name, text):
                return f"more than {MAX_PARAMETERS} parameters in a {name[:40]} header"
    return None


def read_message(data: bytes, where: str,
                 filed: datetime.datetime | None = None) -> Incoming | Unreadable:
    """Read one message's bytes; an :class:`Unreadable` line for a malformed one. ``filed``:
    when the message was stored (the file's time), the arrival date when no Received header
    gives one."""
    if len(data) > MAX_MESSAGE:
        return Unreadable(where, f"larger than {MAX_MESSAGE // 1024} KiB (a move's mail is a few "
                                 "KiB); not read")
    if not data.strip():
        return Unreadable(where, "an empty message")
    headers = _header_block(data)
    if isinstance(headers, str):
        return Unreadable(where, f"{headers}; not read")
    why = _mime_bounds(data)
    if why is not None:
        return Unreadable(where, f"{why}; not read")
    try:
        froms = [v.decode("utf-8").strip() for n, v in headers if n.lower() == "from"]
    except UnicodeDecodeError:
        return Unreadable(where, "a From header that is not UTF-8; not read")
    try:
        sender = from_mailbox(froms)
    except SenderError as exc:
        return Unreadable(where, f"{exc}; not read")
    local, _, domain = sender.rpartition("@")
    sender = f"{local}@{domain_key(domain) or domain}"  # the domain as DNS reads it
    try:
        msg = email.message_from_bytes(data, policy=_POLICY)
        why = _part_bounds(msg)
    except Exception as exc:  # the email package raises many kinds on hostile input
        return Unreadable(where, f"a malformed message ({type(exc).__name__}: {str(exc)[:120]})")
    if why is not None:
        return Unreadable(where, f"{why}; not read")
    subject = " ".join(_decoded(_first(headers, "Subject") or "").split())[:300]
    message_id = (_first(headers, "Message-ID") or "").strip()[:998] or None
    sent = _date(_first(headers, "Date"))
    stamps = _values(headers, "Received")
    arrived = _date(stamps[0].rpartition(";")[2]) if stamps else None  # your server's, on top
    if arrived is None:
        arrived = filed
    now = datetime.datetime.now(datetime.UTC)
    if arrived is not None and arrived > now:
        arrived = now
    refers: list[str] = []
    for name in ("In-Reply-To", "References"):
        refers += _ID.findall(_first(headers, name) or "")[:50]
    results = tuple(_values(headers, "Authentication-Results"))
    assert address_key(sender) is not None
    return Incoming(where, msg, message_id, sender, subject, sent, arrived, refers, results)


_BLOCKS = frozenset({"p", "div", "br", "tr", "li", "h1", "h2", "h3", "h4", "pre", "table"})
_SKIP = frozenset({"blockquote", "script", "style", "head", "title"})
_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9]{0,30})(?:[\s/][^<>]{0,4000})?>")
_DECLARATION = re.compile(r"<[!?][^<>]{0,4000}>")
_OWN = "pbmkit-own"
"""The class of a pbmkit mail's own blocks in its HTML part (:mod:`pbmkit.mail.html_body`)."""
_VOID = frozenset({"br", "hr", "img", "meta", "link", "input", "wbr", "col", "area", "base"})
_MAX_HTML_STEPS = 20_000
"""The tags (and stray ``<``) of an HTML part read: a real mail's move comes in its first few
hundred; each costs about 2 µs."""


def _html_text(html: str, *, own: bool = False) -> str:
    """The text of an HTML part: line breaks at blocks, quoted replies (``blockquote``: a line
    ``>`` in its place, which :func:`body_lines` leaves out as a quoted line), scripts, styles
    and the head left out, character references decoded. A rule (``<hr>``, as
    Outlook puts above the message it answers) ends the text as a line of underscores does.
    The blocks of a pbmkit mail's own words (class ``pbmkit-own``: a copy of the mail answered,
    whatever the client did with it) are left out too, unless ``own``.

    A scanner of its own, linear in the text: ``html.parser`` takes quadratic time on
    unclosed tags (``<a `` 87,000 times: more than 10 minutes)."""
    text = html[: 4 * MAX_TEXT]
    parts: list[str] = []
    skipping = size = pos = steps = 0
    own_tag, own_depth = "", 0
    end = len(text)
    while pos < end and size < MAX_TEXT and steps < _MAX_HTML_STEPS:
        steps += 1
        lt = text.find("<", pos)
        chunk = text[pos:] if lt < 0 else text[pos:lt]
        if chunk and not skipping and not own_depth:
            parts.append(chunk)
            size += len(chunk)
        if lt < 0:
            break
        if text.startswith("<!--", lt):
            close = text.find("-->", lt + 4)
            pos = end if close < 0 else close + 3
            continue
        m = _TAG.match(text, lt) or _DECLARATION.match(text, lt)
        if m is None:  # a "<" that opens no tag is text
            if not skipping and not own_depth:
                parts.append("<")
            pos = lt + 1
            continue
        pos = m.end()
        if m.re is _DECLARATION:
            continue
        name = m.group(2).lower()
        if own_depth:
            if name == own_tag:
                own_depth += -1 if m.group(1) else 1
            continue
        if not own and not m.group(1) and _OWN in m.group(0) and name not in _VOID:
            own_tag, own_depth = name, 1
        elif name in _SKIP:
            if name == "blockquote" and not m.group(1) and not skipping:
                parts.append("\n>\n")  # the quote's place: a reply below it is the writer's
            skipping = max(0, skipping - 1) if m.group(1) else skipping + 1
        elif name == "hr" and not skipping:
            parts.append("\n" + "_" * 10 + "\n")
        elif name in _BLOCKS:
            parts.append("\n")
    return html_module.unescape("".join(parts))


def _text_part(message: Message, *, html_only: bool = False) -> Message | None:
    """The first plain-text part that is not an attachment, else the first HTML one (only the
    HTML one with ``html_only``)."""
    html = None
    for part in _parts(message):
        if part.is_multipart() or part.get_content_maintype() != "text":
            continue
        if str(part.get("Content-Disposition") or "").strip().lower().startswith("attachment"):
            continue
        subtype = part.get_content_subtype()
        if subtype == "plain" and not html_only:
            return part
        if subtype == "html" and html is None:
            html = part
            if html_only:
                break
    return html


_QUOTED_FROM = re.compile(r"(?:from|von|de|da|van)\s*:\s*\S", re.IGNORECASE)
_QUOTED_FIELD = re.compile(r"(?:sent|date|gesendet|datum|envoy[ée]|enviado|inviato|verzonden)"
                           r"\s*:\s*\S", re.IGNORECASE)


def _quoted_head(line: str, following: list[str]) -> bool:
    """Whether ``line`` opens the header block Outlook writes above the message it answers,
    without quoting it (``From: ...`` then ``Sent: ...`` or ``Date: ...`` on one of the next
    lines): the answered message's own lines (its ``Move:`` line) follow."""
    return (_QUOTED_FROM.match(line) is not None
            and any(_QUOTED_FIELD.match(f.strip()) for f in following))


def _quote_follows(following: list[str]) -> bool:
    """Whether the first line with words after an ``On ... wrote:`` line is quoted (``>``): the
    quote is then left out line by line, and what the writer wrote below it is read (a
    bottom-posted reply); otherwise the answered message follows unquoted, and nothing more is
    the writer's."""
    for line in following:
        text = line.replace("\u00a0", " ").strip()
        if text:
            return text.startswith((">", "|"))
    return False


_BULK = frozenset({"bulk", "junk", "list"})


def _header_value(message: Message, name: str) -> str:
    value = message.get(name)
    return str(value)[:500].strip() if value is not None else ""


def automatic(message: Message) -> str | None:
    """Why ``message`` was sent by a program and answers no one in person (RFC 3834): an
    auto-reply (``Auto-Submitted`` other than ``no``, ``X-Autoreply``), a list's or bulk mail
    (``Precedence``, ``List-Id``), a bounce (an empty return path) or a delivery report; else
    None. Such a message is never a move, and is never answered."""
    auto = _header_value(message, "Auto-Submitted").lower()
    if auto and auto != "no":
        return f"Auto-Submitted: {auto[:40]}"
    if _header_value(message, "Precedence").lower() in _BULK:
        return f"Precedence: {_header_value(message, 'Precedence').lower()}"
    if _header_value(message, "List-Id"):
        return "a mailing list's (List-Id)"
    if _header_value(message, "X-Autoreply") or _header_value(message, "X-Autorespond"):
        return "an auto-reply (X-Autoreply)"
    if _header_value(message, "Return-Path").replace(" ", "") in ("<>", "<<>>"):
        return "a bounce (empty return path)"
    if message.get_content_type() == "multipart/report":
        return "a delivery report"
    return None


def body_lines(message: Message, *, html: bool = False) -> list[str]:
    """The lines of the message's own words: its plain-text part (else its HTML part as text),
    without quoted lines (``>``), and up to a signature (``-- ``), a forwarded or quoted original
    (``-----Original Message-----``, ``On ... wrote:`` above an unquoted original, Outlook's
    ``From: ...`` ``Sent: ...`` block). ``html``: the HTML part's, as text (a message whose
    plain part says nothing of what its HTML part says). ``ValueError`` with a
    reason for a message without text (without an HTML part, with ``html``) or in an unknown
    encoding."""
    try:  # compat32 gives a Header object for a value with bytes that are not ASCII
        part = _text_part(message, html_only=html)
        charset = str(part.get_content_charset() or "us-ascii") if part is not None else ""
    except Exception as exc:
        raise ValueError(f"the message's parts cannot be read ({type(exc).__name__})") from None
    if part is None:
        raise ValueError("no text in the message (only attachments?)")
    try:
        data = part.get_payload(decode=True)
        if not isinstance(data, bytes):
            raise ValueError("no text in the message")
        codec = mail_codec(charset)
        if codec is None:  # unknown, or no mail charset: a codec may cost what its input makes it
            raise LookupError(charset)
        if codec == "ascii":  # 8-bit text sent without its charset
            codec = "utf-8"
        content = data[: 4 * MAX_TEXT].decode(codec, "replace")
    except LookupError:
        raise ValueError(f"text in a charset pbmkit does not read ({charset!r:.60}): "
                         "send it as UTF-8") from None
    except Exception as exc:  # a broken transfer encoding, a codec that is no text codec
        raise ValueError(f"the text cannot be decoded ({type(exc).__name__})") from None
    text = content[:MAX_TEXT]
    if part.get_content_subtype() == "html":
        markup = text
        text = _html_text(markup)
        if not text.replace(">", "").strip():  # a pbmkit mail itself, its text part gone:
            # read its own words
            text = _html_text(markup, own=True)
    lines: list[str] = []
    raws = text.splitlines()[: 4 * MAX_LINES]
    for k, raw in enumerate(raws):
        line = raw.replace("\u00a0", " ").strip()
        if raw.rstrip("\r") in ("-- ", "--") or _STOP.match(line):
            break
        if line.startswith(">") or line.startswith("|"):
            continue
        if _WROTE.match(line):
            if _quote_follows(raws[k + 1: k + 4]):
                continue  # a bottom-posted or interleaved reply: the writer's words go on below
            break
        if _quoted_head(line, raws[k + 1: k + 4]):
            break
        lines.append(line[:300])
        if len(lines) >= MAX_LINES:
            break
    return lines


def _file_time(st: os.stat_result) -> datetime.datetime:
    return datetime.datetime.fromtimestamp(st.st_mtime, datetime.UTC)


def _maildir(path: str) -> Iterator[Incoming | Unreadable]:
    """A Maildir's messages (``new`` and ``cur``), by file name: the name starts with the
    delivery time; the file's time is when it was delivered."""
    names: list[tuple[str, str]] = []
    for sub in ("new", "cur"):
        folder = os.path.join(path, sub)
        with os.scandir(folder) as entries:
            names += [(e.name.split(":", 1)[0], os.path.join(folder, e.name)) for e in entries
                      if not e.name.startswith(".")]
    for n, (_, file) in enumerate(sorted(names), 1):
        where = f"{path}, message {n}"
        try:
            st = os.stat(file)
            if not stat.S_ISREG(st.st_mode):  # a FIFO would block, a device never end
                yield Unreadable(where, "not a file; not read")
                continue
            with open(file, "rb") as fh:
                data = fh.read(MAX_MESSAGE + 1)
        except OSError as exc:
            yield Unreadable(where, f"cannot be read ({exc.strerror or exc})")
            continue
        yield read_message(data, where, _file_time(st))


def _mbox_time(line: bytes) -> datetime.datetime | None:
    """The date of an mbox ``From sender DATE`` line (local time, asctime's form)."""
    words = line.decode("ascii", "replace").split()[2:]
    for form in _MBOX_DATE:
        count = len(form.split())
        try:
            day = datetime.datetime.strptime(" ".join(words[:count]), form)
        except ValueError:
            continue
        try:
            return day.astimezone(datetime.UTC)
        except (OverflowError, ValueError, OSError):
            return None
    return None


def _mbox(path: str, st: os.stat_result) -> Iterator[Incoming | Unreadable]:
    """An mbox's messages in file order; a message's time is its ``From `` line's date, else the
    file's."""
    box = mailbox.mbox(path, factory=None, create=False)
    for n, key in enumerate(list(box.iterkeys()), 1):
        where = f"{path}, message {n}"
        try:
            fh = box.get_file(key, from_=True)
            try:
                from_line = fh.readline(1000)
                data = fh.read(MAX_MESSAGE + 1)
            finally:
                fh.close()
        except (OSError, KeyError) as exc:
            yield Unreadable(where, f"cannot be read ({exc})")
            continue
        yield read_message(bytes(data), where, _mbox_time(bytes(from_line)) or _file_time(st))


def read_source(path: str) -> Iterator[Incoming | Unreadable]:
    """Every message of ``path``: a Maildir (a folder with ``cur``, ``new``, ``tmp``), an mbox
    (a file starting ``From ``) or one message (``.eml``)."""
    if os.path.isdir(path):
        if not all(os.path.isdir(os.path.join(path, d)) for d in ("cur", "new")):
            yield Unreadable(path, "a folder that is not a Maildir (no cur and new folders)")
            return
        try:
            yield from _maildir(path)
        except OSError as exc:
            yield Unreadable(path, f"cannot read the Maildir: {exc.strerror or exc}")
        return
    if not os.path.isfile(path):  # a FIFO or a device would never end, or block
        yield Unreadable(path, "not a file, a Maildir or an mbox; not read")
        return
    try:
        st = os.stat(path)
        with open(path, "rb") as fh:
            head = fh.read(5)
    except OSError as exc:
        yield Unreadable(path, f"cannot read: {exc.strerror or exc}")
        return
    if st.st_size > MAX_SOURCE:
        yield Unreadable(path, f"larger than {MAX_SOURCE // (1024 * 1024)} MiB; not read")
        return
    if head == b"From ":
        try:
            yield from _mbox(path, st)
        except OSError as exc:
            yield Unreadable(path, f"cannot read the mbox: {exc.strerror or exc}")
        return
    with open(path, "rb") as fh:
        data = fh.read(MAX_MESSAGE + 1)
    yield read_message(data, path, _file_time(st))
