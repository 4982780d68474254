"""The printed forms: ``chart`` (Records Chart), ``mailer`` (Mailers) and ``phonechart``."""

from __future__ import annotations

from typing import Any

import click

from pbmkit.cli.common import (
    GAME_NUMBER_OPTION,
    NO_GAME,
    TAG_OPTION,
    InputError,
    Refused,
    atomic_write,
    configured_game,
    games_help,
    load_replays,
    pick_game,
    rules_option,
)

_PAPER = click.option("--paper", type=click.Choice(["letter", "a4"], case_sensitive=False),
                      default="letter", show_default=True, help="Paper size.")
_OUTPUT = click.option("-o", "--output", required=True, type=click.Path(dir_okay=False),
                       help="The PDF file to write.")
_GAMES = games_help()
_RULES_BLANK = rules_option(f"The game's rules, for a --blank form: {_GAMES} (a record names its "
                            "game itself).")
_RULES = rules_option(f"The game's rules: {_GAMES}.")
_CHART_RULES = rules_option(f"The game's rules, for a --blank form: {_GAMES} (a record names its "
                            "game itself).", catch_game=False)
_FLIP = click.option("--flip", is_flag=True,
                     help="Draw the boards from the second side's seat.")
_FONT = click.option("--font", "font", type=click.Path(dir_okay=False), default=None,
                     help="A TrueType font (.ttf) for the characters DejaVu Sans lacks "
                          "(CJK, emoji ...).")


def _game_of(name: str, tags: tuple[str, ...] = ()) -> Any:
    """The game of a blank form: ``--rules`` configured by ``--tag`` (a board size, a layout)."""
    return configured_game(name, tags)[0]


def _no_tags_with_records(tags: tuple[str, ...]) -> None:
    if tags:
        raise click.UsageError("--tag is for a blank form: a record's own tags choose its board")


def _valid(replay: Any, source: str) -> Any:
    """The replay, or a clear refusal when its record does not replay."""
    if not getattr(replay, "valid", True):
        first = replay.errors[0]
        raise Refused(f"{source}: game {replay.index} does not replay, so it cannot be printed:\n"
                      f"{first.format()}\n(run 'pbmkit check' for every problem)")
    return replay


def _render(make: Any, *args: Any, **kwargs: Any) -> bytes:
    """Call a form renderer; a form it cannot draw (a game without drawings, a font it cannot
    use) is a plain error, and characters no font has are named in a warning on stderr."""
    import warnings

    from pbmkit.render.text import MissingGlyphsWarning

    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", MissingGlyphsWarning)
            data: bytes = make(*args, **kwargs)
    except ValueError as exc:
        raise InputError(str(exc)) from None
    for w in caught:
        if isinstance(w.message, MissingGlyphsWarning):
            hint = "" if kwargs.get("font_file") else " (give --font FILE.ttf, a font that has them)"
            click.echo(f"Warning: {w.message}{hint}", err=True)
    return data


def _write(path: str, data: bytes, what: str) -> None:
    try:
        atomic_write(path, data)
    except OSError as exc:
        raise InputError(f"cannot write {path}: {exc.strerror or exc}") from None
    click.echo(f"Wrote {what} to {path}")


