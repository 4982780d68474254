"""The registry knows each game's title and sides without building it (issue 36): listing the
games, as ``--rules`` help and the referee's ``help`` do, imports no game package."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import pbmkit.games
from pbmkit.games import GameInfo, game_info, game_names, get_game, register, unregister
from pbmkit.games.base import UnknownGameError

GAME_PACKAGES = sorted(p.parent.name for p in Path(pbmkit.games.__file__).parent.glob("*/__init__.py"))


def test_listing_the_games_with_their_titles_and_sides_imports_no_game_package() -> None:
    code = ("import sys, pbmkit.games as g\n"
            "listed = [(g.game_info(n).title, g.game_info(n).sides) for n in g.game_names()]\n"
            f"packages = {GAME_PACKAGES!r}\n"
            "print(len(listed), sorted(m for m in sys.modules if m.split('.')[:2] == ['pbmkit', 'games']"
            " and len(m.split('.')) > 2 and m.split('.')[2] in packages))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == f"{len(GAME_PACKAGES)} []\n"


@pytest.mark.parametrize("name", game_names())
def test_the_registered_title_and_sides_are_the_game_s_own(name: str) -> None:
    game = get_game(name)
    assert game_info(name) == GameInfo(name, game.title, tuple(game.sides))


def test_a_game_registered_without_them_tells_them_once_built_and_an_alias_finds_it() -> None:
    game = get_game("hex")
    register("Hex Again", lambda: game, aliases=("hexagain2",))
    try:
        assert game_info("HEXAGAIN2") == GameInfo("hexagain", "Hex", ("red", "blue"))
    finally:
        unregister("hex again")
    with pytest.raises(UnknownGameError, match="unknown game 'hex again'"):
        game_info("hex again")


def test_a_title_without_sides_is_refused() -> None:
    with pytest.raises(TypeError, match="title and sides together"):
        register("half", lambda: get_game("hex"), title="Half")
    assert "half" not in game_names()


def test_the_unknown_game_error_names_every_game_by_its_title_before_any_is_built() -> None:
    code = ("import pbmkit.games as g\n"
            "try:\n    g.get_game('chess')\nexcept g.UnknownGameError as exc:\n    print(exc)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    titles = ", ".join(game_info(n).title for n in game_names())
    assert done.stdout == f"unknown game 'chess' (known: {titles})\n"
    assert "Batu Khan, Batrakill, Baladãna" in titles
