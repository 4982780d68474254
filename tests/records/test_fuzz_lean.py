"""Issue 37: a small run of the differential fuzz of the lean check (bench/fuzz_lean.py) in CI.

The same generator as `make fuzz` (20,000 cases there, timed): every game, plain and dated
records, mutated, checked by the lean path and by the full replay, each read whole and a chunk of
games at a time; here 180 cases, none longer than an archive of 64 KiB, and no timings (the tests
on linear time are in test_lean_check.py). Runs in the compiled stage of `make test` too, where
the switch between the two paths (``iter_checks(lean=...)``) holds the compiled lean path to the
replay.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pbmkit.games import game_names

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))  # bench/ is a folder of scripts, not a package
import fuzz_lean as fuzz  # noqa: E402

SEED = 6
"""Its 180 cases hold a no-break space before a turn and a stray ``draw`` before a game, which
the lean check reported otherwise than the replay before issue 37's fixes."""


@pytest.fixture(scope="module")
def corpus() -> fuzz.Corpus:
    return fuzz.Corpus(fuzz.base_records())


def test_the_generator_is_deterministic_and_covers_every_game_both_kinds(corpus: fuzz.Corpus) -> None:
    first = [fuzz.generate(SEED, i, corpus) for i in (0, 7, 999)]
    assert first == [fuzz.generate(SEED, i, corpus) for i in (999, 7, 0)][::-1]
    assert {(b.game, b.dated) for b in corpus.bases} >= {(name, dated) for name in game_names()
                                                         for dated in (False, True)}
    texts = [fuzz.generate(SEED, i, corpus)[0] for i in range(2 * len(game_names()) * 9)]
    assert sum(len(t) > 1 << 16 for t in texts) >= 2 * len(game_names())  # archives past 64 KiB
    assert sum("%ccsnt" in t for t in texts) >= len(texts) // 3


def test_the_harness_finds_a_difference(corpus: fuzz.Corpus, monkeypatch: pytest.MonkeyPatch) -> None:
    """A way that drops a game's last warning is a finding (the harness compares, not trusts)."""
    lean = fuzz.WAYS["lean"]

    def spoiled(text: str) -> list[fuzz.GameCheck]:
        checks = lean(text)
        for c in checks:
            del c.warnings[-1:]
        return checks

    monkeypatch.setitem(fuzz.WAYS, "lean", spoiled)
    text = fuzz.shuttle(4, dated=False)
    problem, _ = fuzz.check_case(text)
    assert problem is not None and problem.startswith("lean differs from full")


def test_mutated_records_report_the_same_by_either_path_whole_or_chunked() -> None:
    findings = fuzz.run(SEED, 0, 180, timed=False, long=False)
    assert [(f.index, f.what, f.problem[:500]) for f in findings] == []
