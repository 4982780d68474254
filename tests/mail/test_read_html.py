"""Issue 25 §2: `mail read` finds the opponent's move whatever their mail program did with the
HTML part of the message they answer: quoted it, sent HTML alone, or left it unquoted below (or
around) the reply, as Outlook and editing on top of the picture do."""

from __future__ import annotations

import datetime
from email.message import EmailMessage
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbmkit.cli import cli
from pbmkit.mail.compose import compose_message
from pbmkit.records import check_text

RECORD = """[Game "Batalo"]
[Number "3"]
[Date "2026-09-01"]
[White "Ann Lee"]
[Black "Bob Kay"]
[WhiteEmail "ann@example.org"]
[BlackEmail "Bob Kay <bob@example.net>"]
[TimeControl "10/50"]

1. KP to KR {[%ccsnt 2026.09.04]} EW to FW {[%ccsnt 2026.09.09]}
2. KQ to KP {[%ccrcv 2026.09.11] [%ccsnt 2026.09.14] [%ccmailsnt out2@example.org]}
"""
ATTRIBUTION = "On Mon, 14 Sep 2026 at 12:00, Ann Lee &lt;ann@example.org&gt; wrote:"


def anns_mail() -> EmailMessage:
    """The message Ann's pbmkit sent for 2. KQ to KP: text, HTML and the board."""
    (rep,) = check_text(RECORD, "ann.txt")
    return compose_message(rep, now=datetime.datetime(2026, 9, 14, 12, tzinfo=datetime.UTC))


def anns_html() -> str:
    part = anns_mail().get_body(preferencelist=("html",))
    assert part is not None
    html = part.get_content()
    assert isinstance(html, str) and "Move:</span> 2. KQ to KP" in html
    return html


def inner(html: str) -> str:
    """What a mail program quotes of an HTML message: its body's content."""
    return html.split("<body", 1)[1].split(">", 1)[1].rsplit("</body>", 1)[0]


def reply(plain: str | None, html: str | None) -> bytes:
    msg = EmailMessage()
    msg["From"] = "Bob Kay <bob@example.net>"
    msg["To"] = "ann@example.org"
    msg["Subject"] = "Re: Batalo #3, 2. KQ to KP"
    msg["Date"] = "Wed, 16 Sep 2026 10:00:00 +0000"
    msg["Message-ID"] = "<r1@example.net>"
    msg["In-Reply-To"] = "<out2@example.org>"
    if plain is None:
        assert html is not None
        msg.set_content(html, subtype="html")
    else:
        msg.set_content(plain)
        if html is not None:
            msg.add_alternative(html, subtype="html")
    return msg.as_bytes()


@pytest.fixture
def games(tmp_path: Path) -> Path:
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "3-ann-bob.txt").write_text(RECORD, encoding="utf-8")
    return folder


def read(tmp_path: Path, games: Path, data: bytes) -> tuple[int, str, str]:
    path = tmp_path / "reply.eml"
    path.write_bytes(data)
    result = CliRunner().invoke(cli, ["mail", "read", str(path), "--games", str(games),
                                      "--dry-run"], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def applied(code: int, out: str, err: str) -> None:
    assert code == 0, err
    assert "would apply: Batalo #3: 2. Black DX to EW" in out


def test_a_reply_quoting_the_html_part(tmp_path: Path, games: Path) -> None:
    """Gmail, Apple Mail, Thunderbird: text and HTML, the original quoted in each."""
    quoted_text = "\n".join("> " + line for line in anns_mail().get_body(
        preferencelist=("plain",)).get_content().splitlines())  # type: ignore[union-attr]
    plain = f"DX to EW\n\n{ATTRIBUTION.replace('&lt;', '<').replace('&gt;', '>')}\n{quoted_text}\n"
    html = (f'<div dir="ltr">DX to EW</div><br><div class="gmail_quote"><div dir="ltr" '
            f'class="gmail_attr">{ATTRIBUTION}<br></div><blockquote class="gmail_quote" '
            f'style="margin:0 0 0 .8ex;border-left:1px #ccc solid;padding-left:1ex">'
            f"{inner(anns_html())}</blockquote></div>")
    applied(*read(tmp_path, games, reply(plain, html)))


def test_an_html_only_reply_quoting_the_html_part(tmp_path: Path, games: Path) -> None:
    html = (f"<html><body><p>Hello Ann, my move:</p><p>Move: 2... DX to EW</p>"
            f"<p>{ATTRIBUTION}</p><blockquote type=\"cite\">{inner(anns_html())}</blockquote>"
            "</body></html>")
    applied(*read(tmp_path, games, reply(None, html)))


def test_an_html_only_reply_above_the_original_left_unquoted(tmp_path: Path,
                                                             games: Path) -> None:
    """Outlook: the reply, a rule, the original's headers, then the original as it was (no
    blockquote): its 'Move: 2. KQ to KP' is not the answer."""
    html = ('<html><body><div>DX to EW</div><div>Bob</div><hr style="display:inline-block;'
            'width:98%"><div id="divRplyFwdMsg"><b>From:</b> Ann Lee &lt;ann@example.org&gt;'
            "<br><b>Sent:</b> Monday, 14 September 2026 12:00<br><b>Subject:</b> Batalo #3, "
            f"2. KQ to KP</div>{inner(anns_html()).replace('pbmkit-own', 'x_pbmkit-own')}"
            "</body></html>")
    applied(*read(tmp_path, games, reply(None, html)))


def test_a_reply_written_on_top_of_the_picture(tmp_path: Path, games: Path) -> None:
    """The move typed into the message itself, above the board, nothing quoted: pbmkit's own
    words around it are not read."""
    original = inner(anns_html())
    at = original.index("<div style=")  # the board's frame
    html = ("<html><body>" + original[:at] + "<div>DX to EW</div>" + original[at:]
            + "</body></html>")
    applied(*read(tmp_path, games, reply(None, html)))


def test_a_reply_on_top_of_the_unquoted_original_without_its_classes(tmp_path: Path,
                                                                     games: Path) -> None:
    """A client that drops class attributes and puts a rule above the original."""
    stripped = inner(anns_html()).replace('class="pbmkit-own"', "").replace(
        'class="pbmkit-own pbmkit-muted"', "")
    html = f"<html><body><p>DX to EW</p><hr>{stripped}</body></html>"
    applied(*read(tmp_path, games, reply(None, html)))


def test_a_pbmkit_mail_whose_text_part_was_lost_is_read_from_its_html(tmp_path: Path,
                                                                      games: Path) -> None:
    """The HTML part alone of a pbmkit mail (a gateway dropped the text): its own Move: line."""
    (rep,) = check_text(RECORD.replace(" [%ccmailsnt out2@example.org]", "")
                        + "DX to EW {[%ccsnt 2026.09.16]}\n", "bob.txt")
    bobs = compose_message(rep, now=datetime.datetime(2026, 9, 16, 9, tzinfo=datetime.UTC))
    part = bobs.get_body(preferencelist=("html",))
    assert part is not None
    html = part.get_content()
    assert "Move:</span> 2... DX to EW" in html
    applied(*read(tmp_path, games, reply(None, html)))
