"""Helpers of the Batrakill tests: positions as diagrams with facing arrows, reading and playing
written moves (no tests here).

A diagram has one line per rank, rank 9 on top, a token per square: ``.`` empty, ``D`` dragon,
``T`` empty tower, ``#`` broken tower, a knight as its facing arrow (``^ > v <``) after its faction
letter in the zones version (``Bv``), with ``T`` before it in a placed tower (``T^``) and ``C``
when it carries a tower (``Cv``). A leading rank number on a line is allowed and ignored.
"""

from __future__ import annotations

from collections.abc import Mapping

from pbmkit.games.base import IllegalMoveError
from pbmkit.games.batrakill import Position
from pbmkit.games.batrakill.check import check_move
from pbmkit.games.batrakill.config import config_for, make_config
from pbmkit.games.batrakill.layout import load_layout
from pbmkit.games.batrakill.notation import format_move, notation_for
from pbmkit.games.batrakill.rules import Config, apply, legal_moves
from pbmkit.games.batrakill.setup import from_diagram

DUEL = config_for(load_layout("duel"))
BOARD = DUEL.layout.board
NOTATION = notation_for(BOARD)

CONFIGS: dict[str, dict[str, str]] = {
    "duel": {},
    "2 players": {"Layout": "zones", "Order": "Blue+Green Dragon"},
    "3 players": {"Layout": "zones", "Order": "Blue Dragon Green", "Blue": "A, E", "Green": "B, N"},
    "4 players": {"Layout": "zones", "Order": "Purple Blue Dragon Yellow"},
    "5 players": {"Layout": "zones"},
}
"""The layouts the playout and fast-path tests run on: the duel and zones of 2 to 5 players."""


def zones(**tags: str) -> Config:
    """The zones version configured by ``tags`` (``Order="Blue Dragon Green"``)."""
    return make_config({"Layout": "zones", **tags})


def pos(text: str, cfg: Config = DUEL, *, move: str | None = None, round: int = 1,
        supply: int | None = None, eaten: int = 0, homes: Mapping[str, str] | None = None
        ) -> Position:
    """A position from a diagram (rank numbers at the start of lines are dropped)."""
    lines = []
    for line in text.strip().splitlines():
        words = line.split()
        if words and words[0].isdigit():
            words = words[1:]
        lines.append(" ".join(words))
    return from_diagram(cfg, "\n".join(lines), move=move, round=round, supply=supply, eaten=eaten,
                        homes=homes)


def texts(p: Position) -> set[str]:
    """The legal moves of ``p`` as written."""
    return {format_move(BOARD, m) for m in legal_moves(p)}


def from_square(p: Position, square: str) -> set[str]:
    """The legal moves of the piece on ``square``."""
    return {t for t in texts(p) if t.removeprefix("D ").startswith(square)}


def reason(p: Position, text: str) -> str:
    """Why the written move is illegal (fails if it is legal)."""
    try:
        why = check_move(p, NOTATION.read(text, p))
    except IllegalMoveError as exc:  # the text already contradicts the position
        return str(exc)
    assert why is not None, f"{text} is legal"
    return why


def play(p: Position, *moves: str) -> Position:
    """``p`` after the written moves, each checked legal."""
    for text in moves:
        move = NOTATION.read(text, p)
        why = check_move(p, move)
        assert why is None, f"{text}: {why}"
        p = apply(p, move)
    return p


def sq(name: str) -> int:
    """The square number of ``name``."""
    return BOARD.space(name)
