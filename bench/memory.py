"""Figure: peak memory of `pbmkit check -q` on a large archive (issue 9, item 13).

The archive is the seeded random Batalo archive of records.py repeated to the size asked (100 MB
by default); the figure is the child process's peak resident set size (``ru_maxrss``), with
``python -c pass`` in the same run as the reference. Target: a 100 MB archive checks in under
300 MB.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time

from common import batalo_archive


def _peak_rss_mb(cmd: list[str]) -> tuple[float, float, int]:
    """(peak RSS in MB, seconds, exit status) of ``cmd`` run as a child process on its own."""
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 1)
            os.dup2(null.fileno(), 2)
        os.execv(cmd[0], cmd)
    t0 = time.perf_counter()
    _, status, usage = os.wait4(pid, 0)
    return usage.ru_maxrss / 1024, time.perf_counter() - t0, os.waitstatus_to_exitcode(status)


def run(megabytes: int = 100) -> tuple[str, float]:
    """Check a ``megabytes`` archive in a child process; the summary line and its peak in MB."""
    text, plies = batalo_archive(1000, 80)
    copies = max(1, round(megabytes * 1_000_000 / len(text.encode())))
    pbmkit = os.path.join(os.path.dirname(sys.executable), "pbmkit")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "archive.txt")
        with open(path, "w", encoding="utf-8") as fh:
            for _ in range(copies):
                fh.write(text)
                fh.write("\n")
        size = os.path.getsize(path) / 1_000_000
        base, _, _ = _peak_rss_mb([sys.executable, "-c", "pass"])
        peak, seconds, code = _peak_rss_mb([pbmkit, "check", "-q", path])
    if code != 0:
        raise SystemExit(f"pbmkit check exited {code} on the benchmark archive")
    verdict = "target < 300 MB: " + ("met" if peak < 300 else "NOT met")
    line = (f"memory: check -q on a {size:,.0f} MB archive ({copies * 1000:,} games, "
            f"{copies * plies:,} plies) peaks at {peak:,.0f} MB RSS in {seconds:,.1f} s "
            f"(python -c pass: {base:,.0f} MB) {verdict}")
    return line, peak


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--megabytes", type=int, default=100)
    a = ap.parse_args()
    print(run(a.megabytes)[0])
