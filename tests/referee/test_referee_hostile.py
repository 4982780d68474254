"""Issue 27, hostile mail as a real inbox gets it: what a sender writes never becomes a header of
the referee's reply, an extra recipient, a control character on the organiser's terminal, or a
move read from the wrong place; every message gets one clear reply or a documented silence, and a
refused one changes nothing (record files byte-identical, database rows unchanged)."""

from __future__ import annotations

import base64
import email
import email.policy
import subprocess
import sys
from email.header import Header
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.support.club_helpers import REFEREE, World, batalo_game, world
from tests.support.smtp_server import QUIET

pytestmark = pytest.mark.filterwarnings(QUIET)

# What the referee itself writes in its replies' headers (nothing else may appear there).
_OWN_HEADERS = {"from", "to", "subject", "date", "message-id", "auto-submitted", "in-reply-to",
                "references", "content-type", "content-transfer-encoding", "mime-version"}


def _raw(sender: str, to: str, subject: str, body: bytes | str, *,
         message_id: str | None = "<h1@example.org>",
         content_type: str = 'text/plain; charset="utf-8"', encoding: str | None = None,
         extra: str = "") -> bytes:
    """A message written byte by byte, as a hostile or broken client sends it (no library to
    tidy it)."""
    head = f"From: {sender}\r\nTo: {to}\r\nSubject: {subject}\r\n"
    if message_id is not None:
        head += f"Message-ID: {message_id}\r\n"
    head += "Date: Fri, 27 Nov 2026 01:00:00 +0000\r\nMIME-Version: 1.0\r\n"
    head += f"Content-Type: {content_type}\r\n"
    if encoding:
        head += f"Content-Transfer-Encoding: {encoding}\r\n"
    head += extra
    data = body.encode("utf-8") if isinstance(body, str) else body
    return head.encode("utf-8") + b"\r\n" + data


def _replies(w: World, start: int) -> list[tuple[str, list[str], bytes]]:
    return w.handler.accepted[start:]


