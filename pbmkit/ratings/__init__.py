"""Rating lists from finished games (docs/events.md, "Ratings").

::

    from pbmkit.ratings import rate, read_paths
    games = [g for g in read_paths(["club/"]) if isinstance(g, FinishedGame)]
    for rating_list in rate(games):
        ...

Two-player games are rated by FIDE's Elo (:mod:`pbmkit.ratings.elo`) with each game's first-side
advantage estimated and allowed for; games of three to five sides by openskill's Plackett–Luce
model (:mod:`pbmkit.ratings.multi`). Records are read, not replayed: a game's result is the one
written (:mod:`pbmkit.ratings.games`).
"""

from __future__ import annotations

from pbmkit.ratings.games import (
    FinishedGame,
    Place,
    ReadProblem,
    Skipped,
    finished_from_tags,
    finished_game,
    finished_games,
    read_paths,
)
from pbmkit.ratings.lists import identities, rate
from pbmkit.ratings.model import PlayerRating, RatingList

__all__ = [
    "FinishedGame",
    "Place",
    "PlayerRating",
    "RatingList",
    "ReadProblem",
    "Skipped",
    "finished_from_tags",
    "finished_game",
    "finished_games",
    "identities",
    "rate",
    "read_paths",
]
