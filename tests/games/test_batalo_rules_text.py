"""One test per rule sentence of the rules text (docs/batalo.md, "The rules text"), positions as diagrams.

Diagrams name only the occupied spaces: ``W`` white column, ``o`` white stone, ``B`` black column,
``x`` black stone. GT is the centre; its neighbours are HT, FT, GU, GS, HS and FU.
"""

from __future__ import annotations

from pbmkit.games import batalo
from pbmkit.games.base import Outcome
from pbmkit.games.batalo import rules, setup
from pbmkit.games.batalo.rules import BLACK, BLACK_BASE, BOARD, WHITE, WHITE_BASE
from tests.support.batalo_support import dests, moves, mv, play, pos, sp, why

GT_NEIGHBOURS = {"HT", "FT", "GU", "GS", "HS", "FU"}


# --- SETUP, GOAL, PLAYING ----------------------------------------------------------------


def test_setup_column_on_the_base_nearest_you_and_stones_on_the_six_spaces_around_it() -> None:
    start = setup.initial_position()
    for side, base, column in ((WHITE, "JQ", 2), (BLACK, "DW", -2)):
        assert start.board[sp(base)] == column
        stones = {s for s, p in enumerate(start.board) if p == side}
        assert stones == set(BOARD.neighbours[sp(base)])
    assert start == pos("""
        IQo IRo JPo JQW JRo KPo KQo
        CWx CXx DVx DWB DXx EVx EWx
    """)


def test_goal_get_one_of_your_pieces_onto_your_opponents_base() -> None:
    before = pos("JQW EVo GTB")
    assert why(before, "EV to DW") is None
    assert rules.outcome(rules.apply(before, mv("EV to DW"))) == Outcome("white", "base")


def test_playing_you_must_move_one_of_your_pieces_to_a_new_position_each_turn() -> None:
    start = setup.initial_position()
    assert why(start, "IR to IR") == "a move must take the stone to a different space"
    for move in rules.legal_moves(start):
        after = rules.apply(start, move)
        changed = [s for s in range(BOARD.size) if after.board[s] != start.board[s]]
        assert sorted(changed) == sorted([move.start, move.end])
        assert after.board[move.end] == start.board[move.start]


def test_playing_white_should_move_first() -> None:
    start = setup.initial_position()
    assert start.turn == WHITE and batalo.GAME.side_to_move(start) == "white"
    assert batalo.GAME.sides[0] == "white"
    assert why(start, "EV to EU") == "the piece on EV is a black stone, and it is White's turn"


# --- STONE RULES 1: sliding or hopping ----------------------------------------------------


def test_stone_rules_1_a_stone_slides_one_space_in_any_direction() -> None:
    assert dests(pos("JQW GTo DWB"), "GT") == GT_NEIGHBOURS
    assert why(pos("JQW GTo DWB"), "GT to IT") == (
        "a stone slides only one space, and it cannot hop from GT to IT over the empty space HT")


def test_stone_rules_1_a_stone_hops_over_another_stone_or_over_its_column() -> None:
    assert why(pos("JQW GTo HTo DWB"), "GT to IT") is None
    assert why(pos("HTW GTo DWB"), "GT to IT") is None
    assert dests(pos("HTW GTo DWB"), "GT") == GT_NEIGHBOURS - {"HT"} | {"IT"}


def test_stone_rules_1_hops_must_be_in_a_straight_line() -> None:
    position = pos("JQW GTo HTo DWB")
    assert "IS" not in dests(position, "GT") and "IT" in dests(position, "GT")
    assert why(position, "GT to IS") == (
        "hops go in a straight line: a hop from GT over the stone on HT goes to IT, not to IS")


def test_stone_rules_1_cannot_hop_over_more_than_one_piece_in_a_hop() -> None:
    position = pos("JQW GTo HTo ITo DWB")
    assert "JT" not in dests(position, "GT")
    assert why(position, "GT to JT") == "a stone cannot hop over more than one piece in a hop (HT and IT)"


def test_stone_rules_1_cannot_hop_over_your_opponents_pieces() -> None:
    position = pos("JQW GTo HTx DWB")
    assert "IT" not in dests(position, "GT")
    assert why(position, "GT to IT") == "a stone cannot hop over an opponent's piece (the black stone on HT)"
    assert why(pos("JQW GTo HTB"), "GT to IT") == (
        "a stone cannot hop over an opponent's piece (the black column on HT)")


