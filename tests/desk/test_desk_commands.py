"""The desk's commands as a correspondence player uses them (docs/desk.md): dated moves, events
(resign, draws, comments, move unclear), undo, and the Winner tag."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pbmkit.cli import cli

HEAD = """[Game "Batalo"]
[Number "7"]
[Date "2026-09-01"]
[White "Ann"]
[Black "Bob"]
[Winner "*"]
"""


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def game(tmp_path: Path) -> Path:
    path = tmp_path / "g.txt"
    path.write_text(HEAD + "\n1. IR to HS {[%ccsnt 2026.09.03]} EV to FU {[%ccsnt 2026.09.08]}\n",
                    encoding="utf-8")
    return path


def test_move_writes_the_received_and_sent_dates(game: Path) -> None:
    """Issue 14: dates written by `pbmkit move --received DATE --sent DATE`."""
    code, out, _ = run("move", str(game), "JQ to JS", "--received", "2026-09-10", "--sent", "2026.09.12")
    assert code == 0, out
    assert game.read_text(encoding="utf-8").endswith(
        "\n2. JQ to JS {[%ccrcv 2026.09.10] [%ccsnt 2026.09.12]}\n")
    assert "Noted: [%ccrcv 2026.09.10] [%ccsnt 2026.09.12]" in out


def test_a_record_that_keeps_dates_gets_today_as_sent_date(game: Path) -> None:
    import datetime

    run("move", str(game), "JQ to JS")
    today = datetime.date.today().strftime("%Y.%m.%d")
    assert game.read_text(encoding="utf-8").endswith(f"\n2. JQ to JS {{[%ccsnt {today}]}}\n")


def test_a_record_without_dates_stays_without_unless_asked(tmp_path: Path) -> None:
    path = tmp_path / "plain.txt"
    path.write_text(HEAD + "\n1. IR to HS\n", encoding="utf-8")
    run("move", str(path), "EV to FU")
    assert path.read_text(encoding="utf-8").endswith("\n1. IR to HS EV to FU\n")


@pytest.mark.parametrize(("options", "reason"), [
    (("--received", "2026-09-10", "--sent", "2026-09-09"), "sent 2026.09.09 is before received 2026.09.10"),
    (("--received", "2026-09-07"), "received 2026.09.07 is before the move it answers was sent"),
    (("--sent", "2026-09-02"), "sent 2026.09.02 is before the last move was sent (2026.09.08)"),
])
def test_impossible_dates_are_refused_and_the_file_kept(game: Path, options: tuple[str, ...],
                                                        reason: str) -> None:
    before = game.read_bytes()
    code, _, err = run("move", str(game), "JQ to JS", *options)
    assert code == 1 and reason in err
    assert game.read_bytes() == before


def test_a_date_that_is_no_date_is_a_usage_error(game: Path) -> None:
    before = game.read_bytes()
    code, _, err = run("move", str(game), "JQ to JS", "--sent", "next week")
    assert code == 2 and "'next week' is not a date like 2026-11-21" in err
    assert game.read_bytes() == before


def test_resign_ends_the_game_and_sets_the_winner_tag(game: Path) -> None:
    """Issue 14: the Winner tag is set when a resignation ends the game; White is to move."""
    code, out, _ = run("resign", str(game))
    assert code == 0
    text = game.read_text(encoding="utf-8")
    assert '[Winner "Black"]' in text and text.endswith("{[%ccsnt 2026.09.08]}\n2. resigns\n")
    assert "White (Ann) resigns: Black (Bob) wins" in out
    code, out, _ = run("check", str(game))
    assert code == 0 and "Black wins by concession" in out


def test_events_on_a_finished_game_are_refused(game: Path) -> None:
    run("resign", str(game))
    before = game.read_bytes()
    for args in (("resign", str(game)), ("draw", "offer", str(game)), ("unclear", str(game))):
        code, _, err = run(*args)
        assert code == 1 and "the game is over (Black wins by concession)" in err
    assert game.read_bytes() == before


def test_a_draw_offered_with_a_move_then_declined_then_offered_and_accepted(game: Path) -> None:
    """Offer with a move, decline (play goes on), offer again, accept: draw agreed, Winner Draw."""
    run("move", str(game), "JQ to JS", "--sent", "2026-09-12", "--offer-draw")
    assert game.read_text(encoding="utf-8").endswith("2. JQ to JS {[%ccsnt 2026.09.12] [%ccdraw offer]}\n")
    code, out, _ = run("draw", "decline", str(game))
    assert code == 0 and "Black (Bob) declines the draw" in out
    code, _, err = run("draw", "accept", str(game))
    assert code == 1 and "no draw is on offer" in err
    run("move", str(game), "DW to DY", "--sent", "2026-09-15")
    code, _, _ = run("draw", "offer", str(game))
    assert code == 0
    code, _, err = run("draw", "offer", str(game))
    assert code == 1 and "already offers a draw" in err
    code, out, _ = run("draw", "accept", str(game))
    assert code == 0
    text = game.read_text(encoding="utf-8")
    assert text.endswith("DW to DY averto {[%ccsnt 2026.09.15]} {[%ccdraw offer]} draw agreed\n")
    assert '[Winner "Draw"]' in text
    _, out, _ = run("check", str(game))
    assert "drawn by agreement" in out


def test_a_draw_claim_is_refused_where_the_rules_allow_none(game: Path) -> None:
    """Batalo has no claimed draws: the claim is refused with the rules' reason."""
    before = game.read_bytes()
    code, _, err = run("draw", "claim", str(game))
    assert code == 1 and "no draw can be claimed" in err
    assert game.read_bytes() == before


