"""Replaying records: errors placed and explained, every line checked, results against the Winner tag."""

from __future__ import annotations

import random

from pbmkit.desk import to_json_record
from pbmkit.games import batalo
from pbmkit.games.batalo import rules
from pbmkit.games.batalo import setup as batalo_setup
from pbmkit.records import check_text, parse_records, replay, to_pbmserv

OPENING = "1. IR to HS EV to FU\n2. JQ to JS DW to DY\n"


def one(text: str):  # type: ignore[no-untyped-def]
    (game,) = check_text(text, "game.txt")
    return game


def play(*moves: str, setup: str | None = None) -> batalo.Position:
    pos = batalo_setup.parse_setup(setup) if setup else batalo_setup.initial_position()
    for text in moves:
        a, b = text.split(" to ")
        pos = rules.apply(pos, batalo.Move(rules.space(a), rules.space(b)))
    return pos


def test_a_legal_record_replays_to_its_final_position() -> None:
    game = one(OPENING)
    assert game.valid and game.turns == 2 and game.winner is None
    assert game.final == play("IR to HS", "EV to FU", "JQ to JS", "DW to DY")
    assert [(p.label, p.side, p.text) for p in game.main][:2] == [("1", "white", "IR to HS"),
                                                                  ("1", "black", "EV to FU")]
    assert game.next_turn() == ("3", "white")
    assert one("1. IR to HS\n").next_turn() == ("1", "black")
    assert game.position_at("1") == play("IR to HS", "EV to FU")


def test_an_illegal_move_is_reported_with_place_reason_and_legal_destinations() -> None:
    game = one(OPENING + "3. JS to JQ EW to EU\n")
    assert not game.valid and game.turns == 3
    (err,) = game.errors
    assert (err.line, err.column, err.turn, err.side, err.move) == (3, 13, "3", "black", "EW to EU")
    assert "empty space EV" in err.message
    assert set(err.legal) == {rules.space_name(s) for s in
                              rules.destinations(play("IR to HS", "EV to FU", "JQ to JS",
                                                       "DW to DY", "JS to JQ"), rules.space("EW"))}
    shown = err.format()
    assert shown.startswith("game.txt:3:13: turn 3 (black) EW to EU: ")
    assert "\n  3. JS to JQ EW to EU\n              ^" in shown
    assert game.to_json()["errors"][0]["turn"] == "3"


def test_a_missing_destination_in_a_record_lists_where_the_piece_can_go() -> None:
    game = one("1. IR to\n")
    (err,) = game.errors
    assert "has no destination" in err.message and err.side == "white"
    assert "HS" in err.legal


def test_the_replay_stops_a_line_at_its_first_error_but_checks_the_series() -> None:
    text = OPENING + "3. JS to JQ NA to FU\n4. IR to HS\n2a. JR to IS CX to CY\n3a. IS to IR\n"
    game = one(text)
    assert [e.turn for e in game.errors] == ["3"]
    assert "NA is not a space" in game.errors[0].message
    assert [p.label for p in game.series["a"]] == ["2a", "2a", "3a"]


def test_a_series_continues_from_its_own_turn_or_the_main_line() -> None:
    text = OPENING + "3. JS to JQ\n2a. JR to IS CX to CY\n3a. IS to IR\n3b. JS to IT\n"
    game = one(text)
    assert game.valid, [e.format() for e in game.errors]
    after_1 = play("IR to HS", "EV to FU")
    assert game.series["a"][0].before == after_1
    assert game.position_at("2a") == play("IR to HS", "EV to FU", "JR to IS", "CX to CY")
    assert game.position_at("3a") == play("IR to HS", "EV to FU", "JR to IS", "CX to CY", "IS to IR")
    # 3b: series b has no turn 2, so it starts from the main line after turn 2
    assert game.series["b"][0].before == game.position_at("2")
    assert game.final == play("IR to HS", "EV to FU", "JQ to JS", "DW to DY", "JS to JQ")


