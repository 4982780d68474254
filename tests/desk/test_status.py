"""`pbmkit status` on the desk examples: four simultaneous games (docs/desk.md, issue 14)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbmkit.cli import cli

DESK = Path(__file__).resolve().parents[2] / "examples" / "desk"


def run(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), env=env, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def rows(*args: str, env: dict[str, str] | None = None) -> list[dict[str, object]]:
    code, out, err = run("status", "--json", "--today", "2026-11-23", *args, env=env)
    assert code == 0, err
    data: list[dict[str, object]] = json.loads(out)
    return data


def test_games_waiting_for_me_come_first_most_urgent_first() -> None:
    """Issue 14: one line per game, sorted with games waiting for you first."""
    data = rows(str(DESK), "--me", "Ann Lee")
    assert [(r["number"], r["yours"]) for r in data] == [("1", True), ("3", True), ("4", True),
                                                         ("2", False)]
    assert [r["days_left"] for r in data[:3]] == [25, 36, 44]


def test_a_row_carries_opponent_turn_last_move_days_and_flags() -> None:
    data = {r["number"]: r for r in rows(str(DESK), "--me", "ann lee")}
    one = data["1"]
    assert (one["opponent"], one["to_move"], one["turn"], one["me"]) == ("Bob Kay", "white", "9", "white")
    assert (one["last_move"], one["last_side"], one["last_sent"]) == ("8. DW to BW", "black", "2026-11-18")
    assert one["days_used"] == {"white": 25, "black": 21} and one["time_control"] == "10/50"
    assert not one["overdue"] and not one["repeat"]
    two = data["2"]
    assert (two["name"], two["to_move"], two["repeat"], two["waiting_days"]) == ("Billo", "yellow", True, 15)
    three = data["3"]
    assert three["overstepped"] == [{"side": "black", "turn": "4"}]
    assert data["4"]["days_used"] == {"white": 2, "black": 6}


def test_overdue_when_the_side_to_move_has_no_days_left() -> None:
    _, out, _ = run("status", "--json", "--today", "2027-01-10", str(DESK / "4-eve-ann.txt"))
    (row,) = json.loads(out)
    assert row["overdue"] and row["days_left"] == -4


def test_the_text_table_marks_my_games_and_the_flags() -> None:
    code, out, _ = run("status", str(DESK), "--me", "Ann Lee", "--today", "2026-11-23")
    lines = out.splitlines()
    assert code == 0 and lines[0].split()[:3] == ["FILE", "GAME", "NO"]
    assert [ln[0] for ln in lines[1:]] == [">", ">", ">", " "]
    assert "Black overstepped at 4" in lines[2]
    assert lines[4].rstrip().endswith("send a repeat (15 days)")
    assert "White (you) to play 9" in lines[1]


def test_my_name_comes_from_the_config_file(tmp_path: Path) -> None:
    """`--me NAME` or a config file in the user's config folder (TOML, read with tomllib)."""
    (tmp_path / "pbmkit").mkdir()
    (tmp_path / "pbmkit" / "config.toml").write_text('me = ["A. Lee", "Ann Lee"]\n', encoding="utf-8")
    data = rows(str(DESK), env={"XDG_CONFIG_HOME": str(tmp_path)})
    assert sum(bool(r["yours"]) for r in data) == 3
    (tmp_path / "pbmkit" / "config.toml").write_text("me = 3\n", encoding="utf-8")
    code, _, err = run("status", str(DESK), env={"XDG_CONFIG_HOME": str(tmp_path)})
    assert code == 2 and "me must be a name or a list of names" in err


