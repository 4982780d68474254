"""Trial (issue 22): how much faster `pbmkit check` is with the hot modules compiled by mypyc.

Not a figure of `make bench` and not a build: pbmkit ships and runs pure Python. This script
copies ``pbmkit/`` to a temporary folder, makes there the few edits mypyc needs (each listed in
``_edit`` and in docs/performance.md, "Issue 22, mypyc"), compiles each chosen game's rules,
notation and check modules with the lean check path (``notation/summary.py``, ``chunks.py``),
checks that ``pbmkit check`` writes byte for byte what the pure tree writes on the archive of
``bench/game_records.py``, and times both trees against python-chess by CPU time (user + system,
runs alternating, medians), with ``--callgrind`` also by instructions (``valgrind``).

    python bench/mypyc_trial.py                              # Batalo, Billo, Batrakill, 20,000 plies
    python bench/mypyc_trial.py --game billo --plies 80000 --callgrind

Needs mypy (its mypyc; in the test extras), setuptools, a C compiler, the Python headers and
python-chess (the bench extras).
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from common import median
from game_records import CHESS_READER, chess_archive_like, game_archive

from pbmkit.games import get_game

ROOT = Path(__file__).resolve().parent.parent
_ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH")}
_ENV["PYTHONHASHSEED"] = "0"
_SHARED = ("notation/summary.py", "notation/chunks.py")
_GAME_MODULES = ("rules.py", "notation.py", "check.py", "search.py")
_CONSTANT = re.compile(r"^([A-Z_][A-Z_0-9]*)(?:\s*:\s*([^=]+?))?\s*=\s(.*)$", re.M)
_PAIR = re.compile(r"^([A-Z_][A-Z_0-9]*), ([A-Z_][A-Z_0-9]*) = (-?\d+), (-?\d+)$", re.M)


def _edit(path: Path, shared: bool) -> None:
    """The edits mypyc needs (or rewards) in one module, made in the copy only."""
    text = path.read_text(encoding="utf-8")
    if shared:
        # A fixed-length tuple is a C struct in compiled code, boxed anew at each use: an identity
        # test against the value setdefault returns is always false (every position "seen
        # before"). Equality says the same in both builds.
        old = "if earlier is not entry:"
        if old not in text and path.name == "summary.py":
            raise SystemExit(f"{path.name}: {old!r} not found; update bench/mypyc_trial.py")
        text = text.replace(old, "if earlier != entry:")
    else:
        # Slot descriptors: `C.__dict__[...]` is refused by mypyc, `vars(C)[...]` is the same
        # object; `object.__new__(C)` is refused at run time for a native class, `C.__new__` is
        # object.__new__ itself in pure Python.
        text = re.sub(r"\b([A-Z]\w*)\.__dict__\[", r"vars(\1)[", text)
        owner = re.search(r"\bvars\(([A-Z]\w*)\)\[", text)
        if owner:
            text = re.sub(r"= object\.__new__$", f"= {owner[1]}.__new__", text, flags=re.M)
        # Module constants declared Final: compiled code reads them as C values, not by a look-up
        # in the module's dict at every use.
        rebound = set(re.findall(r"^\s+global (\w+)", text, re.M))  # (set again later: not Final)
        text = _CONSTANT.sub(lambda m: m[0] if m[1] in rebound
                             else f"{m[1]}: Final[{m[2].strip()}] = {m[3]}" if m[2]
                             else f"{m[1]}: Final = {m[3]}", text)
        text = _PAIR.sub(r"\1: Final = \3\n\2: Final = \4", text)
        if "from typing import" in text:
            text = re.sub(r"^from typing import ", "from typing import Final, ", text, count=1, flags=re.M)
        else:
            text = text.replace("from __future__ import annotations\n",
                                "from __future__ import annotations\n\nfrom typing import Final\n", 1)
    path.write_text(text, encoding="utf-8")


def compiled_tree(games: list[str], where: Path) -> Path:
    """A copy of pbmkit under ``where`` with ``games``' hot modules compiled; its folder."""
    shutil.copytree(ROOT / "pbmkit", where / "pbmkit",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    modules = [where / "pbmkit" / m for m in _SHARED]
    for name in games:
        package = Path(sys.modules[type(get_game(name)).__module__].__file__ or "").parent
        rel = package.relative_to(ROOT / "pbmkit")
        modules += [where / "pbmkit" / rel / m for m in _GAME_MODULES if (package / m).exists()]
    for m in modules:
        _edit(m, m.parent.name == "notation")
    done = subprocess.run([sys.executable, "-m", "mypyc", *(str(m.relative_to(where)) for m in modules)],
                          cwd=where, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"mypyc failed:\n{done.stdout[-4000:]}{done.stderr[-2000:]}")
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(where / "pbmkit")],
                   check=True, stdout=subprocess.DEVNULL)
    probe = [sys.executable, "-c", "import pbmkit.notation.summary as m; print(m.__file__)"]
    if not _run(probe, where)[1].strip().endswith(b".so"):
        raise SystemExit("the compiled modules are not the ones imported (an editable install?)")
    print(f"compiled {len(modules)} modules: "
          + ", ".join(str(m.relative_to(where / "pbmkit")) for m in modules), flush=True)
    return where


