"""``pbmkit ratings PATH...``: a rating list per game from every finished game (docs/events.md,
"Ratings").

The work is :func:`pbmkit.ratings.rate`; this module reads the paths, prints the lists (text,
``--json`` or ``-o OUT.csv``) and says in one line each what it could not use. Exit status: 0,
1 when some finished-looking game could not be rated, 2 when a path could not be read or
``--rules`` names no game (the lists of what could be read are still printed).
"""

from __future__ import annotations

import io
import json
import os
import sys
from typing import TYPE_CHECKING, Any

import click

from pbmkit.cli.common import EXIT_INVALID, EXIT_USAGE, InputError, atomic_write, echo_err
from pbmkit.ratings import FinishedGame, PlayerRating, RatingList, ReadProblem, Skipped, rate, read_paths
from pbmkit.ratings.elo import MIN_ADVANTAGE_GAMES

if TYPE_CHECKING:
    from pbmkit.events.rating import EventGames

SYSTEMS = {"elo": "Elo, FIDE's table and K",
           "fide": "FIDE's method: rating periods, ratings fixed at each period's start",
           "openskill": "openskill Plackett-Luce, mu - 3 sigma"}
CSV_HEADER = ["list", "rank", "player", "email", "rating", "games", "event", "change", "mu", "sigma"]
CELL_WIDTH = 32


def whole(value: float, places: int = 0) -> float:
    """``value`` rounded half away from zero (FIDE 8.3.4), to ``places`` decimals; never -0."""
    scale = (1, 10, 100, 1000, 10000)[places]
    out = (int(abs(value) * scale + 0.5) / scale) * (1 if value >= 0 else -1)
    return out + 0.0


def _places(rating_list: RatingList) -> int:
    return 0 if rating_list.system in ("elo", "fide") else 1


def _number(value: float, places: int, sign: bool = False) -> str:
    rounded = whole(value, places)
    return f"{rounded:+.{places}f}" if sign else f"{rounded:.{places}f}"


def _event_games(path: str) -> EventGames:
    """An event folder's games to rate, or one clear line and exit status 2."""
    from pbmkit.events.folder import EventError
    from pbmkit.events.rating import event_rating_games

    try:
        return event_rating_games(path)
    except EventError as exc:
        raise InputError(str(exc)) from None


def _cut(text: str, width: int = CELL_WIDTH) -> str:
    from pbmkit.common.text import printable

    text = printable(" ".join(text.split()))
    return text if len(text) <= width else text[:width - 1] + "…"


def heading(rating_list: RatingList) -> str:
    """The line above a list: its name, system, games and the side advantage it allowed for."""
    games = f"{rating_list.games} game{'s' if rating_list.games != 1 else ''}"
    line = f"{rating_list.name} ({SYSTEMS[rating_list.system]}): {games}"
    if rating_list.system == "elo" and rating_list.advantage_error is None:
        line += (f"; too few games to estimate the first side's advantage (from "
                 f"{MIN_ADVANTAGE_GAMES}): none allowed for")
    elif rating_list.system == "elo":
        line += (f"; first side ({rating_list.first_side}) "
                 f"{_number(rating_list.advantage, 0, sign=True)} ± "
                 f"{_number(rating_list.advantage_error or 0.0, 0)} points allowed for (± one "
                 "standard error)")
    elif rating_list.system == "fide":
        line += "; no side advantage"
    elif rating_list.seats:
        seats = ", ".join(f"{side} {_number(mu, 1, sign=True)}" for side, mu in rating_list.seats.items())
        line += f"; sides' seats {seats}"
    return line


def _rows(rating_list: RatingList) -> list[list[str]]:
    places = _places(rating_list)
    rows = [["#", "PLAYER", "RATING", "GAMES", "LAST EVENT", "CHANGE"]]
    for rank, p in enumerate(rating_list.players, 1):
        rows.append([str(rank), _cut(p.name), _number(p.rating, places), str(p.games),
                     _cut(p.event or "-"), _number(p.change, places, sign=True)])
    return rows


def text_lists(lists: list[RatingList]) -> str:
    """The lists as the terminal shows them: a heading and a table each, a blank line between."""
    out = []
    for rating_list in lists:
        rows = _rows(rating_list)
        widths = [max(len(r[k]) for r in rows) for k in range(len(rows[0]))]
        right = {0, 2, 3, 5}
        lines = [heading(rating_list)]
        for r in rows:
            cells = [c.rjust(w) if k in right else c.ljust(w)
                     for k, (c, w) in enumerate(zip(r, widths, strict=True))]
            lines.append(("  " + "  ".join(cells)).rstrip())
        out.append("\n".join(lines))
    return "\n\n".join(out) + "\n"


def _player_json(rank: int, p: PlayerRating, places: int) -> dict[str, Any]:
    data: dict[str, Any] = {"rank": rank, "name": p.name, "email": p.email or None,
                            "rating": whole(p.rating, places + 1), "games": p.games,
                            "event": p.event, "change": whole(p.change, places + 1)}
    if p.mu is not None and p.sigma is not None:
        data["mu"] = whole(p.mu, 3)
        data["sigma"] = whole(p.sigma, 3)
    if p.periods:
        last = p.periods[-1]
        data.update(change=last.rounded, expected=last.expected, score=last.score, k=last.k)
        data["periods"] = [{"period": q.period, "rating": q.rating, "games": q.games,
                            "score": q.score, "expected": q.expected, "k": q.k,
                            "change": whole(q.change, 1), "rounded": q.rounded}
                           for q in p.periods]
    return data