@click.command()
@click.argument("file", required=False, type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--blank", is_flag=True, help="The blank master sheet to photocopy.")
@GAME_NUMBER_OPTION
@click.option("--series", "series", multiple=True,
              help="Chart only this alternate series (a, b ...), from where it branches; "
                   "repeat for several. Default: the main line, then every series.")
@_PAPER
@_OUTPUT
@_CHART_RULES
@TAG_OPTION
@_FLIP
@_FONT
def chart(file: str | None, blank: bool, game_number: int | None, series: tuple[str, ...],
          paper: str, output: str, rules: str, tags: tuple[str, ...], flip: bool,
          font: str | None) -> None:
    """Write a Records Chart PDF: blank, or one diagram per turn of the game in FILE."""
    from pbmkit.render.records_chart import records_chart_pdf

    if blank == (file is not None):
        raise click.UsageError("give a record FILE, or --blank for the master sheet (not both)")
    if blank:
        _write(output, _render(records_chart_pdf, _game_of(rules, tags), {}, [],
                               paper_key=paper.lower(),
                               flip=flip, font_file=font), "the blank Records Chart")
        return
    from pbmkit.render.from_record import chart_entries, chart_header

    _no_tags_with_records(tags)
    assert file is not None
    _, name, replays = load_replays(file)
    replay = _valid(pick_game(replays, game_number, name), name)
    try:
        entries = chart_entries(replay, list(series) if series else None)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--series") from None
    subtitle = ("Alternate series " + ", ".join(s.lower() for s in series)) if series else ""
    data = _render(records_chart_pdf, replay.game, chart_header(replay), entries,
                   paper_key=paper.lower(), flip=flip, subtitle=subtitle, font_file=font)
    _write(output, data, f"a Records Chart of {len(entries)} turn(s)")


@click.command()
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--blank", is_flag=True, help="The blank master sheet of four cards.")
@click.option("--turn", default=None, help="Show each game after this turn (e.g. 12 or 12a) "
                                           "instead of its latest position.")
@click.option("--side", default=None,
              help="With --turn: after this side's move of the turn (white/black, yellow/orange; "
                   "default: the turn's last move).")
@_PAPER
@_OUTPUT
@_RULES_BLANK
@TAG_OPTION
@_FLIP
@_FONT
def mailer(files: tuple[str, ...], blank: bool, turn: str | None, side: str | None, paper: str,
           output: str, rules: str, tags: tuple[str, ...], flip: bool, font: str | None) -> None:
    """Write a Mailers PDF: four postcards a sheet, blank or filled from the games in FILES.

    Every game of every file gets a card (an archive of four games fills one sheet); a game of
    more than two sides gets one card for each player but the one who moved, addressed to them.
    Page two of each sheet is the backs, for double-sided printing flipped on the long edge.
    """
    from pbmkit.render.mailer import mailer_pdf

    if blank == bool(files):
        raise click.UsageError("give record FILES, or --blank for the master sheet (not both)")
    if blank:
        _write(output, _render(mailer_pdf, _game_of(rules, tags), [], paper_key=paper.lower(),
                               flip=flip, font_file=font), "a blank sheet of Mailers")
        return
    from pbmkit.render.from_record import mailer_cards

    _no_tags_with_records(tags)
    cards = []
    game = None
    for path in files:
        _, name, replays = load_replays(path)
        if not replays:
            raise Refused(f"{name}: {NO_GAME}")
        for replay in replays:
            _valid(replay, name)
            this = replay.game
            assert this is not None  # a valid replay knows its game
            game = game or this  # a sheet may mix games (desk): each card carries its own
            if side is not None and side.lower() not in this.sides:
                names = " or ".join(s for s in this.sides)
                raise click.BadParameter(f"{side!r} is not a side of {this.title} ({names})",
                                         param_hint="--side")
            try:
                cards.extend(mailer_cards(replay, turn, side.lower() if side else None))
            except ValueError as exc:
                raise InputError(f"{name}: game {replay.index}: {exc}") from None
    assert game is not None
    sheets = -(-len(cards) // 4)
    _write(output, _render(mailer_pdf, game, cards, paper_key=paper.lower(), flip=flip,
                           font_file=font),
           f"{len(cards)} card(s) on {sheets} sheet(s) of Mailers")


@click.command()
@_PAPER
@_OUTPUT
@_RULES
@TAG_OPTION
@_FLIP
@_FONT
def phonechart(paper: str, output: str, rules: str, tags: tuple[str, ...], flip: bool,
               font: str | None) -> None:
    """Write the Phone Chart PDF: the board large, every space with its name.

    --tag chooses the board of a game that has several (--tag Board=7x7, --tag Layout=zones).
    """
    from pbmkit.render.phone_chart import phone_chart_pdf

    _write(output, _render(phone_chart_pdf, _game_of(rules, tags), paper_key=paper.lower(),
                           flip=flip, font_file=font), "the Phone Chart")
