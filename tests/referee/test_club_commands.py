"""Issue 27: the referee's commands beyond the core, through a real `referee run` (an SMTP server
on 127.0.0.1, a Maildir, real SQLite files, simulated players): resign, draws, conditional moves,
vacations, the lists; reminders and overstepped time controls; refusals change nothing."""

from __future__ import annotations

import datetime
import re
import sqlite3
from pathlib import Path

import pytest

from pbmkit.records import check_text
from pbmkit.referee.run import RunReport, run_club
from tests.support.club_helpers import Player, World, text_of, world
from tests.support.smtp_server import QUIET

pytestmark = pytest.mark.filterwarnings(QUIET)

BATALO = ["JR to IS", "DX to FV", "IS to HS", "DW to FU", "HS to GT", "FU x GT", "IR to JR",
          "GT to GQ", "JQ x EV", "DV to CV", "EV to DW"]
"""examples/01-short-base-win.txt: White wins on Black's base at move 6."""
DAY0 = datetime.datetime(2026, 11, 2, 9, 0, tzinfo=datetime.UTC)


def run_on(w: World, day: int) -> RunReport:
    """A run on day ``day`` after DAY0."""
    moment = DAY0 + datetime.timedelta(days=day)
    return run_club(w.root, now=lambda: moment, clock=lambda: w.clock[0])


def snapshot(w: World) -> tuple[object, ...]:
    """What a refused command must leave as it was: records, the core's tables and ours."""
    db = w.db()
    ours = [(t, *tuple(r)) for t in ("queues", "vacations", "notices")
            for r in db.execute(f"SELECT * FROM {t} ORDER BY 1, 2")]
    db.close()
    return (*w.snapshot(), ours)


def _pair(w: World, day: int = 0) -> tuple[Player, Player]:
    ann = Player(w, "ann", "ann@example.org")
    bob = Player(w, "bob", "bob@example.net")
    for p in (ann, bob):
        p.write(f"signup {p.name}")
        run_on(w, day)
        p.reply(p.last("confirm your signup"), "yes")
        run_on(w, day)
    return ann, bob


def _start(w: World, a: Player, b: Player, game: str = "Batalo", tags: str = "",
           day: int = 0) -> int:
    a.write(f"challenge {game} {b.name} {tags}".strip())
    run_on(w, day)
    number = b.invitation()
    b.write(f"accept {number}")
    run_on(w, day)
    return number


def _game_mail(p: Player, number: int) -> object:
    return next(m for m in reversed(p.inbox()) if f"+g{number}." in str(m["From"]))


def _record(w: World, number: int = 1) -> str:
    return next((w.root / "games").glob(f"{number}-*.txt")).read_text(encoding="utf-8")


def _say(p: Player, number: int, body: str) -> None:
    """Answer the player's last message of the game (it carries their key) with ``body``."""
    p.reply(_game_mail(p, number), body)  # type: ignore[arg-type]


