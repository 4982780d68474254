"""The club's web pages (``pbmkit referee site``, docs/referee.md), from plain data.

The referee gathers the games, standings and ratings (:mod:`pbmkit.referee.site`); this module
only writes pages: the club's ``index.html`` (running games, finished games, a link per game's
standings) and a page per game of the club's rules (``standings-SLUG.html``: the standings and the
ratings). The page shell (:mod:`pbmkit.web.page`) escapes every text (names as ``<bdi>``
isolates) and writes the head: the game pages' style sheet and the club's few rules
(``static/viewer.css``, ``static/club.css``) allowed by their hash, no script at all. The pages
fetch nothing, and work from any static web host or a folder on a disk.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from pbmkit.web.page import escape_html, isolate_html, page_html
from pbmkit.web.theme import page_style

__all__ = ["GameRow", "RatingRow", "RulesSection", "StandingRow", "club_index", "points_text",
           "slug", "standings_page"]

STYLE = page_style("viewer.css", "club.css")
"""The style sheet of the club's pages: the game pages' and the club's own rules."""

_SLUG = re.compile(r"[^a-z0-9]+")


def slug(title: str) -> str:
    """A file-name part for a game's title: ``Batu Khan`` -> ``batu-khan`` (ASCII letters and
    digits only; accents dropped)."""
    import unicodedata

    plain = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode().lower()
    return _SLUG.sub("-", plain).strip("-") or "game"


@dataclass(frozen=True)
class GameRow:
    """One game of the club as its index lists it."""

    href: str
    """The game's page, relative to the index (``games/game-12.html``)."""
    number: int
    rules: str
    """The game's title (``Batu Khan``)."""
    players: tuple[tuple[str, str], ...]
    """(side, player's name) in the order of play."""
    state: str
    """``White (Ann) to play turn 12``, or the result in the game's words."""
    turns: int
    started: str
    """The game's ``Date`` (ISO), or empty."""
    last: str = ""
    """The date of its last move (ISO), or empty."""


@dataclass(frozen=True)
class StandingRow:
    """A player's results in one game of the club's rules (finished games)."""

    player: str
    played: int
    won: int
    drawn: int
    lost: int
    points: float
    running: int = 0


@dataclass(frozen=True)
class RatingRow:
    """A player's rating in one game of the club's rules."""

    player: str
    rating: float
    games: int
    change: float | None = None
    """The change of the player's last rated games, if known."""
    group: str = ""
    """The rating list the row belongs to (``Batrakill, 3 to 5 players``), when a game's rules
    have several."""


@dataclass(frozen=True)
class RulesSection:
    """One game of the club's rules: its standings and ratings page."""

    title: str
    running: int
    finished: int
    standings: Sequence[StandingRow]
    ratings: Sequence[RatingRow] | None = None
    """None: no rating list (the ratings could not be computed, or none is kept)."""
    note: str = ""

    @property
    def href(self) -> str:
        return f"standings-{slug(self.title)}.html"


@dataclass(frozen=True)
class Site:
    """Everything the pages show."""

    club: str
    generated: str
    running: Sequence[GameRow] = field(default_factory=tuple)
    finished: Sequence[GameRow] = field(default_factory=tuple)
    sections: Sequence[RulesSection] = field(default_factory=tuple)


def _page(title: str, body: str) -> str:
    return page_html(title, body, style=STYLE, body_class="club")


def points_text(value: float) -> str:
    """``3``, ``3½``, ``½``, or two decimals for a shared draw (``0.33``)."""
    twice = value * 2
    if twice == int(twice):
        whole = int(value)
        half = "½" if twice % 2 else ""
        return f"{whole if whole or not half else ''}{half}"
    return f"{value:.2f}"


def _players(row: GameRow) -> str:
    return " v ".join(f'{isolate_html(p)} <span class="side">{escape_html(s.capitalize())}</span>'
                      for s, p in row.players)


def _games_table(rows: Sequence[GameRow], caption: str, empty: str) -> str:
    if not rows:
        return f'<p class="muted">{escape_html(empty)}</p>'
    body = "".join(
        f'<tr><td class="no">{r.number}</td><td><a href="{escape_html(r.href)}">{_players(r)}</a></td>'
        f"<td>{escape_html(r.rules)}</td><td>{escape_html(r.state)}</td><td class=\"turns\">{r.turns}</td>"
        f"<td>{escape_html(r.started)}</td><td>{escape_html(r.last)}</td></tr>" for r in rows)
    return ('<div class="scroll"><table class="index">'
            f"<caption class=\"muted\">{escape_html(caption)}</caption><thead><tr>"
            '<th scope="col">Game</th><th scope="col">Players</th><th scope="col">Rules</th>'
            '<th scope="col">State</th><th scope="col">Turns</th><th scope="col">Started</th>'
            f'<th scope="col">Last move</th></tr></thead><tbody>{body}</tbody></table></div>')


