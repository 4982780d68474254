"""Baladãna: every ruling of pbmkit (docs/baladana.md) with a test naming it (house rulings say so).

Diagrams as in test_baladana_text.py: ``wRB`` a white figure with red and blue rings, ``R`` a free
red ring, ``Yw`` / ``Yb`` a free golden ring and its owner, ``.`` empty; rank 8 on top.
"""

from __future__ import annotations

from pbmkit.games import baladana as bd
from pbmkit.games.baladana import check, rules, setup
from pbmkit.games.baladana.notation import NOTATION
from pbmkit.games.base import Outcome
from pbmkit.records import check_text


def pos(text: str, turn: str = "white") -> bd.Position:
    """A position from a diagram."""
    return setup.from_diagram(text, turn)


def why(position: bd.Position, text: str) -> str | None:
    """The checker's verdict on a written turn."""
    return check.check_move(position, NOTATION.read(text, position))


def play(position: bd.Position, text: str) -> bd.Position:
    """The position after a written, legal turn."""
    move = NOTATION.read(text, position)
    assert check.check_move(position, move) is None, check.check_move(position, move)
    return rules.apply(position, move)


RINGS = """
bYY .  .  .  .   .  .  .
.   .  .  .  .   .  .  .
.   .  .  .  .   .  .  .
.   .  .  .  bG  .  .  .
.   .  .  wG Yw  .  .  .
.   .  .  R  .   .  .  .
.   .  .  .  .   .  .  .
.   .  .  .  wYRB wRGB .  .
"""
"""White: d4 (G), e1 (R+B+Y), f1 (R+G+B); free: d3 red, e4 White's golden ring; Black: e5, a8."""


def test_white_starts_on_rank_1_and_black_on_rank_8() -> None:
    """Spec: "White (moves first) starts on rank 1, Black on rank 8"."""
    start = rules.initial_position()
    assert all(start.cells[sq].startswith("w") for sq in range(16))
    assert all(start.cells[sq].startswith("b") for sq in range(48, 64))


def test_a_square_holds_a_figure_or_one_free_ring_or_nothing() -> None:
    """Spec: "A square holds a figure (with its rings), or one free ring, or nothing": a ring
    never goes onto a square holding a free ring."""
    p = pos(RINGS)
    assert play(p, "Rf1>e2 d4-d5").at("e2") == "R"
    assert "holds a free red ring" in (why(p, "Gd4>d3 f1-f5") or "")
    assert "holds a free golden ring" in (why(p, "Rd3>e4 d4-c4") or "")


def test_a_golden_ring_is_only_moved_by_its_owner() -> None:
    """Spec: "A golden ring is only ever on one of its owner's figures or free on a square; only
    its owner moves it (house)"."""
    assert "only its owner" in (why(pos(RINGS, "black"), "Ye4>e5 e5-e6") or "")
    assert play(pos(RINGS), "Ye4>d4 d4-c4").at("c4") == "wGY"


def test_default_setup_is_house_and_replaceable() -> None:
    """Spec: the default setup (house, replaceable): rank 1 a1 G+B, b1 B, c1 R+B, d1 R+G+B,
    e1 Y+Y, f1 R+B, g1 B, h1 G+B; rank 2 one G each; Black the same on ranks 8 and 7."""
    start = rules.initial_position()
    row = ["GB", "B", "RB", "RGB", "YY", "RB", "B", "GB"]
    assert [start.cells[sq][1:] for sq in range(8)] == row
    assert [start.cells[56 + sq][1:] for sq in range(8)] == row
    assert {start.cells[sq] for sq in range(8, 16)} == {"wG"}
    assert {start.cells[sq] for sq in range(48, 56)} == {"bG"}
    assert not any(c and c[0] not in "wb" for c in start.cells)
    other = bd.GAME.parse_setup("white a1=RGB e1=YY; black h8=RGB e8=YY; move black")
    assert other.at("a1") == "wRGB" and bd.GAME.side_to_move(other) == "black"


