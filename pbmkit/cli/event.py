"""``pbmkit event``: a correspondence event in a folder (docs/events.md): ``new``, ``result``,
``withdraw``. One function per subcommand; the work is :mod:`pbmkit.events`."""

from __future__ import annotations

import datetime

import click

from pbmkit.cli import event_table
from pbmkit.cli.common import InputError, Refused, games_help, rules_option
from pbmkit.cli.group import Group


@click.group(cls=Group)
def event() -> None:
    """A correspondence event: pairings, records, results (docs/events.md)."""


for _command in (event_table.table, event_table.letters, event_table.mail):
    event.add_command(_command)


@event.command("new")
@click.argument("folder", type=click.Path(file_okay=False))
@rules_option(f"The game: {games_help()}.")
@click.option("--players", "players_file", required=True, type=click.Path(dir_okay=False),
              help="The players, in seeding order: a .csv (name,email,address,rating) or .toml file.")
@click.option("--double", is_flag=True, help="A double round robin: each pairing with both sides.")
@click.option("--tag", "tags", multiple=True, metavar="NAME=VALUE",
              help="A tag of every record (Event, TimeControl, Date, Site) or one that chooses "
                   "the game (Layout=zones); repeatable.")
@click.option("--tie-breaks", "tie_breaks", default=None, metavar="LIST",
              help="The tie-breaks after points, in order: a comma list of sb, wins, black-wins, "
                   "direct, koya, rating, or a preset, fide or iccf (default: iccf); kept as "
                   "tie_breaks in event.toml.")
@click.option("--organiser", "organiser", default=None, metavar="NAME",
              help="The organiser's name (or [organiser] in a TOML players file).")
@click.option("--organiser-email", default=None, metavar="ADDRESS", help="The organiser's e-mail.")
@click.option("--organiser-address", default=None, metavar="TEXT",
              help="The organiser's postal address (lines separated by ';').")
def new(folder: str, rules: str, players_file: str, double: bool, tags: tuple[str, ...],
        organiser: str | None, organiser_email: str | None, organiser_address: str | None,
        tie_breaks: str | None) -> None:
    """Pair the players of an event and write FOLDER: event.toml and one record per game.

    Two-sided games are paired by the Berger tables (FIDE Handbook C.05, Annex 1), a bye for an
    odd number; a game of more than two sides is split into tables.
    --tag NAME=VALUE: a tag of every record (Event, TimeControl, Date, Site) or one that chooses the
    game (Layout). --tie-breaks LIST orders players equal on points (docs/events.md cites each
    system's and preset's regulation). Nothing is written unless every game can be.
    """
    from pbmkit.events.folder import EventError, create_event, plan_event, read_players
    from pbmkit.events.model import Player

    given: dict[str, str] = {}
    for item in tags:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise click.BadParameter(f"{item!r}: write NAME=VALUE, e.g. TimeControl=10/50",
                                     param_hint="--tag")
        if name.strip() in given:
            raise click.BadParameter(f"{name.strip()}: given twice", param_hint="--tag")
        given[name.strip()] = value.strip()
    try:
        players, org = read_players(players_file)
        if organiser is not None or organiser_email is not None or organiser_address is not None:
            base = org or Player("")
            org = Player(organiser if organiser is not None else base.name,
                         organiser_email if organiser_email is not None else base.email,
                         "\n".join(s.strip() for s in organiser_address.split(";"))
                         if organiser_address is not None else base.address)
        plan = plan_event(None, rules, players, double=double, tags=given, organiser=org,
                          date=datetime.date.today().isoformat(), tie_breaks=tie_breaks)
        create_event(folder, plan)
    except EventError as exc:
        message = str(exc)
        if "unknown game" in message.lower() or "no game called" in message.lower():
            message += f" (--rules: {games_help()})"
        raise InputError(message) from None
    ev = plan.event
    rounds = max(g.round for g in ev.games)
    click.echo(f"Started {folder}: {ev.name!r}, {ev.rules}, {len(ev.players)} players, "
               f"{len(ev.games)} games in {rounds} rounds"
               + (" (double round robin)" if ev.double else ""))
    for g in ev.games:
        click.echo(f"  #{g.number:<3} round {g.round:<2} table {g.table:<2} "
                   + " v ".join(f"{p} ({t})" for t, p in g.sides.items()) + f"  {g.file}")


@event.command("result",
               short_help="Set the organiser's result of a game (a score, forfeit, annulled).")
@click.argument("folder", type=click.Path(file_okay=False))
@click.argument("game")
@click.argument("result", nargs=-1, required=True)
def result(folder: str, game: str, result: tuple[str, ...]) -> None:
    """The organiser's result of GAME (its number or record file): 1-0, 0-1, draw, a side that
    wins (Purple), forfeit SIDE, adjudicated RESULT, annulled, or clear (the record decides
    again). It overrides the record's result; event.toml keeps it.
    """
    from pbmkit.events.folder import EventError
    from pbmkit.events.results import set_result

    try:
        _, said = set_result(folder, game, result)
    except EventError as exc:
        raise Refused(str(exc)) from None
    click.echo(said)


@event.command("withdraw", short_help="Withdraw a player: their games annulled or forfeited.")
@click.argument("folder", type=click.Path(file_okay=False))
@click.argument("name")
def withdraw(folder: str, name: str) -> None:
    """Withdraw player NAME: before half of their games are finished, all their games are
    annulled; after, their unfinished games are scored as their forfeits (docs/events.md).
    """
    from pbmkit.events.folder import EventError
    from pbmkit.events.results import withdraw as withdraw_player

    try:
        _, said = withdraw_player(folder, name)
    except EventError as exc:
        raise Refused(str(exc)) from None
    click.echo(said)
