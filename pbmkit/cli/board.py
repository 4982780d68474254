"""``pbmkit board``: a game's starting board (or a Setup) and the legal moves from it."""

from __future__ import annotations

import click

from pbmkit.cli.common import TAG_OPTION, configured_game, games_help, rules_option
from pbmkit.games import SetupError


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

    moves = sorted(game.notation.format(m, position) for m in game.legal_moves(position))
    click.echo(f"\n{game.side_to_move(position).capitalize()} to move: {len(moves)} legal moves")
    click.echo(", ".join(moves))
