"""Issue 25 §4: the HTML part of a move's e-mail in a real browser (headless Chromium), its
``cid:`` picture resolved to the PNG written beside it: the board shows, nothing overflows a
360-pixel phone screen, and the text reads in light and in dark mode."""

from __future__ import annotations

import datetime
import email
import email.policy
import io
import os
from email.message import EmailMessage
from pathlib import Path

import pytest
from PIL import Image

from pbmkit.mail.compose import compose_message
from pbmkit.records import check_text
from tests.support.browser import Browser

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SHOTS = "PBMKIT_SCREENSHOTS"
"""An environment variable naming a folder: the screenshots are kept there, to look at."""


def html_page(folder: Path, record: Path) -> Path:
    """The HTML part of the record's move message as ``mail.html``, the picture it shows by
    ``cid:`` written beside it and the ``cid:`` pointing at that file."""
    (rep,) = check_text(record.read_text(encoding="utf-8"), record.name)
    sent = compose_message(rep, now=datetime.datetime(2026, 11, 13, 9, tzinfo=datetime.UTC))
    msg = email.message_from_bytes(sent.as_bytes(), policy=email.policy.default)
    assert isinstance(msg, EmailMessage)
    part = msg.get_body(preferencelist=("html",))
    assert part is not None
    html = part.get_content()
    for sub in msg.walk():
        if sub["Content-ID"]:
            cid = str(sub["Content-ID"]).strip("<>")
            data = sub.get_payload(decode=True)
            assert isinstance(data, bytes) and f"cid:{cid}" in html
            (folder / "board.png").write_bytes(data)
            html = html.replace(f"cid:{cid}", "board.png")
    page = folder / "mail.html"
    page.write_text(html, encoding="utf-8")
    return page


def luminance(css: str) -> float:
    """The relative luminance (WCAG) of a CSS ``rgb()``/``rgba()`` colour."""
    values = [float(v) for v in css[css.index("(") + 1:css.index(")")].split(",")[:3]]

    def channel(v: float) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in values)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


CONTRASTS = """
const out = [];
for (const el of document.querySelectorAll('p, td, th, span, strong')) {
  if (!el.textContent.trim()) continue;
  let bg = el, colour = 'rgba(0, 0, 0, 0)';
  while (bg) {
    colour = getComputedStyle(bg).backgroundColor;
    if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') break;
    bg = bg.parentElement;
  }
  out.push([el.textContent.trim().slice(0, 30), getComputedStyle(el).color, colour]);
}
return out;
"""


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
@pytest.mark.parametrize("width", [360, 700])
def test_the_html_mail_shows_the_board_and_reads_on_a_phone(browser: Browser, tmp_path: Path,
                                                           width: int, dark: bool) -> None:
    page = html_page(tmp_path, EXAMPLES / "mail" / "games" / "1-ann-bob.txt")
    browser.open(page, width=width, height=1600, dark=dark, mobile=width < 400)
    assert browser.errors() == []
    assert [u for u in browser.requests() if not u.endswith("/board.png")] == []
    # nothing wider than the screen
    scroll, client = browser.script("return [document.documentElement.scrollWidth, "
                                    "document.documentElement.clientWidth]")  # type: ignore[misc]
    assert scroll <= client
    # the picture is loaded, at most as wide as the screen, and shows the board
    box = browser.script("""const img = document.querySelector('img');
        const r = img.getBoundingClientRect();
        return [img.complete, img.naturalWidth, r.left, r.top, r.width, r.height];""")
    complete, natural, left, top, w, h = box  # type: ignore[misc]
    assert complete and natural == 960
    assert left >= 0 and left + w <= client and w >= min(300, width - 40)
    shot = Image.open(io.BytesIO(browser.screenshot())).convert("L")
    if os.environ.get(SHOTS):
        shot.save(Path(os.environ[SHOTS]) / f"mail-{width}-{'dark' if dark else 'light'}.png")
    board = shot.crop((round(left), round(top), round(left + w), round(min(top + h, shot.height))))
    levels = board.histogram()
    pixels = board.width * board.height
    assert sum(levels[:60]) > 0.01 * pixels  # black lines and pieces ...
    assert sum(levels[230:]) > 0.5 * pixels  # ... on the board's white
    # every text contrasts with what is behind it (WCAG AA for normal text: 4.5)
    found = browser.script(CONTRASTS)
    assert isinstance(found, list) and len(found) > 20
    for text, colour, background in found:
        hi, lo = sorted((luminance(colour), luminance(background)), reverse=True)
        assert (hi + 0.05) / (lo + 0.05) >= 4.5, (text, colour, background)
    page_bg = luminance(str(browser.script(
        "return getComputedStyle(document.querySelector('.pbmkit-page')).backgroundColor")))
    assert (page_bg < 0.1) if dark else (page_bg > 0.9)
