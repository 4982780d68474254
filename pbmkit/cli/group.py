"""The click group of the ``pbmkit`` command (:data:`cli`), apart from :func:`pbmkit.cli.main`
so that ``pbmkit check FILE...`` can run without importing click (:mod:`pbmkit.cli.checking`).
``pbmkit.cli.cli`` and ``pbmkit.cli.LazyGroup`` still name them (imported on first use)."""

from __future__ import annotations

import importlib
import sys
from typing import Any

import click

from pbmkit import __version__
from pbmkit.cli import COMMANDS, pipe_closed

__all__ = ["LazyGroup", "cli"]


class LazyGroup(click.Group):
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

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command; a reader that closed standard output ends it quietly (exit 141).

        Standard output is flushed here, so what the command left buffered meets the closed pipe
        inside this handler rather than in the interpreter's shutdown (after a ``sys.exit``).
        """
        try:
            try:
                return super().invoke(ctx)
            finally:
                sys.stdout.flush()
        except BrokenPipeError:
            pipe_closed()

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
    """pbmkit: record, check and print play-by-mail games of Batalo and its family."""
