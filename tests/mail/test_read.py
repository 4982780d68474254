"""Issue 15, read and apply: `pbmkit mail read SOURCE... [--games DIR] [--dry-run]`.

A move is applied only when the message is the opponent's, the move legal and numbered right;
bad input is one line each, the other messages still read, nothing written for it.
"""

from __future__ import annotations

import datetime
import mailbox
import os
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
BOB = "Bob Kay <bob@example.net>"


def message(body: str, *, sender: str = BOB, subject: str = "Re: Batalo #3, 2. KQ to KP",
            mid: str | None = "<r1@example.net>", date: str = "Wed, 16 Sep 2026 10:00:00 +0000",
            html: str | None = None, reply_to: str | None = None) -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = "ann@example.org"
    msg["Subject"] = subject
    msg["Date"] = date
    if mid is not None:
        msg["Message-ID"] = mid
    if reply_to is not None:
        msg["In-Reply-To"] = reply_to
    msg["Received"] = "from mx.example.net by mail.example.org; Thu, 17 Sep 2026 08:00:00 +0000"
    if html is not None and not body:
        msg.set_content(html, subtype="html")
    else:
        msg.set_content(body)
        if html is not None:
            msg.add_alternative(html, subtype="html")
    return msg.as_bytes()


@pytest.fixture
def games(tmp_path: Path) -> Path:
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "3-ann-bob.txt").write_text(RECORD, encoding="utf-8")
    return folder


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["mail", "read", *args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def eml(tmp_path: Path, data: bytes, name: str = "m.eml") -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


def last_line(games: Path) -> str:
    return (games / "3-ann-bob.txt").read_text(encoding="utf-8").splitlines()[-1]


def test_the_opponents_move_is_appended_with_its_dates_and_message_id(tmp_path: Path,
                                                                     games: Path) -> None:
    """Issue 15: 'take the move from the body ..., check it, and append it with the date
    received'; the Message-ID kept as [%ccmailrcv ID] (docs/mail.md)."""
    code, out, err = run(eml(tmp_path, message("Hi Ann,\n\n2... DX to EW\n\nBob\n")),
                         "--games", str(games))
    assert code == 0, err
    assert "applied: Batalo #3: 2. Black DX to EW from bob@example.net" in out
    # sent: the Date header; arrived: the newest Received header (docs/desk.md's %ccarr)
    assert last_line(games).endswith(" DX to EW {[%ccarr 2026.09.17] [%ccsnt 2026.09.16] "
                                     "[%ccmailrcv r1@example.net]}")
    (rep,) = check_text((games / "3-ann-bob.txt").read_text(encoding="utf-8"), "g")
    assert rep.valid and rep.main[-1].text == "DX to EW"


def test_a_message_already_applied_is_recognised_by_its_message_id(tmp_path: Path,
                                                                  games: Path) -> None:
    """Issue 15: 'a message already applied is recognised (by its Message-ID) and skipped'."""
    source = eml(tmp_path, message("DX to EW\n"))
    assert run(source, "--games", str(games))[0] == 0
    once = (games / "3-ann-bob.txt").read_bytes()
    code, out, _ = run(source, "--games", str(games))
    assert code == 0
    assert "skipped: Batalo #3: in the record already (<r1@example.net>)" in out
    assert (games / "3-ann-bob.txt").read_bytes() == once


def test_dry_run_reports_and_writes_nothing(tmp_path: Path, games: Path) -> None:
    before = (games / "3-ann-bob.txt").read_bytes()
    code, out, _ = run(eml(tmp_path, message("DX to EW\n")), "--games", str(games), "--dry-run")
    assert code == 0
    assert "would apply: Batalo #3: 2. Black DX to EW" in out
    assert "Dry run: 1 would apply (nothing written)" in out
    assert (games / "3-ann-bob.txt").read_bytes() == before


@pytest.mark.parametrize(("data", "why"), [
    (message("DX to EW\n", sender="Eve <eve@example.com>"),
     "eve@example.com is not the opponent recorded (BlackEmail: bob@example.net)"),
    (message("DX to EW\n", sender="Ann <ann@example.org>"),
     "it is Black's turn, and ann@example.org plays White"),
    (message("DX to AB\n\nDX to CZ\n"), "illegal move 'DX to CZ' for Black at 2"),
    (message("3... DX to EW\n"), "move '3. DX to EW' is numbered 3, but the record's next move is "
                                 "Black's 2"),
    (message("Move: IR to HS\n"), "illegal move 'IR to HS' for Black at 2"),
    (message("See you soon.\n\n> 2... DX to EW\n"), "no move found in the message"),
    (message("DX to EW\n", date="Sun, 13 Sep 2026 10:00:00 +0000"),
     "sent 2026.09.13, before the last move was sent (2026.09.14)"),
])
def test_a_message_that_does_not_follow_the_record_is_applied_to_nothing(
        tmp_path: Path, games: Path, data: bytes, why: str) -> None:
    """Issue 15: 'A message whose sender is not the opponent recorded for that game, whose move is
    illegal, or whose move number does not follow the record is reported and applied to nothing'
    (quoted replies are not read: the quoted move is no move)."""
    before = (games / "3-ann-bob.txt").read_bytes()
    code, _, err = run(eml(tmp_path, data), "--games", str(games))
    assert code == 1
    assert why in err and "REFUSED" in err
    assert (games / "3-ann-bob.txt").read_bytes() == before


def test_quoted_replies_and_signatures_are_not_read(tmp_path: Path, games: Path) -> None:
    body = "> Move: 3. IR to HS\n> 2... CW to BX\nhere it is\nDX to EW\n-- \nIR to HS\n"
    code, out, err = run(eml(tmp_path, message(body)), "--games", str(games))
    assert code == 0, err
    assert "2. Black DX to EW" in out


def test_nothing_after_an_attribution_line_is_read(tmp_path: Path, games: Path) -> None:
    body = "On Mon, 14 Sep 2026, Ann Lee wrote:\nDX to EW\n"
    code, _, err = run(eml(tmp_path, message(body)), "--games", str(games))
    assert code == 1 and "no move found in the message" in err


def test_an_html_only_message_is_read_without_its_quoted_part(tmp_path: Path, games: Path) -> None:
    html = ("<html><body><p>Hello Ann,</p><p>2&hellip; DX&nbsp;to EW</p>"
            "<blockquote><p>Move: 2. KQ to KP</p></blockquote></body></html>")
    code, out, err = run(eml(tmp_path, message("", html=html)), "--games", str(games))
    assert code == 0, err
    assert "2. Black DX to EW" in out


def test_the_plain_part_is_preferred_to_the_html_one(tmp_path: Path, games: Path) -> None:
    data = message("DX to EW\n", html="<p>CW to BX</p>")
    code, out, _ = run(eml(tmp_path, data), "--games", str(games), "--dry-run")
    assert code == 0 and "DX to EW" in out


def test_a_reply_is_matched_by_its_thread_when_the_subject_names_no_game(tmp_path: Path,
                                                                         games: Path) -> None:
    data = message("DX to EW\n", subject="my move", reply_to="<out2@example.org>")
    code, out, err = run(eml(tmp_path, data), "--games", str(games), "--dry-run")
    assert code == 0, err
    assert "would apply: Batalo #3: 2. Black DX to EW" in out


def test_a_move_composed_by_pbmkit_on_the_other_side_is_read(tmp_path: Path, games: Path) -> None:
    """Round trip: Bob keeps his copy, moves and composes with pbmkit; Ann reads the message."""
    bobs = RECORD.replace(" [%ccmailsnt out2@example.org]", "") + "DX to EW {[%ccsnt 2026.09.16]}\n"
    bobs = bobs.replace("2. KQ to KP {[%ccrcv 2026.09.11] [%ccsnt 2026.09.14]}\nDX",
                        "2. KQ to KP {[%ccrcv 2026.09.11] [%ccsnt 2026.09.14]} DX")
    (rep,) = check_text(bobs, "bob.txt")
    assert rep.valid, rep.errors
    sent = compose_message(rep, now=datetime.datetime(2026, 9, 16, 9, tzinfo=datetime.UTC))
    assert sent["From"].addresses[0].addr_spec == "bob@example.net"
    path = eml(tmp_path, sent.as_bytes())
    stored = datetime.datetime(2026, 9, 16, 12, tzinfo=datetime.UTC).timestamp()
    os.utime(path, (stored, stored))  # no Received header: the file's time is the arrival
    code, out, err = run(path, "--games", str(games))
    assert code == 0, err
    assert "2. Black DX to EW" in out
    # the whole move list in the body is not mistaken for the move; the board is not either
    assert " DX to EW {[%ccarr 2026.09.16] [%ccsnt 2026.09.16] [%ccmailrcv " in last_line(games)


def test_an_mbox_of_good_and_bad_messages(tmp_path: Path, games: Path) -> None:
    """Issue 15 (bad input): 'one clear line each, the other messages still processed, nothing
    written' for them: a stranger, an unknown game, garbage, an unknown encoding, a huge message,
    a newsletter; the good message is applied, its copy skipped."""
    box = mailbox.mbox(str(tmp_path / "inbox"))
    unknown_charset = message("DX to EW\n", mid="<c@example.net>").replace(
        b'charset="utf-8"', b'charset="x-no-such-charset"')
    huge = message("DX to EW\n" + "x" * 80 + "\n" * 1, mid="<h@example.net>") + b"y" * 1_100_000
    for data in [message("DX to EW\n", sender="eve@example.com", mid="<e@x>"),
                 message("DX to EW\n", subject="Batalo #9, 4. IR to HS", mid="<u@x>"),
                 b"\x00\x01garbage without headers\xff\xfe",
                 unknown_charset,
                 huge,
                 message("Our sale starts today!\n", sender="news@shop.example",
                         subject="Big sale", mid="<n@x>"),
                 message("DX to EW\n"),
                 message("DX to EW\n")]:
        box.add(data)
    box.flush()
    box.close()
    code, out, err = run(str(tmp_path / "inbox"), "--games", str(games))
    assert code == 1
    lines = (out + err).splitlines()
    report = [line for line in lines if ", message " in line]
    assert len(report) == 8  # one line each
    assert any("message 1: REFUSED" in line and "eve@example.com is not the opponent" in line
               for line in report)
    assert any("message 2: REFUSED: no record of Batalo #9 here" in line for line in report)
    assert any("message 3: UNREADABLE: a carriage return or a NUL byte inside the headers" in line
               for line in report)
    assert any("message 4: REFUSED" in line
               and "text in a charset pbmkit does not read ('x-no-such-charset')" in line
               for line in report)
    assert any("message 5: UNREADABLE: larger than 1024 KiB" in line for line in report)
    assert any("message 6: ignored: not a move of a game here" in line for line in report)
    assert any("message 7: applied: Batalo #3: 2. Black DX to EW" in line for line in report)
    assert any("message 8: skipped: Batalo #3: in the record already" in line for line in report)
    assert "1 applied, 1 skipped, 3 refused, 1 ignored, 2 unreadable" in out
    assert last_line(games).count("DX to EW") == 1


def test_a_maildir_is_read(tmp_path: Path, games: Path) -> None:
    """Issue 15: 'a source is an .eml file, an mbox, or a Maildir (what fetchmail, getmail or
    mbsync deliver)'."""
    box = mailbox.Maildir(str(tmp_path / "Mail"), create=True)
    box.add(message("DX to EW\n"))
    box.close()
    code, out, err = run(str(tmp_path / "Mail"), "--games", str(games))
    assert code == 0, err
    assert "applied: Batalo #3: 2. Black DX to EW" in out


def test_a_folder_that_is_no_maildir_is_one_line(tmp_path: Path, games: Path) -> None:
    (tmp_path / "notmail").mkdir()
    code, _, err = run(str(tmp_path / "notmail"), "--games", str(games))
    assert code == 1
    assert "UNREADABLE: a folder that is not a Maildir" in err


def test_billo_players_are_found_by_their_yellow_and_orange_tags(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "b.txt").write_text(
        '[Game "Billo"]\n[Number "2"]\n[Date "2026-09-12"]\n[Yellow "Carla"]\n[Orange "Ann"]\n'
        '[YellowEmail "carla@example.com"]\n[OrangeEmail "ann@example.org"]\n\n'
        "1. R d1-c2 {[%ccsnt 2026.09.14]}\n", encoding="utf-8")
    data = message("R f8-f7\n", sender="ann@example.org", subject="Re: Billo #2, 1. R d1-c2",
                   mid="<b@x>")
    code, out, err = run(eml(tmp_path, data), "--games", str(folder))
    assert code == 0, err
    assert "applied: Billo #2: 1. Orange R f8-f7 from ann@example.org" in out
    data = message("2. R a1-b2\n", sender="ann@example.org", subject="Billo #2", mid="<b2@x>",
                   date="Sat, 19 Sep 2026 10:00:00 +0000")
    code, _, err = run(eml(tmp_path, data, "n.eml"), "--games", str(folder))
    assert code == 1 and "it is Yellow's turn, and ann@example.org plays Orange" in err


def test_control_characters_of_a_message_are_not_printed(tmp_path: Path, games: Path) -> None:
    data = (b"From: news@shop.example\r\nSubject: \x1b[2J\x1b[31mred alert\r\n"
            b"Message-ID: <n@x>\r\n\r\nhello\r\n")
    code, out, _ = run(eml(tmp_path, data), "--games", str(games))
    assert code == 0
    assert "ignored: not a move of a game here" in out
    assert "\x1b" not in out


def test_a_mailed_move_that_wins_sets_the_winner_tag(tmp_path: Path) -> None:
    """As `pbmkit move` does (docs/desk.md): the move that ends the game sets the Winner tag."""
    folder = tmp_path / "games"
    folder.mkdir()
    text = (Path(__file__).resolve().parents[2] / "examples" / "01-short-base-win.txt").read_text(
        encoding="utf-8")
    text = text.replace('[Winner "White"]', '[Winner "*"]\n[WhiteEmail "ann@example.org"]\n'
                        '[BlackEmail "bob@example.net"]')
    text = text.replace("6. EV to DW { The white column lands on Black's base. }\n", "")
    (folder / "g.txt").write_text(text, encoding="utf-8")
    assert '[Number "1"]' in text
    data = message("6. EV to DW\n", sender="ann@example.org", subject="Re: Batalo #1", mid="<w@x>")
    code, out, err = run(eml(tmp_path, data), "--games", str(folder))
    assert code == 0, err
    assert "the game is over: White wins" in out
    written = (folder / "g.txt").read_text(encoding="utf-8")
    assert '[Winner "White"]' in written
    assert written.rstrip().endswith("6. EV to DW {[%ccarr 2026.09.17] [%ccsnt 2026.09.16] "
                                     "[%ccmailrcv w@x]}")


def test_a_fifo_is_not_read(tmp_path: Path, games: Path) -> None:
    """Untrusted input: a named pipe given as a source would block the run for ever."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    code, _, err = run(str(fifo), eml(tmp_path, message("DX to EW\n")), "--games", str(games),
                       "--dry-run")
    assert code == 1
    assert "pipe: UNREADABLE: not a file, a Maildir or an mbox" in err


def test_a_move_mailed_in_a_second_round_is_numbered_as_the_reports_number_it(tmp_path: Path) -> None:
    """Batrakill's round 2: the mail says ``Move: 2:1. ...`` (as ``mail`` composes it); reading it
    appends the ``round 2`` line and the move numbered 1 (docs/batrakill.md)."""
    import random

    from pbmkit.games import get_game
    from pbmkit.records import moves_text

    game = get_game("batrakill")
    rng = random.Random(3)
    position, played = game.initial_position(), []
    while game.round_of(position) == 1:
        move = rng.choice(list(game.legal_moves(position)))
        played.append(move)
        position = game.apply(position, move)
        assert game.outcome(position) is None
    assert game.side_to_move(position) == "knights"
    folder = tmp_path / "games"
    folder.mkdir()
    record = folder / "7-duel.txt"
    record.write_text('[Game "Batrakill"]\n[Number "7"]\n[Knights "Ann Lee"]\n[Dragon "Bob Kay"]\n'
                      '[KnightsEmail "ann@example.org"]\n[DragonEmail "bob@example.net"]\n\n'
                      + moves_text(game, played), encoding="utf-8")
    [rep] = check_text(record.read_text(encoding="utf-8"))
    assert rep.valid and rep.next_label() == "2:1"
    reply = game.notation.format(rng.choice(list(game.legal_moves(position))), position)
    data = message(f"Move: 2:1. {reply}\n", sender="Ann Lee <ann@example.org>",
                   subject="Re: Batrakill #7")
    code, out, err = run(eml(tmp_path, data), "--games", str(folder))
    assert code == 0, err + out
    assert f"2:1. Knights {reply}" in out
    text = record.read_text(encoding="utf-8")
    assert f"\nround 2\n1. {reply} " in text
    [after] = check_text(text)
    assert after.valid and after.main[-1].label == "2:1"
