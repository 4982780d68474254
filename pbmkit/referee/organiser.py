"""What the club's organiser does from the command line (docs/referee.md): rule a forfeit, make
the club's web pages.

* :func:`forfeit_game` (``pbmkit referee forfeit DIR N SIDE``): under the club's lock, in one
  transaction, the record gets the ``Winner`` tag and ``[Termination "time forfeit"]``
  (:func:`pbmkit.desk.actions.forfeit`; the moves stay), the game is over, its
  conditional moves are dropped, and every player and the organiser get a message (sent by the
  next ``referee run``).
* :func:`club_games` and :func:`make_site` (``pbmkit referee site DIR -o OUT/``): the club's
  games as the database knows them (players by their club names), and the pages
  (:mod:`pbmkit.referee.site`), the ratings from :mod:`pbmkit.ratings`.
"""

from __future__ import annotations

import datetime
import hashlib
import os
from pathlib import Path

from pbmkit.common.files import atomic_write
from pbmkit.referee import queries
from pbmkit.referee.club import Club, load_club
from pbmkit.referee.errors import RefereeError
from pbmkit.referee.site import ClubGame, Ratings, SiteReport, build_site, club_ratings

__all__ = ["ForfeitRefused", "club_games", "forfeit_game", "make_site"]


class ForfeitRefused(RefereeError):
    """A forfeit that cannot be ruled; the message says why (nothing was changed)."""


def forfeit_game(root: str | os.PathLike[str], number: int, side: str,
                 winner: str | None = None, *, now: datetime.datetime | None = None) -> str:
    """Rule that ``side`` of game ``number`` forfeits; the sentence saying what was done."""
    from pbmkit.desk.actions import EventRefused, check_editable, forfeit, verify
    from pbmkit.records import check_text
    from pbmkit.referee.db import open_db
    from pbmkit.referee.keys import load_club_key
    from pbmkit.referee.outgoing import queue, text_message
    from pbmkit.referee.run import club_lock

    club = load_club(root)
    now = now or datetime.datetime.now(datetime.UTC)
    with club_lock(club):
        load_club_key(Path(club.root))
        db = open_db(club.db_path)
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                row = queries.game(db, number)
                if row is None:
                    raise ForfeitRefused(f"there is no game {number} in {club.name}")
                if row.state != "running":
                    raise ForfeitRefused(f"game {number} is over already; nothing was changed")
                text = row.text
                (rep,) = check_text(text, row.record)
                try:
                    check_editable(rep)
                    edit = forfeit(text, rep, side.lower(), winner.lower() if winner else None)
                    verify(edit.text, row.record)
                except EventRefused as exc:
                    raise ForfeitRefused(f"game {number}: {exc}; nothing was changed") from None
                digest = hashlib.sha256(edit.text.encode("utf-8")).hexdigest()
                queries.set_record(db, number, edit.text, digest, "over",
                                   now.isoformat(timespec="seconds"))
                queries.drop_queues(db, number)
                title = rep.game.title if rep.game is not None else row.rules
                recipients = [s.address for s in queries.seats(db, number)]
                if club.organiser:
                    recipients.append(club.organiser)
                for to in dict.fromkeys(recipients):
                    queue(db, text_message(club, to, f"{title} #{number}: forfeit",
                                           f"The organiser of {club.name} rules on game {number}"
                                           f": {edit.message}\nThe moves stay as they were.\n",
                                           now=now), now)
                atomic_write(club.games_dir / row.record, edit.text.encode("utf-8"))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        finally:
            db.close()
    return f"Game {number}: {edit.message} The players and the organiser are told by the next " \
           "referee run."


def club_games(club: Club) -> list[ClubGame]:
    """Every game of the club: its number, its record file, its players by their club names."""
    from pbmkit.referee.db import open_db

    db = open_db(club.db_path)
    try:
        players: dict[int, dict[str, str]] = {}
        for game, side, name in queries.all_seats(db):
            players.setdefault(game, {})[side] = name
        rows = queries.record_names(db)
    finally:
        db.close()
    return [ClubGame(number, club.games_dir / record, players.get(number))
            for number, record in rows]


def make_site(root: str | os.PathLike[str], out: Path, *,
              today: datetime.date | None = None) -> SiteReport:
    """The club's pages in ``out`` (:func:`pbmkit.referee.site.build_site`)."""
    club = load_club(root)
    robots = [r.name for r in club.robots.players]
    ratings: Ratings = lambda title, texts: club_ratings(title, texts, robots,  # noqa: E731
                                                         club.robots.ratings)
    return build_site(club.name, club_games(club), out, ratings=ratings, today=today,
                      referee=club.address)
