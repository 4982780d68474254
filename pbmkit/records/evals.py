"""The engine's annotations in a record's comments (issue 41 §2): ``{[%eval red 0.62 blue 0.38] ??
a blunder ...}`` after a move, as ``pbmkit analyse`` writes them (docs/engine.md).

A record comes by mail, so what a comment holds is read strictly and bounded: an annotation is
used only when it names every side of the game exactly once, each with a chance written ``0``,
``1`` or ``0.`` and up to six digits (``1.0``...); anything else is ignored, never an error. The
mark (``?`` a mistake, ``??`` a blunder) is the first word of a comment that holds a well-formed
annotation, so a player's own ``{? I wonder}`` marks nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from pbmkit.records.model import Comment, Record, Turn

__all__ = ["MARKS", "MoveEval", "format_eval", "move_eval", "move_evals", "read_eval"]

_EVAL = re.compile(r"\[%eval(?=[ \t\]])([^\[\]]{0,400})\]")
"""One annotation; its inside is at most 400 characters (five sides take under 100)."""
_CHANCE = re.compile(r"0(?:\.[0-9]{1,6})?|1(?:\.0{1,6})?")
_ANNOTATION = re.compile(r"\[%[^\]]*\]")
_MARK = re.compile(r"(\?\??)(?:\s|$)")
MARKS = ("?", "??")
"""A mistake, a blunder (docs/engine.md gives the thresholds)."""
_TRIED = 4
"""The annotations of one comment looked at, at most."""


@dataclass(frozen=True, slots=True)
class MoveEval:
    """What the analysis says of one move: every side's chance after it, in the order of the
    sides asked for, and its mark (``""``, ``"?"`` or ``"??"``)."""

    chances: tuple[float, ...]
    mark: str = ""


def format_eval(chances: Mapping[str, float]) -> str:
    """The annotation of ``chances`` (side -> chance), two decimals: ``[%eval red 0.62 blue 0.38]``."""
    return "[%eval " + " ".join(f"{side} {chance:.2f}" for side, chance in chances.items()) + "]"


def read_eval(text: str, sides: Sequence[str]) -> tuple[float, ...] | None:
    """The chances of the annotation inside ``text`` (``" red 0.62 blue 0.38"``), in the order of
    ``sides``; None unless every side is named exactly once, each with a well-formed chance."""
    words = text.split()
    if len(words) != 2 * len(sides):
        return None
    got: dict[str, float] = {}
    for side, chance in zip(words[::2], words[1::2], strict=True):
        if side not in sides or side in got or _CHANCE.fullmatch(chance) is None:
            return None
        got[side] = float(chance)
    return tuple(got[side] for side in sides)


def move_eval(comments: Iterable[Comment], sides: Sequence[str]) -> MoveEval | None:
    """The analysis of a move from the comments written after it: the first well-formed
    annotation, and the mark that opens its comment; None where there is none."""
    for comment in comments:
        for k, found in enumerate(_EVAL.finditer(comment.text)):
            if k >= _TRIED:
                break
            chances = read_eval(found.group(1), sides)
            if chances is None:
                continue
            words = _ANNOTATION.sub(" ", comment.text).lstrip()
            mark = _MARK.match(words)
            return MoveEval(chances, mark.group(1) if mark else "")
    return None


def move_evals(record: Record, sides: Sequence[str]) -> dict[tuple[int, int], MoveEval]:
    """Every analysed move of ``record`` (main line and series), by the place of the move
    (line, column) as the replay's plies carry it."""
    out: dict[tuple[int, int], MoveEval] = {}
    for item in record.body:
        if isinstance(item, Turn):
            for move in item.moves:
                if move.comments and (found := move_eval(move.comments, sides)) is not None:
                    out[(move.line, move.column)] = found
    return out
