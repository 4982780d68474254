"""Baladãna's fast paths give the same answers as the plain definitions.

* ``legal_moves`` keeps the figure moves it found without a ring move for the figures a ring move
  does not touch (``rules._turns``): held to ``plain_turns`` (every figure's moves generated again
  after each ring move), turn for turn and in the same order, over random games with loot and
  free rings;
* the notation and the Setup reader match their words by hand instead of compiling patterns at
  start-up: held to the patterns they replaced, over near misses of typical words;
* a reader memoised around a parse that returns a tuple (Baladãna's written turn is a named tuple)
  gives the tuple back, and a remembered syntax error is raised again;
* ``check_move`` checks the written turn directly (issue 16): it accepts exactly the plain legal
  turns and gives, for every other turn, the reason the rule-by-rule ``why_illegal`` gives, over
  every legal turn and many random illegal ones of random games; ``reaches`` is membership in
  ``figure_targets``; the squares holding golden rings carried by ``apply`` are the board's;
  ``has_legal_move`` and ``outcome`` stop at the first turn found and agree with the plain list;
* the notation reads the writer's spelling at once (``_canonical``): the same written turn as
  reading word by word.
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbmkit.games import baladana as bd
from pbmkit.games.baladana import check as chk
from pbmkit.games.baladana import notation as bn
from pbmkit.games.baladana import rules
from pbmkit.games.baladana import setup as bs
from pbmkit.games.base import Outcome
from pbmkit.games.notation import MoveSyntaxError, memoised_reader


def _with_spoils(position: bd.Position, move: bd.Move, rng: random.Random) -> bd.Move:
    """``move`` with a random tax and loot kept on random squares when it captures: loot leaves
    free rings about, which block and unblock the figures' rays."""
    captured = rules.after_ring_move(position, move.ring)[move.end]
    if not rules.is_figure(captured):
        return move
    choices = rules.tax_choices(captured)
    tax = rng.choice(choices) if choices else None
    left = list(captured[1:].replace("Y", ""))
    if tax is not None:
        left.remove(tax)
    for _ in range(20):
        loot = tuple((c, rng.randrange(64)) for c in left if rng.random() < 0.9)
        candidate = bd.Move(move.start, move.end, move.ring, tax, loot)
        if chk.check_move(position, candidate) is None:
            return candidate
    return bd.Move(move.start, move.end, move.ring, tax)


def _positions(seed: int, plies: int = 80) -> list[bd.Position]:
    """A random game that prefers captures and golden-ring moves (so capture rights come and go)."""
    rng = random.Random(seed)
    position = rules.initial_position()
    out = [position]
    for _ in range(plies):
        moves = rules.legal_moves(position)
        if not moves:
            break
        captures = [m for m in moves if position.cells[m.end]]
        golden = [m for m in moves if m.ring is not None and m.ring[0] == "Y"]
        pick = rng.random()
        pool = captures if captures and pick < 0.5 else golden if golden and pick < 0.7 else moves
        position = rules.apply(position, _with_spoils(position, rng.choice(pool), rng))
        out.append(position)
    return out


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**32))
def test_legal_moves_are_the_plain_definition_s_turns_in_its_order(seed: int) -> None:
    for position in _positions(seed):
        assert list(rules._turns(position)) == list(rules.plain_turns(position)), \
            bs.format_setup(position)


@pytest.mark.parametrize("setup", [
    # a free golden ring on a square a figure may capture onto once it is picked up
    "white a1=G b1= d1=G e1=YY d2=RB g2=G d3=RR e3=G f3=G c5=; black f5=RB b6=G h6=GG c7= e7=RG "
    "f7= g7=RY d8=GG e8= h8=; free d4=G c6=B f6=Yb a8=G b8=B g8=B; move black",
    # free rings in the rays of far-moving figures, a golden ring free next to its owner's figure
    "white a1=RGB d4=GB e4=Y; black h8=RGB d8=YY; free d5=R c4=G e5=Yw; move white",
    # capture rights gained by a ring move (the second golden ring joins the first)
    "white d4=RGY e4=BY a1=G; black d6=RG e8=YY b4=GB; move white",
])
def test_legal_moves_are_the_plain_definition_s_turns_in_contrived_positions(setup: str) -> None:
    position = bs.parse_setup(setup)
    assert list(rules._turns(position)) == list(rules.plain_turns(position))


_RING = re.compile(r"([RGBY])([A-H][1-8])>([A-H][1-8])", re.IGNORECASE)
_FIGURE = re.compile(r"([A-H][1-8])([-x×–])([A-H][1-8])", re.IGNORECASE)
_LOOT = re.compile(r"([RGBY])>([A-H][1-8])", re.IGNORECASE)
_TAX = re.compile(r"[RGBY]", re.IGNORECASE)


