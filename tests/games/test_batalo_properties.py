"""Property tests of the Batalo rules core: random playouts, random legal positions, symmetry, text.

Random positions are built legally: at most one column and six stones a side, no stone on its own
base, nothing on the opponent's base, at least one piece a side; columns are often on their base.
A small reference reading of the rules (:func:`reference_moves`, written straight from rulings
2–9 with coordinates, no tables) checks the generator.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbmkit.games.batalo import Move, Position, check, rules, setup
from pbmkit.games.batalo.rules import BLACK, BOARD, EMPTY, WHITE, base_of

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ALL = range(BOARD.size)


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """A legal position of a game in progress, with either side to move.

    Half the time the pieces crowd within three steps of a random space, so that hops, bridges,
    blocked slides and fights round a base are common.
    """
    board = [EMPTY] * BOARD.size
    region = set(ALL)
    if draw(st.booleans()):
        ci, cj = BOARD.coords[draw(st.sampled_from(ALL))]
        region = {s for s in ALL
                  if max(abs(BOARD.coords[s][0] - ci), abs(BOARD.coords[s][1] - cj),
                         abs(BOARD.coords[s][0] + BOARD.coords[s][1] - ci - cj)) <= 3}
    for side in (WHITE, BLACK):
        own, opp = base_of(side), base_of(-side)
        column = draw(st.sampled_from(("base", "elsewhere", "captured")))
        stones = draw(st.integers(0 if column != "captured" else 1, 6))
        if column == "base" and board[own] == EMPTY:
            board[own] = 2 * side
        elif column != "captured":
            free = [s for s in region if board[s] == EMPTY and s != opp]
            board[draw(st.sampled_from(sorted(free)))] = 2 * side
        for _ in range(stones):
            free = [s for s in region if board[s] == EMPTY and s not in (own, opp)]
            board[draw(st.sampled_from(sorted(free)))] = side
    return Position(tuple(board), draw(st.sampled_from((WHITE, BLACK))))


def reference_moves(position: Position) -> set[tuple[int, int]]:
    """Every legal (start, end), read straight from the rulings with coordinates (no tables)."""
    if rules.finished(position):
        return set()
    side = position.turn
    own, opp = base_of(side), base_of(-side)

    def at(i: int, j: int) -> int | None:
        return BOARD.at((i, j))

    out: set[tuple[int, int]] = set()
    for start in ALL:
        if position.board[start] * side <= 0:
            continue
        column = abs(position.board[start]) == 2
        board = list(position.board)
        board[start] = EMPTY  # the moving piece has left its space
        for di, dj in BOARD.directions:  # slides (ruling 2, 6, 8, 9)
            i, j = BOARD.coords[start]
            while (n := at(i + di, j + dj)) is not None:
                i, j = i + di, j + dj
                if board[n] == EMPTY:
                    if column or n != own:
                        out.add((start, n))
                    if not column or n == opp:
                        break
                else:
                    if column and board[n] * side < 0 and n != opp:
                        out.add((start, n))
                    break

        def hops(cur: int, hopped: frozenset[int], column: bool = column, start: int = start,
                 board: list[int] = board) -> None:  # rulings 3, 4, 5
            for di, dj in BOARD.directions:
                i, j = BOARD.coords[cur]
                over, land = at(i + di, j + dj), at(i + 2 * di, j + 2 * dj)
                if over is None or land is None or over in hopped or land == start:
                    continue
                if not (over == own or board[over] * side > 0):
                    continue
                if board[land] == EMPTY:
                    if land == own and not column:
                        continue
                    out.add((start, land))
                    if land != opp:
                        hops(land, hopped | {over})
                elif column and board[land] * side < 0 and land != opp:
                    out.add((start, land))

        hops(start, frozenset())
    return out


def playout(position: Position, rng: random.Random, plies: int) -> list[Position]:
    """The positions of a random game from ``position``, each move checked before it is played."""
    seen = [position]
    for _ in range(plies):
        moves = rules.legal_moves(position)
        assert (rules.outcome(position) is None) == bool(moves)
        if not moves:
            break
        for move in moves:
            assert check.check_move(position, move) is None, (setup.format_setup(position), str(move))
        position = rules.apply(position, rng.choice(moves))
        seen.append(position)
    return seen


@SETTINGS
@given(st.randoms(use_true_random=False))
def test_random_playouts_from_the_start_stay_possible_and_every_move_is_accepted(rng: random.Random) -> None:
    for position in playout(setup.initial_position(), rng, 80):
        assert setup.validate(position) == []


@SETTINGS
@given(positions(), st.randoms(use_true_random=False))
def test_random_playouts_from_random_positions_stay_possible(start: Position, rng: random.Random) -> None:
    assert setup.validate(start) == []
    for position in playout(start, rng, 40):
        assert setup.validate(position) == []


@SETTINGS
@given(positions())
def test_the_generator_agrees_with_a_reference_reading_of_the_rules(position: Position) -> None:
    got = {(m.start, m.end) for m in rules.legal_moves(position)}
    assert got == reference_moves(position)
    assert len(got) == len(rules.legal_moves(position))


@SETTINGS
@given(positions())
def test_check_move_accepts_exactly_the_generated_moves_and_always_says_why(position: Position) -> None:
    legal = set(rules.legal_moves(position))
    for start in position.pieces(position.turn):
        for end in ALL:
            reason = check.check_move(position, Move(start, end))
            assert (reason is None) == (Move(start, end) in legal)
            assert reason is None or (reason.strip() == reason != "" and "{" not in reason)


def _is_slide(position: Position, move: Move) -> bool:
    line = rules.BOARD.direction_between(move.start, move.end)
    if line is None:
        return False
    d, dist = line
    column = abs(position.board[move.start]) == 2
    between = BOARD.rays[move.start][d][: dist - 1]
    return (dist == 1 or column) and all(position.board[s] == EMPTY for s in between)


@SETTINGS
@given(positions())
def test_every_hop_move_has_a_hop_path_whose_every_step_check_move_accepts(position: Position) -> None:
    legal = set(rules.legal_moves(position))
    for move in legal:
        paths = rules.hop_paths(position, move.start, move.end)
        assert paths or _is_slide(position, move), str(move)
        for path in paths:
            for k in range(1, len(path) + 1):
                prefix = Move(move.start, path[k - 1], path[:k])
                assert check.check_move(position, prefix) is None, str(prefix)
                assert prefix in legal
    for start in position.pieces(position.turn):
        for end in ALL:
            if rules.hop_paths(position, start, end):
                assert Move(start, end) in legal


@SETTINGS
@given(positions())
def test_the_mirror_position_has_the_mirrored_moves_and_outcome(position: Position) -> None:
    mirrored = rules.mirror(position)
    assert setup.validate(mirrored) == []
    assert rules.mirror(mirrored) == position
    want = {Move(rules.mirror_space(m.start), rules.mirror_space(m.end))
            for m in rules.legal_moves(position)}
    assert set(rules.legal_moves(mirrored)) == want
    result, flipped = rules.outcome(position), rules.outcome(mirrored)
    assert (result is None) == (flipped is None)
    if result is not None and flipped is not None:
        assert {result.winner, flipped.winner} == {"white", "black"} and result.how == flipped.how


@SETTINGS
@given(positions(), st.randoms(use_true_random=False))
def test_apply_then_setup_text_round_trips(start: Position, rng: random.Random) -> None:
    for position in playout(start, rng, 20):
        if rules.finished(position):
            continue  # a Setup is a game in progress; finished games are refused (test_batalo_setup)
        text = setup.format_setup(position)
        assert setup.parse_setup(text) == position
        assert setup.format_setup(setup.parse_setup(text)) == text
        assert setup.from_diagram(setup.diagram(position), position.turn) == position
