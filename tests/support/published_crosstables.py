"""A published crosstable with its Sonneborn–Berger figures, typed in to test the tie-breaks.

The FIDE Candidates Tournament, Berlin, 10-28 March 2018: eight players, a double round robin.

* Results: the crosstable "Stand nach der 14. Runde" published by Zeitschrift Schach,
  http://www.zeitschriftschach.de/schach-aktuell/76-kandidatenturnier (two results per pair, in
  the order of the two legs; "=" a draw). Points and wins agree with chessgames.com's crosstable
  (https://www.chessgames.com/perl/chess.pl?tid=92582&crosstable=1: Caruana 9 (+5 -1 =8) ...).
* Tie-breaks: the chess-results.com final ranking, as reproduced by chesshive.com
  (http://chesshive.com/2018/03/caruana-leads-candidates-2018-with-4-rounds-to-go/): TB1 the
  direct encounter, TB2 wins, TB3 Sonneborn–Berger, the order of the tournament's regulations
  (3.7). The published SB figures are SB below.

The crosstable does not say who had White in which leg: the tests give the lower seed White in
the first leg and Black in the second (Sonneborn–Berger does not depend on it).
"""

from __future__ import annotations

CANDIDATES_2018_PLAYERS = ("Mamedyarov", "Kramnik", "So", "Aronian", "Caruana", "Ding Liren",
                           "Grischuk", "Karjakin")
"""In the order of the published crosstable's rows and columns."""

CANDIDATES_2018_ROWS = (
    "xx 1= == == == =0 =1 1=",
    "0= xx == 11 0= == 10 =0",
    "== == xx 1= 0= == 0= 0=",
    "== 00 0= xx 00 == == 10",
    "== 1= 1= 11 xx == =1 =0",
    "=1 == == == == xx == ==",
    "=0 01 1= == =0 == xx ==",
    "0= =1 1= 01 =1 == == xx",
)
"""Row player's results against each column player: first leg, second leg."""

CANDIDATES_2018_PUBLISHED = {
    # name: (points, direct encounter (TB1), wins (TB2), Sonneborn-Berger (TB3))
    "Caruana": (9.0, 0.0, 5, 57.0),
    "Mamedyarov": (8.0, 1.5, 3, 54.75),
    "Karjakin": (8.0, 0.5, 4, 54.75),
    "Ding Liren": (7.5, 0.0, 1, 52.5),
    "Kramnik": (6.5, 1.0, 3, 41.5),
    "Grischuk": (6.5, 1.0, 2, 44.0),
    "So": (6.0, 0.0, 1, 40.5),
    "Aronian": (4.5, 0.0, 1, 33.0),
}


# --- ICCF ENG/CHP3/Prelim --------------------------------------------------------------------------

ENG_CHP3_PRELIM_SOURCE = "https://www.iccf.com/event?id=91199 (ICCF's crosstable of the event)"
"""ICCF ENG/CHP3/Prelim, 3rd English Correspondence Chess Championship, Preliminary: a double round
robin of eight, a server event, 5 March 2021 to 31 December 2022, TD Ben A. Wood, 56 games
finished. Its conditions, on the same page: "Tie-breaks will be resolved in the following order
of priority: a) number of wins by each tied player in the tournament; b) points evaluation by the
Sonneborn-Berger-System; c) results of the tied players against each other." The page marks a
game lost by exceeding the time limit with E ("XE = exceeded time limit"): Carrington lost six
games so, none cancelled; ICCF counts them in Wins and SB."""

ENG_CHP3_PRELIM_PLAYERS = ("Page", "Carrington", "Tymms", "Owen", "Harman", "Ruffle", "Mahony",
                           "Kent")
"""In the page's start-list order (Page, Martin; Carrington, A. C.; Tymms, J. D. M.; Owen, Chris;
Harman, Kenneth B.; Ruffle, Alan; Mahony, Jon D.; Kent, Chris)."""

