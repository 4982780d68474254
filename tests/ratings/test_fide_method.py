"""Issue 38: ratings as FIDE computes them (pbmkit/ratings/fide.py, ``pbmkit ratings --method
fide``; docs/events.md "Ratings"), and ``pbmkit ratings DIR`` on an event folder.

The Candidates Tournament, Toronto, April 2024 (a double round robin of eight):

* the games: every pair's two results as the crosstable "Endstand nach der 14. Runde" of
  http://exzelsior.de/schach-aktuell/76-kandidatenturnier gives them
  (``tests/support/published_crosstables.py``; it does not say who had White in which leg, so
  the lower seed has White in the first);
* ratings at the start, the April 2024 list: the same crosstable's, equal to those of Wikipedia's
  article "Candidates Tournament 2024" (https://en.wikipedia.org/wiki/Candidates_Tournament_2024):
  Caruana 2803, Nakamura 2789, Firouzja 2760, Nepomniachtchi 2758, Praggnanandhaa 2747, Gukesh
  2743, Vidit 2727, Abasov 2632;
* final scores as Idman.biz reported them after round 14
  (https://www.idman.biz/en/news/chess/25504): Gukesh 9, Nakamura, Nepomniachtchi and Caruana
  8½, Praggnanandhaa 7, Vidit 6, Firouzja 5, Abasov 3½ (the crosstable's points, checked below);
* published rating changes: Gukesh 2743 -> 2763, "gained 20 rating points ... with a revised
  rating of 2763" (Sportstar, 22 April 2024,
  https://sportstar.thehindu.com/chess/fide-candidates-2024-gukesh-title-hikaru-nakamura-draw-world-championship-match-ding-liren/article68093177.ece),
  "According to [FIDE], Gukesh gained twenty points after winning the FIDE Candidates
  Tournament" and is rated 2,763 on its May list (IANS, 2 May 2024,
  https://www.sakshipost.com/news/chess-gukesh-takes-giant-leap-world-ranking-and-ratings-294748);
  +20.4 before rounding and Nakamura's +5.4 are the figures issue 38 quotes. The other six
  players' published changes (FIDE's tournament rating report, chess-results) could not be
  found in what this project can read; their figures are not asserted here.

FIDE's change of one rating period depends on each player's score and the ratings at the start
only: in a double round robin everyone meets everyone twice, so the expected score is the same
whatever the games' order or colours.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbmkit.cli import cli
from pbmkit.ratings import rate
from pbmkit.ratings.fide import fide_k, round_change
from tests.support.published_crosstables import (
    CANDIDATES_2024_PLAYERS,
    CANDIDATES_2024_RATINGS,
    CANDIDATES_2024_ROWS,
)
from tests.support.ratings_helpers import games_of, record

APRIL_2024 = {"Caruana": 2803, "Nakamura": 2789, "Firouzja": 2760, "Nepomniachtchi": 2758,
              "Praggnanandhaa": 2747, "Gukesh": 2743, "Vidit": 2727, "Abasov": 2632}
FINAL_SCORES = {"Gukesh": 9.0, "Nakamura": 8.5, "Nepomniachtchi": 8.5, "Caruana": 8.5,
                "Praggnanandhaa": 7.0, "Vidit": 6.0, "Firouzja": 5.0, "Abasov": 3.5}
_RESULT = {"1": "first", "0": "second", "=": "draw"}
_FLIP = {"1": "0", "0": "1", "=": "="}


def candidates_2024(order_seed: int | None = None) -> str:
    """The 56 games of the published crosstable as records, the lower seed White in leg one."""
    names = CANDIDATES_2024_PLAYERS
    texts = []
    for i, row in enumerate(CANDIDATES_2024_ROWS):
        cells = row.split()
        for j in range(i + 1, len(names)):
            for leg, mark in enumerate(cells[j]):
                white, black = (names[j], names[i]) if leg == 0 else (names[i], names[j])
                white_mark = mark if white == names[i] else _FLIP[mark]
                date = f"2024-04-{4 + len(texts) % 18:02d}"
                texts.append(record(white, black, _RESULT[white_mark], date=date,
                                    event="FIDE Candidates 2024", number=len(texts) + 1))
    if order_seed is not None:
        random.Random(order_seed).shuffle(texts)
    return "".join(texts)


def fide(text: str, **kw: object) -> dict[str, object]:
    (batalo,) = rate(games_of(text), start=APRIL_2024, method="fide", **kw)  # type: ignore[arg-type]
    return {p.name: p for p in batalo.players}


def test_the_crosstable_agrees_with_the_published_scores_and_ratings() -> None:
    """The two sources agree: the crosstable's points are Idman.biz's scores, its ratings
    Wikipedia's April list; and each pair's results read the same from both rows."""
    scores: dict[str, float] = dict.fromkeys(APRIL_2024, 0.0)
    for g in games_of(candidates_2024()):
        for place in g.places:
            scores[place.name] += place.score
    assert scores == FINAL_SCORES
    assert dict(zip(CANDIDATES_2024_PLAYERS, CANDIDATES_2024_RATINGS, strict=True)) == APRIL_2024
    rows = [r.split() for r in CANDIDATES_2024_ROWS]
    for i, row in enumerate(rows):
        for j, cell in enumerate(row):
            if i != j:
                assert "".join(_FLIP[c] for c in cell) == rows[j][i], (i, j)


def test_fide_method_gives_the_published_changes_of_the_candidates_2024() -> None:
    """Issue 38: Gukesh +20.4 (2743 -> 2763) and Nakamura +5.4, where pbmkit's game-by-game Elo
    (K 40 for the first 30 games, an update after every game, a side advantage) gave +49.6 and
    a change of sign."""
    players = fide(candidates_2024())
    gukesh, nakamura = players["Gukesh"], players["Nakamura"]
    (period,) = gukesh.periods  # type: ignore[attr-defined]
    assert (period.rating, period.games, period.score, period.expected, period.k) == (
        2743, 14, 9.0, 6.96, 10)
    assert period.change == pytest.approx(20.4)
    assert gukesh.rating == 2763  # type: ignore[attr-defined]
    assert nakamura.periods[0].change == pytest.approx(5.4)  # type: ignore[attr-defined]
    assert nakamura.rating == 2789 + 5  # type: ignore[attr-defined]
    # K = 10 for all eight (rated 2400 and more): what one gains another loses, to rounding
    changes = [p.periods[0].change for p in players.values()]  # type: ignore[attr-defined]
    assert sum(changes) == pytest.approx(0.0, abs=1e-9)
    assert all(p.periods[0].k == 10 for p in players.values())  # type: ignore[attr-defined]


def test_no_method_depends_on_the_order_of_the_games_or_of_the_names() -> None:
    """The same games in another order (and the players renamed, so names sort otherwise) give
    the same list: FIDE's rates a period at once; pbmkit's Elo orders a date's games by the
    records, and an event's games all on one date then differ only by their tags."""
    first = {n: (p.rating, p.change) for n, p in fide(candidates_2024()).items()}  # type: ignore[attr-defined]
    for seed in (1, 2, 3):
        again = {n: (p.rating, p.change) for n, p in fide(candidates_2024(seed)).items()}  # type: ignore[attr-defined]
        assert again == first
    renamed = candidates_2024().replace("Abasov", "Aaa").replace("Gukesh", "Zzz")
    start = {("Aaa" if n == "Abasov" else "Zzz" if n == "Gukesh" else n): r
             for n, r in APRIL_2024.items()}
    (batalo,) = rate(games_of(renamed), start=start, method="fide")
    by = {p.name: p.rating for p in batalo.players}
    assert (by["Zzz"], by["Aaa"]) == (first["Gukesh"][0], first["Abasov"][0])


