"""Issue 15, compose: the RFC 5322 message a player mails after a move (docs/mail.md)."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import getaddresses

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pbmkit.mail.compose import (
    MailError,
    board_attachment,
    compose_message,
    header_text,
    mail_annotation,
    mail_ids,
    mailer_attachment,
    move_subject,
    stored_id,
)
from pbmkit.records import check_text
from tests.support.mail_helpers import BATALO, EXAMPLES, NOW, parsed, replay_of


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
    assert "5... Orange: R f7-g6 (" in body_of(msg)


def test_the_body_has_the_move_the_dated_move_list_days_used_and_the_board() -> None:
    """Issue 15 (ICCF): 'the whole move list with the dates and days used, the board as text'."""
    body = body_of(parsed(compose_message(replay_of(BATALO), now=NOW)))
    lines = body.splitlines()
    assert lines[2] == "Move: 2. KQ to KP"
    assert "Sent: 2026.09.14" in lines
    assert "Received: 2026.09.11 (your last move)" in lines
    # every move with its received and sent dates and its days (this move / in all)
    assert "1. White: KP to KR (sent 2026.09.04; days 3/3)" in lines
    assert "1... Black: EW to FW (received 2026.09.07, sent 2026.09.09; days 2/2)" in lines
    assert "2. White: KQ to KP (received 2026.09.11, sent 2026.09.14; days 3/6)" in lines
    assert "Days used: White 6, Black 2; time control 10/50." in lines
    assert any("[KP:O]" in line for line in lines)  # the board, the move's spaces marked
    assert "Black to move." in lines
    assert "-- " in lines  # a signature separator: a reply's quoted copy is told apart


def test_the_body_reads_in_order_and_in_any_font() -> None:
    """Issue 39: the move and the board first, then whose turn, then how to reply (one example),
    then the move list; the board says it needs a fixed-width font and is given in words too; no
    sentence is broken across lines (the footer was hard-wrapped mid-sentence)."""
    lines = body_of(parsed(compose_message(replay_of(BATALO), now=NOW))).splitlines()
    move = lines.index("Move: 2. KQ to KP")
    board = next(k for k, line in enumerate(lines) if line.startswith("The board after"))
    assert "fixed-width font" in lines[board]
    words = next(k for k, line in enumerate(lines) if line.startswith("Black stone: "))
    turn = lines.index("Black to move.")
    replies = [k for k, line in enumerate(lines) if "Move: " in line and k != move]
    listing = next(k for k, line in enumerate(lines) if line.startswith("The moves ("))
    assert move < board < words < turn < replies[0] < listing
    assert len(replies) == 1 and lines[replies[0]] == (
        'Reply with your move on a line of its own, e.g. "Move: IR to HS".')
    signature = lines.index("-- ")
    assert lines[signature + 1:] == ["Sent with pbmkit (play by mail)."]
    for line in lines[:board] + lines[words:]:  # beside the board, no sentence runs on a line
        assert not line or line[0] != " ", line


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


# --- issue 22: every header value cleaned or refused ------------------------------------------

HEADERS = {"From", "To", "Subject", "Date", "Message-ID", "In-Reply-To", "References",
           "MIME-Version", "Content-Type", "Content-Transfer-Encoding"}


def tag_value(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def with_tags(**tags: str) -> str:
    text = BATALO
    for name, value in tags.items():
        old = next(line for line in text.splitlines() if line.startswith(f"[{name} "))
        text = text.replace(old, f'[{name} "{tag_value(value)}"]')
    return text


def raw_headers(msg: EmailMessage) -> list[tuple[str, str]]:
    """The header fields of the message's bytes, unfolded, as a receiving server reads them."""
    head = msg.as_bytes().split(b"\n\n", 1)[0].decode("ascii")
    fields: list[tuple[str, str]] = []
    for line in head.split("\n"):
        if line[:1] in (" ", "\t"):
            fields[-1] = (fields[-1][0], fields[-1][1] + line)
        else:
            name, _, value = line.partition(":")
            fields.append((name, value))
    return fields


