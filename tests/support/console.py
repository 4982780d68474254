"""The ``pbmkit`` console script run in a process of its own, telling whether it imported click:
the tests that hold a click-free path (``check``, ``move``, ``status``) to click's bytes and exit
status."""

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


CLICK_ONLY = """\
import pbmkit.cli.checking, pbmkit.cli.moving, pbmkit.cli.status
for module, name in ((pbmkit.cli.checking, "quick_check"), (pbmkit.cli.moving, "quick_move"),
                     (pbmkit.cli.status, "quick_status")):
    setattr(module, name, lambda args: None)  # as each does for arguments it leaves to click
"""


def pbmkit(args: list[str], cwd: Path, *, through_click: bool = False,
           env: dict[str, str] | None = None) -> tuple[int, bytes, bytes, bool]:
    """Exit status, standard output, standard error and whether click was imported, of the
    console script's ``main`` run on ``args`` in a process of its own; ``through_click``: with
    every click-free path handing the command to click, as each does with arguments it does not
    take."""
    probe = CLICK_ONLY + PROBE if through_click else PROBE
    done = subprocess.run([sys.executable, "-c", probe, *args], cwd=cwd, capture_output=True,
                          stdin=subprocess.DEVNULL, timeout=300, env=env)
    err, _, mark = done.stderr.rpartition(b"\n<click ")
    assert mark in (b"True>", b"False>"), done.stderr[-2000:]
    return done.returncode, done.stdout, err, mark == b"True>"