def json_lists(lists: list[RatingList]) -> str:
    """``--json``: an array, an object per list."""
    out = []
    for rating_list in lists:
        places = _places(rating_list)
        item: dict[str, Any] = {"name": rating_list.name, "rules": rating_list.rules,
                                "system": rating_list.system, "games": rating_list.games}
        if rating_list.system == "elo":
            item["first_side"] = rating_list.first_side
            item["advantage"] = whole(rating_list.advantage, 1)
            item["advantage_error"] = None if rating_list.advantage_error is None \
                else whole(rating_list.advantage_error, 1)
        elif rating_list.system == "fide":
            item["first_side"] = rating_list.first_side
        else:
            item["seats"] = {side: whole(mu, 3) for side, mu in rating_list.seats.items()}
        item["players"] = [_player_json(k, p, places) for k, p in enumerate(rating_list.players, 1)]
        out.append(item)
    return json.dumps(out, ensure_ascii=False, indent=1) + "\n"


def csv_lists(lists: list[RatingList]) -> str:
    """``-o OUT.csv``: one row per player of every list (the list's name in the first column)."""
    import csv

    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    for rating_list in lists:
        places = _places(rating_list)
        for rank, p in enumerate(rating_list.players, 1):
            writer.writerow([rating_list.name, rank, p.name, p.email, whole(p.rating, places + 1),
                             p.games, p.event, whole(p.change, places + 1),
                             "" if p.mu is None else whole(p.mu, 3),
                             "" if p.sigma is None else whole(p.sigma, 3)])
    return buffer.getvalue()


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--rules", "rules", default=None, metavar="NAME",
              help="Only this game's lists (default: a list for every game found).")
@click.option("--json", "as_json", is_flag=True, help="Print the lists as JSON.")
@click.option("-o", "--output", default=None, metavar="OUT.csv",
              help="Write the lists to a CSV file (one row per player) instead of printing them.")
@click.option("--method", type=click.Choice(["elo", "fide"]), default="elo", show_default=True,
              help="elo: each game rated in turn, the first side's advantage allowed for; fide: "
                   "FIDE's rating periods, ratings fixed at each period's start, no side "
                   "advantage.")
@click.option("--period", type=click.Choice(["event", "month"]), default="event",
              show_default=True, help="--method fide: one rating period per event (Event tag) "
                                      "or per calendar month (Date tag).")
@click.option("--players", "players_file", default=None, metavar="FILE",
              type=click.Path(dir_okay=False),
              help="Starting ratings (and years of birth, born) from a players file (.csv or "
                   ".toml, as event new reads it).")
def ratings(paths: tuple[str, ...], rules: str | None, as_json: bool, output: str | None,
            method: str, period: str, players_file: str | None) -> None:
    """A rating list per game from every finished game in PATHS (records, archives, folders).

    Two-player games by FIDE's Elo, the first side's advantage estimated from the games and
    allowed for; games of three to five sides by openskill's Plackett-Luce model. Players are
    matched by the e-mail address of their side's Email tag where there is one, else by name.
    Games are rated in order of their Date tag, then of the record itself: the same games give
    the same lists whatever the order of the files. An event folder (event.toml) is read as its
    crosstable counts it: the organiser's results, no unplayed or annulled game, no game without
    a move; its players' ratings are where they start. --method fide rates as FIDE does
    (docs/events.md, "Ratings").
    """
    from pbmkit.games import UnknownGameError, game_info

    wanted = None
    if rules is not None:
        try:
            wanted = game_info(rules).name
        except UnknownGameError as exc:
            raise InputError(f"--rules: {exc.args[0]}") from None
    games: list[FinishedGame] = []
    status = 0
    start: dict[str, float] = {}
    born: dict[str, int] = {}
    plain: list[str] = []
    for path in paths:
        if os.path.isdir(path) and os.path.isfile(os.path.join(path, "event.toml")):
            got = _event_games(path)
            games.extend(got.games)
            for skipped in got.skipped:
                echo_err(str(skipped))
                status = max(status, EXIT_INVALID)
            for key, value in got.start.items():
                start.setdefault(key, value)
            for key, year in got.born.items():
                born.setdefault(key, year)
        else:
            plain.append(path)
    if players_file is not None:
        from pbmkit.events.folder import EventError, read_players

        try:
            listed, _ = read_players(players_file)
        except EventError as exc:
            raise InputError(f"--players: {exc}") from None
        for p in listed:
            for key in (p.email, p.name):
                if p.rating is not None:
                    start[key] = float(p.rating)
                if p.born is not None:
                    born[key] = p.born
    for item in read_paths(plain):
        if isinstance(item, FinishedGame):
            games.append(item)
        elif isinstance(item, ReadProblem):
            echo_err(str(item))
            status = EXIT_USAGE
        elif isinstance(item, Skipped):
            echo_err(str(item))
            status = max(status, EXIT_INVALID)
    lists = rate(games, rules=wanted, start=start, method=method, period=period, born=born)
    if output is not None:
        atomic_write(output, csv_lists(lists))
        players = sum(len(rl.players) for rl in lists)
        click.echo(f"wrote {output}: {len(lists)} list{'s' if len(lists) != 1 else ''}, "
                   f"{players} player{'s' if players != 1 else ''}")
    elif as_json:
        click.echo(json_lists(lists), nl=False)
    elif lists:
        click.echo(text_lists(lists), nl=False)
    else:
        click.echo("no finished games found" + (f" of {game_info(rules).title}" if rules else ""))
    if status:
        sys.exit(status)
