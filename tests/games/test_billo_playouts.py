"""Random Billo games from the start: never an impossible position, every generated move checks.

Hypothesis draws a list of choices; choice k picks move ``k mod len(moves)`` at each ply.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pbmkit.games.billo import Move, Position, check, rules, setup
from pbmkit.games.billo.rules import BASIC, BILLO, ORANGE, ROUND, SHAPES, SQUARE, YELLOW

CHOICES = st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=300)


def _pieces(position: Position, side: int) -> int:
    return sum(rules.piece_count(position, side, shape) for shape in SHAPES)


def _check_neighbouring_paths(position: Position, moves: list[Move]) -> None:
    """The path checker and the generator agree on paths one square longer or shorter."""
    candidates = rules.candidate_moves(position)
    legal = set(rules.legal_moves(position))
    for move in moves:
        variants = []
        for n in rules.BOARD.neighbours[move.end]:
            caps = (*move.captures, n) if position.board[n] * position.turn < 0 else move.captures
            variants.append(Move(move.piece, move.start, (*move.steps, n), caps))
        if len(move.steps) > 1:
            variants.append(Move(move.piece, move.start, move.steps[:-1],
                                 tuple(c for c in move.captures if c != move.end)))
        for variant in variants:
            valid_path = check.movement_reason(position, variant) is None
            assert valid_path == (variant in candidates), variant
            assert (check.check_move(position, variant) is None) == (variant in legal)


@settings(max_examples=60, deadline=None)
@given(choices=CHOICES, orange_first=st.booleans())
def test_random_playouts_stay_possible_and_every_move_checks(choices: list[int],
                                                              orange_first: bool) -> None:
    position = setup.initial_position("orange" if orange_first else "yellow")
    for choice in choices:
        assert setup.validate(position) == []
        moves = rules.legal_moves(position)
        assert (rules.outcome(position) is None) == bool(moves)
        if not moves:
            break
        assert len(set(moves)) == len(moves)
        for move in moves:
            assert check.check_move(position, move) is None
            squares = rules.move_squares(move)
            assert len(set(squares)) == len(squares), "a square entered twice"
        _check_neighbouring_paths(position, moves[:4] + moves[-4:])
        move = moves[choice % len(moves)]
        side = position.turn
        after = rules.apply(position, move)
        assert after.turn == -side
        assert _pieces(after, side) == _pieces(position, side)
        assert _pieces(after, -side) == _pieces(position, -side) - len(move.captures)
        if all(_pieces(after, s) for s in (YELLOW, ORANGE)):
            assert setup.parse_setup(setup.format_setup(after)) == after
            assert setup.from_diagram(setup.diagram(after), after.turn, after.quiet) == after
        position = after


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """Random possible positions: up to 8 pieces of each shape a side, Billos, doubles, composites."""
    board = [0] * 64
    squares = draw(st.lists(st.integers(0, 63), min_size=2, max_size=24, unique=True))
    counts = {(side, shape): 0 for side in (YELLOW, ORANGE) for shape in SHAPES}
    for sq in squares:
        side = draw(st.sampled_from((YELLOW, ORANGE)))
        states = {}
        for shape in draw(st.sampled_from(((ROUND,), (SQUARE,), (ROUND, SQUARE)))):
            if counts[side, shape] == 8:
                continue
            on_last_rank = sq // 8 == rules.last_rank(side)
            states[shape] = BILLO if on_last_rank else draw(st.sampled_from((BASIC, BILLO)))
            counts[side, shape] += 1
        board[sq] = rules.cell(side, states.get(ROUND, 0), states.get(SQUARE, 0))
    turn = draw(st.sampled_from((YELLOW, ORANGE)))
    return Position(tuple(board), turn, draw(st.integers(0, 120)))


@settings(max_examples=150, deadline=None)
@given(position=positions())
def test_random_positions_generator_checker_and_outcome_agree(position: Position) -> None:
    assert setup.validate(position) == []
    moves = rules.legal_moves(position)
    assert (rules.outcome(position) is None) == bool(moves)
    for move in moves:
        assert check.check_move(position, move) is None
        assert rules.moving_piece(position, move) in (BASIC, BILLO)
    _check_neighbouring_paths(position, moves[:6] + moves[-6:])
    if moves:
        keys = {rules.move_key(position, m) for m in moves}
        assert len(keys) == 1
        assert max(rules.candidate_moves(position).values()) == keys.pop()
    if all(_pieces(position, s) for s in (YELLOW, ORANGE)):
        assert setup.parse_setup(setup.format_setup(position)) == position
