"""The Billo rules core's fast paths give the same answers as the plain definitions (issue 16).

Checking one written move walks its path (``path_key``) and asks a bounded search whether a
better capture exists (``beaten``), instead of generating every path (``analysis``); the notation
matches the written squares directly instead of filtering every legal move; positions carry
masks of their pieces along (``apply``), from which the automatic endings are read. These tests
hold each of them to the plain definition (the generator, a census of the board), on random
positions, seeded random playouts and contrived dense positions.
"""

from __future__ import annotations

import copy
import itertools
import json
import pickle
import random
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from test_billo_playouts import positions

from pbmkit.cli import cli
from pbmkit.games import billo
from pbmkit.games.base import AmbiguousMoveError, IllegalMoveError, Outcome
from pbmkit.games.billo import Move, Position, rules
from pbmkit.games.billo import check as check_module
from pbmkit.games.billo import notation as notation_module
from pbmkit.games.billo import search as search_module
from pbmkit.games.billo import setup as billo_setup
from pbmkit.games.billo.notation import NOTATION
from pbmkit.games.billo.rules import BILLO, ORANGE, ROUND, SHAPES, SQUARE, YELLOW
from pbmkit.games.billo.search import (
    beaten,
    best_key,
    can_capture,
    first_of_key,
    is_legal,
    path_key,
    sorted_legal,
)
from pbmkit.games.notation import destinations

# A round Billo in a 4 x 4 block (c3-f6) of 8 own and 7 opponent's free square pieces: 314,656
# legal seven-capture paths (docs/billo.md, "Speed").
BLOCK = "YR:f6+ YS:c3,d3,f3,c4,d4,c5,e5,c6 OS:e3,e4,f4,d5,f5,d6,e6 y"


# --- the plain definitions ---------------------------------------------------------------------


def plain_check(position: Position, move: Move) -> str | None:
    """``check_move`` as it was before issue 16: every path generated (``analysis``)."""
    if rules.outcome(position) is not None:
        return "the game is already over"
    if move.piece not in SHAPES:
        return f"the piece must be R (round) or S (square), not {move.piece!r}"
    if not 0 <= move.start < 64:
        return f"square number {move.start} is not on the board"
    reason = check_module._start_reason(position, move.piece, move.start)
    if reason:
        return reason
    if not move.steps:
        return "a move must take the piece to another square"
    info = rules.analysis(position)
    if move in info.legal_set:
        return None
    reason = check_module.movement_reason(position, move)
    if reason is not None:
        return reason
    return check_module._priority_reason(position, rules.move_key(position, move), info.best,
                                         info.legal[0])


def plain_matching(position: Position, squares: Sequence[int], piece: str | None = None,
                   is_billo: bool | None = None,
                   captures: Sequence[int] | None = None) -> list[Move]:
    """``matching_moves`` as it was: the legal moves filtered by the written squares."""
    if len(squares) < 2:
        return []
    start, steps = squares[0], tuple(squares[1:])
    found = []
    for m in rules.analysis(position).legal:
        if m.start != start or m.steps != steps:
            continue
        if piece is not None and m.piece != piece:
            continue
        if is_billo is not None and \
                (rules.shape_state(position.board[start], m.piece) == BILLO) != is_billo:
            continue
        if captures is not None and m.captures != tuple(captures):
            continue
        found.append(m)
    return found


def plain_static_outcome(position: Position) -> Outcome | None:
    """Rules 11 and 12 from a count of every piece of the board."""
    count = {(side, shape, state): 0 for side in (YELLOW, ORANGE) for shape in SHAPES
             for state in (1, 2)}
    for code in position.board:
        if code:
            for shape in SHAPES:
                state = rules.shape_state(code, shape)
                if state:
                    count[1 if code > 0 else -1, shape, state] += 1
    total = {side: sum(v for k, v in count.items() if k[0] == side) for side in (YELLOW, ORANGE)}
    if total[ORANGE] == 0:
        return Outcome("yellow", "capture-all")
    if total[YELLOW] == 0:
        return Outcome("orange", "capture-all")
    if not any(v for k, v in count.items() if k[1] == ROUND) or \
            not any(v for k, v in count.items() if k[1] == SQUARE):
        return Outcome("draw", "draw-shapes")

    def only(side: int, shape: str) -> bool:
        return count[side, shape, BILLO] == total[side]

    if (only(YELLOW, ROUND) and only(ORANGE, SQUARE)) or (only(ORANGE, ROUND) and only(YELLOW, SQUARE)):
        return Outcome("draw", "draw-billos")
    return None