def test_one_period_per_event_or_per_month() -> None:
    """Two events in one month: by event the second starts from the first's ratings; by month
    both are one period, every rating fixed at the month's start."""
    text = (record("Ann", "Bob", "first", date="2026-03-02", event="Spring", number=1)
            + record("Ann", "Cid", "first", date="2026-03-20", event="Easter", number=2))
    start = {"Ann": 1800, "Bob": 1800, "Cid": 1800}
    (by_event,) = rate(games_of(text), start=start, method="fide", period="event")
    (by_month,) = rate(games_of(text), start=start, method="fide", period="month")
    ann_e = next(p for p in by_event.players if p.name == "Ann")
    ann_m = next(p for p in by_month.players if p.name == "Ann")
    assert [q.period for q in ann_e.periods] == ["Spring", "Easter"]
    assert [q.period for q in ann_m.periods] == ["2026-03"]
    assert [q.rating for q in ann_e.periods] == [1800, 1810]  # K 20: +10 after Spring
    assert (ann_m.periods[0].rating, ann_m.periods[0].expected, ann_m.rating) == (1800, 1.0, 1820)
    assert ann_e.rating == 1800 + 10 + round_change(20 * (1 - 0.51))


def test_fides_k() -> None:
    """B.02 8.3.3: 40 for a newcomer's first 30 games and for a junior under 2300, 10 once 2400
    was reached, else 20; K x n never over 700 (a newcomer's 20 games of one period: K 35)."""
    assert fide_k(1500, 0, False, established=False) == 40
    assert fide_k(1500, 30, False, established=False) == 20
    assert fide_k(2100, 0, False, established=True, born=2010, year=2026) == 40
    assert fide_k(2350, 0, False, established=True, born=2010, year=2026) == 20
    assert fide_k(2350, 0, True, established=True) == 10
    assert fide_k(2401, 0, False, established=True) == 10
    text = "".join(record("New", f"P{k}", "first", date="2026-05-01", event="Open", number=k)
                   for k in range(20))
    (batalo,) = rate(games_of(text), start={f"P{k}": 1500 for k in range(20)}, method="fide")
    new = next(p for p in batalo.players if p.name == "New")
    assert new.periods[0].k == 35 and new.periods[0].games == 20


