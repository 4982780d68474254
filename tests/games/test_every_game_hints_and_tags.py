"""What every game answers to a player's mistakes (issue 24, faults 3 and 4), through the commands.

* After an illegal move, ``pbmkit move`` names real legal moves in the game's notation (or the
  spaces of pieces that can move): a game of drops gets its drops, never an empty list of pieces.
* A choosing tag (``First``, ``Board``, ``Layout``, ``Order``) that a game does not read is refused,
  naming the tags it reads; one it reads is checked.

``tests/test_plugged_game.py`` runs these tests on a game written outside pbmkit too.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from pbmkit.cli import cli
from pbmkit.games import game_names, get_game
from pbmkit.games.base import CHOOSING_TAGS, SetupError
from pbmkit.games.notation import ListsMoves, StreamsMoves


def _run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def _new(name: str, path: Path, *tags: str) -> Result:
    players = [a for k, side in enumerate(get_game(name).sides) for a in ("--player", f"{side}=P{k}")]
    return _run("new", "--rules", name, "--date", "2026-01-01", *players,
                *[a for t in tags for a in ("--tag", t)], str(path))


def _texts(game: Any, position: Any) -> set[str]:
    """Every way the commands write a legal move of ``position``."""
    notation = game.notation
    moves = game.legal_moves(position)
    texts = {notation.format(m, position) for m in moves}
    if isinstance(notation, ListsMoves):
        texts |= {notation.listing(m, position) for m in moves}
    if isinstance(notation, StreamsMoves):
        texts |= set(notation.sorted_listing(position))
    return texts


def _hint_groups(err: str) -> list[tuple[str, list[str]]]:
    """The hint's groups: each header (``"Red's legal moves:"``) with the items listed under it."""
    groups: list[tuple[str, list[str]]] = []
    for line in err.splitlines()[1:]:
        if line.startswith("The record was not changed") or line.startswith("  ..."):
            continue
        if line.startswith("  "):
            groups[-1][1].extend(i.strip() for i in line.strip().rstrip(",").split(", "))
            continue
        m = re.fullmatch(r"(.*?:)(?: (.*))?", line)
        assert m is not None, line
        groups.append((m[1], [i.strip() for i in (m[2] or "").rstrip(",").split(", ") if i.strip()]))
    return groups


@pytest.mark.parametrize("name", game_names())
def test_an_illegal_move_is_answered_with_real_legal_moves(name: str) -> None:
    """The first move of the game written again for the next side: a piece of the wrong side, or
    a drop on a taken space. The hint lists legal moves (or the spaces of pieces that can move)."""
    game = get_game(name)
    start = game.initial_position()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.txt"
        assert _new(name, path).exit_code == 0
        for move in list(game.legal_moves(start))[:5]:
            text = game.notation.format(move, start)
            assert _run("move", str(path), text).exit_code == 0
            after = game.apply(start, move)
            refused = _run("move", "--dry-run", str(path), text)
            if refused.exit_code != 0:
                break
            assert _run("undo", str(path)).exit_code == 0
        else:
            pytest.fail(f"no first move of {name} is illegal when written again")
    groups = _hint_groups(refused.stderr)
    assert groups and all(items for _, items in groups), refused.stderr
    legal = _texts(game, after)
    starts = {game.board.name(p[0]) for m in game.legal_moves(after) for p in game.touched(m) if len(p) > 1}
    for header, items in groups:
        real = starts if "pieces that can move" in header else legal
        assert set(items) <= real, (header, sorted(set(items) - real), refused.stderr)


@pytest.mark.parametrize("name", game_names())
def test_a_choosing_tag_the_game_does_not_read_is_refused_naming_the_tags_it_reads(name: str) -> None:
    game = get_game(name)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.txt"
        for tag in (t for t in CHOOSING_TAGS if t not in game.extra_tags and t != "First"):
            with pytest.raises(SetupError) as refused:
                game.configure({tag: "7x7"})
            assert refused.value.tag == tag
            assert all(t in str(refused.value) for t in game.extra_tags), str(refused.value)
            result = _new(name, path, f"{tag}=7x7")
            assert result.exit_code == 2 and f"no {tag} tag" in result.output and not path.exists()
            text = f'[Game "{game.title}"]\n[{tag} "7x7"]\n\n'
            path.write_text(text, encoding="utf-8")
            checked = _run("check", str(path))
            assert checked.exit_code != 0 and f"no {tag} tag" in checked.output, checked.output
            path.unlink()


@pytest.mark.parametrize("name", game_names())
def test_a_choosing_tag_the_game_reads_is_checked(name: str) -> None:
    game = get_game(name)
    for tag in game.extra_tags:
        if tag in CHOOSING_TAGS:
            with pytest.raises(SetupError) as refused:
                game.configure({tag: "no such thing"})
            assert refused.value.tag == tag


@pytest.mark.parametrize("name", game_names())
def test_every_choosing_tag_the_game_reads_says_its_values_and_its_examples_are_taken(name: str) -> None:
    """The referee's ``help GAME`` tells a player what each choosing tag takes (issue 27): every
    choosing tag the game reads has its :class:`~pbmkit.games.base.TagChoice`, whose examples the
    game takes (a record started with one checks clean) and whose words are not empty."""
    game = get_game(name)
    reads = [t for t in game.extra_tags if t in CHOOSING_TAGS]
    assert sorted(game.tag_choices) == sorted(reads)
    for tag, choice in game.tag_choices.items():
        assert choice.values.strip() and choice.examples, tag
        for example in choice.examples:
            configured = game.configure({**choice.needs, tag: example})
            assert configured.initial_position() is not None
            with tempfile.TemporaryDirectory() as tmp:
                path = Path(tmp) / "game.txt"
                heads = {"Game": game.title, **choice.needs, tag: example,
                         **{t: f"P{k}" for k, t in enumerate(configured.side_tags)}}
                path.write_text("".join(f'[{k} "{v}"]\n' for k, v in heads.items()) + "\n",
                                encoding="utf-8")
                checked = _run("check", str(path))
                assert checked.exit_code == 0, (tag, example, checked.output)