def test_a_series_from_beyond_the_replayed_main_line_is_an_error() -> None:
    game = one("1. IR to HS EV to FU\n5a. JQ to JS\n")
    assert "series a starts at turn 5a, from turn 4 of the main line" in game.errors[0].message


def test_an_archive_goes_on_after_a_broken_game() -> None:
    text = ('[Game "Batalo"]\n1. IR to HS @@ EV to DU\n\n[Game "Chess"]\n1. e2-e4\n\n'
            '[Setup "W:JQ O:JQ w"]\n1. IR to HS\n\n[Game "Batalo"]\n' + OPENING)
    games = check_text(text, "archive.txt")
    assert [g.index for g in games] == [1, 2, 3, 4]
    assert [g.valid for g in games] == [False, False, False, True]
    assert any("'@@'" in e.message for e in games[0].errors)
    # the stray word is the error; the move after it is not a "third move" of its own
    assert not any(e.move == "EV to DU" for e in games[0].errors)
    assert "unknown game 'Chess'" in games[1].errors[0].message
    assert games[2].errors[0].message.startswith("bad Setup: ")
    assert games[3].turns == 2


def test_unknown_winner_value_is_an_error() -> None:
    game = one('[Winner "Blue"]\n' + OPENING)
    assert game.errors[0].message == "the Winner tag must be White, Black, Draw or *, not 'Blue'"
    assert game.errors[0].line == 1


WIN = "W:JQ O:FU B:AZ X:CX w"  # a white stone two steps from Black's base DW


def test_a_win_on_the_base_is_found_and_must_match_the_winner_tag() -> None:
    game = one(f'[Setup "{WIN}"]\n1. FU to EV averto CX to CW\n2. EV to DW\n')
    assert game.valid and (game.winner, game.how) == ("white", "base")
    game = one(f'[Setup "{WIN}"]\n[Winner "Black"]\n1. FU to EV CX to CW\n2. EV to DW\n')
    assert not game.valid
    assert "the Winner tag says Black, but on the board White has won" in game.errors[0].message
    game = one(f'[Setup "{WIN}"]\n[Winner "*"]\n1. FU to EV CX to CW\n2. EV to DW\n')
    assert game.valid and "goes on" in game.warnings[0].message


def test_moves_after_a_won_game_are_errors() -> None:
    game = one(f'[Setup "{WIN}"]\n1. FU to EV CX to CW\n2. EV to DW CW to CX\n')
    (err,) = game.errors
    assert err.turn == "2" and err.side == "black"
    assert "already over (White has won by reaching the opponent's base)" in err.message


def test_a_declared_result_without_a_board_win_is_a_concession_or_an_agreement() -> None:
    game = one('[Winner "White"]\n' + OPENING)
    assert game.valid and (game.winner, game.how) == ("white", "concession")
    game = one('[Winner "Draw"]\n' + OPENING)
    assert (game.winner, game.how) == ("draw", "agreement")
    game = one(OPENING + "3. JS to JQ resigns\n")
    assert (game.winner, game.how) == ("white", "concession")  # Black, to move, resigns
    game = one(OPENING + "resigns\n")
    assert (game.winner, game.how) == ("black", "concession")
    game = one(OPENING + "draw agreed\n")
    assert (game.winner, game.how) == ("draw", "agreement")
    game = one('[Winner "Black"]\n' + OPENING + "3. JS to JQ resigns\n")
    assert "the Winner tag says Black, but the record ends with Black resigned" in game.errors[0].message


def test_moves_after_resigns_are_errors() -> None:
    game = one(OPENING + "resigns\n3. JS to JQ\n")
    assert "the game ended with 'resigns'" in game.errors[0].message and game.errors[0].turn == "3"


def test_averto_without_a_threat_is_a_warning_not_an_error() -> None:
    game = one("1. IR to HS averto EV to FU\n")
    assert game.valid
    (warning,) = game.warnings
    assert warning.severity == "warning" and "no threat" in warning.message
    game = one(f'[Setup "{WIN}"]\n1. FU to EV averto\n')
    assert game.warnings == [] and [a.word for a in game.main[0].announcements] == ["averto"]
    assert game.main[0].announcements[0].detail == "threatens the base"


