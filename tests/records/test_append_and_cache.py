"""The mailed-move edit (append_move) and the parser's table cache."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pbmkit.games import batalo
from pbmkit.games.batalo import rules
from pbmkit.records import IllegalMoveError, check_text, new_record_text
from pbmkit.records.convert import append_move

TAGS = '[Game "Batalo"]\n[White "Ann"]\n[Black "Bob"]\n'


def add(text: str, move: str, averto: bool = False) -> str:
    (game,) = check_text(text)
    a, b = move.split(" to ")
    out = append_move(text, game, batalo.Move(rules.space(a), rules.space(b)),
                      announcements=("averto",) if averto else ())
    (after,) = check_text(out)
    assert after.valid, [e.format() for e in after.errors]
    assert len(after.main) == len(game.main) + 1
    return out


def test_black_moves_after_white_on_the_same_line_and_white_opens_a_new_line() -> None:
    text = TAGS + "\n1. IR to HS\n1a. JQ to JS {analysis}\n"
    once = add(text, "EV to FU")
    assert once == TAGS + "\n1. IR to HS EV to FU\n1a. JQ to JS {analysis}\n"
    twice = add(once, "JQ to JS")
    assert twice == TAGS + "\n1. IR to HS EV to FU\n2. JQ to JS\n1a. JQ to JS {analysis}\n"


def test_the_first_move_goes_after_the_tags() -> None:
    text = new_record_text("batalo", {"white": "Ann", "black": "Bob"}, date="1994-03-12")
    assert add(text, "IR to HS").endswith('[Winner "*"]\n\n1. IR to HS\n')
    assert add("{no tags}\n", "IR to HS") == "{no tags}\n1. IR to HS\n"


def test_comments_on_the_last_line_stay_with_their_move() -> None:
    assert add("1. IR to HS {good}\n", "EV to FU") == "1. IR to HS {good} EV to FU\n"
    assert add("1. IR to HS ; good\n", "EV to FU") == "1. IR to HS ; good\n1... EV to FU\n"


def test_line_ends_and_the_rest_of_the_file_are_kept_byte_for_byte() -> None:
    text = (TAGS + "\n1. IR to HS EV to FU\n\n{trailing notes}\n").replace("\n", "\r\n")
    out = add(text, "JQ to JS", averto=True)
    assert out == text.replace("EV to FU", "EV to FU\r\n2. JQ to JS averto")
    bom = "\ufeff" + text
    (game,) = check_text(bom)
    moved = append_move(bom, game, batalo.Move(rules.space("JQ"), rules.space("JS")))
    assert moved.startswith("\ufeff[Game")


def test_append_refuses_illegal_moves_and_finished_or_broken_games() -> None:
    (game,) = check_text("1. IR to HS\n")
    with pytest.raises(IllegalMoveError):
        append_move("1. IR to HS\n", game, batalo.Move(rules.space("EV"), rules.space("DU")))
    (game,) = check_text("1. IR to HS resigns\n")
    with pytest.raises(ValueError, match="over"):
        append_move("1. IR to HS resigns\n", game, batalo.Move(rules.space("EV"), rules.space("FU")))
    (game,) = check_text("1. IR to NA\n")
    with pytest.raises(ValueError, match="errors"):
        append_move("1. IR to NA\n", game, batalo.Move(rules.space("IR"), rules.space("HS")))


# --- the parser's table cache -------------------------------------------------------------------

# A record with a syntax error: only such records need Lark (the others are read without it).
CHECK = ("from pbmkit.records import check_text; "
         "assert not check_text('1. IR to HS EV to FU 2 JQ to JS')[0].valid; print('ok')")


def run_with_cache(cache_home: Path) -> str:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache_home)}
    done = subprocess.run([sys.executable, "-c", CHECK], env=env, capture_output=True, text=True,
                          check=True)
    return done.stdout + done.stderr


def test_the_parser_tables_are_cached_in_the_user_cache_dir(tmp_path: Path) -> None:
    assert run_with_cache(tmp_path) == "ok\n"
    cached = list((tmp_path / "pbmkit").glob("record-*.lark-cache"))
    assert len(cached) == 1 and cached[0].stat().st_size > 0
    assert run_with_cache(tmp_path) == "ok\n"  # and loaded from there


def test_an_unwritable_cache_dir_is_silently_skipped(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the cache directory would be")
    assert run_with_cache(blocker) == "ok\n"
