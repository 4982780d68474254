"""The organiser's letters to the players of an event, drawn from plain data (one page each).

:mod:`pbmkit.events.letters` says what a letter holds (:class:`LetterPage`); this module only
lays it out: the organiser's address at the top right, the player's at the top left, a few
paragraphs, the table of the player's games and their opponents' addresses. The text is set as
large as lets the letter fit on one page (11 pt down to 6 pt, never smaller); a letter that
still does not fit goes on over a second page.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from pbmkit.render.pdf import MIN_SIZE, draw_text, finish, fit_text, new_canvas, text_width
from pbmkit.render.templates import paper

__all__ = ["Contact", "LetterPage", "letters_pdf"]


@dataclass(frozen=True)
class Contact:
    """A name and the lines under it (e-mail, postal address lines)."""

    name: str
    lines: tuple[str, ...] = ()


@dataclass(frozen=True)
class LetterPage:
    """One player's letter."""

    title: str
    recipient: Contact
    sender: Contact | None
    greeting: str
    paragraphs: tuple[str, ...]
    columns: tuple[str, ...]
    """The headings of the games table."""
    rows: tuple[tuple[str, ...], ...]
    contacts_heading: str
    contacts: tuple[Contact, ...]
    closing: tuple[str, ...] = ()


MARGIN = 54.0
SIZES = (11.0, 10.0, 9.0, 8.0, 7.0, MIN_SIZE)
LEADING = 1.3
GAP = 12.0


@dataclass
class _Flow:
    """Where the next line of a letter goes, on a canvas (None: measuring only)."""

    c: Canvas | None
    size: float
    top: float
    bottom: float
    y: float

    def need(self, height: float) -> None:
        if self.y - height < self.bottom and self.c is not None:
            self.c.showPage()
            self.y = self.top

    def line(self, text: str, x: float, width: float, *, bold: bool = False, size: float | None = None,
             anchor: str = "start") -> None:
        at = size or self.size
        self.need(at * LEADING)
        if self.c is not None:
            self.c.setFillColorRGB(0, 0, 0)
            fit_text(self.c, text, x, self.y - at, width, size=at, bold=bold, anchor=anchor)
        self.y -= at * LEADING

    def paragraph(self, text: str, x: float, width: float) -> None:
        """Text wrapped at spaces within ``width``."""
        for line in _wrap(text, width, self.size):
            self.line(line, x, width)
        self.y -= self.size * 0.4


def _wrap(text: str, width: float, size: float) -> list[str]:
    """Greedy wrap at spaces; each word measured once."""
    space = text_width(" ", size)
    lines: list[str] = []
    current: list[str] = []
    used = 0.0
    for word in text.split():
        w = text_width(word, size)
        if current and used + space + w > width:
            lines.append(" ".join(current))
            current, used = [word], w
        else:
            used += (space if current else 0.0) + w
            current.append(word)
    if current:
        lines.append(" ".join(current))
    return lines or [""]


def _column_widths(page: LetterPage, room: float, size: float) -> list[float]:
    """The games table's widths: each column its natural width, the last takes what is left."""
    natural = []
    for k, heading in enumerate(page.columns):
        best = text_width(heading, size, bold=True)
        for row in page.rows:
            best = max(best, text_width(row[k], size))
        natural.append(best + 8)
    fixed = sum(natural[:-1])
    natural[-1] = max(room - fixed, 40.0)
    return natural


