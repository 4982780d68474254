"""A move's e-mail: an RFC 5322 message to the opponent with the move, the move list, the board.

The message carries what the correspondence rules ask every message to carry (ICCF): the move,
the whole move list with the dates and the days used, and the board as text; optionally the
filled mailer PDF or an SVG of the board. Addresses come from the record's tags named after the
sides (``WhiteEmail``, ``BlackEmail``, ``YellowEmail`` ...; side tags are the game's).
"""

from __future__ import annotations

import datetime
import hashlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import format_datetime
from typing import TYPE_CHECKING, Any

from pbmkit.common.text import UNSAFE
from pbmkit.desk.dates import MoveClock, desk_report, format_date, read_notes
from pbmkit.mail.files import MailError, NoAddress
from pbmkit.mail.html_body import MailFacts, body_html
from pbmkit.records.model import Comment, Record
from pbmkit.records.replay import GameReplay, Ply
from pbmkit.web.viewer import record_move

if TYPE_CHECKING:
    from pbmkit.games import AnyGame
    from pbmkit.mail.keys import KeyRing

__all__ = [
    "EMAIL_TAG_SUFFIX",
    "MAIL_IN",
    "MAIL_OUT",
    "REPLY_EXAMPLE",
    "Attachment",
    "MailError",
    "addresses",
    "ascii_domain",
    "board_attachment",
    "body_text",
    "compose_message",
    "email_tag",
    "header_text",
    "mail_annotation",
    "mail_facts",
    "mail_ids",
    "mailer_attachment",
    "move_label",
    "move_mails",
    "move_message_id",
    "move_subject",
    "stored_id",
]

EMAIL_TAG_SUFFIX = "Email"
"""A player's address is the tag named after the side's tag and this: ``WhiteEmail``."""
MAIL_IN = "ccmailrcv"
"""``[%ccmailrcv ID]`` in a move's comment: the Message-ID of the mail that brought the move."""
MAIL_OUT = "ccmailsnt"
"""``[%ccmailsnt ID]``: the Message-ID of the mail this move was sent in (``mail send``)."""

_SAFE_ID = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`.~|-]{1,120}@[A-Za-z0-9.\-]{1,120}")
_MAIL_NOTE = re.compile(r"\[%ccmail(rcv|snt)\s([^\[\]\s]{1,200})\]", re.IGNORECASE)
_MAX_NAME = 80


@dataclass(frozen=True, slots=True)
class Attachment:
    """A file attached to a move's message."""

    filename: str
    data: bytes
    maintype: str
    subtype: str


def email_tag(side_tag: str) -> str:
    """The tag holding the address of the player of side tag ``side_tag``: ``WhiteEmail``."""
    return f"{side_tag}{EMAIL_TAG_SUFFIX}"


_LOCAL_PART = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*")
_LABEL = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?")


def header_text(text: str, limit: int = 200) -> str:
    """``text`` made fit for a header's name or subject part: every unsafe character (a control,
    format, line-separator or surrogate character: :data:`pbmkit.common.text.UNSAFE`, which keeps
    the zero-width joiners scripts need) and every kind of white space becomes one plain space,
    runs of spaces one space, the ends trimmed, and the whole cut to ``limit`` characters. An
    encoded word's opener ``=?`` gets a space (``= ?``): the email package decodes the encoded
    words it finds in a header's text and, folding the header, writes what they decoded, a line
    break and a header of the sender's choosing included (``=?utf-8?q?=0D=0ACc=3A_x=40example.org?=``)."""
    cleaned = UNSAFE.sub(" ", text[:limit * 4])
    return " ".join(cleaned.split())[:limit].strip().replace("=?", "= ?")


def ascii_domain(domain: str) -> str | None:
    """``domain`` as a header carries it: IDNA (``xn--``) for a non-ASCII name, lower case, as
    :func:`pbmkit.mail.trust.domain_key` compares domains; None when it is not a host name (a
    domain literal ``[1.2.3.4]``, an empty label, a trailing dot) or a Unicode label is not in
    its normal form (a zero-width space, a KELVIN SIGN: IDNA would map a look-alike onto
    another domain)."""
    from pbmkit.mail.trust import domain_key

    if domain.startswith("[") or domain.endswith(".") or domain != domain.strip():
        return None
    return domain_key(domain)


def _address(name: str, text: str, tag: str) -> Address:
    """An :class:`Address` of the tag value ``text`` (``ann@example.org`` or
    ``Ann Lee <ann@example.org>``); :class:`MailError` when it is not one address.

    The display name (``name``, the player's tag, when the value has none) is cleaned with
    :func:`header_text`; a non-ASCII domain is written in IDNA; a non-ASCII local part is refused
    (SMTPUTF8 is not supported), as is a quoted or otherwise unusual one.
    """
    from email.utils import getaddresses

    if len(text) > 320 or UNSAFE.search(text):
        raise MailError(f"the {tag} tag is not an e-mail address (it holds a control, format or "
                        "line-separator character)")
    found = getaddresses([text])
    if len(found) != 1:
        raise MailError(f"the {tag} tag must hold one e-mail address, not {len(found)}")
    display, addr = found[0]
    local, at, domain = addr.rpartition("@")
    if not at or not local or not domain or " " in addr or "," in addr:
        raise MailError(f"the {tag} tag is not an e-mail address: {text[:80]!r}")
    if not local.isascii():
        raise MailError(f"the {tag} tag's address {addr[:80]!r} has a non-ASCII name before the @: "
                        "pbmkit does not send such mail (SMTPUTF8 is not supported)")
    if not _LOCAL_PART.fullmatch(local):
        raise MailError(f"the {tag} tag's address {addr[:80]!r}: the part before the @ may hold "
                        "letters, digits, dots and !#$%&'*+/=?^_`{|}~- only")
    host = ascii_domain(domain)
    if host is None:
        raise MailError(f"the {tag} tag's address {addr[:80]!r}: {domain[:80]!r} is not a domain "
                        "name")
    try:
        return Address(display_name=header_text(display or name, _MAX_NAME), username=local,
                       domain=host)
    except (ValueError, IndexError) as exc:
        raise MailError(f"the {tag} tag is not an e-mail address: {text[:80]!r} ({exc})") from None


