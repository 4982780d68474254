"""`pbmkit board`: every registered game's start and opening moves, and clear errors."""

import pytest
from click.testing import CliRunner

from pbmkit.cli import cli
from pbmkit.games import game_names, get_game


@pytest.mark.parametrize("name", game_names())
def test_board_shows_each_game_start_and_counts_its_opening_moves(name: str) -> None:
    result = CliRunner().invoke(cli, ["board", "--rules", name])
    assert result.exit_code == 0, result.output
    game = get_game(name)
    count = len(game.legal_moves(game.initial_position()))
    assert f"{count} legal moves" in result.output
    assert "Traceback" not in result.output


def test_board_from_a_setup_and_bad_input() -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["board", "--setup", "W:GT B:DW X:EV b"])
    assert result.exit_code == 0 and "Black to move" in result.output
    result = runner.invoke(cli, ["board", "--setup", "W:GT O:GT B:DW w"])
    assert result.exit_code == 2 and "GT" in result.output
    result = runner.invoke(cli, ["board", "--rules", "chess"])
    assert result.exit_code == 2 and "unknown game" in result.output


def test_python_dash_m_pbmkit_is_the_same_command_line() -> None:
    import subprocess
    import sys

    from pbmkit import __version__

    done = subprocess.run([sys.executable, "-m", "pbmkit", "--version"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0 and __version__ in done.stdout
    done = subprocess.run([sys.executable, "-m", "pbmkit", "--help"], capture_output=True,
                          text=True, timeout=60)
    assert all(cmd in done.stdout for cmd in ["check", "move", "chart", "mailer", "phonechart"])


@pytest.mark.parametrize("name", game_names())
def test_board_groups_and_bounds_the_opening_moves_as_moves_does(name: str) -> None:
    """Issue 34: `pbmkit board --rules baladana` printed 1,383 moves on one 20 KB line. Every
    line is now at most 100 characters; a game that summarises its moves (Baladãna) gives its
    summary, as `moves` does, the others every move, wrapped between moves."""
    result = CliRunner().invoke(cli, ["board", "--rules", name])
    assert result.exit_code == 0, result.output
    listing = result.output.split(" legal moves\n", 1)[1].splitlines()
    assert listing and max(len(line) for line in listing) <= 100
    game = get_game(name)
    position = game.initial_position()
    moves = {game.notation.format(m, position) for m in game.legal_moves(position)}
    if len(moves) > 40 and hasattr(game.notation, "summarise"):
        assert len(listing) <= 60
        assert listing == [f"  {line}" for line in game.notation.summarise(
            list(game.legal_moves(position)), position)] + listing[-1:]
    else:
        shown = {m.strip() for line in listing for m in line.split(",") if m.strip()}
        assert shown == moves
