"""White's complete list of opening moves, derived by hand from the rules (not by the generator).

Coordinates: a space XY is (i, j) with X = A..M -> i = 1..13 and Y = N..Z -> j = 1..13; the six
neighbours of (i, j) are (i±1, j), (i, j±1), (i+1, j-1) and (i-1, j+1). A hop from s over the
neighbour s+e lands on s+2e.

Start: white column JQ (10,4) on its base; white stones on its six neighbours
IQ (9,4), IR (9,5), JP (10,3), JR (10,5), KP (11,3), KQ (11,4). Black is far away (DW and round it).

The column on JQ: every neighbour holds a white stone, so no slide. It hops each stone once and
lands two steps away, on an empty space each time:
    over KQ -> LQ (12,4); over IQ -> HQ (8,4); over JR -> JS (10,6);
    over JP -> JO (10,2); over KP -> LO (12,2); over IR -> HS (8,6).
From each landing no further hop: the only white piece next to LQ is KQ, already hopped (likewise
IQ for HQ, JR for JS, JP for JO, KP for LO, IR for HS), and the base JQ (the column's own starting
space, now empty) is hopped only from its neighbours, all occupied.      -> 6 moves.

Each stone: slides to its three empty neighbours (the other three are the base and two stones);
hops over the base land on the stone opposite (occupied); hops over each of its two neighbouring
stones land outside the ring, on an empty space; from there the only white piece adjacent (other
than the one just hopped) is a stone whose far side is again a stone of the ring, so the series
stops. Piece by piece:
    IQ (9,4): neighbours JQ base, HQ (8,4) empty, IR stone, IP (9,3) empty, JP stone, HR (8,5) empty.
        slides HQ, IP, HR; over IR -> IS (9,6); over JP -> KO (11,2); over JQ -> KQ occupied.
        From IS: next to JR, beyond it KQ occupied. From KO: next to KP, beyond it KQ occupied.
    IR (9,5): neighbours JR stone, HR empty, IS empty, IQ stone, JQ base, HS (8,6) empty.
        slides HR, IS, HS; over JR -> KR (11,5); over IQ -> IP (9,3); over JQ -> KP occupied.
        From KR: next to KQ, beyond it KP occupied. From IP: next to JP, beyond it KP occupied.
    JR (10,5): neighbours KR empty, IR stone, JS (10,6) empty, JQ base, KQ stone, IS empty.
        slides KR, JS, IS; over IR -> HR (8,5); over KQ -> LP (12,3); over JQ -> JP occupied.
        From HR: next to IQ, beyond it JP occupied. From LP: next to KP, beyond it JP occupied.
    JP (10,3): neighbours KP stone, IP empty, JQ base, JO (10,2) empty, KO (11,2) empty, IQ stone.
        slides IP, JO, KO; over KP -> LP (12,3); over IQ -> HR (8,5); over JQ -> JR occupied.
        From LP: next to KQ, beyond it JR occupied. From HR: next to IR, beyond it JR occupied.
    KP (11,3): neighbours LP empty, JP stone, KQ stone, KO empty, LO (12,2) empty, JQ base.
        slides LP, KO, LO; over JP -> IP (9,3); over KQ -> KR (11,5); over JQ -> IR occupied.
        From IP: next to IQ, beyond it IR occupied. From KR: next to JR, beyond it IR occupied.
    KQ (11,4): neighbours LQ empty, JQ base, KR empty, KP stone, LP empty, JR stone.
        slides LQ, KR, LP; over KP -> KO (11,2); over JR -> IS (9,6); over JQ -> IQ occupied.
        From KO: next to JP, beyond it IQ occupied. From IS: next to IR, beyond it IQ occupied.
                                                                              -> 6 x 5 = 30 moves.
Total: 36 moves.
"""

from __future__ import annotations

from pbmkit.games.batalo import rules, setup
from tests.support.batalo_support import moves, pos

HAND_DERIVED = {
    # the column
    "JQ to LQ", "JQ to HQ", "JQ to JS", "JQ to JO", "JQ to LO", "JQ to HS",
    # IQ: three slides, two hops
    "IQ to HQ", "IQ to IP", "IQ to HR", "IQ to IS", "IQ to KO",
    # IR
    "IR to HR", "IR to IS", "IR to HS", "IR to KR", "IR to IP",
    # JR
    "JR to KR", "JR to JS", "JR to IS", "JR to HR", "JR to LP",
    # JP
    "JP to IP", "JP to JO", "JP to KO", "JP to LP", "JP to HR",
    # KP
    "KP to LP", "KP to KO", "KP to LO", "KP to IP", "KP to KR",
    # KQ
    "KQ to LQ", "KQ to KR", "KQ to LP", "KQ to KO", "KQ to IS",
}


def test_whites_opening_moves_are_exactly_the_hand_derived_list() -> None:
    assert len(HAND_DERIVED) == 36
    start = setup.initial_position()
    assert moves(start) == HAND_DERIVED
    assert len(rules.legal_moves(start)) == 36  # each move once


def test_blacks_opening_moves_mirror_whites() -> None:
    mirrored = {
        " to ".join(rules.space_name(rules.mirror_space(rules.space(n))) for n in m.split(" to "))
        for m in HAND_DERIVED
    }
    black_first = pos("""
        IQo IRo JPo JQW JRo KPo KQo
        CWx CXx DVx DWB DXx EVx EWx
    """, "b")
    assert moves(black_first) == mirrored
    assert "EV to FU" in mirrored and "DW to FU" in mirrored
