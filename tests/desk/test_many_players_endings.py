"""Draws and resignations with several players (Batrakill's zones version, 3 to 5 places).

docs/desk.md: a draw needs every other place's acceptance, each on its turn; a resignation goes
to the place that moved last (the player whose move the resigning one does not answer); with two
places nothing changes (issue 22, §3).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from pbmkit.cli import cli
from pbmkit.desk.dates import desk_report
from pbmkit.records import check_text

ORDERS = {3: "Purple Blue Dragon", 4: "Purple Blue Green Dragon", 5: "Purple Blue Green Yellow Dragon"}
FIRST_MOVES = {"purple": "d2-d3", "blue": "d8-d7", "green": "b6-c6", "yellow": "h4-g4",
               "dragon": "D@e5"}
SECOND_MOVES = {"purple": "f2-f3", "blue": "f8-f7", "green": "b4-c4", "yellow": "h6-g6",
                "dragon": "D e5-f6"}


def _run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def _game(tmp_path: Path, places: int) -> tuple[Path, list[str]]:
    path = tmp_path / f"zones-{places}.txt"
    order = ORDERS[places].split()
    args = ["new", str(path), "--rules", "batrakill", "--tag", "Layout=zones",
            "--tag", f"Order={ORDERS[places]}", "--date", "2026-09-01"]
    for k, side in enumerate(order):
        args += ["--player", f"{side.lower()}=P{k + 1}"]
    assert _run(*args).exit_code == 0
    return path, [s.lower() for s in order]


def _move(path: Path, text: str, *options: str) -> None:
    result = _run("move", str(path), text, *options)
    assert result.exit_code == 0, result.output


def _result(path: Path) -> tuple[str | None, str | None]:
    [rep] = check_text(path.read_text(encoding="utf-8"))
    assert rep.valid, rep.errors
    return rep.winner, rep.how


@pytest.mark.parametrize("places", [3, 4, 5])
def test_a_draw_needs_every_other_players_acceptance(tmp_path: Path, places: int) -> None:
    path, order = _game(tmp_path, places)
    _move(path, FIRST_MOVES[order[0]], "--offer-draw")
    for k, side in enumerate(order[1:-1], start=1):  # every player but the last: accept, play
        result = _run("draw", "accept", str(path))
        assert result.exit_code == 0, result.output
        assert "waiting for" in result.output and "Now play your move" in result.output
        assert _result(path) == (None, None)  # not drawn yet
        again = _run("draw", "accept", str(path))
        assert again.exit_code == 1 and "accepted this draw already" in again.stderr
        _move(path, FIRST_MOVES[side])
        [rep] = check_text(path.read_text(encoding="utf-8"))
        offer = desk_report(rep.record, rep.order).draw_offer()
        assert offer is not None and offer.side == order[0], k
    result = _run("draw", "accept", str(path))
    assert result.exit_code == 0, result.output
    assert "the game is drawn" in result.output
    assert _result(path) == ("draw", "agreement")
    assert '[Winner "Draw"]' in path.read_text(encoding="utf-8")


@pytest.mark.parametrize("places", [3, 4, 5])
def test_one_decline_ends_the_offer(tmp_path: Path, places: int) -> None:
    path, order = _game(tmp_path, places)
    _move(path, FIRST_MOVES[order[0]], "--offer-draw")
    assert _run("draw", "accept", str(path)).exit_code == 0
    _move(path, FIRST_MOVES[order[1]])
    assert _run("draw", "decline", str(path)).exit_code == 0
    before = path.read_bytes()
    result = _run("draw", "accept", str(path))
    assert result.exit_code == 1 and "no draw is on offer" in result.stderr
    assert path.read_bytes() == before
    assert _result(path) == (None, None)


@pytest.mark.parametrize("places", [3, 4, 5])
def test_an_offer_not_answered_lapses(tmp_path: Path, places: int) -> None:
    path, order = _game(tmp_path, places)
    _move(path, FIRST_MOVES[order[0]], "--offer-draw")
    _move(path, FIRST_MOVES[order[1]])  # moved on without accepting
    result = _run("draw", "accept", str(path))
    assert result.exit_code == 1 and "no draw is on offer" in result.stderr


@pytest.mark.parametrize("places", [3, 4, 5])
def test_a_resignation_goes_to_the_player_who_moved_last(tmp_path: Path, places: int) -> None:
    for resigner in range(places):  # each place resigns in its turn
        folder = tmp_path / str(resigner)
        folder.mkdir()
        path, order = _game(folder, places)
        moves = [FIRST_MOVES[s] for s in order] + [SECOND_MOVES[s] for s in order]
        for text in moves[: places + resigner]:  # round one complete, then up to the resigner
            _move(path, text)
        last = order[(resigner - 1) % places]
        result = _run("resign", str(path))
        assert result.exit_code == 0, result.output
        assert _result(path) == (last, "concession")
        assert f'[Winner "{last.capitalize()}"]' in path.read_text(encoding="utf-8")
        over = _run("move", str(path), SECOND_MOVES[order[resigner]])
        assert over.exit_code == 1 and "game is over" in over.stderr


def test_no_resignation_before_anyone_moved(tmp_path: Path) -> None:
    path, _ = _game(tmp_path, 4)
    before = path.read_bytes()
    result = _run("resign", str(path))
    assert result.exit_code == 1 and "no one has moved yet" in result.stderr
    assert path.read_bytes() == before


def test_two_places_are_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "batalo.txt"
    path.write_text('[Game "Batalo"]\n[White "Ann"]\n[Black "Bob"]\n[Winner "*"]\n\n'
                    "1. IR to HS {[%ccdraw offer]}\n", encoding="utf-8")
    result = _run("draw", "accept", str(path))
    assert result.exit_code == 0 and "the game is drawn" in result.output
    assert path.read_text(encoding="utf-8").endswith("1. IR to HS {[%ccdraw offer]} draw agreed\n")
