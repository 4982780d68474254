"""Issue 25 §2: the move's e-mail has an HTML part a person can read: the move in large type,
whose turn, the dates, the move list as a table and the board as an inline PNG (``cid:``)."""

from __future__ import annotations

import io
import random
import re
from email.message import EmailMessage

import pytest
from PIL import Image

from pbmkit.games import game_names, get_game
from pbmkit.mail.compose import board_attachment, compose_message, mailer_attachment
from pbmkit.records import moves_text
from tests.support.mail_helpers import BATALO, EXAMPLES, NOW, parsed, replay_of


def html_and_images(msg: EmailMessage) -> tuple[str, dict[str, bytes]]:
    """The HTML part and the images of its multipart/related, by Content-ID."""
    part = msg.get_body(preferencelist=("html",))
    assert part is not None
    text = part.get_content()
    assert isinstance(text, str)
    images = {}
    for sub in msg.walk():
        if sub.get_content_type() == "image/png" and sub["Content-ID"]:
            data = sub.get_payload(decode=True)
            assert isinstance(data, bytes)
            images[str(sub["Content-ID"]).strip("<>")] = data
    return text, images


def random_record(name: str, plies: int, seed: int = 1) -> str:
    """A random game of ``name`` with every side's address, still going on."""
    game = get_game(name)
    rng = random.Random(seed)
    position, played = game.initial_position(), []
    while len(played) < plies:
        legal = list(game.legal_moves(position))
        if not legal or game.outcome(position) is not None:
            break
        move = rng.choice(legal)
        played.append(move)
        position = game.apply(position, move)
    tags = [f'[Game "{game.title}"]', '[Number "7"]']
    for k, tag in enumerate(game.side_tags):
        tags += [f'[{tag} "Player {k}"]', f'[{tag}Email "p{k}@example.org"]']
    return "\n".join(tags) + "\n\n" + moves_text(game, played)


def test_the_message_is_text_and_html_with_the_board_as_an_inline_png() -> None:
    msg = parsed(compose_message(replay_of(BATALO), now=NOW))
    assert msg.get_content_type() == "multipart/alternative"
    plain, related = msg.get_payload()  # type: ignore[misc]
    assert plain.get_content_type() == "text/plain"
    assert "Move: 2. KQ to KP" in plain.get_content()  # the text part as before
    assert related.get_content_type() == "multipart/related"
    html, images = html_and_images(msg)
    (cid, png), = images.items()
    assert f'src="cid:{cid}"' in html
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.width == 960  # twice the 480 pixels it is shown at
    # the move in large type, whose turn, the dates, the table of moves
    assert re.search(r'font-size:30px[^>]*>(<[^>]+>[^<]*</span>)? ?2\. KQ to KP', html)
    assert "Black to move." in html
    assert "Sent: 2026.09.14" in html and "Received: 2026.09.11" in html
    assert html.count("<tr") == 1 + 3  # the head and three moves
    assert "1... Black" in html and "EW to FW" in html and "2026.09.09" in html
    assert "Days used: White " in html


def test_a_move_without_dates_has_one_dash_for_them() -> None:
    undated = BATALO.replace(" {[%ccsnt 2026.09.04]}", "")
    html, _ = html_and_images(parsed(compose_message(replay_of(undated), now=NOW)))
    assert "<td nowrap>-</td>" in html and "-<br>" not in html
    assert "2026.09.07<br>2026.09.09" in html


def test_the_picture_says_the_position_in_words() -> None:
    html, _ = html_and_images(parsed(compose_message(replay_of(BATALO), now=NOW)))
    alt = re.search(r'<img [^>]*alt="([^"]*)"', html)
    assert alt is not None
    words = alt.group(1)
    assert words.startswith("Batalo board after 2. KQ to KP.")
    assert "White column: JQ" in words and "Black column: DW" in words
    assert re.search(r"White stone: [A-Z]{2}(, [A-Z]{2}){5}", words)  # six stones by space
    assert "KP" in words.split("White stone:")[1]


def test_the_html_is_what_web_mail_accepts() -> None:
    html, _ = html_and_images(parsed(compose_message(replay_of(BATALO), now=NOW)))
    low = html.lower()
    assert "<script" not in low and "javascript:" not in low
    assert not re.search(r"<[^>]*\son[a-z]+\s*=", low)  # no event handler
    assert "http:" not in low and "https:" not in low and "url(" not in low  # nothing external
    assert re.findall(r'src="([^"]*)"', html) == [re.findall(r'src="(cid:[^"]*)"', html)[0]]
    assert 'name="viewport"' in html and "prefers-color-scheme: dark" in html
    assert "style=" in html


def test_everything_from_the_record_is_escaped() -> None:
    hostile = BATALO.replace('[White "Ann Lee"]',
                             '[White "<script>alert(1)</script>\\"><img src=x onerror=alert(2)>"]')
    hostile = hostile.replace('[Number "3"]', '[Number "3<b>"]')
    html, _ = html_and_images(parsed(compose_message(replay_of(hostile), now=NOW)))
    assert "<script" not in html and "<img src=x" not in html and "<b>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(2)&gt;" in html


def test_attachments_stay_beside_the_text_and_html() -> None:
    rep = replay_of(BATALO)
    msg = parsed(compose_message(rep, now=NOW,
                                 attachments=[mailer_attachment(rep), board_attachment(rep)]))
    assert msg.get_content_type() == "multipart/mixed"
    body, pdf, svg = msg.get_payload()  # type: ignore[misc]
    assert body.get_content_type() == "multipart/alternative"
    assert pdf.get_content_type() == "application/pdf" and pdf.get_filename().endswith(".pdf")
    assert svg.get_content_type() == "image/svg+xml"


def test_a_batalo_move_message_is_small() -> None:
    """Issue 25: 'the whole message of a Batalo move under 150 KB' (here 60 turns)."""
    rep = replay_of(random_record("batalo", 120))
    assert len(compose_message(rep, now=NOW).as_bytes()) < 150_000
    example = replay_of((EXAMPLES / "mail" / "games" / "1-ann-bob.txt").read_text(encoding="utf-8"))
    assert len(compose_message(example, now=NOW).as_bytes()) < 150_000


@pytest.mark.parametrize("name", game_names())
def test_every_game_mails_its_board(name: str) -> None:
    rep = replay_of(random_record(name, 12))
    html, images = html_and_images(parsed(compose_message(rep, now=NOW)))
    (png,) = images.values()
    image = Image.open(io.BytesIO(png)).convert("L")
    dark = sum(image.histogram()[:60])
    assert dark > 0.01 * image.width * image.height  # a board, not a blank picture
    alt = re.search(r'alt="([^"]*)"', html)
    assert alt is not None and rep.game is not None
    assert alt.group(1).startswith(f"{rep.game.title} board after ")
    assert ": " in alt.group(1).split(". ", 2)[2]  # pieces by space
