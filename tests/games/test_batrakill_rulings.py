"""Batrakill rulings 1–14 and pbmkit's house rulings (docs/batrakill.md): at least one test named
after each ruling, and one after each rule of the rules text that no ruling's test checks.

Diagrams: rank 9 on top; ``^ > v <`` a knight and its facing, ``T`` a tower (``T^`` a knight in
it), ``C`` a carried tower, ``#`` broken, ``D`` the dragon.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_batrakill_helpers import DUEL, from_square, play, pos, reason, sq, texts, zones

from pbmkit.games.base import SetupError
from pbmkit.games.batrakill.config import make_config
from pbmkit.games.batrakill.rules import DRAGON, KNIGHTS, initial_position, legal_moves, outcome

E = ". . . . . . . . ."


def board(*rows: str) -> str:
    """Nine ranks: ``rows`` for ranks 9, 8, ... then empty ranks."""
    return "\n".join([*rows, *[E] * (9 - len(rows))])


# --- 1. knights ---------------------------------------------------------------------------

R1 = board(E, E, E, E,
           ". . . . T . . . .",
           ". . . # ^ ^ . . .",
           E, E, ". . . . . . . . D")


def test_ruling_1_a_knight_moves_one_square_forward_or_sideways_onto_a_free_square() -> None:
    p = pos(R1)
    # e4 faces north: e5 holds an empty tower (it may stop there), d4 a broken tower, f4 a knight.
    assert from_square(p, "e4") == {"e4-e5"}
    assert from_square(p, "f4") == {"f4-f5", "f4-g4"}
    assert "never diagonally nor backward" in reason(p, "e4-e3")
    assert "never diagonally nor backward" in reason(p, "f4-g5")
    assert "broken tower" in reason(p, "e4-d4")
    assert "not free" in reason(p, "e4-f4")
    assert "one square" in reason(p, "f4-f6")


def test_ruling_1_a_knight_stops_in_an_empty_tower_and_leaves_it_in_any_of_the_8_directions() -> None:
    p = play(pos(R1), "e4-e5")
    assert sq("e5") in p.towers and p.knight_at(sq("e5")) is not None
    p = play(p, "D i1-h1")
    assert from_square(p, "e5") == {"e5-d6", "e5-e6", "e5-f6", "e5-d5", "e5-f5", "e5-e4"}


def test_ruling_1_a_knight_facing_east_moves_east_north_or_south() -> None:
    cfg = zones()
    p = pos(board(E, E, E, E, ". . . . G> . . . .", E, E, E, ". . . . . . . . D"), cfg, move="green")
    assert from_square(p, "e5") == {"e5-f5", "e5-e6", "e5-e4"}


# --- 2. the dragon ----------------------------------------------------------------------------

R2 = board(E, E, E,
           ". . . . T T . . .",
           ". . . D . . . . .",
           E, E, E, "^ . . . . . . . .")


def test_ruling_2_the_dragon_steps_to_a_free_square_or_jumps_a_tower_in_a_straight_line() -> None:
    p = pos(R2, round=2, move="dragon")
    moves = from_square(p, "d5")
    assert {"D d5-c5", "D d5-e5", "D d5-d4", "D d5-c6", "D d5xf7"} <= moves
    assert "D d5-e6" not in moves  # a tower is not a free square
    assert "nothing to jump on d6" in reason(p, "D d5xd7")
    assert "not a jump" in reason(p, "D d5xg7")


def test_ruling_2_jumps_chain_changing_direction_and_no_piece_is_jumped_twice() -> None:
    p = pos(R2, round=2, move="dragon")
    assert "D d5xf7xf5" in texts(p)  # over e6 then over f6
    # d5xf7xf5xd7 would jump the tower on e6 a second time.
    assert "D d5xf7xf5xd7" not in texts(p)
    assert "jumps no piece or tower twice" in reason(p, "D d5xf7xf5xd7")


def test_ruling_2_house_no_square_is_landed_on_twice_the_start_included() -> None:
    p = pos(board(E, E,
                  ". . . . . . . . .",
                  ". . . . T T T . .",
                  ". . . . D . T . .",
                  ". . . . . T . . .",
                  E, E, "^ . . . . . . . ."), round=2, move="dragon")
    # e5 x g7 (over f6) x g5? no: g5... build the loop e5 -> e7 is blocked; use f-file towers
    assert "D e5xg7" in texts(p)
    assert all(not t.endswith("xe5") for t in texts(p))
    assert "no square twice" in reason(p, "D e5xg7xg5xe5xg7")


def test_ruling_2_the_dragon_never_lands_on_a_tower_or_a_broken_tower() -> None:
    p = pos(board(E, E, ". . . . T . . . .", ". . . . T . . . .", ". . . . D # # . .",
                  E, E, E, "^ . . . . . . . ."), round=2, move="dragon")
    moves = from_square(p, "e5")
    assert "D e5xe7" not in moves and "D e5xg5" not in moves
    assert "D e5-e6" not in moves and "D e5-f5" not in moves


# --- 3. eating ----------------------------------------------------------------------------------

R3 = board(E, ". . . . ^ . . . .", E, ". . . . ^ . . . .", ". . . . D . . . .", E, E, E,
           "^ . . . . . . . .")


def test_ruling_3_jumping_a_knight_eats_it_and_eating_is_compulsory() -> None:
    p = pos(R3, move="dragon")
    assert from_square(p, "e5") == {"D e5xe7", "D e5xe7xe9"}  # may stop after any jump
    assert "must eat at least one" in reason(p, "D e5-d5")
    after = play(p, "D e5xe7xe9")
    assert after.eaten == 2 and after.knight_at(sq("e6")) is None and after.knight_at(sq("e8")) is None
    assert after.dragon == sq("e9")


def test_ruling_3_a_jump_takes_effect_at_once_a_carried_tower_breaks_as_it_is_jumped() -> None:
    p = pos(board(E, E, E, ". . . . Cv . . . .", ". . . . D . . . .", E, E, E, "^ . . . . . . . ."),
            move="dragon", supply=4)
    after = play(p, "D e5xe7")
    assert after.broken == {sq("e6")} and after.eaten == 1


def test_ruling_3_in_the_zones_version_too_the_dragon_must_eat_when_it_can() -> None:
    cfg = zones(Order="Blue Dragon Green")
    p = pos(board(E, E, E, ". . . . Bv . . . .", ". . . . D . . . .", E, E, E, ". . Gv . . . . . ."),
            cfg, move="dragon")
    assert from_square(p, "e5") == {"D e5xe7"}
    assert "must eat at least one" in reason(p, "D e5-d5")


def test_house_ruling_3_the_dragon_may_eat_more_than_five_in_its_last_chain() -> None:
    p = pos(R3, move="dragon", eaten=4)
    after = play(p, "D e5xe7xe9")  # the fifth and a sixth knight in one move
    assert after.round == 2 and after.eaten_before == 6
    q = pos(R3, round=2, move="dragon", eaten=4)
    won = play(q, "D e5xe7xe9")
    assert won.eaten == 6 and outcome(won) == (DRAGON, "eaten")


# --- 4. knights first, the dragon placed ----------------------------------------------------------


def test_ruling_4_the_knights_move_first_and_the_dragon_first_places_itself_on_a_free_square() -> None:
    start = initial_position(DUEL)
    assert start.place == (KNIGHTS,) and start.dragon == -1
    assert "knights' turn" in reason(start, "D@e5")
    p = play(start, "e1-e2")
    drops = texts(p)
    assert len(drops) == 81 - 13 and all(t.startswith("D@") for t in drops)
    assert "not free" in reason(p, "D@e2")
    assert "places it on a free square" in reason(p, "D e5-e6")
    assert play(p, "D@e5").dragon == sq("e5")


# --- 5. X squares and carried towers -------------------------------------------------------------

R5 = board(". . . . . . . . .", ". . . . ^ . . . v", E, E, E, E, E, E, ". . . . . . . . D")


def test_ruling_5_a_knight_facing_north_ending_on_an_x_square_takes_a_tower() -> None:
    p = play(pos(R5, supply=5), "e8-e9")
    k = p.knight_at(sq("e9"))
    assert k is not None and k.carrying and k.facing == "S" and p.supply == 4


def test_ruling_5_the_carried_tower_moves_with_the_reversed_facing_and_is_placed_by_stepping_out() -> None:
    p = play(pos(R5, supply=5), "e8-e9", "D i1-h1")
    assert from_square(p, "e9") >= {"e9-e8", "e9-d9", "e9-f9", "e9/e8", "e9/d8", "e9/f8"}
    assert "e9-e10" not in from_square(p, "e9")
    placed = play(p, "e9/e8")
    assert placed.towers == {sq("e9")}
    k = placed.knight_at(sq("e8"))
    assert k is not None and not k.carrying and k.facing == "S"


def test_ruling_5_a_carried_tower_never_moves_onto_a_tower_one_tower_a_square() -> None:
    p = pos(board(". . . . Cv . . . .", ". . . . T . . . .", *[E] * 6, ". . . . . . . . D"), supply=4)
    assert "e9-e8" not in texts(p)
    assert "never moves onto a square that holds a tower" in reason(p, "e9-e8")
    assert "e9/e8" in texts(p)  # the knight itself may step into the placed tower


def test_ruling_5_the_knight_faces_north_again_when_it_ends_a_move_in_its_camp() -> None:
    p = pos(board(*[E] * 6, ". . . . v . . . .", ". . . . . . . . .", ". . . . . . . . D"))
    p = play(p, "e3-e2")
    k = p.knight_at(sq("e2"))
    assert k is not None and k.facing == "N"


def test_ruling_5_a_carrying_set_keeps_facing_south_in_the_camp() -> None:
    p = pos(board(*[E] * 6, ". . . . Cv . . . .", E, ". . . . . . . . D"), supply=4)
    p = play(p, "e3-e2")
    k = p.knight_at(sq("e2"))
    assert k is not None and k.carrying and k.facing == "S"


def test_ruling_5_a_knight_facing_south_and_an_x_square_holding_a_tower_give_no_tower() -> None:
    p = pos(board("T . . . . . . . .", "^ . v . . . . . .", *[E] * 6, ". . . . . . . . D"), supply=3)
    onto_tower = play(p, "a8-a9")
    k = onto_tower.knight_at(sq("a9"))
    assert k is not None and not k.carrying and onto_tower.supply == 3
    facing_south = play(pos(board(". v . . . . . . .", *[E] * 7, ". . . . . . . . D"), supply=3),
                        "b9-a9")  # sideways onto the X square a9
    k = facing_south.knight_at(sq("a9"))
    assert k is not None and not k.carrying and facing_south.supply == 3
    no_supply = play(pos(R5, supply=0), "e8-e9")
    k = no_supply.knight_at(sq("e9"))
    assert k is not None and not k.carrying and k.facing == "N"


def test_house_ruling_8_a_knight_leaving_a_carried_tower_faces_south_unless_in_its_camp() -> None:
    out = play(pos(board(*[E] * 5, ". . . . Cv . . . .", E, E, ". . . . . . . . D"), supply=4), "e4/e3")
    k = out.knight_at(sq("e3"))
    assert k is not None and k.facing == "S" and out.towers == {sq("e4")}
    home = play(pos(board(*[E] * 6, ". . . . Cv . . . .", E, ". . . . . . . . D"), supply=4), "e3/e2")
    k = home.knight_at(sq("e2"))
    assert k is not None and k.facing == "N" and home.towers == {sq("e3")}
    into = play(pos(board(*[E] * 5, ". . . . Cv T . . .", E, E, ". . . . . . . . D"), supply=3), "e4/f4")
    k = into.knight_at(sq("f4"))
    assert k is not None and k.facing == "S" and into.towers == {sq("e4"), sq("f4")}


# --- 6. towers jumped in round 1 ---------------------------------------------------------------------


def test_ruling_6_jumping_a_placed_tower_eats_the_knight_in_it_and_the_tower_stays() -> None:
    p = pos(board(E, E, E, ". . . . T^ . . . .", ". . . . D . . . .", E, E, E, "^ . . . . . . . ."),
            move="dragon", supply=4)
    assert from_square(p, "e5") == {"D e5xe7"}  # it counts as eating: compulsory
    after = play(p, "D e5xe7")
    assert after.towers == {sq("e6")} and after.knight_at(sq("e6")) is None and after.eaten == 1


def test_ruling_6_house_jumping_a_carried_tower_breaks_it_and_eats_its_knight() -> None:
    p = pos(board(E, E, E, ". . . . Cv . . . .", ". . . . D . . . .", E, E, E, "^ . . . . . . . ."),
            move="dragon", supply=4)
    assert from_square(p, "e5") == {"D e5xe7"}
    after = play(p, "D e5xe7")
    assert after.broken == {sq("e6")} and after.eaten == 1


def test_ruling_6_a_broken_tower_is_closed_to_knights_and_the_dragon_may_jump_it() -> None:
    p = pos(board(E, E, E, ". . . . # . . . .", ". . . . ^ . . . .", E, E, E, ". . . . . . . . D"))
    assert "broken tower" in reason(p, "e5-e6")
    d = pos(board(E, E, E, ". . . . # . . . .", ". . . . D . . . .", E, E, E, "^ . . . . . . . ."),
            move="dragon")
    assert "D e5xe7" in texts(d)


# --- 7. the end of round 1 -----------------------------------------------------------------------------


def test_ruling_7_round_1_ends_when_the_dragon_has_eaten_5_knights() -> None:
    p = pos(R3, move="dragon", eaten=3)
    after = play(p, "D e5xe7xe9")
    assert after.round == 2 and after.eaten == 0 and after.eaten_before == 5 and after.dragon == -1


def test_ruling_7_round_1_ends_when_all_5_towers_are_placed_or_broken() -> None:
    p = pos(board("T . T . Cv . T . .", E, E, E, E, E, E, "^ . . . . . . . .", ". . . . . . . . D"),
            supply=0)
    p = pos(board("T . T . Cv . T . #", E, E, E, E, E, E, "^ . . . . . . . .", ". . . . . . . . D"),
            supply=0)
    after = play(p, "e9/e8")
    assert after.round == 2 and after.towers == {sq("a9"), sq("c9"), sq("e9"), sq("g9")}


def test_ruling_7_house_round_1_ends_when_the_side_to_move_has_no_legal_move() -> None:
    # The only knight, in the corner facing south, ends its move blocked: round 2 begins.
    p = pos(board(E, E, E, E, E, E, E, "D . . . . . . . .", ". v . . . . . . ."))
    after = play(p, "b1-c1")
    assert after.round == 1  # c1 faces north again (camp); it can still move
    stuck = pos(board(E, E, E, E, E, E, E, "# # . . . . . . .", "^ # . . . . . . D"), move="dragon")
    after = play(stuck, "D i1-h1")
    assert after.round == 2 and after.place == (KNIGHTS,)


def test_ruling_7_carried_towers_are_removed_at_the_end_of_round_1() -> None:
    p = pos(board(". . . . . . . . .", ". . . . Cv . . . .", *[E] * 3, ". . . . D . . . .",
                  ". . . . ^ . . . .", E, E), move="dragon", eaten=4, supply=4,
            homes={"e8": "a1", "e3": "b1"})
    after = play(p, "D e4xe2")
    assert after.round == 2
    assert all(not k.carrying for k in after.knights) and after.towers == frozenset()
    assert {k.square for k in after.knights} == {sq("a1")}


# --- 8. the reset for round 2 ----------------------------------------------------------------------------


def test_ruling_8_knights_return_to_their_start_squares_facing_north_in_the_tower_there() -> None:
    p = pos(board(". . . . . . . . .", ". . . . < . . . .", ". . . . v . . . .", E, E,
                  ". . . . D . . . .", ". . . . ^ . . . .", E, "T . # . . . . . ."), move="dragon",
            eaten=4, homes={"e8": "a1", "e7": "c1", "e3": "d1"})
    after = play(p, "D e4xe2")
    # e3 (home d1) eaten; e8 goes home to a1, in the tower there; c1 holds a broken tower: lost.
    assert after.round == 2 and after.dragon == -1 and after.eaten == 0
    assert [(k.square, k.facing) for k in after.knights] == [(sq("a1"), "N")]
    assert sq("a1") in after.towers
    assert after.eaten_before == 5 + 1  # five eaten in round 1, one lost on its broken start square
    assert after.place == (KNIGHTS,)
    assert all(t.startswith("a1-") for t in texts(after))
    after = play(after, "a1-a2")
    assert all(t.startswith("D@") for t in texts(after))


# --- 9. underground passages ------------------------------------------------------------------------------

R9 = board(E, ". . . . . . T . .", E, E, ". . . . T^ . . . .", ". . . . . T . . .", E, E,
           ". . . . . . . . D")


def test_ruling_9_a_knight_in_a_tower_passes_to_any_other_empty_placed_tower_in_round_2() -> None:
    p = pos(R9, round=2)
    assert "e5>g8" in texts(p)
    assert "e5-f4" in texts(p) and "e5>f4" not in texts(p)  # an adjacent tower is a step
    assert "passages open in round 2" in reason(pos(R9), "e5>g8")
    assert play(p, "e5>g8").knight_at(sq("g8")) is not None


def test_ruling_9_x_squares_have_no_effect_in_round_2() -> None:
    p = play(pos(R5, round=2, supply=0), "e8-e9")
    k = p.knight_at(sq("e9"))
    assert k is not None and not k.carrying


# --- 10. the dragon and towers in round 2 ------------------------------------------------------------------

R10 = board(E, E, E, ". . . . T^ . . . .", ". . . . D T^ . . .", E, E, ". T . . . . . . .",
            "^ . . . . . . . .")


def test_ruling_10_the_dragon_may_jump_towers_but_never_must() -> None:
    p = pos(R10, round=2, move="dragon")
    moves = from_square(p, "e5")
    assert "D e5-d5" in moves and "D e5xe7" in moves and "D e5xg5" in moves


def test_ruling_10_a_knight_jumped_in_its_tower_is_ejected_onto_the_take_off_square() -> None:
    p = pos(R10, round=2, move="dragon")
    after = play(p, "D e5xe7")
    k = after.knight_at(sq("e5"))
    assert k is not None and k.facing == "N" and after.eaten == 0 and sq("e6") in after.towers
    assert after.knight_at(sq("e6")) is None
    # it may not enter that tower again on the knights' next move, by a step or a passage
    assert "e5-e6" not in texts(after)
    assert "may not enter it again" in reason(after, "e5-e6")
    later = play(after, "a1-a2", "D e7-d8")
    assert "e5-e6" in texts(later)


def test_ruling_10_several_ejected_knights_are_each_barred_from_their_own_tower() -> None:
    p = pos(board(E, E, ". . . . . T^ . . .", ". . . . T^ . . . .", ". . . . D . . . .", E, E, E,
                  "^ . . . . . . . ."), round=2, move="dragon")
    after = play(p, "D e5xe7xg7")
    assert after.knight_at(sq("e5")) is not None and after.knight_at(sq("e7")) is not None
    assert from_square(after, "e5") == {"e5-d5", "e5-f5"}  # e6 is its own tower
    assert from_square(after, "e7") == {"e7-d7", "e7-e8"}  # f7 is its own tower


def test_ruling_10_zones_an_ejected_knight_faces_the_centre() -> None:
    cfg = zones()
    p = pos(board(E, E, ". . . . D . . . .", ". . . . TBv . . . .", E, E, E, E, E), cfg, move="dragon")
    after = play(p, "D e7xe5")
    k = after.knight_at(sq("e7"))
    assert k is not None and k.facing == "S" and k.faction == "blue"


# --- 11. winning the duel --------------------------------------------------------------------------------


def test_ruling_11_knights_win_when_the_dragon_to_move_is_immobilised_trapped() -> None:
    p = pos(board(*[E] * 6, "^ . . . . . . . .", "^ ^ ^ . . . . . .", "D ^ ^ . . . . . ."), round=2)
    assert "D a1xc3" in texts(p._replace(to_move=1))  # before: the dragon could still eat b2
    after = play(p, "c2-c3")  # closes c3, the square beyond b2
    assert outcome(after) == (KNIGHTS, "trapped") and legal_moves(after) == []


def test_ruling_11_knights_win_by_capturing_the_dragon_between_two_knights_one_in_a_tower() -> None:
    p = pos(board(E, E, E, ". . . ^ . . . . .", ". . . . D . . . .", ". . . . T^ . . . .", E, E,
                  ". . . . . . . . ."), round=2)
    after = play(p, "d6-e6")
    assert outcome(after) == (KNIGHTS, "captured")


def test_ruling_11_a_dragon_that_moves_itself_between_two_knights_is_not_captured() -> None:
    p = pos(board(E, E, E, ". . . . T^ . . . .", ". . . D . . . . .", ". . . . T^ . . . .", E, E,
                  "^ . . . . . . . ."), round=2, move="dragon")
    between = play(p, "D d5-e5")
    assert outcome(between) is None
    assert outcome(play(between, "a1-a2")) is None  # nor by a later knights' move elsewhere


def test_ruling_11_captured_where_both_capture_and_immobilisation_hold() -> None:
    p = pos(board(*[E] * 5,
                  ". . # . # . # . .",
                  ". . . ^ ^ . ^ . .",
                  ". . # ^ D ^ # . .",
                  ". . . T^ ^ ^ . . ."), round=2)
    after = play(p, "g3-f3")  # closes the diagonal f3-e2-d1 (d1 in a tower) and the last exit
    assert legal_moves(after) == []
    assert outcome(after) == (KNIGHTS, "captured")


def test_ruling_11_the_dragon_wins_by_eating_5_knights_in_round_2() -> None:
    p = pos(R3, round=2, move="dragon", eaten=4)
    assert outcome(play(p, "D e5xe7")) == (DRAGON, "eaten")


def test_ruling_11_the_dragon_wins_by_eating_the_last_knight() -> None:
    p = pos(board(E, E, E, ". . . . ^ . . . .", ". . . . D . . . .", E, E, E, E), round=2, move="dragon")
    assert outcome(play(p, "D e5xe7")) == (DRAGON, "eaten")


def test_ruling_11_the_dragon_wins_when_the_knights_have_no_legal_move() -> None:
    p = pos(board("^ . . . . . . . .", ". . D . . . . . .", E, E, E, E, E, E, E), round=2, move="dragon")
    after = play(p, "D c8-b9")
    assert outcome(after) == (DRAGON, "no-moves")


def test_ruling_11_the_winner_of_round_2_wins_the_game() -> None:
    first = play(pos(R3, move="dragon", eaten=3), "D e5xe7xe9")  # five eaten: round 1 is over
    assert first.round == 2 and outcome(first) is None and legal_moves(first)
    second = play(pos(R3, round=2, move="dragon", eaten=3), "D e5xe7xe9")
    assert outcome(second) == (DRAGON, "eaten") and legal_moves(second) == []


# --- 12–14. two to five players ---------------------------------------------------------------------------


@pytest.mark.parametrize(("order", "factions"), [
    ("Blue+Green Dragon", {"blue", "green"}),
    ("Blue Dragon Green", {"blue", "green"}),
    ("Purple Blue Dragon Green", {"purple", "blue", "green"}),
    ("Purple Blue Green Yellow Dragon", {"purple", "blue", "green", "yellow"}),
])
def test_ruling_12_two_to_five_players_every_zone_has_its_tower(order: str, factions: set[str]) -> None:
    cfg = zones(Order=order)
    start = initial_position(cfg)
    assert {k.faction for k in start.knights} == factions and len(start.knights) == 5 * len(factions)
    assert len(start.towers) == 4  # a zone without a faction has a neutral tower
    owners = cfg.tower_owner
    assert sum(o is None for o in owners.values()) == 4 - len(factions)


def test_ruling_12_with_two_players_one_player_moves_either_faction() -> None:
    start = initial_position(zones(Order="Blue+Green Dragon"))
    assert start.place == ("blue", "green")
    moving = {t.split("-")[0] for t in texts(start)}
    assert "c8" in moving and "b3" in moving  # a blue knight (north zone) and a green one (west)
    # As many turns on one faction as the player likes: Blue again, Green left standing.
    again = play(start, "c8-c7", "D@e5", "c7-c6", "D e5-e4", "d8-d7")
    assert {k.square for k in again.knights if k.faction == "green"} == {
        k.square for k in start.knights if k.faction == "green"}


def test_ruling_12_every_tower_connects_whoever_s_it_is() -> None:
    cfg = zones(Order="Blue Dragon Green")
    p = pos(board(E, ". . . . TBv . . . .", E, E, ". T . . . . . T .", E, E, ". . . . T . . . .", E),
            cfg, round=1, move="blue")
    assert {"e8>b5", "e8>h5", "e8>e2"} <= texts(p)  # Green's tower and the neutral ones


def test_ruling_12_one_faction_alone_needs_the_two_player_form() -> None:
    with pytest.raises(SetupError, match=r"Blue\+Green Dragon"):
        zones(Order="Blue Dragon")
    with pytest.raises(SetupError, match="only with two players"):
        zones(Order="Blue+Green Purple Dragon")


def test_ruling_13_the_order_tag_gives_the_order_of_play() -> None:
    cfg = zones(Order="Blue Dragon Green", Blue="Ann, S", Green="Bob, N")
    p = initial_position(cfg)
    assert p.place == ("blue",)
    blue = {k.square for k in p.knights if k.faction == "blue"}
    assert blue == {sq(s) for s in ("c2", "d2", "f2", "g2", "e1")}  # the zone from the tag
    p = play(p, "c2-c3")
    assert p.place == (DRAGON,)
    p = play(p, "D@e5")
    assert p.place == ("green",)
    assert "Blue's" in reason(p, "d2-d3")
    assert all(t[:2] in {"c8", "d8", "f8", "g8", "e9"} for t in texts(p))


def test_ruling_13_a_faction_moves_toward_the_centre_or_sideways_and_there_are_no_x_squares() -> None:
    cfg = zones(Order="Blue Dragon Green")  # Blue north (faces south), Green west (faces east)
    p = initial_position(cfg)
    assert from_square(p, "c8") == {"c8-c7", "c8-b8"}
    p = pos(board(". . . . . . . . .", ". . . . B^ . . . .", *[E] * 7), cfg)
    after = play(p, "e8-e9")  # e9 is an X square of the duel, nothing in the zones version
    assert not any(k.carrying for k in after.knights) and after.supply == 0


def test_ruling_13_order_tag_errors_name_the_tag() -> None:
    for order in ("Blue Green", "Dragon Dragon Blue Green", "Red Dragon Blue", "Blue Blue Dragon"):
        with pytest.raises(SetupError) as err:
            zones(Order=order)
        assert err.value.tag == "Order"
    with pytest.raises(SetupError, match="two factions in zone S"):
        zones(Order="Blue Dragon Green", Blue="Ann, S", Green="Bob, S")


def test_ruling_14_immobilising_the_dragon_the_faction_that_closed_the_trap_wins() -> None:
    cfg = zones(Order="Blue Dragon Green")
    p = pos(board("D Gv . Bv . . . . .", "Gv Bv . . . . . . .", "Gv . Bv . . . . . .", *[E] * 6), cfg,
            move="blue")
    after = play(p, "d9-c9")  # closes c9, the square beyond b9
    assert outcome(after) == ("blue", "trapped")


def test_ruling_14_capture_the_faction_represented_on_both_sides_wins() -> None:
    cfg = zones(Order="Blue Dragon Green", Blue="Ann, N", Green="Bob, S")
    # Green's own tower (e2) holds a blue knight; a green knight closes the line: only green is
    # represented on both sides (the tower's zone and the knight).
    p = pos(board(E, E, E, E, E, ". . . G> . . . . .", ". . . . D . . . .", ". . . . TBv . . . .", E),
            cfg, move="green")
    after = play(p, "d4-e4")
    assert outcome(after) == ("green", "captured")


def test_ruling_14_the_represented_faction_wins_even_if_another_closed_the_trap() -> None:
    cfg = zones(Order="Blue Dragon Green", Blue="Ann, N", Green="Bob, S")
    # A green knight above the dragon; a blue knight steps into Green's zone tower (e2) below it:
    # only green is represented on both sides, so Green wins though Blue closed the trap.
    p = pos(board(E, E, E, E, E, ". . . . G> . . . .", ". . . . D . . . .", ". . . Bv T . . . .", E),
            cfg, move="blue")
    after = play(p, "d2-e2")
    assert outcome(after) == ("green", "captured")


def test_ruling_14_no_faction_on_both_sides_is_no_capture() -> None:
    cfg = zones(Order="Blue Dragon Green", Blue="Ann, N", Green="Bob, S")
    p = pos(board(E, E, E, E, ". . . . . T . . .", ". . . G> . . . . .", ". . . . D . . . .",
                  ". . . . TBv . . . .", E), cfg, move="green")
    # e2 is Green's zone tower holding a blue knight: green and blue below, green above.
    assert outcome(play(p, "d4-e4")) == ("green", "captured")
    q = pos(board(E, E, E, E, E, ". . . B> . . . . .", ". . . . D . . . .", ". . . . TGv . . . .",
                  ". . . . . . . . ."), zones(Order="Blue Dragon Green", Blue="Ann, W", Green="Bob, E"),
            move="blue")
    # e2 is the neutral south tower: blue above, green below, no faction on both sides
    assert outcome(play(q, "d4-e4")) is None


CLOSE_TOWERS = """
name = "close"
version = "zones"
files = 9
ranks = 9
[zones.S]
faction = "green"
facing = "N"
tower = "e4"
knights = ["c2", "d2", "f2", "g2", "e1"]
[zones.N]
faction = "blue"
facing = "S"
tower = "e6"
knights = ["c8", "d8", "f8", "g8", "e9"]
"""


@pytest.mark.parametrize(("mover", "winner"), [("d6-e6", "green"), ("f6-e6", "blue")])
def test_ruling_14_two_factions_on_both_sides_the_one_that_closed_the_trap_wins(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mover: str, winner: str) -> None:
    # A user's layout whose two towers are two squares apart: the dragon on e5 between them.
    (tmp_path / "close.toml").write_text(CLOSE_TOWERS)
    monkeypatch.setenv("PBMKIT_LAYOUTS", str(tmp_path))
    cfg = make_config({"Layout": "close.toml", "Order": "Blue+Green Dragon"})
    # e4 (Green's zone tower) holds a blue knight: blue and green below; a knight entering e6
    # (Blue's zone tower) makes its own faction and blue above: both factions on both sides.
    p = pos(board(E, E, E, ". . . G^ . B^ . . .", ". . . . D . . . .", ". . . . TBv . . . .", E, E, E),
            cfg)
    after = play(p, mover)
    assert outcome(after) == (winner, "captured")


def test_ruling_14_the_dragon_wins_by_eating_5_knights_in_all() -> None:
    cfg = zones(Order="Blue Dragon Green")
    p = pos(board(E, E, E, ". . . . Bv . . . .", ". . . . D . . . .", E, E, E, ". . Gv . . . . . ."),
            cfg, move="dragon", eaten=4)
    assert outcome(play(p, "D e5xe7")) == (DRAGON, "eaten")


def test_house_ruling_6_zones_a_faction_with_no_legal_move_lets_the_dragon_win() -> None:
    cfg = zones(Order="Blue Dragon Green")
    # Blue's only knight, facing south on a1, has nowhere to go; Green (after the dragon) can move.
    p = pos(board(*[E] * 7, "# . . . . . . . D", "Bv # . . . . . . Gv"), cfg, move="dragon")
    after = play(p, "D i2-h2")
    assert after.place == ("green",) and outcome(after) is None and legal_moves(after)
    stuck = play(after, "i1-h1")  # Blue, next in the order, cannot move
    assert stuck.place == ("blue",) and outcome(stuck) == (DRAGON, "no-moves")
    two = zones(Order="Blue+Green Dragon")
    q = pos(board(*[E] * 7, "# . . . . . . . D", "Bv # . . . . . . ."), two, move="dragon")
    assert outcome(play(q, "D i2-h2")) == (DRAGON, "no-moves")