def club_index(site: Site) -> str:
    """The club's ``index.html``."""
    links = "".join(f'<li><a href="{escape_html(s.href)}">{escape_html(s.title)}</a> '
                    f'<span class="muted">{s.running} running, {s.finished} finished</span></li>'
                    for s in site.sections)
    nav = (f"<nav><h2>Standings and ratings</h2><ul>{links}</ul></nav>" if links
           else '<p class="muted">No games yet.</p>')
    body = (f"<header><h1>{escape_html(site.club)}</h1>"
            f'<p class="muted">{len(site.running)} running game(s), {len(site.finished)} '
            f"finished; as of {escape_html(site.generated)}</p></header>\n<main>{nav}\n"
            f'<section id="running"><h2>Running games</h2>'
            f"{_games_table(site.running, 'Running games, by number', 'No game is running.')}"
            "</section>\n"
            f'<section id="finished"><h2>Finished games</h2>'
            f"{_games_table(site.finished, 'Finished games, the latest first', 'No game is finished yet.')}"
            "</section>\n</main>\n")
    return _page(site.club, body)


def _labelled_table(headings: Sequence[tuple[str, str]], rows: Sequence[Sequence[str]],
                    caption: str) -> str:
    """A table whose headings stand over their numbers on a wide screen and label each value on
    a phone (``data-label``, club.css): each row a card, the place, name and the first number on
    its first line. ``headings`` are (heading, class); a row's values are HTML."""
    head = "".join(f'<th scope="col" class="{cls}">{escape_html(h)}</th>' for h, cls in headings)
    body = "".join(
        "<tr>" + "".join(
            (f'<th scope="row" class="{cls}">{value}</th>' if cls == "who" else
             f'<td class="{cls}" data-label="{escape_html(h)}">{value}</td>')
            for (h, cls), value in zip(headings, row, strict=True)) + "</tr>"
        for row in rows)
    return (f'<div class="scroll"><table class="labelled"><caption class="muted">'
            f"{escape_html(caption)}</caption><thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table></div>")


def _ratings_table(rows: Sequence[RatingRow], heading: str) -> str:
    title = f"<h3>{escape_html(heading)}</h3>" if heading else ""
    return title + _labelled_table(
        (("#", "rank"), ("Player", "who"), ("Rating", "fig lead"), ("Games", "fig"),
         ("Last change", "fig")),
        [(str(k), isolate_html(r.player), str(round(r.rating)), str(r.games),
          "" if r.change is None else f"{r.change:+.0f}") for k, r in enumerate(rows, start=1)],
        "The highest rating first")


def standings_page(site: Site, section: RulesSection) -> str:
    """The standings and the ratings of one game of the club's rules."""
    standings = _labelled_table(
        (("#", "rank"), ("Player", "who"), ("Points", "fig lead"), ("Played", "fig"),
         ("Won", "fig"), ("Drawn", "fig"), ("Lost", "fig"), ("Running", "fig")),
        [(str(k), isolate_html(r.player), points_text(r.points), str(r.played), str(r.won),
          str(r.drawn), str(r.lost), str(r.running)) for k, r in enumerate(section.standings, 1)],
        "By points, then wins, then fewer games played") if section.standings else (
        '<p class="muted">No finished game yet.</p>')
    if section.ratings is None:
        ratings = '<p class="muted">No rating list.</p>'
    elif not section.ratings:
        ratings = '<p class="muted">No rated game yet.</p>'
    else:
        groups: dict[str, list[RatingRow]] = {}
        for r in section.ratings:
            groups.setdefault(r.group, []).append(r)
        ratings = "".join(_ratings_table(members, group if len(groups) > 1 or
                                         (group and group != section.title) else "")
                          for group, members in groups.items())
    note = f'<p class="muted">{escape_html(section.note)}</p>' if section.note else ""
    title = f"{site.club}: {section.title}"
    body = (f'<header><p class="back"><a href="index.html">{escape_html(site.club)}</a></p>'
            f"<h1>{escape_html(section.title)}</h1><p class=\"muted\">{section.running} running, "
            f"{section.finished} finished; as of {escape_html(site.generated)}</p></header>\n<main>"
            f'<section id="standings"><h2>Standings</h2>{standings}'
            '<p class="muted">A win counts 1, a draw ½ (with more than two players a draw is '
            "shared: 1 divided among them), a loss 0.</p></section>\n"
            f'<section id="ratings"><h2>Ratings</h2>{ratings}{note}</section>\n</main>\n')
    return _page(title, body)
