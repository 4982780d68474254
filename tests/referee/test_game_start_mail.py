"""The mail that starts a game names the challenge it came from and its tags (issue 35, item 5:
it named neither, and a ``Board=5x5`` game looked like any other)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.club_helpers import Player, text_of, world


@pytest.mark.parametrize(("challenge", "said"), [
    ("challenge batukhan bob Board=5x5 TimeControl=10/50",
     "It comes from challenge 1, with Board=5x5, TimeControl=10/50."),
    ("challenge batalo bob", "It comes from challenge 1, with the game's usual settings."),
    ("challenge hex bob", "It comes from challenge 1, with Board=11x11."),  # a new Hex: 11 x 11
    ("challenge hex bob Board=7x7", "It comes from challenge 1, with Board=7x7."),
])
def test_the_first_mail_names_the_challenge_and_its_tags(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, challenge: str, said: str) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, bob = Player(w, "ann", "ann@example.org"), Player(w, "bob", "bob@example.net")
        ann.join()
        bob.join()
        ann.write(challenge)
        w.run()
        bob.write(f"accept {bob.invitation()}")
        w.run()
        for player in (ann, bob):
            text = " ".join(text_of(player.last("#1")).split())
            assert "Game 1 of Test Club starts" in text and said in text, text
