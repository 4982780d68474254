"""One error family (issue 36; docs/architecture.md, "Errors"): every public exception of pbmkit
derives from PbmkitError through its layer's base, and the command line turns any of them that a
command did not turn into its own into one line and docs/cli.md's exit status, never a
traceback."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import click
import pytest
from click.testing import CliRunner

import pbmkit
from pbmkit.cli.common import EXIT_INVALID, EXIT_USAGE, exit_code_for
from pbmkit.common.errors import PbmkitError
from pbmkit.events.errors import EventError
from pbmkit.mail.files import MailError
from pbmkit.records.errors import RecordError
from pbmkit.referee.errors import RefereeError

LAYER_BASES: dict[str, tuple[type[BaseException], ...]] = {
    "pbmkit.common": (PbmkitError,),
    "pbmkit.games": (PbmkitError,),
    "pbmkit.records": (RecordError,),
    "pbmkit.mail": (MailError,),
    "pbmkit.events": (EventError,),
    "pbmkit.referee": (RefereeError, MailError),  # the referee's inbox fails as mail does
}
"""The base of each layer's errors (the games' are the game contract's, PbmkitError's own)."""


def _exceptions() -> list[tuple[str, type[BaseException]]]:
    found = []
    for info in pkgutil.walk_packages(pbmkit.__path__, "pbmkit."):
        module = importlib.import_module(info.name)
        for name, obj in vars(module).items():
            if (inspect.isclass(obj) and issubclass(obj, BaseException)
                    and not issubclass(obj, Warning) and obj.__module__ == module.__name__
                    and not name.startswith("_")):  # a private one is a module's own control flow
                found.append((f"{info.name}.{name}", obj))
    return sorted(found, key=lambda f: f[0])


EXCEPTIONS = _exceptions()


def test_the_walk_finds_the_errors_of_every_layer() -> None:
    names = {n for n, _ in EXCEPTIONS}
    assert {"pbmkit.games.base.IllegalMoveError", "pbmkit.mail.files.MailError",
            "pbmkit.referee.context.Refusal", "pbmkit.common.files.FileWriteError"} <= names


@pytest.mark.parametrize(("name", "cls"), [e for e in EXCEPTIONS if not e[0].startswith("pbmkit.cli.")],
                         ids=[n for n, _ in EXCEPTIONS if not n.startswith("pbmkit.cli.")])
def test_every_public_exception_is_a_pbmkit_error_of_its_layer(
        name: str, cls: type[BaseException]) -> None:
    assert issubclass(cls, PbmkitError), f"{name} does not derive from PbmkitError"
    layer = next((layer for layer in LAYER_BASES if name.startswith(layer + ".")), None)
    if layer is not None:
        assert issubclass(cls, LAYER_BASES[layer]), f"{name} is not a {LAYER_BASES[layer]}"


CLICK_FREE = {"pbmkit.cli.checking.SourceError", "pbmkit.cli.refusals.Failure",
              "pbmkit.cli.refusals.UsageFailure"}
"""The command line's exceptions of its paths without click (``check`` and ``move``, issues 22
and 37): the quick check's own, and the refusals the commands and the group turn into click's."""


def test_the_command_line_s_own_errors_are_click_s() -> None:
    """The CLI's exceptions are click's (click gives them their exit status), or those of its
    paths without click (:data:`CLICK_FREE`)."""
    for name, cls in EXCEPTIONS:
        if name.startswith("pbmkit.cli."):
            assert issubclass(cls, click.ClickException) or name in CLICK_FREE, name


@pytest.mark.parametrize(("raised", "code", "said"), [
    (("the record says no", 1), EXIT_INVALID, "Error: the record says no"),
    (("the file is gone", 2), EXIT_USAGE, "Error: the file is gone"),
])
def test_a_click_free_refusal_no_command_turned_is_one_line_and_its_status(
        monkeypatch: pytest.MonkeyPatch, raised: tuple[str, int], code: int, said: str) -> None:
    """A :class:`~pbmkit.cli.refusals.Failure` that escapes a command is click's error line
    with its exit status; a usage failure is click's usage error."""
    import pbmkit.cli.board as board
    from pbmkit.cli import cli
    from pbmkit.cli.refusals import Failure, UsageFailure

    def fail(*args: object, **kwargs: object) -> None:
        raise Failure(*raised)

    monkeypatch.setattr(board, "configured_game", fail)
    done = CliRunner().invoke(cli, ["board"])
    assert (done.exit_code, done.output.strip()) == (code, said)

    def misused(*args: object, **kwargs: object) -> None:
        raise UsageFailure("'x' is not a date like 2026-11-21", param_hint="--sent")

    monkeypatch.setattr(board, "configured_game", misused)
    done = CliRunner().invoke(cli, ["board"])
    assert done.exit_code == EXIT_USAGE
    assert done.output.strip().endswith(
        "Error: Invalid value for --sent: 'x' is not a date like 2026-11-21")


@pytest.mark.parametrize(("error", "code"), [
    ("pbmkit.common.files:FileWriteError", EXIT_USAGE),
    ("pbmkit.mail.files:NoAddress", EXIT_USAGE),
    ("pbmkit.referee.club:ClubError", EXIT_USAGE),
    ("pbmkit.referee.db:DatabaseError", EXIT_USAGE),
    ("pbmkit.events.tiebreaks:TieBreakError", EXIT_USAGE),
    ("pbmkit.mail.files:MailError", EXIT_INVALID),
    ("pbmkit.desk.moving:AppendRefused", EXIT_INVALID),
    ("pbmkit.games.base:IllegalMoveError", EXIT_INVALID),
    ("pbmkit.events.errors:EventError", EXIT_INVALID),
    ("pbmkit.referee.context:Refusal", EXIT_INVALID),
])
def test_the_cli_maps_each_base_to_its_exit_status(error: str, code: int) -> None:
    module, _, name = error.partition(":")
    assert exit_code_for(getattr(importlib.import_module(module), name)("why")) == code


def test_an_error_no_command_caught_is_one_line_and_its_status(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A PbmkitError that escapes a command (here, forced out of ``board``) is one line."""
    import pbmkit.cli.board as board
    from pbmkit.cli import cli

    def fail(*args: object, **kwargs: object) -> None:
        raise EventError("the event's file says two things at once")

    monkeypatch.setattr(board, "configured_game", fail)
    done = CliRunner().invoke(cli, ["board"])
    assert done.exit_code == EXIT_INVALID, done.output
    assert done.output.strip() == "Error: the event's file says two things at once"


def test_a_move_error_carries_a_typed_start() -> None:
    """One MoveError (issue 36): the unreadable and the forbidden move derive from it, each with
    ``start`` typed ``Space | None``, so a caller catches one class and reads ``exc.start``."""
    import typing

    from pbmkit.games import AmbiguousMoveError, IllegalMoveError, MoveError, get_game
    from pbmkit.games.base import Space
    from pbmkit.games.notation import MoveSyntaxError

    assert issubclass(MoveError, PbmkitError)
    for cls in (MoveSyntaxError, IllegalMoveError, AmbiguousMoveError):
        assert issubclass(cls, MoveError), cls
        assert typing.get_type_hints(cls.__init__)["start"] == Space | None, cls
        assert cls("why").start is None and cls("why", 12).start == 12
    assert pbmkit.MoveError is MoveError
    batalo = get_game("batalo")
    with pytest.raises(MoveError) as caught:  # the start read, the rest not
        batalo.notation.read("IR tu HS", batalo.initial_position())
    assert isinstance(caught.value, MoveSyntaxError)
    assert caught.value.start == batalo.board.find("IR")
