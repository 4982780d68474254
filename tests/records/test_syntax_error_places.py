"""A syntax error inside a numbered turn is placed in that turn, with the side that wrote it."""

from pbmkit.records import check_text


def errors_of(text: str) -> list[tuple[int | None, str | None, str | None]]:
    (rep,) = check_text(text, "t.txt")
    return [(e.line, e.turn, e.side) for e in rep.errors]


def test_an_unreadable_move_names_its_turn_and_side() -> None:
    assert errors_of("1. IR to HS EV to FU\n2. IQ to NA EW to\n") == [
        (2, "2", "white"), (2, "2", "black")]


def test_after_an_ellipsis_the_first_move_of_the_turn_is_blacks() -> None:
    text = '[Setup "W:JQ O:IR B:DW X:EV b"]\n1. ... EV to NA\n'
    assert errors_of(text) == [(2, "1", "black")]


def test_a_turn_number_out_of_sequence_has_no_side() -> None:
    assert errors_of("1. IR to HS EV to FU\n3. JQ to IR\n")[0] == (2, "3", None)
