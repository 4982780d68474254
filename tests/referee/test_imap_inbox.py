"""The referee's IMAP inbox (pbmkit/referee/imap.py) against a real Dovecot on 127.0.0.1.

Fetching, the size bound, done and not done across runs, a server going away mid-run, a changed
UIDVALIDITY, a wrong password, TLS; and the checks of the ``imap`` table of club.toml.
"""

from __future__ import annotations

import email
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from pbmkit.mail.files import MailError
from pbmkit.referee.imap import ImapError, ImapInbox, load_imap_config, open_imap, read_imap_password
from pbmkit.referee.inbox import MAX_MESSAGE_BYTES, Inbox, InboxMessage
from tests.support.imap_server import CERT, PASSWORD, Dovecot, dovecot_server, message


@pytest.fixture
def dovecot() -> Iterator[Dovecot]:
    with dovecot_server() as server:
        yield server


def _ids(messages: list[InboxMessage]) -> list[str]:
    return [str(email.message_from_bytes(m.raw)["Message-ID"]) for m in messages]


def _run(server: Dovecot, done: set[str] | None = None, **changes: object) -> list[InboxMessage]:
    """One run of a referee: read every message, mark those whose Message-ID is in ``done``."""
    with ImapInbox(server.config(**changes), PASSWORD) as inbox:
        seen = list(inbox.messages())
        for m in seen:
            if done is not None and str(email.message_from_bytes(m.raw)["Message-ID"]) in done:
                inbox.done(m.key)
    return seen


def test_it_is_an_inbox_and_hands_out_the_messages_in_arrival_order(dovecot: Dovecot) -> None:
    dovecot.append(message(1))
    dovecot.append(message(2, "Move: e2-e4"))
    dovecot.deliver(message(3))  # written into the Maildir Dovecot serves
    with ImapInbox(dovecot.config(), PASSWORD) as inbox:
        checked: Inbox = inbox
        got = list(checked.messages())
    assert _ids(got) == ["<m1@example.org>", "<m2@example.org>", "<m3@example.org>"]
    assert got[0].raw == message(1) and got[1].raw == message(2, "Move: e2-e4")
    assert not any(m.oversized for m in got)
    assert len({m.key for m in got}) == 3
    for m in got:
        assert m.arrived is not None and abs(m.arrived - time.time()) < 600


def test_reading_marks_nothing_seen_and_keeps_every_message(dovecot: Dovecot) -> None:
    dovecot.append(message(1))
    assert len(_run(dovecot)) == 1
    assert len(_run(dovecot)) == 1  # not done: handed out again
    with dovecot.client() as client:
        client.select_folder("INBOX", readonly=True)
        flags = client.get_flags(client.search(["ALL"]))
    assert all(b"\\Seen" not in f for f in flags.values())


def test_an_oversized_message_is_cut_at_the_bound_and_flagged(dovecot: Dovecot) -> None:
    exact = message(1, size=MAX_MESSAGE_BYTES)[:MAX_MESSAGE_BYTES]  # exactly the bound
    dovecot.append(exact)
    dovecot.append(message(2, size=MAX_MESSAGE_BYTES + 1)[:MAX_MESSAGE_BYTES + 1])
    dovecot.append(message(3, size=5_000_000))
    dovecot.append(message(4))
    got = _run(dovecot)
    assert [len(m.raw) for m in got] == [MAX_MESSAGE_BYTES] * 3 + [len(message(4))]
    assert [m.oversized for m in got] == [False, True, True, False]
    assert got[0].raw == exact
    assert got[2].raw == message(3, size=5_000_000)[:MAX_MESSAGE_BYTES]


def test_bodies_come_in_bounded_batches(dovecot: Dovecot) -> None:
    for n in range(1, 8):
        dovecot.append(message(n, size=300_000))
    asked: list[tuple[list[int], list[str]]] = []
    with ImapInbox(dovecot.config(), PASSWORD, batch_bytes=700_000, batch_count=100) as inbox:
        client = inbox._client
        assert client is not None
        fetch = client.fetch

        def recording(uids: list[int], data: list[str]) -> object:
            asked.append((list(uids), list(data)))
            return fetch(uids, data)

        client.fetch = recording  # type: ignore[method-assign]
        assert _ids(list(inbox.messages())) == [f"<m{n}@example.org>" for n in range(1, 8)]
    bodies = [uids for uids, data in asked if any(d.startswith("BODY.PEEK[]<0.") for d in data)]
    assert [len(b) for b in bodies] == [2, 2, 2, 1]  # 2 x 300 kB fit in 700 kB, 3 do not
    assert sorted(u for b in bodies for u in b) == list(range(1, 8))


