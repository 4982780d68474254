"""Issue 38: the tie-break order is the event's (pbmkit/events/tiebreaks.py, table.py;
docs/events.md "Crosstable and tie-breaks"), checked against published crosstables; a loss on
time is a game, an unplayed forfeit is not."""

from __future__ import annotations

import json
import tomllib
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_crosstable import candidates_2018, duel

from pbmkit.cli import cli
from pbmkit.events.model import Event, EventGame, Outcome, Player, ResultKind
from pbmkit.events.sheet import sheet
from pbmkit.events.table import crosstable
from pbmkit.events.tiebreaks import TieBreakError, expand, order_text, parse_tie_breaks
from tests.support.published_crosstables import (
    CANDIDATES_2018_PUBLISHED,
    ENG_CHP3_PRELIM_PLAYERS,
    ENG_CHP3_PRELIM_PUBLISHED,
    ENG_CHP3_PRELIM_ROWS,
    GB_TT5_D4A_B2_PLAYERS,
    GB_TT5_D4A_B2_PUBLISHED,
    GB_TT5_D4A_B2_ROWS,
    SCO_O_2020_PLAYERS,
    SCO_O_2020_PUBLISHED,
    SCO_O_2020_ROWS,
)

_POINTS = {"1": 1.0, "½": 0.5, "0": 0.0}


def _cells(rows: tuple[str, ...]) -> list[list[list[str]]]:
    """Each row's cells of two tokens, with the row player's own (empty) cell put back."""
    out = []
    for i, row in enumerate(rows):
        cells = [cell.split() for cell in row.split("|")]
        cells.insert(i, [])
        out.append(cells)
    return out


def iccf_event(name: str, names: tuple[str, ...], rows: tuple[str, ...],
               time_kind: ResultKind = "time") -> Event:
    """An ICCF double round robin as its page prints it: in each pair the row player's first
    result is their game with White; a result marked E was decided by the time limit
    (``time_kind``), one marked A by adjudication."""
    cells = _cells(rows)
    legs = len(names) - 1 if len(names) % 2 == 0 else len(names)
    games: list[EventGame] = []
    for i in range(len(names)):
        for j in range(i + 1, len(names)):
            for leg, token in enumerate(cells[i][j]):
                white, black = (names[i], names[j]) if leg == 0 else (names[j], names[i])
                mine = _POINTS[token.rstrip("EA")]
                w = mine if leg == 0 else 1.0 - mine
                kind: ResultKind = (time_kind if token.endswith("E")
                                    else "adjudicated" if token.endswith("A") else "played")
                winner = None if w == 0.5 else ("White" if w == 1.0 else "Black")
                games.append(EventGame(len(games) + 1, 1 + leg * legs + (i + j) % legs,
                                       {"White": white, "Black": black}, f"{len(games) + 1}.txt",
                                       outcome=Outcome({white: w, black: 1.0 - w}, kind, winner)))
    return Event(name, "chess", [Player(n) for n in names], games, double=True,
                 tie_breaks=("iccf",))


def eng_chp3_prelim(time_kind: ResultKind = "time") -> Event:
    """The published crosstable of ENG/CHP3/Prelim as an event."""
    return iccf_event("ENG/CHP3/Prelim", ENG_CHP3_PRELIM_PLAYERS, ENG_CHP3_PRELIM_ROWS, time_kind)


@pytest.mark.parametrize("rows", [ENG_CHP3_PRELIM_ROWS, SCO_O_2020_ROWS, GB_TT5_D4A_B2_ROWS])
def test_the_iccf_fixtures_read_the_same_from_both_players_rows(rows: tuple[str, ...]) -> None:
    """Every pair's two results agree (the row player's White game first: its first result is
    the other row's second), E and A marks included: a typing slip shows here."""
    cells = _cells(rows)
    flip = {"1": "0", "0": "1", "½": "½"}
    for i in range(len(rows)):
        for j in range(len(rows)):
            if i != j:
                a, b = cells[i][j], cells[j][i]
                for mine, theirs in ((a[0], b[1]), (a[1], b[0])):
                    assert flip[mine.rstrip("EA")] == theirs.rstrip("EA"), (i, j)
                    assert mine[1:] == theirs[1:], (i, j)


