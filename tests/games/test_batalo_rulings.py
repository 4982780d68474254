"""One test (or a few) per ruling 1–14 of docs/batalo.md, named after it; positions as diagrams.

Diagrams name only the occupied spaces: ``W`` white column, ``o`` white stone, ``B`` black column,
``x`` black stone. White's base is JQ, Black's DW; GT is the centre.
"""

from __future__ import annotations

from pbmkit.games import batalo
from pbmkit.games.base import Outcome
from pbmkit.games.batalo import check, rules, setup
from pbmkit.games.batalo.rules import BLACK, BOARD, WHITE
from tests.support.batalo_support import dests, moves, mv, play, pos, sp, why

GT_NEIGHBOURS = {"HT", "FT", "GU", "GS", "HS", "FU"}


def test_ruling_01_one_move_a_turn_moves_exactly_one_piece_and_there_is_no_pass() -> None:
    position = pos("GTW HTx ITo DWB CXx")
    for move in rules.legal_moves(position):
        assert move.start != move.end
        after = rules.apply(position, move)
        assert after.turn == -position.turn
        assert after.pieces(WHITE) == sorted([*(s for s in position.pieces(WHITE) if s != move.start),
                                              move.end])
    assert why(position, "GT to GT") == "a move must take the column to a different space"


def test_ruling_02_a_stone_or_a_column_slides_one_space_to_an_adjacent_empty_space() -> None:
    position = pos("JQW GTo HTo DWB")
    assert GT_NEIGHBOURS - {"HT"} <= dests(position, "GT")
    assert why(position, "GT to HT") == "HT is taken by your own stone"
    assert dests(pos("GTW DWB"), "GT") >= GT_NEIGHBOURS


def test_ruling_03_a_hop_goes_over_one_own_piece_or_the_own_base_occupied_or_not() -> None:
    assert why(pos("JQW GTo HTo DWB"), "GT to IT") is None  # over a stone
    assert why(pos("HTW GTo DWB"), "GT to IT") is None  # over the column
    assert why(pos("JQW IRo DWB"), "IR to KP") is None  # over the base, column on it
    assert why(pos("GTW IRo DWB"), "IR to KP") is None  # over the empty base
    assert why(pos("JQW GTo HTo ITo DWB"), "GT to JT") == (
        "a stone cannot hop over more than one piece in a hop (HT and IT)")
    assert why(pos("JQW GTo HTx DWB"), "GT to IT") == (
        "a stone cannot hop over an opponent's piece (the black stone on HT)")


def test_ruling_03_the_landing_space_must_be_empty_unless_a_column_captures() -> None:
    assert "IT" not in dests(pos("JQW GTo HTo ITo DWB"), "GT")
    assert why(pos("JQW GTo HTo ITx DWB"), "GT to IT") == (
        "a stone cannot capture (the black stone on IT); only a column captures")
    assert why(pos("GTW HTo ITx DWB"), "GT to IT") is None


def test_ruling_03_never_over_an_empty_space() -> None:
    assert why(pos("JQW GTo DWB"), "GT to IT") == (
        "a stone slides only one space, and it cannot hop from GT to IT over the empty space HT")
    assert why(pos("JQW GTo JTo DWB"), "GT to IT to KT") == (
        "hop 1 (GT to IT): a stone cannot hop from GT to IT: HT is empty, and a hop goes over one of "
        "your own pieces or your base")


def test_ruling_04_a_hop_series_changes_direction_freely_and_may_stop_after_any_hop() -> None:
    position = pos("JQW GTo HTo IUo JVo DWB")  # GT-IT (east), IT-IV (north), IV-KV (east)
    assert {"IT", "IV", "KV"} <= dests(position, "GT")
    assert why(position, "GT to IT to IV to KV") is None
    assert rules.hop_paths(position, sp("GT"), sp("KV")) == [(sp("IT"), sp("IV"), sp("KV"))]


def test_ruling_04_not_the_same_piece_twice_nor_back_to_the_start_nor_slide_and_hop() -> None:
    triangle = pos("JQW ITo JTo JUo IUo HTo DWB")  # IT-KT over JT, KT-IV over JU, IV-IT over IU
    assert why(triangle, "IT to KT to IV to KT") == (
        "hop 3 (IV to KT): a stone cannot hop over the same stone twice in a move (the stone on JU)")
    assert why(triangle, "IT to KT to IV to IT to GT") == (
        "hop 3 (IV to IT): a stone cannot return to its starting space in a hop series")
    assert why(pos("JQW GTo ITo DWB"), "GT to HT to JT") == (
        "hop 1 (GT to HT): that is a slide, and a move cannot slide and hop")


