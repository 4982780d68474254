"""``pbmkit html``: a web page for a game, or for every game of an archive with an index."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

import click

from pbmkit.cli.common import (
    EXIT_INVALID,
    GAME_NUMBER_OPTION,
    NO_GAME,
    InputError,
    Refused,
    atomic_write,
    echo_err,
    first_error_at,
    load_replays,
    pick_game,
)
from pbmkit.common import files
from pbmkit.common.files import FileWriteError
from pbmkit.common.text import printable

if TYPE_CHECKING:
    from pbmkit.records import GameReplay


def _broken(replay: GameReplay) -> str:
    first = replay.errors[0]
    return (f"{replay.source}: game {replay.index} has {len(replay.errors)} error(s); its page "
            f"shows the moves before the first ({first.format().splitlines()[0]}); run pbmkit check")


def _write_page(path: str, page: str) -> None:
    """Write a game page of a folder: a temporary file renamed over the page, so a reader never
    sees half a page, but without ``atomic_write``'s flush to the disk (an fsync) for each of a
    thousand regenerable pages: on a busy disk that tripled the wall time of an archive. The
    index is written last, with ``atomic_write``."""
    try:
        files.atomic_write(path, page, sync=False)
    except FileWriteError as exc:
        raise InputError(f"{exc}; the pages written so far stay") from None


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("-o", "--output", default=None, type=click.Path(),
              help="The page to write (default: standard output), or a folder (DIR/) for an "
                   "archive: index.html and a page per game.")
@GAME_NUMBER_OPTION
def html(file: str, output: str | None, game_number: int | None) -> None:
    """Write a web page for a game: the board, the tags, the moves and their comments.

    The page is one file that works offline: step through the game with the buttons or the
    arrow keys, Home and End; click a move; choose a series; flip the board. On the page of a
    game still going (FILE holding that one game) the player to move makes a move by tapping,
    then copies it or sends it by e-mail. With -o DIR/ (a folder), every game of FILE gets a
    page and DIR/index.html lists them.
    """
    from pbmkit.games.base import result_words
    from pbmkit.mail.tapped import page_offer
    from pbmkit.web.viewer import PageEntry, game_page, index_page, page_name

    text, name, replays = load_replays(file)
    folder = output is not None and (output.endswith(("/", os.sep)) or os.path.isdir(output))
    if not folder:
        if len(replays) > 1 and game_number is None:
            raise InputError(f"{name} holds {len(replays)} games; choose one with --game N, or "
                             "write a page for each with -o DIR/")
        rep = pick_game(replays, game_number, name)
        if rep.game is None:
            raise Refused(f"{name}: game {rep.index} cannot be replayed: "
                          f"{printable(rep.errors[0].message, 300)}")
        # a game still going, alone in its file: its page offers the legal moves to tap
        offer = page_offer(text, rep) if len(replays) == 1 else None
        page = game_page(rep, upto=first_error_at(rep), offer=offer)
        if output is None:
            click.echo(page, nl=False)
        else:
            atomic_write(output, page)
            click.echo(f"Wrote {output}")
        if rep.errors:
            echo_err(_broken(rep))
            sys.exit(EXIT_INVALID)
        return
    assert output is not None
    if not replays:
        raise Refused(f"{name}: {NO_GAME}")
    chosen = [pick_game(replays, game_number, name)] if game_number is not None else replays
    try:
        os.makedirs(output, exist_ok=True)
    except OSError as exc:
        raise InputError(f"cannot write to the folder {output}: {exc.strerror or exc}") from None
    entries: list[PageEntry] = []
    broken: list[str] = []
    for rep in chosen:
        game = rep.game
        if game is None:
            broken.append(f"{name}: game {rep.index} cannot be replayed (no page): "
                          f"{printable(rep.errors[0].message, 300)}")
            continue
        href = page_name(rep.index)
        _write_page(os.path.join(output, href), game_page(rep, upto=first_error_at(rep),
                                                          index_href="index.html"))
        if rep.errors:
            broken.append(_broken(rep))
        tags = rep.record.tags
        players = tuple(tags.get(tag, "").strip() or "?" for tag in game.side_tags)
        result = result_words(game, rep.winner, rep.how, rep.detail) if not rep.errors \
            else "record with errors"
        entries.append(PageEntry(href=href, number=tags.get("Number", "").strip() or str(rep.index),
                                 players=players, game=game.title, result=result, turns=rep.turns,
                                 date=tags.get("Date", "").strip()))
    title = os.path.basename(name) if name != "<stdin>" else "Games"
    atomic_write(os.path.join(output, "index.html"), index_page(entries, title))
    click.echo(f"Wrote {os.path.join(output, 'index.html')} and {len(entries)} game page(s)")
    for line in broken:
        echo_err(line)
    if broken:
        sys.exit(EXIT_INVALID)
