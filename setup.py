"""pbmkit's compiled build (docs/performance.md, "The compiled build"); the metadata is pyproject.toml's.

Building a wheel (``pip install .``) compiles the hot modules (``build_backend/pbmkit_build.py``,
``HOT_MODULES``) with mypyc when a C compiler works and ``PBMKIT_COMPILE`` is not ``0``, and says
in one line which it does. A compile that fails leaves pure Python, whole: no compiled module is
kept when any failed. ``PBMKIT_COMPILE=1`` makes "cannot compile" an error instead (the test run
of the compiled build uses it). An editable install is always pure.

    python setup.py build_ext --inplace -j 2   # compile in place (a copy of the tree, say)
"""

from __future__ import annotations

import inspect
import os
import sys
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "build_backend"))

import pbmkit_build  # noqa: E402  (the backend itself when pip builds: already imported)

REQUIRED = os.environ.get("PBMKIT_COMPILE", "").strip() == "1"


def _say(line: str) -> None:
    print(f"pbmkit: {line}", file=sys.stderr, flush=True)


def _refuse(reason: str) -> None:
    if REQUIRED:
        raise SystemExit(f"pbmkit: PBMKIT_COMPILE=1, but the hot modules cannot be compiled: {reason}")
    _say(f"installing pure Python ({reason})")


def _short(e: BaseException) -> str:
    """An error in a few words: its first line, its middle cut when long (a compiler's command)."""
    lines = str(e).strip().splitlines()
    line = lines[0] if lines else type(e).__name__
    return line if len(line) <= 120 else f"{line[:60]} ... {line[-55:]}"


class OptionalBuildExt(build_ext):  # type: ignore[misc]  # setuptools' command is untyped
    """``build_ext`` that, when any compiled module fails to build, removes every one it built:
    the install is then pure Python, whole (a module compiled without the others' shared library
    would fail at import)."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as e:  # a compiler's or linker's error, whatever its class
            for ext in self.extensions:
                for path in {self.get_ext_fullpath(ext.name), str(HERE / self.get_ext_filename(ext.name))}:
                    if os.path.exists(path):
                        os.remove(path)
            _refuse(f"compiling failed: {_short(e)}")


_BUILDS = {"build", "build_ext", "bdist_wheel", "install"}
"""The commands that build modules; metadata, sdists and editable wheels compile nothing."""


def _extensions() -> list[Extension]:
    if not _BUILDS.intersection(sys.argv[1:]):
        return []
    reason = pbmkit_build.compile_decision()
    if reason is not None:
        _refuse(reason)
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _refuse("mypy, which holds mypyc, is not installed")
        return []
    options: dict[str, Any] = {"opt_level": "3"}
    if "group_name" in inspect.signature(mypycify).parameters:
        options["group_name"] = "pbmkit"  # pbmkit__mypyc.*.so, not a hash-named module
    here = os.getcwd()
    os.chdir(HERE)
    try:
        # mypy checks the compiled modules and follows their imports; a build environment has
        # none of pbmkit's dependencies installed, whose types the hot path does not need.
        extensions: list[Extension] = mypycify(["--ignore-missing-imports", *pbmkit_build.HOT_MODULES],
                                               **options)
    except (Exception, SystemExit) as e:  # mypyc reports a refused module by SystemExit
        _refuse(f"mypyc refused the modules: {_short(e)}")
        return []
    finally:
        os.chdir(here)
    _say(f"compiling {len(pbmkit_build.HOT_MODULES)} modules with mypyc")
    return extensions


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
