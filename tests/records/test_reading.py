"""Reading records: tags, turns, comments, series, endings, archives, and syntax errors in plain words."""

from __future__ import annotations

import re
import subprocess
import sys

from pbmkit.records import Ending, parse_records, write_record, write_records

GAME = """[Game "Batalo"]
[Number "3"]
[date "1994-03-12"]
[White "Ann \\"the Hat\\" Lee"]
[Black "Bob"]
[Referee "Cy"] ; an unknown tag

{before the first move}
1. IR to HS {a bold start} EV to FU averto
2. JQ to JS ; the column steps out
   DW to DY
2a. JR to IS CX to CY
3. JS to JQ resigns
"""


def test_tags_are_read_with_canonical_names_and_unknown_tags_kept() -> None:
    (rec,), problems = parse_records(GAME)
    assert problems == []
    assert rec.tags == {"Game": "Batalo", "Number": "3", "Date": "1994-03-12",
                        "White": 'Ann "the Hat" Lee', "Black": "Bob", "Referee": "Cy"}
    assert rec.game_name == "batalo"
    assert [c.text for c in rec.tag_comments["Referee"]] == [" an unknown tag"]


def test_turns_moves_series_and_endings_keep_their_places() -> None:
    (rec,), _ = parse_records(GAME)
    assert [t.label for t in rec.main] == ["1", "2", "3"]
    assert [t.label for t in rec.series["a"]] == ["2a"]
    first = rec.main[0]
    assert [m.text for m in first.moves] == ["IR to HS", "EV to FU"]
    assert (first.moves[0].line, first.moves[0].column) == (9, 4)
    assert first.moves[1].announcements == ("averto",) and first.moves[0].announcements == ()
    assert [c.text for c in first.moves[0].comments] == ["a bold start"]
    assert [c.text for c in rec.main[1].moves[0].comments] == [" the column steps out"]
    assert rec.main[1].moves[1].text == "DW to DY" and rec.main[1].moves[1].line == 11
    assert rec.ending == Ending("resigns", "", 13, 13)
    assert [c.text for c in rec.leading] == []
    assert [c.text for c in rec.intro] == ["before the first move"]
    assert [c.text for c in rec.tag_comments["Black"]] == []


def test_comments_are_written_back_where_they_were() -> None:
    (rec,), _ = parse_records(GAME)
    text = write_record(rec)
    assert "1. IR to HS {a bold start} EV to FU averto" in text
    assert "2. JQ to JS ; the column steps out\nDW to DY" in text
    assert '[Referee "Cy"] ; an unknown tag' in text
    assert "{before the first move}" in text
    (again,), _ = parse_records(text)
    assert again.key() == rec.key()


def test_crlf_and_a_byte_order_mark_read_like_plain_text() -> None:
    (plain,), _ = parse_records(GAME)
    (dos,), problems = parse_records("\ufeff" + GAME.replace("\n", "\r\n"))
    assert problems == []
    assert dos.key() == plain.key()
    assert dos.bom and [(m.line, m.column) for t in dos.turns for m in t.moves] == \
        [(m.line, m.column) for t in plain.turns for m in t.moves]


def test_an_archive_holds_many_games_each_starting_with_tags() -> None:
    text = GAME + "\n" + '[Game "Batalo"]\n[White "Dee"]\n\n1. IR to HS\n' + '[White "Eve"]\n'
    records, _ = parse_records(text)
    assert [r.tags.get("White") for r in records] == ['Ann "the Hat" Lee', "Dee", "Eve"]
    assert [len(r.turns) for r in records] == [4, 1, 0]


def test_a_repeated_tag_starts_the_next_game_of_games_without_moves() -> None:
    text = '[Number "1"]\n[White "A"]\n\n[Number "2"]\n[White "B"]\n[NUMBER "3"]\n1. IR to HS\n'
    records, problems = parse_records(text)
    assert problems == []
    assert [r.tags for r in records] == [{"Number": "1", "White": "A"}, {"Number": "2", "White": "B"},
                                         {"Number": "3"}]
    assert [len(r.turns) for r in records] == [0, 0, 1]
    again, _ = parse_records(write_records(records))
    assert [r.key() for r in again] == [r.key() for r in records]


def test_black_first_and_continued_turns() -> None:
    (rec,), problems = parse_records("1. ... EV to FU\n2. IR to HS {hm} 2... DW to DY\n")
    assert problems == []
    assert rec.main[0].ellipsis and [m.text for m in rec.main[0].moves] == ["EV to FU"]
    assert [m.text for m in rec.main[1].moves] == ["IR to HS", "DW to DY"]


