"""What the commands share: reading inputs, choosing a game of an archive, safe writes."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

import click

from pbmkit.cli import refusals
from pbmkit.cli.checking import DEFAULT_MAX_PROBLEMS as DEFAULT_MAX_PROBLEMS
from pbmkit.cli.checking import EXIT_INVALID as EXIT_INVALID
from pbmkit.cli.checking import EXIT_OK as EXIT_OK
from pbmkit.cli.checking import EXIT_USAGE as EXIT_USAGE
from pbmkit.cli.checking import SourceError, read_text
from pbmkit.cli.checking import report_problems as report_problems
from pbmkit.cli.refusals import NO_GAME as NO_GAME
from pbmkit.cli.refusals import Failure, UsageFailure
from pbmkit.cli.refusals import exit_code_for as exit_code_for
from pbmkit.common import files
from pbmkit.common.files import FileWriteError, folder_lock
from pbmkit.common.text import printable

if TYPE_CHECKING:
    from pbmkit.games import AnyGame
    from pbmkit.records import GameReplay



class InputError(click.ClickException):
    """Input that cannot be used (unreadable, not UTF-8, no such game): exit status 2."""

    exit_code = EXIT_USAGE


class Refused(click.ClickException):
    """A request the rules or the record refuse (an illegal move, a broken record): exit status 1."""

    exit_code = EXIT_INVALID


class TooLarge(InputError):
    """An input longer than the command reads (``status``'s cap): read no further."""


def read_source(path: str, limit: int | None = None) -> tuple[str, str]:
    """The text of ``path`` (``-`` for standard input) and the name to report it by
    (:func:`~pbmkit.cli.checking.read_text`): :class:`InputError` when it cannot be read,
    :class:`TooLarge` past ``limit`` bytes."""
    try:
        return read_text(path, limit)
    except SourceError as exc:
        raise (TooLarge if exc.too_large else InputError)(exc.message) from None


def load_replays(path: str) -> tuple[str, str, list[GameReplay]]:
    """Read ``path`` and replay every game in it: (text, source name, replays)."""
    from pbmkit.records import check_text

    text, name = read_source(path)
    return text, name, check_text(text, name)


def pick_game(replays: list[GameReplay], number: int | None, source: str, *,
              can_choose: bool = True) -> GameReplay:
    """The game ``number`` (1-based, its position in the file) of an archive; the only game when
    ``number`` is ``None`` (:func:`pbmkit.cli.refusals.pick_game`). A file with no game is
    :class:`Refused` (exit 1, as ``check`` says); an archive where one game is asked for, or a
    game it does not hold, is an :class:`InputError`."""
    try:
        return refusals.pick_game(replays, number, source, can_choose=can_choose)
    except Failure as exc:
        raise click_failure(exc) from None


def load_game(path: str, number: int | None) -> tuple[str, GameReplay, Any]:
    """The replayed game ``number`` of ``path``: (source name, replay, its Game).

    A game that could not be replayed at all (unknown game, bad Setup) is :class:`Refused`.
    """
    _, name, replays = load_replays(path)
    rep = pick_game(replays, number, name)
    if rep.game is None:
        raise Refused(f"{name}: game {rep.index} cannot be replayed: "
                      f"{printable(rep.errors[0].message, 300)}")
    return name, rep, rep.game


def first_error_at(replay: GameReplay) -> tuple[int, int] | None:
    """Where the record's first placed error is (line, column); ``None`` when it has none.

    Moves at or after it are not trusted: they may lie inside a comment that is never closed, or
    after text that could not be read, even when the replay accepted them.
    """
    places = [(p.line, p.column or 0) for p in replay.errors if p.line is not None]
    return min(places) if places else None


def trusted(replay: GameReplay, plies: list[Any]) -> list[Any]:
    """The plies of ``plies`` that lie before the record's first error."""
    first = first_error_at(replay)
    if first is None:
        return plies
    return [p for p in plies if (p.line, p.column) < first]


def trusted_end(replay: GameReplay) -> tuple[Any, Any]:
    """The last trusted main-line ply (or ``None``) and the position after it."""
    plies = trusted(replay, replay.main)
    if len(plies) == len(replay.main):
        return (plies[-1] if plies else None), replay.final
    return (plies[-1], plies[-1].after) if plies else (None, replay.start)


def find_ply(replay: GameReplay, label: str) -> Any:
    """The last ply of turn ``label`` (main line or series) before the first error, or an
    :class:`InputError`."""
    label = label.strip().rstrip(".").lower()
    found = None
    plies = [*replay.main, *(p for line in replay.series.values() for p in line)]
    for ply in trusted(replay, plies):
        if ply.label.lower() == label:
            found = ply
    if found is None:
        labels = [p.label for p in trusted(replay, replay.main)]
        last = f" (the main line runs to turn {labels[-1]})" if labels else ""
        before = " before the record's first error" if replay.errors else ""
        raise InputError(f"no turn {printable(label, 20)} in this game{before}{last}")
    return found


def position_at(replay: GameReplay, label: str | None) -> Any:
    """The position after turn ``label`` (the end of the trusted main line for ``None``)."""
    if label is None:
        return trusted_end(replay)[1]
    return find_ply(replay, label).after


def error_note(replay: GameReplay) -> str:
    """What a command that shows a broken record says about it (on standard error)."""
    first = replay.errors[0]
    return (f"{replay.source}: game {replay.index} has {len(replay.errors)} error(s); shown up to "
            f"the first one (run pbmkit check):\n{first.format()}")


F = TypeVar("F", bound=Callable[..., Any])


def games_help() -> str:
    """The registered games as ``--rules`` help names them: ``"batalo, billo, ... or hex"``."""
    from pbmkit.games import game_names

    names = game_names()
    return f"{', '.join(names[:-1])} or {names[-1]}" if len(names) > 1 else ", ".join(names)


def rules_option(help_text: str, *, catch_game: bool = True) -> Callable[[F], F]:
    """``--rules NAME``: the game's rules, the one name for it in every command (docs/cli.md).

    With ``catch_game`` (a command without ``--game N``), a hidden ``--game NAME`` beside it says
    to use ``--rules`` (``--game`` is the position of a game of an archive everywhere else)."""
    rules = click.option("--rules", "rules", default="batalo", show_default=True,
                         metavar="NAME", help=help_text)

    def misused(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
        if value is not None:
            raise click.UsageError(f"--game {value}: choose the game's rules with --rules "
                                   f"{value} (--game N picks a game of an archive by its position)")

    game = click.option("--game", "misused_game", default=None, hidden=True, expose_value=False,
                        callback=misused)
    def apply(f: F) -> F:
        return rules(game(f)) if catch_game else rules(f)

    return apply


TAG_OPTION = click.option(
    "--tag", "tags", multiple=True, metavar="NAME=VALUE",
    help="A tag that chooses the game's board or layout (repeatable): --tag Board=7x7, "
         "--tag Layout=zones. The game checks the value.")

_TAG_NAME = r"[A-Za-z_][A-Za-z0-9_]{0,39}"


def configured_game(rules: str, tags: tuple[str, ...], *, setup: str | None = None,
                    options: dict[str, str] | None = None) -> tuple[Any, dict[str, str]]:
    """The game ``--rules`` names, configured by ``--tag NAME=VALUE`` items (and a ``Setup``), and
    the tags as {name: value} in the order given.

    A malformed item, a name the command sets by an option of its own (``options``: tag -> option,
    e.g. ``{"Date": "--date"}``) or a value the game refuses (its ``configure``) is a usage error
    (exit status 2) with one clear line.
    """
    import re

    from pbmkit.games import SetupError, get_game

    try:
        game = get_game(rules)
    except KeyError as exc:
        raise click.BadParameter(str(exc.args[0]), param_hint="--rules") from None
    from pbmkit.records.model import canonical_tag_name

    options = options or {}
    # A tag is spelt as the game (or the record format) spells it, whatever the case typed:
    # "board=9x9" is the Board tag, which the game reads, not a tag of its own it would ignore.
    spelt = {t.lower(): t for t in (*game.extra_tags, *game.side_tags)}
    given: dict[str, str] = {}
    for item in tags:
        name, sep, value = item.partition("=")
        name, value = name.strip(), value.strip()
        if not sep or not re.fullmatch(_TAG_NAME, name):
            raise click.BadParameter(f"{printable(item, 60)!r}: write NAME=VALUE, e.g. Board=7x7",
                                     param_hint="--tag")
        name = spelt.get(name.lower()) or canonical_tag_name(name)
        if any(ch in value for ch in "\r\n\x00"):
            raise click.BadParameter(f"{name}: a tag's value is one line", param_hint="--tag")
        if name in given:
            raise click.BadParameter(f"{name}: given twice", param_hint="--tag")
        known = {k.lower(): k for k in options}
        if name.lower() in known:
            raise click.BadParameter(f"{name}: give it with {options[known[name.lower()]]}",
                                     param_hint="--tag")
        given[name] = value
    try:
        configured = game.configure({**given, **({"Setup": setup} if setup else {})})
    except SetupError as exc:
        where = "--setup" if exc.tag == "Setup" and setup and exc.tag not in given else "--tag"
        raise click.BadParameter(str(exc), param_hint=where) from None
    return configured, given


GAME_NUMBER_OPTION = click.option(
    "--game", "game_number", type=click.IntRange(min=1), default=None, metavar="N",
    help="Which game of an archive, by its position in the file (1 = the first, as check "
         "numbers them).")


MAX_PROBLEMS_OPTION = click.option(
    "--max-problems", "max_problems", type=click.IntRange(min=0), default=DEFAULT_MAX_PROBLEMS,
    show_default=True, help="Print at most N problems of each game (0: all).")


@contextlib.contextmanager
def locked(path: str) -> Iterator[None]:
    """Hold an exclusive lock for read-modify-write of ``path``: on the folder holding the file
    (the target's, for a symlink); see :func:`pbmkit.common.files.folder_lock`."""
    directory = os.path.dirname(os.path.realpath(path)) or "."
    try:
        with folder_lock(directory, what=f"the folder of {path}"):
            yield
    except FileWriteError as exc:
        raise InputError(str(exc)) from None


def atomic_write(path: str, data: str | bytes) -> None:
    """Write ``path`` all at once (:func:`pbmkit.common.files.atomic_write`); its refusals and
    write errors are one :class:`InputError` line, and nothing is changed."""
    try:
        files.atomic_write(path, data)
    except FileWriteError as exc:
        raise InputError(str(exc)) from None


def click_error(exc: BaseException) -> click.ClickException:
    """One of pbmkit's errors as the command line's: its one line, its exit status
    (:func:`exit_code_for`)."""
    return InputError(str(exc)) if exit_code_for(exc) == EXIT_USAGE else Refused(str(exc))


def click_failure(exc: Failure | UsageFailure) -> click.ClickException:
    """A refusal of :mod:`pbmkit.cli.refusals` as click's exception: an :class:`InputError` or a
    :class:`Refused` by its exit status, click's ``BadParameter`` or ``UsageError`` for a usage
    error (raised in a command, click adds the command's usage line)."""
    if isinstance(exc, UsageFailure):
        if exc.param_hint is not None:
            return click.BadParameter(exc.message, param_hint=exc.param_hint)
        return click.UsageError(exc.message)
    return InputError(exc.message) if exc.exit_code == EXIT_USAGE else Refused(exc.message)


def echo_err(message: str) -> None:
    """A message on standard error."""
    click.echo(message, err=True)


def side_options(command: Callable[..., None]) -> Callable[..., None]:
    """``--SIDE NAME`` for each side of a registered game (``--red Ann``), each the same as
    ``--player SIDE=NAME``, and taken only for a side of the game the record is of."""
    from pbmkit.games import game_info, game_names

    for side in sorted({s for n in game_names() for s in game_info(n).sides}, reverse=True):
        command = click.option(f"--{side}", f"side_{side}", default=None, metavar="NAME",
                               hidden=True)(command)
    return command


def sides_help() -> str:
    """``--player``'s help: how a side is named, each game's sides (from the registry)."""
    from pbmkit.games import game_info, game_names

    each = "; ".join(f"{game_info(n).title}: {', '.join(game_info(n).sides)}" for n in game_names())
    return ("The player of a side, by the side's name (repeatable; every side is named): "
            f"SIDE=NAME, or --SIDE NAME for a side of the game ({each}).")


def order_hint(plain: Any, tags: dict[str, str], setup: str | None,
               named: list[str]) -> str | None:
    """The ``Order`` tag that would make the sides ``named`` (in the game's order) the game's
    sides, when the game has one and it configures so (Batrakill's zones with four players
    named: ``Order=Purple Blue Green Dragon``); else None."""
    from pbmkit.games import SetupError

    if "Order" not in plain.extra_tags or len(named) < 2:
        return None
    value = " ".join(s.capitalize() for s in named)
    try:
        game = plain.configure({**tags, "Order": value, **({"Setup": setup} if setup else {})})
    except SetupError:
        return None
    return value if set(game.sides) == set(named) else None


def player_names(game: AnyGame, by_side: dict[str, str], players: tuple[str, ...],
                 hint: Callable[[list[str]], str | None] | None = None) -> dict[str, str]:
    """Side -> player from ``--SIDE NAME`` (``by_side``: a side of the game only, never another
    side by its place) and ``--player SIDE=NAME``; every side must be named. ``hint(named
    sides)``: the ``Order`` tag that would make the sides named the game's, which the refusal
    names."""
    names: dict[str, str] = {}
    for side, name in by_side.items():
        if side not in game.sides:
            raise click.BadParameter(f"{game.title} has no side {side.capitalize()} (its sides: "
                                     f"{', '.join(game.sides)}; --player SIDE=NAME names any)",
                                     param_hint=f"--{side}")
        names[side] = name
    for item in players:
        side, sep, name = item.partition("=")
        side = side.strip().lower()
        if not sep or side not in game.sides:
            raise click.BadParameter(f"{item!r}: write SIDE=NAME, SIDE one of "
                                     f"{', '.join(game.sides)}", param_hint="--player")
        names[side] = name.strip()
    missing = [s for s in game.sides if s not in names]
    if missing:
        options = " ".join(f"--player {s}=NAME" for s in missing)
        order = hint([s for s in game.sides if s in names]) if hint is not None else None
        without = ", ".join(s.capitalize() for s in missing)
        raise click.UsageError(f"name the player of each side of {game.title}: {options}"
                               + (f'; or, to play without {without}: --tag "Order={order}"'
                                  if order is not None else ""))
    return names
