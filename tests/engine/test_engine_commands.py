"""The engine's commands on every game's example records (docs/engine.md): ``hint``, ``move
--robot``, ``play`` from standard input, ``analyse`` (a copy ``check`` reads as valid, the original
untouched) and ``analyse --adjudicate``; bad input is one line and a non-zero exit."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from pbmkit.cli import cli
from pbmkit.games import game_names, get_game
from pbmkit.records import check_text, moves_text
from pbmkit.records.writer import new_record_text

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
WON_ON_THE_BOARD = sorted(
    p for p in EXAMPLES.glob("*.txt")
    if (reps := check_text(p.read_text(encoding="utf-8"), p.name)) and len(reps) == 1
    and reps[0].winner not in (None, "draw") and reps[0].how not in ("concession", "agreement"))
"""Every example that one side won on the board (its last move wins)."""


def _run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=stdin, catch_exceptions=False)


def _game_name(path: Path) -> str:
    (rep,) = check_text(path.read_text(encoding="utf-8"), path.name)
    assert rep.game is not None
    return rep.game.name


def test_every_game_has_an_example_won_on_the_board() -> None:
    assert {_game_name(p) for p in WON_ON_THE_BOARD} == set(game_names())


@pytest.mark.parametrize("example", WON_ON_THE_BOARD, ids=lambda p: p.stem)
def test_with_the_winning_move_taken_back_hint_and_the_robot_find_a_win_in_one(
        example: Path, tmp_path: Path) -> None:
    path = tmp_path / example.name
    shutil.copyfile(example, path)
    (won,) = check_text(example.read_text(encoding="utf-8"), example.name)
    assert _run("undo", str(path)).exit_code == 0
    got = _run("hint", str(path), "--playouts", "20", "--json")
    assert got.exit_code == 0, got.output
    answer = json.loads(got.output)
    assert (answer["proven"], answer["moves_to_end"], answer["chance"]) == ("win", 1, 1.0)
    assert answer["side"] == won.main[-1].side
    assert answer["verdict"].endswith("in 1 (proven)")
    text = _run("hint", str(path), "--playouts", "20").output
    assert "in 1 (proven)" in text and answer["move"] in text
    robot = _run("move", str(path), "--robot", "--playouts", "20")
    assert robot.exit_code == 0, robot.output
    assert f"The engine plays {answer['move']}" in robot.output
    (after,) = check_text(path.read_text(encoding="utf-8"), path.name)
    assert after.valid and after.winner == won.winner and len(after.main) == len(won.main)
    assert _run("check", str(path)).exit_code == 0


def _unfinished(name: str, plies: int = 6) -> str:
    """A record of ``name`` still going: the first ``plies`` moves the engine plays against itself."""
    from pbmkit.engine import Limits, Settings, search

    game = get_game(name)
    position, played = game.initial_position(), []
    for k in range(plies):
        got = search(game, position, Limits(seconds=None, playouts=3), seed=k,
                     settings=Settings(playout_plies=20))
        played.append(got.move)
        position = game.apply(position, got.move)
        assert game.outcome(position) is None
    players = {side: f"Player {k + 1}" for k, side in enumerate(game.sides)}
    return new_record_text(name, players, date="2026-11-28") + "\n" + moves_text(game, played)


@pytest.mark.parametrize("name", game_names())
def test_move_robot_appends_what_typing_the_hint_appends(name: str, tmp_path: Path) -> None:
    text = _unfinished(name)
    robot, typed = tmp_path / "robot.txt", tmp_path / "typed.txt"
    robot.write_text(text, encoding="utf-8")
    typed.write_text(text, encoding="utf-8")
    answer = json.loads(_run("hint", str(typed), "--playouts", "30", "--seed", "2", "--json").output)
    again = json.loads(_run("hint", str(typed), "--playouts", "30", "--seed", "2", "--json").output)
    answer.pop("seconds"), again.pop("seconds")
    assert answer == again, "the same seed and playouts: the same hint"
    assert _run("move", str(robot), "--robot", "--playouts", "30", "--seed", "2").exit_code == 0
    assert _run("move", str(typed), answer["move"]).exit_code == 0
    assert robot.read_bytes() == typed.read_bytes()
    (rep,) = check_text(robot.read_text(encoding="utf-8"), "robot.txt")
    assert rep.valid and len(rep.main) == 7


@pytest.mark.parametrize("name", game_names())
def test_play_reads_moves_from_standard_input_and_keeps_the_record(name: str, tmp_path: Path) -> None:
    game = get_game(name)
    start = game.initial_position()
    mine = game.notation.format(game.legal_moves(start)[0], start)
    out = tmp_path / "practice.txt"
    got = _run("play", "--rules", name, "--playouts", "10", "-o", str(out),
               stdin=f"not a move at all\nhint\n{mine}\nquit\n")
    assert got.exit_code == 0, got.output
    assert "Hint: " in got.output and "(engine): " in got.output
    (rep,) = check_text(out.read_text(encoding="utf-8"), "practice.txt")
    assert rep.valid and len(rep.main) == 2 and rep.main[0].text == mine
    assert rep.record.tags[game.side_tags[0]] == "You"


def test_play_stops_at_the_end_of_the_input_and_announces_the_end_of_a_game(tmp_path: Path) -> None:
    got = _run("play", "--rules", "hex", "--side", "blue", "--playouts", "5", stdin="")
    assert got.exit_code == 0 and "end of input" in got.output
    assert "1. Red (engine): " in got.output
    # Blue lays a7..a1 down file a; Red, left to itself, joins its edges sooner or later
    moves = "\n".join(f"a{r}" for r in range(7, 0, -1)) + "\n" + "\n".join(
        f"{f}{r}" for f in "bcdefg" for r in range(1, 8))
    got = _run("play", "--rules", "hex", "--side", "blue", "--playouts", "5", stdin=moves + "\n")
    assert "Game over: " in got.output


def _prefix(example: Path, turns: int = 8) -> str:
    """The example's tags and its first ``turns`` numbered turns (the whole game if shorter)."""
    (rep,) = check_text(example.read_text(encoding="utf-8"), example.name)
    assert rep.game is not None
    plies = [p for p in rep.main if int(p.label.split(":")[-1]) <= turns and ":" not in p.label]
    if len(plies) == len(rep.main):
        return example.read_text(encoding="utf-8")
    tags = {k: v for k, v in rep.record.tags.items() if k != "Winner"}
    head = "".join(f'[{k} "{v}"]\n' for k, v in tags.items()) + '[Winner "*"]\n\n'
    return head + moves_text(rep.game, [p.move for p in plies], rep.start)


