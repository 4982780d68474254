"""Random Batu Khan games and positions on every board size, against a brute-force reference.

* Playouts from the start stay possible (``validate``), every generated action checks, the Setup
  and the diagram round trip, and ``apply`` moves exactly the pieces the action names.
* :func:`reference_moves` is written from the rulings alone (docs/batu-khan.md), on coordinates,
  sharing no table with the rules core; it must find exactly the generated actions.
* The checker accepts exactly the generated actions among every conceivable action of a small
  board (each piece letter, from each square or the hand, to each square, with and without ``x``).
"""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pbmkit.games.batu_khan import Move, Position, check, rules, setup
from pbmkit.games.batu_khan.rules import NORTH, SOUTH

CHOICES = st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=120)
SIZES = st.integers(min_value=3, max_value=9)


def _one_steps(letter: str, forward: int) -> list[tuple[int, int]]:
    if letter == "B":
        return [(0, forward)]
    if letter == "Y":
        return [(-1, forward), (1, forward)]
    if letter == "K":
        return [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    return [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0)]


def reference_moves(position: Position) -> set[str]:
    """Every legal action as canonical text, by brute force from rulings 1–7 as written."""
    w, h = position.files, position.ranks
    rows = [line.split()[1:] for line in setup.diagram(position).splitlines()[1:]]
    board = {(f, h - 1 - i): cell for i, row in enumerate(rows) for f, cell in enumerate(row)}

    def name(f: int, r: int) -> str:
        return f"{'abcdefghi'[f]}{r + 1}"

    south = position.turn == SOUTH
    forward = 1 if south else -1
    own_camp = 0 if south else h - 1

    def is_mine(cell: str, me: bool) -> bool:
        return cell != "." and cell.upper() != "X" and cell.isupper() == me

    # Ruling 7: the side that just moved may already have won.
    if sum(1 for (f, r), c in board.items() if r == own_camp and is_mine(c, not south)) >= 2:
        return set()
    mine = [(f, r, c.upper()) for (f, r), c in board.items() if is_mine(c, south)]
    hand = position.hands[position.turn]
    found: set[str] = set()
    if len(mine) < 3:
        for letter in hand.replace("X", ""):
            found |= {f"{letter}@{name(f, own_camp)}" for f in range(w) if board[f, own_camp] == "."}
    if all(s in hand for s in "BYKW"):
        return found
    if "X" in hand:
        found |= {f"X@{name(f, r)}" for (f, r), c in board.items() if c == "."}
    for f, r, letter in mine:
        for df, dr in _one_steps(letter, forward):
            one = (f + df, r + dr)
            if board.get(one) == ".":
                found.add(f"{letter} {name(f, r)}-{name(*one)}")
                two = (f + 2 * df, r + 2 * dr)
                if letter in "BY" and board.get(two) == ".":
                    found.add(f"{letter} {name(f, r)}-{name(*two)}")
    for (tf, tr), c in board.items():
        blockade = c.upper() == "X"
        theirs = is_mine(c, not south) and tr != own_camp
        if not (blockade or theirs):
            continue
        near = [(f, r, letter) for f, r, letter in mine
                if (tf - f, tr - r) in _one_steps(letter, forward)]
        if len(near) >= 2:
            found |= {f"{letter} {name(f, r)}x{name(tf, tr)}" for f, r, letter in near}
    return found


def _every_action(position: Position) -> list[Move]:
    names = [*position.geometry.names, "z9"]
    out = [Move.lay(p, n) for p in rules.PIECES for n in names]
    for p in rules.PIECES:
        for a in names:
            for b in names:
                out += [Move.step(p, a, b), Move.step(p, a, b, True)]
    return out


@settings(max_examples=80, deadline=None)
@given(choices=CHOICES, files=SIZES, ranks=SIZES)
def test_random_playouts_stay_possible_and_every_action_checks(choices: list[int], files: int,
                                                               ranks: int) -> None:
    position = rules.initial_position(files, ranks)
    for choice in choices:
        assert setup.validate(position) == []
        moves = rules.legal_moves(position)
        assert (rules.outcome(position) is None) == bool(moves)
        assert rules.has_legal_move(position) == bool(moves) or rules.camp_winner(position) is not None
        text = setup.format_setup(position)
        assert setup.parse_setup(text) == position and setup.format_setup(setup.parse_setup(text)) == text
        out = rules.out_of_play(position, SOUTH) + rules.out_of_play(position, NORTH).lower()
        assert setup.from_diagram(setup.diagram(position), position.turn, out) == position
        if not moves:
            break
        assert len(set(moves)) == len(moves)
        assert {str(m) for m in moves} == reference_moves(position)
        for move in moves:
            assert check.check_move(position, move) is None, (text, str(move))
        move = moves[choice % len(moves)]
        after = rules.apply(position, move)
        _check_apply(position, move, after)
        position = after


def _check_apply(before: Position, move: Move, after: Position) -> None:
    side = before.turn
    geo = before.geometry
    assert after.turn == 1 - side
    end = geo.index[move.end]
    assert after.cells[end] == rules.symbol_of(move.piece, side)
    changed = {sq for sq in range(geo.size) if before.cells[sq] != after.cells[sq]}
    if move.start is None:
        assert changed == {end} and before.cells[end] == "."
        assert after.hands[side] == before.hands[side].replace(move.piece, "")
    else:
        start = geo.index[move.start]
        assert changed == {start, end} and after.cells[start] == "."
        assert after.hands == before.hands
        victim = before.cells[end]
        assert move.knock == (victim != ".")
        if move.knock:
            gone_side = rules.owner(victim)
            assert victim.upper() in rules.out_of_play(after, gone_side)
            assert victim.upper() not in rules.out_of_play(before, gone_side)


@st.composite
def positions(draw: st.DrawFn, largest: int = 9) -> Position:
    """Random possible positions: each piece on the board, in hand or out; any side to move."""
    files = draw(st.integers(min_value=3, max_value=largest))
    ranks = draw(st.integers(min_value=3, max_value=largest))
    cells = ["."] * (files * ranks)
    free = draw(st.permutations(range(files * ranks)))
    hands = ["", ""]
    k = 0
    for side in (SOUTH, NORTH):
        stones = 0
        for piece in rules.PIECES:
            place = draw(st.sampled_from(("board", "hand", "out")))
            if place == "board" and (piece == "X" or stones < 3):
                cells[free[k]] = rules.symbol_of(piece, side)
                k += 1
                stones += piece != "X"
            elif place == "hand":
                hands[side] += piece
    position = Position(files, ranks, "".join(cells), (hands[0], hands[1]), draw(st.sampled_from((0, 1))))
    assume(setup.validate(position) == [])
    return position


@settings(max_examples=300, deadline=None)
@given(position=st.one_of(positions(), positions(largest=4)))
def test_the_generator_matches_the_reference_on_random_positions(position: Position) -> None:
    """Crowded small boards too: knock-outs in and near the camps are common there."""
    moves = rules.legal_moves(position)
    assert {str(m) for m in moves} == reference_moves(position)
    assert (rules.outcome(position) is None) == bool(moves)
    assert setup.parse_setup(setup.format_setup(position)) == position


@settings(max_examples=30, deadline=None)
@given(position=positions(largest=5))
def test_the_checker_accepts_exactly_the_generated_actions(position: Position) -> None:
    legal = set(rules.legal_moves(position))
    for move in _every_action(position):
        why = check.check_move(position, move)
        assert (why is None) == (move in legal), (setup.format_setup(position), str(move), why)
        assert why is None or (why.strip() and "\n" not in why), why
