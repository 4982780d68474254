"""Issue 26: the crosstable's order and tie-breaks (pbmkit/events/table.py, docs/events.md
"Crosstable and tie-breaks"), on a published crosstable and on small events built here."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbmkit.events.model import Event, EventGame, Outcome, Player, ResultKind
from pbmkit.events.table import abbreviations, crosstable, format_points
from tests.support.published_crosstables import (
    CANDIDATES_2018_PLAYERS,
    CANDIDATES_2018_PUBLISHED,
    CANDIDATES_2018_ROWS,
)

_POINTS = {"1": 1.0, "=": 0.5, "0": 0.0}


def duel(number: int, rnd: int, white: str, black: str, result: str | None,
         kind: ResultKind = "played") -> EventGame:
    """A two-player game: ``result`` is ``1-0``, ``0-1``, ``draw`` or None (running)."""
    outcome = None
    if result is not None:
        w = {"1-0": 1.0, "0-1": 0.0, "draw": 0.5, "0-0": 0.0}[result]
        b = 0.0 if result == "0-0" else 1.0 - w
        winner = {"1-0": "White", "0-1": "Black"}.get(result)
        outcome = Outcome(points={white: w, black: b}, kind=kind, winner_side=winner)
    return EventGame(number=number, round=rnd, sides={"White": white, "Black": black},
                     file=f"games/{number:02d}.txt", outcome=outcome)


def candidates_2018() -> Event:
    """The published crosstable as an event: leg one and leg two of every pairing."""
    names = CANDIDATES_2018_PLAYERS
    games: list[EventGame] = []
    for i, row in enumerate(CANDIDATES_2018_ROWS):
        cells = row.split()
        for j in range(i + 1, len(names)):
            for leg, mark in enumerate(cells[j]):
                mine = _POINTS[mark]
                white, black = (names[i], names[j]) if leg == 0 else (names[j], names[i])
                result = "draw" if mine == 0.5 else ("1-0" if (mine == 1.0) == (leg == 0) else "0-1")
                games.append(duel(len(games) + 1, 1 + leg * 7 + (i + j) % 7, white, black, result))
    return Event(name="Candidates 2018", rules="chess", players=[Player(n) for n in names],
                 games=games, double=True)


def test_the_fixture_is_the_published_crosstable_both_ways_round() -> None:
    """Each pair's two results read the same from either player's row (a typo shows here)."""
    rows = [r.split() for r in CANDIDATES_2018_ROWS]
    flip = {"1": "0", "0": "1", "=": "="}
    for i, row in enumerate(rows):
        for j, cell in enumerate(row):
            if i != j:
                assert "".join(flip[c] for c in cell) == rows[j][i], (i, j)


def test_sonneborn_berger_points_and_wins_equal_the_published_figures() -> None:
    """Issue 26: 'the tie-breaks against a published crosstable'."""
    table = crosstable(candidates_2018())
    got = {s.player.name: (s.points, s.wins, s.sb) for s in table.standings}
    assert got == {name: (pts, wins, sb) for name, (pts, _, wins, sb) in CANDIDATES_2018_PUBLISHED.items()}
    assert all(s.games == 14 and s.running == 0 for s in table.standings)


def test_players_can_be_ordered_by_points_then_sonneborn_berger_then_wins() -> None:
    """pbmkit's order before issue 38, now a list an event may name: points, SB, wins, direct
    encounter (the Candidates' regulations put the direct encounter first: there Mamedyarov is
    second, and Kramnik fifth: tests/events/test_tie_breaks.py)."""
    table = crosstable(replace(candidates_2018(), tie_breaks=("sb", "wins", "direct")))
    assert [s.player.name for s in table.standings] == [
        "Caruana", "Karjakin", "Mamedyarov", "Ding Liren", "Grischuk", "Kramnik", "So", "Aronian"]
    assert [s.place for s in table.standings] == ["1", "2", "3", "4", "5", "6", "7", "8"]
    karjakin = table.by_name()["Karjakin"]
    assert (karjakin.sb, karjakin.wins, karjakin.direct) == (54.75, 4, None)  # parted by wins
    assert table.by_name()["Caruana"].percentage == 64.3


def test_the_direct_encounter_parts_players_equal_on_points_sb_and_wins() -> None:
    """Cy and Di end equal on points (1½), SB (1¾) and wins (1); Cy beat Di, so Cy is ahead
    though Di is seeded first."""
    games = [duel(1, 1, "Al", "Bo", "1-0"), duel(2, 1, "Cy", "Di", "1-0"),
             duel(3, 2, "Al", "Cy", "1-0"), duel(4, 2, "Bo", "Di", "0-1"),
             duel(5, 3, "Al", "Di", "draw"), duel(6, 3, "Bo", "Cy", "draw")]
    event = Event("E", "chess", [Player(n) for n in ("Al", "Bo", "Di", "Cy")], games,
                  tie_breaks=("sb", "wins", "direct"))
    table = crosstable(event)
    by = table.by_name()
    assert (by["Cy"].points, by["Cy"].sb, by["Cy"].wins) == (by["Di"].points, by["Di"].sb, by["Di"].wins)
    assert (by["Cy"].points, by["Cy"].sb, by["Cy"].wins) == (1.5, 1.75, 1)
    assert [(s.place, s.player.name, s.direct) for s in table.standings] == [
        ("1", "Al", None), ("2", "Cy", 1.0), ("3", "Di", 0.0), ("4", "Bo", None)]


def test_players_still_equal_share_a_place_in_seeding_order() -> None:
    """Three players who each beat one other: equal on everything, the direct encounter too."""
    games = [duel(1, 1, "Al", "Bo", "1-0"), duel(2, 2, "Bo", "Cy", "1-0"), duel(3, 3, "Cy", "Al", "1-0")]
    table = crosstable(Event("E", "chess", [Player("Cy"), Player("Al"), Player("Bo")], games))
    assert [(s.place, s.player.name, s.direct) for s in table.standings] == [
        ("1-3", "Cy", 1.0), ("1-3", "Al", 1.0), ("1-3", "Bo", 1.0)]


def test_the_direct_encounter_is_skipped_when_the_tied_players_have_not_met() -> None:
    games = [duel(1, 1, "Al", "Cy", "1-0"), duel(2, 1, "Bo", "Di", "1-0"), duel(3, 2, "Al", "Bo", None)]
    table = crosstable(Event("E", "chess", [Player(n) for n in ("Al", "Bo", "Cy", "Di")], games))
    assert [(s.place, s.player.name, s.direct, s.running) for s in table.standings[:2]] == [
        ("1-2", "Al", None, 1), ("1-2", "Bo", None, 1)]


def test_forfeits_adjudications_annulled_and_running_games_are_marked() -> None:
    games = [duel(1, 1, "Al", "Bo", "1-0", kind="unplayed"),
             duel(2, 1, "Cy", "Di", "0-1", kind="adjudicated"),
             duel(3, 2, "Al", "Cy", "draw", kind="adjudicated"), duel(4, 2, "Bo", "Di", None),
             duel(5, 3, "Wy", "Al", "1-0", kind="annulled"), duel(6, 3, "Cy", "Bo", "0-0", kind="unplayed"),
             duel(7, 4, "Di", "Al", "0-1", kind="time")]
    players = [Player("Al"), Player("Bo"), Player("Cy"), Player("Di"), Player("Wy", withdrawn=True)]
    table = crosstable(Event("E", "chess", players, games))
    by = table.by_name()
    assert [r.mark for r in by["Al"].results] == ["+", "½a", "×", "1t"]
    assert [r.mark for r in by["Bo"].results] == ["-", "*", "-"]
    assert [r.mark for r in by["Di"].results] == ["1a", "*", "0t"]
    assert [r.mark for r in by["Cy"].results] == ["0a", "½a", "-"]
    # the annulled game counts for neither player; a forfeit counts in points and, as FIDE's
    # WIN (C.07 7.1) counts, in wins, unplayed or on time
    assert (by["Al"].points, by["Al"].games, by["Al"].wins) == (2.5, 3, 2)
    assert (by["Wy"].points, by["Wy"].games, by["Wy"].running) == (0.0, 0, 0)
    assert by["Wy"].percentage is None
    assert (by["Di"].wins, by["Di"].running, by["Bo"].running) == (1, 1, 1)
    # Wy withdrew and every game of theirs was annulled: not ranked, listed last, no place
    assert [s.player.name for s in table.standings][-1] == "Wy"
    assert (by["Wy"].place, by["Wy"].rank, by["Wy"].ranked) == ("", 0, False)
    assert all(s.ranked for s in table.standings[:-1])


def test_a_game_of_more_players_counts_each_players_points_and_a_mean_sonneborn_berger() -> None:
    """A table of three: the winner takes 1, the others 0; SB is points x the others' mean."""

    def three(number: int, order: tuple[str, str, str], winner: str | None) -> EventGame:
        sides = dict(zip(("Purple", "Blue", "Dragon"), order, strict=True))
        points = {p: (1.0 if p == winner else 0.0) for p in order} if winner else {p: 1 / 3 for p in order}
        return EventGame(number, number, sides, f"g{number}.txt", table=1,
                         outcome=Outcome(points, winner_side=None))

    games = [three(1, ("A", "B", "C"), "C"), three(2, ("B", "C", "A"), "A"), three(3, ("C", "A", "B"), None)]
    table = crosstable(Event("Z", "batrakill", [Player("A"), Player("B"), Player("C")], games))
    by = table.by_name()
    assert table.many_sided
    assert [by[n].points for n in "ABC"] == pytest.approx([4 / 3, 1 / 3, 4 / 3])
    # A: 1 x mean(B, C) in game 2, 1/3 x mean(C, B) in game 3
    assert by["A"].sb == pytest.approx((1 / 3 + 4 / 3) / 2 * (1 + 1 / 3))
    assert [r.mark for r in by["A"].results] == ["0", "1", "⅓"]
    assert [r.side for r in by["C"].results] == ["Dragon", "Blue", "Purple"]
    assert by["A"].wins == 1 and by["B"].wins == 0


def test_sides_are_written_by_their_shortest_distinct_prefix() -> None:
    assert abbreviations(["White", "Black"]) == {"White": "w", "Black": "b"}
    assert abbreviations(["Blue", "Black", "Dragon"]) == {"Blue": "blu", "Black": "bla", "Dragon": "dra"}


def test_points_are_printed_as_crosstables_print_them() -> None:
    assert [format_points(v) for v in (9, 8.5, 0.5, 54.75, 1 / 3, 4 / 3, 0)] == [
        "9", "8½", "½", "54.75", "⅓", "1⅓", "0"]
