"""A move for game 1 sent from game 2's thread (with game 2's key) was refused telling the
player to reply to "the referee's last message of the game", and replying sent game 2's key
again (issue 35, item 5): the refusal now says which game the key belongs to and which the move
named."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.club_helpers import batalo_game, text_of, world


def test_a_move_for_another_game_names_both_games(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, bob = batalo_game(w)
        ann.write("challenge batalo bob", "a second game")
        w.run()
        bob.write(f"accept {bob.invitation()}")
        w.run()
        last_of_2 = next(m for m in reversed(ann.inbox()) if "+g2." in str(m["From"]))
        ann.reply(last_of_2, "move 1 JR to IS")
        w.run()
        said = " ".join(text_of(ann.last("Refused")).split())
        assert "carries the key of game 2, not of game 1, which the move names" in said
        assert "reply to the referee's last message of game 1" in said
        assert "someone used your address" not in said  # her key of game 2 proved her