def test_comment_and_unclear_mark_the_last_move(game: Path) -> None:
    code, _, _ = run("comment", str(game), "a   quiet\nmove")
    assert code == 0
    code, out, _ = run("unclear", str(game), "--why", "EV or EW?")
    assert code == 0 and "ask Black (Bob) to restate it" in out
    assert game.read_text(encoding="utf-8").endswith(
        "EV to FU {[%ccsnt 2026.09.08]} {a quiet move} {[%ccunclear] EV or EW?}\n")
    code, _, err = run("unclear", str(game))
    assert code == 1 and "already marked unclear" in err
    for bad in ("}", "", "x" * 2001):
        code, _, _ = run("comment", str(game), bad)
        assert code == 2


def test_undo_takes_back_only_the_last_move_byte_for_byte(game: Path) -> None:
    """Issue 14: `pbmkit undo FILE` takes back the last move, the record otherwise byte-identical."""
    start = game.read_bytes()
    run("move", str(game), "JQ to JS", "--received", "2026-09-10", "--sent", "2026-09-12")
    after_white = game.read_bytes()
    run("move", str(game), "DW to DY", "--sent", "2026-09-15", "--offer-draw")
    code, out, _ = run("undo", str(game))
    assert code == 0 and "Took back 2. Black DW to DY" in out
    assert game.read_bytes() == after_white
    run("undo", str(game))
    assert game.read_bytes() == start


def test_undo_keeps_crlf_and_the_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "crlf.txt"
    start = ("\ufeff" + HEAD + "\n1. IR to HS { first }\n").replace("\n", "\r\n").encode("utf-8")
    path.write_bytes(start)
    run("move", str(path), "EV to FU", "--sent", "2026-09-05")
    assert path.read_bytes().endswith(b"{ first } EV to FU {[%ccsnt 2026.09.05]}\r\n")
    run("undo", str(path))
    assert path.read_bytes() == start


def test_undo_of_a_winning_move_resets_the_winner_tag(tmp_path: Path) -> None:
    """The move that wins sets the Winner tag (issue 14); undo puts the record back as it was."""
    example = Path(__file__).resolve().parents[2] / "examples" / "01-short-base-win.txt"
    text = example.read_text(encoding="utf-8").replace('[Winner "White"]', '[Winner "*"]')
    path = tmp_path / "win.txt"
    path.write_text(text.replace("6. EV to DW { The white column lands on Black's base. }", "")
                    .rstrip() + "\n", encoding="utf-8")
    before = path.read_bytes()
    code, out, _ = run("move", str(path), "EV to DW")
    assert code == 0 and "Winner tag set" in out
    assert '[Winner "White"]' in path.read_text(encoding="utf-8")
    assert run("check", str(path))[0] == 0
    code, out, _ = run("undo", str(path))
    assert code == 0
    assert path.read_bytes() == before


def test_undo_refuses_an_ending_and_an_empty_record(game: Path, tmp_path: Path) -> None:
    run("resign", str(game))
    before = game.read_bytes()
    code, _, err = run("undo", str(game))
    assert code == 1 and "ended with 'resigns'" in err
    assert game.read_bytes() == before
    empty = tmp_path / "empty.txt"
    empty.write_text(HEAD, encoding="utf-8")
    code, _, err = run("undo", str(empty))
    assert code == 1 and "no move to take back" in err


