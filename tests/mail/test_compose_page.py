"""``mail compose`` sends the game's page with the move (issue 39 §2): the opponent opens it and
answers by tapping; its Send by e-mail goes back to the mover (docs/mail.md)."""

from __future__ import annotations

import email
import email.policy
import re
from email.message import EmailMessage
from html.parser import HTMLParser
from pathlib import Path

from click.testing import CliRunner

from pbmkit.cli import cli
from pbmkit.web.viewer import unpacked
from tests.support.tap_games import in_progress


class _Scripts(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: dict[str, str] = {}
        self._id: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._id = dict(attrs).get("id") if tag == "script" else None

    def handle_data(self, data: str) -> None:
        if self._id:
            self.found[self._id] = self.found.get(self._id, "") + data


def compose(tmp_path: Path, *extra: str) -> EmailMessage:
    record = tmp_path / "game.txt"
    record.write_text(in_progress("batalo"), encoding="utf-8")
    out = tmp_path / "move.eml"
    result = CliRunner().invoke(cli, ["mail", "compose", str(record), "-o", str(out), *extra])
    assert result.exit_code == 0, result.output
    msg = email.message_from_bytes(out.read_bytes(), _class=EmailMessage,
                                   policy=email.policy.default)
    assert isinstance(msg, EmailMessage)
    return msg


def test_the_mail_carries_the_page_of_the_position_to_answer_by_tapping(tmp_path: Path) -> None:
    msg = compose(tmp_path)
    pages = [p for p in msg.iter_attachments() if p.get_content_type() == "text/html"]
    assert [p.get_filename() for p in pages] == ["batalo-7-your-move.html"]
    html = pages[0].get_content()
    assert isinstance(html, str) and "data-move-text" in html and 'id="tap"' in html
    scripts = _Scripts()
    scripts.feed(html)
    offer = unpacked(scripts.found["pbm-play"])
    # the opponent (White, to move) answers; the link goes back to the mover, Black
    assert offer["side"] == "white" and offer["mail"]["to"] == "black@example.org"
    assert len(offer["moves"]) > 10
    assert re.search(r'<meta http-equiv="Content-Security-Policy" content="default-src \'none\'',
                     html)


def test_a_text_only_mail_has_no_page(tmp_path: Path) -> None:
    msg = compose(tmp_path, "--text")
    assert [p for p in msg.iter_attachments() if p.get_content_type() == "text/html"] == []
