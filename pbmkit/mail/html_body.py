"""The HTML part of a move's e-mail: what the text part says, laid out for web mail and phones.

The move in large type, whose turn it is, the dates and the days used, the move list as a table
and the board as an inline PNG (``cid:``) whose ``alt`` text says the position in words. Made for
what web-mail clients accept: inline styles, no script, no external resource, one column that
reads on a 360-pixel phone screen. Light by default, with a ``<style>`` block for dark mode that a
client without it can drop (the inline colours then stay: dark text on light).

Every text from a record (names, moves, tags) is escaped by the web pages' one escaping
(:func:`pbmkit.web.page.escape_html`). pbmkit's own blocks carry the class
:data:`OWN_CLASS`: ``mail read`` leaves them out when it looks for the move in an HTML reply that
quotes this part without a ``blockquote`` (docs/viewer.md, "The HTML mail").
"""

from __future__ import annotations

from dataclasses import dataclass

from pbmkit.web.page import escape_html
from pbmkit.web.theme import DARK, FONT, LIGHT

__all__ = ["INTRO_SLOT", "OWN_CLASS", "PAGE_STYLE", "TURN_SLOT", "MailFacts", "body_html"]

OWN_CLASS = "pbmkit-own"
"""The class of every block of pbmkit's own words in the HTML part."""

# The web pages' one look (pbmkit/web/theme.py), written inline: mail clients drop most style
# sheets. The page's font list with single quotes, as it stands in a style attribute.
_INK = LIGHT.fg
_MUTED = LIGHT.muted
_PAPER = LIGHT.bg
_LINE = LIGHT.line
_CURRENT = LIGHT.panel
_FONT = FONT.replace('"', "'")
PAGE_STYLE = (f"margin:0;padding:12px;background:{_PAPER};color:{_INK};font-family:{_FONT};"
              "font-size:15px;line-height:1.4;overflow-wrap:break-word")
"""The inline style of the page's outer block (mail clients drop most ``<style>`` rules)."""

_DARK = (  # a client that keeps <style> follows the reader's dark mode
    "@media (prefers-color-scheme: dark) {"
    f" .pbmkit-page, .pbmkit-page .{OWN_CLASS} {{ background: {DARK.bg} !important;"
    f" color: {DARK.fg} !important; }}"
    f" .pbmkit-page .pbmkit-muted {{ color: {DARK.muted} !important; }}"
    f" .pbmkit-page td, .pbmkit-page th {{ border-color: {DARK.line} !important; }}"
    f" .pbmkit-page .pbmkit-last td {{ background: {DARK.panel} !important; }}"
    "}"
)


@dataclass(frozen=True, slots=True)
class MailFacts:
    """What a move's message says, once for its text and its HTML part."""

    heading: str
    """``Batalo #3: Ann Lee (White) v Bob Kay (Black)``."""
    move: str
    """``2. KQ to KP`` (with its announcements)."""
    sent: str
    received: str | None
    headers: tuple[str, ...]
    """The move list's column heads."""
    rows: tuple[tuple[str, str, str, str, str], ...]
    """(``2. White``, move, received, sent, days) of every main-line move."""
    days_used: str
    board_caption: str
    board_text: str
    board_words: str
    """The position in words, under the board in the text part (a proportional font reads it)."""
    status: str
    """``Black to move.`` or the end of the game."""
    example: str
    """An example move of the game, for the line saying how to reply."""


def _p(text: str, style: str, *, muted: bool = False) -> str:
    extra = " pbmkit-muted" if muted else ""
    return f'<p class="{OWN_CLASS}{extra}" style="margin:0 0 6px 0;{style}">{text}</p>'


INTRO_SLOT = "<!--pbmkit:intro-->"
"""Where :func:`body_html` with ``intro_slot`` leaves room for lines of its sender's own (the
referee's "Game 1 of the club starts"), inside the page's styled column: replace it with them."""
TURN_SLOT = "<!--pbmkit:turn-->"
"""Where :func:`body_html` with ``intro_slot`` leaves room, after the board, for whose turn it is
and how to reply, in its sender's words (the referee's deadline): replace it with them."""


