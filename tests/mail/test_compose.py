"""Issue 15, compose: the RFC 5322 message a player mails after a move (docs/mail.md)."""

from __future__ import annotations

import datetime
import email
import email.policy
from email.message import EmailMessage
from pathlib import Path

import pytest

from pbmkit.mail.compose import (
    MailError,
    board_attachment,
    compose_message,
    mail_annotation,
    mail_ids,
    mailer_attachment,
    move_subject,
    stored_id,
)
from pbmkit.notation import check_text
from pbmkit.notation.replay import GameReplay

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
NOW = datetime.datetime(2026, 9, 14, 12, 0, tzinfo=datetime.UTC)

BATALO = """[Game "Batalo"]
[Number "3"]
[Date "2026-09-01"]
[White "Ann Lee"]
[Black "Bob Kay"]
[WhiteEmail "ann@example.org"]
[BlackEmail "Bob Kay <bob@example.net>"]
[TimeControl "10/50"]

1. KP to KR {[%ccsnt 2026.09.04]}
EW to FW {[%ccrcv 2026.09.07] [%ccsnt 2026.09.09] [%ccmailrcv m1@example.net]}
2. KQ to KP {[%ccrcv 2026.09.11] [%ccsnt 2026.09.14]}
"""


def replay_of(text: str) -> GameReplay:
    (rep,) = check_text(text, "game.txt")
    assert rep.valid, rep.errors
    return rep


def parsed(msg: EmailMessage) -> EmailMessage:
    """The message as a receiving mail program reads it back from its bytes."""
    back = email.message_from_bytes(msg.as_bytes(), policy=email.policy.default)
    assert isinstance(back, EmailMessage)
    return back


def body_of(msg: EmailMessage) -> str:
    part = msg.get_body(preferencelist=("plain",))
    assert part is not None
    text = part.get_content()
    assert isinstance(text, str)
    return text


def test_the_subject_names_the_game_its_number_and_the_move() -> None:
    """Issue 15: 'a subject that names the game, its number and the move (Batalo #3, 12. IR to HS)'."""
    msg = parsed(compose_message(replay_of(BATALO), now=NOW))
    assert msg["Subject"] == "Batalo #3, 2. KQ to KP"


def test_the_second_sides_move_is_numbered_with_an_ellipsis() -> None:
    rep = replay_of(BATALO.replace("2. KQ to KP {[%ccrcv 2026.09.11] [%ccsnt 2026.09.14]}\n", ""))
    assert move_subject(rep) == "Batalo #3, 1... EW to FW"


def test_addresses_come_from_the_tags_named_after_the_sides() -> None:
    """Issue 15: 'Players' addresses come from record tags named after the side (WhiteEmail ...)'."""
    msg = parsed(compose_message(replay_of(BATALO), now=NOW))
    assert msg["From"].addresses[0].addr_spec == "ann@example.org"
    assert msg["From"].addresses[0].display_name == "Ann Lee"  # the player's name from the White tag
    assert [a.addr_spec for a in msg["To"].addresses] == ["bob@example.net"]
    assert msg["To"].addresses[0].display_name == "Bob Kay"


def test_billo_sides_give_yellow_and_orange_email_tags() -> None:
    """Side names come from the game: Billo's players are YellowEmail and OrangeEmail."""
    text = (EXAMPLES / "desk" / "2-carla-ann.txt").read_text(encoding="utf-8")
    text = text.replace('[Orange "Ann Lee"]', '[Orange "Ann Lee"]\n[OrangeEmail "ann@example.org"]\n'
                        '[YellowEmail "carla@example.com"]')
    msg = parsed(compose_message(replay_of(text), now=NOW))
    assert msg["Subject"] == "Billo #2, 5... R f7-g6"
    assert msg["From"].addresses[0].addr_spec == "ann@example.org"  # Orange moved last
    assert msg["To"].addresses[0].addr_spec == "carla@example.com"
    assert "Orange  R f7-g6" in body_of(msg)


def test_the_body_has_the_move_the_dated_move_list_days_used_and_the_board() -> None:
    """Issue 15 (ICCF): 'the whole move list with the dates and days used, the board as text'."""
    body = body_of(parsed(compose_message(replay_of(BATALO), now=NOW)))
    lines = body.splitlines()
    assert lines[2] == "Move: 2. KQ to KP"
    assert "Sent: 2026.09.14" in lines
    assert "Received: 2026.09.11 (your last move)" in lines
    # every move with its received and sent dates and its days (this move / in all)
    assert "1. White    KP to KR  -           2026.09.04  3/3" in lines
    assert "1... Black  EW to FW  2026.09.07  2026.09.09  2/2" in lines
    assert "2. White    KQ to KP  2026.09.11  2026.09.14  3/6" in lines
    assert "Days used: White 6, Black 2; time control 10/50." in lines
    assert any("[KPO]" in line for line in lines)  # the board, the move's spaces marked
    assert "Black to move." in lines
    assert "-- " in lines  # a signature separator: a reply's quoted copy is told apart