def addresses(replay: GameReplay) -> dict[str, Address]:
    """Each side's player address, from the ``<Side>Email`` tags that are written."""
    game = replay.game
    if game is None:
        raise MailError("the record names an unknown game")
    tags = replay.record.tags
    out: dict[str, Address] = {}
    for side, side_tag in zip(game.sides, game.side_tags, strict=True):
        tag = email_tag(side_tag)
        value = tags.get(tag, "").strip()
        if value:
            out[side] = _address(tags.get(side_tag, "").strip(), value, tag)
    return out


def stored_id(message_id: str) -> str:
    """How a Message-ID is kept in a record: ``local@domain`` without its angle brackets when it
    is made of plain characters and spells no encoded word (``=?``: see :func:`header_text`),
    else ``sha256:`` and 32 hex digits of it (a comment cannot hold brackets or braces; a digest
    threads no reply)."""
    text = message_id.strip()
    if text.startswith("<") and text.endswith(">"):
        text = text[1:-1]
    if _SAFE_ID.fullmatch(text) and "=?" not in text:
        return text
    return "sha256:" + hashlib.sha256(message_id.strip().encode("utf-8", "replace")).hexdigest()[:32]


def mail_annotation(message_id: str, *, incoming: bool) -> str:
    """The annotation recording that a move came in (``incoming``) or went out by the mail
    ``message_id``: ``[%ccmailrcv ID]`` or ``[%ccmailsnt ID]``."""
    return f"[%{MAIL_IN if incoming else MAIL_OUT} {stored_id(message_id)}]"


def _comments(record: Record) -> Iterable[Comment]:
    for turn in record.turns:
        yield from turn.comments
        for m in turn.moves:
            yield from m.comments


def mail_ids(record: Record) -> set[str]:
    """The Message-IDs (as :func:`stored_id` keeps them) of every mail recorded in ``record``."""
    return {m.group(2) for c in _comments(record) if "[%" in c.text
            for m in _MAIL_NOTE.finditer(c.text)}


def move_mails(comments: Iterable[Comment]) -> tuple[list[str], list[str]]:
    """The Message-IDs on one move: (mails that brought it, mails it was sent in)."""
    came: list[str] = []
    went: list[str] = []
    for c in comments:
        for m in _MAIL_NOTE.finditer(c.text):
            (came if m.group(1).lower() == "rcv" else went).append(m.group(2))
    return came, went


def _mail_id_of(comments: Iterable[Comment]) -> str | None:
    came, went = move_mails(comments)
    found = [*came, *went]
    return found[-1] if found else None


def move_label(replay: GameReplay, ply: Ply) -> str:
    """``12.`` before the first side's move of a turn, ``12...`` before the others'."""
    game = replay.game
    order = replay.order or (game.order if game is not None else ())
    return f"{ply.label}." if order and ply.side == order[0] else f"{ply.label}..."


def _move_words(ply: Ply) -> str:
    """The move as the record writes it (``JQ x EV averto``): the page's spelling."""
    return record_move(ply)


