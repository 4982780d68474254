"""`pbmkit move` numbers turns by the side that opens them (Billo's First tag)."""

from pathlib import Path

from click.testing import CliRunner

from pbmkit.cli import cli
from pbmkit.games import get_game
from pbmkit.records import format_move


def test_moves_of_a_game_orange_opens_go_into_the_right_turns(tmp_path: Path) -> None:
    runner = CliRunner()
    path = tmp_path / "billo.txt"
    result = runner.invoke(cli, ["new", str(path), "--rules", "billo", "--yellow", "Ya",
                                 "--orange", "Or", "--first", "orange"])
    assert result.exit_code == 0, result.output
    game = get_game("billo").configure({"First": "Orange"})
    position = game.initial_position()
    texts = []
    for _ in range(3):
        move = sorted(game.legal_moves(position), key=str)[0]
        texts.append(format_move("billo", move, position))
        result = runner.invoke(cli, ["move", str(path), texts[-1]])
        assert result.exit_code == 0, result.output
        position = game.apply(position, move)
    text = path.read_text(encoding="utf-8")
    assert f"1. {texts[0]} {texts[1]}\n2. {texts[2]}\n" in text
    assert runner.invoke(cli, ["check", str(path)]).exit_code == 0


def test_a_batalo_record_cannot_name_black_first(tmp_path: Path) -> None:
    path = tmp_path / "b.txt"
    path.write_text('[First "Black"]\n1. EV to FU\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == 1 and "White always moves first" in result.output


def test_a_batalo_record_cannot_claim_a_draw(tmp_path: Path) -> None:
    path = tmp_path / "c.txt"
    path.write_text("1. IR to HS EV to FU\n2. draw claimed\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == 1 and "draw agreed" in result.output