def test_stone_rules_1_cannot_slide_and_hop_in_the_same_move() -> None:
    position = pos("JQW GTo ITo DWB")  # slide GT-HT, then hop IT to JT: not one move
    assert "JT" not in dests(position, "GT")
    assert why(position, "GT to JT") == (
        "the stone could reach JT only by sliding to HT and then hopping, and a move cannot slide and hop")
    assert why(position, "GT to HT to JT") == (
        "hop 1 (GT to HT): that is a slide, and a move cannot slide and hop")


# --- STONE RULES 2: continuous hopping -----------------------------------------------------


def test_stone_rules_2_keep_hopping_while_each_hop_begins_where_the_previous_ended() -> None:
    position = pos("JQW GTo HTo JTo IUo DWB")
    assert {"IT", "KT", "IV"} <= dests(position, "GT")  # GT-IT, then IT-KT or IT-IV
    assert rules.hop_paths(position, sp("GT"), sp("KT")) == [(sp("IT"), sp("KT"))]
    assert why(position, "GT to IT to KT") is None
    assert why(position, "GT to IT to IV") is None
    assert why(position, "GT to IT to LT") == (
        "hop 2 (IT to LT): that is not a hop: a hop goes over one adjacent piece in a straight line "
        "and lands just beyond it")


TRIANGLE = "JQW ITo JTo JUo IUo HTo DWB"
"""IT hops JT to KT, JU to IV, IU back to IT: a closed hop series; HT lets it go on to GT."""


def test_stone_rules_2_cannot_hop_over_the_same_piece_twice_in_a_turn() -> None:
    position = pos(TRIANGLE)
    assert why(position, "IT to KT to IV") is None
    assert why(position, "IT to KT to IV to KT") == (
        "hop 3 (IV to KT): a stone cannot hop over the same stone twice in a move (the stone on JU)")


def test_stone_rules_2_cannot_return_your_piece_to_its_starting_point() -> None:
    position = pos(TRIANGLE)
    assert why(position, "IT to KT to IV to IT to GT") == (
        "hop 3 (IV to IT): a stone cannot return to its starting space in a hop series")
    assert "IT" not in dests(position, "IT")
    assert why(position, "IT to IT") == "a move must take the stone to a different space"


# --- STONE RULES 3: hopping your base --------------------------------------------------------


def test_stone_rules_3_a_stone_hops_over_its_base_as_if_it_was_a_stone() -> None:
    assert why(pos("GTW IRo DWB"), "IR to KP") is None  # empty base
    assert why(pos("JQW IRo DWB"), "IR to KP") is None  # base with the column on it


def test_stone_rules_3_stones_are_not_allowed_on_your_base() -> None:
    assert why(pos("GTW IQo DWB"), "IQ to JQ") == "a stone cannot land on its own base"
    assert why(pos("GTW HQo IQo DWB"), "HQ to JQ") == "a stone cannot land on its own base"
    assert "JQ" not in dests(pos("GTW HQo IQo DWB"), "HQ")


# --- STONE RULES 4: no capturing ------------------------------------------------------------


def test_stone_rules_4_stones_cannot_capture_your_opponents_pieces() -> None:
    assert why(pos("JQW GTo HTx DWB"), "GT to HT") == (
        "a stone cannot capture (the black stone on HT); only a column captures")
    assert why(pos("JQW GTo HTo ITB"), "GT to IT") == (
        "a stone cannot capture (the black column on IT); only a column captures")


# --- COLUMN RULES 1: sliding or hopping -----------------------------------------------------


def test_column_rules_1_the_column_moves_every_way_a_stone_moves() -> None:
    position = pos("GTW HTo JTo DWB")
    assert {"FT", "GU", "GS", "HS", "FU"} <= dests(position, "GT")  # slides
    assert why(position, "GT to IT") is None  # a hop over its stone
    assert why(position, "GT to IT to KT") is None  # continuous hopping
    assert why(pos("IRW DWB"), "IR to KP") is None  # a hop over its (empty) base


