"""Baladãna (Citta Computing, 2005): the rules core, in one package.

The rules text's rules, pbmkit's rulings (house rulings marked), the notation and the Setup
string: ``docs/baladana.md``. Modules, all re-exported here:

* :mod:`~pbmkit.games.baladana.rules`: board, positions, turns, powers, generation, outcome;
* :mod:`~pbmkit.games.baladana.check`: checking one turn, reasons in players' words;
* :mod:`~pbmkit.games.baladana.setup`: Setup strings and diagrams;
* :mod:`~pbmkit.games.baladana.notation`: how turns are written (``Gd1>e2 e2-e6``);
* :mod:`~pbmkit.games.baladana.game`: the :class:`~pbmkit.games.base.Game` (``GAME``);
  :mod:`~pbmkit.games.baladana.look`: its drawing hints.
"""

from __future__ import annotations

from pbmkit.games.baladana.check import check_move, describe_cell, move_or_raise
from pbmkit.games.baladana.game import GAME, Baladana
from pbmkit.games.baladana.rules import (
    BLACK,
    BOARD,
    WHITE,
    Move,
    Position,
    apply,
    can_capture,
    figure_targets,
    golden_in_play,
    golden_on_figures,
    has_legal_move,
    initial_position,
    legal_moves,
    outcome,
    ring_moves,
    space,
    space_name,
    tax_choices,
    terminal,
)
from pbmkit.games.baladana.setup import (
    DEFAULT_SETUP,
    diagram,
    format_setup,
    from_diagram,
    parse_setup,
)

__all__ = [
    "BLACK", "BOARD", "DEFAULT_SETUP", "GAME", "WHITE", "Baladana", "Move", "Position", "apply",
    "can_capture", "check_move", "describe_cell", "diagram", "figure_targets", "format_setup",
    "from_diagram", "golden_in_play", "golden_on_figures", "has_legal_move", "initial_position",
    "legal_moves", "move_or_raise", "outcome", "parse_setup", "ring_moves", "space", "space_name",
    "tax_choices", "terminal",
]
