"""Batrakill as a :class:`~pbmkit.games.base.Game`: one instance per configuration (layout,
factions, order of play), chosen by a record's ``Layout``, ``Order`` and faction tags."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, ClassVar

from pbmkit.games.base import (
    Game,
    GameBase,
    HowWords,
    Lazy,
    Outcome,
    SetupError,
    TagChoice,
    refuse_unread_tags,
)
from pbmkit.games.batrakill.check import check_move
from pbmkit.games.batrakill.config import ZONE_SUFFIX, config_for, make_config
from pbmkit.games.batrakill.layout import FACTIONS, load_layout
from pbmkit.games.batrakill.rules import (
    DRAGON,
    Config,
    Move,
    Position,
    apply,
    initial_position,
    legal_moves,
    outcome,
    place_name,
)
from pbmkit.games.batrakill.setup import format_setup, parse_setup
from pbmkit.games.board import Board

if TYPE_CHECKING:
    from random import Random  # (annotations only: random costs ~0.5 ms to import)

    from pbmkit.games.drawing import Look
    from pbmkit.games.notation import MoveNotation

__all__ = ["GAME", "Batrakill", "batrakill"]


class Batrakill(GameBase[Position, Move], rules=(legal_moves, check_move, apply, format_setup)):
    """The Batrakill rules in one configuration."""

    name = "batrakill"
    title = "Batrakill"
    extra_tags = ("Layout", "Order")
    tag_choices: ClassVar[Mapping[str, TagChoice]] = {
        "Layout": TagChoice("duel (two players, without the tag) or zones (two to five players: "
                            "up to four factions and the dragon)", ("duel", "zones")),
        "Order": TagChoice("in the zones version, the places in their order of play, the Dragon "
                           "once; with two players one moves two factions (Blue+Green Dragon)",
                           ("Purple Blue Green Dragon", "Blue+Green Dragon"),
                           needs={"Layout": "zones"}),
    }
    plural_sides = frozenset({"knights"})
    outcome_words: ClassVar[Mapping[str, HowWords]] = {
        "trapped": HowWords("by immobilising the dragon", "by immobilising the dragon",
                            "dragon immobilised"),
        "captured": HowWords("by capturing the dragon", "by capturing the dragon", "dragon captured"),
        "eaten": HowWords("by eating five knights", "by eating five knights", "five knights eaten"),
        "no-moves": HowWords("because the knights had no move left", "as the knights have no move left",
                             "knights had no move"),
    }

    def __init__(self, config: Config) -> None:
        self.config = config
        places = tuple(place_name(p) for p in config.order)
        self._places = places
        extra = tuple(f for p in config.order if len(p) > 1 for f in p)
        self.sides = (*places, *extra)
        self.rounds = 2 if config.duel else 1

    @property
    def side_tags(self) -> tuple[str, ...]:
        """``Knights``/``Dragon`` in the duel, the faction tags in the zones version."""
        return tuple(s.split("+")[0].capitalize() for s in self.sides)

    @property
    def order(self) -> tuple[str, ...]:
        """The places in the order of play (the ``Order`` tag's)."""
        return tuple(place_name(p) for p in self.config.order)

    def player_name(self, value: str) -> str:
        """The player a side tag names: in the zones version ``"Ann, S"`` is Ann, playing from
        zone S (the forms print the name, the board shows the zone)."""
        return value.strip() if self.config.duel else ZONE_SUFFIX.sub("", value).strip()

    @property
    def table_sizes(self) -> tuple[int, ...]:
        """An event's tables (issue 26): the zones version seats 3 players up to one a zone plus
        the dragon's (rule 12: with 2 players one moves two factions, which an event does not
        pair); the duel is a game of two."""
        if self.config.duel:
            return ()
        return tuple(range(3, len(self.config.layout.zones) + 2))

    def seating(self, players: int) -> tuple[tuple[str, ...], str]:
        """A zones game of ``players`` players: the first ``players - 1`` factions of the layout's
        zones in the standard order, then the dragon, played alone."""
        if players not in self.table_sizes:
            raise SetupError(f"Batrakill's {self.config.layout.name} layout seats "
                             f"{', '.join(map(str, self.table_sizes)) or 'no table of'} players, "
                             f"not {players}", tag="Layout")
        zoned = {z.faction for z in self.config.layout.zones}
        factions = [f.capitalize() for f in FACTIONS if f in zoned][:players - 1]
        return (*factions, DRAGON.capitalize()), DRAGON.capitalize()

    @property
    def board(self) -> Board:
        """The layout's board."""
        return self.config.layout.board

    def configure(self, tags: Mapping[str, str]) -> Batrakill:
        """The game the ``Layout``, ``Order`` and faction tags choose (:class:`SetupError` if none)."""
        if "First" in tags:
            raise SetupError("Batrakill has no First tag: the Order tag gives the order of play",
                             tag="First")
        refuse_unread_tags(self, tags)
        return batrakill(make_config(tags))

    def initial_position(self) -> Position:
        """The layout's start, the first place of the order to move."""
        return initial_position(self.config)

    def side_to_move(self, position: Position) -> str:
        """``"knights"``/``"dragon"`` in the duel; the faction (or ``"blue+green"``) to move."""
        return self._places[position.to_move]

    def outcome(self, position: Position) -> Outcome | None:
        """The winner (``knights``, ``dragon`` or a faction) and how, if the game is over."""
        got = outcome(position)
        return None if got is None else Outcome(*got)

    def round_of(self, position: Position) -> int:
        """The round the next move belongs to."""
        return position.round

    def parse_setup(self, text: str) -> Position:
        """A position from a ``Setup`` value (:mod:`pbmkit.games.batrakill.setup`)."""
        return parse_setup(self.config, text)

    def touched(self, move: Move) -> tuple[tuple[int, ...], ...]:
        """The dragon's placement: its square; any other move: its path."""
        return (move.path,)

    def look(self) -> Look[Position]:
        """Knights lettered by faction with facing arrows, towers, the dragon, camp and X squares."""
        from pbmkit.games.batrakill.look import look

        return look(self.config)

    play: Lazy[Callable[[Position, str], Position | None]] = Lazy("pbmkit.games.batrakill.play:play")
    """A move read, checked and applied in one call (:class:`~pbmkit.games.base.Plays`)."""
    evaluate: Lazy[Callable[[Position], float]] = Lazy("pbmkit.games.batrakill.engine:evaluate")
    """The place to move's chance, for the engine's playouts cut short (optional:
    ``pbmkit.engine.Evaluates``; docs/engine.md)."""
    playout_move: Lazy[Callable[[Position, Random], Move | None]] = Lazy(
        "pbmkit.games.batrakill.engine:playout_move")
    """The move a playout plays, by Batrakill's plan (optional: ``pbmkit.engine.PlaysOut``)."""
    guide: Lazy[Callable[[Position, Sequence[Move]], list[float] | None]] = Lazy(
        "pbmkit.games.batrakill.engine:guide")
    """The knights' plan, for the search to favour (optional: ``pbmkit.engine.Guides``)."""

    @property
    def notation(self) -> MoveNotation[Position, Move]:
        """``c2-c3``, ``e9/e8``, ``e5>c7``, ``D@e5``, ``D e4xe6xg6``."""
        from pbmkit.games.batrakill.notation import notation_for

        return notation_for(self.board)


@cache
def batrakill(config: Config) -> Batrakill:
    """The game of one configuration (one instance each)."""
    return Batrakill(config)


GAME = batrakill(config_for(load_layout("duel")))
"""The registry's Batrakill: the duel on the provisional layout."""

if TYPE_CHECKING:
    from pbmkit.games.base import SeatsTables

    _AS_GAME: Game[Position, Move] = GAME
    _SEATS: SeatsTables = GAME

