"""One meaning per option, everywhere (issue 9, items 8 and 9).

`--rules NAME` chooses a game's rules in every command that needs it; `--game N` chooses a game
of an archive by its position in the file, in every command that has it; help texts name only
options the command has; archive messages never suggest an option the command lacks.
"""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from pbmkit.cli import COMMANDS, cli
from pbmkit.games import game_names

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ARCHIVE = str(EXAMPLES / "04-archive.txt")
RULES_COMMANDS = ["new", "board", "chart", "mailer", "phonechart"]


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout + result.stderr


def options_of(name: str) -> dict[str, click.Parameter]:
    command = cli.get_command(click.Context(cli), name)
    assert command is not None
    return {opt: p for p in command.params for opt in [*p.opts, *p.secondary_opts]}


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_help_names_only_options_the_command_has(name: str) -> None:
    """Issue 9, item 8: `phonechart --help` used to mention --blank, which it does not have."""
    code, out = run(name, "--help")
    assert code == 0
    mentioned = set(re.findall(r"(?<![\w-])(--[a-z][a-z-]*)", out))
    assert mentioned <= {*options_of(name), "--help"}, mentioned - set(options_of(name))


@pytest.mark.parametrize("name", RULES_COMMANDS)
def test_the_rules_are_chosen_with_rules_in_every_command(name: str) -> None:
    """Issue 9, item 8: one option name, --rules NAME, for the game's rules."""
    option = options_of(name)["--rules"]
    assert isinstance(option, click.Option) and option.default == "batalo"
    assert not option.hidden
    assert all(game in (option.help or "") for game in game_names())  # issue 22: all five


def test_the_rules_help_names_every_game_and_the_docs_no_game_that_is_not() -> None:
    """Issue 22: the README said --rules was "batalo, the default, or billo". Issue 40: the list
    of games is the registry's, in every command's ``--rules`` help, so that registering a game
    needs no edit of the README or docs/cli.md; what they name is a registered game."""
    root = EXAMPLES.parent
    for name in ("new", "phonechart", "board"):
        help_text = " ".join(run(name, "--help")[1].split())
        assert all(game in help_text for game in game_names()), (name, help_text)
    for doc in ("README.md", "docs/cli.md"):
        text = " ".join((root / doc).read_text(encoding="utf-8").split())
        found = re.search(r"`--rules NAME`\**\s+chooses", text)
        assert found is not None, doc
        sentence = text[found.start():][:300].partition(")")[0]  # the parenthesis of games
        named = re.findall(r"`([a-z]+)`", sentence)
        assert named and all(n in game_names() for n in named), (doc, sentence)


@pytest.mark.parametrize("args", [["new", "x.txt", "--white", "A", "--black", "B"], ["board"]])
def test_game_with_a_name_points_to_rules(args: list[str], tmp_path: Path) -> None:
    """Issue 9, item 8: `--game billo` (the old spelling in new and board) is a usage error
    that names --rules, not a game chosen silently."""
    code, out = run(*args, "--game", "billo")
    assert code == 2
    assert "--rules billo" in out
    assert not (tmp_path / "x.txt").exists()


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_game_is_always_a_position_in_the_file(name: str) -> None:
    """Issue 9, item 8: wherever --game is visible, it takes the game's position (an integer)."""
    option = options_of(name).get("--game")
    if option is None or getattr(option, "hidden", False):
        return
    assert isinstance(option.type, click.IntRange) and option.type.min == 1
    assert "position" in (getattr(option, "help", "") or "")


@pytest.mark.parametrize("args", [["moves", ARCHIVE], ["show", ARCHIVE],
                                  ["chart", ARCHIVE, "-o", "x.pdf"]])
def test_an_archive_asks_for_game_n_where_the_command_has_it(args: list[str]) -> None:
    code, out = run(*args)
    assert code == 2 and "choose one with --game N" in out
    code, _ = run(args[0], "--game", "2", *args[1:]) if args[0] != "chart" else (0, "")
    assert code == 0


def test_move_on_an_archive_does_not_suggest_an_option_it_refuses(tmp_path: Path) -> None:
    """Issue 9, item 8: `move` used to suggest --game N, then refuse it."""
    archive = tmp_path / "a.txt"
    archive.write_bytes(Path(ARCHIVE).read_bytes())
    code, out = run("move", str(archive), "IR to HS")
    assert code == 2
    assert "one game" in out and "--game" not in out
    assert "--game" not in run("move", "--help")[1]
    assert archive.read_bytes() == Path(ARCHIVE).read_bytes()


def test_move_on_standard_input_says_it_needs_a_file() -> None:
    """Issue 9, item 9: `move - MOVE` says clearly that move needs a record FILE."""
    code, out = run("move", "-", "IR to HS")
    assert code == 2
    assert "needs a record FILE" in out or "appends to a record FILE" in out


def test_moves_from_a_pbmserv_name_gets_the_same_hint_as_move(tmp_path: Path) -> None:
    """Issue 9, item 9: `moves --from g4` says how to write the space, as `move` does."""
    record = tmp_path / "r.txt"
    record.write_text('[Game "Batalo"]\n\n1. IR to HS EV to FU\n', encoding="utf-8")
    _, from_out = run("moves", str(record), "--from", "g4")
    _, move_out = run("move", str(record), "g4 to g5")
    assert "looks like a pbmserv name; write it as JQ" in from_out
    assert "looks like a pbmserv name; write it as JQ" in move_out


def test_fmt_refuses_a_record_of_an_unknown_game(tmp_path: Path) -> None:
    """Issue 9, item 9: fmt merged `1. S 1... C` into `1. S C` for [Game "Go"]; now it refuses."""
    record = tmp_path / "go.txt"
    text = '[Game "Go"]\n\n1. S 1... C\n'
    record.write_text(text, encoding="utf-8")
    for args in (["fmt", str(record)], ["fmt", "--stdout", str(record)]):
        code, out = run(*args)
        assert code == 1 and "unknown game" in out and "1. S C" not in out
    assert record.read_text(encoding="utf-8") == text


def test_a_side_option_names_that_side_only_and_a_side_the_game_lacks_is_refused(
        tmp_path: Path) -> None:
    """Issue 40: ``--white``/``--black`` named the first and second side by their places, so that
    ``--white`` named Billo's Yellow. Now ``--SIDE NAME`` names that side, only in a game that
    has it (refused otherwise, naming the game's sides), as ``--player SIDE=NAME`` does."""
    from pbmkit.games import game_info

    path = tmp_path / "g.txt"
    runner = CliRunner()
    for name in game_names():
        sides = game_info(name).sides
        args = ["new", str(path), "--force", "--rules", name]
        for k, side in enumerate(sides):
            args += [f"--{side}", f"P{k}"]
        done = runner.invoke(cli, args)
        assert done.exit_code == 0, (name, done.output)
        text = path.read_text(encoding="utf-8")
        for k, side in enumerate(sides):
            assert f'[{side.capitalize()} "P{k}"]' in text, (name, text)
        other = next(s for n in game_names() for s in game_info(n).sides if s not in sides)
        path.unlink()
        refused = runner.invoke(cli, [*args, f"--{other}", "X"])
        assert refused.exit_code == 2 and f"has no side {other.capitalize()}" in refused.output
        assert ", ".join(sides) in refused.output and not path.exists()
