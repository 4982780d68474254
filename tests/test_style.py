"""The code stays ruff clean and fully typed (py.typed ships, so users' type checkers read it)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_tool(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)


def test_ruff_finds_nothing() -> None:
    done = run_tool("ruff", "check", "pbmkit", "tests", "bench", "scripts", "setup.py", "build_backend")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_finds_nothing_in_the_package() -> None:
    done = run_tool("mypy", "--strict", "--ignore-missing-imports", "pbmkit")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_finds_nothing_in_the_build() -> None:
    """The compiled build's backend, setup script and test runner (docs/performance.md)."""
    done = run_tool("mypy", "--strict", "--ignore-missing-imports", "setup.py",
                    "build_backend/pbmkit_build.py", "scripts/test_compiled.py")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_package_ships_its_type_marker() -> None:
    assert (ROOT / "pbmkit" / "py.typed").is_file()
    assert "py.typed" in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_an_opaque_game_is_written_any_game_outside_the_games() -> None:
    """Issue 36: outside ``pbmkit/games/``, a game whose position and move are opaque is
    ``AnyGame`` (``pbmkit.games.base``), never ``Game[Any, Any]`` again nor a bare ``game: Any``."""
    import re

    spelled = re.compile(r"\bGame\[\s*Any\s*,\s*Any\s*\]|\bgame: Any\b")
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
             for path in sorted((ROOT / "pbmkit").rglob("*.py"))
             if "games" not in path.relative_to(ROOT / "pbmkit").parts[:1]
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if spelled.search(line)]
    assert not found, "\n".join(found)
