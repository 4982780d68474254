"""Which pbmkit runs, pure or compiled (docs/performance.md, "The compiled build"), and the guard of
the compiled variant's test run.

``make test`` runs the suite on the source tree (pure Python: every test here then checks that
nothing compiled is used), then ``scripts/test_compiled.py`` compiles a copy of the tree and runs
the game, notation and check tests there with ``PBMKIT_EXPECT_COMPILED=1``: then these tests fail
unless every hot module is imported compiled, from that copy (not the source tree's pure
modules, which ``python -m`` or pytest's own folder could put first on the path).
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType

import pytest

import pbmkit

ROOT = Path(__file__).resolve().parent.parent
COMPILED = os.environ.get("PBMKIT_EXPECT_COMPILED") == "1"


def _backend() -> ModuleType:
    spec = importlib.util.spec_from_file_location("pbmkit_build", ROOT / "build_backend" / "pbmkit_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _hot() -> list[str]:
    return sorted(p.removesuffix(".py").replace("/", ".") for p in _backend().HOT_MODULES)


def test_the_pbmkit_imported_is_this_trees() -> None:
    assert Path(pbmkit.__file__).resolve() == ROOT / "pbmkit" / "__init__.py"


def test_every_hot_module_runs_compiled_in_the_compiled_build_and_none_in_the_pure_one() -> None:
    for name in _hot():
        where = Path(importlib.import_module(name).__file__ or "")
        assert where.parent.resolve().is_relative_to(ROOT / "pbmkit"), (name, where)
        assert where.name.endswith(tuple(EXTENSION_SUFFIXES)) == COMPILED, (name, where)
    assert pbmkit.compiled_modules() == (tuple(_hot()) if COMPILED else ())


def test_the_version_says_which_build_runs() -> None:
    done = subprocess.run([sys.executable, "-m", "pbmkit", "--version"], capture_output=True, text=True,
                          timeout=60, cwd=ROOT)
    build = f"(compiled: {len(_hot())} modules)" if COMPILED else "(pure Python)"
    assert done.returncode == 0 and done.stdout == f"pbmkit, version {pbmkit.__version__} {build}\n"


def test_every_hot_module_exists_and_is_a_module_of_pbmkit() -> None:
    for path in _backend().HOT_MODULES:
        assert (ROOT / path).is_file() and path.startswith("pbmkit/"), path


@pytest.mark.parametrize(("setting", "compiles"), [("0", False), (" 0 ", False)])
def test_pbmkit_compile_0_turns_the_compiled_build_off(monkeypatch: pytest.MonkeyPatch, setting: str,
                                                       compiles: bool) -> None:
    monkeypatch.setenv("PBMKIT_COMPILE", setting)
    backend = _backend()
    assert backend.compile_decision() == "PBMKIT_COMPILE=0"
    assert (backend.MYPY in backend.get_requires_for_build_wheel()) == compiles
