"""Issue 15, send: `pbmkit mail send FILE` against a real SMTP server on 127.0.0.1 (aiosmtpd).

The record changes only after the server accepted the message; a refused login, a server that
drops the connection, a refused recipient or no server at all leave it byte for byte the same.
"""

from __future__ import annotations

import email
import email.policy
import os
import smtplib
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from pbmkit.cli import cli
from pbmkit.mail.compose import MailError
from pbmkit.mail.smtp import SmtpConfig, load_config, read_password
from pbmkit.records import check_text
from tests.support.smtp_server import CERT, PASSWORD, QUIET, USER, free_port, smtp_server

pytestmark = pytest.mark.filterwarnings(QUIET)

RECORD = """[Game "Batalo"]
[Number "3"]
[Date "2026-09-01"]
[White "Ann Lee"]
[Black "Bob Kay"]
[WhiteEmail "ann@example.org"]
[BlackEmail "bob@example.net"]
[TimeControl "10/50"]

1. KP to KR {[%ccsnt 2026.09.04]} EW to FW {[%ccsnt 2026.09.09]}
2. KQ to KP {[%ccrcv 2026.09.11]}
"""


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "games" / "3-ann-bob.txt"
    path.parent.mkdir()
    path.write_text(RECORD, encoding="utf-8")
    return path


def write_config(tmp_path: Path, port: int, extra: str = "", security: str = "none",
                 timeout: float = 10) -> Path:
    folder = tmp_path / "config" / "pbmkit"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "mail.toml"
    path.write_text(f'[smtp]\nhost = "127.0.0.1"\nport = {port}\nsecurity = "{security}"\n'
                    f'user = "{USER}"\npassword_env = "PBMKIT_TEST_PASSWORD"\ntimeout = {timeout}\n{extra}',
                    encoding="utf-8")
    return path


