"""Mail loops with a player's auto-responder (issue 35, item 2; docs/referee.md, "Mail loops").

An auto-responder that sets none of Auto-Submitted, Precedence and X-Autoreply and answers the
referee's keyed address looped without end (15 of 15 rounds answered). Every reply that is no
game event (the help, a refusal, "not a command") is now bounded per address per day, keyed or
not, and the same words are answered once a day; what is held back is in the ledger as
``unanswered``; a player's moves and game mail are never held back."""

from __future__ import annotations

import datetime
from email.message import EmailMessage
from pathlib import Path

import pytest

from pbmkit.referee.run import run_club
from pbmkit.referee.security import MAX_CHATTER_REPLIES
from tests.support.club_helpers import World, batalo_game, message, world

AWAY = "I am away until 14 December and will answer your mail then.\n\nBob"


def _run(w: World, day: int = 0) -> dict[str, int]:
    now = datetime.datetime(2026, 12, 1, 9, tzinfo=datetime.UTC) + datetime.timedelta(days=day)
    return dict(run_club(w.root, now=lambda: now, clock=lambda: now.timestamp()).outcomes)


def _auto_reply(w: World, to_bob: EmailMessage, words: str) -> None:
    """Bob's auto-responder answers a referee message to its From (the keyed address), with
    none of the auto-reply headers."""
    w.deliver(message("bob@example.net", "Auto: " + str(to_bob["Subject"]), words,
                      to=str(to_bob["From"])))


def _to_bob(w: World) -> list[EmailMessage]:
    return [m for m in w.sent() if "bob@example.net" in str(m["To"])]


@pytest.mark.parametrize(("varying", "answers"), [(False, 1), (True, MAX_CHATTER_REPLIES)])
def test_a_keyed_auto_responder_does_not_loop_with_the_referee(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, varying: bool, answers: int) -> None:
    """Each round the auto-responder answers every new mail the referee sent Bob; fixed words
    are answered once, words that change every time (quoting the subject) ten times a day."""
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, bob = batalo_game(w)
        seen = len(_to_bob(w))
        ann.move(1, "JR to IS")  # the move's mail to Bob starts the auto-responder
        _run(w)
        answered = rounds = 0
        while rounds < 3 * MAX_CHATTER_REPLIES and len(_to_bob(w)) > seen:
            new, seen = _to_bob(w)[seen:], len(_to_bob(w))
            for mail in new:
                _auto_reply(w, mail, AWAY + (f"\n(re: {mail['Subject']}, {rounds})" if varying
                                             else ""))
            outcomes = _run(w)
            answered += outcomes.get("help", 0) + outcomes.get("refused", 0)
            rounds += 1
        assert answered == answers and rounds == answers + 1
        db = w.db()
        held = [r["detail"] for r in db.execute(
            "SELECT detail FROM messages WHERE outcome = 'unanswered'")]
        db.close()
        assert len(held) == 1
        assert ("replies today that were no game event" if varying
                else "the same words as a message answered today") in held[0]
        # the loop ended, the game did not: Bob's move is played and mailed to Ann
        sent = len(w.sent())
        bob.move(1, "DX to FV")
        assert _run(w) == {"done": 1}
        assert any("DX to FV" in str(m["Subject"]) for m in w.sent()[sent:])


def test_replies_that_are_no_game_event_are_bounded_a_day_keyed_or_not(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, bob = batalo_game(w)
        for k in range(MAX_CHATTER_REPLIES + 3):  # each different, each to Bob's game key
            bob.move(1, f"XX to YY {k}")  # no move of the player to move: refused or a hint
        outcomes = _run(w)
        assert outcomes.get("unanswered") == 3, outcomes
        # a real move of Bob's is never held back, nor the game mail it makes
        ann.move(1, "JR to IS")
        _run(w)
        sent = len(w.sent())
        bob.move(1, "DX to FV")
        assert _run(w) == {"done": 1}
        assert any("DX to FV" in str(m["Subject"]) for m in w.sent()[sent:])
        # another day, another few
        bob.move(1, "XX to YY again")
        assert _run(w, day=1).get("unanswered") is None
