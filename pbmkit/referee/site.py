"""``pbmkit referee site DIR -o OUT/``: the club's static web pages (docs/referee.md, "The site").

Gathers every game of the club (its record under ``games/``), replays it, and writes:

* ``OUT/index.html``: running games (by number) and finished games (the latest first), each a
  link to its page, and a link per game of the club's rules to its standings;
* ``OUT/games/game-N.html``: each game's page, by ``pbmkit html``'s renderer
  (:func:`pbmkit.web.viewer.game_page`: the board, the moves, step through them offline);
* ``OUT/standings-SLUG.html`` per game of the club's rules: the standings (won, drawn, lost,
  points; a win 1, a draw shared, as docs/events.md counts them) and the ratings
  (:mod:`pbmkit.ratings` where it can rate the games).

The pages are drawn by :mod:`pbmkit.web.club` from plain data; everything from a record
or a player is escaped there. Pages are written to a temporary file and renamed, the index last,
so a web server never serves half a page; a record that cannot be read is left out with a line
saying why (the other pages are still written).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from pbmkit.common.files import atomic_write
from pbmkit.web.club import (
    GameRow,
    RatingRow,
    RulesSection,
    Site,
    StandingRow,
    club_index,
    standings_page,
)

if TYPE_CHECKING:
    from pbmkit.records.replay import GameReplay

__all__ = ["ClubGame", "SiteReport", "build_site", "game_points", "players_of", "standings"]

MAX_RECORD = 1_000_000
"""A record larger than this is left out of the site (a game by mail is a few KB)."""


@dataclass(frozen=True)
class ClubGame:
    """One game of the club as the site needs it: its number and its record file; ``players``
    (side -> name) when the club's database knows them better than the record's tags."""

    number: int
    path: Path
    players: dict[str, str] | None = None


@dataclass
class SiteReport:
    """What :func:`build_site` wrote, and what it left out (one line each)."""

    pages: int = 0
    running: int = 0
    finished: int = 0
    skipped: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _Played:
    number: int
    title: str
    rep: GameReplay
    players: tuple[tuple[str, str], ...]
    last: str
    text: str


def players_of(rep: GameReplay) -> tuple[tuple[str, str], ...]:
    """(side, player's name) for each side of the game, in the game's order of sides, from the
    record's side tags (a game's ``player_name`` where the tag holds more than the name)."""
    from pbmkit.render.from_record import player_name

    game = rep.game
    assert game is not None
    return tuple((side, player_name(game, rep.record.tags.get(tag, "")) or "?")
                 for side, tag in zip(game.sides, game.side_tags, strict=True))


def game_points(players: Sequence[tuple[str, str]], winner: str) -> dict[str, float]:
    """Points per player of a finished game (docs/events.md): the game is worth one point; the
    winner's player takes it (a place of several factions is one player), a draw shares it
    equally among the players."""
    names = list(dict.fromkeys(p for _, p in players))
    if winner == "draw":
        return {p: 1 / len(names) for p in names}
    won_sides = set(winner.split("+"))
    winners = list(dict.fromkeys(p for s, p in players if s in won_sides or s == winner))
    return {p: (1 / len(winners) if p in winners else 0.0) for p in names}


def standings(games: Iterable[tuple[Sequence[tuple[str, str]], str | None]]) -> list[StandingRow]:
    """The standings of games given as (players, winner or None while running): points, then
    wins, then fewer games, then the name (any case)."""
    rows: dict[str, list[float]] = {}
    for players, winner in games:
        names = list(dict.fromkeys(p for _, p in players))
        for p in names:
            row = rows.setdefault(p, [0, 0, 0, 0, 0.0, 0])
            if winner is None:
                row[5] += 1
        if winner is None:
            continue
        points = game_points(players, winner)
        top = max(points.values(), default=0.0)
        for p in names:
            row = rows[p]
            row[0] += 1
            if winner == "draw":
                row[2] += 1
            elif points[p] == top and top > 0:
                row[1] += 1
            else:
                row[3] += 1
            row[4] += points[p]
    out = [StandingRow(p, int(r[0]), int(r[1]), int(r[2]), int(r[3]), r[4], int(r[5]))
           for p, r in rows.items()]
    out.sort(key=lambda r: (-r.points, -r.won, r.played, r.player.casefold()))
    return out


def club_ratings(title: str, texts: Sequence[str], robots: Collection[str] = (),
                 robot_games: str = "apart") -> Sequence[RatingRow] | None:
    """The rating lists of the finished games (record texts) of one game of the club's rules,
    by :func:`pbmkit.ratings.rate` (FIDE's Elo for two players, openskill for more: each list's
    rows carry its name as ``group``); a loss on time is rated, an unplayed forfeit not
    (docs/events.md, "Ratings"). A game a robot played (``robots``: their names) is rated in
    lists of its own, ``"... (games with robots)"`` (``robot_games`` ``"apart"``), or not at all
    (``"none"``): docs/referee.md, "Robots"."""
    from pbmkit.ratings import FinishedGame, finished_games, rate

    games = [g for k, text in enumerate(texts)
             for g in finished_games(text, f"game {k + 1}") if isinstance(g, FinishedGame)]
    names = {r.casefold() for r in robots}
    robot = [g for g in games if any(p.name.casefold() in names for p in g.places)]
    apart = {id(g) for g in robot}
    rows = [RatingRow(p.name, p.rating, p.games, p.change, group=rl.name)
            for rl in rate(g for g in games if id(g) not in apart) for p in rl.players]
    if robot_games == "apart":
        rows += [RatingRow(p.name, p.rating, p.games, p.change,
                           group=f"{rl.name} (games with robots)")
                 for rl in rate(robot) for p in rl.players]
    return rows


def _last_date(rep: GameReplay) -> str:
    from pbmkit.desk.dates import replay_clock

    clock = replay_clock(rep)
    if clock is None:
        return ""
    for move in reversed(clock.moves):
        if move.notes.sent is not None:
            return move.notes.sent.isoformat()
    return ""


def _state(p: _Played) -> str:
    from pbmkit.games.base import result_words

    rep = p.rep
    if rep.winner is not None:
        return result_words(rep.game, rep.winner, rep.how, rep.detail)
    side = rep.next_turn()[1]
    names = dict(p.players)
    who = " and ".join(dict.fromkeys(names.get(s, "?") for s in side.split("+")))
    return f"{'+'.join(s.capitalize() for s in side.split('+'))} ({who}) to play turn " \
           f"{rep.next_label()}"


def _write(path: Path, page: str) -> None:
    """A page of the site, replaced at once (not synced: the pages are made again at will)."""
    atomic_write(path, page, sync=False)


Ratings = Callable[[str, Sequence[str]], "Sequence[RatingRow] | None"]
"""The rating list of one game of the club's rules (its title, its finished games' record
texts)."""


def _read(game: ClubGame, report: SiteReport) -> tuple[str, GameReplay] | None:
    from pbmkit.records import check_text

    try:
        with open(game.path, "rb") as fh:
            data = fh.read(MAX_RECORD + 1)
    except OSError as exc:
        report.skipped.append(f"game {game.number}: cannot read {game.path.name}: "
                              f"{exc.strerror or exc}")
        return None
    if len(data) > MAX_RECORD:
        report.skipped.append(f"game {game.number}: {game.path.name} is larger than "
                              f"{MAX_RECORD:,} bytes; left out")
        return None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        report.skipped.append(f"game {game.number}: {game.path.name} is not UTF-8; left out")
        return None
    replays = check_text(text, game.path.name)
    if len(replays) != 1 or replays[0].game is None:
        report.skipped.append(f"game {game.number}: {game.path.name} does not hold one game "
                              "that can be replayed; left out")
        return None
    return text, replays[0]


def build_site(club_name: str, games: Sequence[ClubGame], out: Path, *,
               ratings: Ratings | None = None, today: datetime.date | None = None,
               referee: str | None = None) -> SiteReport:
    """Write the club's pages for ``games`` into the folder ``out`` (made if need be).
    ``referee``: the referee's address; the page of a game still going then offers its legal
    moves to tap, mailed to the player's keyed address (the key from the page's fragment)."""
    from pbmkit.mail.tapped import page_offer
    from pbmkit.web.viewer import game_page

    report = SiteReport()
    (out / "games").mkdir(parents=True, exist_ok=True)
    played: list[_Played] = []
    for g in sorted(games, key=lambda g: g.number):
        found = _read(g, report)
        if found is None:
            continue
        text, rep = found
        assert rep.game is not None
        upto = None
        if rep.errors:
            first = min(((p.line, p.column or 0) for p in rep.errors if p.line is not None),
                        default=None)
            upto = first
            report.skipped.append(f"game {g.number}: the record has errors; its page shows the "
                                  "moves before the first")
        offer = None
        if referee is not None and upto is None:
            local, _, domain = referee.rpartition("@")
            offer = page_offer(text, rep, today=today, club=(local, domain, g.number))
        _write(out / "games" / f"game-{g.number}.html",
               game_page(rep, upto=upto, index_href="../index.html", offer=offer))
        report.pages += 1
        players = players_of(rep)
        if g.players:
            players = tuple((s, g.players.get(s, n)) for s, n in players)
        played.append(_Played(g.number, rep.game.title, rep, players, _last_date(rep), text))
    rows = {p.number: GameRow(f"games/game-{p.number}.html", p.number, p.title, p.players,
                              _state(p), p.rep.turns, p.rep.record.tags.get("Date", "").strip(),
                              p.last) for p in played}
    running = [rows[p.number] for p in played if p.rep.winner is None]
    finished = [rows[p.number] for p in played if p.rep.winner is not None]
    finished.sort(key=lambda r: (r.last, r.number), reverse=True)
    sections: list[RulesSection] = []
    for title in sorted({p.title for p in played}, key=str.casefold):
        mine = [p for p in played if p.title == title]
        done = [p for p in mine if p.rep.winner is not None]
        table = standings((p.players, p.rep.winner) for p in mine)
        rated: Sequence[RatingRow] | None = None
        note = ""
        if ratings is not None:
            try:
                rated = ratings(title, [p.text for p in done])
            except ValueError as exc:
                note = f"The ratings could not be computed: {exc}"
        sections.append(RulesSection(title, len(mine) - len(done), len(done), table, rated,
                                     note))
    day = (today or datetime.date.today()).isoformat()
    site = Site(club_name, day, running, finished, sections)
    for section in sections:
        _write(out / section.href, standings_page(site, section))
        report.pages += 1
    _write(out / "index.html", club_index(site))
    report.pages += 1
    report.running, report.finished = len(running), len(finished)
    return report