def _run(cmd: list[str], path: Path | None) -> tuple[float, bytes]:
    env = dict(_ENV, PYTHONPATH=str(path)) if path else _ENV
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    # From a neutral folder: `python -m` puts the working folder first on the path.
    done = subprocess.run(cmd, env=env, capture_output=True, cwd=tempfile.gettempdir())
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, done.stdout


def _instructions(cmd: list[str], path: Path | None) -> int:
    env = dict(_ENV, PYTHONPATH=str(path)) if path else _ENV
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
                          env=env, capture_output=True, text=True, cwd=tempfile.gettempdir())
    return int(re.findall(r"refs:\s+([\d,]+)", done.stderr)[-1].replace(",", ""))


def trial(name: str, tree: Path, plies: int, repeats: int, callgrind: bool) -> None:
    text, ours_plies, lengths = game_archive(name, plies)
    pgn, chess_plies = chess_archive_like(lengths)
    with tempfile.TemporaryDirectory() as tmp:
        record, pgn_path, reader = Path(tmp, "a.txt"), Path(tmp, "a.pgn"), Path(tmp, "read.py")
        record.write_text(text.partition("\n")[2], encoding="utf-8")
        pgn_path.write_text(pgn, encoding="utf-8")
        reader.write_text(CHESS_READER, encoding="utf-8")
        ours = [sys.executable, "-m", "pbmkit", "check", str(record)]
        ref = [sys.executable, str(reader), str(pgn_path)]
        pure_out, compiled_out = _run(ours, ROOT)[1], _run(ours, tree)[1]
        if b": valid" not in pure_out or pure_out != compiled_out:
            raise SystemExit(f"{name}: the compiled tree's report differs from the pure tree's")
        _run(ref, None)
        times: dict[str, list[float]] = {"pure": [], "compiled": [], "chess": []}
        for _ in range(repeats):
            times["pure"].append(_run(ours, ROOT)[0])
            times["compiled"].append(_run(ours, tree)[0])
            times["chess"].append(_run(ref, None)[0])
        pure, compiled, chess = (median(times[k]) for k in ("pure", "compiled", "chess"))
        rate = chess_plies / chess
        line = (f"{get_game(name).title} {ours_plies:,} plies, CPU: pure {pure:.2f} s "
                f"({ours_plies / pure / rate:.2f}x python-chess), compiled {compiled:.2f} s "
                f"({ours_plies / compiled / rate:.2f}x); gain {pure / compiled:.2f}x")
        if callgrind:
            n_pure, n_comp, n_chess = (_instructions(ours, ROOT), _instructions(ours, tree),
                                       _instructions(ref, None))
            per = n_chess / chess_plies
            line += (f"\n  instructions: pure {n_pure / 1e6:,.1f}M ({per / (n_pure / ours_plies):.2f}x), "
                     f"compiled {n_comp / 1e6:,.1f}M ({per / (n_comp / ours_plies):.2f}x), "
                     f"python-chess {n_chess / 1e6:,.1f}M; gain {n_pure / n_comp:.2f}x")
        print(line, flush=True)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", action="append", default=[], help="A registered game (default: "
                    "batalo, billo, batrakill).")
    ap.add_argument("--plies", type=int, default=20_000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--callgrind", action="store_true", help="Also count instructions (valgrind).")
    a = ap.parse_args()
    chosen = a.game or ["batalo", "billo", "batrakill"]
    with tempfile.TemporaryDirectory() as build:
        tree = compiled_tree(chosen, Path(build))
        for game_name in chosen:
            trial(game_name, tree, a.plies, a.repeats, a.callgrind)
