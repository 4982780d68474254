"""Issue 27, reliability with real processes: ``pbmkit referee run`` killed with SIGKILL at random
points (seeded), two runs started at once on one club, SMTP down then up.

A club is made in the test process (players signed up, three Batalo games started, through the
referee as in test_referee_games.py), then a batch of messages is put in its Maildir: moves in
the games' threads, a move out of turn, an illegal move, a copy of a move, a message with no
command. A copy of that club is run once without a kill: the reference. Every other copy is run
by real ``pbmkit referee run`` processes, killed at random moments, then run to the end; it must
end as the reference did: the same record files byte for byte, the same games, one ledger row per
message, an empty outbox, and every reply the reference sent delivered once, or twice only as a
second sending of the same queued message (the same Message-ID) that a killed run had handed to
the SMTP server before marking it sent (docs/referee.md, "Delivery").
"""

from __future__ import annotations

import email
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.support.club_helpers import Player, World, message, world
from tests.support.smtp_server import QUIET, free_port

pytestmark = pytest.mark.filterwarnings(QUIET)

BATALO = ["JR to IS", "DX to FV", "IS to HS", "DW to FU"]
"""The first moves of examples/01-short-base-win.txt."""


@dataclass(frozen=True)
class Outcome:
    """What a club ended with."""

    records: dict[str, bytes]
    games: list[tuple[object, ...]]
    ledger: Counter[str]
    """The ledger's outcomes but ``duplicate``: a run killed between a message's commit and its
    inbox mark sees the message again, a duplicate, which the ledger rightly records."""
    unsent: int
    duplicates: int = field(default=0, compare=False)


def _day(data: bytes) -> bytes:
    """A record with its dates made one (a run after midnight writes another day's date)."""
    return re.sub(rb"\d{4}[.-]\d\d[.-]\d\d", b"DAY", data)


def _outcome(root: Path) -> Outcome:
    records = {p.name: _day(p.read_bytes()) for p in sorted((root / "games").glob("*.txt"))}
    db = sqlite3.connect(root / "club.db")
    try:
        games = [(n, _day(t.encode()), state) for n, t, state
                 in db.execute("SELECT number, text, state FROM games ORDER BY 1")]
        ledger = Counter(r[0] for r in db.execute("SELECT outcome FROM messages"))
        unsent = db.execute("SELECT COUNT(*) FROM outbox WHERE sent IS NULL").fetchone()[0]
    finally:
        db.close()
    duplicates = ledger.pop("duplicate", 0)
    return Outcome(records, games, ledger, unsent, duplicates)


def _sent(w: World, since: int) -> list[tuple[str, str, str]]:
    """(To, Subject, Message-ID) of every message the SMTP server accepted since ``since``."""
    out = []
    for _, _, data in w.handler.accepted[since:]:
        msg = email.message_from_bytes(data)
        out.append((str(msg["To"]), str(msg["Subject"]), str(msg["Message-ID"])))
    return out


def _run(root: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "pbmkit", "referee", "run", str(root)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _finish(proc: subprocess.Popen[bytes]) -> tuple[int, str]:
    out, err = proc.communicate(timeout=300)
    return proc.returncode, (out + err).decode("utf-8", "replace")


def _club(w: World) -> None:
    """Six players, three Batalo games, and a batch of mail waiting in the Maildir."""
    players = [Player(w, f"p{i}", f"p{i}@example.org") for i in range(6)]
    for p in players:
        p.join()
    pairs = [(players[2 * g], players[2 * g + 1]) for g in range(3)]
    for white, black in pairs:
        white.write(f"challenge Batalo {black.name}")
        w.run()
        number = black.invitation()
        black.write(f"accept {number}")
        w.run()
    for g, (_, black) in enumerate(pairs, start=1):
        black.move(g, "1. DW to FU")  # out of turn: refused
    for k, move in enumerate(BATALO):
        for g, (white, black) in enumerate(pairs, start=1):
            (white, black)[k % 2].move(g, f"{k // 2 + 1}. {move}")
            if k == 0:
                w.deliver(message(white.address, f"hello {g}", "no command here"))
    moves = sorted((w.root / "maildir" / "new").iterdir())
    w.deliver(moves[3].read_bytes())  # a copy of game 1's first move: the ledger skips it
    pairs[0][0].move(1, "3. JR to GT")  # illegal: refused


def _copy(base: Path, to: Path) -> Path:
    shutil.copytree(base, to, symlinks=True)
    return to


@pytest.fixture
def club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[World, Path]]:
    with world(tmp_path, monkeypatch) as w:
        _club(w)
        base = _copy(w.root, tmp_path / "base")
        yield w, base