def plain_masks(position: Position) -> tuple[int, ...]:
    """The 16 masks of the wide layout (``rules.masks``) from the board, square by square."""
    out = [0] * 16
    for sq, code in enumerate(position.board):
        if not code:
            continue
        side = 1 if code > 0 else -1
        r, s = rules.shape_state(code, ROUND), rules.shape_state(code, SQUARE)
        for shape, state, other in ((ROUND, r, s), (SQUARE, s, r)):
            if not state:
                continue
            kinds = [rules.MOVER_BASIC if state == 1 else rules.MOVER_BILLO]
            if not other:
                kinds.append(rules.FREE)
                if state == 1:
                    kinds.append(rules.FREE_BASIC)
            for kind in kinds:
                out[rules.mask_index(side, shape, kind)] |= 1 << sq
    return tuple(out)


# --- helpers -----------------------------------------------------------------------------------


def _variants(position: Position, move: Move) -> Iterator[Move]:
    """Paths near ``move``, most of them illegal: one square longer, shorter, the other piece,
    captures written wrong, a square replaced."""
    board, side = position.board, position.turn
    for n in rules.BOARD.neighbours[move.end]:
        caps = (*move.captures, n) if board[n] * side < 0 else move.captures
        yield Move(move.piece, move.start, (*move.steps, n), caps)
        yield Move(move.piece, move.start, (*move.steps[:-1], n),
                   tuple(c for c in (*move.captures, n) if c in move.steps[:-1] or c == n))
    if len(move.steps) > 1:
        yield Move(move.piece, move.start, move.steps[:-1],
                   tuple(c for c in move.captures if c in move.steps[:-1]))
    yield Move(SQUARE if move.piece == ROUND else ROUND, move.start, move.steps, move.captures)
    yield Move(move.piece, move.start, move.steps, ())
    yield Move(move.piece, move.start, move.steps, move.steps[:1])
    yield Move(move.piece, move.start, move.steps, tuple(reversed(move.captures)))


def _assert_same(position: Position, moves: Sequence[Move]) -> None:
    """Every fast path against its definition, for ``moves`` and paths near them."""
    info = rules.analysis(position)
    candidates = rules.candidate_moves(position)
    assert rules.static_outcome(position) == plain_static_outcome(position)
    if info.legal:
        assert best_key(position) == info.best == max(candidates.values())
        assert first_of_key(position, info.best) == info.legal[0]
        assert can_capture(position) == (info.best[0] > 0)
    for move in moves:
        for m in (move, *_variants(position, move)):
            key = candidates.get(m)
            assert path_key(position, m) == key, (billo_setup.format_setup(position), str(m))
            if key is not None and info.legal:
                assert beaten(position, key) == (key < info.best)
            assert is_legal(position, m) == (m in info.legal_set)
            assert check_module.check_move(position, m) == plain_check(position, m), \
                (billo_setup.format_setup(position), str(m))
            squares = rules.move_squares(m)
            for piece, is_billo, caps in ((None, None, None), (m.piece, None, m.captures),
                                          (None, True, None), (None, False, m.captures)):
                assert check_module.matching_moves(position, squares, piece, is_billo, caps) == \
                    plain_matching(position, squares, piece, is_billo, caps)


def _playout(rng: random.Random, plies: int, first: str = "yellow") -> list[Position]:
    """A random game preferring captures; every position reached by ``apply``."""
    position = billo_setup.initial_position(first)
    billo.rules.masks(position)
    out = [position]
    for _ in range(plies):
        legal = rules.legal_moves(position)
        if not legal:
            break
        position = rules.apply(position, rng.choice(legal))
        out.append(position)
    return out


# --- the tests ---------------------------------------------------------------------------------


@settings(max_examples=100)
@given(position=positions())
def test_the_fast_paths_agree_with_the_generator_on_random_positions(position: Position) -> None:
    legal = rules.legal_moves(position)
    candidates = list(rules.candidate_moves(position))
    _assert_same(position, legal[:8] + legal[-8:] + candidates[:8] + candidates[-8:])