def _near_misses(word: str) -> list[str]:
    """``word`` with each character changed, dropped or doubled, and in other cases."""
    alphabet = "aAhHiI0189rRgGbByYxX×–->< zZ"
    out = [word, word.upper(), word.lower(), word.swapcase()]
    for k in range(len(word)):
        out.extend(word[:k] + c + word[k + 1:] for c in alphabet)
        out.append(word[:k] + word[k + 1:])
        out.append(word[:k] + word[k] + word[k:])
    return out


@pytest.mark.parametrize("word", ["Gd1>e2", "e2-e6", "c1xh6", "C1×H6", "b1–c3", "G>e4", "R", "tax",
                                  "loot", "Yh8>g7"])
def test_the_hand_matched_words_are_the_patterns_words(word: str) -> None:
    for w in _near_misses(word):
        assert bn._ring_word(w) == bool(_RING.fullmatch(w)), w
        assert bn._figure_word(w) == bool(_FIGURE.fullmatch(w)), w
        assert bn._loot_word(w) == bool(_LOOT.fullmatch(w)), w
        assert (w in bn._LETTERS) == bool(_TAX.fullmatch(w)), w


@given(st.text(alphabet=" \t>\u00a0\u2003aG1-", max_size=12))
def test_blanks_round_a_ring_arrow_are_closed_up_as_the_pattern_does(text: str) -> None:
    assert bn._close_up(text) == re.sub(r"\s*>\s*", ">", text)


def test_a_memoised_reader_gives_back_a_tuple_and_raises_a_remembered_error_again() -> None:
    calls: list[str] = []

    def parse(text: str) -> tuple[str, int]:
        calls.append(text)
        if text == "bad":
            raise MoveSyntaxError("not a move", 3)
        return (text, len(text))

    read = memoised_reader(parse)
    assert read("ok") == read("ok") == ("ok", 2)
    for _ in range(2):
        with pytest.raises(MoveSyntaxError) as info:
            read("bad")
        assert (str(info.value), info.value.start) == ("not a move", 3)
    assert calls == ["ok", "bad"]


_FIGURE_ITEM = re.compile(r"([a-h][1-8])(?:=([rgby]{0,6}))?", re.IGNORECASE)
_FREE_ITEM = re.compile(r"([a-h][1-8])=([rgb]|y[wb])", re.IGNORECASE)


@pytest.mark.parametrize("item", ["d1=RGB", "a3=", "a3", "e1=YY", "h8=rgbyrg", "d4=R", "e5=Yw",
                                  "E5=yB", "b2=G=", "c3=RGBYRGB"])
def test_the_hand_matched_setup_items_are_the_patterns_items(item: str) -> None:
    for w in _near_misses(item):
        m = _FIGURE_ITEM.fullmatch(w)
        assert bs._figure_item(w) == (None if m is None else (m.group(1), m.group(2) or "")), w
        f = _FREE_ITEM.fullmatch(w)
        assert bs._free_item(w) == (None if f is None else (f.group(1), f.group(2))), w


# --- issue 16: the written turn checked directly ---------------------------------------------


def _plain_set(position: bd.Position) -> set[bd.Move]:
    """The legal turns by the definition: none once the game is over."""
    return set() if rules.terminal(position) is not None else set(rules.plain_turns(position))


def _random_turns(position: bd.Position, rng: random.Random, n: int) -> list[bd.Move]:
    """Random turns, nearly all illegal: a random ring move (or none, or one next door) and a
    random figure move, sometimes from one of the mover's figures, sometimes with tax or loot."""
    letter = rules.SIDE_LETTERS[position.turn]
    mine = [sq for sq, c in enumerate(position.cells) if c[:1] == letter]
    out = []
    for _ in range(n):
        ring = None
        if rng.random() < 0.8:
            a = rng.choice(mine) if rng.random() < 0.6 else rng.randrange(64)
            b = rng.choice(rules.NEIGHBOURS[a]) if rng.random() < 0.8 else rng.randrange(64)
            ring = (rng.choice("RGBY"), a, b)
        start = rng.choice(mine) if rng.random() < 0.8 else rng.randrange(64)
        end = rng.randrange(64)
        tax = rng.choice("RGBY") if rng.random() < 0.1 else None
        loot = ((rng.choice("RGB"), rng.randrange(64)),) if rng.random() < 0.1 else ()
        out.append(bd.Move(start, end, ring, tax, loot))
    return out