def test_resign_by_mail_ends_the_game_for_the_player_who_proves_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The player to move resigns with the record's 'resigns' (a player out of turn may too:
    tests/referee/test_resign_by_mail.py)."""
    with world(tmp_path, monkeypatch) as w:
        ann, bob = _pair(w)
        _start(w, ann, bob)
        ann.move(1, "1. JR to IS")
        run_on(w, 0)
        before = snapshot(w)
        bob.write("resign 1")  # no key: the From header proves nothing
        run_on(w, 0)
        assert "does not carry your key" in text_of(bob.last("Refused"))
        assert snapshot(w) == before
        _say(bob, 1, "resign 1")
        run_on(w, 0)
        record = _record(w)
        assert record.rstrip().endswith("JR to IS {[%ccsnt 2026.11.02]} resigns")
        (rep,) = check_text(record)
        assert (rep.winner, rep.how) == ("white", "concession")
        for p in (ann, bob):
            assert "Black (bob) resigns: White (ann) wins" in text_of(_game_mail(p, 1))
        assert w.db().execute("SELECT state FROM games").fetchone()[0] == "over"


def test_draw_offer_decline_offer_accept_by_mail(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch) as w:
        ann, bob = _pair(w)
        _start(w, ann, bob)
        ann.move(1, "JR to IS")
        run_on(w, 0)
        before = snapshot(w)
        _say(bob, 1, "draw offer 1")  # Bob has not moved: he cannot offer with Ann's move
        run_on(w, 0)
        assert "offered with your own move" in text_of(bob.last("Refused"))
        _say(bob, 1, "draw accept 1")  # nothing on offer
        _say(ann, 1, "draw decline 1")  # not Ann's turn
        run_on(w, 0)
        assert "no draw is on offer" in text_of(bob.last("Refused"))
        assert "Black (bob)'s turn, not yours" in text_of(ann.last("Refused"))
        assert snapshot(w) == before
        _say(ann, 1, "draw offer 1")
        run_on(w, 0)
        offered = _game_mail(bob, 1)
        assert "White (ann) offers a draw with 1. JR to IS" in text_of(offered)
        # the subject says what happened, not the move's subject again (issue 35, item 5)
        assert str(offered["Subject"]).endswith(": draw offered, Black to move")
        assert "+g1." in str(offered["From"])  # the key in the address, not in the subject
        _say(bob, 1, "DRAW DECLINE 1")
        run_on(w, 0)
        assert "{[%ccdraw declined]}" in _record(w)
        assert str(_game_mail(ann, 1)["Subject"]).endswith(": draw declined, Black to move")
        bob.move(1, "DX to FV")
        run_on(w, 0)
        _say(bob, 1, "draw offer #1")
        run_on(w, 0)
        _say(ann, 1, "draw accept 1")
        run_on(w, 0)
        (rep,) = check_text(_record(w))
        assert (rep.winner, rep.how) == ("draw", "agreement")
        said = text_of(_game_mail(bob, 1))
        assert "accepts the draw: the game is drawn." in said
        assert "Winner tag" not in said and "draw agreed" not in said  # no record jargon
        assert str(_game_mail(bob, 1)["Subject"]).endswith(": draw accepted, game over")


def test_conditional_moves_answer_at_once_and_another_move_drops_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch) as w:
        ann, bob = _pair(w)
        _start(w, ann, bob)
        ann.move(1, "JR to IS")
        run_on(w, 0)
        _say(ann, 1, f"queue 1 {BATALO[1]}; {BATALO[2]}; {BATALO[3]}; {BATALO[4]}")
        run_on(w, 0)
        kept = text_of(ann.last("conditional moves"))
        assert "if DX to FV, then IS to HS" in kept and "if DW to FU, then HS to GT" in kept
        bob.move(1, "DX to FV")
        run_on(w, 0)
        (rep,) = check_text(_record(w))
        assert [p.text for p in rep.main] == BATALO[:3]  # Ann's reply played at once
        assert "ann's conditional move answers at once" in text_of(_game_mail(bob, 1))
        assert "It is your move" in text_of(_game_mail(bob, 1))
        bob.move(1, "2. DW to FU")
        run_on(w, 0)
        (rep,) = check_text(_record(w))
        assert [p.text for p in rep.main] == BATALO[:5]
        assert w.db().execute("SELECT count(*) FROM queues").fetchone()[0] == 0
        # a queue the opponent does not follow is dropped whole, and nothing is played for it
        _say(ann, 1, "queue 1 DV to CV IR to JR")
        run_on(w, 0)
        assert w.db().execute("SELECT count(*) FROM queues").fetchone()[0] == 1
        bob.move(1, "FU x GT")
        run_on(w, 0)
        (rep,) = check_text(_record(w))
        assert [p.text for p in rep.main] == [*BATALO[:5], "FU to GT"]
        assert w.db().execute("SELECT count(*) FROM queues").fetchone()[0] == 0


def test_a_queue_that_cannot_be_kept_is_refused_and_nothing_changes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch) as w:
        ann, bob = _pair(w)
        _start(w, ann, bob)
        ann.move(1, "JR to IS")
        run_on(w, 0)
        before = snapshot(w)
        _say(ann, 1, "queue 1 DX to FV")  # no reply
        run_on(w, 0)
        assert "has no reply" in text_of(ann.last("Refused"))
        _say(ann, 1, "queue 1 DX to FV JR to AA")
        run_on(w, 0)
        assert "your reply 1" in text_of(ann.last("Refused"))
        _say(bob, 1, "queue 1 IS to HS DX to FV")  # Bob is to move
        run_on(w, 0)
        assert "it is your turn" in text_of(bob.last("Refused"))
        assert snapshot(w) == before


def test_vacation_days_are_leave_on_the_next_move_and_the_allowance_holds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch) as w:
        ann, bob = _pair(w)
        _start(w, ann, bob)
        ann.move(1, "JR to IS")
        run_on(w, 0)
        before = snapshot(w)
        bob.write("vacation 46")
        run_on(w, 0)
        assert "allows 45 vacation days a year" in text_of(bob.last("Refused"))
        assert snapshot(w) == before
        bob.write("vacation 5")
        run_on(w, 0)
        assert "5 of them count in 2026, which leaves you 40 of its 45" in " ".join(
            text_of(bob.last("Vacation")).split())
        bob.move(1, "DX to FV")
        run_on(w, 8)
        assert "DX to FV {[%ccrcv 2026.11.02] [%ccsnt 2026.11.10] [%ccleave 5]}" in _record(w)
        bob.write("vacation 0")
        run_on(w, 8)
        assert "not on vacation" in text_of(bob.last("Refused"))


def test_a_reminder_once_per_turn_and_an_overstep_once_to_players_and_organiser(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch) as w:
        ann, bob = _pair(w)
        _start(w, ann, bob, tags="TimeControl=1/10")
        ann.move(1, "JR to IS")
        run_on(w, 0)
        assert run_on(w, 6).notices == 0
        report = run_on(w, 7)  # the club's reminder_days: 7
        assert report.notices == 1
        reminder = bob.last("your move")
        assert "has had the move for 7 days" in text_of(reminder)
        assert run_on(w, 8).notices == 0 and run_on(w, 9).notices == 0  # once a turn
        report = run_on(w, 11)  # 11 days > 10 a move
        assert report.notices == 3
        for to in ("ann@example.org", "bob@example.net", "orga@club.example.org"):
            got = [m for m in w.sent() if to in str(m["To"]) and "time overstepped"
                   in str(m["Subject"])]
            assert len(got) == 1, to
            assert "Black has used 11 days" in text_of(got[0])
        assert run_on(w, 12).notices == 0
        # the reminder carries Bob's key: answering it plays
        bob.reply(reminder, "Move: DX to FV")  # type: ignore[arg-type]
        run_on(w, 12)
        assert "DX to FV {[%ccrcv 2026.11.02] [%ccsnt 2026.11.14]}" in _record(w)


def test_games_history_and_standings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch) as w:
        ann, bob = _pair(w)
        _start(w, ann, bob)
        for k, move in enumerate(BATALO):
            (ann, bob)[k % 2].move(1, move)
            run_on(w, k)
        _start(w, bob, ann, day=12)
        ann.write("games")
        bob.write("games ann")
        ann.write("history 1")
        ann.write("standings batalo")
        ann.write("standings chess")
        bob.write("ratings Batalo")
        run_on(w, 12)
        mine = text_of(ann.last("Games of ann"))
        assert "1 running, 1 finished" in mine
        assert re.search(r"#2 Batalo: ann \(Black\) v bob \(White\); White to play 1", mine)
        assert "#1 Batalo: ann (White) v bob (Black); White won" in mine
        assert "1 running, 1 finished" in text_of(bob.last("Games of ann"))
        history = text_of(ann.last("Game 1: the record"))
        assert "6. EV to DW" in history and '[Winner "White"]' in history
        table = text_of(ann.last("Standings: Batalo")).splitlines()
        assert re.fullmatch(r"\s*1\s+ann\s+1\s+1\s+0\s+0\s+1\s+1", table[-2]), table
        assert re.fullmatch(r"\s*2\s+bob\s+1\s+0\s+0\s+1\s+0\s+1", table[-1]), table
        assert "no game called 'chess'" in text_of(ann.last("Refused"))
        ratings = text_of(bob.last("Ratings: Batalo"))
        rows = re.findall(r"^\s*(\d)\s+(ann|bob)\s+(\d+)\s+1\s+([+-]\d+)\s*$",
                          ratings.replace("\r", ""), re.M)
        assert [(k, who) for k, who, _, _ in rows] == [("1", "ann"), ("2", "bob")], ratings
        assert int(rows[0][2]) > int(rows[1][2]) and rows[0][3].startswith("+")
        # issue 34: the mail said "(pbmkit.ratings: FIDE's Elo ..., openskill ...)", a module's
        # and a library's names; players get words
        assert "pbmkit" not in ratings and "openskill" not in ratings, ratings
        assert "FIDE's Elo" in ratings


def test_the_new_tables_come_with_a_migration(tmp_path: Path) -> None:
    from pbmkit.referee.db import open_db

    db = open_db(tmp_path / "club.db")
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"queues", "vacations", "notices", "club_state"} <= tables
    assert isinstance(db, sqlite3.Connection)


def test_the_organiser_rules_a_forfeit_once_and_the_players_are_told(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from pbmkit.cli import cli

    with world(tmp_path, monkeypatch) as w:
        ann, bob = _pair(w)
        _start(w, ann, bob, tags="TimeControl=1/10")
        ann.move(1, "JR to IS")
        run_on(w, 0)
        before = snapshot(w)
        for args, why in (([str(w.root), "1", "purple"], "not a place of this game"),
                          ([str(w.root), "2", "black"], "there is no game 2"),
                          ([str(w.root), "1", "black", "--winner", "black"], "another place")):
            result = CliRunner().invoke(cli, ["referee", "forfeit", *args])
            assert result.exit_code == 1 and why in result.stderr, result.output
            assert len(result.stderr.strip().splitlines()) == 1
        assert snapshot(w) == before
        result = CliRunner().invoke(cli, ["referee", "forfeit", str(w.root), "1", "Black"])
        assert result.exit_code == 0, result.output
        assert "Black (bob) forfeits (time forfeit): White (ann) wins" in result.output
        record = _record(w)
        assert '[Winner "White"]' in record and '[Termination "time forfeit"]' in record
        (rep,) = check_text(record)
        assert rep.valid and rep.winner == "white"
        run_on(w, 11)
        for to in ("ann@example.org", "bob@example.net", "orga@club.example.org"):
            assert len([m for m in w.sent() if to in str(m["To"])
                        and "forfeit" in str(m["Subject"])]) == 1, to
        again = CliRunner().invoke(cli, ["referee", "forfeit", str(w.root), "1", "black"])
        assert again.exit_code == 1 and "over already" in again.stderr
        bob.move(1, "DX to FV")  # the game is over: no more moves
        run_on(w, 11)
        assert _record(w) == record


def test_the_club_site_from_the_club_folder(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from pbmkit.cli import cli

    with world(tmp_path, monkeypatch) as w:
        ann, bob = _pair(w)
        _start(w, ann, bob)
        for k, move in enumerate(BATALO):
            (ann, bob)[k % 2].move(1, move)
            run_on(w, k)
        _start(w, bob, ann, day=12)
        out = tmp_path / "site"
        result = CliRunner().invoke(cli, ["referee", "site", str(w.root), "-o", str(out)])
        assert result.exit_code == 0, result.output
        assert "1 running and 1 finished" in result.output
        index = (out / "index.html").read_text(encoding="utf-8")
        assert "White (bob) to play turn 1" in index and "White wins on the base" in index
        assert (out / "games" / "game-1.html").exists() and (out / "games" / "game-2.html").exists()
        standings = (out / "standings-batalo.html").read_text(encoding="utf-8")
        assert standings.index("<bdi>ann</bdi>") < standings.index("<bdi>bob</bdi>")
        ratings = standings[standings.index('id="ratings"'):]
        assert ratings.index("<bdi>ann</bdi>") < ratings.index("<bdi>bob</bdi>")
        assert "No rating list" not in standings
        bad = CliRunner().invoke(cli, ["referee", "site", str(tmp_path), "-o", str(out)])
        assert bad.exit_code == 2 and "not a club folder" in bad.stderr


def test_help_game_names_each_tags_values_and_a_challenge_written_as_it_says_is_taken(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``help GAME`` says what each tag a challenge may set takes (the game's TagChoice: Batu
    Khan's boards, Batrakill's layouts and orders, Billo's first side, the time controls), and a
    challenge written as its examples say is taken, for every game; a value it does not take is
    refused with the game's reason, and nothing changes."""
    from pbmkit.games import game_names, get_game

    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, bob = _pair(w)
        carol, dan, eve = (Player(w, n, f"{n}@example.com") for n in ("carol", "dan", "eve"))
        for p in (carol, dan, eve):
            p.join()
        for name in game_names():
            game = get_game(name)
            ann.write(f"help {game.title}")
            run_on(w, 0)
            text = text_of(ann.last(f"help {re.escape(game.title)}"))  # the game in the subject
            assert "TimeControl=10/50" in text and "TimeControl=3" in text
            flat = " ".join(text.split())
            for tag, choice in game.tag_choices.items():
                assert " ".join(choice.values.split()) in flat, (name, tag, text)
                for example in choice.examples:
                    word = f"{tag}={','.join(example.split())}"
                    assert word in flat, (name, word, text)
                    needs = " ".join(f"{k}={','.join(v.split())}" for k, v in choice.needs.items())
                    places = len(game.configure({**choice.needs, tag: example}).order)
                    opponents = " ".join(p.name for p in (bob, carol, dan, eve)[:places - 1])
                    ann.write(f"challenge {name} {opponents} {needs} {word} TimeControl=3")
                    run_on(w, 0)
                    answer = ann.last("[Cc]hallenge")
                    assert "sent" in text_of(answer), (name, word, text_of(answer))
        before = snapshot(w)
        for refused, why in (("challenge batukhan bob Board=12x12", "3 to 9"),
                             ("challenge batrakill bob Layout=secret.toml", "letters, digits"),
                             ("challenge batrakill bob Layout=../../etc/x", "letters, digits"),
                             ("challenge batalo bob TimeControl=10/0", "MOVES/DAYS"),
                             ("challenge batalo bob TimeControl=123456789012", "MOVES/DAYS")):
            ann.write(refused)
            run_on(w, 0)
            assert why in text_of(ann.last()), (refused, text_of(ann.last()))
            assert "layouts folder" not in text_of(ann.last())  # no path of the referee's machine
        assert snapshot(w) == before
        db = w.db()
        made = [json for (json,) in db.execute("SELECT tags FROM challenges ORDER BY number")]
        db.close()
        assert all('"TimeControl": "3"' in t for t in made), made
