"""Writing files safely (issue 9, items 3, 11 and 13): missing or read-only folders, full disks,
symlinked and hard-linked records, read-only records, owner and mode, temp files of a killed write.
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbmkit.cli import cli
from pbmkit.records import check_text

RECORD = '[Game "Batalo"]\n[White "Ann"]\n[Black "Bob"]\n\n1. IR to HS EV to FU\n'


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def moves_of(path: Path) -> list[str]:
    (rep,) = check_text(path.read_text(encoding="utf-8"), str(path))
    assert rep.valid
    return [p.text for p in rep.main]


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "game.txt"
    path.write_text(RECORD, encoding="utf-8")
    return path


# --- item 3: a missing output folder ---------------------------------------------------------


@pytest.mark.parametrize("args", [
    ["convert", "{rec}", "--to", "json", "-o", "{tmp}/nodir/x.json"],
    ["show", "{rec}", "--svg", "{tmp}/nodir/x.svg"],
    ["new", "{tmp}/nodir/new.txt", "--white", "A", "--black", "B"],
    ["chart", "--blank", "-o", "{tmp}/nodir/c.pdf"],
])
def test_a_missing_output_folder_is_one_line_and_exit_2(record: Path, tmp_path: Path,
                                                        args: list[str]) -> None:
    """Issue 9, item 3: no FileNotFoundError traceback; one clear line and exit 2."""
    code, _, err = run(*(a.format(rec=record, tmp=tmp_path) for a in args))
    assert code == 2
    assert err.strip().count("\n") == 0, err
    assert "cannot write" in err and "nodir" in err
    assert not (tmp_path / "nodir").exists()


def test_move_in_a_read_only_folder_is_one_line_and_exit_2(record: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 9, items 3 and 11: the temp file cannot be made (tests run as root, so the folder's
    refusal is simulated where the write meets it)."""
    import tempfile

    def refuse(*args: object, **kwargs: object) -> tuple[int, str]:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    code, _, err = run("move", str(record), "JQ to IR")
    assert code == 2
    assert err.strip() == f"Error: cannot write {record}: Permission denied; nothing was written"
    assert record.read_text(encoding="utf-8") == RECORD


def test_a_full_disk_leaves_the_record_and_no_temp_file(record: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 9, item 11: a write error (full disk) ends in one line, exit 2, nothing changed."""
    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    code, _, err = run("move", str(record), "JQ to IR")
    assert code == 2
    assert "No space left on device" in err and err.strip().count("\n") == 0
    assert record.read_text(encoding="utf-8") == RECORD
    assert sorted(p.name for p in record.parent.iterdir()) == ["game.txt"]


# --- item 11: links, permissions, owner and mode ----------------------------------------------


def test_a_symlinked_record_stays_a_symlink_and_its_target_gets_the_move(record: Path) -> None:
    """Issue 9, item 11: `move` on link.txt -> game.txt writes through the link."""
    link = record.parent / "link.txt"
    link.symlink_to(record.name)
    code, _, err = run("move", str(link), "JQ to IR")
    assert code == 0, err
    assert link.is_symlink() and os.readlink(link) == record.name
    assert moves_of(record) == ["IR to HS", "EV to FU", "JQ to IR"]


def test_a_hard_linked_record_is_refused_and_both_names_unchanged(record: Path) -> None:
    """Issue 9, item 11 (decision, docs/cli.md): replacing one name would split the
    copies, so a record with more than one hard link is refused."""
    other = record.parent / "copy.txt"
    os.link(record, other)
    code, _, err = run("move", str(record), "JQ to IR")
    assert code == 2
    assert "hard links" in err
    assert record.read_text(encoding="utf-8") == RECORD
    assert os.stat(record).st_ino == os.stat(other).st_ino


def test_a_read_only_record_is_refused_not_replaced(record: Path) -> None:
    """Issue 9, item 11: a record whose write permission is off is not replaced (even by root)."""
    record.chmod(0o444)
    inode = os.stat(record).st_ino
    code, _, err = run("move", str(record), "JQ to IR")
    assert code == 2
    assert err.strip() == f"Error: {record} is read-only; it was not changed"
    assert record.read_text(encoding="utf-8") == RECORD and os.stat(record).st_ino == inode


def test_a_record_keeps_its_mode_and_owner(record: Path) -> None:
    """Issue 9, item 11: the replaced record has the old file's mode, owner and group."""
    record.chmod(0o640)
    if os.getuid() == 0:
        os.chown(record, 4321, 4322)
    before = os.stat(record)
    code, _, err = run("move", str(record), "JQ to IR")
    assert code == 0, err
    after = os.stat(record)
    assert after.st_ino != before.st_ino  # replaced atomically
    assert (after.st_mode & 0o7777, after.st_uid, after.st_gid) == \
        (0o640, before.st_uid, before.st_gid)


# --- item 13: a temp file left by a killed move -------------------------------------------------


def test_a_temp_file_of_a_killed_move_is_removed_by_the_next_write(record: Path) -> None:
    """Issue 9, item 13: the temp file of a writer that is gone is removed; that of a running
    writer is left alone (every write has its own)."""
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    stale = record.parent / f".game.txt.pbmkit-{dead.stdout.strip()}-abc123.tmp"
    stale.write_text("half a record", encoding="utf-8")
    running = record.parent / f".game.txt.pbmkit-{os.getppid()}-def456.tmp"
    running.write_text("another writer", encoding="utf-8")
    code, _, err = run("move", str(record), "JQ to IR")
    assert code == 0, err
    assert not stale.exists()
    assert running.exists()
    assert moves_of(record) == ["IR to HS", "EV to FU", "JQ to IR"]


def test_a_killed_move_leaves_the_record_whole(record: Path) -> None:
    """Issue 9, item 13: a `move` killed while writing leaves the old record or the new one."""
    code = ("import os, signal, sys\n"
            "import pbmkit.cli.common as c\n"
            "real = os.replace\n"
            "def die(a, b):\n"
            "    os.kill(os.getpid(), signal.SIGKILL)\n"
            "os.replace = die\n"
            "from pbmkit.cli import main\n"
            f"main(['move', {str(record)!r}, 'JQ to IR'])\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == -9
    assert record.read_text(encoding="utf-8") == RECORD
    leftovers = [p for p in record.parent.iterdir() if p.name != "game.txt"]
    assert len(leftovers) == 1  # the killed writer's temp file
    code2, _, err = run("move", str(record), "JQ to IR")
    assert code2 == 0, err
    assert sorted(p.name for p in record.parent.iterdir()) == ["game.txt"]