def test_iccf_order_rebuilds_every_published_place_of_eng_chp3_prelim() -> None:
    """Issue 38: Owen (12½, 12 wins) 1st, Tymms (12½, SB 70.25) 2nd; Harman (5½, 4 wins) 5th,
    Page (5½, SB 20.25) 6th: every place, score, win count and SB as ICCF published them."""
    table = crosstable(eng_chp3_prelim())
    got = {s.player.name: (s.points, s.wins, s.sb, int(s.place)) for s in table.standings}
    assert got == ENG_CHP3_PRELIM_PUBLISHED
    assert [s.player.name for s in table.standings] == [
        "Owen", "Tymms", "Mahony", "Ruffle", "Harman", "Page", "Kent", "Carrington"]


def test_pbmkits_old_order_puts_four_players_in_other_places() -> None:
    """Points, SB, wins, direct (pbmkit's only order before issue 38): the issue's four places."""
    table = crosstable(replace(eng_chp3_prelim(), tie_breaks=("sb", "wins", "direct")))
    moved = {s.player.name for s in table.standings
             if int(s.place) != ENG_CHP3_PRELIM_PUBLISHED[s.player.name][3]}
    assert moved == {"Owen", "Tymms", "Harman", "Page"}


def test_iccf_order_rebuilds_every_published_place_of_sco_o_2020() -> None:
    """SCO/O/2020 (iccf.com/event?id=83916; "Baumbach tie breaking rule (see ICCF rule
    1.3.4.2)"): every score, win count, SB and place as ICCF published them; Gilbert's win by
    adjudication counts in his 10 wins and in SB like a game won at the board."""
    table = crosstable(iccf_event("SCO/O/2020", SCO_O_2020_PLAYERS, SCO_O_2020_ROWS))
    got = {s.player.name: (s.points, s.wins, s.sb, int(s.place)) for s in table.standings}
    assert got == SCO_O_2020_PUBLISHED
    assert [s.player.name for s in table.standings] == list(SCO_O_2020_PUBLISHED)
    marks = [r.mark for r in table.by_name()["Gilbert"].results
             if r.opponents == ("van Stratum",)]
    assert marks == ["1a", "1"]


def test_a_tie_no_tie_break_parts_is_a_shared_place_as_iccf_prints_it() -> None:
    """GB/TT5/D4A Board 2 (iccf.com/event?id=75115): Gibbs and Woodhouse level on points, wins,
    SB and their two games: ICCF places both 1st and Palmer 3rd; pbmkit shares the place (1-2)
    and lists them in start-list order."""
    table = crosstable(iccf_event("GB/TT5/D4A Board 2", GB_TT5_D4A_B2_PLAYERS, GB_TT5_D4A_B2_ROWS))
    got = {s.player.name: (s.points, s.wins, s.sb, s.rank) for s in table.standings}
    assert got == GB_TT5_D4A_B2_PUBLISHED
    assert [(s.player.name, s.place) for s in table.standings] == [
        ("Gibbs", "1-2"), ("Woodhouse", "1-2"), ("Palmer", "3"), ("Ward", "4"), ("Allport", "5")]
    assert table.by_name()["Gibbs"].direct == table.by_name()["Woodhouse"].direct == 0.5


