"""Issue 41, section 3: the club's robot players (``[robots]`` in club.toml, pbmkit/referee/robots.py).

A player challenges a robot by mail like anyone; the robot accepts at once, and the referee plays
its move in the run that handles the player's move (the player's mail carries it); a second run
with nothing new moves nothing; a run killed with SIGKILL while the robot searches, then run
again, makes the robot's move once. Real SMTP server (127.0.0.1), real SQLite, the real
``pbmkit referee run`` as a process for the kill."""

from __future__ import annotations

import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pbmkit.records import check_text
from pbmkit.referee.club import ClubError, load_club
from tests.support.club_helpers import Player, World, text_of, world
from tests.support.smtp_server import QUIET

pytestmark = pytest.mark.filterwarnings(QUIET)


def _robots(w: World, seconds: float, budget: float = 60, extra: str = "") -> None:
    """Enrol the robot hal (Hex, ``seconds`` a move) in the club's settings."""
    toml = (w.root / "club.toml").read_text()
    toml = toml.replace("[inbox]", f"[robots]\nbudget = {budget}\n{extra}\n[robots.hal]\n"
                                   f"seconds = {seconds}\ngames = [\"hex\"]\n\n[inbox]")
    (w.root / "club.toml").write_text(toml)


def _moves(w: World, number: int = 1) -> list[str]:
    """The moves of game ``number``'s record as the database holds it (the truth)."""
    db = sqlite3.connect(w.root / "club.db")
    text = db.execute("SELECT text FROM games WHERE number = ?", (number,)).fetchone()[0]
    db.close()
    (rep,) = check_text(text)
    assert rep.valid, rep.errors
    return [p.text for p in rep.main]


def _start(w: World) -> Player:
    """Ann signed up and Hex game 1 against hal started by her challenge (Ann has Red, to move)."""
    ann = Player(w, "ann", "ann@example.org")
    ann.join()
    ann.write("challenge hex hal")
    report = w.run()
    assert report.outcomes["done"] == 1, report.lines
    assert "The robot accepted: game 1 starts" in text_of(ann.last("Challenge 1"))
    assert "It is your move" in text_of(ann.last("#1"))
    assert not any("robots.invalid" in str(m["To"]) for m in w.sent()), "nothing sent to a robot"
    return ann


def test_a_robot_challenged_by_mail_answers_in_the_same_run_and_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        _robots(w, 0.2)
        ann = _start(w)
        ann.move(1, "d4")
        report = w.run()
        assert (report.outcomes["done"], report.robot_moves) == (1, 1), report.lines
        assert "robots moved 1" in report.summary()
        moves = _moves(w)
        assert len(moves) == 2 and moves[0].endswith("d4")
        last = text_of(ann.last("#1"))
        assert f"Blue {moves[1].split()[-1]}" in last and "It is your move" in last
        record = (w.root / "games" / "1-hex.txt").read_bytes()
        mails = len(ann.inbox())
        again = w.run()  # nothing new: the robot is not to move, it moves nothing
        assert again.robot_moves == 0 and _moves(w) == moves
        assert (w.root / "games" / "1-hex.txt").read_bytes() == record
        assert len(ann.inbox()) == mails
        ann.move(1, "c5")  # and the next move is answered in its run too
        assert w.run().robot_moves == 1 and len(_moves(w)) == 4


def test_a_robot_move_waits_for_a_run_whose_budget_holds_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        _robots(w, 5, budget=2)
        ann = _start(w)
        ann.move(1, "d4")
        report = w.run()
        assert (report.robot_moves, report.robots_waiting) == (0, 1)
        assert "1 robot move(s) wait for the next run" in report.summary()
        assert len(_moves(w)) == 1


def test_a_robot_of_another_game_is_refused_and_club_toml_checks_robots(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        _robots(w, 0.2)
        ann = Player(w, "ann", "ann@example.org")
        ann.join()
        ann.write("challenge batalo hal")
        assert w.run().outcomes["refused"] == 1
        assert "does not play Batalo" in text_of(ann.last("Refused"))
        toml = (w.root / "club.toml").read_text()
        for bad, said in (('games = ["hex"]', 'games = ["chess"]'),
                          ("seconds = 0.2", "seconds = 0"),
                          ("budget = 60", 'ratings = "sometimes"')):
            (w.root / "club.toml").write_text(toml.replace(bad, said))
            with pytest.raises(ClubError):
                load_club(w.root)


def _game_plies(root: Path) -> int:
    db = sqlite3.connect(root / "club.db")
    try:
        text = db.execute("SELECT text FROM games WHERE number = 1").fetchone()[0]
    finally:
        db.close()
    return len(check_text(text)[0].main)


def test_a_run_killed_while_the_robot_thinks_then_run_again_moves_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        _robots(w, 4)
        ann = _start(w)
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
        killed_in_search = 0
        for move in ("d4", "c5"):
            before = _game_plies(w.root)
            ann.move(1, move)
            proc = subprocess.Popen([sys.executable, "-m", "pbmkit", "referee", "run",
                                     str(w.root)], stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, env=env)
            deadline = time.monotonic() + 120
            while _game_plies(w.root) == before and time.monotonic() < deadline:
                time.sleep(0.05)  # until Ann's move is committed: the robot then searches 4 s
            time.sleep(1.0)
            plies = _game_plies(w.root)
            proc.send_signal(signal.SIGKILL)
            proc.communicate(timeout=60)
            if plies == before + 1 and _game_plies(w.root) == before + 1:
                killed_in_search += 1  # Ann's move made, the robot's not: killed in its search
            report = w.run()
            assert _game_plies(w.root) == before + 2, report.lines
            assert w.run().robot_moves == 0 and _game_plies(w.root) == before + 2
        assert killed_in_search == 2
        moves = _moves(w)
        assert len(moves) == 4
        (rep,) = check_text((w.root / "games" / "1-hex.txt").read_text(encoding="utf-8"))
        assert [p.text for p in rep.main] == moves, "the file is the database's record"
        robot_mails = [m for m in ann.inbox()
                       if re.match(r"Game 1: .*Blue (?:swap|[a-s][0-9]{1,2})\.", text_of(m))]
        assert len({str(m["Message-ID"]) for m in robot_mails}) == 2, \
            "one message of each robot move (a message sent twice keeps its Message-ID)"


def test_robot_games_are_rated_apart_or_not_at_all() -> None:
    from pbmkit.referee.site import club_ratings

    example = (Path(__file__).resolve().parents[2] / "examples" / "hex-01-swap.txt").read_text()
    human = example.replace("Ann Lee", "ann").replace("Bob Roy", "bob")
    robot = example.replace("Ann Lee", "ann").replace("Bob Roy", "hal")
    apart = club_ratings("Hex", [human, robot], ["hal"], "apart")
    assert apart is not None
    groups = {(r.group, r.player): r.games for r in apart}
    assert groups == {("Hex", "ann"): 1, ("Hex", "bob"): 1,
                      ("Hex (games with robots)", "ann"): 1,
                      ("Hex (games with robots)", "hal"): 1}
    none = club_ratings("Hex", [human, robot], ["hal"], "none")
    assert none is not None and {(r.group, r.player) for r in none} == {("Hex", "ann"),
                                                                       ("Hex", "bob")}
    mixed = club_ratings("Hex", [human, robot])  # no robots named: one list, as before
    assert mixed is not None and {r.player: r.games for r in mixed}["ann"] == 2