def body_html(facts: MailFacts, *, image_cid: str | None = None, alt: str = "",
              image_size: tuple[int, int] = (0, 0), display_width: int = 480,
              intro_slot: bool = False) -> str:
    """The HTML part of the message ``facts`` describe; the board is the image ``image_cid``
    (``None``: no picture), ``image_size`` pixels, shown at most ``display_width`` CSS pixels
    wide (the PNG is drawn at twice that for sharp phone screens). ``intro_slot``: the column
    starts with :data:`INTRO_SLOT`."""
    heads = (facts.headers[0], facts.headers[1], f"{facts.headers[2]} / {facts.headers[3]}",
             facts.headers[4])
    head_cells = "".join(f'<th align="left" class="pbmkit-muted" style="font-size:12px;'
                         f'color:{_MUTED}">{escape_html(h)}</th>' for h in heads)
    body_rows = []
    for k, (who, move, received, sent, days) in enumerate(facts.rows):
        last = k == len(facts.rows) - 1
        # Plain cells (a long game has hundreds): the table's rules and padding style them all;
        # the dates one above the other, so that the table fits a 360-pixel screen.
        dates = "-" if received == sent == "-" else f"{escape_html(received)}<br>{escape_html(sent)}"
        row = (f"<td nowrap>{escape_html(who)}</td><td>{escape_html(move)}</td>"
               f"<td nowrap>{dates}</td><td nowrap>{escape_html(days)}</td>")
        if last:
            row = f'<tr class="pbmkit-last" style="font-weight:bold;background:{_CURRENT}">{row}</tr>'
        else:
            row = f"<tr>{row}</tr>"
        body_rows.append(row)
    table = (f'<table class="{OWN_CLASS}" cellpadding="4" cellspacing="0" rules="rows" '
             f'frame="void" style="border-collapse:collapse;width:100%;'
             f"max-width:{display_width}px;font-size:14px;line-height:1.35;color:{_INK};"
             f'background:{_PAPER};border-color:{_LINE}">'
             f"<thead><tr>{head_cells}</tr></thead><tbody>{''.join(body_rows)}</tbody></table>")
    picture = ""
    if image_cid is not None:
        width, height = image_size
        shown = min(display_width, width // 2) if width else display_width
        shown_h = round(height * shown / width) if width else 0
        picture = (_p(escape_html(facts.board_caption), "margin:12px 0 4px 0") +
                   f'<div style="background:{_PAPER};padding:6px;border-radius:6px;'
                   f'max-width:{shown}px">'
                   f'<img src="cid:{escape_html(image_cid)}" alt="{escape_html(alt)}" width="{shown}" '
                   f'height="{shown_h}" style="display:block;width:100%;max-width:{shown}px;'
                   f'height:auto;border:0"></div>')
    dates = f"Sent: {escape_html(facts.sent)}"
    if facts.received is not None:
        dates += f" · Received: {escape_html(facts.received)} (your last move)"
    parts = [
        _p(escape_html(facts.heading), f"font-size:14px;color:{_MUTED}", muted=True),
        # "Move:" and the move on one line: mail read finds it there in a copy of this part
        _p(f'<span style="font-size:15px;font-weight:normal">Move:</span> {escape_html(facts.move)}',
           "font-size:30px;line-height:1.2;font-weight:bold;margin:6px 0 8px 0"),
        _p(dates, f"font-size:14px;color:{_MUTED}", muted=True),
        picture,
        # then whose turn it is (the referee's lines, the deadline among them), how to reply
        TURN_SLOT if intro_slot else (
            _p(f"<strong>{escape_html(facts.status)}</strong>", "font-size:18px;margin:12px 0 6px 0")
            + _p("Reply with your move on a line of its own, e.g. "
                 f"\u201cMove: {escape_html(facts.example)}\u201d.", "font-size:15px")),
        _p("The moves (received, sent; days used on the move / in all):",
           "margin:14px 0 6px 0;font-size:14px"),
        table,
        _p(escape_html(facts.days_used), "margin:8px 0 0 0;font-size:14px"),
        _p("Sent with pbmkit (play by mail).",
           f"margin:16px 0 0 0;font-size:12px;color:{_MUTED}", muted=True),
    ]
    return ("<!DOCTYPE html>\n"
            '<html><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<meta name="color-scheme" content="light dark">'
            '<meta name="supported-color-schemes" content="light dark">'
            f"<title>{escape_html(facts.heading)}</title><style>{_DARK}</style></head>"
            f'<body class="pbmkit-page" style="margin:0;padding:0;background:{_PAPER};color:{_INK}">'
            f'<div class="pbmkit-page" style="{PAGE_STYLE}">'
            f'<div style="max-width:{display_width}px">' + (INTRO_SLOT if intro_slot else "")
            + "".join(parts) + "</div></div></body></html>\n")