def test_repeated_positions_are_noted() -> None:
    game = one("1. JQ to JS DW to DY\n2. JS to JQ DY to DW\n")
    assert game.valid
    (note,) = game.warnings
    assert note.severity == "note" and note.turn == "2" and note.side == "black"
    assert "seen before, at the start" in note.message


def test_black_first_setup_needs_the_ellipsis() -> None:
    setup = '[Setup "W:JQ O:IR B:DW X:EV b"]\n'
    assert one(setup + "1. ... EV to FU\n2. IR to HS\n").valid
    game = one(setup + "1. EV to FU\n")
    assert "write 1. ... before Black's first move" in game.errors[0].message


def test_a_missing_black_move_is_found() -> None:
    game = one("1. IR to HS\n2. JQ to JS\n")
    assert "it is Black's turn" in game.errors[0].message and game.errors[0].turn == "2"


def test_a_long_random_game_replays_exactly() -> None:
    rng = random.Random(7)
    pos, moves = batalo_setup.initial_position(), []
    while len(moves) < 400 and rules.outcome(pos) is None:
        mv = rng.choice(rules.legal_moves(pos))
        moves.append(mv)
        pos = rules.apply(pos, mv)
    lines = [f"{k // 2 + 1}. " + " ".join(str(m) for m in moves[k:k + 2]) for k in range(0, len(moves), 2)]
    game = one("\n".join(lines) + "\n")
    assert not game.errors
    assert game.final == pos and [p.move for p in game.main] == moves
    outcome = rules.outcome(pos)
    assert (game.winner, game.how) == ((outcome.winner, outcome.how) if outcome else (None, None))


def test_json_and_pbmserv_conversions() -> None:
    (rec,), _ = parse_records('[White "Ann"]\n[Black "Bob"]\n1. IR to HS {hi} EV to FU\n')
    game = replay(rec, "g.txt")
    data = to_json_record(game)
    assert data["moves"][0] == {"turn": "1", "side": "white", "move": "IR to HS", "written": "IR to HS",
                                "averto": False, "line": 3, "column": 4, "comments": ["hi"]}
    assert data["setup"] == rules.STANDARD_SETUP
    text = to_pbmserv(game)
    assert "1. g5-g6 " in text and "Ann (white, o) vs Bob (black, x)" in text
    assert text.splitlines()[1] == "1. g5-g6 " + rules.to_pbmserv(rules.space("EV")) + "-" + \
        rules.to_pbmserv(rules.space("FU"))


def test_unreadable_moves_after_a_lines_first_error_are_still_reported() -> None:
    game = one("1. IR to HS EV to DU\n2. g4 to g5 NA\n")
    assert [(e.turn, e.move) for e in game.errors] == [("1", "EV to DU"), ("2", "g4 to g5"), ("2", "NA")]
    assert "pbmserv" in game.errors[1].message and "not a space" in game.errors[2].message


def test_the_first_error_is_the_main_lines_even_when_a_series_comes_first_in_the_file() -> None:
    game = one("1. IR to HS EV to FU\n1a. IR to NA\n2. JQ to JQ\n")
    assert [e.turn for e in game.errors] == ["2", "1a"]


def test_an_explicit_capture_of_nothing_in_a_record() -> None:
    game = one('[Setup "W:GT O:IR B:DW X:FU w"]\n1. GT x FT\n')
    (err,) = game.errors
    assert err.message == "'x' marks a capture, but FT is empty: nothing is captured"
    assert "FU" in err.legal and err.side == "white"
    assert one('[Setup "W:GT O:IR B:DW X:FU w"]\n1. GT x FU\n').valid


def test_a_pbmserv_name_in_a_record_is_translated_and_the_piece_explained() -> None:
    game = one("1. g5-g6\n")
    (err,) = game.errors
    assert err.message == "g5 looks like a pbmserv name; write it as IR"
    assert "HS" in err.legal
