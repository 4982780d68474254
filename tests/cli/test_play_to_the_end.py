"""Every game, every layout worth covering, played from ``pbmkit new`` to its end (issue 22, §3).

Each configuration (every registered game as ``new`` starts it, plus Billo's ``First``, Batu
Khan's board sizes and Batrakill's zones version with 3, 4 and 5 sides) gets a seeded random game
that ends within :data:`CAP` plies, chosen by the rules core. It is then played through the real
commands (CliRunner):

* ``pbmkit move`` ply by ply, ``pbmkit check`` clean after every move, and ``pbmkit undo`` after
  every move giving back the record's exact bytes (round boundaries included: the duel's
  ``round 2`` line), then the move played again; a ``; note`` is typed after every fourth move,
  so that the next move continues its turn on a new line as ``N... move``;
* ``pbmkit mail read`` of one message a move, from the address of the side to move (the
  ``<Side>Email`` tags, one plain ``From: name@example.org`` a side, the player's own server's
  ``Received`` stamp on the day of the ``Date``), ``Move:`` in the body, a
  ``; note`` after every third move, ``pbmkit check`` clean after every message.

Nothing here names a move: a game registered tomorrow is played the same way.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from pbmkit.cli import cli
from pbmkit.games import game_names, get_game
from pbmkit.records import check_text

CAP = 100
"""The longest random game played (plies); seeds whose game runs longer are passed over."""
GAMES = 1
"""Games a configuration (the first seeds whose game ends within CAP plies)."""
SEEDS = 40
"""Seeds tried a configuration."""


@dataclass(frozen=True)
class Config:
    """A game as ``pbmkit new`` starts it: the rules and the options that choose the layout."""

    rules: str
    tags: tuple[tuple[str, str], ...] = ()
    first: str | None = None
    label: str = ""
    options: tuple[str, ...] = field(default=())

    @property
    def id(self) -> str:
        return self.label or self.rules


def _configs() -> list[Config]:
    out = [Config(name) for name in game_names()]  # every registered game, as new starts it
    out += [
        Config("billo", first="Orange", label="billo-orange-first"),
        Config("batukhan", (("Board", "3x3"),), label="batukhan-3x3"),
        Config("batukhan", (("Board", "9x9"),), label="batukhan-9x9"),
        Config("batrakill", (("Layout", "zones"), ("Order", "Purple Blue Dragon")),
               label="batrakill-zones-3-sides"),
        Config("batrakill", (("Layout", "zones"), ("Order", "Blue Dragon Green Yellow")),
               label="batrakill-zones-4-sides"),
        Config("batrakill", (("Layout", "zones"),), label="batrakill-zones-5-sides"),
    ]
    return out


CONFIGS = _configs()


def _game(config: Config) -> Any:
    game = get_game(config.rules)
    tags = {**game.new_tags, **dict(config.tags)}  # as new writes them (Hex: Board 11x11)
    if config.first is not None:
        tags["First"] = config.first
    return game.configure(tags) if tags else game


@cache
def _random_games(config: Config) -> list[list[Any]]:
    """The moves of the first :data:`GAMES` seeded random games of ``config`` that end (a result
    on the board) within :data:`CAP` plies."""
    game = _game(config)
    found: list[list[Any]] = []
    for seed in range(SEEDS):
        rng = random.Random(seed)
        position, played = game.initial_position(), []
        while game.outcome(position) is None and len(played) < CAP:
            legal = list(game.legal_moves(position))
            if not legal:
                break
            move = rng.choice(legal)
            played.append(move)
            position = game.apply(position, move)
        if game.outcome(position) is not None:
            found.append(played)
            if len(found) == GAMES:
                break
    assert found, f"no seeded {config.id} game ended within {CAP} plies"
    return found


def _run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def _new(config: Config, path: Path, *, emails: bool = False) -> Any:
    """``pbmkit new`` for ``config``; returns the configured game."""
    game = _game(config)
    args = ["new", str(path), "--rules", config.rules, "--number", "7", "--date", "2026-09-01"]
    for name, value in config.tags:
        args += ["--tag", f"{name}={value}"]
    if config.first is not None:
        args += ["--first", config.first]
    for k, side in enumerate(game.sides):
        args += ["--player", f"{side}=Player {k + 1}"]
    if emails:
        for side, tag in zip(game.sides, game.side_tags, strict=True):
            args += ["--tag", f"{tag}Email={_address(side)}"]
    result = _run(*args)
    assert result.exit_code == 0, result.output
    return game


def _address(side: str) -> str:
    return f"{side.replace('+', '-')}@example.org"


def _assert_clean(path: Path) -> None:
    result = _run("check", str(path))
    assert result.exit_code == 0, result.output + path.read_text(encoding="utf-8")
    assert "warning" not in result.output.lower(), result.output


def _add_line_comment(path: Path) -> None:
    """A player's ``; note`` after the last move, as typed by hand (it ends its line)."""
    path.write_text(path.read_text(encoding="utf-8").rstrip("\n") + " ; a note\n",
                    encoding="utf-8")