def test_ruling_04_the_own_base_and_a_column_on_it_are_one_piece_to_hop() -> None:
    # GT hops HS to IR, the base JQ to KP, and the base again back to IR: refused either way.
    for diagram in ("JQW GTo HSo DWB", "MNW GTo HSo DWB"):
        assert why(pos(diagram), "GT to IR to KP") is None
        assert why(pos(diagram), "GT to IR to KP to IR") == (
            "hop 3 (KP to IR): a stone cannot hop over your base JQ twice in a move")


def test_ruling_05_a_stone_never_lands_on_its_own_base_but_hops_over_it() -> None:
    assert why(pos("GTW IQo DWB"), "IQ to JQ") == "a stone cannot land on its own base"
    assert why(pos("GTW HQo IQo DWB"), "HQ to JQ") == "a stone cannot land on its own base"
    assert why(pos("GTW IQo DWB"), "IQ to KQ") is None


def test_ruling_05_a_column_lands_on_stands_on_slides_through_and_hops_over_its_base() -> None:
    assert why(pos("IRW DWB"), "IR to JQ") is None
    assert why(pos("KPW DWB"), "KP to IR") is None  # through the base
    assert why(pos("IRW DWB"), "IR to KP") is None  # over the base
    assert dests(pos("JQW DWB"), "JQ") >= {"IR", "HS", "GT", "KQ", "JP"}  # standing, it moves on


def test_ruling_05_landing_on_the_opponents_base_ends_the_move() -> None:
    position = pos("FUo EVo CXo JQW KPo MNB")  # FU hops EV onto DW; CX would lead on to BY
    assert why(position, "FU to DW") is None
    assert why(position, "FU to DW to BY") == (
        "hop 1 (FU to DW) lands on the opponent's base DW, which ends the move")
    assert why(position, "FU to BY") == (
        "every hop path from FU to BY lands on the opponent's base DW on the way, and landing "
        "there ends the move")
    slide = pos("FUW KPo MNB")
    assert "DW" in dests(slide, "FU") and not {"CX", "BY", "AZ"} & dests(slide, "FU")
    assert why(slide, "FU to CX") == (
        "the column cannot slide past the opponent's base DW: a piece that lands there ends its move")


def test_ruling_05_an_empty_opponents_base_cannot_be_hopped() -> None:
    assert why(pos("EVo JQW MNB"), "EV to CX") == (
        "a stone cannot hop over the opponent's empty base DW: it is not a piece")


def test_ruling_06_a_column_slides_any_number_of_empty_spaces_and_stops_on_any() -> None:
    position = pos("GTW DWB")
    east = {rules.space_name(s) for s in BOARD.rays[sp("GT")][0]}
    assert east == {"HT", "IT", "JT", "KT", "LT", "MT"}
    assert east <= dests(position, "GT")
    assert {"JQ", "IR", "HS"} <= dests(pos("KPW DWB"), "KP")  # its own empty base counts as empty


def test_ruling_06_a_slide_stops_at_the_first_piece_capturing_it_if_an_opponents() -> None:
    position = pos("GTW JTx KTo DWB")
    assert "JT" in dests(position, "GT") and not {"KT", "LT"} & dests(position, "GT")
    assert "JT" not in dests(pos("GTW JTo DWB"), "GT")


def test_ruling_07_stones_never_capture() -> None:
    position = pos("JQW GTo HTx HUo IUx DWB")
    assert not {"HT", "IU"} & dests(position, "GT")
    assert why(position, "GT to HT") == (
        "a stone cannot capture (the black stone on HT); only a column captures")
    assert all(rules.apply(position, m).pieces(BLACK) == position.pieces(BLACK)
               for m in rules.legal_moves(position))


def test_ruling_08_a_column_captures_at_the_end_of_a_slide_a_long_slide_or_a_hop_series() -> None:
    assert why(pos("GTW HTx DWB"), "GT to HT") is None
    assert why(pos("GTW LTx DWB"), "GT to LT") is None
    assert why(pos("GTW HTo JTo KTx DWB"), "GT to IT to KT") is None
    assert why(pos("GTW HTo ITx JTo DWB"), "GT to IT to KT") == (
        "hop 1 (GT to IT) captures on IT, and a capture ends the move")


