"""Listing the games imports none of them (issue 36): the referee's help and its list of games,
and the command line's ``ratings --rules`` title, read the titles registered with the factories
(``game_info``); only the game asked about is built."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

LISTING = """
import json, pkgutil, sys
from pathlib import Path
import pbmkit.games
from pbmkit.referee.club import Club
from pbmkit.referee.commands.challenges import game_titles
from pbmkit.referee.commands.help import help_text
from pbmkit.referee.commands.registry import COMMANDS

club = Club(Path("."), "Harmony Club", "referee@club.example.org", None, None, None)
text = help_text(club, COMMANDS)
titles = game_titles()
packages = {m.name for m in pkgutil.iter_modules(pbmkit.games.__path__) if m.ispkg}
built = sorted(p for p in packages if f"pbmkit.games.{p}" in sys.modules)
asked = help_text(club, COMMANDS, "batu khan")
after = sorted(p for p in packages if f"pbmkit.games.{p}" in sys.modules)
print(json.dumps({"text": text, "titles": titles, "packages": sorted(packages), "built": built,
                  "asked": asked, "after": after}))
"""


def test_the_referee_s_help_lists_every_game_without_importing_one() -> None:
    done = subprocess.run([sys.executable, "-c", LISTING], capture_output=True, text=True,
                          check=True)
    got = json.loads(done.stdout)
    assert len(got["packages"]) >= 6 and got["built"] == []
    assert got["titles"][:5] == ["Batalo", "Billo", "Batu Khan", "Batrakill", "Baladãna"]
    assert f"The games: {', '.join(got['titles'])} (help GAME says more)." in " ".join(
        got["text"].split())
    assert got["asked"].startswith("Batu Khan: sides") and got["after"] == ["batu_khan"]


def test_ratings_names_the_game_asked_for_without_building_it(tmp_path: Path) -> None:
    code = ("import sys\nfrom click.testing import CliRunner\nfrom pbmkit.cli import cli\n"
            f"done = CliRunner().invoke(cli, ['ratings', '--rules', 'batu-khan', {str(tmp_path)!r}])\n"
            "print(done.output.strip())\n"
            "print(sorted(m for m in sys.modules if m.startswith('pbmkit.games.batu')))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == ["no finished games found of Batu Khan", "[]"]