@pytest.mark.parametrize("number", ["1\u2028Bcc: x@evil.example", "1\x85Bcc: x@evil.example",
                                    "1\u2029Bcc: x@evil.example", "1\u202eBcc: x@evil.example"])
def test_a_line_separator_in_a_tag_is_cleaned_out_of_the_subject(number: str) -> None:
    """Issue 22: '`mail compose` tracebacks on U+2028 or U+0085 in a tag'."""
    msg = compose_message(replay_of(with_tags(Number=number)), now=NOW)
    back = parsed(msg)
    assert back["Subject"] == "Batalo #1 Bcc: x@evil.exampl, 2. KQ to KP"
    assert back["Bcc"] is None
    # (a multipart/alternative message: its parts carry their transfer encodings)
    assert {name for name, _ in raw_headers(msg)} == HEADERS - {"Content-Transfer-Encoding"}


def test_a_form_feed_in_a_players_name_does_not_reach_the_from_header() -> None:
    """Issue 22: 'a form feed in a name goes into the From header raw'."""
    msg = compose_message(replay_of(with_tags(White="Ann\x0cLee\x0b")), now=NOW)
    assert b"\x0c" not in msg.as_bytes() and b"\x0b" not in msg.as_bytes().split(b"\n\n")[0]
    assert parsed(msg)["From"].addresses[0].display_name == "Ann Lee"


def test_a_non_ascii_domain_is_written_in_idna() -> None:
    """Issue 22: 'a non-ASCII address is written as an encoded word inside the address'."""
    msg = compose_message(replay_of(with_tags(BlackEmail="Bob Kay <bob@bücher.example>")), now=NOW)
    (to,) = [v for n, v in raw_headers(msg) if n == "To"]
    assert to.strip() == "Bob Kay <bob@xn--bcher-kva.example>"
    assert parsed(msg)["To"].addresses[0].addr_spec == "bob@xn--bcher-kva.example"


@pytest.mark.parametrize("value", ["bøb@example.net", "Bob <bøb@example.net>"])
def test_a_non_ascii_local_part_is_refused_in_one_line(value: str) -> None:
    with pytest.raises(MailError, match=r"BlackEmail tag's address .*SMTPUTF8 is not supported"):
        compose_message(replay_of(with_tags(BlackEmail=value)), now=NOW)


@pytest.mark.parametrize("value", ["bob@[192.0.2.1]", '"bob kay"@example.net', "bob@exa_mple.net",
                                   "bob@\u212aexample.net", "bob@example\u200b.net", "bob@example.net.",
                                   "bob@example.net\u2028Bcc: eve@evil.example"])
def test_an_address_a_header_cannot_carry_plainly_is_refused(value: str) -> None:
    with pytest.raises(MailError, match="BlackEmail"):
        compose_message(replay_of(with_tags(BlackEmail=value)), now=NOW)


_TEXT = st.text(st.one_of(st.characters(codec="utf-8"),
                          st.sampled_from("\u2028\u2029\x85\x0c\x0b\r\n\t\x00\u202e\u200b\ufeff"
                                          "\"<>,;:@()[]\\=?")), max_size=40)
_DOMAINS = st.sampled_from(["example.net", "bücher.example", "EXAMPLE.NET", "xn--bcher-kva.example",
                            "пример.рф"])


