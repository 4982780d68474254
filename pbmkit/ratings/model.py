"""What a rating list is: its lines (:class:`PlayerRating`) and the list (:class:`RatingList`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pbmkit.ratings.fide import PeriodLine

__all__ = ["PlayerRating", "RatingList", "Tally", "lines_of"]


@dataclass(slots=True)
class PlayerRating:
    """One line of a rating list."""

    name: str
    """The name the player used in their latest game."""
    email: str
    """The e-mail address that identifies the player (``""``: known by name only)."""
    rating: float
    """Elo (two-player games), or openskill's conservative ordinal μ − 3σ (more sides)."""
    games: int
    """The games this list counted for the player."""
    event: str
    """The event of the player's latest game (its ``Event`` tag, ``""`` for none)."""
    change: float
    """The rating change over the player's games of that event."""
    mu: float | None = None
    """openskill's μ and σ (games of more than two sides only)."""
    sigma: float | None = None
    periods: list[PeriodLine] = field(default_factory=list)
    """FIDE's method: the player's line of each rating period (expected score, score, K,
    change), as FIDE's rating report gives it."""


@dataclass(slots=True)
class RatingList:
    """The rating list of one game: two-player games (``system`` ``"elo"``) or games of three to
    five sides (``"openskill"``) each have their own."""

    name: str
    """``Batalo``; ``Batrakill, 3 to 5 players`` for the games of more sides."""
    rules: str
    """The game's registry name (``batalo``)."""
    system: str
    """``elo`` (pbmkit's game-by-game Elo), ``fide`` (FIDE's periods) or ``openskill``."""
    games: int
    """The games rated."""
    players: list[PlayerRating] = field(default_factory=list)
    """Best first."""
    first_side: str = ""
    """The side that moves first, whose advantage is estimated (two-player lists)."""
    advantage: float = 0.0
    """The first side's advantage in rating points (two-player lists), or per side (in
    :attr:`seats`) for games of more sides."""
    seats: dict[str, float] = field(default_factory=dict)
    """Games of more sides: each side's advantage, the μ of the side's seat (see docs)."""
    advantage_error: float | None = None
    """The standard error of :attr:`advantage` (two-player Elo lists); None when the games are
    too few to estimate it (:data:`~pbmkit.ratings.elo.MIN_ADVANTAGE_GAMES`: none allowed for)."""


@dataclass(slots=True)
class Tally:
    """A player's running state while a list is computed."""

    name: str
    rating: float
    games: int = 0
    event: str = ""
    changes: dict[str, float] = field(default_factory=dict)

    def add(self, event: str, change: float) -> None:
        self.rating += change
        self.games += 1
        self.event = event
        self.changes[event] = self.changes.get(event, 0.0) + change


def lines_of(players: Mapping[str, Tally], extra: Mapping[str, tuple[float, float]] | None = None
           ) -> list[PlayerRating]:
    """The lines of a list, best first (ties by name, then key); ``extra``: openskill's μ, σ."""
    out = []
    for key, p in players.items():
        mu, sigma = extra[key] if extra is not None else (None, None)
        email = key.removeprefix("email:") if key.startswith("email:") else ""
        out.append((key, PlayerRating(p.name, email, p.rating,
                                      p.games, p.event, p.changes.get(p.event, 0.0), mu, sigma)))
    out.sort(key=lambda kp: (-round(kp[1].rating, 6), kp[1].name.casefold(), kp[0]))
    return [p for _, p in out]