def _ring_turns(position: bd.Position, plain: set[bd.Move], rng: random.Random) -> list[bd.Move]:
    """Every ring move from every square holding a ring (the rings there and one at random) to
    every square around, each followed by a few of the legal figure moves and one by the figure
    the ring lands on: most illegal, some legal."""
    figure_moves = sorted({(m.start, m.end) for m in plain})
    out = []
    for a, cell in enumerate(position.cells):
        if not cell:
            continue
        for colour in {*cell[1:], cell[0], rng.choice("RGBY")} - {"w", "b"}:
            for b in rules.NEIGHBOURS[a]:
                ring = (colour, a, b)
                for start, end in rng.sample(figure_moves, min(2, len(figure_moves))):
                    out.append(bd.Move(start, end, ring))
                out.append(bd.Move(b, rng.randrange(64), ring))
    return out


def _check_agrees(position: bd.Position, moves: list[bd.Move]) -> None:
    """``check_move`` gives ``why_illegal``'s answer, and accepts a turn without loot exactly
    when its ring move and figure move are a plain legal turn's and its tax one of the choices."""
    bare = {m.bare() for m in _plain_set(position)}
    for move in moves:
        got = chk.check_move(position, move)
        assert got == chk.why_illegal(position, move), (bs.format_setup(position), move)
        if not move.loot:
            legal = move.bare() in bare
            if legal:  # the tax is judged on the squares after the ring move
                target = rules.after_ring_move(position, move.ring)[move.end]
                choices = rules.tax_choices(target) if target else ()
                legal = move.tax in choices if move.tax is not None else not choices
            assert (got is None) == legal, (bs.format_setup(position), move)


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2**32))
def test_check_move_accepts_exactly_the_plain_turns_and_words_each_refusal_as_why_illegal(
        seed: int) -> None:
    rng = random.Random(seed)
    for position in _positions(seed, plies=60)[::4]:
        plain = _plain_set(position)
        for move in plain:  # every legal turn (a capture with its first tax)
            assert chk.check_move(position, move) is None, (bs.format_setup(position), move)
            # accepted at once, the position after it left for apply (not by why_illegal: in the
            # compiled build too, where a tuple compared by identity failed for the blue leap)
            checked = rules.CHECKED[0]
            assert checked is not None and checked[0] is position and checked[1] is move, move
        near = [bd.Move(m.start, e, m.ring) for m in rng.sample(sorted(plain, key=repr), min(40, len(plain)))
                for e in rng.sample(range(64), 4)]
        taxed = [m._replace(tax=t) for m in plain if position.cells[m.end]
                 for t in (None, "R", "G", "B", "Y")]
        _check_agrees(position, near + taxed + _random_turns(position, rng, 300)
                      + _ring_turns(position, plain, rng))


@pytest.mark.parametrize("setup", [
    # free golden rings of both sides next to figures of both sides; a full figure
    "white a1=Y b1=G c1=RGB d2=B; black h8=Y g8=RG b3=GB; free b2=Yb c2=Yw a2=R d1=G; move white",
    "white a1=Y b1=G c1=RGB d2=B; black h8=Y g8=RG b3=GB; free b2=Yb c2=Yw a2=R d1=G; move black",
    "white a1=YY b1=G c1=RGB d2=B; black h8=Y c3=RG f8=GB; free b2=Yb a2=R d1=G; move white",
    "white d4=RGY e4=BY a1=G; black d6=RG e8=YY b4=GB; move white",
])
def test_check_move_agrees_with_why_illegal_on_every_ring_move_near_free_rings(setup: str) -> None:
    position = bs.parse_setup(setup)
    plain = _plain_set(position)
    rng = random.Random(1)
    _check_agrees(position, sorted(plain, key=repr) + _ring_turns(position, plain, rng)
                  + _random_turns(position, rng, 300))