def test_a_figure_carries_at_most_three_rings_golden_included() -> None:
    """Spec: "A figure carries at most 3 rings, golden rings included (Y+Y+R is full)"."""
    two = pos(RINGS.replace("wYRB", "wYY ").replace("Yw", ". "))
    assert play(two, "Rf1>e1 f1-f2").at("e1") == "wRYY"
    full = pos(RINGS.replace("wYRB", "wYYR").replace("Yw", ". "))
    assert "3 rings" in (why(full, "Rf1>e1 f1-f2") or "")


def test_a_figure_never_passes_over_a_figure_or_a_free_ring_except_the_blue_leap() -> None:
    """Spec: "never passes over a figure or a free ring, except the blue-only leap"."""
    p = pos(RINGS)
    assert why(p, "f1-f8") is None
    assert why(p, "f1-c4") is not None  # d3 holds a free ring on the diagonal f1-e2-d3
    leap = pos(RINGS.replace("wRGB", "wB  "))
    assert why(leap, "f1-e3") is None and why(leap, "f1-g3") is None


def test_ring_move_one_square_to_a_neighbouring_square() -> None:
    """Spec ruling (house): a ring moves one square, to one of the 8 neighbouring squares."""
    p = pos(RINGS)
    assert "one square" in (why(p, "Rf1>d1 d4-d5") or "")
    assert why(p, "Rf1>g2 d4-d5") is None


def test_ring_move_from_a_figure_to_another_of_the_movers_figures() -> None:
    """Spec: a ring move "from one of the mover's figures to another of the mover's figures"."""
    p = pos(RINGS.replace("wYRB", "wYR "))
    after = play(p, "Bf1>e1 e1-g3")
    assert after.at("f1") == "wRG" and after.at("e1") == "" and after.at("g3") == "wRBY"


def test_ring_move_from_a_figure_to_an_empty_square_makes_a_free_ring() -> None:
    """Spec: "from one of the mover's figures to an empty square (it becomes a free ring)"."""
    after = play(pos(RINGS), "Gd4>c5 f1-f5")
    assert after.at("c5") == "G" and after.at("d4") == "w"


def test_ring_move_from_a_free_ring_onto_one_of_the_movers_figures() -> None:
    """Spec: "or from a free ring onto one of the mover's figures"."""
    after = play(pos(RINGS), "Rd3>d4 d4-c5")
    assert after.at("c5") == "wRG" and after.at("d3") == ""


def test_no_ring_is_moved_onto_or_off_an_opponents_figure() -> None:
    """Spec: "No ring is moved onto or off an opponent's figure by a ring move"."""
    assert "no ring is moved onto" in (why(pos(RINGS), "Ye4>e5 d4-d5") or "")
    assert "no ring is moved off" in (why(pos(RINGS, "black"), "Gd4>d5 e5-e6") or "")
    assert "no ring is moved off" in (why(pos(RINGS), "Ge5>e6 d4-d5") or "")


def test_a_free_ring_never_moves_to_another_square() -> None:
    """Spec: "a free ring never moves to another square"."""
    assert "never moves to another square" in (why(pos(RINGS), "Rd3>c3 d4-d5") or "")


def test_the_figure_move_is_required_and_uses_powers_after_the_ring_move() -> None:
    """Spec: "Figure move (required): one of the mover's figures moves by its powers as they are
    after the ring move"."""
    p = pos(RINGS)
    assert why(p, "Gf1>g1 f1-f3") is not None
    assert why(p, "Gf1>g1 f1-h3") is None
    assert all(0 <= m.start < 64 and m.start != m.end for m in rules.legal_moves(p))


JOIN = """
bYY .  .  .  .   .  .  .
.   .  .  .  .   .  .  .
.   .  .  .  .   .  .  .
.   .  .  .  bG  .  .  .
.   .  .  .  .   .  .  .
.   .  wRB .  .  .  .  .
.   .  .  wY .   .  .  .
.   .  .  .  wY  .  .  .
"""