def _draw(page: LetterPage, flow: _Flow, left: float, room: float) -> None:
    size = flow.size
    c = flow.c
    top = flow.y
    if page.sender is not None:  # the organiser, at the top right
        right = left + room
        for text, bold in ((page.sender.name, True), *((t, False) for t in page.sender.lines)):
            if c is not None:
                c.setFillColorRGB(0, 0, 0)
                fit_text(c, text, right, flow.y - size, room / 2, size=size, bold=bold, anchor="end")
            flow.y -= size * LEADING
    sender_bottom = flow.y
    flow.y = top - (size * LEADING * 3 if page.sender is not None else 0)
    for text, bold in ((page.recipient.name, True), *((t, False) for t in page.recipient.lines)):
        flow.line(text, left, room / 2 - 6, bold=bold)
    flow.y = min(flow.y, sender_bottom) - GAP
    flow.line(page.title, left, room, bold=True, size=size * 1.3)
    flow.y -= size * 0.5
    flow.paragraph(page.greeting, left, room)
    for text in page.paragraphs:
        flow.paragraph(text, left, room)
    widths = _column_widths(page, room, size)
    xs = [left]
    for w in widths:
        xs.append(xs[-1] + w)

    def header() -> None:
        flow.need(size * LEADING * 2)
        if c is not None:
            c.setFillColorRGB(0.9, 0.9, 0.9)
            c.rect(left, flow.y - size * LEADING - 2, room, size * LEADING + 2, stroke=0, fill=1)
            c.setFillColorRGB(0, 0, 0)
            for k, heading in enumerate(page.columns):
                fit_text(c, heading, xs[k] + 4, flow.y - size, widths[k] - 8, size=size, bold=True)
        flow.y -= size * LEADING + 2

    header()
    for row in page.rows:
        if flow.y - size * LEADING < flow.bottom and c is not None:
            flow.need(size * LEADING * 2)
            header()
        if c is not None:
            c.setFillColorRGB(0, 0, 0)
            for k, value in enumerate(row):
                fit_text(c, value, xs[k] + 4, flow.y - size, widths[k] - 8, size=size)
            c.setStrokeColorRGB(0.75, 0.75, 0.75)
            c.setLineWidth(0.4)
            c.line(left, flow.y - size * LEADING - 1, left + room, flow.y - size * LEADING - 1)
        flow.y -= size * LEADING + 1
    flow.y -= GAP
    flow.line(page.contacts_heading, left, room, bold=True)
    half = (room - GAP) / 2
    for k in range(0, len(page.contacts), 2):
        pair = page.contacts[k:k + 2]
        height = max(1 + len(p.lines) for p in pair) * size * LEADING + size * 0.5
        flow.need(height)
        start = flow.y
        for n, person in enumerate(pair):
            flow.y = start
            x = left + n * (half + GAP)
            for text, bold in ((person.name, True), *((t, False) for t in person.lines)):
                if c is not None:
                    c.setFillColorRGB(0, 0, 0)
                    fit_text(c, text, x, flow.y - size, half, size=size, bold=bold)
                flow.y -= size * LEADING
        flow.y = start - height
    if page.closing:
        flow.y -= size * 0.5
        for text in page.closing:
            flow.paragraph(text, left, room)


def _height(page: LetterPage, size: float, room: float) -> float:
    flow = _Flow(None, size, 0.0, float("-inf"), 0.0)
    _draw(page, flow, MARGIN, room)
    return -flow.y


def letters_pdf(pages: Sequence[LetterPage], paper_key: str = "letter", title: str = "Letters",
                font_file: str | None = None) -> bytes:
    """Every letter, each starting on a new page, on Letter or A4."""
    sheet = paper(paper_key)
    buffer = io.BytesIO()
    c = new_canvas(buffer, sheet, title=title, subject="Letters to the players",
                   font_file=font_file)
    room = sheet.width - 2 * MARGIN
    height = sheet.height - 2 * MARGIN
    if not pages:
        draw_text(c, "No players.", MARGIN, sheet.height - MARGIN - 11, size=11)
    for k, page in enumerate(pages):
        if k:
            c.showPage()
        size = next((s for s in SIZES if _height(page, s, room) <= height), MIN_SIZE)
        flow = _Flow(c, size, sheet.height - MARGIN, MARGIN, sheet.height - MARGIN)
        _draw(page, flow, MARGIN, room)
    return finish(c, buffer)
