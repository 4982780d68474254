"""What an event is, as the crosstable, letters and ratings read it.

:func:`pbmkit.events.load_event` (the event folder: ``event.toml`` and one record per game)
returns an :class:`Event`; the crosstable (:mod:`pbmkit.events.table`) and the letters need
nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

ResultKind = Literal["played", "time", "unplayed", "adjudicated", "annulled"]
"""How a finished game was decided (docs/events.md, "Results and withdrawals"): ``played`` to a
result; ``time``, a forfeit of a game played (lost on time, or by the referee's ruling after
moves were made), which counts as a game for wins, Sonneborn–Berger and ratings; ``unplayed``, a
forfeit of a game never played (before the first move, a withdrawal), which scores the point but
is no game (``+``/``-``, not rated); ``adjudicated``; ``annulled`` (counts for no one)."""

FORFEITS: tuple[ResultKind, ...] = ("time", "unplayed")
"""The two kinds of forfeit."""


@dataclass(frozen=True)
class Player:
    """One player of the event, as ``event.toml`` lists them."""

    name: str
    email: str = ""
    address: str = ""
    rating: int | None = None
    withdrawn: bool = False
    born: int | None = None
    """The year of birth where the players file gives it (FIDE's K of 40 for a junior)."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game counts: points per player name (1, 0.5, 0; shared out among the
    players of a game of more sides as docs/events.md says), and how it was decided."""

    points: dict[str, float]
    kind: ResultKind = "played"
    winner_side: str | None = None
    """The winning side's name as the record writes it (``White``, ``Purple``), None for a draw
    (and for a forfeit or annulment without one winner)."""
    note: str = ""
    """The organiser's note on the result (``withdrawal of Femi Ade``), empty otherwise."""


@dataclass(frozen=True)
class EventGame:
    """One game of the event: its number, round and table, which player plays which side (side
    names in the game's order of play), its record file (relative to the event folder), and its
    outcome (None while it is running)."""

    number: int
    round: int
    sides: dict[str, str]
    file: str
    table: int = 1
    outcome: Outcome | None = None
    moves: int | None = None
    """The moves (plies) of the record's main line, once read (None: not read); a game without a
    move is never rated (docs/events.md, "Ratings")."""


@dataclass(frozen=True)
class Event:
    """The event: its name, game (rules name), settings, players in seeding order, and games."""

    name: str
    rules: str
    players: list[Player]
    games: list[EventGame]
    double: bool = False
    organiser: Player | None = None
    tags: dict[str, str] = field(default_factory=dict)
    tie_breaks: tuple[str, ...] = ()
    """The event's tie-breaks as ``event.toml`` gives them (system and preset names,
    :mod:`pbmkit.events.tiebreaks`); empty: the default preset."""