def test_a_side_advantage_is_never_allowed_for_by_fides_method() -> None:
    text = "".join(record("Ann", "Bob", "first", date=f"2026-01-{1 + k:02d}", event="E", number=k)
                   for k in range(120))
    (elo,) = rate(games_of(text))
    (fide_list,) = rate(games_of(text), method="fide")
    assert elo.advantage > 100 and fide_list.advantage == 0.0
    ann = next(p for p in fide_list.players if p.name == "Ann")
    assert ann.periods[0].k == 700 // 120 and ann.periods[0].expected == 60.0  # K x n <= 700


# --- pbmkit ratings on an event folder -------------------------------------------------------------

PLAYERS = ("name,email,rating,born\nAnn Lee,ann@example.org,1800,1990\n"
           "Bob Roy,bob@example.org,1700,2011\nCid Moor,cid@example.org,1600,\n")


def run(*args: str | Path) -> tuple[int, str]:
    got = CliRunner().invoke(cli, [str(a) for a in args])
    return got.exit_code, got.output


def test_an_event_folder_is_rated_as_its_crosstable_counts(tmp_path: Path) -> None:
    """Game 1: Bob resigns, the organiser corrects it to a draw: rated a draw. Game 2: no move,
    the organiser writes 1-0: not rated. Game 3: moves, then Cid's forfeit: a loss on time,
    rated. The players' ratings in event.toml are where they start."""
    (tmp_path / "p.csv").write_text(PLAYERS)
    folder = tmp_path / "ev"
    code, out = run("event", "new", folder, "--rules", "billo", "--players", tmp_path / "p.csv",
                    "--tag", "Date=2027-01-10")
    assert code == 0, out
    files = sorted(folder.glob("*.txt"))
    sides = {f.name: f.read_text() for f in files}
    assert len(sides) == 3
    for record_file in (files[0], files[2]):
        assert run("move", record_file, "R d1-c2", "--sent", "2027-01-20")[0] == 0
    assert run("resign", files[0])[0] == 0
    assert run("event", "result", folder, "1", "draw")[0] == 0
    assert run("event", "result", folder, "2", "1-0")[0] == 0
    code, out = run("event", "result", folder, "3", "forfeit", "Orange")
    assert code == 0 and "on time" in out, out
    code, out = run("ratings", folder, "--method", "fide", "--json")
    assert code == 0, out
    (listed,) = json.loads(out)
    assert listed["system"] == "fide" and listed["games"] == 2
    by = {p["name"]: p for p in listed["players"]}
    period = {n: p["periods"][0] for n, p in by.items()}
    table = json.loads(run("event", "table", folder, "--json")[1])
    games = {p["name"]: [r for r in p["results"] if r["game"] in (1, 3)] for p in table["players"]}
    assert sum(len(g) for g in games.values()) == 4
    for name, results in games.items():
        assert period[name]["score"] == sum(r["points"] for r in results)
        assert period[name]["games"] == len(results)
    assert {n: q["rating"] for n, q in period.items()} == {
        "Ann Lee": 1800, "Bob Roy": 1700, "Cid Moor": 1600}
    assert period["Bob Roy"]["k"] == 40  # born 2011: a junior under 2300
    assert {"expected", "score", "change"} <= set(by["Ann Lee"])