def run(tmp_path: Path, *args: str, password: str | None = PASSWORD) -> tuple[int, str, str]:
    env = {"XDG_CONFIG_HOME": str(tmp_path / "config"), "PBMKIT_TEST_PASSWORD": password,
           "PBMKIT_SMTP_PASSWORD": None}
    result = CliRunner().invoke(cli, list(args), env=env, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_send_hands_the_message_to_the_server_then_notes_it_on_the_move(tmp_path: Path,
                                                                        record: Path) -> None:
    """Issue 15: 'sends it over SMTP (host, port, ... user)'; the record is changed (the
    Message-ID and the sent date noted) after the server accepted the message."""
    with smtp_server() as (port, handler):
        write_config(tmp_path, port)
        code, out, err = run(tmp_path, "mail", "send", str(record))
    assert code == 0, err
    assert handler.logins == [(USER, True)]
    ((mail_from, rcpt, content),) = handler.accepted
    assert (mail_from, rcpt) == ("ann@example.org", ["bob@example.net"])
    msg = email.message_from_bytes(content, policy=email.policy.default)
    assert msg["Subject"] == "Batalo #3, 2. KQ to KP"
    message_id = msg["Message-ID"].strip("<>")
    text = record.read_text(encoding="utf-8")
    assert text.startswith(RECORD.rstrip("\n"))
    last_line = text.splitlines()[-1]
    assert last_line.startswith("2. KQ to KP {[%ccrcv 2026.09.11]} {[%ccsnt ")
    assert last_line.endswith(f"[%ccmailsnt {message_id}]}}")
    (rep,) = check_text(text, "r")
    assert rep.valid and [p.text for p in rep.main][-1] == "KQ to KP"
    assert "Sent Batalo #3, 2. KQ to KP to bob@example.net" in out


def test_a_refused_login_sends_nothing_and_changes_nothing(tmp_path: Path, record: Path) -> None:
    """Issue 15: 'Tested ... including a refused login'."""
    before = record.read_bytes()
    with smtp_server() as (port, handler):
        write_config(tmp_path, port)
        code, _, err = run(tmp_path, "mail", "send", str(record), password="wrong")
    assert code == 1
    assert f"127.0.0.1:{port} refused the login of ann: 535" in err
    assert "the record was not changed" in err
    assert "Traceback" not in err
    assert handler.logins and set(handler.logins) == {(USER, False)}  # each mechanism refused
    assert handler.accepted == []
    assert record.read_bytes() == before


def test_a_server_that_drops_the_connection_before_the_data_did_not_get_it(tmp_path: Path,
                                                                          record: Path) -> None:
    """Issue 15: 'a server that drops the connection: the record is changed only after the
    server accepted the message'; issue 22: before the data went, it was not sent."""
    before = record.read_bytes()
    with smtp_server("drop-rcpt") as (port, handler):
        write_config(tmp_path, port)
        code, _, err = run(tmp_path, "mail", "send", str(record))
    assert code == 1
    assert "closed the connection before the message was handed over; the message was not " \
           "sent; the record was not changed" in err
    assert "may have been sent" not in err.lower()
    assert handler.accepted == []
    assert record.read_bytes() == before


@pytest.mark.parametrize("mode", ["drop", "slow"])
def test_a_failure_after_the_data_went_says_the_message_may_have_been_sent(
        tmp_path: Path, record: Path, mode: str) -> None:
    """Issue 22: 'After an SMTP timeout the message may have been delivered: say so'. The server
    keeps the message, then closes the connection or answers after the client's timeout."""
    before = record.read_bytes()
    with smtp_server(mode) as (port, handler):
        write_config(tmp_path, port, "", timeout=0.5)
        code, _, err = run(tmp_path, "mail", "send", str(record))
    assert code == 1
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert "MAY HAVE BEEN SENT" in err and "the record was not changed" in err
    why = "no answer within 0.5 s" if mode == "slow" else "the connection was closed"
    assert f"127.0.0.1:{port} took the message but did not confirm it ({why})" in err
    # "slow" delivered it, "drop" threw it away: the client cannot tell, so it says "may"
    assert len(handler.accepted) == (1 if mode == "slow" else 0)
    assert record.read_bytes() == before


BOB_RECORD = RECORD.replace("2. KQ to KP {[%ccrcv 2026.09.11]}\n", "")


def test_a_copy_sent_again_after_a_timeout_is_applied_once_by_the_opponent(
        tmp_path: Path, record: Path) -> None:
    """Issue 22: 'make mail send --again safe: the same Message-ID for the same move, so the
    opponent's mail read skips the copy as in the record already'."""
    with smtp_server("slow") as (port, handler):
        write_config(tmp_path, port, "", timeout=0.5)
        assert run(tmp_path, "mail", "send", str(record))[0] == 1  # may have been sent
    with smtp_server() as (port, handler2):
        write_config(tmp_path, port)
        code, _, err = run(tmp_path, "mail", "send", str(record))  # the record notes nothing yet
        assert code == 0, err
        code, _, err = run(tmp_path, "mail", "send", str(record), "--again")
        assert code == 0, err
    copies = [handler.accepted[0][2], *(c for _, _, c in handler2.accepted)]
    ids = {email.message_from_bytes(c, policy=email.policy.default)["Message-ID"] for c in copies}
    assert len(ids) == 1
    (message_id,) = ids
    assert record.read_text(encoding="utf-8").count(f"[%ccmailsnt {message_id.strip('<>')}]") == 1
    bob = tmp_path / "bob"
    bob.mkdir()
    (bob / "3-ann-bob.txt").write_text(BOB_RECORD, encoding="utf-8")
    mbox = tmp_path / "inbox.mbox"
    mbox.write_bytes(b"".join(b"From ann@example.org Mon Sep 14 12:00:00 2026\n" + c.replace(
        b"\r\n", b"\n").replace(b"\nFrom ", b"\n>From ") + b"\n" for c in copies))
    code, out, err = run(tmp_path, "mail", "read", str(mbox), "--games", str(bob))
    assert code == 0, err
    assert out.count(": applied: Batalo #3: 2. White KQ to KP") == 1
    assert out.count(": skipped: Batalo #3: in the record already") == 2
    assert (bob / "3-ann-bob.txt").read_text(encoding="utf-8").count("KQ to KP") == 1


def test_a_refused_recipient_leaves_the_record_unchanged(tmp_path: Path, record: Path) -> None:
    before = record.read_bytes()
    with smtp_server("refuse-rcpt") as (port, _):
        write_config(tmp_path, port)
        code, _, err = run(tmp_path, "mail", "send", str(record))
    assert code == 1
    assert "refused the recipient bob@example.net (550" in err
    assert record.read_bytes() == before


def test_no_server_listening_is_one_line_and_no_change(tmp_path: Path, record: Path) -> None:
    before = record.read_bytes()
    write_config(tmp_path, free_port())
    code, _, err = run(tmp_path, "mail", "send", str(record))
    assert code == 1
    assert "cannot reach 127.0.0.1:" in err and "the message was not sent" in err
    assert len(err.strip().splitlines()) == 1
    assert record.read_bytes() == before


def test_a_move_mailed_already_is_sent_again_only_with_again(tmp_path: Path, record: Path) -> None:
    with smtp_server() as (port, handler):
        write_config(tmp_path, port)
        assert run(tmp_path, "mail", "send", str(record))[0] == 0
        once = record.read_bytes()
        code, _, err = run(tmp_path, "mail", "send", str(record))
        assert code == 1 and "mailed already; --again" in err
        assert record.read_bytes() == once
        code, out, err = run(tmp_path, "mail", "send", str(record), "--again")
        assert code == 0, err
    assert len(handler.accepted) == 2
    assert "again (the same Message-ID, noted already)" in out
    first, second = (email.message_from_bytes(c, policy=email.policy.default)
                     for _, _, c in handler.accepted)
    assert first["Message-ID"] == second["Message-ID"]  # issue 22: a repeat is the same message
    assert record.read_bytes() == once


def test_attachments_go_with_the_sent_message(tmp_path: Path, record: Path) -> None:
    with smtp_server() as (port, handler):
        write_config(tmp_path, port)
        code, _, err = run(tmp_path, "mail", "send", str(record), "--svg", "--pdf")
    assert code == 0, err
    msg = email.message_from_bytes(handler.accepted[0][2], policy=email.policy.default)
    assert isinstance(msg, email.message.EmailMessage)
    assert sorted(p.get_content_type() for p in msg.iter_attachments()) == [
        "application/pdf", "image/svg+xml", "text/html"]  # the page, to answer by tapping


@pytest.mark.parametrize("security", ["starttls", "ssl"])
def test_send_over_tls_checks_the_servers_certificate(tmp_path: Path, record: Path,
                                                      security: str) -> None:
    """Issue 15: 'STARTTLS or SSL': the login and the message go encrypted, to a server whose
    certificate is trusted (here through cafile: the test server's own)."""
    with smtp_server(tls=security) as (port, handler):
        write_config(tmp_path, port, f'cafile = "{CERT}"\n', security=security)
        code, _, err = run(tmp_path, "mail", "send", str(record))
    assert code == 0, err
    assert handler.logins[-1] == (USER, True) and len(handler.accepted) == 1
    assert "[%ccmailsnt " in record.read_text(encoding="utf-8")


@pytest.mark.parametrize("security", ["starttls", "ssl"])
def test_an_untrusted_certificate_stops_the_mail_before_the_login(tmp_path: Path, record: Path,
                                                                  security: str) -> None:
    before = record.read_bytes()
    with smtp_server(tls=security) as (port, handler):
        write_config(tmp_path, port, security=security)  # the system's authorities only
        code, _, err = run(tmp_path, "mail", "send", str(record))
    assert code == 1
    assert "TLS failed (CERTIFICATE_VERIFY_FAILED)" in err and "the message was not sent" in err
    assert handler.logins == [] and handler.accepted == []
    assert record.read_bytes() == before


def test_a_server_without_starttls_is_refused_when_starttls_is_asked(tmp_path: Path,
                                                                     record: Path) -> None:
    before = record.read_bytes()
    with smtp_server() as (port, handler):
        write_config(tmp_path, port, security="starttls")
        code, _, err = run(tmp_path, "mail", "send", str(record))
    assert code == 1
    assert "cannot do what mail.toml asks (STARTTLS extension not supported by server." in err
    assert handler.logins == [] and record.read_bytes() == before


# --- the password and the configuration ------------------------------------------------------


def test_no_option_takes_a_password_on_the_command_line() -> None:
    """Issue 15: 'the password ... never from the command line'."""
    from pbmkit.cli.mail import mail

    for command in mail.commands.values():
        assert not [p for p in command.params if "pass" in (p.name or "")]


def config_with_file(tmp_path: Path, mode: int) -> SmtpConfig:
    secret = tmp_path / "smtp-password"
    secret.write_text(PASSWORD + "\n", encoding="utf-8")
    os.chmod(secret, mode)
    path = write_config(tmp_path, 25, f'password_file = "{secret}"\n')
    return load_config(path)


def test_a_password_file_only_its_owner_can_read_is_used(tmp_path: Path) -> None:
    config = config_with_file(tmp_path, 0o600)
    assert read_password(config, {}) == PASSWORD  # the line end is not part of it


@pytest.mark.parametrize("mode", [0o640, 0o644, 0o604, 0o620])
def test_a_group_or_world_readable_password_file_is_refused(tmp_path: Path, mode: int) -> None:
    """Issue 15: 'a file readable only by the user (refuse a group/world-readable one)'."""
    config = config_with_file(tmp_path, mode)
    with pytest.raises(MailError, match=r"can be read by others .*chmod 600"):
        read_password(config, {})


def test_the_environment_variable_comes_before_the_file(tmp_path: Path) -> None:
    config = config_with_file(tmp_path, 0o644)
    assert read_password(config, {"PBMKIT_TEST_PASSWORD": "from-env"}) == "from-env"


def test_a_refused_password_file_is_a_usage_error_before_any_connection(
        tmp_path: Path, record: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_connection(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("no connection may be made")

    monkeypatch.setattr(smtplib, "SMTP", no_connection)
    config_with_file(tmp_path, 0o644)
    before = record.read_bytes()
    code, _, err = run(tmp_path, "mail", "send", str(record), password=None)
    assert code == 2 and "can be read by others" in err
    assert record.read_bytes() == before


def test_a_password_in_the_configuration_file_is_refused(tmp_path: Path) -> None:
    path = write_config(tmp_path, 25, 'password = "x"\n')
    with pytest.raises(MailError, match=r"a password is not kept in mail\.toml"):
        load_config(path)


@pytest.mark.parametrize(("line", "why"), [
    ('security = "tls"\n', "security must be starttls, ssl or none"),
    ("port = 0\n", "port must be"),
    ('colour = "red"\n', "unknown key 'colour'"),
])
def test_a_wrong_configuration_says_what_is_wrong(tmp_path: Path, line: str, why: str) -> None:
    folder = tmp_path / "pbmkit"
    folder.mkdir()
    (folder / "mail.toml").write_text(f'[smtp]\nhost = "127.0.0.1"\n{line}', encoding="utf-8")
    with pytest.raises(MailError, match=why):
        load_config(folder / "mail.toml")


def test_without_a_configuration_send_names_the_file_to_write(tmp_path: Path, record: Path) -> None:
    code, _, err = run(tmp_path, "mail", "send", str(record))
    assert code == 2
    assert f"no mail configuration: write {tmp_path / 'config' / 'pbmkit' / 'mail.toml'}" in err


def test_no_password_goes_unencrypted_to_another_machine(
        tmp_path: Path, record: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_connection(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("no connection may be made")

    monkeypatch.setattr(smtplib, "SMTP", no_connection)
    path = write_config(tmp_path, 25)
    path.write_text(path.read_text(encoding="utf-8").replace("127.0.0.1", "mail.example.org"),
                    encoding="utf-8")
    code, _, err = run(tmp_path, "mail", "send", str(record))
    assert code == 1
    assert 'security = "none" would send the password to mail.example.org unencrypted' in err


def _within(seconds: float, call: Any) -> object:
    """What ``call()`` returns or raises, run in a thread given ``seconds`` to finish (a call
    that blocks for ever fails the test instead of hanging the suite)."""
    import threading

    box: list[object] = []

    def target() -> None:
        try:
            box.append(call())
        except Exception as exc:
            box.append(exc)

    worker = threading.Thread(target=target, daemon=True)
    worker.start()
    worker.join(seconds)
    assert box, f"still blocked after {seconds} s"
    return box[0]


def test_a_fifo_as_the_password_file_is_refused_not_waited_on(tmp_path: Path) -> None:
    """Opening a named pipe for reading waits for a writer: the password file (and the keys file,
    through the same reader) is opened without waiting and refused as not a regular file."""
    fifo = tmp_path / "smtp-password"
    os.mkfifo(fifo)
    config = load_config(write_config(tmp_path, 25, f'password_file = "{fifo}"\n'))
    found = _within(30, lambda: read_password(config, {}))
    assert isinstance(found, MailError) and "is not a regular file" in str(found)


def test_a_fifo_as_mail_toml_is_refused_not_waited_on(tmp_path: Path) -> None:
    folder = tmp_path / "config" / "pbmkit"
    folder.mkdir(parents=True)
    os.mkfifo(folder / "mail.toml")
    found = _within(30, lambda: load_config(folder / "mail.toml"))
    assert isinstance(found, MailError) and "is not a regular file" in str(found)


def test_compose_and_send_text_write_one_text_plain_part_with_the_move_and_the_board(
        tmp_path: Path, record: Path) -> None:
    """Issue 34: each move mail was ~120 KB (the HTML part and the board's PNG) with no way to
    leave them out. ``--text``: a single text/plain part holding the move and the board as text,
    a few KB (examples/mail/games: a Batalo move 120,029 bytes, 3,110 with --text)."""
    full, text_only = tmp_path / "full.eml", tmp_path / "text.eml"
    assert run(tmp_path, "mail", "compose", str(record), "-o", str(full))[0] == 0
    code, _, err = run(tmp_path, "mail", "compose", str(record), "--text", "-o", str(text_only))
    assert code == 0, err
    for data in (text_only.read_bytes(), _sent_text(tmp_path, record)):
        msg = email.message_from_bytes(data, policy=email.policy.default)
        assert isinstance(msg, email.message.EmailMessage)
        assert not msg.is_multipart() and msg.get_content_type() == "text/plain"
        body = msg.get_content()
        assert "Move: 2. KQ to KP" in body
        assert "The board after 2. KQ to KP (" in body and "Black to move." in body
        assert "<html" not in body.lower() and b"image/png" not in data
    assert text_only.stat().st_size * 10 < full.stat().st_size
    assert "text/html" in full.read_text(encoding="utf-8")


def _sent_text(tmp_path: Path, record: Path) -> bytes:
    """What ``mail send --text`` hands the server."""
    with smtp_server() as (port, handler):
        write_config(tmp_path, port)
        code, _, err = run(tmp_path, "mail", "send", str(record), "--text")
    assert code == 0, err
    return handler.accepted[0][2]