def test_status_reads_the_current_folder_by_default_and_skips_other_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for f in DESK.glob("*.txt"):
        shutil.copy(f, tmp_path / f.name)
    (tmp_path / "notes.pdf").write_bytes(b"%PDF-1.4 not a record")
    (tmp_path / ".hidden.txt").write_text("garbage", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert len(rows()) == 4


def test_finished_games_come_last_and_unreadable_files_are_reported(tmp_path: Path) -> None:
    shutil.copy(DESK / "4-eve-ann.txt", tmp_path / "a.txt")
    assert run("resign", str(tmp_path / "a.txt"))[0] == 0
    shutil.copy(DESK / "1-ann-bob.txt", tmp_path / "b.txt")
    (tmp_path / "c.txt").write_bytes(b"\xff\xfe bad")
    code, out, err = run("status", "--json", "--today", "2026-11-23", str(tmp_path))
    assert code == 1 and "not UTF-8" in err
    data = json.loads(out)
    assert [(r["file"].endswith("b.txt"), r["to_move"], r["winner"]) for r in data] == [
        (True, "white", None), (False, None, "white")]


def test_a_missing_path_and_a_bad_date_are_usage_errors() -> None:
    assert run("status", "no/such/folder")[0] == 2
    code, _, err = run("status", str(DESK), "--today", "soon")
    assert code == 2 and "'soon' is not a date" in err


def test_the_status_table_in_the_readme_and_docs_is_what_the_command_prints() -> None:
    """The worked example (README, docs/desk.md) is the real output on examples/desk."""
    _, out, _ = run("status", str(DESK), "--me", "Ann Lee", "--today", "2026-11-23")
    root = DESK.parents[1]
    for doc in ("README.md", "docs/desk.md"):
        assert out.rstrip("\n") in (root / doc).read_text(encoding="utf-8"), doc


def test_the_readme_move_example_appends_what_it_says(tmp_path: Path) -> None:
    path = tmp_path / "1-ann-bob.txt"
    shutil.copy(DESK / "1-ann-bob.txt", path)
    code, _, _ = run("move", str(path), "IQ to IR", "--received", "2026-11-20", "--sent", "2026-11-21")
    assert code == 0
    assert path.read_text(encoding="utf-8").endswith(
        "\n9. IQ to IR {[%ccrcv 2026.11.20] [%ccsnt 2026.11.21]}\n")


def test_without_me_a_long_wait_is_only_reported_not_called_a_repeat() -> None:
    data = {r["number"]: r for r in rows(str(DESK))}
    assert not any(r["repeat"] for r in data.values())
    _, out, _ = run("status", str(DESK), "--today", "2026-11-23")
    line = next(ln for ln in out.splitlines() if "2-carla-ann" in ln)
    assert line.rstrip().endswith("no answer for 15 days") and "send a repeat" not in out


def test_a_record_with_errors_or_an_unknown_game_is_listed_and_flagged(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text('[Game "Batalo"]\n[White "Ann"]\n\n1. IR to HS @@\n', encoding="utf-8")
    (tmp_path / "b.txt").write_text('[Game "Chess"]\n[White "Ann"]\n\n1. e4\n', encoding="utf-8")
    data = rows(str(tmp_path))
    assert [bool(r["problems"]) for r in data] == [True, True]
    assert "unknown game 'Chess'" in data[1]["problems"][0]
    _, out, _ = run("status", str(tmp_path), "--today", "2026-11-23")
    assert out.count("ERRORS (pbmkit check)") == 2


def test_long_names_are_cut_in_the_table_but_whole_in_json(tmp_path: Path) -> None:
    name = "Ann " + "x" * 5000
    (tmp_path / "a.txt").write_text(f'[Game "Batalo"]\n[White "{name}"]\n[Black "Bob"]\n',
                                    encoding="utf-8")
    _, out, _ = run("status", str(tmp_path), "--today", "2026-11-23")
    assert max(len(line) for line in out.splitlines()) < 300
    assert rows(str(tmp_path))[0]["players"]["white"] == name


def test_a_record_above_the_cap_is_one_line_and_skipped_the_others_listed(tmp_path: Path) -> None:
    """Issue 22: status read a 12 MB record whole (13 s, 1.4 GB). A file above the cap is read no
    further than the cap, skipped with one line, and the run ends with status 1."""
    from pbmkit.cli.status import MAX_BYTES

    shutil.copy(DESK / "1-ann-bob.txt", tmp_path / "1-ann-bob.txt")
    record = (DESK / "4-eve-ann.txt").read_text(encoding="utf-8")
    big = record + "{" + "a long comment " * (MAX_BYTES // 15) + "}\n"
    assert MAX_BYTES < len(big.encode()) < 2 * MAX_BYTES < 20_000_000  # the cap is a few games' KB
    (tmp_path / "9-big.txt").write_text(big, encoding="utf-8")
    code, out, err = run("status", "--json", "--today", "2026-11-23", str(tmp_path))
    assert code == 1
    assert [r["number"] for r in json.loads(out)] == ["1"]
    assert err.count("\n") == 1 and "9-big.txt: larger than 1,000,000 bytes: skipped" in err
    piped = CliRunner().invoke(cli, ["status", "-"], input=big)  # standard input: the same cap
    assert piped.exit_code == 1 and "<stdin>: larger than 1,000,000 bytes" in piped.stderr


def test_an_archive_is_read_a_game_at_a_time_with_the_rows_of_a_whole_read(tmp_path: Path) -> None:
    """Issue 22: status reads an archive a chunk of games at a time, as check does; the rows are
    those of reading each game on its own (its number in the file, its problems)."""
    texts = [p.read_text(encoding="utf-8") for p in sorted(DESK.glob("*.txt"))]
    archive = "\n".join(texts * 40)  # > 64 KiB: read in chunks
    assert len(archive) > 1 << 16
    (tmp_path / "all.txt").write_text(archive, encoding="utf-8")
    data = rows(str(tmp_path / "all.txt"), "--me", "Ann Lee")
    assert sorted(r["game"] for r in data) == list(range(1, 4 * 40 + 1))
    single = {r["number"]: r for r in rows(str(DESK), "--me", "Ann Lee")}
    for row in data:
        alone = single[row["number"]]
        assert {k: v for k, v in row.items() if k not in ("file", "game")} == \
            {k: v for k, v in alone.items() if k not in ("file", "game")}


ZONES = Path(__file__).resolve().parents[2] / "examples" / "batrakill-03-four-players.txt"


def test_a_zones_game_shows_its_factions_in_the_record_s_order(tmp_path: Path) -> None:
    """Issue 22 (found by the desk work): status read a zones game with the duel's sides, so it
    named the Dragon to play and the last move the Knights'. The record's tags choose the sides:
    after Purple's 2. h2-g2 it is Blue's turn (Order "Purple Blue Dragon Yellow")."""
    head = [line for line in ZONES.read_text(encoding="utf-8").splitlines()
            if line.startswith("[") and not line.startswith("[Winner")]
    record = tmp_path / "zones.txt"
    record.write_text("\n".join(head) + "\n\n1. g2-h2 d8-e8 D@d5 i5-i4\n2. h2-g2\n", encoding="utf-8")
    (row,) = rows(str(record), "--me", "Bob, N")
    assert (row["to_move"], row["turn"], row["me"], row["yours"]) == ("blue", "2", "blue", True)
    assert (row["last_move"], row["last_side"]) == ("2. h2-g2", "purple")
    assert row["players"] == {"purple": "Ann, S", "blue": "Bob, N", "dragon": "Dee", "yellow": "Cid, E"}
    assert row["opponent"] == "Ann, S, Dee, Cid, E"


HEAD = '[Game "Batalo"]\n[Number "{n}"]\n[White "Ann Lee"]\n[Black "Bob Kay"]\n[Winner "*"]\n\n'


def test_an_illegal_record_is_checked_and_flagged_in_the_table_and_in_json(
        tmp_path: Path) -> None:
    """Issue 34: `status` showed an illegal record as "Black to play 2" with no flag. Every game
    is replayed as `check` replays it: an illegal move flags ERRORS, names the reason in
    `problems`, and `valid` is false; a legal record is not flagged."""
    (tmp_path / "bad.txt").write_text(HEAD.format(n=1) + "1. IR to HS DX to FV\n2. IR to IQ\n",
                                      encoding="utf-8")
    (tmp_path / "good.txt").write_text(HEAD.format(n=2) + "1. IR to HS DX to FV\n",
                                       encoding="utf-8")
    data = {r["number"]: r for r in rows(str(tmp_path))}
    assert data["1"]["problems"] == ["there is no piece on IR"] and data["1"]["valid"] is False
    assert data["2"]["problems"] == [] and data["2"]["valid"] is True
    code, out, _ = run("status", str(tmp_path), "--today", "2026-11-23")
    assert code == 0
    lines = {line.split()[0]: line for line in out.splitlines()[1:] if line.strip()}
    assert lines["bad.txt"].endswith("ERRORS (pbmkit check)")
    assert "ERRORS" not in lines["good.txt"]


def test_a_game_won_on_the_board_without_a_winner_tag_is_over(tmp_path: Path) -> None:
    """The replay also knows a board win the Winner tag does not say (a record kept by hand):
    examples/01-short-base-win.txt without its Winner tag."""
    moves = ("1. JR to IS DX to FV\n2. IS to HS DW to FU\n3. HS to GT FU x GT\n"
             "4. IR to JR GT to GQ\n5. JQ x EV DV to CV\n6. EV to DW\n")
    (tmp_path / "won.txt").write_text(HEAD.format(n=3).replace('[Winner "*"]\n', "") + moves,
                                      encoding="utf-8")
    (row,) = rows(str(tmp_path))
    assert row["to_move"] is None and row["winner"] == "white" and row["valid"] is True
    assert row["ended"] == "White wins"


def test_games_in_two_folders_under_one_file_name_are_told_apart(tmp_path: Path) -> None:
    """A desk kept as a folder per opponent holds files of the same name: the table names each
    file by its path from the folder they share (the bare name when they share one folder), and
    a path longer than the column keeps its end, where the name is."""
    for folder in ("bob", "cy"):
        (tmp_path / folder).mkdir()
        shutil.copy(DESK / "1-ann-bob.txt", tmp_path / folder / "game.txt")
    deep = tmp_path / "cy" / ("a-folder-with-a-very-long-name-" * 2)
    deep.mkdir()
    shutil.copy(DESK / "4-eve-ann.txt", deep / "eve.txt")
    code, out, _ = run("status", str(tmp_path), "--me", "Ann Lee", "--today", "2026-11-23")
    files = [line.split()[1] for line in out.splitlines()[1:] if line.startswith(">")]
    long_path = f"cy/{deep.name}/eve.txt"
    assert code == 0 and sorted(files) == ["bob/game.txt", "cy/game.txt", "…" + long_path[-31:]]
    code, out, _ = run("status", str(tmp_path / "bob"), "--me", "Ann Lee", "--today", "2026-11-23")
    assert code == 0 and out.splitlines()[1].split()[1] == "game.txt"
