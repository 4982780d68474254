"""By mail, a player resigns at any time (issue 35, item 5): Bob resigns game 1 while Ann is to
move; the game is over, Ann wins, both are told."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbmkit.records import check_text
from tests.support.club_helpers import batalo_game, text_of, world


def test_the_player_not_to_move_resigns_by_mail(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, bob = batalo_game(w)  # Ann (White) to move
        last = next(m for m in reversed(bob.inbox()) if "+g1." in str(m["From"]))
        bob.reply(last, "resign 1")
        report = w.run()
        assert report.outcomes == {"done": 1}, report.lines
        record = next((w.root / "games").glob("*.txt")).read_text(encoding="utf-8")
        (rep,) = check_text(record)
        assert rep.winner == "white" and '[Termination "resignation"]' in record
        for player in (ann, bob):
            said = " ".join(text_of(player.last("#1")).split())
            assert "Black (bob) resigns: White (ann) wins." in said
