"""An event folder's games for the ratings (``pbmkit ratings DIR`` on an event folder,
docs/events.md "Ratings"): the results the crosstable counts, the organiser's included.

:func:`event_rating_games` reads the folder as :func:`~pbmkit.events.load_event` does, so a
result the organiser gave in ``event.toml`` (an adjudication, a correction after the players
finished) is the one rated, as the crosstable shows it. Not rated: a running game, an annulled
one, an unplayed forfeit, and any game whose record holds no move (whatever the organiser's
result: no game was played). A loss on time is a game played, and rated.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pbmkit.events.folder import load_event, read_text_file
from pbmkit.events.model import Event
from pbmkit.ratings.games import FinishedGame, Skipped, finished_from_tags

__all__ = ["EventGames", "event_rating_games"]


@dataclass
class EventGames:
    """The games to rate, the players' starting ratings and years of birth (by e-mail address
    and name, from ``event.toml``), and the games that could not be rated, with why."""

    event: Event
    games: list[FinishedGame] = field(default_factory=list)
    start: dict[str, float] = field(default_factory=dict)
    born: dict[str, int] = field(default_factory=dict)
    skipped: list[Skipped] = field(default_factory=list)


def event_rating_games(folder: str | Path) -> EventGames:
    """The rated games of the event in ``folder`` (:class:`~pbmkit.events.EventError` for a
    folder that is not an event, as :func:`~pbmkit.events.load_event`)."""
    from pbmkit.records import parse_records

    folder = Path(folder)
    event = load_event(folder)
    out = EventGames(event)
    for p in event.players:
        for key in (p.email, p.name):
            if key and p.rating is not None:
                out.start.setdefault(key, float(p.rating))
            if key and p.born is not None:
                out.born.setdefault(key, p.born)
    for game in sorted(event.games, key=lambda g: (g.round, g.number)):
        outcome = game.outcome
        if outcome is None or outcome.kind in ("annulled", "unplayed") or not game.moves:
            continue
        path = folder / game.file
        records, _ = parse_records(read_text_file(path, "record"), str(path))
        tags = dict(records[0].tags)
        scores = {tag.lower(): outcome.points.get(name, 0.0) for tag, name in game.sides.items()}
        got = finished_from_tags(tags, scores, source=str(path), line=records[0].line)
        if isinstance(got, Skipped):
            out.skipped.append(got)
        else:
            out.games.append(got)
    return out