def test_column_rules_1_the_hopping_restrictions_for_stones_also_apply_to_the_column() -> None:
    assert why(pos("GTW HTx DWB"), "GT to IT") == (
        "a column cannot hop over an opponent's piece (the black stone on HT)")
    assert why(pos("GTW HTo ITo DWB"), "GT to JT") == (
        "a column cannot hop over more than one piece in a hop (HT and IT)")
    assert why(pos("GTW HTo DWB"), "GT to IS") == (
        "hops go in a straight line: a hop from GT over the stone on HT goes to IT, not to IS")
    triangle = pos(TRIANGLE.replace("ITo", "ITW").replace("JQW ", ""))
    assert why(triangle, "IT to KT to IV to KT") == (
        "hop 3 (IV to KT): a column cannot hop over the same stone twice in a move (the stone on JU)")
    assert why(triangle, "IT to KT to IV to IT to GT") == (
        "hop 3 (IV to IT): a column cannot return to its starting space in a hop series")
    reason = why(pos("GTW HUo DWB"), "GT to IU")
    assert reason is not None and reason.endswith("and then hopping, and a move cannot slide and hop")


# --- COLUMN RULES 2: continuous sliding ----------------------------------------------------


def test_column_rules_2_the_column_slides_in_a_line_until_blocked_by_its_own_piece() -> None:
    position = pos("GTW KTo DWB")
    assert {"HT", "IT", "JT"} <= dests(position, "GT")
    assert not {"KT", "LT"} & dests(position, "GT")
    assert why(position, "GT to LT") == (
        "the column cannot slide from GT to LT: the white stone on KT is in the way, and no series "
        "of hops lands there")


def test_column_rules_2_or_until_blocked_by_an_opponents_piece() -> None:
    position = pos("GTW KTx DWB")
    assert {"HT", "IT", "JT", "KT"} <= dests(position, "GT")
    assert "LT" not in dests(position, "GT")
    assert why(position, "GT to LT") == (
        "the column cannot slide from GT to LT: the black stone on KT is in the way, and no series "
        "of hops lands there")


# --- COLUMN RULES 3: occupying your base -----------------------------------------------------


def test_column_rules_3_only_your_column_can_occupy_your_base() -> None:
    position = pos("IRW IQo DWB")
    assert why(position, "IR to JQ") is None
    assert why(position, "IQ to JQ") == "a stone cannot land on its own base"


def test_column_rules_3_unless_your_opponent_gets_to_it_first() -> None:
    position = pos("GTW IRx DWB", "b")
    assert why(position, "IR to JQ") is None
    after = rules.apply(position, mv("IR to JQ"))
    assert after.board[WHITE_BASE] < 0
    assert rules.outcome(after) == Outcome("black", "base")


def test_column_rules_3_you_can_slide_your_column_through_your_base() -> None:
    assert {"JQ", "IR", "HS", "GT"} <= dests(pos("KPW DWB"), "KP")
    assert why(pos("KPW DWB"), "KP to HS") is None


# --- COLUMN RULES 4: capturing pieces ------------------------------------------------------


def test_column_rules_4_only_the_column_captures_by_landing_at_the_end_of_its_move() -> None:
    assert why(pos("GTW HTx DWB"), "GT to HT") is None  # slide
    assert why(pos("GTW KTx DWB"), "GT to KT") is None  # continuous slide
    assert why(pos("GTW HTo ITx DWB"), "GT to IT") is None  # hop
    assert why(pos("GTW HTo JTo KTx DWB"), "GT to IT to KT") is None  # last hop of a series
    after = play(pos("GTW HTx DWB"), "GT to HT")
    assert after.board[sp("HT")] == rules.WHITE_COLUMN and after.board[sp("GT")] == 0
    assert why(pos("GTW HTo JTo ITx DWB"), "GT to IT to KT") == (
        "hop 1 (GT to IT) captures on IT, and a capture ends the move")


def test_column_rules_4_the_column_captures_a_column_or_a_stone() -> None:
    after = play(pos("GTW HTB EVx"), "GT to HT")
    assert after.column(BLACK) is None and after.column(WHITE) == sp("HT")
    assert rules.outcome(after) is None  # Black still has a stone


# --- COLUMN RULES 5: protecting your column and base ---------------------------------------


