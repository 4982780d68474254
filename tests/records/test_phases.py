"""Phase lines (``round 2``): the game-neutral grammar's rounds (issue 10; Batrakill's two rounds).

A phase line stands on its own line; turns are numbered from 1 again after it; the replayer holds
it to the game's own round (``Game.round_of``): required once a round has ended, an error where the
round has not ended, and unknown to a game of one round. ``pbmkit move`` writes it itself.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from pbmkit.games import get_game
from pbmkit.records import check_text, parse_records
from pbmkit.records.convert import append_move
from pbmkit.records.model import Phase
from pbmkit.records.writer import moves_text, write_record

HEAD = '[Game "Batrakill"]\n\n'


@cache
def two_rounds() -> tuple[list[Any], int]:
    """A seeded random duel that reaches round 2, and the number of moves of round 1."""
    game = get_game("batrakill")
    for seed in range(500):
        rng = random.Random(seed)
        position, moves = game.initial_position(), []
        first = None
        while len(moves) < 400 and game.outcome(position) is None:
            legal = list(game.legal_moves(position))
            if not legal:
                break
            if first is None and game.round_of(position) == 2:
                first = len(moves)
            move = rng.choice(legal)
            moves.append(move)
            position = game.apply(position, move)
        if first is not None and len(moves) > first + 6:
            return moves, first
    raise AssertionError("no seeded duel reached round 2")


def record_text() -> str:
    moves, _ = two_rounds()
    return HEAD + moves_text(get_game("batrakill"), moves)


def test_a_phase_line_restarts_the_turn_numbers_and_reads_valid() -> None:
    text = record_text()
    (rec,), problems = parse_records(text)
    assert problems == []
    [phase] = [item for item in rec.body if isinstance(item, Phase)]
    assert phase.number == 2 and phase.label == "round 2"
    after = rec.body[rec.body.index(phase) + 1:]
    assert [t.label for t in after][:3] == ["1", "2", "3"]
    assert all(t.phase == 2 for t in after if not isinstance(t, Phase))
    [rep] = check_text(text)
    assert rep.valid, [p.message for p in rep.errors]
    moves, first = two_rounds()
    assert len(rep.main) == len(moves)
    assert rep.main[first].label == "2:1"  # labels of round 2 in reports
    assert rep.turns == len(rec.main)  # the turns of both rounds


def test_the_phase_line_is_written_back_on_a_line_of_its_own() -> None:
    text = record_text().replace("\nround 2\n", "\nROUND   2 {the knights return}\n")
    (rec,), _ = parse_records(text)
    out = write_record(rec)
    assert "\nround 2 {the knights return}\n1. " in out
    assert parse_records(out)[0][0].key() == rec.key()


def test_a_move_after_the_end_of_a_round_needs_the_phase_line() -> None:
    before, after = record_text().split("round 2\n")
    last = int(before.splitlines()[-1].split(".")[0])
    first_move = after.split()[1]
    # numbered on: the replayer says the round is over, at that move's turn and side
    on = before + after.replace("1. ", f"{last + 1}. ", 1).split("\n")[0] + "\n"
    [rep] = check_text(on)
    err = rep.errors[0]
    assert err.message == "round 1 is over: write the line 'round 2' before this move"
    assert (err.turn, err.side, err.move) == (str(last + 1), "knights", first_move)
    # numbered from 1 again without the line: the reader says which line is missing
    [rep] = check_text(before + after)
    assert rep.errors[0].message == (f"turn 1 is out of sequence: turn {last} is followed by "
                                     f"{last + 1}. (a new round needs its line, like round 2)")


def test_a_phase_line_before_the_round_has_ended_is_an_error_at_the_move_after_it() -> None:
    lines = record_text().splitlines(keepends=True)
    k = next(i for i, line in enumerate(lines) if line.startswith("3."))
    early = "".join([*lines[:k], "round 2\n", "1." + lines[k].split(".", 1)[1]])
    [rep] = check_text(early)
    err = rep.errors[0]
    assert err.message == "'round 2' is written, but round 1 is not over"
    assert err.line == k + 2 and err.side == "knights"


def test_a_phase_line_in_a_game_of_one_round_is_an_error() -> None:
    [rep] = check_text('[Game "Batalo"]\n\n1. IR to HS EV to FU\nround 2\n1. JQ to JS\n')
    assert not rep.valid
    assert rep.errors[0].message == "'round 2': Batalo is played in one round"
    assert rep.errors[0].line == 4


def test_move_writes_the_phase_line_itself() -> None:
    moves, first = two_rounds()
    game = get_game("batrakill")
    text = HEAD + moves_text(game, moves[:first])
    [rep] = check_text(text)
    assert rep.valid and rep.next_phase() == 2 and rep.next_turn() == ("1", "knights")
    out = append_move(text, rep, moves[first])
    assert out.startswith(text.rstrip("\n"))
    assert out.endswith("\nround 2\n1. " + game.notation.format(moves[first], rep.final) + "\n")
    [again] = check_text(out)
    assert again.valid and again.main[-1].label == "2:1"
    # the line written by hand, with no move after it yet: the move goes after it, numbered 1
    written = text + "round 2\n"
    [rep] = check_text(written)
    assert rep.valid and rep.next_phase() is None and rep.next_turn() == ("1", "knights")
    out = append_move(written, rep, moves[first])
    assert out == written + "1. " + game.notation.format(moves[first], rep.final) + "\n"


def test_a_series_in_the_second_round_branches_from_that_round() -> None:
    moves, first = two_rounds()
    game = get_game("batrakill")
    text = record_text()
    # replay round 2's first turn again as series a, the same moves: it must branch at round 2
    body = moves_text(game, moves).split("round 2\n")[1]
    line_1 = body.splitlines()[0]
    series = text.rstrip("\n") + "\n" + line_1.replace("1. ", "1a. ", 1) + "\n"
    [rep] = check_text(series)
    assert rep.valid, [p.message for p in rep.errors]
    assert [p.after for p in rep.series["a"]] == [p.after for p in rep.main[first:first + 2]]


def test_status_reads_turn_1_of_the_new_round_after_a_phase_line() -> None:
    """The desk reads whose turn it is from the written turns alone: after ``round 2`` with no
    turn yet, the first side opens turn 1."""
    from pbmkit.desk.dates import next_turn

    moves, first = two_rounds()
    game = get_game("batrakill")
    text = HEAD + moves_text(game, moves[:first]) + "round 2\n"
    (rec,), _ = parse_records(text)
    assert next_turn(rec, game.order) == ("1", "knights")
    opening = game.notation.format(moves[first], check_text(text)[0].final)
    (rec,), _ = parse_records(f"{text}1. {opening}\n")
    assert next_turn(rec, game.order) == ("1", "dragon")


def test_an_error_of_the_main_line_in_round_2_comes_before_a_series_error() -> None:
    """errors[0] is the main line's first error (record-format.md), labelled 2:N in round 2."""
    text = record_text()
    lines = text.splitlines()
    k = lines.index("round 2")
    broken = [*lines[:k + 2], "1a. @@", "2. @@"]  # the series' error is written first
    [rep] = check_text("\n".join(broken) + "\n")
    assert [e.turn for e in rep.errors][:2] == ["2:2", "2:1a"]