@given(white=_TEXT, black=_TEXT, number=_TEXT, display=_TEXT, domain=_DOMAINS)
@settings(max_examples=300)
def test_compose_never_tracebacks_and_every_header_parses_back_as_meant(
        white: str, black: str, number: str, display: str, domain: str) -> None:
    """Issue 22: compose never tracebacks; every header parses back to exactly what was meant:
    one From mailbox, the To address, the subject, no extra header."""
    quoted = display.replace("\\", "\\\\").replace('"', '\\"')
    black_email = f'"{quoted}" <bob@{domain}>' if display else f"bob@{domain}"
    text = with_tags(White=white, Black=black, Number=number, BlackEmail=black_email)
    replays = check_text(text, "game.txt")
    assume(len(replays) == 1 and replays[0].valid)
    rep = replays[0]
    assume(rep.record.tags.get("Number") == number and rep.record.tags.get("White") == white)
    try:
        msg = compose_message(rep, now=NOW)
    except MailError as exc:
        assert "\n" not in str(exc)
        assert "BlackEmail" in str(exc)  # only the address tag may be refused
        return
    assert {name for name, _ in raw_headers(msg)} <= HEADERS
    assert len([n for n, _ in raw_headers(msg) if n == "From"]) == 1
    back = parsed(msg)
    assert not back.defects
    (sender,) = back["From"].addresses
    assert sender.addr_spec == "ann@example.org"
    assert sender.display_name == header_text(white, 80)
    (to,) = back["To"].addresses
    assert to.addr_spec == "bob@" + domain.encode("idna").decode().lower()
    tag_display = getaddresses([rep.record.tags["BlackEmail"]])[0][0]
    assert to.display_name == header_text(tag_display or black, 80)
    cleaned = header_text(number, 20)
    assert back["Subject"] == header_text(f"Batalo{' #' + cleaned if cleaned else ''}, 2. KQ to KP",
                                          300)
    for name in back:
        assert not back[name].defects, name


# --- encoded words: the email package decodes them in a header and folds out what it decoded --

HOSTILE_WORD = "=?utf-8?q?=0D=0ACc=3A_victim=40x.example?="
"""An encoded word that decodes to a line break and a Cc header."""


def _recipients(msg: EmailMessage) -> list[str]:
    """The addresses smtplib's send_message would mail (To, Cc, Bcc of the bytes as sent)."""
    back = parsed(msg)
    return [a for _, a in getaddresses([str(v) for k in ("To", "Cc", "Bcc")
                                        for v in back.get_all(k, [])])]


def test_an_encoded_word_in_a_thread_id_adds_no_header_and_no_recipient() -> None:
    """A hostile opponent's Message-ID (kept on the move as ``[%ccmailrcv ID]`` by ``mail
    read``) spelling an encoded word: as In-Reply-To it decoded to a line break and a Cc
    header, and ``mail send`` would have mailed the player's move to a third party. Such an
    id is kept as its digest (no thread), and an old record holding one threads nothing."""
    hostile_id = f"{HOSTILE_WORD}@evil.example"
    assert stored_id(f"<{hostile_id}>").startswith("sha256:")
    text = BATALO.replace("[%ccmailrcv m1@example.net]", f"[%ccmailrcv {hostile_id}]")
    msg = compose_message(replay_of(text), now=NOW)
    assert _recipients(msg) == ["bob@example.net"]
    assert parsed(msg)["In-Reply-To"] is None and parsed(msg)["Cc"] is None
    assert b"victim" not in msg.as_bytes().split(b"\n\n")[0]


@pytest.mark.parametrize("tag", ["Number", "White"])
def test_an_encoded_word_in_a_tag_is_written_as_text_and_adds_no_header(tag: str) -> None:
    """A record from outside whose Number or player tag spells an encoded word: the subject and
    the From name carry it as plain text (its opener spaced, ``= ?``), never decoded into a
    line break and a header of its own."""
    msg = compose_message(replay_of(with_tags(**{tag: HOSTILE_WORD[:20]
                                                 if tag == "Number" else HOSTILE_WORD})), now=NOW)
    back = parsed(msg)
    assert back["Cc"] is None and _recipients(msg) == ["bob@example.net"]
    assert "\n" not in str(back["Subject"]) and "\r" not in str(back["Subject"])
    head = msg.as_bytes().split(b"\n\n")[0]
    assert b"=?utf-8?q?=0D" not in head
    assert {name for name, _ in raw_headers(msg)} == HEADERS - {"Content-Transfer-Encoding"}
