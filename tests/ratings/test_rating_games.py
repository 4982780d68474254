"""Reading finished games for the ratings: results as written, skipped records, and the lean
reading of plain games held to the record reader's."""

import glob
import random
from pathlib import Path

import pytest

from pbmkit.games import game_info, game_names
from pbmkit.ratings import (
    FinishedGame,
    ReadProblem,
    Skipped,
    finished_from_tags,
    finished_games,
    read_paths,
)
from pbmkit.ratings.games import _lean_tags, finished_game, sort_date
from pbmkit.records.reader import parse_records
from tests.support.ratings_helpers import record

EXAMPLES = sorted(glob.glob(str(Path(__file__).parents[2] / "examples" / "**" / "*.txt"),
                            recursive=True))


def by_reader(text: str) -> list[object]:
    """What the record reader gives, game by game (the slow path for every game)."""
    records, _ = parse_records(text, "a.txt", check_moves=False)
    return [got for k, r in enumerate(records, 1) if (got := finished_game(r, k)) is not None]


@pytest.mark.parametrize("path", EXAMPLES, ids=[Path(p).name for p in EXAMPLES])
def test_the_lean_reading_gives_the_readers_games_on_every_example(path: str) -> None:
    text = Path(path).read_text(encoding="utf-8")
    assert list(finished_games(text, "a.txt")) == by_reader(text)


def test_the_lean_reading_gives_the_readers_games_on_a_mixed_archive() -> None:
    parts = [record("Ann", "Bob", "first", number=1),
             record("Cid", "Dee", "draw", number=2).replace("1. JR", "{ a comment }\n1. JR"),
             '[Game "Batalo"]\n[White "Eve"]\n[Black "Fay"]\n\n1. JR to IS DX to FV\n2. resigns\n\n',
             '[White "Gus"]\n[Black "Hal"]\n[Winner "*"]\n\n1. JR to IS\n\n',
             '[White "Ivy"]\n[Black "Jon"]\n[Winner "Black"]\n[White "Kim"]\n\n',
             record("Lea", "Max", "second", number=6).replace('[Date', '[date'),
             '[Game "Batalo"]\n[White "Ned"]\n[Black "Olga"]\n\n1. JR to IS DX to FV\n2. draw agreed\n\n']
    text = "".join(parts)
    lean = list(finished_games(text, "a.txt"))
    assert lean == by_reader(text)
    results = {g.places[0].name: [p.score for p in g.places] for g in lean
               if isinstance(g, FinishedGame)}
    assert results == {"Ann": [1.0, 0.0], "Cid": [0.5, 0.5], "Eve": [0.0, 1.0],
                       "Ivy": [0.0, 1.0], "Lea": [0.0, 1.0], "Ned": [0.5, 0.5]}


def test_comments_in_the_moves_do_not_send_a_game_to_the_reader_nor_end_it() -> None:
    dated = ('; the club archive\n[White "Ann"]\n[Black "Bob"]\n[Winner "White"]\n\n'
             '1. JR to IS {[%ccrcv 2026.01.02] [%ccsnt 2026.01.03]} DX to FV ; Bob resigns? no\n'
             '2. IS to HS { [Winner "Black"] draw offered ; } DW to FU\n')
    assert _lean_tags(dated) is not None  # the common dated record takes the lean path
    (game,) = finished_games(dated, "a.txt")
    assert list(finished_games(dated, "a.txt")) == by_reader(dated)
    assert isinstance(game, FinishedGame) and game.places[0].score == 1.0


@pytest.mark.parametrize("body", [
    "1. JR to IS { never closed\n", "1. JR to IS }\n", "1. JR to IS DX to FV\n2. resigns\n",
    '1. JR to IS\n[Black "Cid"]\n', "1. JR to IS { a } draw\n",
])
def test_what_the_lean_reading_does_not_follow_goes_to_the_reader(body: str) -> None:
    text = '[White "Ann"]\n[Black "Bob"]\n[Winner "White"]\n\n' + body
    assert _lean_tags(text) is None
    assert list(finished_games(text, "a.txt")) == by_reader(text)


PIECES = [
    '[White "Ann"]\n', '[Black "Bob"]\n', '[Winner "White"]\n', '[Winner "Draw"]\n',
    '[Winner "*"]\n', '[Game "Billo"]\n', '[Event "E {x}; y"]\n', '[Date "2026-01-0?"]\n',
    '[WhiteEmail "a@x.org"]\n', "\n", "1. JR to IS DX to FV\n", "2. IS to HS {[%ccsnt 2026.01.02]}\n",
    "{ a comment\nover [two] lines }\n", "; a line comment [Winner \"Black\"]\n", "resigns\n",
    "2. draw agreed\n", "{ resigns, draw }\n", '[Black "Cid"] 3. DX to FV\n', "  \t\n",
]
RARE = ["1. JR to IS {\n", "}\n", "[Bad tag]\n", '[White "A\\"B"]\n', "\ufeff"]
"""Pieces the whole-text scan does not follow (the text is then read a chunk at a time)."""


