"""Issue 26: the crosstable drawn (pbmkit/render/crosstable.py, pbmkit/web/crosstable.py): PDF on
Letter and A4 with no text under 6 pt, the web page escaped and linked, the text for a terminal,
and the JSON."""

from __future__ import annotations

import io
import json
from itertools import combinations

import pdfplumber
import pytest
from test_crosstable import candidates_2018, duel

from pbmkit.events.model import Event, EventGame, Outcome, Player
from pbmkit.events.sheet import sheet
from pbmkit.events.table import as_json, crosstable
from pbmkit.render.crosstable import crosstable_pdf, crosstable_text
from pbmkit.web.crosstable import crosstable_html
from tests.support.print_floor import describe, small_text


def round_robin(count: int, *, double: bool = False, name_length: int = 0, finished: float = 1.0) -> Event:
    """``count`` players, every pairing once (twice: ``double``), results by seed: the lower
    seed wins, every third game drawn; games past ``finished`` of them still running."""
    names = [f"Player {k:02d}" + ("x" * name_length) for k in range(1, count + 1)]
    games: list[EventGame] = []
    legs = 2 if double else 1
    pairs = list(combinations(range(count), 2))
    for leg in range(legs):
        for i, j in pairs:
            n = len(games) + 1
            result = None if n > finished * len(pairs) * legs else ("draw" if n % 3 == 0 else "1-0")
            games.append(duel(n, 1 + n % (count - 1), names[i] if leg == 0 else names[j],
                              names[j] if leg == 0 else names[i], result))
    return Event(f"Club championship of {count}", "Billo", [Player(n) for n in names], games, double=double)


def page_text(pdf: bytes) -> tuple[int, str, list[tuple[float, float]]]:
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        return (len(doc.pages), "\n".join(p.extract_text() or "" for p in doc.pages),
                [(float(p.width), float(p.height)) for p in doc.pages])


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize(("count", "double", "long_names"), [(8, True, 0), (14, True, 0), (24, True, 0),
                                                              (13, True, 40)])
def test_the_pdf_crosstable_prints_nothing_under_6_pt(paper: str, count: int, double: bool,
                                                       long_names: int) -> None:
    """docs/forms.md's floor: 6 pt. A wide grid turns the page, then shrinks to 6 pt at least."""
    event = round_robin(count, double=double, name_length=long_names)
    pdf = crosstable_pdf(sheet(crosstable(event)), paper)
    small = small_text(pdf)
    assert small == [], describe(small)
    _, text, sizes = page_text(pdf)
    assert "Player 01" in text and f"Club championship of {count}" in text
    assert all(w > h for w, h in sizes) == (count > 14)  # landscape only for the widest grids
    if long_names:
        assert "…" in text  # a name that cannot fit is cut, never shrunk under the floor


def test_the_pdf_shows_places_points_and_sonneborn_berger() -> None:
    pdf = crosstable_pdf(sheet(crosstable(candidates_2018())), "a4")
    pages, text, sizes = page_text(pdf)
    assert pages == 1 and sizes[0] == pytest.approx((595.28, 841.89), abs=0.5)
    lines = text.splitlines()
    caruana = next(line for line in lines if "Caruana" in line)
    # points, then the tie-breaks in ICCF's order (W, SB), G, %; no Run (nothing runs) and no
    # Place (the rows are in place order, every place the row's number)
    assert caruana.split()[-5:] == ["9", "5", "57", "14", "64.3"]
    assert "Run" not in text and "Place" not in text
    assert any("Karjakin" in line and "54.75" in line for line in lines)


def test_a_long_crosstable_goes_on_over_pages_with_its_heading_row() -> None:
    event = round_robin(24, double=True, finished=0.5)
    with pdfplumber.open(io.BytesIO(crosstable_pdf(sheet(crosstable(event)), "letter"))) as doc:
        texts = [page.extract_text() or "" for page in doc.pages]
    assert len(texts) == 2
    assert all("Place" in text for text in texts)  # the heading row on each page
    assert "Player 24" in texts[1] and "Order: points" in texts[1]


def test_the_web_page_escapes_names_and_links_finished_games_only() -> None:
    bad = '<script>alert("x")</script> & Co'
    games = [duel(1, 1, bad, "Bo", "1-0"), duel(2, 1, "Bo", "Cy", None), duel(3, 2, "Cy", bad, "draw")]
    event = Event("Cup <b>2026</b>", "Hex", [Player(bad), Player("Bo"), Player("Cy")], games)
    page = crosstable_html(sheet(crosstable(event), {1: "01-game.html", 2: "02-game.html"}))
    assert "<script>" not in page and "<b>2026" not in page
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co" in page
    assert 'href="01-game.html"' in page
    assert "02-game.html" not in page  # game 2 is still running: nothing to link yet
    assert page.count("<a ") == 2  # game 1 from both players' rows
    assert "Content-Security-Policy" in page


def test_the_text_crosstable_puts_a_double_round_robins_two_results_in_one_cell() -> None:
    text = crosstable_text(sheet(crosstable(candidates_2018())))
    caruana = next(line for line in text.splitlines() if "Caruana" in line)
    assert "1b 1w" in caruana and "··" in caruana  # Aronian's cell; Caruana's own is grey
    assert "w White, b Black" in text


def test_the_json_has_every_player_with_results_and_tie_breaks() -> None:
    data = as_json(crosstable(candidates_2018()))
    json.dumps(data)  # plain JSON types only
    assert data["order"] == ["points", "wins", "sb", "direct"]  # the default: ICCF's
    assert data["games"] == {"total": 56, "finished": 56, "running": 0}
    first = data["players"][0]  # type: ignore[index]
    assert {k: first[k] for k in ("place", "name", "points", "sb", "wins", "games", "percentage")} == {
        "place": "1", "name": "Caruana", "points": 9.0, "sb": 57.0, "wins": 5, "games": 14,
        "percentage": 64.3}
    assert first["results"][0].keys() == {"game", "round", "table", "side", "opponents", "result",
                                          "points", "mark", "file", "note"}


def test_a_game_of_more_players_is_shown_as_standings_and_a_grid_per_table() -> None:
    def zone(number: int, table: int, order: tuple[str, ...], winner: str) -> EventGame:
        sides = dict(zip(("Purple", "Blue", "Yellow", "Dragon"), order, strict=True))
        points = {p: float(p == winner) for p in order}
        return EventGame(number, number, sides, f"{number}.txt", table=table, outcome=Outcome(points))

    t1, t2 = ("An", "Bo", "Cy", "Di"), ("Ed", "Fy", "Gu", "Ha")
    games = [zone(1, 1, t1, "An"), zone(2, 2, t2, "Ha"), zone(3, 1, t1[1:] + t1[:1], "Di")]
    event = Event("Zones", "Batrakill", [Player(n) for n in t1 + t2], games)
    shown = sheet(crosstable(event))
    assert [g.heading for g in shown.grids] == ["Standings", "Table 1", "Table 2"]
    text = crosstable_text(shown)
    assert "#1" in text and "#3" in text
    an = next(line for line in text.splitlines() if " An " in line and "1p" in line)
    assert "0d" in an  # An won game 1 as Purple and lost game 3 as the Dragon
    pdf = crosstable_pdf(shown, "letter")
    assert small_text(pdf) == []