def _play(game: Any, moves: list[Any]) -> list[tuple[Any, str]]:
    """Each move with the canonical text it is given as from its position."""
    position = game.initial_position()
    out = []
    for move in moves:
        out.append((move, game.notation.format(move, position)))
        position = game.apply(position, move)
    return out


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.id)
def test_move_plays_every_game_to_its_end_and_undo_gives_back_the_bytes(
        config: Config, tmp_path: Path) -> None:
    for k, moves in enumerate(_random_games(config)):
        path = tmp_path / f"game-{k}.txt"
        game = _new(config, path)
        for ply, (_move, text) in enumerate(_play(game, moves)):
            before = path.read_bytes()
            result = _run("move", str(path), text)
            assert result.exit_code == 0, f"ply {ply} {text}: {result.output}"
            after = path.read_bytes()
            _assert_clean(path)
            result = _run("undo", str(path))
            assert result.exit_code == 0, f"undo at ply {ply} {text}: {result.output}"
            assert path.read_bytes() == before, f"undo at ply {ply} ({text}) changed other bytes"
            result = _run("move", str(path), text)
            assert result.exit_code == 0, f"ply {ply} {text} again: {result.output}"
            assert path.read_bytes() == after
            if ply % 4 == 3:  # the next move continues the turn after a ";" comment
                _add_line_comment(path)
        [rep] = check_text(path.read_text(encoding="utf-8"))
        assert rep.valid and rep.winner is not None and len(rep.main) == len(moves)


def _message(number: int, game: Any, rep: Any, side: str, text: str) -> bytes:
    label = rep.next_label()
    subject = f"Re: {game.title} #7, {label}. {text}"
    return (f"Received: from mx.example.net by mail.example.org; Tue, 01 Sep 2026 12:05:00 +0000"
            f"\r\nFrom: {_address(side)}\r\nTo: desk@example.org\r\nSubject: {subject}\r\n"
            f"Date: Tue, 01 Sep 2026 12:00:00 +0000\r\n"
            f"Message-ID: <move-{number}@example.org>\r\n\r\n"
            f"Move: {label}. {text}\r\n").encode()


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.id)
def test_mail_read_plays_every_game_to_its_end(config: Config, tmp_path: Path) -> None:
    moves = _random_games(config)[0]
    games = tmp_path / "games"
    games.mkdir()
    path = games / "game.txt"
    game = _new(config, path, emails=True)
    position = game.initial_position()
    for ply, (move, text) in enumerate(_play(game, moves)):
        [rep] = check_text(path.read_text(encoding="utf-8"))
        side = game.side_to_move(position)
        assert rep.next_turn()[1] == side
        eml = tmp_path / f"move-{ply}.eml"
        eml.write_bytes(_message(ply, game, rep, side, text))
        result = _run("mail", "read", str(eml), "--games", str(games))
        assert result.exit_code == 0, f"ply {ply} {text}: {result.output}"
        assert "1 applied" in result.output, result.output
        _assert_clean(path)
        if ply % 3 == 1:
            _add_line_comment(path)
        position = game.apply(position, move)
    [rep] = check_text(path.read_text(encoding="utf-8"))
    assert rep.valid and rep.winner is not None and len(rep.main) == len(moves)