def move_subject(replay: GameReplay, ply: Ply | None = None) -> str:
    """``Batalo #3, 12. IR to HS``: the game, its number and the move (the last one by default)."""
    ply = ply if ply is not None else (replay.main[-1] if replay.main else None)
    if ply is None or replay.game is None:
        raise MailError("the record has no move to mail yet")
    number = header_text(replay.record.tags.get("Number", ""), 20)
    head = replay.game.title + (f" #{number}" if number else "")
    return header_text(f"{head}, {move_label(replay, ply)} {_move_words(ply)}", 300)


def _players_line(replay: GameReplay) -> str:
    game = replay.game
    assert game is not None
    tags = replay.record.tags
    names = [f"{tags.get(t, '?').strip()[:_MAX_NAME] or '?'} ({s.capitalize()})"
             for s, t in zip(game.sides, game.side_tags, strict=True)]
    return " v ".join(names)


def _date(day: datetime.date | None) -> str:
    return format_date(day) if day is not None else "-"


def _list_rows(replay: GameReplay, clocks: Sequence[MoveClock]
               ) -> list[tuple[str, str, str, str, str]]:
    by_place = {(c.written.line, c.written.column): c for c in clocks}
    rows = []
    for ply in replay.main:
        clock = by_place.get((ply.line, ply.column))
        days = "" if clock is None or clock.days is None else f"{clock.days}/{clock.total}"
        received = clock.notes.received if clock is not None else None
        sent = clock.notes.sent if clock is not None else None
        rows.append((f"{move_label(replay, ply)} {ply.side.capitalize()}", _move_words(ply),
                     _date(received), _date(sent), days))
    return rows


def _list_lines(rows: Sequence[tuple[str, str, str, str, str]]) -> list[str]:
    """The move list a move a line, each line saying its own dates (no columns to line up: it
    reads alike in a proportional font): ``1. White: JR to IS (sent 2026.11.28; days 0/0)``."""
    out = []
    for who, move, received, sent, days in rows:
        dates = [f"received {received}" if received != "-" else "",
                 f"sent {sent}" if sent != "-" else ""]
        said = ", ".join(d for d in dates if d)
        said = "; ".join(p for p in (said, f"days {days}" if days else "") if p)
        out.append(f"{who}: {move}" + (f" ({said})" if said else ""))
    return out


REPLY_EXAMPLE = "Reply with your move on a line of its own, e.g. \"Move: {example}\"."
"""How to answer a move's mail: one example, in the game's own notation."""


def mail_facts(replay: GameReplay, ply: Ply, *, today: datetime.date) -> MailFacts:
    """What the message of the move ``ply`` says, for its text and its HTML part."""
    from pbmkit.render.terminal import board_text

    game = replay.game
    assert game is not None
    order = replay.order or game.order
    report = desk_report(replay.record, order)
    notes = read_notes(_written_comments(replay, ply))
    number = replay.record.tags.get("Number", "").strip()
    received = notes.received
    index = next((k for k, p in enumerate(replay.main) if p is ply), 0)
    if received is None and index > 0:  # the day the move it answers arrived (docs/desk.md)
        received = read_notes(_written_comments(replay, replay.main[index - 1])).arrived
    used = ", ".join(f"{s.capitalize()} {report.totals.get(s, 0)}" for s in order)
    control = f"; time control {report.time_control}" if report.time_control else ""
    outcome = game.outcome(ply.after)
    if outcome is not None:
        status = "The game is over: " + ("drawn." if outcome.winner == "draw"
                                         else f"{outcome.winner.capitalize()} wins.")
    else:
        status = f"{game.side_to_move(ply.after).capitalize()} to move."
    return MailFacts(
        heading=f"{game.title}" + (f" #{number[:20]}" if number else "") + f": {_players_line(replay)}",
        move=f"{move_label(replay, ply)} {_move_words(ply)}",
        sent=format_date(notes.sent or today),
        received=format_date(received) if received is not None else None,
        headers=("", "Move", "Received", "Sent", "Days"),
        rows=tuple(_list_rows(replay, report.moves)),
        days_used=f"Days used: {used}{control}.",
        board_caption=f"The board after {move_label(replay, ply)} {record_move(ply)}:",
        board_text=board_text(game, ply.after, last_move=ply.move),
        board_words=_position_words(game, ply.after),
        status=status,
        example=game.notation.example,
    )