ENG_CHP3_PRELIM_ROWS = (
    "1 1 | 0 0 | 0 0 | ½ ½ | 1 0 | 0 ½ | ½ ½",
    "0 0 | 0 0E | 0 0 | 0 0 | 0 0E | 0E 0E | 0E 0E",
    "1 1 | 1E 1 | ½ 1 | 1 1 | 1 1 | ½ ½ | 1 1",
    "1 1 | 1 1 | 0 ½ | 1 1 | 1 1 | 1 1 | 1 1",
    "½ ½ | 1 1 | 0 0 | 0 0 | 1 0 | 0 0 | ½ 1",
    "1 0 | 1E 1 | 0 0 | 0 0 | 1 0 | 0 0 | 1 1",
    "½ 1 | 1E 1E | ½ ½ | 0 0 | 1 1 | 1 1 | 1 1",
    "½ ½ | 1E 1E | 0 0 | 0 0 | 0 ½ | 0 0 | 0 0",
)
"""Each row player's fourteen results as the page prints them (its own column left out), two
against each other player in start-list order: the row player's game with White first (read off
the page: the two results of every pair agree only that way round, which the test checks), ``E``
after a result decided by exceeding the time limit."""

ENG_CHP3_PRELIM_PUBLISHED = {
    # name: (score, wins, SB, place), as the page gives them
    "Page": (5.5, 3, 20.25, 6),
    "Carrington": (0.0, 0, 0.0, 8),
    "Tymms": (12.5, 11, 70.25, 2),
    "Owen": (12.5, 12, 68.25, 1),
    "Harman": (5.5, 4, 16.75, 5),
    "Ruffle": (6.0, 6, 18.0, 4),
    "Mahony": (10.5, 9, 50.75, 3),
    "Kent": (3.5, 2, 8.25, 7),
}


# --- ICCF SCO/O/2020 -------------------------------------------------------------------------------

SCO_O_2020_SOURCE = "https://www.iccf.com/event?id=83916 (ICCF's crosstable of the event)"
"""ICCF SCO/O/2020, SCCA Open 2020: a double round robin of seven, a server event, 23 January to 15
December 2020, TD Gordon M. Anderson, 42 games finished. The page: "Ties are broken by the
Baumbach tie breaking rule (see ICCF rule 1.3.4.2)", and "XA = result by adjudication": Gilbert's
game with White against van Stratum was adjudicated a win, which ICCF counts in Wins and SB.
Printed in the same layout as ENG/CHP3/Prelim's (two results against each other player, in
start-list order)."""

SCO_O_2020_PLAYERS = ("MacMillen", "Gilbert", "Armstrong", "van Stratum", "Kearns", "Hardwick",
                      "Major")
"""In the page's start-list order (MacMillen, Andrew N.; Gilbert, Robert; Armstrong, John M.;
van Stratum, Theo; Kearns, Alan; Hardwick, Martin E.; Major, Benjamin)."""

SCO_O_2020_ROWS = (
    "1 0 | 1 1 | ½ 1 | 1 1 | 1 1 | 1 1",
    "1 0 | 1 0 | 1A 1 | 1 1 | 1 1 | 1 1",
    "0 0 | 1 0 | 1 0 | 1 1 | 1 1 | 1 1",
    "0 ½ | 0 0A | 1 0 | 1 1 | ½ 1 | 1 1",
    "0 0 | 0 0 | 0 0 | 0 0 | 1 1 | 1 1",
    "0 0 | 0 0 | 0 0 | 0 ½ | 0 0 | ½ ½",
    "0 0 | 0 0 | 0 0 | 0 0 | 0 0 | ½ ½",
)
"""As ENG_CHP3_PRELIM_ROWS: the row player's game with White first, ``A`` after a result by
adjudication."""

SCO_O_2020_PUBLISHED = {
    # name: (score, wins, SB, place), as the page gives them
    "MacMillen": (10.5, 10, 49.5, 1),
    "Gilbert": (10.0, 10, 45.5, 2),
    "Armstrong": (8.0, 8, 30.0, 3),
    "van Stratum": (7.0, 6, 25.5, 4),
    "Kearns": (4.0, 4, 5.0, 5),
    "Hardwick": (1.5, 0, 4.5, 6),
    "Major": (1.0, 0, 1.5, 7),
}