@pytest.mark.parametrize("example", sorted(EXAMPLES.glob("*.txt")), ids=lambda p: p.stem)
def test_analyse_writes_a_valid_annotated_copy_and_leaves_the_record(example: Path,
                                                                    tmp_path: Path) -> None:
    reps = check_text(example.read_text(encoding="utf-8"), example.name)
    if len(reps) != 1:
        got = _run("analyse", str(example), "--playouts", "2")
        assert got.exit_code == 2 and "holds 4 games" in got.output
        return
    path = tmp_path / example.name
    path.write_text(_prefix(example), encoding="utf-8")
    before = path.read_bytes()
    out = tmp_path / "analysed.txt"
    got = _run("analyse", str(path), "--playouts", "4", "-o", str(out))
    assert got.exit_code == 0, got.output
    assert path.read_bytes() == before
    assert _run("check", str(out)).exit_code == 0
    (old,), (new,) = check_text(before.decode("utf-8"), "a"), check_text(out.read_text("utf-8"), "b")
    assert [p.text for p in new.main] == [p.text for p in old.main]
    assert out.read_text(encoding="utf-8").count("[%eval ") == len(old.main)
    assert "Wrote " in got.output and "blunder(s)" in got.output


def _won_then_missed(tmp_path: Path) -> tuple[Path, Any, str]:
    """A Hex record where Red had a win in one and played elsewhere: the file, the missed move's
    ply index and a winning move's text."""
    import random

    game = get_game("hex")
    rng = random.Random(5)
    while True:
        position, played = game.initial_position(), []
        while game.outcome(position) is None:
            moves = game.legal_moves(position)
            wins = [m for m in moves if game.outcome(game.apply(position, m)) is not None]
            # a miss after which Blue wins at once
            lost = [m for m in moves if m not in wins and any(
                game.outcome(game.apply(game.apply(position, m), r)) is not None
                for r in game.legal_moves(game.apply(position, m)))]
            if wins and lost and game.side_to_move(position) == "red":
                miss = lost[0]
                text = game.notation.format(wins[0], position)
                played.append(miss)
                players = {"red": "Ann", "blue": "Bob"}
                path = tmp_path / "missed.txt"
                path.write_text(new_record_text("hex", players) + "\n" + moves_text(game, played),
                                encoding="utf-8")
                return path, len(played) - 1, text
            move = moves[rng.randrange(len(moves))]
            played.append(move)
            position = game.apply(position, move)