def test_draw_agreed_and_concedes_are_endings() -> None:
    (rec,), _ = parse_records("1. IR to HS EV to FU\nDraw  Agreed\n")
    assert rec.ending is not None and rec.ending.kind == "draw agreed"
    (rec,), _ = parse_records("1. IR to HS concedes\n")
    assert rec.ending is not None and rec.ending.kind == "concedes"


# --- syntax errors -----------------------------------------------------------------------------


def only(text: str) -> str:
    _, problems = parse_records(text, "game.txt")
    assert len(problems) == 1, [p.message for p in problems]
    return problems[0].format()


def test_a_syntax_error_has_line_column_caret_and_plain_words() -> None:
    shown = only("1. IR to HS EV to FU\n2. JQ to JS @@ DW to DY\n")
    assert shown.startswith("game.txt:2:13: turn 2 (black) @@: '@@' is not a space of the board")
    assert shown.endswith("\n  2. JQ to JS @@ DW to DY\n              ^")
    shown = only("1. IR to HS EV to FU\n2. JQ to JS } DW to DY\n")
    assert shown.startswith("game.txt:2:13: a } without a matching {")
    assert not re.search(r"__ANON|[A-Z]{3,}_[A-Z]|\bMOVE\b|\bTURN\b|\$END", shown)


def test_a_third_move_in_a_turn_asks_for_a_turn_number() -> None:
    shown = only("1. IR to HS EV to FU JQ to JS\n")
    assert "game.txt:1:22" in shown and "third move in turn 1" in shown


def test_a_turn_number_out_of_sequence() -> None:
    assert "turn 3 is out of sequence: turn 1 is followed by 2." in only(
        "1. IR to HS EV to FU\n3. JQ to JS\n")
    assert "the main line starts with 1." in only("2. IR to HS\n")
    assert "turn 4a is out of sequence" in only("1. IR to HS EV to FU\n2a. JQ to JS DW to DY\n4a. JS to JQ\n")


def test_misplaced_words_are_explained() -> None:
    assert "'averto' has no turn number before it" in only("averto 1. IR to HS\n")
    assert "'averto' must follow a move" in only("1. averto IR to HS\n")
    assert "'...' must follow a turn number" in only("1. IR to HS ... EV to FU\n")
    assert "has no turn number before it" in only('[White "A"]\nIR to HS\n')
    assert "a turn number needs a dot: write 1." in only("1 IR to HS EV to FU\n")


def test_broken_tags_and_comments_are_explained_and_reading_goes_on() -> None:
    records, problems = parse_records('[White Ann]\n[Black "Bob"]\n1. IR to HS {oops\n2. JQ to JS\n')
    messages = [p.message for p in problems]
    assert messages[0].startswith('a tag is written [Name "value"]')
    assert "never closed" in messages[1]
    assert records[0].tags == {"Black": "Bob"}
    assert [t.label for t in records[0].main] == ["1", "2"]


def test_moves_that_cannot_be_read_are_syntax_errors_of_the_record() -> None:
    _, problems = parse_records("1. IR to\n", "f")
    assert [p.message for p in problems] == [
        "the move 'IR to' has no destination: write the starting space and the ending space, "
        "like IR to HS"]


def test_an_error_in_game_one_stays_in_game_one() -> None:
    records, _ = parse_records('[White "A"]\n1. IR to HS @@\n\n[White "B"]\n1. IR to HS\n')
    assert len(records[0].move_problems) == 1 and records[1].move_problems == []
    records, _ = parse_records('[White "A"]\n1. IR to HS }\n\n[White "B"]\n1. IR to HS\n')
    assert len(records[0].problems) == 1 and records[1].problems == []


def test_importing_the_notation_layer_does_not_import_lark() -> None:
    code = "import sys, pbmkit.records; assert 'lark' not in sys.modules, 'lark imported'"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_comments_between_games_open_the_next_game_unless_on_the_last_line() -> None:
    text = '[White "A"]\n1. IR to HS ; A resigned later\n\n; Game two, from the club\n[White "B"]\n'
    first, second = parse_records(text)[0]
    assert [c.text for c in first.main[0].moves[0].comments] == [" A resigned later"]
    assert [c.text for c in second.leading] == [" Game two, from the club"]
    assert write_record(second).startswith("; Game two, from the club\n[White")


def test_reading_leaves_the_garbage_collector_as_it_was() -> None:
    import gc

    from pbmkit.records import check_text

    assert gc.isenabled()
    check_text("1. IR to HS @@\n")
    assert gc.isenabled()
    gc.disable()
    try:
        check_text("1. IR to HS\n")
        assert not gc.isenabled()
    finally:
        gc.enable()
