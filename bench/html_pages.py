"""`pbmkit html` (issue 25 §3): a page of a 300-turn Batalo game (target: under 400 KB, under 1 s)
and an archive of 1,000 Batalo games of 80 plies with its index (target: under 20 s).

Whole processes, as a user runs them: ``python bench/html_pages.py [--repeats N]``. Wall and CPU
seconds are both printed (other jobs on a shared machine stretch the wall time).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from common import batalo_archive, median, summary

_ENV = {**os.environ, "PYTHONDONTWRITEBYTECODE": "0"}


def _time(cmd: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of the whole process ``cmd``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, env=_ENV)
    elapsed = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} exited {done.returncode}:\n{done.stderr[-2000:]}")
    return elapsed, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def run(repeats: int = 5, games: int = 1000) -> tuple[list[str], bool]:
    """The summary lines and whether every target is met."""
    exe = os.path.join(os.path.dirname(sys.executable), "pbmkit")
    lines = []
    met = True
    with tempfile.TemporaryDirectory() as tmp:
        long_game, plies = batalo_archive(1, 600)
        assert plies == 600, plies
        record = Path(tmp, "long.txt")
        record.write_text(long_game, encoding="utf-8")
        page = Path(tmp, "long.html")
        times = [_time([exe, "html", str(record), "-o", str(page)]) for _ in range(repeats)]
        wall, cpu = median([w for w, _ in times]), median([c for _, c in times])
        size = page.stat().st_size
        ok = wall < 1 and size < 400_000
        met &= ok
        lines.append(summary("html, a 300-turn Batalo game", wall, "s", None,
                             f"CPU {cpu:.2f} s; page {size / 1000:,.0f} KB",
                             "target < 1 s and < 400 KB: " + ("met" if ok else "NOT met")))
        archive, total = batalo_archive(games, 80)
        path = Path(tmp, "archive.txt")
        path.write_text(archive, encoding="utf-8")
        out = Path(tmp, "site")
        times = [_time([exe, "html", str(path), "-o", f"{out}/"]) for _ in range(max(1, repeats // 2))]
        wall, cpu = median([w for w, _ in times]), median([c for _, c in times])
        pages = len(list(out.glob("game-*.html")))
        assert pages == games, pages
        size = sum(p.stat().st_size for p in out.iterdir())
        ok = wall < 20
        met &= ok
        lines.append(summary(f"html, an archive of {games:,} Batalo games", wall, "s", None,
                             f"CPU {cpu:.2f} s; {total:,} plies; {size / 1e6:,.1f} MB in "
                             f"{pages + 1} files",
                             "target < 20 s: " + ("met" if ok else "NOT met")))
    return lines, met


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--games", type=int, default=1000)
    a = ap.parse_args()
    lines, met = run(a.repeats, a.games)
    for line in lines:
        print(line)
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