# --- ICCF GB/TT5/D4A Board 2 -----------------------------------------------------------------------

GB_TT5_D4A_B2_SOURCE = "https://www.iccf.com/event?id=75115 (ICCF's board crosstable)"
"""ICCF GB/TT5/D4A Board 2, 5th British WS Tournament, Division 4A, Board 2: a double round robin
of five (each from a team), a server event, 1 July 2018 to 2 January 2020, TD Austin Lockwood, 20
games finished. The page: "Individual ties are broken by the Baumbach tie breaking rule. This
applies to board cross tables." Gibbs and Woodhouse end level on every count (6½ points, 5 wins,
SB 18.25, 1-1 in their two games): the page places both 1st and Palmer 3rd."""

GB_TT5_D4A_B2_PLAYERS = ("Gibbs", "Woodhouse", "Palmer", "Ward", "Allport")
"""In the page's start-list order (Gibbs, Peter Campbell; Woodhouse, Stephen; Palmer, Vincent G.;
Ward, Bill; Allport, Andrew)."""

GB_TT5_D4A_B2_ROWS = (
    "½ ½ | 1 ½ | 1 1 | 1 1",
    "½ ½ | 1 ½ | 1 1 | 1 1",
    "½ 0 | ½ 0 | 1 1 | 1 ½",
    "0 0 | 0 0 | 0 0 | 1 1",
    "0 0 | 0 0 | ½ 0 | 0 0",
)
"""As ENG_CHP3_PRELIM_ROWS."""

GB_TT5_D4A_B2_PUBLISHED = {
    # name: (score, wins, SB, place), as the page gives them
    "Gibbs": (6.5, 5, 18.25, 1),
    "Woodhouse": (6.5, 5, 18.25, 1),
    "Palmer": (4.5, 3, 11.25, 3),
    "Ward": (2.0, 2, 1.0, 4),
    "Allport": (0.5, 0, 2.25, 5),
}


# --- FIDE Candidates 2024 --------------------------------------------------------------------------

CANDIDATES_2024_SOURCE = "http://exzelsior.de/schach-aktuell/76-kandidatenturnier"
"""The FIDE Candidates Tournament, Toronto, 4-22 April 2024: eight players, a double round robin.
The crosstable "Endstand nach der 14. Runde" of that page (the one Zeitschrift Schach's address
gave for 2018), each player with the rating the event started with: Caruana 2803, Nakamura 2789,
Firouzja 2760, Nepomniachtchi 2758, Praggnanandhaa 2747, Gukesh 2743, Vidit 2727, Abasov 2632;
two results per pair in the order of the two legs, "=" a draw; points 8½, 8½, 5, 8½, 7, 9, 6,
3½. It does not say who had White in which leg."""

CANDIDATES_2024_PLAYERS = ("Caruana", "Nakamura", "Firouzja", "Nepomniachtchi", "Praggnanandhaa",
                           "Gukesh", "Vidit", "Abasov")
"""In the order of the published crosstable's rows and columns."""

CANDIDATES_2024_RATINGS = (2803, 2789, 2760, 2758, 2747, 2743, 2727, 2632)
"""The ratings the crosstable prints, in the same order (the April 2024 list)."""

CANDIDATES_2024_ROWS = (
    "xx =0 =1 == =1 == =1 1=",
    "=1 xx 11 == =1 == 00 =1",
    "=0 00 xx 0= == 10 0= =1",
    "== == 1= xx == == 11 ==",
    "=0 =0 == == xx 0= 1= 11",
    "== == 01 == 1= xx =1 11",
    "=0 11 1= 00 0= =0 xx ==",
    "0= =0 =0 == 00 00 == xx",
)
"""Row player's results against each column player: first leg, second leg."""
