"""The club's web pages (pbmkit/referee/site.py, pbmkit/web/club.py): games through
`pbmkit html`'s renderer, standings per game, ratings, an index; everything escaped; in a real
browser (tests/support/browser.py), nothing fetched, nothing refused by the page's policy."""

from __future__ import annotations

import datetime
import io
import shutil
from collections.abc import Sequence
from pathlib import Path

from PIL import Image

from pbmkit.referee.site import ClubGame, build_site, game_points, standings
from pbmkit.web.club import RatingRow
from tests.support.browser import Browser

ROOT = Path(__file__).resolve().parents[2]
EVIL = '<script>alert(1)</script> "Eve" & <b>'

RUNNING = f"""[Game "Batalo"]
[Number "3"]
[Date "2026-09-01"]
[White "{EVIL.replace('"', "'")}"]
[Black "Anna Łódźka"]
[Winner "*"]

1. IR to HS {{[%ccsnt 2026.09.03]}} EV to FU {{[%ccsnt 2026.09.08]}}
"""

DRAWN = """[Game "Batalo"]
[Number "4"]
[Date "2026-09-01"]
[White "Anna Łódźka"]
[Black "Bo"]
[Winner "Draw"]

1. IR to HS EV to FU draw agreed
"""


def _club(tmp_path: Path) -> list[ClubGame]:
    games = tmp_path / "club" / "games"
    games.mkdir(parents=True)
    shutil.copy(ROOT / "examples" / "01-short-base-win.txt", games / "1.txt")
    shutil.copy(ROOT / "examples" / "batrakill-03-four-players.txt", games / "2.txt")
    (games / "3.txt").write_text(RUNNING, encoding="utf-8")
    (games / "4.txt").write_text(DRAWN, encoding="utf-8")
    (games / "5.txt").write_bytes(b"\xff\xfe not a record")
    return [ClubGame(k, games / f"{k}.txt") for k in range(1, 6)]


def _ratings(title: str, games: Sequence[str]) -> Sequence[RatingRow]:
    return [RatingRow("Anna Łódźka", 1512.4, len(games), -7.6)] if title == "Batalo" else []


def test_the_site_has_an_index_game_pages_and_standings(tmp_path: Path) -> None:
    out = tmp_path / "site"
    report = build_site("Club <Harmony>", _club(tmp_path), out, ratings=_ratings,
                        today=datetime.date(2026, 11, 26))
    assert (report.running, report.finished) == (1, 3)
    assert report.skipped == ["game 5: 5.txt is not UTF-8; left out"]
    assert sorted(p.name for p in (out / "games").iterdir()) == [
        "game-1.html", "game-2.html", "game-3.html", "game-4.html"]
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "<title>Club &lt;Harmony&gt;</title>" in index
    assert 'href="games/game-3.html"' in index and 'href="standings-batalo.html"' in index
    assert "White (&lt;script&gt;alert(1)&lt;/script&gt; &#x27;Eve&#x27; &amp; &lt;b&gt;) to play " \
           "turn 2" in index
    assert "<script" not in index and "&lt;script&gt;" in index
    assert "White wins by reaching the opponent" in index or "White wins" in index
    batalo = (out / "standings-batalo.html").read_text(encoding="utf-8")
    assert "<script" not in batalo and "1512" in batalo and "-8" in batalo
    assert (out / "standings-batrakill.html").exists()
    game = (out / "games" / "game-3.html").read_text(encoding="utf-8")
    assert 'href="../index.html"' in game and "<script>alert(1)" not in game


def test_standings_count_a_win_one_and_share_a_draw() -> None:
    ann, bob, cid = ("white", "Ann"), ("black", "Bob"), ("dragon", "Cid")
    assert game_points([ann, bob], "white") == {"Ann": 1.0, "Bob": 0.0}
    assert game_points([ann, bob, cid], "draw") == {"Ann": 1 / 3, "Bob": 1 / 3, "Cid": 1 / 3}
    assert game_points([("blue", "Ann"), ("green", "Ann"), cid], "blue+green") == {
        "Ann": 1.0, "Cid": 0.0}
    rows = standings([([ann, bob], "white"), ([ann, bob], "draw"), ([bob, ann], None),
                      ([("white", "Bob"), ("black", "Cid")], "black")])
    assert [(r.player, r.played, r.won, r.drawn, r.lost, r.points, r.running) for r in rows] == [
        ("Ann", 2, 1, 1, 0, 1.5, 1), ("Cid", 1, 1, 0, 0, 1.0, 0), ("Bob", 3, 0, 1, 2, 0.5, 1)]


def test_the_site_in_a_browser_fetches_nothing_and_runs_nothing(browser: Browser,
                                                                tmp_path: Path) -> None:
    out = tmp_path / "site"
    build_site("Club <Harmony>", _club(tmp_path), out, ratings=_ratings,
               today=datetime.date(2026, 11, 26))
    for page, width in (("index.html", 1024), ("index.html", 360), ("standings-batalo.html", 1024),
                        ("games/game-3.html", 1024)):
        browser.open(out / page, width=width)
        assert browser.errors() == [] and browser.requests() == [], page
        assert browser.alert() is None
        shot = Image.open(io.BytesIO(browser.screenshot()))
        assert shot.size[0] >= width - 20
        shot.save(tmp_path / f"{page.replace('/', '-')}-{width}.png")
    browser.open(out / "index.html")
    links = browser.script("return Array.from(document.querySelectorAll('a')).map("
                           "a => a.getAttribute('href'))")
    assert isinstance(links, list) and "games/game-1.html" in links
    title = browser.script("return document.querySelector('h1').textContent")
    assert title == "Club <Harmony>"


def test_the_ratings_come_from_pbmkit_ratings_a_list_per_kind(tmp_path: Path) -> None:
    """Batrakill's duel and its zones game of four are two lists (Elo, openskill): each gets its
    own table, headed by its name."""
    from pbmkit.referee.site import club_ratings

    texts = [(ROOT / "examples" / n).read_text(encoding="utf-8")
             for n in ("batrakill-01-knights-win.txt", "batrakill-03-four-players.txt")]
    rows = club_ratings("Batrakill", texts)
    assert rows is not None
    groups = {r.group for r in rows}
    assert groups == {"Batrakill", "Batrakill, 3 to 5 players"}
    zones = [r.player for r in rows if r.group == "Batrakill, 3 to 5 players"]
    assert sorted(zones) == ["Ann", "Bob", "Cid", "Dee"] and zones[0] == "Ann"  # Purple won
    games = tmp_path / "g"
    games.mkdir()
    for k, text in enumerate(texts, start=1):
        (games / f"{k}.txt").write_text(text, encoding="utf-8")
    out = tmp_path / "site"
    build_site("Club", [ClubGame(k, games / f"{k}.txt") for k in (1, 2)], out,
               ratings=club_ratings)
    page = (out / "standings-batrakill.html").read_text(encoding="utf-8")
    assert "<h3>Batrakill</h3>" in page and "<h3>Batrakill, 3 to 5 players</h3>" in page
