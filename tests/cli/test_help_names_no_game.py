"""No game's word in another's help (issue 40): a command's help names a game (its title or its
example move) only where it lists every registered game, a list built from the registry."""

from __future__ import annotations

import re
from collections.abc import Iterator

import click
import pytest
from click.testing import CliRunner

from pbmkit.cli import cli
from pbmkit.games import game_names, get_game


def _commands(group: click.Group, path: list[str]) -> Iterator[list[str]]:
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        yield [*path, name]
        if isinstance(command, click.Group):
            yield from _commands(command, [*path, name])


COMMANDS = [[], *_commands(cli, [])]


def _named(text: str, word: str) -> bool:
    return re.search(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", text) is not None


@pytest.mark.parametrize("path", COMMANDS, ids=lambda p: " ".join(p) or "pbmkit")
def test_a_help_names_a_game_only_in_a_list_of_every_game(path: list[str]) -> None:
    result = CliRunner().invoke(cli, [*path, "--help"])
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    games = [get_game(name) for name in game_names()]
    every = all(_named(text, game.title) for game in games)
    named = [word for game in games for word in (game.title, game.notation.example)
             if _named(text, word)]
    assert every or named == [], f"{' '.join(path)} --help names {named}"


def test_the_top_level_help_lists_every_registered_game() -> None:
    text = " ".join(CliRunner().invoke(cli, ["--help"]).output.split())
    assert all(_named(text, get_game(name).title) for name in game_names())
