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