def test_the_whole_text_scan_gives_the_readers_games_on_random_archives() -> None:
    rng = random.Random(26)
    for _ in range(400):
        text = "".join(rng.choice(RARE if rng.random() < 0.01 else PIECES)
                       for _ in range(rng.randrange(1, 25)))
        assert list(finished_games(text, "a.txt")) == by_reader(text), text


def test_a_resignation_without_a_winner_tag_scores_for_the_other_side() -> None:
    (game,) = finished_games('[White "A"]\n[Black "B"]\n\n1. JR to IS resigns\n', "a.txt")
    assert isinstance(game, FinishedGame)
    assert [(p.side, p.score) for p in game.places] == [("white", 1.0), ("black", 0.0)]


@pytest.mark.parametrize(("text", "reason"), [
    ('[Game "Chess"]\n[White "A"]\n[Black "B"]\n[Winner "White"]\n\n1. e4\n',
     "unknown game 'Chess' (known: " + ", ".join(game_info(n).title for n in game_names()) + ")"),
    ('[White "A"]\n[Black "B"]\n[Winner "Blue"]\n\n1. JR to IS\n',
     "the Winner tag says Blue, not a side of this game (White, Black or Draw)"),
    ('[White "A"]\n[Winner "White"]\n\n1. JR to IS\n', "no player named in the Black tag"),
    ('[White "Ann"]\n[Black "ann"]\n[Winner "White"]\n\n', "one player holds two places"),
])
def test_a_finished_record_that_cannot_be_rated_is_one_line(text: str, reason: str) -> None:
    (skipped,) = finished_games(text, "club.txt")
    assert isinstance(skipped, Skipped)
    assert str(skipped) == f"club.txt:1: game 1 not rated: {reason}"


def test_an_unplayed_forfeit_is_not_rated_a_loss_on_time_and_an_adjudication_are() -> None:
    """Issue 38: a game lost on time was played (FIDE rates it, ICCF counts it); a game never
    played is not rated: an unplayed forfeit, or a time forfeit ruled before the first move."""
    def ended(first: str, second: str, termination: str) -> str:
        return record(first, second, "first").replace(
            "[Winner", f'[Termination "{termination}"]\n[Winner')

    no_moves = ended("Eve", "Fay", "time forfeit").replace("1. JR to IS DX to FV\n", "")
    text = (ended("Ann", "Bob", "time forfeit") + ended("Cid", "Dee", "adjudication")
            + ended("Gil", "Hal", "unplayed forfeit") + ended("Ida", "Jo", "forfeit") + no_moves)
    assert [g.places[0].name for g in finished_games(text, "a.txt") if isinstance(g, FinishedGame)] \
        == ["Ann", "Cid"]
    assert list(finished_games(text, "a.txt")) == by_reader(text)


def test_a_result_given_apart_from_the_record_an_organisers_adjudication() -> None:
    tags = {"Game": "Billo", "Yellow": "Ann", "Orange": "Bob", "Date": "2026-03-01", "Winner": "*"}
    game = finished_from_tags(tags, {"yellow": 0.5, "orange": 0.5})
    assert isinstance(game, FinishedGame)
    assert [(p.side, p.name, p.score) for p in game.places] == [("yellow", "Ann", 0.5),
                                                                  ("orange", "Bob", 0.5)]
    bad = finished_from_tags(tags, {"yellow": 1.0})
    assert isinstance(bad, Skipped) and "every place of the game (yellow, orange)" in str(bad)


def test_games_still_going_are_left_out_without_a_word() -> None:
    text = '[White "A"]\n[Black "B"]\n[Winner "*"]\n\n1. JR to IS\n\n[White "C"]\n[Black "D"]\n\n'
    assert list(finished_games(text, "a.txt")) == []


def test_zones_places_and_player_names_come_from_the_game() -> None:
    (game,) = finished_games(Path(EXAMPLES[0]).parent.joinpath(
        "batrakill-03-four-players.txt").read_text(encoding="utf-8"), "z.txt")
    assert isinstance(game, FinishedGame)
    assert [(p.side, p.name, p.score) for p in game.places] == [
        ("purple", "Ann", 1.0), ("blue", "Bob", 0.0), ("dragon", "Dee", 0.0), ("yellow", "Cid", 0.0)]


def test_unreadable_paths_are_one_line_each(tmp_path: Path) -> None:
    bad = tmp_path / "latin1.txt"
    bad.write_bytes('[White "Jos\xe9"]\n'.encode("latin-1"))
    out = [str(p) for p in read_paths([str(tmp_path / "missing"), str(bad)])]
    assert out == [f"{tmp_path / 'missing'}: no such file or folder",
                   f"{bad}: not UTF-8 text (byte 12): save the records as UTF-8"]
    assert all(isinstance(p, ReadProblem) for p in read_paths([str(tmp_path / "missing")]))


@pytest.mark.parametrize(("date", "key"), [
    ("1994-05-12", "1994-05-12"), ("1994.05.??", "1994-05-00"), ("????.??.??", "0000-00-00"),
    ("May 1994", ""), ("", ""),
])
def test_dates_sort_as_written(date: str, key: str) -> None:
    assert sort_date(date) == key
