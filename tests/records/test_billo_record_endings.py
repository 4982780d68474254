"""Billo record endings and marks: `=B` after a promoting move, `draw claimed`, the First tag."""

from pbmkit.records import append_move, check_text, parse_move


def test_equals_b_and_draw_claimed_in_a_record() -> None:
    [rep] = check_text('[Game "Billo"]\n[Setup "YR:c7 YS:a1 OR:h8 OS:h7 y"]\n\n1. R c7-c8=B S h7-h6\n')
    assert rep.valid and rep.main[0].text == "R c7-c8"
    [rep] = check_text('[Game "Billo"]\n[Setup "YR:a1+ YS:h1+ OR:a8+ OS:h8+ y"]\n\n'
                       "1. R+ a1-a2 draw claimed\n")
    assert rep.valid and (rep.winner, rep.how) == ("draw", "draw-claimed")


def test_a_move_is_appended_in_the_first_tag_s_turn_order() -> None:
    text = '[Game "Billo"]\n[First "Orange"]\n\n1. R c8-c7 R c1-c2\n'
    [rep] = check_text(text)
    text = append_move(text, rep, parse_move("billo", "R d8-d7", rep.final))
    assert text.endswith("1. R c8-c7 R c1-c2\n2. R d8-d7\n")