def body_text(replay: GameReplay, ply: Ply, *, today: datetime.date,
              facts: MailFacts | None = None, turn: Sequence[str] | None = None,
              reply: str | None = None) -> str:
    """The plain-text body: the move first (``Move: 12. IR to HS``, the line ``mail read``
    looks for) and its dates, the board, then whose turn it is (``turn``: lines of the sender's
    own, the deadline among them; else the game's status), how to reply (``reply``, one example;
    else :data:`REPLY_EXAMPLE`), and the move list with its dates and days used. Nothing is lined
    up in columns but the board, which says that it needs a fixed-width font and is given in
    words too; no sentence is broken across lines (a mail program wraps it to its width)."""
    f = facts or mail_facts(replay, ply, today=today)
    game = replay.game
    assert game is not None
    lines = [f.heading, "", f"Move: {f.move}", f"Sent: {f.sent}"]
    if f.received is not None:
        lines.append(f"Received: {f.received} (your last move)")
    lines += ["", f"{f.board_caption[:-1]} (lined up in a fixed-width font; in words under it):",
              "", f.board_text, "", *([f.board_words, ""] if f.board_words else [])]
    lines += [*(turn if turn is not None else [f.status]), ""]
    if reply is None:  # none once the game is over
        reply = "" if game.outcome(ply.after) is not None else REPLY_EXAMPLE.format(
            example=f.example)
    lines += [reply, ""] if reply else []
    lines += ["The moves (the dates each was received and sent; days used on the move / in all):",
              *_list_lines(f.rows), "", f.days_used]
    lines += ["", "-- ", "Sent with pbmkit (play by mail)."]
    return "\n".join(lines) + "\n"


def _position_words(game: AnyGame, position: Any) -> str:
    from pbmkit.render.png import position_words

    return position_words(game, position)


def _written_comments(replay: GameReplay, ply: Ply) -> list[Comment]:
    for turn in replay.record.main:
        for m in turn.moves:
            if (m.line, m.column) == (ply.line, ply.column):
                return m.comments
    return []


def _previous_mail(replay: GameReplay, ply: Ply) -> str | None:
    """The Message-ID recorded on the move ``ply`` answers (to thread the reply)."""
    index = next((k for k, p in enumerate(replay.main) if p is ply), 0)
    if index == 0:
        return None
    return _mail_id_of(_written_comments(replay, replay.main[index - 1]))


def move_message_id(replay: GameReplay, ply: Ply, mover: Address) -> str:
    """The Message-ID of the mail of the move ``ply``: ``<pbmkit.HEX@DOMAIN>``, HEX the SHA-256
    of the game (its name, ``Number`` and ``Date`` tags), the players' addresses, the turn, the
    side and the move. The same move of the same game always gets the same id, so a copy sent
    again (``mail send --again``, or after a send that may have gone through) is one message to
    the opponent's ``mail read``, which skips the second copy as in the record already."""
    game = replay.game
    assert game is not None
    tags = replay.record.tags
    try:
        players = [f"{s}={a.addr_spec}" for s, a in sorted(addresses(replay).items())]
    except MailError:
        players = []
    parts = ["pbmkit-message-id-1", game.name, tags.get("Number", "").strip(),
             tags.get("Date", "").strip(), *players, mover.addr_spec, ply.label, ply.side,
             _move_words(ply)]
    digest = hashlib.sha256("\n".join(parts).encode("utf-8", "replace")).hexdigest()[:32]
    return f"<pbmkit.{digest}@{mover.domain or 'pbmkit.invalid'}>"


