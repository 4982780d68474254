r"""pbmkit: play-by-mail and notation toolkit for Batalo and its family of abstract board games.

The names most scripts need are here, imported on first use (``import pbmkit`` itself stays
instant, which every command's start-up relies on)::

    >>> import pbmkit
    >>> game = pbmkit.get_game("Batalo")
    >>> [rep] = pbmkit.check_text('[Game "Batalo"]\n1. IR to HS EV to FU\n')
    >>> rep.valid, len(rep.main)
    (True, 2)

The layers themselves are :mod:`pbmkit.games`, :mod:`pbmkit.records` and :mod:`pbmkit.render`
(docs/api.md).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

__version__ = "0.1.0"

_EXPORTS = {
    "AmbiguousMoveError": "pbmkit.games",
    "IllegalMoveError": "pbmkit.games",
    "MoveError": "pbmkit.games",
    "PbmkitError": "pbmkit.games",
    "SetupError": "pbmkit.games",
    "UnknownGameError": "pbmkit.games",
    "game_names": "pbmkit.games",
    "get_game": "pbmkit.games",
    "MoveSyntaxError": "pbmkit.games.notation",
    "GameReplay": "pbmkit.records",
    "Record": "pbmkit.records",
    "check_text": "pbmkit.records",
    "moves_text": "pbmkit.records",
    "parse_move": "pbmkit.records",
    "parse_records": "pbmkit.records",
    "replay": "pbmkit.records",
    "write_record": "pbmkit.records",
}

__all__ = [
    "AmbiguousMoveError",
    "GameReplay",
    "IllegalMoveError",
    "MoveError",
    "MoveSyntaxError",
    "PbmkitError",
    "Record",
    "SetupError",
    "UnknownGameError",
    "__version__",
    "check_text",
    "compiled_modules",
    "game_names",
    "get_game",
    "moves_text",
    "parse_move",
    "parse_records",
    "replay",
    "write_record",
]

if TYPE_CHECKING:
    from pbmkit.games import (
        AmbiguousMoveError,
        IllegalMoveError,
        MoveError,
        PbmkitError,
        SetupError,
        UnknownGameError,
        game_names,
        get_game,
    )
    from pbmkit.games.notation import MoveSyntaxError
    from pbmkit.records import (
        GameReplay,
        Record,
        check_text,
        moves_text,
        parse_move,
        parse_records,
        replay,
        write_record,
    )


def compiled_modules() -> tuple[str, ...]:
    """The modules of pbmkit that this process runs compiled (the mypyc build of ``pip install
    .``; docs/performance.md, "The compiled build"), by dotted name, sorted; ``()`` when pbmkit
    runs as pure Python (an editable install, the source tree, ``PBMKIT_COMPILE=0``, no C
    compiler).

    A module counts when it is imported from a compiled file, or, not imported yet, when a
    compiled file stands beside its source (Python imports that one first).

    >>> import pbmkit
    >>> isinstance(pbmkit.compiled_modules(), tuple)
    True
    """
    import os
    import sys
    from importlib.machinery import EXTENSION_SUFFIXES

    root = os.path.dirname(os.path.abspath(__file__))
    found: list[str] = []
    for folder, _dirs, files in os.walk(root):
        rel = os.path.relpath(folder, root)
        package = "pbmkit" if rel == "." else "pbmkit." + rel.replace(os.sep, ".")
        for file in files:
            if not file.endswith(".py") or file == "__init__.py":
                continue
            name = f"{package}.{file[:-3]}"
            module = sys.modules.get(name)
            where = getattr(module, "__file__", None) or ""
            if module is not None:
                if where.endswith(tuple(EXTENSION_SUFFIXES)):
                    found.append(name)
            elif any(file[:-3] + suffix in files for suffix in EXTENSION_SUFFIXES):
                found.append(name)
    return tuple(sorted(found))


def __getattr__(name: str) -> object:
    """The exported names, imported from their layer on first use (PEP 562)."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'pbmkit' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The module's names and the exported ones, which arrive through :func:`__getattr__` (so
    ``dir(pbmkit)`` and a shell's tab completion list the API before its first use)."""
    return sorted({*globals(), *__all__})
