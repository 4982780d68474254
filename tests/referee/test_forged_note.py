"""A refusal for want of proof goes to the From address, whoever wrote the message: it says "if
you did not send this, someone used your address" (issue 35, item 3); a refusal of a proven
player's own message (an illegal move) does not."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbmkit.referee.security import FORGED_NOTE
from tests.support.club_helpers import REFEREE, batalo_game, message, text_of, world


def test_a_refusal_for_want_of_a_key_says_the_address_may_have_been_used(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, bob = batalo_game(w)
        w.deliver(message(bob.address, "resign 1", "resign 1\n", to=REFEREE))  # Eve, as Bob
        w.run()
        refusal = bob.last("Refused")
        assert " ".join(FORGED_NOTE.split()) in " ".join(text_of(refusal).split())
        ann.move(1, "JR to GT")  # illegal: Ann's own message, proven by her key
        w.run()
        assert "someone used your address" not in text_of(ann.last("Refused"))