def test_an_encoded_word_in_a_message_id_or_a_subject_never_adds_a_header_to_the_reply(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: the reply's In-Reply-To and Subject went through the email package's header
    objects, which decode encoded words and write what they decoded, line breaks included: a
    Message-ID ``=?utf-8?q?=0D=0ACc:_victim@...?=`` put a Cc header into the reply, and the
    SMTP envelope took its address (the referee relayed to a third party), and a subject that
    decodes to an encoded word did the same through the subject echoed back."""
    with world(tmp_path, monkeypatch) as w:
        ann, _ = batalo_game(w)
        start = len(w.handler.accepted)
        injected = "=?utf-8?q?=0D=0ACc:_victim@example.com=0D=0A=0D=0Aspam?="
        w.deliver(_raw(ann.address, REFEREE, "hello", "hello\r\n", message_id=injected))
        twice = Header(injected, "utf-8").encode()  # decodes once to the injecting text
        w.deliver(_raw(ann.address, REFEREE, twice, "hello\r\n", message_id="<h2@example.org>"))
        w.deliver(_raw(ann.address, REFEREE, f"frobnicate {twice}", "", message_id="<a@b> Cc: "
                       "victim@example.com"))
        w.run()
        replies = _replies(w, start)
        assert len(replies) == 3
        for _, recipients, data in replies:
            assert recipients == [ann.address]
            head = data.split(b"\r\n\r\n", 1)[0]
            msg = email.message_from_bytes(data, _class=EmailMessage, policy=email.policy.default)
            assert {k.lower() for k in msg} <= _OWN_HEADERS, head
            assert msg["Cc"] is None and b"\r\nspam" not in data
            assert all(line[:1] in (b" ", b"\t") or b":" in line for line in head.split(b"\r\n"))
        subjects = [str(email.message_from_bytes(d, policy=email.policy.default)["Subject"])
                    for _, _, d in replies]
        # the subject echoed back reads as the sender's words, not as a header
        assert any("Cc:_victim@example.com" in s for s in subjects), subjects
        # a Message-ID that is not one <id> is named by no reply
        ids = [email.message_from_bytes(d, policy=email.policy.default)["In-Reply-To"]
               for _, _, d in replies]
        assert ids == [None, "<h2@example.org>", None]


def test_control_characters_a_sender_wrote_reach_the_organisers_terminal_escaped(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: ``referee run -v`` printed the command words as written, so a subject carrying
    ``ESC ] 0 ; ... BEL`` retitled the organiser's terminal (and ``ESC [ 2 J`` cleared it) when
    the run's log was read; a bidi override reordered the line. Now every such character is its
    escape, on the terminal and in the ledger."""
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, _ = batalo_game(w)
        w.deliver(_raw(ann.address, REFEREE, "=?utf-8?q?help_=1B]0;pwned=07?=", ""))
        w.deliver(_raw(ann.address, f"referee+{ann.key(1)}@club.example.org", "Re: game 1",
                       "games \x1b[2J\u202eevil\x00\r\n", message_id="<h2@example.org>"))
        done = subprocess.run([sys.executable, "-m", "pbmkit", "referee", "run", "-v",
                               str(w.root)], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        lines = done.stdout.splitlines()
        assert len(lines) == 3, done.stdout  # two messages and the summary
        assert all(line.isprintable() for line in lines), done.stdout
        assert "help \\x1b]0;pwned\\x07" in lines[0]
        assert "\\x1b[2J\\u202eevil" in lines[1]
        db = w.db()
        details = [str(r["detail"]) for r in db.execute("SELECT detail FROM messages")]
        db.close()
        assert all(d.isprintable() for d in details), details


def _alternative(plain: str, html: str) -> tuple[str, str]:
    """A multipart/alternative body (its Content-Type and its text)."""
    body = (f"--ALT\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{plain}\r\n"
            f"--ALT\r\nContent-Type: text/html; charset=utf-8\r\n\r\n{html}\r\n--ALT--\r\n")
    return 'multipart/alternative; boundary="ALT"', body


@pytest.mark.parametrize("plain", ["", "Sent from my phone"])
def test_a_move_only_in_the_html_part_of_a_phones_mail_is_played(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, plain: str) -> None:
    """Before: the plain part was read alone; a phone's mail whose plain part is empty (or says
    only "Sent from my phone") while its HTML part holds ``Move: ...`` got the help ("no
    command"). Now the HTML part is read when the plain part holds no command (docs/referee.md).
    The quoted old move in the HTML's blockquote is still not read."""
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, bob = batalo_game(w)
        kind, body = _alternative(plain, "<div>Move: IR to HS</div><div>Sent from my phone</div>"
                                  "<blockquote>Move: 1... CW to BX</blockquote>")
        w.deliver(_raw(ann.address, f"referee+{ann.key(1)}@club.example.org", "Re: Batalo #1",
                       body, content_type=kind))
        report = w.run()
        assert report.outcomes["done"] == 1, report.lines
        assert "1. IR to HS" in (w.root / "games" / "1-batalo.txt").read_text()
        assert "IR to HS" in str(bob.last()["Subject"])


def test_an_html_part_with_no_command_leaves_the_plain_parts_command_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, _ = batalo_game(w)
        kind, body = _alternative("Move: IR to HS", "<div>Move: IQ to HQ</div>")
        w.deliver(_raw(ann.address, f"referee+{ann.key(1)}@club.example.org", "Re: Batalo #1",
                       body, content_type=kind))
        w.run()
        assert "1. IR to HS" in (w.root / "games" / "1-batalo.txt").read_text()


def test_a_reply_quoted_below_outlooks_from_and_sent_lines_is_not_read_as_a_move(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: Outlook answers with the original below ``From: ...`` ``Sent: ...`` lines,
    unquoted; its old ``Move: 1... CW to BX`` was read as the player's move and refused as
    misnumbered, though the player wrote no move. Now that block ends the player's words (the
    help answers a reply without a move; a move above it is played)."""
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, bob = batalo_game(w)
        ann.move(1, "IR to HS")
        w.run()
        quoted = ("\r\n\r\nFrom: Test Club referee <referee+g1.x@club.example.org>\r\n"
                  "Sent: Thursday, 26 November 2026 10:00\r\nTo: bob\r\nSubject: Batalo #1\r\n\r\n"
                  "Game 1: 1. White IR to HS.\r\nMove: 1. IR to HS\r\n")
        to = f"referee+{bob.key(1)}@club.example.org"
        before = w.snapshot()
        w.deliver(_raw(bob.address, to, "Re: Batalo #1", "thanks, thinking" + quoted))
        report = w.run()
        assert report.outcomes["help"] == 1, report.lines
        assert w.snapshot() == before
        w.deliver(_raw(bob.address, to, "Re: Batalo #1", "Move: CW to BX" + quoted,
                       message_id="<h2@example.org>"))
        report = w.run()
        assert report.outcomes["done"] == 1, report.lines
        assert "1. IR to HS {[%ccsnt" in (w.root / "games" / "1-batalo.txt").read_text()
        assert "CW to BX" in (w.root / "games" / "1-batalo.txt").read_text()


@pytest.mark.parametrize("move", ["IR to XX", "5. IR to HS"])
def test_a_refused_move_says_nothing_was_changed_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, move: str) -> None:
    """Before: an illegal or misnumbered move's reply said "Nothing was changed." twice (the
    move's reason and the reply's own last line)."""
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, _ = batalo_game(w)
        ann.move(1, move)
        w.run()
        reply = ann.last("Refused")
        body = reply.get_body(("plain",))
        assert body is not None
        text = body.get_content()
        assert text.lower().count("nothing was changed") == 1, text
        assert text.rstrip().endswith("Nothing was changed. (Write 'help' for the commands.)")


def test_an_illegal_moves_reply_names_no_command_the_players_do_not_have(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: the hint said "White's pieces that can move ('show 1' --from SPACE lists one
    piece's moves)", a command-line option the referee's ``show`` does not have (it lists no
    moves at all). Now the pieces are listed with no pointer."""
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, _ = batalo_game(w)
        ann.move(1, "AZ to AY")
        w.run()
        body = ann.last("Refused").get_body(("plain",))
        assert body is not None
        text = body.get_content()
        assert "White's pieces that can move:" in text, text
        assert "--from" not in text and "lists" not in text, text


@pytest.mark.parametrize("command", ["show 99999999999999999999999", "history ²",
                                     "accept 99999999999999999999999", "vacation ²",
                                     "resign 123456789012345678901234567890"])
def test_a_number_no_game_can_have_is_refused_not_a_fault_of_the_referee(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    """Before: ``str.isdigit`` let through numbers SQLite cannot hold (OverflowError) and
    ``²`` (which ``int`` refuses): the sender was told of "a fault of the referee" and the
    ledger said ``error``. Now such a word is no number: one refusal saying how to write the
    command, or that there is no such game."""
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, _ = batalo_game(w)
        before = w.snapshot()
        ann.write(command)
        report = w.run()
        assert report.outcomes == {"refused": 1}, report.lines
        assert w.snapshot() == before
        body = ann.last("Refused").get_body(("plain",))
        assert body is not None and "fault" not in body.get_content()


@pytest.mark.parametrize("layout", ["bottom", "interleaved"])
def test_a_move_written_below_the_quoted_message_is_played(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, layout: str) -> None:
    """Before: reading stopped at the ``On ... wrote:`` line, so a bottom-posted reply (mutt,
    and every list's netiquette: the quote first, the answer below) or an interleaved one got
    the help. Now a ``wrote:`` line followed by quoted lines is skipped with them, and the
    writer's words below are read; one followed by an unquoted original still ends them."""
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, _ = batalo_game(w)
        quote = ("On Thu, 26 Nov 2026 at 10:00, Test Club referee wrote:\r\n"
                 "> Game 1 of Test Club starts.\r\n> Move: 1. JQ to JS\r\n\r\n")
        body = (quote + "Move: IR to HS\r\n" if layout == "bottom"
                else "Hello!\r\n\r\n" + quote + "Here goes.\r\n\r\nMove: IR to HS\r\n")
        w.deliver(_raw(ann.address, f"referee+{ann.key(1)}@club.example.org", "Re: Batalo #1",
                       body))
        report = w.run()
        assert report.outcomes == {"done": 1}, report.lines
        assert "1. IR to HS" in (w.root / "games" / "1-batalo.txt").read_text()


def test_an_unquoted_original_below_wrote_is_still_not_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, _ = batalo_game(w)
        before = w.snapshot()
        w.deliver(_raw(ann.address, f"referee+{ann.key(1)}@club.example.org", "Re: Batalo #1",
                       "thinking\r\n\r\nOn Thu, the referee wrote:\r\nMove: 1. IR to HS\r\n"))
        report = w.run()
        assert report.outcomes == {"help": 1}, report.lines
        assert w.snapshot() == before


def test_the_help_for_a_message_without_a_command_says_what_the_referee_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: "The referee found no command in your message." and the help: a player whose
    ``Move:`` line was quoted (``> Move: ...``), or whose mail client mislabelled the text's
    charset, could not tell why. Now the reply names the subject's first word and the first
    line of the sender's own words it read (escaped), and that quoted lines are not read."""
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, _ = batalo_game(w)
        w.deliver(_raw(ann.address, f"referee+{ann.key(1)}@club.example.org", "Re: Batalo #1",
                       "I think so\x1b\r\n\r\n> Move: IR to HS\r\n"))
        w.run()
        body = ann.last("Not a command").get_body(("plain",))
        assert body is not None
        text = body.get_content()
        assert "here 'Batalo' and 'I think so\\x1b'." in " ".join(text.split()), text
        assert "quoted lines, starting with '>'" in " ".join(text.split())


def test_init_names_the_settings_file_as_a_path(tmp_path: Path) -> None:
    """Before: ``pbmkit referee init club/`` (as the docs write it) said "edit club//club.toml"."""
    done = subprocess.run([sys.executable, "-m", "pbmkit", "referee", "init", "club/"],
                          capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "edit club/club.toml " in done.stdout and "//" not in done.stdout


# --- a real inbox's mail, each put through a run ---------------------------------------------------

_B64_MOVE = base64.b64encode(b"Move: IR to HS\r\n").decode()
_NESTED = "".join(f'--N{i}\r\nContent-Type: multipart/mixed; boundary="N{i + 1}"\r\n\r\n'
                  for i in range(25)) + "--N25\r\nContent-Type: text/plain\r\n\r\nMove: IR to HS\r\n"
# name: (how it is written (keyword arguments of _raw, "key" for the game key's address), outcome)
_INBOX: dict[str, tuple[dict[str, object], str]] = {
    "latin-1 without a charset": ({"body": "Move: IR to HS\r\n\r\nMerci, Fran\xe7ois\r\n"
                                   .encode("latin-1"), "content_type": "text/plain"}, "done"),
    "an unknown charset": ({"body": "Move: IR to HS\r\n",
                            "content_type": "text/plain; charset=x-no-such"}, "help"),
    "mislabelled utf-16": ({"body": "Move: IR to HS\r\n",
                            "content_type": "text/plain; charset=utf-16"}, "help"),
    "base64": ({"body": _B64_MOVE + "\r\n", "encoding": "base64"}, "done"),
    "broken base64": ({"body": _B64_MOVE[:-2] + "!!*\r\n", "encoding": "base64"}, "done"),
    "quoted-printable": ({"body": "Move: IR to =\r\nHS\r\n", "encoding": "quoted-printable"},
                         "done"),
    "html only": ({"body": "<div>Move:&nbsp;IR to HS</div><blockquote>Move: x</blockquote>",
                   "content_type": "text/html; charset=utf-8"}, "done"),
    "a 20 KiB header": ({"body": "Move: IR to HS\r\n", "extra": f"X-Big: {'a' * 20000}\r\n"},
                        "unreadable"),
    "2,000 parts": ({"body": "".join("--P\r\nContent-Type: text/plain\r\n\r\nhelp\r\n"
                                     for _ in range(2000)) + "--P--\r\n",
                     "content_type": 'multipart/mixed; boundary="P"'}, "unreadable"),
    "25 nested multiparts": ({"body": _NESTED, "content_type": 'multipart/mixed; boundary="N0"'},
                             "unreadable"),
    "a 999,999-byte line": ({"body": "Move: IR to HS\r\n" + "x" * 999_999 + "\r\n"},
                            "oversized"),
    "the command in an encoded-word subject": (
        {"subject": "=?utf-8?b?" + base64.b64encode(b"move 1 IR to HS").decode() + "?="},
        "done"),
    "the key in upper case": ({"to": "KEY_UPPER", "body": "Move: IR to HS\r\n"}, "done"),
    "the + of the address mangled": ({"to": "KEY_DASH", "body": "Move: IR to HS\r\n"}, "done"),
    "no Message-ID": ({"message_id": None, "body": "Move: IR to HS\r\n"}, "done"),
    "a 10 kB Message-ID": ({"message_id": f"<{'a' * 10000}@example.org>",
                            "body": "Move: IR to HS\r\n"}, "done"),
    "no Date": ({"extra": "X-No-Date: 1\r\n", "date": None, "body": "Move: IR to HS\r\n"},
                "done"),
    "the year 9999": ({"date": "Fri, 31 Dec 9999 23:59:59 -1200", "body": "Move: IR to HS\r\n"},
                      "done"),
    "1970": ({"date": "Thu, 01 Jan 1970 00:00:00 +0000", "body": "Move: IR to HS\r\n"}, "done"),
    "a new move above an old quoted one": (
        {"body": "Move: IR to HS\r\n\r\nOn Thu, the referee wrote:\r\n> Move: 1. JQ to JS\r\n"},
        "done"),
    "a move quoted only": ({"body": "I agree\r\n\r\n> Move: IR to HS\r\n"}, "help"),
    "a move with a bidi override and markup": (
        {"body": "Move: IR to HS\u202e<script>alert(1)</script>\r\n"}, "refused"),
    "a signup name with a NUL and a line break": (
        {"to": REFEREE, "subject": "=?utf-8?q?signup_eve=00=0D=0ABcc:_v@example.com?="},
        "refused"),
}


@pytest.mark.parametrize("case", sorted(_INBOX))
def test_a_real_inboxs_mail_gets_one_clear_answer_or_a_documented_silence(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str) -> None:
    """Each message a real inbox gets, in a game where it is Ann's move: no traceback, the
    outcome the docs give (docs/referee.md: which text is read, "Bounds"), at most one reply
    and only to the sender, the reply's headers the referee's own with printable values, and
    nothing changed unless the move was played."""
    written, outcome = _INBOX[case]
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, _ = batalo_game(w)
        kw = dict(written)
        key_to = f"referee+{ann.key(1)}@club.example.org"
        to = {"KEY_UPPER": key_to.upper(), "KEY_DASH": key_to.replace("+", "-"),
              None: key_to}.get(kw.pop("to", None), REFEREE)  # type: ignore[call-overload]
        date = kw.pop("date", "Fri, 27 Nov 2026 01:00:00 +0000")
        data = _raw(ann.address, str(to), str(kw.pop("subject", "Re: Batalo #1")),
                    kw.pop("body", ""), **kw)  # type: ignore[arg-type]
        date_line = b"Date: Fri, 27 Nov 2026 01:00:00 +0000\r\n"
        data = data.replace(date_line, b"" if date is None else f"Date: {date}\r\n".encode(), 1)
        before = w.snapshot()
        start = len(w.handler.accepted)
        w.deliver(data)
        report = w.run()
        assert report.outcomes == {outcome: 1}, report.lines
        replies = _replies(w, start)
        if outcome == "done":
            assert "1. IR to HS" in (w.root / "games" / "1-batalo.txt").read_text()
            assert len(replies) == 2  # the move's mail to both players
            return
        assert w.snapshot() == before
        assert len(replies) == (0 if outcome == "unreadable" else 1), replies
        for _, recipients, reply in replies:
            assert recipients == [ann.address]
            msg = email.message_from_bytes(reply, _class=EmailMessage, policy=email.policy.default)
            assert {k.lower() for k in msg} <= _OWN_HEADERS
            assert all(str(v).isprintable() for v in msg.values())


def test_a_move_below_the_blockquote_of_an_html_reply_is_played(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: an HTML-only reply (Apple Mail, a phone) written below the quoted message lost
    its move: the blockquote was dropped, so the ``On ... wrote:`` line seemed to open an
    unquoted original, and reading stopped there. Now the quote leaves a ``>`` line in its
    place, and the move below it is read."""
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, _ = batalo_game(w)
        html = ("<div>On Thu, 26 Nov 2026, Test Club referee wrote:<br></div>"
                "<blockquote type=\"cite\"><div>Move: 1. JQ to JS</div></blockquote>"
                "<div><br></div><div>Move: IR to HS</div>")
        w.deliver(_raw(ann.address, f"referee+{ann.key(1)}@club.example.org", "Re: Batalo #1",
                       html, content_type="text/html; charset=utf-8"))
        report = w.run()
        assert report.outcomes == {"done": 1}, report.lines
        assert "1. IR to HS" in (w.root / "games" / "1-batalo.txt").read_text()


def test_the_made_club_toml_says_how_to_try_the_club_without_a_mail_server(
        tmp_path: Path) -> None:
    """The newcomer's tour: docs/referee.md says ``[outbox] folder = "sent"`` replaces
    ``[smtp]``; before, the club.toml that ``init`` writes did not mention it (its [smtp] is a
    server on localhost:25 that a new club rarely has). Doing what its comment says works."""
    from pbmkit.referee.club import init_club, load_club

    init_club(tmp_path / "club", name="Club", address=REFEREE, organiser=REFEREE)
    path = tmp_path / "club" / "club.toml"
    text = path.read_text()
    assert '# [outbox]\n# folder = "sent"\n' in text
    head, _, _ = text.partition("\n[smtp]\n")
    path.write_text(head.replace("# [outbox]\n# folder", "[outbox]\nfolder") + "\n")
    club = load_club(tmp_path / "club")
    assert club.smtp is None and club.outbox_folder == tmp_path / "club" / "sent"


def test_run_v_names_the_message_file_of_every_line(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: ``run -v`` said "unreadable: an empty message" or "oversized: from ann...: too
    large" without the message, so the organiser could not find the file among hundreds; an
    ignored auto-reply said neither message nor sender. Now every line names its message."""
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, _ = batalo_game(w)
        names = [w.deliver(b"\r\n"),
                 w.deliver(_raw(ann.address, REFEREE, "hi", "x" * 1_000_001)),
                 w.deliver(_raw(ann.address, REFEREE, "Away", "on holiday",
                                message_id="<away@example.org>",
                                extra="Auto-Submitted: auto-replied\r\n"))]
        done = subprocess.run([sys.executable, "-m", "pbmkit", "referee", "run", "-v",
                               str(w.root)], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        lines = done.stdout.splitlines()[:-1]
        assert sorted(line.split(":")[0] for line in lines) == ["ignored", "oversized",
                                                                "unreadable"], lines
        for name in names:
            assert sum(f"message {name}" in line for line in lines) == 1, (name, lines)
