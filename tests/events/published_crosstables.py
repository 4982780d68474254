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
