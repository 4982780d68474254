"""Safe writes shared by every layer that edits files, written once: an exclusive lock on a folder
for a read-modify-write, and the atomic replace of a file (a temporary file beside it, synced,
renamed over it). Errors are :class:`FileWriteError`, whose text is one line for the user.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator

from pbmkit.common.errors import PbmkitError

__all__ = ["FileWriteError", "atomic_write", "folder_lock"]


class FileWriteError(PbmkitError):
    """A file that could not be written or a folder that could not be locked; nothing changed.
    ``errno`` is the system's error number when the system refused (``ENOSPC``: a full disk)."""

    def __init__(self, message: str, errno: int | None = None) -> None:
        super().__init__(message)
        self.errno = errno


@contextlib.contextmanager
def folder_lock(directory: str | os.PathLike[str], *, what: str | None = None) -> Iterator[None]:
    """Hold an exclusive lock (``flock``) on ``directory`` for a read-modify-write of files in it.

    The lock is on the folder, not on a lock file, so no stray file is left behind and the atomic
    replace of a file (a new inode) cannot slip past it. ``what`` names the folder in the error
    (default: the folder's path). Without ``fcntl`` (Windows) no lock is taken: the replace is
    still atomic.
    """
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows: no advisory locks; replace is still atomic
        yield
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError as exc:
        name = what or f"the folder {os.fspath(directory)}"
        raise FileWriteError(f"cannot open {name}: {exc.strerror or exc}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


_TEMP_MARK = ".pbmkit-"


def _temp_prefix(target: str) -> str:
    """The name start of ``target``'s temporary files: ``.NAME.pbmkit-PID-`` (NAME cut to 80)."""
    return f".{os.path.basename(target)[:80]}{_TEMP_MARK}{os.getpid()}-"


_TIDIED: set[str] = set()
"""The folders whose stale temporary files this process removed already (once a folder is
enough: a folder of a thousand pages was listed a thousand times)."""


def _remove_stale_temps(target: str) -> None:
    """Remove the temporary files left in ``target``'s folder by a writer that was killed, the
    first time this process writes there.

    A temporary file is named after its target and its writer's process id; one whose process
    is gone is removed, one of a running process is left alone (ignored: every write has its own).
    """
    directory = os.path.dirname(target)
    if directory in _TIDIED:
        return
    _TIDIED.add(directory)
    try:
        names = [e.name for e in os.scandir(directory)
                 if e.name.startswith(".") and _TEMP_MARK in e.name and e.name.endswith(".tmp")]
    except OSError:
        return
    for entry in names:
        pid_text = entry.rpartition(_TEMP_MARK)[2].split("-", 1)[0]
        if not pid_text.isdigit() or int(pid_text) == os.getpid() or _alive(int(pid_text)):
            continue
        with contextlib.suppress(OSError):
            os.unlink(os.path.join(directory, entry))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True
    return True


def atomic_write(path: str | os.PathLike[str], data: str | bytes, *, sync: bool = True,
                 private: bool = False) -> None:
    """Write ``path`` all at once: a temporary file beside it, flushed, then renamed over it.

    ``sync``: the temporary file is on the disk (fsync) before the rename; false for files that
    are copies of what another store holds (the referee's records of its database, web pages
    made again at will), whose fsync per file tripled the time of a thousand. ``private``: the
    file is readable by its owner alone (mode 600) from its first byte (a secret: game keys).

    A symlink is written through (its target is replaced; the link stays a link). An existing
    file keeps its mode and owner. Refused (:class:`InputError`, nothing changed): a file with
    more than one hard link (replacing it would split the copies), a file whose write permission
    is off (``chmod a-w``, even for root). Any write error (missing or read-only folder, full
    disk) is one :class:`FileWriteError` line, and the temporary file is removed; temporary files
    left by a killed writer are removed by the next write of the same file.
    """
    import tempfile  # here, not at the top: its import costs ~5% of a mailed move's start

    path = os.fspath(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    target = os.path.realpath(path)
    try:
        st: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise FileWriteError(f"cannot write {path}: {exc.strerror or exc}", exc.errno) from None
    if st is not None:
        if st.st_nlink > 1:
            raise FileWriteError(f"{path} has {st.st_nlink} hard links; pbmkit replaces a file "
                             "atomically, which would split them, so it was not changed "
                             "(use a symlink to share a record)")
        if not st.st_mode & 0o222 or not os.access(target, os.W_OK):
            raise FileWriteError(f"{path} is read-only; it was not changed")
    directory = os.path.dirname(target)
    _remove_stale_temps(target)
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=_temp_prefix(target), suffix=".tmp", dir=directory)
        with os.fdopen(fd, "wb") as fh:  # mkstemp makes it mode 600: private from the start
            fh.write(payload)
            fh.flush()
            if sync:
                os.fsync(fh.fileno())
        if private:
            mode = 0o600
        elif st is not None:
            mode = st.st_mode & 0o7777
            if (st.st_uid, st.st_gid) != (os.getuid(), os.getgid()):
                os.chown(tmp, st.st_uid, st.st_gid)
        else:  # a new file: the mode any new file would get
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except OSError as exc:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        reason = exc.strerror or str(exc)
        if isinstance(exc, FileNotFoundError) and not os.path.isdir(directory):
            reason = f"no folder {os.path.dirname(path) or '.'}"
        raise FileWriteError(f"cannot write {path}: {reason}; nothing was written",
                             exc.errno) from None
    except BaseException:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        raise
