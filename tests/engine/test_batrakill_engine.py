"""Batrakill's evaluation and playout policy for the engine (pbmkit/games/batrakill/engine.py,
docs/engine.md): a chance over positions of random games of both versions and both rounds, legal
playout moves, and positions ordered as the rules say: a dragon walled in, knights that can no
longer reach it, knights on their way to the towers, the round-1 end that the dragon's fifth knight
brings, a capture in one, the moves the policy must prefer."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

import pytest

from pbmkit.games import get_game
from pbmkit.games.batrakill.engine import dragon_chance, evaluate, guide, playout_move, room
from pbmkit.games.batrakill.rules import Position
from tests.support.playing import random_positions
from tests.support.scripts import load_script

DUEL = get_game("batrakill")
ZONES = DUEL.configure({"Layout": "zones", "Order": "Purple Blue Green Dragon"})

ROUND_2 = ("round=2 move={move} supply=0 eaten=0 before=5 dragon=e5 towers=a9,i9,a1 broken={broken} "
           "knights={knights} barred=- result=-")
ROUND_2_AT = ("round=2 move={move} supply=0 eaten={eaten} before=5 dragon={dragon} towers={towers} "
              "broken=- knights={knights} barred=- result=-")
ROUND_1 = ("round=1 move={move} supply={supply} eaten={eaten} before=0 dragon={dragon} "
           "towers={towers} broken=- knights={knights} barred=- result=-")


def _setup(text: str) -> Position:
    position: Position = DUEL.parse_setup(text)
    return position


def _positions(game: Any, seed: int, games: int, plies: int = 600) -> list[Position]:
    return random_positions(game, seed, games, plies)


@pytest.mark.parametrize("game", [DUEL, ZONES], ids=["duel", "zones"])
def test_the_evaluation_is_a_chance_in_both_rounds_and_both_versions(game: Any) -> None:
    positions = _positions(game, 8, 8)
    assert any(p.round == 2 for p in positions) or not game.config.duel
    for position in positions:
        value = evaluate(position)
        assert 0.0 <= value <= 1.0
        chance = dragon_chance(position)
        assert 0.0 <= chance <= 1.0
        if position.result is not None:
            assert chance == (1.0 if position.result[0] == "dragon" else 0.0)


@pytest.mark.parametrize("game", [DUEL, ZONES], ids=["duel", "zones"])
def test_every_playout_move_is_legal_in_both_rounds_and_none_only_at_the_end(game: Any) -> None:
    rng = random.Random(4)
    positions = _positions(game, 9, 6)
    assert any(p.round == 2 for p in positions) or not game.config.duel
    for position in positions:
        drawn = playout_move(position, rng)
        if game.outcome(position) is not None:
            assert drawn is None
        else:
            assert drawn is not None and game.check_move(position, drawn) is None, position


def test_the_policy_plays_a_whole_game_to_its_end_legally() -> None:
    rng = random.Random(11)
    for game in (DUEL, ZONES):
        position = game.initial_position()
        for _ in range(3000):
            move = playout_move(position, rng)
            if move is None:
                break
            assert game.check_move(position, move) is None
            position = game.apply(position, move)
        assert game.outcome(position) is not None, "the policy's games end (the knights herd)"


def test_a_dragon_walled_in_a_small_room_is_worse_for_it_than_a_free_one() -> None:
    knights = "b1^,d1^,f1^,h1^,i2^:i1"
    ring = "c3,d3,e3,f3,g3,c7,d7,e7,f7,g7,c4,c5,c6,g4,g5,g6"  # broken towers two squares away
    far = "a5,b5,a6,b6,a7,b7,a8,b8,h5,i5,h6,i6,h7,i7,h8,i8"
    for move in ("dragon", "knights"):
        walled = _setup(ROUND_2.format(move=move, broken=ring, knights=knights))
        free = _setup(ROUND_2.format(move=move, broken=far, knights=knights))
        assert room(walled.config, walled.dragon, walled.broken, 20) == 8  # its eight neighbours
        assert dragon_chance(walled) < dragon_chance(free) - 0.05, move


def test_knights_past_the_dragon_are_worth_less_than_knights_that_can_still_reach_it() -> None:
    behind = "c1^,d1^,e1^,f1^,g1^"  # facing north, south of the dragon on e5: they can come at it
    past = "c9^:c1,d9^:d1,e9^:e1,f9^:f1,g9^:g1"  # north of it: knights never step back
    for move in ("dragon", "knights"):
        coming = _setup(ROUND_2.format(move=move, broken="-", knights=behind))
        gone = _setup(ROUND_2.format(move=move, broken="-", knights=past))
        assert dragon_chance(coming) < dragon_chance(gone) - 0.05, move


def test_a_capture_in_one_for_the_knights_to_move_is_nearly_a_win() -> None:
    threat = _setup("round=2 move=knights supply=0 eaten=0 before=5 dragon=e5 towers=d5 broken=- "
                    "knights=d5^:d1,f4^:f1,a1^,b1^,c1^ barred=- result=-")
    quiet = _setup("round=2 move=knights supply=0 eaten=0 before=5 dragon=e5 towers=d5 broken=- "
                   "knights=d5^:d1,h4^:f1,a1^,b1^,c1^ barred=- result=-")
    assert DUEL.outcome(DUEL.apply(threat, DUEL.notation.read("f4-f5", threat))) is not None
    assert evaluate(threat) > 0.8 and evaluate(threat) > evaluate(quiet) + 0.2


def test_in_round_1_a_knight_on_its_way_to_an_x_square_and_a_tower_carried_count_for_the_knights() -> None:
    home = "a1^,b1^,c1^,d1^,e1^,f1^,g1^,h1^,i1^,b2^,d2^,f2^,h2^"
    walked = "a1^,b1^,c1^,d1^,e1^,f1^,g1^,h1^,i1^,b2^,b6^:d2,f2^,h2^"
    carrying = "a1^,b1^,c1^,d1^,e1^,f1^,g1^,h1^,i1^,b2^,b8v*:d2,f2^,h2^"
    placed = "a1^,b1^,c1^,d1^,e1^,f1^,g1^,h1^,i1^,b2^,b7v:d2,f2^,h2^"
    for move in ("dragon", "knights"):
        chances = [dragon_chance(_setup(ROUND_1.format(move=move, supply=supply, eaten=0,
                                                       dragon="i6", towers=towers,
                                                       knights=knights)))
                   for supply, towers, knights in ((5, "-", home), (5, "-", walked),
                                                   (4, "-", carrying), (4, "b8", placed))]
        assert chances == sorted(chances, reverse=True), (move, chances)
        assert chances[0] > chances[1] + 0.03, (move, chances)


def test_the_end_of_round_1_the_dragon_s_fifth_knight_brings_is_no_cliff() -> None:
    """Round 1 is valued as the round 2 it leads to: the move that eats the fifth knight and starts
    round 2 leaves the dragon about where it stood, and the knights gain nothing by feeding it
    (before, round 2's start was valued so far below round 1 that, at four eaten, eating the fifth
    knight dropped the dragon's chance from 0.54 to 0.13: the knights gained by feeding it)."""
    hanging = "a1^,b1^,c1^,d1^,f1^,g1^,h1^,b2^,e6^:e1"
    safe = "a1^,b1^,c1^,d1^,e1^,f1^,g1^,h1^,b2^"
    before = _setup(ROUND_1.format(move="dragon", supply=3, eaten=4, dragon="e5", towers="a9,i9",
                                    knights=hanging))
    after = DUEL.apply(before, DUEL.notation.read("D e5xe7", before))
    assert after.round == 2 and after.dragon < 0
    kept = _setup(ROUND_1.format(move="knights", supply=3, eaten=4, dragon="e5", towers="a9,i9",
                                  knights=safe))
    assert dragon_chance(after) > dragon_chance(kept) - 0.05, "feeding the dragon gains nothing"
    assert dragon_chance(after) > dragon_chance(before) - 0.2, "eating the fifth is no cliff"


def test_the_knights_policy_takes_a_capture_and_the_dragon_s_eats_the_most() -> None:
    threat = _setup("round=2 move=knights supply=0 eaten=0 before=5 dragon=e5 towers=d5 broken=- "
                    "knights=d5^:d1,f4^:f1,a1^,b1^,c1^ barred=- result=-")
    feast = _setup("round=2 move=dragon supply=0 eaten=0 before=5 dragon=e5 towers=- broken=- "
                   "knights=e6^:e1,e8^:d1,b5^:b1,a1^,i1^ barred=- result=-")
    for seed in range(20):
        rng = random.Random(seed)
        assert DUEL.notation.format(playout_move(threat, rng), threat) == "f4-f5"
        assert DUEL.notation.format(playout_move(feast, rng), feast) == "D e5xe7xe9"


def test_the_knights_policy_fetches_towers_in_round_1() -> None:
    position = DUEL.initial_position()
    rng = random.Random(3)
    for _ in range(60):  # the knights' moves only: the dragon not yet placed stays off the board
        move = playout_move(position, rng)
        assert move is not None
        position = DUEL.apply(position, move)._replace(to_move=0)
    assert len(position.towers) + sum(k.carrying for k in position.knights) >= 2


def test_in_round_1_taking_a_tower_and_carrying_it_toward_the_middle_each_count_for_the_knights() -> None:
    """A knight next to an X square, the same knight carrying the tower it took there, then
    carrying it a square toward the middle: each better for the knights than the one before
    (before, a tower still in supply a step away counted more than the tower taken on the edge,
    and the knights stood next to the X squares instead of taking their towers)."""
    rest = "a1^,b1^,c1^,d1^,e1^,f1^,g1^,h1^,i1^,b2^,d2^,f2^,{knight}"
    chances = [dragon_chance(_setup(ROUND_1.format(move=move, supply=supply, eaten=0, dragon="a5",
                                                   towers="-", knights=rest.format(knight=knight))))
               for move in ("dragon", "knights")
               for supply, knight in ((5, "g8^:h2"), (4, "g9v*:h2"), (4, "g8v*:h2"))]
    for side in (chances[:3], chances[3:]):
        assert side[0] > side[1] + 0.01 and side[1] > side[2] + 0.01, side


def test_knights_about_a_dragon_far_from_every_tower_count_less_for_them_than_beside_a_tower() -> None:
    """A capture needs a knight in a tower beside the dragon: the same knights two squares from
    the dragon threaten it less where every tower is far (towers on a9 and i9) than where one
    stands beside it (a5; a tower on the edge is worth as much on a5 as on a9). Before, knights
    near the dragon counted in full wherever it stood (equal values), and a dragon kept to the
    middle of the board rather than go among the knights on their first ranks."""
    template = ("round=2 move={move} supply=0 eaten=0 before=5 dragon={dragon} towers={towers} "
                "broken=- knights={knights} barred=- result=-")
    knights = "a3^,b3^,c3^,e1^,f1^"
    for move in ("dragon", "knights"):
        far = _setup(template.format(move=move, dragon="b5", towers="a9,i9", knights=knights))
        beside = _setup(template.format(move=move, dragon="b5", towers="a5,i5", knights=knights))
        assert dragon_chance(far) > dragon_chance(beside) + 0.05, move


def test_knights_whose_every_move_feeds_the_dragon_are_worse_off_than_with_safe_moves() -> None:
    """The knights must move: with the dragon on e4 against c4, d4, e3 and e2 (d4 backed by c4,
    e3 by e2, none of them can be jumped now), each of their seven moves lets the dragon eat one
    (checked by the rules core). Two knights in the corners a9 and i9, which cannot be jumped, give
    the knights two safe moves (b9, h9) unless broken towers stand there. In both rounds (in round 1
    a knight is eaten even in a tower). Before, the knights' moves counted only while fewer than
    six, and only in round 2 (equal values)."""
    for template in ("round=2 move={move} supply=0 eaten=0 before=5 dragon=e4 towers=a1 "
                     "broken={broken} knights=c4^,d4^,e2^,e3^,a9^:a2,i9^:i2 barred=- result=-",
                     "round=1 move={move} supply=0 eaten=0 before=0 dragon=e4 towers=a1 "
                     "broken={broken} knights=c4^,d4^,e2^,e3^,a9^:a2,i9^:i2 barred=- result=-"):
        _assert_squeezed_is_worse(template)


def _assert_squeezed_is_worse(template: str) -> None:
    squeezed = _setup(template.format(move="knights", broken="b9,h9"))
    moves = DUEL.legal_moves(squeezed)
    assert len(moves) == 7
    assert not any(DUEL.apply(squeezed._replace(to_move=1), d).eaten
                   for d in DUEL.legal_moves(squeezed._replace(to_move=1)))
    for m in moves:  # after any of them the dragon eats (eating is compulsory: every move eats)
        after = DUEL.apply(squeezed, m)
        assert all(DUEL.apply(after, d).eaten for d in DUEL.legal_moves(after)), m
    for move in ("dragon", "knights"):
        stuck = _setup(template.format(move=move, broken="b9,h9"))
        free = _setup(template.format(move=move, broken="-"))
        assert dragon_chance(stuck) > dragon_chance(free) + 0.03, (template[:7], move)


def test_a_dragon_that_no_knight_can_come_at_is_at_least_even() -> None:
    """Round 2, the towers all on rank 9 with a knight in each, one more knight on b5 and the
    dragon on e1: knights never step back, and a knight leaving a tower stands a square from it at
    most (rank 8), so no knight can ever stand level with the dragon or behind it; a capture needs
    a tower beside the dragon (on rank 8), which it never has to go near. The knights cannot win:
    the dragon's chance is at least a draw's half. Before, the knights in the towers counted as
    coming at it wherever it stood (0.35: a dragon hiding behind every knight was losing, and
    knights that walked past it thought they were winning)."""
    knights = "a9^:a1,c9^:b1,e9^:c1,g9^:d1,i9^:e1,b5^:f1"
    for move in ("dragon", "knights"):
        behind = _setup(ROUND_2_AT.format(move=move, eaten=0, dragon="e1", towers="a9,c9,e9,g9,i9",
                                          knights=knights))
        assert all(k.square in behind.towers or behind.config.layout.board.coords[k.square][1] >
                   behind.config.layout.board.coords[behind.dragon][1] for k in behind.knights)
        assert dragon_chance(behind) >= 0.5, move



def _edge() -> ModuleType:
    """scripts/batrakill_edge.py as a module (the exhaustive search of the far edge)."""
    return load_script("batrakill_edge")


def test_knights_that_hold_the_far_edge_for_ever_make_the_position_about_even() -> None:
    """Round 2, the dragon needing one more knight, four knights on a9, b9, h9, i9 and no tower:
    knights facing north on rank 9 only step along it, and (scripts/batrakill_edge.py: every
    position of four such knights followed by the rules core) the dragon can never force its meal
    against these four, wherever it stands and whoever is to move; without a tower the
    knights cannot capture it, and on rank 9 they cannot wall it in. Neither side can win: near
    even. Before, the four knights it still had to get at counted as food like any others (0.68:
    a dragon one knight from its win, and in traced games a dragon that had eaten four in round 2
    went on stepping about three knights on rank 9 for hundreds of plies, its search seeing a won
    game wherever it went)."""
    forced, _ = _edge().dragon_wins(4)
    assert forced and not any(state[0] == "abhi" for state in forced)
    for move in ("dragon", "knights"):
        edge = _setup(ROUND_2_AT.format(move=move, eaten=4, dragon="e5", towers="-",
                                        knights="a9^:a1,b9^:b1,h9^:c1,i9^:d1"))
        assert 0.4 <= dragon_chance(edge) <= 0.6, move


def test_in_round_1_an_x_square_a_knight_stands_on_gives_no_tower_to_the_knight_next_to_it() -> None:
    """Round 1, four towers up and one in supply, whose only X square left is e9: a knight facing
    north on e8 is a step from taking it, unless a knight stands on e9 (one facing south, back from
    setting up its tower, which cannot take one: rule 5), and then no knight can step there while it
    stands. Before, a knight on the X square did not count, and the knights were valued as a step
    from the last tower while they blocked it (a bench game against a random dragon stood so for
    over a thousand plies, round 1 never ending: a draw at the cap)."""
    template = ("round=1 move={move} supply=1 eaten=0 before=0 dragon=a5 towers=a9,c9,g9,i9 "
                "broken=- knights=a1^,b1^,c1^,d1^,e1^,f1^,g1^,h1^,i1^,b2^,d2^,e8^:f2,{blocker} "
                "barred=- result=-")
    for move in ("dragon", "knights"):
        held = _setup(template.format(move=move, blocker="e9v:h2"))
        free = _setup(template.format(move=move, blocker="f8v:h2"))
        assert DUEL.check_move(held._replace(to_move=0), DUEL.notation.read("e8-e9", held)) is not None
        assert dragon_chance(held) > dragon_chance(free) + 0.02, move


@pytest.mark.parametrize("dragon", ["i5", "b7"])
def test_the_knights_policy_sets_the_last_tower_up_at_once_where_it_was_taken(dragon: str) -> None:
    """Round 1, four towers up, the fifth just taken on a9 (a corner, a poor site for a tower): set
    up, it ends round 1 (rule 7) and every knight goes home (rule 8), so the playout policy sets it
    up in every playout, even where the dragon could jump the knight stepping out (from b7, one
    stepping to b8). Before, it did so in half the playouts, and only where the dragon could not
    jump that knight: the playouts carried the last tower on, and the search valued taking it
    below a move elsewhere (a traced game against a random dragon: e9 free beside a knight for
    hundreds of plies, round 1 over at ply 1,211). Earlier still it set up only towers on squares
    worth 0.75 of one in the middle."""
    position = _setup(ROUND_1.format(move="knights", supply=0, eaten=0, dragon=dragon,
                                     towers="c9,e9,g9,i9",
                                     knights="a1^,b1^,c1^,d1^,e1^,f1^,g1^,h1^,i1^,b2^,d2^,f2^,a9v*:h2"))
    for seed in range(40):
        move = playout_move(position, random.Random(seed))
        assert move is not None and move.kind == "place", (seed, move)
        assert DUEL.apply(position, move).round == 2


def test_in_round_1_two_knights_by_one_x_square_count_as_one_tower_coming() -> None:
    """Round 1, three towers up, two in supply, the X squares e9 and i9 free; a knight on e8 is a
    step from e9. A second knight two steps from i9 (on h8) brings the second tower nearer than a
    second knight two steps from e9 (on d8), which must walk on to i9 (six steps): each X square
    gives one tower, and each knight takes one. Before, every knight counted its walk to its own
    nearest X square, and the two knights by e9 counted as two towers coming: the knights crowded
    one X square."""
    others = "a1^,b1^,c1^,d1^,e1^,f1^,g1^,h1^,i1^,b2^,f2^"

    def chance(move: str, second: str) -> float:
        return dragon_chance(_setup(ROUND_1.format(
            move=move, supply=2, eaten=0, dragon="e4", towers="a9,c9,g9",
            knights=f"{others},e8^:d2,{second}^:h2")))

    for move in ("dragon", "knights"):
        assert chance(move, "h8") < chance(move, "d8") - 0.01, move


def _weights(position: Position) -> dict[str, float]:
    moves = DUEL.legal_moves(position)
    weights = guide(position, moves)
    assert weights is not None and len(weights) == len(moves)
    return {DUEL.notation.format(m, position): w for m, w in zip(moves, weights, strict=True)}


def test_the_knights_guide_in_round_1_walks_to_the_x_square_and_never_feeds_the_dragon() -> None:
    """Round 1, three towers up, the dragon on e6: the knight on h7, two steps from the free X
    square i9 (the nearest walk), weighs the most for each step toward it; the knight on e5 would
    be jumped where it stands if the knight behind it (e4) left, and e4's moves weigh nothing;
    any other move 0.2."""
    position = _setup(ROUND_1.format(
        move="knights", supply=2, eaten=0, dragon="e6", towers="a9,c9,g9",
        knights="a1^,b1^,c1^,d1^,f1^,g1^,h1^,i1^,b2^,d2^,e4^:f2,e5^:e1,h7^:h2"))
    weights = _weights(position)
    assert weights["h7-h8"] == weights["h7-i7"] == 1.0
    assert weights["e4-d4"] == weights["e4-f4"] == 0.0  # e5 no longer backed: D e6xe4
    assert all(DUEL.apply(DUEL.apply(position, DUEL.notation.read(m, position)),
                          DUEL.notation.read("D e6xe4", DUEL.apply(position, DUEL.notation.read(m, position)))
                          ).eaten == 1 for m in ("e4-d4", "e4-f4"))
    assert weights["a1-a2"] == 0.2 and weights["h7-g7"] == 0.2


@pytest.mark.parametrize("dragon", ["i5", "b7"])
def test_the_knights_guide_sets_the_last_tower_up_at_once_and_other_towers_by_their_site(
        dragon: str) -> None:
    """The last tower set up ends round 1 wherever it stands (weight 1, even where the dragon could
    jump the knight stepping out); a tower that is not the last is set up for what its square is
    worth (:func:`_sites`: 0.35 in a corner), and carried a square toward the middle for 0.5."""
    knights = "a1^,b1^,c1^,d1^,e1^,f1^,g1^,h1^,i1^,b2^,d2^,f2^,a9v*:h2"
    last = _setup(ROUND_1.format(move="knights", supply=0, eaten=0, dragon=dragon,
                                 towers="c9,e9,g9,i9", knights=knights))
    assert all(w == 1.0 for m, w in _weights(last).items() if "/" in m)
    assert any("/" in m for m in _weights(last))
    not_last = _setup(ROUND_1.format(move="knights", supply=1, eaten=0, dragon="i5",
                                     towers="c9,g9,i9", knights=knights))
    places = {m: w for m, w in _weights(not_last).items() if "/" in m}
    assert places and all(w == pytest.approx(0.35) for w in places.values()), places
    carried = _setup(ROUND_1.format(move="knights", supply=1, eaten=0, dragon="i5",
                                    towers="a9,g9,i9", knights=knights.replace("a9v*", "c8v*")))
    weights = _weights(carried)
    assert weights["c8-c7"] == 0.5  # toward the middle
    assert weights["c8-b8"] == weights["c8-d8"] == 0.2  # no nearer to it


def test_the_knights_guide_in_round_2_weighs_nothing_on_a_move_that_feeds_the_dragon() -> None:
    """Round 2, the dragon on e4 against c4, d4, e3 and e2 (each backed, none can be jumped now):
    each of those knights' moves lets it eat one (checked by the rules core) and weighs nothing;
    the corner knights' steps along rank 9 (b9, h9) are safe and weigh 1. Traced before the guide
    had round 2: against a random dragon the knights, rated 0.8 to 0.9, fed it a knight with one or
    two safe moves left, and lost."""
    template = ("round=2 move=knights supply=0 eaten=0 before=5 dragon=e4 towers=a1 "
                "broken={broken} knights=c4^,d4^,e2^,e3^,a9^:a2,i9^:i2 barred=- result=-")
    position = _setup(template.format(broken="-"))
    weights = _weights(position)
    assert {m for m, w in weights.items() if w == 1.0} == {"a9-b9", "i9-h9"}
    for m, w in weights.items():
        after = DUEL.apply(position, DUEL.notation.read(m, position))
        assert (w == 0.0) == all(DUEL.apply(after, r).eaten for r in DUEL.legal_moves(after)), m
    squeezed = _setup(template.format(broken="b9,h9"))
    assert set(_weights(squeezed).values()) == {0.0}  # every move feeds it: no preference left


def test_the_knights_guide_leaves_the_dragon_and_the_zones_to_the_search() -> None:
    round_1 = _setup(ROUND_1.format(move="dragon", supply=2, eaten=0, dragon="e6", towers="a9,c9,g9",
                                    knights="a1^,b1^,c1^,d1^,f1^,g1^,h1^,i1^,b2^,d2^,e4^:f2,e5^:e1,h7^:h2"))
    safe = _setup(ROUND_2.format(move="knights", broken="-", knights="a1^,b1^,c1^,d1^,i1^"))
    zones = ZONES.initial_position()
    for position, game in ((round_1, DUEL), (zones, ZONES)):
        assert guide(position, game.legal_moves(position)) is None
    assert guide(safe, DUEL.legal_moves(safe)) is None  # round 2, no move feeds the dragon


def test_the_engine_s_knights_follow_the_guide_where_the_search_cannot_tell_the_moves_apart() -> None:
    """Round 1, three towers up, the knight on h7 two steps from the free X square i9, the dragon
    on e5: a 300-playout search (about 0.1 s compiled) walks it on (h7-h8 or h7-i7, the moves the
    guide weighs 1) from most seeds with the guide, and from almost none without it (the values of
    the knights' moves are within the search's noise)."""
    from pbmkit.engine import Engine, Limits, Settings

    start = _setup(ROUND_1.format(move="knights", supply=2, eaten=0, dragon="e5", towers="a9,c9,g9",
                                  knights="a1^,b1^,c1^,d1^,f1^,g1^,h1^,i1^,b2^,d2^,e4^:f2,e3^:e1,h7^:h2"))
    weights = _weights(start)
    assert {m for m, w in weights.items() if w == 1.0} == {"h7-h8", "h7-i7"}
    followed = {True: 0, False: 0}
    for seed in range(8):
        for on in (True, False):
            got = Engine(DUEL, seed=seed, settings=Settings() if on else Settings(guide=0)).search(
                start, Limits(seconds=None, playouts=300))
            followed[on] += weights[DUEL.notation.format(got.move, start)] == 1.0
    assert followed[True] >= 6 and followed[False] <= 1, followed
