"""The correspondence desk: a record as a player keeps it (docs/desk.md).

Above the records layer (:mod:`pbmkit.records`: read, replay, write): the desk's dates on moves,
days used and time controls (:mod:`~pbmkit.desk.dates`), what ``pbmkit check`` reports of each game
(:func:`iter_checks`, the lean check, :mod:`~pbmkit.desk.summary`), a move played on a record's text
(:mod:`~pbmkit.desk.moving`), the endings a player writes (:mod:`~pbmkit.desk.actions`) and a
game as JSON with its dates (:func:`to_json_record`).

The three names are imported on first use: a module of the desk (a mailed move's
:mod:`~pbmkit.desk.moving`) is imported without the lean check's and the export's modules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pbmkit.desk.export import to_json_record as to_json_record
    from pbmkit.desk.summary import GameCheck as GameCheck
    from pbmkit.desk.summary import iter_checks as iter_checks

__all__ = ["GameCheck", "iter_checks", "to_json_record"]

_FROM = {"GameCheck": "pbmkit.desk.summary", "iter_checks": "pbmkit.desk.summary",
         "to_json_record": "pbmkit.desk.export"}


def __getattr__(name: str) -> Any:
    """``GameCheck``, ``iter_checks`` and ``to_json_record``, from their modules on first use."""
    module = _FROM.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
