"""Batu Khan (a Swedish leaflet game): the rules core, in one package.

The leaflet's rules, pbmkit's rulings 1–7 (house rulings marked), the notation and the Setup
string: ``docs/batu-khan.md``. The package is split in modules, all re-exported here:

* :mod:`~pbmkit.games.batu_khan.rules`: board sizes, positions, moves, generation, threats, outcome;
* :mod:`~pbmkit.games.batu_khan.check`: checking one action, reasons in players' words;
* :mod:`~pbmkit.games.batu_khan.setup`: Setup strings, board sizes and ASCII diagrams;
* :mod:`~pbmkit.games.batu_khan.notation`: how actions are written (``B@c1``, ``Y b2xc3``);
* :mod:`~pbmkit.games.batu_khan.game`: the :class:`~pbmkit.games.base.Game` (``GAME``), one per
  board size; :mod:`~pbmkit.games.batu_khan.look`: its drawing hints.
"""

from __future__ import annotations

from pbmkit.games.base import IllegalMoveError, Outcome
from pbmkit.games.batu_khan.check import check_move, move_or_raise, movement_rule
from pbmkit.games.batu_khan.game import GAME, BatuKhan, batu_khan
from pbmkit.games.batu_khan.rules import (
    BLOCKADE,
    DEFAULT_FILES,
    DEFAULT_RANKS,
    EMPTY,
    FULL_HAND,
    KIND_WORDS,
    MAX_SIZE,
    MAX_STONES_IN_PLAY,
    MIN_SIZE,
    NORTH,
    PIECES,
    SIDE_NAMES,
    SOUTH,
    STONES,
    Geometry,
    Move,
    Position,
    apply,
    camp_rank,
    camp_winner,
    describe,
    first_action,
    geometry,
    has_legal_move,
    initial_position,
    legal_moves,
    move_text,
    out_of_play,
    outcome,
    owner,
    stones_in_camp,
    stones_on_board,
    symbol_of,
    threatened_squares,
    threateners,
)
from pbmkit.games.batu_khan.setup import (
    diagram,
    format_setup,
    from_diagram,
    parse_board_size,
    parse_setup,
    standard_setup,
    validate,
)

__all__ = [
    "BLOCKADE",
    "DEFAULT_FILES",
    "DEFAULT_RANKS",
    "EMPTY",
    "FULL_HAND",
    "GAME",
    "KIND_WORDS",
    "MAX_SIZE",
    "MAX_STONES_IN_PLAY",
    "MIN_SIZE",
    "NORTH",
    "PIECES",
    "SIDE_NAMES",
    "SOUTH",
    "STONES",
    "BatuKhan",
    "Geometry",
    "IllegalMoveError",
    "Move",
    "Outcome",
    "Position",
    "apply",
    "batu_khan",
    "camp_rank",
    "camp_winner",
    "check_move",
    "describe",
    "diagram",
    "first_action",
    "format_setup",
    "from_diagram",
    "geometry",
    "has_legal_move",
    "initial_position",
    "legal_moves",
    "move_or_raise",
    "move_text",
    "movement_rule",
    "out_of_play",
    "outcome",
    "owner",
    "parse_board_size",
    "parse_setup",
    "standard_setup",
    "stones_in_camp",
    "stones_on_board",
    "symbol_of",
    "threatened_squares",
    "threateners",
    "validate",
]