def test_done_moves_a_message_to_processed_and_the_next_run_skips_it(dovecot: Dovecot) -> None:
    for n in (1, 2, 3):
        dovecot.append(message(n))
    first = _run(dovecot, done={"<m1@example.org>", "<m3@example.org>"})
    assert len(first) == 3
    second = _run(dovecot, done=set())
    assert _ids(second) == ["<m2@example.org>"]
    assert dovecot.folder("Processed") == [message(1), message(3)]
    assert dovecot.folder("INBOX") == [message(2)]
    dovecot.append(message(4))
    assert _ids(_run(dovecot, done={"<m2@example.org>", "<m4@example.org>"})) == \
        ["<m2@example.org>", "<m4@example.org>"]
    assert _run(dovecot) == []
    assert len(dovecot.folder("Processed")) == 4


def test_the_processed_folder_is_made_once_and_may_be_named(dovecot: Dovecot) -> None:
    dovecot.append(message(1), folder="Players")
    _run(dovecot, folder="Players", processed="Done by referee", done={"<m1@example.org>"})
    _run(dovecot, folder="Players", processed="Done by referee")  # it exists now: no error
    assert dovecot.folder("Done by referee") == [message(1)]
    assert dovecot.folder("Processed") == []
    with dovecot.client() as client:
        assert client.folder_exists("Done by referee")


@pytest.mark.parametrize("uidplus", [True, False])
def test_without_move_done_copies_and_marks_deleted(dovecot: Dovecot, uidplus: bool) -> None:
    dovecot.append(message(1))
    dovecot.append(message(2))
    with ImapInbox(dovecot.config(), PASSWORD) as inbox:
        inbox._capabilities.discard(b"MOVE")  # a server without RFC 6851
        if not uidplus:
            inbox._capabilities.discard(b"UIDPLUS")
        got = list(inbox.messages())
        inbox.done(got[0].key)
    assert _ids(_run(dovecot)) == ["<m2@example.org>"]
    assert dovecot.folder("Processed") == [message(1)]
    with dovecot.client() as client:
        client.select_folder("INBOX", readonly=True)
        assert len(client.search(["ALL"])) == (1 if uidplus else 2)  # never a bare EXPUNGE


def test_a_server_going_away_mid_run_is_one_line_and_loses_nothing(dovecot: Dovecot) -> None:
    for n in (1, 2, 3):
        dovecot.append(message(n))
    inbox = ImapInbox(dovecot.config(), PASSWORD, batch_count=1)
    it = inbox.messages()
    first = next(it)
    inbox.done(first.key)
    dovecot.stop()
    with pytest.raises(ImapError) as caught:
        next(it)
    text = str(caught.value)
    assert "\n" not in text and f"the IMAP server 127.0.0.1:{dovecot.port} went away" in text
    with pytest.raises(ImapError, match=r"closed|went away"):
        inbox.done(f"{inbox.uidvalidity}.2")
    inbox.close()  # quietly
    with pytest.raises(ImapError, match="connection refused"):
        ImapInbox(dovecot.config(), PASSWORD)
    dovecot.start()
    assert _ids(_run(dovecot)) == ["<m2@example.org>", "<m3@example.org>"]
    assert dovecot.folder("Processed") == [message(1)]


def test_a_changed_uidvalidity_never_moves_the_wrong_message(dovecot: Dovecot) -> None:
    for n in (1, 2):
        dovecot.append(message(n), folder="Club")
    with ImapInbox(dovecot.config(folder="Club"), PASSWORD) as inbox:
        old = list(inbox.messages())  # a run killed before done
        old_validity = inbox.uidvalidity
    time.sleep(1.1)  # Dovecot's UIDVALIDITY is a time in seconds
    with dovecot.client() as client:  # the folder made anew, its messages numbered anew
        client.rename_folder("Club", "Old")
        client.create_folder("Club")
        client.select_folder("Old")
        for uid in sorted(client.search(["ALL"]), reverse=True):  # m2 gets UID 1 now
            client.copy([uid], "Club")
        client.unselect_folder()
        client.delete_folder("Old")
    with ImapInbox(dovecot.config(folder="Club"), PASSWORD) as inbox:
        assert inbox.uidvalidity != old_validity
        new = list(inbox.messages())
        assert _ids(new) == ["<m2@example.org>", "<m1@example.org>"]
        assert {m.key for m in new}.isdisjoint(m.key for m in old)
        inbox.done(old[0].key)  # a key of the old numbering (m1's): does nothing
        assert dovecot.folder("Processed") == []
        inbox.done(new[1].key)
    assert dovecot.folder("Processed") == [message(1)]
    assert _ids(_run(dovecot, folder="Club")) == ["<m2@example.org>"]


def test_a_wrong_password_is_one_line(dovecot: Dovecot) -> None:
    with pytest.raises(ImapError) as caught:
        ImapInbox(dovecot.config(), "not the password")
    assert str(caught.value).startswith(f"the IMAP server 127.0.0.1:{dovecot.port} refused the "
                                        "login of referee")
    assert "\n" not in str(caught.value)


