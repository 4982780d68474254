"""Issue 27: one player holding two factions through the referee. Batrakill's zones version with
two players is played as ``Order=Blue+Green,Dragon``: Ann moves for Blue and Green (one place,
one seat, one key), Bob is the Dragon; the whole game is played by mail to Green's win, with a
reminder to the player of the two factions on the way."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from pbmkit.records import check_text
from pbmkit.referee.run import RunReport, run_club
from tests.support.club_helpers import Player, World, text_of, world
from tests.support.smtp_server import QUIET

pytestmark = pytest.mark.filterwarnings(QUIET)

DAY0 = datetime.datetime(2026, 11, 2, 9, 0, tzinfo=datetime.UTC)
GAME = [("blue+green", "b7-b8"), ("dragon", "D@d3"), ("blue+green", "c8-c7"),
        ("dragon", "D d3-d4"), ("blue+green", "b4-c4"), ("dragon", "D d4xb4"),
        ("blue+green", "a5-b5")]
"""A short game of Blue+Green against the Dragon, found by a seeded random player that takes a
winning move when it has one: Green captures the dragon at its fourth move."""


def run_on(w: World, day: int) -> RunReport:
    moment = DAY0 + datetime.timedelta(days=day)
    return run_club(w.root, now=lambda: moment, clock=lambda: w.clock[0])


def test_one_player_moves_for_two_factions_through_a_whole_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, bob = Player(w, "ann", "ann@example.org"), Player(w, "bob", "bob@example.net")
        for p in (ann, bob):
            p.write(f"signup {p.name}")
            run_on(w, 0)
            p.reply(p.last("confirm your signup"), "yes")
            run_on(w, 0)
        # four factions' sides, but two places: one opponent
        ann.write("challenge batrakill Layout=zones Order=Blue+Green,Dragon")
        run_on(w, 0)
        assert "has 2 places (Blue+Green, Dragon): name 1 opponent(s), not 0" in \
            text_of(ann.last("Refused"))
        ann.write("challenge batrakill bob Layout=zones Order=Blue+Green,Dragon")
        run_on(w, 0)
        invitation = bob.last("Invitation")
        assert "ann (Blue+Green), bob (Dragon)" in text_of(invitation)
        bob.reply(invitation, "accept")
        assert run_on(w, 0).outcomes == {"done": 1}
        start = ann.last(r"Batrakill #1")
        assert "You play Blue+Green." in text_of(start)
        assert "It is your move (1. Blue+Green)" in text_of(start)
        assert "Blue+Green to move, by" in text_of(bob.last(r"Batrakill #1"))
        (path,) = (w.root / "games").glob("1-*.txt")
        head = path.read_text(encoding="utf-8")
        for tag in ('[Layout "zones"]', '[Order "Blue+Green Dragon"]', '[Blue "ann"]',
                    '[Green "ann"]', '[Dragon "bob"]'):
            assert tag in head, head
        db = w.db()
        assert [tuple(r) for r in db.execute("SELECT side, player FROM game_players ORDER BY 1")
                ] == [("blue+green", 1), ("dragon", 2)]
        db.close()
        player_of = {"blue+green": ann, "dragon": bob}
        for k, (place, move) in enumerate(GAME):
            if k == 2:  # Ann has had the move a week: her reminder, from her key's address
                before = path.read_bytes()
                bob.move(1, move)  # Bob, for the two factions: not his
                report = run_on(w, 7)
                assert report.outcomes == {"refused": 1}, report.lines
                assert "Blue+Green's move, not yours (Dragon)" in text_of(bob.last("Refused"))
                assert path.read_bytes() == before
                assert report.notices == 1
                reminder = ann.last("your move")
                assert "+g1." in str(reminder["From"])
                ann.reply(reminder, f"Move: {move}")
            else:
                player_of[place].move(1, move)
            report = run_on(w, 7 if k >= 2 else 0)
            assert report.outcomes == {"done": 1}, (k, report.lines)
        (rep,) = check_text(path.read_text(encoding="utf-8"), path.name)
        assert rep.valid and [p.text for p in rep.main] == [m for _, m in GAME]
        assert [p.side for p in rep.main] == [s for s, _ in GAME]
        assert rep.winner == "green"
        for p in (ann, bob):
            assert "game over" in str(p.last(r"Batrakill #1, ")["Subject"])
        db = w.db()
        assert db.execute("SELECT state FROM games").fetchone()[0] == "over"
        db.close()
        # the lists know the game: Ann (Blue+Green) won it
        ann.write("standings batrakill")
        bob.write("games")
        run_on(w, 7)
        assert "#1 Batrakill: bob (Dragon) v ann (Blue+Green); Blue+Green won" in \
            text_of(bob.last("Games of bob"))
        table = text_of(ann.last("Standings"))
        assert [line.split()[1:4] for line in table.splitlines() if line[:1] in ("1", "2")] \
            == [["ann", "1", "1"], ["bob", "1", "0"]], table
