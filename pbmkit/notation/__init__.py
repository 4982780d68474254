"""Game records as text: the Lark grammar, the record model, the replayer and the writers.

Reading is :func:`parse_records` (syntax only) and :func:`replay` / :func:`check_text` (rules);
:func:`iter_checks` gives only what ``pbmkit check`` reports of each game, faster. Writing is
:func:`write_record`. Moves are read and written by the game's move notation
(:mod:`pbmkit.notation.movetext`). Lark is imported on the first parse only.
"""

from pbmkit.notation.convert import append_move, to_json_record, to_pbmserv
from pbmkit.notation.model import Comment, Ending, Phase, Record, Turn, WrittenMove
from pbmkit.notation.problems import IllegalMoveError, MoveSyntaxError, Problem
from pbmkit.notation.reader import parse_records
from pbmkit.notation.replay import GameReplay, Ply, check_text, format_move, parse_move, read_move, replay
from pbmkit.notation.summary import GameCheck, iter_checks
from pbmkit.notation.writer import moves_text, new_record_text, write_record, write_records

__all__ = [
    "Comment",
    "Ending",
    "GameCheck",
    "GameReplay",
    "IllegalMoveError",
    "MoveSyntaxError",
    "Phase",
    "Ply",
    "Problem",
    "Record",
    "Turn",
    "WrittenMove",
    "append_move",
    "check_text",
    "format_move",
    "iter_checks",
    "moves_text",
    "new_record_text",
    "parse_move",
    "parse_records",
    "read_move",
    "replay",
    "to_json_record",
    "to_pbmserv",
    "write_record",
    "write_records",
]
