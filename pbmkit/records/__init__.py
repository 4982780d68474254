"""Game records as text: the Lark grammar, the record model, the replayer and the writers.

Reading is :func:`parse_records` (syntax only) and :func:`replay` / :func:`check_text` (rules).
Writing is :func:`write_record`. A move is one token to this layer: the game's own notation
(``get_game(name).notation``, in :mod:`pbmkit.games`) reads and writes it. Lark is imported on the
first parse only. The correspondence desk (dates, clocks, what ``pbmkit check`` reports, moving
and endings on a record's text) is the layer above: :mod:`pbmkit.desk`.
"""

from pbmkit.records.convert import append_move, to_pbmserv
from pbmkit.records.model import Comment, Ending, Phase, Record, Turn, WrittenMove
from pbmkit.records.problems import IllegalMoveError, MoveSyntaxError, Problem
from pbmkit.records.reader import parse_records
from pbmkit.records.replay import GameReplay, Ply, check_text, format_move, parse_move, read_move, replay
from pbmkit.records.writer import moves_text, new_record_text, write_record, write_records

__all__ = [
    "Comment",
    "Ending",
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
    "moves_text",
    "new_record_text",
    "parse_move",
    "parse_records",
    "read_move",
    "replay",
    "to_pbmserv",
    "write_record",
    "write_records",
]
