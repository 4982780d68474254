"""What the commands share: reading inputs, choosing a game of an archive, safe writes."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from pbmkit.notation import GameReplay

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2


class InputError(click.ClickException):
    """Input that cannot be used (unreadable, not UTF-8, no such game): exit status 2."""

    exit_code = EXIT_USAGE


class Refused(click.ClickException):
    """A request the rules or the record refuse (an illegal move, a broken record): exit status 1."""

    exit_code = EXIT_INVALID


def read_source(path: str) -> tuple[str, str]:
    """The text of ``path`` (``-`` for standard input) and the name to report it by.

    A byte-order mark is dropped; bytes that are not UTF-8 are an :class:`InputError`.
    """
    name = "<stdin>" if path == "-" else path
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as fh:
                data = fh.read()
    except OSError as exc:
        raise InputError(f"cannot read {name}: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(f"{name}:{line}: not UTF-8 text (byte {data[exc.start]:#04x}); "
                         "save the record as UTF-8") from None
    return text, name


def load_replays(path: str) -> tuple[str, str, list[GameReplay]]:
    """Read ``path`` and replay every game in it: (text, source name, replays)."""
    from pbmkit.notation import check_text

    text, name = read_source(path)
    return text, name, check_text(text, name)


def pick_game(replays: list[GameReplay], number: int | None, source: str) -> GameReplay:
    """The game ``number`` (1-based) of an archive; the only game when ``number`` is ``None``."""
    if not replays:
        raise InputError(f"{source}: no game in this file (start a record with: pbmkit new "
                         "FILE --white NAME --black NAME)")
    if number is None:
        if len(replays) > 1:
            raise InputError(f"{source} holds {len(replays)} games; choose one with --game N")
        return replays[0]
    if not 1 <= number <= len(replays):
        raise InputError(f"{source} holds {len(replays)} game(s); there is no game {number}")
    return replays[number - 1]


def load_game(path: str, number: int | None) -> tuple[str, GameReplay, Any]:
    """The replayed game ``number`` of ``path``: (source name, replay, its Game).

    A game that could not be replayed at all (unknown game, bad Setup) is :class:`Refused`.
    """
    _, name, replays = load_replays(path)
    rep = pick_game(replays, number, name)
    if rep.game is None:
        raise Refused(f"{name}: game {rep.index} cannot be replayed: {rep.errors[0].message}")
    return name, rep, rep.game


def find_ply(replay: GameReplay, label: str) -> Any:
    """The last ply of turn ``label`` (main line or series), or an :class:`InputError`."""
    label = label.strip().rstrip(".").lower()
    found = None
    for ply in [*replay.main, *(p for line in replay.series.values() for p in line)]:
        if ply.label.lower() == label:
            found = ply
    if found is None:
        labels = [p.label for p in replay.main]
        last = f" (the main line runs to turn {labels[-1]})" if labels else ""
        raise InputError(f"no turn {label} in this game{last}")
    return found


def position_at(replay: GameReplay, label: str | None) -> Any:
    """The position after turn ``label`` (the end of the main line for ``None``)."""
    if label is None:
        return replay.final
    try:
        return replay.position_at(label)
    except KeyError as exc:
        raise InputError(f"{replay.source}: {exc.args[0]}") from None


@contextlib.contextmanager
def locked(path: str) -> Iterator[None]:
    """Hold an exclusive lock for read-modify-write of ``path``.

    The lock is taken on the directory holding the file, so no stray lock file is left behind and
    the atomic replace of the file (a new inode) cannot slip past it.
    """
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows: no advisory locks; replace is still atomic
        yield
        return
    fd = os.open(os.path.dirname(os.path.abspath(path)) or ".", os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def atomic_write(path: str, data: str | bytes) -> None:
    """Write ``path`` all at once: a temporary file beside it, flushed, then renamed over it."""
    import tempfile  # here, not at the top: its import costs ~5% of a mailed move's start

    payload = data.encode("utf-8") if isinstance(data, str) else data
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".pbmkit-", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
            fh.flush()
            os.fsync(fh.fileno())
        try:
            mode = os.stat(path).st_mode & 0o7777
        except OSError:  # a new file: the mode any new file would get
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def echo_err(message: str) -> None:
    """A message on standard error."""
    click.echo(message, err=True)
