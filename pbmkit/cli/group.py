"""The click group of the ``pbmkit`` command (:data:`cli`), apart from :func:`pbmkit.cli.main`
so that ``pbmkit check FILE...`` can run without importing click (:mod:`pbmkit.cli.checking`).
``pbmkit.cli.cli`` and ``pbmkit.cli.LazyGroup`` still name them (imported on first use)."""

from __future__ import annotations

import difflib
import importlib
import re
import sys
from typing import Any

import click

from pbmkit import __version__
from pbmkit.cli import COMMANDS, pipe_closed
from pbmkit.cli.refusals import Failure, UsageFailure

__all__ = ["Group", "LazyGroup", "cli", "summary"]

_SENTENCE = re.compile(r"(.+?[.!?])(?:\s|$)")


def summary(command: click.Command) -> str:
    """A command's line in its group's help: its ``short_help``, else the first sentence of its
    help, whole (click's default cuts it at a width, mid-word, with "...")."""
    if command.short_help:
        return " ".join(command.short_help.split())
    first = " ".join((command.help or "").strip().split("\n\n")[0].split())
    m = _SENTENCE.match(first)
    return m.group(1) if m else first


class Group(click.Group):
    """A group of pbmkit's commands (``pbmkit`` itself, ``mail``, ``event``, ``referee``,
    ``draw``): a mistyped command gets "Did you mean ...?" (exit 2, a usage error); the group
    alone shows its help and exits 0; its help lists each command's summary whole
    (:func:`summary`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("no_args_is_help", True)
        super().__init__(*args, **kwargs)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args and self.no_args_is_help and not ctx.resilient_parsing:
            click.echo(ctx.get_help(), color=ctx.color)  # asked for nothing: the help, exit 0
            ctx.exit(0)
        return super().parse_args(ctx, args)

    def resolve_command(self, ctx: click.Context, args: list[str]
                        ) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0] if args else ""
        if (name and not name.startswith("-") and not ctx.resilient_parsing
                and self.get_command(ctx, name) is None):
            close = difflib.get_close_matches(name, self.list_commands(ctx), n=3, cutoff=0.6)
            hint = (" Did you mean " + " or ".join(f"'{c}'" for c in close) + "?") if close else ""
            from pbmkit.common.text import printable

            raise click.UsageError(f"No such command '{printable(name, 40)}'.{hint}", ctx)
        return super().resolve_command(ctx, args)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, summary(command)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


class LazyGroup(Group):
    """A group that imports a command's module only when that command is used."""

    def make_context(self, info_name: str | None, args: list[str],
                     parent: click.Context | None = None, **extra: Any) -> click.Context:
        """The group's context; ``pbmkit --help`` or ``--version`` into a closed pipe ends as a
        command's output does (:meth:`invoke`)."""
        try:
            try:
                return super().make_context(info_name, args, parent, **extra)
            except click.exceptions.Exit:
                sys.stdout.flush()
                raise
        except BrokenPipeError:
            pipe_closed()

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The group's help, naming the registered games (from the registry, none imported)."""
        from pbmkit.games import game_info, game_names

        titles = [game_info(name).title for name in game_names()]
        games = ", ".join(titles[:-1]) + " and " + titles[-1] if len(titles) > 1 else "".join(titles)
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(f"pbmkit: record, check and print play-by-mail games: {games}.")

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command; a reader that closed standard output ends it quietly (exit 141).

        Standard output is flushed here, so what the command left buffered meets the closed pipe
        inside this handler rather than in the interpreter's shutdown (after a ``sys.exit``).
        """
        from pbmkit.common.errors import PbmkitError

        try:
            try:
                return super().invoke(ctx)
            finally:
                sys.stdout.flush()
        except BrokenPipeError:
            pipe_closed()
        except PbmkitError as exc:  # one no command turned into its own: a line, never a traceback
            from pbmkit.cli.common import click_error

            raise click_error(exc) from None
        except (Failure, UsageFailure) as exc:  # a click-free refusal no command turned into click's
            from pbmkit.cli.common import click_failure

            raise click_failure(exc) from None

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        entry = COMMANDS.get(cmd_name)
        if entry is None:
            return None
        module, attr, _ = entry
        command: click.Command = getattr(importlib.import_module(module), attr)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][2]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


def _version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """``pbmkit --version``: the version, and whether this pbmkit runs compiled or pure Python."""
    if not value or ctx.resilient_parsing:
        return
    from pbmkit import compiled_modules

    count = len(compiled_modules())
    click.echo(f"pbmkit, version {__version__} "
               + (f"(compiled: {count} modules)" if count else "(pure Python)"))
    ctx.exit()


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_version,
              help="Show the version, and whether pbmkit runs compiled, and exit.")
def cli() -> None:
    """pbmkit: record, check and print play-by-mail games (the help names every registered one)."""
