"""The referee's move mail fills the move list's Received column (issue 35, item 5: it always
showed "-"): a move was received the day the referee mailed the move it answers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.club_helpers import batalo_game, text_of, world


def test_the_move_list_says_when_each_answer_was_received(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, bob = batalo_game(w)
        ann.move(1, "JR to IS")
        w.run()
        bob.move(1, "DX to FV")
        w.run()
        text = text_of(next(m for m in reversed(ann.inbox()) if "DX to FV" in str(m["Subject"])))
        row = next(line for line in text.splitlines() if line.startswith("1... Black: DX to FV ("))
        dates = re.findall(r"\d{4}\.\d\d\.\d\d", row)
        assert len(dates) == 2, row  # received, then sent
        assert re.search(r"received \d{4}\.\d\d\.\d\d, sent \d{4}", row), row
        first = next(line for line in text.splitlines() if line.startswith("1. White: JR to IS ("))
        assert re.findall(r"\d{4}\.\d\d\.\d\d", first)[-1] == dates[0]  # the day it was mailed
