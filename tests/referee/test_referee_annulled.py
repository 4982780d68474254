"""Issue 34, part 3: the referee refuses a move on a game whose record says it is over in a way
the desk knows but the club's database does not (``[Termination "annulled"]``, as ``event
withdraw`` writes it), with one line saying how it ended; the record stays byte for byte."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from pbmkit.records import check_text
from pbmkit.records.edit import set_tag
from tests.support.club_helpers import batalo_game, text_of, world
from tests.support.smtp_server import QUIET

pytestmark = pytest.mark.filterwarnings(QUIET)


def test_a_move_on_an_annulled_game_is_refused_and_nothing_changes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch) as w:
        ann, _ = batalo_game(w)
        path = w.root / "games" / "1-batalo.txt"
        text = path.read_text(encoding="utf-8")
        (rep,) = check_text(text, path.name)
        annulled = set_tag(text, rep.record, "Termination", "annulled")
        db = w.db()
        with db:  # the organiser annuls the game in the record (the club's state says running)
            db.execute("UPDATE games SET text = ?, digest = ? WHERE number = 1",
                       (annulled, hashlib.sha256(annulled.encode("utf-8")).hexdigest()))
        db.close()
        path.write_text(annulled, encoding="utf-8")
        before = path.read_bytes()
        ann.move(1, "1. JR to IS")
        w.run()
        refusal = text_of(ann.last("Refused"))
        assert "game 1: the game is over: annulled; no more moves can be added" in refusal
        assert path.read_bytes() == before
        db = w.db()
        assert db.execute("SELECT text FROM games WHERE number = 1").fetchone()[0] == annulled
        db.close()