def test_ruling_08_capturing_the_opponents_column_with_a_bridge() -> None:
    before = pos("GTW HTo JTo KTB EVx")  # the bridge HT, JT leads the column onto KT
    after = play(before, "GT to IT to KT")
    assert after.column(BLACK) is None and after.board[sp("KT")] == rules.WHITE_COLUMN


def test_ruling_09_column_on_its_base_cannot_be_captured() -> None:
    reason = "a column on its base cannot be captured"
    assert why(pos("DWB EVW"), "EV to DW") == reason  # slide
    assert why(pos("DWB GTW"), "GT to DW") == reason  # long slide
    assert why(pos("DWB EVo FUW"), "FU to DW") == reason  # hop
    assert rules.threats(pos("DWB GTW", "b"), WHITE) == []


def test_ruling_10_landing_on_the_opponents_base_wins_at_once() -> None:
    white_wins = play(pos("JQW EVo GTB"), "EV to DW")
    assert rules.outcome(white_wins) == Outcome("white", "base")
    black_wins = play(pos("GTW IRx DWB", "b"), "IR to JQ")
    assert rules.outcome(black_wins) == Outcome("black", "base")
    assert rules.legal_moves(black_wins) == []
    assert why(black_wins, "GT to HT") == "the game is already over: Black has a piece on White's base JQ"


def test_ruling_10_a_player_whose_opponent_has_no_pieces_left_wins() -> None:
    after = play(pos("GTW HTx"), "GT to HT")
    assert rules.outcome(after) == Outcome("white", "capture-all")
    assert why(after, "HT to IT") == "the game is already over: Black has no pieces left"


def test_ruling_11_a_player_without_a_legal_move_loses() -> None:
    stuck = pos("AZx AYo BZo BYo JQW", "b")  # Black's last stone is walled into the corner
    assert rules.legal_moves(stuck) == []
    assert rules.outcome(stuck) == Outcome("white", "no-moves")
    assert rules.outcome(rules.mirror(stuck)) == Outcome("black", "no-moves")


def test_ruling_12_concession_and_agreed_draws_are_never_forced_by_the_board() -> None:
    pinned = pos("JQW IRx KPx DWB EVo EWo")  # both columns pinned to their bases
    assert rules.outcome(pinned) is None and moves(pinned)
    threatened = play(pos("JQW KPo FUo MNB"), "FU to EV")
    assert rules.outcome(threatened) is None  # conceding is the record's business


def test_ruling_13_a_repeated_position_is_legal() -> None:
    start = setup.initial_position()
    again = play(start, "IR to HS", "EV to FU", "HS to IR", "FU to EV")
    assert again == start
    assert moves(again) == moves(start)


def test_ruling_14_averto_when_the_mover_could_next_capture_the_column_or_land_on_the_base() -> None:
    position = pos("KRW GTB FWo")
    assert rules.is_averto(position, mv("KR to KT"))
    assert rules.threats(rules.apply(position, mv("KR to KT"))) == ["column"]
    assert rules.is_averto(position, mv("FW to EW"))
    assert rules.threats(rules.apply(position, mv("FW to EW"))) == ["base"]
    assert not rules.is_averto(position, mv("KR to LR"))
    both = pos("KRW GTB EWo")
    assert rules.threats(rules.apply(both, mv("KR to KT"))) == ["column", "base"]


def test_ruling_14_a_winning_move_is_not_an_averto_move() -> None:
    position = pos("JQW EVo GTB")
    assert not rules.is_averto(position, mv("EV to DW"))


def test_ruling_01_check_move_names_what_is_wrong_with_the_start_of_a_move() -> None:
    start = setup.initial_position()
    assert why(start, "HQ to HR") == "there is no piece on HQ"
    assert why(start, "DW to FU") == "the piece on DW is a black column, and it is White's turn"
    assert check.check_move(start, batalo.Move(200, 3)) == "200 is not a space of the board"
    assert check.check_move(start, batalo.Move(sp("IR"), sp("HS"), (sp("HT"),))) == (
        "the hop series written ends on HT, not on HS")