def test_a_run_killed_at_random_points_loses_nothing_and_applies_nothing_twice(
        club: tuple[World, Path], tmp_path: Path) -> None:
    w, base = club
    ref = _copy(base, tmp_path / "reference")
    mark = len(w.handler.accepted)
    started = time.monotonic()
    code, text = _finish(_run(ref))
    took = time.monotonic() - started
    assert code == 0, text
    expected = _outcome(ref)
    sent = _sent(w, mark)
    new = expected.ledger - _outcome(base).ledger
    db = sqlite3.connect(ref / "club.db")
    rows = list(db.execute("SELECT outcome, detail FROM messages ORDER BY id"))
    db.close()
    assert expected.unsent == 0 and new == Counter(done=12, refused=4, help=3), rows
    assert [o for o, _ in rows[-20:]] == ["refused"] * 3 + ["done", "help"] * 3 + ["done"] * 9 \
        + ["duplicate", "refused"], rows
    assert expected.duplicates == 1  # the copy of game 1's first move
    want = Counter((to, subject) for to, subject, _ in sent)
    assert len(want) == len(sent)  # every reply of the reference is distinct

    rng = random.Random(27)
    kills = 0
    for trial in range(5):
        root = _copy(base, tmp_path / f"trial{trial}")
        mark = len(w.handler.accepted)
        for _ in range(rng.randint(1, 3)):
            proc = _run(root)
            time.sleep(rng.uniform(0.0, took))
            if proc.poll() is None:
                proc.send_signal(signal.SIGKILL)
                kills += 1
            proc.wait(60)
        code, text = _finish(_run(root))
        assert code == 0, text
        assert _outcome(root) == expected, f"trial {trial}"
        assert _outcome(root).duplicates >= expected.duplicates
        got = _sent(w, mark)
        counts = Counter((to, subject) for to, subject, _ in got)
        assert set(counts) == set(want), f"trial {trial}: lost or unexpected replies"
        twice = [key for key, n in counts.items() if n > 1]
        assert all(counts[key] == 2 for key in twice), f"trial {trial}"
        for key in twice:  # a second sending of one queued message, never a second reply
            ids = {mid for to, subject, mid in got if (to, subject) == key}
            assert len(ids) == 1, f"trial {trial}: {key} answered twice"
        assert len(twice) <= kills
    assert kills >= 5


def test_two_runs_at_once_never_apply_a_message_twice(club: tuple[World, Path],
                                                      tmp_path: Path) -> None:
    w, base = club
    ref = _copy(base, tmp_path / "reference")
    mark = len(w.handler.accepted)
    assert _finish(_run(ref))[0] == 0
    expected = _outcome(ref)
    want = Counter((to, subject) for to, subject, _ in _sent(w, mark))
    for trial in range(2):
        root = _copy(base, tmp_path / f"twice{trial}")
        mark = len(w.handler.accepted)
        both = [_run(root), _run(root)]
        results = [_finish(p) for p in both]
        assert [code for code, _ in results] == [0, 0], results
        assert sum("another referee run is working" in out for _, out in results) == 1, results
        assert _finish(_run(root))[0] == 0
        assert _outcome(root) == expected
        assert Counter((to, subject) for to, subject, _ in _sent(w, mark)) == want


def test_smtp_down_then_up_the_outbox_retries_with_backoff_and_delivers_once(
        club: tuple[World, Path], tmp_path: Path) -> None:
    w, base = club
    root = _copy(base, tmp_path / "down")
    toml = (root / "club.toml").read_text()
    (root / "club.toml").write_text(toml.replace(f"port = {w.port}", f"port = {free_port()}"))
    mark = len(w.handler.accepted)
    code, text = _finish(_run(root))
    assert code == 0 and "sent 0, 1 failed" in text, text
    down = _outcome(root)
    assert down.ledger - _outcome(base).ledger == Counter(done=12, refused=4, help=3)
    assert down.unsent > 30 and len(w.handler.accepted) == mark
    (root / "club.toml").write_text(toml)  # the server is back
    code, text = _finish(_run(root))  # all but the one that failed: it waits its back-off
    assert code == 0 and f"sent {down.unsent - 1}, 1 waiting" in text, text
    db = sqlite3.connect(root / "club.db")
    with db:  # an hour later
        db.execute("UPDATE outbox SET next_try = next_try - 3600")
    db.close()
    code, text = _finish(_run(root))
    assert code == 0 and "sent 1" in text, text
    assert _outcome(root).unsent == 0
    ids = [mid for _, _, mid in _sent(w, mark)]
    assert len(ids) == down.unsent and len(set(ids)) == len(ids)  # each reply once
