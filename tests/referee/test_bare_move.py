"""Issue 34: a bare move in a game's thread (``IR to HS``, no ``Move:``).

Before: such a reply got "Not a command" and the whole help (over 40 lines). Now it is played
when the message's key names one game, the sender's own words are that one line, and it is a
legal move of the player to move, whose key and address the message carries (the same proof as a
``Move:`` line); anything else in a game's thread gets a short hint to write ``Move: ...``, and
nothing changes (docs/referee.md, "Commands").
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_referee_hostile import _raw

from tests.support.club_helpers import World, batalo_game, text_of, world
from tests.support.smtp_server import QUIET

pytestmark = pytest.mark.filterwarnings(QUIET)

RECORD = "1-batalo.txt"


def _to(key: str) -> str:
    return f"referee+{key}@club.example.org"


def _record(w: World) -> str:
    return (w.root / "games" / RECORD).read_text()


def test_a_bare_move_in_the_games_thread_is_played(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, bob = batalo_game(w)
        ann.reply(ann.last("Batalo"), "IR to HS")  # the referee's message quoted below it
        report = w.run()
        assert report.outcomes == {"done": 1}, report.lines
        assert "1. IR to HS {[%ccsnt" in _record(w)
        assert "IR to HS" in text_of(bob.last())
        bob.reply(bob.last("Batalo"), "1... cw to bx")  # numbered, any case
        report = w.run()
        assert report.outcomes == {"done": 1}, report.lines
        assert "CW to BX" in _record(w)


def _hinted(w: World, before: tuple[object, ...], sender: str) -> str:
    """Run; the message must get the hint (outcome help), change nothing, and the hint's text."""
    report = w.run()
    assert report.outcomes == {"help": 1}, report.lines
    assert (*w.snapshot(),) == before
    hint = [m for m in w.sent() if sender in str(m["To"])][-1]
    assert str(hint["Subject"]).startswith("Not a command"), hint["Subject"]
    text = text_of(hint)
    assert "Move: " in text.splitlines()[0], text
    assert "help GAME" not in text and len(text.splitlines()) <= 6, text  # not the whole help
    return text


@pytest.mark.parametrize("body", [
    "IR to HS\r\nIQ to HQ\r\n",                        # two candidate lines
    "IR to HS\r\nthanks\r\n",                          # a move and more words
    "thanks\r\n-- \r\nIR to HS\r\n",                   # the signature looks like a move
    "-- \r\nIR to HS\r\n",                             # only a signature
    "\r\n> IR to HS\r\n",                              # an earlier move quoted, nothing else
    "I agree\r\n\r\nOn Thu, the referee wrote:\r\n> IR to HS\r\n",
    "On Thu, the referee wrote:\r\nIR to HS\r\n",      # an unquoted original
    "IR to ZZ\r\n",                                    # not a space
    "AZ to AY\r\n",                                    # written as a move, illegal
    "2. IR to HS\r\n",                                 # numbered for another turn
    "banana\r\n",
])
def test_a_line_that_is_not_one_legal_move_gets_the_hint_and_changes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, _ = batalo_game(w)
        before = (*w.snapshot(),)
        w.deliver(_raw(ann.address, _to(ann.key(1)), "Re: Batalo #1", body))
        text = _hinted(w, before, ann.address)
        assert "game 1" in text.splitlines()[0]


def test_the_hint_names_the_line_when_it_reads_as_a_move(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An illegal move written as one is named back (the ``Move:`` line then says why it is
    illegal); words that are no move get the game's example, and are shown escaped."""
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, _ = batalo_game(w)
        before = (*w.snapshot(),)
        w.deliver(_raw(ann.address, _to(ann.key(1)), "Re: Batalo #1", "AZ to AY\r\n"))
        assert _hinted(w, before, ann.address).splitlines()[0] == \
            "To play in game 1, write a line: Move: AZ to AY"
        w.deliver(_raw(ann.address, _to(ann.key(1)), "Re: Batalo #1", "nice game\x1b\r\n",
                       message_id="<h2@example.org>"))
        text = _hinted(w, before, ann.address)
        assert text.splitlines()[0] == "To play in game 1, write a line: Move: IR to HS"
        assert "'nice game\\x1b'" in text and "\x1b" not in text


def test_a_bare_move_of_the_side_not_to_move_is_not_played(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Bob's key, Bob's address, a legal-looking Black move, but White is to move."""
    with world(tmp_path, monkeypatch, pictures=False) as w:
        _, bob = batalo_game(w)
        before = (*w.snapshot(),)
        w.deliver(_raw(bob.address, _to(bob.key(1)), "Re: Batalo #1", "CW to BX\r\n"))
        _hinted(w, before, bob.address)


def test_a_bare_move_needs_the_players_key_and_address(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ann's key from Mallory's address, Ann's address with Bob's key, and Ann's address to the
    referee's plain address: none plays Ann's move; the hint to a sender that proved no key
    carries no key."""
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, bob = batalo_game(w)
        before = (*w.snapshot(),)
        w.deliver(_raw("mallory@example.com", _to(ann.key(1)), "Re: Batalo #1", "IR to HS\r\n"))
        report = w.run()
        assert report.outcomes == {"help": 1}, report.lines
        assert (*w.snapshot(),) == before
        to_mallory = [m for m in w.sent() if "mallory" in str(m["To"])]
        assert len(to_mallory) == 1 and "+g1." not in str(to_mallory[0]["From"])
        w.deliver(_raw(ann.address, _to(bob.key(1)), "Re: Batalo #1", "IR to HS\r\n",
                       message_id="<h2@example.org>"))
        _hinted(w, before, ann.address)
        w.deliver(_raw(ann.address, "referee@club.example.org", "Re: Batalo #1", "IR to HS\r\n",
                       message_id="<h3@example.org>"))
        report = w.run()
        assert report.outcomes == {"help": 1}, report.lines
        assert (*w.snapshot(),) == before


def test_keys_of_two_games_make_no_bare_move(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """A bare line is a move of the one game the keys name; with keys of two games it is no
    move of either (and the hint cannot name one: the help answers)."""
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, bob = batalo_game(w)
        ann.write("challenge batalo bob", "a second game")  # not a copy of the first
        w.run()
        bob.write(f"accept {bob.invitation()}")
        w.run()
        before = (*w.snapshot(),)
        w.deliver(_raw(ann.address, _to(ann.key(1)), f"Re: Batalo [{ann.key(2)}]",
                       "IR to HS\r\n"))
        report = w.run()
        assert report.outcomes == {"help": 1}, report.lines
        assert (*w.snapshot(),) == before
