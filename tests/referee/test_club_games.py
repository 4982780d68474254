"""Issue 27, "Tested for real": besides the core's Batalo, whole games of the other games played
by mail through the referee to their results: a Batu Khan game with a Board tag, a Baladãna
game, and a four-player Batrakill zones game. Simulated players read each message the referee
sent them (over a real SMTP server on 127.0.0.1), take their key from it and answer the move of
the example game; the referee's record ends as the example's, with its result."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbmkit.records import check_text
from tests.support.club_helpers import Player, World, text_of, world
from tests.support.smtp_server import QUIET

pytestmark = pytest.mark.filterwarnings(QUIET)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _players(w: World, names: list[str]) -> list[Player]:
    out = [Player(w, n, f"{n}@example.org") for n in names]
    for p in out:
        p.join()
    return out


BALADANA = """[Game "Baladana"]
[White "ana"]
[Black "rui"]
[Winner "White"]

1. Bg1>g2 g2xg7 tax G Gd7>e8 f8xg7 tax G
2. Bf1>f2 f2xf7 tax G Bc8>b8 g7xb2 tax G
3. Gd1>e1 a2xb2 tax R Ga8>a7 e7xf7 tax G
4. Bd1>e2 e2xe8
"""
"""A short game of the standard setup, found by a seeded random player that takes a winning turn
when it has one and prefers captures: White takes both golden rings at turn 4."""


def _play_example(w: World, players: list[Player], challenge: str, example: str) -> None:
    """Challenge, accept, then play the example's main line move by move, each player answering
    the last message the referee sent them; the record must end as the example does."""
    first, *others = players
    first.write(challenge)
    w.run()
    number = others[0].invitation()
    for p in others:
        p.write(f"accept {number}")
    w.run()
    text = example if "\n" in example else (EXAMPLES / example).read_text(encoding="utf-8")
    (expected,) = check_text(text, "expected")
    assert expected.valid and expected.winner is not None
    assert expected.game is not None
    seats = dict(zip(expected.game.sides, players, strict=True))
    for k, ply in enumerate(expected.main):
        mover = seats[ply.side.split("+")[0]]
        last = next(m for m in reversed(mover.inbox()) if f"+g{number}." in str(m["From"]))
        assert "It is your move" in text_of(last), (k, ply.text, text_of(last))
        mover.move(number, ply.text)
        report = w.run()
        assert report.outcomes["done"] == 1, (k, ply.text, report.lines)
    record = next((w.root / "games").glob(f"{number}-*.txt")).read_text(encoding="utf-8")
    (rep,) = check_text(record)
    assert rep.valid, rep.errors
    assert [p.text for p in rep.main] == [p.text for p in expected.main]
    assert (rep.winner, rep.how) == (expected.winner, expected.how)
    for p in players:
        assert "The game is over" in text_of(p.last(f"#{number}"))
    assert w.db().execute("SELECT state FROM games WHERE number = ?", (number,)).fetchone()[0] \
        == "over"


def test_a_batu_khan_game_on_a_7x7_board(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch) as w:
        players = _players(w, ["astrid", "nils"])
        _play_example(w, players, "challenge Batu Khan nils Board=7x7",
                      "batu-khan-04-7x7.txt")
        record = next((w.root / "games").glob("1-*.txt")).read_text(encoding="utf-8")
        assert '[Board "7x7"]' in record


def test_a_four_player_batrakill_zones_game(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch) as w:
        players = _players(w, ["ann", "bob", "dee", "cid"])  # Purple, Blue, Dragon, Yellow
        _play_example(w, players, "challenge Batrakill bob dee cid Layout=zones "
                                  "Order=Purple,Blue,Dragon,Yellow",
                      "batrakill-03-four-players.txt")
        record = next((w.root / "games").glob("1-*.txt")).read_text(encoding="utf-8")
        assert '[Order "Purple Blue Dragon Yellow"]' in record


def test_a_baladana_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch) as w:
        players = _players(w, ["ana", "rui"])
        _play_example(w, players, "challenge Baladana rui", BALADANA)