def test_capture_is_judged_after_the_ring_move_and_any_figure_may_capture() -> None:
    """Spec: capture "judged at the figure move (after the ring move, so a ring move may join the
    pair and a capture follow in the same turn); then any of the mover's figures may capture
    (house)"."""
    p = pos(JOIN)
    assert "both your golden rings" in (why(p, "c3xe5 tax G") or "")
    after = play(p, "Yd2>e1 c3xe5 tax G")
    assert after.at("e5") == "wRB" and after.at("e1") == "wYY" and after.at("d2") == "w"


CAPTURE = """
bY  .  .  .  bY  .  .  .
.   .  .  .  .   .  .  .
.   .  .  .  .   .  .  bRGB
.   .  .  .  .   .  .  .
.   .  .  .  .   .  .  .
.   .  .  .  .   .  .  .
.   .  .  .  .   .  .  .
.   .  wRB .  wYY .  .  .
"""


def test_captured_golden_rings_are_the_tax() -> None:
    """Spec: "if the captured figure carried golden rings, they leave the game (captured), and
    that is the tax"; a tax letter there is an error; the other rings may be looted."""
    p = pos(CAPTURE.replace("bY  .  .  .  bY", "bY  .  .  .  bG").replace("bRGB", "bRYG"))
    assert "they are the tax" in (why(p, "c1xh6 tax R") or "")
    after = play(p, "c1xh6 loot R>c1 G>h5")
    assert after.at("c1") == "R" and after.at("h5") == "G"
    assert rules.golden_in_play(after.cells, rules.BLACK) == 1


def test_otherwise_the_capturer_chooses_one_ring_as_tax() -> None:
    """Spec: "otherwise, if it carried rings, the capturer chooses one to leave the game as tax";
    no tax after capturing a figure without rings."""
    p = pos(CAPTURE)
    assert "write tax R or tax G or tax B" in (why(p, "c1xh6") or "")
    assert why(p, "c1xh6 tax B") is None
    assert "no golden ring to tax" in (why(p, "c1xh6 tax Y") or "")
    bare = pos(CAPTURE.replace("bRGB", "b   "))
    assert "nothing to tax" in (why(bare, "c1xh6 tax R") or "")
    assert why(bare, "c1xh6") is None


def test_loot_goes_on_any_figure_of_either_colour_the_capturer_included_up_to_three() -> None:
    """Spec: loot is placed "on any figure of either colour anywhere on the board, the capturer
    included (up to 3 rings)"."""
    p = pos(CAPTURE)
    after = play(p, "c1xh6 tax R loot G>h6 B>a8")
    assert after.at("h6") == "wRGB" and after.at("a8") == "bBY"
    full = pos(CAPTURE.replace("wRB", "wRRB"))
    assert "3 rings" in (why(full, "c1xh6 tax R loot G>h6") or "")


def test_loot_goes_on_any_empty_square_the_one_left_included() -> None:
    """Spec: "or on any empty square (the one the capturer left included)"; never on a free
    ring (a square holds one)."""
    p = pos(CAPTURE)
    after = play(p, "c1xh6 tax R loot G>c1 B>h1")
    assert after.at("c1") == "G" and after.at("h1") == "B"
    assert "not on a free" in (why(p, "c1xh6 tax R loot G>c1 B>c1") or "")


def test_rings_not_kept_leave_the_game() -> None:
    """Spec: "rings not kept leave the game"."""
    after = play(pos(CAPTURE), "c1xh6 tax R loot G>e4")
    assert "".join(after.cells).count("B") == 1  # the capturer's own blue ring only
    assert after.at("e4") == "G"


def test_loot_is_never_golden() -> None:
    """Spec: "Loot is never golden"."""
    p = pos(CAPTURE.replace("bY  .  .  .  bY", "bY  .  .  .  bG").replace("bRGB", "bRYG"))
    assert "never golden" in (why(p, "c1xh6 loot Y>c1") or "")