def compose_message(replay: GameReplay, *, sender: str | None = None,
                    attachments: Sequence[Attachment] = (), now: datetime.datetime | None = None,
                    keys: KeyRing | None = None, html: bool = True) -> EmailMessage:
    """The message mailing the last main-line move of ``replay`` to the other side(s).

    From: the mover's ``<Side>Email`` tag, else ``sender`` (the configured address); To: every
    other side's tag. :class:`MailError` when the game is unknown, has errors or no move, or an
    address is missing or is not one. With ``keys``, the message carries the game key's headers
    (:meth:`KeyRing.headers <pbmkit.mail.keys.KeyRing.headers>`; the key is made if the game has
    none: save the ring afterwards).

    The body is ``multipart/alternative``: the text, and (unless ``html`` is false) an HTML part
    with the board as an inline PNG (``multipart/related``, ``cid:``; :func:`html_alternative`).
    """
    game = replay.game
    if game is None or not replay.valid:
        raise MailError("the record has errors (pbmkit check); fix them before mailing a move")
    if not replay.main:
        raise MailError("the record has no move to mail yet")
    ply = replay.main[-1]
    came, _ = move_mails(_written_comments(replay, ply))
    if came:
        raise MailError(f"the last move ({ply.label}. {ply.text}) came to you by mail; make your "
                        "move first (pbmkit move)")
    found = addresses(replay)
    side_tags = dict(zip(game.sides, game.side_tags, strict=True))
    mover = found.get(ply.side)
    if mover is None:
        if not sender:
            raise NoAddress(f"no address for the mover: add a [{email_tag(side_tags[ply.side])} "
                            f"\"you@example.org\"] tag, or from = ... in mail.toml")
        mover = _address("", sender, "from")
    others = [s for s in game.sides if s != ply.side]
    missing = [email_tag(side_tags[s]) for s in others if s not in found]
    if missing:
        raise NoAddress(f"no address for the opponent: add a [{missing[0]} \"name@example.org\"] "
                        "tag to the record")
    now = now or datetime.datetime.now(datetime.UTC).astimezone()
    msg = EmailMessage()
    msg["From"] = mover
    msg["To"] = [found[s] for s in others]
    msg["Subject"] = move_subject(replay, ply)
    msg["Date"] = format_datetime(now)
    msg["Message-ID"] = move_message_id(replay, ply, mover)
    previous = _previous_mail(replay, ply)
    if previous is not None and not previous.startswith("sha256:") and "=?" not in previous:
        # (an id kept by an older pbmkit may spell an encoded word: stored_id)
        msg["In-Reply-To"] = f"<{previous}>"
        msg["References"] = f"<{previous}>"
    if keys is not None:
        for name, value in keys.headers(replay, ply.label, ply.side, ply.text).items():
            msg[name] = value
    facts = mail_facts(replay, ply, today=now.date())
    msg.set_content(body_text(replay, ply, today=now.date(), facts=facts), cte="quoted-printable")
    if html:
        _add_html(msg, replay, ply, facts)
    for a in attachments:
        msg.add_attachment(a.data, maintype=a.maintype, subtype=a.subtype, filename=a.filename)
    return msg


BOARD_PNG_WIDTH = 960
"""The board picture's width in pixels: twice the 480 CSS pixels it is shown at, sharp on phone
screens; a Batalo board is about 60 KB."""


def _add_html(msg: EmailMessage, replay: GameReplay, ply: Ply, facts: MailFacts) -> None:
    """Add the HTML alternative to ``msg`` (its text set already), the board as a related PNG."""
    from pbmkit.render.png import board_png, png_size, position_words

    game = replay.game
    assert game is not None
    players = [replay.record.tags.get(t, "") for t in game.side_tags]
    png = board_png(game, ply.after, last_move=ply.move, players=players,
                    width_px=BOARD_PNG_WIDTH)
    digest = hashlib.sha256(png).hexdigest()[:16]
    cid = f"board.{digest}@pbmkit.invalid"
    alt = f"{game.title} board after {facts.move}. {position_words(game, ply.after)}"
    html_text = body_html(facts, image_cid=cid, alt=alt,
                          image_size=png_size(png))
    msg.add_alternative(html_text, subtype="html", cte="quoted-printable")
    part = next(p for p in msg.iter_parts() if p.get_content_type() == "text/html")
    assert isinstance(part, EmailMessage)
    part.add_related(png, maintype="image", subtype="png", cid=f"<{cid}>",
                     filename=f"{_file_stem(replay)}-board.png", disposition="inline")


def _file_stem(replay: GameReplay) -> str:
    game = replay.game
    number = re.sub(r"[^A-Za-z0-9-]", "", replay.record.tags.get("Number", ""))[:20]
    name = game.name if game is not None else "game"
    return f"{name}-{number}" if number else name


def mailer_attachment(replay: GameReplay, **options: Any) -> Attachment:
    """The filled mailer card of the last move, as a PDF (``options``: paper_key, flip)."""
    from pbmkit.render.from_record import mailer_card
    from pbmkit.render.mailer import mailer_pdf

    assert replay.game is not None
    data = mailer_pdf(replay.game, [mailer_card(replay)], **options)
    return Attachment(f"{_file_stem(replay)}-mailer.pdf", data, "application", "pdf")


def board_attachment(replay: GameReplay) -> Attachment:
    """The board after the last move as an SVG drawing, the move marked, the players named."""
    from pbmkit.render.svg import board_svg

    game = replay.game
    assert game is not None
    last = replay.main[-1] if replay.main else None
    players = [replay.record.tags.get(t, "") for t in game.side_tags]
    svg = board_svg(game, replay.final, last_move=last.move if last else None, players=players)
    return Attachment(f"{_file_stem(replay)}-board.svg", svg.encode("utf-8"), "image", "svg+xml")