def test_comment_refuses_control_characters(game: Path) -> None:
    before = game.read_bytes()
    code, _, err = run("comment", str(game), "bell\x07")
    assert code == 2 and "control characters" in err
    assert game.read_bytes() == before


def test_undo_refuses_a_move_an_alternate_series_branches_from(tmp_path: Path) -> None:
    """The re-read check: series 3a starts after turn 2; taking back 2... DW to DY would strand
    it, so undo is refused with the reason and the file kept."""
    path = tmp_path / "s.txt"
    path.write_text(HEAD + "\n1. IR to HS EV to FU\n2. JQ to JS DW to DY\n3a. JS to JT\n",
                    encoding="utf-8")
    before = path.read_bytes()
    code, _, err = run("undo", str(path))
    assert code == 1 and "would not be valid" in err and "a move is missing" in err
    assert path.read_bytes() == before


def test_move_with_leave_and_no_dates(game: Path, tmp_path: Path) -> None:
    run("move", str(game), "JQ to JS", "--received", "2026-09-10", "--sent", "2026-09-30",
        "--leave", "14")
    assert game.read_text(encoding="utf-8").endswith(
        "2. JQ to JS {[%ccrcv 2026.09.10] [%ccsnt 2026.09.30] [%ccleave 14]}\n")
    code, out, _ = run("convert", "--to", "json", str(game))
    assert '"leave": 14' in out
    run("move", str(game), "DW to DY", "--no-dates")
    assert game.read_text(encoding="utf-8").endswith("[%ccleave 14]} DW to DY averto\n")
    code, _, err = run("move", str(game), "JS to JT", "--no-dates", "--sent", "2026-10-01")
    assert code == 2 and "--no-dates cannot go with" in err


def test_a_draw_claim_where_the_rules_allow_one_ends_the_game(tmp_path: Path) -> None:
    """Billo's rule 14: one round and one square Billo each, so the side to move may claim."""
    path = tmp_path / "billo.txt"
    path.write_text('[Game "Billo"]\n[Yellow "Ann"]\n[Orange "Bob"]\n[Winner "*"]\n'
                    '[Setup "YR:a1+ YS:h1+ OR:a8+ OS:h8+ y"]\n\n1. R+ a1-a2\n', encoding="utf-8")
    code, out, _ = run("draw", "claim", str(path))
    assert code == 0 and "Orange (Bob) claims a draw" in out
    text = path.read_text(encoding="utf-8")
    assert text.endswith("1. R+ a1-a2 draw claimed\n") and '[Winner "Draw"]' in text
    code, out, _ = run("check", str(path))
    assert code == 0 and "drawn by a claim" in out


def test_received_notes_the_arrival_and_the_reply_counts_from_it(game: Path) -> None:
    """`pbmkit received FILE DATE`: the clock of the player to move runs from the arrival."""
    code, out, _ = run("received", str(game), "2026-09-11")
    assert code == 0 and "1. EV to FU arrived on 2026.09.11" in out
    assert game.read_text(encoding="utf-8").endswith("{[%ccsnt 2026.09.08]} {[%ccarr 2026.09.11]}\n")
    code, _, err = run("received", str(game), "2026-09-12")
    assert code == 1 and "already says 1. EV to FU arrived on 2026.09.11" in err
    code, _, err = run("move", str(game), "JQ to JS", "--sent", "2026-09-10")
    assert code == 1 and "before the last move arrived (2026.09.11)" in err
    code, _, err = run("move", str(game), "JQ to JS", "--received", "2026-09-09", "--sent", "2026-09-14")
    assert code == 1 and "the record says the last move arrived on 2026.09.11" in err
    assert run("move", str(game), "JQ to JS", "--sent", "2026-09-14")[0] == 0
    _, out, _ = run("convert", "--to", "json", str(game))
    import json

    moves = json.loads(out)[0]["moves"]
    assert moves[1]["arrived"] == "2026-09-11" and moves[2]["sent"] == "2026-09-14"
    _, out, _ = run("status", "--json", "--today", "2026-09-20", str(game))
    assert json.loads(out)[0]["days_used"]["white"] == 2 + 3


def test_received_refuses_a_date_before_the_move_was_sent(game: Path) -> None:
    before = game.read_bytes()
    code, _, err = run("received", str(game), "2026-09-01")
    assert code == 1 and "2026.09.01 is before the move was sent (2026.09.08)" in err
    assert game.read_bytes() == before