@st.composite
def dense_positions(draw: st.DrawFn) -> Position:
    """Pieces crowded into a 3 x 4 block, Billos among them: long chains, many captures."""
    files = draw(st.integers(0, 5))
    ranks = draw(st.integers(1, 4))
    squares = [8 * (ranks + r) + files + f for r in range(4) for f in range(3)]
    board = [0] * 64
    count = {(side, shape): 0 for side in (YELLOW, ORANGE) for shape in SHAPES}
    for sq in squares:
        side = draw(st.sampled_from((YELLOW, ORANGE)))
        shape = draw(st.sampled_from(SHAPES))
        if count[side, shape] == 8:
            continue
        count[side, shape] += 1
        state = BILLO if sq // 8 == rules.last_rank(side) else draw(st.sampled_from((1, 1, 2)))
        board[sq] = rules.cell(side, state if shape == ROUND else 0, state if shape == SQUARE else 0)
    return Position(tuple(board), draw(st.sampled_from((YELLOW, ORANGE))))


@settings(max_examples=80)
@given(position=dense_positions())
def test_the_fast_paths_agree_with_the_generator_on_dense_positions(position: Position) -> None:
    legal = rules.legal_moves(position)
    candidates = list(rules.candidate_moves(position))
    rng = random.Random(len(candidates))
    _assert_same(position, legal[:6] + rng.sample(candidates, min(20, len(candidates))))


@pytest.mark.parametrize("seed", range(4))
def test_the_fast_paths_agree_on_every_move_of_seeded_playouts(seed: int) -> None:
    rng = random.Random(seed)
    for position in _playout(rng, 120, "yellow" if seed % 2 else "orange"):
        assert position._masks is not None  # carried along by apply
        assert position._masks[:rules.P_KNOWN] == rules._packed_of(position.board)[:rules.P_KNOWN]
        assert rules.masks(position)[:16] == plain_masks(position)
        if position._masks[rules.P_KNOWN]:  # known not to be over (carried along a quiet move)
            assert plain_static_outcome(position) is None
        _assert_same(position, rules.legal_moves(position))


@pytest.mark.parametrize("first", ["yellow", "orange"])
def test_the_notation_reads_every_move_as_before(first: str) -> None:
    """``read`` of the canonical text, without the letter, without marks, gives the move (or the
    same error) as matching every legal move did."""
    rng = random.Random(first)
    for position in _playout(rng, 120, first)[:-1]:
        for move in rules.legal_moves(position):
            text = rules.move_text(position, move)
            assert NOTATION.read(text, position) == move
            bare = text.split(" ", 1)[1]
            found = plain_matching(position, rules.move_squares(move), None, None, move.captures)
            if len(found) == 1:
                assert NOTATION.read(bare, position) == move
            else:
                with pytest.raises(AmbiguousMoveError, match="ambiguous"):
                    NOTATION.read(bare, position)


def _block_moves(position: Position) -> tuple[Move, Move]:
    """A legal seven-capture path of the block position and an illegal six-capture one."""
    legal = first_of_key(position, best_key(position))
    assert legal is not None
    short = legal
    while len(short.captures) == 7:
        short = Move(short.piece, short.start, short.steps[:-1],
                     tuple(c for c in short.captures if c in short.steps[:-1]))
    return legal, short


def test_checking_one_move_in_the_block_does_not_enumerate_every_path(
        monkeypatch: pytest.MonkeyPatch) -> None:
    position = billo_setup.parse_setup(BLOCK)
    calls: list[str] = []

    def forbidden(*args: object, **kwargs: object) -> None:
        calls.append("generated")
        raise AssertionError("every path was generated")

    monkeypatch.setattr(rules, "_piece_paths", forbidden)
    monkeypatch.setattr(rules, "_generate", forbidden)
    legal, short = _block_moves(position)
    assert len(legal.captures) == 7
    assert check_module.check_move(position, legal) is None
    text = rules.move_text(position, legal)
    assert NOTATION.read(text, position) == legal
    assert NOTATION.read(text.split(" ", 1)[1], position) == legal  # no letter: matched directly
    assert check_module.matching_moves(position, rules.move_squares(legal)) == [legal]
    reason = check_module.check_move(position, short)
    assert reason is not None and "the move capturing the most pieces must be played" in reason
    assert f"captures 7 pieces, this move only {len(short.captures)}" in reason
    assert calls == []


