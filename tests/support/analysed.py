"""Analysed copies of records for the tests, written by ``pbmkit analyse``'s own writer
(:func:`pbmkit.cli.analyse.annotated_text`) with chances and marks the test chooses, so that what
the plot must show is known without running the engine."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from pbmkit.cli.analyse import Judged, annotated_text
from pbmkit.records import check_text

__all__ = ["analysed"]


def analysed(text: str, chances: Callable[[int, list[str]], dict[str, float]],
             marks: Mapping[int, str] | None = None) -> str:
    """``text`` (one game) with an ``[%eval ...]`` comment after every main-line move: the
    ``k``-th move (1 the first) gets ``chances(k, sides)`` and the mark ``marks[k]`` if any."""
    (rep,) = check_text(text, "test.txt")
    assert rep.game is not None and rep.valid
    sides = list(rep.order or rep.game.order)
    marks = marks or {}
    judged = []
    for k, ply in enumerate(rep.main, 1):
        got = chances(k, sides)
        mark = marks.get(k, "")
        note = f"a test mark after move {k}" if mark else ""
        judged.append(Judged(ply, got, 0.5, got[ply.side], mark, None, note))
    return annotated_text(text, rep, judged)
