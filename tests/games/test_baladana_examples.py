"""The Baladãna examples (issue 12) are real games: scripts/baladana_examples.py's output, valid,
one won by taking both golden rings, one with a golden ring put down and picked up again and loot
placed on squares."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from pbmkit.records import check_text

ROOT = Path(__file__).resolve().parents[2]


def _replay(name: str):  # type: ignore[no-untyped-def]
    [rep] = check_text((ROOT / "examples" / name).read_text(encoding="utf-8"), name)
    assert rep.valid, [p.message for p in rep.errors]
    return rep


def test_the_files_are_the_script_s_output() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "baladana_examples.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_one_is_won_by_taking_both_golden_rings() -> None:
    rep = _replay("baladana-01-golden-rings.txt")
    assert (rep.winner, rep.how) == ("black", "golden-rings")
    assert rep.record.tags["Winner"] == "Black"


def test_one_puts_a_golden_ring_down_picks_it_up_and_places_loot() -> None:
    rep = _replay("baladana-02-loot-and-a-golden-ring-put-down.txt")
    game = rep.game
    free = [{sq for sq, c in enumerate(p.after.cells) if c in ("Yw", "Yb")} for p in rep.main]
    down = next(k for k, f in enumerate(free) if f)
    assert any(not f for f in free[down + 1:]) or any(f < free[down] for f in free[down + 1:])
    assert any(p.move.loot for p in rep.main)
    assert any("loot" in game.notation.format(p.move, p.before) for p in rep.main)
    assert (rep.winner, rep.how) == ("white", "golden-rings")
