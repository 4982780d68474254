"""``undo`` at a round boundary (Batrakill's duel) and after a turn continued on a new line.

``pbmkit move`` writes the line ``round 2`` with the first move of round 2, so ``undo`` takes the
line back with that move (issue 22, §3); a line typed by hand after the last move of round 1
goes with that move; a line that holds a comment stays.
"""

from __future__ import annotations

import random
from pathlib import Path

from click.testing import CliRunner, Result

from pbmkit.cli import cli
from pbmkit.games import get_game
from pbmkit.records import check_text, moves_text, new_record_text


def _run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def _end_of_round_one() -> tuple[str, str]:
    """A duel record whose round 1 is over (no line yet), and the knights' first move of round 2."""
    game = get_game("batrakill")
    rng = random.Random(1)
    position, played = game.initial_position(), []
    while game.round_of(position) == 1:
        move = rng.choice(list(game.legal_moves(position)))
        played.append(move)
        position = game.apply(position, move)
    head = new_record_text("batrakill", {"knights": "Ann", "dragon": "Bob"}, date="2026-09-01")
    first = game.notation.format(next(iter(game.legal_moves(position))), position)
    return head + "\n" + moves_text(game, played), first


def test_undo_of_the_first_move_of_round_two_gives_back_the_bytes(tmp_path: Path) -> None:
    text, first = _end_of_round_one()
    path = tmp_path / "duel.txt"
    path.write_text(text, encoding="utf-8")
    assert _run("move", str(path), first).exit_code == 0
    assert "\nround 2\n1. " in path.read_text(encoding="utf-8")
    result = _run("undo", str(path))
    assert result.exit_code == 0, result.output
    assert path.read_text(encoding="utf-8") == text
    assert _run("undo", str(path)).exit_code == 0  # the dragon's last move of round 1 next
    assert check_text(path.read_text(encoding="utf-8"))[0].valid


def test_a_round_line_typed_after_the_last_move_goes_with_it(tmp_path: Path) -> None:
    text, _ = _end_of_round_one()
    path = tmp_path / "duel.txt"
    path.write_text(text + "round 2\n", encoding="utf-8")
    assert _run("check", str(path)).exit_code == 0
    result = _run("undo", str(path))
    assert result.exit_code == 0, result.output
    after = path.read_text(encoding="utf-8")
    assert "round 2" not in after and check_text(after)[0].valid
    assert len(check_text(after)[0].main) == len(check_text(text)[0].main) - 1


def test_a_round_line_with_a_comment_stays(tmp_path: Path) -> None:
    text, first = _end_of_round_one()
    path = tmp_path / "duel.txt"
    path.write_text(text + "round 2 {the knights regroup}\n", encoding="utf-8")
    assert _run("move", str(path), first).exit_code == 0
    assert _run("undo", str(path)).exit_code == 0
    assert path.read_text(encoding="utf-8") == text + "round 2 {the knights regroup}\n"


def test_undo_of_a_move_continuing_its_turn_after_a_line_comment(tmp_path: Path) -> None:
    path = tmp_path / "batalo.txt"
    text = '[Game "Batalo"]\n\n1. IR to HS ; a good start\n'
    path.write_text(text, encoding="utf-8")
    assert _run("move", str(path), "EV to FU").exit_code == 0
    assert path.read_text(encoding="utf-8").endswith("; a good start\n1... EV to FU\n")
    result = _run("undo", str(path))
    assert result.exit_code == 0, result.output
    assert path.read_text(encoding="utf-8") == text
