"""Games of three to five sides: openskill's Plackett–Luce model (Weng and Lin, 2011), not a
rating written here.

Each game is a ranking: the winning side (or sides) first, every other side tied behind; a draw
ties all. A side's advantage (Batrakill's dragon against the factions) is allowed for as openskill
allows for anything a team shares: each player is rated together with a teammate standing for
the side they played (its "seat", one per side name, rated by the same model over every game of
the list), so a seat that wins more often than its players' ratings say takes that share of the
credit, and the players keep theirs (docs/events.md, "Ratings"). A player's rating on the list is
openskill's conservative ordinal, μ − 3σ (0 for a newcomer: μ 25, σ 25/3).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pbmkit.ratings.games import FinishedGame
from pbmkit.ratings.model import RatingList, Tally, lines_of

__all__ = ["openskill_list"]


if TYPE_CHECKING:
    from openskill.models import PlackettLuceRating


def openskill_list(name: str, games: Sequence[FinishedGame], keys: Sequence[tuple[str, ...]]
                   ) -> RatingList:
    """The :class:`~pbmkit.ratings.lists.RatingList` of ``games`` (all of one game, in order),
    ``keys`` each game's players' keys in the order of its places."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings: dict[str, PlackettLuceRating] = {}
    seats: dict[str, PlackettLuceRating] = {}
    players: dict[str, Tally] = {}
    for g, ks in zip(games, keys, strict=True):
        teams = []
        for place, key in zip(g.places, ks, strict=True):
            if key not in ratings:
                ratings[key] = model.rating()
                players[key] = Tally(place.name, 0.0)
            if place.side not in seats:
                seats[place.side] = model.rating()
            teams.append([ratings[key], seats[place.side]])
        best = max(p.score for p in g.places)
        new = model.rate(teams, ranks=[1 if p.score == best else 2 for p in g.places])
        for place, key, (player, seat) in zip(g.places, ks, new, strict=True):
            before = ratings[key].ordinal()
            ratings[key] = player
            seats[place.side] = seat
            state = players[key]
            state.name = place.name
            state.rating = before
            state.add(g.event, player.ordinal() - before)
    mean = sum(s.mu for s in seats.values()) / len(seats) if seats else 0.0
    lines = lines_of(players, {k: (r.mu, r.sigma) for k, r in ratings.items()})
    return RatingList(name, games[0].rules, "openskill", len(games), lines,
                      seats={side: s.mu - mean for side, s in sorted(seats.items())})
