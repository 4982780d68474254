"""Each game's page in docs/ states its rules with their tests named, and stands on its own.

For every game of :data:`GAMES`: (a) every test the page names exists as a test function in
tests/ (``test_name`` anywhere in tests/, ``file.py::test_name`` in that file), (b) every test of the
game's rules-text and rulings test files is named on the page, next to the rule it checks, and (c)
the page names no developer-only file outside the repository. Test files are read with ``ast``,
never imported.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"


class GameDoc(NamedTuple):
    """A game's page and the test files whose every test the page must name."""

    name: str
    doc: str
    """The page, relative to the repository: ``docs/<game>.md``."""
    rules_tests: tuple[str, ...]
    """The test files of the rules text and of pbmkit's rulings, relative to the repository."""


GAMES: list[GameDoc] = [
    GameDoc("batalo", "docs/batalo.md", ("tests/games/test_batalo_rules_text.py",
                                         "tests/games/test_batalo_rulings.py",
                                         "tests/games/test_batalo_setup.py")),
    GameDoc("billo", "docs/billo.md", ("tests/games/test_billo_text.py",
                                       "tests/games/test_billo_rules.py")),
    GameDoc("hex", "docs/hex.md", ("tests/games/test_hex_rules.py",)),
    GameDoc("batu-khan", "docs/batu-khan.md", ("tests/games/test_batu_khan_text.py",
                                               "tests/games/test_batu_khan_rulings.py",
                                               "tests/records/test_batu_khan_notation.py")),
    GameDoc("baladana", "docs/baladana.md", ("tests/games/test_baladana_text.py",
                                             "tests/games/test_baladana_rulings.py",
                                             "tests/games/test_baladana_powers.py",
                                             "tests/games/test_baladana_setup.py",
                                             "tests/games/test_baladana_notation.py")),
    GameDoc("batrakill", "docs/batrakill.md", ("tests/games/test_batrakill_rulings.py",
                                               "tests/games/test_batrakill_notation.py")),
]


def _by_the_checklist() -> list[GameDoc]:
    """Every other registered game, its page and rules tests where docs/architecture.md's
    checklist puts them (issue 40: registering a game edits no list here)."""
    from pbmkit.games import game_key, game_names

    listed = {game_key(g.name) for g in GAMES}
    return [GameDoc(n, f"docs/{n}.md", (f"tests/games/test_{n}_rules.py",))
            for n in game_names() if n not in listed]


GAMES += _by_the_checklist()

OUTSIDE = ("shared/rules", "shared/spec")
"""Developer-only folders beside the repository, which no page may send a reader to."""

NAMED = re.compile(r"(?:\b(test_\w+\.py)::)?\b(test_\w+)\b(?!\.py)")
"""A test named on a page: ``test_name``, or ``test_file.py::test_name``."""


@cache
def defined_tests(path: Path) -> frozenset[str]:
    """The test functions a test file defines (at module level or in a class), read with ast."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    nodes = [*tree.body, *(n for c in tree.body if isinstance(c, ast.ClassDef) for n in c.body)]
    return frozenset(n.name for n in nodes
                     if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n.name.startswith("test_"))


@cache
def collected_tests() -> dict[str, frozenset[str]]:
    """Each test file under tests/, by its path relative to tests/, with its test functions."""
    return {p.relative_to(TESTS).as_posix(): defined_tests(p) for p in sorted(TESTS.rglob("test_*.py"))}


def named_tests(text: str) -> list[tuple[str | None, str]]:
    """The tests a page names, each with the file it names it in (or ``None``), in page order."""
    return [(m[1], m[2]) for m in NAMED.finditer(text)]


def page(game: GameDoc) -> str:
    return (ROOT / game.doc).read_text(encoding="utf-8")


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_every_test_a_game_page_names_exists(game: GameDoc) -> None:
    files = collected_tests()
    everywhere = frozenset().union(*files.values())
    missing = []
    for file, name in named_tests(page(game)):
        if file is None:
            found = name in everywhere
        else:
            found = any(name in tests for path, tests in files.items() if path.rsplit("/", 1)[-1] == file)
        if not found:
            missing.append(f"{file}::{name}" if file else name)
    assert not missing, f"{game.doc} names tests that tests/ does not define: {missing}"


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_every_rule_test_of_a_game_is_named_on_its_page(game: GameDoc) -> None:
    named = {name for _, name in named_tests(page(game))}
    for rules_tests in game.rules_tests:
        defined = defined_tests(ROOT / rules_tests)
        assert defined, f"{rules_tests} defines no test"
        unnamed = sorted(defined - named)
        assert not unnamed, f"{game.doc} does not name these tests of {rules_tests}: {unnamed}"


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_a_game_page_names_no_file_outside_the_repository(game: GameDoc) -> None:
    text = page(game)
    found = [word for word in OUTSIDE if word in text]
    assert not found, f"{game.doc} names {found}, which readers of the repository do not have"


@pytest.mark.parametrize("doc", ["docs/record-format.md", "docs/desk.md"])
def test_the_record_format_and_desk_pages_name_no_file_outside_the_repository(doc: str) -> None:
    text = (ROOT / doc).read_text(encoding="utf-8")
    found = [word for word in OUTSIDE if word in text]
    assert not found, f"{doc} names {found}, which readers of the repository do not have"


def test_the_page_reader_finds_named_tests_and_skips_file_names() -> None:
    text = ("(`test_batalo_rules_text.py::test_goal_get_one_of_your_pieces_onto_your_opponents_base`,"
            " `test_ruling_13_a_repeated_position_is_legal`; see tests/games/test_hex_rules.py)")
    assert named_tests(text) == [
        ("test_batalo_rules_text.py", "test_goal_get_one_of_your_pieces_onto_your_opponents_base"),
        (None, "test_ruling_13_a_repeated_position_is_legal")]


def test_every_registered_game_has_a_checked_page() -> None:
    """A game registered without its page in GAMES would state its rules nowhere checked."""
    from pbmkit.games import game_key, game_names

    assert sorted(game_names()) == sorted(game_key(g.name) for g in GAMES)
    for game in GAMES:
        assert (ROOT / game.doc).is_file() and all((ROOT / t).is_file() for t in game.rules_tests), \
            game
