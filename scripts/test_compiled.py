"""The second half of ``make test``: the compiled build (mypyc), built and tested beside the pure one.

Copies the tree to ``build/compiled/`` (files unchanged since the last run keep their times, so
an unchanged tree is not compiled again), compiles the hot modules there in place as a wheel
would (``setup.py build_ext --inplace`` with ``PBMKIT_COMPILE=1``: a module that cannot be
compiled fails the run), then runs there the tests the compiled modules answer for: the generic
and per-game tests (rules, notation, check, play), the notation tests, ``pbmkit check`` and the
golden outputs, docs/api.md's examples (``tests/test_api_doc.py``: true of both builds), and
``tests/test_compiled_build.py``, the guard: every hot module imported
compiled, from the copy, never the source tree's pure modules. Without a working C compiler it
says so in one line and tests nothing (the pure suite has run). Prints the time each step took.

    python scripts/test_compiled.py [PYTEST ARGS...]
"""

from __future__ import annotations

import filecmp
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COPY = ROOT / "build" / "compiled"
TREE = ("pbmkit", "tests", "examples", "scripts", "docs", "build_backend", "bench")
FILES = ("pyproject.toml", "setup.py", "README.md", "LICENSE", "MANIFEST.in")
TESTS = ("tests/games", "tests/records", "tests/test_golden_outputs.py", "tests/cli/test_quick_check.py",
         "tests/desk/test_status_rows.py",
         "tests/test_api_doc.py", "tests/test_compiled_build.py", "tests/engine/test_engine_search.py")
_SKIP = shutil.ignore_patterns("__pycache__", "*.so", "*.pyc", ".pytest_cache", ".cache", "fuzz-findings")

sys.path.insert(0, str(ROOT / "build_backend"))
import pbmkit_build  # noqa: E402


def _sync(src: Path, dst: Path) -> None:
    """``dst`` made equal to ``src``, copying only the files that differ (their times kept)."""
    if src.is_file():
        if not dst.exists() or not filecmp.cmp(src, dst, shallow=False):
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)
        return
    names = set(os.listdir(src)) - set(_SKIP(str(src), os.listdir(src)))
    if dst.is_dir():
        for stale in set(os.listdir(dst)) - names:
            path = dst / stale
            if path.suffix == ".so" or stale in ("__pycache__", ".pytest_cache"):
                continue  # built here, not copied
            shutil.rmtree(path) if path.is_dir() and not path.is_symlink() else path.unlink()
    dst.mkdir(parents=True, exist_ok=True)
    for name in sorted(names):
        _sync(src / name, dst / name)


def build() -> tuple[Path | None, str]:
    """The tree copied to ``build/compiled`` and its hot modules compiled in place: the copy's
    folder and what was done, or ``None`` and why not (no C compiler, ``PBMKIT_COMPILE=0``, or
    the compile failed: its output is printed)."""
    reason = pbmkit_build.compile_decision()
    if reason is not None:
        return None, reason
    started = time.monotonic()
    for name in (*TREE, *FILES):
        _sync(ROOT / name, COPY / name)
    hot = {str(COPY / path.removesuffix(".py")) for path in pbmkit_build.HOT_MODULES}
    for stale in (COPY / "pbmkit").rglob("*.so"):  # of a module compiled once, no longer
        if str(stale.parent / stale.name.partition(".")[0]) not in hot:
            stale.unlink()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    built = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace", "-j", "2"],
                           cwd=COPY, env=dict(env, PBMKIT_COMPILE="1"), capture_output=True, text=True)
    if built.returncode != 0:
        print(built.stdout[-4000:], built.stderr[-4000:], sep="\n", file=sys.stderr)
        return None, "building it failed (above)"
    return COPY, (f"compiled {len(pbmkit_build.HOT_MODULES)} modules with mypyc in build/compiled "
                  f"({time.monotonic() - started:.0f} s)")


def main(pytest_args: list[str]) -> int:
    if pbmkit_build.compile_decision() is not None:
        print(f"make test: the compiled build is not tested ({pbmkit_build.compile_decision()}); "
              "the pure suite has run")
        return 0
    copy, said = build()
    if copy is None:
        print(f"make test: the compiled variant: {said}", file=sys.stderr)
        return 1
    print(f"make test: {said}; testing them", flush=True)
    started = time.monotonic()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PBMKIT_COMPILE")}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *TESTS,
                           *pytest_args],
                          cwd=copy, env=dict(env, PYTHONPATH=str(copy), PBMKIT_EXPECT_COMPILED="1"))
    print(f"make test: the compiled variant's tests took {time.monotonic() - started:.0f} s", flush=True)
    return done.returncode


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
