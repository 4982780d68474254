"""Issue 27: whole games played by mail through the referee: simulated players read what the
referee sent them (over a real SMTP server on 127.0.0.1), take their key from it and answer
into the club's Maildir; the records are real files every other pbmkit command reads."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbmkit.records import check_text
from tests.support.club_helpers import Player, World, text_of, world
from tests.support.smtp_server import QUIET

pytestmark = pytest.mark.filterwarnings(QUIET)

BATALO = ["JR to IS", "DX to FV", "IS to HS", "DW to FU", "HS to GT", "FU x GT", "IR to JR",
          "GT to GQ", "JQ x EV", "DV to CV", "EV to DW"]
"""examples/01-short-base-win.txt: White wins on Black's base at move 6."""


def _pair(w: World) -> tuple[Player, Player]:
    ann = Player(w, "ann", "ann@example.org")
    bob = Player(w, "bob", "bob@example.net")
    ann.join()
    bob.join()
    return ann, bob


def _start(w: World, a: Player, b: Player, game: str = "Batalo", tags: str = "") -> int:
    a.write(f"challenge {game} {b.name} {tags}".strip())
    w.run()
    number = b.invitation()
    b.write(f"accept {number}")
    w.run()
    return number


def test_a_whole_batalo_game_is_played_by_mail_to_its_result(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch) as w:
        ann, bob = _pair(w)
        number = _start(w, ann, bob)
        assert number == 1
        start = ann.last("Batalo #1")
        assert "You play White" in text_of(start) and "It is your move" in text_of(start)
        assert "You play Black" in text_of(bob.last("Batalo #1"))
        for k, move in enumerate(BATALO):
            player = (ann, bob)[k % 2]
            player.move(1, f"{k // 2 + 1}. {move}")
            report = w.run()
            assert report.outcomes["done"] == 1, report.lines
            # every player of the game gets the move, with the board as an inline picture
            for p in (ann, bob):
                got = p.last(r"Batalo #1, ")
                assert move.split()[0] in str(got["Subject"])
                pictures = [part for part in got.walk() if part.get_content_type() == "image/png"]
                assert len(pictures) == 1 and pictures[0]["Content-ID"]
                assert f"Move: {k // 2 + 1}" in text_of(got)
        record = (w.root / "games" / "1-batalo.txt").read_text()
        (rep,) = check_text(record, "1-batalo.txt")
        assert rep.valid and rep.winner == "white"
        example = Path(__file__).resolve().parents[2] / "examples" / "01-short-base-win.txt"
        (expected,) = check_text(example.read_text(), "01")
        assert [p.text for p in rep.main] == [p.text for p in expected.main]
        assert "game over" in str(ann.last(r"Batalo #1, 6\.")["Subject"])
        # no more moves: the game is over
        bob.move(1, "6. DX to DW")
        w.run()
        assert "over" in text_of(bob.last("Refused"))
        assert (w.root / "games" / "1-batalo.txt").read_text() == record


def test_an_illegal_move_is_refused_with_the_pieces_moves_and_nothing_changes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch) as w:
        ann, bob = _pair(w)
        _start(w, ann, bob)
        before = w.snapshot()
        ann.move(1, "JR to GT")
        w.run()
        refusal = text_of(ann.last("Refused"))
        assert "Illegal move 'JR to GT'" in refusal
        assert "Legal moves of that piece:" in refusal
        assert "Nothing was changed" in refusal
        assert w.snapshot() == before
        # the refusal carries the key, so answering it plays
        ann.reply(ann.last("Refused"), "Move: JR to IS")
        w.run()
        assert "JR to IS" in (w.root / "games" / "1-batalo.txt").read_text()


EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize(("example", "game", "tags", "players"), [
    ("batu-khan-02-blockades-6x6.txt", "batu khan", "Board=6x6", 2),
    ("baladana-01-golden-rings.txt", "Baladãna", "", 2),
    ("batrakill-03-four-players.txt", "batrakill", "Layout=zones Order=Purple,Blue,Dragon,Yellow", 4),
], ids=["batu-khan-6x6", "baladana", "batrakill-zones-4"])
def test_the_example_games_are_played_by_mail_to_their_results(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, example: str, game: str, tags: str,
        players: int) -> None:
    (expected,) = check_text((EXAMPLES / example).read_text(), example)
    with world(tmp_path, monkeypatch, pictures=False) as w:  # text and HTML; the pictures: above
        seats = [Player(w, name, f"{name}@example.org") for name in ("ann", "bob", "cid", "dee")
                 ][:players]
        for p in seats:
            p.join()
        seats[0].write(f"challenge {game} {' '.join(p.name for p in seats[1:])} {tags}")
        w.run()
        for p in seats[1:]:
            p.write("accept 1")
        w.run()
        (record,) = (w.root / "games").glob("1-*.txt")
        (rep,) = check_text(record.read_text(), record.name)
        assert rep.game is not None
        player_of = dict(zip(rep.game.sides, seats, strict=True))
        for ply in expected.main:
            player_of[ply.side].move(1, ply.text)
            report = w.run()
            assert report.outcomes == {"done": 1}, report.lines
        (rep,) = check_text(record.read_text(), record.name)
        assert rep.valid and [p.text for p in rep.main] == [p.text for p in expected.main]
        assert rep.winner == expected.winner
        for p in seats:  # everyone heard of the result
            last = p.last(r"#1, ")
            assert "game over" in str(last["Subject"])
            assert not [part for part in last.walk() if part.get_content_type() == "image/png"]