def test_column_rules_5_the_column_cannot_be_captured_on_its_base() -> None:
    assert why(pos("DWB EVW"), "EV to DW") == "a column on its base cannot be captured"
    assert why(pos("DWB EVo FUW"), "FU to DW") == "a column on its base cannot be captured"


def test_column_rules_5_the_column_on_its_base_protects_the_base() -> None:
    guarded = pos("DWB EVo EWo DVo FUW")
    assert not any(m.end == BLACK_BASE for m in rules.legal_moves(guarded))
    assert why(guarded, "EV to DW") == (
        "a stone cannot capture (the black column on DW); only a column captures")
    left = pos("GTB EVo EWo DVo FUW")
    assert {"EV to DW", "EW to DW", "DV to DW"} <= moves(left)


# --- STRATEGY HINTS: the rules they restate ----------------------------------------------


def test_column_strategies_1_you_win_when_your_column_gets_onto_your_opponents_base() -> None:
    for move in ("EV to DW", "GT to DW"):  # a slide, a long slide along GT FU EV DW
        start = "EVW" if move.startswith("EV") else "GTW"
        after = play(pos(f"{start} KPo MNB CXx"), move)
        assert after.board[BLACK_BASE] == rules.WHITE_COLUMN
        assert rules.outcome(after) == Outcome("white", "base")


# --- WINNING --------------------------------------------------------------------------------


def test_winning_move_one_of_your_pieces_onto_your_opponents_base() -> None:
    after = play(pos("JQW EVo GTB"), "EV to DW")
    assert rules.outcome(after) == Outcome("white", "base")
    assert rules.legal_moves(after) == []


def test_winning_an_unstoppable_win_may_be_conceded_but_is_not_forced_by_the_board() -> None:
    position = play(pos("JQW KPo FUo MNB"), "FU to EV")  # EV to DW next, and Black cannot stop it
    assert rules.threats(position) == ["base"]
    assert rules.outcome(position) is None  # a concession is the record's business (ruling 12)


def test_winning_by_capturing_all_of_your_opponents_pieces() -> None:
    after = play(pos("GTW HTB"), "GT to HT")
    assert rules.outcome(after) == Outcome("white", "capture-all")
    assert rules.legal_moves(after) == []


def test_winning_both_columns_permanently_pinned_is_a_draw_by_agreement_only() -> None:
    pinned = pos("JQW IRx KPx DWB EVo EWo")  # both columns must stay home
    assert rules.outcome(pinned) is None
    assert rules.outcome(rules.mirror(pinned)) is None


# --- ETIQUETTE and PHONE CHART ------------------------------------------------------------


def test_etiquette_averto_warns_of_a_threat_to_the_opponents_column_or_base() -> None:
    position = pos("KRW GTB FWo")
    assert rules.is_averto(position, mv("KR to KT"))  # KT-JT-IT-HT-GT: the column is attacked
    assert rules.threats(rules.apply(position, mv("KR to KT"))) == ["column"]
    assert rules.is_averto(position, mv("FW to EW"))  # EW to DW next
    assert rules.threats(rules.apply(position, mv("FW to EW"))) == ["base"]
    assert not rules.is_averto(position, mv("KR to LR"))


def test_etiquette_no_warning_when_the_opponent_moves_its_column_into_danger() -> None:
    position = pos("ITW HTo HSo GSB CXx", "b")
    after = rules.apply(position, mv("GS to GT"))  # White's column can now hop HT and capture it
    assert rules.threats(after, WHITE) == ["column"]
    assert not rules.is_averto(position, mv("GS to GT"))


def test_etiquette_handicapping_yourself_a_few_pieces_is_a_legal_setup() -> None:
    handicap = setup.parse_setup("W:JQ O:IQ,IR,JP B:DW X:CW,CX,DV,DX,EV,EW w")
    assert rules.outcome(handicap) is None and moves(handicap)


def test_phone_chart_name_the_start_and_the_end_ir_to_hs() -> None:
    start = setup.initial_position()
    move = mv("IR to HS")
    assert str(move) == "IR to HS" and move == mv("ir to hs")
    assert why(start, "IR to HS") is None and "IR to HS" in moves(start)
    after = rules.apply(start, move)
    assert after.board[sp("HS")] == rules.WHITE_STONE and after.board[sp("IR")] == 0