def test_rule_5_the_mover_keeps_a_golden_ring_on_a_figure() -> None:
    """Spec rule 5: "A turn after which the mover has no golden ring on one of their own figures is
    illegal"."""
    p = pos(CAPTURE.replace(".   .  wRB .  wYY", ".   .  wRB Yw wY "))
    assert "rule 5" in (why(p, "Ye1>f1 c1-d2") or "")
    assert all(rules.golden_on_figures(rules.apply(p, m).cells, rules.WHITE) for m in rules.legal_moves(p))


def test_rule_6_no_legal_turn_is_a_draw() -> None:
    """Spec rule 6 (house): "a player with no legal turn at all ends the game in a draw"
    (how: no-moves)."""
    p = pos("""
        bYYG .  .  .  .  .  .  .
        .    .  .  .  .  .  .  .
        .    .  .  .  .  .  .  .
        .    .  .  .  .  .  .  .
        .    .  .  .  .  .  .  .
        .    .  .  .  .  .  .  .
        .    .  .  .  .  .  .  .
        .    .  .  .  .  .  .  wYY""")
    assert rules.legal_moves(p) == [] and rules.outcome(p) == Outcome("draw", "no-moves")


def test_win_when_the_last_golden_ring_on_a_figure_is_captured_while_the_other_lies_free() -> None:
    """Spec: Win: "the opponent has no golden ring on any of their figures (both captured, or the
    last one on a figure captured while the other lies free)"."""
    p = pos(CAPTURE.replace("bY  .  .  .  bY", "Yb  .  .  .  bG").replace("bRGB", "bRY "))
    after = play(p, "c1xh6")
    assert rules.outcome(after) == Outcome("white", "golden-rings")


def test_draw_no_capture_when_each_player_has_lost_a_golden_ring() -> None:
    """Spec: Draw (no-capture): "each player has lost a golden ring, so neither can ever capture
    again (reachable only from a Setup)"."""
    p = setup.parse_setup("white e1=Y c1=RB; black e8=Y h6=RGB")
    assert rules.outcome(p) == Outcome("draw", "no-capture") and rules.legal_moves(p) == []
    one = setup.parse_setup("white e1=Y c1=RB; black e8=YY h6=RGB")
    assert rules.outcome(one) is None


def test_red_green_and_blue_rings_belong_to_nobody_and_serve_whichever_figure_carries_them() -> None:
    """Ruling: "Red, green and blue rings belong to nobody: they serve whichever figure carries
    them": a green ring White loots onto a black figure moves that figure for Black."""
    after = play(pos(CAPTURE), "c1xh6 tax R loot G>a8")
    assert after.at("a8") == "bGY" and after.turn == rules.BLACK
    assert why(after, "a8-a7") is None and why(after, "a8-b8") is None
    assert why(after, "a8-b7") is not None  # green: orthogonal only


def test_a_record_is_game_baladana_in_any_spelling_with_white_and_black_tags() -> None:
    """Ruling: "A record is [Game "Baladana"] (also Baladãna, any case), tags White and Black,
    turns numbered 1. then White's turn then Black's"."""
    for name in ("Baladana", "Baladãna", "BALADANA", "baladãna"):
        (game,) = check_text(f'[Game "{name}"]\n[White "Ann"]\n[Black "Bob"]\n\n'
                             "1. b1-c3 b8-c6\n2. g1-f3\n", "g.txt")
        assert game.valid, (name, game.errors)
        assert [(p.label, p.side, p.text) for p in game.main] == [
            ("1", "white", "b1-c3"), ("1", "black", "b8-c6"), ("2", "white", "g1-f3")]
        assert game.game is not None and game.game.side_tags == ("White", "Black")


def test_draws_by_agreement_as_in_every_record() -> None:
    """Ruling: "Also draws by agreement" (and a resignation), as every game's record ends."""
    opening = '[Game "Baladana"]\n\n1. b1-c3 b8-c6\n'
    (agreed,) = check_text(opening + "draw agreed\n", "g.txt")
    assert agreed.valid and (agreed.winner, agreed.how) == ("draw", "agreement")
    (resigned,) = check_text(opening + "2. g1-f3 resigns\n", "g.txt")
    assert resigned.valid and (resigned.winner, resigned.how) == ("white", "concession")