def test_losses_on_time_are_games_and_unplayed_forfeits_are_not_wins_over_the_board() -> None:
    """Entered as unplayed forfeits, the six E games would be no games: SB the same (Carrington
    scored nothing), the black wins lower; as games lost on time they are wins like any other."""
    timed = crosstable(eng_chp3_prelim("time")).by_name()
    unplayed = crosstable(eng_chp3_prelim("unplayed")).by_name()
    assert {n: timed[n].wins for n in ("Tymms", "Ruffle", "Mahony", "Kent")} == {
        "Tymms": 11, "Ruffle": 6, "Mahony": 9, "Kent": 2}
    marks = [r.mark for r in timed["Kent"].results if r.opponents == ("Carrington",)]
    assert marks == ["1t", "1t"]
    marks = [r.mark for r in unplayed["Kent"].results if r.opponents == ("Carrington",)]
    assert marks == ["+", "+"]
    # black-wins counts games won over the board with the second side: Kent's two wins against
    # Carrington, one with Black, count only as games
    event = replace(eng_chp3_prelim("time"), tie_breaks=("black-wins",))
    by_timed = crosstable(event).by_name()
    by_unplayed = crosstable(replace(eng_chp3_prelim("unplayed"),
                                     tie_breaks=("black-wins",))).by_name()
    assert by_timed["Kent"].tie_breaks["black-wins"] == 1.0
    assert by_unplayed["Kent"].tie_breaks["black-wins"] == 0.0


def test_fide_order_rebuilds_the_candidates_2018_places() -> None:
    """The Candidates 2018 regulations (3.7): direct encounter, wins, SB, the chess-results
    ranking's TB1-TB3: Mamedyarov 2nd by the direct encounter (1½-½ against Karjakin), Kramnik
    5th by wins (equal with Grischuk in their games)."""
    table = crosstable(replace(candidates_2018(), tie_breaks=("direct", "wins", "sb")))
    assert [s.player.name for s in table.standings] == list(CANDIDATES_2018_PUBLISHED)
    assert [s.place for s in table.standings] == [str(k) for k in range(1, 9)]
    by = table.by_name()
    # FIDE C.07 6.1.2 (from 2023): a pair that met twice adds the mean of its games; the 2018
    # ranking printed the sums (1.5, 0.5 and 1, 1), the same order
    assert (by["Mamedyarov"].direct, by["Karjakin"].direct) == (0.75, 0.25)
    assert (by["Kramnik"].direct, by["Grischuk"].direct) == (0.5, 0.5)


def test_koya_and_rating_are_systems_too() -> None:
    """Koya: points against those who scored half or more; rating: the seeded rating."""
    games = [duel(1, 1, "Al", "Bo", "1-0"), duel(2, 1, "Cy", "Di", "1-0"),
             duel(3, 2, "Al", "Cy", "0-1"), duel(4, 2, "Bo", "Di", "1-0"),
             duel(5, 3, "Al", "Di", "1-0"), duel(6, 3, "Bo", "Cy", "1-0")]
    players = [Player("Al", rating=1500), Player("Bo", rating=1700), Player("Cy"), Player("Di")]
    koya = crosstable(Event("E", "chess", players, games, tie_breaks=("koya",))).by_name()
    # Al, Bo, Cy 2 points each (of 3): every one of them is "strong"; Di 0
    assert {n: s.tie_breaks["koya"] for n, s in koya.items()} == {
        "Al": 1.0, "Bo": 1.0, "Cy": 1.0, "Di": 0.0}
    rated = crosstable(Event("E", "chess", players, games, tie_breaks=("rating",)))
    assert [s.player.name for s in rated.standings] == ["Bo", "Al", "Cy", "Di"]


def test_tie_break_lists_are_read_by_name_and_preset() -> None:
    assert parse_tie_breaks("Wins, SB ,direct") == ("wins", "sb", "direct")
    assert expand(("fide",)) == ("direct", "wins", "sb", "koya")
    assert expand(("iccf",)) == ("wins", "sb", "direct")
    assert expand(()) == ("wins", "sb", "direct")  # the default: ICCF's
    with pytest.raises(TieBreakError, match="unknown tie-break 'buchholz'"):
        parse_tie_breaks("sb,buchholz")
    with pytest.raises(TieBreakError, match="named twice"):
        parse_tie_breaks("iccf,sb")
    assert order_text(("iccf",)).startswith(
        "Order: points, then wins (Baumbach) (W), then Sonneborn–Berger (SB), then the direct "
        "encounter (DE): ICCF's order")


