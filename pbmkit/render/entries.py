"""The plain inputs of the form renderers (no ReportLab here, so the glue stays cheap to import)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pbmkit.games import AnyGame

__all__ = ["ChartEntry", "MailerCard"]


@dataclass(frozen=True)
class ChartEntry:
    """One diagram of the chart: its turn label, the position shown, the moves to mark."""

    label: str
    """The turn as written under the diagram: ``"12"``, ``"12a"``."""
    position: Any
    last_moves: tuple[Any, ...] = field(default_factory=tuple)
    """The turn's moves (games ``Move`` values or (start, end) pairs), marked on the diagram."""
    moves_text: str = ""
    """The turn's moves in words, printed small beside the label, e.g. ``"IR to HS · EV to ES"``."""
    divider: str = ""
    """When set, this entry starts a new row under a ruled divider carrying this text (where an
    alternate series starts, e.g. ``"Alternate series a, from turn 9"``)."""


@dataclass(frozen=True)
class MailerCard:
    """What one filled card shows: field values, the position, the moves to mark."""

    values: Mapping[str, str]
    """Field key -> text: ``Number``, ``Turn``, ``Move``, ``Previous``, ``White``, ``Black``,
    ``Sent``, ``Received``, ``days:1``, ``days:2`` … (each side's days used, this move / total: ``2/28``;
    any may be missing)."""
    position: Any
    moved: str = ""
    """The side that has moved, ``"white"`` or ``"black"`` (ticks its box), or ``""``."""
    last_moves: tuple[Any, ...] = field(default_factory=tuple)
    ticks: frozenset[str] = frozenset()
    """Tick boxes to tick (desk, docs/desk.md): ``"DrawOffer"``, ``"DrawAccept"``, ``"Resign"``."""
    game: AnyGame | None = None
    """The card's game when a sheet mixes games of different rules (None: the sheet's game)."""
    to: str = ""
    """The player the card goes to, ``"Ann Lee (Purple)"``, written on its address side and under
    its title; ``""`` for the one opponent of a two-sided game (the address is written by hand)."""
