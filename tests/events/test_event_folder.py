"""``pbmkit event new|result|withdraw`` and ``load_event`` (docs/events.md): the event folder, its
records as every other command reads them, results from the records and from the organiser,
withdrawals, and bad input refused with one line and nothing changed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from pbmkit.cli import cli
from pbmkit.events.folder import EventError, load_event, plan_event, read_players
from pbmkit.events.model import Player
from pbmkit.records import check_text

EXAMPLES = Path(__file__).parent.parent.parent / "examples" / "events"
BILLO_7 = EXAMPLES / "billo-7.csv"
BATRAKILL_4 = EXAMPLES / "batrakill-4.toml"


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(cli, [str(a) for a in args])


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.fixture
def billo(tmp_path: Path) -> Path:
    folder = tmp_path / "club-2026"
    got = run("event", "new", folder, "--rules", "billo", "--players", BILLO_7,
              "--tag", "Event=Club Billo 2026", "--tag", "TimeControl=10/30",
              "--tag", "Date=2026-12-01", "--organiser", "Iris Vale",
              "--organiser-email", "td@example.org", "--organiser-address", "1 Chapel Row; Bath")
    assert got.exit_code == 0, got.output
    return folder


@pytest.fixture
def zones(tmp_path: Path) -> Path:
    folder = tmp_path / "zones"
    got = run("event", "new", folder, "--rules", "batrakill", "--tag", "Layout=zones",
              "--players", BATRAKILL_4, "--tag", "Date=2026-12-01")
    assert got.exit_code == 0, got.output
    return folder


def records(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.suffix == ".txt")


def test_a_billo_event_of_seven_has_21_records_with_the_event_tags(billo: Path) -> None:
    files = records(billo)
    assert len(files) == 21
    event = load_event(billo)
    assert (event.name, event.rules, len(event.players), len(event.games)) == \
        ("Club Billo 2026", "Billo", 7, 21)
    assert event.organiser == Player("Iris Vale", "td@example.org", "1 Chapel Row\nBath")
    emails = {p.name: p.email for p in event.players}
    for game in event.games:
        [rep] = check_text((billo / game.file).read_text(encoding="utf-8"))
        assert rep.valid and rep.winner is None
        tags = rep.record.tags
        assert tags["Event"] == "Club Billo 2026" and tags["Game"] == "Billo"
        assert tags["Round"] == str(game.round) and tags["Number"] == str(game.number)
        assert tags["TimeControl"] == "10/30" and tags["Date"] == "2026-12-01"
        assert list(game.sides) == ["Yellow", "Orange"]
        for side, name in game.sides.items():
            assert tags[side] == name and tags[f"{side}Email"] == emails[name]
        assert game.outcome is None
    # seven rounds of three games, everyone playing six (one bye each), three or four as Yellow
    assert Counter(g.round for g in event.games) == {r: 3 for r in range(1, 8)}
    for p in event.players:
        mine = [g for g in event.games if p.name in g.sides.values()]
        yellow = sum(1 for g in mine if g.sides["Yellow"] == p.name)
        assert len(mine) == 6 and yellow == 3


def test_event_toml_reads_back_to_the_same_event(billo: Path) -> None:
    from pbmkit.events.folder import read_event_file, write_event_file

    event, results = read_event_file(billo)
    assert results == {}
    assert write_event_file(event) == (billo / "event.toml").read_text(encoding="utf-8")
    assert [p.address for p in event.players][:2] == ["12 High Street\nOxford OX1 4AA",
                                                      "3 Mill Lane\nLeeds LS2 9JT"]
    assert [p.rating for p in event.players][5] is None


def test_the_double_round_robin_pairs_everyone_twice_with_both_sides(tmp_path: Path) -> None:
    got = run("event", "new", tmp_path / "d", "--rules", "billo", "--players", BILLO_7, "--double")
    assert got.exit_code == 0, got.output
    event = load_event(tmp_path / "d")
    assert len(event.games) == 42 and event.double
    pairs = Counter(tuple(g.sides.values()) for g in event.games)
    assert all(pairs[(b, a)] == 1 for a, b in pairs)


def test_a_batrakill_zones_event_seats_one_table_and_rotates_the_dragon(zones: Path) -> None:
    event = load_event(zones)
    assert len(event.games) == 4 and {g.table for g in event.games} == {1}
    for g in event.games:
        assert list(g.sides) == ["Purple", "Blue", "Green", "Dragon"]
        [rep] = check_text((zones / g.file).read_text(encoding="utf-8"))
        assert rep.valid and rep.game is not None and len(rep.game.sides) == 4
        assert rep.record.tags["Layout"] == "zones"
        assert rep.record.tags["DragonEmail"].endswith("@example.org") or \
            rep.record.tags["DragonEmail"].endswith("@example.net") or \
            rep.record.tags["DragonEmail"].endswith("@example.com")
    names = [p.name for p in event.players]
    for side in ("Purple", "Blue", "Green", "Dragon"):
        assert sorted(g.sides[side] for g in event.games) == sorted(names)
    assert event.organiser is not None and event.organiser.address.count("\n") == 2


def test_seven_players_of_batrakill_zones_sit_at_tables_of_four_and_three(tmp_path: Path) -> None:
    got = run("event", "new", tmp_path / "z7", "--rules", "batrakill", "--tag", "Layout=zones",
              "--players", BILLO_7)
    assert got.exit_code == 0, got.output
    event = load_event(tmp_path / "z7")
    by_table = Counter(g.table for g in event.games)
    assert by_table == {1: 4, 2: 3}
    assert {len(g.sides) for g in event.games if g.table == 2} == {3}
    for t in (1, 2):
        dragons = [g.sides["Dragon"] for g in event.games if g.table == t]
        assert len(set(dragons)) == by_table[t]


def test_every_command_works_on_the_records(billo: Path, tmp_path: Path) -> None:
    game = load_event(billo).games[0]
    record = billo / game.file
    assert run("move", record, "R d1-c2", "--sent", "2026-12-02").exit_code == 0
    got = run("status", billo, "--me", game.sides["Orange"], "--today", "2026-12-05")
    assert got.exit_code == 0 and game.file in got.output and "(you) to play" in got.output
    got = run("mail", "compose", record, "-o", tmp_path / "m.eml")
    assert got.exit_code == 0, got.output
    mail = (tmp_path / "m.eml").read_text(encoding="utf-8")
    orange_email = {p.name: p.email for p in load_event(billo).players}[game.sides["Orange"]]
    assert orange_email in mail
    for command in (("chart", record, "-o", tmp_path / "c.pdf"),
                    ("mailer", record, "-o", tmp_path / "m.pdf"),
                    ("html", record, "-o", tmp_path / "g.html")):
        got = run(*command)
        assert got.exit_code == 0, got.output
    assert (tmp_path / "c.pdf").read_bytes().startswith(b"%PDF")
    assert (tmp_path / "m.pdf").read_bytes().startswith(b"%PDF")
    assert game.sides["Yellow"] in (tmp_path / "g.html").read_text(encoding="utf-8")
    assert run("check", *records(billo)).exit_code == 0


def test_the_records_give_the_results_resign_and_draw(billo: Path) -> None:
    games = load_event(billo).games
    assert run("resign", billo / games[0].file).exit_code == 0  # Yellow to move resigns
    assert run("move", billo / games[1].file, "R d1-c2").exit_code == 0
    assert run("draw", "offer", billo / games[1].file).exit_code == 0
    assert run("draw", "accept", billo / games[1].file).exit_code == 0
    g0, g1, g2 = load_event(billo).games[:3]
    assert g0.outcome is not None and g0.outcome.kind == "played"
    assert g0.outcome.winner_side == "Orange"
    assert g0.outcome.points == {g0.sides["Yellow"]: 0.0, g0.sides["Orange"]: 1.0}
    assert g1.outcome is not None and g1.outcome.winner_side is None
    assert g1.outcome.points == dict.fromkeys(g1.sides.values(), 0.5)
    assert g2.outcome is None


@pytest.mark.parametrize(("words", "kind", "winner", "points"), [
    (["1-0"], "played", "Yellow", (1.0, 0.0)),
    (["0-1"], "played", "Orange", (0.0, 1.0)),
    (["draw"], "played", None, (0.5, 0.5)),
    (["orange"], "played", "Orange", (0.0, 1.0)),
    (["forfeit", "Yellow"], "unplayed", "Orange", (0.0, 1.0)),  # no move made: unplayed
    (["forfeit", "yellow", "orange"], "unplayed", None, (0.0, 0.0)),
    (["forfeit", "time", "Yellow"], "time", "Orange", (0.0, 1.0)),
    (["forfeit", "unplayed", "Orange"], "unplayed", "Yellow", (1.0, 0.0)),
    (["adjudicated", "1-0"], "adjudicated", "Yellow", (1.0, 0.0)),
    (["adjudicated", "draw"], "adjudicated", None, (0.5, 0.5)),
])
def test_the_organisers_results(billo: Path, words: list[str], kind: str, winner: str | None,
                                points: tuple[float, float]) -> None:
    got = run("event", "result", billo, "5", *words)
    assert got.exit_code == 0, got.output
    game = load_event(billo).games[4]
    assert game.outcome is not None
    assert (game.outcome.kind, game.outcome.winner_side) == (kind, winner)
    assert (game.outcome.points[game.sides["Yellow"]],
            game.outcome.points[game.sides["Orange"]]) == points


def test_the_organisers_result_overrides_the_record_and_clear_gives_it_back(billo: Path) -> None:
    game = load_event(billo).games[0]
    assert run("resign", billo / game.file).exit_code == 0
    assert run("event", "result", billo, game.file, "adjudicated", "draw").exit_code == 0
    out = load_event(billo).games[0].outcome
    assert out is not None and out.kind == "adjudicated" and out.winner_side is None
    got = run("event", "result", billo, "1", "clear")
    assert got.exit_code == 0, got.output
    out = load_event(billo).games[0].outcome
    assert out is not None and out.kind == "played" and out.winner_side == "Orange"


def test_a_game_of_four_sides_a_winner_takes_the_point_a_draw_shares_it(zones: Path) -> None:
    assert run("event", "result", zones, "1", "Green").exit_code == 0
    assert run("event", "result", zones, "2", "draw").exit_code == 0
    assert run("event", "result", zones, "3", "forfeit", "Dragon").exit_code == 0
    g1, g2, g3, _ = load_event(zones).games
    assert g1.outcome is not None and g1.outcome.points[g1.sides["Green"]] == 1.0
    assert sum(g1.outcome.points.values()) == 1.0
    assert g2.outcome is not None and set(g2.outcome.points.values()) == {0.25}
    assert g3.outcome is not None and g3.outcome.points[g3.sides["Dragon"]] == 0.0
    assert g3.outcome.points[g3.sides["Purple"]] == pytest.approx(1 / 3)
    got = run("event", "result", zones, "4", "1-0")
    assert got.exit_code == 1 and "not a result of game 4" in got.output


def test_a_zones_record_won_by_a_faction_gives_that_player_the_point(zones: Path) -> None:
    game = load_event(zones).games[0]
    path = zones / game.file
    text = path.read_text(encoding="utf-8").replace('[Winner "*"]', '[Winner "Blue"]')
    path.write_text(text, encoding="utf-8")
    out = load_event(zones).games[0].outcome
    assert out is not None and out.winner_side == "Blue"
    assert out.points == {n: (1.0 if n == game.sides["Blue"] else 0.0) for n in game.sides.values()}


@pytest.mark.parametrize(("termination", "kind"), [("time forfeit", "unplayed"),
                                                    ("unplayed forfeit", "unplayed"),
                                                    ("forfeit", "unplayed"),
                                                    ("adjudication", "adjudicated"),
                                                    ("normal", "played")])
def test_a_records_termination_tag_says_a_forfeit_or_an_adjudication(billo: Path, termination: str,
                                                                    kind: str) -> None:
    """The referee's forfeit (pbmkit.desk.actions.forfeit) writes the Winner tag and the
    PGN Termination tag into the record: the event reads it as a forfeit; ruled before the first
    move (this record has none) it is an unplayed game whatever the tag says."""
    game = load_event(billo).games[3]
    path = billo / game.file
    text = path.read_text(encoding="utf-8").replace(
        '[Winner "*"]', f'[Winner "Orange"]\n[Termination "{termination}"]')
    path.write_text(text, encoding="utf-8")
    out = load_event(billo).games[3].outcome
    assert out is not None and (out.kind, out.winner_side) == (kind, "Orange")
    assert out.points[game.sides["Orange"]] == 1.0 and out.points[game.sides["Yellow"]] == 0.0


def _finish(folder: Path, numbers: list[int]) -> None:
    for n in numbers:
        assert run("event", "result", folder, str(n), "draw").exit_code == 0


def test_withdrawing_before_half_the_games_annuls_them_all(billo: Path) -> None:
    event = load_event(billo)
    ann = [g.number for g in event.games if "Ann Lee" in g.sides.values()]
    _finish(billo, ann[:2])  # 2 of 6 finished
    got = run("event", "withdraw", billo, "ann lee")
    assert got.exit_code == 0, got.output
    assert "annulled" in got.output
    event = load_event(billo)
    assert [p.withdrawn for p in event.players if p.name == "Ann Lee"] == [True]
    for g in event.games:
        if g.number in ann:
            assert g.outcome is not None and g.outcome.kind == "annulled" and g.outcome.points == {}
            assert g.outcome.note == "withdrawal of Ann Lee"
    got = run("event", "withdraw", billo, "Ann Lee")
    assert got.exit_code == 1 and "withdrawn already" in got.output


def test_withdrawing_after_half_the_games_forfeits_the_rest(billo: Path) -> None:
    event = load_event(billo)
    bob = [g for g in event.games if "Bob Roy" in g.sides.values()]
    _finish(billo, [g.number for g in bob[:3]])  # 3 of 6: half
    got = run("event", "withdraw", billo, "Bob Roy")
    assert got.exit_code == 0, got.output
    event = load_event(billo)
    for g in event.games:
        if "Bob Roy" not in g.sides.values():
            continue
        assert g.outcome is not None
        if g.number in [b.number for b in bob[:3]]:
            assert g.outcome.kind == "played" and g.outcome.winner_side is None
        else:
            assert g.outcome.kind == "unplayed" and g.outcome.points["Bob Roy"] == 0.0
            other = next(p for p in g.sides.values() if p != "Bob Roy")
            assert g.outcome.points[other] == 1.0


# --- bad input: one line, a non-zero exit, nothing changed ----------------------------------------


def _one_line_refusal(got: Result) -> str:
    assert got.exit_code != 0
    assert got.exception is None or isinstance(got.exception, SystemExit)
    lines = got.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error:"), got.output
    return lines[0]


@pytest.mark.parametrize(("text", "said"), [
    ("name,email\nAnn,ann@x.org\nBob,bob@x.org\nann,other@x.org\n", "'ann' has the name of 'Ann'"),
    ("name,email\nAnn,ann@x.org\nBob,bob@x.org\nCid,ANN@x.org\n", "'Cid' has the e-mail address of 'Ann'"),
    ("name,email\nAnn,ann@x.org\nBob,bob@x.org\n", "too few players: 2"),
    ("name,email\nAnn,ann@x.org\nBob,not-an-address\nCid,c@x.org\n", "not an address"),
    ("name,mail\nAnn,ann@x.org\n", "the first line names the columns"),
    ("name,email,rating\nAnn,a@x.org,strong\nBob,b@x.org,\nCid,c@x.org,\n", "not a whole number"),
])
def test_a_bad_players_file_is_refused_and_nothing_is_written(tmp_path: Path, text: str,
                                                              said: str) -> None:
    players = tmp_path / "p.csv"
    players.write_text(text, encoding="utf-8")
    got = run("event", "new", tmp_path / "ev", "--rules", "billo", "--players", players)
    assert said in _one_line_refusal(got)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.csv"]


def test_a_player_twice_in_a_toml_file_is_refused(tmp_path: Path) -> None:
    players = tmp_path / "p.toml"
    players.write_text('[[players]]\nname = "Ann"\nemail = "a@x.org"\n[[players]]\nname = "Bob"\n'
                       'email = "b@x.org"\n[[players]]\nname = "Ann"\nemail = "c@x.org"\n',
                       encoding="utf-8")
    got = run("event", "new", tmp_path / "ev", "--rules", "billo", "--players", players)
    assert "listed twice: 'Ann' has the name of 'Ann'" in _one_line_refusal(got)
    assert not (tmp_path / "ev").exists()


def test_a_players_file_that_is_a_fifo_or_a_device_is_refused_without_waiting(
        tmp_path: Path) -> None:
    """A FIFO with no writer hung `event new` (it waited for a writer) and /dev/zero would never
    end: both are refused before a byte is read (run as a process, so a hang fails the test)."""
    fifo = tmp_path / "players.csv"
    os.mkfifo(fifo)
    for players in (fifo, Path("/dev/zero")):
        got = subprocess.run([sys.executable, "-m", "pbmkit", "event", "new", str(tmp_path / "ev"),
                              "--rules", "billo", "--players", str(players)],
                             capture_output=True, text=True, timeout=60, check=False)
        assert got.returncode != 0 and got.stdout == ""
        assert got.stderr.strip().splitlines() == [
            f"Error: cannot read the players file {players}: not a regular file"]
        assert sorted(p.name for p in tmp_path.iterdir()) == ["players.csv"]


@pytest.mark.parametrize(("args", "said"), [
    (["--rules", "chess"], "chess"),
    (["--rules", "batrakill", "--tag", "Layout=zones", "--double"], "no double round robin"),
    (["--rules", "batrakill", "--tag", "Layout=hexes"], "Layout"),
    (["--rules", "billo", "--tag", "Round=3"], "Round: the event writes that tag itself"),
    (["--rules", "billo", "--tag", "YellowEmail=x@y.org"], "writes that tag itself"),
    (["--rules", "billo", "--tag", "Board=7x7"], "Board"),
    (["--rules", "billo", "--tag", "Date=next week"], "Date: 'next week' is not a date"),
    (["--rules", "billo", "--tag", "Date=2027-02-30"], "Date: '2027-02-30' is not a date"),
    (["--rules", "billo", "--tag", "TimeControl=fast"], "TimeControl: the TimeControl tag must"),
])
def test_a_bad_game_or_tag_is_refused_and_nothing_is_written(tmp_path: Path, args: list[str],
                                                             said: str) -> None:
    got = run("event", "new", tmp_path / "ev", "--players", BILLO_7, *args)
    assert said in _one_line_refusal(got)
    assert list(tmp_path.iterdir()) == []


def test_too_few_players_for_a_table_are_refused(tmp_path: Path) -> None:
    players = tmp_path / "p.csv"
    players.write_text("name,email\nAnn,a@x.org\nBob,b@x.org\n", encoding="utf-8")
    got = run("event", "new", tmp_path / "ev", "--rules", "batrakill", "--tag", "Layout=zones",
              "--players", players)
    assert "too few players" in _one_line_refusal(got)


def test_a_name_a_zones_tag_would_read_otherwise_is_refused(tmp_path: Path) -> None:
    players = tmp_path / "p.csv"
    players.write_text('name,email\n"Lee, Jo",a@x.org\nBob,b@x.org\nCid,c@x.org\n', encoding="utf-8")
    got = run("event", "new", tmp_path / "ev", "--rules", "batrakill", "--tag", "Layout=zones",
              "--players", players)
    _one_line_refusal(got)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.csv"]


def test_an_existing_folder_with_files_is_not_touched(billo: Path) -> None:
    before = snapshot(billo)
    got = run("event", "new", billo, "--rules", "billo", "--players", BILLO_7)
    assert "exists already" in _one_line_refusal(got)
    assert snapshot(billo) == before


@pytest.mark.parametrize("args", [
    ["result", "99", "draw"],
    ["result", "no-such-file.txt", "draw"],
    ["result", "3", "purple"],
    ["result", "3", "forfeit"],
    ["result", "3", "forfeit", "Green"],
    ["result", "3", "adjudicated"],
    ["result", "3", "clear"],
    ["withdraw", "Nobody Here"],
])
def test_a_bad_result_or_withdrawal_changes_nothing(billo: Path, args: list[str]) -> None:
    before = snapshot(billo)
    _one_line_refusal(run("event", args[0], billo, *args[1:]))
    assert snapshot(billo) == before


def test_a_record_edited_into_another_event_is_refused_and_nothing_changes(billo: Path) -> None:
    game = load_event(billo).games[2]
    path = billo / game.file
    path.write_text(path.read_text(encoding="utf-8").replace(
        '[Event "Club Billo 2026"]', '[Event "Autumn Open"]'), encoding="utf-8")
    before = snapshot(billo)
    with pytest.raises(EventError, match="Event tag says 'Autumn Open'"):
        load_event(billo)
    line = _one_line_refusal(run("event", "result", billo, "1", "draw"))
    assert "Autumn Open" in line
    assert snapshot(billo) == before
    _one_line_refusal(run("event", "withdraw", billo, "Ann Lee"))
    assert snapshot(billo) == before


def test_a_missing_record_or_a_folder_that_is_no_event_is_refused(billo: Path, tmp_path: Path) -> None:
    game = load_event(billo).games[0]
    (billo / game.file).unlink()
    with pytest.raises(EventError, match="missing"):
        load_event(billo)
    assert "not an event folder" in _one_line_refusal(run("event", "result", tmp_path, "1", "draw"))


def test_plan_event_reads_players_from_both_kinds_of_file(tmp_path: Path) -> None:
    players, organiser = read_players(BATRAKILL_4)
    assert [p.name for p in players] == ["Ann", "Bob", "Cid", "Dee"]
    assert organiser is not None and organiser.email == "td@example.org"
    csv_players, none = read_players(BILLO_7)
    assert len(csv_players) == 7 and none is None
    plan = plan_event("x", "Billo", csv_players, date="2026-12-01")
    assert len(plan.records) == 21 and all(t.endswith('[Winner "*"]\n') for t in plan.records.values())


def test_the_example_events_need_no_network_or_extra_files(tmp_path: Path) -> None:
    shutil.copy(BILLO_7, tmp_path / "p.csv")
    got = run("event", "new", tmp_path / "e", "--rules", "Billo", "--players", tmp_path / "p.csv")
    assert got.exit_code == 0, got.output
    assert "21 games in 7 rounds" in got.output


def test_an_empty_folder_is_filled(tmp_path: Path) -> None:
    folder = tmp_path / "empty"
    folder.mkdir()
    got = run("event", "new", folder, "--rules", "billo", "--players", BILLO_7)
    assert got.exit_code == 0, got.output
    assert len(records(folder)) == 21 and load_event(folder).name == "Billo round robin (7 players)"
    assert [p.name for p in tmp_path.iterdir()] == ["empty"]  # no temporary folder left


def test_the_organisers_result_is_written_into_a_running_record_and_clear_takes_it_back(
        billo: Path) -> None:
    """The record then says how the game ended (Winner and the PGN Termination tag that pbmkit
    ratings reads): move refuses more moves; clear puts the record back byte for byte."""
    game = load_event(billo).games[4]
    path = billo / game.file
    original = path.read_bytes()
    assert run("event", "result", billo, "5", "adjudicated", "1-0").exit_code == 0
    [rep] = check_text(path.read_text(encoding="utf-8"))
    assert rep.valid and rep.winner == "yellow"
    assert rep.record.tags["Winner"] == "Yellow" and rep.record.tags["Termination"] == "adjudication"
    assert "game is over" in run("move", path, "R d1-c2").output
    assert run("event", "result", billo, "5", "forfeit", "Yellow").exit_code == 0  # replaced
    tags = check_text(path.read_text(encoding="utf-8"))[0].record.tags
    assert (tags["Winner"], tags["Termination"]) == ("Orange", "unplayed forfeit")
    assert run("event", "result", billo, "5", "clear").exit_code == 0
    assert path.read_bytes() == original
    assert load_event(billo).games[4].outcome is None


def test_a_record_finished_by_the_players_keeps_its_winner(billo: Path) -> None:
    game = load_event(billo).games[0]
    path = billo / game.file
    assert run("resign", path).exit_code == 0
    resigned = path.read_bytes()
    assert run("event", "result", billo, "1", "adjudicated", "draw").exit_code == 0
    assert path.read_bytes() == resigned  # Winner would contradict the resignation: event.toml only
    assert run("event", "result", billo, "1", "annulled").exit_code == 0
    assert check_text(path.read_text(encoding="utf-8"))[0].record.tags["Termination"] == "annulled"


def test_a_withdrawal_writes_the_forfeits_and_annulments_into_the_records(billo: Path) -> None:
    event = load_event(billo)
    ann = [g for g in event.games if "Ann Lee" in g.sides.values()]
    assert run("event", "withdraw", billo, "Ann Lee").exit_code == 0  # no game finished: annulled
    for g in ann:
        tags = check_text((billo / g.file).read_text(encoding="utf-8"))[0].record.tags
        assert tags["Termination"] == "annulled" and tags["Winner"] == "*"
    bob = [g for g in event.games if "Bob Roy" in g.sides.values() and "Ann Lee" not in g.sides.values()]
    _finish(billo, [g.number for g in bob[:3]])
    assert run("event", "withdraw", billo, "Bob Roy").exit_code == 0
    for g in bob[3:]:
        [rep] = check_text((billo / g.file).read_text(encoding="utf-8"))
        other = next(t for t, p in g.sides.items() if p != "Bob Roy")
        assert rep.valid and rep.record.tags["Winner"] == other
        assert rep.record.tags["Termination"] == "unplayed forfeit"


def test_a_forfeit_at_a_table_of_four_leaves_the_winner_to_event_toml(zones: Path) -> None:
    game = load_event(zones).games[1]
    assert run("event", "result", zones, "2", "forfeit", "Dragon").exit_code == 0
    [rep] = check_text((zones / game.file).read_text(encoding="utf-8"))
    assert rep.valid and rep.record.tags["Winner"] == "*"
    assert rep.record.tags["Termination"] == "unplayed forfeit"


def test_a_record_annulled_by_its_termination_tag_counts_for_no_one(billo: Path) -> None:
    game = load_event(billo).games[6]
    path = billo / game.file
    path.write_text(path.read_text(encoding="utf-8").replace(
        '[Winner "*"]', '[Winner "*"]\n[Termination "annulled"]'), encoding="utf-8")
    out = load_event(billo).games[6].outcome
    assert out is not None and out.kind == "annulled" and out.points == {}
