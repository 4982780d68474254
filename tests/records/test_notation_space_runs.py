"""Every move notation reads long runs of spaces in linear time (issue 9, item 14).

A safety test against a quadratic blow-up, not a speed benchmark: Billo's promotion pattern
(``\\s*=`` searched from every place of a space run) and head pattern (two space runs competing)
took time in the square of a run's length. The budget counts CPU time (``time.process_time``),
which other processes on a busy machine do not inflate.
"""

from __future__ import annotations

import contextlib
import time

import pytest

from pbmkit.games import game_names, get_game

BUDGET = 10.0


@pytest.mark.parametrize("name", game_names())
def test_every_notation_reads_long_space_runs_in_linear_time(name: str) -> None:
    notation = get_game(name).notation
    texts = [f"R{gap * 20_000}{tail}" for gap in (" ", "\t") for tail in ("!", "c1", "=", "=B x")]
    texts += [f"c7-c8{' ' * 20_000}=B", f"c7{' ' * 10_000}-{' ' * 10_000}c8 !",
              "x" + " " * 20_000 + "y"]
    start = time.process_time()
    for text in texts:
        with contextlib.suppress(ValueError):
            notation.normalize(text)
    assert time.process_time() - start < BUDGET


def test_billo_reads_its_promotion_and_piece_spellings_as_before() -> None:
    billo = get_game("billo").notation
    assert billo.normalize("R c7-c8 = B") == "R c7-c8=B"
    assert billo.normalize("r + c1 - D2") == "R+ c1-d2"
    assert billo.normalize("c7-c8=b") == "c7-c8=B"
