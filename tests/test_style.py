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