def test_the_block_position_agrees_with_the_generator() -> None:
    position = billo_setup.parse_setup(BLOCK)
    info = rules.analysis(position)
    assert len(info.legal) == 314_656 and info.best == (7, 0, 1)
    legal, short = _block_moves(position)
    assert best_key(position) == info.best
    assert first_of_key(position, info.best) == info.legal[0] == legal
    for m in (legal, short, info.legal[-1], info.legal[len(info.legal) // 2]):
        assert check_module.check_move(position, m) == plain_check(position, m)


# --- moves listed in order, streamed ------------------------------------------------------------


@settings(max_examples=100)
@given(position=st.one_of(positions(), dense_positions()))
def test_sorted_legal_is_the_legal_moves_sorted_by_text(position: Position) -> None:
    legal = rules.legal_moves(position)
    texts = sorted(rules.move_text(position, m) for m in legal)
    assert [rules.move_text(position, m) for m in sorted_legal(position)] == texts
    assert list(NOTATION.sorted_listing(position)) == texts
    for start in {m.start for m in legal} | {0, 27, 63}:
        assert list(NOTATION.sorted_listing(position, start)) == sorted(
            rules.move_text(position, m) for m in legal if m.start == start)


def test_moves_json_streams_the_plain_listing_byte_for_byte(tmp_path: Path) -> None:
    """``pbmkit moves --json`` writes exactly what ``json.dumps`` of the sorted texts gives."""
    rng = random.Random(3)
    for k, position in enumerate(_playout(rng, 60)[::6]):
        setup = billo_setup.format_setup(position)
        path = tmp_path / f"g{k}.txt"
        path.write_text(f'[Game "Billo"]\n[Yellow "A"]\n[Orange "B"]\n[Setup "{setup}"]\n\n',
                        encoding="utf-8")
        legal = rules.legal_moves(position)
        for extra, chosen in (((), legal), (("--from", "b1"), [m for m in legal if m.start == 1])):
            out = CliRunner().invoke(cli, ["moves", "--json", str(path), *extra],
                                     catch_exceptions=False).stdout
            texts = sorted({rules.move_text(position, m) for m in chosen})
            side = rules.SIDE_NAMES[position.turn]
            assert out == json.dumps({"side": side, "moves": texts}, ensure_ascii=False) + "\n"


def test_the_block_position_s_moves_come_one_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first moves of the listing come before the others are generated (and without the
    generator of every path)."""
    position = billo_setup.parse_setup(BLOCK)
    made: list[int] = []

    class Counted(Move):
        __slots__ = ()

        def __init__(self, *args: object) -> None:
            made.append(1)
            super().__init__(*args)  # type: ignore[arg-type]

    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("every path was generated")

    monkeypatch.setattr(rules, "_generate", forbidden)
    monkeypatch.setattr(search_module, "Move", Counted)
    first = list(itertools.islice(NOTATION.sorted_listing(position), 10))
    assert len(first) == 10 and first == sorted(first)
    assert len(made) <= 11


# --- reading the writer's spelling --------------------------------------------------------------


@settings(max_examples=300)
@given(text=st.text(alphabet="RS+ abch18x-=B", min_size=1, max_size=24))
def test_the_quick_reader_reads_as_the_plain_one(text: str) -> None:
    quick = notation_module._quick_parse(text)
    if quick is not None:
        assert quick == notation_module._plain_parse(text)


def test_the_quick_reader_reads_every_written_move(tmp_path: Path) -> None:
    rng = random.Random(11)
    seen = 0
    for position in _playout(rng, 100):
        for move in rules.legal_moves(position)[:20]:
            text = rules.move_text(position, move)
            quick = notation_module._quick_parse(text)
            assert quick is not None and quick == notation_module._plain_parse(text)
            lettered = notation_module.quick_lettered(text)
            assert lettered == notation_module._lettered_entry(notation_module._plain_parse(text))
            seen += 1
    assert seen > 500


def _same_entry(text: str) -> None:
    """The first reading of a lettered move (``quick_lettered``) is the plain reading's entry."""
    quick = notation_module.quick_lettered(text)
    if quick is None:
        return
    w = notation_module._plain_parse(text)
    assert w.piece is not None and not w.promotion
    assert quick == notation_module._lettered_entry(w)
    move = quick[0]
    assert (move.piece, move.start, move.steps, move.captures) == \
        (w.move.piece, w.move.start, w.move.steps, w.move.captures)
    assert hash(move) == hash(w.move)


@settings(max_examples=300)
@given(text=st.text(alphabet="RS+ abch18x-=B", min_size=1, max_size=24))
def test_the_first_reading_of_a_lettered_move_is_the_plain_one(text: str) -> None:
    _same_entry(text)


@pytest.mark.parametrize("text", ["R c2-c3", "S+ d4xe5", "R c2xd3-e4xf5", "S a1-b2-a1xb2",
                                  "R+ c3xd4xc3", "S h7-h8", "R c2-c3=B", "c2-c3", "R c2 - c3"])
def test_the_first_reading_of_written_moves_of_every_shape(text: str) -> None:
    _same_entry(text)
    expected_quick = text[:1] in "RS" and "=" not in text and " - " not in text
    assert (notation_module.quick_lettered(text) is not None) == expected_quick


@settings(max_examples=60)
@given(position=st.one_of(positions(), dense_positions()))
def test_destinations_are_the_piece_s_legal_moves_sorted(position: Position) -> None:
    legal = rules.legal_moves(position)
    for start in {m.start for m in legal} | {0, 36}:
        assert destinations(billo.GAME, position, start) == tuple(sorted(
            rules.move_text(position, m) for m in legal if m.start == start))


# --- the second pass (issue 16): one-step moves, apply, the lettered reading ---------------------


def _steps(position: Position) -> Iterator[Move]:
    """Every one-step move of every piece of the side to move (either letter) to every
    neighbouring square, none written as captured: ``check_move``'s quick path and its edges."""
    side = position.turn
    for sq, code in enumerate(position.board):
        if code * side <= 0:
            continue
        for n in rules.BOARD.neighbours[sq]:
            for piece in SHAPES:
                yield Move(piece, sq, (n,))


def _ended(position: Position) -> Iterator[Position]:
    """Positions near ``position`` whose game is over by rules 11-12 (a shape gone, a side's
    pieces gone), with and without their masks computed first."""
    board = position.board
    for keep in (lambda c: rules.shape_state(c, SQUARE) == 0,  # only round pieces left
                 lambda c: rules.shape_state(c, ROUND) == 0,
                 lambda c: c * position.turn >= 0,  # the opponent's pieces gone
                 lambda c: c * position.turn <= 0):
        cut = tuple(c if keep(c) else 0 for c in board)
        yield Position(cut, position.turn)
        computed = Position(cut, position.turn)
        rules.masks(computed)
        yield computed


@pytest.mark.parametrize("seed", range(3))
def test_check_move_judges_every_one_step_move_as_the_plain_check(seed: int) -> None:
    """The one-step quick path of ``check_move`` (no path walk, the ending and "can it capture"
    read from the masks) against the plain check: in playout positions (masks carried, "not over"
    carried), in fresh copies (no masks), and in ended positions."""
    rng = random.Random(100 + seed)
    for position in _playout(rng, 140, "yellow" if seed % 2 else "orange"):
        fresh = Position(position.board, position.turn, position.quiet)
        for p in (position, fresh, *_ended(position)):
            for m in _steps(p):
                assert check_module.check_move(p, m) == plain_check(p, m), \
                    (billo_setup.format_setup(p), str(m))


def plain_apply(position: Position, move: Move) -> Position:
    """``apply`` by definition: captured squares emptied, the piece taken off its start and added
    to its end square, a basic piece on its last rank promoted; the masks computed afresh."""
    board = list(position.board)
    side = position.turn
    state = rules.moving_piece(position, move)
    r, s = rules.shape_state(board[move.start], ROUND), rules.shape_state(board[move.start], SQUARE)
    if move.piece == ROUND:
        board[move.start] = rules.cell(side, 0, s) if s else 0
    else:
        board[move.start] = rules.cell(side, r, 0) if r else 0
    for c in move.captures:
        board[c] = 0
    promoted = rules.promotes(position, move)
    if promoted:
        state = BILLO
    end = board[move.end]
    er, es = rules.shape_state(end, ROUND), rules.shape_state(end, SQUARE)
    if move.piece == ROUND:
        board[move.end] = rules.cell(side, state, es)
    else:
        board[move.end] = rules.cell(side, er, state)
    quiet = 0 if move.captures or promoted else position.quiet + 1
    return Position(tuple(board), -side, quiet)


@pytest.mark.parametrize("seed", range(3))
def test_apply_gives_the_plain_position_and_its_masks(seed: int) -> None:
    """Every legal move of seeded playouts (quiet moves, captures, promotions), from positions
    with masks carried and from fresh copies without them."""
    rng = random.Random(200 + seed)
    for position in _playout(rng, 140, "yellow" if seed % 2 else "orange"):
        fresh = Position(position.board, position.turn, position.quiet)
        for move in rules.legal_moves(position):
            want = plain_apply(position, move)
            for p in (position, fresh):
                had_masks = p._masks is not None
                got = rules.apply(p, move)
                carried = got._masks
                assert (got.board, got.turn, got.quiet) == (want.board, want.turn, want.quiet)
                assert got == want and hash(got) == hash(want)
                if not had_masks:
                    assert carried is None
                else:
                    assert carried is not None
                    assert carried[:rules.P_KNOWN] == rules._packed_of(want.board)[:rules.P_KNOWN]
                    assert rules.masks(got)[:16] == plain_masks(want)
                    if carried[rules.P_KNOWN]:
                        assert plain_static_outcome(want) is None


@pytest.mark.parametrize("first", ["yellow", "orange"])
def test_a_lettered_move_read_again_is_read_in_its_own_position(first: str) -> None:
    """``read`` remembers a lettered move's text; what the text means still depends on the
    position: captures implied by the squares, ``+`` on a basic piece. Each text is read in
    every playout position, first and again, against the plain reading (``_plain_parse`` and
    the rules)."""
    rng = random.Random(first + "lettered")
    playout = _playout(rng, 100, first)[:-1]
    texts: set[str] = set()
    for position in playout:
        for move in rules.legal_moves(position)[:12]:
            text = rules.move_text(position, move)
            texts.update((text, text.replace("x", "-"), text.replace("+", ""),
                          text[:1] + "+" + text[1:] if "+" not in text else text))
    for position in playout[::7]:
        for text in sorted(texts):
            for _ in range(2):
                try:
                    got: object = NOTATION.read(text, position)
                except IllegalMoveError as exc:
                    got = ("illegal", str(exc))
                assert got == _plain_read(text, position), (billo_setup.format_setup(position), text)


def _plain_read(text: str, position: Position) -> object:
    """A lettered move without ``=B`` read by definition: the squares as written, the opponent's
    pieces on them captured when no ``x`` is written, ``+`` only on a Billo."""
    w = notation_module._plain_parse(text)
    assert w.piece is not None and not w.promotion
    side = position.turn
    caps = w.captures if w.captures is not None else tuple(
        s for s in w.squares[1:] if position.board[s] * side < 0)
    move = Move.along(w.piece, w.squares, caps)
    code = position.board[move.start]
    if w.billo and code * side > 0 and rules.shape_state(code, w.piece) == rules.BASIC:
        return ("illegal", f"'+' marks a Billo, but the {'round' if w.piece == ROUND else 'square'}"
                           f" piece on {rules.space_name(move.start)} is not a Billo")
    return move


# --- the third pass (issue 16): the position's hash ---------------------------------------------


@pytest.mark.parametrize("seed", range(3))
def test_a_position_hashes_as_its_board_turn_and_quiet_count(seed: int) -> None:
    """``hash`` reads the movers' packed masks (one-to-one with the board): a position reached by
    ``apply`` (masks carried, "not over" known), a fresh copy (masks computed by ``hash``), a copy
    and a pickled one hash alike and are equal; positions that differ hash apart (no systematic
    collision: the replay's table of positions would slow down, never go wrong)."""
    rng = random.Random(300 + seed)
    reached = _playout(rng, 140, "yellow" if seed % 2 else "orange")
    for position in reached:
        rules.static_outcome(position)  # "not over" known on some, not on the fresh copies
        fresh = Position(position.board, position.turn, position.quiet)
        for other in (fresh, copy.copy(position), copy.deepcopy(fresh),
                      pickle.loads(pickle.dumps(position))):
            assert other == position and hash(other) == hash(position)
    variants = {Position(p.board, turn, quiet) for p in reached for turn in (YELLOW, ORANGE)
                for quiet in (p.quiet, p.quiet + 1)}
    assert len({hash(p) for p in variants}) == len(variants)
