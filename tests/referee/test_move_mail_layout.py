"""Issue 39: the referee's move mail reads in the order a player needs it: the game, the move and
the board, then whose turn it is and the deadline, then how to reply with one example, then the
move list. Its subject carries no key (the From address does, and a reply goes back to it): the
referee still finds the game from a plain reply."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.club_helpers import batalo_game, text_of, world


def test_the_move_mail_puts_the_board_first_one_reply_example_and_no_key_in_the_subject(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch) as w:
        ann, bob = batalo_game(w, "bob@example.org")
        ann.move(1, "JR to IS")
        w.run()
        mail = bob.last("JR to IS")
        assert str(mail["Subject"]) == "Batalo #1, 1. JR to IS: Black to move"
        assert "[g1." not in str(mail["Subject"]) and "+g1." in str(mail["From"])
        lines = text_of(mail).splitlines()
        title = lines.index("Batalo #1: ann (White) v bob (Black)")
        move = lines.index("Move: 1. JR to IS")
        board = next(k for k, line in enumerate(lines) if line.startswith("The board after"))
        turn = next(k for k, line in enumerate(lines) if line.startswith("It is your move (1. "))
        examples = [k for k, line in enumerate(lines) if "e.g." in line]
        listing = next(k for k, line in enumerate(lines) if line.startswith("The moves ("))
        assert title < move < board < turn < examples[0] < listing
        assert ", by 20" in lines[turn]  # the deadline, with whose turn it is
        assert len(examples) == 1 and lines[examples[0]] == (
            'Reply to this message with your move on a line of its own, e.g. "Move: IR to HS".')
        assert not [line for line in lines if "MOVE" in line]  # one example, no placeholder
        # the player not to move hears whose turn it is and by when, and no reply example
        other = text_of(ann.last("JR to IS"))
        assert "Black to move, by 20" in other and "e.g." not in other
        # the HTML part: the board's picture before whose turn it is
        html = mail.get_body(("html",)).get_content()  # type: ignore[union-attr]
        assert html.index("Move:") < html.index("cid:board") < html.index("It is your move")
        # a plain reply (to the From address, the subject without a key) still plays
        bob.move(1, "DX to FV")
        report = w.run()
        assert report.outcomes == {"done": 1}, report.lines
        assert "White to move" in str(ann.last("DX to FV")["Subject"])