def test_the_message_is_a_well_formed_rfc_5322_message() -> None:
    msg = compose_message(replay_of(BATALO), now=NOW)
    raw = msg.as_bytes()
    assert all(len(line) <= 998 for line in raw.splitlines())  # RFC 5322 2.1.1
    back = parsed(msg)
    assert back["Date"].datetime == NOW
    assert back["Message-ID"].startswith("<") and back["Message-ID"].endswith("@example.org>")
    assert not back.defects


def test_a_reply_is_threaded_to_the_mail_that_brought_the_move_it_answers() -> None:
    msg = parsed(compose_message(replay_of(BATALO), now=NOW))
    assert msg["In-Reply-To"] == "<m1@example.net>"
    assert msg["References"] == "<m1@example.net>"


def test_a_missing_opponent_address_names_the_tag_to_add() -> None:
    text = BATALO.replace('[BlackEmail "Bob Kay <bob@example.net>"]\n', "")
    with pytest.raises(MailError, match=r"add a \[BlackEmail"):
        compose_message(replay_of(text), now=NOW)


def test_the_movers_address_may_come_from_the_configuration() -> None:
    text = BATALO.replace('[WhiteEmail "ann@example.org"]\n', "")
    with pytest.raises(MailError, match=r"WhiteEmail"):
        compose_message(replay_of(text), now=NOW)
    msg = parsed(compose_message(replay_of(text), sender="Ann <ann@home.example>", now=NOW))
    assert msg["From"].addresses[0].addr_spec == "ann@home.example"


@pytest.mark.parametrize("value", ["not an address", "a@b.c, d@e.f", "", "@example.org"])
def test_a_tag_that_is_not_one_address_is_refused(value: str) -> None:
    text = BATALO.replace("Bob Kay <bob@example.net>", value)
    with pytest.raises(MailError, match="BlackEmail"):
        compose_message(replay_of(text), now=NOW)


def test_a_record_without_a_move_has_nothing_to_mail() -> None:
    head = BATALO.split("\n1. ")[0] + "\n"
    with pytest.raises(MailError, match="no move"):
        compose_message(replay_of(head), now=NOW)


def test_attachments_the_board_as_svg_and_the_filled_mailer_as_pdf() -> None:
    """Issue 15: 'optionally the filled mailer PDF or an SVG of the board attached'."""
    rep = replay_of(BATALO)
    msg = parsed(compose_message(rep, attachments=[board_attachment(rep), mailer_attachment(rep)],
                                 now=NOW))
    files = {p.get_filename(): p for p in msg.iter_attachments()}
    assert set(files) == {"batalo-3-board.svg", "batalo-3-mailer.pdf"}
    svg = files["batalo-3-board.svg"].get_content()
    assert files["batalo-3-board.svg"].get_content_type() == "image/svg+xml"
    assert b"<svg" in (svg if isinstance(svg, bytes) else svg.encode())
    pdf = files["batalo-3-mailer.pdf"].get_content()
    assert pdf.startswith(b"%PDF")
    assert body_of(msg).splitlines()[2] == "Move: 2. KQ to KP"


def test_message_ids_are_kept_in_a_ccmail_annotation() -> None:
    """docs/mail.md: '[%ccmailrcv ID]' / '[%ccmailsnt ID]' in a move's comment keep the
    Message-ID of the mail that brought it / that it was sent in."""
    assert mail_annotation("<abc.1@example.net>", incoming=True) == "[%ccmailrcv abc.1@example.net]"
    assert mail_annotation("<abc.1@example.net>", incoming=False) == "[%ccmailsnt abc.1@example.net]"
    assert mail_ids(replay_of(BATALO).record) == {"m1@example.net"}


@pytest.mark.parametrize("odd", ["<a}b@example.net>", "<a]b@x>", "<a b@x>", "<no-at-sign>", "<{x}@y>"])
def test_a_message_id_a_comment_cannot_hold_is_kept_as_its_digest(odd: str) -> None:
    kept = stored_id(odd)
    assert kept.startswith("sha256:") and len(kept) == 7 + 32
    assert stored_id(odd) == kept  # the same id, the same digest: a second reading is recognised
    assert not set(kept) & set("{}[] ")


def test_a_move_that_came_by_mail_is_not_mailed_back_as_ones_own() -> None:
    text = BATALO.replace("[%ccsnt 2026.09.14]}", "[%ccsnt 2026.09.14] [%ccmailrcv m2@example.org]}")
    with pytest.raises(MailError, match="came to you by mail; make your move first"):
        compose_message(replay_of(text), now=NOW)


def test_the_received_date_may_come_from_the_arrival_noted_on_the_opponents_move() -> None:
    """docs/desk.md: [%ccarr] notes when the opponent's move arrived (mail read writes it)."""
    text = BATALO.replace("[%ccsnt 2026.09.09]", "[%ccarr 2026.09.10] [%ccsnt 2026.09.09]")
    text = text.replace("2. KQ to KP {[%ccrcv 2026.09.11] [%ccsnt 2026.09.14]}",
                        "2. KQ to KP {[%ccsnt 2026.09.14]}")
    body = body_of(parsed(compose_message(replay_of(text), now=NOW)))
    assert "Received: 2026.09.10 (your last move)" in body.splitlines()
