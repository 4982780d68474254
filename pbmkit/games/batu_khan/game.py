"""Batu Khan as a :class:`~pbmkit.games.base.Game`: one instance per board size.

A record chooses the board with ``[Board "7x7"]`` (files × ranks, 3 to 9 each); without it, the
size a ``Setup`` tag starts with, else 5 × 5. :meth:`BatuKhan.configure` returns the game of that
size; its board, notation (square numbers) and drawing hints are those of the size.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import TYPE_CHECKING, ClassVar

from pbmkit.games.base import Game, GameBase, HowWords, Lazy, SetupError, TagChoice
from pbmkit.games.batu_khan.check import check_move
from pbmkit.games.batu_khan.rules import (
    DEFAULT_FILES,
    DEFAULT_RANKS,
    MAX_SIZE,
    MIN_SIZE,
    SIDE_NAMES,
    Move,
    Position,
    apply,
    geometry,
    initial_position,
    legal_moves,
    outcome,
)
from pbmkit.games.batu_khan.setup import format_setup, parse_board_size, parse_setup
from pbmkit.games.board import Board

if TYPE_CHECKING:
    from pbmkit.games.drawing import Look
    from pbmkit.games.notation import MoveNotation

__all__ = ["GAME", "BatuKhan", "batu_khan"]


class BatuKhan(GameBase[Position, Move], rules=(legal_moves, check_move, apply, outcome, format_setup)):
    """The Batu Khan rules on one board size (``files`` × ``ranks``)."""

    name = "batukhan"
    title = "Batu Khan"
    sides = SIDE_NAMES
    extra_tags = ("Board",)
    tag_choices: ClassVar[Mapping[str, TagChoice]] = {
        "Board": TagChoice(f"files x ranks, each {MIN_SIZE} to {MAX_SIZE} "
                           f"({DEFAULT_FILES}x{DEFAULT_RANKS} without the tag)",
                           ("5x5", "7x7", "9x6")),
    }
    outcome_words: ClassVar[Mapping[str, HowWords]] = {
        "camp": HowWords("with two stones in the opponent's camp",
                         "with two stones in the opponent's camp", "two stones in the camp"),
        "no-moves": HowWords("because the opponent had no action left",
                             "as the opponent has no action left", "opponent had no action"),
    }

    def __init__(self, files: int = DEFAULT_FILES, ranks: int = DEFAULT_RANKS) -> None:
        self.geometry = geometry(files, ranks)
        self.files, self.ranks = files, ranks

    @property
    def board(self) -> Board:
        """The square board of this size."""
        return self.geometry.board

    def configure(self, tags: Mapping[str, str]) -> BatuKhan:
        """The game of the board the record's ``Board`` tag chooses (else the size its ``Setup``
        starts with, else 5 × 5); :class:`SetupError` for a bad size or a Setup of another size."""
        super().configure(tags)  # no First tag: South always moves first
        size = tags.get("Board")
        setup = tags.get("Setup", "").split()
        setup_size = None
        if setup and setup[0][:1].isdigit():
            try:
                setup_size = parse_board_size(setup[0])
            except SetupError as exc:
                raise SetupError(str(exc), tag="Setup") from None
        if size is None:
            files, ranks = setup_size or (DEFAULT_FILES, DEFAULT_RANKS)
        else:
            try:
                files, ranks = parse_board_size(size)
            except SetupError as exc:
                raise SetupError(f"the Board tag: {exc}", tag="Board") from None
            if setup_size is not None and setup_size != (files, ranks):
                raise SetupError(f"the Setup is for a {setup_size[0]}x{setup_size[1]} board, but the "
                                 f"Board tag says {files}x{ranks}", tag="Setup")
        return batu_khan(files, ranks)

    def initial_position(self) -> Position:
        """The empty board of this size, every piece in hand, South to move."""
        return initial_position(self.files, self.ranks)

    def side_to_move(self, position: Position) -> str:
        """``"south"`` or ``"north"``."""
        return SIDE_NAMES[position.turn]

    evaluate: Lazy[Callable[[Position], float]] = Lazy("pbmkit.games.batu_khan.engine:evaluate")
    """The side to move's chance, for the engine's playouts cut short (optional:
    ``pbmkit.engine.Evaluates``; docs/engine.md)."""

    # The two calls made for every move of every record checked: the rules' functions themselves
    # (see check.check_move and rules.apply), without a method in between.
    def parse_setup(self, text: str) -> Position:
        """A position from a ``Setup`` value; a Setup without a size is on this game's board.

        A Setup that names another size gives a position of that size: :meth:`configure` has
        already chosen the game of the Setup's size for a record (or refused a Board tag that
        disagrees with it), and ``pbmkit new --setup`` may start a record on any board this way.
        """
        fields = text.split()
        if not (fields and fields[0][:1].isdigit()):
            text = f"{self.geometry.label} {text}"
        return parse_setup(text)

    def touched(self, move: Move) -> tuple[tuple[int, ...], ...]:
        """A laid piece: its square alone (shaded, no arrow); a move: its start and end."""
        end = self.geometry.find(move.end)
        if end is None:
            return ()
        if move.start is None:
            return ((end,),)
        start = self.geometry.find(move.start)
        return ((end,),) if start is None else ((start, end),)

    def look(self) -> Look[Position]:
        """Lettered stones (light South, dark North), blockades, camps, hands beside the board."""
        from pbmkit.games.batu_khan.look import look

        return look(self.files, self.ranks)

    @property
    def notation(self) -> MoveNotation[Position, Move]:
        """``B@c1``, ``X@d3``, ``B c1-c3``, ``Y b2xc3`` (:mod:`pbmkit.games.batu_khan.notation`)."""
        from pbmkit.games.batu_khan.notation import notation_for

        return notation_for(self.files, self.ranks)


@cache
def batu_khan(files: int = DEFAULT_FILES, ranks: int = DEFAULT_RANKS) -> BatuKhan:
    """The game on a ``files`` × ``ranks`` board (one instance per size)."""
    return BatuKhan(files, ranks)


GAME = batu_khan(DEFAULT_FILES, DEFAULT_RANKS)
"""The registry's Batu Khan game (5 × 5; records choose another size with the Board tag)."""

if TYPE_CHECKING:  # mypy --strict proves the game satisfies the whole protocol
    _AS_GAME: Game[Position, Move] = GAME
