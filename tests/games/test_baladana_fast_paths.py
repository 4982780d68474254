"""Baladãna's fast paths give the same answers as the plain definitions.

* ``legal_moves`` keeps the figure moves it found without a ring move for the figures a ring move
  does not touch (``rules._turns``): held to ``plain_turns`` (every figure's moves generated again
  after each ring move), turn for turn and in the same order, over random games with loot and
  free rings;
* the notation and the Setup reader match their words by hand instead of compiling patterns at
  start-up: held to the patterns they replaced, over near misses of typical words;
* a reader memoised around a parse that returns a tuple (Baladãna's written turn is a named tuple)
  gives the tuple back, and a remembered syntax error is raised again.
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbmkit.games import baladana as bd
from pbmkit.games.baladana import notation as bn
from pbmkit.games.baladana import rules
from pbmkit.games.baladana import setup as bs
from pbmkit.games.notation import MoveSyntaxError, memoised_reader


def _with_spoils(position: bd.Position, move: bd.Move, rng: random.Random) -> bd.Move:
    """``move`` with a random tax and loot kept on random squares when it captures: loot leaves
    free rings about, which block and unblock the figures' rays."""
    captured = rules.after_ring_move(position, move.ring)[move.end]
    if not rules.is_figure(captured):
        return move
    choices = bd.tax_choices(captured)
    tax = rng.choice(choices) if choices else None
    left = list(captured[1:].replace("Y", ""))
    if tax is not None:
        left.remove(tax)
    for _ in range(20):
        loot = tuple((c, rng.randrange(64)) for c in left if rng.random() < 0.9)
        candidate = bd.Move(move.start, move.end, move.ring, tax, loot)
        if bd.check_move(position, candidate) is None:
            return candidate
    return bd.Move(move.start, move.end, move.ring, tax)


def _positions(seed: int, plies: int = 80) -> list[bd.Position]:
    """A random game that prefers captures and golden-ring moves (so capture rights come and go)."""
    rng = random.Random(seed)
    position = bd.initial_position()
    out = [position]
    for _ in range(plies):
        moves = bd.legal_moves(position)
        if not moves:
            break
        captures = [m for m in moves if position.cells[m.end]]
        golden = [m for m in moves if m.ring is not None and m.ring[0] == "Y"]
        pick = rng.random()
        pool = captures if captures and pick < 0.5 else golden if golden and pick < 0.7 else moves
        position = bd.apply(position, _with_spoils(position, rng.choice(pool), rng))
        out.append(position)
    return out


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**32))
def test_legal_moves_are_the_plain_definition_s_turns_in_its_order(seed: int) -> None:
    for position in _positions(seed):
        assert list(rules._turns(position)) == list(rules.plain_turns(position)), \
            bd.format_setup(position)


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
    position = bd.parse_setup(setup)
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
