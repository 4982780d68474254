"""The page shell of every web page (pbmkit/web/page.py): one escaping for the pages and the HTML
mail, one head whose policy allows exactly the page's own style sheet and script, read from the
package's files (pbmkit/web/static/), which the wheel ships."""

from __future__ import annotations

import base64
import fnmatch
import hashlib
import re
import tomllib
from pathlib import Path

import pytest

from pbmkit.mail.html_body import MailFacts, body_html
from pbmkit.render.crosstable import Column, Entry, Grid, Sheet
from pbmkit.web import club, crosstable, viewer
from pbmkit.web.page import escape_html
from pbmkit.web.theme import theme_css

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "pbmkit" / "web" / "static"
CONTROLS = "\x00\x01\x08\x0b\x0c\x0d\x1b\x1f\x7f\x80\x85\x9b\x9f"
"""Control characters HTML forbids: C0 (but tab and line feed), DEL, C1."""
EVIL = f'<script>alert("x")</script> & \'{CONTROLS}\u202eEve'


def _sha(source: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(source.encode()).digest()).decode() + "'"


def test_escape_html_escapes_markup_and_drops_forbidden_control_characters() -> None:
    assert escape_html(EVIL) == ("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; "
                                 "&#x27;\u202eEve")
    assert escape_html("a\tb\nc") == "a\tb\nc"  # white space stays


def _mail(text: str) -> str:
    facts = MailFacts(text, text, text, text, ("Move", "Who", "Received", "Sent", "Days"),
                      ((text, text, text, text, text),), text, text, text, text, text, text)
    return body_html(facts, image_cid="board@x", alt=text, image_size=(960, 700))


def test_the_html_mail_escapes_as_the_pages_do() -> None:
    """The HTML part of a move's mail drops C1 and DEL too (it kept them before the pages' rule
    was its own)."""
    mail = _mail(EVIL)
    assert not any(ch in mail for ch in CONTROLS)
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;\u202eEve" in mail
    assert "<script" not in mail


def _sheet() -> Sheet:
    return Sheet(EVIL, EVIL, (Grid(EVIL, (Column("Player", EVIL, "start", True), Column("1")),
                                   (((Entry(EVIL, "game-1.html"),), (Entry("1"),)),)),), (EVIL,))


def _pages() -> dict[str, tuple[str, str]]:
    """Each kind of page without a script, with the style sheets it must carry."""
    site = club.Site(EVIL, "2026-01-01", (), (), ())
    entry = viewer.PageEntry("game-1.html", "1", (EVIL,), "Batalo", "draw", 3, "2026")
    return {
        "index": (viewer.index_page([entry], EVIL), "base.css viewer.css"),
        "club": (club.club_index(site), "base.css viewer.css club.css"),
        "crosstable": (crosstable.crosstable_html(_sheet()), "base.css crosstable.css"),
    }


@pytest.mark.parametrize("kind", ["index", "club", "crosstable"])
def test_every_page_has_one_head_and_its_files_style(kind: str) -> None:
    page, sheets = _pages()[kind]
    style = "".join("\n" + (STATIC / name).read_text(encoding="utf-8") for name in sheets.split())
    if "base.css" in sheets:  # the shared look: the theme's colours, then the shared sheet
        style = theme_css() + style + "\n"
    assert page.count("<style>") == 1 and f"<style>{style}</style>" in page
    assert "<script" not in page
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', page)
    assert csp is not None
    assert csp.group(1) == (f"default-src 'none'; style-src {_sha(style)}; base-uri 'none'; "
                            "form-action 'none'")
    assert not any(ch in page for ch in CONTROLS) and "<script>alert" not in page
    assert f"<title>{escape_html(EVIL)}</title>" in page


def test_the_game_page_carries_the_script_file() -> None:
    from pbmkit.records import check_text

    text = (ROOT / "examples" / "01-short-base-win.txt").read_text(encoding="utf-8")
    page = viewer.game_page(check_text(text)[0])
    script = "".join("\n" + (STATIC / name).read_text(encoding="utf-8")
                     for name in ("tap.js", "viewer.js"))
    assert page.endswith(f"<script>{script}</script>\n</body>\n</html>\n")
    style = page[page.index("<style>") + 7:page.index("</style>")]
    assert style.startswith(viewer.STYLE)  # the shared look, then the pieces' colours
    assert f"script-src {_sha(script)}; style-src {_sha(style)};" in page


def test_the_wheel_ships_every_static_file() -> None:
    """Each file of pbmkit/web/static/ matches a package-data pattern of pyproject.toml."""
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "tool"]["setuptools"]["package-data"]["pbmkit"]
    files = sorted(p.relative_to(ROOT / "pbmkit").as_posix() for p in STATIC.iterdir())
    assert {"web/static/viewer.css", "web/static/viewer.js", "web/static/tap.js",
            "web/static/club.css",
            "web/static/crosstable.css"} <= set(files)
    assert [f for f in files if not any(fnmatch.fnmatch(f, p) for p in patterns)] == []
