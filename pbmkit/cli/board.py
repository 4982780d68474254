"""``pbmkit board``: a game's starting board (or a Setup) and the legal moves from it."""

from __future__ import annotations

from typing import Any

import click

from pbmkit.cli.common import TAG_OPTION, configured_game, games_help, rules_option
from pbmkit.games import AnyGame, SetupError
from pbmkit.games.board import board_order

SUMMARY_AFTER = 40
"""More legal moves than this, in a game that summarises its moves (a Baladãna position has
1,000-4,000 turns), are shown as the game's summary, by ``board`` and ``moves`` alike."""


def move_lines(game: AnyGame, position: Any, legal: list[Any], texts: list[str]) -> list[str]:
    """The legal moves ``legal`` (written ``texts``, sorted) as lines of at most ~100
    characters: the game's summary (by piece) when it has one and there are more than
    :data:`SUMMARY_AFTER`, else the texts, wrapped between moves."""
    from pbmkit.desk.moving import wrap_items
    from pbmkit.games.notation import SummarisesMoves

    notation = game.notation
    if isinstance(notation, SummarisesMoves) and len(texts) > SUMMARY_AFTER:
        return [*(f"  {line}" for line in notation.summarise(legal, position)),
                "  (pbmkit moves FILE --json lists every move of a record's position)"]
    return wrap_items(" ", texts).splitlines() if texts else []


@click.command()
@rules_option(f"The game's rules: {games_help()}.")
@click.option("--setup", default=None, help="A Setup string instead of the standard start.")
@TAG_OPTION
def board(rules: str, setup: str | None, tags: tuple[str, ...]) -> None:
    """Show a game's starting board and its opening moves."""
    game, _ = configured_game(rules, tags, setup=setup)
    try:
        position = game.parse_setup(setup) if setup else game.initial_position()
    except SetupError as exc:
        raise click.BadParameter(str(exc), param_hint="--setup") from None
    from pbmkit.render.terminal import board_text

    try:
        click.echo(board_text(game, position))
    except ValueError as exc:  # a game without a terminal drawing: still list the moves
        click.echo(f"({exc})")

    legal = list(game.legal_moves(position))
    moves = sorted((game.notation.format(m, position) for m in legal), key=board_order)
    click.echo(f"\n{game.side_to_move(position).capitalize()} to move: {len(moves)} legal moves")
    for line in move_lines(game, position, legal, moves):
        click.echo(line)