def test_the_password_from_the_environment_or_a_private_file(dovecot: Dovecot,
                                                            tmp_path: Path) -> None:
    dovecot.append(message(1))
    with ImapInbox(dovecot.config(), environ={"PBMKIT_IMAP_PASSWORD": PASSWORD}) as inbox:
        assert len(list(inbox.messages())) == 1
    secret = tmp_path / "imap-password"
    secret.write_text(PASSWORD + "\n")
    secret.chmod(0o600)
    with ImapInbox(dovecot.config(password_file=str(secret)), environ={}) as inbox:
        assert len(list(inbox.messages())) == 1
    secret.chmod(0o644)
    with pytest.raises(MailError, match="can be read by others"):
        ImapInbox(dovecot.config(password_file=str(secret)), environ={})
    with pytest.raises(MailError, match="no IMAP password for referee: set PBMKIT_IMAP_PASSWORD"):
        ImapInbox(dovecot.config(), environ={})


def test_tls_and_starttls_with_the_servers_certificate(dovecot: Dovecot) -> None:
    dovecot.append(message(1))
    tls = _run(dovecot, security="ssl", port=dovecot.tls_port, cafile=str(CERT))
    starttls = _run(dovecot, security="starttls", cafile=str(CERT))
    assert _ids(tls) == _ids(starttls) == ["<m1@example.org>"]
    with pytest.raises(ImapError, match="certificate is not trusted"):
        _run(dovecot, security="ssl", port=dovecot.tls_port)
    with pytest.raises(ImapError, match="certificate is not trusted"):
        _run(dovecot, security="starttls")


@pytest.fixture
def silent_server() -> Iterator[int]:
    """A port that accepts connections and never says a word."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    held: list[socket.socket] = []

    def accept() -> None:
        while True:
            try:
                held.append(listener.accept()[0])
            except OSError:
                return

    threading.Thread(target=accept, daemon=True).start()
    yield listener.getsockname()[1]
    listener.close()
    for s in held:
        s.close()


def test_a_host_that_does_not_exist_is_one_line() -> None:
    config = load_imap_config({"host": "imap.invalid", "user": "referee", "timeout": 5},
                              "club.toml")
    with pytest.raises(ImapError, match=r"^cannot connect to the IMAP server imap\.invalid:993: "):
        ImapInbox(config, PASSWORD)


def test_a_server_that_never_answers_times_out(dovecot: Dovecot, silent_server: int) -> None:
    with pytest.raises(ImapError, match=r"127\.0\.0\.1:\d+ did not answer within 0\.5 s"):
        ImapInbox(dovecot.config(port=silent_server, timeout=0.5), PASSWORD)


def test_the_imap_table_of_club_toml() -> None:
    where = "club.toml"
    config = load_imap_config({"host": "imap.example.org", "user": "referee"}, where)
    assert (config.port, config.security, config.folder, config.processed, config.timeout) == \
        (993, "ssl", "INBOX", "Processed", 30.0)
    assert load_imap_config({"host": "imap.example.org", "user": "r", "security": "starttls"},
                            where).port == 143
    refused = {
        "password": {"host": "h", "user": "u", "password": "x"},
        "unknown key 'hots'": {"hots": "h", "user": "u"},
        "needs a host and a user": {"host": "h"},
        "unencrypted": {"host": "imap.example.org", "user": "u", "security": "none"},
        "security must be": {"host": "h", "user": "u", "security": "tls"},
        "port must be": {"host": "h", "user": "u", "port": 0},
        "timeout must be": {"host": "h", "user": "u", "timeout": 0},
        "another folder": {"host": "h", "user": "u", "folder": "inbox", "processed": "INBOX"},
        "one line": {"host": "h\nx", "user": "u"},
    }
    for reason, table in refused.items():
        with pytest.raises(MailError, match=reason):
            load_imap_config(table, where)
    local = load_imap_config({"host": "127.0.0.1", "user": "u", "security": "none"}, where)
    assert local.port == 143
    with pytest.raises(MailError, match="set PBMKIT_IMAP_PASSWORD"):
        read_imap_password(local, {})


@dataclass(frozen=True)
class _Club:
    root: Path
    imap: dict[str, object] | None


def test_a_club_opens_its_imap_inbox_from_club_toml(dovecot: Dovecot, tmp_path: Path) -> None:
    dovecot.append(message(1))
    table: dict[str, object] = {"host": "127.0.0.1", "port": dovecot.tls_port, "user": "referee",
                                "security": "ssl", "cafile": str(CERT),
                                "password_env": "CLUB_IMAP_PASSWORD"}
    with open_imap(_Club(tmp_path, table), {"CLUB_IMAP_PASSWORD": PASSWORD}) as inbox:
        assert _ids(list(inbox.messages())) == ["<m1@example.org>"]
    with pytest.raises(MailError, match=r"club\.toml: unknown key 'folders'"):
        open_imap(_Club(tmp_path, {**table, "folders": "x"}), {})
    with pytest.raises(MailError, match=r"club\.toml: \[inbox\] has no imap table"):
        open_imap(_Club(tmp_path, None), {})