def test_check_move_words_refusals_as_why_illegal_past_the_end_and_off_the_board() -> None:
    won = bs.parse_setup("white a1=YY b1=G; black h8=G; free h1=Yb; move white")
    assert rules.terminal(won) is not None
    position = rules.initial_position()
    for p, move in [(won, bd.Move(9, 17)), (position, bd.Move(8, 64)), (position, bd.Move(-1, 16)),
                    (position, bd.Move(8, 16, ("Q", 3, 11))), (position, bd.Move(8, 16, ("G", 3, 64))),
                    (position, bd.Move(8, 16, ("G", -1, 0))), (position, bd.Move(8, 16, ("w", 3, 4))),
                    (position, bd.Move(8, 16, ("", 3, 4))), (position, bd.Move(8, 16, ("G", 3, 3)))]:
        got = chk.check_move(p, move)
        assert got is not None and got == chk.why_illegal(p, move), move


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2**32))
def test_reaches_is_membership_in_the_figure_s_targets(seed: int) -> None:
    for position in _positions(seed, plies=60)[::4]:
        cells = position.cells
        for a, cell in enumerate(cells):
            if not rules.is_figure(cell):
                continue
            targets = set(rules.figure_targets(cells, a, True))
            for b in range(64):
                if b != a and (not cells[b] or (rules.is_figure(cells[b]) and cells[b][0] != cell[0])):
                    assert rules.reaches(cells, a, b) == (b in targets), (bs.format_setup(position), a, b)


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**32))
def test_the_golden_squares_carried_by_apply_are_the_board_s(seed: int) -> None:
    for position in _positions(seed):
        assert sorted(position.gold) == [sq for sq, c in enumerate(position.cells) if "Y" in c]
        fresh = bd.Position(position.cells, position.turn)
        assert fresh == position and hash(fresh) == hash(position)
        assert rules.terminal(position) == rules.terminal(fresh)
        assert position.over == fresh.over == (rules.terminal(fresh) is not None)


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**32))
def test_apply_after_check_move_is_the_plain_apply(seed: int) -> None:
    """As the replayer does: check a turn, then apply it (``apply`` takes the position
    ``check_move`` made); against ``apply`` on an equal position made afresh."""
    rng = random.Random(seed)
    position = rules.initial_position()
    for _ in range(80):
        moves = rules.legal_moves(position)
        if not moves:
            break
        captures = [m for m in moves if position.cells[m.end]]
        move = _with_spoils(position, rng.choice(captures if captures and rng.random() < 0.3
                                                 else moves), rng)
        assert chk.check_move(position, move) is None
        after = rules.apply(position, move)
        plain = rules.apply(bd.Position(position.cells, position.turn), move)
        assert after == plain and after.turn == plain.turn
        assert sorted(after.gold) == sorted(plain.gold) == list(bd.Position(after.cells).gold)
        assert after.over == plain.over == (rules.terminal(plain) is not None)
        position = after if rng.random() < 0.5 else plain


# Positions with few turns: no figure move but a ring move allowing one; no turn at all.
_FEW_TURNS = [
    "white a1=YY b1=G; black h8=YY; free b2=R c1=R; move white",
    "white a1=YY b1=; black h8=YY; move white",
    "white a1=YY b1=G; black h8=YY; free b2=R c1=R c2=G a2=B; move white",
    "white a1=Y b1=Y; black h8=YY; free a2=R b2=R c1=R c2=R; move white",
]


@pytest.mark.parametrize("setup", _FEW_TURNS)
def test_has_legal_move_and_outcome_agree_with_the_plain_turns_when_turns_are_few(setup: str) -> None:
    position = bs.parse_setup(setup)
    assert rules.terminal(position) is None
    has = bool(list(rules.plain_turns(position)))
    assert rules.has_legal_move(position) == has
    assert (rules.outcome(position) is None) == has
    assert rules.outcome(position) in (None, Outcome("draw", "no-moves"))


def test_the_positions_with_few_turns_have_some_turns_and_none() -> None:
    has = [bool(list(rules.plain_turns(bs.parse_setup(s)))) for s in _FEW_TURNS]
    assert True in has and False in has
    assert not list(rules._figure_moves(list(bs.parse_setup(_FEW_TURNS[0]).cells), rules.WHITE))


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**32))
def test_has_legal_move_and_outcome_agree_with_the_plain_turns_over_random_games(seed: int) -> None:
    for position in _positions(seed):
        has = rules.terminal(position) is None and bool(list(rules.plain_turns(position)))
        assert rules.has_legal_move(position) == has
        done = rules.terminal(position)
        assert rules.outcome(position) == (done if done is not None else
                                        None if has else Outcome("draw", "no-moves"))


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 2**32))
def test_the_writer_s_spelling_is_read_at_once_as_word_by_word(seed: int) -> None:
    rng = random.Random(seed)
    for position in _positions(seed, plies=40)[::4]:
        moves = rules.legal_moves(position)
        for move in rng.sample(moves, min(30, len(moves))):
            for text in (bn.move_text(position, move, spoils=False), bn.move_text(position, move)):
                fast = bn._canonical(text)
                assert fast == bn._parse_words(text) or (fast is None and " loot " in text), text
                for miss in [*_near_misses(text), text + " tax R", text + " tax Y", text + " tax r",
                             text + " tax  R"]:
                    fast = bn._canonical(miss)
                    if fast is not None:
                        assert fast == bn._parse_words(miss), miss


def test_a_position_copied_or_pickled_is_equal_and_keeps_its_golden_squares() -> None:
    import copy
    import pickle

    position = bs.parse_setup("white a1=YY b1=G; black h8=Y; free g7=Yb; move black")
    for other in (copy.copy(position), copy.deepcopy(position), pickle.loads(pickle.dumps(position))):
        assert other == position and type(other) is bd.Position
        assert (other.gold, other.over, other.turn) == (position.gold, position.over, rules.BLACK)
