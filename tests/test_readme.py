"""What a newcomer reads first (issue 34): README's table of commands names every command the
CLI has, its shell-completion line works, its Layout is the tree's, and it links every doc."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import click
import pytest

from pbmkit.cli.group import cli

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    """The text of README's section ``## title`` (to the next ``## ``)."""
    return README.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def leaf_commands(group: click.Group = cli, prefix: tuple[str, ...] = ()) -> Iterator[str]:
    """Every command a user can run, as typed after ``pbmkit`` (``referee status``)."""
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None, name
        if isinstance(command, click.Group):
            yield from leaf_commands(command, (*prefix, name))
        else:
            yield " ".join((*prefix, name))


def table_commands(text: str) -> set[str]:
    """The commands named in the first column of README's Commands table: ``pbmkit WORD...`` in
    each code span, the words before the first argument or option; ``a\\|b`` is either."""
    found: set[str] = set()
    for row in text.splitlines():
        if not row.startswith("| `pbmkit "):
            continue
        first = re.split(r"(?<!\\)\|", row)[1]
        for span in re.findall(r"`pbmkit ([^`]+)`", first):
            words = []
            for word in span.split():
                if not re.fullmatch(r"[a-z]+(?:\\\|[a-z]+)*", word):
                    break
                words.append(word.split("\\|"))
            heads = [""]
            for choices in words:
                heads = [f"{h} {c}".strip() for h in heads for c in choices]
            found.update(heads)
    return found


def test_the_commands_table_names_every_command_and_no_other() -> None:
    """Issue 34: `html`, `referee status` and `referee log` were missing from the table."""
    commands = set(leaf_commands())
    assert {"html", "referee status", "referee log", "draw claim", "event mail"} <= commands
    named = table_commands(section("Commands"))
    assert sorted(commands - named) == []
    assert sorted(named - commands) == []


def test_the_table_reader_sees_a_missing_command() -> None:
    table = ("| `pbmkit referee init DIR`, `pbmkit referee run DIR [--watch]` | x |\n"
             "| `pbmkit draw offer\\|accept FILE` | y |\n| `pbmkit move FILE \"MOVE\"` | z |\n")
    assert table_commands(table) == {"referee init", "referee run", "draw offer", "draw accept", "move"}


def _bash_line() -> str:
    lines = [ln for ln in README.splitlines() if "_PBMKIT_COMPLETE=bash_source" in ln]
    assert len(lines) == 1, lines
    return lines[0]


@pytest.fixture
def on_path(tmp_path: Path) -> dict[str, str]:
    """An environment whose PATH has a ``pbmkit`` that runs this pbmkit."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "pbmkit"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m pbmkit "$@"\n', encoding="utf-8")
    shim.chmod(0o755)
    return {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}


def _complete(line: str, words: str, env: dict[str, str]) -> list[str]:
    """What bash offers for ``words`` (the last one being completed) after running ``line``."""
    script = (f"{line}\nCOMP_WORDS=({words}); COMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 ))\n"
              '_pbmkit_completion pbmkit; printf "%s\\n" "${COMPREPLY[@]}"\n')
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return done.stdout.split()


def test_the_readmes_completion_line_makes_bash_complete_commands(on_path: dict[str, str]) -> None:
    """Issue 34: README says how to turn on shell completion; the line it gives, run in bash,
    makes `pbmkit refe<TAB>` and `pbmkit referee s<TAB>` complete."""
    line = _bash_line()
    assert line.strip() == 'eval "$(_PBMKIT_COMPLETE=bash_source pbmkit)"'
    assert _complete(line, "pbmkit refe", on_path) == ["referee"]
    assert _complete(line, "pbmkit referee s", on_path) == ["site", "status"]
    assert "--me" in _complete(line, "pbmkit status --", on_path)


@pytest.mark.parametrize(("shell", "named", "says"), [
    ("zsh", "`zsh_source`", "#compdef pbmkit"),
    ("fish", "`_PBMKIT_COMPLETE=fish_source pbmkit | source`", "complete --no-files --command pbmkit")])
def test_zsh_and_fish_get_their_completion_scripts(shell: str, named: str, says: str,
                                                   on_path: dict[str, str]) -> None:
    assert named in " ".join(section("Set up").split())
    done = subprocess.run(["pbmkit"], capture_output=True, text=True, timeout=60,
                          env={**on_path, "_PBMKIT_COMPLETE": f"{shell}_source"})
    assert done.returncode == 0 and says in done.stdout


def _layout_paths() -> list[str]:
    return [p.rstrip("/") for p in re.findall(r"`(pbmkit/[^`\s]*)`", section("Layout"))]


def test_every_folder_the_layout_names_exists() -> None:
    named = _layout_paths()
    assert len(named) >= 10
    for path in named:
        assert [m for m in ROOT.glob(re.sub(r"<[^>]+>", "*", path)) if m.is_dir()], path


def test_the_layout_names_every_folder_of_the_package() -> None:
    """Issue 34: the Layout said "one module per game" and left out events/, ratings/ and referee/."""
    patterns = [re.sub(r"<[^>]+>", "*", p) for p in _layout_paths()]
    folders = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "pbmkit").rglob("*")
                     if p.is_dir() and p.name != "__pycache__")
    assert "pbmkit/games/batalo" in folders and "pbmkit/referee" in folders
    assert [f for f in folders if not any(Path(f).match(p) and f.count("/") == p.count("/")
                                          for p in patterns)] == []
    # A game's package is one more folder of the pattern the Layout gives (issue 40: registering
    # a game touches nothing outside its package but the registry line and its docs page).


def test_the_readme_links_every_doc() -> None:
    """Issue 34: docs/api.md (the Python library) was not linked, nor five others."""
    from pbmkit.games import game_info, game_names

    docs = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md"))
    assert "docs/api.md" in docs
    # a game's own page is tested by tests/test_game_docs.py (issue 40: no README edit per game)
    pages = {f"docs/{game_info(n).title.lower().replace(' ', '-').replace('ã', 'a')}.md"
             for n in game_names()}
    assert [d for d in docs if f"]({d})" not in README and d not in pages] == []


def test_left_in_status_is_the_side_to_moves_days_as_the_readme_and_docs_desk_say() -> None:
    """Issue 34: README said LEFT was "the days Ann has left"; status prints the side to move's
    (docs/desk.md): in game 2 Carla's 5 (30 - 25), not Ann's 15."""
    import json

    done = subprocess.run([sys.executable, "-m", "pbmkit", "status", str(ROOT / "examples" / "desk"),
                           "--me", "Ann Lee", "--today", "2026-11-23", "--json"],
                          capture_output=True, text=True, timeout=60, check=True)
    [game2] = [r for r in json.loads(done.stdout) if r["number"] == "2"]
    assert (game2["me"], game2["to_move"], game2["opponent"]) == ("orange", "yellow", "Carla Diaz")
    assert game2["days_left"] == 30 - game2["days_used"]["yellow"] == 5
    readme = " ".join(section("Many games at once: the correspondence desk").split())
    assert "LEFT the days the side to move has left under the time control" in readme
    assert "Carla's in game 2" in readme
    desk = " ".join((ROOT / "docs" / "desk.md").read_text(encoding="utf-8").split())
    assert "the days left to the side to move under the time control" in desk