# --- the setting: event new --tie-breaks, event.toml, the legend ---------------------------------

PLAYERS = "name,email,rating\nAnn Lee,ann@example.org,1600\nBob Roy,bob@example.org,1500\n" \
          "Cid Moor,cid@example.org,1400\nDee Fox,dee@example.org,\n"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def test_event_new_keeps_the_tie_breaks_in_event_toml_and_the_legend_says_them(tmp_path: Path) -> None:
    (tmp_path / "p.csv").write_text(PLAYERS)
    folder = tmp_path / "ev"
    code, out = run("event", "new", str(folder), "--rules", "billo", "--players",
                    str(tmp_path / "p.csv"), "--tie-breaks", "fide")
    assert code == 0, out
    data = tomllib.loads((folder / "event.toml").read_text())
    assert data["event"]["tie_breaks"] == ["fide"]
    code, out = run("event", "table", str(folder), "--json")
    assert json.loads(out)["order"] == ["points", "direct", "wins", "sb", "koya"]
    code, out = run("event", "table", str(folder))
    assert "Order: points, then the direct encounter (DE), then wins (Baumbach) (W), then " \
           "Sonneborn–Berger (SB), then Koya" in " ".join(out.split())
    # the organiser edits the list later: the table follows
    text = (folder / "event.toml").read_text().replace('tie_breaks = ["fide"]',
                                                      'tie_breaks = ["rating", "sb"]')
    (folder / "event.toml").write_text(text)
    code, out = run("event", "table", str(folder), "--json")
    table = json.loads(out)
    assert table["order"] == ["points", "rating", "sb"]
    assert [p["name"] for p in table["players"]] == ["Ann Lee", "Bob Roy", "Cid Moor", "Dee Fox"]
    assert table["players"][0]["tie_breaks"] == {"rating": 1600.0, "sb": 0.0}


def test_a_new_event_without_tie_breaks_gets_the_default_written(tmp_path: Path) -> None:
    (tmp_path / "p.csv").write_text(PLAYERS)
    code, out = run("event", "new", str(tmp_path / "ev"), "--rules", "billo", "--players",
                    str(tmp_path / "p.csv"))
    assert code == 0, out
    assert tomllib.loads((tmp_path / "ev" / "event.toml").read_text())["event"]["tie_breaks"] \
        == ["iccf"]


def test_an_unknown_tie_break_is_one_line_and_nothing_is_written(tmp_path: Path) -> None:
    (tmp_path / "p.csv").write_text(PLAYERS)
    code, out = run("event", "new", str(tmp_path / "ev"), "--rules", "billo", "--players",
                    str(tmp_path / "p.csv"), "--tie-breaks", "sb,buchholz")
    assert code != 0
    assert "unknown tie-break 'buchholz'" in out and "Traceback" not in out
    assert not (tmp_path / "ev").exists()
    # and a spoiled event.toml is refused with one line too
    run("event", "new", str(tmp_path / "ok"), "--rules", "billo", "--players",
        str(tmp_path / "p.csv"))
    path = tmp_path / "ok" / "event.toml"
    path.write_text(path.read_text().replace('tie_breaks = ["iccf"]', 'tie_breaks = ["median"]'))
    code, out = run("event", "table", str(tmp_path / "ok"))
    assert code == 2 and "tie_breaks: unknown tie-break 'median'" in out


def test_the_pdf_and_web_legend_come_from_the_events_layer() -> None:
    table = crosstable(eng_chp3_prelim())
    notes = sheet(table).notes
    assert notes[0].startswith("Order: points, then wins (Baumbach) (W)")
    assert "won or lost on time (a game played, and counted as one)" in notes[2]