def test_analyse_marks_a_missed_win_as_a_blunder_with_the_better_move(tmp_path: Path) -> None:
    path, index, _ = _won_then_missed(tmp_path)
    got = _run("analyse", str(path), "--playouts", "300")
    assert got.exit_code == 0
    (rep,) = check_text(got.stdout, "copy")
    missed = rep.main[index]
    written = next(m for t in rep.record.main for m in t.moves
                   if (m.line, m.column) == (missed.line, missed.column))
    note = " ".join(c.text for c in written.comments)
    assert "?? gives up a proven win" in note and "better " in note
    assert f"{missed.label}. Red {missed.text}??" in got.stderr


def test_adjudicate_gives_the_verdict_and_its_evidence_and_writes_nothing(tmp_path: Path) -> None:
    path, _, _ = _won_then_missed(tmp_path)
    before = path.read_bytes()
    got = _run("analyse", str(path), "--adjudicate", "--playouts", "500")
    assert got.exit_code == 0, got.output
    assert "The engine's verdict" in got.output and "Evidence:" in got.output
    assert "Blue wins in 1 (proven)" in got.output  # Red's miss left Blue a win in one
    assert "playouts" in got.output and "Nothing was applied" in got.output
    assert path.read_bytes() == before


@pytest.mark.parametrize(("args", "code", "says"), [
    (["hint", "EXAMPLE"], 1, "the game is over"),
    (["hint", "missing.txt"], 2, "missing.txt"),
    (["hint", "GOING", "--time", "0"], 2, "--time"),
    (["move", "GOING"], 2, "give a MOVE or --robot"),
    (["move", "GOING", "c3", "--robot"], 2, "give a MOVE or --robot"),
    (["analyse", "GOING", "-o", "GOING"], 2, "never changes the original"),
    (["analyse", "EXAMPLE", "--adjudicate"], 1, "already decided"),
    (["play", "--rules", "chess"], 2, "unknown game"),
    (["play", "--rules", "hex", "--side", "green"], 2, "not a side of Hex"),
    (["hint", "BROKEN"], 1, "the record has errors"),
])
def test_bad_input_is_one_line_and_a_non_zero_exit(args: list[str], code: int, says: str,
                                                   tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copyfile(EXAMPLES / "hex-01-swap.txt", tmp_path / "example.txt")
    (tmp_path / "going.txt").write_text(_unfinished("hex", 2), encoding="utf-8")
    (tmp_path / "broken.txt").write_text('[Game "Hex"]\n\n1. c3 c3\n', encoding="utf-8")
    names = {"EXAMPLE": "example.txt", "GOING": "going.txt", "BROKEN": "broken.txt"}
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    got = _run(*[names.get(a, a) for a in args])
    assert got.exit_code == code, got.output
    assert says in got.output
    assert "Traceback" not in got.output
    errors = [line for line in got.output.splitlines() if line.startswith("Error")]
    assert len(errors) == 1
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
