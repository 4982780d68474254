"""pbmkit's build backend: setuptools', with the hot modules compiled by mypyc when it can be done.

``pip install .`` (a wheel) compiles the modules of :data:`HOT_MODULES` with mypyc when a C
compiler and the Python headers work and the environment variable ``PBMKIT_COMPILE`` is not
``0``; otherwise it installs pure Python. A compile that fails installs pure Python too (setup.py's
``build_ext``), never a broken install. An editable install (``pip install -e .``, the Makefile's)
is always pure. The ``.py`` files stay the definition: the compiled modules are built from them
and installed beside them (docs/performance.md, "The compiled build").

The PEP 517 hooks are setuptools' own (``setuptools.build_meta``), with one change: building a
wheel asks for ``mypy`` (which holds mypyc) only when it will compile.
"""

from __future__ import annotations

import os
import sys
import sysconfig
import tempfile
from pathlib import Path

from setuptools import build_meta as _setuptools
from setuptools.build_meta import (
    build_sdist,
    get_requires_for_build_editable,
    get_requires_for_build_sdist,
    prepare_metadata_for_build_editable,
    prepare_metadata_for_build_wheel,
)

__all__ = [
    "HOT_MODULES",
    "MYPY",
    "build_editable",
    "build_sdist",
    "build_wheel",
    "compile_decision",
    "get_requires_for_build_editable",
    "get_requires_for_build_sdist",
    "get_requires_for_build_wheel",
    "prepare_metadata_for_build_editable",
    "prepare_metadata_for_build_wheel",
]

MYPY = "mypy>=1.8"
"""The build requirement when compiling (mypyc comes with mypy)."""

HOT_MODULES = (
    # The lean reading path every game goes through (`pbmkit check`).
    "pbmkit/desk/summary.py",
    "pbmkit/records/chunks.py",
    # The desk's dates, clocks and comments, on every dated record (issue 37).
    "pbmkit/desk/dates.py",
    # Each game's rules, notation, check and lean `play` where they compile and pay. Left out:
    # Hex's game.py (its rules are its class's methods, whose class attributes are descriptors:
    # mypyc refuses them; docs/performance.md, "The compiled build").
    "pbmkit/games/batalo/rules.py",
    "pbmkit/games/batalo/notation.py",
    "pbmkit/games/batalo/check.py",
    "pbmkit/games/batalo/play.py",
    "pbmkit/games/billo/rules.py",
    "pbmkit/games/billo/notation.py",
    "pbmkit/games/billo/check.py",
    "pbmkit/games/billo/search.py",
    "pbmkit/games/billo/play.py",
    "pbmkit/games/batrakill/rules.py",
    "pbmkit/games/batrakill/notation.py",
    "pbmkit/games/batrakill/check.py",
    "pbmkit/games/batrakill/play.py",
    "pbmkit/games/batu_khan/rules.py",
    "pbmkit/games/batu_khan/notation.py",
    "pbmkit/games/batu_khan/check.py",
    "pbmkit/games/hex/play.py",
    "pbmkit/games/hex/engine.py",
    "pbmkit/games/baladana/rules.py",
    "pbmkit/games/baladana/notation.py",
    "pbmkit/games/baladana/check.py",
    "pbmkit/games/baladana/play.py",
    # The engine's search (docs/engine.md): its playouts and tree, about 1.9x faster compiled.
    "pbmkit/engine/mcts.py",
)
"""The modules compiled, as paths from the project's folder (picked by profile: where
`pbmkit check` spends its time; docs/performance.md)."""

_PROBE = "#include <Python.h>\nint pbmkit_probe(void) { return Py_IsInitialized(); }\n"


def _compiler_works() -> str | None:
    """``None`` when a C compiler builds against this Python's headers, else why not."""
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.errors import CCompilerError, DistutilsError
    from setuptools._distutils.sysconfig import customize_compiler

    include = sysconfig.get_paths()["include"]
    if not Path(include, "Python.h").is_file():
        return f"no Python headers ({include}/Python.h)"
    compiler = new_compiler()
    customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp, "probe.c")
        source.write_text(_PROBE, encoding="ascii")
        try:
            compiler.compile([str(source)], output_dir=tmp, include_dirs=[include])
        except (CCompilerError, DistutilsError, OSError):
            command = getattr(compiler, "compiler_so", None) or ["the C compiler"]
            return f"no working C compiler ({command[0]} cannot build against Python.h)"
    return None


editable = False
"""True while an editable wheel is built (always pure Python)."""


def compile_decision() -> str | None:
    """``None`` when the hot modules are to be compiled, else the reason they are not."""
    if editable:
        return "an editable install runs the source tree"
    if os.environ.get("PBMKIT_COMPILE", "").strip() == "0":
        return "PBMKIT_COMPILE=0"
    if sys.implementation.name != "cpython":
        return f"{sys.implementation.name} is not CPython"
    return _compiler_works()


def get_requires_for_build_wheel(config_settings: dict[str, str | list[str]] | None = None) -> list[str]:
    """setuptools' requirements, and mypy when the wheel will be compiled."""
    needs: list[str] = list(_setuptools.get_requires_for_build_wheel(config_settings))
    if compile_decision() is None:
        needs.append(MYPY)
    return needs


def build_wheel(wheel_directory: str, config_settings: dict[str, str | list[str]] | None = None,
                metadata_directory: str | None = None) -> str:
    """setuptools' wheel; setup.py compiles the hot modules when :func:`compile_decision` says so."""
    name: str = _setuptools.build_wheel(wheel_directory, config_settings, metadata_directory)
    return name


def build_editable(wheel_directory: str, config_settings: dict[str, str | list[str]] | None = None,
                   metadata_directory: str | None = None) -> str:
    """setuptools' editable wheel, always pure Python: the source tree is what runs."""
    global editable
    editable = True  # read by setup.py, run in this process
    try:
        name: str = _setuptools.build_editable(wheel_directory, config_settings, metadata_directory)
        return name
    finally:
        editable = False
