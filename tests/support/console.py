"""The ``pbmkit`` console script run in a process of its own, telling whether it imported click:
the tests that hold a click-free path (``check``, ``move``) to click's bytes and exit status."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PROBE = """\
import atexit, sys
atexit.register(lambda: sys.__stderr__.write("\\n<click %s>" % ("click" in sys.modules)))
from pbmkit.cli import main
sys.argv = ["pbmkit", *sys.argv[1:]]
main()
"""


def pbmkit(args: list[str], cwd: Path) -> tuple[int, bytes, bytes, bool]:
    """Exit status, standard output, standard error and whether click was imported, of the
    console script's ``main`` run on ``args`` in a process of its own."""
    done = subprocess.run([sys.executable, "-c", PROBE, *args], cwd=cwd, capture_output=True,
                          stdin=subprocess.DEVNULL, timeout=300)
    err, _, mark = done.stderr.rpartition(b"\n<click ")
    assert mark in (b"True>", b"False>"), done.stderr[-2000:]
    return done.returncode, done.stdout, err, mark == b"True>"
