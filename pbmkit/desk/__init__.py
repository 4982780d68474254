"""The correspondence desk: a record as a player keeps it (docs/desk.md).

Above the records layer (:mod:`pbmkit.records`: read, replay, write): the desk's dates on moves,
days used and time controls (:mod:`~pbmkit.desk.dates`), what ``pbmkit check`` reports of each game
(:func:`iter_checks`, the lean check, :mod:`~pbmkit.desk.summary`), a move played on a record's text
(:mod:`~pbmkit.desk.moving`), the endings a player writes (:mod:`~pbmkit.desk.actions`) and a
game as JSON with its dates (:func:`to_json_record`).
"""

from pbmkit.desk.export import to_json_record
from pbmkit.desk.summary import GameCheck, iter_checks

__all__ = ["GameCheck", "iter_checks", "to_json_record"]
